"""The table page's engine: one Pyodide interpreter in a Web Worker (table.html).

Like ui/club/worker.py it only passes text: every argument and result is a str or
an int, and an exception comes back as {"error": ...}. It holds nothing between
calls: the page keeps the table game's state {"rules", "names", "actions"} and
passes it in each time (engine/table/face.py replays it).
"""

import json

from engine import session, worker_boundary
from engine.table import face

STATUS = {"state": "loading", "error": ""}


_guard = worker_boundary.guard


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

worker_boundary.load_words(STATUS)
__export__ = ["status", "layout", "table_new", "table_state", "table_act", "table_preview_placement",
              "table_placement", "table_end", "table_undo", "table_record", "table_open_link"]
