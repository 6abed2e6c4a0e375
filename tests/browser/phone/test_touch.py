"""A phone: 375x667 with touch. Tap a tile then a square, drag a tile with a finger,
and the 21x21 board keeps finger-sized squares with no sideways page scroll."""

from __future__ import annotations

import pytest

import browserkit as kit
from conftest import BOOT_TIMEOUT_MS


@pytest.fixture(scope="module")
def phone(browser, site_url):
    context = browser.new_context(viewport={"width": 375, "height": 667}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(site_url + "index.html")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    kit.wait_idle(page)
    yield page
    context.close()
    assert errors == []


def _touch_drag(page, source, target):
    a, b = source.bounding_box(), target.bounding_box()
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 8):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x0 + (x1 - x0) * i / 7, "y": y0 + (y1 - y0) * i / 7}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_tap_tap_with_a_finger(phone):
    letters = kit.rack_letters(phone)
    kit.rack_tile(phone, letters[0]).tap()
    kit.square(phone, "H8").tap()
    if phone.locator("#chooser:not([hidden])").count():
        phone.locator("#chooser [data-letter='E']").tap()
    assert phone.get_attribute("#board [data-square='H8']", "data-letter") in (letters[0], "e")
    phone.get_by_role("button", name="Recall", exact=True).tap()
    assert phone.get_attribute("#board [data-square='H8']", "data-letter") is None


def test_drag_with_a_finger(phone):
    letters = kit.rack_letters(phone)
    tile = kit.rack_tile(phone, letters[-1])
    _touch_drag(phone, tile, kit.square(phone, "G8"))
    phone.wait_for_selector("#board [data-square='G8'][data-letter]", timeout=10_000)
    phone.get_by_role("button", name="Recall", exact=True).tap()


def test_big_board_on_a_phone(phone):
    kit.new_game(phone, "iii", "9", kit.YOU_VS_HARD)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    board = phone.locator("#board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 375  # all 21 columns on screen (issue 15)
    zoom = phone.get_by_role("button", name="Zoom")
    zoom.tap()  # finger-sized squares for placing, panning inside the board's own area
    cell = kit.square(phone, "K11").bounding_box()
    assert cell["width"] >= 27.5
    scroller = phone.evaluate("(() => { const s = document.querySelector('.board-scroll');"
                              " return [s.scrollWidth, s.clientWidth]; })()")
    assert scroller[0] > scroller[1]
    rack = phone.locator("#rack").bounding_box()
    assert rack["y"] + rack["height"] <= 667  # the rack is on screen without scrolling the page
    zoom.tap()
