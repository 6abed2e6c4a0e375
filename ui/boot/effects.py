"""The effects the engine answers, run in order one at a time; and the players' clocks.

ui/boot/handlers.step asks for effects (a preview, a play, the computer's move, opening a
game); ``pump`` runs them against the engine worker and turns each answer into an
event. The turn's clock runs here too, since only the page knows the time.
"""

import asyncio
import json

from ui import state, store
from ui.game import clock
from ui.links import embed
from ui.newgame.form import random_seed
from ui.panels import run as panels_run
from ui.boot import handlers

DEFAULT_SPEC = {"rules": "classic", "seed": "", "actions": [],
                "seats": [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]}


async def pump(page):
    page.pumping = True
    try:
        while page.queue:
            f = page.queue.pop(0)
            if page.engine is None:
                if page.s["engine"] == "failed":
                    page.dispatch({"t": "error", "msg": "The engine is not available: " + page.s["notice"]})
                elif f["do"] != "preview":
                    page.pending.append(f)
                continue
            try:
                await run(page, f)
            except Exception as exc:
                page.log("engine call failed:", f.get("do"), exc)
                if f["do"] == "computer":  # offer to try again or to play its seat (ui/game/standin.py)
                    page.dispatch({"t": "computer_failed", "why": str(exc)[:120]})
                else:
                    page.dispatch({"t": "error", "msg": "The engine did not answer (" + str(exc)[:120] + ")."})
    finally:
        page.pumping = False
        page.document.body.removeAttribute("data-pending")   # (set by page.dispatch)


async def run(page, f):
    do = f["do"]
    if do.startswith("p_"):  # the panels beside the board (ui/panels/actions.py)
        await panels_run.run(f, page.engine, page.window, page.dispatch, lambda: page.s)
        return
    if await embed.run(f, page.engine, page.dispatch, lambda: page.s):
        return

    def send(ev):  # the game's own answers, stamped: dropped if another tab replaced it meanwhile
        page.dispatch(dict(ev, shown=f.get("shown", page.s.get("shown", 0))))

    if do == "preview":
        if f["seq"] != page.s["seq"]:
            return
        result = json.loads(await page.engine.preview(f["arg"]))
        send({"t": "preview", "seq": f["seq"], "result": result})
    elif do == "play":
        spent = elapsed_ms(page)
        result = json.loads(await page.engine.preview(f["arg"]))
        if result.get("error") and "legal" not in result:
            send({"t": "error", "msg": result["error"]})
        elif not result.get("legal") or not result.get("move"):
            send({"t": "preview", "seq": page.s["seq"], "result": result})
            send({"t": "error", "msg": result.get("error") or "That is not a legal play."})
        else:
            send({"t": "snapshot", "snap": json.loads(await page.engine.act(result["move"], spent))})
    elif do == "act":
        send({"t": "snapshot", "snap": json.loads(await page.engine.act(f["arg"], elapsed_ms(page)))})
    elif do == "computer":
        t0 = page.window.performance.now()
        seats = page.s["snap"].get("seats", [])
        who = page.s["snap"].get("to_move", 0)
        kind = seats[who].get("kind", "hard") if who < len(seats) else "hard"
        snap = json.loads(await page.engine.computer(state.COMPUTER_MS.get(kind, 2000)))
        page.document.body.dataset.computerMs = str(int(page.window.performance.now() - t0))
        if "racks" not in snap:  # the engine failed on the computer's turn (ui/game/standin.py)
            send({"t": "computer_failed", "why": snap.get("error", "")[:160]})
        else:
            send({"t": "snapshot", "snap": snap})
    elif do == "open":
        spec = f["spec"]
        lay = None
        if f.get("new") or spec.get("rules") != page.s["layout"].get("rules"):
            lay = json.loads(await page.engine.layout(spec.get("rules", "classic")))
        snap = json.loads(await page.engine.open_game(json.dumps(spec))) if lay is None or "error" not in lay else lay
        if "racks" not in snap:
            if f.get("new"):
                send({"t": "error", "msg": snap.get("error", "That game cannot be started.")})
                return
            # the saved game cannot be rebuilt at all: set it aside and start afresh
            page.set_aside(store.read(page.storage, store.KEY)[0])
            send({"t": "notice", "msg": "Your saved game could not be rebuilt (" + snap.get("error", "?")
                      + "); it was set aside and a new game started."})
            fresh = dict(DEFAULT_SPEC)
            fresh["seed"] = random_seed(page.window)
            send({"t": "new_game", "spec": fresh})
            return
        ev = {"t": "snapshot", "snap": snap, "layout": lay}
        if not f.get("new"):
            ev["keep"] = True
        send(ev)


# ------------------------------------------------------------------ clocks


def elapsed_ms(page):
    """The time the turn in progress took (the engine charges it), -1 without a clock."""
    key = clock.turn_key(page.s)
    if key is None:
        return -1
    now = page.window.performance.now()
    page.turn_clock.update(key, False, now)  # the action stops the turn's clock
    return page.turn_clock.ms(now)


async def clock_loop(page):
    """Four times a second: run or pause the turn's clock, redraw it when the shown
    second changes (remembering it for a reload), and say when time is up."""
    while True:
        await asyncio.sleep(0.25)
        key = clock.turn_key(page.s)
        now = page.window.performance.now()
        page.turn_clock.update(key, clock.running(page.s), now)
        if key is None:
            continue
        ms = page.turn_clock.ms(now)
        base = page.s["snap"]["clock"][page.s["snap"].get("to_move", 0)]
        if key != page.s.get("clock_key") or (base - ms) // 1000 != (base - page.s.get("clock_spent", 0)) // 1000:
            page.dispatch({"t": "tick", "key": key, "ms": ms})
            try:
                page.storage.setItem(store.CLOCK_KEY, key + "=" + str(ms))
            except Exception:  # storage full or blocked: the game's own save says so
                pass
        if clock.time_is_up(page.s):
            page.dispatch({"t": "time_up"})


def restore_clock(page):
    """After a reload, the turn in progress keeps the time it had used."""
    key = clock.turn_key(page.s)
    text, _ = store.read(page.storage, store.CLOCK_KEY)
    if key is None or not text or "=" not in text:
        return
    saved, _, ms = text.rpartition("=")
    if saved == key and ms.isdigit():
        page.turn_clock.update(key, False, page.window.performance.now())
        page.turn_clock.restore(key, int(ms))
        page.s = handlers.step(page.s, {"t": "tick", "key": key, "ms": page.turn_clock.ms(0)})  # drawn so from the first frame
