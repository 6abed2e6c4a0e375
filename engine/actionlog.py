"""What a game writes down: its action log and its score-sheet lines.

A game is its rules, seed and action log. Each logged action is printable ASCII
text with an optional elapsed time in whole milliseconds (``8D ZEBRAS @12500ms``);
``split_action`` reads one back. Each action adds or changes score-sheet lines
(``Turn`` records, one kind each). Split out of game.py so that the game, its
end (ending.py) and the records (gcg.py) share these without importing each other.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .board import square_name

MAX_SECONDS = 10 ** 9        # largest clock or elapsed time accepted (keeps seconds a float)
MAX_MS = MAX_SECONDS * 1000  # the same in the log's whole milliseconds: what to_ms writes and
                             # split_action reads (one limit for writer and reader)
# The longest seat name, everywhere (Game, links, GCG records, the page's New game
# dialog): long enough for a full name from another program's record, short enough
# for a score sheet's column.
MAX_NAME = 32

# Kinds of score-sheet lines. The first seven are turns (see ``is_turn``).
PLAY, EXCHANGE, PASS = "play", "exchange", "pass"
INVALID = "invalid"          # judged invalid (good words only): comes off, turn passes
PHONY = "phony"              # a challenged play that came off
LOST = "lost"                # a turn lost to a wrong challenge
FINAL = "final"              # a final-round attempt (valid or not)
END = "end"                  # end-of-game rack adjustment / overtime penalty
TIME = "time"                # time ran out (timesup; or a final-round attempt)
TRADE = "trade"              # Richard's free trade (before the turn)
RETRY = "retry"              # free retry: an invalid play withdrawn, same player again
DECLINE = "decline"          # a finder declines the final-round attempt
FREE = "free"                # free challenge: a valid play challenged, no penalty (not a turn)
TURN_KINDS = frozenset({PLAY, EXCHANGE, PASS, INVALID, PHONY, LOST, FINAL})


class GameError(ValueError):
    """An action that is not possible now (the message is for a player)."""


def is_turn(turn: "Turn") -> bool:
    """The one notion of 'counts as a turn' (PPT, last_turn, the end rules, GCG)."""
    return turn.kind in TURN_KINDS


@dataclass(frozen=True)
class Turn:
    """One line of the score sheet (immutable: the game hands these out as is).

    ``squares`` names the squares where tiles were placed and ``breakdown`` is the
    play's ``Evaluation.to_dict(size)`` (placements only; treat it as read-only).
    ``game.at(turn.action + 1)`` is the position right after the line."""

    player: int
    kind: str
    text: str                # move text, or a description
    score: int               # points this line adds (may be negative)
    rack: str                # the rack before the turn
    words: tuple = ()
    invalid: tuple = ()
    checkable: bool = False  # good-words failure that may still ask the large list
    value: int = 0           # an invalid play's would-be value (for the large-list check)
    squares: tuple = ()
    breakdown: dict | None = field(default=None, compare=False, hash=False)
    action: int = -1         # index in ``actions`` of the action that wrote this line

    @property
    def counts(self) -> bool:
        return is_turn(self)


def placement_details(move, ev, size: int) -> dict:
    """The Turn fields a placement's line carries for the score sheet and replays."""
    return dict(words=tuple(w.word for w in ev.words), invalid=tuple(ev.invalid),
                squares=tuple(square_name(*divmod(sq, size)) for sq, _, _ in move.tiles),
                breakdown=ev.to_dict(size))


# ---------------------------------------------------------------------- input
def clean_action(text) -> str:
    """Action text: printable ASCII on one line (errors quote at most 60 characters)."""
    if not isinstance(text, str):
        raise GameError("an action is text")
    text = text.strip()
    if not text:
        raise GameError("empty action")
    if not (text.isascii() and text.isprintable()):
        raise GameError(f"{text[:60]!r}: an action is letters, digits and ;-[]? on one line")
    if len(text) > 200:
        raise GameError(f"{text[:60]!r}...: too long for an action")
    return text


def to_ms(elapsed):
    """Seconds (int or float) -> whole milliseconds, or None; rejects nan, inf, < 0."""
    if elapsed is None:
        return None
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)):
        raise GameError("an elapsed time is a number of seconds")
    if isinstance(elapsed, float) and not math.isfinite(elapsed):
        raise GameError("an elapsed time must be a finite number of seconds")
    if not 0 <= elapsed <= MAX_SECONDS:
        raise GameError(f"an elapsed time must be 0 to {MAX_SECONDS} seconds")
    return min(int(elapsed * 1000) if isinstance(elapsed, int) else round(elapsed * 1000), MAX_MS)


def split_action(action: str):
    """A logged action -> (text, milliseconds or None); reads ``@12500ms`` and the
    old ``@12.5`` (seconds) form."""
    if not isinstance(action, str):
        raise GameError("an action is text")
    if " @" not in action:
        return clean_action(action), None
    text, _, at = action.rpartition(" @")
    try:
        if at.endswith("ms") and at[:-2].isascii() and at[:-2].isdigit() \
                and len(at) - 2 <= len(str(MAX_MS)):
            ms = int(at[:-2])
        elif len(at) <= 30 and at.isascii():
            ms = to_ms(float(at))
        else:
            raise ValueError
    except ValueError:
        raise GameError(f"{at[:60]!r} is not an elapsed time (write @12500ms)") from None
    if ms > MAX_MS:
        raise GameError(f"an elapsed time must be 0 to {MAX_SECONDS} seconds")
    return clean_action(text), ms


def check_names(names, players: int) -> list[str]:
    """Seat names (default player1, player2, ...), each checked by ``check_name``."""
    if names is None:
        return [f"player{i + 1}" for i in range(players)]
    names = list(names)
    if len(names) != players:
        raise GameError(f"{len(names)} names for {players} players")
    return [check_name(name) for name in names]


def check_name(name) -> str:
    """A seat name a game is given: 1 to MAX_NAME printable characters (stripped).
    The one check of the one limit: links, records and the page's specs hold names
    that ``fit_name`` has made pass it."""
    if not isinstance(name, str) or not name.strip() or not name.isprintable() \
            or len(name.strip()) > MAX_NAME:
        raise GameError(f"{str(name)[:MAX_NAME]!r} is not a player name "
                        f"(1 to {MAX_NAME} printable characters)")
    return name.strip()


def fit_name(raw, default: str) -> str:
    """A name read from outside (a link, a GCG record, the page's spec) made into
    one ``check_name`` accepts: white space that is not a plain space becomes one,
    other unprintable characters go, and a longer name is cut to MAX_NAME (an older
    link or another program's record may carry one: a name is only a label, so the
    game still opens, the same game). Empty: ``default``."""
    text = "".join(" " if ch.isspace() else ch for ch in str(raw) if ch.isprintable() or ch.isspace())
    return text.strip()[:MAX_NAME].rstrip() or default[:MAX_NAME]
