"""Which word a form is a form of: WordNet's irregular forms, then the endings and
spelling changes of RULES.md section 3 ("Formatives"), then its prefixes.

WordNet lists base words only (RUN, GOOSE, TIDY), so a word without senses of its
own (RAN, GEESE, TIDIED, NIGHTTIMES) borrows its base's, and an inflected word with
senses of its own (RUNNING: a noun) shows its base's too. The same endings and
spelling changes give the "formative of a main word" test (:func:`is_formative`).
"""

from __future__ import annotations

from ..lexicon import formatives

VOWELS = "aeiou"
MIN_BASE = 3  # RULES.md 3: a formative's base is a main word of 3+ letters

# RULES.md 3: the prefixes a formative may lose, longest first (UNDER before UN).
PREFIXES = ("under", "over", "non", "pre", "out", "mis", "dis", "re", "un")

# Endings that inflect (a word keeps its own senses and still shows its base's), with
# the parts of speech the base takes, and a replacement for the ending where there is
# one (WOODSMEN: WOODSMAN). Shortest ending first, so HOPED is HOPE + D before HOP + ED.
INFLECTIONS = (("s", "nv"), ("d", "v"), ("r", "a"), ("es", "nv"), ("ed", "v"),
               ("er", "a"), ("st", "ar"), ("men", "n", "man"), ("ing", "v"), ("est", "ar"),
               ("ings", "nv"))
# Endings that make a new word (LOVABLE, HAPPINESS, DELVER): looked at only for a word
# that has no senses of its own, since a word such as HOMELY means more than HOME + LY.
DERIVATIONS = (("r", "v"), ("ly", "a"), ("er", "v"), ("rs", "v"), ("bly", "a", "ble"),
               ("ers", "v"), ("less", "nv"), ("ness", "a"), ("able", "v"), ("nesses", "a"))


def _cvc(stem: str) -> bool:
    """Consonant, vowel, consonant at the end (HOP, CAN): such a stem doubles its last
    letter before an ending, so an undoubled form (HOPING) more likely lost an E."""
    return (len(stem) >= 3 and stem[-1] not in VOWELS + "wxy" and stem[-2] in VOWELS
            and stem[-3] not in VOWELS)


def respellings(stem: str, ending: str) -> list[str]:
    """The bases ``stem`` may come from once ``ending`` is removed, likeliest first:
    a dropped E (RACING: RACE), the stem itself, a doubled consonant (HOPPED: HOP),
    Y changed to I (TIDIED: TIDY)."""
    out = []
    vowel_ending = ending[0] in VOWELS
    if vowel_ending and _cvc(stem):
        out.append(stem + "e")
    out.append(stem)
    if vowel_ending and len(stem) >= 2 and stem[-1] == stem[-2] and stem[-1] not in VOWELS:
        out.append(stem[:-1])
    if stem.endswith("i"):
        out.append(stem[:-1] + "y")
    if vowel_ending and not _cvc(stem):
        out.append(stem + "e")
    return out


def _ending_bases(word: str, endings):
    """``(base, pos letters)`` for each ending the word has, in the given order."""
    for ending, pos, *swap in endings:
        if len(word) > len(ending) and word.endswith(ending):
            stem = word[:-len(ending)]
            for base in [stem + swap[0]] if swap else respellings(stem, ending):
                if len(base) >= MIN_BASE:
                    yield base, pos


def _first_with_senses(meanings, candidates):
    for base, pos in candidates:
        if any(p in pos for p, _ in meanings.senses(base)):
            return base, pos
    return None


def _inflected(word: str, meanings) -> list[tuple[str, str]]:
    """Irregular forms (all of them: AXES is a form of AX and of AXIS), then the first
    regular ending that leads to a word with senses of the ending's parts of speech.

    WordNet lists base forms only, so a word with senses of its own in a part of
    speech is no inflection in it: SEED (a verb) is no SEE + D, MODEST no MOD + EST;
    RUNS (a noun of its own) is still RUN + S as a verb."""
    found: dict[str, str] = {}
    for pos, base in meanings.exceptions(word):
        if base != word:
            found[base] = found.get(base, "") + pos
    own = {p for p, _ in meanings.senses(word)}
    endings = [(e, "".join(p for p in pos if p not in own), *swap) for e, pos, *swap in INFLECTIONS]
    hit = _first_with_senses(meanings, _ending_bases(word, [e for e in endings if e[1]]))
    if hit and hit[0] != word and hit[0] not in found:
        found[hit[0]] = hit[1]
    return list(found.items())


def find_bases(word: str, meanings) -> list[tuple[str, str | None]]:
    """The words ``word`` is a form of, best first, each with the parts of speech to
    show (None: all), never the word itself; [] when it is no form of a word on file.

    A prefix is removed only as a last resort (UNDISTRACTED: DISTRACTED), since
    DISCOVER is no form of COVER.
    """
    word = word.lower()
    own = meanings.has(word)
    found = _inflected(word, meanings)
    if found or own:
        return found
    hit = _first_with_senses(meanings, _ending_bases(word, DERIVATIONS))
    if hit:
        return [hit]
    for prefix in PREFIXES:
        stem = word[len(prefix):]
        if word.startswith(prefix) and len(stem) >= MIN_BASE:
            if meanings.has(stem):
                return [(stem, None)]
            found = _inflected(stem, meanings)
            if found:
                return found
    return []


def is_formative(word: str, lexicon) -> bool:
    """RULES.md 3: a large-list word of 3+ letters that is a formative of a main word,
    by the engine's one definition (engine/lexicon/formatives.py)."""
    word = word.lower()
    if len(word) < MIN_BASE or not lexicon.is_word(word, large=True):
        return False
    return formatives.is_formative(word.upper(), lambda base: lexicon.is_word(base.lower()))
