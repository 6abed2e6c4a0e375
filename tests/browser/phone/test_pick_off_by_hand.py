"""A 2-tile pick-off made by hand on a phone (issue 36): III, seed walk7, Ann has played
MUTANT; Bob, at 360x640 with touch, picks off N and T and plays MUTATIoNAL for 82, by
one tap on the N, by taps on both tiles in either order, and by the keyboard (Delete
on the N, then typing). Each run is a fresh browser context holding only that game."""

from __future__ import annotations

import json

import pytest

import browserkit as kit
from test_phone import boot_page, storing

T = kit.TIMEOUT_MS
SPEC = {"rules": "iii", "seed": "walk7", "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
        "actions": ["11G MUTANT"]}
REST = [("K11", "T", "T"), ("L11", "I", "I"), ("M11", "O", "?"), ("N11", "N", "N"), ("O11", "A", "A"),
        ("P11", "L", "L")]


def played(page) -> tuple[str, int]:
    """Play, then (the move logged, Bob's score) once the game is saved."""
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length > 1", timeout=T)
    kit.wait_idle(page)
    saved = kit.stored(page)
    return saved["spec"]["actions"][1].split(" @")[0], saved["snap"]["scores"][1]


@pytest.mark.parametrize("taps", [("K11",), ("K11", "L11"), ("L11", "K11")])
def test_picked_by_taps(browser, site_url, taps):
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    storing(kit.saved_game(SPEC))(context)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        boot_page(page, site_url)
        for sq in taps:
            kit.square(page, sq).tap()
        assert sorted(kit.rack_letters(page)) == sorted("ADGGILP?" + "NT")
        for sq, letter, tile in REST:   # a square, then a tile (the lifted squares are empty squares)
            kit.square(page, sq).tap()
            kit.rack_tile(page, tile).tap()
            if page.locator("#chooser:not([hidden])").count():
                kit.choose_letter(page, letter)
        page.wait_for_function("() => document.querySelector('#preview') &&"
                               " document.querySelector('#preview').textContent.includes('82')", timeout=T)
        assert played(page) == ("pick K11; 11G MUTATIoNAL", 82)
        assert errors == []
    finally:
        context.close()


def test_picked_by_keys(browser, site_url):
    context = browser.new_context(viewport={"width": 360, "height": 640})
    storing(kit.saved_game(SPEC))(context)
    page = context.new_page()
    try:
        boot_page(page, site_url)
        kit.square(page, "K11").focus()
        page.keyboard.press("Delete")            # the N, and the T after it
        page.wait_for_function("() => document.querySelectorAll('#rack [data-letter]:not(.used)').length === 10",
                               timeout=T)
        for key in ("t", "i", "Shift+o", "n", "a", "l"):
            page.keyboard.press(key)
        page.wait_for_function("() => document.querySelector('#preview').textContent.includes('82')", timeout=T)
        assert played(page) == ("pick K11; 11G MUTATIoNAL", 82)
    finally:
        context.close()


def test_hint_show_makes_the_pick_off_too(browser, site_url):
    """Show on a hint that picks off (a rack without a blank, so the page's hint search is
    quick even on a loaded machine: III seed pk35, after SHELTY, picking off T and Y gives
    SHELLIER) lifts the tiles and puts the play down, ready to Play."""
    spec = dict(SPEC, seed="pk35", actions=["11J SHELTY"])
    move = "pick N11; 11J SHELLIER"
    s = kit.native()
    s.open(json.dumps(spec))
    score = json.loads(s.act(move))["scores"][1]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    storing(kit.saved_game(spec))(context)
    page = context.new_page()
    try:
        boot_page(page, site_url)
        kit.tool(page, "hint")
        page.wait_for_selector("#panel .pn-hints li", timeout=T)
        page.locator(f"#panel [data-pact='hint_show'][aria-label='Show {move} on the board']").click()
        page.wait_for_function("n => document.querySelector('#preview').textContent.includes(String(n))",
                               arg=score, timeout=T)
        assert page.locator("#board .cell.picked").count() == 0 and page.locator("#board .cell.placed").count() >= 2
        assert played(page) == (move, score)
    finally:
        context.close()
