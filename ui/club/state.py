"""The club page's pure parts: the games played on this device, the players' ranking,
and which of those games are results of a tournament's pairings. MicroPython-safe.

What is stored (the tournament, and the games this reads) is ui/store's: the players'
figures come from the engine worker's replays of the games kept on this device
(ui/club/worker.py ``players``), summed here: PPT across games is the sum of turn
points over the sum of turns (RULES.md 8).
"""

import json

from ui import store
from ui.links import bylink
from ui.store import past

KEYS = (store.CLUB_KEY, store.CLUB_KEY + ".kept", store.PAST_KEY, store.KEY,
        store.BYLINK_KEY)   # a change to one redraws the page (".kept": ui/club/kept.py)
FAMILIES = (("all", "All rules"), ("classic", "Classic"), ("wordlovers", "Word Lovers (O, I, II, III)"),
            ("richard", "Richard's"))
LEVELS = ("easy", "medium", "hard", "expert", "greedy")


# ----------------------------------------------------------------- games kept here

def stored_games(past_text, game_text, bylink_text):
    """[{"id", "date", "spec", "over"}] of every game kept on this device (past games, the
    saved game, games by link), each once (the same spec is one game); each list is read
    by its owner's parser (ui/store, ui/store/past.py, ui/links/bylink.py)."""
    out, seen = [], set()

    def add(gid, date, spec, over):
        if not isinstance(spec, dict) or not isinstance(spec.get("actions"), list) or not spec.get("seats"):
            return
        key = json.dumps([spec.get("rules"), spec.get("seed"), [s.get("name") for s in spec["seats"]],
                          spec["actions"], spec.get("start")])
        if key in seen:
            return
        seen.add(key)
        out.append({"id": str(gid), "date": str(date), "spec": spec, "over": bool(over)})

    for e in past.parse(past_text)[0]:
        spec = past.spec_of(e)
        spec.pop("record", None)   # the replay needs the game from its start position, not the record before it
        add(e["id"], e.get("date", ""), spec, not past.unfinished(e))
    saved, _ = store.load(game_text)
    if saved is not None:
        add("saved", "", saved["spec"], saved["snap"].get("phase") == "over")
    for e in bylink.parse(bylink_text):
        add(e["id"], e.get("updated", ""), e["spec"], e.get("over"))
    return out


def player_key(seat):
    """A player is a name (case and spaces do not count); a computer level is itself."""
    kind = seat.get("kind", "human")
    if kind != "human":
        return "computer:" + kind
    return "name:" + " ".join(str(seat.get("name", "")).lower().split())


def player_label(seat):
    kind = seat.get("kind", "human")
    return ("Computer (" + kind + ")") if kind != "human" else (" ".join(str(seat.get("name", "")).split()) or "?")


def ranking(games, family="all"):
    """Rows best first by PPT: {"key", "player", "games", "wins", "win_pct", "ppt",
    "points", "turns", "best", "best_move"} from the worker's replayed games.

    One player in one game counts once, however many seats they had (two seats of
    one computer level are one game of that level, not two): the game adds all their
    seats' turns and points, and their best seat's result, except that a game with
    every seat theirs (a level against itself) is a tie. A name is shown as most of
    its games spell it, the oldest spelling on a tie (games taken oldest first; the
    saved game, undated, is the latest): one game typed "ann" does not rename Ann."""
    rows = {}
    for g in sorted(games, key=lambda g: str(g.get("date") or "\uffff")):
        if family != "all" and g.get("family") != family:
            continue
        seats = g.get("seats", [])
        mine = {}
        for seat in seats:
            mine.setdefault(player_key(seat), []).append(seat)
        for key, own in mine.items():
            r = rows.get(key)
            if r is None:
                r = {"key": key, "games": 0, "halves": 0, "points": 0, "turns": 0, "best": 0, "best_move": "",
                     "spelled": {}}
                rows[key] = r
            label = player_label(own[0])
            r["spelled"][label] = r["spelled"].get(label, 0) + 1
            r["games"] += 1
            if len(own) == len(seats) or any(s.get("tied") for s in own):
                r["halves"] += 1
            elif any(s.get("won") for s in own):
                r["halves"] += 2
            for seat in own:
                r["points"] += seat.get("points", 0)
                r["turns"] += seat.get("turns", 0)
                if seat.get("best", 0) > r["best"]:
                    r["best"], r["best_move"] = seat["best"], seat.get("best_move", "")
    out = []
    for r in rows.values():
        spelled = r.pop("spelled")
        r["player"] = max(spelled, key=lambda k: spelled[k])   # the first of the most used (max keeps the first)
        r["wins"] = r["halves"] // 2 if r["halves"] % 2 == 0 else r["halves"] / 2
        r["win_pct"] = round(r["halves"] / (2 * r["games"]), 3) if r["games"] else 0
        r["ppt"] = round(r["points"] / r["turns"], 2) if r["turns"] else 0
        out.append(r)
    out.sort(key=lambda r: (-(r["points"] / r["turns"] if r["turns"] else 0), -r["win_pct"], r["player"]))
    return out


def games_of(games, key):
    """The games a player (by ``player_key``) took part in, newest first as stored."""
    return [g for g in games if any(player_key(s) == key for s in g.get("seats", []))]


# ----------------------------------------------------------------- tournaments

def name_key(name):
    return " ".join(str(name).lower().split())


def unplayed(rounds_reply):
    """{game seed: (round, first, second)} of the pairings without a result."""
    out = {}
    for rd in (rounds_reply or {}).get("rounds", []):
        for g in rd.get("games", []):
            if g.get("result") is None:
                out[str(g.get("seed"))] = (rd["round"], g["players"][0], g["players"][1])
    return out


def played_here(stored, rounds_reply):
    """[(round, first, second, spec)] of finished-looking games kept here that were
    started from an unplayed pairing (its seed and its two players); the engine
    checks each one when it is recorded."""
    want = unplayed(rounds_reply)
    out = []
    for e in stored:
        spec = e["spec"]
        hit = want.get(str(spec.get("seed")))
        if hit is None or not e.get("over") or len(spec.get("seats", [])) != 2:
            continue
        names = sorted(name_key(s.get("name", "")) for s in spec["seats"])
        if names == sorted([name_key(hit[1]), name_key(hit[2])]):
            out.append((hit[0], hit[1], hit[2], spec))
    return out


def seats_for(spec, kinds):
    """The pairing's game spec with each seat a person or a computer level (``kinds``,
    one per seat; anything unknown is a person)."""
    out = dict(spec)
    out["seats"] = [{"name": s["name"], "kind": k if k in LEVELS else "human"}
                    for s, k in zip(spec["seats"], kinds)]
    return out


def parse_players(text):
    """Names typed one a line, blanks dropped. A comma is part of a name ("Smith,
    John" is one player): splitting there would make two players of one."""
    return [" ".join(x.split()) for x in str(text).split("\n") if x.strip()]


def comma_note(names):
    """What to say when a name has a comma: it stays one player (one name a line)."""
    odd = [n for n in names if "," in n]
    if not odd:
        return ""
    return ("One name a line: " + "; ".join('"' + n + '"' for n in odd[:3]) + (" is" if len(odd) == 1 else " are")
            + " one player" + ("" if len(odd) == 1 else " each") + ". If you meant several players, "
            "start a new tournament with each name on a line of its own.")


def int_or_none(text):
    text = str(text).strip()
    if text.startswith("+") and text[1:].isdigit():
        text = text[1:]
    if text.startswith("-") and text[1:].isdigit() or text.isdigit():
        return int(text)
    return None


def typed_request(rnd, first, second, a, b, ta, tb, ea, eb):
    """The typed result request, or an error message. The end adjustments (the
    score sheet's last line: + for going out, - for tiles left) are asked for
    because PPT leaves them out (RULES.md 8)."""
    vals = [int_or_none(x) for x in (a, b, ta, tb, ea, eb)]
    if None in vals:
        return None, ("Type both scores, both turn counts and both end adjustments (0 if none) as whole "
                      "numbers.")
    return {"round": rnd, "first": first, "second": second, "scores": vals[:2], "turns": vals[2:4],
            "adjust": vals[4:]}, ""
