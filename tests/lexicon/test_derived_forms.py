"""Rule fixes 7 and 8 (issue 8; RULES.md section 9, derived forms).

7. Every form of "be" is excluded: BEING must not make BEE a verb, so REBEING and
   REBEINGS are not derived forms.
8. N+LIKE is refused only when N is itself derived from a shorter word: a plural, or
   -ER, -ING or -ION added to a *verb* of the lexicon. ONION is not derived (ON is no
   verb), so ONIONLIKE is good; TEACHER and MEOWER are derived, so TEACHERLIKE and
   MEOWERLIKE are not.
"""

import pytest

from engine.lexicon.derived import DerivedForms
from engine.lexicon import Lexicon

WORDS = """
BE BEE BEES BEING BEINGS ON ONE ONES ONION ONIONS TEACH TEACHES TEACHING TEACHER
TEACHERS MEOW MEOWS MEOWED MEOWING HOUSE HOUSES CREATE CREATED CREATION CREATIONS
RUN RUNS RUNNING RUNNER RUNNERS BAKE BAKED BAKER BAKERS CAT CATS LION LIONS
""".split()
LEX = Lexicon.from_words(WORDS)
DF = DerivedForms(LEX.is_word)


@pytest.fixture(scope="module")
def shipped():
    lex = Lexicon.default()
    return DerivedForms(lambda w: lex.is_word(w, large=True))


@pytest.mark.parametrize("word", ["REBEING", "REBEINGS", "REBEE", "REBEES", "BEER",
                                  "BEERS", "REBE", "REBEEN"])
def test_forms_of_be_are_never_evidence_of_a_verb(word):
    assert not DF.is_derived(word)


def test_bee_is_not_inferred_a_verb_from_being():
    assert not DF.is_verb("BEE")
    assert not DF.is_verb_form("BEING")


@pytest.mark.parametrize("word", ["REBEING", "REBEINGS"])
def test_forms_of_be_refused_on_the_shipped_lexicon(shipped, word):
    assert not shipped.is_derived(word)


@pytest.mark.parametrize("word", ["ONIONLIKE", "LIONLIKE", "HOUSELIKE", "CATLIKE"])
def test_like_after_a_noun_that_is_not_derived(word):
    assert DF.is_derived(word)


@pytest.mark.parametrize("word,why", [
    ("TEACHERLIKE", "TEACH is a verb: TEACHER = TEACH+ER"),
    ("MEOWINGLIKE", "MEOW is a verb: MEOWING = MEOW+ING"),
    ("CREATIONLIKE", "CREATE is a verb: CREATION = CREAT(E)+ION"),
    ("RUNNERLIKE", "RUN is a verb: RUNNER doubles the N"),
    ("BAKERLIKE", "BAKE is a verb: BAKER = BAKE+R"),
    ("ONIONSLIKE", "ONIONS is a plural of ONION"),
    ("CATSLIKE", "CATS is a plural of CAT"),
])
def test_like_after_a_derived_noun_is_refused(word, why):
    assert not DF.is_derived(word), why


def test_onionlike_on_the_shipped_lexicon(shipped):
    assert shipped.is_derived("ONIONLIKE")
    assert not shipped.is_derived("TEACHERLIKE")
