"""The table page's engine: one Pyodide interpreter in a Web Worker (table.html).

Like ui/club/worker.py it only passes text: every argument and result is a str or
an int, and an exception comes back as {"error": ...} (engine/session/boundary.py).
It holds nothing between calls: the page keeps the table game's state {"rules",
"names", "actions"} and passes it in each time (engine/table/face.py replays it).
"""

import js

from engine import session
from engine.session import boundary
from engine.table import face

STATUS = {"state": "loading", "error": ""}
status = boundary.status_of(STATUS)


def layout(rules="classic"):
    """The board to draw for a rules string (squares, premiums, tile values)."""
    return boundary.guard(session.layout, rules)   # the session checks it (a huge number too)


TABLE_FACES = ["table_new", "table_state", "table_act", "table_preview_placement", "table_placement", "table_end",
               "table_undo", "table_record", "table_open_link"]
globals().update(boundary.expose(face, TABLE_FACES))

async def define(request="[]", url=""):
    """The word judge and a word's meanings (ui/words/): the table game's word lists,
    the meanings fetched on the first request (the game page's way, engine/meanings/fetched.py)."""
    from engine.meanings import face as meanings, fetched
    return await fetched.define(js.fetch, request, url,
                                lambda r: boundary.guard(lambda: meanings.define_json(r, session.loaded_lexicon())))


boundary.load_words(STATUS)
__export__ = ["status", "layout", "define"] + TABLE_FACES
