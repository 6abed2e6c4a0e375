"""The game-flow rule fixes of issue 8, one test (or a few) per fix.

Positions are set up on the game's private state (test set-up only)."""

from dataclasses import replace
from pathlib import Path

import pytest

from engine.game import END, FINAL, INVALID, LOST, PHONY, RETRY, TIME, TRADE, Game, GameError
from engine.rules import PRESETS
from engine.tiles import rack_value
from enginekit import lexicon, put, rig

ROOT = Path(__file__).resolve().parents[2]

LEX = lexicon()



def new(preset, seed=1, players=2, **knobs):
    return Game(replace(PRESETS[preset], **knobs), seed, players, lexicon=LEX)


def cell(game, name):
    return game.board.cells[game.board.layout.square(name)]


# ------------------------------------------------ 1. own-tile swaps stand (6.0)

def iii_swap_position(**knobs):
    """iii: DREAMY at 11J (its Y free-hanging), a blank standing for S in SCAT at
    5J, rack SILXEEEE."""
    g = new("iii", **knobs)
    board = g._state.board
    put(board, "5J sCAT")
    put(board, "11J DREAMY")
    g._state.racks[0] = list("SILXEEEE")
    return g


MOVE = "swap J5; pick O11; 11J DREAMIXY"


def assert_swap_stood(g):
    assert cell(g, "J5") == "S"                 # a natural S now
    assert cell(g, "O11") == "Y" and cell(g, "P11") == ""   # pick-off and placement undone
    assert g.rack(0) == "EEEEILX?"              # the rack gained the blank, lost the S


@pytest.mark.parametrize("large_check", [False, True])
def test_swaps_stand_good_words_with_a_pick_off(large_check):
    g = iii_swap_position(large_check=large_check)
    t, = g.act(MOVE)
    assert t.kind == INVALID and t.invalid == ("DREAMIXY",)
    assert_swap_stood(g)
    if large_check:
        t2, = g.act("check")                    # not in the large list either
        assert t2.score < 0
        assert_swap_stood(g)


def test_swaps_stand_under_double_challenge():
    g = iii_swap_position(judgment="challenge", large_check=False)
    t, = g.act(MOVE)
    assert t.kind == "play" and cell(g, "P11") == "X"
    phony, = g.act("challenge")
    assert phony.kind == PHONY
    assert_swap_stood(g)


def test_swaps_stand_under_free_retry():
    g = iii_swap_position(judgment="retry", large_check=False)
    t, = g.act(MOVE)
    assert t.kind == RETRY and t.invalid == ("DREAMIXY",) and g.to_move == 0
    assert_swap_stood(g)
    assert g.last_turn is None                  # a withdrawn attempt is not a turn


def test_swaps_stand_when_the_large_list_rescues_the_play():
    g = new("o")
    put(g._state.board, "8G sCAT")
    g._state.racks[0] = list("SQIDEEE")
    t, = g.act("swap G8; I7 QAID")              # QAID is only in the large list
    assert t.kind == INVALID and cell(g, "G8") == "S"
    assert g.act("check") == () and g.to_move == 0
    assert cell(g, "G8") == "S" and cell(g, "I7") == "" and g.rack(0) == "DEEEIQ?"


def test_swap_made_with_a_picked_tile_is_undone():
    # The S comes from the pick-off (CATS at 5J, S picked), so the swap for the blank
    # s of sCAT... is undone with it. Here: the picked Y is swapped for a blank y.
    g = new("iii")
    board = g._state.board
    put(board, "3J yE")                       # a blank standing for Y
    put(board, "11J DREAMY")
    g._state.racks[0] = list("ILXEEEEA")      # no Y of its own
    t, = g.act("pick O11; swap J3; 11J DREAMIXE")
    assert t.kind == INVALID
    assert cell(g, "J3") == "y" and cell(g, "O11") == "Y" and g.rack(0) == "AEEEEILX"


# ------------------------------------------------ 2. time runs out in the final round

def final_round_game(**knobs):
    g = new("o", final_round=True, **knobs)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS", elapsed=1)
    rig(g, 0, "ERSDEEO")
    rig(g, 1, "CATXJKU")
    g._state.bag.tiles = []
    for _ in range(3):
        g.act("-", elapsed=1)
    assert g.phase == "final" and g.to_move == 0
    return g


@pytest.mark.parametrize("clock_rule", ["timesup", "overtime"])
def test_time_running_out_in_the_final_round_ends_that_attempt(clock_rule):
    g = final_round_game(clock=60, clock_rule=clock_rule)
    scores, ends = g.scores, len([t for t in g.turns if t.kind == END])
    t, = g.act("I5 CATS", elapsed=59)          # 58 s were left: the attempt is void
    assert t.kind == TIME and g.phase == "final" and g.to_move == 1 and g.scores == scores
    t2, = g.act("I5 DERS", elapsed=70)         # the second finder runs out as well
    assert t2.kind == TIME and g.over and g.scores == scores   # no second deduction
    assert len([t for t in g.turns if t.kind == END]) == ends and not g.legal_actions().final


def test_no_final_attempt_without_time_left():
    g = new("o", final_round=True, clock=60)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS", elapsed=1)
    g._state.bag.tiles = []
    g.act("-", elapsed=1)
    g.act("timeout", elapsed=59)               # player 0 runs out: 1 is behind, plays on
    assert g.phase == "play" and g.to_move == 1
    g.act("-", elapsed=1)                      # the cycle (one player left) ends play
    assert g.phase == "final" and g.to_move == 1 and g.legal_actions().final
    g.act("-")
    assert g.over                              # player 0 had no time left for an attempt


def test_timeout_action_in_the_final_round():
    g = final_round_game(clock=60)
    g.act("timeout", elapsed=g.clock[0])       # the first finder's time runs out
    t, = g.act("I5 DERS", elapsed=3)
    assert t.kind == FINAL and g.over


# ------------------------------------------------ 3. a rescued play does not end the game

def test_a_play_the_large_list_rescues_does_not_end_the_game():
    g = new("o")
    rig(g, 0, "QAIDEEE")
    g._state.bag.tiles = g._state.bag.tiles[:3]      # cycle rule: the bag is short
    g.act("-")
    g.act("-")
    t, = g.act("8G QAID")[:1]                          # the third idle turn
    assert t.kind == INVALID and g.legal_actions().check
    assert g.act("check") == ()                        # QAID is in the large list
    assert not g.over and g.to_move == 0 and g.last_turn.kind == "pass"
    assert not any(t.kind == END for t in g.turns) and g.act("8G QAID")


def test_a_play_the_large_list_does_not_rescue_ends_the_game():
    g = new("o")
    rig(g, 0, "ZEBRAXQ")
    g._state.bag.tiles = g._state.bag.tiles[:3]
    g.act("-")
    g.act("-")
    g.act("8D ZEBRAX")
    t, = g.act("check")
    assert g.over and t.score == -t.value and t.value > 0


# ------------------------------------------------ 4, 5. free trades

def test_a_trade_never_brings_two_blanks():
    g = new("richard")
    rig(g, 0, "AAAITUY")
    g._state.blanks_drawn[0] = 0                 # set-up: this player never drew a blank
    g._state.bag.tiles = ["?", "?"]
    t, = g.act("trade AU")
    assert t.kind == TRADE and g.rack(0).count("?") == 1    # the second blank is refused
    assert g._state.blanks_drawn[0] == 1                      # and counts for split blanks


def test_a_blank_is_refused_to_a_player_who_has_drawn_one():
    g = new("richard")
    rig(g, 0, "AAAITUY")
    g._state.blanks_drawn[0] = 1                 # drew (and played) a blank earlier
    g._state.bag.tiles = ["?", "?", "E"]
    g.act("trade AU")
    assert "?" not in g.rack(0) and g.rack(0).count("E") == 1 and len(g.rack(0)) == 6


def test_a_trade_does_not_leave_a_short_rack():
    g = new("richard")
    rig(g, 0, "AAAITUY")
    g._state.bag.tiles = list("AAIITT")          # every tile brings back a condition
    g.act("trade AU")
    assert len(g.rack(0)) == 7 and g.bag_count == 6


# ------------------------------------------------ 6. time spent stays spent

def test_a_challenged_phony_keeps_its_time_spent():
    g = new("classic", clock=100)
    rig(g, 0, "CTAEEEE")
    g.act("8G CTA", elapsed=150)
    assert g.clock[0] == -50
    g.act("challenge", elapsed=5)                # charged to the challenger
    assert g.clock == (-50, 95) and g.board.is_empty()
    while not g.over:
        g.act("-")
    end, = [t for t in g.turns if t.kind == END and t.player == 0]
    assert end.score == -rack_value(g.rack(0))
    late, = [t for t in g.turns if t.kind == TIME and t.player == 0]
    assert late.score == -10                              # 50 s over: one started minute


def test_a_rescued_play_keeps_its_time_spent():
    g = new("o", clock=100)
    rig(g, 0, "QAIDEEE")
    g.act("8G QAID", elapsed=30)
    g.act("check", elapsed=2)                    # asked by the player who played
    assert g.clock == (68.0, 100.0) and g.to_move == 0


def test_a_failed_retry_attempt_costs_its_time():
    g = new("richard", clock=100)
    rig(g, 0, "ZEBRAXQ")
    g.act("8D ZEBRAX", elapsed=20)
    assert g.clock == (80.0, 100.0) and g.to_move == 0


# ------------------------------------------------ 9. any opponent may challenge

def test_any_opponent_may_challenge_and_a_wrong_one_loses_their_next_turn():
    g = new("classic", players=3)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    assert g.to_move == 1
    with pytest.raises(GameError):
        g.act("challenge 1")                     # not one's own play
    lost, = g.act("challenge 3")                 # seat 3 is wrong
    assert (lost.player, lost.kind) == (2, LOST) and g.to_move == 1   # seat 2 still moves
    assert not g.legal_actions().challenge       # the play stood a challenge
    g.act("-")
    assert g.to_move == 0                        # seat 3's own turn is lost
    g.act("-")
    g.act("-")
    assert g.to_move == 2 and [t.kind for t in g.turns].count(LOST) == 1


def test_an_opponent_not_due_to_move_may_challenge_a_phony():
    g = new("classic", players=3)
    rig(g, 0, "ZEBRAXQ")
    g.act("8D ZEBRAX")
    t, = g.act("challenge 3")
    assert t.kind == PHONY and g.board.is_empty() and g.to_move == 1


def test_the_default_challenger_is_the_player_due_to_move():
    g = new("classic", players=3)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    t, = g.act("challenge")
    assert (t.player, t.kind) == (1, LOST) and g.to_move == 2


# ------------------------------------------------ two picks, one per tile

def test_one_pick_per_tile_is_the_same_pick_off():
    one = new("iii")
    put(one._state.board, "11J DREAMY")
    one._state.racks[0] = list("ILEEEEEE")
    two = one.at(0)
    a, = one.act("pick N11; 11J DREAMILY")
    b, = two.act("pick O11; pick N11; 11J DREAMILY")
    assert a == b and a.kind == "play" and a.text == "pick N11; 11J DREAMILY"
    assert two.actions == ("pick N11; 11J DREAMILY",)


def test_a_two_tile_pick_off_in_either_order_is_the_pick_of_the_earlier_square():
    """Issue 36 (III, seed walk7): after MUTANT, picking N and T (K11, L11) one tile at a
    time, in either order, is the pick-off of K11: as move text and as the page's
    placement (session.preview, session.act_placement), never "only one pick-off"."""
    import json
    from engine import session
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    words = (ROOT / "wordlists" / "lexicon.bin").read_bytes()   # the shipped lists: MUTATIONAL is a word
    session.load_lexicon(words)
    for order in (["pick K11", "pick L11"], ["pick L11", "pick K11"]):
        game = Game(PRESETS["iii"], "walk7", lexicon=session.loaded_lexicon(), names=["Ann", "Bob"])
        game.act("11G MUTANT")
        turn, = game.act("; ".join(order) + "; 11G MUTATIoNAL")
        assert turn.kind == "play" and game.actions[-1] == "pick K11; 11G MUTATIoNAL"
        json.loads(session.open(json.dumps({"rules": "iii", "seed": "walk7", "seats": seats})))
        json.loads(session.act("11G MUTANT"))
        tiles = [{"sq": sq, "tile": t, "letter": l} for sq, t, l in
                 (("K11", "T", "T"), ("L11", "I", "I"), ("M11", "?", "O"), ("N11", "N", "N"),
                  ("O11", "A", "A"), ("P11", "L", "L"))]
        shown = json.loads(session.preview(json.dumps({"tiles": tiles, "pre": order})))
        assert shown["legal"] and shown["move"] == "pick K11; 11G MUTATIoNAL", shown
        assert shown["score"] == turn.score
