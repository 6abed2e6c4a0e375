"""Playing through the page: each way of placing tiles, a play and the computer's reply
(scores shown equal the engine's), exchange, pass and blank designation."""

from __future__ import annotations

import json

import pytest

import browserkit as kit

SEATS = kit.YOU_VS_HARD


@pytest.fixture()
def page(own_booted):
    yield own_booted.page
    assert own_booted.page_errors == [] and own_booted.console_of("error") == []


def _fresh(page, rules="classic", want=lambda snap: True, seats=SEATS):
    seed, _ = kit.seed_with(rules, seats, want)
    kit.new_game(page, rules, seed, seats)
    return {"rules": rules, "seed": seed, "seats": seats, "actions": []}


def test_tap_tap_play_and_the_computer_replies(page):
    spec = _fresh(page, want=lambda s: "?" not in s["racks"][0])
    move, tiles, score, saved = kit.play_best(page, spec, actions=2)
    assert page.get_attribute(f"#board [data-square='{tiles[0][0]}']", "data-letter") == tiles[0][1]
    native = json.loads(kit.native().open(json.dumps(saved["spec"])))
    assert kit.scores_shown(page) == native["scores"]
    assert native["scores"][0] == score
    kit.tool(page, "history")   # the one move list: History
    page.wait_for_selector("#panel .pn-hist li", timeout=kit.TIMEOUT_MS)
    at, word = move.split()[:2]   # the history says it in words: "You played BLEAK at 8H across"
    assert f"You played {word.upper()} at {at} {'across' if at[0].isdigit() else 'down'}" in page.inner_text("#panel")
    kit.tool(page, "history")
    assert "Computer" in page.inner_text("#announce")
    on_board = page.eval_on_selector_all("#board [data-letter]", "els => els.map(e => [e.dataset.square, e.dataset.letter])")
    assert sorted(on_board) == sorted([t["sq"], t["letter"]] for t in native["tiles"])


def test_keyboard_places_and_enter_plays(page):
    spec = _fresh(page, want=lambda s: "?" not in s["racks"][0])
    move, tiles, score = kit.best_placement(spec)
    first = kit.square(page, tiles[0][0])
    first.click()
    across = len(tiles) == 1 or tiles[0][0][1:] == tiles[1][0][1:]
    if (page.get_attribute("#board", "data-dir") == "across") != across:
        page.keyboard.press("Space")
    for _, letter, _ in tiles:
        page.keyboard.press(letter.lower())
    assert kit.preview_score(page) == score
    page.keyboard.press("Backspace")
    assert page.locator("#board .placed").count() == len(tiles) - 1
    page.keyboard.press(tiles[-1][1].lower())
    page.keyboard.press("Escape")
    assert page.locator("#board .placed").count() == 0
    first.click()
    if (page.get_attribute("#board", "data-dir") == "across") != across:
        page.keyboard.press("Space")
    for _, letter, _ in tiles:
        page.keyboard.press(letter.lower())
    kit.preview_score(page)
    page.keyboard.press("Enter")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= 1",
                           timeout=kit.TIMEOUT_MS)
    assert kit.stored(page)["spec"]["actions"][0] == move


def test_drag_and_drop_places_and_rearranges(page):
    _fresh(page, want=lambda s: "?" not in s["racks"][0])
    letters = kit.rack_letters(page)
    kit.drag(page, kit.rack_tile(page, letters[0]), kit.square(page, "H8"))
    page.wait_for_selector("#board [data-square='H8'][data-letter]")
    assert page.get_attribute("#board [data-square='H8']", "data-letter") == letters[0]
    kit.drag(page, kit.square(page, "H8"), page.locator("#rack"))
    page.wait_for_selector("#board [data-square='H8']:not([data-letter])")
    # rearrange: the last tile dropped on the first slot
    last = page.locator("#rack [data-slot]").last
    kit.drag(page, last, page.locator("#rack [data-slot='0']"))
    assert kit.rack_letters(page)[0] == letters[-1]
    # a quick tap straight after a drag is a tap of its own, not the drag's click
    page.locator("#rack [data-slot='1']").click()
    page.wait_for_selector("#rack [data-slot='1'].selected", timeout=kit.TIMEOUT_MS)


def test_blank_designation_by_tap_and_by_shift(page):
    spec = _fresh(page, want=lambda s: "?" in s["racks"][0])
    kit.rack_tile(page, "?").click()
    page.wait_for_selector("#rack .selected[data-letter='?']")  # the tap has been taken
    kit.square(page, "H8").click()
    page.wait_for_selector("#chooser [role='dialog']")
    kit.choose_letter(page, "E")
    assert page.get_attribute("#board [data-square='H8']", "data-letter") == "e"
    page.get_by_role("button", name="Recall", exact=True).click()
    kit.square(page, "H8").click()
    page.keyboard.press("Shift+E")
    assert page.get_attribute("#board [data-square='H8']", "data-letter") == "e"
    page.get_by_role("button", name="Recall", exact=True).click()
    assert spec["seed"]


def test_exchange_chosen_tiles(page):
    _fresh(page)
    before = kit.rack_letters(page)
    page.get_by_role("button", name="Exchange", exact=True).click()
    tiles = page.locator("#rack [data-slot]")
    tiles.nth(0).click()
    tiles.nth(1).click()
    page.get_by_role("button", name="Exchange 2 tiles").click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= 1",
                           timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    first = kit.stored(page)["spec"]["actions"][0]
    assert first.startswith("-") and sorted(first[1:]) == sorted(before[:2])


def test_pass_then_the_computer_moves(page):
    _fresh(page)
    page.get_by_role("button", name="Pass", exact=True).click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= 2",
                           timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    saved = kit.stored(page)
    assert saved["spec"]["actions"][0] == "-"
    native = json.loads(kit.native().open(json.dumps(saved["spec"])))
    assert kit.scores_shown(page) == native["scores"]
