"""Formatives (RULES.md section 3): large-list words good under a main lexicon
because they are a main word with a prefix and/or an ending.

Seed 002 rule 10.1: "the base word must be in your regular dictionary; then any
formative shown in the OSPD is acceptable". Large stands in for the OSPD, main for
the regular dictionary. A word of 3+ letters is a formative when it is in large
and removing one of ``PREFIXES`` and/or one of ``ENDINGS`` leaves a main word of
3+ letters, allowing the usual spelling changes before an ending: Y to I (TIDIED
from TIDY, HAPPILY from HAPPY) and, before an ending that begins with a vowel, a
doubled final consonant (HOPPED from HOP) or a dropped E (RACING from RACE). So
ALS is no formative of ALE, nor BRITTLY of BRIT.

This module is the one definition. The word-list build (wordlists/build.py) runs
:func:`find_formatives` and stores the result in the word graph as a third list
(main + formatives, flag ``END_FORM``), so the judge, the move generator, the
preview, the review and the large-list check all read the same words at the
cost of one flag test.
"""

from __future__ import annotations

PREFIXES = ("RE", "UN", "NON", "PRE", "OVER", "UNDER", "OUT", "MIS", "DIS")
ENDINGS = ("S", "ES", "ED", "D", "ING", "INGS", "ER", "ERS", "R", "RS", "EST", "ST",
           "LY", "NESS", "NESSES", "LESS", "ABLE")
MIN_BASE = 3
_VOWELS = frozenset("AEIOU")

__all__ = ["ENDINGS", "PREFIXES", "bases", "find_formatives", "is_formative"]


def _spellings(stem: str, ending: str):
    """The stem itself and what it was before the ending's spelling change."""
    yield stem
    if stem.endswith("I"):
        yield stem[:-1] + "Y"      # TIDI(ED) -> TIDY
    if ending[0] in _VOWELS:
        if len(stem) >= 2 and stem[-1] == stem[-2] and stem[-1] not in _VOWELS:
            yield stem[:-1]        # HOPP(ED) -> HOP
        yield stem + "E"           # RAC(ING) -> RACE


def bases(word: str):
    """Every candidate base of ``word`` (uppercase): one prefix and/or one ending
    removed, with the spelling changes; only candidates of 3+ letters."""
    for prefix in ("",) + PREFIXES:
        if not word.startswith(prefix):
            continue
        rest = word[len(prefix):]
        if prefix and len(rest) >= MIN_BASE:
            yield rest
        for ending in ENDINGS:
            if len(rest) > len(ending) and rest.endswith(ending):
                for base in _spellings(rest[:-len(ending)], ending):
                    if len(base) >= MIN_BASE:
                        yield base


def is_formative(word: str, is_main) -> bool:
    """``word`` (uppercase, 3+ letters) has a base for which ``is_main`` is true.
    Membership of ``word`` in large is the caller's part of the definition."""
    return len(word) >= MIN_BASE and any(is_main(b) for b in bases(word))


def find_formatives(main, large) -> set:
    """The words of ``large`` not in ``main`` that are formatives of a main word
    (uppercase sets in, a set out)."""
    main = main if isinstance(main, (set, frozenset)) else set(main)
    has = main.__contains__
    return {w for w in large if w not in main and is_formative(w, has)}
