"""The expert's endgame: the bag is empty, two players, and both racks are known.

Once the bag is empty the other rack is exactly the unseen tiles when the set has
100 tiles (classic, O, Richard), and Richard's rules show it anyway; then there is
nothing left to chance and the best move is found by search, not simulation.
(With a scoop, I to III, the other rack stays unknown: the expert simulates.)

The value of a position is the spread the player to move gains from there to the
end: every play's score, the end adjustment (going out gains twice the other
rack under both the classic and the transfer rule; a game that ends otherwise
costs each player their own rack; none with no adjustment), and the swap final
racks round when it is on (each finder's best play with the other rack, plus 50).
The game ends as RULES.md 8 says: a player goes out, or (scoreless turns) six
turns in a row without a placement, or (cycle) three turns in a row adding no
tile, or eight without a placement.

The moves are the full legal lists (``endgame_moves``: every blank letter, every
swap subset, pick-offs, a pass after any swaps), so a search that reaches the end
of every line is exact, and it does: negamax with alpha-beta (a null window
after the first move) and a transposition table on (board, racks, player to
move, the turns counted toward the end). Why it is fast enough:

- **Order**: the table's best move, the go-outs by score, then the others by
  score; at the root, by endgame equity (score, less twice the face value kept
  and 8 for not going out; going out gains twice the other rack).
- **Lists**: at a position first met, the moves known legal from a list made on
  a nearby board are tried before the full list is generated, and the lists are
  made incrementally (``endgame_moves``).
- **The last tile** (``last_tile_bound``): a move that keeps one tile is worth at
  most its score plus that tile's best play and going out (the other player may
  always pass), bounded without a list (``endgame_bound``); a move whose bound
  cannot beat the best so far is not searched. Most positions of an ending are
  such moves.

Richard's extras are outside the lists (the generator makes no derived form and
the search tries no free trade), so there the result is never called exact.

Anytime: the root's moves are settled in rounds, each move getting a round's
work before it is put off to the next, larger round (``run``), so a cut search
has settled the moves that were cheap to settle rather than the first few. A
time budget or a position limit cuts it; the move is then the best root move
settled so far (or the first tried), and ``Outcome.exact`` says it was cut. With
more than 4 tiles on a rack a full search rarely ends in the time, and the move
first tried is then the choice of a narrow look ahead (``endgame_narrow``: the
hard player's few best plays, a few plies deep) rather than the best by equity.
``depth`` bounds the plies instead, valuing a line cut there by the racks' face
values (not exact either).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..ending import FINAL_ROUND_BONUS
from ..tiles import BAG_SIZE, TILE_SETS, rack_value
from .endgame_bound import LoneTileBound, usable
from .endgame_moves import EndgameMoves, square_state
from .endgame_narrow import narrow_choice
from .movegen import Budget

INF = float("inf")
MAX_PLIES = 200        # far past any real ending: the search stops once exact
TABLE_MAX = 400_000    # transposition entries kept before the table is cleared (memory)
EXACT_DEPTH = 1 << 30  # the depth stored with a value no cut line touched
LOWER, UPPER, VALUE = 1, -1, 0
LIST_WEIGHT = 10       # a list generated counts as this many positions toward a node limit
FIRST_ROUND = 1000     # work a root move may take in the first round (then x ROUND_GROWTH a round)
ROUND_GROWTH = 8
LAST_ROUND = 100_000   # past this a round has no limit
NARROW_ABOVE = 4       # racks of more tiles: the narrow look ahead picks the first root move
NARROW_SHARE = 0.3     # of the time left, for it
NARROW_DEPTH = 2       # its plies without a budget


class _OutOfTime(Exception):
    pass


class _PutOff(Exception):
    """A root move's search took more than this round's work: try it next round."""


@dataclass(frozen=True)
class Outcome:
    """What the search found: the move text (None: not even the root's moves
    could be listed), its value (the spread the mover gains to the end; None when
    no root move was settled), whether it is exact, how many of the root's moves
    were settled, and the work done (positions, move lists generated, ms)."""

    move: str | None
    value: float | None
    exact: bool
    settled: int
    moves: int
    nodes: int
    lists: int
    ms: float


def known_racks(game) -> bool:
    """True when the player to move knows the other rack: two players, bag empty,
    in normal play, nobody out of time, and a 100-tile set or revealed racks."""
    rules = game.rules
    scoop = sum(TILE_SETS[rules.tiles].values()) > BAG_SIZE
    return (game.players == 2 and game.phase == "play" and game.bag_count == 0
            and not game.over and not any(game.timed_out) and (not scoop or rules.revealed_racks))


def search(game, budget: Budget | None = None, nodes: int | None = None,
           depth: int | None = None, hard=None) -> Outcome:
    """Search the ending of ``game`` (its real racks: the caller decides whether
    the player to move may know the other one). ``budget``: wall time;
    ``nodes``: positions at most, a list generated counting as ``LIST_WEIGHT``
    (deterministic); ``depth``: plies at most (lines cut there are valued by
    ``static``: not exact). ``hard`` (an ``ai.Player``): with a rack of more than
    ``NARROW_ABOVE`` tiles, its narrow look ahead (``endgame_narrow``) picks the
    root move tried first, the choice if none is settled."""
    return _Search(game, budget, nodes, depth or MAX_PLIES, hard).run()


def solve(game, hard=None, budget: Budget | None = None, depth: int | None = None) -> str | None:
    """The move text the search prefers for the player to move; None when not
    even one ply could be searched within the budget. ``depth``: plies at most
    (deterministic without a budget)."""
    return search(game, budget, depth=depth, hard=hard).move


class _Node:
    """A position of the search: the board and its delta from the root's (each
    changed square's state; ``bkey`` is it as a key), the racks by seat, the
    player to move, and the turns counted toward the end. The board is made when
    first needed (a position found in the table never needs it)."""

    __slots__ = ("_board", "source", "delta", "bkey", "racks", "mover", "scoreless", "idle")

    def __init__(self, board, delta, racks, mover, scoreless, idle, source=None):
        self._board, self.source = board, source
        self.delta, self.bkey = delta, tuple(sorted(delta.items()))
        self.racks, self.mover, self.scoreless, self.idle = racks, mover, scoreless, idle

    @property
    def board(self):
        if self._board is None:
            parent, move = self.source
            self._board, self.source = move.apply(parent)[0], None
        return self._board

    def key(self):
        return (self.bkey, self.racks, self.mover, self.scoreless, self.idle)


class _Search:
    def __init__(self, game, budget, max_nodes, max_depth, hard=None):
        self.t0 = time.perf_counter()
        self.game, self.hard = game, hard
        s = game._state
        rules = self.rules = game.rules
        self.budget = budget
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.moves = EndgameMoves(rules, game.lexicon, s.board)
        self.lone_tile = LoneTileBound(rules, game.judge)
        self.prepared: dict = {}   # (position, tile, listed board) -> endgame_bound.Prepared
        board = s.board.copy()
        self.root_states = [square_state(board, sq) for sq in range(len(board.cells))]
        self.root_blanks = {sq: c.upper() for sq, c in enumerate(board.cells) if c.islower()}
        self.root = _Node(board, {}, tuple("".join(sorted(r)) for r in s.racks), s.to_move, s.scoreless, s.idle)
        # who may attempt the final round (with a clock, only a finder with time left)
        self.finders = tuple(not rules.clock or s.clock[p] > 0 for p in range(2))
        self.table: dict = {}
        self.nodes = 0
        self.limit = None    # the work at which the root move being searched is put off
        self.cuts = 0        # lines valued at the depth limit (or by such a table entry)
        self.adjust = rules.end_adjust != "none"
        # Richard's derived forms are not generated, nor free trades searched
        self.listed_all = not rules.derived_forms and not rules.free_trades
        self.bounded = usable(rules) and not rules.final_round
        self.cycle = rules.end == "cycle"

    # ------------------------------------------------------------------ driver
    def run(self) -> Outcome:
        """Every root move in turn, best first by endgame equity: the first settled
        with a full window, the others with a null window on the best value so
        far (and again with a full one when they beat it). A move whose search
        takes more than a round's work is put off to the next round, whose limit
        is ``ROUND_GROWTH`` times larger (the table keeps what was searched): a
        cut search has then settled the moves cheap to settle, not the first few.
        Out of time: the best move settled so far, else the first."""
        root = self.root
        best = value = moves = None
        order = []
        settled = 0
        try:
            moves = self.moves.full(root.board, root.bkey, root.delta, root.racks[root.mover], self.budget)
            if moves is None:
                raise _OutOfTime
            other = rack_value(root.racks[1 - root.mover])
            pending = sorted(moves, key=lambda m: -(m.score + 2 * other if m.out else
                                                    m.score - 2 * rack_value(m.leave) - 8))
            if self.hard is not None and max(map(len, root.racks)) > NARROW_ABOVE:
                pending = self.narrow_first(pending)
            order = pending
            work = FIRST_ROUND
            while pending:
                later = []
                for m in pending:
                    self.limit = self.work() + work if work is not None else None
                    try:
                        if best is None:
                            v = self.value(root, m, self.max_depth, -INF, INF)
                        else:
                            v = self.value(root, m, self.max_depth, value, value + 1)
                            if v > value:
                                v = self.value(root, m, self.max_depth, v - 1, INF)
                    except _PutOff:
                        later.append(m)
                        continue
                    if best is None or v > value:
                        best, value = m, v
                    settled += 1
                pending = later
                work = work * ROUND_GROWTH if work is not None and work < LAST_ROUND else None
        except _OutOfTime:
            if best is None and order:
                best = order[0]
        exact = (moves is not None and settled == len(moves) and self.cuts == 0 and self.moves.complete
                 and self.listed_all)
        text = best.text(root.board) if best is not None else None
        return Outcome(text, value if settled else None, exact, settled, len(moves or ()), self.nodes,
                       self.moves.generated, (time.perf_counter() - self.t0) * 1000)

    def narrow_first(self, moves):
        """``moves`` with the narrow look ahead's choice first: it gets a share of
        the time left (``NARROW_SHARE``), or ``NARROW_DEPTH`` plies without a
        budget (deterministic)."""
        budget, depth = None, NARROW_DEPTH
        if self.budget is not None and self.budget.deadline is not None:
            now = time.perf_counter()
            budget, depth = Budget(), MAX_PLIES
            budget.deadline = now + max(0.0, self.budget.deadline - now) * NARROW_SHARE
        text = narrow_choice(self.game, self.hard, budget, depth)
        board = self.root.board
        first = [m for m in moves if m.text(board) == text]
        return first + [m for m in moves if m not in first]

    def work(self) -> int:
        """Positions searched, a list generated counting as ``LIST_WEIGHT``."""
        return self.nodes + LIST_WEIGHT * self.moves.generated

    def tick(self):
        self.nodes += 1
        if self.max_nodes is not None or self.limit is not None:
            work = self.work()
            if self.max_nodes is not None and work > self.max_nodes:
                raise _OutOfTime
            if self.limit is not None and work > self.limit:
                raise _PutOff
        budget = self.budget
        if budget is not None and not self.nodes & 31:
            if budget.exhausted or (budget.deadline is not None and time.perf_counter() > budget.deadline):
                budget.exhausted = budget.exhausted or "time"
                raise _OutOfTime

    # ------------------------------------------------------------------ search
    def negamax(self, node: _Node, depth: int, alpha: float, beta: float) -> float:
        """The value of ``node`` for its mover, exact inside (alpha, beta), else a
        bound on the side it fell."""
        self.tick()
        key = node.key()
        entry = self.table.get(key)
        first = None
        if entry is not None:
            value, flag, deep, first = entry
            if deep >= depth and (flag == VALUE or (flag == LOWER and value >= beta)
                                  or (flag == UPPER and value <= alpha)):
                if deep != EXACT_DEPTH:
                    self.cuts += 1
                return value
        if depth <= 0:
            self.cuts += 1
            return self.static(node)
        cuts0, alpha0 = self.cuts, alpha
        best, best_move = -INF, None
        rack = node.racks[node.mover]
        # batches of moves, each with its basis for bounds (a listed board's key and
        # the squares where this board differs from it): the table's move, the
        # moves known legal here from a list made elsewhere, then the full list
        listed = self.moves.known(node.bkey, rack)
        if listed is not None:
            batches = [(listed, (node.bkey, ()))]
        else:
            batches = [self.moves.inherited(node.board, node.bkey, node.delta, rack), None]
        if first is not None:
            batches.insert(0, ((first,), None))
        tried = set()
        bounded = self.bounded
        for batch in batches:
            if batch is None:
                found = self.moves.full(node.board, node.bkey, node.delta, rack, self.budget)
                if found is None:
                    raise _OutOfTime
                batch = (found, (node.bkey, ()))
            batch, basis = batch
            for m in batch:
                if m.key in tried:
                    continue
                tried.add(m.key)
                if bounded and basis is not None and len(m.leave) == 1 and m.cand is not None:
                    v = self.last_tile_bound(node, m, basis, alpha)
                    if v <= alpha:      # it cannot raise alpha: its bound serves as its value
                        if v > best:
                            best, best_move = v, m
                        continue
                if best_move is None or beta - alpha <= 1:
                    v = self.value(node, m, depth, alpha, beta)
                else:   # a null window first: most moves only need to be shown no better
                    v = self.value(node, m, depth, alpha, alpha + 1)
                    if alpha < v < beta:
                        v = self.value(node, m, depth, v - 1, beta)
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            if alpha >= beta:
                break
        flag = LOWER if best >= beta else UPPER if best <= alpha0 else VALUE
        if len(self.table) >= TABLE_MAX:
            self.table.clear()
        self.table[key] = (best, flag, EXACT_DEPTH if self.cuts == cuts0 else depth, best_move)
        return best

    def value(self, node: _Node, m, depth: int, alpha: float, beta: float) -> float:
        """The value for ``node``'s mover of playing ``m`` there."""
        other = node.racks[1 - node.mover]
        if m.out:
            return m.score + (2 * rack_value(other) if self.adjust else 0)
        child = self.child(node, m)
        if self.ended(child):
            return m.score - self.end_value(child)
        return m.score - self.negamax(child, depth - 1, m.score - beta, m.score - alpha)

    def child(self, node: _Node, m) -> _Node:
        """The position after ``m`` (not a go-out) at ``node``."""
        changes = m.changes()
        board, source = None, (node.board, m)
        if changes is None:     # a pick-off: the board says which squares it emptied
            board, changed = m.apply(node.board)
            changes = [(sq, square_state(board, sq)) for sq in changed]
        delta = node.delta
        if changes:
            delta = dict(delta)
            root = self.root_states
            for sq, state in changes:
                if state is None:   # a swap: the natural letter of the blank there
                    cell = delta[sq][0] if sq in delta else root[sq][0]
                    state = (cell.upper(), None, True)
                if state == root[sq]:
                    delta.pop(sq, None)
                else:
                    delta[sq] = state
        elif not m.pre:
            board = node.board   # a plain pass
        racks = (m.leave, node.racks[1]) if node.mover == 0 else (node.racks[0], m.leave)
        placed = m.cand is not None
        return _Node(board, delta, racks, 1 - node.mover, 0 if placed else node.scoreless + 1,
                     0 if placed else node.idle + 1, None if board is not None else source)

    def last_tile_bound(self, node: _Node, m, basis, alpha: float) -> float:
        """An upper bound on playing ``m`` (a placement keeping one tile, t) at
        ``node``, or a looser one when even the tight one would exceed ``alpha``:
        the other player may always pass, so the mover gets at most what it would
        alone: t's best play and going out, or the game ending by passes. t's best
        play is one listed on the basis board clear of every square that differs
        (``basis``) or ``m`` changed, or one next to those squares, which
        ``endgame_bound`` bounds; +inf when no bound is at hand."""
        rack, t = node.racks[node.mover], m.leave
        changes = m.changes()
        if changes is None:
            return INF          # a pick-off
        listed_key, differs = basis
        best = self.moves.best_by_leave(listed_key, rack)
        if best is None:
            return INF          # that list was dropped (memory)
        other = rack_value(node.racks[1 - node.mover])
        out = 2 * other if self.adjust else 0
        stuck = other - rack_value(t) if self.adjust else 0
        bound = m.score + max(best.get(rack.replace(t, "", 1), -INF) + out, stuck)
        if bound > alpha:
            return bound        # no need to look near the move
        key = (node.key(), t, listed_key)
        prepared = self.prepared.get(key)
        if prepared is None:
            if len(self.prepared) >= TABLE_MAX // 4:
                self.prepared.clear()
            prepared = self.prepared[key] = self.lone_tile.prepare(node.board, differs, t, self.blank_letters(node))
        cells = node.board.cells[:]
        for sq, state in changes:
            cells[sq] = state[0] if state is not None else cells[sq].upper()
        near = prepared.after(cells, [sq for sq, _ in changes], alpha - m.score - out)
        return max(bound, m.score + near + out)

    def blank_letters(self, node: _Node) -> set:
        """The letters of the blanks on ``node``'s board (a move's own blanks are
        ``Prepared.after``'s to see)."""
        letters = set()
        delta = node.delta
        for sq, letter in self.root_blanks.items():
            if sq not in delta:
                letters.add(letter)
        for sq, state in delta.items():
            if state[0].islower():
                letters.add(state[0].upper())
        return letters

    def ended(self, node: _Node) -> bool:
        """The game ends without a player going out (RULES.md 8, two players)."""
        if self.cycle:
            return node.idle >= 3 or node.scoreless >= 8
        return node.scoreless >= 6

    def end_value(self, node: _Node) -> float:
        """The value for ``node``'s mover of the game ending there by passes: each
        rack costs its holder, then the final round when it is on."""
        me, other = node.racks[node.mover], node.racks[1 - node.mover]
        value = rack_value(other) - rack_value(me) if self.adjust else 0
        if self.rules.final_round and me and other:
            value += self.find(node, other, node.mover) - self.find(node, me, 1 - node.mover)
        return value

    def find(self, node: _Node, rack: str, finder: int) -> int:
        """A finder's final-round result with ``rack``: the best play plus the
        bonus, or 0 (a decline) when there is none or no time to try."""
        if not self.finders[finder]:
            return 0
        moves = self.moves.full(node.board, node.bkey, node.delta, rack, self.budget)
        if moves is None:
            raise _OutOfTime
        best = max((m.score for m in moves if m.cand is not None), default=None)
        return 0 if best is None else best + FINAL_ROUND_BONUS

    def static(self, node: _Node) -> float:
        """A line cut by the depth: as if both players were stuck, each rack
        costing its holder."""
        me, other = node.racks[node.mover], node.racks[1 - node.mover]
        return float(rack_value(other) - rack_value(me))
