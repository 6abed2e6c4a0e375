"""dist/ on a host that drops ".html" from addresses, as Cloudflare Pages does by default
(``x.html`` answers 308 to ``x``, ``x`` serves x.html, ``index.html`` goes to its folder):
a returning player's Rules, How to play, Club and embed pages load, online and offline
(the service worker never keeps a redirected response as a page), and an update of one
file downloads that file and the small lists, not the 16 MB of the deployment, although
the host's dates all changed (the build rewrote every file). One player's browser over
time, as in test_dist.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import browserkit as kit
from test_dist import BOOT_MS, CACHES_JS, Site, _Logged, _wait_booted, _wait_cached

ROOT = Path(__file__).resolve().parents[3]
import dist  # noqa: E402  (scripts/ is on sys.path: test_dist puts it there)

SUB = "/games/wlc/"
LAZY = ("vendor/pyodide/python_stdlib.zip", "vendor/engine.zip")  # sw.js's LAZY: a start without the snapshot's


class _CleanUrls(_Logged):
    """Cloudflare Pages' documented handling of HTML files, and the bytes of every body sent."""

    sent: list = []

    def do_GET(self):  # noqa: N802
        path, _, query = self.path.partition("?")
        tail = "?" + query if query else ""
        if path.endswith("/index.html"):
            return self._moved(path[: -len("index.html")] + tail)
        if path.endswith(".html"):
            return self._moved(path[: -len(".html")] + tail)
        local = self.translate_path(path)
        if not path.endswith("/") and not os.path.exists(local) and os.path.isfile(local + ".html"):
            self.path = path + ".html" + tail
        return super().do_GET()

    def _moved(self, where: str) -> None:
        self.send_response(308)
        self.send_header("Location", where)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def send_header(self, keyword, value):
        if keyword == "Content-Length" and int(value):
            self.sent.append((self.path.split("?", 1)[0], int(value)))
        super().send_header(keyword, value)


class CleanSite(Site):
    """test_dist's site, served by a host that drops ".html" (and logs what it sends)."""

    def __init__(self, root: Path):
        self.root, self.out, self.log, self.sent = root, root / SUB.strip("/"), [], []
        self.inputs = dist.collect(dist.ROOT)   # kept: the update below changes one file of these
        self.build = dist.seal(self.inputs)
        dist.write(self.build, self.out)
        self.port, self.server = 0, None
        self.start()
        self.url = f"http://127.0.0.1:{self.port}{SUB}"

    def handler(self):
        return type("Handler", (_CleanUrls,), {"log": self.log, "sent": self.sent})


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    site = CleanSite(tmp_path_factory.mktemp("clean"))
    yield site
    site.stop()


@pytest.fixture(scope="module")
def player(browser, site):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.url, wait_until="domcontentloaded")
    _wait_booted(page)
    _wait_cached(page, site.build.stamp)
    yield {"context": context, "page": page, "errors": errors}
    context.close()


REDIRECTED_JS = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    const c = await caches.open(name);
    for (const r of await c.keys()) if ((await c.match(r)).redirected) out.push(r.url);
  }
  return out;
}"""


def _pages_load(page, site) -> None:
    """Rules, How to play, Club, embed.html with a fragment and index.html?embed=1."""
    for path, heading in (("docs/rules.html", "h1"), ("docs/how-to-play.html", "h1")):
        page.goto(site.url + path, wait_until="domcontentloaded")
        assert page.locator(heading).first.inner_text().strip()
        assert page.url.startswith(site.url + path.removesuffix(".html"))
    page.goto(site.url + "club.html", wait_until="domcontentloaded")
    assert "Club" in page.locator("h1").inner_text()
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=BOOT_MS)
    page.goto(site.url + "embed.html#x", wait_until="domcontentloaded")
    page.wait_for_function("() => location.search === '?embed=1' && location.hash === '#x'", timeout=BOOT_MS)
    _wait_booted(page)
    assert page.evaluate("document.documentElement.dataset.embed") == "1"
    page.goto(site.url + "index.html?embed=1", wait_until="domcontentloaded")
    _wait_booted(page)
    assert page.evaluate("document.documentElement.dataset.embed") == "1"


def test_the_cache_holds_each_file_under_its_name_without_redirects(site, player):
    page = player["page"]
    assert page.evaluate(REDIRECTED_JS) == []
    (urls,) = page.evaluate(CACHES_JS).values()
    assert set(urls) == {site.url + p for p in site.build.files if p not in ("sw.js", *LAZY)}
    assert not any(p.endswith(LAZY) for p, _ in site.log)   # the page never asked for it


def test_a_returning_player_opens_every_page_online(site, player):
    page = player["page"]
    _pages_load(page, site)
    page.goto(site.url, wait_until="domcontentloaded")
    _wait_booted(page)
    assert player["errors"] == []


def test_a_returning_player_opens_every_page_offline(site, player):
    page, context = player["page"], player["context"]
    context.set_offline(True)
    site.stop()
    try:
        _pages_load(page, site)
        assert player["errors"] == []
    finally:
        context.set_offline(False)
        site.start()
    page.goto(site.url, wait_until="domcontentloaded")
    _wait_booted(page)


def test_an_update_of_one_file_downloads_that_file_and_the_small_lists(site, player):
    page = player["page"]
    old = site.build.stamp
    files = dict(site.inputs)
    files["docs/rules.md"] += b"\nUpdated.\n"
    new = dist.seal(files)
    assert new.stamp != old
    dist.write(new, site.out)   # every file written again: the host's dates all change
    site.sent.clear()
    page.reload(wait_until="domcontentloaded")
    _wait_booted(page)
    kit.wait_until(page, "v => caches.keys().then(ks => ks.length === 1 && ks[0].endsWith(' ' + v))",
                   new.stamp, timeout=BOOT_MS)
    sent = dict(site.sent)
    total = sum(n for _, n in site.sent)
    assert SUB + "docs/rules.md" in sent
    assert set(sent) <= {SUB + p for p in ("docs/rules.md", "index.html", "sw.js")} | {SUB}, sorted(sent)
    assert total < 200_000, (total, sorted(sent.items()))
    print(f"the update sent {total:,} bytes: {sorted(sent.items())}")
    rules = page.evaluate("() => fetch('docs/rules.md').then(r => r.text())")
    assert rules.endswith("\nUpdated.\n")
