"""The table page (table.html): keeping score of a game played on a real board.
MicroPython on the main thread; the engine is table.html's own Pyodide worker
(ui/table/worker.py). Pure parts: ui/table/entry.py (the play being entered),
ui/table/chessclock.py (the clock), ui/table/saved.py (what is stored),
ui/table/view.py (HTML); the actions are in ui/table/actions.py. This file only
boots and wires the page's events.
"""

import asyncio
import json

from pyscript import document, window, workers
from pyscript.ffi import create_proxy

from ui import store
from ui.table import actions, entry, saved

PAGE = actions.Page(window, document, store.PageStorage(window))
PROXIES = []
FORMS = {"tb-new": "start", "tb-endf": "racks"}
ARROWS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}


def on(target, kind, handler):
    proxy = create_proxy(handler)
    PROXIES.append(proxy)
    target.addEventListener(kind, proxy)


def run(coro_fn, *args):
    """An engine action: one at a time (a second click while busy waits), and the
    body says busy so tests and players see it."""
    if PAGE.eng is None or PAGE.busy:
        return
    PAGE.busy = True
    document.body.dataset.busy = "1"

    async def go():
        try:
            await coro_fn(*args)
        except Exception as exc:  # a bug: a message in the page, never a dead page
            window.console.error("table page: " + repr(exc))
            PAGE.say("", "Something went wrong in the page (" + str(exc)[:80] + "). Your game is saved; "
                     "reload the page to go on.")
            PAGE.render()
        finally:
            PAGE.busy = False
            document.body.dataset.busy = "0"
    asyncio.create_task(go())


def _click(e):
    sq = e.target.closest("#board [data-square]")
    if sq is not None:
        e.preventDefault()
        if PAGE.eng is not None and not PAGE.busy:
            PAGE.tap(str(sq.dataset.square))
        return
    el = e.target.closest("[data-act]")
    if el is None or str(el.getAttribute("type") or "") == "submit":
        return
    e.preventDefault()
    if str(el.dataset.act) == "key":
        if PAGE.eng is not None and not PAGE.busy:
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
    if PAGE.eng is None or PAGE.busy:
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
    if key == saved.LIST_KEY and PAGE.eng is not None:
        PAGE.s["kept"] = saved.games(PAGE.read(saved.LIST_KEY))
        PAGE.render()
    elif key == saved.KEY:
        run(PAGE.follow)


def _hash(e):
    h = str(window.location.hash or "")
    if h.startswith("#g4."):
        run(PAGE.open_link, h[1:])


async def boot():
    app = document.getElementById("app")
    on(app, "click", _click)
    on(app, "submit", _submit)
    on(document.getElementById("board"), "keydown", _board_key)
    on(document, "keydown", _doc_key)
    on(document.defaultView, "storage", _storage)
    on(document.defaultView, "hashchange", _hash)
    try:
        eng = await workers["table"]
        status = json.loads(await eng.status())
    except Exception as exc:
        status = {"state": "failed", "error": str(exc)[:100]}
    if status.get("state") != "ready":
        document.body.dataset.engine = "failed"
        document.getElementById("tb-loading").textContent = (
            "The engine could not start (" + status.get("error", "") + "). Reload the page to try again.")
        return
    PAGE.eng = eng
    await PAGE.start()
    document.body.dataset.engine = "ready"
    asyncio.create_task(actions.clock_loop(PAGE))


asyncio.create_task(boot())
