"""Everything the pages keep in the browser: the one list of localStorage keys (below),
the versioned envelope of the stored formats, the one way to storage (``PageStorage``,
through ui/kit.js's wlcGet/wlcSet/wlcDel) and the game page's game in progress.

The formats, each read back safely (anything unreadable is reported, never trusted):
the game in progress (here), past games (ui/store/past.py), the table page's games
(ui/store/tables.py), the club's tournament (ui/store/club.py). Pure and MicroPython-safe.

The game is saved after every action as JSON {"v": 1, "spec": {...}, "snap": {...},
"layout": {...}, "order": "..."}: the spec (rules, seed, seats, the action log) is all the
engine needs to rebuild the game; the snapshot and layout let the page draw it before
the engine is up; the order is the player's own order of the rack.
"""

import json

# ----------------------------------------------------------------- every key, and what it holds
# (index.html reads KEY once in JavaScript too: a first visit's ready-made game is
# fetched only when no game is saved.)
KEY = "wlc.game"                     # the game page's game in progress (dump/load below)
ASIDE_KEY = "wlc.game.unreadable"    # a saved game that could not be read, set aside
CLOCK_KEY = "wlc.clock"              # the turn's time, kept over a reload: "turn key=ms" (ui/boot/effects.py)
PAST_KEY = "wlc.past"                # past games (ui/store/past.py)
BYLINK_KEY = "wlc.bylink"            # games played by link (ui/links/bylink.py)
REVIEW_KEY = "wlc.review"            # the last review's results (ui/review/run.py)
SETTINGS_KEY = "wlc.settings"        # the player's settings (ui/panels/settings.py)
CLUB_KEY = "wlc.club"                # the club's tournament (ui/store/club.py)
TABLE_KEY = "wlc.table"              # the table page's game in progress (ui/store/tables.py)
TABLE_ASIDE_KEY = "wlc.table.unreadable"   # a table game that could not be replayed, set aside
TABLES_KEY = "wlc.tables"            # the table games kept (ui/store/tables.py)
WORDLISTS_KEY = "wlc.wordlists"      # the player's own word lists (ui/store/wordlists.py)

VERSION = 1
NO_STORAGE = ("This browser does not let the page store data (private mode or blocked storage): "
              "your game will not be saved when you leave. You can play on.")
FULL = "The browser's storage is full: your game could not be saved. You can play on."

# ----------------------------------------------------------------- the versioned envelope
# Every versioned format is one JSON object whose "v" names its version.
UNREADABLE = "unreadable"            # what ``opened`` says of text that is not such an object
OTHER_VERSION = "another version"    # ... and of one saved by another version


def sealed(fields, version=VERSION):
    """The stored text of ``fields`` (a dict) in the versioned envelope."""
    out = dict(fields)
    out["v"] = version
    return json.dumps(out)


def opened(text, version=VERSION):
    """(the stored object or None, problem): (None, "") when nothing is stored,
    (None, UNREADABLE) or (None, OTHER_VERSION) when it cannot be used."""
    if not text:
        return None, ""
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        return None, UNREADABLE
    if not isinstance(data, dict):
        return None, UNREADABLE
    if data.get("v") != version:
        return None, OTHER_VERSION
    return data, ""


def said(problem, what):
    """The player's words for ``opened``'s ``problem`` with ``what`` ("the saved tournament")."""
    return what + (" is from another version" if problem == OTHER_VERSION else " could not be read")


# ----------------------------------------------------------------- lists of games, newest first

def upsert(items, item, most):
    """``items`` with ``item`` first, replacing the one with its "id" (an item without
    one replaces nothing), at most ``most``."""
    gid = item.get("id")
    return ([item] + [g for g in items if not gid or g.get("id") != gid])[:most]


def drop(items, gid):
    return [g for g in items if g.get("id") != gid]


def find(items, gid):
    """The item whose "id" is ``gid``, or None."""
    for g in items:
        if g.get("id") == gid:
            return g
    return None


def now_text(window):
    """The date and time now, ISO 8601 in UTC, as stored entries carry it (JS numbers
    this large do not cross MicroPython's bridge intact, a text does)."""
    try:
        return str(window.Date.new().toISOString())
    except Exception:
        return ""


# ----------------------------------------------------------------- the game in progress

def dump(s):
    """The stored text of the page's state ``s`` (ui/state.py)."""
    order = "".join(e["tile"] for e in s.get("rack", []) if not e.get("pre"))   # the player's own order
    return dump_game(s["spec"], s["snap"], s["layout"], order)


def dump_game(spec, snap, layout, order=""):
    """The stored text of a game (the club page stores a pairing's game for the game page)."""
    return sealed({"spec": spec, "snap": snap, "layout": layout, "order": order})


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
    data, problem = opened(text)
    if problem:
        return None, "saved by another version" if problem == OTHER_VERSION else "not a saved game"
    if data is None:
        return None, ""
    try:
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
    """The pages' one way to localStorage, through ui/kit.js's wlcGet/wlcSet/wlcDel:
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
