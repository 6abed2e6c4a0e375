"""An upper bound on what a player's last tile can score after a move, without
generating: the endgame search uses it to skip moves that leave one tile.

Why it holds: a one-tile play on board B' either keeps clear of every square
where B' differs from a board B whose plays are listed (its footprint,
``endgame_moves.footprint``, misses them: then it is a play on B with the same
score, at most the best such play there), or its footprint holds one: then its
tile lies just past an end of the run through a changed tile, across or down, or
(a square emptied) on it, next to it, or past the far end of a run next to it
(``_squares``). At each such square the play's words are the runs through it,
and each scores at most its tiles' face values plus the tile's at the square's
letter premium, times the word premium (a tile that swaps for a blank in a run
and plays the blank there adds its value once, on the swapped square: the
tile's own value, counted in every run, covers it); plus the largest bonus a
one-tile play can earn. A square counts only when a letter the tile can be
makes every run there a good word and the longer one reaches the main-word
minimum (``LoneTileBound._good``). The cap and the other line rules only lower
it. A tile that could swap for a blank on a changed square could play it
anywhere: no bound then.

Not used with pick-offs (a picked tail changes which tiles a play places) or JQXZ
wild (a swap can recover a J/Q/X/Z, worth more than the tile given for it).
"""

from __future__ import annotations

from ..tiles import VALUES

NONE = float("-inf")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def usable(rules) -> bool:
    """Whether the bound holds under these rules (module docstring)."""
    return not rules.pick_off and not rules.wild_jqxz


class LoneTileBound:
    """The bound for one search (``rules``; ``judge``: ``words.WordJudge``), with
    the words it has judged kept by the runs around a square."""

    GOOD_KEPT = 200_000

    def __init__(self, rules, judge):
        self.rules = rules
        self.judge = judge
        self.good: dict = {}

    def __call__(self, board, changed, tile: str, blank_letters, cells=None) -> float:
        """The most a play of the single tile ``tile`` can score on ``board`` among
        the plays whose footprint holds a square of ``changed``; -inf when no
        square can hold such a play, +inf when ``tile`` could swap for a blank on
        one. ``blank_letters``: the letters of the blanks on ``board``. ``cells``:
        the board's cells with tiles laid over (by default its own); the squares
        they fill must be among ``changed``."""
        return self.prepare(board, (), tile, blank_letters).after(board.cells if cells is None else cells, changed)

    def prepare(self, board, changed, tile: str, blank_letters) -> "Prepared":
        """The bound's part from ``changed`` on ``board`` for ``tile``, to finish
        for each move at a position (``Prepared.after``)."""
        return Prepared(self, board, changed, tile, blank_letters)

    def _good(self, cells, size: int, sq: int, letters: str) -> bool:
        """Whether one tile on ``sq`` as one of ``letters`` can be a play: its longer
        run reaches the main-word minimum and every run of two or more is a word."""
        row, col = divmod(sq, size)
        runs = []
        for step, lo, hi in ((1, row * size, row * size + size - 1), (size, col, col + size * (size - 1))):
            first = sq
            while first - step >= lo and cells[first - step]:
                first -= step
            last = sq
            while last + step <= hi and cells[last + step]:
                last += step
            if last > first:
                runs.append(("".join(cells[first:sq:step]).upper(), "".join(cells[sq + step:last + 1:step]).upper()))
        key = (tuple(runs), letters)
        found = self.good.get(key)
        if found is None:
            found = self._judged(runs, letters)
            if len(self.good) >= self.GOOD_KEPT:
                self.good.clear()
            self.good[key] = found
        return found

    def _judged(self, runs, letters: str) -> bool:
        if not runs or max(len(a) + len(b) + 1 for a, b in runs) < self.rules.min_main:
            return False
        valid = self.judge.is_valid
        return any(all(valid(a + letter + b) for a, b in runs) for letter in letters)


class Prepared:
    """The bound at one position for one tile: the squares next to what differs
    from the listed board, each with its reach (the squares whose change could
    change the bound there: a one-tile footprint), its points bound and (once
    needed) whether a word can be made there. A move then only brings its own
    squares and the ones whose reach it changed. The points bound is cheap and
    the word check is not, so squares are checked best first, up to the first
    that can hold a play."""

    def __init__(self, bound: LoneTileBound, board, changed, tile: str, blank_letters):
        rules = bound.rules
        self.bound, self.board, self.tile = bound, board, tile
        self.swappable = tile if rules.blank_swap and tile != "?" else None
        if tile == "?" or (self.swappable is not None and tile in blank_letters):
            self.letters = LETTERS     # a blank (or one swapped for), worth nothing, as any letter
        else:
            self.letters = tile
        self.placed = 0 if tile == "?" else VALUES[tile]
        self.bonus = rules.big_play_bonus(1) + rules.stretch_bonus(1)
        cells, size = board.cells, board.size
        self.hazard = self._swaps(cells, changed)
        self.items = []                # [square, reach, points bound, good (None: not checked)]
        if not self.hazard:
            seen = set()
            for sq in _squares(cells, size, changed):
                if sq not in seen:
                    seen.add(sq)
                    self.items.append([sq, _reach(cells, size, sq),
                                       _at(board, cells, sq, self.placed), None])

    def _swaps(self, cells, squares) -> bool:
        """Whether the tile could swap for a blank on one of ``squares`` (and then
        play it anywhere: no bound)."""
        tile = self.swappable
        return tile is not None and any(cells[c].islower() and cells[c].upper() == tile for c in squares)

    def after(self, cells, squares, enough: float = NONE) -> float:
        """The bound once a move changed ``squares`` (its tiles laid over ``cells``),
        or a looser one when that is at most ``enough`` (what the caller needs to
        know is only whether it is)."""
        if self.hazard or self._swaps(cells, squares):
            return float("inf")
        board, size = self.board, self.board.size
        mask = 0
        for sq in squares:
            mask |= 1 << sq
        found = []                     # (points bound, square, the item when still valid as listed)
        seen = set()
        for item in self.items:
            sq = item[0]
            seen.add(sq)
            if not item[1] & mask:
                found.append((item[2], sq, item))
            elif not cells[sq]:
                found.append((_at(board, cells, sq, self.placed), sq, None))
        for sq in _squares(cells, size, squares):
            if sq not in seen:
                seen.add(sq)
                found.append((_at(board, cells, sq, self.placed), sq, None))
        found.sort(key=lambda f: -f[0])
        good = self.bound._good
        for points, sq, item in found:
            if points + self.bonus <= enough:
                return points + self.bonus   # no unchecked square can be worth more
            if item is None:
                ok = good(cells, size, sq, self.letters)
            else:
                if item[3] is None:
                    item[3] = good(board.cells, size, sq, self.letters)
                ok = item[3]
            if ok:
                return points + self.bonus
        return NONE


def _reach(cells, size: int, sq: int) -> int:
    """The squares (a bit mask) of a one-tile play's footprint on ``sq``: its runs
    both ways and the square past each end."""
    mask = 0
    row, col = divmod(sq, size)
    for step, lo, hi in ((1, row * size, row * size + size - 1), (size, col, col + size * (size - 1))):
        first = sq
        while first - step >= lo and cells[first - step]:
            first -= step
        last = sq
        while last + step <= hi and cells[last + step]:
            last += step
        for s in range(max(first - step, lo), min(last + step, hi) + 1, step):
            mask |= 1 << s
    return mask


def _squares(cells, size: int, changed):
    """The empty squares where a one-tile play's footprint (its runs and the
    square past each end) would hold a changed square: past the ends of the run
    through a changed tile; an emptied square itself, its empty neighbours, and
    past the far end of a run next to it."""
    for c in changed:
        row, col = divmod(c, size)
        for step, lo, hi in ((1, row * size, row * size + size - 1), (size, col, col + size * (size - 1))):
            if cells[c]:
                first = c
                while first - step >= lo and cells[first - step]:
                    first -= step
                last = c
                while last + step <= hi and cells[last + step]:
                    last += step
                for sq in (first - step, last + step):
                    if lo <= sq <= hi and not cells[sq]:
                        yield sq
                continue
            yield c
            for direction in (-step, step):
                s = c + direction
                while lo <= s <= hi and cells[s]:
                    s += direction
                if lo <= s <= hi:
                    yield s


def _at(board, cells, sq: int, placed: int) -> int:
    """The bound at one empty square of ``cells`` (whose premium ``board`` tells):
    both runs through it, as words."""
    size, layout = board.size, board.layout
    fresh = sq not in board.spent
    lm = layout.letter_mult[sq] if fresh else 1
    wm = layout.word_mult[sq] if fresh else 1
    row, col = divmod(sq, size)
    total = 0
    for step, lo, hi in ((1, row * size, row * size + size - 1), (size, col, col + size * (size - 1))):
        points, tiles = 0, 0
        for direction in (-step, step):
            s = sq + direction
            while lo <= s <= hi and cells[s]:
                cell = cells[s]
                if not cell.islower():
                    points += VALUES[cell]
                tiles += 1
                s += direction
        if tiles:
            total += (points + placed * lm) * wm
    return total
