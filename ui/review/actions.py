"""Review: after a game (or during one, its settled turns), every turn of the seats
chosen beside the best play it could have been.

Pure state handlers in the style of ui/state.py (``s`` in, ``s`` out, work for the
outside world asked for in ``s["fx"]``). The review's state lives in ``s["rv"]``,
always replaced, never changed in place; it is shown in the panel "review"
(ui/panels/actions.py opens it, ui/review/view.py draws it). The engine worker does the
work (engine/session/review.py), one short call per turn, so the page stays
responsive, can stop between turns and shows each turn as it comes (ui/review/run.py
runs these effects):

    {"do": "p_rv_plan", "source", "seats", "cache", "gen"}   the turns to review (+ the results kept)
    {"do": "p_rv_turn", "turn", "ranking", "budget_ms", "cache", "gen"}   one turn
    {"do": "p_rv_summary", "results", "gen"}           points missed, share found, words missed
    {"do": "p_rv_board", "k", "play", "gen", "turn"}   the board before a turn, its played tiles
    {"do": "p_rv_keep", "spec", "snap"}               a finished record shown read-only: to Past games

Sources: the game shown is reviewed from its spec (rules, seed, seats, moves), so
a past game opened in the engine meanwhile cannot mix in; an imported record of
another program rides in the spec ("record": its turns come with their boards),
read-only or played on; a position (CGP) has no turns. A past game is reviewed
from its stored spec; its boards come from the engine while its replay is open
(Past games opens it there).

Seats: the people of a game played here by default (the engine's choice), every
seat of a shared game opened as a replay; the seat buttons choose (``r["seats"]``).
While the game shown is still being played, racks are secret: only the turns of the
seat whose rack the page shows are reviewed (``r["only"]``, no seat buttons), every
seat's once the game is over.

Results are kept in localStorage (one review: the last) under the game's identity
and the ranking, so a reload resumes where it stopped; each kept result is used
only if its turn still has the same player, rack and move (an undo changes them).
``gen`` numbers each review: an answer for an older one is dropped.
"""

import json

from ui.panels import actions as panels
from ui.panels import pstate
from ui.store import past as pastgames
from ui.review.run import KEY, STORE_MAX, dump_kept, played_tiles, read_kept, run  # noqa: F401 (kept here too)
from ui.review.view import BUDGET_MS, LAYERS, RANKINGS, rv  # noqa: F401 (the review's names, shown there)


def _put(s, changes):
    r = dict(s.get("rv") or {})
    for key in changes:
        r[key] = changes[key]
    s["rv"] = r
    return s


_fx = pstate.add_fx   # effects asked for, as every panel asks them


# ----------------------------------------------------------------- sources


def live_source(s):
    """(source text, cache key) of the game shown: its spec (an imported record's
    with the record); ("", "") when there is nothing to review: a read-only position
    (CGP), which has no turns."""
    live = (s.get("replay") or {}).get("live") or s["snap"]
    spec = s.get("spec") or {}
    if (live.get("readonly") and not spec.get("record")) or not spec.get("seats"):
        return "", ""
    return spec_source(spec)


def default_seats(s):
    """The seats reviewed when none are chosen: None (the engine's choice, the people
    of a game played here), or every seat of a shared game opened as a replay."""
    if (s.get("replay") or {}).get("only"):
        return list(range(len((s.get("spec") or {}).get("seats") or [])))
    return None


STILL_PLAYED = ("This game is still being played: its review opens when it ends "
                "(before that, a review would tell the players' racks).")


def secret_seats(s):
    """The seats a review may show while the game shown is being played on this device:
    only the one whose rack the page shows (play by link: this device's seat; hot seat:
    the player at the screen), as any other seat's turns would tell its rack. None when
    nothing is secret: the game is over, or it is a replay or a position, or another
    program's record (its file holds every rack) played on; [] (no seat) for a shared game
    still being played, opened read-only, since no seat is this screen's."""
    snap, spec = s["snap"], s.get("spec") or {}
    live = (s.get("replay") or {}).get("live") or snap
    unseated = live.get("readonly") or (s.get("replay") or {}).get("only")
    if unseated and live.get("phase") in ("play", "final") and spec.get("seats") and not spec.get("record"):
        return []   # a shared game still being played, opened read-only: no seat is this screen's
    if s.get("replay") or snap.get("readonly") or snap.get("phase") == "over" or "racks" not in snap:
        return None
    if (s.get("spec") or {}).get("record"):   # another program's record, racks and all, played on
        return None
    seat = s.get("rack_seat", -1)
    return [seat] if seat >= 0 else None


def spec_source(spec):
    """(source text, cache key) of a game spec: the key names the game (rules, seed,
    seats, start) without its moves, so a review of a game in progress is kept as it goes on."""
    src = {"rules": spec.get("rules", "classic"), "seed": spec.get("seed", ""), "seats": spec.get("seats", []),
           "actions": list(spec.get("actions", []))}
    if spec.get("start"):
        src["start"] = spec["start"]
    if spec.get("record"):
        src["record"] = spec["record"]
    bare = dict(src)
    bare["actions"] = []
    if bare.pop("record", None):   # its seed names the record: shown, played on or in Past games alike
        bare.pop("start", None)
    return json.dumps(src), "rv-" + pastgames.game_id(bare)


def cache_key(r):
    return r["cache"] + "|" + r["ranking"] if r.get("cache") else ""


# ----------------------------------------------------------------- start, stop, go on


def start(s, source, cache, label, past="", ranking="score", seats=None):
    """A new review of ``source`` (a fresh plan; kept results come back with it);
    ``seats``: the seat numbers to review (None: the engine's choice)."""
    old = rv(s) or {}
    gen = old.get("gen", 0) + 1
    only = None if past else secret_seats(s)
    if only is not None:
        seats = only
    s["rv"] = {"source": source, "cache": cache, "label": label, "past": past, "ranking": ranking,
               "plan": None, "results": [], "running": True, "asked": None, "summary": None,
               "error": "", "sel": -1, "board": None, "gen": gen, "seats": seats, "only": only}
    if only == []:    # nobody's racks may be told yet
        s["rv"] = dict(s["rv"], running=False, error=STILL_PLAYED)
        return s
    if not source:    # nothing to ask the engine: a position has no turns
        s["rv"] = dict(s["rv"], running=False, plan=position_plan(s))
        return s
    return _fx(s, {"do": "p_rv_plan", "source": source, "seats": json.dumps(seats) if seats else "",
                   "cache": cache_key(s["rv"]), "gen": gen})


def position_plan(s):
    """The plan of a read-only position: its seats, no turns."""
    snap = s["snap"]
    return {"source": "position", "rules": snap.get("rules", ""), "names": [x.get("name", "") for x in
            snap.get("seats", [])], "seats": [], "turns": [], "pending": "", "over": True, "position": True}


def open_live(s):
    """The panel opens on the game shown: its review goes on, or starts (again, when
    the game has moved on since: the turns already done come back from storage)."""
    source, cache = live_source(s)
    r = rv(s)
    if (r is not None and not r.get("past") and r["source"] == source and not r.get("error") and source
            and r.get("only") == secret_seats(s)):
        return s
    ranking = r["ranking"] if r is not None else "score"
    seats = r.get("seats") if r is not None and not r.get("past") and r["source"] == source else None
    return start(s, source, cache, "this game", "", ranking, seats or default_seats(s))


def after_snapshot(s, ev):
    """The live game's review open while the game moves on: when whose racks are secret
    changes (hot seat: the next player at the screen; the end: nothing is), it starts
    again for the seats that may now be shown, so none stays on screen for the wrong eyes."""
    r = rv(s)
    if r is None or r.get("past") or panels.pn(s)["open"] != "review" or "racks" not in ev.get("snap", {}):
        return s
    if r.get("only") == secret_seats(s) or live_source(s)[1] != r.get("cache"):
        return s   # (another game shown: its review stops at the next turn, as ever)
    return open_live(s)


def open_past(s, entry, date_text):
    """A past game's review (its replay has it open in the engine for the boards)."""
    source, cache = spec_source(pastgames.spec_of(entry))
    r = rv(s)
    if r is not None and r.get("past") == entry["id"] and r["source"] == source and not r.get("error"):
        return s
    ranking = r["ranking"] if r is not None else "score"
    return start(s, source, cache, "the game of " + date_text, entry["id"], ranking)


def missing(r):
    """The plan's turns without a result yet, in order."""
    if not r.get("plan") or "turns" not in r["plan"]:
        return []
    done = {}
    for x in r["results"]:
        done[x["turn"]] = True
    return [t for t in r["plan"]["turns"] if t["turn"] not in done]


def _next(s):
    """Ask for the next turn, or (none left) for the summary."""
    r = rv(s)
    if not r["running"] or r["asked"] is not None or r.get("plan") is None:
        return s
    if not r.get("past") and r.get("cache") and live_source(s)[1] != r["cache"]:
        s = _put(s, {"running": False})     # another game is shown now: this one's review waits
        return _ask_summary(s)
    left = missing(r)
    if not left:
        s = _put(s, {"running": False})
        return _ask_summary(s)
    turn = left[0]["turn"]
    s = _put(s, {"asked": turn})
    return _fx(s, {"do": "p_rv_turn", "turn": turn, "ranking": r["ranking"], "budget_ms": BUDGET_MS,
                   "cache": cache_key(r), "gen": r["gen"]})


def _ask_summary(s):
    r = rv(s)
    if not r["results"]:
        return _put(s, {"summary": None})
    return _fx(s, {"do": "p_rv_summary", "results": ordered(r["results"]), "gen": r["gen"]})


def ordered(results):
    return sorted(results, key=lambda x: x["turn"])


def on_stop(s, ev):
    r = rv(s)
    if r is None or not r["running"]:
        return s
    s = _put(s, {"running": False})
    return _fx(_ask_summary(s), {"do": "p_focus", "id": "pn-rv-go"})


def on_go(s, ev):
    """Continue a stopped review from the first turn not yet done."""
    r = rv(s)
    if r is None or r["running"] or r.get("plan") is None or not missing(r):
        return s
    s = _put(s, {"running": True, "summary": None})
    return _fx(_next(s), {"do": "p_focus", "id": "pn-rv-stop"})


def on_rank(s, ev):
    """The ranking switch: score (the default) or leave-aware equity; a review of its own."""
    what = ev.get("what")
    r = rv(s)
    if r is None or what not in RANKINGS or what == r["ranking"]:
        return s
    s = start(s, r["source"], r["cache"], r["label"], r.get("past", ""), what, r.get("seats"))
    return _fx(s, {"do": "p_focus", "id": "pn-rv-rank-" + what})


def on_seat(s, ev):
    """A seat's button: its turns join the review or leave it (one seat at least
    stays); a review of its own, the turns already done come back from storage."""
    r = rv(s)
    seat = ev.get("n", -1)
    plan = (r or {}).get("plan") or {}
    if r is None or r.get("only") is not None or "turns" not in plan or plan.get("position") or not 0 <= seat < len(plan.get("names") or []):
        return s
    chosen = list(plan.get("seats") or [])
    chosen = [x for x in chosen if x != seat] if seat in chosen else sorted(chosen + [seat])
    if not chosen:
        return s
    s = start(s, r["source"], r["cache"], r["label"], r.get("past", ""), r["ranking"], chosen)
    return _fx(s, {"do": "p_focus", "id": "pn-rv-seat-" + str(seat)})


# ----------------------------------------------------------------- answers


def _fresh(s, ev):
    r = rv(s)
    return r is not None and ev.get("gen") == r["gen"]


def kept_results(plan, cached, ranking):
    """The stored results that still fit the plan's turns (same player, rack and move)."""
    rows = {}
    for t in plan.get("turns") or []:
        rows[t["turn"]] = t
    out = []
    seen = {}
    for x in cached or []:
        if not isinstance(x, dict) or x.get("turn") in seen:
            continue
        row = rows.get(x.get("turn"))
        if (row is not None and x.get("player") == row["player"] and x.get("rack") == row["rack"]
                and x.get("played") == row["played"] and x.get("ranking") == ranking and "best" in x):
            seen[x["turn"]] = True
            out.append(x)
    return out


def on_plan(s, ev):
    if not _fresh(s, ev):
        return s
    plan = ev.get("plan") or {}
    if "error" in plan or "turns" not in plan:
        return _put(s, {"plan": None, "running": False, "error": plan.get("error", "The review could not start.")})
    results = kept_results(plan, ev.get("cached"), rv(s)["ranking"])
    s = _put(s, {"plan": plan, "results": results})
    return _next(s)


def on_result(s, ev):
    if not _fresh(s, ev):
        return s
    r = rv(s)
    turn = ev.get("turn")
    if turn != r["asked"]:
        return s
    s = _put(s, {"asked": None})
    res = ev.get("result")
    if res is None:              # stopped before the engine was asked
        return _next(s)
    if "error" in res:
        s = _put(s, {"running": False, "error": "Turn " + str(turn + 1) + ": " + str(res["error"])})
        return _ask_summary(s)
    if any(x["turn"] == turn for x in r["results"]):
        return _next(s)
    s = _put(s, {"results": rv(s)["results"] + [res]})
    if not r["running"]:          # stopped while this turn was in the worker: the summary counts it
        return _ask_summary(s)
    return _next(s)


def on_summary(s, ev):
    if not _fresh(s, ev):
        return s
    data = ev.get("data") or {}
    return _put(s, {"summary": data})


# ----------------------------------------------------------------- a turn on the board


def result_of(r, turn):
    for x in r["results"]:
        if x["turn"] == turn:
            return x
    return None


def on_sel(s, ev):
    """A turn clicked: its detail opens (or closes) with the board before it, the
    tiles played and the best play as a ghost."""
    r = rv(s)
    turn = ev.get("n", -1)
    if r is None:
        return s
    if r["sel"] == turn:
        return _put(s, {"sel": -1, "board": None})
    res = result_of(r, turn)
    s = _put(s, {"sel": turn, "board": None})
    if res is None:
        return s
    if res.get("tiles") is not None:     # a record from another program: its board comes with it
        size = size_of_rules((r.get("plan") or {}).get("rules", ""))
        return _put(s, {"board": {"turn": turn, "tiles": res["tiles"], "size": size,
                                  "played": res.get("played_tiles") or []}})
    if res.get("action") is None:
        return s
    return _fx(s, {"do": "p_rv_board", "k": res["action"], "play": res.get("kind") in ("play", "invalid", "phony"),
                   "turn": turn, "gen": r["gen"]})


def on_layer(s, ev):
    """What the turn's board shows: both plays, the play made only, or the best only
    (one at a time reads better where the two cover the same squares on a small board)."""
    r = rv(s)
    what = ev.get("what")
    if r is None or what not in LAYERS or r.get("layer", "both") == what:
        return s
    return _fx(_put(s, {"layer": what}), {"do": "p_focus", "id": "pn-rv-layer-" + what})


def size_of_rules(rules):
    """The board's size under a rules string: I, II and III play on 21x21 (a knob may say otherwise)."""
    parts = str(rules or "classic").split(",")
    size = 21 if parts[0] in ("i", "ii", "iii") else 15
    for part in parts[1:]:
        if part.startswith("board="):
            size = 21 if "21" in part else 15
    return size


def on_board(s, ev):
    r = rv(s)
    if not _fresh(s, ev) or r["sel"] != ev.get("turn"):
        return s
    return _put(s, {"board": ev.get("board")})


def on_past(s, ev):
    """"Review this game" in a past game's replay: the review panel, on that game
    (the replay stays open behind it, so the engine has that game's boards)."""
    from ui.panels import view as panels_view
    p = panels.pn(s)
    entry = pastgames.find(p["past"] or [], ev.get("id"))
    if entry is None:
        return s
    s = pstate.set_pn(s, open="review", opener="rp-review", sel=-1, export=None)
    s = open_past(s, entry, panels_view.date_text(entry.get("date")))
    return _fx(s, {"do": "p_focus", "id": "pn-title"})


def on_review(s, ev):
    """The end screen's "Review this game": the review panel on the game shown."""
    if panels.pn(s)["open"] == "review" and not (rv(s) or {}).get("past"):
        return _fx(open_live(s), {"do": "p_focus", "id": "pn-title"})
    if panels.pn(s)["open"] == "review":
        s = panels.on_close(s, {})
    return panels.on_open(s, {"panel": "review"})


def keep_finished(s):
    """An imported game shown finished goes to Past games (and is reviewable there):
    the engine's game when it holds it (ours, replayed), else the read-only view's."""
    if s["snap"].get("readonly"):
        return _fx(s, {"do": "p_rv_keep", "spec": s["spec"], "snap": s["snap"]})
    s = pstate.set_pn(s, stored=pastgames.game_id(s["spec"]))
    return _fx(s, {"do": "p_store", "spec": s["spec"]})


def keep_finished_import(s, ev):
    """After an import (ui/links/share.on_imported): a game that came finished is kept,
    its panel's focus asked back as after the review's own events."""
    snap = ev.get("snap") or {}
    if "racks" not in snap or snap.get("phase") != "over":
        return s
    return panels.keep_focus(keep_finished(s), ev)


HANDLERS = {"p_rv_plan": on_plan, "p_rv_result": on_result, "p_rv_summary": on_summary, "p_rv_stop": on_stop,
            "p_rv_go": on_go, "p_rv_rank": on_rank, "p_rv_seat": on_seat, "p_rv_layer": on_layer, "p_rv_sel": on_sel,
            "p_rv_board": on_board, "p_rv_past": on_past, "review": on_review}
