"""What the page's engine workers share at their text boundary (ui/engine_worker.py,
ui/club/worker.py, ui/table/worker.py): the word list loaded from the file the
worker was given, the ``status`` the page polls, an exception turned into
{"error": ...} text, and an engine face's functions exposed with that guard. Why
here: each worker is a file of its own in Pyodide, which imports the engine's zip
and nothing of ui/; one copy keeps their messages and failure handling the same.
The word list can also be loaded ahead (``hold_words``): the workers' memory snapshot
holds it loaded, and a worker restored from it skips the ~50 ms load."""

from __future__ import annotations

import json
import time
import traceback

from .. import session
from ..lexicon import Lexicon

LEXICON_FILE = "lexicon.bin"

_held = None  # (path, Lexicon): hold_words's, for the first load_words of that path


def hold_words(data: bytes, path: str = LEXICON_FILE) -> int:
    """Load now the word list a worker will find at ``path`` (``data``: its bytes), for
    the first ``load_words`` of that path to take as it is. scripts/snapshot_engine.py
    calls this as it makes the workers' memory snapshot, which then holds the graph
    loaded; start.mjs does not fetch the file for a worker restored with this module.
    Returns the word count."""
    global _held
    lexicon = Lexicon.from_bytes(data)
    _held = (path, lexicon)
    return len(lexicon)


def take_held(path: str = LEXICON_FILE):
    """The Lexicon hold_words loaded for ``path``, let go (None when there is none, or it
    was for another path): the workers' load_words, and the expert's helpers
    (ui/engine_worker.py), restored from the same snapshot."""
    global _held
    held, _held = _held, None
    return held[1] if held is not None and held[0] == path else None


def load_words(status: dict, path: str = LEXICON_FILE) -> dict:
    """Load the word list into the session; ``status`` gains "state" (ready or failed),
    "error" (for the page, which offers what still works), "words", "ms" and "held"
    (the list came loaded: hold_words)."""
    held = take_held(path)
    t0 = time.perf_counter()
    status["held"] = held is not None
    try:
        if held is not None:
            session.use_lexicon(held)
            status["words"] = len(held)
        else:
            with open(path, "rb") as f:
                status["words"] = session.load_lexicon(f.read())
        status["state"] = "ready"
    except Exception as exc:  # reported to the page
        status["state"] = "failed"
        status["error"] = "the word list could not be loaded (" + type(exc).__name__ + ")"
    status["ms"] = round((time.perf_counter() - t0) * 1000)
    return status


def status_of(status: dict):
    """A worker's ``status`` export: its ``status`` dict ("state": loading, ready or
    failed; "error"; what else the worker records) as JSON text when the page asks."""
    def status_text() -> str:
        return json.dumps(status)
    return status_text


def face(module, name: str):
    """``module.name`` as the page may call it: each argument an int as the page sent
    it or else its text (a JavaScript value crosses as whatever Pyodide makes of it),
    the answer text, and a bug an {"error"} (``guard``)."""
    fn = getattr(module, name)

    def call(*args) -> str:
        return guard(lambda: fn(*[a if isinstance(a, int) else str(a) for a in args]))
    call.__name__ = name
    return call


def expose(module, names) -> dict:
    """``face`` of each of ``names``, by name: a worker adds them to its globals and
    lists them in ``__export__``."""
    return {name: face(module, name) for name in names}


def guard(fn, *args) -> str:
    """``fn(*args)``'s text, or an error the page shows: a bug never hangs the page."""
    try:
        return fn(*args)
    except Exception as exc:  # a bug in the engine
        return failed(exc)


def failed(exc: Exception) -> str:
    """An engine bug being handled: printed for the console, said to the page."""
    traceback.print_exc()
    return json.dumps({"error": "The engine failed: " + type(exc).__name__ + ": " + str(exc)})
