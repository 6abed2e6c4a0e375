"""Which words are good under a game's rules: the list the rules play (main, main
with its formatives, or large), the 72 two-letter words, the house words,
Richard's derived forms, and the "check the large list" rescue.

:func:`game_words` is the one definition shared by the judge (:class:`WordJudge`:
the game, the live preview, records, the review) and the move generator (the
computer, hints, the review's best plays): both read the same word graph, with
the house words edited in, and the same end and live bits."""

from __future__ import annotations

from .derived import DerivedForms
from . import word_bits
from .edit import edited
from ..rules import TWO_LETTER_72, Rules

# Edited graphs kept (one per word lists and house words in use): each is a copy
# of the arrays, about 1.3 MB.
EDITED_KEPT = 4
_edited: dict = {}


class GameWords:
    """The words one game plays. ``lexicon``: the graph with the house words
    (the given lexicon itself when there are none); ``end`` / ``live``: the
    node bits of the list played (``lexicon.word_bits``); ``two_letter``: the
    two-letter words allowed when the rules restrict them (the 72, plus the
    house words of two letters, less the forbidden ones), else None."""

    __slots__ = ("lexicon", "end", "live", "two_letter", "rescuable_two", "taboo",
                 "two_pairs")

    def __init__(self, rules: Rules, lexicon):
        self.lexicon = _with_house_words(lexicon, rules.house_add, rules.house_taboo)
        large = rules.lexicon == "large"
        self.end, self.live = word_bits(large, rules.formatives)
        self.taboo = frozenset(rules.house_taboo)
        added_two = {w for w in rules.house_add if len(w) == 2}
        # the "check the large list" never rescues a two-letter word outside these
        self.rescuable_two = frozenset((TWO_LETTER_72 | added_two) - self.taboo)
        self.two_letter = self.rescuable_two if rules.two_letter == "72" else None
        self.two_pairs = frozenset((ord(w[0]) - 65, ord(w[1]) - 65)
                                   for w in (self.two_letter or ()))

    def in_list(self, word: str) -> bool:
        """``word`` (uppercase) ends in the list played, house words included."""
        return self.lexicon.has(word, self.end)

    def in_large(self, word: str) -> bool:
        """``word`` is in the large list, house words included."""
        return self.lexicon.is_word(word, large=True)


def game_words(rules: Rules, lexicon) -> GameWords:
    """The words a game under ``rules`` plays with ``lexicon``."""
    return GameWords(rules, lexicon)


def _with_house_words(lexicon, added, taboo):
    if not added and not taboo:
        return lexicon
    key = (id(lexicon), added, taboo)
    kept = _edited.get(key)
    if kept is not None and kept[0] is lexicon:
        return kept[1]
    if len(_edited) >= EDITED_KEPT:
        _edited.pop(next(iter(_edited)))
    graph = edited(lexicon, added, taboo)
    _edited[key] = (lexicon, graph)
    return graph


class WordJudge:
    def __init__(self, rules: Rules, lexicon):
        self.rules = rules
        self.lexicon = lexicon
        self.words = game_words(rules, lexicon)
        self.large = rules.lexicon == "large"
        self.derived = None
        if rules.derived_forms:
            self.derived = DerivedForms(self.words.in_list)

    def is_valid(self, word: str) -> bool:
        word = word.upper()
        words = self.words
        if len(word) == 2 and words.two_letter is not None:
            return word in words.two_letter
        if words.in_list(word):
            return True
        return (self.derived is not None and word not in words.taboo
                and self.derived.is_derived(word))

    def invalid(self, words) -> list[str]:
        """The words that fail, each once, in order."""
        out = []
        for w in words:
            if w not in out and not self.is_valid(w):
                out.append(w)
        return out

    def rescued_by_large(self, failed) -> bool:
        """Rule 10.3a: every failed word is in the large list; a two-letter word
        outside the 72 (with the house words) is never rescued, nor is a
        forbidden word."""
        for w in failed:
            if len(w) == 2 and w not in self.words.rescuable_two:
                return False
            if not self.words.in_large(w):
                return False
        return True
