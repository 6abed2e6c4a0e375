"""Judgment flows and variant moves through the page: good words only with the large-list
check, double challenge both ways, free retry, swap for a blank, pick-off."""

from __future__ import annotations

import json

import pytest

import browserkit as kit

FIRST3 = ("H8", "I8", "J8")


@pytest.fixture()
def page(booted):
    yield booted.page
    assert booted.page_errors == [] and booted.console_of("error") == []


def _phony_opening(page, rules):
    """A new game (seed 1) and the first three rack tiles put down as a non-word."""
    spec = {"rules": rules, "seed": "1", "seats": kit.YOU_VS_HARD, "actions": []}
    kit.new_game(page, rules, "1", kit.YOU_VS_HARD)
    rack = json.loads(kit.native().open(json.dumps(spec)))["racks"][0]
    kit.place_by_taps(page, [(sq, t, t) for sq, t in zip(FIRST3, rack[:3])])
    kit.preview_score(page)
    page.get_by_role("button", name="Play", exact=True).click()
    return spec


def _wait_actions(page, n):
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= {n}",
                           timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)


def _scores_match_engine(page):
    saved = kit.stored(page)
    native = json.loads(kit.native().open(json.dumps(saved["spec"])))
    assert kit.scores_shown(page) == native["scores"]
    return saved["spec"]["actions"]


def test_good_words_only_then_check_the_large_list(page):
    _phony_opening(page, "o")
    check = page.get_by_role("button", name="Check", exact=True)
    check.wait_for(timeout=kit.TIMEOUT_MS)
    assert "did not stand" in page.inner_text("#message")
    judge = page.inner_text("#judge")
    assert "large list" in judge and "lose" in judge  # the risk is said before choosing
    assert not page.evaluate("document.body.dataset.thinking")  # the computer waits for the choice
    check.click()
    _wait_actions(page, 3)
    actions = _scores_match_engine(page)
    assert actions[:2] == ["8H ADM", "check"]


def test_good_words_only_play_on_without_checking(page):
    _phony_opening(page, "o")
    page.get_by_role("button", name="Play on without checking").click()
    _wait_actions(page, 2)
    assert _scores_match_engine(page)[0] == "8H ADM"


def test_the_computer_challenges_a_phony(page):
    _phony_opening(page, "classic")
    _wait_actions(page, 3)
    actions = _scores_match_engine(page)
    assert actions[:2] == ["8H ADL", "challenge"]
    kit.tool(page, "history")   # the one move list: History
    page.wait_for_selector("#panel .pn-hist li[data-kind='phony']", timeout=kit.TIMEOUT_MS)
    kit.tool(page, "history")


def test_challenging_a_good_play_loses_a_turn(page):
    kit.new_game(page, "classic", "1", kit.YOU_VS_HARD)
    page.get_by_role("button", name="Pass", exact=True).click()
    _wait_actions(page, 2)
    challenge = page.get_by_role("button", name="Challenge", exact=True)
    assert challenge.is_enabled()
    assert "Challenge Computer's" in page.inner_text("#judge")
    challenge.click()
    _wait_actions(page, 4)
    actions = _scores_match_engine(page)
    assert actions[0] == "-" and actions[2] == "challenge"


def test_free_retry(page):
    _phony_opening(page, "richard")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= 1")
    kit.wait_idle(page)
    assert "play again" in page.inner_text("#message")
    assert page.locator("#board [data-letter]").count() == 0
    assert len(kit.rack_letters(page)) == 7
    assert page.get_by_role("button", name="Pass", exact=True).is_enabled()  # still your turn


def _self_play_until(rules, want, limit=40):
    """Hard against hard until ``want(snap)`` for the player to move; that seat becomes 'You'."""
    s = kit.native()
    seats = [{"name": "You", "kind": "hard"}, {"name": "Computer", "kind": "hard"}]
    for seed in range(6):
        spec = {"rules": rules, "seed": f"v{seed}", "seats": seats, "actions": []}
        snap = json.loads(s.open(json.dumps(spec)))
        for _ in range(limit):
            if snap["phase"] != "play":
                break
            if want(snap):
                you = snap["to_move"]
                spec["actions"] = snap["actions"]
                spec["seats"] = [{"name": "You", "kind": "human"} if i == you else
                                 {"name": "Computer", "kind": "hard"} for i in range(2)]
                return spec, snap
            snap = json.loads(s.computer(300))
    pytest.fail(f"no position found for {rules}")


def test_swap_a_rack_tile_for_a_blank(page):
    def swappable(snap):
        rack = snap["racks"][snap["to_move"]]
        return any(t["sq"] in snap["swappable"] and t["letter"].upper() in rack for t in snap["tiles"])

    spec, snap = _self_play_until("o", swappable)
    kit.load(page, kit.saved_game(spec))
    rack = snap["racks"][snap["to_move"]]
    blank = next(t for t in snap["tiles"] if t["sq"] in snap["swappable"] and t["letter"].upper() in rack)
    letter = blank["letter"].upper()
    assert "swappable" in page.get_attribute(f"#board [data-square='{blank['sq']}']", "class")
    kit.rack_tile(page, letter).click()
    kit.square(page, blank["sq"]).click()
    assert page.get_attribute(f"#board [data-square='{blank['sq']}']", "data-letter") == letter
    assert "?" in kit.rack_letters(page)
    page.get_by_role("button", name="Recall", exact=True).click()
    assert page.get_attribute(f"#board [data-square='{blank['sq']}']", "data-letter") == blank["letter"]
    assert sorted(kit.rack_letters(page)) == sorted(rack)
    # by keys: the cursor on the blank, then "="
    kit.square(page, blank["sq"]).click()
    page.keyboard.press("=")
    assert page.get_attribute(f"#board [data-square='{blank['sq']}']", "data-letter") == letter
    assert "?" in kit.rack_letters(page)
    page.keyboard.press("Escape")
    assert sorted(kit.rack_letters(page)) == sorted(rack)


def test_pick_off_puts_the_tile_on_the_rack(page):
    spec, snap = _self_play_until("iii", lambda snap: bool(snap["pickable"]))
    kit.load(page, kit.saved_game(spec))
    sq = snap["pickable"][0]
    lifted = snap["pick_runs"][sq]            # the tile and every tile after it to its word's end
    tiles = [next(t for t in snap["tiles"] if t["sq"] == x) for x in lifted]
    assert "pickable" in page.get_attribute(f"#board [data-square='{sq}']", "class")
    before = kit.rack_letters(page)
    kit.square(page, sq).click()
    assert all(page.get_attribute(f"#board [data-square='{x}']", "data-letter") is None for x in lifted)
    rack_tiles = ["?" if t["blank"] else (t["flipped"] or t["letter"]) for t in tiles]
    assert sorted(kit.rack_letters(page)) == sorted(before + rack_tiles)
    page.get_by_role("button", name="Recall", exact=True).click()
    assert [page.get_attribute(f"#board [data-square='{x}']", "data-letter") for x in lifted] == \
        [t["letter"] for t in tiles]


def test_free_trade_in_richards_rules(page):
    from itertools import combinations

    from engine.trades import trade_allowed

    seed, snap = kit.seed_with("richard", kit.YOU_VS_HARD, lambda s: s["legal"]["trade"] and s["to_move"] == 0)
    rack = snap["racks"][0]
    tiles = next("".join(c) for n in range(1, len(rack) + 1) for c in combinations(rack, n)
                 if trade_allowed(rack, "".join(c)))
    kit.new_game(page, "richard", seed, kit.YOU_VS_HARD)
    page.get_by_role("button", name="Trade", exact=True).click()
    used = set()
    for letter in tiles:
        slots = page.locator(f"#rack [data-letter='{letter}']")
        for i in range(slots.count()):
            slot_id = slots.nth(i).get_attribute("data-id")
            if slot_id not in used:
                used.add(slot_id)
                slots.nth(i).click()
                break
    page.get_by_role("button", name=f"Trade {len(tiles)} tile{'s' if len(tiles) != 1 else ''}").click()
    _wait_actions(page, 1)
    actions = _scores_match_engine(page)
    assert actions[0] == f"trade {tiles}"
    assert page.get_by_role("button", name="Pass", exact=True).is_enabled()  # then the same player's turn
