"""A player's own word list in real Chromium: loaded from a file in New game (checked,
with precise messages for an empty, oversized or bad file), kept on this device, played
by the game (QI is good with it, not in the shipped classic lists), kept over a reload
mid-game, and its game's link opened on another device (a fresh context) tells that
device which list it needs; once that device loads the same file, the link plays on.
The time to build a 182,619-word list in the page's engine is printed (-s)."""

from __future__ import annotations

import json

import pytest

import browserkit as kit
from engine import session
from engine.lexicon import Lexicon
from engine.lexicon import own
from engine.rules import TWO_LETTER_72
from ui.newgame import wordlist as page_wordlist

T = kit.TIMEOUT_MS
HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
NAME = "my-words.txt"


@pytest.fixture(scope="module")
def words_file():
    """Two- to four-letter main words, the 72, and QI and ZA (which classic lacks)."""
    lex = Lexicon.default()
    words = sorted({w for w in lex.words() if len(w) <= 4} | TWO_LETTER_72 | {"QI", "ZA"})
    data = ("# a word list of my own\n" + "\n".join(w.lower() for w in words) + "\n").encode()
    _, info = own.build(data, NAME)
    return {"data": data, "fp": info["fp"], "words": len(words)}


def _seed(fp):
    spec = {"rules": "classic", "seats": HUMANS, "wordlist": {"name": NAME, "fp": fp}}
    kit.native()
    for n in range(500):
        snap = json.loads(session.open(json.dumps(dict(spec, seed=str(n)))))
        if {"Q", "I"} <= set(snap["racks"][0]):
            return str(n)
    raise AssertionError("no seed with Q and I")


def _boot(page, url):
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=T)
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
    kit.wait_idle(page)


def _open_new_game(page):
    page.get_by_role("button", name="New game").first.click()
    page.locator("#ng-form").wait_for(timeout=T)


def _load_file(page, name, data):
    """Choose a file in New game's Word list; what the dialog says once it is read."""
    page.set_input_files("#ng-wlfile", files=[{"name": name, "mimeType": "text/plain", "buffer": data}])
    page.wait_for_function("() => { const s = document.getElementById('ng-wlsay');"
                           " return s && s.textContent && !s.textContent.startsWith('Reading'); }", timeout=T)
    return page.locator("#ng-wlsay").inner_text()


def test_the_dialog_says_precisely_why_a_file_is_no_word_list(browser, site_url):
    with kit.own_page(browser) as (page, errors):
        _boot(page, site_url + "index.html")
        _open_new_game(page)
        assert _load_file(page, "empty.txt", b"") == \
            "'empty.txt' is empty: a word list is one word of letters A-Z a line."
        assert _load_file(page, "big.txt", b"a\n" * 2_000_001) == \
            "'big.txt' is 4.0 MB: a word list may be at most 4 MB."
        assert _load_file(page, "bad.txt", b"cat\nr2d2\n") == \
            "This file cannot be a word list: bad.txt:2: 'r2d2' is not a word of letters A-Z"
        assert _load_file(page, "comments.txt", b"# nothing here\n\n") == \
            "This file cannot be a word list: 'comments.txt' holds no words: a word list is one word of letters A-Z a line"
        assert page.locator("#ng-wordlist option").count() == 1       # nothing kept
        assert page.evaluate("localStorage.getItem('wlc.wordlists')") is None
        assert errors == []


def test_a_game_with_qi_on_a_list_of_ones_own_its_reload_and_its_link(browser, site_url, words_file):
    fp = words_file["fp"]
    seed = _seed(fp)
    with kit.own_page(browser) as (page, errors):
        _boot(page, site_url + "index.html")
        _open_new_game(page)
        form = page.locator("#ng-form")
        form.locator("input[name='preset'][value='classic']").check()
        said = _load_file(page, NAME, words_file["data"])
        assert said == (f"Loaded '{NAME}': {page_wordlist._count(words_file['words'])} words "
                        f"(fingerprint {fp}). It is kept on this device.")
        assert page.locator("#ng-wordlist").input_value() == fp
        for i, seat in enumerate(HUMANS):
            form.locator(f"input[name='seat{i}-name']").fill(seat["name"])
            form.locator(f"select[name='seat{i}-kind']").select_option(seat["kind"])
        form.locator("#ng-seed").fill(seed)
        form.get_by_role("button", name="Start the game").click()
        page.wait_for_function("s => { const g = JSON.parse(localStorage.getItem('wlc.game') || '{}');"
                               " return g.spec && g.spec.seed === s; }", arg=seed, timeout=T)
        kit.wait_idle(page)
        saved = kit.stored(page)
        assert saved["spec"]["wordlist"] == {"name": NAME, "fp": fp}
        kept = json.loads(page.evaluate("localStorage.getItem('wlc.wordlists')"))
        assert [(e["name"], e["fp"], e["words"]) for e in kept["lists"]] == [(NAME, fp, words_file["words"])]
        # QI, which the shipped classic lists lack, is played and scored
        kit.place_by_taps(page, [("G8", "Q", "Q"), ("H8", "I", "I")])
        assert kit.preview_score(page) == 22
        page.get_by_role("button", name="Play", exact=True).click()
        page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= 1",
                               timeout=T)
        kit.wait_idle(page)
        saved = kit.stored(page)
        assert saved["spec"]["actions"] == ["8G QI"] and saved["snap"]["turns"][-1]["words"] == ["QI"]
        assert saved["snap"]["scores"][0] == 22 and saved["spec"]["wordlist"]["fp"] == fp
        # a reload mid-game keeps the game and its list: the judge says QI is good in it
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
        kit.wait_idle(page)
        again = kit.stored(page)
        assert again["spec"]["actions"] == ["8G QI"] and again["spec"]["wordlist"]["fp"] == fp
        assert page.evaluate("localStorage.getItem('wlc.game.unreadable')") is None
        # Bob challenges QI: with the list it is good, so the challenge fails (scored by the shipped lists it would come off)
        challenge = page.get_by_role("button", name="Challenge", exact=True)
        challenge.wait_for(timeout=T)
        challenge.click()
        page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= 2",
                               timeout=T)
        kit.wait_idle(page)
        after = kit.stored(page)["snap"]
        assert after["actions"] == ["8G QI", "challenge"] and after["scores"][0] == 22
        assert [t["kind"] for t in after["turns"]][0] == "play" and "phony" not in [t["kind"] for t in after["turns"]]
        assert errors == []
    # the game's link, opened on a device without the list, says which list it needs
    kit.native()
    session.open(json.dumps(saved["spec"]))
    fragment = session.link(-1)
    assert fragment.startswith("g5.")
    with kit.own_page(browser) as (page, errors):
        _boot(page, site_url + "index.html#" + fragment)
        box = page.locator("#sharebox")
        box.wait_for(state="visible", timeout=T)
        assert (f"This game uses the word list '{NAME}' (fingerprint {fp}). Load it in New game to play on."
                in box.inner_text())
        # loading the same file in New game, then opening the link again, plays on
        _open_new_game(page)
        assert _load_file(page, "renamed.txt", words_file["data"]).startswith("Loaded 'renamed.txt'")
        page.locator("#ng-form").get_by_role("button", name="Cancel").click()
        _boot(page, site_url + "index.html?again=1#" + fragment)
        page.wait_for_function("() => !document.body.dataset.busy", timeout=T)
        kit.wait_idle(page)
        page.wait_for_function("() => { const q = document.querySelector(\"#board [data-square='G8']\");"
                               " return q && q.textContent.includes('Q'); }", timeout=T)
        assert "word list" not in page.locator("#sharebox").inner_text()
        assert "I" in page.locator("#board [data-square='H8']").inner_text()
        assert errors == []


def test_the_page_limit_is_the_engines():
    assert page_wordlist.MAX_BYTES == own.MAX_BYTES


def test_building_a_large_list_in_the_page_is_timed(browser, site_url):
    """The large list (182,619 words, 1.9 MB) as a player's file: built in the page's
    engine; build and encode times printed."""
    data = ("\n".join(Lexicon.default().words(large=True)) + "\n").encode()
    with kit.own_page(browser) as (page, errors):
        _boot(page, site_url + "index.html")
        _open_new_game(page)
        said = _load_file(page, "large.txt", data)
        assert said.startswith("Loaded 'large.txt': 182,619 words"), said
        ms = page.evaluate("document.body.dataset.wordlistMs")
        print(f"\n182,619 words in the page's engine: build + encode = {ms} ms ({len(data):,} bytes)")
        kept = json.loads(page.evaluate("localStorage.getItem('wlc.wordlists')"))
        print(f"kept on the device as {len(kept['lists'][0]['data']):,} characters")
        # kept lists are handed to the engine as the page starts: a reload with it still boots
        page.locator("#ng-form").get_by_role("button", name="Cancel").click()
        _boot(page, site_url + "index.html")
        _open_new_game(page)
        assert page.locator("#ng-wordlist option").all_inner_texts()[1] == "large.txt (182,619 words)"
        assert errors == []
