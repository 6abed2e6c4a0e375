"""A table game's GCG record: the standard turn lines, plus ``#table`` and one
``#action`` line per entry so that it replays exactly (a table game is its rules,
players and action log; it has no seed).

A placement's line shows as its rack the tiles it put down, all the table saw;
an exchange is written by count (``-3``) and a pass as ``-``, with no rack (the
turn lines are engine/records/gcg_write.py's, shared with every record)::

    #player1 Ann Ann
    #rules o
    #table a game kept at the table: racks unknown
    #action 8D ZEBRAS
    >Ann: ABERSZ 8D ZEBRAS +84 84
    >Bob: -3 +0 0
"""

from __future__ import annotations

from ..records.gcg_lines import ENGINE_ERRORS, GCGError, checked_turns, rules_of, seats_of, split_lines
from ..records.gcg_write import gcg_move, header_lines, nicknames, turn_lines
from .game import TableGame

TABLE_NOTE = "a game kept at the table: racks unknown"


def write_table_gcg(game: TableGame) -> str:
    nicks = nicknames(game.names)
    lines = header_lines(game, nicks)
    lines.append(f"#table {TABLE_NOTE}")
    lines += [f"#action {a}" for a in game.actions]
    lines += turn_lines(game, nicks, lambda t: (t.rack, gcg_move(t)))
    return "\n".join(lines) + "\n"


def is_table_record(text: str) -> bool:
    """Whether a record is a table game's (it has a ``#table`` line)."""
    return isinstance(text, str) and any(line.startswith("#table") for line in text.splitlines())


def read_table_gcg(text: str, lexicon) -> TableGame:
    """The table game a record describes, replayed from its ``#action`` lines; every
    turn line's score and total must agree. Raises GCGError naming the bad line."""
    if lexicon is None:
        raise GCGError("replaying a record needs the game's word lists (lexicon=)")
    lines = split_lines(text)
    if "table" not in lines.header or "rules" not in lines.header:
        raise GCGError("this is not a table game's record (it needs #rules and #table lines)")
    rules = rules_of(lines)
    nicks, names = seats_of(lines)
    try:
        game = TableGame.replay(rules, lines.actions, len(nicks), lexicon=lexicon, names=names)
    except ENGINE_ERRORS as exc:
        raise GCGError(f"the record's actions do not replay: {exc}") from None
    checked_turns(lines, nicks, game.turns, [0] * len(nicks))
    return game
