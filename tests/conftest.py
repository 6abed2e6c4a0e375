"""Shared fixtures: a local static server and a headless Chromium for tests/browser/.

The browser is Chromium found by scripts/webtool.py: $CHROMIUM_PATH, else Playwright's
own download, else /usr/bin/chromium. No Chromium is an error, never a skip. Every
host but 127.0.0.1/localhost is unresolvable in it, so the page cannot reach out.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import webtool  # noqa: E402

# tests/ is by feature (core/, lexicon/, search/, session/, club/, table/, ui/, browser/<part>/,
# ...). A test may take helpers from another folder's test module or kit (browserkit,
# ui_fixtures, test_phone's boot_page...), so every folder is importable by its module
# names, as pytest's default import mode needs test file names unique across folders anyway.
for _folder in sorted(p for p in Path(__file__).resolve().parent.rglob("*")
                      if p.is_dir() and p.name not in ("data", "__pycache__") and "data" not in p.parts):
    sys.path.append(str(_folder))

BOOT_TIMEOUT_MS = 90_000
BLOCK_NON_LOCAL = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in item.nodeid.replace("\\", "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_url() -> str:
    """Base URL ('http://127.0.0.1:PORT/') of the repository root, served in a thread."""
    if not (ROOT / webtool.VENDOR / "pyodide" / "pyodide.mjs").exists():
        pytest.fail("vendor/ is missing the runtime: run `bash scripts/setup.sh` (test.sh does)")
    server, url = webtool.start_in_thread(ROOT, rebuild=False)  # one consistent build per run
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def chromium_path(playwright) -> str:
    try:
        path = webtool.find_chromium(playwright.chromium.executable_path)
    except webtool.ChromiumNotFound as exc:
        pytest.fail(str(exc))
    if not path:
        pytest.fail(
            "No Chromium for the browser tests: set CHROMIUM_PATH, install Playwright's "
            "(`.venv/bin/python -m playwright install chromium`) or Debian's (`apt-get install chromium`)"
        )
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, chromium_path):
    args = list(browser_type_launch_args.get("args", []))
    args += ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", BLOCK_NON_LOCAL]
    return {**browser_type_launch_args, "executable_path": chromium_path, "args": args}


@dataclass
class BootedPage:
    """The game page after boot, with everything it logged and requested."""

    page: object
    url: str
    requests: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    bad_status: list[str] = field(default_factory=list)
    console: list[tuple[str, str]] = field(default_factory=list)  # (type, text)
    page_errors: list[str] = field(default_factory=list)
    splash_while_booting: bool | None = None  # splash visible at DOMContentLoaded, before ready
    board_ms: float | None = None  # in-page ms from navigation to the board on screen
    at_boot: dict = field(default_factory=dict)  # what the page showed and fetched at boot (tests change it later)

    def console_of(self, *types: str) -> list[str]:
        return [text for kind, text in self.console if kind in types]


def open_logged_page(browser, url: str, viewport=(1280, 800)) -> BootedPage:
    """A fresh context (cold cache) and page, logging requests and console, at ``url``."""
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = context.new_page()
    booted = BootedPage(page=page, url=url)
    context.on("request", lambda r: booted.requests.append(r.url))
    context.on("requestfailed", lambda r: booted.failed.append(f"{r.url}: {r.failure}"))
    context.on("response", lambda r: r.status >= 400 and booted.bad_status.append(f"{r.status} {r.url}"))
    page.on("console", lambda m: booted.console.append((m.type, m.text)))
    page.on("pageerror", lambda e: booted.page_errors.append(str(e)))
    # read in the page as DOMContentLoaded fires: asked from here afterwards, a loaded
    # machine can answer after the board is up
    page.add_init_script("""addEventListener('DOMContentLoaded', () => { const s = document.getElementById('splash');
        window.wlcSplashAtLoad = !document.body.dataset.ready && !!s && s.getBoundingClientRect().height > 0; });""")
    page.goto(url, wait_until="domcontentloaded")
    booted.splash_while_booting = page.evaluate("() => window.wlcSplashAtLoad === true")
    return booted


AT_BOOT_JS = """() => ({
    cells: [...document.querySelectorAll('#board [data-square]')].map(c => ({
        square: c.dataset.square, premium: c.dataset.premium, label: c.getAttribute('aria-label'),
        letter: c.dataset.letter || null, start: c.classList.contains('start'),
        colour: getComputedStyle(c).backgroundColor})),
    rack: [...document.querySelectorAll('#rack [data-letter]')].map(e => [e.dataset.letter, e.getAttribute('aria-label')]),
    saved: JSON.parse(localStorage.getItem('wlc.game') || 'null'),
    engineMs: document.body.dataset.engineMs,
})"""


def boot(browser, site_url) -> BootedPage:
    """A fresh context with the game page booted, engine up (each boot fetches ~14 MB)."""
    booted = open_logged_page(browser, site_url + "index.html")
    page = booted.page
    try:
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
        booted.board_ms = float(page.evaluate("document.body.dataset.readyMs"))
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
        # the page saves in a task of its own just after the frame (ui/main.py save_soon)
        page.wait_for_function("!document.body.dataset.busy && !document.body.dataset.saving"
                               " && localStorage.getItem('wlc.game') !== null", timeout=BOOT_TIMEOUT_MS)
        booted.at_boot = page.evaluate(AT_BOOT_JS)
        booted.at_boot["requests"] = list(booted.requests)
    except Exception as exc:
        pytest.fail(
            f"page did not boot: {exc}\nconsole: {booted.console}\npage errors: {booted.page_errors}"
        )
    return booted


@pytest.fixture(scope="session")
def booted(browser, site_url) -> BootedPage:
    """The game page booted once for the session and shared by most browser tests."""
    booted = boot(browser, site_url)
    yield booted
    booted.page.context.close()


@pytest.fixture(scope="module")
def own_booted(browser, site_url) -> BootedPage:
    """A page of the module's own (its panels, storage and games stay out of other modules')."""
    booted = boot(browser, site_url)
    yield booted
    booted.page.context.close()
