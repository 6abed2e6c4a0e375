"""RULES.md section 8's figures as tests, for every number of players (section 10's
are in test_rule_book_figures.py; the two-player counts are also in test_turn_flow.py):
3 x players scoreless turns, players + 1 idle turns (only players still in count),
4 x players turns with no placement whatever the bag holds, and the final round's
value + 50. The clock and PPT figures are in test_time_up_rules.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.game import FINAL, Game
from engine.rules import PRESETS
from enginekit import lexicon, rig

LEX = lexicon()


def new(preset: str, players: int, **knobs) -> Game:
    return Game(replace(PRESETS[preset], **knobs), 1, players, lexicon=LEX)


def passes_to_end(game: Game, elapsed=None) -> int:
    n = 0
    while not game.over:
        game.act("-", elapsed)
        n += 1
    return n


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scoreless_turns_end_the_classic_game_after_three_per_player(players):
    g = new("classic", players)
    assert passes_to_end(g) == 3 * players
    assert g.end_reason == f"{3 * players} turns in a row without a play"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_cycle_ends_after_players_plus_one_idle_turns(players):
    g = new("o", players)
    g._state.bag.tiles = g._state.bag.tiles[:3]   # set-up: too few to exchange
    assert passes_to_end(g) == players + 1
    assert g.end_reason == "a full cycle of turns added no tile"


def test_only_the_players_still_in_count_in_the_cycle():
    """Three players, one out of time: two still in, so three idle turns."""
    g = new("o", 3, clock=60)
    g._state.bag.tiles = g._state.bag.tiles[:3]
    g.act("timeout", 60)
    assert passes_to_end(g, 1) == 2 + 1 and "cycle" in g.end_reason


@pytest.mark.parametrize("players", [2, 3])
def test_four_turns_per_player_with_no_placement_end_the_game_whatever_the_bag_holds(players):
    g = new("o", players)
    n = 0
    while not g.over:
        g.act("-" + g.rack()[0])                 # exchanges: the bag stays full
        n += 1
    assert n == 4 * players and g.end_reason == f"{4 * players} turns in a row without a play"


def test_a_valid_final_round_attempt_scores_its_value_plus_50():
    g = new("o", 2, final_round=True)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    rig(g, 0, "ERSDEEO")
    rig(g, 1, "CATXJKU")
    g._state.bag.tiles = []
    for _ in range(3):
        g.act("-")
    assert g.phase == "final" and g.to_move == 0
    value = g.preview("I5 CATS").score
    found, = g.act("I5 CATS")                    # seat 0, with seat 1's rack
    assert found.kind == FINAL and found.score == value + 50
