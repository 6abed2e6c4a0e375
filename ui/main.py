"""Boot: runs in Pyodide when the page has loaded (see index.html and pyscript.toml).

1. Render the empty board from engine data and drop the splash; mark
   ``<body data-ready="1">`` so tests and benchmarks know Python is up.
2. Load the word list that index.html began downloading while Pyodide booted; mark
   ``data-lexicon`` ("ready", "unavailable" or "error") and ``data-lexicon-ms``.
"""

import time

from pyscript import create_named_worker, document, window
from pyodide.ffi import create_proxy

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


AI_WORKER = None  # the computer player's worker, once started


async def start_worker() -> None:
    """Boot the computer player's worker after the page is ready (a second Pyodide,
    so it must not compete with the page's own boot), then load its word list.
    Marks ``data-worker`` ("ready" or "error")."""
    global AI_WORKER
    try:
        worker = await create_named_worker("./ui/worker.py", "ai", "./pyscript.toml")
        url = window.URL.new("./wordlists/lexicon.bin", window.location.href).href
        await worker.load_lexicon(url)
    except Exception as exc:  # the page still works for two players
        document.body.dataset.worker = "error"
        window.console.warn(f"computer player unavailable: {exc!r}")
        return
    AI_WORKER = worker
    document.body.dataset.worker = "ready"


async def computer_move(rules, cgp, level, bag):
    """JS-callable: ``await window.computerMove("classic", cgp, "hard", 80)``."""
    if AI_WORKER is None:
        raise RuntimeError("the computer player is not ready")
    return await AI_WORKER.computer_move(rules, cgp, level, bag)


window.computerMove = create_proxy(computer_move)
show_board()
await load_lexicon()  # noqa: F704 (PyScript runs this file with top-level await)
if LEXICON is not None:
    await start_worker()  # noqa: F704
