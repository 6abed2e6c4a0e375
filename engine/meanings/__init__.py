"""Word meanings: WordNet's definitions for the game's words, and which lists hold a word.

The data (``wordlists/meanings.bin``, built by wordlists/build_meanings.py) is read on
the first lookup, never at import: natively :meth:`Meanings.default` reads the file;
the page hands the fetched bytes to face.meanings_load.
"""

from .bases import find_bases, is_formative
from .define import DefineError, check_word, define
from .format import MeaningsFormatError
from .store import Meanings

__all__ = ["DefineError", "Meanings", "MeaningsFormatError", "check_word", "define",
           "find_bases", "is_formative"]
