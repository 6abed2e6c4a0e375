"""House words in the page: New game -> Change the rules adds a word no list has and
forbids one the list has; the added word plays, the forbidden one does not stand, and
the share link carries both lists. Each test opens a fresh browser context."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

import browserkit as kit
from engine.lexicon import Lexicon
from engine.rules import Rules

SHOTS = Path("/tmp/shots")
FIRST3 = ("H8", "I8", "J8")


def _boot(page, site_url):
    page.goto(site_url + "index.html", wait_until="domcontentloaded")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=kit.TIMEOUT_MS)
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)


def _open_rules(page):
    """New game, with Change the rules open."""
    toggle = page.locator("#btn-menu")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    page.get_by_role("button", name="New game").first.click()
    page.wait_for_selector("#newgame[open] #ng-form", timeout=kit.TIMEOUT_MS)
    page.locator("#ng-form input[name='preset'][value='o']").check()
    page.locator("#ng-form summary").click()
    page.wait_for_selector("#ng-form details[open] #knob-add", timeout=kit.TIMEOUT_MS)


def _fill_lists(page, add, taboo, sauter=True):
    page.locator("#knob-add").fill(add)
    page.locator("#knob-add").dispatch_event("change")
    page.locator("#knob-taboo").fill(taboo)
    page.locator("#knob-taboo").dispatch_event("change")
    if sauter:
        page.locator("#knob-taboo-sauter").check()


def _plan():
    """(seed, non-word, rules, forbidden move, its tiles): a seed whose first rack makes a
    3-letter non-word played at H8 across; after the computer's reply the best play of
    the rack left is a word, forbidden by the rules; the reply is the same either way."""
    s, lexicon = kit.native(), Lexicon.default()
    for n in range(40):
        seed = str(n)
        spec = {"rules": "o", "seed": seed, "seats": kit.YOU_VS_HARD, "actions": []}
        rack = [t for t in json.loads(s.open(json.dumps(spec)))["racks"][0] if t != "?"]
        odd = next(("".join(p) for p in itertools.permutations(rack[:3])
                    if not lexicon.is_word("".join(p), large=True, formatives=True)), None)
        if odd is None:
            continue
        first = "8H " + odd
        base = "o,add=logophile+" + odd.lower()
        spec = {"rules": base, "seed": seed, "seats": kit.YOU_VS_HARD, "actions": [first]}
        reply = json.loads(s.open(json.dumps(spec))) and json.loads(s.computer(500))["actions"][-1]
        move = json.loads(s.hint(1, 2000))["moves"][0]
        word = move["words"][0]
        rules = base + ",taboo=sauter+" + word.lower()
        spec = {"rules": rules, "seed": seed, "seats": kit.YOU_VS_HARD, "actions": [first]}
        try:
            again = json.loads(s.open(json.dumps(spec))) and json.loads(s.computer(500))["actions"][-1]
        except ValueError:
            continue
        tiles = json.loads(s.hint_preview(move["move"]))["tiles"]
        if again != reply or any(t["tile"] == "?" for t in tiles) or len(move["words"]) != 1:
            continue
        placed = [(t["sq"], t["letter"].upper(), t["tile"].upper()) for t in tiles]
        return seed, odd, rules, move["move"], placed
    raise AssertionError("no seed found")


def test_an_added_word_plays_a_forbidden_one_does_not_and_the_link_carries_them(browser, site_url):
    seed, odd, rules, forbidden, tiles = _plan()
    word = forbidden.split()[1]
    with kit.own_page(browser) as (page, errors):
        _boot(page, site_url)
        _open_rules(page)
        _fill_lists(page, "Logophile, " + odd.lower(), word.lower())
        assert page.inner_text("#knob-add-count") == "2 words of at most 200"
        assert page.inner_text("#knob-taboo-count") == "1 word of at most 200 + Sauter's list for on-line play"
        summary = page.inner_text("#ng-summary")
        assert "House words added: LOGOPHILE, " + odd in summary
        assert "House words forbidden: Sauter's list for on-line play" in summary and word in summary
        page.locator("#ng-seed").fill(seed)
        page.get_by_role("button", name="Start the game").click()
        page.wait_for_function("s => { const g = JSON.parse(localStorage.getItem('wlc.game') || '{}');"
                               " return g.spec && g.spec.seed === s && !document.body.dataset.busy; }",
                               arg=seed, timeout=kit.TIMEOUT_MS)
        kit.wait_idle(page)
        assert Rules.from_string(kit.stored(page)["spec"]["rules"]) == Rules.from_string(rules)
        # the added non-word stands and scores what the engine says
        kit.place_by_taps(page, [(sq, t, t) for sq, t in zip(FIRST3, odd)])
        score = kit.preview_score(page)
        page.get_by_role("button", name="Play", exact=True).click()
        _wait_actions(page, 2)
        saved = kit.stored(page)
        assert saved["spec"]["actions"][0] == "8H " + odd
        assert saved["snap"]["turns"][0]["kind"] == "play" and kit.scores_shown(page)[0] == score > 0
        # the forbidden word does not stand: no points, the tiles go back
        kit.place_by_taps(page, tiles)
        kit.preview_score(page)
        page.get_by_role("button", name="Play", exact=True).click()
        _wait_actions(page, 3)
        saved = kit.stored(page)
        assert saved["spec"]["actions"][2] == forbidden
        assert saved["snap"]["turns"][2]["kind"] == "invalid" and saved["snap"]["turns"][2]["score"] == 0
        assert kit.scores_shown(page)[0] == score
        assert "did not stand" in page.inner_text("body")
        kit.wait_idle(page)
        # the share link carries the lists
        page.get_by_role("button", name="Share", exact=True).click()
        url = page.locator("#share-url")
        url.wait_for(state="visible", timeout=kit.TIMEOUT_MS)
        shared = json.loads(kit.native().open_link(url.input_value()))
        assert Rules.from_string(shared["rules"]) == Rules.from_string(rules)
        assert "logophile" in shared["rules"] and "sauter" in shared["rules"]
        assert errors == []


def _wait_actions(page, n):
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= {n}",
                           timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)


@pytest.mark.parametrize("typed,told", [
    ("x", "Words you add: X has 1 letter; a house word has 2 to 21 letters"),
    ("caf\u00e9", 'Words you add: "caf\u00e9" is not a word of letters A-Z'),
    (" ".join("x" + a + b for a, b in itertools.product("abcdefgh", "abcdefghijklmnopqrstuvwxyz")),
     "Words you add: 208 words; a list holds at most 200"),
    ("qi", "QI is both added and forbidden"),
])
def test_an_odd_list_is_told_where_the_summary_is_and_no_game_starts(browser, site_url, typed, told):
    with kit.own_page(browser) as (page, errors):
        _boot(page, site_url)
        before = kit.stored(page)["spec"]["seed"]
        _open_rules(page)
        _fill_lists(page, typed, "")
        assert page.inner_text("#ng-summary [role='alert']") == told
        page.get_by_role("button", name="Start the game").click()
        assert page.inner_text("#ng-summary [role='alert']") == told
        assert page.locator("#newgame[open]").count() == 1 and kit.stored(page)["spec"]["seed"] == before
        assert errors == []


@pytest.mark.parametrize("w,h", [(360, 640), (1280, 800)])
def test_the_lists_fit_and_are_shown(browser, site_url, w, h):
    with kit.own_page(browser, viewport=(w, h)) as (page, errors):
        _boot(page, site_url)
        _open_rules(page)
        _fill_lists(page, "logophile, pangram, pangrams, zarf", "zin zins")
        for fid in ("knob-add", "knob-taboo", "knob-taboo-sauter", "knob-taboo-count"):
            box = page.locator("#" + fid).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= w, fid
        assert page.evaluate("() => document.documentElement.scrollWidth") <= w
        page.locator("#knob-add").scroll_into_view_if_needed()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"house-{w}x{h}.png"))
        page.locator("#ng-summary").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"house-summary-{w}x{h}.png"))
        assert errors == []
