"""The fast generator against the brute-force reference: the same set of
(move text, score) on positions from games of every preset, with blanks, JQXZ
tiles, pick-off and swap opportunities (small word list, so the reference is
quick enough for CI; bench/movegen.py runs the larger sample).

Richard's derived forms are not generated (the word graph holds lexicon words
only), so richard is compared with that knob off.
"""

from dataclasses import replace
from pathlib import Path

import pytest

from engine.search.ai import Player
from engine.game import Game
from engine.lexicon import Lexicon
from engine.search.movegen import AllPlays, MoveGenerator
from engine.notation import format_move
from engine.rules import PRESETS
from engine.scoring import evaluate
from engine.selfplay import move_text
from reference_movegen import reference_plays

DATA = Path(__file__).resolve().parents[1] / "data"
LEX = Lexicon.from_words(
    (DATA / "main.txt").read_text().split(),
    (DATA / "main.txt").read_text().split() + (DATA / "large.txt").read_text().split(),
)
POSITIONS_PER_PRESET = 30


def fast_plays(board, rack, rules) -> dict:
    out = {}
    for cand in MoveGenerator(rules, LEX).generate(board, rack, AllPlays()):
        play = cand.to_play()
        text = format_move(board, play, evaluate(board, rack, play, rules))
        assert text not in out, f"{text} twice"
        out[text] = cand.score
    return out


def positions(rules, seed):
    game = Game(rules, seed, lexicon=LEX)
    players = [Player(rules, LEX, "hard"), Player(rules, LEX, "medium")]
    out = []
    while not game.over and len(out) < POSITIONS_PER_PRESET:
        rack = list(game.active_rack)
        out.append((game.board.copy(), rack))
        move = players[game.to_move].choose(game.board, rack, game.bag_count)
        game.act(move_text(game, move))
    return out


@pytest.mark.parametrize("preset", ["classic", "o", "i", "ii", "iii", "richard"])
def test_fast_generator_equals_reference(preset):
    rules = PRESETS[preset]
    if rules.derived_forms:
        rules = replace(rules, derived_forms=False)
    compared = 0
    for board, rack in positions(rules, f"agree-{preset}"):
        ref = reference_plays(board, rack, rules, LEX)
        fast = fast_plays(board, rack, rules)
        missing = set(ref) - set(fast)
        extra = set(fast) - set(ref)
        assert not missing, f"fast misses {sorted(missing)[:5]} (rack {rack})"
        assert not extra, f"fast invents {sorted(extra)[:5]} (rack {rack})"
        for t in fast:
            assert fast[t] == ref[t], (t, fast[t], ref[t])
        compared += len(fast)
    assert compared > 50



def test_pick_swapper_and_swap_chain_positions():
    import enginekit
    lex = enginekit.lexicon()
    rules = PRESETS["iii"]
    board = enginekit.empty_board("iii")
    enginekit.put(board, "11F DREAMS")      # a free-hanging S on K11
    enginekit.put(board, "13F CATs")        # a blank standing for S on I13
    enginekit.put(board, "15F eAT")         # a Q lying face down as E on F15
    board.wild[board.layout.square("F15")] = "Q"
    enginekit.put(board, "17F qUA")         # a blank standing for Q: a chain needs the Q
    rack = list("ILYEEEEE")
    gen = MoveGenerator(rules, lex)
    fast = {}
    for cand in gen.generate(board, rack, AllPlays()):
        play = cand.to_play()
        fast[format_move(board, play, evaluate(board, rack, play, rules))] = cand.score
    ref = reference_plays(board, rack, rules, lex)
    assert fast == ref
    assert "pick K11; swap I13; 11F DREAMILY" in fast          # a pick-swapper
    assert any(t.startswith("swap F15; swap F17;") for t in fast)  # Q recovered, then swapped
    # The computer's cheaper "all" mode (every swap or none) still sees the pick-swapper,
    # and everything it finds is a play of the exact set, at the same score.
    cheap = {}
    for cand in MoveGenerator(rules, lex, swaps="all").generate(board, rack, AllPlays()):
        play = cand.to_play()
        cheap[format_move(board, play, evaluate(board, rack, play, rules))] = cand.score
    # (the picked S swaps for the blank on I13, together with the other swap it allows)
    assert "pick K11; swap I13; swap F15; 11F DREAMILY" in cheap
    assert all(fast.get(t) == score for t, score in cheap.items())
    assert len(cheap) < len(fast)
