"""What the three pages share (ui/boot/game.py, ui/club/page.py, ui/table/page.py; their shared
JavaScript is ui/kit.js): DOM events with their handlers kept alive, the wait for the
page's engine worker (one timeout, one message when it fails, on every page), and the
busy guard of the club and table pages (one engine action at a time).

MicroPython-safe and without ``pyscript`` imports: each page hands in pyscript's
``create_proxy`` and ``workers``, so the native tests run this with stand-ins.
"""

import asyncio
import json

ENGINE_TIMEOUT_S = 180   # a first visit on a slow phone starts the engine well within this


def engine_failed(why):
    """The one message, on every page, for an engine worker that did not start."""
    return "The game engine could not start (" + why + "). Reload the page to try again."


class Events:
    """``on(target, kind, handler)``, ``target`` an element, an element's id, "document"
    or "window". Each handler's proxy lives as long as the page (kept in ``proxies``,
    never released: a proxy released while its listener is registered breaks the page)."""

    def __init__(self, document, create_proxy, proxies=None):
        self.document = document
        self.create_proxy = create_proxy
        self.proxies = [] if proxies is None else proxies

    def on(self, target, kind, handler):
        if isinstance(target, str):
            if target == "window":
                target = self.document.defaultView  # the page's window as a DOM object (addEventListener keeps its this)
            elif target == "document":
                target = self.document
            else:
                target = self.document.getElementById(target)
        proxy = self.create_proxy(handler)
        self.proxies.append(proxy)
        target.addEventListener(kind, proxy)


async def _resolved(promise):
    return await promise  # a JS promise: wait_for needs a coroutine


async def engine(workers, name, timeout_s=ENGINE_TIMEOUT_S):
    """(the worker, its status, "") once the page's engine worker ``name`` is up, else
    (None, its status or {}, the message to show). ``workers``: pyscript's."""
    try:
        eng = await asyncio.wait_for(_resolved(workers[name]), timeout_s)
        status = json.loads(await eng.status())
    except Exception as exc:  # no worker, no answer in time, or an answer that is not JSON
        return None, {}, engine_failed(str(exc)[:100] or "no answer in " + str(timeout_s) + " s")
    if not isinstance(status, dict):
        return None, {}, engine_failed("no status")
    if status.get("state") != "ready":
        return None, status, engine_failed(str(status.get("error") or "unknown error"))
    return eng, status, ""


class Guard:
    """The busy guard, the base of the club's and the table's page objects (which say a
    message with ``say(msg, err)`` and draw with ``render()``): an engine action runs only
    when the engine (``eng``) is up and no other runs (a second click while one runs is
    dropped), ``<body data-busy="1">`` meanwhile (tests and players see it), and an
    exception in it is a message in the page, never a dead page."""

    NAME = "page"                # in the console's error line
    SAVED = "Your work is saved"  # what the message says is safe

    def __init__(self, window, document):
        self.window, self.document = window, document
        self.eng = None          # the engine worker, once it is up
        self.busy = False        # an engine action runs

    def broken(self, text):
        """Say an error's message (a page may show it otherwise)."""
        self.say("", text)
        self.render()

    def free(self):
        return self.eng is not None and not self.busy

    def run(self, coro_fn, *args):
        """Start ``coro_fn(*args)`` under the guard; False (nothing started) when not free."""
        if not self.free():
            return False
        self._mark(True)   # at once: a second click in the meantime finds the page busy
        asyncio.create_task(self._guarded(coro_fn, args))
        return True

    async def guarded(self, coro_fn, *args):
        """Run ``coro_fn(*args)`` under the guard and wait for it (nothing when not free)."""
        if not self.free():
            return
        self._mark(True)
        await self._guarded(coro_fn, args)

    async def _guarded(self, coro_fn, args):
        try:
            await coro_fn(*args)
        except Exception as exc:  # a bug: a message in the page, never a dead page
            self.window.console.error(self.NAME + ": " + repr(exc))
            self.broken("Something went wrong in the page (" + str(exc)[:80] + "). " + self.SAVED
                        + "; reload the page to go on.")
        finally:
            self._mark(False)

    def _mark(self, busy):
        self.busy = busy
        self.document.body.dataset.busy = "1" if busy else "0"
