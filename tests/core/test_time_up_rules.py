"""Issue 38, items 1, 2, 3 and 6 (RULES.md 8, "Clock" and "Points per turn"), each
from the audit's position: the last player in who leads every timed-out player ends
the game on time (3 and 4 players); a time-out only when the clock reaches zero; a
time-out stands whatever is taken back later; every failed attempt is a 0-point
turn in PPT, and the stuck turns at the end (passes and failed attempts) do not
figure.

Positions are set up on the game's private state (racks, scores, bag), as the
other core tests do: set-up only, never to read the game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import tracking
from engine.game import END, INVALID, PHONY, PLAY, TIME, Game, GameError
from engine.rules import PRESETS, Rules
from engine.tiles import rack_value
from enginekit import lexicon, rig

LEX = lexicon()
EMPTY = "/".join(["15"] * 15)


def timed(players: int, scores, clock: int = 60, preset: str = "o") -> Game:
    """A game of ``players`` under time's up, the scores given, the bag as dealt."""
    g = Game(replace(PRESETS[preset], clock=clock, clock_rule="timesup"), 1, players, lexicon=LEX)
    g._state.scores = list(scores)          # set-up: the scores the audit's position had
    return g


def end_lines(game: Game) -> list:
    return [(t.player, t.score) for t in game.turns if t.kind == END]


# ------------------------------------------------ 1. the last one in, leading, ends it on time

def test_three_players_the_last_one_in_leading_every_timed_out_player_ends_on_time():
    """The audit: P0 runs out at 50 while P2 has 55, P1 runs out at 40. P2, alone,
    leads them both: the game ends there, on time, with no adjustment (before: P2
    passed, stuck on JKQXZ with the bag empty, and the cycle end took 41 off him:
    50/40/14, P0 won)."""
    g = timed(3, [50, 40, 55])
    rig(g, 2, "JKQXZ")
    g._state.bag.tiles = []
    g.act("-", 61)                          # P0's time runs out
    assert g.timed_out == (True, False, False) and not g.over and g.to_move == 1   # two still in
    g.act("-", 61)                          # P1's too: P2 alone leads both
    assert g.over and g.end_reason == "player3, the last player still in, leads every player who ran out of time"
    assert g.scores == (50, 40, 55) and end_lines(g) == [] and rack_value(g.rack(2)) == 41


def test_four_players_likewise():
    g = timed(4, [50, 40, 30, 55])
    g._state.bag.tiles = []
    for seat in range(3):
        assert not g.over and g.to_move == seat
        g.act("-", 61)
    assert g.over and "leads every player who ran out of time" in g.end_reason
    assert g.scores == (50, 40, 30, 55) and end_lines(g) == []


def test_the_last_one_in_behind_a_timed_out_player_plays_on_until_passing_them_all():
    g = timed(3, [50, 40, 45])
    rig(g, 2, "ZEBRASQ")
    g.act("-", 61)
    g.act("-", 61)                          # P2 is alone but behind P0: play goes on
    assert not g.over and g.to_move == 2
    turn, = g.act("8D ZEBRAS", 5)
    assert g.over and g.end_reason == "player3 passed the score of every player who ran out of time"
    assert g.scores == (50, 40, 45 + turn.score) and end_lines(g) == []


def test_the_last_one_in_behind_and_stuck_ends_by_the_cycle_with_the_adjustment():
    """Not leading, the last one in plays on under the usual end rules: the cycle
    (one player in: two turns) deducts their own rack, never the timed-out racks."""
    g = timed(3, [50, 40, 45])
    rig(g, 2, "JKQXZ")
    g._state.bag.tiles = []
    g.act("-", 61)
    g.act("-", 61)
    g.act("-", 1)
    assert not g.over
    g.act("-", 1)
    assert g.over and "cycle" in g.end_reason
    assert end_lines(g) == [(2, -41)] and g.scores == (50, 40, 4)


# ------------------------------------------------ 2. a time-out only at zero

def audit_position_item_2() -> Game:
    """P0 leads 80-50 holding JKQVVXZ (49), P1 holds ACST, the bag is empty, 600 s each."""
    g = Game(Rules.from_string("o,clock=600"), "s", 2, lexicon=LEX, start=f"{EMPTY} JKQVVXZ/ACST 80/50 0")
    g._state.racks[1] = list("ACST")         # set-up: the start filled the short rack; the bag is empty
    g._state.bag.tiles = []
    return g


def test_a_time_out_with_time_left_is_refused_and_the_adjustment_stands():
    """The audit: P0 declared a time-out with 600 s left and P1 went out with CATS
    (12): 80-62, P0's 49 on the rack escaping the adjustment. Refused, P0 plays on
    (passes) and P1's going out takes twice P0's rack: 80-160."""
    g = audit_position_item_2()
    with pytest.raises(GameError, match=r"^player1 still has 10:00 on the clock: time is up only when it reaches zero$"):
        g.act("timeout")
    assert g.actions == () and g.clock == (600.0, 600.0) and g.timed_out == (False, False)
    g.act("-", 5)
    cats, = [t for t in g.act("8F CATS", 5) if t.kind == PLAY]
    assert cats.score == 12 and g.over and "went out" in g.end_reason
    assert g.scores == (80, 50 + 12 + 2 * 49) == (80, 160)


def test_a_time_out_comes_when_the_clock_reaches_zero():
    g = audit_position_item_2()
    with pytest.raises(GameError, match="player1 still has 0:01 on the clock"):
        g.act("timeout", 599.5)             # the elapsed time is charged first
    assert g.clock == (600.0, 600.0)        # a refused action changes nothing
    line, = g.act("timeout", 600)
    assert line.kind == TIME and g.timed_out == (True, False) and g.clock[0] == 0
    assert g.actions == ("timeout @600000ms",) and g.to_move == 1


def test_a_time_out_in_the_final_round_also_waits_for_zero():
    g = Game(replace(PRESETS["o"], final_round=True, clock=60), 1, lexicon=LEX)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS", 1)
    g._state.bag.tiles = []
    for _ in range(3):
        g.act("-", 1)
    assert g.phase == "final" and g.to_move == 0
    with pytest.raises(GameError, match="still has 0:58 on the clock"):
        g.act("timeout")
    line, = g.act("timeout", 58)
    assert line.kind == TIME and g.phase == "final" and g.to_move == 1


# ------------------------------------------------ 3. a time-out stands

def qaid_position(scores: str) -> Game:
    """P0 holds ACDIQST (QAID only in the large list; CATS a main-list word)."""
    return Game(Rules.from_string("o,clock=60"), "s", 2, lexicon=LEX, start=f"{EMPTY} ACDIQST/EEEINRT {scores} 0")


def test_a_rescued_play_does_not_undo_the_time_out_that_followed_it():
    """The audit: P1's time ran out while behind and the game ended; P0's check found
    QAID, took the play back and P1's time-out with it, and P1 then played CATS
    with -1 s on the clock. Now the time-out stands: P1 is still out and behind,
    so the game is still over on time."""
    g = qaid_position("30/0")
    assert g.act("8G QAID", 5)[0].kind == INVALID
    g.act("-", 61)                          # P1 runs out, behind: over on time
    assert g.over and g.timed_out == (False, True)
    assert g.act("check") == ()             # QAID is in the large list: withdrawn
    assert g.timed_out == (False, True) and g.clock[1] == -1
    assert [(t.player, t.kind) for t in g.turns] == [(1, TIME)]
    assert g.over and g.end_reason == "player2 ran out of time and is behind"
    assert g.scores == (30, 0) and end_lines(g) == []
    with pytest.raises(GameError, match="the game is over"):
        g.act("8G CATS")


def test_a_rescued_player_plays_again_and_the_timed_out_player_stays_out():
    g = qaid_position("0/30")
    g.act("8G QAID", 5)
    g.act("-", 61)                          # P1 runs out ahead: P0 plays on
    assert not g.over and g.to_move == 0
    assert g.act("check", 1) == ()
    assert not g.over and g.to_move == 0 and g.timed_out == (False, True)
    cats, = g.act("8G CATS", 5)
    assert cats.kind == PLAY and cats.score < 30
    assert not g.over and g.to_move == 0    # P1 is out: P0 moves again


def test_a_challenged_phony_does_not_undo_the_time_out_that_followed_it():
    g = Game(replace(PRESETS["classic"], clock=60, clock_rule="timesup"), 1, 3, lexicon=LEX)
    rig(g, 0, "CTAEEEE")
    g.act("8G CTA", 5)                      # a phony, standing until challenged
    g.act("-", 61)                          # P1's time runs out
    g.act("challenge 3", 2)                 # P2 challenges: the phony comes off
    assert g.turns[-1].kind == PHONY and g.board.is_empty()
    assert g.timed_out == (False, True, False) and g.to_move == 2 and not g.over
    assert [t.kind for t in g.turns if t.player == 1] == [TIME]


def test_an_action_that_gives_no_time_after_the_clock_reached_zero_is_refused():
    """A check's time took P0's clock below zero; P0, rescued, is to move: a play
    without its elapsed time is refused, one with it comes too late (time's up),
    and a plain 'timeout' is accepted."""
    g = qaid_position("0/0")
    g.act("8G QAID", 59)
    g.act("check", 2)                       # found, but the check took the last second
    assert g.to_move == 0 and g.clock[0] == -1 and not g.timed_out[0]
    with pytest.raises(GameError, match=r"player1's time is up \(the clock shows -0:01\)"):
        g.act("8G CATS")
    late = g.at(len(g.actions))
    line, = late.act("8G CATS", 0)
    assert line.kind == TIME and late.timed_out == (True, False) and late.board.is_empty()
    line, = g.act("timeout")
    assert line.kind == TIME and g.timed_out == (True, False) and g.to_move == 1


# ------------------------------------------------ 6. PPT: every failed attempt is a 0-point turn

def test_a_failed_large_list_check_is_a_zero_point_turn_in_ppt():
    """The audit: ZEBRAS (84), then TAE (13) not in the large list either: the score
    loses 13, but PPT is (84 + 0) / 2 = 42, not (84 - 13) / 2 = 35.5."""
    g = Game(PRESETS["o"], 1, lexicon=LEX)
    rig(g, 0, "ZEBRASQ")
    assert g.act("8D ZEBRAS")[0].score == 84
    g.act("-")
    rig(g, 0, "TAXEEEE")
    g.act("7E TAE")
    checked, = g.act("check")
    assert checked.score == -13 and g.scores[0] == 71
    assert g.ppt(0) == 42.0 and g.ppt_parts(0) == (84, 2)
    line = tracking.history(g)[-1]
    assert line["score"] == -13 and "worth 0 in points per turn" in line["outcome"]


def stuck_game(check: bool) -> Game:
    """P0 ZEBRAS (84), P1 CATS (7), then P0 tries EXE (invalid) and, with the bag
    empty, the players pass until the cycle ends."""
    g = Game(PRESETS["o"], 1, lexicon=LEX)
    rig(g, 0, "ZEBRASQ")
    rig(g, 1, "CATEEEE")
    g._state.bag.tiles = g._state.bag.tiles[:3]
    g.act("8D ZEBRAS")
    g.act("I5 CAT")
    g._state.racks[0] = list("QEXEEEE")     # set-up: P0's rack for the attempt
    g.act("9E EXE")
    if check:
        g.act("check")                      # not in the large list either
    g.act("-")
    g.act("-")
    assert g.over and "cycle" in g.end_reason
    return g


@pytest.mark.parametrize("check", [False, True])
def test_an_invalid_attempt_then_a_pass_at_the_end_is_all_stuck(check):
    """Before, only the pass was dropped: (84 + 0) / 2 = 42 (or (84 - 27) / 2 with
    the failed check). Now the invalid attempt and the pass are both the stuck run."""
    g = stuck_game(check)
    assert [t.kind for t in g.turns if t.player == 0 and t.counts] == [PLAY, INVALID, "pass"]
    assert g.ppt(0) == 84.0 and g.ppt_parts(0) == (84, 1)
    assert g.ppt(1) == 7.0                  # CATS, then the stuck pass


def test_a_stuck_run_counts_when_the_opponent_found_a_play_with_those_tiles():
    g = Game(replace(PRESETS["o"], final_round=True), 1, lexicon=LEX)
    rig(g, 0, "ZEBRASQ")
    rig(g, 1, "CATEEEE")
    g._state.bag.tiles = g._state.bag.tiles[:3]
    g.act("8D ZEBRAS")
    g.act("I5 CAT")
    g._state.racks[0] = list("DREAMEX")     # set-up: P0's rack for the attempt
    g.act("7C EXE")
    g.act("-")
    g.act("-")
    assert g.phase == "final" and g.to_move == 1
    found, = g.act("E6 DREAM")              # P1 finds a play with P0's rack
    assert found.kind == "final" and not found.invalid
    g.act("-")                              # P0 declines
    assert g.over
    assert g.ppt_parts(0) == (84, 3)        # ZEBRAS, the failed EXE and the pass all count
