"""What the page's engine workers share at their text boundary (ui/engine_worker.py,
ui/club/worker.py, ui/table/worker.py): the word list loaded from the file the
worker was given, and an exception turned into {"error": ...} text. Why here: each
worker is a file of its own in Pyodide, which imports the engine's zip and nothing
of ui/; one copy keeps their messages and failure handling the same."""

from __future__ import annotations

import json
import time
import traceback

from . import session

LEXICON_FILE = "lexicon.bin"


def load_words(status: dict, path: str = LEXICON_FILE) -> dict:
    """Load the word list into the session; ``status`` gains "state" (ready or failed),
    "error" (for the page, which offers what still works), "words" and "ms"."""
    t0 = time.perf_counter()
    try:
        with open(path, "rb") as f:
            status["words"] = session.load_lexicon(f.read())
        status["state"] = "ready"
    except Exception as exc:  # reported to the page
        status["state"] = "failed"
        status["error"] = "the word list could not be loaded (" + type(exc).__name__ + ")"
    status["ms"] = round((time.perf_counter() - t0) * 1000)
    return status


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
