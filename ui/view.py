"""Engine data -> a plain view model: no DOM, no browser, testable under CPython."""

from __future__ import annotations

from dataclasses import dataclass

from engine.board import square_name

# Premium code -> (short label on the square, words for screen readers).
PREMIUM_TEXT = {
    "TW": ("TW", "triple word"),
    "DW": ("DW", "double word"),
    "TL": ("TL", "triple letter"),
    "DL": ("DL", "double letter"),
}
START_LABEL = "\u2605"  # a star


@dataclass(frozen=True)
class CellView:
    row: int
    col: int
    name: str  # "H8"
    premium: str  # "", "DL", "TL", "DW" or "TW"
    label: str  # text shown on the empty square
    title: str  # accessible description
    start: bool


@dataclass(frozen=True)
class BoardView:
    size: int
    col_labels: tuple[str, ...]  # "A".."O"
    row_labels: tuple[str, ...]  # "1".."15"
    cells: tuple[tuple[CellView, ...], ...]  # rows of cells

    def cell(self, row: int, col: int) -> CellView:
        return self.cells[row][col]


def cell_view(layout, row: int, col: int) -> CellView:
    premium = layout.premium(row, col)
    start = (row, col) == tuple(layout.start)
    name = square_name(row, col)
    label, words = PREMIUM_TEXT.get(premium, ("", ""))
    if start:
        label = START_LABEL
        words = f"start square, {words}" if words else "start square"
    title = f"{name}, {words}" if words else name
    return CellView(row, col, name, premium, label, title, start)


def board_view(layout) -> BoardView:
    """The view of an empty board for an ``engine.board.Layout``."""
    n = layout.size
    return BoardView(
        size=n,
        col_labels=tuple(square_name(0, c).rstrip("0123456789") for c in range(n)),
        row_labels=tuple(str(r + 1) for r in range(n)),
        cells=tuple(tuple(cell_view(layout, r, c) for c in range(n)) for r in range(n)),
    )
