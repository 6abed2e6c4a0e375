"""What a word means and which lists hold it: the card the page shows for a word.

``define`` answers for one word: whether each list holds it (main, large, one of the
72 two-letter words, a formative of a main word, and good under given rules), the word
it is a form of, and the definitions on file: first those written for this project
(short.py: all 72 two-letter words and the common function words), then WordNet's,
the word's own before its base's. Each says its source. A good word that neither has
gets an empty list: nothing is ever made up.
"""

from __future__ import annotations

from ..rules import TWO_LETTER_72
from ..lexicon.words import WordJudge
from .bases import find_bases, is_formative
from .short import ShortMeanings
from .store import POS_NAMES, Meanings

WORDNET = "WordNet"

MAX_LETTERS = 40     # longer than any word of either list (28 letters)
MAX_BASES = 2        # AXES: AX and AXIS; more would crowd the card


class DefineError(ValueError):
    """The text is no word to look up (empty, not letters, too long)."""


def check_word(word) -> str:
    """The word in capitals, or DefineError saying what is wrong with it."""
    if not isinstance(word, str):
        raise DefineError("a word must be text")
    if not word:
        raise DefineError("a word is empty")
    if len(word) > MAX_LETTERS:
        raise DefineError(f"{word[:12]}... is longer than {MAX_LETTERS} letters")
    if not (word.isascii() and word.isalpha()):
        raise DefineError(f"{word[:MAX_LETTERS]!r} is not a word of letters A-Z")
    return word.upper()


def define(word: str, lexicon, rules=None, meanings: Meanings | None = None,
           short: ShortMeanings | None = None) -> dict:
    """``{"word", "good", "base", "definitions"}`` for one word (see the module doc).

    ``good`` has ``main``, ``large``, ``two`` (one of the 72), ``formative`` and
    ``rules`` (good under ``rules`` by the game's own judge; None without rules).
    ``base`` is the word it is a form of (RAN: RUN), else the word itself when it has
    definitions, else None. Each definition is ``{"pos", "text", "lemma", "source"}``,
    lemma being the word (the looked-up one or its base) that the sense belongs to,
    source "WordNet" or that of the project's own line ("written for this project").
    A word with meanings of its own in ``short`` is not looked for as a form of another
    (HIS is no plural of HI). ``short``: natively the shipped file by default.
    """
    word = check_word(word)
    meanings = meanings if meanings is not None else Meanings.default()
    short = short if short is not None else ShortMeanings.default()
    ours = short.senses(word)
    own = meanings.senses(word)
    bases = [] if ours else find_bases(word, meanings)[:MAX_BASES]
    definitions, seen = [], set()

    def add_ours(lemma, senses, pos_names=None):
        for pos, text, source in senses:
            if pos_names is None or pos in pos_names:
                definitions.append({"pos": pos, "text": text, "lemma": lemma, "source": source})

    add_ours(word, ours)

    def add(lemma, senses, pos_letters=None):
        for pos, text in senses:
            if (pos_letters is None or pos in pos_letters) and (pos, text) not in seen:
                seen.add((pos, text))
                definitions.append({"pos": POS_NAMES[pos], "text": text, "lemma": lemma, "source": WORDNET})

    add(word, own)
    for base, pos_letters in bases:
        add_ours(base.upper(), short.senses(base), {POS_NAMES[p] for p in pos_letters or POS_NAMES})
        add(base.upper(), meanings.senses(base), pos_letters)
    if bases:
        base = bases[0][0].upper()
    else:
        base = word if own or ours else None
    good = {
        "main": lexicon.is_word(word),
        "large": lexicon.is_word(word, large=True),
        "two": word in TWO_LETTER_72,
        "formative": is_formative(word, lexicon),
        "rules": WordJudge(rules, lexicon).is_valid(word) if rules is not None else None,
    }
    return {"word": word, "good": good, "base": base, "definitions": definitions}
