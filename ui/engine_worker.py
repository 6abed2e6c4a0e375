"""The engine worker: the one Pyodide interpreter of the page, in a Web Worker.

index.html starts it as ``<script type="py" worker name="engine">`` with
pyscript.toml, which unpacks vendor/engine.zip and the word list into its file
system. It never touches ``document`` or ``window`` (so a plain static server
with no cross-origin isolation headers will do). The MicroPython UI awaits
``workers["engine"]`` (resolved once this script has run) and calls the exported
wrappers; every argument and result is a str or an int, so nothing but text
crosses. An exception never crosses either: it comes back as {"error": ...}.
"""

import json
import time
import traceback

import js  # only for the clock: when this interpreter started running (for bench/load.py)

STARTED_AT = js.performance.timeOrigin + js.performance.now()  # epoch ms
_T0 = time.perf_counter()
from engine import session  # noqa: E402 (timed: part of the engine's start-up)

IMPORT_MS = round((time.perf_counter() - _T0) * 1000)

LEXICON_FILE = "lexicon.bin"
STATUS = {"state": "loading", "error": "", "words": 0, "ms": 0, "import_ms": IMPORT_MS,
          "started_at": STARTED_AT}


def _boot():
    t0 = time.perf_counter()
    try:
        with open(LEXICON_FILE, "rb") as f:
            STATUS["words"] = session.load_lexicon(f.read())
        STATUS["state"] = "ready"
    except Exception as exc:  # reported to the page, which offers what still works
        STATUS["state"] = "failed"
        STATUS["error"] = "the word list could not be loaded (" + type(exc).__name__ + ")"
    STATUS["ms"] = round((time.perf_counter() - t0) * 1000)


def _guard(fn, *args):
    try:
        return fn(*args)
    except Exception as exc:  # a bug in the engine: the page shows a message, never hangs
        traceback.print_exc()
        return json.dumps({"error": "The engine failed: " + type(exc).__name__ + ": " + str(exc)})


def status():
    return json.dumps(STATUS)


def layout(rules):
    return _guard(session.layout, str(rules))


def open_game(spec):
    return _guard(session.open, str(spec))


def snapshot():
    return _guard(session.snapshot)


def act(text, elapsed_ms=-1):
    return _guard(session.act, str(text), int(elapsed_ms))


def preview(placement):
    return _guard(session.preview, str(placement))


def computer(budget_ms=2000):
    return _guard(session.computer, int(budget_ms))


def undo(n=1):
    return _guard(session.undo, int(n))


def hint(top=5, budget_ms=1000):
    return _guard(session.hint, int(top), int(budget_ms))


# Links, replay and records (ui/links/share.py, ui/links/replay.py, ui/links/embed.py).
def open_link(fragment):
    return _guard(session.open_link, str(fragment))


def link(turn=-1):
    return _guard(session.link, int(turn))


def link_for(spec, turn=-1, view=""):
    return _guard(session.link_for, str(spec), int(turn), str(view))


def at(k):
    return _guard(session.at, int(k))


def import_record(text):
    return _guard(session.import_record, str(text))


def export_gcg(viewer=-1):
    return _guard(session.export_gcg, int(viewer))


# Panels beside the board (ui/panels/actions.py): tiles, history, replay, exports, past games.
def unseen(seat=-1):
    return _guard(session.unseen, int(seat))


def hint_preview(move):
    return _guard(session.hint_preview, str(move))


def hint_used(n=1):
    return _guard(session.hint_used, int(n))


def history():
    return _guard(session.history)


def export_cgp(viewer=-1):
    return _guard(session.export_cgp, int(viewer))


def summary():
    return _guard(session.summary)


PANEL_EXPORTS = ["unseen", "hint_preview", "hint_used", "history", "export_cgp", "summary"]


# Review (ui/review/actions.py): a plan, then one short call per turn, then the summary.
# Imported on first use: the page's start-up does not pay for it.
def _review():
    from engine import session_review
    return session_review


def review_plan(source="", seats=""):
    return _guard(lambda: _review().review_plan(str(source), str(seats)))


def review_turn(turn=0, budget_ms=1000, ranking="score"):
    return _guard(lambda: _review().review_turn(int(turn), int(budget_ms), str(ranking)))


def review_summary(results="[]"):
    return _guard(lambda: _review().review_summary(str(results)))


REVIEW_EXPORTS = ["review_plan", "review_turn", "review_summary"]


# Meanings (ui/words/): wordlists/meanings.bin is fetched and loaded on the first request
# for a meaning, never at start (``url``: its address, from the page; this worker's own
# address is a blob). Answers carry "ms": the time this request took in the worker.
async def define(request="[]", url=""):
    from engine.meanings import face
    t0 = time.perf_counter()
    if not face.loaded():
        try:
            response = await js.fetch(str(url))
            if not response.ok:
                return json.dumps({"error": "the meanings could not be fetched (HTTP " + str(response.status) + ")"})
            data = (await response.arrayBuffer()).to_bytes()
        except Exception as exc:  # offline before the first use, say
            return json.dumps({"error": "the meanings could not be fetched (" + type(exc).__name__ + ")"})
        answer = json.loads(face.meanings_load(data))
        if "error" in answer:
            return json.dumps(answer)
    out = json.loads(_guard(face.session_define, str(request)))
    out["ms"] = round((time.perf_counter() - t0) * 1000)
    return json.dumps(out)


WORDS_EXPORTS = ["define"]


_boot()
STATUS["ready_at"] = js.performance.timeOrigin + js.performance.now()
print("engine " + STATUS["state"] + ": " + str(STATUS["words"]) + " words; python up at "
      + str(round(STARTED_AT)) + ", ready at " + str(round(STATUS["ready_at"])))
__export__ = ["status", "layout", "open_game", "snapshot", "act", "preview", "computer", "undo", "hint",
              "open_link", "link", "link_for", "at", "import_record", "export_gcg"]
__export__ += PANEL_EXPORTS  # ui/panels/actions.py
__export__ += REVIEW_EXPORTS  # ui/review/actions.py
__export__ += WORDS_EXPORTS  # ui/words/
