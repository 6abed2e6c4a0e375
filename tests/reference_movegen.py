"""A brute-force reference move generator, to check the fast one against.

``reference_plays(board, rack, rules, lexicon)`` returns ``{move text: score}`` for
every legal placement whose words are all good under ``WordJudge(rules, lexicon)``.
The text is the canonical ``format_move(board, play, ev)``; the score is
``evaluate``'s. Nothing here decides legality or scores: ``engine.scoring.evaluate``
does. This module only proposes candidate plays, and its filters are all
*necessary* conditions of legality, so it can only miss a play if a filter below
is wrong, and each is one line of obvious code.

Method
------
1. Candidate main words: every word of ``lexicon.words(large=rules.lexicon ==
   "large")``, plus the 72 two-letter words when ``rules.two_letter == "72"``,
   plus (with ``rules.derived_forms``) the affixed forms ``[RE]+W+{"", ER, R, ERS,
   RS, S, LIKE}`` of every word W: a superset of RULES.md section 9's derived
   words. Each candidate is kept only if ``judge.is_valid`` accepts it and it is
   at least ``rules.min_main`` long and fits on the board.
2. Every line (each row read across, each column read down) and every segment
   ``[start, end]`` of it such that: the squares just before and after the
   segment are empty (else the main word would be longer: that longer word is
   tried as its own segment); it holds at least one empty square and no more
   empty squares than rack tiles; and it is connected: on an empty board it
   covers the start square, otherwise it holds a tile or an empty square next
   to a tile.
3. Every candidate word of the segment's length whose letters agree with the
   tiles already in it (a blank on the board agrees with its letter) and whose
   missing letters the rack could cover (a count: letters short of the rack's
   naturals, at most one fewer per tile already in the segment, must not exceed
   the rack's blanks, plus its J/Q/X/Z tiles in JQXZ wild).
4. Every distinct assignment of rack tiles to the segment's empty squares: for a
   letter L, a natural L (also a face-up J/Q/X/Z), a '?' as a blank (cell
   lowercase), or with ``rules.wild_jqxz`` a J/Q/X/Z tile played face down (cell
   lowercase, rack tile the wild letter). Assignments are chosen per tile kind,
   so each is one distinct play (a different leave or score).
5. ``evaluate`` on the original board and rack; keep the play when it is legal
   and ``ev.invalid == []``; key it by ``format_move``. The same physical play
   found twice (a one-tile play lies in two lines) must give the same text and
   score: that is asserted.
6. Special moves. With ``rules.blank_swap``: steps 2-5 again after every subset
   of the swaps the rack allows (a lowercase cell, a blank or a flipped J/Q/X/Z,
   whose letter the rack holds naturally or gets from another swap recovering a
   flipped J/Q/X/Z), carried out in ascending square order or, when that order
   fails, in the first order that works.
   With ``rules.pick_off``: for every run of 2+ tiles in a line and n in
   1..pick_off (n shorter than the run) whose last n tiles are free-hanging,
   steps 2-5 in that line only, on the board without those tiles and with them
   on the rack, for segments that contain the rest of the run and are longer
   than the run (RULES.md 6.3), with ``Play.across`` set to that line and
   ``("pick", first picked square)`` as the last pre-action (after the swaps).
   Combined with swaps, canonical order is "swaps first, then the pick"; a swap
   that needs a picked tile (a pick-swapper) is written after the pick.

Cost
----
For an N x N board, W candidate words and a rack of R tiles: 2N lines x N starts
x (up to R + tiles-in-line) lengths segments, each scanned against the words of
its length: O(N^2 * R * W) letter comparisons, then one ``evaluate`` per rack
assignment of each fitting word (up to k^b for b blanks/wilds, k letters). Swaps
multiply the whole by 2^s (s = available swaps); each pick-off adds one line's
worth. With the ~1000-word test lists (tests/data) this is typically 0.01-0.3 s
a position in CPython, up to ~1 s on a crowded 21x21 board with several swappable
blanks; it is meant for small lexicons and test positions only.

Not generated: exchanges and passes (with or without swaps), and swaps or
pick-offs that end the turn without a placement.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

from engine.board import Board
from engine.moves import Play
from engine.notation import format_move
from engine.rules import TWO_LETTER_72, Rules
from engine.scoring import evaluate
from engine.tiles import WILD_LETTERS
from engine.lexicon.words import WordJudge

_AFFIX_PREFIXES = ("", "RE")
_AFFIX_SUFFIXES = ("", "ER", "R", "ERS", "RS", "S", "LIKE")

_candidate_cache: dict = {}


def candidate_words(rules: Rules, lexicon, size: int) -> dict[int, list[str]]:
    """Step 1: every good main word, grouped by length."""
    key = (id(lexicon), rules.lexicon, rules.two_letter, rules.derived_forms, rules.min_main, size)
    cached = _candidate_cache.get(key)
    if cached is not None and cached[0] is lexicon:
        return cached[1]
    judge = WordJudge(rules, lexicon)
    pool = set(lexicon.words(large=rules.lexicon == "large"))
    if rules.two_letter == "72":
        pool |= TWO_LETTER_72
    if rules.derived_forms:
        base = list(pool)
        pool |= {p + w + s for w in base for p in _AFFIX_PREFIXES for s in _AFFIX_SUFFIXES}
    by_len: dict[int, list[str]] = {}
    for w in sorted(pool):
        if max(2, rules.min_main) <= len(w) <= size and judge.is_valid(w):
            by_len.setdefault(len(w), []).append(w)
    _candidate_cache[key] = (lexicon, by_len)
    return by_len


def _lines(size: int):
    """(across, squares) for every row and every column."""
    for r in range(size):
        yield True, [r * size + c for c in range(size)]
    for c in range(size):
        yield False, [r * size + c for r in range(size)]


def _neighbours(sq: int, size: int):
    r, c = divmod(sq, size)
    if r > 0:
        yield sq - size
    if r < size - 1:
        yield sq + size
    if c > 0:
        yield sq - 1
    if c < size - 1:
        yield sq + 1


def _assignments(needed, have: Counter, wild: bool):
    """Step 4: every distinct list of (square, cell, rack tile) for ``needed``
    [(square, letter), ...] from the tiles counted in ``have``."""
    if not needed:
        yield []
        return
    (sq, letter), rest = needed[0], needed[1:]
    options = []
    if have[letter] > 0:
        options.append((letter, letter))
    if have["?"] > 0:
        options.append((letter.lower(), "?"))
    if wild:
        for w in sorted(WILD_LETTERS):
            if have[w] > 0:
                options.append((letter.lower(), w))
    for cell, tile in options:
        have[tile] -= 1
        for tail in _assignments(rest, have, wild):
            yield [(sq, cell, tile)] + tail
        have[tile] += 1


def _feasible(needed, have: Counter, wild: bool) -> bool:
    """A cheap necessary condition for _assignments to yield anything."""
    if len(needed) > sum(have.values()):
        return False
    want = Counter(letter for _, letter in needed)
    short = sum(max(0, n - have[letter]) for letter, n in want.items())
    jokers = have["?"] + (sum(have[w] for w in WILD_LETTERS) if wild else 0)
    return short <= jokers


class _Shortfalls(dict):
    """word -> the letters it needs beyond the rack's naturals, less the rack's
    blanks (and wild tiles), computed on first use. Each tile already in a
    segment lowers the true shortfall by at most one, so ``short[word] >
    tiles in the segment`` proves the word cannot be played there."""

    def __init__(self, rack, wild: bool):
        super().__init__()
        self.have = Counter(rack)
        self.jokers = self.have["?"] + (sum(self.have[w] for w in WILD_LETTERS) if wild else 0)

    def __missing__(self, word: str) -> int:
        have = self.have
        value = self[word] = sum(max(0, k - have[ch]) for ch, k in _letter_counts(word)) - self.jokers
        return value


def _shortfalls(rack, wild: bool, cache: dict) -> _Shortfalls:
    key = "".join(sorted(rack))
    short = cache.get(key)
    if short is None:
        short = cache[key] = _Shortfalls(rack, wild)
    return short


_counts_cache: dict[str, tuple] = {}


def _letter_counts(word: str) -> tuple:
    counts = _counts_cache.get(word)
    if counts is None:
        counts = _counts_cache[word] = tuple(Counter(word).items())
    return counts


def _generate(out, board0, rack0, rules, judge, words, scratch, rack, pre, lines, must_contain=None,
              longer_than=0, cache=None):
    """Steps 2-5 on ``scratch`` (the board after the pre-actions) with ``rack``
    (the rack after them); plays are evaluated on ``board0``/``rack0``."""
    size = scratch.size
    cells = scratch.cells
    have = Counter(rack)
    short = _shortfalls(rack, rules.wild_jqxz, cache)
    n_rack = len(rack)
    empty_board = scratch.is_empty()
    start = scratch.layout.start_square
    anchor = {sq for _, line in lines for sq in line
              if not cells[sq] and any(cells[nb] for nb in _neighbours(sq, size))}
    for across, line in lines:
        n = len(line)
        first, last = n - 1, 0  # a segment must start at or before first, end at or after last
        if must_contain is not None:
            at = [i for i, q in enumerate(line) if q in must_contain]
            first, last = min(at), max(at)
        for s in range(first + 1):
            if s > 0 and cells[line[s - 1]]:
                continue
            empties = 0
            connected = False
            for e in range(s, n):
                sq = line[e]
                if cells[sq]:
                    connected = connected or not empty_board
                else:
                    empties += 1
                    if sq in anchor or (empty_board and sq == start):
                        connected = True
                if empties > n_rack:
                    break
                if e + 1 < n and cells[line[e + 1]]:
                    continue
                if not empties or not connected or e < last:
                    continue
                seg = line[s:e + 1]
                length = e - s + 1
                if must_contain is not None and (length <= longer_than or not must_contain <= set(seg)):
                    continue
                fixed = [(i, cells[q].upper()) for i, q in enumerate(seg) if cells[q]]
                n_fixed = len(fixed)
                for word in words.get(length, ()):
                    if short[word] > n_fixed or any(word[i] != ch for i, ch in fixed):
                        continue
                    needed = [(q, word[i]) for i, q in enumerate(seg) if not cells[q]]
                    if not _feasible(needed, have, rules.wild_jqxz):
                        continue
                    for tiles in _assignments(needed, have, rules.wild_jqxz):
                        play = Play(tuple(tiles), tuple(pre), across)
                        ev = evaluate(board0, rack0, play, rules, judge)
                        if not ev.legal or ev.invalid:
                            continue
                        text = format_move(board0, play, ev)
                        old = out.setdefault(text, ev.score)
                        assert old == ev.score, f"{text}: scored {old} and {ev.score}"


def _swap(board: Board, rack: list[str], sq: int) -> bool:
    """Carry out one swap on the scratch copies; False when it is impossible."""
    cell = board.cells[sq]
    if not cell or not cell.islower() or cell.upper() not in rack:
        return False
    rack.remove(cell.upper())
    rack.append(board.tile_at(sq))
    board.cells[sq] = cell.upper()
    board.wild.pop(sq, None)
    return True


def _swapped(board: Board, rack: list[str], squares) -> tuple[tuple, Board, list[str]] | None:
    """Carry out the swaps of ``squares`` in ascending order or, when that is
    impossible (a swap needs a J/Q/X/Z that another swap recovers), in the first
    order that works: (order, board, rack), or None."""
    need = Counter(board.cells[sq].upper() for sq in squares)
    if need - (Counter(rack) + Counter(board.tile_at(sq) for sq in squares)):
        return None  # not enough tiles in any order
    for order in permutations(sorted(squares)):  # lexicographic: ascending first
        b, r = board.copy(), list(rack)
        if all(_swap(b, r, sq) for sq in order):
            return order, b, r
    return None


def _swappable(board: Board, squares, tiles) -> list[int]:
    """The squares of ``squares`` a swap could reach: the blank's letter is among
    ``tiles`` or lies face down under another blank (a swap there recovers it)."""
    letters = set(tiles) | set(board.wild.values())
    return [sq for sq in squares if board.cells[sq].upper() in letters]


def _subsets(items):
    for k in range(len(items) + 1):
        yield from combinations(items, k)


def _pick_options(board: Board, pick_off: int):
    """(across, line squares, run squares, picked squares) for every legal-looking pick."""
    size = board.size
    cells = board.cells
    for across, line in _lines(size):
        i = 0
        while i < size:
            if not cells[line[i]]:
                i += 1
                continue
            j = i
            while j + 1 < size and cells[line[j + 1]]:
                j += 1
            run = line[i:j + 1]
            for n in range(1, pick_off + 1):
                if n >= len(run):
                    break
                picked = run[-n:]
                if all(not _cross_neighbour(cells, q, across, size) for q in picked):
                    yield across, line, run, picked
            i = j + 1


def _cross_neighbour(cells, sq, across, size) -> bool:
    r, c = divmod(sq, size)
    if across:
        return (r > 0 and bool(cells[sq - size])) or (r < size - 1 and bool(cells[sq + size]))
    return (c > 0 and bool(cells[sq - 1])) or (c < size - 1 and bool(cells[sq + 1]))


def reference_plays(board: Board, rack, rules: Rules, lexicon, *, swaps: bool = True,
                    picks: bool = True) -> dict[str, int]:
    """Every legal play with only good words: {canonical move text: score}.

    ``swaps``/``picks`` False skip the special moves even where the rules allow
    them (for speed in tests that do not need them)."""
    rack0 = list(rack)
    judge = WordJudge(rules, lexicon)
    words = candidate_words(rules, lexicon, board.size)
    all_lines = list(_lines(board.size))
    out: dict[str, int] = {}
    cache: dict = {}

    swap_squares = []
    if rules.blank_swap and swaps:
        swap_squares = [sq for sq, c in enumerate(board.cells) if c and c.islower()]

    # Plain plays and plays after swaps with the player's own tiles.
    for subset in _subsets(_swappable(board, swap_squares, rack0)):
        done = _swapped(board, rack0, subset)
        if done is None:
            continue
        order, scratch, rack1 = done
        pre = [("swap", sq) for sq in order]
        _generate(out, board, rack0, rules, judge, words, scratch, rack1, pre, all_lines, cache=cache)
        if rules.pick_off and picks:
            _picks_after(out, board, rack0, rules, judge, words, scratch, rack1, pre, cache)

    # Pick-swappers: the pick first, then swaps that need a picked tile.
    if rules.pick_off and picks and swap_squares:
        for across, line, run, picked in _pick_options(board, rules.pick_off):
            scratch, rack1 = _picked(board, rack0, picked)
            usable = _swappable(scratch, [sq for sq in swap_squares if sq not in picked], rack1)
            for subset in _subsets(usable):
                if not subset or _swapped(board, rack0, subset) is not None:
                    continue  # possible without the picked tiles: written swaps-first above
                done = _swapped(scratch, rack1, subset)
                if done is None:
                    continue
                order, scratch2, rack2 = done
                pre = [("pick", picked[0])] + [("swap", sq) for sq in order]
                rest = set(run) - set(picked)
                _generate(out, board, rack0, rules, judge, words, scratch2, rack2, pre,
                          [(across, line)], must_contain=rest, longer_than=len(run), cache=cache)
    return out


def _picked(board: Board, rack: list[str], picked) -> tuple[Board, list[str]]:
    b, r = board.copy(), list(rack)
    for q in picked:
        r.append(b.remove(q))
    return b, r


def _picks_after(out, board0, rack0, rules, judge, words, scratch, rack1, pre, cache):
    for across, line, run, picked in _pick_options(scratch, rules.pick_off):
        b2, r2 = _picked(scratch, rack1, picked)
        rest = set(run) - set(picked)
        _generate(out, board0, rack0, rules, judge, words, b2, r2, pre + [("pick", picked[0])],
                  [(across, line)], must_contain=rest, longer_than=len(run), cache=cache)
