"""dist/ alone, served from a sub-path of a plain static server: the page boots and plays,
fetches nothing outside dist/, and once its service worker has cached the deployment it
boots and plays with the network cut. A half-copied deployment is never cached, a new
one replaces the old cache, the game plays in a cross-origin iframe, and a worker whose
address no longer serves a build removes itself. The tests run in order, as one
player's browser over time (the module's `visit`)."""

from __future__ import annotations

import functools
import json
import shutil
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import browserkit as kit

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))
import dist  # noqa: E402
import webtool  # noqa: E402

SUB = "/games/wlc/"
BOOT_MS = 120_000


class _Logged(SimpleHTTPRequestHandler):
    """A plain static host: correct types, Last-Modified, and a log of every request."""

    extensions_map = webtool.SiteHandler.extensions_map
    log: list = []

    def log_request(self, code="-", size="-"):
        self.log.append((self.path.split("?", 1)[0], int(code) if str(code).isdigit() else code))

    def log_message(self, format, *args):  # noqa: A002 (quiet)
        pass


class Site:
    """<root>/games/wlc/ holds dist; a static server of <root> that can be cut and brought
    back on the same port (the same origin, so the service worker still applies)."""

    def __init__(self, root: Path):
        self.root, self.out, self.log = root, root / SUB.strip("/"), []
        self.build = dist.build(self.out)
        self.port, self.server = 0, None
        self.start()
        self.url = f"http://127.0.0.1:{self.port}{SUB}"

    def handler(self):
        """The request handler class (a subclass's host behaves otherwise)."""
        return type("Handler", (_Logged,), {"log": self.log})

    def start(self) -> None:
        handler = self.handler()
        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), functools.partial(handler, directory=str(self.root)))
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    site = Site(tmp_path_factory.mktemp("site"))
    yield site
    site.stop()


def _wait_booted(page):
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_MS)
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=BOOT_MS)
    kit.wait_idle(page)


CACHES_JS = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const c = await caches.open(name);
    out[name] = (await c.keys()).map(r => r.url);
  }
  return out;
}"""


def _cached(page) -> dict:
    return page.evaluate(CACHES_JS)


def _wait_cached(page, version: str) -> None:
    """Until the service worker controls the page and holds exactly ``version``'s cache."""
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=BOOT_MS)
    kit.wait_until(page, "v => caches.keys().then(ks => ks.length === 1 && ks[0].endsWith(' ' + v))",
                   version, timeout=BOOT_MS)


def _play_a_move(page) -> str:
    seed, _ = kit.seed_with("classic", kit.YOU_VS_HARD, lambda s: "?" not in s["racks"][0])
    kit.new_game(page, "classic", seed, kit.YOU_VS_HARD)
    spec = {"rules": "classic", "seed": seed, "seats": kit.YOU_VS_HARD, "actions": []}
    return kit.play_best(page, spec)[0]


@pytest.fixture(scope="module")
def visit(browser, site):
    """One player's browser: a first visit to the deployment (the engine up)."""
    context = browser.new_context()
    page = context.new_page()
    seen = {"requests": [], "failed": [], "bad": [], "errors": []}
    context.on("request", lambda r: seen["requests"].append(r.url))
    # (the service worker's own tries of the network, offline, are not failures of the page)
    context.on("requestfailed", lambda r: r.service_worker is None and seen["failed"].append(f"{r.url}: {r.failure}"))
    context.on("response", lambda r: r.status >= 400 and seen["bad"].append(f"{r.status} {r.url}"))
    page.on("pageerror", lambda e: seen["errors"].append(str(e)))
    page.goto(site.url, wait_until="domcontentloaded")
    _wait_booted(page)
    yield {"context": context, "page": page, **seen}
    context.close()


def test_first_visit_from_a_sub_path_plays_and_fetches_only_dist_files(site, visit):
    page = visit["page"]
    _play_a_move(page)
    files = set(site.build.files)
    served = [(path, code) for path, code in site.log]
    assert served, "the server saw no request"
    outside = [p for p, _ in served if not p.startswith(SUB) or (p[len(SUB):] not in files and p != SUB)]
    assert outside == [], f"requests for files not in dist/: {outside}"
    assert [(p, c) for p, c in served if c not in (200, 304)] == []
    fetched = {p[len(SUB):] for p, _ in served}
    for needed in ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/engine_rest.zip", "vendor/ui.tgz",
                   "wordlists/lexicon.bin", "pyscript.toml", "mpy.toml", "sw.js"):
        assert needed in fetched
    others = [u for u in visit["requests"] if not u.startswith(site.url) and not u.startswith(("blob:", "data:"))]
    assert others == []
    assert visit["failed"] == [] and visit["bad"] == [] and visit["errors"] == []
    assert page.locator("meta[name='wlc-dist']").get_attribute("content") == site.build.stamp


def test_the_service_worker_caches_every_file_the_game_uses(site, visit):
    page = visit["page"]
    _wait_cached(page, site.build.stamp)
    (urls,) = _cached(page).values()
    # all but Pyodide's full standard library and the whole engine.zip (a start without the
    # snapshot fetches them: then they are cached)
    expected = {site.url + p for p in site.build.files if p not in ("sw.js", "vendor/pyodide/python_stdlib.zip",
                                                                    "vendor/engine.zip")}
    assert set(urls) == expected


def test_a_returning_player_boots_and_plays_offline(site, visit):
    page, context = visit["page"], visit["context"]
    _wait_cached(page, site.build.stamp)
    failed = len(visit["failed"])
    from_network = []
    page.on("response", lambda r: not r.from_service_worker and r.url.startswith("http") and from_network.append(r.url))
    # Cut twice over: the browser offline (as Playwright emulates it) and the server gone
    # (the emulation does not cover the browser's own update check of sw.js).
    context.set_offline(True)
    site.stop()
    try:
        page.reload(wait_until="domcontentloaded")
        _wait_booted(page)
        assert page.evaluate("document.body.dataset.engine") == "ready"
        _play_a_move(page)
        # the embed is the page too (index.html?embed=1), and embed.html leads to it
        page.goto(site.url + "embed.html", wait_until="domcontentloaded")
        page.wait_for_url("**/index.html?embed=1", timeout=BOOT_MS)
        _wait_booted(page)
        assert page.evaluate("document.documentElement.dataset.embed") == "1"
        assert from_network == []
        assert visit["failed"][failed:] == []
        assert visit["errors"] == []
    finally:
        context.set_offline(False)
        site.start()


def _next_version() -> dist.Build:
    """A new deployment: the rule book changed."""
    files = dist.collect(dist.ROOT)
    files["docs/rules.md"] += b"\nUpdated.\n"
    return dist.seal(files)


# The reload itself may already have found the new worker (then "updatefound" does not
# fire again): take the one installing or waiting if there is one; and never wait
# forever (page.evaluate has no timeout of its own): "timeout" after 60 s fails the test.
NEXT_INSTALL_JS = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  const late = (ms) => new Promise(res => setTimeout(() => res('timeout'), ms));
  let w = reg.installing || reg.waiting;
  if (!w) {
    const found = new Promise(res => reg.addEventListener('updatefound', () => res(reg.installing), {once: true}));
    reg.update().catch(() => {});
    w = await Promise.race([found, late(60000)]);
    if (w === 'timeout' || !w) return String(w);
  }
  if (w.state === 'redundant' || w.state === 'activated') return w.state;
  return await Promise.race([late(60000), new Promise(res => w.addEventListener('statechange',
    () => ['redundant', 'installed', 'activated'].includes(w.state) && res(w.state)))]);
}"""


def test_a_half_copied_deployment_is_never_cached(site, visit):
    """New page and service worker on the host, but an old file still there: the new
    worker refuses to cache a mix, and the player keeps the complete old version."""
    page = visit["page"]
    old = site.build.stamp
    _wait_cached(page, old)
    new = _next_version()
    dist.write(new, site.out)
    (site.out / "docs/rules.md").write_bytes(site.build.files["docs/rules.md"])
    page.reload(wait_until="domcontentloaded")
    _wait_booted(page)
    assert page.locator("meta[name='wlc-dist']").get_attribute("content") == old
    assert page.evaluate(NEXT_INSTALL_JS) == "redundant"
    # The old worker asks for an update on each load of the newer page, so another try at
    # installing may be under way: it fails as well and drops what it had cached so far.
    kit.wait_until(page, """v => navigator.serviceWorker.getRegistration().then((r) => !r.installing && !r.waiting
                            && caches.keys().then((ks) => ks.length === 1 && ks[0].endsWith(' ' + v)))""",
                   old, timeout=BOOT_MS)
    assert list(_cached(page)) == [f"wlc {site.url} {old}"]
    assert page.locator("meta[name='wlc-dist']").get_attribute("content") == old


def test_a_new_deployment_replaces_the_old_cache(site, visit):
    page = visit["page"]
    old = site.build.stamp
    _wait_cached(page, old)
    new = _next_version()
    assert new.stamp != old
    dist.write(new, site.out)
    # This load stays on the cached version (never half old, half new files) while the
    # new worker installs; once the page is up the new worker takes over.
    page.reload(wait_until="domcontentloaded")
    _wait_booted(page)
    assert page.locator("meta[name='wlc-dist']").get_attribute("content") == old
    kit.wait_until(page, "v => caches.keys().then(ks => ks.length === 1 && ks[0].endsWith(' ' + v))",
                   new.stamp, timeout=BOOT_MS)
    # the old cache goes as the new worker activates: a navigation before it has finished
    # activating may still be answered by the old one
    kit.wait_until(page, "() => navigator.serviceWorker.getRegistration().then(r => !!r && !!r.active"
                   " && r.active.state === 'activated' && !r.waiting && !r.installing)", timeout=BOOT_MS)
    page.reload(wait_until="domcontentloaded")
    _wait_booted(page)
    assert page.locator("meta[name='wlc-dist']").get_attribute("content") == new.stamp
    rules = page.evaluate("() => fetch('docs/rules.md').then(r => r.text())")
    assert rules.endswith("\nUpdated.\n")
    assert list(_cached(page)) == [f"wlc {site.url} {new.stamp}"]


def test_embedded_on_another_site_it_boots_and_plays(browser, site, tmp_path):
    """A host page on another site (localhost framing 127.0.0.1, as a blog would)
    frames the deployment with a link: the game boots and plays in the frame with
    the browser refusing it storage (nothing read from it, nothing thrown), and
    the host page is left alone."""
    seed, _ = kit.seed_with("classic", kit.YOU_VS_HARD, lambda s: "?" not in s["racks"][0])
    spec = {"rules": "classic", "seed": seed, "seats": kit.YOU_VS_HARD, "actions": []}
    kit.native().open(json.dumps(spec))
    link = kit.native().link(-1)
    (tmp_path / "host.html").write_text(
        f'<!doctype html><title>host</title><iframe src="{site.url}#{link}" width="1000" height="800"></iframe>')
    handler = type("Handler", (_Logged,), {"log": []})
    host = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(tmp_path)))
    threading.Thread(target=host.serve_forever, daemon=True).start()
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    errors = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"http://localhost:{host.server_address[1]}/host.html")
        page.wait_for_function("() => document.querySelector('iframe').contentWindow !== null")
        frame = next(f for f in page.frames if f.url.startswith(site.url))
        _wait_booted(frame)
        refused = frame.evaluate("(() => { try { localStorage.length; return false; } catch (e) { return true; } })()")
        if refused:       # Chromium as tested: the player is told, and plays on
            assert "will not be saved" in frame.inner_text("#notice")
        move, tiles, score = kit.best_placement(spec)
        kit.place_by_taps(frame, tiles)
        assert kit.preview_score(frame) == score
        frame.get_by_role("button", name="Play", exact=True).click()
        frame.wait_for_function("n => document.querySelector(\"#scores [data-seat='0'] .score\").dataset.score == n",
                                arg=str(score), timeout=BOOT_MS)
        kit.wait_idle(frame)
        for sq, letter, _tile in tiles:
            assert frame.get_attribute(f"#sq-{sq}", "data-letter") == letter
        if not refused:             # a browser that partitions storage lets the frame cache for offline play
            _wait_cached(frame, site.build.stamp)
        assert page.evaluate("() => navigator.serviceWorker.controller") is None
        assert errors == []
    finally:
        context.close()
        host.shutdown()
        host.server_close()


def test_a_page_that_is_not_a_build_retires_the_service_worker(site, visit):
    """The same address now serves something else (say, the development server, whose
    page has no wlc-dist marker): the worker steps aside, deletes its cache and
    unregisters, so nothing stale is ever served."""
    page = visit["page"]
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=BOOT_MS)
    assert _cached(page)
    shutil.copy(ROOT / "index.html", site.out / "index.html")
    page.reload(wait_until="domcontentloaded")
    _wait_booted(page)
    assert page.locator("meta[name='wlc-dist']").count() == 0
    kit.wait_until(page, "() => caches.keys().then(ks => ks.length === 0)", timeout=BOOT_MS)
    kit.wait_until(page, "() => navigator.serviceWorker.getRegistration().then(r => !r)", timeout=BOOT_MS)
