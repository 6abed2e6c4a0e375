"""Hints teach words: the five listed are five different words (at the opening the best
five plays were one or two words in five places, FRUIT at 8D, H4, 8H...), each at its
best place with how many other places it has; Show and Play act on the line shown."""

from __future__ import annotations

import json

import pytest

import browserkit as kit
from test_phone import boot_page, storing

SEED = "2"


def opening() -> dict:
    return {"rules": "classic", "seed": SEED, "seats": kit.YOU_VS_HARD, "actions": []}


def test_the_engine_s_top_five_repeat_a_word_here():
    """The position the page is tried on: its plain top five are not five words."""
    s = kit.native()
    s.open(json.dumps(opening()))
    top = json.loads(s.hint(5, 1000))["moves"]
    assert len({m["words"][0] for m in top}) < 5


@pytest.mark.parametrize("viewport", [(1280, 800), (360, 640)])
def test_hints_list_distinct_words_first(browser, site_url, viewport):
    spec = opening()
    with kit.own_page(browser, storing(kit.saved_game(spec)), viewport=viewport) as (page, errors):
        boot_page(page, site_url)
        kit.tool(page, "hint")
        page.wait_for_selector("#panel .pn-hints li", timeout=kit.TIMEOUT_MS)
        items = page.locator("#panel .pn-hints li")
        assert items.count() == 5
        lines = [items.nth(i).inner_text() for i in range(5)]
        words = [line.split("(", 1)[1].split(")", 1)[0].split(",")[0].strip() for line in lines]
        assert len(set(words)) == 5, lines
        scores = [int(items.nth(i).get_attribute("data-score")) for i in range(5)]
        assert scores == sorted(scores, reverse=True)   # still best first
        # the best play overall is first; a word found in several places says so
        native = json.loads(kit.native().open(json.dumps(spec)))
        best = json.loads(kit.native().hint(1, 2000))["moves"][0]
        assert native["to_move"] == 0 and scores[0] == best["score"]
        assert "other place" in lines[0], lines[0]
        # Play on the third line plays that line's move
        move = items.nth(2).get_attribute("data-move")
        items.nth(2).locator("[data-pact='hint_play']").click()
        page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= 1",
                               timeout=kit.TIMEOUT_MS)
        assert kit.stored(page)["spec"]["actions"][0] == move
        assert errors == []
