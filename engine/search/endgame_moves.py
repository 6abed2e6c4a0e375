"""Every legal action of a rack in the endgame search, fast on boards a few tiles
away from the position searched (the root).

The search meets thousands of boards that differ from its root by the few tiles
played since, so the full generator (``movegen.MoveGenerator``, exact: every
blank letter, every swap subset, every pick-off) is made incremental:

- **Grids** (``_grid``): the cross-checks of a square depend only on the tiles
  of its own column of that view (a board column across, a board row down), so a
  board's grid is the root's with the columns holding a changed square replaced,
  each column's data computed once per content (a ``Grid`` of a board holding
  only those columns' tiles). Rows whose data is the root's keep the root's
  ``row_key`` and anchors.
- **Lines** (``LineMemo``): the generator's line memo gives an unchanged line's
  plays without searching it again (``Grid.row_key`` says everything a line's
  generation reads), and a line of a rack not met there yet from the same line
  of a larger rack: the plays whose tiles the smaller rack holds (legality and
  score never depend on the tiles a play leaves on the rack).
- **Inherited moves** (``inherited``): a list made for a rack on one board also
  serves that rack on another: a play whose *footprint* (its squares, its words'
  squares and the square past each end of each word, the squares it swaps or
  picks) holds no square that differs between the two boards is legal on both
  with the same score. The search tries those first and generates the full list
  only when they do not settle a position.

A board is known by its *delta*: each square whose state (cell, tile under a
flipped wild cell, premium spent) differs from the root's.
"""

from __future__ import annotations

from collections import Counter

from ..board import Board
from ..moves import Pass
from ..notation import format_move
from ..scoring import apply_pre
from .grid import ROW_FIELDS, Grid
from .linegen import Candidate
from .movegen import MoveGenerator, TopN

ALL = 1 << 60            # a TopN that keeps every play (the line memo needs a TopN)
MEMO_LINES = 60_000      # line memo entries kept before it is cleared (memory)
LISTED_MAX = 400_000     # moves kept in lists before they are dropped (memory)
COLUMNS_MAX = 100_000    # grid columns kept before they are dropped
SOURCES_KEPT = 3         # lists kept per rack to inherit from


class Move:
    """One action of the search: a placement (``cand``), or a pass after the swaps
    ``pre`` (none: a plain pass). ``leave``: the rack after it (sorted, as every
    rack of the search: ``"".join(sorted(tiles))``)."""

    __slots__ = ("score", "leave", "cand", "pre", "out", "key", "footprint", "_changes")

    def __init__(self, score: int, leave: str, cand=None, pre: tuple = ()):
        self.score = score
        self.leave = leave
        self.cand = cand
        self.pre = pre
        self.out = cand is not None and not leave
        self.key = (cand.tiles, cand.pre) if cand is not None else ("pass", pre)
        self.footprint = None   # set when first needed, on the board of its list
        self._changes = False

    def text(self, board: Board) -> str:
        """The move text on ``board`` (as the other levels write their moves)."""
        if self.cand is None:
            return format_move(board, Pass(self.pre))
        return format_move(board, self.cand.to_play())

    def changes(self):
        """[(square, its state after this action)] for each square it changes,
        without a board (a swap leaves the natural letter, a placed tile its cell
        and any wild tile under it, both spending the square); None with a
        pick-off (the squares it empties depend on the board)."""
        if self._changes is False:
            pre = self.pre if self.cand is None else self.cand.pre
            if any(kind == "pick" for kind, _ in pre):
                self._changes = None
            else:
                found = {}
                for _, sq in pre:
                    found[sq] = None        # the letter is the board's: filled in by ``state``
                if self.cand is not None:
                    for sq, cell, tile in self.cand.tiles:
                        found[sq] = (cell, tile if cell.islower() and tile != "?" else None, True)
                self._changes = list(found.items())
        return self._changes

    def apply(self, board: Board) -> tuple[Board, list[int]]:
        """The board after this action (a copy; ``board`` is unchanged, and is
        what a plain pass returns) and the squares it changed."""
        if self.cand is None and not self.pre:
            return board, []
        after = board.copy()
        pre = self.pre if self.cand is None else self.cand.pre
        apply_pre(after, None, pre, None, True if self.cand is None else self.cand.across)
        changed = [sq for _, sq in pre]
        if any(kind == "pick" for kind, _ in pre):   # the picked tail: every square it emptied
            cells = board.cells
            changed = [sq for sq in range(len(cells)) if cells[sq] != after.cells[sq]]
        if self.cand is not None:
            cells, spent, wild = after.cells, after.spent, after.wild
            for sq, cell, tile in self.cand.tiles:
                cells[sq] = cell
                spent.add(sq)
                if cell.islower() and tile != "?":
                    wild[sq] = tile
                changed.append(sq)
        return after, changed


def square_state(board: Board, sq: int) -> tuple:
    return (board.cells[sq], board.wild.get(sq), sq in board.spent)


def footprint(board: Board, move: Move) -> int:
    """The squares (a bit mask) whose change could change ``move``'s legality or
    score on ``board``: see the module docstring."""
    mask = 0
    for _, sq in move.pre:
        mask |= 1 << sq
    cand = move.cand
    if cand is None:
        return mask
    for _, sq in cand.pre:
        mask |= 1 << sq
    if any(kind == "pick" for kind, _ in cand.pre):
        cells = move.apply(board)[0].cells
        placed = ()
    else:                       # the tiles laid over the board, without a copy
        cells = board.cells
        placed = {sq for sq, _, _ in cand.tiles}
    size = board.size
    for sq, _, _ in cand.tiles:
        row, col = divmod(sq, size)
        for step, lo, hi in ((1, row * size, row * size + size - 1), (size, col, col + size * (size - 1))):
            first = sq
            while first - step >= lo and (cells[first - step] or first - step in placed):
                first -= step
            last = sq
            while last + step <= hi and (cells[last + step] or last + step in placed):
                last += step
            for s in range(max(first - step, lo), min(last + step, hi) + 1, step):
                mask |= 1 << s
    return mask


def differing(a: dict, b: dict) -> int:
    """The squares (a bit mask) where two boards of one search differ, from their deltas."""
    mask = 0
    for sq in a.keys() | b.keys():
        if a.get(sq) != b.get(sq):
            mask |= 1 << sq
    return mask


class _Derived(Grid):
    """A grid made from the root's: rows outside ``changed`` are the root's, so
    their key and anchors are the root's (computed once)."""

    def row_key(self, row) -> tuple:
        if row in self.changed:
            return Grid.row_key(self, row)
        return self.root.row_key(row)

    def anchors(self, row, empty_board, layout):
        if row in self.changed:
            return Grid.anchors(self, row, empty_board, layout)
        return self.root.anchors(row, empty_board, layout)


class _Root(Grid):
    """The root's grid, its rows' keys and anchors kept."""

    def row_key(self, row) -> tuple:
        keys = self.__dict__.setdefault("keys", {})
        found = keys.get(row)
        if found is None:
            found = keys[row] = Grid.row_key(self, row)
        return found

    def anchors(self, row, empty_board, layout):
        kept = self.__dict__.setdefault("kept_anchors", {})
        found = kept.get((row, empty_board))
        if found is None:
            found = kept[(row, empty_board)] = Grid.anchors(self, row, empty_board, layout)
        return found


class LineMemo(dict):
    """The generator's line memo (``MoveGenerator.generate``: keys are (across,
    row, rack, left-part bound, swaps and pick, pick-off, empty board, row key))
    that also answers a line from the same line met with other swaps before it
    (a line's plays depend on its row key, not on where the swaps were made:
    only the swaps written in each play differ) or with a larger rack (the plays
    whose tiles the smaller rack holds: legality and score never depend on the
    tiles a play leaves on the rack)."""

    def __init__(self):
        super().__init__()
        self.by_line: dict = {}    # a line's key without rack and swaps -> {(rack, swaps): plays}
        self.fits: dict = {}       # (tiles used, rack) -> whether the rack holds them

    @staticmethod
    def _line(key):
        if isinstance(key, tuple) and len(key) == 8 and isinstance(key[2], str):
            return (key[0], key[1], key[3], key[5], key[6], key[7])
        return None

    def __setitem__(self, key, plays):
        dict.__setitem__(self, key, plays)
        line = self._line(key)
        if line is not None:
            self.by_line.setdefault(line, {})[(key[2], key[4])] = plays

    def get(self, key, default=None):
        found = dict.get(self, key)
        if found is not None:
            return found
        line = self._line(key)
        met = self.by_line.get(line) if line is not None else None
        if not met:
            return default
        rack, pre = key[2], key[4]
        for (other, _), plays in met.items():
            if other == rack or (len(other) > len(rack) and self._holds(other, rack)):
                kept = [Candidate(c.score, c.tiles, pre, c.across, c.used, c.length, rack)
                        for c in plays if other == rack or self._holds(rack, c.used)]
                self[key] = kept
                return kept
        return default

    def _holds(self, rack: str, tiles: str) -> bool:
        key = (tiles, rack)
        found = self.fits.get(key)
        if found is None:
            found = self.fits[key] = not (Counter(tiles) - Counter(rack))
        return found

    def clear(self):
        dict.clear(self)
        self.by_line.clear()
        self.fits.clear()


class EndgameMoves(MoveGenerator):
    """The exact generator, incremental around ``root`` (module docstring), with
    the lists it made kept by (board, rack)."""

    def __init__(self, rules, lexicon, root: Board):
        super().__init__(rules, lexicon)
        self.root_cells = list(root.cells)
        self.root_spent = frozenset(root.spent)
        self.root_grids = {}
        for across in (True, False):
            grid = Grid(root, across, self, rules)
            grid.__class__ = _Root
            self.root_grids[across] = grid
        size = root.size
        # each view column's board squares, in the view's row order
        self.view_columns = {True: [list(range(c, size * size, size)) for c in range(size)],
                             False: [list(range(c * size, c * size + size)) for c in range(size)]}
        self.columns: dict = {}
        self.lines = LineMemo()
        self.lists: dict = {}       # (board key, rack) -> [Move]
        self.sources: dict = {}     # rack -> [(board, board key, delta, [Move])], the latest last
        self.pass_lists: dict = {}
        self.inherits: dict = {}    # (board key, rack) -> (moves known legal, their basis)
        self.best_leaves: dict = {}  # (board key, rack) -> best_by_leave
        self.generated = 0
        self.listed = 0
        self.complete = True        # False once a list was cut short (too many left parts)

    # -- the grids
    def _grid(self, board: Board, across: bool) -> Grid:
        cells, root = board.cells, self.root_cells
        size = board.size
        changed = [sq for sq, (a, b) in enumerate(zip(cells, root)) if a != b]
        if len(board.spent) != len(self.root_spent):
            changed += [sq for sq in board.spent if not cells[sq] and sq not in self.root_spent]
        base = self.root_grids[across]
        if not changed:
            return base
        wanted = sorted({sq % size if across else sq // size for sq in changed})
        spent = board.spent
        found, missing = {}, []
        for col in wanted:
            squares = self.view_columns[across][col]
            key = (across, col, tuple(cells[sq] for sq in squares),
                   tuple(sq for sq in squares if not cells[sq] and sq in spent))
            data = self.columns.get(key)
            if data is None:
                missing.append((col, key))
            else:
                found[col] = data
        if missing:
            found.update(self._columns(board, across, missing))
        grid = Grid.__new__(_Derived)
        grid.__dict__.update(base.__dict__)
        grid.root = base
        rows = set()
        for name_i, name in enumerate(ROW_FIELDS):
            values = list(getattr(base, name))
            for col in wanted:
                values[col::size] = found[col][0][name_i]
            setattr(grid, name, values)
        for col in wanted:
            rows |= found[col][1]
        grid.changed = rows
        return grid

    def _columns(self, board: Board, across: bool, missing) -> dict:
        """Grid data of view columns not met before: (per field, its values down
        the column), and the rows where it differs from the root's."""
        size = board.size
        partial = Board(board.layout)
        partial.spent = board.spent
        cells = board.cells
        for col, _ in missing:
            for sq in self.view_columns[across][col]:
                partial.cells[sq] = cells[sq]
        fresh = Grid(partial, across, self, self.rules)
        base = self.root_grids[across]
        if len(self.columns) > COLUMNS_MAX:
            self.columns.clear()
        out = {}
        for col, key in missing:
            fields = tuple(getattr(fresh, name)[col::size] for name in ROW_FIELDS)
            rows = set()
            for name, values in zip(ROW_FIELDS, fields):
                old = getattr(base, name)[col::size]
                rows.update(r for r in range(size) if old[r] != values[r])
            out[col] = self.columns[key] = (fields, frozenset(rows))
        return out

    # -- the lists
    def full(self, board: Board, bkey, delta: dict, rack: str, budget=None) -> list[Move] | None:
        """Every action of ``rack`` on ``board``, go-outs first, then by score, the
        passes last; None when the budget ran out first."""
        key = (bkey, rack)
        found = self.lists.get(key)
        if found is not None:
            return found
        if len(self.lines) > MEMO_LINES:
            self.lines.clear()
        recorder = TopN(ALL)
        cands = self.generate(board, rack, recorder, budget, memo=self.lines)
        if not recorder.complete:
            if budget is not None and budget.exhausted:
                return None
            self.complete = False
        self.generated += 1
        found = [Move(c.score, c.leave, c) for c in cands]
        found.sort(key=lambda m: (not m.out, -m.score))
        found += self.passes(board, bkey, rack)
        self.listed += len(found)
        if self.listed > LISTED_MAX:
            self.lists.clear()
            self.sources.clear()
            self.inherits.clear()
            self.best_leaves.clear()
            self.listed = len(found)
        self.lists[key] = found
        kept = self.sources.setdefault(rack, [])
        kept.append((board, bkey, delta, found))
        del kept[:-SOURCES_KEPT]
        return found

    def known(self, bkey, rack: str) -> list[Move] | None:
        return self.lists.get((bkey, rack))

    def best_by_leave(self, bkey, rack: str) -> dict | None:
        """{leave: the best score of a placement leaving it} of a list made (None
        when that list was dropped since)."""
        found = self.best_leaves.get((bkey, rack))
        if found is None:
            moves = self.lists.get((bkey, rack))
            if moves is None:
                return None
            found = {}
            for m in moves:
                if m.cand is not None and m.score > found.get(m.leave, -1):
                    found[m.leave] = m.score
            self.best_leaves[(bkey, rack)] = found
        return found

    def passes(self, board: Board, bkey, rack: str) -> list[Move]:
        """A plain pass, and a pass after each subset of swaps the rack allows."""
        if not self.rules.blank_swap:
            return [Move(0, rack)]
        found = self.pass_lists.get((bkey, rack))
        if found is None:
            variants = self._swap_variants(board, list(rack))
            next(variants)          # the first is no swap at all
            found = [Move(0, rack)] + [Move(0, "".join(sorted(vrack)), None, pre) for pre, _, vrack in variants]
            if len(self.pass_lists) > COLUMNS_MAX:
                self.pass_lists.clear()
            self.pass_lists[(bkey, rack)] = found
        return found

    def inherited(self, board: Board, bkey, delta: dict, rack: str):
        """Actions of ``rack`` known legal on ``board`` with their listed score: from
        a list made on another board, those whose footprint misses every square
        that differs; the passes always (module docstring). Also that list's basis
        for bounds: (its board's key, the squares that differ); None without one."""
        found = self.inherits.get((bkey, rack))
        if found is not None:
            return found
        kept = self.sources.get(rack)
        if not kept:
            return self.passes(board, bkey, rack), None
        best = None
        for source, source_key, source_delta, moves in kept:
            diff = differing(source_delta, delta)
            if best is None or diff.bit_count() < best[0].bit_count():
                best = (diff, source, source_key, moves)
        diff, source, source_key, moves = best
        out = []
        for m in moves:
            if m.cand is None:
                continue
            if m.footprint is None:
                m.footprint = footprint(source, m)
            if not m.footprint & diff:
                out.append(m)
        squares = []
        while diff:
            low = diff & -diff
            squares.append(low.bit_length() - 1)
            diff ^= low
        found = self.inherits[(bkey, rack)] = (out + self.passes(board, bkey, rack), (source_key, squares))
        return found
