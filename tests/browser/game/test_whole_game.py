"""A whole game (classic, and III on its 21x21 board), you against the hard computer, driven only through the page:
each of your plays is the engine's best placement, put down by taps and played with the
Play button (or Pass when there is none); the computer replies in the worker. At the
end, the scores shown equal the engine's replay of the game the page saved."""

from __future__ import annotations

import json
import time

import pytest

import browserkit as kit

MAX_TURNS = 60


@pytest.fixture()
def page(booted):
    yield booted.page
    assert booted.page_errors == [] and booted.console_of("error") == []


def replayed(page) -> dict:
    """The engine's own view of the game the page has saved."""
    return json.loads(kit.native().open(json.dumps(kit.stored(page)["spec"])))


def plain_best(spec: dict):
    """(move, [(square, letter, rack tile)], score) of the best placement made without a
    swap or pick-off first (those are entered by their own gestures, tested elsewhere),
    or None when there is none."""
    s = kit.native()
    before = json.loads(s.open(json.dumps(spec)))
    moves = [m for m in json.loads(s.hint(10, 2000))["moves"] if ";" not in m["move"]]
    if not moves:
        return None
    after = json.loads(s.act(moves[0]["move"]))
    old = {t["sq"] for t in before["tiles"]}
    new = [(t["sq"], t["letter"].upper(), "?" if t["blank"] else (t["flipped"] or t["letter"].upper()))
           for t in after["tiles"] if t["sq"] not in old]
    return moves[0]["move"], new, moves[0]["score"]


def wait_for_my_turn(page, after: int) -> dict:
    """Until the saved game has more than ``after`` actions and it is your turn again
    (the computer has replied) or the game is over."""
    deadline = time.monotonic() + kit.TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        kit.wait_idle(page)
        snap = replayed(page)
        if len(snap["actions"]) > after and (snap["phase"] == "over" or snap["to_move"] == 0):
            return snap
        page.wait_for_timeout(100)
    raise AssertionError(f"the game did not come back to you after action {after}")


@pytest.mark.parametrize("rules", ["classic", "iii"])
def test_whole_game_against_the_hard_computer(page, rules):
    kit.new_game(page, rules, "whole-game-1", kit.YOU_VS_HARD)
    kit.wait_idle(page)
    snap = replayed(page)
    plays = 0
    for _ in range(MAX_TURNS):
        if snap["phase"] == "over":
            break
        assert snap["to_move"] == 0
        spec = kit.stored(page)["spec"]
        before = len(spec["actions"])
        best = plain_best(spec)
        if best is not None:
            _, tiles, score = best
            kit.place_by_taps(page, tiles)
            assert kit.preview_score(page) == score
            page.get_by_role("button", name="Play", exact=True).click()
            plays += 1
        else:
            page.get_by_role("button", name="Pass", exact=True).click()
        snap = wait_for_my_turn(page, before)
        assert kit.scores_shown(page) == snap["scores"]
    assert snap["phase"] == "over" and plays >= 5
    assert kit.scores_shown(page) == snap["scores"]
    end = page.locator("#end")
    assert end.is_visible()
    winner = snap["seats"][snap["winner"][0]]["name"]
    assert f"Winner: {winner}" in end.inner_text()
