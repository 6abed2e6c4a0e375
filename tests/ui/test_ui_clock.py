"""ui/clock: the turn's clock runs, pauses and reads as the rules say (CPython and MicroPython)."""

import ui_fixtures as fx
from ui_fixtures import effects, go, new
from ui import view
from ui.game import clock


def clocked(rule="overtime", left=(300000, 300000), **extra):
    extra.setdefault("timed_out", [False, False])
    return fx.snap(clock=list(left), clock_rule=rule, overtime=[10, 60000], **extra)


def test_no_clock_no_key_and_nothing_drawn():
    s = new()
    assert clock.turn_key(s) is None and not clock.running(s)
    assert "clock" not in view.scores_html(s)


def test_turn_clock_adds_up_over_pauses_and_restarts_on_a_new_turn():
    c = clock.TurnClock()
    c.update("g:0:0:play", True, 1000)
    assert c.ms(1500) == 500
    c.update("g:0:0:play", False, 2000)
    assert c.ms(9000) == 1000           # paused: the hand-over does not count
    c.update("g:0:0:play", True, 9000)
    assert c.ms(9250) == 1250
    c.update("g:1:1:play", True, 9300)   # the next turn starts at zero
    assert c.ms(9300) == 0
    c.restore("g:1:1:play", 5000)        # not restored once the turn's clock has run
    assert c.ms(9400) == 100


def test_restore_carries_a_turn_over_a_reload():
    c = clock.TurnClock()
    c.update("g:4:0:play", False, 50)
    c.restore("g:4:0:play", 42000)
    c.update("g:4:0:play", True, 100)
    assert c.ms(1100) == 43000
    d = clock.TurnClock()
    d.update("g:5:1:play", False, 0)
    d.restore("g:4:0:play", 42000)       # another turn's time is not taken
    assert d.ms(10) == 0


def test_running_pauses_for_a_hand_over_and_while_the_engine_judges():
    s = new(clocked())
    assert clock.running(s)
    hand = dict(s)
    hand["handover"] = 1
    assert not clock.running(hand)
    judging = dict(s)
    judging["busy"] = "act"
    assert not clock.running(judging)
    loading = new(clocked(), engine="loading")
    assert not clock.running(loading)     # nothing can be played before the engine is up
    over = new(clocked(phase="over"))
    assert clock.turn_key(over) is None


def test_reading_the_clock():
    assert clock.fmt(300000) == "5:00"
    assert clock.fmt(299001) == "5:00"   # a started second counts
    assert clock.fmt(1) == "0:01"
    assert clock.fmt(0) == "0:00"
    assert clock.fmt(-65000) == "+1:05"


def test_ticks_count_down_the_player_to_move_only():
    s = new(clocked())
    key = clock.turn_key(s)
    s = go(s, {"t": "tick", "key": key, "ms": 61500})
    assert clock.left_ms(s, 0) == 238500 and clock.left_ms(s, 1) == 300000
    html = view.scores_html(s)
    assert 'data-ms="238500"' in html and ">3:59<" in html and ">5:00<" in html
    stale = go(s, {"t": "tick", "key": "another:turn", "ms": 1})
    assert stale["clock_spent"] == 61500


def test_overtime_shows_the_engine_penalty_per_started_minute():
    s = new(clocked(left=(1000, 300000)))
    s = go(s, {"t": "tick", "key": clock.turn_key(s), "ms": 62000})
    assert clock.left_ms(s, 0) == -61000
    assert clock.penalty(s, -61000) == 20 and clock.penalty(s, -60000) == 10 and clock.penalty(s, 0) == 0
    assert "+1:01 (-20)" in view.scores_html(s)
    assert not clock.time_is_up(s)       # overtime: play goes on
    assert effects(go(s, {"t": "time_up"}), "act") == []


def test_times_up_tells_the_engine_and_recalls_the_tiles():
    s = new(clocked(rule="timesup", left=(2000, 300000), legal=fx.legal(timeout=True)))
    a = s["rack"][0]["id"]
    s = go(s, {"t": "tap_rack", "id": a}, {"t": "tap_square", "sq": "H8"})
    assert s["placed"]
    s = go(s, {"t": "tick", "key": clock.turn_key(s), "ms": 1999})
    assert not clock.time_is_up(s)
    s = go(s, {"t": "tick", "key": clock.turn_key(s), "ms": 2000})
    assert clock.time_is_up(s)
    s = go(s, {"t": "time_up"})
    assert [f["arg"] for f in effects(s, "act")] == ["timeout"]
    assert s["placed"] == [] and s["busy"] == "act"


def test_a_computer_or_timed_out_seat_is_not_timed_out_by_the_page():
    s = new(clocked(rule="timesup", left=(0, 0), to_move=1, legal=fx.legal(timeout=True)))
    assert not clock.time_is_up(s)
    out = new(clocked(rule="timesup", left=(0, 300000), timed_out=[True, False], to_move=1))
    assert "time's up" in view.scores_html(out)
