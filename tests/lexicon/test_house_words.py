"""House words (seed 002 appendix 2): the players' added and forbidden words, two
rules knobs carried in the rules string, read by the judge, the move generator,
the game (preview, plays, the large-list check) and the review."""

from __future__ import annotations

import re

import pytest

from engine.game import Game
from engine.lexicon.house_words import (MAX_LETTERS, MAX_WORDS, SAUTER_HEBREW_LETTERS,
                                SAUTER_Q_WITHOUT_U, SAUTER_TABOO)
from engine.lexicon import Lexicon
from engine.lexicon.edit import edited
from engine.notation import format_move
from engine.records import link
from engine.rules import PRESETS, RULES_TEXT_MAX, Rules, RulesError
from engine.scoring import evaluate
from engine.search.movegen import AllPlays, MoveGenerator
from engine.search.review import Reviewer, TurnPosition
from engine.lexicon.words import WordJudge, game_words
from enginekit import empty_board, put

LEX = Lexicon.default()


def _words(n: int, length: int = 8) -> list[str]:
    """n distinct lowercase words of ``length`` letters."""
    out = []
    for i in range(n):
        w, k = "", i
        for _ in range(length):
            w += chr(97 + k % 26)
            k //= 26
        out.append(w)
    return out


# ---------------------------------------------------------------- rules strings

def test_lists_are_canonical_in_the_rules_string():
    r = Rules.from_string("o,taboo=QAT+sauter+Zin,add=pangram+LOGOPHILE+pangram")
    assert r.house_add == ("LOGOPHILE", "PANGRAM")
    assert set(SAUTER_TABOO) | {"ZIN"} == set(r.house_taboo)
    assert r.to_string() == "o,add=logophile+pangram,taboo=sauter+zin"
    assert Rules.from_string(r.to_string()) == r
    assert Rules(house_add=["b" * 3, "A" * 3]).house_add == ("AAA", "BBB")
    assert Rules.from_string("o,add=none") == PRESETS["o"]
    assert PRESETS["classic"].house_add == PRESETS["classic"].house_taboo == ()


def test_a_named_list_does_not_count_toward_the_limit():
    own = _words(MAX_WORDS)
    r = Rules.from_string("classic,taboo=sauter+" + "+".join(own))
    assert len(r.house_taboo) == len(SAUTER_TABOO) + MAX_WORDS
    assert Rules.from_string(r.to_string()) == r


def test_the_longest_rules_string_fits_the_bound():
    own = [w.upper() for w in _words(MAX_WORDS, MAX_LETTERS)]
    other = [w.upper() for w in _words(2 * MAX_WORDS, MAX_LETTERS)][MAX_WORDS:]
    table = tuple((n, 1000) for n in range(1, 22))
    r = Rules.from_string("iii,board=classic15,tiles=classic100,rack=10,min=15,clock=1000000")
    from dataclasses import replace
    r = replace(r, house_add=tuple(own), house_taboo=tuple(other) + SAUTER_TABOO,
                big_play=table, stretch_table=table)
    text = r.to_string()
    assert 8_000 < len(text) < RULES_TEXT_MAX
    assert Rules.from_string(text) == r


@pytest.mark.parametrize("text, message", [
    ("o,add=a", "rules knob add: 'a' has 1 letter; a house word has 2 to 21"),
    ("o,add=" + "a" * 22, "has 22 letters; a house word has 2 to 21"),
    ("o,taboo=qat+r2d2", "rules knob taboo: 'r2d2' is not a word of letters A-Z"),
    ("o,add=pang-ram", "'pang-ram' is not a word of letters A-Z"),
    ("o,add=cat++dog", "an empty word"),
    ("o,add=cat+", "an empty word"),
    ("o,add=qi,taboo=sauter", "house word QI is both added and forbidden"),
    ("o,add=cat+dog,taboo=dog+cat", r"house word CAT \(and 1 more\) is both added and forbidden"),
    ("o,add=" + "+".join(_words(MAX_WORDS + 1)), "201 words; a house list holds at most 200"),
    ("o,taboo=" + "+".join(_words(1000, 3)), "1000 words; a house list holds at most 200"),
])
def test_a_long_or_odd_list_is_refused_with_a_clear_message(text, message):
    with pytest.raises(RulesError, match=message) as info:
        Rules.from_string(text)
    assert len(str(info.value)) < 120


def test_bad_values_in_code_are_refused_too():
    with pytest.raises(RulesError, match="must be a list of words"):
        Rules(house_add="logophile")
    with pytest.raises(RulesError, match="not a word of letters A-Z"):
        Rules(house_taboo=("caf\u00e9",))


# ---------------------------------------------------------------- Sauter's list

def test_sauter_list_is_every_q_without_u_word_and_the_hebrew_letters():
    large = list(LEX.words(large=True))
    q_words = {w for w in large if re.search("Q(?!U)", w)}
    assert q_words | {"QI"} == set(SAUTER_Q_WITHOUT_U)
    named = "QI QAT SUQ QADI QAID TRANQ QINTAR QIVIUT FE PE QOPH TAV VAV VAW WAW".split()
    assert set(named) <= set(SAUTER_TABOO)
    assert all(LEX.is_word(w, large=True) for w in SAUTER_TABOO if w not in ("QI", "FE"))
    assert set(SAUTER_HEBREW_LETTERS) >= {"ALEPH", "BETH", "GIMEL", "DALETH", "ZAYIN",
                                          "HETH", "TETH", "YOD", "KAPH", "LAMED", "MEM",
                                          "SAMEKH", "AYIN", "SADHE", "RESH"}
    # everyday English words that are also letter names stay playable
    assert not {"HE", "BET", "NUN", "SIN", "SHIN", "TAW"} & set(SAUTER_TABOO)
    assert list(SAUTER_TABOO) == sorted(set(SAUTER_TABOO))


# ---------------------------------------------------------------- the judge

def test_added_words_are_good_in_every_preset():
    for preset in PRESETS:
        plain = WordJudge(PRESETS[preset], LEX)
        rules = Rules.from_string(f"{preset},add=logophile+pangram+pangrams")
        judge = WordJudge(rules, LEX)
        assert not any(plain.is_valid(w) for w in ("LOGOPHILE", "PANGRAMS"))
        assert all(judge.is_valid(w) for w in ("LOGOPHILE", "PANGRAM", "PANGRAMS", "CAT"))
        assert judge.rescued_by_large(["LOGOPHILE"])


def test_forbidden_words_are_good_nowhere_and_never_rescued():
    classic = WordJudge(Rules.from_string("classic,taboo=sauter"), LEX)
    assert not any(classic.is_valid(w) for w in ("QAT", "QATS", "TAV", "QWERTY", "QOPH"))
    assert all(classic.is_valid(w) for w in ("CAT", "HE", "BET", "SHIN", "QUA", "ZAX"))
    o = WordJudge(Rules.from_string("o,taboo=sauter+ox+nighttimes"), LEX)
    assert not o.is_valid("OX") and not o.is_valid("NIGHTTIMES") and not o.is_valid("QWERTY")
    assert not o.rescued_by_large(["QAT"]) and not o.rescued_by_large(["NIGHTTIMES"])
    assert o.rescued_by_large(["ZIN"])
    richard = WordJudge(Rules.from_string("richard,taboo=dreamer"), LEX)
    assert not richard.is_valid("DREAMER")   # not even as Richard's derived form


def test_a_two_letter_house_word_counts_where_only_the_72_do():
    judge = WordJudge(Rules.from_string("o,add=qi+za"), LEX)
    assert judge.is_valid("QI") and judge.is_valid("ZA") and not judge.is_valid("XU")
    assert judge.rescued_by_large(["QI"])


# ---------------------------------------------------------------- the move generator

def _texts(rules, board, rack):
    plays = MoveGenerator(rules, LEX).generate(board, list(rack), AllPlays())
    judge = WordJudge(rules, LEX)
    out = {}
    for c in plays:
        ev = evaluate(board, rack, c.to_play(), rules, judge)
        assert ev.legal and ev.invalid == [], format_move(board, c.to_play())
        out[format_move(board, c.to_play(), ev)] = {w.word for w in ev.words}
    return out


def test_the_generator_plays_added_words():
    board = put(empty_board("o"), "8J ILE")
    added = _texts(Rules.from_string("o,add=logophile"), board, "LOGOPHE")
    assert "8D LOGOPHILE" in added
    assert "8D LOGOPHILE" not in _texts(PRESETS["o"], board, "LOGOPHE")


def test_the_generator_never_forms_a_forbidden_word():
    board = empty_board("classic")
    free = _texts(PRESETS["classic"], board, "QATSEEE")
    assert any({"QAT", "QATS"} & words for words in free.values())
    taboo = _texts(Rules.from_string("classic,taboo=sauter"), board, "QATSEEE")
    assert taboo and not any(words & set(SAUTER_TABOO) for words in taboo.values())


def test_two_letter_house_words_in_cross_words_and_main_words():
    board = put(empty_board("o"), "8H X")
    plain = _texts(Rules.from_string("o,min=2"), board, "OEEEEEE")
    assert "H7 OX" in plain
    assert "H7 OX" not in _texts(Rules.from_string("o,min=2,taboo=ox"), board, "OEEEEEE")
    qi = _texts(Rules.from_string("o,min=2,add=qi"), empty_board("o"), "QIEEEEE")
    assert any("QI" in words for words in qi.values())
    assert not _texts(Rules.from_string("o,min=2"), empty_board("o"), "QIUUUUU").get("8G QI")


# ---------------------------------------------------------------- game, review, link

ROWS = "/".join(["15"] * 7 + ["9ILE3"] + ["15"] * 7)


def test_a_game_plays_and_checks_house_words():
    start = f"{ROWS} LOGOPHE/AEEIRST 0/0 0"
    game = Game(Rules.from_string("o,add=logophile"), 1, 2, lexicon=LEX, start=start)
    assert game.preview("8D LOGOPHILE").legal
    game.act("8D LOGOPHILE")
    assert game.turns[-1].kind == "play" and game.turns[-1].score > 0
    plain = Game(PRESETS["o"], 1, 2, lexicon=LEX, start=start)
    plain.act("8D LOGOPHILE")
    assert plain.turns[-1].kind == "invalid"
    plain.act("check")                      # not in the large list: the value comes off
    assert plain.scores[0] < 0


def test_the_review_uses_the_house_words():
    board = put(empty_board("o"), "8J ILE")
    tp = TurnPosition(0, 0, "LOGOPHE", board, 50, "pass", "-", 0)
    review = Reviewer(Rules.from_string("o,add=logophile"), LEX).review(tp)
    assert review["best"] == "8D LOGOPHILE"


def test_house_words_ride_in_a_link():
    rules = "o,add=logophile+pangram+pangrams,taboo=sauter"
    spec = {"rules": rules, "seed": 7, "seats": [{"name": "Ann", "kind": "human"},
                                                 {"name": "Bob", "kind": "hard"}],
            "actions": []}
    back = link.decode(link.encode(spec))
    assert Rules.from_string(back["rules"]) == Rules.from_string(rules)


def test_full_house_word_lists_ride_in_a_link():
    rules = Rules.from_string("o,add=" + "+".join(_words(MAX_WORDS, 12))
                              + ",taboo=sauter+" + "+".join(_words(2 * MAX_WORDS, 12)[MAX_WORDS:]))
    spec = {"rules": rules.to_string(), "seed": 7,
            "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "hard"}],
            "actions": []}
    back = link.decode(link.encode(spec))
    assert Rules.from_string(back["rules"]) == rules


# ---------------------------------------------------------------- the edited graph

def test_edited_graph_adds_and_removes_across_the_root():
    lex = Lexicon.from_words(["CAT", "CATS", "DOG"], ["CAT", "CATS", "DOG", "ZEBRA"])
    out = edited(lex, added=["EMU", "CATSUP", "CA"], removed=["DOG", "CATS", "ZEBRA"])
    assert list(out.words()) == ["CA", "CAT", "CATSUP", "EMU"]
    assert list(out.words(large=True)) == ["CA", "CAT", "CATSUP", "EMU"]
    assert (out.main_count, out.large_count) == (4, 4)
    assert list(lex.words(large=True)) == ["CAT", "CATS", "DOG", "ZEBRA"]   # untouched
    with pytest.raises(ValueError):
        edited(lex, added=["CAT"], removed=["CAT"])


def test_the_edited_graph_is_made_once_per_lists():
    rules = Rules.from_string("o,add=logophile")
    assert game_words(rules, LEX).lexicon is game_words(rules, LEX).lexicon
    assert game_words(PRESETS["o"], LEX).lexicon is LEX
