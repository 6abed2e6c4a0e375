"""All legal plays of a rack, fast, for every knob of RULES.md.

Appel-Jacobson generation over the lexicon's flat DAWG, along rows only; columns
are rows of the transposed board. Per position and direction we compute once, for
every empty square, the letters its cross-word allows (a 26-bit mask) and the
cross-word's points from tiles already down. Plays are scored inline by the same
arithmetic as ``scoring.evaluate`` (tests prove the two agree on every play);
``to_play`` turns a candidate into a ``Play`` for the rest of the engine.

Why not update the cross-checks incrementally after a move: building both
directions' grids from scratch takes 1.3-2.3 ms on a crowded 21x21 board (2-core
machine, CPython 3.11), about 1% of a hard move; the cache would cost more in
complexity than it saves. A pick-off variant does reuse its base grid (``without``).

Special moves are variants of the position: every subset of the blank swaps the
rack allows, and every pick-off of 1..N free-hanging trailing tiles (plays are then
kept only if they stretch that word). The words are the judge's
(``words.game_words``: the list the rules play, formatives and house words
included). Richard's derived forms are not generated (the graph holds only
lexicon words); the judge still accepts them when played.

A recorder decides what to keep: ``AllPlays`` or ``TopN`` (the hint list and the AI
levels share one generator). A ``Budget`` bounds one generation by wall time and/or
plays recorded: when it runs out the recorder keeps what was found so far
(``recorder.complete`` is then False). Without a budget generation is exhaustive
and deterministic.
"""

from __future__ import annotations

import heapq
import time
from collections import Counter
from itertools import combinations

from ..board import Board, has_cross_neighbour, run
from .grid import Grid
from .linegen import BLANK_I, Candidate, LeftCache, LineGen, OutOfBudget, cap_table
from ..moves import MoveError
from ..rules import Rules
from ..scoring import apply_pre
from ..lexicon.words import game_words

# Left-part tables kept per generation (one per rack variant, each bounded by
# linegen.MAX_LEFT_PARTS): reused by the variants that share a rack.
LEFT_TABLES_KEPT = 4

__all__ = ["AllPlays", "Budget", "Candidate", "MoveGenerator", "TopN", "best_first", "swap_order", "swapped"]


# ----------------------------------------------------------------- budget
class Budget:
    """A bound on generation: ``ms`` milliseconds of wall time from now and/or
    ``plays`` plays recorded (None: no bound of that kind). Shared by every
    generation of one decision. A time bound makes the result depend on the
    machine's speed, so self-play, tests and replays pass no budget (exhaustive
    and deterministic); a plays bound is deterministic."""

    __slots__ = ("deadline", "plays", "exhausted")

    def __init__(self, ms: float | None = None, plays: int | None = None):
        self.deadline = None if ms is None else time.perf_counter() + ms / 1000.0
        self.plays = plays
        self.exhausted = ""   # "" while it lasts, then "plays" or "time": what ran out

    def tick(self, count: int) -> None:
        """Called by a recorder after its ``count``-th play; raises OutOfBudget."""
        if self.plays is not None and count >= self.plays:
            self.exhausted = "plays"
            raise OutOfBudget
        if self.deadline is not None and not count & 255:
            self.check()

    def check(self) -> None:
        """Raises OutOfBudget once the time is up (or the budget ran out before)."""
        if self.exhausted:
            raise OutOfBudget
        if self.deadline is not None and time.perf_counter() > self.deadline:
            self.exhausted = "time"
            raise OutOfBudget


# ----------------------------------------------------------------- recorders
class AllPlays:
    def __init__(self):
        self.plays: list[Candidate] = []
        self.budget: Budget | None = None   # set by generate()
        self.complete = True                # False when the budget cut it short

    def add(self, cand: Candidate) -> None:
        self.plays.append(cand)
        if self.budget is not None:
            self.budget.tick(len(self.plays))

    def result(self):
        return sorted(self.plays, key=lambda c: -c.equity)


class TopN:
    """Keeps the N best by ``equity`` (score unless ``value`` adds a leave)."""

    def __init__(self, n: int, value=None):
        self.n = n
        self.value = value
        self.heap: list = []
        self.count = 0
        self.budget: Budget | None = None   # set by generate()
        self.complete = True                # False when the budget cut it short

    def add(self, cand: Candidate) -> None:
        if self.value is not None:
            cand.equity = self.value(cand)
        self.count += 1
        item = (cand.equity, -self.count, cand)
        if len(self.heap) < self.n:
            heapq.heappush(self.heap, item)
        elif item > self.heap[0]:
            heapq.heapreplace(self.heap, item)
        if self.budget is not None:
            self.budget.tick(self.count)

    def result(self):
        return [c for _, _, c in sorted(self.heap, reverse=True)]


def best_first(found) -> list[Candidate]:
    """Plays from several generations merged: best equity first (ties keep the
    order found), each play once (by its tiles and special moves)."""
    best, seen = [], set()
    for c in sorted(found, key=lambda c: -c.equity):
        key = (c.tiles, c.pre)
        if key not in seen:
            seen.add(key)
            best.append(c)
    return best


# ----------------------------------------------------------------- swaps
def swap_order(board: Board, rack, squares) -> list[int] | None:
    """The order in which swaps for the blanks on ``squares`` can be made from
    ``rack``: ascending squares or, when a swap needs a J/Q/X/Z that another one
    recovers, the first order (lexicographically) that works, which is the
    canonical order of move text; None when no order works.

    A depth-first search that remembers which sets of squares left have failed
    (the rack is fixed by the swaps made), so at most 2^n states are visited, not
    the n! orderings (10 swappable tiles once took 12.8 s)."""
    squares = sorted(squares)
    cells = board.cells
    need = Counter(cells[sq].upper() for sq in squares)
    have = Counter(rack)
    gain = Counter(board.tile_at(sq) for sq in squares)
    if any(n > have[letter] + gain[letter] for letter, n in need.items()):
        return None
    failed: set = set()

    def search(left: tuple) -> list | None:
        if not left:
            return []
        if left in failed:
            return None
        for i, sq in enumerate(left):
            letter = cells[sq].upper()
            if have[letter] > 0:
                tile = board.tile_at(sq)
                have[letter] -= 1
                have[tile] += 1
                rest = search(left[:i] + left[i + 1:])
                have[tile] -= 1
                have[letter] += 1
                if rest is not None:
                    return [sq] + rest
        failed.add(left)
        return None

    return search(tuple(squares))


def swapped(board: Board, rack, squares, rules: Rules):
    """Carry out swaps on copies, in ``swap_order``: (pre, board, rack), or None
    when no order works."""
    order = swap_order(board, rack, squares)
    if order is None:
        return None
    pre = tuple(("swap", sq) for sq in order)
    b = board.copy()
    r = list(rack)
    apply_pre(b, r, pre, rules, True)
    return pre, b, r


# ----------------------------------------------------------------- generator
class MoveGenerator:
    """``max_blanks`` caps the tiles played as blanks (blanks and flipped J/Q/X/Z)
    in one play; ``swaps`` is "subsets" (every subset: exact) or "all" (only no
    swap and every swap at once: the AI's cheaper choice). The defaults are exact."""

    def __init__(self, rules: Rules, lexicon, max_blanks: int = 99, swaps: str = "subsets",
                 picks: bool = True, pick_left_max: int = 99):
        self.max_blanks = max_blanks
        self.pick_left_max = pick_left_max  # left-part tiles before a picked word (AI bound)
        self.swaps = swaps
        self.picks = picks
        self.rules = rules
        self.lexicon = lexicon
        words = game_words(rules, lexicon)
        self.mask, self.first, self.child = words.lexicon.raw()
        self.end_bit, self.live_bit = words.end, words.live
        self.two72 = words.two_letter is not None
        self.two_pairs = words.two_pairs   # (first, second) letter ints of the two-letter words
        self.caps = cap_table(rules)
        self._budget = None
        self._memo = None

    # -- public
    def generate(self, board: Board, rack, recorder=None, budget: Budget | None = None,
                 memo: dict | None = None):
        """Every legal play (all words in the lexicon) of ``rack`` on ``board``, as
        the recorder keeps them; with a ``budget``, those found before it ran out
        (``recorder.complete`` False then).

        ``memo`` (a ``TopN`` recorder only): a dict kept by the caller across calls
        whose recorders value plays alike (the same ``value`` for the same rack),
        holding each line's best plays by everything the line's generation reads
        (``Grid.row_key``, the rack, the variant). A line unchanged since an
        earlier call gives its plays without being searched again: the expert
        plays each candidate in a dealt world and then the same opponent rack
        replies, on boards that differ in a few lines only. The result is the
        same as without it, ties included (lines are fed in the same order)."""
        if recorder is None:
            recorder = AllPlays()
        rack = list(rack)
        self._memo = memo if isinstance(recorder, TopN) else None
        # left parts by rack, shared by the variants of this call (and, with a memo,
        # by the calls that share it: they depend on the rack alone)
        self._left_tables = {} if self._memo is None else self._memo.setdefault(("left parts",), {})
        self._budget = budget
        if budget is not None:
            recorder.budget = budget
        try:
            for pre, vboard, vrack in self._swap_variants(board, rack):
                grids = self._generate(vboard, vrack, pre, recorder, None)
                if self.rules.pick_off and self.picks:
                    for ppre, pboard, prack, pick in self._pick_variants(vboard, vrack):
                        self._generate(pboard, prack, pre + ppre, recorder, pick, grids)
            if self.rules.pick_off and self.picks and self.rules.blank_swap:
                self._pick_swappers(board, rack, recorder)
        except OutOfBudget:
            recorder.complete = False
        finally:
            self._budget = None
            self._memo = None
        return recorder.result()

    # -- variants
    def _swap_variants(self, board, rack):
        """(pre, board, rack) after each subset of swaps: exact mode takes every
        subset, including chains where a swap needs a J/Q/X/Z that another swap
        recovers; "all" mode only no swap and every swap the rack allows."""
        yield (), board, rack
        if not self.rules.blank_swap:
            return
        blanks = [sq for sq, c in enumerate(board.cells) if c and c.islower()]
        if self.swaps == "subsets":
            letters = set(rack) | set(board.wild.values())
            options = [sq for sq in blanks if board.cells[sq].upper() in letters]
            subsets = (c for k in range(1, len(options) + 1) for c in combinations(options, k))
        else:
            options = [sq for sq in blanks if board.cells[sq].upper() in rack]
            subsets = [tuple(options)] if options else []
        for subset in subsets:
            done = swapped(board, rack, subset, self.rules)
            if done is not None:
                yield done

    def _pick_swappers(self, board, rack, recorder):
        """Plays after a pick-off whose picked tiles make further swaps possible
        (written after the pick: ``pick L11; swap G8; ...``). "all" mode: only every
        swap the rack allows after the pick, as in ``_swap_variants``."""
        blanks = [sq for sq, c in enumerate(board.cells) if c and c.islower()]
        if not blanks:
            return
        for ppre, pboard, prack, pick in self._pick_variants(board, rack):
            if self.swaps == "subsets":
                letters = set(prack) | set(pboard.wild.values())
                options = [sq for sq in blanks if sq not in pick.picked and pboard.cells[sq].upper() in letters]
                subsets = (c for k in range(1, len(options) + 1) for c in combinations(options, k))
            else:
                options = [sq for sq in blanks if sq not in pick.picked and pboard.cells[sq].upper() in prack]
                subsets = [tuple(options)] if options else []
            for subset in subsets:
                if swap_order(board, rack, subset) is not None:
                    continue  # possible without the picked tiles: made swaps-first
                done = swapped(pboard, prack, subset, self.rules)
                if done is not None:
                    spre, sboard, srack = done
                    self._generate(sboard, srack, ppre + spre, recorder, pick)

    def _pick_variants(self, board, rack):
        """(pre, board, rack, PickOff) for every pick-off of 1..N free-hanging
        trailing tiles of a word on the board."""
        size = board.size
        cells = board.cells
        seen = set()
        for sq, cell in enumerate(cells):
            if not cell:
                continue
            for across in (True, False):
                word = run(cells, sq, across, size)
                if len(word) < 2 or word[-1] != sq or (word[0], across) in seen:
                    continue
                seen.add((word[0], across))
                for n in range(1, min(self.rules.pick_off, len(word) - 1) + 1):
                    picked = word[-n:]
                    if any(has_cross_neighbour(cells, s, across, size) for s in picked):
                        break
                    pre = (("pick", picked[0]),)
                    b = board.copy()
                    r = list(rack)
                    try:
                        pick = apply_pre(b, r, pre, self.rules, across)
                    except MoveError:
                        break
                    yield pre, b, r, pick

    # -- one position
    def _grid(self, board: Board, across: bool) -> Grid:
        """One direction's grid of ``board`` (a subclass may derive it from a grid it keeps)."""
        return Grid(board, across, self, self.rules)

    def _generate(self, board: Board, rack, pre, recorder, pick=None, grids=None):
        """Generate on one variant (``pick``: its PickOff, if any); returns its
        grids (per direction) so that a pick-off variant can reuse them with only
        the picked squares changed."""
        size = board.size
        layout = board.layout
        budget = self._budget
        counts = [0] * 27
        for t in rack:
            counts[BLANK_I if t == "?" else ord(t) - 65] += 1
        empty_board = not any(board.cells)
        rack_text = "".join(sorted(rack))
        made = {}
        memo = self._memo
        left_max = self.pick_left_max if pick is not None else 99
        lefts = self._left_tables.get((rack_text, left_max))
        if lefts is None:
            if len(self._left_tables) >= LEFT_TABLES_KEPT:
                self._left_tables.clear()   # memory: a bounded number of bounded tables
            lefts = self._left_tables[(rack_text, left_max)] = LeftCache(left_max)
        for across in (True, False):
            if pick is not None and pick.across != across:
                continue
            if grids is not None and pick is not None:
                grid = grids[across].without(pick.picked)
            else:
                grid = made[across] = self._grid(board, across)
            rows = range(size)
            if pick is not None:
                rows = (pick.word[0] // size if across else pick.word[0] % size,)
            for row in rows:
                if budget is not None:
                    budget.check()
                if layout.inner is not None and layout.inner_range(row, across) is None:
                    continue  # no main word may lie wholly outside the inner board
                anchors = grid.anchors(row, empty_board, layout)
                if not anchors:
                    continue
                if memo is not None:
                    key = (across, row, rack_text, left_max, pre, pick, empty_board, grid.row_key(row))
                    kept = memo.get(key)
                    if kept is not None:
                        for cand in kept:
                            recorder.add(cand)
                        continue
                    line_rec = TopN(recorder.n, recorder.value)
                    line_rec.budget = budget
                else:
                    line_rec = recorder
                lg = LineGen(self, grid, row, counts, pre, across, line_rec, pick, board)
                lg.rack = rack_text
                lg.lefts = lefts
                if lefts.line is None:
                    lefts.line = lg
                lg.run(anchors)
                if memo is not None:
                    # the line's best in the order they were found (ties: the first)
                    kept = memo[key] = [c for _, _, c in sorted(line_rec.heap, key=lambda item: -item[1])]
                    for cand in kept:
                        recorder.add(cand)
        if lefts.parts is not None and lefts.parts.truncated:
            recorder.complete = False   # plays with longer left parts were not made
        return made
