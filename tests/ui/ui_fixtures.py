"""Snapshots and layouts shaped like engine.session's, for the UI's native tests.

Plain data (the MicroPython run of these tests cannot import the engine), and the
few steps every state test takes: a new state, events stepped in, the effects asked for.
"""

from ui import state
from ui.boot import handlers

_CLASSIC = (
    "T..d...T...d..T", ".D...t...t...D.", "..D...d.d...D..", "d..D...d...D..d",
    "....D.....D....", ".t...t...t...t.", "..d...d.d...d..", "T..d...*...d..T",
    "..d...d.d...d..", ".t...t...t...t.", "....D.....D....", "d..D...d...D..d",
    "..D...d.d...D..", ".D...t...t...D.", "T..d...T...d..T",
)
_CODE = {"T": "TW", "D": "DW", "t": "TL", "d": "DL", "*": "DW", ".": ".."}
VALUES = {"A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1, "J": 8, "K": 5,
          "L": 1, "M": 3, "N": 1, "O": 1, "P": 3, "Q": 10, "R": 1, "S": 1, "T": 1, "U": 1, "V": 4,
          "W": 4, "X": 8, "Y": 4, "Z": 10, "?": 0}


def layout(size=15):
    if size == 15:
        rows = ["".join(_CODE[ch] for ch in row) for row in _CLASSIC]
        start, inner = "H8", None
    else:  # the classic board with 3 plain rows around it
        rows = [".." * 21] * 3 + [".." * 3 + "".join(_CODE[ch] for ch in row) + ".." * 3
                                  for row in _CLASSIC] + [".." * 21] * 3
        start, inner = "K11", [3, 3, 17, 17]
    return {"rules": "classic" if size == 15 else "i", "size": size, "premiums": rows, "start": start,
            "inner": inner, "values": dict(VALUES), "rack_size": 7}


def legal(**changes):
    out = {"place": True, "exchange": 7, "pass": True, "challenge": False, "check": False,
           "trade": False, "final": False, "timeout": False}
    out.update(changes)
    return out


def snap(racks=("AEINRST", "EGGLOOS"), tiles=(), to_move=0, kinds=("human", "hard"), rules="classic",
         phase="play", **extra):
    seats = [{"name": "You" if i == 0 else "Player " + str(i + 1), "kind": k} for i, k in enumerate(kinds)]
    out = {"rules": rules, "seed": "t1", "seats": seats, "actions": [], "size": 15,
           "tiles": [dict(t) for t in tiles], "racks": list(racks), "scores": [0] * len(seats),
           "to_move": to_move, "phase": phase, "end_reason": "", "bag": 86, "rack_player": to_move,
           "legal": legal(), "turns": [], "last_squares": [], "pickable": [], "swappable": [],
           "ppt": [0.0] * len(seats), "clock": None, "winner": [], "message": "", "events": []}
    out.update(extra)
    return out


def tile(sq, letter, value=None, blank=False, flipped=""):
    return {"sq": sq, "letter": letter, "blank": blank, "flipped": flipped,
            "value": VALUES.get(letter, 0) if value is None else value}


def new(snap_=None, engine="ready"):
    """The UI's state for ``snap_`` (default: ``snap()``) on the classic board."""
    return state.initial(layout(), {"rules": "classic"}, snap_ or snap(), engine)


def go(s, *events):
    for ev in events:
        s = handlers.step(s, ev)
    return s


def effects(s, kind):
    return [f for f in s["fx"] if f["do"] == kind]


def run(coro):
    """Drive a coroutine that never really waits (MicroPython has no asyncio.run)."""
    try:
        while True:
            coro.send(None)
    except StopIteration as done:
        return done.value
