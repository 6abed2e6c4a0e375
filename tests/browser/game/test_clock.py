"""The players' clocks in the page: counting down, paused for a hot-seat hand-over,
overtime and its penalty, time's up, and a reload keeping the turn's time."""

from __future__ import annotations

import json
import re

import pytest

import browserkit as kit
from engine.tiles import rack_value

T = kit.TIMEOUT_MS
HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
CLOCK = "#scores [data-seat='{}'] .clock"


@pytest.fixture()
def page(own_booted):
    yield own_booted.page
    assert own_booted.page_errors == [] and own_booted.console_of("error") == []


def clock_ms(page, seat) -> int:
    return int(page.get_attribute(CLOCK.format(seat), "data-ms"))


def charged(action: str) -> int:
    found = re.fullmatch(r".* @(\d+)ms", action)
    assert found, action
    return int(found.group(1))


def handover(page):
    page.wait_for_selector("#handover:not([hidden])", timeout=T)
    page.locator("#handover [data-act='handover_done']").click()


def test_overtime_hand_over_pause_and_the_penalty_at_the_end(page):
    spec = {"rules": "classic,clock=1", "seed": "7", "seats": HUMANS, "actions": []}
    kit.load(page, kit.saved_game(spec))
    # Ann's second runs out; play goes on in overtime, the penalty showing as it grows
    page.wait_for_selector(CLOCK.format(0) + ".over", timeout=T)
    assert "(-10)" in page.inner_text(CLOCK.format(0))
    assert clock_ms(page, 1) == 1000 and "running" not in page.get_attribute(CLOCK.format(1), "class")
    page.get_by_role("button", name="Pass", exact=True).click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length == 1",
                           timeout=T)
    kit.wait_idle(page)
    ann = charged(kit.stored(page)["spec"]["actions"][0])
    assert ann > 1000 and clock_ms(page, 0) == 1000 - ann
    # the device is being handed to Bob: his clock waits for him
    page.wait_for_selector("#handover:not([hidden])", timeout=T)
    page.wait_for_timeout(1500)
    assert clock_ms(page, 1) == 1000
    handover(page)
    page.wait_for_selector(CLOCK.format(1) + ".running", timeout=T)
    for _ in range(5):  # five more passes end the classic game (six without a play)
        page.get_by_role("button", name="Pass", exact=True).click()
        kit.wait_idle(page)
        if page.locator("body[data-phase='over']").count():
            break
        handover(page)
    page.wait_for_selector("body[data-phase='over']", state="attached", timeout=T)
    kit.wait_idle(page)
    saved = kit.stored(page)
    native = json.loads(kit.native().open(json.dumps(saved["spec"])))
    assert kit.scores_shown(page) == native["scores"]
    assert native["clock"][0] < 0
    minutes_over = (-native["clock"][0] + 59999) // 60000
    ends = [t["score"] for t in native["turns"] if t["kind"] == "end" and t["player"] == 0]
    penalties = [t["score"] for t in native["turns"] if t["kind"] == "time" and t["player"] == 0]
    assert ends == [-rack_value(native["racks"][0])] and penalties == [-10 * minutes_over]
    assert native["scores"][0] == ends[0] + penalties[0]
    assert f"{penalties[0]}: overtime, 10 points a started minute" in page.inner_text("#end")


def test_times_up_puts_the_player_out_and_the_computer_plays_on(page):
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Cal", "kind": "easy"}]
    spec = {"rules": "o,clock=2", "seed": "3", "seats": seats, "actions": []}
    kit.load(page, kit.saved_game(spec))
    page.wait_for_selector(CLOCK.format(0) + ".out", timeout=T)
    assert "time's up" in page.inner_text(CLOCK.format(0))
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= 2",
                           timeout=T)
    kit.wait_idle(page)
    actions = kit.stored(page)["spec"]["actions"]
    assert actions[0].startswith("timeout")
    assert not actions[1].startswith("timeout")  # the computer played its turn
    native = json.loads(kit.native().open(json.dumps(kit.stored(page)["spec"])))
    assert native["timed_out"] == [True, False]
    assert kit.scores_shown(page) == native["scores"]


def test_a_reload_keeps_the_time_the_turn_has_used(page):
    spec = {"rules": "classic,clock=600", "seed": "8", "seats": kit.YOU_VS_HARD, "actions": []}
    kit.load(page, kit.saved_game(spec))
    page.wait_for_function(f"() => +document.querySelector(\"{CLOCK.format(0)}\").dataset.ms <= 597000",
                           timeout=T)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=T)
    page.wait_for_selector(CLOCK.format(0), timeout=T)
    assert clock_ms(page, 0) <= 597000
    assert clock_ms(page, 1) == 600000


def test_the_new_game_dialog_sets_the_clock_in_minutes(page):
    kit.load(page, None)
    page.get_by_role("button", name="New game").first.click()
    form = page.locator("#ng-form")
    form.locator("input[name='preset'][value='o']").check()
    form.get_by_text("Change the rules (optional)").click()
    field = form.locator("#knob-clock")
    field.fill("-5")
    field.dispatch_event("change")
    assert "minutes from 0 to 180" in form.locator("#ng-summary").inner_text()
    form.get_by_role("button", name="Start the game").click()
    assert form.is_visible()                                   # nothing started on a bad value
    assert "minutes from 0 to 180" in form.get_by_role("alert").inner_text()
    field.fill("1.5")
    field.dispatch_event("change")
    assert "1 min 30 s" in form.locator("#ng-summary").inner_text()
    form.locator("#ng-seed").fill("90s")
    form.get_by_role("button", name="Start the game").click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.seed === '90s'", timeout=T)
    kit.wait_idle(page)
    assert kit.stored(page)["spec"]["rules"] == "o,clock=90"
    assert clock_ms(page, 0) <= 90000 and clock_ms(page, 1) == 90000


def test_undo_after_times_up_does_not_bring_the_player_back(page):
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Cal", "kind": "easy"}]
    spec = {"rules": "o,clock=2", "seed": "3", "seats": seats, "actions": []}
    kit.load(page, kit.saved_game(spec))
    # Ann's time runs out; Cal plays on and passes her score: the game is over on time
    page.wait_for_selector("body[data-phase='over']", state="attached", timeout=T)
    kit.wait_idle(page)
    actions = kit.stored(page)["spec"]["actions"]
    assert actions[0].startswith("timeout") and len(actions) == 2
    undo = page.locator("#pb-undo")
    assert undo.is_disabled()
    undo.dispatch_event("click")   # even a forced press takes nothing back
    page.wait_for_timeout(500)
    kit.wait_idle(page)
    assert kit.stored(page)["spec"]["actions"] == actions
    assert page.locator("body[data-phase='over']").count() == 1
    assert "time's up" in page.inner_text(CLOCK.format(0))
