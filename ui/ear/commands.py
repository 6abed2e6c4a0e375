"""The command keys for players by ear (like a blindfold mode): "/" then one key speaks
the rack, the scores, the tiles left, whose turn, the clock, the play so far, the last
play, the row, the column or the word at the cursor; digits then a letter ("8D") jump
to a square across, "/g" then "D8" and Enter jumps down; "?" lists the commands.
Each is ``on_key(state, event)``, first of the page's key handlers. Pure and
MicroPython-safe; the sentences come from ui/ear/say.py."""

from ui.board import geom
from ui.ear import say
from ui.ear.hooks import again
from ui.game import clock
from ui.game.flow import with_fx
from ui.game.turns import seat_name

# The keys after "/", each with what it says (the help and How to play list them).
KEYS = (("R", "your rack"), ("N", "your rack in NATO words"), ("S", "the scores"),
        ("T", "the tiles left and unseen"), ("W", "whose turn"), ("C", "the clock"),
        ("P", "your play so far"), ("L", "the last play"), ("B", "the play before it"), ("X", "this row"), ("Y", "this column"),
        ("O", "the word here"), ("G", "go to a square"), ("H", "this help"))

HELP = ("Commands: slash, then " + ", ".join(k + " " + what for k, what in KEYS) + ". Type a row and a "
        "column, 8D, to go there typing across; slash G, D8, Enter to go there typing down. Space turns "
        "the direction. Escape cancels a command.")


def on_key(s, ev):
    """The ear's keys; any other key goes on to the game's own handlers."""
    key = ev.get("key", "")
    mode = s.get("ear", "")
    if s.get("choose") or s.get("busy") == "replay":
        return s
    if mode == "cmd":
        s["ear"] = ""
        return command(s, key.lower()), None
    if mode.startswith("go:"):
        return going(s, mode[3:], key), None
    exchanging = s.get("mode") in ("exchange", "trade")
    if key == "/":
        s["ear"] = "cmd"
        s["announce"] = again(s, "Command?")
        return s, None
    if key == "?" and not exchanging:
        s["announce"] = again(s, HELP)
        return s, None
    if len(key) == 1 and key.isdigit() and not exchanging:
        s["ear"] = "go:" + key
        s["announce"] = again(s, key)
        return s, None
    return s


def going(s, typed, key):
    """A square typed after digits (row first: across) or after /g (either way, Enter)."""
    if key == "Escape":
        s["ear"] = ""
        s["announce"] = "Go to: cancelled."
        return s
    if key == "Backspace":
        s["ear"] = "go:" + typed[:-1]
        return s
    if key == "Enter":
        s["ear"] = ""
        return jump(s, typed)
    if len(key) == 1 and (key.isalpha() or key.isdigit()):
        typed += key.upper()
        if typed[0].isdigit() and key.isalpha():   # 8D: the row, then the column ends it
            s["ear"] = ""
            return jump(s, typed)
        s["ear"] = "go:" + typed
        s["announce"] = again(s, key.upper())
    return s


def jump(s, typed):
    """Put the cursor on the square typed: "8D" across, "D8" down."""
    across = typed[:1].isdigit()
    if across:
        digits = "".join(c for c in typed if c.isdigit())
        letters = "".join(c for c in typed if c.isalpha())
        sq = letters + digits
    else:
        sq = typed
    rc = geom.parse(sq)
    if rc is None or not (0 <= rc[0] < s["layout"]["size"] and 0 <= rc[1] < s["layout"]["size"]):
        s["announce"] = again(s, "No square " + typed + " on this board.")
        return s
    s["cursor"] = sq
    s["dir"] = "across" if across else "down"
    s["sel"] = ["sq", sq]
    s["announce"] = again(s, typed + ", typing " + s["dir"] + ": " + square(s, sq) + ".")
    return with_fx(s, {"do": "focus", "sq": sq})


def square(s, sq):
    """A square in brief: its letter (a blank said so) or its premium, or empty."""
    for p in s["placed"]:
        if p["sq"] == sq:
            return p["letter"].upper() + " put down this turn"
    for t in s["snap"].get("tiles", []):
        if t["sq"] == sq:
            return ("blank " if t.get("blank") else "") + t["letter"].upper()
    rc = geom.parse(sq)
    prem = geom.premium(s["layout"], rc[0], rc[1])
    return (geom.PREMIUM_WORDS.get(prem, "") + ", " if prem else "") + "empty"


def _letters(s):
    """{square: letter} of every covered square: the board's and the tiles put down."""
    out = {}
    for t in s["snap"].get("tiles", []):
        out[t["sq"]] = ("blank " if t.get("blank") else "") + t["letter"].upper()
    for p in s["placed"]:
        out[p["sq"]] = p["letter"].upper()
    return out


def line(s, row):
    """A row (or a column) briefly: only its covered squares, "Row 8: H C, I A, J T." """
    rc = geom.parse(s["cursor"])
    size = s["layout"]["size"]
    covered = _letters(s)
    parts = []
    for i in range(size):
        sq = geom.name(rc[0], i) if row else geom.name(i, rc[1])
        if sq in covered:
            parts.append((geom.COLS[i] if row else str(i + 1)) + " " + covered[sq])
    head = ("Row " + str(rc[0] + 1)) if row else ("Column " + geom.COLS[rc[1]])
    return head + (": " + ", ".join(parts) + "." if parts else " is empty.")


def word_here(s):
    """The run of covered squares through the cursor in the typing direction."""
    d = (0, 1) if s["dir"] == "across" else (1, 0)
    covered = _letters(s)
    sq = s["cursor"]
    if sq not in covered:
        return sq + ": " + square(s, sq) + ", typing " + s["dir"] + "."
    start = sq
    while geom.step(s["layout"], start, -d[0], -d[1]) in covered:
        start = geom.step(s["layout"], start, -d[0], -d[1])
    run, cur = [], start
    while cur in covered:
        run.append(cur)
        cur = geom.step(s["layout"], cur, d[0], d[1])
    word = "".join(covered[q][-1] for q in run)
    return (("Across" if s["dir"] == "across" else "Down") + " through " + sq + ": " + word + ", from " + run[0] + " to " + run[-1]
            + (", spelled " + ", ".join(covered[q] for q in run) if any(" " in covered[q] for q in run) else "")
            + ".")


def play_so_far(s):
    if not s["placed"]:
        return "No tiles put down."
    tiles = ", ".join(p["sq"] + " " + p["letter"].upper() + (" (blank)" if p["tile"] == "?" else "")
                      for p in s["placed"])
    scored = say.preview(s)
    return "Put down: " + tiles + ". " + (scored or "Scoring.")


def last_play(s, back=0):
    """The last turn told in full (``back`` 1: the one before it)."""
    turns = [t for t in s["snap"].get("turns", []) if t.get("kind") not in ("end", "time")]
    if len(turns) <= back:
        return "No play yet." if not back else "No play before the last."
    return ("Before it: " if back else "Last: ") + say.turn_words(s, turns[-1 - back])


def clocks(s):
    snap = s["snap"]
    if snap.get("clock") is None:
        return "No clock in this game."
    parts = []
    for i in range(len(snap.get("seats", []))):
        ms = clock.left_ms(s, i)
        if ms is not None:
            parts.append(seat_name(snap, i) + " " + clock.fmt(ms))
    return "Clocks: " + ", ".join(parts) + "."


def whose_turn(s):
    from ui import view   # the status line's own words (ui.view is heavy: only when asked)
    return view.status_text(s)


def command(s, key):
    """What "/" then ``key`` says (T asks the engine for the unseen tiles first)."""
    snap = s["snap"]
    if key == "escape":
        s["announce"] = "Command cancelled."
        return s
    if key == "t":
        s["ear_wait"] = "unseen"
        s["announce"] = again(s, say.bag(snap))
        return with_fx(s, {"do": "p_unseen", "seat": s["rack_seat"] if s["rack_seat"] >= 0 else -1})
    said = {
        "r": lambda: say.your_rack(s) or "No rack shown.",
        "n": lambda: "In NATO words: " + say.rack_letters(_rack(s), nato=True) + ".",
        "s": lambda: say.scores(snap),
        "w": lambda: whose_turn(s),
        "c": lambda: clocks(s),
        "p": lambda: play_so_far(s),
        "l": lambda: last_play(s),
        "b": lambda: last_play(s, 1),
        "x": lambda: line(s, True),
        "y": lambda: line(s, False),
        "o": lambda: word_here(s),
        "h": lambda: HELP,
        "?": lambda: HELP,
    }
    if key == "g":
        s["ear"] = "go:"
        s["announce"] = again(s, "Go to which square? A row then a column goes across, 8D; a column then a row "
                                 "goes down, D8; then Enter.")
        return s
    if key not in said:
        s["announce"] = again(s, "No command " + key + ". Slash then H lists them.")
        return s
    s["announce"] = again(s, said[key]())
    return s


def _rack(s):
    racks = s["snap"].get("racks", [])
    seat = s.get("rack_seat", -1)
    return racks[seat] if 0 <= seat < len(racks) and s.get("handover", -1) < 0 else ""


def tell_unseen(s, ev):
    """The engine's count of the unseen tiles, said when "/t" asked for it."""
    if ev.get("what") != "unseen" or s.get("ear_wait") != "unseen":
        return s
    s["ear_wait"] = ""
    u = ev.get("data") or {}
    if "error" in u:
        s["announce"] = again(s, u["error"])
        return s
    tiles = u.get("tiles") or {}
    letters = "".join(k * int(tiles[k]) for k in sorted(tiles, key=lambda k: (k == "?", k)))
    s["announce"] = again(s, say.bag(s["snap"]) + " " + str(u.get("total", 0)) + " unseen"
                          + (" (at most)" if not u.get("exact", True) else "") + ": "
                          + say.rack_letters(letters) + ".")
    return s
