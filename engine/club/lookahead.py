"""Pairing with the rounds still to come in view (RULES.md 11; seed 002 rule 15.1:
"the matchup algorithm will never have you face the same opponent twice").

Why: pairing one round at a time, each the best by PPT, can leave the last rounds
no pairing without repeats (the pairs not yet met form, say, a triangle and a
triangle: no perfect matching). So a round is chosen among the pairings after
which the rounds still to come can all be paired without repeats, the cheapest
of those by the PPT objective.

The graph: players are vertices, an edge joins two who have not met; in an odd
field one more vertex, the bye, joins the players who may sit out (those with the
fewest byes: RULES.md 11). Rounds still to come without repeats are perfect
matchings of that graph with no edge in common (the bye's edges follow the
players' bye counts from round to round). ``schedule`` searches for them depth
first: the vertex with the fewest choices first, each failed graph remembered,
and a player who cannot find enough new opponents for the rounds left cuts the
branch at once. ``cheapest`` walks the round's pairings in order of cost (Murty's
partition of the matching space, each part solved by the blossom of
engine/club/blossom.py) and takes the first whose rest has a schedule.

Both searches count their steps against a fixed budget (never a clock, so the
page and the command line always agree). A search that runs out says "unknown"
and the round falls back to the plain best pairing; the budget is far above
what the benchmark's fields need (bench/pairing.py).
"""

from __future__ import annotations

import heapq

from .blossom import NoPerfectMatching, min_cost_perfect_matching

STEPS = 3_000_000               # vertices looked at by the searches for one round (about 1 s in CPython)
SOLVES = 600                    # blossom solves for the pairings tried in cost order


class Exhausted(Exception):
    """The search used its whole budget without an answer."""


class Field:
    """The unmet pairs of the active players (bitmasks) and their bye counts.

    ``adj[i]``: bit j set when players i and j may still meet. ``byes``: each
    player's byes so far. ``odd``: the field sits one player out each round; the
    bye is vertex ``n`` in the matchings found here."""

    def __init__(self, adj, byes, odd: bool):
        self.adj, self.byes, self.odd = list(adj), list(byes), odd
        self.n = len(self.adj)
        self.steps = 0
        self.failed: set = set()

    def tick(self, k: int = 1) -> None:
        self.steps += k
        if self.steps > STEPS:
            raise Exhausted


def eligible(byes) -> int:
    """The bitmask of the players who may take the bye: those with the fewest."""
    low = min(byes)
    mask = 0
    for i, b in enumerate(byes):
        if b == low:
            mask |= 1 << i
    return mask


def _round_graph(adj, byes, odd):
    """This round's adjacency, the bye vertex (index n) joined when the field is odd."""
    if not odd:
        return list(adj)
    may = eligible(byes)
    n = len(adj)
    out = [a | ((1 << n) if may >> i & 1 else 0) for i, a in enumerate(adj)]
    out.append(may)
    return out


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def matchings(graph, free: int, field: Field, order=None):
    """Every perfect matching of ``graph`` over the vertices in ``free`` (a list of
    pairs each), the most constrained vertex first; ``order(i)``: the order in
    which i's partners are tried (cheapest first), else by number."""
    if not free:
        yield []
        return
    pick, choices, fewest, looked = -1, 0, 1 << 30, 0
    for i in _bits(free):
        looked += 1
        opts = graph[i] & free
        c = opts.bit_count()
        if c < fewest:
            pick, choices, fewest = i, opts, c
            if c <= 1:
                break
    field.tick(looked)
    if not fewest:
        return
    rest = free & ~(1 << pick)
    partners = list(_bits(choices))
    if order is not None:
        partners.sort(key=lambda j: order(pick, j))
    for j in partners:
        for more in matchings(graph, rest & ~(1 << j), field, order):
            yield [(pick, j)] + more


def _max_byes(byes, p: int, k: int) -> int:
    """At most how many byes player p can take in the next k rounds: before p's
    x-th, every other player needs as many byes as p had before it (RULES.md 11),
    each in a round of its own."""
    x = 0
    while x < k:
        need = x + 1 + sum(max(0, byes[p] + x - b) for i, b in enumerate(byes) if i != p)
        if need > k:
            break
        x += 1
    return x


def after(adj, byes, odd, matching):
    """The unmet pairs and bye counts once ``matching`` (one round) is played."""
    adj, byes = list(adj), list(byes)
    n = len(adj)
    for a, b in matching:
        if a == n or b == n:
            byes[a if b == n else b] += 1
        else:
            adj[a] &= ~(1 << b)
            adj[b] &= ~(1 << a)
    return adj, byes


def schedule(field: Field, adj, byes, k: int, order=None):
    """k rounds with no repeat from here (a list of matchings), or None when there
    are none; raises Exhausted when the budget runs out first."""
    if k <= 0:
        return []
    key = (tuple(adj), tuple(byes), k)
    if key in field.failed:
        return None
    field.tick(len(adj))
    for p, a in enumerate(adj):
        if a.bit_count() + (_max_byes(byes, p, k) if field.odd else 0) < k:
            field.failed.add(key)
            return None
    graph = _round_graph(adj, byes, field.odd)
    for m in matchings(graph, (1 << len(graph)) - 1, field, order):
        nadj, nbyes = after(adj, byes, field.odd, m)
        rest = schedule(field, nadj, nbyes, k - 1)
        if rest is not None:
            return [m] + rest
    field.failed.add(key)
    return None


def cheapest(matrix, limit: int, accept, field: Field | None = None) -> list[int] | None:
    """The least-cost perfect matching of ``matrix`` (blossom.py's form) whose cost
    is at most ``limit`` and which ``accept(mate)`` takes, or None when none is
    (Murty: pop the cheapest pairing left; if refused, split the rest of its part
    into parts that each exclude one of its pairs and keep the ones before it).
    Raises Exhausted after SOLVES blossom solves, or when a solve (charged as
    looking at 5 x size^2 vertices, about its time) exhausts ``field``'s budget."""
    size = len(matrix)
    solves = [0]

    def solve(inside, outside):
        solves[0] += 1
        if solves[0] > SOLVES:
            raise Exhausted
        if field is not None:
            field.tick(5 * size * size)
        m = [row[:] for row in matrix]
        for i, j in outside:
            m[i][j] = m[j][i] = None
        for i, j in inside:
            for x in range(size):
                if x != j:
                    m[i][x] = m[x][i] = None
                if x != i:
                    m[j][x] = m[x][j] = None
        try:
            mate = min_cost_perfect_matching(m)
        except NoPerfectMatching:
            return None
        return sum(matrix[i][mate[i]] for i in range(size) if i < mate[i]), mate

    first = solve((), ())
    if first is None:
        return None
    heap = [(first[0], 0, first[1], (), ())]
    count = 1
    while heap:
        cost, _, mate, inside, outside = heapq.heappop(heap)
        if cost > limit:
            return None
        if accept(mate):
            return mate
        fixed = set(inside)
        free = [(i, mate[i]) for i in range(size) if i < mate[i] and (i, mate[i]) not in fixed]
        for k, edge in enumerate(free):
            part = solve(tuple(inside) + tuple(free[:k]), tuple(outside) + (edge,))
            if part is not None and part[0] <= limit:
                heapq.heappush(heap, (part[0], count, part[1], tuple(inside) + tuple(free[:k]),
                                      tuple(outside) + (edge,)))
                count += 1
    return None
