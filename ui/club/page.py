"""The club page (club.html): the players ranked by PPT, and the tournament director.
MicroPython on the main thread; the engine is club.html's own Pyodide worker
(ui/club/worker.py). Pure parts: ui/club/state.py (ranking, matching), ui/store/club.py
(what is stored), ui/club/view.py (HTML); the engine calls are in ui/club/actions.py.
This module only boots and wires the page's events (with the pages' kit, ui/boot/kit.py).
"""

import asyncio

from pyscript import document, window, workers
from pyscript.ffi import create_proxy

from ui import store
from ui.boot import kit
from ui.club import actions, state

PAGE = actions.Page(window, document, store.PageStorage(window))
on = kit.Events(document, create_proxy).on


def _act(e):
    el = e.target.closest("[data-act]")
    if el is None:
        return
    e.preventDefault()
    PAGE.run(PAGE.act, el)   # one at a time: a second click while one runs is dropped


def _storage(e):
    key = str(e.key or "")
    if key in state.KEYS:
        asyncio.create_task(PAGE.storage_changed(key))


def _hash(e):
    asyncio.create_task(PAGE.hash_changed())


async def boot():
    on("app", "click", _act)
    on("club-nav", "click", _act)
    on("scrutiny", "click", _act)    # the scrutiny's Stop and Close (ui/club/actions.py)
    on("window", "storage", _storage)
    on("window", "hashchange", _hash)
    PAGE.render()
    eng, _, error = await kit.engine(workers, "club")
    if eng is None:
        document.body.dataset.engine = "failed"
        PAGE.s["err"] = error
        PAGE.render()
        return
    PAGE.eng = eng
    document.body.dataset.engine = "ready"
    await PAGE.start()
