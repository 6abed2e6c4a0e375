"""The engine worker: the one Pyodide interpreter of the page, in a Web Worker.

index.html starts it as ``<script type="py" worker name="engine">`` with
pyscript.toml, whose Pyodide (vendor/pyodide/start.mjs) brings the engine (vendor/engine.zip,
on sys.path) and writes the word list into its file system. It never touches ``document`` or ``window`` (so a plain static server
with no cross-origin isolation headers will do). The MicroPython UI awaits
``workers["engine"]`` (resolved once this script has run) and calls the exported
wrappers; every argument and result is a str or an int, so nothing but text
crosses. The wrappers pass arguments on as they came: the engine checks each
(engine.session: text, or a whole number in its range), so even a number where
text belongs, or infinity, is a precise {"error": ...}, and an exception never
crosses either: it comes back as {"error": ...} too.
When a game has an expert seat it also starts the expert's helpers (below).
"""

import asyncio
import json
import time

import js  # the clock (when this interpreter started running, for bench/load.py) and the helpers

STARTED_AT = js.performance.timeOrigin + js.performance.now()  # epoch ms
_T0 = time.perf_counter()
from engine import session  # noqa: E402 (timed: part of the engine's start-up)
from engine.session import boundary  # noqa: E402

IMPORT_MS = round((time.perf_counter() - _T0) * 1000)

STATUS = {"state": "loading", "error": "", "words": 0, "ms": 0, "import_ms": IMPORT_MS,
          "started_at": STARTED_AT}
status = boundary.status_of(STATUS)
_guard = boundary.guard


def layout(rules):
    return _guard(session.layout, rules)


def open_game(spec):
    return _opened(_guard(session.open, spec))


def snapshot():
    return _guard(session.snapshot)


def act(text, elapsed_ms=-1):
    return _guard(session.act, text, elapsed_ms)


def preview(placement):
    return _guard(session.preview, placement)


def computer(budget_ms=2000):
    """The computer's turn. In the page it answers through a coroutine (PyScript awaits
    it, as it does ``define``): an expert shares its rounds with the helpers (below).
    Where no helper can ever start (no browser: tests drive this module with a stub
    ``js``) it is ``session.computer``, answered at once."""
    if HELPERS["urls"] is None:
        return _guard(session.computer, budget_ms)
    return _computer(budget_ms)


async def _computer(budget_ms):
    from engine.session import expert
    try:
        return await expert.computer(budget_ms, _pool())
    except Exception as exc:  # a bug in the engine: the page shows a message, never hangs
        return boundary.failed(exc)
    finally:
        _publish()


def undo(n=1):
    return _guard(session.undo, n)


def hint(top=5, budget_ms=1000):
    return _guard(session.hint, top, budget_ms)


# Links, replay and records (ui/links/share.py, ui/links/replay.py, ui/links/embed.py).
def open_link(fragment):
    return _opened(_guard(session.open_link, fragment))


def link(turn=-1):
    return _guard(session.link, turn)


def link_for(spec, turn=-1, view=""):
    return _guard(session.link_for, spec, turn, view)


def at(k):
    return _guard(session.at, k)


def import_record(text):
    return _opened(_guard(session.import_record, text))


def export_gcg(viewer=-1):
    return _guard(session.export_gcg, viewer)


# Panels beside the board (ui/panels/actions.py): tiles, history, replay, exports, past games.
def unseen(seat=-1):
    return _guard(session.unseen, seat)


def hint_preview(move):
    return _guard(session.hint_preview, move)


def hint_used(n=1):
    return _guard(session.hint_used, n)


def history():
    return _guard(session.history)


def export_cgp(viewer=-1):
    return _guard(session.export_cgp, viewer)


def summary():
    return _guard(session.summary)


PANEL_EXPORTS = ["unseen", "hint_preview", "hint_used", "history", "export_cgp", "summary"]


# Review (ui/review/actions.py): a plan, then one short call per turn, then the summary.
# Imported on first use: the page's start-up does not pay for it.
def _review():
    from engine.session import review
    return review


def review_plan(source="", seats=""):
    return _guard(lambda: _review().review_plan(source, seats))


def review_turn(turn=0, budget_ms=1000, ranking="score"):
    return _guard(lambda: _review().review_turn(turn, budget_ms, ranking))


def review_summary(results="[]"):
    return _guard(lambda: _review().review_summary(results))


REVIEW_EXPORTS = ["review_plan", "review_turn", "review_summary"]


# Meanings (ui/words/): wordlists/meanings.bin and, beside it, short_meanings.tsv (the
# meanings written for this project) are fetched and loaded on the first request for a
# meaning, never at start (``url``: meanings.bin's address, from the page; this worker's
# own address is a blob). Answers carry "ms": the time this request took in the worker.
async def define(request="[]", url=""):
    from engine.meanings import face, fetched
    return await fetched.define(js.fetch, request, url, lambda r: _guard(face.session_define, r))


WORDS_EXPORTS = ["define"]


# A player's own word list (ui/newgame/wordlist.py, engine/lexicon/own.py). The page hands
# over the file as a blob: address (its text never passes through the page's MicroPython);
# the answer carries the built list's graph (base64) for the page to keep on the device,
# and wordlist_add gives a kept one back after a reload (loaded when a game needs it).
def _own_list(data, name):
    import base64
    from engine.lexicon import own
    from engine.session.util import text_of
    t0 = time.perf_counter()
    try:
        lexicon, info = own.build(data, text_of(name, "the list's name"))
    except ValueError as exc:
        return json.dumps({"error": str(exc)})
    t1 = time.perf_counter()
    graph = lexicon.to_bytes()
    info.update(build_ms=round((t1 - t0) * 1000), encode_ms=round((time.perf_counter() - t1) * 1000),
                data=base64.b64encode(graph).decode("ascii"))
    return json.dumps(info)


async def wordlist_load(url="", name=""):
    try:
        response = await js.fetch(str(url))
        data = (await response.arrayBuffer()).to_bytes()
    except Exception as exc:  # the file went away, say
        return json.dumps({"error": "the file could not be read (" + type(exc).__name__ + ")"})
    return _guard(_own_list, data, name)


def wordlist_add(name="", fp="", data=""):
    import base64
    from engine.lexicon import own
    from engine.session.util import text_of

    def add():
        try:
            own.add_graph(base64.b64decode(text_of(data, "the list")), text_of(name, "the list's name"),
                          text_of(fp, "the list's fingerprint"))
        except ValueError as exc:
            return json.dumps({"error": str(exc)})
        return json.dumps({"known": own.known()})
    return _guard(add)


WORDLIST_EXPORTS = ["wordlist_load", "wordlist_add"]


# Helpers: when a game with an expert seat is open, up to HELPERS_MAX more interpreters
# (one fewer than the device's cores) simulate the expert's rounds beside this one
# (engine/search/deal.py). Each is a plain module worker started from here, after this
# engine is ready and only for such a game: it loads the same Pyodide (start.mjs, which
# brings the engine) and word list (the files this worker fetched, found in its Resource
# Timing entries: this worker's own address is a blob; none for the word list when the
# snapshot's engine holds it loaded, as it does the helper's) and talks by postMessage, text
# only. Where a helper cannot start or fails, the expert simulates alone, as it always did.
HELPERS_MAX = 3
HELPER_JS = """
const urls = %s;
const early = [];
self.onmessage = (e) => early.push(e.data);
const say = (msg) => self.postMessage(JSON.stringify(msg));
try {
  const t0 = performance.now();
  const get = (u) => fetch(u).then((r) => { if (!r.ok) throw new Error(u + ": HTTP " + r.status); return r.arrayBuffer(); });
  const lexicon = urls.lexicon ? get(urls.lexicon) : null;
  lexicon?.catch(() => {});  // (awaited below, if the word list is not held)
  const { loadPyodide } = await import(urls.loader);  // with the engine's zip on sys.path
  const py = await loadPyodide({ indexURL: urls.pyodide.slice(0, urls.pyodide.lastIndexOf("/") + 1) });
  const held = py.pyimport("engine.session.boundary").take_held();  // the snapshot's, loaded
  if (!held) {
    if (!lexicon) throw new Error("no word list");
    py.FS.writeFile("/home/pyodide/lexicon.bin", new Uint8Array(await lexicon));
  }
  const sim = py.pyimport("engine.search.deal").helper("/home/pyodide/lexicon.bin", (text) => self.postMessage(text), held);
  const receive = sim.receive;
  self.onmessage = (e) => receive(e.data);
  early.forEach((data) => receive(data));
  const heap = py._module && py._module.HEAPU8 ? py._module.HEAPU8.length : null;
  say({ t: "ready", ms: Math.round(performance.now() - t0), heap, held: Boolean(held) });
} catch (e) {
  say({ t: "error", msg: "the helper could not start (" + String(e && e.message || e) + ")" });
}
"""
HELPERS = {"started": False, "why": "", "urls": None, "pool": None}
_PROXIES = []   # the helpers and their event handlers, kept alive
WORKERS = []    # the helpers by their index in the pool


def _pool():
    """The helpers' pool (engine/search/deal.py, imported on first use: not at start)."""
    if HELPERS["pool"] is None:
        from engine.search import deal
        HELPERS["pool"] = deal.Pool()
    return HELPERS["pool"]


def _helper_urls():
    """The files a helper loads: those this worker was given (None when one is missing)."""
    try:
        names = [str(e.name).split("?")[0] for e in js.performance.getEntriesByType("resource")]
    except AttributeError:   # not a browser
        return None
    urls = {}
    for key, tail in (("pyodide", "/pyodide.mjs"), ("lexicon", "/lexicon.bin")):
        urls[key] = next((n for n in names if n.endswith(tail)), None)
    if urls["pyodide"] is None or (urls["lexicon"] is None and not STATUS.get("held")):
        return None
    # The loader this worker was started with: the one beside Pyodide (vendor/pyodide/
    # start.mjs: the snapshot, and the engine's zip).
    urls["loader"] = urls["pyodide"][:urls["pyodide"].rindex("/") + 1] + "start.mjs"
    return urls if urls["loader"] in names else None


def _opened(answer):
    """After a game is opened: an expert seat wants helpers, started once this answer is
    sent; a game without one lets the helpers go (each holds a whole interpreter)."""
    if STATUS["state"] != "ready" or HELPERS["urls"] is None:
        return answer
    opened = json.loads(answer)
    if "error" in opened:    # refused: the game before goes on, and its helpers with it
        return answer
    seats = opened.get("seats") or []
    # (a game on a player's own word list: the helpers hold only the shipped lists, so the expert thinks alone)
    expert = not opened.get("wordlist") and any(isinstance(seat, dict) and seat.get("kind") == "expert"
                                                for seat in seats)
    if expert and not HELPERS["started"]:
        HELPERS["started"] = True
        asyncio.get_event_loop().call_soon(_start_helpers)
    elif not expert and HELPERS["started"]:
        _stop_helpers()
    return answer


def _stop_helpers():
    HELPERS["started"] = False
    for i in _pool().stop():
        try:
            WORKERS[i].terminate()
        except Exception:  # already gone
            pass
    _publish()


def _start_helpers():
    pool = _pool()
    try:
        from pyodide.ffi import create_proxy, to_js
        n = min(HELPERS_MAX, int(js.navigator.hardwareConcurrency or 1) - 1)
        if n < 1 or HELPERS["urls"] is None:
            HELPERS["why"] = "one core" if n < 1 else "the engine's files are unknown"
            return
        blob = js.Blob.new([HELPER_JS % json.dumps(HELPERS["urls"])], to_js({"type": "text/javascript"},
                                                                           dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        for _ in range(n):
            worker = js.Worker.new(url, to_js({"type": "module"}, dict_converter=js.Object.fromEntries))
            i = pool.add(lambda text, worker=worker: worker.postMessage(text))
            WORKERS.append(worker)
            on_message = create_proxy(lambda e, i=i: _heard(i, e.data))
            on_error = create_proxy(lambda e, i=i: _failed(i, e))
            worker.onmessage, worker.onerror = on_message, on_error
            _PROXIES.extend([worker, on_message, on_error])
    except Exception as exc:  # no workers here (a frame, an old browser, a policy): the expert thinks alone
        HELPERS["why"] = "helpers refused (" + type(exc).__name__ + ": " + str(exc)[:80] + ")"
    finally:
        _publish()


def _failed(i, event):
    """A helper's script failed: handled here (it does not reach the page as an error)."""
    event.preventDefault()
    _heard(i, None)


def _heard(i, data):
    """A helper's message (None: it failed)."""
    pool = _pool()
    before = pool.state[i]
    if data is None:
        pool.lost(i)
    else:
        pool.receive(i, str(data))
    if pool.state[i] != before:
        _publish()


def _publish():
    """How the helpers and the last simulation went, for bench/ and the tests (self.wlcExpert)."""
    from engine.session import expert
    pool = _pool()
    js.self.wlcExpert = json.dumps({"helpers": pool.state, "info": pool.info, "why": HELPERS["why"],
                                    "last": expert.LAST})


boundary.load_words(STATUS)
HELPERS["urls"] = _helper_urls()
STATUS["ready_at"] = js.performance.timeOrigin + js.performance.now()
print("engine " + STATUS["state"] + ": " + str(STATUS["words"]) + " words; python up at "
      + str(round(STARTED_AT)) + ", ready at " + str(round(STATUS["ready_at"])))
__export__ = ["status", "layout", "open_game", "snapshot", "act", "preview", "computer", "undo", "hint",
              "open_link", "link", "link_for", "at", "import_record", "export_gcg"]
__export__ += PANEL_EXPORTS  # ui/panels/actions.py
__export__ += REVIEW_EXPORTS  # ui/review/actions.py
__export__ += WORDS_EXPORTS  # ui/words/
__export__ += WORDLIST_EXPORTS  # ui/newgame/wordlist.py
