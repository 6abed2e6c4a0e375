"""The page's UI, in MicroPython on the main thread (see index.html and mpy.toml).

Boot: draw the saved game (or a ready-made first game) at once, mark
``<body data-ready="1">``, then wait for the engine worker (Pyodide, started by
index.html) in the background and mark ``data-engine="ready"``. Every user action
becomes an event for ui/state.step; the effects it asks for (engine calls, saving,
focus) run here, in order, one at a time.
"""

import asyncio
import json

from pyscript import document, fetch, window, workers
from pyscript.ffi import create_proxy

from html import escape

from ui import render, state, store
from ui.links import bylink
from ui.game import clock
from ui.newgame import dialog as newgame
from ui.panels import actions as panels
from ui.panels import page as panels_page
from ui.panels import run as panels_run
from ui.panels import pastgames
from ui.review import actions as review
from ui.newgame import rules_text
from ui.game import standin
from ui.links import tabs
from ui.links import embed as links  # game links, share, replay, embed (issue 11)
from ui.boot import firstpaint  # issue 15: first paint; phones: menu button, board zoom
from ui.board import phone
from ui.board.drag import Dragger

panels.install(state.HANDLERS)  # the panels beside the board
review.install(state.HANDLERS)  # the review panel: every turn beside the best play
state.HANDLERS.update(clock.HANDLERS)  # the players' clocks
state.HANDLERS.update(standin.HANDLERS)  # when the computer cannot move
state.HANDLERS.update(tabs.HANDLERS)  # the same game changed in another tab

ENGINE_TIMEOUT_S = 180
R = render.Renderer(window)
STORAGE = store.PageStorage(window)  # every use of localStorage goes through this
SAID = []  # storage problems already told to the player
LAST_TEXT = [None]  # the saved game as this tab last wrote or read it (ui/links/tabs.py); None: unknown
S = None
ENG = None
QUEUE = []
PENDING = []  # engine work asked for before the engine was up
PUMPING = [False]
SAVING = [0]  # saves scheduled and not yet written
TIMES = []  # (event, step ms, render ms): read by bench/load.py through window.wlcTimes
PROXIES = []  # event handlers live as long as the page: kept here, never released
CLOCK = clock.TurnClock()  # the time spent on the turn in progress
CLOCK_KEY = "wlc.clock"  # that time, kept over a reload: "turn key=ms"


def log(*args):
    window.console.log(" ".join(str(a) for a in args))


def dispatch(ev):
    global S
    t0 = window.performance.now()
    S = state.step(S, ev)
    t1 = window.performance.now()
    focus = None
    for f in S["fx"]:
        if f["do"] == "focus":
            focus = f["sq"]
        elif f["do"] == "save":
            SAVING[0] += 1
            window.document.body.setAttribute("data-saving", "1")
            asyncio.create_task(save_soon())
        elif f["do"] == "bylink_save":
            save_bylink()
        elif f["do"] in panels.LOCAL_FX:
            asyncio.create_task(panels_page.run_local(f, window, dispatch))
        else:
            f["shown"] = S.get("shown", 0)   # its answer is for the game shown now (see state.step)
            QUEUE.append(f)
    R.apply(S, focus)
    TIMES.append((ev.get("t"), int(t1 - t0), int(window.performance.now() - t1)))
    if len(TIMES) > 200:
        del TIMES[:100]
    if QUEUE and not PUMPING[0]:
        asyncio.create_task(pump())


async def save_soon():
    """Save in a task of its own, after the frame is on screen (keeps each task short)."""
    await asyncio.sleep(0.02)
    try:
        save()
    finally:
        SAVING[0] -= 1
        if not SAVING[0]:  # marks for automation that what is on screen is also stored
            window.document.body.removeAttribute("data-saving")


def save():
    if not links.may_save(S):  # a link's game never overwrites the saved game
        return
    try:
        now, blocked = store.read(STORAGE, store.KEY)
        if not blocked and tabs.changed_elsewhere(LAST_TEXT[0], now):
            LAST_TEXT[0] = now
            if not tabs.same_spec(now, S["spec"]):  # another tab moved on: show its game, write nothing
                dispatch({"t": "elsewhere", "text": now})
                return
        text = store.dump(S)
        if not blocked and now and tabs.same_spec(now, S["spec"]):
            LAST_TEXT[0] = now   # nothing new to store (e.g. the game shown was rebuilt)
            return
        STORAGE.setItem(store.KEY, text)
        LAST_TEXT[0] = text
    except Exception as exc:  # storage full or disabled: the game goes on unsaved, said once
        log("could not save the game:", exc)
        msg = store.why_not_saved(str(exc))
        if msg not in SAID:
            SAID.append(msg)
            dispatch({"t": "notice", "msg": msg})


def save_bylink():
    """Keep the game by link shown in this device's list (ui/links/bylink.py), after every move."""
    if not S.get("bylink") or "racks" not in S["snap"]:
        return
    games = bylink.parse(store.read(STORAGE, bylink.KEY)[0])
    games = bylink.upsert(games, bylink.entry_of(S, pastgames.now_text(window)))
    try:
        STORAGE.setItem(bylink.KEY, bylink.dumps(games))
    except Exception as exc:  # storage full or refused: said once, the game goes on
        msg = store.why_not_saved(str(exc))
        if msg not in SAID:
            SAID.append(msg)
            dispatch({"t": "notice", "msg": msg})


async def pump():
    PUMPING[0] = True
    try:
        while QUEUE:
            f = QUEUE.pop(0)
            if ENG is None:
                if S["engine"] == "failed":
                    dispatch({"t": "error", "msg": "The engine is not available: " + S["notice"]})
                elif f["do"] != "preview":
                    PENDING.append(f)
                continue
            try:
                await run(f)
            except Exception as exc:
                log("engine call failed:", f.get("do"), exc)
                if f["do"] == "computer":  # offer to try again or to play its seat (ui/game/standin.py)
                    dispatch({"t": "computer_failed", "why": str(exc)[:120]})
                else:
                    dispatch({"t": "error", "msg": "The engine did not answer (" + str(exc)[:120] + ")."})
    finally:
        PUMPING[0] = False


async def run(f):
    do = f["do"]
    if do.startswith("p_"):  # the panels beside the board (ui/panels/actions.py)
        await panels_run.run(f, ENG, window, dispatch, lambda: S)
        return
    if await links.run(f, ENG, dispatch, lambda: S):
        return

    def send(ev):  # the game's own answers, stamped: dropped if another tab replaced it meanwhile
        dispatch(dict(ev, shown=f.get("shown", S.get("shown", 0))))

    if do == "preview":
        if f["seq"] != S["seq"]:
            return
        result = json.loads(await ENG.preview(f["arg"]))
        send({"t": "preview", "seq": f["seq"], "result": result})
    elif do == "play":
        spent = elapsed_ms()
        result = json.loads(await ENG.preview(f["arg"]))
        if result.get("error") and "legal" not in result:
            send({"t": "error", "msg": result["error"]})
        elif not result.get("legal") or not result.get("move"):
            send({"t": "preview", "seq": S["seq"], "result": result})
            send({"t": "error", "msg": result.get("error") or "That is not a legal play."})
        else:
            send({"t": "snapshot", "snap": json.loads(await ENG.act(result["move"], spent))})
    elif do == "act":
        send({"t": "snapshot", "snap": json.loads(await ENG.act(f["arg"], elapsed_ms()))})
    elif do == "computer":
        t0 = window.performance.now()
        seats = S["snap"].get("seats", [])
        who = S["snap"].get("to_move", 0)
        kind = seats[who].get("kind", "hard") if who < len(seats) else "hard"
        snap = json.loads(await ENG.computer(state.COMPUTER_MS.get(kind, 2000)))
        document.body.dataset.computerMs = str(int(window.performance.now() - t0))
        if "racks" not in snap:  # the engine failed on the computer's turn (ui/game/standin.py)
            send({"t": "computer_failed", "why": snap.get("error", "")[:160]})
        else:
            send({"t": "snapshot", "snap": snap})
    elif do == "open":
        spec = f["spec"]
        lay = None
        if f.get("new") or spec.get("rules") != S["layout"].get("rules"):
            lay = json.loads(await ENG.layout(spec.get("rules", "classic")))
        snap = json.loads(await ENG.open_game(json.dumps(spec))) if lay is None or "error" not in lay else lay
        if "racks" not in snap:
            if f.get("new"):
                send({"t": "error", "msg": snap.get("error", "That game cannot be started.")})
                return
            # the saved game cannot be rebuilt at all: set it aside and start afresh
            set_aside(store.read(STORAGE, store.KEY)[0])
            send({"t": "notice", "msg": "Your saved game could not be rebuilt (" + snap.get("error", "?")
                      + "); it was set aside and a new game started."})
            fresh = dict(DEFAULT_SPEC)
            fresh["seed"] = random_seed()
            send({"t": "new_game", "spec": fresh})
            return
        ev = {"t": "snapshot", "snap": snap, "layout": lay}
        if not f.get("new"):
            ev["keep"] = True
        send(ev)


# ------------------------------------------------------------------ clocks


def elapsed_ms():
    """The time the turn in progress took (the engine charges it), -1 without a clock."""
    key = clock.turn_key(S)
    if key is None:
        return -1
    now = window.performance.now()
    CLOCK.update(key, False, now)  # the action stops the turn's clock
    return CLOCK.ms(now)


async def clock_loop():
    """Four times a second: run or pause the turn's clock, redraw it when the shown
    second changes (remembering it for a reload), and say when time is up."""
    while True:
        await asyncio.sleep(0.25)
        key = clock.turn_key(S)
        now = window.performance.now()
        CLOCK.update(key, clock.running(S), now)
        if key is None:
            continue
        ms = CLOCK.ms(now)
        base = S["snap"]["clock"][S["snap"].get("to_move", 0)]
        if key != S.get("clock_key") or (base - ms) // 1000 != (base - S.get("clock_spent", 0)) // 1000:
            dispatch({"t": "tick", "key": key, "ms": ms})
            try:
                STORAGE.setItem(CLOCK_KEY, key + "=" + str(ms))
            except Exception:  # storage full or blocked: the game's own save says so
                pass
        if clock.time_is_up(S):
            dispatch({"t": "time_up"})


def restore_clock():
    """After a reload, the turn in progress keeps the time it had used."""
    global S
    key = clock.turn_key(S)
    text, _ = store.read(STORAGE, CLOCK_KEY)
    if key is None or not text or "=" not in text:
        return
    saved, _, ms = text.rpartition("=")
    if saved == key and ms.isdigit():
        CLOCK.update(key, False, window.performance.now())
        CLOCK.restore(key, int(ms))
        S = state.step(S, {"t": "tick", "key": key, "ms": CLOCK.ms(0)})  # drawn so from the first frame


# ------------------------------------------------------------------ boot


def set_aside(text):
    try:
        if text:
            STORAGE.setItem(store.ASIDE_KEY, text)
        STORAGE.removeItem(store.KEY)
    except Exception:  # storage full or blocked: the unreadable text stays where it is
        pass


async def first_state():
    """The saved game if readable, else a ready-made first game; never raises."""
    notice = ""
    text, blocked = store.read(STORAGE, store.KEY)
    if blocked:
        log("storage unavailable:", blocked)
        notice = store.NO_STORAGE
        SAID.append(notice)
    else:
        LAST_TEXT[0] = text or ""
    saved, problem = store.load(text)
    if problem:
        notice = "Your saved game could not be read (" + problem + "); it was set aside and a new game started."
        set_aside(text)
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


def on(region_id, kind, handler):
    proxy = create_proxy(handler)
    PROXIES.append(proxy)
    if region_id == "window":
        target = document.defaultView  # the page's window as a DOM object (addEventListener keeps its this)
    else:
        target = document if region_id == "document" else document.getElementById(region_id)
    target.addEventListener(kind, proxy)


def random_order(n):
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = int(window.Math.random() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return order


def random_seed():
    return str(int(window.Math.random() * 1e9))


DRAG = Dragger(document, window, dispatch)


def on_storage(e):
    """Another tab or window wrote the saved game (the browser tells the others only)."""
    if e.key != store.KEY or not e.newValue or e.newValue == LAST_TEXT[0]:
        return
    LAST_TEXT[0] = e.newValue
    if not tabs.same_spec(e.newValue, S["spec"]):
        dispatch({"t": "elsewhere", "text": e.newValue})


def on_board_click(e):
    if DRAG.swallow_click():
        return
    cell = e.target.closest("[data-square]")
    if cell is not None:
        dispatch({"t": "tap_square", "sq": cell.dataset.square})


KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", " ", "Enter", "Escape", "Backspace")


def on_board_key(e):
    key = e.key
    if key in KEYS or (len(key) == 1 and key.isalpha() and not e.ctrlKey and not e.metaKey and not e.altKey):
        e.preventDefault()
        dispatch({"t": "key", "key": key, "shift": bool(e.shiftKey)})


def on_doc_key(e):
    """Keys outside the board: the letter chooser, and typing while a rack tile or the
    page has focus (Space and Enter stay with buttons; forms keep their keys)."""
    key = e.key
    letter = len(key) == 1 and key.isalpha() and not e.ctrlKey and not e.metaKey and not e.altKey
    if S["choose"] and (key == "Escape" or letter):
        e.preventDefault()
        dispatch({"t": "key", "key": key, "shift": bool(e.shiftKey)})
        return
    target = e.target
    if document.querySelector("dialog[open]") is not None or target.closest("#board") is not None:
        return
    if target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
        return
    if key == "Escape" and target.closest(".top") is not None:
        return   # Escape in the header closes the phone menu (ui/board/phone.py), not the tiles put down
    on_button = target.tagName == "BUTTON"
    if letter or key in ("Backspace", "Escape") or (key == "Enter" and not on_button):
        e.preventDefault()
        dispatch({"t": "key", "key": key, "shift": bool(e.shiftKey)})


def on_rack_click(e):
    if DRAG.swallow_click():
        return
    tile = e.target.closest("[data-id]")
    if tile is not None:
        dispatch({"t": "tap_rack", "id": int(tile.dataset.id)})


def on_action_click(e):
    btn = e.target.closest("button")
    if btn is None or btn.disabled:
        return
    act = btn.getAttribute("data-act")
    # only the chooser's keys answer it (a rack tile carries data-letter too: tapping
    # the blank after a square must open the chooser, not answer it with "?")
    letter = btn.getAttribute("data-letter") if btn.closest("#chooser") is not None else None
    if letter and S["choose"]:
        dispatch({"t": "choose", "letter": letter})
    elif act == "shuffle":
        dispatch({"t": "shuffle", "order": random_order(len(S["rack"]))})
    elif act == "trade":
        dispatch({"t": "exchange", "mode": "trade"})
    elif act == "open_new":
        open_dialog()
    elif act == "rematch":
        spec = dict(S["spec"])  # same rules and seats (and start position, if any), a new bag
        spec["seed"] = random_seed()
        spec["actions"], spec["hints"] = [], []
        dispatch({"t": "new_game", "spec": spec})
    elif act == "seats_human":
        spec = standin.people_spec(S)
        if spec is not None:
            dispatch({"t": "new_game", "spec": spec})
    elif act == "about":
        document.getElementById("about").showModal()
    elif act:
        dispatch({"t": act})


# ------------------------------------------------------------------ new game dialog


def form_fields():
    out = {}
    for el in document.querySelectorAll("#ng-form [name]"):
        if el.type in ("checkbox", "radio") and not el.checked:
            continue
        out[el.name] = el.value
    return out


def open_dialog():
    preset = S["spec"].get("rules", "classic").split(",")[0]
    seats = [(x.get("name", ""), x.get("kind", "human")) for x in S["spec"].get("seats", [])]
    dlg = document.getElementById("newgame")
    dlg.innerHTML = newgame.dialog_html(preset, seats, in_progress(S))
    dlg.showModal()


def in_progress(s):
    """The game shown is the player's own, unfinished: a new game keeps it in Past games."""
    snap = s["snap"]
    return bool(snap.get("actions")) and snap.get("phase") != "over" and links.may_save(s)


def close_dialog():
    dlg = document.getElementById("newgame")
    if dlg.open:
        dlg.close()


def on_dialog_change(e):
    if e.target.name == "preset":
        fields = form_fields()
        seats = []
        for i in range(4):
            if i < 2 or fields.get("seat" + str(i) + "-on") == "1":
                seats.append((fields.get("seat" + str(i) + "-name", ""), fields.get("seat" + str(i) + "-kind", "human")))
        dlg = document.getElementById("newgame")
        dlg.innerHTML = newgame.dialog_html(e.target.value, seats, in_progress(S))
        document.querySelector('#ng-form input[value="' + e.target.value + '"]').focus()
    elif e.target.name and e.target.name.startswith("knob-"):
        document.getElementById("ng-summary").innerHTML = newgame.fields_summary_html(form_fields())


def on_dialog_click(e):
    btn = e.target.closest("button")
    if btn is None:
        return
    act = btn.getAttribute("data-act")
    if act == "cancel":
        e.preventDefault()
        close_dialog()
    elif act == "start":
        e.preventDefault()
        form = document.getElementById("ng-form")
        if not form.checkValidity():  # a number out of its field's range: the browser says so at the field
            form.reportValidity()
            return
        fields = form_fields()
        summary = document.getElementById("ng-summary")
        try:
            spec = newgame.spec_of(fields, random_seed())
        except ValueError:  # a knob the dialog cannot read: say so where the summary is
            summary.innerHTML = newgame.fields_summary_html(fields)
            summary.scrollIntoView()
            return
        problem = bylink.dialog_problem([(x["name"], x["kind"]) for x in spec["seats"]])
        if problem:  # seats that cannot play by link: said where the summary is
            summary.innerHTML = '<p class="pv-bad" role="alert">' + escape(problem) + "</p>"
            summary.scrollIntoView()
            return
        close_dialog()
        dispatch({"t": "new_game", "spec": spec})


# ------------------------------------------------------------------ engine


DEFAULT_SPEC = {"rules": "classic", "seed": "", "actions": [],
                "seats": [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]}


async def _engine_worker():
    return await workers["engine"]  # a JS promise: wait_for needs a coroutine


async def get_engine():
    """(the engine worker, "") once it is up, or (None, why not)."""
    try:
        eng = await asyncio.wait_for(_engine_worker(), ENGINE_TIMEOUT_S)
        status = json.loads(await eng.status())
    except Exception as exc:
        return None, "The game engine could not start (" + str(exc)[:100] + "). Reload the page to try again."
    document.body.dataset.engineBoot = "import %s ms, word list %s ms" % (status.get("import_ms"), status.get("ms"))
    if status.get("state") != "ready":
        return None, "The game engine could not start: " + status.get("error", "unknown error") + "."
    return eng, ""


async def engine_ready(eng, error):
    global ENG
    if eng is None:
        dispatch({"t": "engine", "status": "failed", "msg": error})
        return
    ENG = eng
    document.body.dataset.engineMs = str(int(window.performance.now()))
    dispatch({"t": "engine", "status": "ready"})
    while PENDING:
        QUEUE.append(PENDING.pop(0))
    if QUEUE and not PUMPING[0]:
        await pump()


async def state_from_engine():
    """No saved game and no ready-made one: the engine opens the first game (slow path)."""
    eng, error = await get_engine()
    if eng is None:
        document.querySelector("#splash p").textContent = error
        return None, None, error
    spec = dict(DEFAULT_SPEC)
    spec["seed"] = random_seed()
    lay = json.loads(await eng.layout("classic"))
    snap = json.loads(await eng.open_game(json.dumps(spec)))
    return state.initial(lay, spec, snap), eng, ""


async def boot():
    global S
    S = await first_state()
    eng = None
    error = ""
    if S is None:
        S, eng, error = await state_from_engine()
        if S is None:
            return
    links.install(state)
    bylink.install(state.HANDLERS)  # play by link: after the links' handlers, so outermost
    S = links.boot(S, window, document)
    restore_clock()
    R.apply(S)
    splash = document.getElementById("splash")
    if splash is not None:
        splash.remove()
    await firstpaint.painted(window)  # issue 15: the board on screen before the rest of the boot
    window.wlcTimes = create_proxy(lambda: json.dumps(TIMES[-50:]))
    document.body.dataset.ready = "1"
    document.body.dataset.readyMs = str(int(window.performance.now()))
    on("board", "click", on_board_click)
    on("board", "keydown", on_board_key)
    on("rack", "click", on_rack_click)
    on("controls", "click", on_action_click)
    on("overlays", "click", on_action_click)
    on("menu", "click", on_action_click)
    on("document", "keydown", on_doc_key)
    on("window", "storage", on_storage)
    on("newgame", "change", on_dialog_change)
    on("newgame", "click", on_dialog_click)
    for region in ("tools", "panel", "pconfirm"):
        on(region, "click", lambda e: panels_page.click(e, dispatch))
    on("panel", "keydown", lambda e: panels_page.keydown(e, dispatch, S))
    on("panel", "change", lambda e: panels_page.change(e, dispatch))
    for kind in ("mouseover", "mouseleave", "focusin"):
        on("panel", kind, lambda e: panels_page.hover(e, dispatch))
    on("document", "focusin", panels_page.focusin)
    panels_page.boot(window, dispatch)
    DRAG.attach(on)
    phone.attach(on, document)  # issue 15: menu button, board zoom
    links.attach(on, dispatch, lambda: S)
    about = document.getElementById("about-text")
    about.innerHTML = "".join("<h3>" + escape(h) + "</h3><p>" + escape(t) + "</p>" for h, t in rules_text.ABOUT)
    asyncio.create_task(clock_loop())
    if eng is None:
        eng, error = await get_engine()
    await engine_ready(eng, error)


asyncio.create_task(boot())
