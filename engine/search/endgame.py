"""The expert's endgame: the bag is empty, two players, and both racks are known.

Once the bag is empty the other rack is exactly the unseen tiles when the set has
100 tiles (classic, O, Richard), and Richard's rules show it anyway; then there is
nothing left to chance and the best move is found by search, not simulation.
(With a scoop, I to III, the other rack stays unknown: the expert simulates.)

The search is negamax with alpha-beta over real ``Game`` copies (so the end rules,
the adjustments and the final round count exactly as in play), deepened one ply
at a time until the time budget runs out, the given depth is reached, or a depth
is searched to the end of every line (exact). At each node the moves are the
hard player's best ``WIDTH`` plays by score less twice the face value kept (its
endgame equity), plus a pass; a line cut by the depth is valued by the spread
and the tiles each side still holds. Anytime: the choice of the deepest depth
searched to completion.
"""

from __future__ import annotations

from .movegen import Budget, TopN
from ..notation import format_move
from ..tiles import BAG_SIZE, TILE_SETS, rack_value

ROOT_WIDTH = 10   # plays considered at the root
WIDTH = 6         # plays considered below it
MAX_DEPTH = 12


class _OutOfTime(Exception):
    pass


def known_racks(game) -> bool:
    """True when the player to move knows the other rack: two players, bag empty,
    in normal play, and a 100-tile set or revealed racks."""
    rules = game.rules
    scoop = sum(TILE_SETS[rules.tiles].values()) > BAG_SIZE
    return (game.players == 2 and game.phase == "play" and game.bag_count == 0
            and not game.over and (not scoop or rules.revealed_racks))


def solve(game, hard, budget: Budget | None = None, depth: int | None = None) -> str | None:
    """The move text the search prefers for the player to move; None when not
    even one ply could be searched within the budget. ``depth``: plies at most
    (deterministic without a budget)."""
    search = _Search(game, hard, budget)
    best = None
    for d in range(1, (depth or MAX_DEPTH) + 1):
        search.cut = False
        try:
            _, text = search.negamax(search.root, game.to_move, d, float("-inf"), float("inf"))
        except _OutOfTime:
            break
        best = text
        if not search.cut:   # every line reached the end of the game: exact
            break
    if best is None:         # out of time in the first ply: the best by equity, if listed
        listed = search.moves.get(search.root_key)
        best = listed[0] if listed else None
    return best


class _Search:
    def __init__(self, game, hard, budget):
        self.root = game.at(len(game.actions))
        self.hard = hard
        self.budget = budget
        self.cut = False
        self.moves: dict = {}

    @property
    def root_key(self):
        return self.key(self.root, ROOT_WIDTH)

    @staticmethod
    def key(g, width: int):
        return (tuple(g._state.board.cells), g.racks, g.to_move, g.phase, width)

    def children(self, g, width: int) -> list[str]:
        key = self.key(g, width)
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
            if g is self.root and len(found) > 1:
                self.moves[key] = found   # cut short, but the first is a fair fallback
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
            return static(g, side), None
        best, best_text = float("-inf"), None
        root = g is self.root
        for text in self.children(g, ROOT_WIDTH if root else WIDTH):
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


def static(g, side: int) -> float:
    """A line cut by the depth: the spread, less the face value each side holds
    (tiles left at the end cost their holder)."""
    other = 1 - side
    return float(g.scores[side] - g.scores[other] - rack_value(g.rack(side)) + rack_value(g.rack(other)))
