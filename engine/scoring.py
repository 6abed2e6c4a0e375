"""Is this placement legal, which words does it form, what does it score and why.

``evaluate`` is the one scorer: the UI's live preview, the command line, the game
and the tests all use it. It never mutates the board or rack it is given.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from .board import Board, has_cross_neighbour, run, square_name
from .moves import MoveError, Play
from .rules import Rules
from .tiles import VALUES, WILD_LETTERS


# ---------------------------------------------------------------- rules named once
# Each rule below is defined here and used by both scorers: ``evaluate`` (this
# module) and the generator's inline arithmetic (linegen.py).

def small_word_cap(rules: Rules, length: int) -> int:
    """The most a letter may count in a word of ``length`` letters (RULES.md 5:
    with the small-word cap a 2-4 letter word counts each letter at most its
    length, before the letter premium); 99 when there is no cap."""
    return length if rules.small_cap and 2 <= length <= 4 else 99


def jqxz_bonus_per_tile(length: int) -> int:
    """JQXZ bonus for each J/Q/X/Z newly placed face up in a word of ``length``
    letters: 10, 20, 30 for 6, 7, 8+ letters (RULES.md 5, JQXZ wild)."""
    return 0 if length < 6 else 10 if length == 6 else 20 if length == 7 else 30


def stretch_points(rules: Rules, longest_inside: int, played: int) -> int:
    """The stretch bonus (RULES.md 5): a word that stood in the main word's line
    before the play, wholly inside the main word, of at least the threshold
    length; ``longest_inside`` is the longest such word (0: none)."""
    if not rules.stretch_min or longest_inside < max(2, rules.stretch_min):
        return 0
    return rules.stretch_bonus(played)


def lone_tile_across(rules: Rules, across_len: int, across_inner: bool,
                     down_len: int, down_inner: bool) -> bool:
    """RULES.md 4.1: a lone placed tile's main word is the longer of its two runs
    that qualify as a main word (2+ letters, the minimum length, on the inner
    board); across on a tie. When neither qualifies, the longer one (across on a
    tie), so that the error message names a useful word."""
    ok_a = across_len >= 2 and across_len >= rules.min_main and across_inner
    ok_d = down_len >= 2 and down_len >= rules.min_main and down_inner
    if ok_a and ok_d:
        return across_len >= down_len
    if ok_a or ok_d:
        return ok_a
    return across_len >= down_len


class PickOff(NamedTuple):
    """The pick-off of a turn (RULES.md 6.3): the word picked from and the
    trailing tiles taken into the rack."""

    across: bool                 # the word's (and the play's) direction
    word: tuple[int, ...]        # the whole word's squares before the pick, in order
    picked: tuple[int, ...]      # its trailing squares, taken into the rack
    faceup: tuple[str, ...]      # face-up J/Q/X/Z among the picked tiles
    text: str                    # the word before the pick

    @property
    def keep(self) -> tuple[int, ...]:
        """The squares of the word that stay on the board."""
        return self.word[:len(self.word) - len(self.picked)]

@dataclass
class WordScore:
    """One word formed by a play, with the arithmetic the UI shows."""

    word: str                 # uppercase
    squares: list[int]
    values: list[int]         # per letter after the small-word cap and letter premium
    premiums: list[str]       # per letter: the premium used ('' if none)
    new: list[bool]           # per letter: placed by this play
    multiplier: int
    score: int

    def to_dict(self, size: int) -> dict:
        return {
            "word": self.word, "score": self.score, "multiplier": self.multiplier,
            "letters": [
                {"square": square_name(*divmod(sq, size)), "value": v, "premium": p, "new": n}
                for sq, v, p, n in zip(self.squares, self.values, self.premiums, self.new)
            ],
        }


@dataclass
class Evaluation:
    """Everything known about a placement. ``legal`` False means a rule of sections
    4 or 6 is broken and ``error`` says which; word validity is ``invalid``, and
    ``judged`` False says the words were not judged (a game's preview when the
    rules judge words after the play), so an empty ``invalid`` tells nothing."""

    legal: bool
    error: str | None = None
    words: list[WordScore] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)
    score: int = 0
    big_play: int = 0
    stretch: int = 0
    jqxz: int = 0
    tiles_played: int = 0
    across: bool = True
    board: Board | None = None      # the board after the play (tiles on)
    rack: list[str] | None = None   # the rack after the play (before refilling)
    judged: bool = True             # False: ``invalid`` was not looked at

    @property
    def main(self) -> WordScore | None:
        return self.words[0] if self.words else None

    def to_dict(self, size: int) -> dict:
        return {
            "legal": self.legal, "error": self.error, "score": self.score,
            "words": [w.word for w in self.words], "invalid_words": list(self.invalid),
            "bonus": {"big_play": self.big_play, "stretch": self.stretch, "jqxz": self.jqxz},
            "breakdown": [w.to_dict(size) for w in self.words],
            "tiles_played": self.tiles_played, "judged": self.judged,
        }


def apply_pre(board: Board, rack: list[str] | None, pre, rules: Rules | None,
              across: bool) -> PickOff | None:
    """Carry out swaps and the pick-off on ``board``/``rack`` in place, in order:
    the one routine that does (the game, the scorer, the generator and move text).

    Returns the PickOff, or None without one. Raises MoveError with a player's
    message (the board and rack may then be half-changed: pass copies). With
    ``rules`` None no rule is judged (the knobs, free-hanging tiles, a word left
    standing): the actions are only carried out, as move text needs them, and
    MoveError says only that one cannot be (no blank to swap, no tile to pick, no
    natural letter on a followed rack). With ``rack`` None the rack is not
    followed: the board alone.
    """
    size = board.size
    cells = board.cells
    picked = None
    for kind, sq in pre:
        name = square_name(*divmod(sq, size))
        if kind == "swap":
            if rules is not None and not rules.blank_swap:
                raise MoveError("swapping for a blank is not allowed in these rules")
            cell = cells[sq]
            if not cell or not cell.islower():
                raise MoveError(f"there is no blank on {name} to swap for")
            letter = cell.upper()
            if rack is not None:
                if letter not in rack:
                    raise MoveError(f"to swap for the blank on {name} you need a natural {letter} on your rack")
                rack.remove(letter)
                rack.append(board.tile_at(sq))
            board.remove(sq)
            board.put(sq, letter)
        elif kind == "pick":
            if rules is not None and not rules.pick_off:
                raise MoveError("picking off tiles is not allowed in these rules")
            if picked is not None:
                raise MoveError("only one pick-off is allowed in a turn")
            if not cells[sq]:
                raise MoveError(f"there is no tile on {name} to pick off")
            word = run(cells, sq, across, size)
            after = [s for s in word if s >= sq]
            if rules is not None and len(after) > rules.pick_off:
                raise MoveError(f"you may pick off at most {rules.pick_off} trailing tiles; "
                                f"{name} is {len(after)} tiles from the end of {_text(cells, word)}")
            if rules is not None:
                _check_pick(cells, word, after, across, size)
            faceup = tuple(cells[s] for s in after if cells[s] in WILD_LETTERS)
            picked = PickOff(across, tuple(word), tuple(after), faceup, _text(cells, word))
            for s in after:
                tile = board.remove(s)
                if rack is not None:
                    rack.append(tile)
        else:
            raise MoveError(f"unknown action {kind!r}")
    return picked


def _check_pick(cells, word, after, across: bool, size: int) -> None:
    """RULES.md 6.3: the picked tiles are free-hanging and part of the word stays."""
    if len(after) >= len(word):
        raise MoveError(f"a pick-off must leave part of the word; {_text(cells, word)} would vanish")
    for s in after:
        if has_cross_neighbour(cells, s, across, size):
            raise MoveError(f"the tile on {square_name(*divmod(s, size))} is not free-hanging: "
                            "another word runs through it")


def _text(cells, squares) -> str:
    return "".join(cells[s] for s in squares).upper()


def _word_multiplier(mults: list[int], rules: Rules) -> int:
    if rules.premiums == "multiply":
        m = 1
        for x in mults:
            m *= x
        return m
    return sum(mults) if mults else 1


def score_word(board: Board, squares: list[int], new: set[int], rules: Rules) -> WordScore:
    """Score one word on a board that already holds the play's tiles."""
    layout = board.layout
    cells = board.cells
    spent = board.spent
    cap = small_word_cap(rules, len(squares))
    values, prems, flags, mults = [], [], [], []
    total = 0
    for sq in squares:
        cell = cells[sq]
        value = 0 if cell.islower() else VALUES[cell]
        if value > cap:
            value = cap
        prem = ""
        is_new = sq in new
        if is_new and sq not in spent:
            prem = layout.premiums[sq]
            if prem in ("DL", "TL"):
                value *= layout.letter_mult[sq]
            elif prem:
                mults.append(layout.word_mult[sq])
        values.append(value)
        prems.append(prem)
        flags.append(is_new)
        total += value
    mult = _word_multiplier(mults, rules)
    return WordScore(_text(cells, squares), list(squares), values, prems, flags, mult, total * mult)


def evaluate(board: Board, rack, play: Play, rules: Rules, judge=None) -> Evaluation:
    """Check and score ``play`` for a player holding ``rack`` (any iterable of tiles).

    ``judge`` (words.WordJudge) lists invalid words; None skips word checking.
    """
    try:
        return _evaluate(board, list(rack), play, rules, judge)
    except MoveError as exc:
        return Evaluation(legal=False, error=str(exc))


def _evaluate(board0: Board, rack: list[str], play: Play, rules: Rules, judge) -> Evaluation:
    size = board0.size
    layout = board0.layout
    board = board0.copy()
    tiles = play.tiles
    # A lone tile with a pick must lie in the pick's line; otherwise the tiles decide.
    picked = apply_pre(board, rack, play.pre, rules, play.across)
    if not tiles:
        raise MoveError("a play needs at least one tile placed" if picked is None
                        else "after a pick-off you must stretch the word with a placement")
    cells = board.cells
    need = Counter(t for _, _, t in tiles)
    have = Counter(rack)
    for tile, count in need.items():
        if have[tile] < count:
            shown = "a blank" if tile == "?" else tile
            raise MoveError(f"you do not have {shown} on your rack" if have[tile] == 0
                            else f"you have only {have[tile]} {shown} on your rack")
    squares = [sq for sq, _, _ in tiles]
    if len(set(squares)) != len(squares):
        raise MoveError("two tiles are placed on the same square")
    for sq, cell, tile in tiles:
        if not 0 <= sq < size * size:
            raise MoveError("a tile is placed off the board")
        if cells[sq]:
            raise MoveError(f"{square_name(*divmod(sq, size))} is already covered")
        if len(cell) != 1 or not cell.isalpha() or not cell.isascii():
            raise MoveError(f"{cell!r} is not a letter")
        if tile == "?":
            if not cell.islower():
                raise MoveError("a blank must be given a letter (written lowercase)")
        elif tile in WILD_LETTERS and cell.islower():
            if not rules.wild_jqxz:
                raise MoveError(f"a {tile} cannot be played as a blank in these rules")
        elif cell != tile:
            raise MoveError(f"the tile {tile} cannot be played as {cell}")
    was_empty = board0.is_empty()
    for sq, cell, tile in tiles:
        board.cells[sq] = cell
        if tile in WILD_LETTERS and cell.islower():
            board.wild[sq] = tile
    new = set(squares)
    rows = {sq // size for sq in squares}
    cols = {sq % size for sq in squares}
    if len(tiles) == 1:
        across = _lone_tile_direction(board, squares[0], picked, play.across, rules, layout)
    elif len(rows) == 1:
        across = True
    elif len(cols) == 1:
        across = False
    else:
        raise MoveError("all tiles of a play must be in one row or one column")
    main = run(cells, squares[0], across, size)
    if not new.issubset(main):
        raise MoveError("the tiles of a play must form one unbroken word with the tiles between them")
    if len(main) < 2:
        raise MoveError("a single letter is not a word: place a tile next to another")
    if was_empty:
        if layout.start_square not in new:
            raise MoveError(f"the first play must cover the start square {square_name(*layout.start)}")
    elif not any(_touches_old(cells, sq, new, size) for sq in squares):
        raise MoveError("a play must touch a tile already on the board")
    if not layout.covers_inner(main, across):
        raise MoveError("the main word must cover at least one square of the inner 15x15 board")
    if len(main) < rules.min_main:
        word = _text(cells, main)
        raise MoveError(f"the main word must be at least {rules.min_main} letters: {word} has {len(main)}")
    if picked is not None:
        remaining = picked.keep
        line_ok = across == play.across or len(tiles) == 1
        if not line_ok or not set(remaining).issubset(main) or len(main) <= len(picked.word):
            raise MoveError(f"after picking off tiles of {picked.text}, the play's main word must contain "
                            f"{_text(board0.cells, remaining)} and be longer than {picked.text}")
    # Words formed: the main word first, then cross-words through each new tile.
    words = [score_word(board, main, new, rules)]
    for sq in squares:
        cross = run(cells, sq, not across, size)
        if len(cross) >= 2:
            words.append(score_word(board, cross, new, rules))
    n_picked = len(picked.picked) if picked else 0
    played = len(tiles) - n_picked
    ev = Evaluation(legal=True, words=words, tiles_played=played, across=across)
    ev.big_play = rules.big_play_bonus(played)
    if rules.stretch_min:
        ev.stretch = _stretch_bonus(board0, main, across, picked, played, rules)
    if rules.wild_jqxz:
        ev.jqxz = _jqxz_bonus(words, tiles, picked)
    ev.score = sum(w.score for w in words) + ev.big_play + ev.stretch + ev.jqxz
    for sq in squares:
        board.spent.add(sq)
    for tile in play.rack_tiles():
        rack.remove(tile)
    ev.board = board
    ev.rack = rack
    if judge is not None:
        ev.invalid = judge.invalid([w.word for w in words])
    return ev


def _touches_old(cells, sq, new, size) -> bool:
    row, col = divmod(sq, size)
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < size and 0 <= c < size:
            s = r * size + c
            if cells[s] and s not in new:
                return True
    return False


def _lone_tile_direction(board, sq, picked, across_hint, rules, layout) -> bool:
    """The main word's direction for a lone tile: the pick-off's line, else
    ``lone_tile_across`` on the two runs through the tile."""
    if picked is not None:
        return across_hint
    size = board.size
    a = run(board.cells, sq, True, size)
    d = run(board.cells, sq, False, size)
    return lone_tile_across(rules, len(a), layout.covers_inner(a, True), len(d), layout.covers_inner(d, False))


def _stretch_bonus(board0: Board, main, across, picked, played, rules: Rules) -> int:
    """A word that stood in the main word's line before the play, wholly inside the
    main word (or, when picked, its remaining tiles), of the threshold length."""
    cells = board0.cells
    size = board0.size
    span = set(main)
    longest = 0
    seen = set()
    for s in main:
        if cells[s] and s not in seen:
            word = run(cells, s, across, size)
            seen.update(word)
            if picked is not None and tuple(word) == picked.word:
                inside = all(x in span for x in picked.keep)
            else:
                inside = all(x in span for x in word)
            if inside and len(word) >= 2:
                longest = max(longest, len(word))
    return stretch_points(rules, longest, played)


def _jqxz_bonus(words, tiles, picked) -> int:
    """The JQXZ bonus of each word for the J/Q/X/Z newly placed face up in it.
    A face-up tile that was picked off this turn and replayed earns nothing."""
    replayed = Counter(picked.faceup if picked is not None else ())
    eligible = set()
    for sq, cell, tile in sorted(tiles):
        if cell.isupper() and cell in WILD_LETTERS:
            if replayed[cell]:
                replayed[cell] -= 1
            else:
                eligible.add(sq)
    bonus = 0
    for w in words:
        per = jqxz_bonus_per_tile(len(w.squares))
        if per:
            bonus += per * sum(1 for s in w.squares if s in eligible)
    return bonus
