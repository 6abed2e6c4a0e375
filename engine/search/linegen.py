"""Generation along one line of a ``grid.Grid``: the rack's left parts, and the
Appel-Jacobson extension with inline scoring, recording each play as a
``Candidate``.
``movegen.MoveGenerator`` drives these. The scoring rules come from scoring.py
(``small_word_cap``, ``jqxz_bonus_per_tile``, ``stretch_points``,
``lone_tile_across``) and the inner board from ``Layout.inner_range``: each rule
is defined once for both scorers."""

from __future__ import annotations

from ..board import transpose
from .grid import ALL_MASK, LETTERS
from ..moves import Play
from ..rules import Rules
from ..scoring import jqxz_bonus_per_tile, lone_tile_across, small_word_cap, stretch_points
from ..tiles import VALUES

BLANK_I = 26
_VAL = [VALUES[ch] for ch in LETTERS]
_WILD_I = tuple(LETTERS.index(ch) for ch in "JQXZ")


# The most left parts one rack's table holds (LeftParts): about 25 MB in CPython.
MAX_LEFT_PARTS = 120_000


class OutOfBudget(Exception):
    """Raised inside generation when its Budget (movegen.py) runs out."""


def cap_table(rules: Rules) -> tuple[int, ...]:
    """``small_word_cap`` by word length, for the inner loops."""
    return tuple(small_word_cap(rules, n) for n in range(32))


class Candidate:
    """A generated play: ``tiles`` are (square, cell, rack tile) as in Play."""

    __slots__ = ("score", "tiles", "pre", "across", "used", "equity", "length", "rack")

    def __init__(self, score, tiles, pre, across, used, length=0, rack=""):
        self.length = length      # main word length
        self.rack = rack          # the rack after swaps and pick-off, before placing
        self.score = score
        self.tiles = tiles
        self.pre = pre
        self.across = across      # the main word's direction (also for a lone tile)
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


class LeftParts:
    """Every left part a rack can place: (tiles, DAWG node, ((letter, code), ...)),
    shortest first, and the same lists per letter the node can be followed by.

    Built one length at a time, and never past MAX_LEFT_PARTS entries: wild tiles
    (blanks, JQXZ face down) make millions of left parts, and a table that grows
    with the time budget once took gigabytes. When the next length would pass the
    cap, the table keeps every part up to the length before it (``truncated``:
    plays with a longer left part are not generated, and the generation says it
    is incomplete), so memory is bounded whatever the budget."""

    def __init__(self, gen, line, counts, cap=99):
        limit = min(cap, sum(counts) - 1)
        mask_a, first_a, child_a = gen.mask, gen.first, gen.child
        live = gen.live_bit
        budget = gen._budget
        pairs = {}
        out = []
        self.truncated = False
        level = [(0, ())]
        for depth in range(limit):
            nxt = []
            for i, (node, part) in enumerate(level):
                if budget is not None and not i & 1023:
                    budget.check()  # the time bound holds while the table is built
                for _, code in part:
                    line.take(code)
                m = mask_a[node] & ALL_MASK
                bits = m
                while bits:
                    low = bits & -bits
                    bits ^= low
                    L = low.bit_length() - 1
                    nd = child_a[first_a[node] + (m & (low - 1)).bit_count()]
                    if (live and not mask_a[nd] & live) or not mask_a[nd] & ALL_MASK:
                        continue  # not in the list played, or a dead end at the anchor
                    for code in line.tile_options(L):
                        pair = pairs.get((L, code)) or pairs.setdefault((L, code), (L, code))
                        nxt.append((nd, part + (pair,)))
                    if len(out) + len(nxt) > MAX_LEFT_PARTS:
                        break
                for _, code in part:
                    line.give(code)
                if len(out) + len(nxt) > MAX_LEFT_PARTS:
                    self.truncated = True
                    break
            if self.truncated:
                break
            out.extend((depth + 1, nd, part) for nd, part in nxt)
            level = nxt
        self.entries = out
        by_node = {}
        for e in out:
            by_node.setdefault(e[1], []).append(e)
        # (node, shortest part, parts shortest first) for each node reached.
        self.nodes = [(node, es[0][0], es) for node, es in by_node.items()]
        self.next_memo = {}

    def via(self, gen, node, w0) -> int:
        """Letters L that can follow ``node`` and then be followed by letter w0."""
        key = (node, w0)
        r = self.next_memo.get(key)
        if r is None:
            mask_a, first_a, child_a = gen.mask, gen.first, gen.child
            m = mask_a[node] & ALL_MASK
            r = 0
            bits = m
            while bits:
                low = bits & -bits
                bits ^= low
                nd = child_a[first_a[node] + (m & (low - 1)).bit_count()]
                if (mask_a[nd] >> w0) & 1:
                    r |= low
            self.next_memo[key] = r
        return r


class LeftCache:
    """Left parts of the current rack variant, built on first need."""

    def __init__(self, limit=99):
        self.parts = None
        self.line = None
        self.limit = limit

    def get(self, gen, counts):
        if self.parts is None:
            self.parts = LeftParts(gen, self.line, counts, self.limit)
        return self.parts


class LineGen:
    """Generation along one row of a Grid."""

    def __init__(self, gen, grid, row, counts, pre, across, recorder, pick, board):
        self.gen = gen
        self.grid = grid
        self.size = grid.size
        self.base = row * grid.size
        self.counts = counts
        self.pre = pre
        self.across = across
        self.recorder = recorder
        self.pick = pick  # the variant's PickOff (scoring.py), or None
        self.board = board
        self.rules = gen.rules
        self.placed = []  # (col, letter, tile code: 0..25 natural, 26 blank, 100+W flipped wild)
        self.wild = gen.rules.wild_jqxz
        self.blanks_left = gen.max_blanks
        # The inner-board rule (Layout.covers_inner): the main word must reach
        # these positions of the line.
        self.inner_all = board.layout.inner is None
        span = board.layout.inner_range(row, across)
        self.inner_lo, self.inner_hi = span if span is not None else (grid.size, -1)
        if pick is not None:
            size = grid.size
            self.keep_cols = [(sq if across else transpose(sq, size)) - self.base for sq in pick.keep]
            self.old_len = len(pick.word)
            self.n_picked = len(pick.picked)
            self.replayed = {}
            for ch in pick.faceup:
                self.replayed[ord(ch) - 65] = self.replayed.get(ord(ch) - 65, 0) + 1
        else:
            self.keep_cols = None

    def run(self, anchors):
        letter = self.grid.letter
        base = self.base
        mask_a, first_a, child_a = self.gen.mask, self.gen.first, self.gen.child
        prev_anchor = -1
        for a in anchors:
            if a > 0 and letter[base + a - 1] >= 0:
                # Left part is the tiles already on the board: walk them.
                start = a - 1
                while start > 0 and letter[base + start - 1] >= 0:
                    start -= 1
                node = 0
                ok = True
                for col in range(start, a):
                    L = letter[base + col]
                    m = mask_a[node]
                    if not (m >> L) & 1:
                        ok = False
                        break
                    node = child_a[first_a[node] + (m & ((1 << L) - 1)).bit_count()]
                if ok:
                    self.extend(node, a, a, start)
            else:
                limit = a - prev_anchor - 1 if prev_anchor >= 0 else a
                limit = min(limit, sum(self.counts) - 1)
                self.extend(0, a, a, a)
                if limit > 0:
                    self.left_parts_at(a, limit)
            prev_anchor = a

    def left_parts_at(self, a, limit):
        """Extend every left part of at most ``limit`` tiles placed before anchor
        ``a``. Left parts depend only on the rack, so they are enumerated once per
        rack (``LeftParts``) and filtered here by the letters the anchor allows."""
        gen = self.gen
        lp = self.lefts.get(gen, self.counts)
        placed = self.placed
        take, give, extend = self.take, self.give, self.extend
        grid = self.grid
        i = self.base + a
        cm = grid.cmask[i]
        w0 = grid.letter[i + 1] if a + 1 < self.size else -1
        mask_a = gen.mask
        for node, shortest, entries in lp.nodes:
            if shortest > limit:
                continue
            restrict = mask_a[node] & cm
            if restrict and w0 >= 0:
                restrict &= lp.via(gen, node, w0)
            if not restrict:
                continue
            for n, node, part in entries:
                if n > limit:
                    break
                start = a - n
                for k, (L, code) in enumerate(part):
                    placed.append((start + k, L, code))
                    take(code)
                extend(node, a, a, start, restrict)
                for L, code in part:
                    give(code)
                del placed[-n:]

    def tile_options(self, L):
        counts = self.counts
        out = [L] if counts[L] else []
        if self.blanks_left > 0:
            if counts[BLANK_I]:
                out.append(BLANK_I)
            if self.wild:
                for W in _WILD_I:
                    if counts[W]:
                        out.append(100 + W)
        return out

    def take(self, code):
        if code >= 26:
            self.blanks_left -= 1
        self.counts[code - 100 if code >= 100 else code] -= 1

    def give(self, code):
        if code >= 26:
            self.blanks_left += 1
        self.counts[code - 100 if code >= 100 else code] += 1

    def extend(self, node, col, anchor, start, restrict=ALL_MASK):
        grid = self.grid
        size = self.size
        base = self.base
        mask_a, first_a, child_a = self.gen.mask, self.gen.first, self.gen.child
        m = mask_a[node]
        if col >= size or grid.letter[base + col] < 0:
            if col > anchor and self.placed and m & self.gen.end_bit:
                self.record(start, col - 1)
            if col >= size:
                return
            allowed = m & grid.cmask[base + col]
            if col == anchor:
                allowed &= restrict
            live = self.gen.live_bit
            while allowed:
                low = allowed & -allowed
                allowed ^= low
                L = low.bit_length() - 1
                nd = child_a[first_a[node] + (m & (low - 1)).bit_count()]
                if live and not mask_a[nd] & live:
                    continue
                for code in self.tile_options(L):
                    self.take(code)
                    self.placed.append((col, L, code))
                    self.extend(nd, col + 1, anchor, start)
                    self.placed.pop()
                    self.give(code)
        else:
            L = grid.letter[base + col]
            if (m >> L) & 1:
                nd = child_a[first_a[node] + (m & ((1 << L) - 1)).bit_count()]
                self.extend(nd, col + 1, anchor, start)

    # -- scoring a found word (the arithmetic of scoring.evaluate)
    def record(self, start, end):
        rules = self.rules
        grid = self.grid
        base = self.base
        placed = self.placed
        length = end - start + 1
        if length < 2:
            return
        if length == 2 and self.gen.two72:
            letters = []
            pc = {c: L for c, L, _ in placed}
            for c in (start, start + 1):
                letters.append(pc[c] if c in pc else grid.letter[base + c])
            if (letters[0], letters[1]) not in self.gen.two_pairs:
                return
        if start > self.inner_hi or end < self.inner_lo:
            return
        n_new = len(placed)
        if n_new == 1:
            c0 = placed[0][0]
            clen = grid.clen[base + c0]
            if clen >= 2:
                # RULES 4.1: is this line the lone tile's main word, or the cross?
                cross_inner = clen >= rules.min_main and (self.inner_all or self._cross_inner(c0))
                if self.across:
                    main_across = lone_tile_across(rules, length, True, clen, cross_inner)
                else:
                    main_across = lone_tile_across(rules, clen, cross_inner, length, True)
                if main_across != self.across:
                    return
        if length < rules.min_main:
            return
        pick = self.pick
        if pick is not None:
            kc = self.keep_cols
            if not (start <= kc[0] and kc[-1] <= end) or length <= self.old_len:
                return
        caps = self.gen.caps
        cap = caps[length]
        lm, wm, value = grid.lm, grid.wm, grid.value
        add = rules.premiums == "add"
        pc = {}
        for c, L, code in placed:
            pc[c] = (L, code)
        total = 0
        wmults = []
        cross_total = 0
        for c in range(start, end + 1):
            i = base + c
            if c in pc:
                L, code = pc[c]
                v = _VAL[L] if code < 26 else 0
                v1 = v if v <= cap else cap
                total += v1 * lm[i]
                if wm[i] > 1:
                    wmults.append(wm[i])
                cl = grid.clen[i]
                if cl:
                    ccap = caps[cl]
                    cv = v if v <= ccap else ccap
                    cw = wm[i]
                    cross_total += (grid.csum[i] + cv * lm[i]) * cw
            else:
                v = value[i]
                total += v if v <= cap else cap
        if wmults:
            if add:
                mult = sum(wmults)
            else:
                mult = 1
                for x in wmults:
                    mult *= x
        else:
            mult = 1
        score = total * mult + cross_total
        played = n_new - (self.n_picked if pick is not None else 0)
        score += rules.big_play_bonus(played)
        if rules.stretch_min:
            score += self._stretch(start, end, played)
        if rules.wild_jqxz:
            score += self._jqxz(start, end, length, pc)
        self._emit(score, start, end)

    def _cross_inner(self, c0):
        """Whether the cross-word through column ``c0`` touches the inner board."""
        span = self.board.layout.inner_range(c0, not self.across)
        if span is None:
            return False
        letter = self.grid.letter
        size = self.size
        row = self.base // size
        top = row
        while top > 0 and letter[(top - 1) * size + c0] >= 0:
            top -= 1
        bottom = row
        while bottom < size - 1 and letter[(bottom + 1) * size + c0] >= 0:
            bottom += 1
        return top <= span[1] and bottom >= span[0]

    def _stretch(self, start, end, played):
        """A word standing in this line before the play, wholly inside the main
        word (a picked word counts by its length before the pick)."""
        rules = self.rules
        if rules.stretch_bonus(played) == 0:
            return 0
        letter = self.grid.letter
        base = self.base
        longest = 0
        c = start
        pick = self.pick
        while c <= end:
            if letter[base + c] >= 0:
                c1 = c
                while c1 + 1 <= end and letter[base + c1 + 1] >= 0:
                    c1 += 1
                n = c1 - c + 1
                if pick is not None and c == self.keep_cols[0]:
                    n = self.old_len
                if n >= 2 and n > longest:
                    longest = n
                c = c1 + 1
            else:
                c += 1
        return stretch_points(rules, longest, played)

    def _jqxz(self, start, end, length, pc):
        """Face-up J/Q/X/Z placed now, per word of 6+ letters (main and crosses).
        After a pick-off, a picked face-up J/Q/X/Z replayed earns nothing."""
        grid = self.grid
        base = self.base
        replayed = dict(self.replayed) if self.pick is not None else {}
        eligible = []
        for c in sorted(pc):
            L, code = pc[c]
            if code < 26 and L in _WILD_I:
                if replayed.get(L):
                    replayed[L] -= 1
                else:
                    eligible.append(c)
        if not eligible:
            return 0
        bonus = jqxz_bonus_per_tile(length) * len(eligible)
        for c in eligible:
            bonus += jqxz_bonus_per_tile(grid.clen[base + c])
        return bonus

    def _emit(self, score, start, end):
        order = self.grid.order
        base = self.base
        tiles = []
        used = []
        for c, L, code in self.placed:
            sq = order[base + c]
            ch = LETTERS[L]
            if code < 26:
                tiles.append((sq, ch, ch))
                used.append(ch)
            elif code == BLANK_I:
                tiles.append((sq, ch.lower(), "?"))
                used.append("?")
            else:
                w = LETTERS[code - 100]
                tiles.append((sq, ch.lower(), w))
                used.append(w)
        tiles.sort()
        across = self.across
        self.recorder.add(Candidate(score, tuple(tiles), self.pre, across, "".join(used), end - start + 1,
                                    self.rack))
