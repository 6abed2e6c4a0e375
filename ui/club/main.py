"""The club page (club.html): the players ranked by PPT, and the tournament director.
MicroPython on the main thread; the engine is club.html's own Pyodide worker
(ui/club/worker.py). Pure parts: ui/club/state.py (storage, ranking, matching),
ui/club/view.py (HTML); the engine calls are in ui/club/actions.py. This file only
boots and wires the page's events.
"""

import asyncio
import json

from pyscript import document, window, workers
from pyscript.ffi import create_proxy

from ui import store
from ui.club import actions, state

PAGE = actions.Page(window, document, store.PageStorage(window))
PROXIES = []


def on(target, kind, handler):
    proxy = create_proxy(handler)
    PROXIES.append(proxy)
    target.addEventListener(kind, proxy)


def _act(e):
    el = e.target.closest("[data-act]")
    if el is None:
        return
    e.preventDefault()
    if PAGE.eng is None or PAGE.busy:
        return
    PAGE.busy = True  # at once: a second click waits, and tests see the page busy
    document.body.dataset.busy = "1"
    asyncio.create_task(PAGE.act(el))


def _storage(e):
    key = str(e.key or "")
    if key in (state.KEY, state.PAST_KEY, state.GAME_KEY, state.BYLINK_KEY):
        asyncio.create_task(PAGE.storage_changed(key))


def _hash(e):
    asyncio.create_task(PAGE.hash_changed())


async def boot():
    on(document.getElementById("app"), "click", _act)
    on(document.getElementById("club-nav"), "click", _act)
    on(document.defaultView, "storage", _storage)
    on(document.defaultView, "hashchange", _hash)
    PAGE.render()
    try:
        eng = await workers["club"]
        status = json.loads(await eng.status())
    except Exception as exc:
        status = {"state": "failed", "error": str(exc)[:100]}
    if status.get("state") != "ready":
        document.body.dataset.engine = "failed"
        PAGE.s["err"] = "The engine could not start (" + status.get("error", "") + "). Reload the page to try again."
        PAGE.render()
        return
    PAGE.eng = eng
    document.body.dataset.engine = "ready"
    await PAGE.start()


asyncio.create_task(boot())
