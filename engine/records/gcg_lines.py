"""Reading a GCG record's lines: the header (players, seed, notes) and each line's
numbers, with errors that name the line. engine/records/gcg.py builds games on it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..actionlog import PHONY, GameError, fit_name
from ..board import SquareError
from ..moves import MoveError
from ..notation import NotationError
from ..rules import Rules, RulesError, parse_score

# What replaying a record or placing its plays may raise: the engine's own errors.
ENGINE_ERRORS = (GameError, MoveError, NotationError, SquareError, RulesError)


class GCGError(NotationError):
    """A record that cannot be read; the message names the line when there is one."""


def read_seed(text: str, n: int):
    if text.startswith('"'):
        try:
            seed = json.loads(text)
        except ValueError:
            seed = None
        if not isinstance(seed, str):
            raise GCGError(f"line {n}: bad #seed {text[:60]!r}")
        return seed
    digits = text[1:] if text.startswith("-") else text
    if digits.isascii() and digits.isdigit() and len(digits) <= 4000:
        return int(text)
    return text   # an unquoted text seed (older records)


# ---------------------------------------------------------------- reading lines
@dataclass
class Lines:
    """A record split into its parts (no meaning given yet beyond the line kinds)."""

    players: dict = field(default_factory=dict)   # seat (1-based) -> (nick, full name, line)
    header: dict = field(default_factory=dict)    # pragma -> (value, line), the first of each
    actions: list = field(default_factory=list)
    events: list = field(default_factory=list)    # (line number, text after '>')
    notes: dict = field(default_factory=dict)     # event index (-1: before any) -> text


def split_lines(text: str) -> Lines:
    if not isinstance(text, str):
        raise GCGError("a GCG record is text")
    out = Lines()
    in_note = False
    for n, line in enumerate(text.splitlines(), 1):
        line = line.rstrip()
        if not line.strip():
            continue
        if line.startswith(">"):
            out.events.append((n, line[1:]))
            in_note = False
        elif line.startswith("#"):
            key, _, value = line[1:].partition(" ")
            value = value.strip()
            in_note = key == "note"
            if key.startswith("player") and key != "player":
                player_line(out, key[6:], value, n, line)
            elif key == "action":
                out.actions.append(value)
            elif key == "note":
                add_note(out, value)
            elif key:
                out.header.setdefault(key, (value, n))
        elif in_note:
            add_note(out, line.strip())
        else:
            raise GCGError(f"line {n}: not a GCG line (a line starts with '#' or '>'): {line[:60]!r}")
    return out


def player_line(out: Lines, seat: str, value: str, n: int, line: str) -> None:
    parts = value.split(None, 1)
    if not (seat.isascii() and seat.isdigit() and len(seat) == 1) or not parts:
        raise GCGError(f"line {n}: bad player line {line[:60]!r} (write #player1 nick Full Name)")
    if int(seat) in out.players:
        raise GCGError(f"line {n}: #player{seat} is given twice")
    out.players[int(seat)] = (parts[0], parts[1] if len(parts) == 2 else parts[0], n)


def add_note(out: Lines, text: str) -> None:
    at = len(out.events) - 1
    out.notes[at] = f"{out.notes[at]}\n{text}" if at in out.notes else text


def seats_of(lines: Lines) -> tuple[list[str], list[str]]:
    """(nicknames, full names) in seat order; checks #player1, #player2, ... ."""
    seats = sorted(lines.players)
    if not seats:
        raise GCGError("this record names no players (#player1 nick Full Name)")
    if seats != list(range(1, len(seats) + 1)):
        raise GCGError("the record's players must be #player1, #player2, ... in order")
    nicks = [lines.players[k][0] for k in seats]
    # Another program's full name may be longer than ours: cut, never refused whole.
    names = [fit_name(lines.players[k][1], f"player{k}") for k in seats]
    if len(set(nicks)) != len(nicks):
        raise GCGError("two players have the same nickname")
    return nicks, names


def score_of(text: str, n: int, line: str) -> int:
    """A signed score or total in ASCII digits (no other script's digits)."""
    value = parse_score(text)
    if value is None:
        raise GCGError(f"line {n}: score and total must be numbers in digits 0-9: {line[:60]!r}")
    return value


# ---------------------------------------------------------------- our records
def rules_of(lines: Lines) -> Rules:
    """The rules of the record's ``#rules`` line (GCGError naming the line)."""
    rules_text, rules_line = lines.header["rules"]
    try:
        return Rules.from_string(rules_text)
    except RulesError as exc:
        raise GCGError(f"line {rules_line}: {exc}") from None


def checked_turns(lines: Lines, nicks: list[str], turns, totals: list[int]) -> list[tuple[int, int, int]]:
    """Each turn line held to the turn the record's actions replayed to: the same
    player, score and running total (``totals``: each player's before the first,
    counted on in place). A phony challenged off is two lines, its play and ``--``
    (gcg_write.turn_lines; an older record's one ``--`` line is read too), and
    ``lines.notes`` is keyed anew by turn. [(line, score, total)] per turn, a phony's
    from its ``--`` line; GCGError naming the first line that differs. Our records and
    table games' (engine/table/record.py)."""
    events, recorded, turn_of = lines.events, [], {}
    if not events and turns:
        raise GCGError(f"the record lists no turns; its actions make {len(turns)}")
    k = 0
    for i, turn in enumerate(turns):
        parts = [turn.score]
        if turn.kind == PHONY and k + 1 < len(events) and _move_of(events[k][1]) != "--":
            value = int((turn.breakdown or {}).get("score") or 0)
            parts = [value, turn.score - value]
        for score_want in parts:
            if k >= len(events):
                raise GCGError(f"the record lists {len(events)} turn lines; its actions make more")
            n, line = events[k]
            turn_of[k] = i
            k += 1
            head, _, rest = line.partition(": ")
            fields_ = rest.rsplit(None, 2)
            if len(fields_) != 3 or head != nicks[turn.player]:
                raise GCGError(f"line {n}: expected a turn of {nicks[turn.player]}: {line[:60]!r}")
            score, total = score_of(fields_[1], n, line), score_of(fields_[2], n, line)
            totals[turn.player] += score_want
            if score != score_want or total != totals[turn.player]:
                raise GCGError(f"line {n}: the record says {score:+d} for a total of {total}, "
                               f"replaying gives {score_want:+d} for {totals[turn.player]}")
        recorded.append((n, turn.score, total))
    if k != len(events):
        raise GCGError(f"the record lists {len(events)} turn lines; its actions make {k}")
    notes = {}
    for at, text in lines.notes.items():
        key = turn_of.get(at, at)
        notes[key] = f"{notes[key]}\n{text}" if key in notes else text
    lines.notes = notes
    return recorded


def _move_of(event: str) -> str:
    """A turn line's move (the word before the score and total)."""
    fields_ = event.partition(": ")[2].rsplit(None, 2)
    return fields_[0].split()[-1] if len(fields_) == 3 and fields_[0].split() else ""
