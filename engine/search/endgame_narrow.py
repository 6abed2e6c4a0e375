"""A quick, narrow look ahead for endings too big to solve in the time: the first
move the exact search (endgame.py) tries there, and its choice when it settles
none.

With seven tiles a side the full lists are thousands of moves and a single one
may take the exact search longer than the page's budget; its fallback would then
be the first move by endgame equity, a one-ply choice. This search looks a few
plies ahead instead: the hard player's best ``ROOT_WIDTH`` plays at the root and
``WIDTH`` below by its endgame equity (one blank a play, swaps all or none), plus
a pass, over real ``Game`` copies (so every rule of the end counts), deepened a
ply at a time while the time lasts; a line cut by the depth is valued by the
spread less the face value each side holds.
"""

from __future__ import annotations

from ..notation import format_move
from ..tiles import rack_value
from .movegen import TopN

ROOT_WIDTH = 10   # plays considered at the root
WIDTH = 6         # plays considered below it
MAX_DEPTH = 8


class _OutOfTime(Exception):
    pass


def narrow_choice(game, hard, budget=None, depth: int = MAX_DEPTH) -> str | None:
    """The move text the narrow search prefers, from the deepest depth completed
    within ``budget`` (a ``movegen.Budget``: its own, as it marks it exhausted);
    None when not even one ply was."""
    search = _Narrow(game, hard, budget)
    best = None
    for d in range(1, depth + 1):
        search.cut = False
        try:
            _, text = search.negamax(search.root, game.to_move, d, float("-inf"), float("inf"))
        except _OutOfTime:
            break
        best = text
        if not search.cut:   # every line reached the end of the game
            break
    return best


class _Narrow:
    def __init__(self, game, hard, budget):
        self.root = game.at(len(game.actions))
        self.hard = hard
        self.budget = budget
        self.cut = False
        self.moves: dict = {}

    def children(self, g, width: int) -> list[str]:
        key = (tuple(g._state.board.cells), g.racks, g.to_move, g.phase, width)
        found = self.moves.get(key)
        if found is not None:
            return found
        hard, board, rack = self.hard, g.board, str(g.active_rack)
        if g.phase == "final":
            play = hard.best_play(board, rack, self.budget)
            found = [format_move(board, play) if play is not None else "-"]
        else:
            plays = hard.gen.generate(board, list(rack), TopN(width, hard._value(list(rack), 0)), self.budget)
            found = [format_move(board, c.to_play()) for c in plays] + ["-"]
        if self.budget is not None and self.budget.exhausted:
            raise _OutOfTime
        self.moves[key] = found
        return found

    def negamax(self, g, side: int, depth: int, alpha: float, beta: float):
        """(value for ``side``, the best move text) of position ``g`` with ``side``
        to move."""
        if g.over:
            return float(g.scores[side] - g.scores[1 - side]), None
        if depth == 0:
            self.cut = True
            other = 1 - side
            return float(g.scores[side] - g.scores[other] - rack_value(g.rack(side))
                         + rack_value(g.rack(other))), None
        best, best_text = float("-inf"), None
        for text in self.children(g, ROOT_WIDTH if g is self.root else WIDTH):
            child = g.at(len(g.actions))
            child.act(text)
            if child.over or child.to_move != side:
                value = -self.negamax(child, 1 - side, depth - 1, -beta, -alpha)[0]
            else:   # the same seat again (a final-round finder): no sign change
                value = self.negamax(child, side, depth - 1, alpha, beta)[0]
            if value > best:
                best, best_text = value, text
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return best, best_text
