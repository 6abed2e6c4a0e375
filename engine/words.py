"""Which words are good under a game's rules: the lexicon choice, the 72 two-letter
words, Richard's derived forms, and the "check the large list" rescue."""

from __future__ import annotations

from .derived import DerivedForms
from .rules import TWO_LETTER_72, Rules


class WordJudge:
    def __init__(self, rules: Rules, lexicon):
        self.rules = rules
        self.lexicon = lexicon
        self.large = rules.lexicon == "large"
        self.derived = None
        if rules.derived_forms:
            self.derived = DerivedForms(lambda w: lexicon.is_word(w, large=self.large))

    def is_valid(self, word: str) -> bool:
        word = word.upper()
        if len(word) == 2 and self.rules.two_letter == "72":
            return word in TWO_LETTER_72
        if self.lexicon.is_word(word, large=self.large):
            return True
        return self.derived is not None and self.derived.is_derived(word)

    def invalid(self, words) -> list[str]:
        """The words that fail, each once, in order."""
        out = []
        for w in words:
            if w not in out and not self.is_valid(w):
                out.append(w)
        return out

    def rescued_by_large(self, failed) -> bool:
        """Rule 10.3a: every failed word is in the large list; a two-letter word
        outside the 72 is never rescued."""
        for w in failed:
            if len(w) == 2 and w not in TWO_LETTER_72:
                return False
            if not self.lexicon.is_word(w, large=True):
                return False
        return True
