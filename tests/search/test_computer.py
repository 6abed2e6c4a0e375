"""The computer's whole turn in one call (engine/computer.py), its move text
without the scorer, its time budget, and the text API around it."""

import json
import subprocess
import sys
import time
from itertools import permutations
from pathlib import Path

import pytest

from engine import api
from engine.search.ai import Player
from engine.computer import active_rack, choose_move, choose_trade, computer_action
from engine.game import DECLINE, FINAL, INVALID, PLAY, Game
from engine.lexicon import Lexicon
from engine.search.movegen import AllPlays, Budget, MoveGenerator
from engine.moves import Exchange, MoveError, Pass, Play
from engine.notation import Position, format_cgp, format_move, parse_cgp, parse_move
from engine.rules import PRESETS, TWO_LETTER_72, Rules
from engine.scoring import evaluate
from engine.selfplay import play_game
from engine.tiles import WILD_LETTERS, excess_tiles
from engine.trades import conditions, trade_allowed
from enginekit import empty_board, put

ROOT = Path(__file__).resolve().parents[2]
LEX = Lexicon.default()


def bench_positions(preset, n):
    out = []
    rules = PRESETS[preset]
    for line in (ROOT / "bench" / "positions" / f"{preset}.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            pos = parse_cgp(line, rules)
            out.append((pos.board, pos.racks[0], int(pos.opcodes.get("bag", "100"))))
        if len(out) >= n:
            break
    return rules, out


# ----------------------------------------------------------------- choices and text
@pytest.mark.parametrize("preset", ["classic", "iii"])
def test_choose_returns_the_engines_own_moves(preset):
    rules, positions = bench_positions(preset, 12)
    kinds = set()
    for level in ("hard", "medium"):
        ai = Player(rules, LEX, level)
        for board, rack, bag in positions:
            move = ai.choose(board, rack, bag)
            assert type(move) in (Play, Exchange, Pass)
            kinds.add(type(move))
    assert Play in kinds


def text_of_evaluation(board, play, ev):
    """The move text read off the scorer: its main word's squares on the board
    after the play (how format_move once wrote a play, needing the Evaluation)."""
    new = {sq: cell + (f"[{tile}]" if tile in WILD_LETTERS and cell.islower() else "")
           for sq, cell, tile in play.tiles}
    main = ev.words[0].squares
    row, col = divmod(main[0], board.size)
    coord = f"{row + 1}{chr(65 + col)}" if ev.across else f"{chr(65 + col)}{row + 1}"
    pre = "".join(f"{kind} {board.layout.name_of(sq)}; " for kind, sq in play.pre)
    return f"{pre}{coord} " + "".join(new.get(sq, ev.board.cells[sq]) for sq in main)


@pytest.mark.parametrize("preset", ["classic", "o", "iii"])
def test_format_move_writes_a_play_without_the_scorer(preset):
    rules, positions = bench_positions(preset, 8)
    gen = MoveGenerator(rules, LEX, max_blanks=1, swaps="all", pick_left_max=3)
    checked = lone = picks = swaps = 0
    for board, rack, _ in positions:
        for cand in gen.generate(board, rack, AllPlays()):
            play = cand.to_play()
            ev = evaluate(board, rack, play, rules)
            assert ev.legal, ev.error
            expected = text_of_evaluation(board, play, ev)
            assert format_move(board, play) == expected
            assert format_move(board, play, rules=rules) == expected
            assert format_move(board, play, ev) == expected
            back = parse_move(expected, board, rules, rack)
            assert (sorted(back.tiles), back.pre) == (sorted(play.tiles), play.pre)
            checked += 1
            lone += len(play.tiles) == 1
            picks += any(kind == "pick" for kind, _ in play.pre)
            swaps += any(kind == "swap" for kind, _ in play.pre)
    assert checked > 300 and lone > 0
    if preset == "iii":
        assert picks > 0 and swaps > 0


def test_format_move_finds_a_lone_tiles_direction_with_the_rules():
    o = PRESETS["o"]
    b = put(empty_board("o"), "8F CAR")
    put(b, "I9 AT")
    play = Play(((b.layout.square("I8"), "S", "S"),), across=False)  # written down, main word across
    ev = evaluate(b, "S", play, o)
    assert format_move(b, play, rules=o) == format_move(b, play, ev) == text_of_evaluation(b, play, ev) == "8F CARS"
    assert format_move(b, play) == "I8 SAT"  # no rules, no evaluation: the play's own direction


def test_format_move_refuses_a_play_that_cannot_lie_there():
    b = put(empty_board("classic"), "8D CAT")
    on_a_tile = Play(((b.layout.square("D8"), "S", "S"),), across=True)
    apart = Play(((b.layout.square("A1"), "S", "S"), (b.layout.square("B2"), "O", "O")), across=True)
    gap = Play(((b.layout.square("H8"), "S", "S"), (b.layout.square("J8"), "O", "O")), across=True)
    for play in (on_a_tile, apart, gap, Play((), across=True)):
        with pytest.raises(MoveError):
            format_move(b, play)
    rejected = evaluate(b, "S", on_a_tile, PRESETS["classic"])
    with pytest.raises(MoveError, match="only a legal play"):
        format_move(b, on_a_tile, rejected)


# ----------------------------------------------------------------- the decision
def _non_word_opening(game):
    rack = [t for t in game.rack(game.to_move) if t != "?"]
    for a, b in permutations(rack, 2):
        if not LEX.is_word(a + b, large=True):
            return f"8G {a}{b}"
    pytest.skip("no two-letter non-word on this rack")  # pragma: no cover


def test_computer_challenges_exactly_the_invalid_plays():
    rules = PRESETS["classic"]
    game = Game(rules, "challenge", lexicon=LEX)
    game.act(_non_word_opening(game))
    assert game.last_turn.kind == PLAY and game.last_turn.invalid
    assert computer_action(game, "hard") == "challenge"
    game.act("challenge")
    assert game.turns[-1].kind != PLAY
    assert computer_action(game, "hard") != "challenge"  # nothing left to challenge
    valid = Game(rules, "challenge", lexicon=LEX)
    valid.act(computer_action(valid, "hard"))
    assert not valid.last_turn.invalid and computer_action(valid, "hard") != "challenge"
    # Good words only: no challenges at all.
    o = Game(PRESETS["o"], "challenge", lexicon=LEX)
    assert computer_action(o, "hard") != "challenge"


def test_final_round_plays_from_the_other_rack():
    rules = Rules.from_string("classic,final=1")
    game = Game(rules, "final", lexicon=LEX)
    for _ in range(6):                      # six scoreless turns end the game
        game.act("-")
    assert game.phase == "final"
    while not game.over:
        text = computer_action(game, "hard")
        assert not text.startswith("-")
        game.act(text)
    finals = [t for t in game.turns if t.kind == FINAL]
    assert len(finals) == 2 and all(t.score > 50 and not t.invalid for t in finals)


def test_final_round_declines_without_a_play():
    tiny = Lexicon.from_words(["QQQQ"], ["QQQQ"])
    game = Game(Rules.from_string("classic,final=1"), "final", lexicon=tiny)
    assert isinstance(computer_action(game, "hard"), str)
    for _ in range(6):
        game.act("-")
    assert game.phase == "final"
    assert computer_action(game, "hard") == "-"
    game.act("-")
    assert game.turns[-1].kind == DECLINE


def _large_only_lexicon(game):
    """Main: the 72 two-letter words; large: also a 3-letter 'word' from the rack."""
    rack = [t for t in game.rack(0) if t != "?"]
    word = "".join(rack[:3])
    main = sorted(TWO_LETTER_72)
    return word, Lexicon.from_words(main, main + [word])


def test_checks_the_large_list_only_when_it_rescues_its_own_play():
    rules = PRESETS["o"]
    probe = Game(rules, "check", 1, lexicon=LEX)
    word, lex = _large_only_lexicon(probe)
    solo = Game(rules, "check", 1, lexicon=lex)
    solo.act(f"8F {word}")
    assert solo.last_turn.kind == INVALID and solo.legal_actions().check
    assert computer_action(solo, "hard") == "check"
    # Not in the large list either: a check would cost the play's value.
    other = Lexicon.from_words(sorted(TWO_LETTER_72), sorted(TWO_LETTER_72) + ["QQQ"])
    solo2 = Game(rules, "check", 1, lexicon=other)
    solo2.act(f"8F {word}")
    assert solo2.legal_actions().check and computer_action(solo2, "hard") != "check"
    # Never on another player's behalf.
    duo = Game(rules, "check", 2, lexicon=Lexicon.from_words(sorted(TWO_LETTER_72),
                                                            sorted(TWO_LETTER_72) + [word]))
    if duo.rack(0) == probe.rack(0):
        duo.act(f"8F {word}")
        assert duo.to_move == 1 and computer_action(duo, "hard") != "check"


def test_choose_trade():
    richard = PRESETS["richard"]
    rack = "AAAITUY"
    assert conditions(rack)
    tiles = choose_trade(rack, richard, 60)
    assert tiles and trade_allowed(rack, tiles)
    assert choose_trade("ABCDEIS", richard, 60) is None       # no condition
    assert choose_trade(rack, richard, 3) is None             # the bag could not refill the rack


def test_richard_games_trade_and_then_play():
    traded = 0
    for seed in ("t1", "t2", "t3"):
        game = play_game(PRESETS["richard"], seed, ["hard", "hard"], LEX)
        for i, turn in enumerate(game.turns):
            if turn.kind == "trade":
                traded += 1
                nxt = game.turns[i + 1]
                assert nxt.player == turn.player and nxt.kind != "trade"
    assert traded > 0


# ----------------------------------------------------------------- time
def crowded_iii_cgp(rack):
    """The most crowded iii position of bench/ that can hold ``rack`` (tile counts)."""
    rules, positions = bench_positions("iii", 120)
    for board, _, _ in sorted(positions, key=lambda p: -p[0].tile_count()):
        counts = {}
        for sq, cell in enumerate(board.cells):
            if cell:
                tile = board.wild.get(sq, "?") if cell.islower() else cell
                counts[tile] = counts.get(tile, 0) + 1
        for t in rack:
            counts[t] = counts.get(t, 0) + 1
        if excess_tiles(counts, rules.tiles) is None:
            return rules, board, format_cgp(Position(board, [rack, ""], [0, 0], 0, rules))
    raise AssertionError("no bench position fits")


def test_exact_list_of_wild_tiles_is_bounded():
    rules, _, cgp = crowded_iii_cgp("??JQQXXZ")  # once 590 s and 8 GB, unfinished
    t0 = time.perf_counter()
    found = api.move_list("iii", cgp, None, LEX, limit=None, budget_ms=300)
    assert time.perf_counter() - t0 < 10
    assert not found["complete"] and found["stopped"] == "time" and found["moves"]
    scores = [m["score"] for m in found["moves"]]
    assert scores == sorted(scores, reverse=True)
    best = found["moves"][0]
    assert api.score("iii", cgp, best["move"], LEX)["score"] == best["score"]


def test_plays_limit_is_deterministic():
    rules = PRESETS["classic"]
    cgp = format_cgp(Position(empty_board("classic"), ["AEINRST", ""], [0, 0], 0, rules))
    one = api.move_list("classic", cgp, None, LEX, limit=50, budget_ms=None)
    two = api.move_list("classic", cgp, None, LEX, limit=50, budget_ms=None)
    assert one == two and len(one["moves"]) == 50 and not one["complete"] and one["stopped"] == "plays"
    full = api.move_list("classic", cgp, None, LEX, limit=None, budget_ms=None)
    assert full["complete"] and not full["stopped"] and len(full["moves"]) > 50


def test_computer_with_a_budget_answers_in_time():
    rules, board, cgp = crowded_iii_cgp("??JQXZES")
    t0 = time.perf_counter()
    text = api.computer_move("iii", cgp, "hard", 50, LEX, budget_ms=300)
    assert time.perf_counter() - t0 < 10
    move = parse_move(text, board, rules, "??JQXZES")
    if isinstance(move, Play):
        assert api.score("iii", cgp, text, LEX)["legal"]


def test_budget_cuts_the_hard_players_search_anytime():
    rules, positions = bench_positions("iii", 20)
    board, rack, bag = max(positions, key=lambda p: p[0].tile_count())
    ai = Player(rules, LEX, "hard")
    spent = Budget(ms=0)
    time.sleep(0.001)
    move = ai.choose(board, rack, bag, spent)     # no time at all: still an answer
    assert type(move) in (Play, Exchange, Pass) and spent.exhausted == "time"


def test_many_face_down_tiles_do_not_stall_the_hard_player():
    """iii, rack EARTSINL with ten face-down tiles it could swap for (once 12.8 s)."""
    rules = PRESETS["iii"]
    b = empty_board("iii")
    for row, word in zip(range(2, 21, 2), ("eATERS", "aBATES", "rATERS", "tAMERS", "sEATER",
                                             "iNSERT", "nEARER", "lATENT", "eASTER", "eMBERS")):
        put(b, f"{row}D {word}")
    face_down = [sq for sq, c in enumerate(b.cells) if c.islower()]
    assert len(face_down) == 10
    t0 = time.perf_counter()
    Player(rules, LEX, "hard").choose(b, "EARTSINL", 80)
    assert time.perf_counter() - t0 < 8


# ----------------------------------------------------------------- the text API
def test_api_takes_the_word_lists_explicitly():
    cgp = "/".join(["15"] * 15) + " AEINRST/ 0/0 0"
    with pytest.raises(ValueError, match="word lists"):
        api.score("classic", cgp, "8H RETAINS", None)
    with pytest.raises(ValueError, match="word lists"):
        api.moves("classic", cgp, 1, None)
    assert api.moves("classic", cgp, 1, LEX)[0]["score"] == 66


def test_best_moves_and_computer_turn_on_a_game():
    game = Game(PRESETS["classic"], "hint", lexicon=LEX)
    hints = api.best_moves(game, 3, None)
    exact = MoveGenerator(game.rules, LEX).generate(game.board, active_rack(game), AllPlays())
    assert [h["score"] for h in hints] == [c.score for c in exact[:3]]
    quick = api.best_moves(game, 3, 2000)
    assert quick[0]["score"] == hints[0]["score"]
    text = api.computer_turn(game, "hard", None)
    assert game.act(text)[0].kind == PLAY


def test_moves_command_limit_and_budget():
    cgp = "/".join(["15"] * 15) + " AEINRST/ 0/0 0"
    cmd = [sys.executable, "-m", "engine", "moves", "--rules", "classic", "--cgp", cgp]
    cut = subprocess.run(cmd + ["--limit", "5"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert cut.returncode == 0, cut.stderr
    assert len(cut.stdout.splitlines()) == 5 and "incomplete" in cut.stderr and "--limit 5" in cut.stderr
    full = subprocess.run(cmd + ["--top", "2"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert full.returncode == 0 and "incomplete" not in full.stderr
    assert [json.loads(x)["score"] for x in full.stdout.splitlines()] == [66, 66]
    bad = subprocess.run(cmd + ["--limit", "-1"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "--limit" in bad.stderr


# ----------------------------------------------------------------- racks of blanks
@pytest.mark.parametrize("preset,rack", [("ii", "????????"), ("o", "???????"), ("ii", "??????AE")])
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "greedy"])
def test_a_rack_of_blanks_plays(preset, rack, level):
    """Issue 16, item 11: with at most one tile played as a blank per play, a rack
    of only blanks had no play and every level exchanged or passed."""
    rules = PRESETS[preset]
    board = empty_board(preset)
    text = choose_move(rules, LEX, level, board, rack, 80)
    move = parse_move(text, board, rules, rack)
    assert isinstance(move, Play), text
    ev = evaluate(board, rack, move, rules)
    assert ev.legal, ev.error
    # Without a budget the choice repeats exactly.
    assert choose_move(rules, LEX, level, board, rack, 80) == text
