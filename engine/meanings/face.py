"""The engine worker's face for meanings: text in, JSON text out.

The page fetches wordlists/meanings.bin on the first request for a meaning (never
while it starts), hands the bytes to :func:`meanings_load`, then asks
:func:`define_json`. Bad input comes back as ``{"error": ...}``, never an exception.
"""

from __future__ import annotations

import json
import time

from ..lexicon import Lexicon, LexiconFormatError
from ..rules import Rules, RulesError
from .cli import check_words
from .define import DefineError, define
from .format import MeaningsFormatError
from .store import Meanings

_meanings: Meanings | None = None


def meanings_load(data_bytes) -> str:
    """Load the meanings file's bytes: ``{"words": n, "ms": load time}`` or ``{"error"}``."""
    global _meanings
    t0 = time.perf_counter()
    try:
        _meanings = Meanings.from_bytes(bytes(data_bytes))
    except (MeaningsFormatError, TypeError) as exc:
        return json.dumps({"error": f"the meanings could not be loaded: {exc}"})
    return json.dumps({"words": len(_meanings), "ms": round((time.perf_counter() - t0) * 1000)})


def loaded() -> bool:
    return _meanings is not None


def define_json(words_json: str, lexicon: Lexicon | None = None) -> str:
    """``words_json``: a JSON list of words, or ``{"words": [...], "rules": "o"}`` to
    also judge them under those rules. Returns ``{"results": [one define() each]}``.
    ``lexicon``: the game's word lists (default: Lexicon.default())."""
    if _meanings is None:
        return json.dumps({"error": "the meanings are not loaded yet"})
    try:
        request = json.loads(words_json)
    except (TypeError, ValueError):
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
    return json.dumps({"results": [define(w, lexicon, rules, _meanings) for w in words]})


def session_define(words_json: str) -> str:
    """:func:`define_json` with the page's word lists: those engine.session loaded at
    start (every game of the page plays with them)."""
    from .. import session   # the worker's one session; imported here, not at the engine's start

    return define_json(words_json, session.loaded_lexicon())
