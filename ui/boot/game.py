"""The game page's UI, in MicroPython on the main thread (started by ui/main.py).

Boot: draw the saved game (or a ready-made first game) at once, mark
``<body data-ready="1">``, then wait for the engine worker (Pyodide, started by
index.html) in the background and mark ``data-engine="ready"``. The page's state
lives in one object (ui/boot/page.py); every user action becomes an event for
ui/boot/handlers.step, and the engine's effects run in order (ui/boot/effects.py).
"""

import asyncio
import json
from html import escape

from pyscript import document, fetch, window, workers
from pyscript.ffi import create_proxy

from ui import state, store
from ui.board.drag import Dragger
from ui.board import phone
from ui.boot import effects, events, firstpaint, kit
from ui.boot import handlers  # noqa: F401 (the page put together: each event's handlers, in order)
from ui.boot.page import Page
from ui.links import embed
from ui.newgame import form, rules_text, wordlist
from ui.panels import page as panels_page
from ui.words.page import Words

PAGE = Page(window, document)
PAGE.run_effects = lambda: effects.pump(PAGE)
PAGE.drag = Dragger(document, window, PAGE.dispatch)


async def first_state():
    """The saved game if readable, else a ready-made first game; never raises."""
    notice = ""
    text, blocked = store.read(PAGE.storage, store.KEY)
    if blocked:
        PAGE.log("storage unavailable:", blocked)
        notice = store.NO_STORAGE
        PAGE.said.append(notice)
    else:
        PAGE.last_text = text or ""
    saved, problem = store.load(text)
    if problem:
        notice = "Your saved game could not be read (" + problem + "); it was set aside and a new game started."
        PAGE.set_aside(text)
    if saved is None:
        early = window.wlcFirstGame  # index.html began fetching it before this interpreter was up
        if early:
            body = await early
        else:
            resp = await fetch("./vendor/first-game.json")
            body = await resp.text() if resp.ok else ""
        try:
            games = json.loads(body) if body else {}
        except ValueError:
            games = {}
        saved = store.pick_first_game(games.get("games"), window.Math.random())
        if saved is None:
            return None
    s = state.initial(saved["layout"], saved["spec"], saved["snap"])
    s = state.with_order(s, saved.get("order") if isinstance(saved.get("order"), str) else "")
    s["notice"] = notice
    return s


on = kit.Events(document, create_proxy, PAGE.proxies).on  # on(an element's id, "document" or "window", kind, handler)


async def get_engine():
    """(the engine worker, "") once it is up, or (None, why not)."""
    eng, status, error = await kit.engine(workers, "engine")
    if status:
        document.body.dataset.engineBoot = "import %s ms, word list %s ms%s" % (
            status.get("import_ms"), status.get("ms"), " (held in the snapshot)" if status.get("held") else "")
    return eng, error


async def engine_ready(eng, error):
    if eng is None:
        PAGE.dispatch({"t": "engine", "status": "failed", "msg": error})
        return
    await wordlist.to_engine(eng, PAGE.storage)   # the player's own lists kept here: a game may name one
    PAGE.engine = eng
    document.body.dataset.engineMs = str(int(window.performance.now()))
    PAGE.dispatch({"t": "engine", "status": "ready"})
    while PAGE.pending:
        PAGE.queue.append(PAGE.pending.pop(0))
    if PAGE.queue and not PAGE.pumping:
        await effects.pump(PAGE)


async def state_from_engine():
    """No saved game and no ready-made one: the engine opens the first game (slow path)."""
    eng, error = await get_engine()
    if eng is None:
        document.querySelector("#splash p").textContent = error
        return None, None, error
    spec = dict(effects.DEFAULT_SPEC)
    spec["seed"] = form.random_seed(window)
    lay = json.loads(await eng.layout("classic"))
    snap = json.loads(await eng.open_game(json.dumps(spec)))
    return state.initial(lay, spec, snap), eng, ""


def wire_events():
    """Every DOM event the page listens to, each to the handler that turns it into an event."""
    page, dispatch = PAGE, PAGE.dispatch
    on("board", "click", lambda e: events.on_board_click(page, e))
    on("board", "keydown", lambda e: events.on_board_key(page, e))
    on("rack", "click", lambda e: events.on_rack_click(page, e))
    for region in ("controls", "overlays", "menu"):
        on(region, "click", lambda e: events.on_action_click(page, e))
    on("document", "keydown", lambda e: events.on_doc_key(page, e))
    on("window", "storage", lambda e: events.on_storage(page, e))
    on("newgame", "change", lambda e: form.on_dialog_change(page, e))
    on("newgame", "click", lambda e: form.on_dialog_click(page, e))
    for region in ("tools", "panel", "pconfirm"):
        on(region, "click", lambda e: panels_page.click(e, dispatch))
    on("panel", "keydown", lambda e: panels_page.keydown(e, dispatch, page.s))
    on("panel", "change", lambda e: panels_page.change(e, dispatch))
    for kind in ("mouseover", "mouseleave", "focusin"):
        on("panel", kind, lambda e: panels_page.hover(e, dispatch))
    on("document", "focusin", panels_page.focusin)
    panels_page.boot(window, dispatch)
    Words(page).attach()  # a shown word's meanings, the word judge


async def boot():
    PAGE.s = await first_state()
    eng = None
    error = ""
    if PAGE.s is None:
        PAGE.s, eng, error = await state_from_engine()
        if PAGE.s is None:
            return
    PAGE.s = embed.boot(PAGE.s, window, document)
    effects.restore_clock(PAGE)
    await window.wlcYield()  # reading the game, drawing the board, the rest: three tasks, not one long one
    PAGE.renderer.draw_board(PAGE.s)
    await window.wlcYield()
    PAGE.renderer.apply(PAGE.s)
    splash = document.getElementById("splash")
    if splash is not None:
        splash.remove()
    await firstpaint.painted(window)  # the board on screen before the rest of the boot
    window.wlcTimes = create_proxy(lambda: json.dumps(PAGE.times[-50:]))
    document.body.dataset.ready = "1"
    document.body.dataset.readyMs = str(int(window.performance.now()))
    wire_events()
    PAGE.drag.attach(on)
    phone.attach(on, document)  # phones: the menu button, the board's zoom
    embed.attach(on, PAGE.dispatch, lambda: PAGE.s)
    about = document.getElementById("about-text")
    about.innerHTML = "".join("<h3>" + escape(h) + "</h3><p>" + escape(t) + "</p>" for h, t in rules_text.ABOUT)
    asyncio.create_task(effects.clock_loop(PAGE))
    if eng is None:
        eng, error = await get_engine()
    await engine_ready(eng, error)
