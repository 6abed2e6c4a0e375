"""ui/view.py and ui/render.py run natively too (no browser): checked here under CPython."""

from engine.board import LAYOUTS
from ui import render, view


def test_board_view_follows_the_layout():
    for name, layout in LAYOUTS.items():
        bv = view.board_view(layout)
        n = layout.size
        assert bv.size == n and len(bv.cells) == n and all(len(r) == n for r in bv.cells)
        assert bv.row_labels[0] == "1" and bv.row_labels[-1] == str(n)
        assert bv.col_labels[0] == "A" and len(bv.col_labels) == n
        starts = [c for row in bv.cells for c in row if c.start]
        assert [(c.row, c.col) for c in starts] == [tuple(layout.start)], name
        for row in bv.cells:
            for c in row:
                assert c.premium == layout.premium(c.row, c.col)


def test_classic_cells():
    bv = view.board_view(LAYOUTS["classic15"])
    h8 = bv.cell(7, 7)
    assert (h8.name, h8.premium, h8.label) == ("H8", "DW", view.START_LABEL)
    assert "start" in h8.title
    a1 = bv.cell(0, 0)
    assert (a1.name, a1.premium, a1.label, a1.title) == ("A1", "TW", "TW", "A1, triple word")
    assert bv.cell(0, 1).label == "" and bv.cell(0, 1).title == "B1"


def test_board_html_has_one_div_per_square():
    html = render.board_html(view.board_view(LAYOUTS["classic15"]))
    assert html.count('class="cell') == 225
    assert html.count("data-row=") == 225
    assert 'data-square="H8" data-premium="DW"' in html
    assert html.count('class="coord') == 30
