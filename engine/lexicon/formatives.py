"""Formatives (RULES.md section 3): large-list words good under a main lexicon
because they are a form of a main word, made with a prefix and/or an ending.

Seed 002 rule 10.1: "the base word must be in your regular dictionary; then any
formative shown in the OSPD is acceptable". Large stands in for the OSPD, main for
the regular dictionary. A word of 3+ letters is a formative when it is in large
and removing one of ``PREFIXES`` and/or one of ``ENDINGS`` leaves a main word of
3+ letters, allowing only the usual spelling changes of English forms
("formatives are forms"):

- D, R, RS and ST (``AFTER_E``) follow only a base that ends in E, unchanged:
  BAKED, BAKER, LATEST from BAKE and LATE; not GAINST (GAIN), CARR (CAR), BURD
  (BUR), SALVOR (SALVO), DELIST (DELI), HORNIST (HORNY), SIMPLIST (SIMPLY).
- Y turns to I only before an ending that begins with E or L, or NESS (``Y_TO_I``):
  TIDIED, HAPPIEST, HAPPILY, HAPPINESS, PENNILESS; not FEIST (FEY + ST).
- A doubled final consonant (HOPPED from HOP) and a dropped E (RACING from RACE)
  come only before an ending that begins with a vowel; so ALS is no formative of
  ALE, nor BRITTLY of BRIT.

Without these limits a bare letter or two glued onto any main word made a
"formative" that is no form of it (165 words came only through R, RS, D or ST on a
base not ending in E).

This module is the one definition. The word-list build (wordlists/build.py) runs
:func:`find_formatives` and stores the result in the word graph as a third list
(main + formatives, flag ``END_FORM``), so the judge, the move generator, the
preview, the review and the large-list check all read the same words at the
cost of one flag test; the meanings' ``is_formative`` calls :func:`is_formative`.
"""

from __future__ import annotations

PREFIXES = ("RE", "UN", "NON", "PRE", "OVER", "UNDER", "OUT", "MIS", "DIS")
ENDINGS = ("S", "ES", "ED", "D", "ING", "INGS", "ER", "ERS", "R", "RS", "EST", "ST",
           "LY", "NESS", "NESSES", "LESS", "ABLE")
MIN_BASE = 3
_VOWELS = frozenset("AEIOU")
# The endings that stand only after a base ending in E (the E of ED, ER, ERS, EST
# is the base's own), with no spelling change.
AFTER_E = frozenset(("D", "R", "RS", "ST"))
# The endings before which a final Y turns to I: those that begin with E or L, and
# NESS (NESSES is its plural): TIDIES, TIDIED, TIDIER, TIDIEST, TIDILY, TIDINESS,
# PENNILESS. Not S, ING, ABLE or the bare D, R, RS, ST.
Y_TO_I = frozenset(e for e in ENDINGS if e[0] in "EL" or e.startswith("NESS"))

__all__ = ["AFTER_E", "ENDINGS", "PREFIXES", "Y_TO_I", "bases", "find_formatives",
           "is_formative", "spellings"]


def spellings(stem: str, ending: str):
    """The bases ``stem + ending`` may be a form of: the stem itself and what it
    was before the ending's spelling change, as the module docstring allows."""
    if ending in AFTER_E:
        if stem.endswith("E"):
            yield stem             # BAKE(D), LATE(ST)
        return
    yield stem
    if ending in Y_TO_I and stem.endswith("I"):
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
                for base in spellings(rest[:-len(ending)], ending):
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
