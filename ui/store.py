"""The game saved in the browser: what is stored, and reading it back safely.

Saved after every action as JSON {"v": 1, "spec": {...}, "snap": {...}, "layout": {...}}:
the spec (rules, seed, seats, the action log) is all the engine needs to rebuild
the game; the snapshot and layout let the page draw it before the engine is up.
Anything unreadable is reported, never trusted. Pure and MicroPython-safe.
"""

import json

KEY = "wlc.game"
ASIDE_KEY = "wlc.game.unreadable"
VERSION = 1
NO_STORAGE = ("This browser does not let the page store data (private mode or blocked storage): "
              "your game will not be saved when you leave. You can play on.")
FULL = "The browser's storage is full: your game could not be saved. You can play on."


def dump(s):
    order = "".join(e["tile"] for e in s.get("rack", []) if not e.get("pre"))   # the player's own order
    return json.dumps({"v": VERSION, "spec": s["spec"], "snap": s["snap"], "layout": s["layout"], "order": order})


def _need(cond, what):
    if not cond:
        raise ValueError(what)


def _check_layout(layout):
    _need(isinstance(layout, dict), "no board layout")
    size = layout.get("size")
    _need(size in (15, 21), "unknown board size")
    rows = layout.get("premiums")
    _need(isinstance(rows, list) and len(rows) == size, "bad premium rows")
    for row in rows:
        _need(isinstance(row, str) and len(row) == 2 * size, "bad premium row")
    _need(isinstance(layout.get("values"), dict), "no tile values")
    _need(isinstance(layout.get("start"), str), "no start square")


def _check_snap(snap, size):
    _need(isinstance(snap, dict), "no snapshot")
    seats = snap.get("seats")
    _need(isinstance(seats, list) and 1 <= len(seats) <= 4, "bad seats")
    for seat in seats:
        _need(isinstance(seat, dict) and isinstance(seat.get("name"), str), "bad seat")
    racks = snap.get("racks")
    _need(isinstance(racks, list) and len(racks) == len(seats), "bad racks")
    for rack in racks:
        _need(isinstance(rack, str), "bad rack")
    scores = snap.get("scores")
    _need(isinstance(scores, list) and len(scores) == len(seats), "bad scores")
    _need(isinstance(snap.get("tiles"), list), "bad tiles")
    for t in snap["tiles"]:
        _need(isinstance(t, dict) and isinstance(t.get("sq"), str) and isinstance(t.get("letter"), str),
              "bad tile")
    _need(snap.get("size", size) == size, "board size mismatch")
    to_move = snap.get("to_move")
    _need(isinstance(to_move, int) and 0 <= to_move < len(seats), "bad player to move")
    _need(isinstance(snap.get("legal", {}), dict), "bad legal moves")
    _need(isinstance(snap.get("actions", []), list), "bad move log")


def load(text):
    """(saved dict or None, problem or "") from the stored text (None = nothing stored)."""
    if text is None or text == "":
        return None, ""
    try:
        data = json.loads(text)
        _need(isinstance(data, dict), "not a saved game")
        _need(data.get("v") == VERSION, "saved by another version")
        _check_layout(data.get("layout"))
        _check_snap(data.get("snap"), data["layout"]["size"])
        spec = data.get("spec")
        _need(isinstance(spec, dict) and isinstance(spec.get("rules"), str), "no game spec")
        _need(isinstance(spec.get("actions", []), list), "bad move log")
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        return None, str(exc) or "unreadable"
    return data, ""


def pick_first_game(games, r):
    """One of the ready-made first games (``r`` in [0, 1) chooses); None if there are none."""
    if not isinstance(games, list) or not games:
        return None
    return games[int(r * len(games)) % len(games)]


class PageStorage:
    """The page's one way to localStorage, through index.html's wlcGet/wlcSet/wlcDel:
    a JS exception (storage full, private mode, blocked) does not reach MicroPython
    as a Python one, so those catch it in JS and return it as text, raised here as a
    ValueError naming it (callers catch that like any Python error)."""

    def __init__(self, window):
        self.window = window

    def getItem(self, key):
        text = self.window.wlcGet(key)
        if text and text[0] == "\u0001":
            raise ValueError(text[1:])
        return text or None

    def setItem(self, key, value):
        problem = self.window.wlcSet(key, value)
        if problem:
            raise ValueError(problem)

    def removeItem(self, key):
        problem = self.window.wlcDel(key)
        if problem:
            raise ValueError(problem)


def why_not_saved(problem):
    """The player's message for a failed save (``problem``: the error's text)."""
    text = problem.lower()
    return FULL if ("quota" in text or "full" in text) else NO_STORAGE


def read(storage, key):
    """(text or None, problem): what ``storage`` holds under ``key``; never raises."""
    try:
        return storage.getItem(key), ""
    except Exception as exc:  # storage blocked (private mode, SecurityError)
        return None, str(exc) or "unavailable"
