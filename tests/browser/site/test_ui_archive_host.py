"""A host that sends vendor/ui.tgz with "Content-Encoding: gzip" (as a misconfigured
gzip_static or a CDN might): the browser then hands the page the plain tar, and ui/kit.js
must still unpack the UI and start the game, not wait for ever on a failed inflate."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import browserkit as kit

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))
import webtool  # noqa: E402


class _DecodedTgz(webtool.SiteHandler):
    rebuild = False

    def end_headers(self):
        if self.path.split("?")[0].endswith("/ui.tgz"):
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()


@pytest.fixture(scope="module")
def decoding_host():
    with kit.odd_host(_DecodedTgz) as url:
        yield url


def test_the_ui_archive_sent_as_content_encoded_still_starts_the_game(browser, decoding_host):
    context = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        seen = []
        page.on("response", lambda r: r.url.endswith("/ui.tgz") and seen.append(r.header_value("content-encoding")))
        page.goto(decoding_host + "index.html")
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=60_000)
        assert seen == ["gzip"]   # the host did send it so
        assert page.locator("#board [data-square]").count() == 225
        assert errors == []
    finally:
        context.close()
