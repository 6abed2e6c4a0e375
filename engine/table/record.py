"""A table game's GCG record: the standard turn lines, plus ``#table`` and one
``#action`` line per entry so that it replays exactly (a table game is its rules,
players and action log; it has no seed).

A placement's line shows as its rack the tiles it put down, all the table saw;
an exchange is written by count (``-3``) and a pass as ``-``, with no rack::

    #player1 Ann Ann
    #rules o
    #table a game kept at the table: racks unknown
    #action 8D ZEBRAS
    >Ann: ABERSZ 8D ZEBRAS +84 84
    >Bob: -3 +0 0
"""

from __future__ import annotations

from ..actionlog import GameError
from ..board import SquareError
from ..moves import MoveError
from ..notation import NotationError
from ..records.gcg_lines import GCGError, score_of, seats_of, split_lines
from ..records.gcg_write import _move_text, _nicknames
from ..rules import Rules, RulesError
from .game import TableGame

TABLE_NOTE = "a game kept at the table: racks unknown"
_ENGINE_ERRORS = (GameError, MoveError, NotationError, SquareError, RulesError)


def write_table_gcg(game: TableGame) -> str:
    nicks = _nicknames(game.names)
    lines = ["#character-encoding UTF-8"]
    lines += [f"#player{i + 1} {nicks[i]} {name}" for i, name in enumerate(game.names)]
    lines.append(f"#rules {game.rules.to_string()}")
    lines.append(f"#table {TABLE_NOTE}")
    lines += [f"#action {a}" for a in game.actions]
    totals = [0] * game.players
    for t in game.turns:
        totals[t.player] += t.score
        rack = f"{t.rack} " if t.rack else ""
        lines.append(f">{nicks[t.player]}: {rack}{_move_text(t)} {t.score:+d} {totals[t.player]}")
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
    rules_text, rules_line = lines.header["rules"]
    try:
        rules = Rules.from_string(rules_text)
    except RulesError as exc:
        raise GCGError(f"line {rules_line}: {exc}") from None
    nicks, names = seats_of(lines)
    try:
        game = TableGame.replay(rules, lines.actions, len(nicks), lexicon=lexicon, names=names)
    except _ENGINE_ERRORS as exc:
        raise GCGError(f"the record's actions do not replay: {exc}") from None
    if len(lines.events) != len(game.turns):
        raise GCGError(f"the record lists {len(lines.events)} turns; its actions make {len(game.turns)}")
    totals = [0] * len(nicks)
    for (n, line), turn in zip(lines.events, game.turns):
        head, _, rest = line.partition(": ")
        fields_ = rest.rsplit(None, 2)
        if len(fields_) != 3 or head != nicks[turn.player]:
            raise GCGError(f"line {n}: expected a turn of {nicks[turn.player]}: {line[:60]!r}")
        score, total = score_of(fields_[1], n, line), score_of(fields_[2], n, line)
        totals[turn.player] += turn.score
        if score != turn.score or total != totals[turn.player]:
            raise GCGError(f"line {n}: the record says {score:+d} for a total of {total}, "
                           f"replaying gives {turn.score:+d} for {totals[turn.player]}")
    return game
