"""Helpers for the browser tests: drive the page like a player, and ask the native
engine (the same engine.session the page's worker runs) what should happen."""

from __future__ import annotations

import importlib.util
import json
import time
from contextlib import contextmanager
from pathlib import Path

from engine import session

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_MS = 60_000
YOU_VS_HARD = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]
_LOADED = []


def native():
    """engine.session with the word list loaded (once per test run)."""
    if not _LOADED:
        session.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())
        _LOADED.append(True)
    return session


def seed_with(rules: str, seats: list[dict], want) -> tuple[str, dict]:
    """The first seed (as text) whose opening snapshot satisfies ``want(snap)``."""
    s = native()
    for n in range(500):
        snap = json.loads(s.open(json.dumps({"rules": rules, "seed": str(n), "seats": seats})))
        if want(snap):
            return str(n), snap
    raise AssertionError("no seed found")


def saved_game(spec: dict) -> str:
    """What the page stores for ``spec`` (localStorage "wlc.game"), made natively."""
    s = native()
    snap = json.loads(s.open(json.dumps(spec)))
    layout = json.loads(s.layout(spec["rules"]))
    return json.dumps({"v": 1, "spec": spec, "snap": snap, "layout": layout})


def best_placement(spec: dict) -> tuple[str, list[tuple[str, str, str]], int]:
    """(move text, [(square, letter, rack tile)] in board order, score) of the best play;
    the rack tile is "?" for a blank, J/Q/X/Z for one played face down, else the letter."""
    s = native()
    before = json.loads(s.open(json.dumps(spec)))
    move = json.loads(s.hint(1, 2000))["moves"][0]
    after = json.loads(s.act(move["move"]))
    old = {t["sq"] for t in before["tiles"]}
    new = [(t["sq"], t["letter"].upper(), "?" if t["blank"] else (t["flipped"] or t["letter"].upper()))
           for t in after["tiles"] if t["sq"] not in old]
    return move["move"], new, move["score"]


def play_best(page, spec: dict, actions: int = 1) -> tuple[str, list[tuple[str, str, str]], int, dict]:
    """Put down the best placement for ``spec`` by taps, check the preview's score, press
    Play and wait until the saved game holds ``actions`` actions (2: the computer's reply
    too): (move, tiles, score, saved game). ``page`` may be a frame."""
    move, tiles, score = best_placement(spec)
    place_by_taps(page, tiles)
    assert preview_score(page) == score
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= {actions}",
                           timeout=TIMEOUT_MS)
    wait_idle(page)
    saved = stored(page)
    assert saved["spec"]["actions"][0] == move
    return move, tiles, score, saved


@contextmanager
def odd_host(handler):
    """The checkout served by ``handler`` (a webtool.SiteHandler subclass: a host that
    sends some file otherwise), in a thread; yields its base URL."""
    import functools
    import sys
    import threading
    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "scripts"))
    import webtool
    webtool.bundle(root)
    server = webtool.SiteServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def own_page(browser, setup=None, viewport=(1280, 800), **options):
    """(page, page errors) in a browser context of its own, closed afterwards; ``setup``
    prepares the context before the page opens (routes, init scripts); ``options`` go to
    the context (``has_touch=True, is_mobile=True``: a phone)."""
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, **options)
    if setup is not None:
        setup(context)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page, errors
    finally:
        context.close()


def another_build(context) -> None:
    """A context ``setup``: the host serves another build's engine (vendor/engine.zip with
    one file more, and no engine_rest.zip), so the workers' memory snapshot refuses its
    engine, and the word list it holds loaded with it."""
    import io
    import zipfile
    out = io.BytesIO()
    with zipfile.ZipFile(ROOT / "vendor" / "engine.zip") as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, src.read(info))
        dst.writestr("engine/another_build.txt", "not the snapshot's engine")
    other = out.getvalue()
    context.route("**/vendor/pyodide/engine_rest.zip", lambda route: route.fulfill(status=404, body="gone"))
    context.route("**/vendor/engine.zip", lambda route: route.fulfill(
        status=200, body=other, headers={"content-type": "application/zip"}))


def stored(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('wlc.game')"))


def wait_until(page, js: str, arg=None, timeout=None) -> None:
    """Until ``js`` (a function of ``arg``) gives a truthy value, promises awaited.
    Why not ``page.wait_for_function``: it takes the Promise an async check returns as
    truthy at once, so a wait on caches or a service worker would not wait at all."""
    limit = time.monotonic() + (timeout if timeout is not None else TIMEOUT_MS) / 1000
    while not page.evaluate(js, arg):
        if time.monotonic() > limit:
            raise AssertionError(f"still false after {timeout or TIMEOUT_MS} ms: {js}")
        page.wait_for_timeout(100)


def wait_idle(page) -> None:
    """Until neither the engine nor the computer is busy, no engine work is queued and the game
    is stored (the body's markers)."""
    page.wait_for_function("!document.body.dataset.busy && !document.body.dataset.thinking"
                           " && !document.body.dataset.pending && !document.body.dataset.saving",
                           timeout=TIMEOUT_MS)


def bench_load():
    """bench/load.py as a module: the browser tests that measure a load (bytes on the wire,
    the engine worker's steps, the phone's main thread) measure it as the benchmark does."""
    spec = importlib.util.spec_from_file_location("bench_load", ROOT / "bench" / "load.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def share_link(page, button: str) -> str:
    """Press a share box button ("send", "to_director", ...) and read the link it shows.
    The box may still show the link of the button pressed before; waiting for a new
    value keeps the read from racing the re-render."""
    before = page.evaluate("() => (document.getElementById('share-url') || {}).value || ''")
    page.locator(f"#sharebox [data-share='{button}']").click()
    page.wait_for_function("b => { const e = document.getElementById('share-url');"
                           " return !!e && !!e.value && e.value !== b; }", arg=before, timeout=TIMEOUT_MS)
    return page.input_value("#share-url")


def wait_focus(page, element_id: str) -> None:
    """Until focus is on ``element_id``: the page moves focus in an effect run after the
    render that shows the element, so an assertion right after it appears would race."""
    page.wait_for_function("id => document.activeElement && document.activeElement.id === id",
                           arg=element_id, timeout=TIMEOUT_MS)


def tool(page, name: str) -> None:
    """Press a tool (History, Hint, ..., by its id's end: "history"): on a phone the tools
    are folded behind the dock's "Tools" button, which a player presses first."""
    button = page.locator("#pb-" + name)
    if not button.is_visible() and page.locator("#btn-tools").is_visible():
        page.locator("#btn-tools").click()
    button.click()


def open_past(page) -> None:
    """Open Past games and wait until the stored list has been read (the panel first shows
    "Reading your past games…", then the list, read in an effect)."""
    tool(page, "past")
    page.wait_for_function("() => { const p = document.querySelector('#panel:not([hidden]) [data-panel=\"past\"]');"
                           " return p && !p.textContent.includes('Reading your past games'); }",
                           timeout=TIMEOUT_MS)


def load(page, saved_text: str | None, url: str | None = None) -> None:
    """Store ``saved_text`` (None: nothing stored) and open the page again (``url``: another).
    Stored from a page of the site without the game (a page of the docs: an HTML page, so
    the browser asks for no favicon), with no game page open in this tab: a game page still
    starting saves its own game, and on a loaded machine it did so after the test's (the
    reload then opened that game instead)."""
    target = url or page.url
    page.goto(target.split("#", 1)[0].rsplit("/", 1)[0] + "/docs/notation.html", wait_until="domcontentloaded")
    if saved_text is None:
        page.evaluate("localStorage.removeItem('wlc.game')")
    else:
        page.evaluate("t => localStorage.setItem('wlc.game', t)", saved_text)
    page.goto(target, wait_until="domcontentloaded")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=TIMEOUT_MS)
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=TIMEOUT_MS)
    wait_idle(page)


def new_game(page, rules: str, seed: str, seats: list[dict]) -> None:
    """Start a game through the New game dialog."""
    toggle = page.locator("#btn-menu")  # on a phone the menu is behind one button (ui/board/phone.py)
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    page.get_by_role("button", name="New game").first.click()
    form = page.locator("#ng-form")
    form.locator(f"input[name='preset'][value='{rules}']").check()
    for i, seat in enumerate(seats):
        if i >= 2:
            form.locator(f"input[name='seat{i}-on']").check()
        form.locator(f"input[name='seat{i}-name']").fill(seat["name"])
        form.locator(f"select[name='seat{i}-kind']").select_option(seat["kind"])
    form.locator("#ng-seed").fill(seed)
    form.get_by_role("button", name="Start the game").click()
    page.wait_for_function(
        "s => { const g = JSON.parse(localStorage.getItem('wlc.game') || '{}');"
        " return g.spec && g.spec.seed === s && !document.body.dataset.busy; }", arg=seed, timeout=TIMEOUT_MS)
    wait_idle(page)


def rack_letters(page) -> list[str]:
    return page.eval_on_selector_all("#rack [data-letter]:not(.used)", "els => els.map(e => e.dataset.letter)")


def rack_tile(page, letter: str):
    return page.locator(f"#rack [data-letter='{letter}']:not(.used)").first


def square(page, sq: str):
    return page.locator(f"#board [data-square='{sq}']")


def choose_letter(page, letter: str) -> None:
    page.locator(f"#chooser [data-letter='{letter}']").click()


def place_by_taps(page, tiles) -> None:
    """Tap each rack tile then its square; answer the letter chooser when it asks."""
    for sq, letter, tile in tiles:
        rack_tile(page, tile).click()
        square(page, sq).click()
        if page.locator("#chooser:not([hidden])").count():
            choose_letter(page, "=" if tile == letter else letter)


def drag(page, source, target) -> None:
    a, b = source.bounding_box(), target.bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    for i in range(1, 6):
        page.mouse.move(a["x"] + (b["x"] - a["x"]) * i / 5 + b["width"] / 2,
                        a["y"] + (b["y"] - a["y"]) * i / 5 + b["height"] / 2)
    page.mouse.up()


def scores_shown(page) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all("#scores .score", "els => els.map(e => e.dataset.score)")]


def preview_score(page) -> int:
    page.wait_for_selector("#preview [data-legal]", timeout=TIMEOUT_MS)
    return int(page.get_attribute("#preview [data-legal='1']", "data-score"))
