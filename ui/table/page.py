"""The table page (table.html): keeping score of a game played on a real board.
MicroPython on the main thread; the engine is table.html's own Pyodide worker
(ui/table/worker.py). Pure parts: ui/table/entry.py (the play being entered),
ui/table/chessclock.py (the clock), ui/store/tables.py (what is stored),
ui/table/view.py (HTML); the actions are in ui/table/actions.py. This module only
boots and wires the page's events (with the pages' kit, ui/boot/kit.py).
"""

import asyncio

from pyscript import document, window, workers
from pyscript.ffi import create_proxy

from ui import store
from ui.boot import kit
from ui.store import tables
from ui.table import actions, entry, words

PAGE = actions.Page(window, document, store.PageStorage(window))
on = kit.Events(document, create_proxy).on
run = PAGE.run   # an engine action: one at a time, the body says busy, an error is a message
FORMS = {"tb-new": "start", "tb-endf": "racks"}
ARROWS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}


def _click(e):
    sq = e.target.closest("#board [data-square]")
    if sq is not None:
        e.preventDefault()
        if PAGE.free():
            PAGE.tap(str(sq.dataset.square))
        return
    el = e.target.closest("[data-act]")
    if el is None or str(el.getAttribute("type") or "") == "submit":
        return
    e.preventDefault()
    if str(el.dataset.act) == "key":
        if PAGE.free():
            PAGE.key(str(el.dataset.key))
        return
    run(PAGE.act, str(el.dataset.act), el)


def _submit(e):
    e.preventDefault()
    form = str(e.target.id or "")
    if form == "tb-typed":
        run(PAGE.typed, str(document.getElementById("tb-typed-text").value))
    elif form in FORMS:
        run(PAGE.act, FORMS[form], None)


def _board_key(e):
    key = str(e.key)
    if e.ctrlKey or e.metaKey or e.altKey:
        return
    if not PAGE.free():
        return
    if key in ARROWS:
        e.preventDefault()
        entry.move_cursor(PAGE.s, ARROWS[key][0], ARROWS[key][1])
        PAGE.render("sq-" + PAGE.s["cursor"])
    elif len(key) == 1 and "a" <= key.lower() <= "z":
        e.preventDefault()
        PAGE.key(key.upper(), True)
    elif key == "?":
        e.preventDefault()
        PAGE.key("blank", True)
    elif key == "Backspace":
        e.preventDefault()
        PAGE.key("back", True)
    elif key == "Enter":
        e.preventDefault()
        run(PAGE.confirm)
    elif key == "Escape":
        e.preventDefault()
        run(PAGE.act, "clear", None)


def _doc_key(e):
    if str(e.key) == "Escape" and PAGE.s["big"]:
        e.preventDefault()
        PAGE.big(False)
        return
    if str(e.key) != " " or e.ctrlKey or e.metaKey or e.altKey:
        return
    tag = str(e.target.tagName or "").lower()
    if tag in ("input", "textarea", "select"):
        return
    e.preventDefault()
    if not PAGE.busy:
        PAGE.space()


def _storage(e):
    """Another tab of this page: its kept games, and the game in progress it changed."""
    key = str(e.key or "")
    if key == tables.LIST_KEY and PAGE.eng is not None:
        PAGE.s["kept"] = tables.games(PAGE.read(tables.LIST_KEY))
        PAGE.render()
    elif key == tables.KEY:
        run(PAGE.follow)


def _hash(e):
    h = str(window.location.hash or "")
    if h.startswith("#g4."):
        run(PAGE.open_link, h[1:])


async def boot():
    on("app", "click", _click)
    on("app", "submit", _submit)
    on("board", "keydown", _board_key)
    on("document", "keydown", _doc_key)
    on("window", "storage", _storage)
    on("window", "hashchange", _hash)
    PAGE.words = words.attach(PAGE)   # the word judge, a word's meanings, the 72 (ui/words/)
    eng, _, error = await kit.engine(workers, "table")
    if eng is None:
        document.body.dataset.engine = "failed"
        document.getElementById("tb-loading").textContent = error
        return
    PAGE.eng = eng
    await PAGE.start()
    document.body.dataset.engine = "ready"
    asyncio.create_task(actions.clock_loop(PAGE))
