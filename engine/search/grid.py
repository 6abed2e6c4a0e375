"""One direction's view of the board for move generation: cells as letter ints,
values, premiums not yet spent, and per empty square the cross-check mask (the
letters that make a good cross-word), the cross-word's points, length and start.
``linegen.LineGen`` generates along its rows; ``Grid.row_key`` says everything a
row's generation reads, so ``MoveGenerator.generate`` can memoise lines."""

from __future__ import annotations

from ..board import Board, line_order, transpose
from ..rules import Rules
from ..tiles import VALUES

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALL_MASK = (1 << 26) - 1


# A Grid's per-square lists, all of which generation along a row may read.
ROW_FIELDS = ("letter", "value", "blank", "lm", "wm", "cmask", "csum", "clen", "ctop")


class Grid:
    """One direction's view of the board: cells as letter ints (-1 empty), values,
    premiums, and per empty square the cross-check mask and cross-word points."""

    def __init__(self, board: Board, across: bool, gen, rules: Rules):
        size = board.size
        n = size * size
        self.size = size
        self.across = across
        layout = board.layout
        self.order = order = line_order(size, across)  # view index -> board square
        cells = board.cells
        self.letter = [-1] * n
        self.value = [0] * n
        self.blank = [False] * n
        spent = board.spent
        self.lm = [1] * n
        self.wm = [1] * n
        for i, sq in enumerate(order):
            c = cells[sq]
            if c:
                self.letter[i] = ord(c.upper()) - 65
                self.blank[i] = c.islower()
                self.value[i] = 0 if c.islower() else VALUES[c]
            elif sq not in spent:
                self.lm[i] = layout.letter_mult[sq]
                self.wm[i] = layout.word_mult[sq]
        self._cross(gen, rules)

    def _cross(self, gen, rules):
        size = self.size
        letter = self.letter
        value = self.value
        n = size * size
        mask_a, first_a, child_a = gen.mask, gen.first, gen.child
        end_bit = gen.end_bit
        caps = gen.caps
        self.cmask = cmask = [ALL_MASK] * n
        self.csum = csum = [0] * n
        self.clen = clen = [0] * n      # cross-word length (0: none)
        self.ctop = ctop = [0] * n      # where that cross-word starts (view index)
        for i in range(n):
            if letter[i] >= 0:
                continue
            r, c = divmod(i, size)
            up = i - size
            down = i + size
            if not ((r > 0 and letter[up] >= 0) or (r < size - 1 and letter[down] >= 0)):
                continue
            top = i
            while top - size >= 0 and letter[top - size] >= 0:
                top -= size
            bottom = i
            while bottom + size < n and letter[bottom + size] >= 0:
                bottom += size
            length = (bottom - top) // size + 1
            clen[i] = length
            ctop[i] = top
            cap = caps[length]
            s = 0
            prefix = []
            j = top
            while j < i:
                prefix.append(letter[j])
                s += min(value[j], cap)
                j += size
            suffix = []
            j = i + size
            while j <= bottom:
                suffix.append(letter[j])
                s += min(value[j], cap)
                j += size
            csum[i] = s
            node = 0
            ok = True
            for L in prefix:
                m = mask_a[node]
                if not (m >> L) & 1:
                    ok = False
                    break
                node = child_a[first_a[node] + (m & ((1 << L) - 1)).bit_count()]
            allowed = 0
            if ok:
                m0 = mask_a[node]
                base = first_a[node]
                for L in range(26):
                    if not (m0 >> L) & 1:
                        continue
                    nd = child_a[base + (m0 & ((1 << L) - 1)).bit_count()]
                    good = True
                    for S in suffix:
                        m = mask_a[nd]
                        if not (m >> S) & 1:
                            good = False
                            break
                        nd = child_a[first_a[nd] + (m & ((1 << S) - 1)).bit_count()]
                    if good and mask_a[nd] & end_bit:
                        if length == 2 and gen.two72:
                            pair = (prefix[0], L) if prefix else (L, suffix[0])
                            if pair not in gen.two_pairs:
                                continue
                        allowed |= 1 << L
            cmask[i] = allowed

    def without(self, squares) -> "Grid":
        """A copy with the tiles on these board squares picked off. Picked tiles are
        free-hanging, so only their own squares change: empty, no cross-word, and
        no premium (their premiums were used when they were first covered)."""
        g = Grid.__new__(Grid)
        g.__dict__.update(self.__dict__)
        for name in ROW_FIELDS:
            setattr(g, name, list(getattr(self, name)))
        size = self.size
        for sq in squares:
            i = sq if self.across else transpose(sq, size)
            g.letter[i] = -1
            g.value[i] = 0
            g.blank[i] = False
            g.lm[i] = g.wm[i] = 1
            g.cmask[i] = ALL_MASK
            g.csum[i] = g.clen[i] = g.ctop[i] = 0
        return g

    def row_key(self, row) -> tuple:
        """Everything generation along ``row`` reads of this grid: two rows with
        the same key give the same plays (``MoveGenerator.generate``'s memo)."""
        lo = row * self.size
        hi = lo + self.size
        return tuple(tuple(getattr(self, name)[lo:hi]) for name in ROW_FIELDS)

    def anchors(self, row, empty_board, layout):
        size = self.size
        letter = self.letter
        base = row * size
        out = []
        if empty_board:
            for col in range(size):
                sq = self.order[base + col]
                if sq == layout.start_square:
                    out.append(col)
            return out
        for col in range(size):
            i = base + col
            if letter[i] >= 0:
                continue
            if (self.clen[i] or (col > 0 and letter[i - 1] >= 0) or (col < size - 1 and letter[i + 1] >= 0)):
                out.append(col)
        return out
