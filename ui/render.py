"""View model -> DOM. The HTML is built as one string (pure, testable natively) and
written with a single DOM call: one crossing of the Python/JS bridge per render."""

from __future__ import annotations

from html import escape

from ui.view import BoardView, CellView


def _cell_html(cell: CellView) -> str:
    classes = "cell"
    if cell.premium:
        classes += f" p-{cell.premium.lower()}"
    if cell.start:
        classes += " start"
    return (
        f'<div class="{classes}" data-row="{cell.row}" data-col="{cell.col}" '
        f'data-square="{cell.name}" data-premium="{cell.premium}" '
        f'role="gridcell" title="{escape(cell.title)}" aria-label="{escape(cell.title)}">'
        f"<span>{escape(cell.label)}</span></div>"
    )


def board_html(view: BoardView) -> str:
    """The inner HTML of #board: a corner, column letters, then each row's number and cells."""
    parts = ['<div class="corner" aria-hidden="true"></div>']
    parts += [f'<div class="coord col" aria-hidden="true">{c}</div>' for c in view.col_labels]
    for label, row in zip(view.row_labels, view.cells):
        parts.append(f'<div class="coord row" aria-hidden="true">{label}</div>')
        parts += [_cell_html(cell) for cell in row]
    return "".join(parts)


def show_board(document, view: BoardView) -> None:
    board = document.getElementById("board")
    board.style.setProperty("--n", str(view.size))
    board.setAttribute("role", "grid")
    board.dataset.size = str(view.size)
    board.innerHTML = board_html(view)


def hide_splash(document) -> None:
    splash = document.getElementById("splash")
    if splash is not None:
        splash.remove()


def set_status(document, text: str, state: str = "") -> None:
    status = document.getElementById("status")
    status.textContent = text
    status.dataset.state = state
