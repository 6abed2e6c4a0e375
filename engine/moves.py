"""Small immutable move values. Text forms live in notation.py."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Play:
    """A placement with the swaps and pick-off made before it, in order.

    ``pre``: ("swap", square) puts the rack's natural tile in place of the blank on
    that square and takes the blank (or the flipped J/Q/X/Z) into the rack;
    ("pick", square) takes the tile on that square and every tile after it up to the
    trailing end of its word (in the play's direction) into the rack.
    ``tiles``: (square, cell, rack tile) for each placed tile; cell 'E' is a natural
    E, 'e' a blank standing for E; the rack tile is the letter, '?' or (flipped, in
    JQXZ wild) 'J', 'Q', 'X' or 'Z'.
    ``across`` gives the line for a one-tile play with a pick-off; otherwise the
    tiles decide it (and a lone tile's main word follows RULES.md 4.1).
    """

    tiles: tuple[tuple[int, str, str], ...]
    pre: tuple[tuple[str, int], ...] = ()
    across: bool = True

    def rack_tiles(self) -> list[str]:
        return [t for _, _, t in self.tiles]


def merged_picks(pre: tuple, size: int, across: bool) -> tuple:
    """One pick per tile of a run (``pick K11; pick L11`` in either order) is one
    pick-off: picking a tile lifts every tile after it, so picks of adjacent squares on
    the play's line become the pick of the earliest, where the first of them stood.
    Anything else is left as it is, for the rules to judge."""
    picks = [i for i, (kind, _) in enumerate(pre) if kind == "pick"]
    if len(picks) < 2:
        return tuple(pre)
    squares = sorted(pre[i][1] for i in picks)
    step = 1 if across else size
    line = {sq // size if across else sq % size for sq in squares}
    if len(line) != 1 or any(b - a != step for a, b in zip(squares, squares[1:])):
        return tuple(pre)
    out = list(pre)
    out[picks[0]] = ("pick", squares[0])
    for i in reversed(picks[1:]):
        del out[i]
    return tuple(out)


@dataclass(frozen=True)
class Exchange:
    tiles: str  # rack tiles returned to the bag, e.g. "ABC" or "Q?"
    pre: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Pass:
    pre: tuple[tuple[str, int], ...] = ()


class MoveError(ValueError):
    """A move that breaks a placement or special-move rule; the message is for a player."""
