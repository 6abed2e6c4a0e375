"""A host that sends the runtime's module scripts with the wrong type (.mjs as
text/plain: nginx's own list has no .mjs): the browser refuses them, and the page says
which file comes as what and what it must be (ui/kit.js), on the game and the club
page alike, instead of "Loading the game..." for ever."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import browserkit as kit

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))
import webtool  # noqa: E402


class _PlainMjs(webtool.SiteHandler):
    extensions_map = {**webtool.SiteHandler.extensions_map, ".mjs": "text/plain"}
    rebuild = False


@pytest.fixture(scope="module")
def wrong_host():
    with kit.odd_host(_PlainMjs) as url:
        yield url


@pytest.mark.parametrize("page_name", ["index.html", "club.html"])
def test_a_file_of_the_wrong_type_is_named(browser, wrong_host, page_name):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(wrong_host + page_name, wait_until="domcontentloaded")
        page.wait_for_selector("body[data-engine='failed']", state="attached", timeout=60_000)
        notice = page.locator("#notice")
        assert notice.is_visible() and notice.get_attribute("role") == "alert"
        text = notice.inner_text()
        assert "vendor/micropython/micropython.mjs" in text and "as text/plain" in text
        assert "text/javascript" in text and "docs/hosting.md" in text
        if page_name == "index.html":
            assert "Loading" not in page.inner_text("#splash") and text in page.inner_text("#splash")
    finally:
        context.close()
