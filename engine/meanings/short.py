"""Meanings written for this project: wordlists/short_meanings.tsv.

WordNet has no function words (OF, IT, THE) nor most interjections (AH, UM), and
reads some two-letter words oddly (AS: arsenic's symbol). So every two-letter word of
either list (the 72 and ENABLE's others, which classic plays), and the common short
words WordNet lacks, has a short meaning of our own in a small text file beside meanings.bin; each line says its source.
``define`` shows these first, then WordNet's. Natively :meth:`ShortMeanings.default`
reads the file on first use; the page's worker fetches it beside meanings.bin and
hands the bytes to ``face.meanings_load``.
"""

from __future__ import annotations

import os

from .format import MeaningsFormatError

HEADER = ("word", "pos", "meaning", "source")
MAX_BYTES = 1_000_000


class ShortMeanings:
    """Word -> [(part of speech, meaning, source)], in the file's order."""

    _default: "ShortMeanings | None" = None

    def __init__(self, entries: dict):
        self._entries = entries

    @classmethod
    def from_text(cls, data) -> "ShortMeanings":
        """Parse the file's bytes (or text); MeaningsFormatError names a bad line."""
        if isinstance(data, (bytes, bytearray, memoryview)):
            if len(data) > MAX_BYTES:
                raise MeaningsFormatError(f"short meanings: more than {MAX_BYTES} bytes")
            try:
                data = bytes(data).decode("utf-8")
            except UnicodeDecodeError:
                raise MeaningsFormatError("short meanings: not UTF-8 text") from None
        entries: dict = {}
        header = False
        for n, line in enumerate(data.split("\n"), 1):
            line = line.rstrip("\r")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if not header:
                if tuple(fields) != HEADER:
                    raise MeaningsFormatError(f"short meanings line {n}: the header must be "
                                              + "<TAB>".join(HEADER))
                header = True
                continue
            if len(fields) != 4 or not all(f.strip() for f in fields):
                raise MeaningsFormatError(f"short meanings line {n}: four fields, none empty")
            word, pos, text, source = fields
            if not (word.isascii() and word.isalpha() and word.isupper()):
                raise MeaningsFormatError(f"short meanings line {n}: {word[:20]!r} is not a word in capitals")
            entries.setdefault(word, []).append((pos, text, source))
        if not header:
            raise MeaningsFormatError("short meanings: no header line")
        return cls(entries)

    @classmethod
    def default(cls) -> "ShortMeanings":
        """The shipped wordlists/short_meanings.tsv, read on first use."""
        if cls._default is None:
            here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
            with open(os.path.join(here, "wordlists", "short_meanings.tsv"), "rb") as f:
                cls._default = cls.from_text(f.read())
        return cls._default

    def __len__(self) -> int:
        return len(self._entries)

    def words(self) -> list[str]:
        return sorted(self._entries)

    def senses(self, word: str) -> list[tuple[str, str, str]]:
        """``(pos, meaning, source)`` for ``word`` (any case); [] if none."""
        return list(self._entries.get(word.upper(), ()))
