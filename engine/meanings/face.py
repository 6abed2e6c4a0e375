"""The engine worker's face for meanings: text in, JSON text out.

The page fetches wordlists/meanings.bin and wordlists/short_meanings.tsv (the
meanings written for this project, short.py) on the first request for a meaning
(never while it starts), hands the bytes to :func:`meanings_load`, then asks
:func:`define_json`. Bad input comes back as ``{"error": ...}``, never an exception:
a meanings file damaged past its checksum (format.py) too, found at a lookup.
"""

from __future__ import annotations

import json
import time

from ..lexicon import Lexicon, LexiconFormatError
from ..rules import Rules, RulesError
from .cli import MAX_MEANINGS_BYTES, MAX_WORDS, check_words
from .define import DefineError, define
from .format import MeaningsFormatError
from .short import ShortMeanings
from .store import Meanings

_meanings: Meanings | None = None
_short = ShortMeanings({})
# A request is at most MAX_WORDS words of define.MAX_LETTERS, quoted: more is refused unread.
MAX_REQUEST_CHARS = 50 * MAX_WORDS + 1000


def meanings_load(data_bytes, short_bytes=b"") -> str:
    """Load the meanings file's bytes, and the project's own short meanings (the bytes of
    short_meanings.tsv; without them, none): ``{"words": n, "short": n, "ms": load
    time}`` or ``{"error"}``."""
    global _meanings, _short
    t0 = time.perf_counter()
    try:
        meanings = Meanings.from_bytes(_file_bytes(data_bytes))
        short = ShortMeanings.from_text(_file_bytes(short_bytes)) if short_bytes else ShortMeanings({})
    except (MeaningsFormatError, TypeError) as exc:
        return json.dumps({"error": f"the meanings could not be loaded: {exc}"})
    _meanings, _short = meanings, short
    return json.dumps({"words": len(_meanings), "short": len(_short),
                       "ms": round((time.perf_counter() - t0) * 1000)})


def _file_bytes(data):
    """The bytes of a file the page fetched: ``bytes(n)`` of a number would be n zero
    bytes, so only bytes-like data of at most MAX_MEANINGS_BYTES is taken."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"give the file's bytes, not {type(data).__name__}")
    if len(data) > MAX_MEANINGS_BYTES:
        raise TypeError(f"{len(data):,} bytes: at most {MAX_MEANINGS_BYTES:,}")
    return bytes(data)


def loaded() -> bool:
    return _meanings is not None


def define_json(words_json: str, lexicon: Lexicon | None = None) -> str:
    """``words_json``: a JSON list of words, or ``{"words": [...], "rules": "o"}`` to
    also judge them under those rules. Returns ``{"results": [one define() each]}``.
    ``lexicon``: the game's word lists (default: Lexicon.default())."""
    if _meanings is None:
        return json.dumps({"error": "the meanings are not loaded yet"})
    if isinstance(words_json, str) and len(words_json) > MAX_REQUEST_CHARS:
        return json.dumps({"error": f"the request is longer than {MAX_REQUEST_CHARS:,} characters: "
                                    f"at most {MAX_WORDS} words at a time"})
    try:
        request = json.loads(words_json)
    except (TypeError, ValueError, RecursionError):   # RecursionError: "[" * 1000
        return json.dumps({"error": "the request is not JSON"})
    rules_text = None
    if isinstance(request, dict):
        rules_text = request.get("rules")
        request = request.get("words")
    if not isinstance(request, list) or (rules_text is not None and not isinstance(rules_text, str)):
        return json.dumps({"error": 'give a list of words, or {"words": [...], "rules": "..."}'})
    try:
        words = check_words(request)
        rules = Rules.from_string(rules_text) if rules_text else None
    except DefineError as exc:
        return json.dumps({"error": str(exc)})
    except RulesError as exc:
        return json.dumps({"error": f"bad rules: {exc}"})
    if lexicon is None:
        try:
            lexicon = Lexicon.default()
        except (OSError, LexiconFormatError):
            return json.dumps({"error": "the word lists are not loaded"})
    try:
        return json.dumps({"results": [define(w, lexicon, rules, _meanings, _short) for w in words]})
    except MeaningsFormatError as exc:   # a block damaged past the file's checksum
        return json.dumps({"error": f"the meanings could not be read: {exc}"})


def session_define(words_json: str) -> str:
    """:func:`define_json` with the word lists the page's game plays: those engine.session
    loaded at start, or the player's own list the game plays."""
    from .. import session   # the worker's one session; imported here, not at the engine's start

    return define_json(words_json, session.game_lexicon())
