"""The loaded meanings file: a word's own senses and its irregular forms' bases.

Loading reads only the file's index (format.py); a lookup inflates the one block
that holds the word, once, and bisects its sorted lines, so the first meaning costs
a few milliseconds however large the file.
"""

from __future__ import annotations

import os
from bisect import bisect_left, bisect_right

from .format import POS_LETTERS, MeaningsFormatError, block_lines, read_layout

POS_NAMES = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}


class _Section:
    """One sorted section (entries or exceptions), inflated block by block on demand."""

    def __init__(self, layout, blocks):
        self._layout = layout
        self._blocks = blocks
        self._keys = [b.key for b in blocks]
        self._firsts = [b.first for b in blocks]
        self._inflated: dict[int, list[str]] = {}
        self.count = sum(b.count for b in blocks)

    def _lines(self, i: int) -> list[str]:
        lines = self._inflated.get(i)
        if lines is None:
            lines = self._inflated[i] = block_lines(self._layout, self._blocks[i])
        return lines

    def fields(self, word: str) -> list[str]:
        """The fields after ``word`` on its line; [] if it has none."""
        i = bisect_right(self._keys, word) - 1
        if i < 0:
            return []
        lines = self._lines(i)
        key = word + "\t"
        j = bisect_left(lines, key)
        if j < len(lines) and lines[j].startswith(key):
            return lines[j].split("\t")[1:]
        return []

    def line(self, n: int) -> str:
        """Line ``n`` (0-based) of the section."""
        if not 0 <= n < self.count:
            raise IndexError(n)
        i = bisect_right(self._firsts, n) - 1
        return self._lines(i)[n - self._firsts[i]]

    def keys(self):
        for i in range(len(self._blocks)):
            yield from (line.split("\t", 1)[0] for line in self._lines(i))


class Meanings:
    """Glosses by word and part of speech, plus the irregular-form table."""

    _default: "Meanings | None" = None

    def __init__(self, layout):
        self.notice = layout.notice
        self._entries = _Section(layout, layout.entries)
        self._exceptions = _Section(layout, layout.exceptions)

    @classmethod
    def from_bytes(cls, data) -> "Meanings":
        return cls(read_layout(data))

    @classmethod
    def default(cls) -> "Meanings":
        """The shipped ``wordlists/meanings.bin`` (beside the engine package). Read on
        first use, never at import."""
        if cls._default is None:
            here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
            with open(os.path.join(here, "wordlists", "meanings.bin"), "rb") as f:
                cls._default = cls.from_bytes(f.read())
        return cls._default

    def __len__(self) -> int:
        """How many words have senses of their own."""
        return self._entries.count

    def words(self):
        """Every word with senses of its own, lowercase, in alphabetical order."""
        return self._entries.keys()

    def exception_forms(self):
        """Every irregular form in the table, lowercase, in alphabetical order."""
        return self._exceptions.keys()

    def senses(self, word: str) -> list[tuple[str, str]]:
        """The word's own senses as ``(pos letter, gloss)``, most used first; [] if none."""
        return [self._resolve(token) for token in self._entries.fields(word.lower())]

    def has(self, word: str) -> bool:
        return bool(self._entries.fields(word.lower()))

    def exceptions(self, word: str) -> list[tuple[str, str]]:
        """``(pos letter, base)`` for an irregular form (GEESE: ``("n", "goose")``)."""
        out = []
        for token in self._exceptions.fields(word.lower()):
            if len(token) < 2 or token[0] not in POS_LETTERS:
                raise MeaningsFormatError(f"meanings file corrupt (exception {token[:20]!r})")
            out.append((token[0], token[1:]))
        return out

    def _resolve(self, token: str) -> tuple[str, str]:
        pos, kind, rest = token[:1], token[1:2], token[2:]
        if pos not in POS_LETTERS or kind not in (":", "@"):
            raise MeaningsFormatError(f"meanings file corrupt (sense {token[:20]!r})")
        if kind == ":":
            return pos, rest
        try:
            line, k = (int(n) for n in rest.split("."))
            target = self._entries.line(line).split("\t")[k] if k >= 1 else ""
        except (ValueError, IndexError):
            target = ""
        if target[1:2] != ":":
            raise MeaningsFormatError(f"meanings file corrupt (reference {token[:20]!r})")
        return pos, target[2:]
