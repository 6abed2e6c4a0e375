"""What a word means and which lists hold it: the card the page shows for a word.

``define`` answers for one word: whether each list holds it (main, large, one of the
72 two-letter words, a formative of a main word, and good under given rules), the word
it is a form of, and the definitions on file, the word's own first. A good word that
WordNet lacks gets an empty list: nothing is ever made up.
"""

from __future__ import annotations

from ..rules import TWO_LETTER_72
from ..lexicon.words import WordJudge
from .bases import find_bases, is_formative
from .store import POS_NAMES, Meanings

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


def define(word: str, lexicon, rules=None, meanings: Meanings | None = None) -> dict:
    """``{"word", "good", "base", "definitions"}`` for one word (see the module doc).

    ``good`` has ``main``, ``large``, ``two`` (one of the 72), ``formative`` and
    ``rules`` (good under ``rules`` by the game's own judge; None without rules).
    ``base`` is the word it is a form of (RAN: RUN), else the word itself when it has
    definitions, else None. Each definition is ``{"pos", "text", "lemma"}``, lemma
    being the word (the looked-up one or its base) that the sense belongs to.
    """
    word = check_word(word)
    meanings = meanings if meanings is not None else Meanings.default()
    own = meanings.senses(word)
    bases = find_bases(word, meanings)[:MAX_BASES]
    definitions, seen = [], set()

    def add(lemma, senses, pos_letters=None):
        for pos, text in senses:
            if (pos_letters is None or pos in pos_letters) and (pos, text) not in seen:
                seen.add((pos, text))
                definitions.append({"pos": POS_NAMES[pos], "text": text, "lemma": lemma})

    add(word, own)
    for base, pos_letters in bases:
        add(base.upper(), meanings.senses(base), pos_letters)
    if bases:
        base = bases[0][0].upper()
    else:
        base = word if own else None
    good = {
        "main": lexicon.is_word(word),
        "large": lexicon.is_word(word, large=True),
        "two": word in TWO_LETTER_72,
        "formative": is_formative(word, lexicon),
        "rules": WordJudge(rules, lexicon).is_valid(word) if rules is not None else None,
    }
    return {"word": word, "good": good, "base": base, "definitions": definitions}
