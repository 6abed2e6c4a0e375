"""A blank or a wild J/Q/X/Z always asks its letter, however it reaches the board: tile
first or square first (the rack tile's own data-letter once answered the chooser
with "?"), and typing a letter you do not hold uses a blank, or in III a J/Q/X/Z
face down, and says which."""

from __future__ import annotations

import browserkit as kit

HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def game_with(page, site_url, rules: str, want_tile: str) -> dict:
    seed, snap = kit.seed_with(rules, HUMANS, lambda snap: want_tile in snap["racks"][snap["to_move"]])
    spec = {"rules": rules, "seed": seed, "seats": HUMANS, "actions": []}
    page.goto(site_url + "index.html", wait_until="domcontentloaded")
    kit.load(page, kit.saved_game(spec))
    return snap


def start_square(page) -> str:
    return page.get_attribute("#board .start", "data-square")


def test_square_first_then_the_blank_asks_its_letter(browser, site_url):
    with kit.own_page(browser) as (page, errors):
        game_with(page, site_url, "classic", "?")
        sq = start_square(page)
        kit.square(page, sq).click()
        kit.rack_tile(page, "?").click()
        page.wait_for_selector("#chooser:not([hidden])", timeout=kit.TIMEOUT_MS)
        assert "blank" in page.inner_text("#chooser")
        kit.choose_letter(page, "Q")
        page.wait_for_selector("#chooser", state="hidden", timeout=kit.TIMEOUT_MS)
        cell = kit.square(page, sq)
        assert "blank" in cell.get_attribute("class") and cell.inner_text().strip()[0] == "q"
        assert errors == []


def test_square_first_then_a_wild_z_asks_face_up_or_down_in_iii(browser, site_url):
    with kit.own_page(browser) as (page, errors):
        game_with(page, site_url, "iii", "Z")
        sq = start_square(page)
        assert sq == "K11"
        kit.square(page, sq).click()
        kit.rack_tile(page, "Z").click()
        page.wait_for_selector("#chooser:not([hidden])", timeout=kit.TIMEOUT_MS)
        assert "face up" in page.inner_text("#chooser")
        kit.choose_letter(page, "E")                         # face down, as an E
        page.wait_for_selector("#chooser", state="hidden", timeout=kit.TIMEOUT_MS)
        assert "flipped" in kit.square(page, sq).get_attribute("class")
        assert errors == []


def test_typing_a_letter_not_held_uses_the_blank_and_says_so(browser, site_url):
    with kit.own_page(browser) as (page, errors):
        snap = game_with(page, site_url, "classic", "?")
        rack = snap["racks"][snap["to_move"]]
        missing = next(c for c in "QZXJKVWYFBHMPCGDULNSTRAOIE" if c not in rack)
        kit.square(page, start_square(page)).click()
        page.keyboard.press(missing.lower())
        page.wait_for_function("() => document.querySelector('#board .placed')", timeout=kit.TIMEOUT_MS)
        assert "blank" in page.inner_text("#message")
        assert errors == []
