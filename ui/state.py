"""The page's state as plain data, changed only by ``step(state, event) -> state``.

Pure: no DOM, no engine, no clock, no randomness (a shuffle event carries its
order). Runs under CPython and MicroPython alike (no dataclasses, typing or enum;
dict order never relied upon). Work for the outside world is asked for in
``state["fx"]``, a list of effects that ui/main.py carries out and then clears:

    {"do": "preview", "arg": placement JSON, "seq": n}   score the tiles put down
    {"do": "play", "arg": placement JSON}                 preview, then act(move)
    {"do": "act", "arg": "-ABC" | "-" | "challenge" | ...}
    {"do": "computer"}                                    the seat to move is a computer
    {"do": "open", "spec": {...}}                         start / rebuild a game
    {"do": "save"}                                        store the game in the browser
    {"do": "focus", "sq": "H8"}                           move keyboard focus
"""

from ui.board import geom
from ui.game import judging
from ui.game.turns import turn_text
from ui.board.placing import (  # noqa: F401 (with_order: ui/main.py reads it here)
    add_placed, board_letter, empty_at, next_empty, occupied, placement, rack_entry,
    reconcile_rack, remembered_order, remove_placed, unplaced, wild_jqxz, with_order,
)

JQXZ = "JQXZ"
# The computer's time budget per level (ms): the expert simulates for all of it.
COMPUTER_MS = {"easy": 2000, "medium": 2000, "hard": 2000, "expert": 3000}


def initial(layout, spec, snap, engine="loading"):
    """The state showing ``snap`` (a snapshot dict) before any event."""
    s = {
        "layout": layout, "spec": spec, "snap": snap, "engine": engine, "busy": "",
        "rack": [], "rack_seat": -1, "next_id": 0, "placed": [], "pre": [],
        "sel": None, "cursor": layout.get("start", "H8"), "dir": "across",
        "choose": None, "preview": None, "seq": 0, "mode": "play", "xsel": [],
        "dialog": "", "handover": -1, "last_human": -1, "message": "", "notice": "",
        "announce": "", "fx": [], "check_seat": -1, "checked_by": -1, "handover_next": -1, "snap_turns": 0,
        "computer_failed": False, "typing_warned": False, "bylink": None, "outcome": "",
        "shown": 0,
    }
    return _take_snapshot(s, snap, announce=False)


def step(state, event):
    """The state after ``event`` (a dict with "t"); ``state`` itself is not changed.
    An engine answer stamped with an older ``shown`` was asked for a game another tab has
    since replaced (ui/links/tabs.py): showing (and saving) it would undo that tab's moves."""
    s = dict(state)
    s["fx"] = []
    if event.get("shown", s.get("shown", 0)) != s.get("shown", 0):
        return s
    handler = HANDLERS.get(event.get("t"))
    if handler is None:
        return s
    return handler(s, event)


# ----------------------------------------------------------------- helpers


def human_seats(s):
    return [i for i, seat in enumerate(s["snap"]["seats"]) if seat.get("kind") == "human"]


def is_human(s, seat):
    seats = s["snap"]["seats"]
    return 0 <= seat < len(seats) and seats[seat].get("kind") == "human"


def my_turn(s):
    """A human may act now on this device (not while the engine works or a hand-over)."""
    snap = s["snap"]
    bylink = s.get("bylink")   # play by link (ui/links/bylink.py): this device plays its own seat only
    return (snap.get("phase") != "over" and is_human(s, snap.get("to_move", -1))
            and not s["busy"] and s["handover"] < 0
            and (not bylink or snap.get("to_move", -1) == bylink["me"]))


def can_place(s):
    return my_turn(s) and s["snap"].get("legal", {}).get("place", False) and s["mode"] == "play"


def _shown_seat(s, snap):
    """Whose rack the page shows: the player to move if human, else the only human."""
    seat = snap.get("rack_player", snap.get("to_move", 0))
    if s.get("bylink"):   # play by link: only this device's seat, whoever is to move
        me = s["bylink"]["me"]
        mine = snap.get("to_move", -1) == me and snap.get("phase") not in ("over", "view")
        return seat if mine else me   # (in the final round the mover plays another's rack)
    if is_human(s, snap.get("to_move", -1)) and snap.get("phase") != "over":
        return seat
    humans = human_seats(s)
    if len(humans) == 1:
        return humans[0]
    return s["last_human"] if s["last_human"] >= 0 else -1


def _turns_text(snap, before):
    turns = snap.get("turns", [])
    new = turns[before:] if before < len(turns) else turns[-1:]
    return " ".join(turn_text(snap, t) for t in new)


def _take_snapshot(s, snap, announce=True):
    s["snap"] = snap
    s["spec"] = {"rules": snap.get("rules", "classic"), "seed": snap.get("seed", ""),
                 "seats": snap.get("seats", []), "actions": snap.get("actions", []),
                 "hints": snap.get("hints", [])}
    if snap.get("start"):  # a game started from a position (an imported record or CGP)
        s["spec"]["start"] = snap["start"]
    s["placed"], s["pre"], s["sel"], s["choose"] = [], [], None, None
    s["preview"], s["mode"], s["xsel"], s["busy"] = None, "play", [], ""
    s["typing_warned"] = False
    s["computer_failed"] = False  # a fresh answer from the engine (ui/game/standin.py)
    seat = _shown_seat(s, snap)
    racks = snap.get("racks", [])
    letters = racks[seat] if 0 <= seat < len(racks) else ""
    old = s["rack"] if seat == s["rack_seat"] else []
    old = remembered_order(s, snap, seat, letters, old)   # the player's own order (an undo)
    s["rack"], s["next_id"] = reconcile_rack(old, letters, s["next_id"])
    s["rack_seat"] = seat
    if announce:
        s["announce"] = snap.get("message") or _turns_text(snap, s["snap_turns"])
    s["snap_turns"] = len(snap.get("turns", []))
    s["message"] = snap.get("error", "") or ""
    to_move = snap.get("to_move", 0)
    s["handover"], s["handover_next"] = -1, -1
    outcome = ""
    if s["checked_by"] >= 0:  # the answer to "check": found (same player again) or not
        checker, s["checked_by"] = s["checked_by"], -1
        s["message"] = (judging.CHECK_FOUND if to_move == checker and snap.get("phase") != "over"
                        else judging.check_failed_text(snap, checker))
        s["announce"] = s["message"]
        outcome = s["message"]
    s["outcome"] = judging.outcome(s, snap, outcome, is_human)
    s["check_seat"] = judging.check_seat(s, snap, is_human)
    if snap.get("phase") != "over":
        if is_human(s, to_move):
            if (len(human_seats(s)) > 1 and s["last_human"] >= 0 and to_move != s["last_human"]
                    and not s.get("bylink")):
                s["handover"] = to_move
            s["last_human"] = to_move
        elif s["check_seat"] < 0:
            s["busy"] = "computer"
            s["fx"] = s["fx"] + [{"do": "computer"}]
        if s["check_seat"] >= 0:  # the failed player decides about the check first
            s["handover_next"], s["handover"] = s["handover"], -1
    return s


def _with_fx(s, *effects):
    s["fx"] = s["fx"] + list(effects)
    return s


def _after_placing(s):
    """Ask for a fresh preview (or drop the old one) after the tiles changed."""
    s["seq"] = s["seq"] + 1
    if not s["placed"]:
        s["preview"] = None
        return s
    s["preview"] = {"pending": True}
    if s["engine"] == "ready":
        return _with_fx(s, {"do": "preview", "arg": placement(s), "seq": s["seq"]})
    return s


def _place(s, entry_id, sq, letter=""):
    """Put rack entry ``entry_id`` on ``sq``; a blank or a wild J/Q/X/Z asks its letter first."""
    entry = rack_entry(s, entry_id)
    if entry is None or not empty_at(s, sq):
        return s
    tile = entry["tile"]
    wild = wild_jqxz(s["snap"].get("rules", ""))
    if not letter and (tile == "?" or (tile in JQXZ and wild)):
        s["choose"] = {"sq": sq, "id": entry_id, "tile": tile}
        s["sel"] = None
        return s
    s["placed"] = add_placed(s["placed"], sq, entry_id, tile, letter or tile)
    s["sel"] = None
    s["message"] = ""
    return _after_placing(s)


# ----------------------------------------------------------------- handlers


def on_snapshot(s, ev):
    snap = ev["snap"]
    if "racks" not in snap:  # {"error": ...}: the action was refused, nothing changed
        s["busy"] = ""
        s["message"] = _unless_previewed(s, snap.get("error", "The engine refused that."))
        return s
    if ev.get("layout"):
        s["layout"] = ev["layout"]
    if ev.get("layout") or not snap.get("actions"):  # a new game: the cursor on its start square
        s["cursor"] = s["layout"].get("start", "H8")
    same = ev.get("keep") and snap.get("actions") == s["snap"].get("actions")
    kept = (s["placed"], s["pre"], s["rack"], s["sel"], s["cursor"]) if same else None
    s = _take_snapshot(s, snap)
    if kept is not None and s["rack_seat"] >= 0:
        # the engine came up and rebuilt the game shown: tiles already put down stay
        s["placed"], s["pre"], s["rack"], s["sel"], s["cursor"] = kept
        s = _after_placing(s)
    if s["busy"] == "computer" and s["engine"] != "ready":
        s["fx"] = [f for f in s["fx"] if f["do"] != "computer"]
        s["busy"] = ""
    return _with_fx(s, {"do": "save"})


def on_engine(s, ev):
    status = ev.get("status", "ready")
    s["engine"] = status
    if status == "ready":
        return _with_fx(s, {"do": "open", "spec": s["spec"]})
    s["busy"] = ""
    s["notice"] = ev.get("msg") or "The game engine could not start."
    return s


def on_error(s, ev):
    s["busy"] = ""
    s["message"] = ev.get("msg", "Something went wrong.")
    return s


def on_preview(s, ev):
    if ev.get("seq") != s["seq"]:
        return s  # an answer for tiles that have moved since
    s["preview"] = ev["result"]
    s["message"] = _unless_previewed(s, s["message"])
    return s


def _unless_previewed(s, message):
    """The message, or "" when the live preview already says it (Play pressed while
    the preview was pending: the refusal and the preview both name the reason)."""
    p = s["preview"]
    if p and p.get("legal") is False and message and message == p.get("error"):
        return ""
    return message


def on_tap_square(s, ev):
    sq = ev["sq"]
    if s["choose"] or not my_turn(s):
        return s
    sel = s["sel"]
    placed_here = [p for p in s["placed"] if p["sq"] == sq]
    if sel and sel[0] == "rack":
        if empty_at(s, sq) and can_place(s):
            s["cursor"] = sq
            return _place(s, sel[1], sq)
        if sq in s["snap"].get("swappable", []) and not placed_here:
            return _pre_swap(s, sel[1], sq)
    if placed_here:
        s["placed"] = remove_placed(s["placed"], sq)
        s["cursor"] = sq
        return _after_placing(s)
    if sq in s["snap"].get("pickable", []) and not s["placed"] and board_letter(s, sq):
        return _pre_pick(s, sq)
    if s["cursor"] == sq and sel and sel[0] == "sq":
        s["dir"] = "down" if s["dir"] == "across" else "across"
    s["cursor"] = sq
    s["sel"] = ["sq", sq] if empty_at(s, sq) else None
    return s


def _pre_swap(s, entry_id, sq):
    entry = rack_entry(s, entry_id)
    tile = board_letter(s, sq)
    if entry is None or not tile:
        return s
    back = "?"
    for t in s["snap"].get("tiles", []):
        if t["sq"] == sq and t.get("flipped"):
            back = t["flipped"]
    s["pre"] = s["pre"] + [{"kind": "swap", "sq": sq, "id": entry_id, "letter": entry["tile"]}]
    s["rack"] = [e for e in s["rack"] if e["id"] != entry_id] + [{"id": s["next_id"], "tile": back, "pre": True}]
    s["next_id"] = s["next_id"] + 1
    s["sel"] = None
    s["message"] = "Swapped: the tile from " + sq + " is on your rack. Recall undoes it."
    return _after_placing(s)


def _pre_pick(s, sq):
    tile = None
    for t in s["snap"].get("tiles", []):
        if t["sq"] == sq:
            tile = t.get("flipped") or ("?" if t.get("blank") else t["letter"].upper())
    if tile is None or any(p["kind"] == "pick" and p["sq"] == sq for p in s["pre"]):
        return s
    s["pre"] = s["pre"] + [{"kind": "pick", "sq": sq, "letter": tile}]
    s["rack"] = s["rack"] + [{"id": s["next_id"], "tile": tile, "pre": True}]
    s["next_id"] = s["next_id"] + 1
    s["message"] = "Picked off " + sq + ": the tile is on your rack. Recall puts it back."
    return _after_placing(s)


def on_tap_rack(s, ev):
    entry_id = ev["id"]
    if s["choose"] or s["handover"] >= 0:
        return s
    if s["mode"] in ("exchange", "trade"):
        xsel = list(s["xsel"])
        if entry_id in xsel:
            xsel.remove(entry_id)
        elif rack_entry(s, entry_id) is not None:
            xsel.append(entry_id)
        s["xsel"] = xsel
        return s
    if any(p["id"] == entry_id for p in s["placed"]):
        return s
    sel = s["sel"]
    if sel and sel[0] == "sq" and can_place(s) and empty_at(s, sel[1]):
        sq = sel[1]
        s = _place(s, entry_id, sq)
        if s["choose"] is None:
            nxt = next_empty(s, sq, s["dir"])
            s["cursor"] = nxt or sq
            s["sel"] = ["sq", nxt] if nxt else None
        return s
    if sel and sel[0] == "rack" and sel[1] == entry_id:
        s["sel"] = None
    else:
        s["sel"] = ["rack", entry_id]
    return s


def on_drop(s, ev):
    """A rack tile dropped on a square (drag and drop)."""
    if not my_turn(s):
        return s
    s["sel"] = ["rack", ev["id"]]
    return on_tap_square(s, {"sq": ev["sq"]})


def on_drop_rack(s, ev):
    """A rack tile dropped on another rack slot: rearrange."""
    rack = list(s["rack"])
    ids = [e["id"] for e in rack]
    if ev["id"] not in ids:
        return s
    entry = rack.pop(ids.index(ev["id"]))
    to = max(0, min(int(ev["slot"]), len(rack)))
    rack.insert(to, entry)
    s["rack"] = rack
    s["sel"] = None
    return s


def on_drop_placed(s, ev):
    """A tile put down this turn dragged elsewhere on the board (or off it: back to the rack)."""
    moving = [p for p in s["placed"] if p["sq"] == ev["from"]]
    if not moving:
        return s
    p = moving[0]
    s["placed"] = remove_placed(s["placed"], ev["from"])
    to = ev.get("sq")
    if to and empty_at(s, to):
        s["placed"] = add_placed(s["placed"], to, p["id"], p["tile"], p["letter"])
    return _after_placing(s)


def on_choose(s, ev):
    pending = s["choose"]
    if not pending:
        return s
    s["choose"] = None
    letter = ev.get("letter", "")
    if not letter:
        return s
    if letter == "=":  # the J/Q/X/Z face up
        letter = pending["tile"]
    s = _place(s, pending["id"], pending["sq"], letter.upper())
    nxt = next_empty(s, pending["sq"], s["dir"])
    s["cursor"] = nxt or pending["sq"]
    return _with_fx(s, {"do": "focus", "sq": s["cursor"]})


def on_key(s, ev):
    key = ev.get("key", "")
    if s["choose"]:
        if key == "Escape":
            s["choose"] = None
            return s
        if len(key) == 1 and key.isalpha():
            return on_choose(s, {"letter": key.upper()})
        return s
    moves = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}
    if key in moves:
        d = moves[key]
        nxt = geom.step(s["layout"], s["cursor"], d[0], d[1])
        if nxt:
            s["cursor"] = nxt
            s["sel"] = ["sq", nxt]
        return _with_fx(s, {"do": "focus", "sq": s["cursor"]})
    if key in (" ", "Spacebar"):
        s["dir"] = "down" if s["dir"] == "across" else "across"
        return s
    if key == "Escape":
        return on_recall(s, ev)
    if key == "Enter":
        return on_play(s, ev)
    if key == "Backspace":
        s["typing_warned"] = False
        if not s["placed"]:
            return s
        last = s["placed"][-1]
        s["placed"] = s["placed"][:-1]
        s["cursor"] = last["sq"]
        s = _after_placing(s)
        return _with_fx(s, {"do": "focus", "sq": s["cursor"]})
    if len(key) == 1 and key.isalpha() and can_place(s):
        return _type_letter(s, key.upper(), ev.get("shift", False))
    return s


def _type_letter(s, letter, as_blank):
    """Typing puts the letter on the cursor's square (or the next empty one): the tile
    itself if held, else a blank, else (where J/Q/X/Z are wild) one of those face
    down, and says which stood in. A letter that cannot be placed leaves a warning
    that stays while typing goes on (EGOTIST without an S must not read EGOTIT)."""
    sq = s["cursor"] if empty_at(s, s["cursor"]) else next_empty(s, s["cursor"], s["dir"])
    if sq is None:
        s["message"] = "No empty square that way."
        s["typing_warned"] = True
        return s
    free = unplaced(s)
    pick = [] if as_blank else [e for e in free if e["tile"] == letter]
    said = ""
    if not pick:
        pick = [e for e in free if e["tile"] == "?"]
        said = letter + ": your blank stands for it." if pick else ""
    if not pick and not as_blank and wild_jqxz(s["snap"].get("rules", "")):
        pick = [e for e in free if e["tile"] in JQXZ]
        said = (letter + ": your " + pick[0]["tile"] + " played face down.") if pick else ""
    if not pick:
        s["message"] = ("No blank on your rack." if as_blank else
                        "No " + letter + " or blank on your rack: " + letter + " was not placed.")
        s["typing_warned"] = True
        return s
    entry = pick[0]
    s["placed"] = add_placed(s["placed"], sq, entry["id"], entry["tile"], letter)
    if said:
        s["message"] = said
        s["typing_warned"] = True
    elif not s.get("typing_warned"):
        s["message"] = ""
    nxt = next_empty(s, sq, s["dir"])
    s["cursor"] = nxt or sq
    s["sel"] = ["sq", s["cursor"]]
    s = _after_placing(s)
    return _with_fx(s, {"do": "focus", "sq": s["cursor"]})


def on_recall(s, ev):
    s["placed"], s["sel"], s["choose"] = [], None, None
    s["typing_warned"] = False
    if s["pre"]:
        s["rack"] = [e for e in s["rack"] if not e.get("pre")]
        restored = [p["id"] for p in s["pre"] if p["kind"] == "swap"]
        s["pre"] = []
        if restored:  # swapped-away rack tiles come back where they were: order is re-derived
            s["rack"], s["next_id"] = reconcile_rack(
                s["rack"], _rack_letters(s), s["next_id"])
    if s["mode"] != "play":
        s["mode"], s["xsel"] = "play", []
    s["message"] = ""
    return _after_placing(s)


def _rack_letters(s):
    racks = s["snap"].get("racks", [])
    seat = s["rack_seat"]
    return racks[seat] if 0 <= seat < len(racks) else ""


def on_shuffle(s, ev):
    order = ev.get("order") or []
    rack = s["rack"]
    if sorted(order) != list(range(len(rack))):
        return s
    s["rack"] = [rack[i] for i in order]
    s["sel"] = None
    return s


def on_play(s, ev):
    if not my_turn(s):
        return s
    if not s["placed"]:
        s["message"] = "Put tiles on the board first (or Pass / Exchange)."
        return s
    if s["engine"] != "ready":
        s["message"] = "The engine is still loading: your play will be checked in a moment."
    s["busy"] = "play"
    return _with_fx(s, {"do": "play", "arg": placement(s)})


def _simple_act(text, legal_key):
    def handler(s, ev):
        if not my_turn(s) or not s["snap"].get("legal", {}).get(legal_key):
            return s
        s["busy"] = "act"
        return _with_fx(s, {"do": "act", "arg": text})
    return handler


def on_exchange(s, ev):
    """First press: choose tiles; the confirm button then exchanges them."""
    mode = ev.get("mode", "exchange")
    key = "trade" if mode == "trade" else "exchange"
    if not my_turn(s) or not s["snap"].get("legal", {}).get(key):
        return s
    if s["mode"] != mode:
        s = on_recall(s, ev)
        s["mode"], s["xsel"] = mode, []
        s["message"] = ("Choose the tiles to exchange, then confirm." if mode == "exchange"
                        else "Choose the tiles to trade, then confirm.")
        return s
    return on_exchange_confirm(s, ev)


def on_exchange_confirm(s, ev):
    letters = "".join(e["tile"] for e in s["rack"] if e["id"] in s["xsel"])
    if not letters:
        s["message"] = "Choose at least one tile (tap it), or Cancel."
        return s
    text = ("-" + letters) if s["mode"] == "exchange" else ("trade " + letters)
    s["busy"] = "act"
    s["mode"], s["xsel"] = "play", []
    return _with_fx(s, {"do": "act", "arg": text})


def on_cancel(s, ev):
    if s["choose"]:
        s["choose"] = None
        return s
    if s["dialog"]:
        s["dialog"] = ""
        return s
    s["mode"], s["xsel"], s["message"] = "play", [], ""
    return s


def on_check(s, ev):
    if s["check_seat"] < 0 or s["busy"]:
        return s
    s["checked_by"], s["check_seat"] = s["check_seat"], -1
    s["busy"] = "act"
    return _with_fx(s, {"do": "act", "arg": "check"})


def on_skip_check(s, ev):
    """Play on without checking: the next player (or the computer) moves."""
    if s["check_seat"] < 0:
        return s
    s["check_seat"] = -1
    s["handover"], s["handover_next"] = s["handover_next"], -1
    if not is_human(s, s["snap"].get("to_move", -1)) and s["snap"].get("phase") != "over":
        s["busy"] = "computer"
        return _with_fx(s, {"do": "computer"})
    return s


def on_handover_done(s, ev):
    s["handover"] = -1
    return s


def on_dialog(s, ev):
    s["dialog"] = ev.get("name", "")
    return s


def on_new_game(s, ev):
    """Start the game of ``ev["spec"]`` (from the New game dialog or Rematch)."""
    spec = ev["spec"]
    s["dialog"] = ""
    s["last_human"] = -1
    s["handover"] = -1
    s["busy"] = "open"
    s["message"] = "" if s["engine"] == "ready" else "The engine is loading: the new game starts in a moment."
    s["spec"] = spec
    return _with_fx(s, {"do": "open", "spec": spec, "new": True})


def on_notice(s, ev):
    s["notice"] = ev.get("msg", "")
    return s


HANDLERS = {
    "snapshot": on_snapshot, "engine": on_engine, "error": on_error, "preview": on_preview,
    "tap_square": on_tap_square, "tap_rack": on_tap_rack, "drop": on_drop,
    "drop_rack": on_drop_rack, "drop_placed": on_drop_placed, "choose": on_choose,
    "key": on_key, "recall": on_recall, "shuffle": on_shuffle, "play": on_play,
    "pass": _simple_act("-", "pass"), "challenge": _simple_act("challenge", "challenge"),
    "check": on_check, "skip_check": on_skip_check, "exchange": on_exchange,
    "exchange_confirm": on_exchange_confirm, "cancel": on_cancel,
    "handover_done": on_handover_done, "dialog": on_dialog, "new_game": on_new_game,
    "notice": on_notice,
}

__all__ = ["initial", "step", "my_turn", "can_place", "occupied"]
