"""What the table page keeps in the browser (pure, MicroPython-safe).

KEY holds the game in progress, saved after every entry and every press of the
clock: {"v": 1, "id", "when", "state": {"rules", "names", "actions"} (all the
engine needs to rebuild it, engine/table/face.py), "clock": ui/table/chessclock.py's
dict}. LIST_KEY holds the table games kept (finished, or left unfinished for a
new one), newest first, at most MAX: a JSON list of {"id", "state", "when",
"names", "scores", "over"}. Anything unreadable is reported, never trusted.
"""

import json

KEY = "wlc.table"
LIST_KEY = "wlc.tables"
VERSION = 1
MAX = 50


def _state_ok(st):
    if not isinstance(st, dict) or not isinstance(st.get("rules"), str):
        return False
    names = st.get("names")
    if not isinstance(names, list) or not 1 <= len(names) <= 4 or not all(isinstance(n, str) for n in names):
        return False
    acts = st.get("actions")
    return isinstance(acts, list) and all(isinstance(a, str) for a in acts)


def _clock_ok(c):
    if not isinstance(c, dict):
        return False
    for k in ("run", "since", "used"):
        if not isinstance(c.get(k), int) or isinstance(c.get(k), bool):
            return False
    pending = c.get("pending")
    return isinstance(c.get("paused"), bool) and isinstance(pending, list) and all(
        isinstance(p, list) and len(p) == 2 and isinstance(p[0], int) and isinstance(p[1], int) for p in pending)


def state_of(view):
    """The state to store, from an engine view."""
    return {"rules": view["rules"], "names": list(view["names"]), "actions": list(view["actions"])}


def dump(cur):
    return json.dumps({"v": VERSION, "id": cur["id"], "when": cur["when"], "state": cur["state"],
                       "clock": cur["clock"]})


def load(text):
    """(the game in progress or None, problem or "")."""
    if not text:
        return None, ""
    try:
        data = json.loads(text)
    except ValueError:
        return None, "the table game saved here could not be read"
    if not isinstance(data, dict) or data.get("v") != VERSION:
        return None, "the table game saved here is from another version"
    if not _state_ok(data.get("state")) or not _clock_ok(data.get("clock")):
        return None, "the table game saved here is damaged"
    return {"id": str(data.get("id", "")), "when": str(data.get("when", "")), "state": data["state"],
            "clock": data["clock"]}, ""


def games(text):
    """The kept table games (unreadable entries left out)."""
    try:
        data = json.loads(text) if text else []
    except ValueError:
        return []
    if not isinstance(data, list):
        return []
    return [g for g in data if isinstance(g, dict) and _state_ok(g.get("state"))]


def entry(cur, view, when):
    """The list's entry for a game and its last view."""
    return {"id": cur["id"], "state": cur["state"], "when": when, "names": list(view.get("names", [])),
            "scores": list(view.get("scores", [])), "over": view.get("phase") == "over",
            "rules": view.get("rules", cur["state"]["rules"])}


def keep(kept, item):
    """The list with ``item`` first (replacing the same game), at most MAX."""
    rest = [g for g in kept if g.get("id") != item["id"] or not item["id"]]
    return ([item] + rest)[:MAX]


def drop(kept, gid):
    return [g for g in kept if g.get("id") != gid]


def find(kept, gid):
    for g in kept:
        if g.get("id") == gid:
            return g
    return None


def rules_with_clock(rules, minutes_seconds):
    """The rules string with the clock the start form gives (seconds as text,
    "0": none): a clock knob already in the string gives way to it."""
    parts = [p for p in str(rules).split(",") if p.strip()]
    if minutes_seconds in ("", "0"):
        return ",".join(parts)
    parts = [p for i, p in enumerate(parts) if i == 0 or not p.strip().startswith("clock=")]
    return ",".join(parts + ["clock=" + minutes_seconds])


def names_of(fields):
    """The players' names from the start form's four fields (the first two always
    play; a third or fourth plays when named)."""
    out = []
    for i, text in enumerate(fields):
        name = " ".join(str(text).split())
        if i < 2 or name:
            out.append(name or "Player " + str(i + 1))
    return out
