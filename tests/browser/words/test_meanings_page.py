"""Words and their meanings in real Chromium: a word in History opens its card (the
meanings file fetched then, never while the page starts), the word judge refuses a word
that is not on the board during a game and answers it after, and with dist/'s service
worker the meanings work offline after their first use. The cold and warm times of the
first meaning are printed (run with -s to see them)."""

from __future__ import annotations

import functools
import json
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import browserkit as kit
from engine.computer import computer_action
from engine.game import Game
from engine.lexicon import Lexicon
from engine.meanings import Meanings, define
from engine.rules import Rules

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))
import dist  # noqa: E402
import webtool  # noqa: E402

T = kit.TIMEOUT_MS
MEANINGS = "wordlists/meanings.bin"
HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def expected(word):
    return define(word, Lexicon.default(), None, Meanings.default())


def _boot(page, url):
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=T)
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
    kit.wait_idle(page)


@pytest.fixture(scope="module")
def visit(browser, site_url):
    """A fresh context (cold cache) with every request logged, the page booted."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    seen = {"requests": [], "errors": []}
    context.on("request", lambda r: seen["requests"].append(r.url))
    page.on("pageerror", lambda e: seen["errors"].append(str(e)))
    _boot(page, site_url + "index.html")
    seen["at_ready"] = list(seen["requests"])
    yield {"page": page, "context": context, **seen}
    context.close()


def _card(page, word):
    """The card of ``word`` once its answer is in: its text."""
    entry = page.locator(f"#words .wd-entry[data-entry='{word}']")
    entry.wait_for(timeout=T)
    return entry.inner_text()


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def _serious(page, within):
    """axe-core's serious or critical violations inside ``within`` (a selector)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async (within) => {
        const r = await axe.run(document.querySelector(within), {resultTypes: ['violations']});
        return r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
                           .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
    }""", within)


def _close(page):
    page.locator("#wd-close").click()
    page.wait_for_function("() => !document.getElementById('words').open", timeout=T)


def _check_card(text, word):
    want = expected(word)
    assert word in text
    if want["definitions"]:
        assert want["definitions"][0]["text"] in text
    else:
        assert "No meaning on file" in text
    assert ("Main list: yes" in text) == want["good"]["main"]


def test_a_word_in_history_opens_its_meaning_fetched_only_then(visit):
    page = visit["page"]
    assert not any(MEANINGS in u for u in visit["at_ready"]), "meanings.bin on the boot path"
    seed, _ = kit.seed_with("classic", kit.YOU_VS_HARD, lambda s: "?" not in s["racks"][0])
    kit.new_game(page, "classic", seed, kit.YOU_VS_HARD)
    spec = {"rules": "classic", "seed": seed, "seats": kit.YOU_VS_HARD, "actions": []}
    _, _, _, saved = kit.play_best(page, spec, actions=2)
    assert not any(MEANINGS in u for u in visit["requests"]), "meanings.bin fetched before a meaning was asked"
    word = saved["snap"]["turns"][0]["words"][0]
    kit.tool(page, "history")
    button = page.locator(f"#panel .pn-hist .wordlink[data-word='{word}']").first
    button.wait_for(timeout=T)
    button.click()
    _check_card(_card(page, word), word)
    assert _serious(page, "#words") == []
    assert sum(MEANINGS in u for u in visit["requests"]) == 1
    cold = page.get_attribute("#words", "data-first-ms")
    worker = page.get_attribute("#words", "data-first-worker-ms")
    print(f"\nfirst meaning, cold: {cold} ms in the page ({worker} ms in the worker)")
    _close(page)
    # the last play's words in the message are buttons too, and the keyboard opens them
    # (the message says your own play first, then the computer's reply: its word is last)
    msg_word = page.locator("#message .wordlink").last
    msg_word.wait_for(timeout=T)
    shown = msg_word.get_attribute("data-word")
    assert shown in [w.upper() for t in kit.stored(page)["snap"]["turns"] for w in t.get("words", [])]
    assert _serious(page, "#message") == [] and _serious(page, "#panel") == []
    msg_word.focus()
    page.keyboard.press("Enter")
    # the message tells the computer's reply, which may still be challenged (classic): its
    # card keeps the verdict back; the player's own word, judged already, shows in full
    snap = kit.stored(page)["snap"]
    assert snap["legal"]["challenge"] and shown in snap["turns"][-1]["words"]
    assert "may still be challenged" in _card(page, shown)
    assert page.locator("#words .wd-lists").count() == 0 and page.locator("#words .wd-defs").count() == 0
    assert sum(MEANINGS in u for u in visit["requests"]) == 1   # loaded once
    _close(page)
    assert visit["errors"] == []


def _judge(page, text):
    page.locator("#btn-words").click()
    page.locator("#wd-input").press_sequentially(text)   # typed, and sent with Enter
    page.locator("#wd-input").press("Enter")
    page.wait_for_function("() => !document.getElementById('words').hasAttribute('data-busy')"
                           " && document.querySelectorAll('#wd-out .wd-entry').length > 0", timeout=T)
    entries = page.eval_on_selector_all(
        "#wd-out .wd-entry", "es => es.map(e => [e.dataset.entry, e.dataset.refused === '1', e.innerText])")
    mode = page.get_attribute("#words", "data-mode")
    _close(page)
    return mode, {w: (refused, text) for w, refused, text in entries}


def _finished_words(seed="5"):
    spec = _finished_game(seed)
    game = Game.replay(Rules.from_string("classic"), seed, spec["actions"][:1], lexicon=Lexicon.default())
    return [w.upper() for w in game.turns[0].words]


def _finished_game(seed="5"):
    """The spec of a whole two-person game, played natively to its end."""
    rules = Rules.from_string("classic")
    game = Game(rules, seed, 2, lexicon=Lexicon.default(), names=["Ann", "Bob"])
    while game.phase != "over":
        game.act(computer_action(game, "greedy"))
    return {"rules": "classic", "seed": seed, "seats": HUMANS, "actions": list(game.actions)}


def test_the_judge_refuses_a_word_off_the_board_during_a_game_and_answers_it_after(visit):
    page = visit["page"]
    on_board = kit.stored(page)["snap"]["turns"][0]["words"][0]
    mode, got = _judge(page, f"zebra {on_board.lower()} xi")
    assert mode == "board"
    assert got["ZEBRA"][0] and "not on the board" in got["ZEBRA"][1]
    assert "web" not in got["ZEBRA"][1]           # nothing of its meaning shown
    assert not got[on_board][0] and not got["XI"][0]
    assert "One of the 72 two-letter words: yes" in got["XI"][1]
    _check_card(got[on_board][1], on_board)
    # after the game: any word
    kit.load(page, kit.saved_game(_finished_game()))
    assert kit.stored(page)["snap"]["phase"] == "over"
    mode, got = _judge(page, "zebra vext")
    assert mode == "any"
    assert not got["ZEBRA"][0]
    _check_card(got["ZEBRA"][1], "ZEBRA")
    assert "Good under this game's rules: yes" in got["ZEBRA"][1]
    assert "VEXT is not in the lists" in got["VEXT"][1] or "Main list: no" in got["VEXT"][1]
    # the end screen's words open their cards
    end_word = page.locator("#end .wordlink").first
    end_word.wait_for(timeout=T)
    word = end_word.get_attribute("data-word")
    end_word.click()
    _check_card(_card(page, word), word)
    _close(page)
    # a replay's move: its words open their cards, and the judge still answers any word
    page.locator("#btn-replay").click()
    page.locator("#replaybar [data-rp='forward']").click()
    page.wait_for_selector("#replaybar .rp-pos[data-at='1']", timeout=T)
    step = page.locator("#replaybar .wordlink").first
    step.wait_for(timeout=T)
    word = step.get_attribute("data-word")
    assert word in _finished_words()
    step.click()
    _check_card(_card(page, word), word)
    _close(page)
    assert _judge(page, "zebra")[0] == "any"
    assert visit["errors"] == []


def test_every_one_of_the_72_shows_a_meaning_and_its_source(visit):
    """The meanings written for this project (wordlists/short_meanings.tsv) reach the
    page's cards: each of the 72 shows its meaning first, and the card names the source."""
    from engine.rules import TWO_LETTER_72
    page = visit["page"]
    kit.load(page, kit.saved_game(_finished_game()))
    assert kit.stored(page)["snap"]["phase"] == "over"      # the judge answers any word
    words = sorted(TWO_LETTER_72)
    for i in range(0, len(words), 18):
        _, got = _judge(page, " ".join(words[i:i + 18]))
        for w in words[i:i + 18]:
            refused, text = got[w]
            ours = expected(w)["definitions"][0]
            assert not refused and ours["source"] == "written for this project"
            assert ours["text"] in text and "Source: written for this project" in text, w
    assert any("short_meanings.tsv" in u for u in visit["requests"])
    assert visit["errors"] == []


def test_a_warm_load_times_its_first_meaning(visit, site_url):
    page = visit["page"]
    _boot(page, site_url + "index.html")
    word = page.locator("#end .wordlink").first
    word.wait_for(timeout=T)
    w = word.get_attribute("data-word")
    word.click()
    _check_card(_card(page, w), w)
    warm = page.get_attribute("#words", "data-first-ms")
    worker = page.get_attribute("#words", "data-first-worker-ms")
    print(f"\nfirst meaning, warm (HTTP cache): {warm} ms in the page ({worker} ms in the worker)")
    assert warm is not None and int(warm) < 60_000
    _close(page)


# ------------------------------------------------------------------ dist/, offline


class _Quiet(SimpleHTTPRequestHandler):
    extensions_map = webtool.SiteHandler.extensions_map

    def log_message(self, format, *args):  # noqa: A002 (quiet)
        pass


def _serve(root, port=0):
    server = ThreadingHTTPServer(("127.0.0.1", port), functools.partial(_Quiet, directory=str(root)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_dist_ships_the_meanings_outside_the_boot_configs_and_caches_them():
    files = dist.collect(ROOT)
    assert MEANINGS in files
    assert b"meanings" not in files["pyscript.toml"] and b"meanings" not in files["mpy.toml"]


def test_meanings_work_offline_after_their_first_use(browser, tmp_path):
    build = dist.build(tmp_path / "site")
    assert MEANINGS in build.files
    server = _serve(tmp_path / "site")
    port = server.server_address[1]
    url = f"http://127.0.0.1:{port}/"
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        _boot(page, url)
        mode, got = _judge(page, "xi")     # the first use, online
        assert not got["XI"][0]
        page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=T)
        kit.wait_until(page, """f => caches.keys().then(ks => ks.length === 1 && caches.open(ks[0]))
                   .then(c => c && c.match(new URL(f, location.href).href)).then(r => !!r)""", MEANINGS, timeout=T)
        answered = []
        context.on("response", lambda r: MEANINGS in r.url and answered.append(r.from_service_worker))
        context.set_offline(True)
        server.shutdown()
        server.server_close()
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
        kit.wait_idle(page)
        mode, got = _judge(page, "xi")
        assert not got["XI"][0]
        _check_card(got["XI"][1], "XI")
        assert answered == [True]          # from the service worker's cache
        assert errors == []
    finally:
        context.close()
