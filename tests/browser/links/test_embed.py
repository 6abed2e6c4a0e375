"""Embeds as other sites use them (docs/embedding.md): a host page served as
``http://localhost:P2`` frames the game from ``http://127.0.0.1:P1`` (two sites, as any
blog embedding the game: the browser refuses the frame's storage), through embed.html
or index.html?embed=1. Checked: the frame starts, plays and talks to its parent
(ready, height, turn, theme), says when it is not saved, tells every action against
the computer, hides what controls=0 and scores=0 say, and a sandbox without
allow-same-origin gets a clear message and an "error" message, never a silent "loading".
The club's and the table's pages, framed so, start their engines too (ui/kit.js)."""

from __future__ import annotations

import json
import threading
from html import escape

import pytest

import browserkit as kit
import webtool

EVIL = "<img src=x onerror=alert(1)>"
SEATS = [{"name": EVIL, "kind": "human"}, {"name": "Bob", "kind": "human"}]
# docs/embedding.md: the flags a sandboxed frame needs (the last two: "Open full game")
SANDBOX_FLAGS = "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"

HOST = """<!doctype html><html><head><meta charset="utf-8"><title>Host</title></head><body>
<h1>A blog post with a game</h1>
FRAMES
<script>
  // every frame's messages, told apart by the window that sent them (a sandboxed
  // frame's origin is "null", so the source is the one check that always works)
  window.msgs = {};
  const frames = [...document.querySelectorAll("iframe")];
  for (const f of frames) window.msgs[f.id] = [];
  window.addEventListener("message", (e) => {
    const f = frames.find((x) => x.contentWindow === e.source);
    if (!f || !e.data || e.data.protocol !== "wlc-embed") return;
    window.msgs[f.id].push(e.data);
    if (e.data.type === "height") f.height = e.data.height;
  });
  window.ask = (id, msg) => document.getElementById(id).contentWindow.postMessage(msg, "*");
  window.intrude = (msg) => new Promise((done) => {   // a frame that is not the game's parent
    const f = document.createElement("iframe");
    f.srcdoc = "<script>parent.frames[0].postMessage(" + JSON.stringify(msg) + ", '*');<\\/script>";
    f.onload = done;
    document.body.appendChild(f);
  });
</script></body></html>"""


def frame_tag(fid: str, src: str, sandbox: str | None = None, width: int = 360) -> str:
    sb = f' sandbox="{sandbox}"' if sandbox is not None else ""
    return (f'<iframe id="{fid}" src="{escape(src)}" width="{width}" height="600" title="Game"'
            f' style="border:0"{sb}></iframe>')


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    """A second server for host pages, addressed as localhost (the game is on 127.0.0.1:
    another site); ``host(name, frames_html)`` writes a page and returns its URL."""
    root = tmp_path_factory.mktemp("host")
    server = webtool.make_server(root)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def page(name: str, frames: str) -> str:
        (root / name).write_text(HOST.replace("FRAMES", frames))
        return f"http://localhost:{server.server_address[1]}/{name}"
    yield page
    server.shutdown()
    server.server_close()


def link_of(spec: dict) -> str:
    kit.native().open(json.dumps(spec))
    return kit.native().link(-1)


def messages(page, fid: str, kind: str) -> list[dict]:
    return page.evaluate("([id, k]) => window.msgs[id].filter(m => m.type === k)", [fid, kind])


def wait_message(page, fid: str, kind: str, timeout: int = kit.TIMEOUT_MS, **fields) -> dict:
    page.wait_for_function(
        "([id, k, f]) => window.msgs[id].some(m => m.type === k && Object.keys(f).every(x => m[x] === f[x]))",
        arg=[fid, kind, fields], timeout=timeout)
    return [m for m in messages(page, fid, kind) if all(m.get(k) == v for k, v in fields.items())][-1]


def game_frame(page, marker: str = "index.html?embed=1#g1."):
    return next(f for f in page.frames if marker in f.url)


def storage_refused(frame) -> bool:
    return frame.evaluate("(() => { try { localStorage.getItem('x'); return false; } catch (e) { return true; } })()")


def test_club_and_table_start_their_engines_in_a_frame_on_another_site(browser, host, site_url):
    """ui/kit.js gives every page's engine worker its in-memory IndexedDB: where the
    browser refuses a frame's storage, the club's and the table's engines start as the
    game's does, and the pages work unsaved."""
    url = host("pages.html", frame_tag("club", site_url + "club.html", width=800)
               + frame_tag("table", site_url + "table.html", width=800))
    with kit.own_page(browser, viewport=(900, 1300)) as (page, errors):
        page.goto(url)
        for fid in ("club", "table"):
            page.frame_locator("#" + fid).locator("body[data-engine='ready']").wait_for(state="attached",
                                                                                       timeout=kit.TIMEOUT_MS)
        table = page.frame_locator("#table")
        table.locator("#tb-name0").fill("Ann")
        table.locator("#tb-name1").fill("Bob")
        table.locator("#tb-new button[type='submit']").click()
        table.locator("#tb-game").wait_for(state="visible", timeout=kit.TIMEOUT_MS)
        assert "failed" not in page.frame_locator("#club").locator("body").get_attribute("data-engine")
        assert errors == []


def test_cross_site_embed_plays_and_talks_to_its_parent(browser, host, site_url):
    spec = {"rules": "classic", "seed": "embed-1", "seats": SEATS, "actions": []}
    url = host("cross.html", frame_tag("game", site_url + "embed.html#" + link_of(spec)))
    with kit.own_page(browser, viewport=(800, 900)) as (page, errors):   # not the shared page's log
        page.goto(url)
        frame_el = page.frame_locator("#game")
        ready = wait_message(page, "game", "ready")
        assert ready["protocol"] == "wlc-embed" and ready["v"] == 1 and ready["turn"] == 0
        game = game_frame(page)
        game.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
        assert game.evaluate("self.crossOriginIsolated") is False   # nothing asked of the host
        assert messages(page, "game", "error") == []
        # another site: the browser refuses the frame's storage; the game plays unsaved and says so quietly
        refused = storage_refused(game)
        unsaved = game.locator("#embed-unsaved")
        assert unsaved.count() == (1 if refused else 0)
        if refused:
            unsaved.wait_for(state="visible", timeout=kit.TIMEOUT_MS)   # drawn with the frame after boot
            assert "Not saved" in unsaved.inner_text()
            assert game.locator("#notice").is_hidden()
        # the names come from the link: text, never HTML
        assert EVIL in game.inner_text("#scores") and game.locator("img").count() == 0
        # it fits 360 px and says how tall its content is; the host sized the frame from that
        assert game.evaluate("document.getElementById('board').getBoundingClientRect().right") <= 360
        height = wait_message(page, "game", "height")["height"]
        assert height > 300
        page.wait_for_function("h => document.getElementById('game').height == h", arg=height)
        full = game.locator("#open-full")
        assert full.get_attribute("target") == "_blank"
        assert full.get_attribute("href").startswith(site_url + "index.html#g1.")
        # a move played inside the frame: the parent hears the turn
        move, tiles, score = kit.best_placement(dict(spec))
        kit.place_by_taps(frame_el, tiles)
        frame_el.get_by_role("button", name="Play", exact=True).click()
        turn = wait_message(page, "game", "turn", turn=1)
        assert turn["move"] == move and turn["score"] == score and turn["total"] == 1
        assert "#g1." in full.get_attribute("href")
        # the parent asks for a turn and a theme
        page.evaluate("window.ask('game', {protocol: 'wlc-embed', v: 1, type: 'turn', turn: 0})")
        wait_message(page, "game", "turn", turn=0)
        game.wait_for_selector("#replaybar .rp-pos[data-at='0']")
        page.evaluate("window.ask('game', {protocol: 'wlc-embed', v: 1, type: 'theme', theme: 'dark'})")
        wait_message(page, "game", "theme", theme="dark")
        assert game.evaluate("document.documentElement.dataset.theme") == "dark"   # the one theme switch
        assert game.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(22, 24, 27)"
        # ignored: another frame than the parent, another version, a navigation
        page.evaluate("window.intrude({protocol: 'wlc-embed', v: 1, type: 'turn', turn: 1})")
        page.evaluate("window.ask('game', {protocol: 'wlc-embed', v: 2, type: 'turn', turn: 1})")
        page.evaluate("window.ask('game', {protocol: 'wlc-embed', v: 1, type: 'navigate', url: 'https://example.com'})")
        page.evaluate("window.ask('game', {protocol: 'wlc-embed', v: 1, type: 'theme', theme: 'light'})")
        wait_message(page, "game", "theme", theme="light")   # sent after the ignored ones
        assert game.evaluate("document.documentElement.dataset.theme") == "light"
        assert game.get_attribute("#replaybar .rp-pos", "data-at") == "0"
        assert [m["turn"] for m in messages(page, "game", "turn")][-1] == 0
        assert "index.html?embed=1" in game.url   # nothing navigated the frame
        assert errors == []


def test_a_big_board_fits_a_narrow_frame_and_zooms(browser, host, site_url):
    """A III game (21x21) in a 360 px frame on another site is a phone: the whole
    board fits the frame (it used to keep 26 px squares in a box that scrolled
    sideways), and Zoom gives finger-sized squares that pan, and back."""
    spec = {"rules": "iii", "seed": "embed-iii", "seats": SEATS, "actions": []}
    url = host("iii.html", frame_tag("game", site_url + "embed.html#" + link_of(spec)))
    with kit.own_page(browser, viewport=(800, 900)) as (page, errors):
        page.goto(url)
        wait_message(page, "game", "ready")
        game = game_frame(page)
        game.wait_for_selector("#sq-U21", timeout=kit.TIMEOUT_MS)
        box = "(() => { const s = document.getElementById('board-scroll'); return [s.scrollWidth, s.clientWidth]; })()"
        assert game.evaluate("document.documentElement.scrollWidth") <= 360
        assert game.evaluate("document.getElementById('sq-U21').getBoundingClientRect().right") <= 360
        wide, shown = game.evaluate(box)
        assert wide <= shown + 1   # nothing to scroll: it all shows
        small = game.locator("#sq-K11").bounding_box()["width"]
        zoom = game.locator("#btn-zoom")
        assert zoom.is_visible() and small < 17
        zoom.click()
        assert zoom.get_attribute("aria-pressed") == "true"
        assert game.locator("#sq-K11").bounding_box()["width"] >= 27.5
        wide, shown = game.evaluate(box)
        assert wide > shown and game.evaluate("document.documentElement.scrollWidth") <= 360
        zoom.click()
        assert abs(game.locator("#sq-K11").bounding_box()["width"] - small) < 0.5
        assert errors == []


def content_height(frame) -> int:
    return frame.evaluate("Math.ceil(document.documentElement.getBoundingClientRect().height)")


def last_height(page, fid: str) -> int:
    return messages(page, fid, "height")[-1]["height"]


def settled_height(page, fid: str, frame) -> int:
    """The last height said, once it is the frame's content height (the page may still be
    drawing a line when asked)."""
    for _ in range(100):
        said = last_height(page, fid)
        if said == content_height(frame):
            return said
        page.wait_for_timeout(100)
    raise AssertionError(f"height said {last_height(page, fid)}, content {content_height(frame)}")


def test_height_is_the_content_s_own_so_the_frame_shrinks_too(browser, host, site_url):
    spec = {"rules": "classic", "seed": "embed-2", "seats": SEATS, "actions": []}
    url = host("height.html", frame_tag("game", site_url + "index.html?embed=1#" + link_of(spec)))
    with kit.own_page(browser, viewport=(800, 900)) as (page, errors):
        page.goto(url)
        wait_message(page, "game", "ready")
        game = game_frame(page)
        game.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
        page.wait_for_function("() => document.getElementById('game').height == "
                               "window.msgs.game.filter(m => m.type === 'height').slice(-1)[0].height")
        start = settled_height(page, "game", game)
        # a frame far taller than its content: the content's height is still what is said
        page.evaluate("document.getElementById('game').height = 3000")
        game.locator("#pb-tiles").click()   # a panel opens: the content grows ...
        game.wait_for_selector("#panel:not([hidden])")
        page.wait_for_function("h => window.msgs.game.filter(m => m.type === 'height').slice(-1)[0].height > h",
                               arg=start, timeout=kit.TIMEOUT_MS)
        grown = settled_height(page, "game", game)
        assert grown < 3000
        game.locator("#pb-tiles").click()   # ... and shrinks when it closes: so does the frame
        game.wait_for_selector("#panel", state="hidden")
        page.wait_for_function("h => window.msgs.game.filter(m => m.type === 'height').slice(-1)[0].height < h",
                               arg=grown, timeout=kit.TIMEOUT_MS)
        assert settled_height(page, "game", game) < grown
        page.wait_for_function("h => document.getElementById('game').height == h", arg=last_height(page, "game"))
        assert errors == []


def test_every_action_against_the_computer_is_told_in_a_sandbox_with_the_documented_flags(
        browser, host, site_url):
    seed, _ = kit.seed_with("classic", kit.YOU_VS_HARD, lambda snap: snap["to_move"] == 0)
    spec = {"rules": "classic", "seed": seed, "seats": kit.YOU_VS_HARD, "actions": []}
    url = host("computer.html", frame_tag("game", site_url + "index.html?embed=1#" + link_of(spec),
                                          sandbox=SANDBOX_FLAGS))
    with kit.own_page(browser, viewport=(800, 900)) as (page, errors):
        page.goto(url)
        frame_el = page.frame_locator("#game")
        wait_message(page, "game", "ready", turn=0)
        game = game_frame(page)
        game.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
        move, tiles, score = kit.best_placement(dict(spec))
        kit.place_by_taps(frame_el, tiles)
        frame_el.get_by_role("button", name="Play", exact=True).click()
        for turn in (2, 4, 6):   # the computer replies each time; then the player passes
            wait_message(page, "game", "turn", turn=turn)
            kit.wait_idle(game)
            if turn < 6:
                frame_el.get_by_role("button", name="Pass", exact=True).click()
        told = [m for m in messages(page, "game", "turn") if m["turn"] > 0]
        assert [m["turn"] for m in told] == [1, 2, 3, 4, 5, 6]   # every action, in order, once
        assert told[0]["move"] == move and told[0]["score"] == score and told[0]["to_move"] == 1
        assert [m["move"] for m in told[2::2]] == ["pass", "pass"]
        assert all(m["to_move"] == 0 for m in told[1::2])   # the computer's moves: the player is next
        assert messages(page, "game", "error") == []
        assert errors == []


def finished_link() -> str:
    """A classic game ended by six passes (two people)."""
    s = kit.native()
    s.open(json.dumps({"rules": "classic", "seed": "over-1", "seats": SEATS[1:] + [{"name": "Cy", "kind": "human"}],
                       "actions": []}))
    for _ in range(6):
        snap = json.loads(s.act("-"))
    assert snap["phase"] == "over"
    return s.link(-1)


TOOLS = ("#pb-history", "#pb-hint", "#pb-tiles", "#pb-undo", "#pb-redo", "#pb-rules", "#pb-past",
         "#pb-settings", "#btn-replay")


def test_controls_and_scores_off_leave_only_the_game(browser, host, site_url):
    data = finished_link()
    frames = (frame_tag("bare", site_url + "index.html?embed=1#" + data + "&mode=replay&controls=0&scores=0")
              + frame_tag("full", site_url + "index.html?embed=1#" + data + "&mode=replay"))
    with kit.own_page(browser, viewport=(800, 900)) as (page, errors):
        page.goto(host("controls.html", frames))
        for fid in ("bare", "full"):
            wait_message(page, fid, "turn", turn=6)   # a replay opens at the end
        bare = next(f for f in page.frames if "controls=0" in f.url)
        full = next(f for f in page.frames if "mode=replay" in f.url and "controls=0" not in f.url)
        for frame in (bare, full):
            frame.wait_for_selector("#end:not([hidden]) table", state="attached", timeout=kit.TIMEOUT_MS)
        # the same game with every control: the tools, the Replay menu, Rematch, New game, the table
        for sel in TOOLS[:3] + ("#btn-replay", "#end table", "#end [data-act='rematch']", "#end [data-act='open_new']"):
            assert full.locator(sel).is_visible(), sel
        # controls=0: not one tool, no Replay menu, no way to another game; scores=0: no score table
        for sel in TOOLS + ("#scores", "#end table", "[data-act='rematch']", "[data-act='open_new']", "#rack",
                            "#replaybar .rp-buttons"):
            loc = bare.locator(sel)
            assert all(not loc.nth(i).is_visible() for i in range(loc.count())), sel
        assert bare.locator("#board [data-letter]").count() == full.locator("#board [data-letter]").count()
        assert bare.locator("#open-full").is_visible()   # the one way out: the full game, in a new tab
        assert errors == []


def test_a_frame_sandboxed_without_same_origin_says_so_at_once(browser, host, site_url):
    spec = {"rules": "classic", "seed": "embed-3", "seats": SEATS, "actions": []}
    url = host("sandbox.html", frame_tag("game", site_url + "embed.html#" + link_of(spec), sandbox="allow-scripts"))
    with kit.own_page(browser, viewport=(800, 900)) as (page, errors):
        page.goto(url)
        error = wait_message(page, "game", "error", timeout=10_000)   # within seconds, not a silent "loading"
        assert error["v"] == 1 and error["reason"] == "sandboxed" and "allow-same-origin" in error["message"]
        game = game_frame(page, "index.html?embed=1#g1.")
        assert game.evaluate("self.origin") == "null"
        splash = game.locator("#splash")
        splash.get_by_text("allow-same-origin").wait_for()
        assert splash.get_attribute("role") == "alert" and game.locator("#splash .spinner").count() == 0
        opener = splash.get_by_role("link", name="Open the game in a new tab")
        assert opener.get_attribute("target") == "_blank" and "#g1." in opener.get_attribute("href")
        assert messages(page, "game", "ready") == [] and errors == []


@pytest.mark.parametrize("missing, reason", [("vendor/pyscript/core.js", "load"),
                                              ("vendor/engine.zip vendor/pyodide/engine_rest.zip", "engine")])
def test_a_game_that_cannot_start_tells_its_parent(browser, host, site_url, missing, reason):
    """A file the host failed to serve: the frame says so and the parent gets "error"."""
    spec = {"rules": "classic", "seed": "embed-4", "seats": SEATS, "actions": []}
    url = host("broken.html", frame_tag("game", site_url + "index.html?embed=1#" + link_of(spec)))

    def gone(context):   # (the engine: what the snapshot lacks, and all of it, which start.mjs falls back on)
        for path in missing.split():
            context.route(site_url + path, lambda route: route.fulfill(status=404, body="gone"))
    with kit.own_page(browser, setup=gone, viewport=(800, 900)) as (page, _errors):
        page.goto(url)
        error = wait_message(page, "game", "error")
        assert error["reason"] == reason and error["message"]
        game = game_frame(page)
        assert game.get_attribute("body", "data-engine") == "failed"
        assert messages(page, "game", "ready") == []
        if reason == "load":   # nothing else will: the loading screen says it
            assert "could not load" in game.inner_text("#splash")
        else:                  # the page is up and says why in its notice
            assert "engine" in game.inner_text("#notice").lower()
