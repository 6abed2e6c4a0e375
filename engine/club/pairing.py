"""Pairing a round (RULES.md 11): "everyone plays the average player" by PPT, or a
round robin; byes for an odd field; who moves first, balanced.

The PPT objective: the field's PPT is every game's points over every game's turns;
a player's opponents' combined PPT is the mean of the current PPTs of all their
opponents, this round's included. The pairing minimises the sum over the players
of (combined PPT - field PPT) squared. Each player's term depends only on their
own opponents, so the sum is a sum of per-pair costs and the best pairing is a
minimum-cost perfect matching (engine/club/blossom.py). A player with no turns
yet counts as average (the field's PPT) when they are someone's opponent.

Repeats: each earlier meeting of a pair costs more than any pairing's whole PPT
cost, so a repeat-free pairing always wins when one exists, and otherwise the one
with the fewest repeated meetings; ``Pairing.repeats`` names them so the page can
say so. Byes: an odd field gets a "bye" vertex that only the players with the
fewest byes may take (RULES.md 11: never the same player twice while others have
had none); the bye player's term is their objective as it stands.

The rounds to come: with the planned number of rounds known, a round is the
cheapest pairing after which the rounds still to come can all be paired without
repeats (engine/club/lookahead.py); the cheapest by PPT alone can leave the last
round none. A re-pair keeps a round's posted pairs: each one given up costs more
than all of PPT, so only what a change left unpaired moves, unless keeping them
would force a repeat.

Large fields: the exact matching takes O(n^3) time and n^2 memory (10,000 players:
10**8 costs). Above EXACT_UP_TO players, or with method "fast", the same weighing
is searched by engine/club/fastpair.py: within a few per cent of the least cost
(bench/README.md), the rounds to come not searched.

Round 1 (nobody has a PPT yet) is drawn by the tournament's seed: a shuffle, the
last player sitting out an odd field. Costs are whole numbers (millionths of a
squared point), so the matching is exact and the same under CPython and Pyodide.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .blossom import min_cost_perfect_matching
from .fastpair import NEIGHBOURS, fast_matching, neighbours
from .lookahead import Exhausted, Field, after, cheapest, schedule

SCALE = 10 ** 6               # costs in millionths of a squared point per turn
METHODS = ("exact", "fast")
EXACT_UP_TO = 256             # the default method: exact up to this many players, fast above


@dataclass(frozen=True)
class Entrant:
    """What pairing needs of a player: tournament totals before the round."""

    name: str
    points: int = 0                     # PPT numerator over the player's games
    turns: int = 0                      # PPT denominator
    opponents: tuple[str, ...] = ()     # one name per game played (a repeat twice)
    byes: int = 0
    firsts: int = 0                     # games in which the player moved first

    @property
    def ppt(self) -> float | None:
        return self.points / self.turns if self.turns else None


@dataclass(frozen=True)
class Pairing:
    """One round's pairs (first mover first), the bye, and the pairs who had
    already met (only when no pairing without repeats existed)."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None = None
    repeats: tuple[tuple[str, str], ...] = ()
    drawn: bool = False                 # drawn by the seed: nobody had a PPT yet
    cost: int = 0                       # the objective in millionths (0 when drawn)
    ahead: int | None = None            # later rounds still pairable without repeats (None: not searched)


def field_ppt(everyone) -> float | None:
    """Total points over total turns of every game so far (None before any turn)."""
    turns = sum(e.turns for e in everyone)
    return sum(e.points for e in everyone) / turns if turns else None


def meetings(active) -> dict[frozenset, int]:
    """How many times each pair of players has met (each game is listed by both;
    a game only one of them lists still counts)."""
    seen: dict[tuple[str, str], int] = {}
    for e in active:
        for o in e.opponents:
            seen[(e.name, o)] = seen.get((e.name, o), 0) + 1
    return {frozenset((a, b)): max(n, seen.get((b, a), 0)) for (a, b), n in seen.items() if a != b}


class PptTerms:
    """Each active player's term of RULES.md 11's objective, as whole millionths:
    ``pair(i, j)`` the cost of pairing active[i] with active[j], ``bye(i)`` of a bye
    for active[i]. Both pairing methods read their costs here, so they agree."""

    def __init__(self, active, everyone=None):
        everyone = list(everyone if everyone is not None else active)
        avg = field_ppt(everyone)
        if avg is None:
            raise ValueError("nobody has a PPT yet: the round is drawn, not paired by PPT")
        current = {e.name: (e.ppt if e.ppt is not None else avg) for e in everyone}
        self.avg = avg
        self.own = [current[e.name] for e in active]
        self.sums = [sum(current[o] for o in e.opponents) for e in active]
        self.counts = [len(e.opponents) for e in active]

    def term(self, i: int, extra: float | None) -> float:
        s, k = self.sums[i], self.counts[i]
        if extra is None:
            return ((s / k) - self.avg) ** 2 if k else 0.0
        return ((s + extra) / (k + 1) - self.avg) ** 2

    def pair(self, i: int, j: int) -> int:
        return round((self.term(i, self.own[j]) + self.term(j, self.own[i])) * SCALE)

    def bye(self, i: int) -> int:
        return round(self.term(i, None) * SCALE)

    def target(self, i: int) -> float:
        """The opponent's PPT that would bring i's opponents' mean to the field's."""
        return self.avg * (self.counts[i] + 1) - self.sums[i]


def ppt_costs(active, everyone=None) -> tuple[list[list[int]], list[int]]:
    """The integer cost of pairing active[i] with active[j] and of a bye for
    active[i] (RULES.md 11's objective, before repeat penalties)."""
    terms = PptTerms(active, everyone)
    n = len(active)
    cost = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            cost[i][j] = cost[j][i] = terms.pair(i, j)
    return cost, [terms.bye(i) for i in range(n)]


def pair_by_ppt(active, seed, everyone=None, rounds_left: int = 1, posted=(), fixed=(),
                method: str | None = None) -> Pairing:
    """Pair the active players by the PPT objective; drawn by ``seed`` when nobody
    has a PPT yet. ``everyone``: all players whose games count (withdrawn ones too);
    ``rounds_left``, ``posted`` and ``fixed``: as ``best_pairing`` reads them.
    ``method``: "exact" (the least-cost matching) or "fast" (``fast_pairing``);
    None picks exact up to EXACT_UP_TO players."""
    active = list(active)
    _check_field(active)
    if method is None:
        method = "exact" if len(active) <= EXACT_UP_TO else "fast"
    if method not in METHODS:
        raise ValueError(f"the pairing method is one of {', '.join(METHODS)} (not {str(method)[:40]!r})")
    rng = random.Random(f"pair:{seed}")
    everyone = list(everyone if everyone is not None else active)
    if field_ppt(everyone) is None:
        if not posted and not fixed and not any(e.opponents or e.byes for e in active):
            order = list(active)
            rng.shuffle(order)
            bye = order.pop().name if len(order) % 2 else None
            pairs = [first_mover(order[i], order[i + 1], rng) for i in range(0, len(order), 2)]
            return Pairing(tuple(pairs), bye, (), True)
        if method == "fast":
            found = fast_pairing(active, None, rng, posted, fixed)
            return Pairing(found.pairs, found.bye, found.repeats, True)
        n = len(active)
        cost = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                cost[i][j] = cost[j][i] = rng.randrange(SCALE)
        found = best_pairing(active, cost, [0] * n, rng, rounds_left, posted, fixed)
        return Pairing(found.pairs, found.bye, found.repeats, True, 0, found.ahead)
    if method == "fast":
        return fast_pairing(active, PptTerms(active, everyone), rng, posted, fixed)
    cost, bye_cost = ppt_costs(active, everyone)
    return best_pairing(active, cost, bye_cost, rng, rounds_left, posted, fixed)


def round_robin(names) -> list[list[tuple[str, str | None]]]:
    """The circle method: n players in n - 1 rounds (n rounds for odd n, one bye
    each: a pair with None). Everyone meets everyone exactly once."""
    players = list(names) + ([None] if len(names) % 2 else [])
    m = len(players)
    rounds = []
    for _ in range(m - 1):
        pairs = []
        for i in range(m // 2):
            a, b = players[i], players[m - 1 - i]
            pairs.append((a, b) if a is not None else (b, a))
        rounds.append(pairs)
        players = [players[0], players[-1]] + players[1:-1]
    return rounds


def pair_round_robin(active, round_index: int, seed, rounds_left: int = 1, posted=(), fixed=()) -> Pairing:
    """Round ``round_index`` (0-based) of the circle schedule over the active players
    in their order; when the field changed (a late entry, a withdrawal) the nearest
    pairing with no repeat: a scheduled pair costs 0, any other new pair 1."""
    active = list(active)
    _check_field(active)
    names = [e.name for e in active]
    schedule = round_robin(names)
    scheduled = schedule[round_index % len(schedule)] if schedule else []
    wanted = {frozenset(p) for p in scheduled if p[1] is not None}
    sits = {p[0] for p in scheduled if p[1] is None}
    n = len(active)
    cost = [[0 if frozenset((names[i], names[j])) in wanted else 1 for j in range(n)] for i in range(n)]
    return best_pairing(active, cost, [0 if name in sits else 1 for name in names],
                        random.Random(f"pair:{seed}"), rounds_left, posted, fixed)


def best_pairing(active, cost, bye_cost, rng, rounds_left: int = 1, posted=(), fixed=()) -> Pairing:
    """The pairing of least cost after the fewest repeated meetings; for an odd
    field, a bye for one of the players with the fewest byes. ``rounds_left``:
    this round and the planned rounds after it; the pairing is the cheapest after
    which those can all be paired without repeats (engine/club/lookahead.py).
    ``posted``: the pairs of a round already posted ((name, None): its bye), kept
    whenever no repeat forces a change, so a re-pair moves only what it must.
    ``fixed``: pairs that stay whatever happens (games already played this round);
    they are in the result, and their players in the rounds to come."""
    n = len(active)
    met = meetings(active)
    names = [e.name for e in active]
    times = [[met.get(frozenset((names[i], names[j])), 0) for j in range(n)] for i in range(n)]
    size = n + n % 2
    top = max([cost[i][j] for i in range(n) for j in range(n) if i != j] + list(bye_cost) + [0])
    unit = top * (size // 2) + 1       # more than any pairing's whole PPT cost
    kept = {frozenset(p) for p in posted if p[1] is not None} | {frozenset(p) for p in fixed}
    sits = {p[0] for p in posted if p[1] is None}
    moved = unit if posted else 0      # a posted pair not kept costs more than all of PPT
    again = unit * (size // 2 + 1)     # one meeting more outweighs any pairing's cost and moves
    matrix: list[list[int | None]] = [[None] * size for _ in range(size)]
    for i in range(n):
        for j in range(i + 1, n):
            stays = frozenset((names[i], names[j])) in kept
            matrix[i][j] = matrix[j][i] = cost[i][j] + again * times[i][j] + (0 if stays else moved)
    held = {names.index(x): names.index(y) for a, b in fixed for x, y in ((a, b), (b, a))}
    if n % 2:
        fewest = min(e.byes for i, e in enumerate(active) if i not in held)
        for i, e in enumerate(active):
            if e.byes == fewest and i not in held:
                matrix[i][n] = matrix[n][i] = bye_cost[i] + (0 if names[i] in sits else moved)
    for i, j in held.items():
        for x in range(size):
            if x != j:
                matrix[i][x] = matrix[x][i] = None
    mate = min_cost_perfect_matching(matrix)
    ahead = None
    if rounds_left > 1 and not any(times[i][mate[i]] for i in range(n) if mate[i] < n and i not in held):
        total = sum(matrix[i][mate[i]] for i in range(size) if i < mate[i])
        tier = (total // unit + 1) * unit - 1 if posted else again - 1
        adj = [sum(1 << j for j in range(n) if j != i and not times[i][j]) for i in range(n)]
        mate, ahead = look_ahead(adj, [e.byes for e in active], matrix, mate, tier, rounds_left)
    pairs, repeats, bye, total = [], [], None, 0
    for i in range(n):
        j = mate[i]
        if j == n:
            bye, total = names[i], total + bye_cost[i]
        elif i < j:
            pairs.append(first_mover(active[i], active[j], rng))
            total += cost[i][j]
            if times[i][j]:
                repeats.append(pairs[-1])
    return Pairing(tuple(pairs), bye, tuple(repeats), False, total, ahead)


def fast_pairing(active, terms: PptTerms | None, rng, posted=(), fixed=()) -> Pairing:
    """``best_pairing``'s weighing (repeats, then moved posted pairs, then PPT; the
    bye among the fewest byes) searched by engine/club/fastpair.py: near the least
    cost, in about n log n. ``terms``: None for a draw (every pair costs 0). The
    rounds to come are not searched (``ahead`` None): a field this large rarely
    runs out of new opponents."""
    names = [e.name for e in active]
    index = {x: i for i, x in enumerate(names)}
    held = {index[x]: index[y] for a, b in fixed for x, y in ((a, b), (b, a))}
    free = [i for i in range(len(active)) if i not in held]
    m = len(free)
    size = m + m % 2
    bye_vertex = m if m % 2 else -1
    where = {i: u for u, i in enumerate(free)}
    seen: dict[tuple[int, int], int] = {}
    for i, e in enumerate(active):
        for o in e.opponents:
            if o in index and i in where and index[o] in where:
                key = (where[i], where[index[o]])
                seen[key] = seen.get(key, 0) + 1
    times = {}
    for (u, v), k in seen.items():
        times[(min(u, v), max(u, v))] = max(times.get((min(u, v), max(u, v)), 0), k)
    met: list[set[int]] = [set() for _ in range(size)]
    for u, v in times:
        met[u].add(v)
        met[v].add(u)
    kept = {tuple(sorted((where[index[a]], where[index[b]])))
            for a, b in posted if b is not None and index.get(a) in where and index.get(b) in where}
    sits = {where[index[a]] for a, b in posted if b is None and index.get(a) in where}
    if terms is not None:
        own, target = terms.own, [terms.target(i) for i in range(len(active))]
        lo, hi = min(own), max(own)
        top = 2 * max(max(terms.term(i, lo), terms.term(i, hi)) for i in free) * SCALE
        top = int(top) + max([terms.bye(i) for i in free] + [0]) + 1
        pair_cost = terms.pair
        bye_cost = [terms.bye(i) for i in free]
    else:
        top, pair_cost, bye_cost = 1, (lambda i, j: 0), [0] * m
    unit = top * (size // 2) + 1
    moved = unit if posted else 0
    again = unit * (size // 2 + 1)
    forbid = again * (sum(times.values()) + size + 2)
    fewest = min(active[i].byes for i in free)
    may_sit = [active[i].byes == fewest for i in free]

    def edge(u: int, v: int) -> int:
        if u > v:
            u, v = v, u
        if v == bye_vertex:
            return bye_cost[u] + (0 if u in sits else moved) if may_sit[u] else forbid
        return (pair_cost(free[u], free[v]) + again * times.get((u, v), 0)
                + (0 if (u, v) in kept else moved))

    if terms is not None:
        cand = neighbours([(own[i], target[i]) for i in free], [(target[i], own[i]) for i in free],
                          NEIGHBOURS, rng, lambda u, v: v not in met[u])
    else:
        cand = [[v for v in rng.sample(range(m), min(m, NEIGHBOURS + 1)) if v != u and v not in met[u]]
                for u in range(m)]
    for u, v in kept:
        cand[u].append(v)
        cand[v].append(u)
    if bye_vertex >= 0:
        cand.append(sorted((u for u in range(m) if may_sit[u]), key=lambda u: bye_cost[u])[:4 * NEIGHBOURS])
        for u in range(m):
            if may_sit[u]:
                cand[u].append(bye_vertex)
    orders = ()
    if terms is not None:
        point = [(own[i], target[i]) for i in free] + [(terms.avg, terms.avg)] * (size - m)
        orders = [lambda u: point[u][0], lambda u: point[u][1],
                  lambda u: point[u][0] + point[u][1], lambda u: point[u][0] - point[u][1]]
    mate = fast_matching(size, cand, edge, again, orders, extra=bye_vertex)
    partner = dict(held)
    bye = None
    for u in range(m):
        if mate[u] == bye_vertex:
            bye = names[free[u]]
        else:
            partner[free[u]] = free[mate[u]]
    pairs, repeats, total = [], [], 0
    known = meetings(active)
    for i in range(len(active)):
        j = partner.get(i)
        if j is None:
            total += terms.bye(i) if terms is not None else 0
        elif i < j:
            pairs.append(first_mover(active[i], active[j], rng))
            total += pair_cost(i, j)
            if known.get(frozenset((names[i], names[j]))):
                repeats.append(pairs[-1])
    return Pairing(tuple(pairs), bye, tuple(repeats), False, total, None)


def look_ahead(adj, byes, matrix, mate, limit: int, rounds_left: int):
    """(mate, ahead): the cheapest pairing of cost at most ``limit`` after which the
    most of the rounds still to come (up to all of them) can be paired without
    repeats, and how many can; (the best pairing, None) when the search runs out
    of its budget (engine/club/lookahead.py)."""
    n, odd = len(adj), len(adj) % 2 == 1
    field = Field(adj, byes, odd)

    def pairs(m):
        return [(i, m[i]) for i in range(len(m)) if i < m[i]]

    def order(i, j):
        return (matrix[i][j] or 0), j
    try:
        if schedule(field, *after(adj, byes, odd, pairs(mate)), rounds_left - 1) is not None:
            return mate, rounds_left - 1
        h = rounds_left
        while h > 1 and schedule(field, adj, byes, h, order) is None:
            h -= 1
        if h <= 1:
            return mate, 0
        found = cheapest(matrix, limit, lambda m: schedule(
            field, *after(adj, byes, odd, pairs(m)), h - 1) is not None, field)
    except Exhausted:
        return mate, None
    return (found, h - 1) if found is not None else (mate, None)


def first_mover(a: Entrant, b: Entrant, rng) -> tuple[str, str]:
    """(first, second): the one who has moved first less often (relative to their
    games) moves first; then the one with fewer firsts; then the seed's coin."""
    def key(e: Entrant):
        return (2 * e.firsts - len(e.opponents), e.firsts)
    if key(a) != key(b):
        return (a.name, b.name) if key(a) < key(b) else (b.name, a.name)
    return (a.name, b.name) if rng.random() < 0.5 else (b.name, a.name)


def _check_field(active) -> None:
    if len(active) < 2:
        raise ValueError(f"a round needs at least 2 players to pair ({len(active)} playing)")
    names = [e.name for e in active]
    if len(set(names)) != len(names):
        raise ValueError("two players share a name")
