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
kept only if they stretch that word). Richard's derived forms are not generated
(the graph holds only lexicon words); the judge still accepts them when played.

A recorder decides what to keep: ``AllPlays``, ``TopN`` or ``Best`` (the hint list
and the AI levels share one generator).
"""

from __future__ import annotations

import heapq
from itertools import combinations, permutations

from .board import Board
from .lexicon import END_LARGE, END_MAIN, LIVE_MAIN
from .linegen import BLANK_I, Grid, LeftCache, LineGen
from .moves import Play
from .rules import Rules
from .scoring import _has_cross_neighbour, _run
from .tiles import WILD_LETTERS


class Candidate:
    """A generated play: ``tiles`` are (square, cell, rack tile) as in Play."""

    __slots__ = ("score", "tiles", "pre", "across", "used", "equity", "length", "rack")

    def __init__(self, score, tiles, pre, across, used, length=0, rack=""):
        self.length = length      # main word length
        self.rack = rack          # the rack after swaps and pick-off, before placing
        self.score = score
        self.tiles = tiles
        self.pre = pre
        self.across = across
        self.used = used          # rack tiles that left the rack (str)
        self.equity = float(score)

    @property
    def leave(self) -> str:
        """The tiles kept after this play, sorted."""
        left = list(self.rack)
        for t in self.used:
            left.remove(t)
        return "".join(sorted(left))

    def to_play(self) -> Play:
        return Play(self.tiles, self.pre, self.across)


# ----------------------------------------------------------------- recorders
class AllPlays:
    def __init__(self):
        self.plays: list[Candidate] = []
        self.floor = -1 << 30

    def add(self, cand: Candidate) -> None:
        self.plays.append(cand)

    def result(self):
        return sorted(self.plays, key=lambda c: -c.equity)


class TopN:
    """Keeps the N best by ``equity`` (score unless ``value`` adds a leave)."""

    def __init__(self, n: int, value=None):
        self.n = n
        self.value = value
        self.heap: list = []
        self.count = 0
        self.floor = -1 << 30

    def add(self, cand: Candidate) -> None:
        if self.value is not None:
            cand.equity = self.value(cand)
        self.count += 1
        item = (cand.equity, -self.count, cand)
        if len(self.heap) < self.n:
            heapq.heappush(self.heap, item)
        elif item > self.heap[0]:
            heapq.heapreplace(self.heap, item)

    def result(self):
        return [c for _, _, c in sorted(self.heap, reverse=True)]


def Best(value=None):
    return TopN(1, value)


def swapped(board, rack, squares):
    """Carry out swaps on copies, in ascending square order or, when a swap needs
    a J/Q/X/Z that another one recovers, the first order that works (the canonical
    order of move text): (pre, board, rack), or None when no order works."""
    for order in permutations(sorted(squares)):
        b = board.copy()
        r = list(rack)
        for sq in order:
            letter = b.cells[sq].upper()
            if letter not in r:
                break
            r.remove(letter)
            r.append(b.remove(sq))
            b.put(sq, letter)
        else:
            return tuple(("swap", sq) for sq in order), b, r
    return None


# ----------------------------------------------------------------- generator
class MoveGenerator:
    """``max_blanks`` caps the tiles played as blanks (blanks and flipped J/Q/X/Z)
    in one play; ``swaps`` is "subsets" (every subset: exact) or "all" (only no
    swap and every swap at once: the AI's cheaper choice). The defaults are exact."""

    candidate = Candidate  # what LineGen records

    def __init__(self, rules: Rules, lexicon, max_blanks: int = 99, swaps: str = "subsets",
                 picks: bool = True, pick_left_max: int = 99):
        self.max_blanks = max_blanks
        self.pick_left_max = pick_left_max  # left-part tiles before a picked word (AI bound)
        self.swaps = swaps
        self.picks = picks
        self.rules = rules
        self.lexicon = lexicon
        self.mask, self.first, self.child = lexicon.raw()
        self.end_bit = END_LARGE if rules.lexicon == "large" else END_MAIN
        self.live_bit = 0 if rules.lexicon == "large" else LIVE_MAIN
        self.two72 = rules.two_letter == "72"

    # -- public
    def generate(self, board: Board, rack, recorder=None):
        """Every legal play (all words in the lexicon) of ``rack`` on ``board``."""
        if recorder is None:
            recorder = AllPlays()
        rack = list(rack)
        self._left_tables = {}  # left parts by rack, shared by the variants of this call
        for pre, vboard, vrack in self._swap_variants(board, rack):
            grids = self._generate(vboard, vrack, pre, recorder, None)
            if self.rules.pick_off and self.picks:
                for ppre, pboard, prack, constraint in self._pick_variants(vboard, vrack):
                    self._generate(pboard, prack, pre + ppre, recorder, constraint, grids)
        if self.swaps == "subsets" and self.rules.pick_off and self.picks and self.rules.blank_swap:
            self._pick_swappers(board, rack, recorder)
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
            done = swapped(board, rack, subset)
            if done is not None:
                yield done

    def _pick_swappers(self, board, rack, recorder):
        """Plays after a pick-off whose picked tiles make further swaps possible
        (written after the pick: ``pick L11; swap G8; ...``)."""
        blanks = [sq for sq, c in enumerate(board.cells) if c and c.islower()]
        if not blanks:
            return
        for ppre, pboard, prack, constraint in self._pick_variants(board, rack):
            picked = constraint[4]
            letters = set(prack) | set(pboard.wild.values())
            options = [sq for sq in blanks if sq not in picked and pboard.cells[sq].upper() in letters]
            for k in range(1, len(options) + 1):
                for subset in combinations(options, k):
                    if swapped(board, rack, subset) is not None:
                        continue  # possible without the picked tiles: made swaps-first
                    done = swapped(pboard, prack, subset)
                    if done is not None:
                        spre, sboard, srack = done
                        self._generate(sboard, srack, ppre + spre, recorder, constraint)

    def _pick_variants(self, board, rack):
        size = board.size
        cells = board.cells
        seen = set()
        for sq, cell in enumerate(cells):
            if not cell:
                continue
            for across in (True, False):
                run = _run(cells, sq, across, size)
                if len(run) < 2 or run[-1] != sq or (run[0], across) in seen:
                    continue
                seen.add((run[0], across))
                for n in range(1, min(self.rules.pick_off, len(run) - 1) + 1):
                    picked = run[-n:]
                    if any(_has_cross_neighbour(cells, s, across, size) for s in picked):
                        break
                    b = board.copy()
                    r = list(rack)
                    faceup = {}
                    for s in picked:
                        c = cells[s]
                        if c.isupper() and c in WILD_LETTERS:
                            faceup[ord(c) - 65] = faceup.get(ord(c) - 65, 0) + 1
                        r.append(b.remove(s))
                    keep = run[:-n]
                    constraint = (across, keep, len(run), faceup, picked)
                    yield (("pick", picked[0]),), b, r, constraint

    # -- one position
    def _generate(self, board: Board, rack, pre, recorder, constraint, grids=None):
        """Generate on one variant; returns its grids (per direction) so that a
        pick-off variant can reuse them with only the picked squares changed."""
        size = board.size
        rules = self.rules
        layout = board.layout
        counts = [0] * 27
        for t in rack:
            counts[BLANK_I if t == "?" else ord(t) - 65] += 1
        empty_board = not any(board.cells)
        rack_text = "".join(sorted(rack))
        made = {}
        left_max = self.pick_left_max if constraint is not None else 99
        lefts = self._left_tables.get((rack_text, left_max))
        if lefts is None:
            lefts = self._left_tables[(rack_text, left_max)] = LeftCache(left_max)
        for across in (True, False):
            if constraint is not None and constraint[0] != across:
                continue
            if grids is not None and constraint is not None:
                grid = grids[across].without(constraint[4])
            else:
                grid = made[across] = Grid(board, across, self, rules)
            rows = range(size)
            if constraint is not None:
                line = constraint[1][0] // size if across else constraint[1][0] % size
                rows = (line,)
            for row in rows:
                anchors = grid.anchors(row, empty_board, layout)
                if anchors:
                    lg = LineGen(self, grid, row, counts, pre, across, recorder, constraint, board)
                    lg.rack = rack_text
                    lg.lefts = lefts
                    if lefts.line is None:
                        lefts.line = lg
                    lg.run(anchors)
        return made


