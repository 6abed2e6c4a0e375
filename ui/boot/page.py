"""The page's mutable state in one object, and the one way to change it: ``dispatch``.

Every user action and every engine answer becomes an event for ui/boot/handlers.step (pure);
the effects the new state asks for run here (saving, panels' local work) or queue
for the engine (ui/boot/effects.py runs them, in order, one at a time).
"""

import asyncio

from ui import render, store
from ui.game import clock
from ui.links import bylink
from ui.links import embed, tabs
from ui.panels import page as panels_page
from ui.panels import actions as panels
from ui.boot import handlers


class Page:
    """What the page holds between events; each field says what it is for."""

    def __init__(self, window, document):
        self.window = window
        self.document = document
        self.s = None            # the state (ui/state.py): replaced by every event
        self.engine = None       # the engine worker, once it is up
        self.queue = []          # engine effects waiting their turn
        self.pending = []        # engine effects asked for before the engine was up
        self.pumping = False     # a task is running the queue
        self.saving = 0          # saves scheduled and not yet written
        self.last_text = None    # the saved game as this tab last wrote or read it; None: unknown
        self.said = []           # storage problems already told to the player
        self.times = []          # (event, step ms, render ms): read by bench/load.py (window.wlcTimes)
        self.proxies = []        # event handlers live as long as the page: kept, never released
        self.turn_clock = clock.TurnClock()  # the time spent on the turn in progress
        self.renderer = render.Renderer(window)
        self.storage = store.PageStorage(window)  # every use of localStorage goes through this
        self.run_effects = None  # runs the engine queue (ui/boot/effects.pump), set at boot
        self.drag = None         # the rack and board drag (ui/board/drag.Dragger), set at boot

    def log(self, *args):
        self.window.console.log(" ".join(str(a) for a in args))

    def dispatch(self, ev):
        perf = self.window.performance
        t0 = perf.now()
        self.s = handlers.step(self.s, ev)
        t1 = perf.now()
        focus = None
        for f in self.s["fx"]:
            if f["do"] == "focus":
                focus = f["sq"]
            elif f["do"] == "save":
                self.saving += 1
                self.document.body.setAttribute("data-saving", "1")
                asyncio.create_task(self.save_soon())
            elif f["do"] == "bylink_save":
                self.save_bylink()
            elif f["do"] in panels.LOCAL_FX:
                asyncio.create_task(panels_page.run_local(f, self.window, self.dispatch))
            else:
                f["shown"] = self.s.get("shown", 0)   # its answer is for the game shown now (see ui/boot/handlers.step)
                self.queue.append(f)
        self.renderer.apply(self.s, focus)
        self.times.append((ev.get("t"), int(t1 - t0), int(perf.now() - t1)))
        if len(self.times) > 200:
            del self.times[:100]
        if self.queue:  # marks for automation that the engine has work queued (effects.pump clears it)
            self.document.body.setAttribute("data-pending", "1")
            if not self.pumping:
                asyncio.create_task(self.run_effects())

    async def save_soon(self):
        """Save in a task of its own, after the frame is on screen (keeps each task short)."""
        await asyncio.sleep(0.02)
        try:
            self.save()
        finally:
            self.saving -= 1
            if not self.saving:  # marks for automation that what is on screen is also stored
                self.document.body.removeAttribute("data-saving")

    def save(self):
        if not embed.may_save(self.s):  # a link's game never overwrites the saved game
            return
        try:
            now, blocked = store.read(self.storage, store.KEY)
            if not blocked and tabs.changed_elsewhere(self.last_text, now):
                self.last_text = now
                if not tabs.same_spec(now, self.s["spec"]):  # another tab moved on: show its game, write nothing
                    self.dispatch({"t": "elsewhere", "text": now})
                    return
            text = store.dump(self.s)
            if not blocked and now and tabs.same_spec(now, self.s["spec"]):
                self.last_text = now   # nothing new to store (e.g. the game shown was rebuilt)
                return
            self.storage.setItem(store.KEY, text)
            self.last_text = text
        except Exception as exc:  # storage full or disabled: the game goes on unsaved, said once
            self.log("could not save the game:", exc)
            self.tell_once(store.why_not_saved(str(exc)))

    def save_bylink(self):
        """Keep the game by link shown in this device's list (ui/links/bylink.py), after every move."""
        if not self.s.get("bylink") or "racks" not in self.s["snap"]:
            return
        games = bylink.parse(store.read(self.storage, bylink.KEY)[0])
        games = bylink.upsert(games, bylink.entry_of(self.s, store.now_text(self.window)))
        try:
            self.storage.setItem(bylink.KEY, bylink.dumps(games))
        except Exception as exc:  # storage full or refused: said once, the game goes on
            self.tell_once(store.why_not_saved(str(exc)))

    def tell_once(self, msg):
        if msg not in self.said:
            self.said.append(msg)
            self.dispatch({"t": "notice", "msg": msg})

    def set_aside(self, text):
        try:
            if text:
                self.storage.setItem(store.ASIDE_KEY, text)
            self.storage.removeItem(store.KEY)
        except Exception:  # storage full or blocked: the unreadable text stays where it is
            pass
