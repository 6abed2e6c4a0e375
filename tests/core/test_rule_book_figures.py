"""RULES.md section 10: every worked figure, through the API and the command line."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.notation import Position, format_cgp, parse_move
from engine.rules import PRESETS
from engine.scoring import evaluate
from engine.lexicon.words import WordJudge
from enginekit import MAIN_WORDS, empty_board, lexicon, put

ROOT = Path(__file__).resolve().parents[2]

# (id, preset, words already on the board, move, rack, score, bonus dict)
FIGURES = [
    ("1-classic-zebras", "classic", [], "8D ZEBRAS", "ZEBRASQ", 54, (0, 0, 0)),
    ("2-o-zebras", "o", [], "8D ZEBRAS", "ZEBRASQ", 84, (30, 0, 0)),
    ("3-ii-zebras", "ii", [], "11G ZEBRAS", "ZEBRASQU", 74, (20, 0, 0)),
    ("4-iii-zebras", "iii", [], "11G ZEBRAS", "ZEBRASQU", 84, (20, 0, 10)),
    ("5-ii-absolute", "ii", [], "11D ABSOLUTE", "ABSOLUTE", 135, (80, 0, 0)),
    # 8: DREAM at 8D; E R S added: DREAMERS = D2 R1 E1 A1 M1 E1 R1 S1 (O15 is TW? no: 8D..8K)
    ("8-o-stretch-dreamers", "o", ["8D DREAM"], "8D DREAMERS", "ERSABCD", None, (0, 40, 0)),
    ("9-ii-counteractions", "ii", ["11H ACTION"], "11A COUNTERACTIONS", "COUNTERS", None, (80, 100, 0)),
    ("10-iii-dreamily", "iii", ["11F DREAMY"], "pick K11; 11F DREAMILY", "ILAAAAAA", None, (0, 30, 0)),
    ("11-iii-extended", "iii", ["11H TENDED"], "11F EXTENDED", "EXAAAAAA", None, (0, 30, 30)),
]


def _evaluate(preset, before, move, rack):
    rules = PRESETS[preset]
    board = empty_board(preset)
    for w in before:
        put(board, w)
    play = parse_move(move, board, rules, rack)
    return board, evaluate(board, rack, play, rules, WordJudge(rules, lexicon()))


@pytest.mark.parametrize("fig", FIGURES, ids=[f[0] for f in FIGURES])
def test_figure_api(fig):
    _, preset, before, move, rack, score, bonus = fig
    _, ev = _evaluate(preset, before, move, rack)
    assert ev.legal, ev.error
    assert ev.invalid == []
    assert (ev.big_play, ev.stretch, ev.jqxz) == bonus
    words_total = sum(w.score for w in ev.words)
    assert ev.score == words_total + sum(bonus)
    if score is not None:
        assert ev.score == score


def test_figure_1_breakdown():
    _, ev = _evaluate("classic", [], "8D ZEBRAS", "ZEBRASQ")
    (w,) = ev.words
    assert w.values == [20, 1, 3, 1, 1, 1]
    assert w.premiums == ["DL", "", "", "", "DW", ""]
    assert w.multiplier == 2 and w.score == 54


def test_figure_5_additive_vs_multiplied():
    _, ev = _evaluate("ii", [], "11D ABSOLUTE", "ABSOLUTE")
    assert ev.words[0].multiplier == 5 and ev.words[0].score == 55
    from dataclasses import replace
    rules = replace(PRESETS["ii"], premiums="multiply")
    board = empty_board("ii")
    ev2 = evaluate(board, "ABSOLUTE", parse_move("11D ABSOLUTE", board, rules), rules)
    assert ev2.words[0].score == 66 and ev2.score == 66 + 80


def test_figure_8_word_score():
    _, ev = _evaluate("o", ["8D DREAM"], "8D DREAMERS", "ERSABCD")
    # E on I8 (DL, new: 2), R on J8, S on K8; DREAM's H8 premium was used before.
    assert ev.words[0].word == "DREAMERS"
    assert ev.score == ev.words[0].score + 40


def test_figure_9_total():
    _, ev = _evaluate("ii", ["11H ACTION"], "11A COUNTERACTIONS", "COUNTERS")
    assert ev.tiles_played == 8
    assert ev.score == ev.words[0].score + 180


def test_figure_10_no_premium_on_picked_square():
    board, ev = _evaluate("iii", ["11F DREAMY"], "pick K11; 11F DREAMILY", "ILAAAAAA")
    w = ev.words[0]
    k11 = board.layout.square("K11")
    assert board.layout.premiums[k11] == "DW"
    i = w.squares.index(k11)
    assert w.new[i] and w.premiums[i] == "" and w.multiplier == 1
    assert ev.tiles_played == 2
    assert ev.score == w.score + 30


def test_figure_6_small_word_cap_tax_ox():
    # ii: TA at 11J..11K? Use plain squares: O at L10 above the X square L11.
    board = empty_board("ii")
    put(board, "11J TA")
    put(board, "L10 O")
    rules = PRESETS["ii"]
    play = parse_move("11J TAX", board, rules, "XAAAAAAA")
    ev = evaluate(board, "XAAAAAAA", play, rules)
    assert ev.legal, ev.error
    by_word = {w.word: w for w in ev.words}
    assert board.layout.premiums[play.tiles[0][0]] == ""
    assert by_word["TAX"].values == [1, 1, 3] and by_word["TAX"].score == 5
    assert by_word["OX"].values == [1, 2] and by_word["OX"].score == 3


def test_figure_7_small_word_cap_quay_crossword():
    rules = PRESETS["ii"]
    board = empty_board("ii")
    put(board, "L8 QUA")       # Q U A down L8..L10, Y goes on L11
    put(board, "11J TA")        # T A on J11, K11: Y on L11 makes TAY? use a valid main word
    board.cells[board.layout.square("K11")] = ""
    board.cells[board.layout.square("J11")] = ""
    put(board, "11M ES")        # Y on L11 then forms YES across (main) and QUAY down
    play = parse_move("11L YES", board, rules, "YAAAAAAA")
    ev = evaluate(board, "YAAAAAAA", play, rules)
    assert ev.legal, ev.error
    quay = {w.word: w for w in ev.words}["QUAY"]
    assert quay.values == [4, 1, 1, 4] and quay.score == 10
    nocap = evaluate(board, "YAAAAAAA", play, rules.__class__(**{**rules.__dict__, "small_cap": False}))
    assert {w.word: w for w in nocap.words}["QUAY"].score == 16


def test_figure_12_good_words_only_invalid_scores_zero():
    from engine.game import Game
    lex = lexicon()
    game = Game(PRESETS["o"], seed=7, lexicon=lex)
    before = game.rack()
    # Three natural tiles of the rack, played through H8, that make no word.
    word = "".join(c for c in before if c != "?")[:3][::-1]
    assert not game.judge.is_valid(word)
    turn, = game.act(f"8G {word}")
    assert turn.kind == "invalid" and turn.score == 0
    assert game.scores == (0, 0)
    assert game.rack(0) == before          # the tiles came back
    assert game.board.is_empty()
    assert game.to_move == 1               # the turn passed
    assert game.ppt(0) == 0.0 and sum(1 for t in game.turns if t.player == 0 and t.counts) == 1


# ------------------------------------------------------------- the command line
def _cli(*args, check=True):
    proc = subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


@pytest.fixture(scope="module")
def wordfile(tmp_path_factory):
    path = tmp_path_factory.mktemp("lex") / "words.txt"
    path.write_text("\n".join(MAIN_WORDS) + "\n")
    return str(path)


@pytest.mark.parametrize("fig", FIGURES, ids=[f[0] for f in FIGURES])
def test_figure_cli(fig, wordfile):
    _, preset, before, move, rack, score, bonus = fig
    board = empty_board(preset)
    for w in before:
        put(board, w)
    cgp = format_cgp(Position(board, [rack, ""], [0, 0], 0, PRESETS[preset]))
    out = json.loads(_cli("score", "--rules", preset, "--cgp", cgp, "--move", move,
                          "--lexicon", wordfile).stdout)
    _, ev = _evaluate(preset, before, move, rack)
    assert out["legal"] is True and out["error"] is None
    assert out["score"] == ev.score
    if score is not None:
        assert out["score"] == score
    assert out["bonus"] == dict(zip(("big_play", "stretch", "jqxz"), bonus))
    assert out["words"][0] == ev.words[0].word
    assert out["invalid_words"] == []


def test_cli_invalid_word_and_illegal_play(wordfile):
    board = empty_board("o")
    cgp = format_cgp(Position(board, ["ZEBRAXQ", ""], [0, 0], 0, PRESETS["o"]))
    out = json.loads(_cli("score", "--rules", "o", "--cgp", cgp, "--move", "8D ZEBRAX",
                          "--lexicon", wordfile).stdout)
    assert out["legal"] is True and out["invalid_words"] == ["ZEBRAX"] and out["score"] > 0
    out = json.loads(_cli("score", "--rules", "o", "--cgp", cgp, "--move", "1A ZEBRA",
                          "--lexicon", wordfile).stdout)
    assert out["legal"] is False and "start square H8" in out["error"]


@pytest.mark.parametrize("args,fragment", [
    (["--rules", "nonesuch", "--cgp", "15/" * 14 + "15 A/ 0/0 0", "--move", "8D A"], "unknown preset"),
    (["--rules", "o", "--cgp", "15/15 A/ 0/0 0", "--move", "8D A"], "rows"),
    (["--rules", "o", "--cgp", "15/" * 14 + "15 A/ 0/0 0", "--move", "8D A!"], "unexpected"),
    (["--rules", "o", "--cgp", "15/" * 14 + "15 A/ 0/0 0", "--move", "Z99 A"], "off the"),
])
def test_cli_unparseable_exits_2(args, fragment, wordfile):
    proc = _cli("score", *args, "--lexicon", wordfile, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and fragment in proc.stderr


@pytest.mark.parametrize("preset", ["classic", "o", "i", "ii", "iii", "richard"])
def test_score_command_answers_for_every_preset(preset, wordfile):
    rules = PRESETS[preset]
    board = empty_board(preset)
    row, col = board.layout.start
    coord = f"{row + 1}{chr(65 + col - 2)}"
    rack = "ZEBRASQU"[:rules.rack_size]
    cgp = format_cgp(Position(board, [rack, ""], [0, 0], 0, rules))
    out = json.loads(_cli("score", "--rules", preset, "--cgp", cgp, "--move", f"{coord} ZEBRAS",
                          "--lexicon", wordfile).stdout)
    _, ev = _evaluate(preset, [], f"{coord} ZEBRAS", rack)
    assert out["legal"] and out["score"] == ev.score > 0 and out["words"] == ["ZEBRAS"]
