"""The compact embed fits a 360x640 frame on another site whose page ignores the "height"
message: the whole game (the board, scores, the rack, every action button, the tools'
row) is inside the frame without scrolling. Its content was 769-1062 px tall, and in a
600-640 px frame the rack and Play could fall below the fold."""

from __future__ import annotations

import json
import threading
from html import escape

import pytest

import browserkit as kit
import webtool

HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
# A host that frames the game at a fixed size and never listens to its messages.
HOST = ('<!doctype html><html><head><meta charset="utf-8"><title>Host</title></head>'
        '<body style="margin:0"><iframe id="game" src="SRC" width="W" height="H" style="border:0"'
        ' title="Game"></iframe></body></html>')

INSIDE_JS = """([w, h]) => {
  const out = [];
  const inside = (what, el) => { const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= w + 0.5 && r.bottom <= h + 0.5))
      out.push(what + ' ' + (el.id || el.dataset.square || el.dataset.letter || '') + ' ' + Math.round(r.top)
               + '-' + Math.round(r.bottom)); };
  for (const el of document.querySelectorAll('#board [data-square]')) inside('square', el);
  for (const el of document.querySelectorAll('#rack [data-letter]')) inside('rack tile', el);
  for (const el of document.querySelectorAll('.buttons button')) if (el.offsetParent) inside('button', el);
  for (const el of document.querySelectorAll('#scores .seat, #status, #tools, .top')) inside('part', el);
  return out;
}"""


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    """Host pages served as localhost: another site than the game's 127.0.0.1."""
    root = tmp_path_factory.mktemp("compact")
    server = webtool.make_server(root)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def page(name: str, src: str, w: int, h: int) -> str:
        (root / name).write_text(HOST.replace("SRC", escape(src)).replace("W", str(w)).replace("H", str(h)))
        return f"http://localhost:{server.server_address[1]}/{name}"
    yield page
    server.shutdown()
    server.server_close()


def link_of(spec: dict) -> str:
    s = kit.native()
    s.open(json.dumps(spec))
    return s.link(-1)


def open_frame(page, url: str):
    page.goto(url)
    page.wait_for_function("() => [...document.querySelectorAll('iframe')].length", timeout=kit.TIMEOUT_MS)
    for _ in range(200):
        frames = [f for f in page.frames if "embed=1" in f.url]
        if frames:
            break
        page.wait_for_timeout(100)
    game = frames[0]
    game.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
    kit.wait_idle(game)
    return game


@pytest.mark.parametrize("rules, seats", [("classic", HUMANS), ("iii", kit.YOU_VS_HARD), ("o", kit.YOU_VS_HARD)])
def test_the_compact_embed_fits_a_phone_sized_frame(browser, host, site_url, rules, seats):
    seed, _ = kit.seed_with(rules, seats, lambda snap: seats[snap["to_move"]]["kind"] == "human")
    spec = {"rules": rules, "seed": seed, "seats": seats, "actions": []}
    src = site_url + "index.html?embed=1#" + link_of(spec)
    with kit.own_page(browser, viewport=(800, 900)) as (page, errors):
        game = open_frame(page, host(f"{rules}.html", src, 360, 640))
        height = game.evaluate("Math.ceil(document.documentElement.getBoundingClientRect().height)")
        assert height <= 640, height
        assert game.evaluate("[document.documentElement.scrollWidth, scrollY]") == [360, 0]
        assert game.evaluate(INSIDE_JS, [360, 640]) == []
        # a play put down: the live score line and Play still inside the frame
        _, tiles, score = kit.best_placement(spec)
        kit.place_by_taps(game, tiles)
        assert kit.preview_score(game) == score
        assert game.evaluate(INSIDE_JS, [360, 640]) == []
        if rules == "classic":
            page.screenshot(path="/tmp/shots/small-embed.png")
        # in a 600 px frame the rack and Play are still on screen
        page.evaluate("document.getElementById('game').height = 600")
        game.wait_for_function("() => innerHeight === 600")
        play = game.locator("#btn-Play").bounding_box()
        rack = game.locator("#rack").bounding_box()
        assert play["y"] + play["height"] <= 600 and rack["y"] + rack["height"] <= 600
        assert errors == []
