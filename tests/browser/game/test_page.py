"""The page boots offline, paints the board and a game before the engine is up, then
brings the engine up; names, markers and layout that players and automation rely on."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

import browserkit as kit
from engine.board import LAYOUTS

@pytest.fixture(scope="module")
def first(booted):
    """What the page showed right after boot (other test modules change the game later)."""
    at = booted.at_boot
    return {"cells": {c["square"]: c for c in at["cells"]}, "rack": at["rack"], "saved": at["saved"],
            "engine_ms": float(at["engineMs"]), "requests": at["requests"]}


def test_board_and_rack_before_the_engine(booted, first):
    assert booted.splash_while_booting  # something showed while the runtime loaded
    page = booted.page
    assert page.title() == "Word Lovers' Crossword"
    assert "Word Lovers' Crossword" in page.inner_text("header h1")
    assert "scrabble" not in page.title().lower()
    assert page.locator("#splash").count() == 0
    assert booted.board_ms is not None and booted.board_ms > 0
    assert booted.board_ms < first["engine_ms"]  # the game was on screen before the engine was up
    assert len(first["rack"]) == 7
    assert page.evaluate("document.body.dataset.engine") == "ready"


def test_board_is_15_by_15(first):
    assert len(first["cells"]) == 225
    assert {c["square"] for c in first["cells"].values()} == {
        col + str(row) for col in "ABCDEFGHIJKLMNO" for row in range(1, 16)}


def test_every_square_matches_engine_layout_and_is_named(first):
    layout = LAYOUTS["classic15"]
    words = {"TW": "triple word", "DW": "double word", "TL": "triple letter", "DL": "double letter"}
    for r in range(15):
        for c in range(15):
            name = "ABCDEFGHIJKLMNO"[c] + str(r + 1)
            cell = first["cells"][name]
            assert cell["premium"] == layout.premium(r, c), name
            if name == "H8":
                # the cursor's square (a new game's is the start) also says the typing direction
                assert cell["label"] == "H8, start square, double word, empty, typing across from 8H" and cell["start"]
            elif cell["premium"]:
                assert cell["label"] == f"{name}, {words[cell['premium']]}, empty"
            else:
                assert cell["label"] == f"{name}, empty"


def test_rack_tiles_are_named_buttons(booted, first):
    values = {"Q": 10, "Z": 10, "A": 1, "?": 0}
    for letter, label in first["rack"]:
        assert len(letter) == 1 and (letter.isupper() or letter == "?")
        if letter in values:
            name = "blank" if letter == "?" else letter
            n = values[letter]
            assert label == f"rack tile {name}, {n} point{'s' if n != 1 else ''}"
    page = booted.page
    label = page.get_attribute("#rack button[data-letter]", "aria-label")
    assert label.startswith("rack tile ") and page.get_by_role("button", name=label).count() >= 1


def test_first_game_is_you_against_the_hard_computer(first):
    saved = first["saved"]
    assert saved["spec"]["rules"] == "classic"
    assert [s["kind"] for s in saved["spec"]["seats"]] == ["human", "hard"]
    assert sorted(saved["snap"]["racks"][0]) == sorted(l for l, _ in first["rack"])


def test_controls_by_role_and_name(booted):
    page = booted.page
    kit.new_game(page, "classic", "3", kit.YOU_VS_HARD)
    for name in ("New game", "Play", "Pass", "Exchange", "Shuffle", "Recall", "Challenge"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    assert page.get_by_role("button", name="Pass", exact=True).is_enabled()
    assert page.get_by_role("button", name="Play", exact=True).is_disabled()
    assert page.get_by_role("grid", name="Game board").count() == 1
    tab_stops = page.eval_on_selector_all("#board [data-square][tabindex='0']", "els => els.length")
    assert tab_stops == 1


def test_premium_squares_are_coloured(first):
    colour = {n: first["cells"][n]["colour"] for n in ("A1", "H8", "F2", "D1", "B1")}
    assert len(set(colour.values())) == 5, colour


def test_no_console_errors(booted):
    assert booted.page_errors == []
    assert booted.console_of("error") == []
    assert booted.bad_status == []


def test_only_local_requests_and_one_pyodide(booted, first):
    origin = urlsplit(booted.url)
    offsite = [u for u in booted.requests if not u.startswith(("data:", "blob:"))
               and (urlsplit(u).hostname, urlsplit(u).port) != (origin.hostname, origin.port)]
    assert offsite == [] and booted.failed == []
    paths = [urlsplit(u).path.lstrip("/") for u in first["requests"]]
    for wanted in ("vendor/pyodide/pyodide.asm.wasm", "vendor/micropython/micropython.wasm",
                   "vendor/ui.tgz", "vendor/first-game.json"):
        assert wanted in paths, wanted
    # the engine: what the memory snapshot lacks (engine_rest.zip), or all of it without one
    assert "vendor/pyodide/engine_rest.zip" in paths or "vendor/engine.zip" in paths
    assert paths.count("vendor/pyodide/pyodide.asm.wasm") == 1  # one Pyodide, fetched once


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 667), (360, 640)])
def test_board_fits_without_page_scroll(booted, width, height):
    page = booted.page
    page.set_viewport_size({"width": width, "height": height})
    try:
        box = page.locator("#board").bounding_box()
        cell = page.locator('[data-square="A1"]').bounding_box()
        scroll_w = page.evaluate("document.documentElement.scrollWidth")
        rack = page.locator("#rack").bounding_box()
        menu_right = page.evaluate("Math.max(...[...document.querySelectorAll('#menu > *')]"
                                   ".filter((e) => e.offsetParent).map((e) => e.getBoundingClientRect().right))")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
    assert scroll_w <= width
    assert menu_right <= width + 0.5  # the menu wraps rather than running off a phone
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
    assert cell["width"] >= 18 and abs(cell["width"] - cell["height"]) < 1.5
    assert rack["x"] >= 0 and rack["x"] + rack["width"] <= width + 0.5
    if width >= 1000:
        assert box["y"] + box["height"] <= height + 1


def test_coordinates_follow_the_board(booted):
    page = booted.page
    size = int(page.get_attribute("#board", "data-size"))
    cols = page.locator("#board .coord.col").all_text_contents()
    rows = page.locator("#board .coord.row").all_text_contents()
    assert cols == list("ABCDEFGHIJKLMNOPQRSTU"[:size])
    assert rows == [str(n) for n in range(1, size + 1)]
