"""Every preset plays in the page: a best play entered by taps, the computer's reply, and
the scores shown equal the engine's; the end of a game offers Rematch and New game."""

from __future__ import annotations

import json

import pytest

import browserkit as kit


@pytest.fixture()
def page(booted):
    yield booted.page
    assert booted.page_errors == [] and booted.console_of("error") == []


@pytest.mark.parametrize("rules", ["o", "i", "ii", "iii", "richard"])
def test_a_turn_each_way_in_every_preset(page, rules):
    def playable(snap):  # called right after the native open: hint() is for this game
        return snap["to_move"] == 0 and bool(json.loads(kit.native().hint(1, 2000))["moves"])

    seed, _ = kit.seed_with(rules, kit.YOU_VS_HARD, playable)
    kit.new_game(page, rules, seed, kit.YOU_VS_HARD)
    spec = {"rules": rules, "seed": seed, "seats": kit.YOU_VS_HARD, "actions": []}
    size = 21 if rules in ("i", "ii", "iii") else 15
    assert page.locator("#board [data-square]").count() == size * size
    assert kit.rack_letters(page)  # the rack is shown
    saved = kit.play_best(page, spec, actions=2)[3]
    native = json.loads(kit.native().open(json.dumps(saved["spec"])))
    assert kit.scores_shown(page) == native["scores"]


def test_end_of_game_then_rematch(page):
    s = kit.native()
    spec = {"rules": "classic", "seed": "e1", "seats": [{"name": "You", "kind": "hard"},
                                                        {"name": "Computer", "kind": "hard"}], "actions": []}
    snap = json.loads(s.open(json.dumps(spec)))
    while snap["phase"] != "over":
        snap = json.loads(s.computer(500))
    spec["actions"] = snap["actions"]
    spec["seats"] = kit.YOU_VS_HARD
    kit.load(page, kit.saved_game(spec))
    end = page.locator("#end")
    assert end.is_visible()
    winner = spec["seats"][snap["winner"][0]]["name"]
    assert f"Winner: {winner}" in end.inner_text()
    assert kit.scores_shown(page) == snap["scores"]
    assert page.get_by_role("button", name="Play", exact=True).is_disabled()
    end.get_by_role("button", name="Rematch").click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length === 0",
                           timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    assert end.is_hidden() and len(kit.rack_letters(page)) == 7
    assert kit.stored(page)["spec"]["seats"] == kit.YOU_VS_HARD
