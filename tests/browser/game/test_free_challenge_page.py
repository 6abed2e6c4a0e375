"""Free challenge through the page: a classic game with judge=free chosen in New game;
challenging the computer's good play costs nothing and the challenger keeps the turn."""

from __future__ import annotations

import json

import pytest

import browserkit as kit


@pytest.fixture()
def page(booted):
    yield booted.page
    assert booted.page_errors == [] and booted.console_of("error") == []


def _actions(page, n):
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= {n}",
                           timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    return kit.stored(page)["spec"]


def test_a_failed_free_challenge_keeps_the_challengers_turn(page):
    toggle = page.locator("#btn-menu")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    page.get_by_role("button", name="New game").first.click()
    form = page.locator("#ng-form")
    form.locator("input[name='preset'][value='classic']").check()
    form.locator("summary", has_text="Change the rules").click()
    form.locator("#knob-judge").select_option("free")
    for i, seat in enumerate(kit.YOU_VS_HARD):
        form.locator(f"input[name='seat{i}-name']").fill(seat["name"])
        form.locator(f"select[name='seat{i}-kind']").select_option(seat["kind"])
    form.locator("#ng-seed").fill("1")
    form.get_by_role("button", name="Start the game").click()
    spec = _actions(page, 0)
    assert spec["rules"] == "classic,judge=free"
    page.get_by_role("button", name="Pass", exact=True).click()
    spec = _actions(page, 2)                       # your pass, the computer's play
    challenge = page.get_by_role("button", name="Challenge", exact=True)
    assert challenge.is_enabled() and "no penalty" in page.inner_text("#judge")
    challenge.click()
    spec = _actions(page, 3)
    assert spec["actions"][2] == "challenge"
    assert "no penalty" in page.inner_text("#message")
    page.wait_for_timeout(500)
    assert len(kit.stored(page)["spec"]["actions"]) == 3     # the computer did not move: still your turn
    assert page.get_by_role("button", name="Pass", exact=True).is_enabled()
    native = json.loads(kit.native().open(json.dumps(spec)))
    assert native["to_move"] == 0 and native["turns"][-1]["kind"] == "free"
    assert kit.scores_shown(page) == native["scores"]
