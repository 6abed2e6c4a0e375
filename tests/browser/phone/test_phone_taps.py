"""Tap targets on a phone (360x640, 375x667), in a fresh browser context: a 15x15 board
zooms too (its squares are about 21 px at 360 wide; Zoom was offered for 21x21 boards
only) and a tile is placed by taps on the zoomed board; the rows of Settings are at
least 24 px tall (they were 19-20 px)."""

from __future__ import annotations

import pytest

import browserkit as kit
from test_phone import PHONES, boot_page


@pytest.mark.parametrize("w, h", PHONES)
def test_a_15x15_board_zooms_on_a_phone(browser, site_url, w, h):
    with kit.own_page(browser, viewport=(w, h)) as (page, errors):
        boot_page(page, site_url)
        assert page.locator("#board [data-square]").count() == 225
        small = kit.square(page, "H8").bounding_box()["width"]
        assert small < 24
        zoom = page.get_by_role("button", name="Zoom")
        assert zoom.is_visible() and zoom.get_attribute("aria-pressed") == "false"
        zoom.click()
        assert zoom.get_attribute("aria-pressed") == "true"
        big = kit.square(page, "H8").bounding_box()
        assert big["width"] >= 28 and big["height"] >= 28
        assert page.evaluate("document.documentElement.scrollWidth") <= w
        pans = page.evaluate("(() => { const s = document.getElementById('board-scroll');"
                             " return [s.scrollWidth > s.clientWidth, s.getBoundingClientRect().bottom]; })()")
        assert pans[0] and pans[1] <= h   # the board pans inside a box that is on screen
        # the start square is brought into view; a tile goes there by two taps
        start = page.get_attribute("#board .start", "data-square")
        r = kit.square(page, start).bounding_box()
        assert 0 <= r["x"] and r["x"] + r["width"] <= w and r["y"] + r["height"] <= h
        letter = next(x for x in kit.rack_letters(page) if x != "?")
        kit.rack_tile(page, letter).click()
        kit.square(page, start).click()
        page.wait_for_selector("#board .placed", timeout=kit.TIMEOUT_MS)
        assert page.get_attribute(f"#board [data-square='{start}']", "data-letter") == letter
        assert page.locator("#btn-Play").bounding_box()["y"] + 38 <= h   # Play stays on screen
        page.get_by_role("button", name="Recall", exact=True).click()
        zoom.click()
        assert abs(kit.square(page, "H8").bounding_box()["width"] - small) < 0.5
        corner = kit.square(page, "O15").bounding_box()   # unzoomed, the whole board is on screen again
        assert corner["x"] + corner["width"] <= w and corner["y"] + corner["height"] <= h
        if w == 360:
            zoom.click()
            page.screenshot(path="/tmp/shots/small-zoom15.png")
        assert errors == []


@pytest.mark.parametrize("w, h", PHONES)
def test_settings_rows_are_tall_enough_to_tap(browser, site_url, w, h):
    with kit.own_page(browser, viewport=(w, h)) as (page, errors):
        boot_page(page, site_url)
        kit.tool(page, "settings")
        page.wait_for_selector("#set-sound", timeout=kit.TIMEOUT_MS)
        rows = page.eval_on_selector_all("#panel label", "els => els.map(e => [e.textContent.trim(),"
                                         " e.getBoundingClientRect().height, e.getBoundingClientRect().right])")
        assert len(rows) == 6   # three themes, sound, confirm, motion
        for text, height, right in rows:
            assert height >= 24 and right <= w, (text, height, right)
        # the whole row is the target: a tap on the label's far side toggles the box
        label = page.locator("#panel label", has=page.locator("#set-sound"))
        box = label.bounding_box()
        page.mouse.click(box["x"] + box["width"] - 4, box["y"] + box["height"] / 2)
        assert page.locator("#set-sound").is_checked()
        page.mouse.click(box["x"] + box["width"] - 4, box["y"] + box["height"] / 2)
        assert not page.locator("#set-sound").is_checked()
        assert errors == []
