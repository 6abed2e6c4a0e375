"""ui/standin: a computer turn that fails never hangs the game: try again, or let
people play its seat (runs under CPython and MicroPython)."""

import ui_fixtures as fx
from ui_fixtures import effects, go
from ui import view
from ui.game import standin


def computer_to_move():
    s = fx.new(fx.snap(to_move=1, actions=["8D WORD"]))
    assert s["busy"] == "computer" and effects(s, "computer")
    return s


def test_a_failed_computer_turn_says_so_and_offers_two_ways_on():
    s = go(computer_to_move(), {"t": "computer_failed", "why": "The engine failed: KeyError: 'x'"})
    assert s["busy"] == "" and s["computer_failed"]
    assert view.message_text(s) == "The computer could not move (The engine failed: KeyError: 'x')."
    html = view.judgment_html(s)
    assert 'data-act="computer_retry"' in html and 'data-act="seats_human"' in html
    assert "KeyError" not in html   # the reason is in the message, once


def test_try_again_asks_the_computer_once_more():
    s = go(computer_to_move(), {"t": "computer_failed"})
    again = go(s, {"t": "computer_retry"})
    assert again["busy"] == "computer" and effects(again, "computer") and not again["computer_failed"]
    assert view.judgment_html(again) == ""
    # only while stuck, and never twice at once
    assert not effects(go(again, {"t": "computer_retry"}), "computer")
    assert not effects(go(fx.new(), {"t": "computer_retry"}), "computer")


def test_without_an_engine_only_the_seat_change_is_offered():
    s = go(computer_to_move(), {"t": "computer_failed"})
    s["engine"] = "failed"
    assert not effects(go(s, {"t": "computer_retry"}), "computer")
    html = view.judgment_html(s)
    assert "computer_retry" not in html and "seats_human" in html


def test_people_take_the_computer_seats_with_names_and_moves_kept():
    s = go(computer_to_move(), {"t": "computer_failed"})
    spec = standin.people_spec(s)
    assert [seat["kind"] for seat in spec["seats"]] == ["human", "human"]
    assert [seat["name"] for seat in spec["seats"]] == ["You", "Player 2"]
    assert spec["actions"] == ["8D WORD"] and spec["seed"] == s["spec"]["seed"]
    assert s["spec"]["seats"][1]["kind"] == "hard"           # the game shown is unchanged
    started = go(s, {"t": "new_game", "spec": spec})
    assert effects(started, "open")[0]["spec"]["seats"][1]["kind"] == "human"
    assert standin.people_spec(fx.new(fx.snap(kinds=("human", "human")))) is None


def test_the_next_snapshot_clears_the_offer():
    s = go(computer_to_move(), {"t": "computer_failed"})
    after = go(s, {"t": "snapshot", "snap": fx.snap(to_move=0, actions=["8D WORD", "-"])})
    assert not after["computer_failed"] and view.judgment_html(after) == ""
