"""Formatives (RULES.md section 3, seed 002 rule 10.1): one definition
(engine/lexicon/formatives.py), built into the word graph, read by the judge, the move
generator, the game (its preview and its plays), the review and the large-list
check; a knob on in o, i, ii and iii."""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

from engine.lexicon.formatives import bases, find_formatives, is_formative
from engine.game import Game
from engine.lexicon import Lexicon, LexiconFormatError
from engine.lexicon.format import _HEADER, HEADER_SIZE
from engine.lexicon.edit import edited
from engine.notation import format_move
from engine.rules import PRESETS, TWO_LETTER_72, Rules
from engine.search.movegen import AllPlays, MoveGenerator
from engine.search.ai import Player
from engine.search.review import Reviewer, TurnPosition
from engine.scoring import evaluate
from engine.lexicon.words import WordJudge
from enginekit import empty_board, put

ROOT = Path(__file__).resolve().parents[2]
LEX = Lexicon.default()
GOOD = ("NIGHTTIMES", "REATTACKED", "UNDISTRACTED")
REFUSED = ("BASHINGS", "ZIN", "ZAGS")
ON = ("o", "i", "ii", "iii")


# ---------------------------------------------------------------- the definition

@pytest.mark.parametrize("word, base", [
    ("HOPPED", "HOP"), ("TIDIED", "TIDY"), ("RACING", "RACE"), ("REATTACKED", "ATTACK"),
    ("UNDISTRACTED", "DISTRACTED"), ("NIGHTTIMES", "NIGHTTIME"), ("HAPPILY", "HAPPY"),
    ("OUTRUNNING", "RUN"), ("NONSTARTERS", "STARTER"), ("USING", "USE"),
])
def test_bases_undo_one_prefix_and_one_ending_with_spelling_changes(word, base):
    assert base in set(bases(word))


def test_a_base_has_three_letters_and_the_word_must_be_built_on_it():
    assert not any(len(b) < 3 for w in ("UNS", "RED", "BEDS", "ADS") for b in bases(w))
    assert not is_formative("ZAGS", {"ZA", "AG"}.__contains__)
    assert not is_formative("REUNDO", {"DO"}.__contains__)           # two prefixes
    assert is_formative("REDOS", {"DO", "REDO"}.__contains__)       # REDO + S
    # the E and the doubled consonant go only before an ending that begins with a vowel
    assert not is_formative("ALS", {"ALE"}.__contains__)
    assert not is_formative("BRITTLY", {"BRIT"}.__contains__)
    assert is_formative("BRITTLER", {"BRITTLE"}.__contains__)


def test_find_formatives_keeps_large_words_outside_main_only():
    main = {"HOP", "TIDY", "CAT"}
    large = main | {"HOPPED", "TIDIED", "ZIN", "CATTED", "DOGS"}
    assert find_formatives(main, large) == {"HOPPED", "TIDIED", "CATTED"}


# ---------------------------------------------------------------- the shipped graph

def test_the_shipped_graph_holds_exactly_the_definitions_words():
    main = set(LEX.words())
    large = set(LEX.words(large=True))
    found = find_formatives(main, large)
    with_formatives = list(LEX.words(formatives=True))
    assert with_formatives == sorted(main | found)
    manifest = json.loads((ROOT / "wordlists" / "manifest.json").read_text())
    assert manifest["counts"]["formatives"] == len(found) > 30_000
    assert manifest["counts"]["main_with_formatives"] == len(with_formatives)
    text = "".join(w + "\n" for w in with_formatives).encode("ascii")
    assert hashlib.sha256(text).hexdigest() == manifest["word_lists"]["main_with_formatives_sha256"]
    assert {w for w in with_formatives if len(w) == 2} == TWO_LETTER_72


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_knob_in_every_preset(preset):
    rules = PRESETS[preset]
    judge = WordJudge(rules, LEX)
    assert rules.formatives == (preset in ON)
    if preset in ON:
        assert all(judge.is_valid(w) for w in GOOD)
        assert not any(judge.is_valid(w) for w in REFUSED)
    off = WordJudge(replace(rules, formatives=False), LEX)
    if rules.lexicon == "main":
        assert not any(off.is_valid(w) for w in GOOD)


def test_rules_string_form_knob():
    assert Rules.from_string("o,form=0").formatives is False
    assert Rules.from_string("classic,form=1").to_string() == "classic,form=1"
    assert PRESETS["o"].to_string() == "o"


# ---------------------------------------------------------------- every reader

def _start(board_rows, rack, other="EEEEEEE"):
    return f"{board_rows} {rack}/{other} 0/0 0"


NIGHTTIME_ROWS = "/".join(["15"] * 7 + ["3NIGHTTIME3"] + ["15"] * 7)


def _nighttime_board(preset="o"):
    return put(empty_board(preset), "8D NIGHTTIME")


@pytest.mark.parametrize("form", [1, 0])
def test_move_generator_plays_formatives_only_with_the_knob(form):
    rules = Rules.from_string(f"o,form={form}")
    board = _nighttime_board()
    plays = MoveGenerator(rules, LEX).generate(board, list("SAAEIOU"), AllPlays())
    texts = {format_move(board, c.to_play()) for c in plays}
    assert ("8D NIGHTTIMES" in texts) == bool(form)
    judge = WordJudge(rules, LEX)
    for c in plays:   # everything generated is what the judge accepts
        ev = evaluate(board, "SAAEIOU", c.to_play(), rules, judge)
        assert ev.legal and ev.invalid == []


def test_a_game_takes_a_formative_as_a_good_play():
    game = Game(PRESETS["o"], 1, 2, lexicon=LEX, start=_start(NIGHTTIME_ROWS, "SAAEIOU"))
    ev = game.preview("8D NIGHTTIMES")
    assert ev.legal
    game.act("8D NIGHTTIMES")
    assert game.turns[-1].kind == "play" and game.turns[-1].score > 0
    # without the knob the same play fails, and the large-list check withdraws it
    off = Game(Rules.from_string("o,form=0"), 1, 2, lexicon=LEX,
               start=_start(NIGHTTIME_ROWS, "SAAEIOU"))
    off.act("8D NIGHTTIMES")
    assert off.turns[-1].kind == "invalid" and off.legal_actions().check
    off.act("check")
    assert off.to_move == 0 and not any(t.kind == "invalid" for t in off.turns)


def test_the_computer_and_the_review_find_a_formative():
    rules = PRESETS["o"]
    board = _nighttime_board()
    # S is the only letter that extends NIGHTTIME; the vowels alone make little
    best = Player(rules, LEX, "greedy").choose(board, list("SUUUUUU"), 50)
    assert format_move(board, best) == "8D NIGHTTIMES"
    tp = TurnPosition(0, 0, "SUUUUUU", board, 50, "pass", "-", 0)
    review = Reviewer(rules, LEX).review(tp)
    assert review["best"] == "8D NIGHTTIMES" and "NIGHTTIMES" in {
        w["word"] for w in review["best_words"]}


def test_large_list_check_agrees_with_the_judge():
    judge = WordJudge(PRESETS["o"], LEX)
    assert judge.rescued_by_large(list(GOOD))
    assert not judge.rescued_by_large(["BASHINGS"])


# ---------------------------------------------------------------- the file format

def _as_version_1(data: bytes) -> bytes:
    fields = list(_HEADER.unpack_from(data))
    fields[1] = 1
    head = _HEADER.pack(*fields[:-1], 0)[:-4]
    payload = data[HEADER_SIZE:]
    return head + struct.pack("<I", zlib.crc32(payload, zlib.crc32(head))) + payload


def test_a_version_1_file_without_formatives_still_loads():
    lex = Lexicon.from_words(["CAT", "CATS"], ["CAT", "CATS", "CATTED"])
    back = Lexicon.from_bytes(_as_version_1(lex.to_bytes()), full_check=True)
    assert list(back.words(formatives=True)) == ["CAT", "CATS"]
    with_form = Lexicon.from_words(["CAT", "CATS"], ["CAT", "CATS", "CATTED"], ["CATTED"])
    assert list(with_form.words(formatives=True)) == ["CAT", "CATS", "CATTED"]
    with pytest.raises(LexiconFormatError, match="unknown or contradictory"):
        Lexicon.from_bytes(_as_version_1(with_form.to_bytes()))


def test_a_formative_must_be_in_large_and_an_edited_graph_is_not_written():
    with pytest.raises(LexiconFormatError, match="formative DOGS is not in the large list"):
        Lexicon.from_words(["DOG"], ["DOG"], ["DOGS"])
    with pytest.raises(LexiconFormatError, match="not written to a file"):
        edited(Lexicon.from_words(["DOG"]), ["CAT"]).to_bytes()

