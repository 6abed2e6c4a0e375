"""The table page's engine: one Pyodide interpreter in a Web Worker (table.html).

Like ui/club/worker.py it only passes text: every argument and result is a str or
an int, and an exception comes back as {"error": ...}. It holds nothing between
calls: the page keeps the table game's state {"rules", "names", "actions"} and
passes it in each time (engine/table/face.py replays it).
"""

import json
import traceback

from engine import session
from engine.table import face

STATUS = {"state": "loading", "error": ""}


def _boot():
    try:
        with open("lexicon.bin", "rb") as f:
            session.load_lexicon(f.read())
        STATUS["state"] = "ready"
    except Exception as exc:  # reported to the page
        STATUS["state"] = "failed"
        STATUS["error"] = "the word list could not be loaded (" + type(exc).__name__ + ")"


def _guard(fn, *args):
    try:
        return fn(*args)
    except Exception as exc:  # a bug: the page shows a message, never hangs
        traceback.print_exc()
        return json.dumps({"error": "The engine failed: " + type(exc).__name__ + ": " + str(exc)})


def status():
    return json.dumps(STATUS)


def layout(rules="classic"):
    """The board to draw for a rules string (squares, premiums, tile values)."""
    return _guard(session.layout, str(rules))


def _face(name):
    fn = getattr(face, name)
    return lambda *args: _guard(fn, *[a if isinstance(a, int) else str(a) for a in args])


table_new = _face("table_new")
table_state = _face("table_state")
table_act = _face("table_act")
table_preview_placement = _face("table_preview_placement")
table_placement = _face("table_placement")
table_end = _face("table_end")
table_undo = _face("table_undo")
table_record = _face("table_record")
table_open_link = _face("table_open_link")

_boot()
__export__ = ["status", "layout", "table_new", "table_state", "table_act", "table_preview_placement",
              "table_placement", "table_end", "table_undo", "table_record", "table_open_link"]
