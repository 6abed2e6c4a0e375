"""What the table page keeps in the browser (pure, MicroPython-safe).

KEY (ui/store's TABLE_KEY) holds the game in progress, saved after every entry and
every press of the clock: {"v": 1, "id", "when", "state": {"rules", "names", "actions"}
(all the engine needs to rebuild it, engine/table/face.py), "clock":
ui/table/chessclock.py's dict}. LIST_KEY (TABLES_KEY) holds the table games kept
(finished, or left unfinished for a new one), newest first, at most MAX: a JSON list
of {"id", "state", "when", "names", "scores", "over"}. Anything unreadable is
reported, never trusted.
"""

import json

from ui import store

KEY = store.TABLE_KEY
ASIDE_KEY = store.TABLE_ASIDE_KEY
LIST_KEY = store.TABLES_KEY
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
    return store.sealed({"id": cur["id"], "when": cur["when"], "state": cur["state"], "clock": cur["clock"]})


def load(text):
    """(the game in progress or None, problem or "")."""
    data, problem = store.opened(text)
    if problem:
        return None, store.said(problem, "the table game saved here")
    if data is None:
        return None, ""
    if not _state_ok(data.get("state")) or not _clock_ok(data.get("clock")):
        return None, "the table game saved here is damaged"
    return {"id": str(data.get("id", "")), "when": str(data.get("when", "")), "state": data["state"],
            "clock": data["clock"]}, ""


def dump_list(kept):
    """The stored text of the table games kept: a JSON list (no envelope, as it always was)."""
    return json.dumps(kept)


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
    return store.upsert(kept, item, MAX)


drop = store.drop
find = store.find
