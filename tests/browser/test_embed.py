"""A real cross-origin embed: a host page served on one port frames the game (embed.html,
which opens index.html?embed=1) from
another (two servers), a move is played inside the frame, and the postMessage
events (ready, height, turn) and requests (turn, theme) are checked; messages from
anything but the parent are ignored; names from the link are shown as text."""

from __future__ import annotations

import json
import threading

import pytest

import browserkit as kit
import webtool

EVIL = "<img src=x onerror=alert(1)>"
SEATS = [{"name": EVIL, "kind": "human"}, {"name": "Bob", "kind": "human"}]

HOST = """<!doctype html><html><head><meta charset="utf-8"><title>Host</title></head><body>
<h1>A blog post with a game</h1>
<iframe id="game" src="GAME_URL" width="360" height="600" title="Game" style="border:0"></iframe>
<script>
  window.msgs = [];
  const origin = new URL(document.getElementById("game").src).origin;
  window.addEventListener("message", (e) => {
    if (e.origin !== origin) return;
    window.msgs.push(e.data);
    if (e.data && e.data.type === "height") document.getElementById("game").height = e.data.height;
  });
  window.ask = (msg) => document.getElementById("game").contentWindow.postMessage(msg, origin);
  window.intrude = (msg) => new Promise((done) => {   // a frame that is not the game's parent
    const f = document.createElement("iframe");
    f.srcdoc = "<script>parent.frames[0].postMessage(" + JSON.stringify(msg) + ", '*');<\\/script>";
    f.onload = done;
    document.body.appendChild(f);
  });
</script></body></html>"""


@pytest.fixture(scope="module")
def host_url(tmp_path_factory, site_url):
    """A second server, on another port (another origin), serving only the host page."""
    root = tmp_path_factory.mktemp("host")
    spec = {"rules": "classic", "seed": "embed-1", "seats": SEATS, "actions": []}
    kit.native().open(json.dumps(spec))
    fragment = kit.native().link(-1)
    (root / "host.html").write_text(HOST.replace("GAME_URL", site_url + "embed.html#" + fragment))
    server = webtool.make_server(root)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/host.html", spec
    server.shutdown()
    server.server_close()


def messages(page, kind: str) -> list[dict]:
    return page.evaluate("k => window.msgs.filter(m => m && m.type === k)", kind)


def wait_message(page, kind: str, **fields) -> dict:
    page.wait_for_function(
        "([k, f]) => window.msgs.some(m => m && m.type === k && Object.keys(f).every(x => m[x] === f[x]))",
        arg=[kind, fields], timeout=kit.TIMEOUT_MS)
    return [m for m in messages(page, kind) if all(m.get(k) == v for k, v in fields.items())][-1]


def test_cross_origin_embed_plays_and_talks_to_its_parent(browser, host_url, site_url):
    url, spec = host_url
    with kit.own_page(browser, viewport=(800, 900)) as (page, errors):   # not the shared page's log
        page.goto(url)
        frame_el = page.frame_locator("#game")
        ready = wait_message(page, "ready")
        assert ready["protocol"] == "wlc-embed" and ready["v"] == 1 and ready["turn"] == 0
        game = next(f for f in page.frames if "index.html?embed=1#g1." in f.url)
        game.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
        assert game.evaluate("self.crossOriginIsolated") is False   # nothing asked of the host
        # the names come from the link: text, never HTML
        assert EVIL in game.inner_text("#scores") and game.locator("img").count() == 0
        # it fits 360 px and says how tall it is; the host sized the frame from that
        assert game.evaluate("document.getElementById('board').getBoundingClientRect().right") <= 360
        height = wait_message(page, "height")["height"]
        assert height > 300
        page.wait_for_function("h => document.getElementById('game').height == h", arg=height)
        full = game.locator("#open-full")
        assert full.get_attribute("target") == "_blank"
        assert full.get_attribute("href").startswith(site_url + "index.html#g1.")
        # a move played inside the frame: the parent hears the turn
        move, tiles, score = kit.best_placement(dict(spec))
        kit.place_by_taps(frame_el, tiles)
        frame_el.get_by_role("button", name="Play", exact=True).click()
        turn = wait_message(page, "turn", turn=1)
        assert turn["move"] == move and turn["score"] == score and turn["total"] == 1
        assert "#g1." in full.get_attribute("href")
        # the parent asks for a turn and a theme
        page.evaluate("window.ask({protocol: 'wlc-embed', v: 1, type: 'turn', turn: 0})")
        wait_message(page, "turn", turn=0)
        game.wait_for_selector("#replaybar .rp-pos[data-at='0']")
        page.evaluate("window.ask({protocol: 'wlc-embed', v: 1, type: 'theme', theme: 'dark'})")
        wait_message(page, "theme", theme="dark")
        assert game.evaluate("document.documentElement.dataset.theme") == "dark"   # the one theme switch
        assert game.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(22, 24, 27)"
        # ignored: another frame than the parent, another version, a navigation
        page.evaluate("window.intrude({protocol: 'wlc-embed', v: 1, type: 'turn', turn: 1})")
        page.evaluate("window.ask({protocol: 'wlc-embed', v: 2, type: 'turn', turn: 1})")
        page.evaluate("window.ask({protocol: 'wlc-embed', v: 1, type: 'navigate', url: 'https://example.com'})")
        page.evaluate("window.ask({protocol: 'wlc-embed', v: 1, type: 'theme', theme: 'light'})")
        wait_message(page, "theme", theme="light")   # sent after the ignored ones
        assert game.evaluate("document.documentElement.dataset.theme") == "light"
        assert game.get_attribute("#replaybar .rp-pos", "data-at") == "0"
        assert [m["turn"] for m in messages(page, "turn")][-1] == 0
        assert "index.html?embed=1" in game.url   # nothing navigated the frame
        assert errors == []

