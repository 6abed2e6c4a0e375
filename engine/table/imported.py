"""A table game's record met by the main page's Import (engine/session.import_record).

Why apart from engine/table/face.py: the session calls this, and the face reads the
session's word lists; kept here, with the word lists passed in, the imports run one way."""

from __future__ import annotations

import json

from .link import encode_table
from .record import is_table_record, read_table_gcg


def table_import(text, lexicon) -> str:
    """The reply to Import of a table game's record (``#table``): its racks were never
    known, so it is not a game the main page can play on; the reply names it
    ({"import": {"kind": "table", "link": the g4 fragment, "names", "over"}}) and the
    page offers it in the table page. "" when the text is not a table game's record;
    {"error"} when it is one that cannot be read."""
    if not is_table_record(str(text)):
        return ""
    try:
        game = read_table_gcg(str(text), lexicon)
        link = encode_table({"rules": game.rules.to_string(), "names": list(game.names),
                             "actions": list(game.actions)})
    except (ValueError, TypeError, RecursionError) as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"import": {"kind": "table", "link": link, "names": list(game.names), "over": game.over}})
