"""The fast generator against the engine's own scorer, AI determinism and levels.
(Agreement with the brute-force reference generator: search/test_movegen_reference.py.)"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.search.ai import Player, leave_value
from engine.game import Game
from engine.lexicon import Lexicon
from engine.search.movegen import AllPlays, MoveGenerator, TopN
from engine.moves import Exchange, Pass
from engine.notation import Position, format_cgp, format_move
from engine.rules import PRESETS
from engine.scoring import evaluate
from engine.selfplay import move_text, play_game

LEX = Lexicon.default()
ROOT = Path(__file__).resolve().parents[2]


def positions(preset, seed, turns):
    """Positions along a hard-vs-greedy game (the board and rack of each turn)."""
    rules = PRESETS[preset]
    game = Game(rules, seed, lexicon=LEX)
    players = [Player(rules, LEX, "hard"), Player(rules, LEX, "greedy")]
    out = []
    while not game.over and len(out) < turns:
        out.append((game.board.copy(), list(game.active_rack)))
        move = players[game.to_move].choose(game.board, game.active_rack, game.bag_count)
        game.act(move_text(game, move))
    return rules, out


def check_all(rules, board, rack, gen):
    plays = gen.generate(board, rack, AllPlays())
    texts = set()
    for cand in plays:
        play = cand.to_play()
        ev = evaluate(board, rack, play, rules, _judge(rules))
        assert ev.legal, (ev.error, cand.tiles, cand.pre)
        assert ev.invalid == [], (ev.invalid, cand.tiles)
        assert ev.score == cand.score, (format_move(board, play, ev), ev.score, cand.score)
        text = format_move(board, play, ev)
        assert text not in texts, f"{text} generated twice"
        texts.add(text)
    return len(plays)


_JUDGES = {}


def _judge(rules):
    from engine.lexicon.words import WordJudge
    if rules not in _JUDGES:
        _JUDGES[rules] = WordJudge(rules, LEX)
    return _JUDGES[rules]


@pytest.mark.parametrize("preset", ["classic", "o", "richard"])
def test_exact_generator_scores_equal_evaluate(preset):
    rules, pos = positions(preset, seed=f"mg-{preset}", turns=10)
    gen = MoveGenerator(rules, LEX)
    total = sum(check_all(rules, b, r, gen) for b, r in pos)
    assert total > 500


@pytest.mark.parametrize("preset", ["i", "ii", "iii"])
def test_bounded_generator_scores_equal_evaluate(preset):
    # The exact generator on 8-tile racks with blanks can list millions of plays;
    # here the AI's bounds (one tile played as a blank, swaps all-or-none) keep it
    # CI-sized while still covering 21x21, bonuses, wild tiles and pick-offs.
    rules, pos = positions(preset, seed=f"mg-{preset}", turns=12)
    gen = MoveGenerator(rules, LEX, max_blanks=1, swaps="all", pick_left_max=3)
    total = sum(check_all(rules, b, r, gen) for b, r in pos)
    assert total > 500


def test_topn_is_the_head_of_all_plays():
    rules, pos = positions("classic", seed="topn", turns=6)
    gen = MoveGenerator(rules, LEX)
    for board, rack in pos:
        every = [c.score for c in gen.generate(board, rack, AllPlays())]
        top = [c.score for c in gen.generate(board, rack, TopN(5))]
        assert top == sorted(every, reverse=True)[:5]


def test_first_play_finds_the_bingo():
    rules = PRESETS["classic"]
    board = Game(rules, 1, lexicon=LEX).board
    best = MoveGenerator(rules, LEX).generate(board, "AEINRST", TopN(1))[0]
    assert best.score == 66 and len(best.tiles) == 7


def test_ai_is_deterministic():
    a = play_game(PRESETS["o"], "det", ["hard", "medium"], LEX)
    b = play_game(PRESETS["o"], "det", ["hard", "medium"], LEX)
    assert a.actions == b.actions and a.scores == b.scores


def test_levels_differ_recognisably():
    rules = PRESETS["classic"]
    game = play_game(rules, "levels", ["easy", "hard"], LEX)
    easy_words = [t.words[0] for t in game.turns if t.player == 0 and t.kind == "play"]
    assert easy_words and all(len(w) <= 4 for w in easy_words)
    hard = [t.score for t in game.turns if t.player == 1 and t.kind == "play"]
    easy = [t.score for t in game.turns if t.player == 0 and t.kind == "play"]
    assert sum(hard) / len(hard) > sum(easy) / len(easy)


def test_hard_exchanges_a_hopeless_rack():
    rules = PRESETS["classic"]
    board = Game(rules, 1, lexicon=LEX).board
    move = Player(rules, LEX, "hard").choose(board, "QVVWWUU", 80)
    assert isinstance(move, Exchange) and "Q" in move.tiles
    assert isinstance(Player(rules, LEX, "hard").choose(board, "QVVWWUU", 3), Pass)


def test_leave_values_prefer_balance():
    rules = PRESETS["classic"]
    assert leave_value("?", rules) > leave_value("S", rules) > leave_value("Q", rules)
    assert leave_value("ERS", rules) > leave_value("UUU", rules)


def test_moves_command_lists_best_first():
    rules = PRESETS["classic"]
    board = Game(rules, 1, lexicon=LEX).board
    cgp = format_cgp(Position(board, ["AEINRST", ""], [0, 0], 0, rules))
    proc = subprocess.run([sys.executable, "-m", "engine", "moves", "--rules", "classic", "--cgp", cgp,
                           "--top", "3"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(lines) == 3 and lines[0]["score"] == 66 and lines[0]["move"].startswith("8")


def test_selfplay_command_summary():
    proc = subprocess.run([sys.executable, "-m", "engine", "selfplay", "--rules", "classic", "--games", "1",
                           "--seed", "3", "--players", "hard,greedy"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["games"] == 1 and sum(out["wins"]) == 1.0
    assert set(out["seconds_per_move"]) == {"p50", "p95"} and len(out["mean_ppt"]) == 2


def test_computer_challenges_exactly_the_invalid_plays():
    rules = PRESETS["classic"]
    ai = Player(rules, LEX, "hard")
    game = Game(rules, "challenge", lexicon=LEX)
    game._state.racks[0] = list("ZEBRAXS")   # test set-up (tiles not conserved; not needed here)
    game.act("8D ZEBRAX")
    assert ai.challenges(game)
    game.undo()
    game.act("8D ZEBRAS")
    assert not ai.challenges(game)
    assert not Player(PRESETS["o"], LEX, "hard").challenges(game)


def test_text_api_for_the_worker():
    from engine import api
    cgp = "/".join(["15"] * 15) + " AEINRST/ 0/0 0"
    assert api.score("classic", cgp, "8H RETAINS", LEX)["score"] == 66
    assert api.moves("classic", cgp, 1, LEX)[0]["score"] == 66
    move = api.computer_move("classic", cgp, "hard", 80, LEX)
    assert move.startswith("8") or move.startswith("H")
    assert api.score("classic", cgp, move, LEX)["score"] >= 60
    with pytest.raises(ValueError):
        api.score("classic", cgp, "8H RETAINS!", LEX)


def test_easy_and_medium_place_tiles_under_a_six_letter_minimum():
    rules = PRESETS["iii"]
    placed = {"easy": 0, "medium": 0}
    for level in placed:
        game = play_game(rules, "min6", [level, "greedy"], LEX, max_turns=30)
        placed[level] = sum(1 for t in game.turns if t.player == 0 and t.kind == "play")
        words = [t.words[0] for t in game.turns if t.player == 0 and t.kind == "play"]
        assert all(len(w) >= 6 for w in words)
    assert placed["easy"] > 0 and placed["medium"] > 0


class CountingMemo(dict):
    """A line memo that counts the lines it gave back."""

    hits = 0

    def get(self, key, default=None):
        found = super().get(key, default)
        if found is not None and key[0] in (True, False):
            self.hits += 1
        return found


@pytest.mark.parametrize("preset,seed", [("classic", "memo-c"), ("o", "memo-o"), ("iii", "memo-3")])
def test_the_line_memo_changes_nothing_but_the_work(preset, seed):
    """One rack generated on each board of a game (boards a play apart, as the
    expert's replies meet them) with a shared memo: the same best plays in the same
    order, ties included, as without it; most lines come from the memo. o and iii
    bring swaps, pick-offs and wild J/Q/X/Z into the variants it keys."""
    rules, seq = positions(preset, seed, 8 if preset == "iii" else 14)   # iii: slower
    hard = Player(rules, LEX, "hard")
    for rack in (seq[3][1], seq[-1][1]):
        for bag in (50, 0):     # the leave is valued otherwise with the bag empty
            memo = CountingMemo()
            for board, _ in seq:
                plain = hard.gen.generate(board, rack, TopN(3, hard._value(rack, bag)))
                kept = hard.gen.generate(board, rack, TopN(3, hard._value(rack, bag)), memo=memo)
                assert [(c.tiles, c.pre, c.equity) for c in kept] == \
                       [(c.tiles, c.pre, c.equity) for c in plain]
            assert memo.hits > 3 * len(seq), memo.hits
