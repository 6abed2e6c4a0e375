"""House words (seed 002 appendix 2): short lists of words the players add to the
game's list and words they forbid, agreed before the game.

They are two rules knobs (``add`` and ``taboo``), so they travel in the rules
string and in every link and record that carries it. In a rules string a list is
its words in lowercase joined by ``+`` (``add=logophile+pangram+pangrams``), or
``none``. A named list stands for its words: ``sauter`` is Sauter's disallowed
list for on-line play (``taboo=sauter``, also ``taboo=sauter+zin``).

A Rules value holds each list as a sorted tuple of distinct uppercase words;
:func:`parse_words` and :func:`format_words` convert, :func:`check_words` says
what is wrong with a list. The judge and the move generator read the lists
through engine/lexicon/words.py (``game_words``), which edits the word graph with them.
"""

from __future__ import annotations

import re

MAX_WORDS = 200               # words of the players' own in one list
MIN_LETTERS, MAX_LETTERS = 2, 21
NONE = "none"

# Sauter's "Disallowed Word List for Scrabble I" (seed 002, appendix 2): "All
# Q-without-a-U words: QI QAT SUQ QADI QAID TRANQ QINTAR QIVIUT etc. All Hebrew
# letters: FE PE QOPH TAV VAV VAW WAW etc." Spelled out over the game's large list:
# every word with a Q not followed by U (QI added: Sauter names it), and every
# spelling of a Hebrew letter's name and its plural (FE added: Sauter names it),
# except the names that are everyday English words (HE, BET, NUN, SIN, SHIN, TAW
# and their plurals), which no regular dictionary lacks.
SAUTER_Q_WITHOUT_U = (
    "BUQSHA", "BUQSHAS", "FAQIR", "FAQIRS", "QADI", "QAID", "QAIDS", "QANAT", "QANATS",
    "QAT", "QATS", "QI", "QIBLA", "QINDAR", "QINDARKA", "QINDARKAS", "QINDARS", "QINTAR",
    "QINTARS", "QIVIUT", "QIVIUTS", "QOPH", "QOPHS", "QWERTY", "QWERTYS", "SHEQALIM",
    "SHEQEL", "SUQ", "SUQS", "TRANQ", "TRANQS", "UMIAQ", "UMIAQS",
)
SAUTER_HEBREW_LETTERS = (
    "AIN", "AINS", "ALEF", "ALEFS", "ALEPH", "ALEPHS", "AYIN", "AYINS", "BETH", "BETHS",
    "CAPH", "CAPHS", "CHETH", "CHETHS", "DALEDH", "DALEDHS", "DALETH", "DALETHS", "FE",
    "FEH", "FEHS", "GIMEL", "GIMELS", "HEH", "HEHS", "HET", "HETH", "HETHS", "HETS", "KAF",
    "KAFS", "KAPH", "KAPHS", "KHAF", "KHAFS", "KHETH", "KHETHS", "KOPH", "KOPHS", "LAMED",
    "LAMEDH", "LAMEDHS", "LAMEDS", "MEM", "MEMS", "PE", "PEH", "PEHS", "PES", "QOPH",
    "QOPHS", "RESH", "RESHES", "SADE", "SADES", "SADHE", "SADHES", "SADI", "SADIS",
    "SAMECH", "SAMECHS", "SAMEK", "SAMEKH", "SAMEKHS", "SAMEKS", "TAV", "TAVS", "TET",
    "TETH", "TETHS", "TETS", "TSADE", "TSADES", "TSADI", "TSADIS", "VAV", "VAVS", "VAW",
    "VAWS", "WAW", "WAWS", "YOD", "YODH", "YODHS", "YODS", "ZAYIN", "ZAYINS",
)
SAUTER_TABOO = tuple(sorted(set(SAUTER_Q_WITHOUT_U) | set(SAUTER_HEBREW_LETTERS)))

# Named lists a rules string may use in either knob (the page offers them in one click).
NAMED_LISTS = {"sauter": SAUTER_TABOO}

_WORD = re.compile(r"[A-Za-z]+")
# the most tokens a valid list can have: its own words, the named lists and their words
_MAX_TOKENS = MAX_WORDS + sum(len(words) + 1 for words in NAMED_LISTS.values())


class HouseWordsError(ValueError):
    """A house-word list that cannot be used (the message is for a player)."""


def _show(word: str) -> str:
    return repr(word if len(word) <= 30 else word[:30] + "...")


def own_words(words) -> list[str]:
    """The words of a list not given by a named list it holds in full."""
    rest = set(words)
    for named in NAMED_LISTS.values():
        if rest.issuperset(named):
            rest.difference_update(named)
    return sorted(rest)


def check_words(words, what: str) -> tuple[str, ...]:
    """``words`` (any case) as a Rules value: sorted distinct uppercase. Raises
    HouseWordsError naming the first problem: a non-word, a word outside 2..21
    letters, more than MAX_WORDS words of one's own."""
    if isinstance(words, str) or not isinstance(words, (tuple, list, set, frozenset)):
        raise HouseWordsError(f"{what} must be a list of words")
    out = set()
    for word in words:
        if not isinstance(word, str) or not _WORD.fullmatch(word):
            raise HouseWordsError(f"{what}: {_show(str(word))} is not a word of letters A-Z")
        if not MIN_LETTERS <= len(word) <= MAX_LETTERS:
            raise HouseWordsError(
                f"{what}: {_show(word)} has {len(word)} letter{'s' * (len(word) != 1)}; "
                f"a house word has {MIN_LETTERS} to {MAX_LETTERS}")
        out.add(word.upper())
    own = own_words(out)
    if len(own) > MAX_WORDS:
        raise HouseWordsError(
            f"{what}: {len(own)} words; a house list holds at most {MAX_WORDS} "
            "(besides a named list)")
    return tuple(sorted(out))


def parse_words(raw: str, what: str) -> tuple[str, ...]:
    """A rules string's list (``a+b+c``, named lists, or ``none``) as a Rules value."""
    if raw == NONE or raw == "":
        return ()
    tokens = raw.split("+")
    if len(tokens) > _MAX_TOKENS:   # refused before a huge list is read word by word
        raise HouseWordsError(f"{what}: {len(tokens)} words; a house list holds at most "
                              f"{MAX_WORDS} (besides a named list)")
    words = []
    for token in tokens:
        named = NAMED_LISTS.get(token.lower())
        if named is not None:
            words.extend(named)
        elif not token:
            raise HouseWordsError(f"{what}: an empty word (two '+' in a row, or one at an end)")
        else:
            words.append(token)
    return check_words(words, what)


def format_words(words) -> str:
    """The rules-string form of a Rules value: named lists by name, then the
    players' own words, lowercase, joined by ``+``; ``none`` when empty."""
    if not words:
        return NONE
    have = set(words)
    names = [name for name, named in NAMED_LISTS.items() if have.issuperset(named)]
    return "+".join(names + [w.lower() for w in own_words(have)])
