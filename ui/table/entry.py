"""A play entered at the table: the squares tapped and the letters chosen from the
letter pad, as plain data (pure, MicroPython-safe).

The entry lives in the page's state ``s``: "placed" ([{"sq", "tile", "letter",
"face_down"}]: "tile" is "?" for a blank, the J/Q/X/Z for one played face down,
else the letter), "pre" ([{"kind": "swap" | "pick", "sq", "letter", "group"}]:
one item per square, so ui/view.board_cells draws a swapped blank and every
picked-off square as the main page does), "cursor", "dir" ("across"/"down")
and "mode" ("", "blank", "down": a face-down J/Q/X/Z is wanted, or "down:Q":
the letter the face-down Q stands for). ``placement`` turns it into the
placement JSON the engine reads (engine/session/util.play_of); the engine
writes the move text and judges everything.
"""

from ui.board import geom

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
JQXZ = "JQXZ"


def blank_entry(s):
    """No entry: no tiles, swaps or pick-off, and no typed entry waiting for Confirm
    (a typed pass left unconfirmed must not be what Confirm enters after a play)."""
    s["placed"], s["pre"], s["mode"], s["tapped"], s["typed"] = [], [], "", "", ""
    return s


def board_tiles(view):
    """{sq: tile dict} of the tiles on the board in the engine's view."""
    out = {}
    for t in (view or {}).get("tiles", []):
        out[t["sq"]] = t
    return out


def _picked(s):
    return [p["sq"] for p in s["pre"] if p["kind"] == "pick"]


def _placed_at(s, sq):
    for p in s["placed"]:
        if p["sq"] == sq:
            return p
    return None


def on_board(s, sq):
    """A tile of the board stands on ``sq`` (not picked off in this entry)."""
    return sq in board_tiles(s["view"]) and sq not in _picked(s)


def empty(s, sq):
    return sq is not None and not on_board(s, sq) and _placed_at(s, sq) is None


def next_empty(s, sq, direction, include=False):
    """The first empty square from ``sq`` (itself too when ``include``) going
    across or down; None at the edge."""
    step = (0, 1) if direction == "across" else (1, 0)
    cur = sq if include else geom.step(s["layout"], sq, step[0], step[1])
    while cur is not None and not empty(s, cur):
        cur = geom.step(s["layout"], cur, step[0], step[1])
    return cur


def tap_square(s, sq):
    """A tapped square: a tile put down in this entry comes back; tapping an empty
    square twice turns the direction; else the cursor moves there."""
    if geom.parse(sq) is None:
        return s
    if _placed_at(s, sq) is not None:
        s["placed"] = [p for p in s["placed"] if p["sq"] != sq]
        s["cursor"], s["tapped"] = sq, ""
        return s
    if s.get("tapped") == sq and s["cursor"] == sq and empty(s, sq):
        s["dir"] = "down" if s["dir"] == "across" else "across"
    s["cursor"], s["tapped"] = sq, sq
    return s


def move_cursor(s, d_row, d_col):
    nxt = geom.step(s["layout"], s["cursor"], d_row, d_col)
    if nxt is not None:
        s["cursor"] = nxt
    return s


def _after(s, sq):
    """Where the cursor goes after ``sq``: the next square, a board tile too (a
    player spelling the word types its letter to pass over it), else the next
    empty square."""
    step = (0, 1) if s["dir"] == "across" else (1, 0)
    nxt = geom.step(s["layout"], sq, step[0], step[1])
    if nxt is not None and on_board(s, nxt):
        return nxt
    return next_empty(s, sq, s["dir"]) or sq


def _put(s, sq, tile, letter, face_down):
    s["tapped"] = ""
    s["placed"] = [p for p in s["placed"] if p["sq"] != sq] + [
        {"sq": sq, "tile": tile, "letter": letter, "face_down": face_down}]
    s["cursor"] = _after(s, sq)
    s["mode"] = ""
    return s


def letter(s, ch):
    """A letter from the pad (or the keyboard) at the cursor, as the mode says;
    returns (state, message) where message says what is wanted next."""
    ch = ch.upper()
    if len(ch) != 1 or ch not in LETTERS:
        return s, ""
    mode = s["mode"]
    if mode == "down":
        if ch not in JQXZ:
            return s, "Choose the tile played face down: J, Q, X or Z."
        s["mode"] = "down:" + ch
        return s, "Now the letter the face-down " + ch + " stands for."
    here = board_tiles(s["view"]).get(s["cursor"])
    if mode == "" and here is not None and on_board(s, s["cursor"]) and here["letter"].upper() == ch:
        s["cursor"] = _after(s, s["cursor"])   # the letter of the tile already there: spelled through
        return s, ""
    sq = next_empty(s, s["cursor"], s["dir"], include=True)
    if sq is None:
        return s, "No empty square there: tap the square the word starts on."
    if mode == "blank":
        return _put(s, sq, "?", ch, False), ""
    if mode.startswith("down:"):
        return _put(s, sq, mode[5:], ch, True), ""
    return _put(s, sq, ch, ch, False), ""


def set_mode(s, mode):
    """The blank key or the face-down key: on, or off when pressed again."""
    s["mode"] = "" if s["mode"] == mode or s["mode"].startswith(mode + ":") else mode
    return s


def back(s):
    """Take back the tile put down last (else the mode, else the swaps and pick-off)."""
    if s["mode"]:
        s["mode"] = ""
    elif s["placed"]:
        last = s["placed"][-1]
        s["placed"] = s["placed"][:-1]
        s["cursor"] = last["sq"]
    elif s["pre"]:
        group = s["pre"][-1]["group"]
        s["pre"] = [p for p in s["pre"] if p["group"] != group]
    return s


def _group(s):
    return 1 + max([p["group"] for p in s["pre"]] + [0])


def swap(s):
    """The swap for the blank on the cursor's square (again: not swapped);
    returns (state, message)."""
    sq = s["cursor"]
    if any(p["kind"] == "swap" and p["sq"] == sq for p in s["pre"]):
        s["pre"] = [p for p in s["pre"] if not (p["kind"] == "swap" and p["sq"] == sq)]
        return s, ""
    tile = board_tiles(s["view"]).get(sq)
    if tile is None or tile["letter"] == tile["letter"].upper():
        return s, "Swap: put the cursor on a blank of the board (tap it), then press Swap."
    if sq not in (s["view"] or {}).get("swappable", []):
        return s, "No natural " + tile["letter"].upper() + " is left to swap for the blank on " + sq + "."
    s["pre"] = s["pre"] + [{"kind": "swap", "sq": sq, "letter": tile["letter"].upper(), "group": _group(s)}]
    return s, ""


def trailing(s, sq, direction):
    """``sq`` and every board tile after it to the word's trailing end."""
    step = (0, 1) if direction == "across" else (1, 0)
    tiles = board_tiles(s["view"])
    out = []
    cur = sq
    while cur is not None and cur in tiles:
        out.append(cur)
        cur = geom.step(s["layout"], cur, step[0], step[1])
    return out


def pick(s):
    """A pick-off from the cursor's tile to the trailing end of its word in the
    direction of play (again: put back); returns (state, message)."""
    sq = s["cursor"]
    if sq in _picked(s):
        s["pre"] = [p for p in s["pre"] if p["kind"] != "pick"]
        return s, ""
    if sq not in board_tiles(s["view"]):
        return s, ("Pick off: tap the first tile to take off the end of a word on the board, "
                   "set the direction of the play (" + ("across" if s["dir"] == "across" else "down") + " now), then press Pick.")
    group = _group(s)
    s["pre"] = [p for p in s["pre"] if p["kind"] != "pick"] + [
        {"kind": "pick", "sq": x, "letter": "", "group": group} for x in trailing(s, sq, s["dir"])]
    return s, ""


def placement(s):
    """The placement JSON (a dict) for engine/session/util.play_of: the tiles, the
    swaps and the one pick-off in the order made, and the direction."""
    tiles = []
    for p in s["placed"]:
        one = {"sq": p["sq"], "tile": p["tile"], "letter": p["letter"]}
        if p.get("face_down"):
            one["face_down"] = True
        tiles.append(one)
    return {"tiles": tiles, "pre": pre_texts(s), "across": s["dir"] == "across"}


def pre_texts(s):
    out, seen = [], []
    for p in s["pre"]:
        if p["group"] in seen:
            continue
        seen.append(p["group"])
        out.append(p["kind"] + " " + p["sq"])
    return out


def prefix(s):
    """The swaps before an exchange or a pass, as move text ("swap K11; ")."""
    return "".join(t + "; " for t in pre_texts(s) if t.startswith("swap "))


def from_placement(s, data):
    """A typed placement (the engine's placement JSON) shown on the board as an entry."""
    s = blank_entry(s)
    across = bool(data.get("across", True))
    s["dir"] = "across" if across else "down"
    for i, text in enumerate(data.get("pre", [])):
        kind, _, sq = text.partition(" ")
        if kind == "swap":
            tile = board_tiles(s["view"]).get(sq) or {"letter": "?"}
            s["pre"] = s["pre"] + [{"kind": "swap", "sq": sq, "letter": tile["letter"].upper(), "group": i + 1}]
        elif kind == "pick":
            s["pre"] = s["pre"] + [{"kind": "pick", "sq": x, "letter": "", "group": i + 1}
                                   for x in trailing(s, sq, s["dir"])]
    for t in data.get("tiles", []):
        s["placed"] = s["placed"] + [{"sq": t["sq"], "tile": t["tile"], "letter": t["letter"],
                                      "face_down": bool(t.get("face_down"))}]
    if s["placed"]:
        s["cursor"] = s["placed"][0]["sq"]
    return s


def has_entry(s):
    return bool(s["placed"]) or bool(s["pre"])
