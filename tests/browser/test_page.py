"""The game page in headless Chromium: boots offline, shows the board, stays clean."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest

from engine.board import LAYOUTS

ROOT = Path(__file__).resolve().parents[2]

CELLS_JS = """() => [...document.querySelectorAll('#board .cell')].map(c => ({
    row: +c.dataset.row, col: +c.dataset.col, square: c.dataset.square,
    premium: c.dataset.premium, label: c.textContent, start: c.classList.contains('start'),
}))"""


@pytest.fixture(scope="module")
def cells(booted):
    return {(c["row"], c["col"]): c for c in booted.page.evaluate(CELLS_JS)}


def test_boot_sets_ready_marker_and_drops_splash(booted):
    assert booted.splash_while_booting  # the loading indicator showed while Pyodide booted
    page = booted.page
    assert page.evaluate("document.body.dataset.ready") == "1"
    assert page.locator("#splash").count() == 0
    assert page.locator("#board").is_visible()


def test_board_is_15_by_15_with_coordinates(booted, cells):
    assert len(cells) == 225
    assert set(cells) == {(r, c) for r in range(15) for c in range(15)}
    page = booted.page
    assert page.get_attribute("#board", "data-size") == "15"
    cols = page.locator("#board .coord.col").all_text_contents()
    rows = page.locator("#board .coord.row").all_text_contents()
    assert cols == list("ABCDEFGHIJKLMNO")
    assert rows == [str(n) for n in range(1, 16)]
    assert cells[(7, 7)]["square"] == "H8"
    assert cells[(0, 14)]["square"] == "O1"


@pytest.mark.parametrize(
    "square, premium, label",
    [
        ("H8", "DW", "\u2605"),  # the start square
        ("A1", "TW", "TW"),
        ("H1", "TW", "TW"),
        ("O15", "TW", "TW"),
        ("D1", "DL", "DL"),
        ("B2", "DW", "DW"),
        ("F2", "TL", "TL"),
        ("G7", "DL", "DL"),
        ("E5", "DW", "DW"),
        ("B1", "", ""),
        ("H7", "", ""),
    ],
)
def test_premium_squares_spot_check(cells, square, premium, label):
    by_name = {c["square"]: c for c in cells.values()}
    cell = by_name[square]
    assert cell["premium"] == premium
    assert cell["label"] == label
    assert cell["start"] == (square == "H8")


def test_every_square_matches_engine_layout(cells):
    layout = LAYOUTS["classic15"]
    for (row, col), cell in cells.items():
        assert cell["premium"] == layout.premium(row, col), cell
    counts = {}
    for cell in cells.values():
        counts[cell["premium"]] = counts.get(cell["premium"], 0) + 1
    assert counts == {"TW": 8, "DW": 17, "TL": 12, "DL": 24, "": 164}


def test_premium_squares_are_coloured(booted):
    colour = booted.page.evaluate(
        """() => Object.fromEntries(['A1','H8','F2','D1','B1'].map(n => [n,
            getComputedStyle(document.querySelector(`[data-square="${n}"]`)).backgroundColor]))"""
    )
    assert len(set(colour.values())) == 5, colour  # TW, DW, TL, DL and plain all differ


def test_no_console_errors(booted):
    assert booted.page_errors == []
    assert booted.console_of("error") == []
    assert booted.bad_status == []


def test_only_local_requests(booted):
    origin = urlsplit(booted.url)
    assert origin.hostname == "127.0.0.1"
    assert len(booted.requests) >= 10  # the log really is recording (runtime files, config...)
    offsite = [
        url
        for url in booted.requests
        if not url.startswith(("data:", "blob:"))
        and (urlsplit(url).hostname, urlsplit(url).port) != (origin.hostname, origin.port)
    ]
    assert offsite == []
    assert booted.failed == []
    wanted = {"vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip", "vendor/app.zip"}
    paths = {urlsplit(url).path.lstrip("/") for url in booted.requests}
    assert wanted <= paths


def test_word_list_status(booted):
    page = booted.page
    state = page.evaluate("document.body.dataset.lexicon")
    status = page.text_content("#status") or ""
    if (ROOT / "wordlists" / "lexicon.bin").is_file():
        assert state == "ready", status
        ms = float(page.evaluate("document.body.dataset.lexiconMs"))
        assert 0 <= ms < 5000
    else:
        assert state == "unavailable"
        assert "unavailable" in status.lower()


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 667)])
def test_board_fits_and_is_centred(booted, width, height):
    page = booted.page
    page.set_viewport_size({"width": width, "height": height})
    try:
        box = page.locator("#board").bounding_box()
        cell = page.locator('[data-square="A1"]').bounding_box()
        font_px = page.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('[data-square=\"A1\"]')).fontSize)"
        )
        scroll_w = page.evaluate("document.documentElement.scrollWidth")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
    assert scroll_w <= width  # no sideways scrolling
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert box["y"] + box["height"] <= height + 1  # whole board on screen
    left, right = box["x"], width - box["x"] - box["width"]
    assert abs(left - right) <= 2, (left, right)
    assert cell["width"] >= 18 and abs(cell["width"] - cell["height"]) < 1.5
    assert font_px >= 8
