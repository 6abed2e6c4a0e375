"""ui/boot/kit.py, what the three pages' main.py share: DOM events with their handlers
kept alive, the wait for the engine worker (one timeout, one message on every page),
and the busy guard of the club and table pages (CPython and MicroPython)."""

import asyncio
import json

from ui.boot import kit


def finish(coro):
    """Run ``coro`` to its end by hand (MicroPython's asyncio here has no run()): only for
    coroutines that never wait on the event loop."""
    try:
        while True:
            coro.send(None)
    except StopIteration as stop:
        return stop.args[0] if stop.args else None


class El:
    def __init__(self):
        self.heard = []

    def addEventListener(self, kind, fn):
        self.heard.append((kind, fn))


class Doc:
    def __init__(self):
        self.defaultView, self.els = El(), {"app": El()}
        self.heard = []
        self.body = Body()

    def addEventListener(self, kind, fn):
        self.heard.append((kind, fn))

    def getElementById(self, el_id):
        return self.els.get(el_id)


class Body:
    def __init__(self):
        self.dataset = Dataset()


class Dataset:
    busy = None


def test_on_listens_on_an_id_an_element_the_document_and_the_window_and_keeps_each_proxy():
    doc, kept = Doc(), []
    events = kit.Events(doc, lambda fn: ("proxy", fn), kept)

    def handler(e):
        return e

    other = El()
    events.on("app", "click", handler)
    events.on(other, "submit", handler)
    events.on("document", "keydown", handler)
    events.on("window", "storage", handler)
    assert doc.els["app"].heard == [("click", ("proxy", handler))] and other.heard[0][0] == "submit"
    assert doc.heard[0][0] == "keydown" and doc.defaultView.heard[0][0] == "storage"
    assert kept is events.proxies and len(kept) == 4 and kept[0] == ("proxy", handler)


def test_one_message_when_the_engine_does_not_start():
    text = kit.engine_failed("no word list")
    assert text == "The game engine could not start (no word list). Reload the page to try again."


class Eng:
    def __init__(self, status):
        self.answer = status

    async def status(self):
        return self.answer


def test_the_engine_once_up_or_why_not():
    if getattr(asyncio, "run", None) is None:   # MicroPython's asyncio here runs inside the page's loop: CPython checks the wait
        return
    import threading

    def run(coro):   # in a thread of its own: the browser tests' process may have a loop running
        out = []
        worker = threading.Thread(target=lambda: out.append(asyncio.run(coro)))
        worker.start()
        worker.join()
        return out[0]

    async def up(status):
        return Eng(json.dumps(status))

    async def never():
        await asyncio.sleep(10)

    ready = {"state": "ready", "ms": 5}
    eng, status, error = run(kit.engine({"x": up(ready)}, "x"))
    assert isinstance(eng, Eng) and status == ready and error == ""
    eng, status, error = run(kit.engine({"x": up({"state": "failed", "error": "no word list"})}, "x"))
    assert eng is None and status["state"] == "failed" and error == kit.engine_failed("no word list")
    eng, status, error = run(kit.engine({}, "x"))   # no such worker
    assert eng is None and status == {} and error.startswith("The game engine could not start (")
    eng, status, error = run(kit.engine({"x": never()}, "x", 0.01))
    assert eng is None and error == kit.engine_failed("no answer in 0.01 s")


class Console:
    def __init__(self):
        self.lines = []

    def error(self, text):
        self.lines.append(text)


class Window:
    def __init__(self):
        self.console = Console()


class Page(kit.Guard):
    SAVED = "Your game is saved"

    def __init__(self):
        kit.Guard.__init__(self, Window(), Doc())
        self.said, self.drawn = [], 0

    def say(self, msg="", err=""):
        self.said.append(err)

    def render(self):
        self.drawn += 1


def test_busy_work_runs_one_at_a_time_and_says_so():
    page = Page()
    seen = []

    async def work(x):
        seen.append((x, page.busy, page.document.body.dataset.busy, page.free()))

    finish(page.guarded(work, 1))
    assert seen == [] and page.document.body.dataset.busy is None   # no engine yet: nothing runs
    page.eng = object()
    finish(page.guarded(work, 2))
    assert seen == [(2, True, "1", False)] and not page.busy and page.document.body.dataset.busy == "0"
    page.busy = True
    finish(page.guarded(work, 3))
    assert len(seen) == 1 and page.run(work, 4) is False   # one at a time: nothing starts meanwhile


def test_an_error_in_busy_work_is_a_message_never_a_dead_page():
    page = Page()
    page.eng = object()

    async def broken():
        raise ValueError("boom")

    finish(page.guarded(broken))
    assert page.said == ["Something went wrong in the page (boom). Your game is saved; reload the page to go on."]
    assert page.drawn == 1
    assert not page.busy and page.document.body.dataset.busy == "0" and page.window.console.lines
