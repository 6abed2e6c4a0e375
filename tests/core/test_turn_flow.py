"""Turn flow: judgment modes, end rules and adjustments, the final round, PPT,
the clock, undo and Richard's extras."""

from dataclasses import replace

import pytest

from engine.game import Game, GameError
from engine.records.gcg import read_gcg, write_gcg
from engine.moves import MoveError
from engine.rules import PRESETS
from engine.tiles import full_set, rack_value
from enginekit import lexicon, rig

LEX = lexicon()



def empty_bag(game, keep=0):
    """Move all but ``keep`` bag tiles into a pile outside the game (for end tests)."""
    game._state.bag.tiles = game._state.bag.tiles[:keep]   # test set-up only


def new(preset, seed=1, **knobs):
    return Game(replace(PRESETS[preset], **knobs), seed, lexicon=LEX)


def test_placement_scores_refills_and_passes_turn():
    g = new("classic")
    rig(g, 0, "ZEBRASQ")
    t, = g.act("8D ZEBRAS")
    assert t.kind == "play" and t.score == 54 and g.scores == (54, 0)
    assert len(g.rack(0)) == 7 and g.to_move == 1
    assert g.bag_count == 100 - 14 - 6 + 0


def test_illegal_placement_costs_nothing():
    g = new("o")
    before = (g.rack(0), g.to_move, g.turns)
    with pytest.raises(MoveError, match="start square"):
        g.act("1A " + g.rack(0)[:2].replace("?", "a"))
    assert (g.rack(0), g.to_move, g.turns) == before and g.actions == ()


def test_double_challenge_phony_comes_off():
    g = new("classic")
    rig(g, 0, "ZEBRAXQ")
    rack_before = g.rack(0)
    g.act("8D ZEBRAX")                     # stands until challenged
    assert g.scores[0] > 0 and not g.board.is_empty()
    t, = g.act("challenge")
    assert g.board.is_empty() and g.scores == (0, 0)
    assert g.rack(0) == rack_before and g.to_move == 1
    assert t.kind == "phony" and g.turns[-1] == t


def test_double_challenge_valid_play_costs_challenger_a_turn():
    g = new("classic")
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    g.act("challenge")
    assert g.scores == (54, 0)
    assert g.turns[-1].kind == "lost" and g.turns[-1].player == 1
    assert g.to_move == 0


def test_good_words_only_and_large_list_found():
    g = new("o")
    rig(g, 0, "QAIDEEE")
    t, = g.act("8G QAID")                  # QAID is only in the large list
    assert t.kind == "invalid" and t.invalid == ("QAID",) and g.to_move == 1
    assert g.act("check") == ()             # found: withdrawn, not a turn, replay
    assert g.to_move == 0 and g.turns == () and g.scores == (0, 0)
    assert g.act("8G QAID")[0].kind == "invalid"


def test_large_list_not_found_deducts_value():
    g = new("o")
    rig(g, 0, "ZEBRAXQ")
    t, = g.act("8D ZEBRAX")
    assert t.kind == "invalid"
    checked, = g.act("check")
    assert checked.score == -t.value and not checked.checkable
    assert g.scores[0] == -t.value and t.value > 0 and g.to_move == 1


def test_two_letter_word_outside_72_never_rescued():
    g = new("o", min_main=2)
    rig(g, 0, "QIZAEEE")
    g.act("8H QI")
    g.act("check")
    assert g.scores[0] < 0


def test_free_retry_withdraws_at_no_cost():
    g = new("richard")
    rig(g, 0, "ZEBRAXQ")
    rack = g.rack(0)
    t, = g.act("8D ZEBRAX")
    assert t.kind == "retry" and t.invalid == ("ZEBRAX",) and t.score == 0 and not t.counts
    assert g.to_move == 0 and g.scores == (0, 0) and g.rack(0) == rack and g.board.is_empty()
    assert g.last_turn is None and g.act("8D ZEBRA")[0].kind == "play"


def test_exchange_needs_a_full_rack_of_tiles_in_bag():
    g = new("o")
    rack = g.rack(0)
    g.act("-" + rack[:3])
    assert g.turns[-1].kind == "exchange" and len(g.rack(0)) == 7
    empty_bag(g, keep=6)
    with pytest.raises(MoveError, match="at least 7"):
        g.act("-" + g.rack(1)[:1])


def test_scoreless_end_after_six_passes():
    g = new("classic")
    for _ in range(5):
        g.act("-")
    assert not g.over
    g.act("-")
    assert g.over and "6 turns" in g.end_reason


def test_cycle_end_when_bag_short():
    g = new("o")
    empty_bag(g, keep=3)
    g.act("-")
    g.act("-")
    assert not g.over
    g.act("-")
    assert g.over and "cycle" in g.end_reason


def test_cycle_end_after_many_exchanges_with_full_bag():
    g = new("o")
    for i in range(7):
        g.act("-" + g.rack()[0])
    assert not g.over
    g.act("-" + g.rack()[0])
    assert g.over


@pytest.mark.parametrize("adjust", ["classic", "transfer", "none"])
def test_going_out_adjustments(adjust):
    g = new("classic", end_adjust=adjust)
    rig(g, 0, "ZEBRAS")
    rig(g, 1, "QI")
    empty_bag(g)
    g.act("8D ZEBRAS")
    assert g.over and "went out" in g.end_reason
    other = rack_value("QI")
    expected = {"classic": (54 + 2 * other, 0), "transfer": (54 + other, -other), "none": (54, 0)}
    assert tuple(g.scores) == expected[adjust]


def test_ending_without_going_out_subtracts_own_racks():
    g = new("classic")
    r0, r1 = g.rack(0), g.rack(1)
    for _ in range(6):
        g.act("-")
    assert g.scores == (-rack_value(r0), -rack_value(r1))


def test_final_round_valid_and_invalid():
    g = new("o", final_round=True)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    rig(g, 0, "ERSDEEO")
    rig(g, 1, "CATXJKU")
    empty_bag(g)
    for _ in range(3):
        g.act("-")
    assert g.phase == "final" and g.to_move == 0   # player 1 passed last: 0 is due
    s0, s1 = list(g.scores)
    board_before = list(g.board.cells)
    # Player 0 finds CATS (hooking the S of ZEBRAS) with player 1's rack.
    t, = g.act("I5 CATS")
    assert t.kind == "final" and t.words == ("CATS",) and t.score > 50
    assert g.scores[0] == s0 + t.score and g.board.cells == board_before  # taken back
    # Player 1 tries an invalid word with player 0's rack: its value is deducted.
    assert g.to_move == 1
    t2, = g.act("I5 DERS")
    assert t2.invalid == ("DERS",) and t2.score < 0 and g.scores[1] == s1 + t2.score
    assert g.over
    # PPT: trailing stuck passes do not count unless the opponent found a play with
    # those tiles: player 1 found nothing (player 0's pass dropped), player 0 found
    # CATS with player 1's tiles (player 1's two passes count). Player 1's invalid
    # attempt is a turn worth 0 in PPT (seed 000 rule 13), though the score lost it.
    zebras = g.turns[0].score
    assert g.ppt(0) == (zebras + t.score) / 2 and g.ppt(1) == 0 / 3


def test_undo_restores_exact_state():
    g = new("iii", seed=3)
    snapshots = []
    for _ in range(4):
        snapshots.append((g.rack(0), g.rack(1), list(g.scores), list(g.board.cells), g.bag_count))
        g.act("-" + g.rack()[:2])
    for snap in reversed(snapshots):
        g.undo()
        assert (g.rack(0), g.rack(1), list(g.scores), list(g.board.cells), g.bag_count) == snap
    with pytest.raises(GameError):
        g.undo()


def test_replay_and_gcg_round_trip():
    g = new("o", seed=11)
    g.act("-" + g.rack()[:2])
    g.act("-")
    g.act("-" + g.rack()[-3:])
    back = read_gcg(write_gcg(g), lexicon=LEX)
    assert back.rules == g.rules and back.seed == g.seed
    assert back.scores == g.scores and back.rack(0) == g.rack(0) and back.rack(1) == g.rack(1)
    assert write_gcg(back) == write_gcg(g)
    tampered = write_gcg(g).replace("+0 0", "+5 5", 1)
    with pytest.raises(ValueError, match="replaying gives"):
        read_gcg(tampered, lexicon=LEX)


def test_ppt_counts_turns_and_drops_trailing_stuck_passes():
    g = new("o")
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")          # 84
    g.act("-")                  # player 1 passes
    g.act("-")                  # player 0 passes
    empty_bag(g)
    g.act("-")
    g.act("-")
    g.act("-")
    assert g.over
    turns0 = [t for t in g.turns if t.player == 0 and t.kind != "end"]
    assert [t.kind for t in turns0] == ["play", "pass", "pass"]
    assert g.ppt(0) == 84.0     # trailing passes do not count


def test_clock_overtime_penalty_and_timesup():
    g = new("classic", clock=60)
    g.act("-", elapsed=30)
    g.act("-", elapsed=10)
    g.act("-", elapsed=91)      # player 0 is 61 s over: 2 started minutes
    for _ in range(3):
        g.act("-", elapsed=1)
    assert g.over
    ends = {t.player: t.score for t in g.turns if t.kind == "end"}
    assert ends[0] == -rack_value(g.rack(0))
    penalties = [(t.player, t.text, t.score) for t in g.turns if t.kind == "time"]
    assert penalties == [(0, "(time)", -20)]        # its own line, as GCG writes it
    assert g.scores[0] == -rack_value(g.rack(0)) - 20
    w = new("o", clock=60)
    rig(w, 0, "ZEBRASQ")
    w.act("8D ZEBRAS", elapsed=10)
    w.act("-", elapsed=70)      # player 1 runs out of time and is behind: game over
    assert w.over and "ran out of time" in w.end_reason


def test_free_trade_richard():
    g = new("richard")
    rig(g, 0, "AAAITUY")
    with pytest.raises(GameError):
        g.act("trade AA")      # after one A no condition is left (issue 16 item 14)
    g.act("trade AU")
    assert len(g.rack(0)) == 7 and g.to_move == 0
    with pytest.raises(GameError, match="one free trade"):
        g.act("trade A")


def test_split_blanks_redraws():
    rules = replace(PRESETS["classic"], split_blanks=True)
    # Over many seeds, no player ever holds both blanks from the opening draw
    # while the other has none, unless only blanks remained.
    for seed in range(60):
        g = Game(rules, seed, lexicon=LEX)
        assert sorted(r.count("?") for r in g.racks) != [0, 2]


def test_tile_conservation_simple_game():
    g = new("classic", seed=5)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    tiles = sorted(g._state.bag.tiles + [t for r in g.racks for t in r]
                   + [g.board.tile_at(sq) for sq, c in enumerate(g.board.cells) if c])
    assert tiles == sorted(full_set("classic100"))


def test_timesup_play_goes_on_until_the_score_is_passed():
    g = new("o", clock=60)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS", elapsed=61)   # player 0 ran out before playing: the play is void
    assert g.turns[-1].kind == "time" and not g.over and g.to_move == 1
    assert g.scores == (0, 0) and g.board.is_empty()
    rig(g, 1, "ZEBRASQ")
    g.act("8D ZEBRAS", elapsed=5)    # player 1 now leads the timed-out player: over
    assert g.over and "passed the score" in g.end_reason
