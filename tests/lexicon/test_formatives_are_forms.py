"""Formatives are forms (issue 38 item 4, RULES.md section 3): D, R, RS and ST follow
only a base ending in E; Y turns to I only before an ending that begins with E or L,
or NESS; a doubled consonant (and a dropped E) only before an ending that begins
with a vowel. Every example of the issue is refused, and each allowed pattern still
stands, by the one definition (engine/lexicon/formatives.py) and by everything that
reads it through the shipped word graph: the judge, a real game's play and its
large-list check, the move generator, and the meanings' "formative" flag."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.game import Game
from engine.lexicon import Lexicon
from engine.lexicon.formatives import AFTER_E, Y_TO_I, is_formative, spellings
from engine.lexicon.words import WordJudge
from engine.meanings import is_formative as meanings_is_formative
from engine.notation import format_move
from engine.rules import PRESETS, Rules
from engine.scoring import evaluate
from engine.search.movegen import AllPlays, MoveGenerator
from enginekit import empty_board, put

LEX = Lexicon.default()
ON = ("o", "i", "ii", "iii")

# (word, the main word it only looked like a form of, the letters already on the
# board at 8D that the play extends)
REFUSED = [
    ("GAINST", "GAIN", "GAIN"),          # ST after a base not ending in E
    ("CARR", "CAR", "CAR"),              # R
    ("BURD", "BUR", "BUR"),              # D
    ("SALVOR", "SALVO", "SALVO"),        # R
    ("DELIST", "DELI", "DELI"),          # ST
    ("FEIST", "FEY", "FE"),              # Y to I before ST
    ("HORNIST", "HORNY", "HORN"),        # Y to I before ST
    ("SIMPLIST", "SIMPLY", "SIMPL"),     # Y to I before ST
]
# (word, its main base, letters on the board at 8D, the pattern)
ALLOWED = [
    ("IRED", "IRE", "IRE", "E + D"),
    ("APER", "APE", "APE", "E + R"),
    ("APERS", "APE", "APE", "E + RS"),
    ("IRATEST", "IRATE", "IRATE", "E + ST"),
    ("ASHINESS", "ASHY", "ASH", "Y to I + NESS"),
    ("SHILY", "SHY", "SH", "Y to I + LY"),
    ("STIED", "STY", "ST", "Y to I + ED"),
    ("CAKIEST", "CAKY", "CAK", "Y to I + EST"),
    ("CATTED", "CAT", "CAT", "doubled consonant + ED"),
    ("HUGGABLE", "HUG", "HUG", "doubled consonant + ABLE"),
]


# ---------------------------------------------------------------- the definition

def test_the_endings_that_need_an_e_and_those_that_turn_y_to_i():
    assert AFTER_E == {"D", "R", "RS", "ST"}
    assert Y_TO_I == {"ES", "ED", "ER", "ERS", "EST", "LY", "NESS", "NESSES", "LESS"}
    assert list(spellings("BAKE", "D")) == ["BAKE"] and list(spellings("GAIN", "ST")) == []
    assert list(spellings("SIMPLI", "ST")) == [] and list(spellings("TIDI", "S")) == ["TIDI"]
    assert "HAPPY" in spellings("HAPPI", "NESS") and "HOP" not in spellings("HOPP", "LY")
    assert "HOP" in spellings("HOPP", "ED") and "RACE" in spellings("RAC", "ING")


@pytest.mark.parametrize("word, base, _board", REFUSED)
def test_the_issues_examples_are_no_forms_of_their_base(word, base, _board):
    assert not is_formative(word, {base}.__contains__)


@pytest.mark.parametrize("word, base", [
    ("BAKED", "BAKE"), ("BAKER", "BAKE"), ("BAKERS", "BAKE"), ("LATEST", "LATE"),
    ("HAPPINESS", "HAPPY"), ("HAPPINESSES", "HAPPY"), ("PENNILESS", "PENNY"),
    ("HAPPILY", "HAPPY"), ("TIDIED", "TIDY"), ("TIDIES", "TIDY"), ("HAPPIEST", "HAPPY"),
    ("HOPPED", "HOP"), ("HOPPING", "HOP"), ("BIGGEST", "BIG"), ("HUGGABLE", "HUG"),
    ("RACING", "RACE"), ("TIDYING", "TIDY"),
])
def test_the_usual_spelling_changes_still_make_forms(word, base):
    assert is_formative(word, {base}.__contains__)


def test_no_spelling_change_before_the_other_endings():
    # Y to I only before E, L or NESS endings: not before S, ING, ABLE, D, R, ST
    for word in ("TIDIS", "TIDIING", "PACIFIABLE", "TIDID", "TIDIR", "TIDIST"):
        assert not is_formative(word, {"TIDY", "PACIFY"}.__contains__), word
    # the doubled consonant and the dropped E only before a vowel
    for word, base in (("HOPPLY", "HOP"), ("HOPPNESS", "HOP"), ("RACLY", "RACE"),
                       ("RACD", "RACE"), ("HOPPD", "HOP")):
        assert not is_formative(word, {base}.__contains__), word


# ---------------------------------------------------------------- the shipped graph and the judge

@pytest.mark.parametrize("word, base, _board", REFUSED)
def test_the_judge_refuses_the_issues_examples(word, base, _board):
    assert LEX.is_word(base) and LEX.is_word(word, large=True) and not LEX.is_word(word)
    assert not LEX.is_word(word, formatives=True)
    assert not meanings_is_formative(word, LEX)
    for preset in ON:
        assert not WordJudge(PRESETS[preset], LEX).is_valid(word), preset
    assert WordJudge(PRESETS["classic"], LEX).is_valid(word)    # large still has it


@pytest.mark.parametrize("word, base, _board, _pattern", ALLOWED)
def test_the_judge_takes_each_allowed_pattern(word, base, _board, _pattern):
    assert LEX.is_word(base) and not LEX.is_word(word) and LEX.is_word(word, formatives=True)
    assert meanings_is_formative(word, LEX)
    for preset in ON:
        assert WordJudge(PRESETS[preset], LEX).is_valid(word), preset
    assert not WordJudge(Rules.from_string("o,form=0"), LEX).is_valid(word)


# ---------------------------------------------------------------- a game and the generator

def _rack(word: str, board_letters: str) -> str:
    """The letters the play adds, made up to 7 with vowels the words don't need."""
    return (word[len(board_letters):] + "AEIOUAE")[:7]


def _start(board_letters: str, rack: str) -> str:
    rows = ["15"] * 15
    rows[7] = f"3{board_letters}{12 - len(board_letters)}"
    return f"{'/'.join(rows)} {rack}/EEEEEEE 0/0 0"


def _generated(rules, board_letters, rack):
    board = put(empty_board("o"), f"8D {board_letters}")
    plays = MoveGenerator(rules, LEX).generate(board, list(rack), AllPlays())
    return board, plays, {format_move(board, c.to_play()) for c in plays}


def _judge_agrees(rules, board, rack, plays):
    judge = WordJudge(rules, LEX)
    for c in plays:
        ev = evaluate(board, rack, c.to_play(), rules, judge)
        assert ev.legal and ev.invalid == [], format_move(board, c.to_play())


@pytest.mark.parametrize("word, base, board_letters", REFUSED)
def test_a_game_and_the_generator_refuse_the_issues_examples(word, base, board_letters):
    rack, move, rules = _rack(word, board_letters), f"8D {word}", PRESETS["o"]
    game = Game(rules, 1, 2, lexicon=LEX, start=_start(board_letters, rack))
    assert game.preview(move).legal
    game.act(move)
    assert game.turns[-1].kind == "invalid" and game.turns[-1].score == 0
    # the large list has it: the check withdraws the play and the player goes again
    assert game.legal_actions().check
    game.act("check")
    assert game.to_move == 0 and not any(t.kind == "invalid" for t in game.turns)
    board, plays, texts = _generated(rules, board_letters, rack)
    assert move not in texts
    _judge_agrees(rules, board, rack, plays)
    assert move in _generated(PRESETS["classic"], board_letters, rack)[2]   # the tiles fit


@pytest.mark.parametrize("word, base, board_letters, _pattern", ALLOWED)
def test_a_game_and_the_generator_take_each_allowed_pattern(word, base, board_letters, _pattern):
    rack, move, rules = _rack(word, board_letters), f"8D {word}", PRESETS["o"]
    game = Game(rules, 1, 2, lexicon=LEX, start=_start(board_letters, rack))
    expected = game.preview(move)
    assert expected.legal
    game.act(move)
    assert game.turns[-1].kind == "play" and game.turns[-1].score == expected.score > 0
    board, plays, texts = _generated(rules, board_letters, rack)
    assert move in texts
    _judge_agrees(rules, board, rack, plays)


# ---------------------------------------------------------------- one definition

def test_the_rule_is_written_once():
    """Only the build (which bakes the words into the graph the judge, the generator,
    the preview, the review and the large-list check read) and the meanings' flag
    use the definition; no other module spells out the endings that need an E."""
    root = Path(__file__).resolve().parents[2]
    users = sorted(p.relative_to(root).as_posix()
                   for p in [*(root / "engine").rglob("*.py"), *(root / "ui").rglob("*.py"),
                             root / "wordlists" / "build.py"]
                   if "lexicon.formatives import" in p.read_text()
                   or "from ..lexicon import formatives" in p.read_text())
    assert users == ["engine/meanings/bases.py", "wordlists/build.py"]
    spelled = [p.name for p in (root / "engine").rglob("*.py")
               if '("D", "R", "RS", "ST")' in p.read_text()]
    assert spelled == ["formatives.py"]
