"""The expert's rounds of simulation: which to run, on which candidates, and what they add up to.

Why a module of its own: a round's values depend only on the position, the
candidates and the round's number (its world is dealt from the seed and that
number, engine/search/expert.py), so rounds can be simulated by several
interpreters at once, in any order, and merged here in round order. One worker
(``Expert.choose``) and several (engine/search/deal.py) go through the same
``Tally``, so the same rounds give the same choice wherever they were simulated.

- ``Tally`` merges rounds in round order: a round holds the values of the
  candidates it simulated (a superset of those still live when it was dealt
  before later rounds pruned some; a prefix of them when its share of the time
  held only those, and then the rest leave the search). After ``min_rounds``
  rounds a candidate clearly worse than the best is pruned; one left is "clear".
- ``Dealer`` gives round numbers out, the lowest first (a round given back by a
  worker that could not fit it is the next one dealt), up to a limit.
- ``schedule`` and ``cut`` are one worker's clock: whether its next round can end
  in time and with how many candidates, and what a round cut short leaves.
"""

from __future__ import annotations

import heapq
import math
import time

from .movegen import Budget


class RoundClock:
    """The time one candidate takes in a round, from the rounds done: a round is
    begun only when it is expected to end within the budget, so the expert's time
    ends at its budget rather than a round's length past it (the page's 3 s is a
    promise to the player). A round begun and cut short is still dropped."""

    __slots__ = ("t0", "spent", "plays")

    def __init__(self):
        self.t0, self.spent, self.plays = 0.0, 0.0, 0

    def start(self) -> None:
        self.t0 = time.perf_counter()

    def done(self, plays: int) -> None:
        self.spent += time.perf_counter() - self.t0
        self.plays += plays

    def fits(self, plays: int, budget: Budget) -> bool:
        if budget.deadline is None or not self.plays:
            return True
        return time.perf_counter() + plays * self.spent / self.plays <= budget.deadline

    def how_many(self, rounds: int, budget: Budget) -> int:
        """The candidates a round can hold for ``rounds`` such rounds to end in time."""
        if not self.plays or self.spent <= 0:
            return 1 << 30
        return int((budget.deadline - time.perf_counter()) / (rounds * self.spent / self.plays))


def schedule(clock: RoundClock, live: list[int], budget, first: int):
    """(live, step budget) for this worker's next round, or (None, why not): "few"
    or "time". ``first``: how many of the rounds a switch needs (the first ones,
    still to do) this worker is to run, this one included (0: past them). Those
    must all end in time: each gets an equal part of what is left, and holds only
    the candidates that part can (the best by equity first); when not even two
    fit, "few". After them, a round is begun only when its candidates fit before
    the deadline."""
    if budget is None or budget.deadline is None:
        return live, budget
    if first:
        if not clock.fits(len(live) * first, budget):
            live = live[:clock.how_many(first, budget)]
            if len(live) < 2:
                return None, "few"
        step = Budget()
        now = time.perf_counter()
        step.deadline = now + (budget.deadline - now) / first
        return live, step
    if not clock.fits(len(live), budget):
        return None, "time"
    return live, budget


def cut(got: list[float], live: list[int], step, budget):
    """What a round simulated on ``live`` that gave ``got`` adds: (values by
    candidate, "") or, when it was cut short and cannot count, (None, why).
    Cut within its share of the first rounds it keeps the candidates it held
    (two at least); cut by the whole budget it is dropped."""
    if len(got) < len(live):
        if step is budget or len(got) < 2:
            return None, "time" if step is budget else "few"
        live = live[:len(got)]
    return dict(zip(live, got)), ""


def mean_se(xs) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, float("inf")
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, math.sqrt(var / n)


def prune(cands, live: list[int], z: float) -> list[int]:
    """The live candidates not clearly worse than the best (paired differences
    over the rounds all of them played)."""
    best = max(live, key=lambda i: cands[i].mean)
    keep = []
    for i in live:
        if i == best:
            keep.append(i)
            continue
        n = min(len(cands[i].values), len(cands[best].values))
        diffs = [a - b for a, b in zip(cands[best].values[:n], cands[i].values[:n])]
        mean, se = mean_se(diffs)
        if not (mean > 0 and mean > z * se):
            keep.append(i)
    return keep


class Tally:
    """Rounds merged in round order into the candidates' values (``Choice.values``).

    ``add`` takes a round's values ({candidate: value}) in any order; the rounds
    from 0 on without a gap are merged at once (``live`` is then the search's
    live set after them, which a worker dealt a later round simulates), later
    ones wait. ``final`` merges what waits, past any gap (a round cut short)."""

    def __init__(self, cands, order, min_rounds: int, prune_z: float):
        self.cands, self.live = cands, list(order)
        self.min_rounds, self.prune_z = min_rounds, prune_z
        self.used = 0            # rounds merged
        self.next = 0            # the first round not yet merged
        self.waiting: dict[int, dict] = {}
        self.clear = False       # one candidate left: the search is over

    def add(self, k: int, values: dict) -> None:
        if k >= self.next:
            self.waiting[k] = values
        while self.next in self.waiting:
            self._merge(self.waiting.pop(self.next))
            self.next += 1

    def final(self) -> None:
        for k in sorted(self.waiting):
            self._merge(self.waiting.pop(k))

    def _merge(self, values: dict) -> None:
        if self.clear:
            return
        have = [i for i in self.live if i in values]
        if len(have) < 2:
            return               # a round that cannot compare two live candidates
        self.live = have
        for i in have:
            self.cands[i].values.append(values[i])
        self.used += 1
        if self.used >= self.min_rounds:
            self.live = prune(self.cands, self.live, self.prune_z)
            self.clear = len(self.live) == 1


class Dealer:
    """Round numbers for the workers: the lowest not yet dealt, a round given back
    first, below ``limit``; done once the tally is clear or every round below the
    limit is merged."""

    def __init__(self, tally: Tally, limit: int):
        self.tally, self.limit = tally, limit
        self.next = 0
        self.back: list[int] = []

    @property
    def done(self) -> bool:
        return self.tally.clear or self.tally.next >= self.limit

    def claim(self) -> int | None:
        if self.done:
            return None
        if self.back:
            return heapq.heappop(self.back)
        if self.next >= self.limit:
            return None
        self.next += 1
        return self.next - 1

    def give_back(self, k: int) -> None:
        heapq.heappush(self.back, k)

    def submit(self, k: int, values: dict) -> None:
        self.tally.add(k, values)
