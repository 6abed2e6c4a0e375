"""The computer player: choose a move for the player to move.

Levels share one generator; they differ in what they look at and what they keep:
- **hard**: every play (blanks, flips, swaps, pick-offs; at most one tile played as
  a blank per play (``HARD_MAX_BLANKS``) and swaps all-or-none, to bound the
  search), ranked by score plus the value of the tiles kept (the *leave*, below);
  exchanges when the best play is poor and the bag allows; passes only when
  nothing else is possible. When no play keeps to the cap (a rack of only
  blanks), every level searches again with more blanks allowed (``_more_blanks``).
- **expert** (engine/search/expert.py): hard's valuation over a wider search (two tiles
  played as blanks), then simulation; as a ``Player`` it is hard.
- **greedy**: the highest score, leave ignored (the baseline for strength tests).
- **medium**: plays of at most 6 letters (min. length + 2 where that is more) using at most 5 tiles, score plus half the
  leave; no swaps or pick-offs. It misses long words a person would also miss.
- **easy**: plays of at most 4 letters (the rules' minimum where that is more) using at most 3 tiles (the minimum less one where that is more), never a blank; takes
  the best-scoring such play. Short, plain words: a beginner's game.

Leave value: what keeping some tiles is worth to the next turn, in points, from a
linear model per rule family (``LEAVE_MODELS``): per-tile values, a term per
duplicate tile and one per tile of vowel/consonant imbalance (ideal: about 40%
vowels). The classic model is hand-set from common crossword-game practice (blank
24, S 7.5, ..., Q -7, and -8 more for a Q without a U); the Word Lovers models are
fitted by self-play with bench/fit_leaves.py (greedy games: each leave against the
same player's next score), because their bonuses, additive premiums and blank
swaps change what tiles are worth (a kept blank is worth about 8, not 24, in o).
With the bag empty the leave is instead minus twice its face value, minus 8 for
not going out: kept tiles only cost points then. Deterministic: ties go to the
play the generator found first, and nothing here is random. A time budget
(``movegen.Budget``) makes a choice anytime (the best found when time runs out)
and so machine-dependent; without one, choices are exhaustive and repeatable.

The whole computer turn (challenges, the final round, trades, then this choice)
is ``computer.computer_action``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from ..actionlog import PLAY
from ..board import Board
from .movegen import Budget, MoveGenerator, TopN
from ..moves import Exchange, Pass, Play
from ..rules import Rules
from ..tiles import TILE_SETS, rack_value
from ..trades import conditions, trade_allowed

VOWELS = set("AEIOU")
# "expert" (engine/search/expert.py) simulates on top of the hard player; as a Player it is hard.
LEVELS = ("easy", "medium", "hard", "greedy", "expert")
# Tiles played as blanks (blanks and flipped J/Q/X/Z) in one play of the hard
# player: each costs a factor of up to 26 in plays; bench/movegen.py measures it.
HARD_MAX_BLANKS = 1
# When no play uses at most the level's blanks (a rack of only blanks, say), more
# blanks are allowed, each count stopping after this many plays recorded: a rack
# of seven blanks has millions of plays, and one found is what matters there.
MORE_BLANKS_PLAYS = 3000


@dataclass(frozen=True)
class LeaveModel:
    tiles: dict          # value of each kept tile
    dup: float           # per duplicate tile beyond the first of its letter (not blanks)
    imbalance: float     # per tile away from the ideal vowel count
    q_without_u: float = 0.0


LEAVE_MODELS = {
    "classic": LeaveModel({
        "?": 24.0, "S": 7.5, "Z": 3.0, "X": 3.0, "E": 3.5, "R": 1.5, "A": 1.0, "H": 1.0,
        "N": 0.5, "T": 0.5, "D": 0.5, "L": 0.0, "C": 0.5, "M": 0.5, "P": 0.0, "I": -0.5,
        "O": -1.0, "Y": -0.5, "K": -1.0, "J": -2.0, "G": -2.0, "B": -2.0, "F": -2.0,
        "W": -3.0, "U": -3.0, "V": -5.0, "Q": -7.0}, dup=-4.0, imbalance=-3.0, q_without_u=-8.0),
    # o and i: bench/fit_leaves.py --preset o --games 300 (4,796 leaves)
    "o": LeaveModel({
        "A": -1.1, "B": -2.8, "C": 3.0, "D": -1.8, "E": 0.4, "F": -3.0, "G": -2.0, "H": 1.3,
        "I": -1.9, "J": -5.1, "K": -4.4, "L": -2.4, "M": -2.8, "N": -0.5, "O": -1.5, "P": -2.3,
        "Q": -8.4, "R": -1.0, "S": 3.4, "T": -1.1, "U": -3.9, "V": -5.7, "W": -2.9, "X": 0.1,
        "Y": -4.6, "Z": -0.1, "?": 7.9}, dup=-6.4, imbalance=-1.9),
    # ii: bench/fit_leaves.py --preset ii --games 200 (2,645 leaves; the small-word
    # cap makes heavy tiles poor keepers)
    "ii": LeaveModel({
        "A": 1.0, "B": -0.9, "C": -1.6, "D": -4.1, "E": 1.1, "F": -2.8, "G": -2.9, "H": -0.5,
        "I": -2.7, "J": -11.0, "K": -10.7, "L": -4.2, "M": 6.7, "N": -2.1, "O": -2.5, "P": -7.1,
        "Q": -11.7, "R": -1.2, "S": 1.0, "T": -1.9, "U": -5.4, "V": -7.8, "W": -5.2, "X": -11.9,
        "Y": -8.2, "Z": -8.0, "?": 3.3}, dup=-9.1, imbalance=-2.1),
    # iii: bench/fit_leaves.py --preset iii --games 150 (1,849 leaves; J/Q/X/Z are
    # wild, so worth keeping)
    "iii": LeaveModel({
        "A": -2.8, "B": -6.1, "C": 0.9, "D": 0.5, "E": 2.7, "F": -8.6, "G": -8.0, "H": -0.2,
        "I": -1.8, "J": -0.2, "K": -7.3, "L": -2.3, "M": -14.6, "N": -0.3, "O": -2.5, "P": -4.2,
        "Q": 9.6, "R": 3.5, "S": 3.4, "T": -2.9, "U": -6.1, "V": -7.4, "W": -12.3, "X": 17.4,
        "Y": -4.2, "Z": 19.4, "?": 6.0}, dup=-7.3, imbalance=-4.7),
}


def leave_family(rules: Rules) -> str:
    """Which leave model fits these rules (by the knobs that change tile values)."""
    if rules.premiums == "multiply":
        return "classic"
    if rules.wild_jqxz and "iii" in LEAVE_MODELS:
        return "iii"
    if rules.rack_size >= 8 and "ii" in LEAVE_MODELS:
        return "ii"
    return "o"


def leave_value(leave, rules: Rules) -> float:
    """What keeping these tiles is worth for the next turn, in points."""
    if not leave:
        return 0.0
    model = LEAVE_MODELS[leave_family(rules)]
    counts = Counter(leave)
    total = 0.0
    for t, n in counts.items():
        total += model.tiles[t] * n
        if t != "?" and n > 1:
            total += model.dup * (n - 1)
    vowels = sum(n for t, n in counts.items() if t in VOWELS)
    cons = len(leave) - vowels - counts.get("?", 0)
    total += model.imbalance * abs(vowels - round(0.4 * (vowels + cons)))
    if counts.get("Q") and not counts.get("U"):
        total += model.q_without_u
    return total


def _leave_after(rack, used) -> list[str]:
    left = list(rack)
    for t in used:
        left.remove(t)
    return left


class Player:
    """A computer player of one level for one rule set and lexicon."""

    def __init__(self, rules: Rules, lexicon, level: str = "hard"):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
        self.rules = rules
        self.lexicon = lexicon
        self.level = level = "hard" if level == "expert" else level
        self._wider: dict[int, MoveGenerator] = {}
        if level in ("hard", "greedy"):
            self.gen = MoveGenerator(rules, lexicon, max_blanks=HARD_MAX_BLANKS, swaps="all",
                                     pick_left_max=3)
        elif level == "medium":
            self.gen = MoveGenerator(rules, lexicon, max_blanks=1, swaps="all", picks=False)
        else:
            self.gen = MoveGenerator(rules, lexicon, max_blanks=0, swaps="all", picks=False)

    def _value(self, rack, bag_count: int = 100, leave: bool = True):
        """The equity of a candidate for this level (score plus weighted leave;
        -1e9 for plays the level does not make); ``leave`` False: score only."""
        rules = self.rules
        level = self.level
        # Short words, but never below the rules' main-word minimum (6 in iii).
        max_len = {"easy": max(4, rules.min_main), "medium": max(6, rules.min_main + 2)}.get(level, 99)
        max_tiles = {"easy": max(3, rules.min_main - 1), "medium": max(5, rules.min_main)}.get(level, 99)
        weight = {"hard": 1.0, "medium": 0.5}.get(level, 0.0) if leave else 0.0
        cache = {}

        def value(cand) -> float:
            if len(cand.used) > max_tiles or (level in ("easy", "medium") and
                                               (cand.pre or cand.length > max_len)):
                return -1e9
            if weight == 0.0:
                return float(cand.score)
            key = (cand.rack, cand.used)
            lv = cache.get(key)
            if lv is None:
                if bag_count == 0:
                    # Endgame: kept tiles will count against us; going out gains.
                    lv = -2.0 * rack_value(cand.leave) - (0.0 if not cand.leave else 8.0)
                else:
                    lv = leave_value(cand.leave, rules)
                lv = cache[key] = lv * weight
            return cand.score + lv
        return value

    def challenges(self, game) -> bool:
        """Double or free challenge: a computer player challenges exactly the invalid plays
        (RULES.md section 7), i.e. when the play just made by another player (or
        the play that ended the game) has a word the judge rejects."""
        if not self.rules.challenges:
            return False
        last = game.last_turn
        return (last is not None and last.kind == PLAY and bool(last.invalid)
                and (game.over or last.player != game.to_move))

    def _best(self, board: Board, rack, value, budget: Budget | None, memo: dict | None = None):
        best = self.gen.generate(board, rack, TopN(1, value), budget, memo)
        if best and best[0].equity > -1e8:
            return best[0]
        return self._more_blanks(board, rack, value, budget)

    def _wild_count(self, board: Board, rack) -> int:
        """Tiles that may be played as blanks: blanks, J/Q/X/Z when wild, and the
        blanks on the board a swap could bring to the rack."""
        n = rack.count("?")
        if self.rules.wild_jqxz:
            n += sum(1 for t in rack if t in "JQXZ")
        if self.rules.blank_swap:
            n += sum(1 for c in board.cells if c and c.islower())
        return min(n, len(rack))

    def _more_blanks(self, board: Board, rack, value, budget: Budget | None):
        """The best play allowing more tiles played as blanks than the level's cap,
        each count bounded by ``MORE_BLANKS_PLAYS`` plays (deterministic) and the
        decision's time budget; None when none is found. Why: with a cap of one,
        a rack of only blanks has no play at all."""
        best = None
        most = self._wild_count(board, rack)
        if self.level in ("easy", "medium"):
            most = min(most, {"easy": max(3, self.rules.min_main - 1)}.get(self.level, most))
        # One more than the cap, then all of them: two searches at most (each count
        # between would cost as much and rarely adds a better play).
        for k in sorted({min(self.gen.max_blanks + 1, most), most}):
            if k <= self.gen.max_blanks:
                continue
            gen = self._wider.get(k)
            if gen is None:
                gen = self._wider[k] = MoveGenerator(self.rules, self.lexicon, max_blanks=k, swaps="all",
                                                      picks=self.gen.picks,
                                                      pick_left_max=self.gen.pick_left_max)
            bound = Budget(plays=MORE_BLANKS_PLAYS)
            bound.deadline = budget.deadline if budget is not None else None
            if budget is not None and budget.exhausted:
                break
            found = gen.generate(board, rack, TopN(1, value), bound)
            if bound.exhausted == "time" and budget is not None:
                budget.exhausted = "time"
            if found and found[0].equity > -1e8 and (best is None or found[0].equity > best.equity):
                best = found[0]
        return best

    def best_play(self, board: Board, rack, budget: Budget | None = None) -> Play | None:
        """The highest-scoring play this level makes, leave ignored (the swap-final-
        racks round, where the play is taken back), or None."""
        best = self._best(board, list(rack), self._value(rack, 0, leave=False), budget)
        return best.to_play() if best is not None else None

    def choose(self, board: Board, rack, bag_count: int, budget: Budget | None = None):
        """The chosen move: a Play, an Exchange or a Pass. With a ``budget`` the
        best play found before it runs out (see movegen.Budget)."""
        return self.decide(board, rack, bag_count, budget)[0]

    def decide(self, board: Board, rack, bag_count: int, budget: Budget | None = None,
               memo: dict | None = None):
        """(the chosen move, the tiles it keeps, sorted): the expert values a
        simulated turn by its leave before the draw (engine/search/expert.py). ``memo``:
        the generator's line memo (``MoveGenerator.generate``), one per bag state
        (empty or not: the leave is valued differently), kept by the caller."""
        rack = list(rack)
        best = self._best(board, rack, self._value(rack, bag_count), budget, memo)
        if self.level == "hard" and bag_count >= self.rules.rack_size:
            keep, keep_value = best_keep(rack, self.rules)
            # Exchange when keeping the best tiles beats the best play by a margin.
            if best is None or best.equity < keep_value - 2.0 and best.score < 20:
                throw = _leave_after(rack, keep)
                if any(t != "?" for t in throw):  # throwing back only blanks is never better
                    return Exchange("".join(sorted(throw))), "".join(keep)
        if best is not None:
            return best.to_play(), best.leave
        if bag_count >= self.rules.rack_size:
            keep, _ = best_keep(rack, self.rules)
            throw = _leave_after(rack, keep)
            if not throw:
                throw, keep = rack, []
            return Exchange("".join(sorted(throw))), "".join(sorted(keep))
        return Pass(), "".join(sorted(rack))


def best_keep(rack, rules: Rules):
    """The subset of the rack most worth keeping (for an exchange)."""
    best, best_v = None, -1e9
    n = len(rack)
    seen = set()
    for k in range(0, n):
        for idx in combinations(range(n), k):
            keep = tuple(sorted(rack[i] for i in idx))
            if keep in seen:
                continue
            seen.add(keep)
            v = leave_value(keep, rules)
            if v > best_v:
                best, best_v = list(keep), v
    return best, best_v


def choose_trade(rack, rules: Rules, bag_count: int) -> str | None:
    """Richard's free trade (RULES.md 9): among the sets the rack may trade, the
    one that most improves the rack's value (``ai.leave_value`` of the tiles kept
    plus the mean value of a drawn tile for each traded one); None when no trade
    helps. Only while the bag holds a rack's worth, so the rack refills."""
    rack = sorted(rack)
    if bag_count < rules.rack_size or not conditions(rack):
        return None
    model = LEAVE_MODELS[leave_family(rules)]
    counts = TILE_SETS[rules.tiles]
    draw = sum(model.tiles[t] * n for t, n in counts.items()) / sum(counts.values())
    best, best_value = None, leave_value(rack, rules)
    seen = set()
    for k in range(1, len(rack) + 1):
        for idx in combinations(range(len(rack)), k):
            tiles = "".join(rack[i] for i in idx)
            if tiles in seen:
                continue
            seen.add(tiles)
            if not trade_allowed(rack, tiles):
                continue
            kept = list((Counter(rack) - Counter(tiles)).elements())
            value = leave_value(kept, rules) + draw * len(tiles)
            if value > best_value + 1e-9:
                best, best_value = tiles, value
    return best
