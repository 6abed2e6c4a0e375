"""Boot: runs in Pyodide when the page has loaded (see index.html and pyscript.toml).

1. Render the empty board from engine data and drop the splash; mark
   ``<body data-ready="1">`` so tests and benchmarks know Python is up.
2. Load the word list that index.html began downloading while Pyodide booted; mark
   ``data-lexicon`` ("ready", "unavailable" or "error") and ``data-lexicon-ms``.
"""

import time

from pyscript import document, window

from engine.board import LAYOUTS
from ui import render, view

LEXICON = None  # engine.lexicon.Lexicon once loaded


def show_board() -> None:
    render.show_board(document, view.board_view(LAYOUTS["classic15"]))
    render.hide_splash(document)
    document.body.dataset.ready = "1"


async def load_lexicon() -> None:
    render.set_status(document, "Loading the word list\u2026", "loading")
    buffer = await window.lexiconDownload
    if buffer is None:
        document.body.dataset.lexicon = "unavailable"
        render.set_status(document, "Word list unavailable: words cannot be checked.", "unavailable")
        return
    data = buffer.to_bytes()
    try:
        from engine.lexicon import Lexicon

        t0 = time.perf_counter()
        lexicon = Lexicon.from_bytes(data)
        ms = (time.perf_counter() - t0) * 1000
    except Exception as exc:  # shown to the player, never a traceback on the page
        document.body.dataset.lexicon = "error"
        render.set_status(document, f"Word list could not be loaded ({type(exc).__name__}).", "error")
        window.console.warn(f"lexicon: {exc!r}")
        return
    global LEXICON
    LEXICON = lexicon
    Lexicon.set_default(lexicon)  # engine code asking Lexicon.default() gets this one
    document.body.dataset.lexiconMs = f"{ms:.1f}"
    document.body.dataset.lexicon = "ready"
    size = f"{len(data) / 1e6:.1f} MB"
    try:
        words = f"{len(lexicon):,} words, "
    except TypeError:
        words = ""
    render.set_status(document, f"Word list ready ({words}{size}, read in {ms:.0f} ms).", "ready")


show_board()
await load_lexicon()  # noqa: F704 (PyScript runs this file with top-level await)
