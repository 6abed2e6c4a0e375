"""engine.tracking: unseen tiles (exact for 100-tile sets, bounds for a scoop) and the score sheet."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.computer import computer_action
from engine.game import Game
from engine.lexicon import Lexicon
from engine.rules import Rules
from engine.tiles import TILE_SETS
from engine.tracking import TrackingError, best_play, history, unseen

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def lexicon():
    return Lexicon.from_bytes((ROOT / "wordlists" / "lexicon.bin").read_bytes())


def brute_force(game, seat) -> Counter:
    """The full set less every physical tile on the board and the seat's own rack."""
    board = game.board
    left = Counter(TILE_SETS[game.rules.tiles])
    for sq, cell in enumerate(board.cells):
        if cell:
            tile = board.wild.get(sq, "?") if cell.islower() else cell
            left[tile] -= 1
    left.subtract(game.rack(seat))
    return left


def self_play(game, level="hard", budget=None, limit=200):
    """Yield after each action of a computer-vs-computer game."""
    for _ in range(limit):
        if game.over:
            return
        game.act(computer_action(game, level, budget))
        yield game


@pytest.mark.parametrize("rules,level", [("classic", "easy"), ("o", "easy"),
                                         ("classic,rack=8", "easy")])
def test_exact_counts_after_every_turn(lexicon, rules, level):
    game = Game(Rules.from_string(rules), "track", 2, lexicon=lexicon)
    checked = 0
    for g in self_play(game, level):
        for seat in range(2):
            u = unseen(g, seat)
            want = brute_force(g, seat)
            assert u["exact"] and u["at_least"] is None
            assert u["tiles"] == {t: want[t] for t in u["tiles"]}
            assert set(u["tiles"]) == set(TILE_SETS[g.rules.tiles])
            assert min(u["tiles"].values()) >= 0
            other = g.rack(1 - seat)
            assert u["total"] == sum(u["tiles"].values()) == g.bag_count + len(other)
            assert u["vowels"] + u["consonants"] + u["blanks"] == u["total"]
            checked += 1
    assert game.over and checked > 20


def test_scoop_bounds_after_every_turn_in_iii(lexicon):
    game = Game(Rules.from_string("iii"), "track-iii", 2, lexicon=lexicon)
    informative = 0
    for g in self_play(game, "hard", 80, limit=40):
        for seat in range(2):
            u = unseen(g, seat)
            upper = brute_force(g, seat)
            assert not u["exact"] and u["set_size"] == 298 and u["in_play"] == 100
            assert "100 of 298 tiles are in play" in u["note"]
            assert u["tiles"] == {t: upper[t] for t in u["tiles"]}
            assert u["total"] == g.bag_count + len(g.rack(1 - seat))
            # The truth (read from the game's private bag, for this check only)
            # lies between the bounds.
            truth = Counter(g._state.bag.tiles) + Counter(g.rack(1 - seat))
            for t in u["tiles"]:
                assert u["at_least"][t] <= truth[t] <= u["tiles"][t], t
            informative += sum(u["at_least"].values())
    assert game.board.tile_count() > 40
    assert informative > 0   # late in the game the bounds say something


def test_scoop_remembers_tiles_exchanged_back(lexicon):
    game = Game(Rules.from_string("iii"), "swap-back", 2, lexicon=lexicon)
    before = Counter(game.rack(0))
    game.act("-" + game.rack(0))          # all 8 back into the bag
    after = Counter(game.rack(0))
    floor = unseen(game, 0)["at_least"]
    gone = before - after
    assert gone
    for t, n in gone.items():
        assert floor[t] >= n
    # The other seat saw none of it: its lower bounds come from the total alone.
    assert sum(unseen(game, 1)["at_least"].values()) == 0


def test_scoop_remembers_a_play_that_came_off(lexicon):
    game = Game(Rules.from_string("iii"), "phony-iii", 2, lexicon=lexicon)
    game.act("-")
    rack = game.rack(1)
    tiles = [t for t in rack if t != "?"][:6]
    game.act("11F " + "".join(tiles))      # six rack tiles through the start square
    assert game.turns[-1].kind == "invalid"
    floor = unseen(game, 0)["at_least"]
    for t, n in Counter(tiles).items():
        assert floor[t] >= n


def test_revealed_racks_once_the_bag_is_empty(lexicon):
    seen_revealed = False
    for seed in ("reveal", "reveal-2", "reveal-3", "reveal-4"):   # some games end before the bag does
        if seen_revealed:
            break
        seen_revealed = _check_reveals(Game(Rules.from_string("richard"), seed, 2, lexicon=lexicon))
    assert seen_revealed


def _check_reveals(game) -> bool:
    seen_revealed = False
    for g in self_play(game, "easy"):
        for seat in range(2):
            u = unseen(g, seat)
            if g.bag_count:
                assert u["revealed"] is None
            else:
                assert u["revealed"] == [{"seat": 1 - seat, "name": g.names[1 - seat],
                                          "rack": g.rack(1 - seat)}]
                assert Counter(u["tiles"]) + Counter() == Counter(g.rack(1 - seat))
                seen_revealed = True
    return seen_revealed
    # Classic never reveals.
    classic = Game(Rules.from_string("classic"), "reveal", 2, lexicon=lexicon)
    for _ in self_play(classic, "easy"):
        pass
    assert unseen(classic, 0)["revealed"] is None


def test_bad_seat(lexicon):
    game = Game(Rules.from_string("classic"), 1, 2, lexicon=lexicon)
    for seat in (-1, 2, "0", True):
        with pytest.raises(TrackingError):
            unseen(game, seat)


def test_history_lines_and_running_totals(lexicon):
    game = Game(Rules.from_string("o"), "sheet", 2, lexicon=lexicon)
    rack = game.rack(0)
    game.act("8D " + rack[:5].replace("?", "E"))     # 'good words only': comes off
    assert game.turns[-1].kind == "invalid"
    game.act("-" + game.rack(1)[:2])
    for _ in self_play(game, "easy", limit=6):
        pass
    lines = history(game)
    assert len(lines) == len(game.turns)
    totals = [0, 0]
    for line, t in zip(lines, game.turns):
        totals[t.player] += t.score
        assert line["totals"] == totals and line["total"] == totals[t.player]
        assert (line["kind"], line["text"], line["score"]) == (t.kind, t.text, t.score)
        assert line["breakdown"] == t.breakdown and line["squares"] == list(t.squares)
    assert totals == list(game.scores)
    assert lines[0]["outcome"].endswith("the play comes off and scores nothing")
    assert lines[0]["invalid"] and lines[0]["invalid"][0] in lines[0]["outcome"]
    assert lines[1]["kind"] == "exchange" and lines[1]["outcome"] is None
    assert lines[1]["move"] == lines[1]["text"]
    plays = [line for line in lines if line["kind"] == "play"]
    assert plays and all(line["breakdown"]["score"] == line["score"] for line in plays)
    best = best_play(game)
    assert best["score"] == max(line["score"] for line in plays)


def test_history_splits_swaps_and_pick_offs():
    from engine.game import Turn
    from engine.tracking import _pre_parts

    play = Turn(0, "play", "swap K11; pick L12; 12J TRAPEZIUM", 30, "ABC")
    assert _pre_parts(play) == (["K11"], ["L12"], "12J TRAPEZIUM")
    final = Turn(1, "final", "final swap D4; 8D ZEBRAS", 80, "ABC")
    assert _pre_parts(final) == (["D4"], [], "8D ZEBRAS")
    swap_exchange = Turn(0, "exchange", "swap E5; -AB", 0, "ABC")
    assert _pre_parts(swap_exchange) == (["E5"], [], "-AB")
    assert _pre_parts(Turn(0, "end", "(QZ)", -20, "QZ")) == ([], [], "(QZ)")
