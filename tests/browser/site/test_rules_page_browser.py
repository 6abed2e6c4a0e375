"""The rule book and How to play pages (docs/*.html, scripts/rules_page.py) in Chromium:
at 360x640 the page never scrolls sideways (a wide table scrolls inside its own box),
light and dark follow the system, and "Back to the game" leads to the game: back in
history when the game was the page before, else by its link to index.html; axe-core
finds nothing in either theme. The game page itself is stood in for (these tests are
about the links, not the game's boot)."""

from __future__ import annotations

from pathlib import Path

import pytest

PAGES = ["docs/rules.html", "docs/how-to-play.html"]
GAME_STAND_IN = ('<!doctype html><title>game</title><a id="rules" href="./docs/rules.html">Rules</a>'
                 '<a id="how" href="./docs/how-to-play.html">How to play</a>')


@pytest.fixture
def phone(browser, site_url):
    context = browser.new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    page.route("**/index.html", lambda route: route.fulfill(body=GAME_STAND_IN, content_type="text/html"))
    yield page
    context.close()


@pytest.mark.parametrize("path", PAGES)
def test_no_sideways_scrolling_at_360(phone, site_url, path):
    phone.goto(site_url + path)
    width = phone.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], width
    boxes = phone.evaluate("""[...document.querySelectorAll('.table-wrap')].map((b) => {
        const r = b.getBoundingClientRect();
        return [r.left, r.right, b.scrollWidth, b.clientWidth]; })""")
    for left, right, _, _ in boxes:
        assert left >= 0 and right <= 360, boxes
    if path == "docs/rules.html":  # the presets table is wider than a phone: it scrolls in its box
        assert boxes and boxes[0][2] > boxes[0][3]


@pytest.mark.parametrize("path", PAGES)
def test_back_link_opens_the_game(phone, site_url, path):
    phone.goto(site_url + path)
    backs = phone.locator("a.back")
    assert backs.count() == 2 and backs.first.is_visible()
    assert backs.first.bounding_box()["y"] < 60  # at the top, without scrolling
    backs.last.click()
    phone.wait_for_url("**/index.html")
    assert phone.title() == "game"


def test_back_opens_the_game_when_another_page_came_before(phone, site_url):
    """Game -> How to play -> the full rules -> Back: the game, by the link (a new entry)."""
    phone.goto(site_url + "index.html")
    phone.click("#how")
    phone.wait_for_url("**/docs/how-to-play.html")
    phone.click("text=the full rules")
    phone.wait_for_url("**/docs/rules.html")
    length = phone.evaluate("history.length")
    phone.locator("a.back").first.click()
    phone.wait_for_url("**/index.html")
    assert phone.evaluate("history.length") == length + 1


def test_back_goes_back_when_the_game_was_the_page_before(phone, site_url):
    phone.goto(site_url + "index.html")
    phone.click("#rules")
    phone.wait_for_url("**/docs/rules.html")
    length = phone.evaluate("history.length")
    phone.locator("a.back").first.click()
    phone.wait_for_url("**/index.html")
    assert phone.evaluate("history.length") == length  # went back: no new history entry
    phone.go_forward()
    phone.wait_for_url("**/docs/rules.html")


@pytest.mark.parametrize("scheme,background", [("light", "rgb(245, 241, 232)"), ("dark", "rgb(22, 24, 27)")])
def test_light_and_dark_follow_the_system(browser, site_url, scheme, background):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(site_url + "docs/rules.html")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == background
        assert page.evaluate("[document.documentElement.scrollWidth, innerWidth]") == [1280, 1280]
    finally:
        context.close()


AXE = Path(__file__).resolve().parents[3] / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PAGES)
def test_accessible_in_both_themes(browser, site_url, path, scheme):
    """axe-core finds nothing at all (contrast of links, header cells, scrolling boxes)."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `bash scripts/setup.sh`")
    context = browser.new_context(viewport={"width": 360, "height": 640}, color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(site_url + path)
        page.add_script_tag(path=str(AXE))
        found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']}))
            .violations.map(v => [v.id, v.impact, v.nodes.slice(0, 3).map(n => n.target.join(' '))])""")
        assert found == []
    finally:
        context.close()
