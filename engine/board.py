"""Board layouts (premium squares as data) and the mutable board of a game.

Squares are plain ints ``row * size + col`` (0-based). Text names are column letter
then row number (``H8``), as in RULES.md section 1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .rules import quoted

# Classic premium squares, drawn as text (RULES.md section 1). T = triple word,
# D = double word, t = triple letter, d = double letter, * = start (double word).
_CLASSIC_ROWS = """
T..d...T...d..T
.D...t...t...D.
..D...d.d...D..
d..D...d...D..d
....D.....D....
.t...t...t...t.
..d...d.d...d..
T..d...*...d..T
..d...d.d...d..
.t...t...t...t.
....D.....D....
d..D...d...D..d
..D...d.d...D..
.D...t...t...D.
T..d...T...d..T
"""

_CODE = {"T": "TW", "D": "DW", "t": "TL", "d": "DL", "*": "DW", ".": ""}
LETTER_MULT = {"DL": 2, "TL": 3}
WORD_MULT = {"DW": 2, "TW": 3}


class SquareError(ValueError):
    """A square name that does not exist on the board."""


@dataclass(frozen=True)
class Layout:
    """A board's geometry and premium squares; immutable, shared by every game."""

    name: str
    size: int
    start: tuple[int, int]
    premiums: tuple[str, ...]
    # Inclusive (row0, col0, row1, col1) of the inner board whose squares the main
    # word must touch (extended21); None when the whole board counts.
    inner: tuple[int, int, int, int] | None = None
    word_mult: tuple[int, ...] = field(init=False, repr=False, compare=False)
    letter_mult: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "word_mult", tuple(WORD_MULT.get(p, 1) for p in self.premiums))
        object.__setattr__(self, "letter_mult", tuple(LETTER_MULT.get(p, 1) for p in self.premiums))

    @property
    def start_square(self) -> int:
        return self.start[0] * self.size + self.start[1]

    def premium(self, row: int, col: int) -> str:
        """'' or one of DL, TL, DW, TW for the 0-based square."""
        return self.premiums[row * self.size + col]

    def in_inner(self, row: int, col: int) -> bool:
        if self.inner is None:
            return True
        r0, c0, r1, c1 = self.inner
        return r0 <= row <= r1 and c0 <= col <= c1

    def inner_range(self, line: int, across: bool) -> tuple[int, int] | None:
        """The positions along one line (row ``line`` when across, else column
        ``line``) that lie on the inner board, as (first, last), or None when the
        line misses it. The inner-board rule (RULES.md 4: the main word covers at
        least one inner square) is ``covers_inner``; the generator tests the same
        range inline."""
        if self.inner is None:
            return (0, self.size - 1)
        r0, c0, r1, c1 = self.inner
        lo_line, hi_line, lo, hi = (r0, r1, c0, c1) if across else (c0, c1, r0, r1)
        return (lo, hi) if lo_line <= line <= hi_line else None

    def covers_inner(self, squares, across: bool) -> bool:
        """Whether a word on these squares (one line, in order) touches the inner board."""
        row0, col0 = divmod(squares[0], self.size)
        row1, col1 = divmod(squares[-1], self.size)
        line, first, last = (row0, col0, col1) if across else (col0, row0, row1)
        span = self.inner_range(line, across)
        return span is not None and first <= span[1] and last >= span[0]

    def square(self, name: str) -> int:
        """The square index of a name such as ``H8``; raises SquareError."""
        row, col = parse_square(name, self.size)
        return row * self.size + col

    def name_of(self, sq: int) -> str:
        return square_name(*divmod(sq, self.size))


def _layout(name: str, rows_text: str, margin: int) -> Layout:
    rows = [r for r in rows_text.strip().splitlines()]
    inner_size = len(rows)
    size = inner_size + 2 * margin
    premiums = [""] * (size * size)
    start = None
    for r, line in enumerate(rows):
        assert len(line) == inner_size, line
        for c, ch in enumerate(line):
            premiums[(r + margin) * size + c + margin] = _CODE[ch]
            if ch == "*":
                start = (r + margin, c + margin)
    assert start is not None
    inner = None
    if margin:
        inner = (margin, margin, margin + inner_size - 1, margin + inner_size - 1)
    return Layout(name, size, start, tuple(premiums), inner)


LAYOUTS: dict[str, Layout] = {
    "classic15": _layout("classic15", _CLASSIC_ROWS, 0),
    "extended21": _layout("extended21", _CLASSIC_ROWS, 3),
}


# ------------------------------------------------------------------ geometry
def run(cells, sq: int, across: bool, size: int) -> list[int]:
    """Squares of the maximal run of tiles through ``sq`` in one direction."""
    row, col = divmod(sq, size)
    if across:
        c0 = col
        while c0 > 0 and cells[row * size + c0 - 1]:
            c0 -= 1
        c1 = col
        while c1 < size - 1 and cells[row * size + c1 + 1]:
            c1 += 1
        return [row * size + c for c in range(c0, c1 + 1)]
    r0 = row
    while r0 > 0 and cells[(r0 - 1) * size + col]:
        r0 -= 1
    r1 = row
    while r1 < size - 1 and cells[(r1 + 1) * size + col]:
        r1 += 1
    return [r * size + col for r in range(r0, r1 + 1)]


def has_cross_neighbour(cells, sq: int, across: bool, size: int) -> bool:
    """Whether a tile touches ``sq`` across the line (above/below when across):
    a tile without such a neighbour is free-hanging (RULES.md 6.3)."""
    row, col = divmod(sq, size)
    if across:
        return (row > 0 and bool(cells[sq - size])) or (row < size - 1 and bool(cells[sq + size]))
    return (col > 0 and bool(cells[sq - 1])) or (col < size - 1 and bool(cells[sq + 1]))


def transpose(i: int, size: int) -> int:
    """The square at index ``i`` of the transposed board (row and column
    exchanged); its own inverse. The generator reads columns as rows of this view."""
    return (i % size) * size + i // size


def line_order(size: int, across: bool) -> list[int]:
    """Board squares in reading order of one direction's view: rows as they are
    (across), or columns read as rows (down)."""
    n = size * size
    return list(range(n)) if across else [transpose(i, size) for i in range(n)]


def square_name(row: int, col: int) -> str:
    """``(7, 7)`` -> ``'H8'``."""
    return f"{chr(65 + col)}{row + 1}"


# A square name: an ASCII letter and ASCII digits (str.isdigit also takes '²' and
# other scripts' digits, which int() refuses or reads as numbers).
_SQUARE_NAME = re.compile(r"([A-Za-z])([0-9]+)")


def parse_square(name: str, size: int) -> tuple[int, int]:
    """``'H8'`` -> ``(7, 7)``; raises SquareError for anything else, or a name
    off a board of ``size``."""
    m = _SQUARE_NAME.fullmatch(name.strip())
    if not m:
        raise SquareError(f"{quoted(name)} is not a square (expected a column letter and a row number, like H8)")
    digits = m.group(2)
    col = ord(m.group(1).upper()) - 65
    row = int(digits) - 1 if len(digits) <= 3 else size  # no int() of 4,301 digits
    if not (0 <= col < size and 0 <= row < size):
        raise SquareError(f"{quoted(name)} is off the {size}x{size} board")
    return row, col


class Board:
    """The tiles on the board of one game.

    ``cells[sq]`` is '' (empty), 'A'..'Z' (a natural tile) or 'a'..'z' (a blank
    standing for that letter). ``wild[sq]`` names the J/Q/X/Z tile lying face down
    under a lowercase cell (JQXZ wild). ``spent`` holds squares whose premium has
    been used: a premium pays only the first time its square is covered, so a
    square emptied by a pick-off pays nothing when covered again.
    """

    __slots__ = ("layout", "size", "cells", "wild", "spent")

    def __init__(self, layout: Layout):
        self.layout = layout
        self.size = layout.size
        self.cells: list[str] = [""] * (layout.size * layout.size)
        self.wild: dict[int, str] = {}
        self.spent: set[int] = set()

    def copy(self) -> "Board":
        other = Board.__new__(Board)
        other.layout = self.layout
        other.size = self.size
        other.cells = self.cells[:]
        other.wild = dict(self.wild)
        other.spent = set(self.spent)
        return other

    def __deepcopy__(self, memo) -> "Board":
        return self.copy()  # layouts are immutable and shared, never copied

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Board) and self.layout == other.layout and self.cells == other.cells
                and self.wild == other.wild and self.spent == other.spent)

    def is_empty(self) -> bool:
        return not any(self.cells)

    def tile_count(self) -> int:
        return sum(1 for c in self.cells if c)

    def tile_at(self, sq: int) -> str:
        """The physical tile on a square: a letter, '?' for a blank, or the wild letter."""
        cell = self.cells[sq]
        if cell.islower():
            return self.wild.get(sq, "?")
        return cell

    def put(self, sq: int, cell: str, wild: str | None = None) -> None:
        self.cells[sq] = cell
        self.spent.add(sq)
        if wild:
            self.wild[sq] = wild
        else:
            self.wild.pop(sq, None)

    def remove(self, sq: int) -> str:
        """Take a tile off; returns the physical tile (letter, '?' or wild letter)."""
        tile = self.tile_at(sq)
        self.cells[sq] = ""
        self.wild.pop(sq, None)
        return tile
