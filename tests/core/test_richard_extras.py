"""Richard's extras (RULES.md section 9): derived forms and free-trade conditions."""

import pytest

from engine.lexicon.derived import DerivedForms
from engine.rules import PRESETS
from engine.trades import conditions, trade_allowed, trade_possible
from engine.lexicon.words import WordJudge
from enginekit import lexicon

LEX = lexicon()
DF = DerivedForms(lambda w: LEX.is_word(w, large=True))


@pytest.mark.parametrize("word", [
    "REMEOW",        # RE + a verb
    "REMEOWED",      # RE + an inflection of it
    "REREWARD",      # REWARD is itself a verb, so RE+REWARD is one RE-
    "MEOWER", "MEOWERS",   # V+ER and its plural
    "RATER",         # V+R after a final E
    "MEOWINGS",      # the -ING form + S
    "REMEOWERS", "REMEOWINGS",  # combinations
    "HOUSELIKE",     # a noun + LIKE
    "MEOWLIKE",      # MEOWS is a word, so MEOW is inferred a noun too
])
def test_derived_forms_accepted(word):
    assert not LEX.is_word(word, large=True)
    assert DF.is_derived(word)


@pytest.mark.parametrize("word,why", [
    ("REREMEOW", "RE- only once: REMEOW is not in the lexicon"),
    ("DONATER", "the -OR spelling DONATOR is a word"),
    ("PLAYINGLIKE", "PLAYING is derived from PLAY by -ING"),
    ("REBOARD", "BOARD has no -ED/-ING form in the list: not a verb"),
    ("REWAS", "forms of BE are excluded"),
    ("CARER", "CAR is not a verb"),
])
def test_derived_forms_refused(word, why):
    assert not DF.is_derived(word), why


def test_judge_uses_derived_forms_only_when_the_knob_is_on():
    richard = PRESETS["richard"]
    assert WordJudge(richard, LEX).is_valid("REMEOWERS")
    assert not WordJudge(PRESETS["classic"], LEX).is_valid("REMEOWERS")


@pytest.mark.parametrize("rack,found", [
    ("AABBCDE", {"two pairs"}),
    ("AAABCDE", {"three of a letter"}),
    ("AEIOUYB", {"six vowels"}),
    ("BCDFGHY", {"six consonants"}),
    ("AEIO??B", set()),   # the blank never helps
    ("AEINRST", set()),
])
def test_trade_conditions(rack, found):
    assert conditions(rack) == found


def test_trade_sets_follow_the_one_at_a_time_rule():
    # The source's example: AAAITUY trades U and A, not two A's (issue 16 item 14:
    # each removal is made while a condition is present, none is left at the end).
    assert trade_allowed("AAAITUY", "UA")
    assert not trade_allowed("AAAITUY", "AA")     # after one A, no condition is left
    assert trade_allowed("AAAITUY", "AT")         # T goes while the three A's remain
    assert not trade_allowed("AAAITUY", "U")      # the triple A would remain
    assert not trade_allowed("AEINRST", "A")      # no condition at all
    assert trade_allowed("AABBCDE", "A")          # one removal ends "two pairs"
    assert trade_allowed("BCDFGHK", "BC")         # after the first, six consonants remain
    assert not trade_allowed("BCDFGHK", "B")      # six consonants would remain
    assert not trade_allowed("BCDFGHK", "BCD")    # the third goes with no condition left


@pytest.mark.parametrize("rack,possible", [
    ("AAAITUY", True), ("AABBCDE", True), ("AEINRST", False),
    ("BCDFGHJ", True),     # six consonants: trade two (issue 16 item 14)
    ("AABBCCD", True),     # three pairs: one goes with two left, then one more
])
def test_trade_possible(rack, possible):
    assert trade_possible(rack) is possible


def test_a_refused_trade_names_one_that_is_allowed():
    from engine.game import Game, GameError
    from engine.rules import Rules
    from engine.trades import allowed_trade

    assert allowed_trade("TTAAEIR") == "T" and trade_allowed("TTAAEIR", "T")
    assert allowed_trade("ABCDEFG") == ""
    for n in range(200):   # a dealt rack that shows a condition
        game = Game(Rules.from_string("richard"), f"trade-{n}", 2, lexicon=LEX)
        rack = game.rack(game.to_move)
        example = allowed_trade(rack)
        bad = [t for t in rack if not trade_allowed(rack, t)]
        if example and bad:
            break
    with pytest.raises(GameError, match=f"{example} is allowed"):
        game.act("trade " + bad[0])
