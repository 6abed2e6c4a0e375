"""A game that starts from a position (CGP text) instead of an empty board.

Split out of game.py for size; ``Game(..., start=cgp)`` calls these. What the
position gives is kept exactly; what it leaves open is settled the way the game
settles it anyway (docs/notation.md, "Starting from a position"):

- The CGP's racks are in turn order, the player to move first, and that player
  becomes seat 0 (seat 0 always moves first). It lists one rack per player.
- The bag is the rules' tile set less the tiles on the board (a blank is a ``?``,
  a face-down J/Q/X/Z its own letter) and on the racks, drawn with the game's own
  seeded bag, so the seed and the actions still replay the game exactly.
- A rack left empty or short is filled from that bag, seat by seat as a new game
  deals: another program's CGP often shows only the rack of the player to move
  (or none), and the game cannot go on without full racks. Tiles it names stay.
- Scoop sets (presets I, II and III: 100 tiles scooped from about 300): the tiles in the
  position are part of the game's 100, and the rest of the 100 is a seeded random
  scoop of the set's other tiles. That is exactly a random scoop known to hold the
  tiles seen, so no tile is favoured; a position with more than 100 tiles, or more
  of a letter than the set has, is impossible.
- ``zero_turns`` is the count of scoreless turns in a row that the end rules read.
  Clocks start full (a CGP carries no time); the free-trade and final-round state
  start fresh.
- A position where a player has no tiles and the bag is empty is over (someone
  went out): it cannot start a game (``PositionOver``).
"""

from __future__ import annotations


from .actionlog import GameError
from .notation import CGPError, Position, format_cgp, parse_cgp
from .rules import RULES_TEXT_MAX, START_SCORE_MAX, Rules, RulesError
from .tiles import BLANK

MAX_START = 4_000 + RULES_TEXT_MAX   # a full 21x21 board with four racks is under 1,000, plus the rules


class StartError(GameError, CGPError):
    """A start position that cannot begin a game under the rules (the message is for a player)."""


class PositionOver(StartError):
    """The position is the end of a game: nothing can be played from it."""


def read_start(text, rules: Rules, players: int) -> Position:
    """The position ``text`` gives, checked against the game's rules and players."""
    if not isinstance(text, str) or not text.strip():
        raise StartError("a start position is CGP text (board racks scores zero-turns)")
    if len(text) > MAX_START:
        raise StartError(f"a start position is at most {MAX_START} characters")
    try:
        pos = parse_cgp(text, rules)
    except CGPError as exc:
        raise StartError(f"the start position: {exc}") from None
    if any(abs(score) > START_SCORE_MAX for score in pos.scores):
        raise StartError(f"a start position's scores are at most {START_SCORE_MAX:,} either way")
    named = pos.opcodes.get("var")
    if named is not None:
        try:
            same = Rules.from_string(named).to_string() == rules.to_string()
        except RulesError as exc:
            raise StartError(f"the start position names unknown rules: {exc}") from None
        if not same:
            raise StartError(f"the start position is for the rules {named[:60]!r}, "
                             f"not this game's {rules.to_string()!r}")
    if len(pos.racks) != players:
        raise StartError(f"the start position has {len(pos.racks)} rack{'s' * (len(pos.racks) != 1)} "
                         f"but the game has {players} player{'s' * (players != 1)} "
                         "(one rack each, the player to move first)")
    return pos


def canonical(pos: Position, rules: Rules) -> str:
    """The position as the game keeps and writes it: the rules as ``var``, the
    spent squares, no other opcodes (they mean nothing to the game)."""
    return format_cgp(Position(pos.board.copy(), list(pos.racks), list(pos.scores),
                               pos.zero_turns, rules))


def taken(pos: Position) -> list[str]:
    """The physical tiles the position has out of the bag: board and racks."""
    board = pos.board
    tiles = [board.tile_at(sq) for sq, cell in enumerate(board.cells) if cell]
    for rack in pos.racks:
        tiles.extend(rack)
    return tiles


def begin(state, pos: Position) -> None:
    """Put the position into a new game's state (its bag already lacks ``taken``)."""
    state.board = pos.board.copy()
    state.racks = [list(r) for r in pos.racks]
    state.scores = list(pos.scores)
    state.scoreless = pos.zero_turns
    state.blanks_drawn = [r.count(BLANK) for r in pos.racks]


def check_playable(state, names) -> None:
    """Raise PositionOver when the racks are filled and someone still has none."""
    if state.bag.tiles:
        return
    for p, rack in enumerate(state.racks):
        if not rack:
            raise PositionOver(f"this position is the end of a game: {names[p]} has no tiles "
                               "left and the bag is empty")
