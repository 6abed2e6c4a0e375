"""A near-least-cost perfect matching for fields too large for the blossom
(engine/club/blossom.py is O(n^3) time and n^2 memory: 10,000 players would be
10**8 costs): the "fast" pairing method of engine/club/pairing.py.

Why it works for RULES.md 11's objective: with x the player's PPT and t the PPT
of the opponent that would bring their opponents' mean to the field's
(``PptTerms.target``), pairing i with j costs about (x_j - t_i)^2 + (x_i - t_j)^2,
the squared distance from j's point (x_j, t_j) to i's mirror point (t_i, x_i).
So each player's cheapest partners are the points nearest their mirror point,
found on a grid in O(k) each (``neighbours``). Then:

1. greedy: the candidate pairs cheapest first, each taken when both are free;
   the few left over paired among themselves the same way;
2. improvement: a pair (a, b) and a's candidate c with partner d become (a, c)
   and (b, d) whenever that lowers the cost (each vertex looked at again when a
   change touched it, until nothing improves or a step budget is spent);
3. repair: a pair still costing a repeat (or a forbidden bye) is swapped with
   whichever pair of the whole field removes it at least cost.

Repeats, moved posted pairs and byes are all in the edge costs the caller gives,
as in the exact method, so both methods weigh them the same way. Every step is
deterministic for a given seed (a crowded grid cell is sampled with it).
"""

from __future__ import annotations

import heapq
import math
from collections import deque

from .blossom import min_cost_perfect_matching

NEIGHBOURS = 10          # candidate partners a player: the nearest to their mirror point
CAP = 40                 # points looked at in one grid cell (equal points pile up in one)
LEFTOVER_ALL_PAIRS = 2000  # above this, the greedy's leftovers are paired in turn
STEPS_PER_VERTEX = 400   # improvement budget: candidate pairs looked at per vertex


def neighbours(points, mirrors, k: int, rng, usable=None) -> list[list[int]]:
    """For each mirror point, the indices of the (about) k points nearest it, the
    point's own index left out and ``usable(i, j)`` false ones skipped: a grid of
    about two points a cell, searched in rings until the k-th nearest is closer
    than any point of the next ring can be."""
    n = len(points)
    if n < 2:
        return [[] for _ in mirrors]
    xs = [p[0] for p in points]
    ts = [p[1] for p in points]
    x0, t0 = min(xs), min(ts)
    g = max(1, int(math.sqrt(n / 2)))
    hx = (max(xs) - x0) / g or 1.0
    ht = (max(ts) - t0) / g or 1.0
    h = min(hx, ht)
    cells: dict[tuple[int, int], list[int]] = {}
    for i, (x, t) in enumerate(points):
        cells.setdefault((min(g - 1, int((x - x0) / hx)), min(g - 1, int((t - t0) / ht))), []).append(i)
    out = []
    for i, (qx, qt) in enumerate(mirrors):
        cx = min(g - 1, max(0, int((qx - x0) // hx)))
        cy = min(g - 1, max(0, int((qt - t0) // ht)))
        found: list[tuple[float, int]] = []
        r = 0
        while r <= g:
            for dx in range(-r, r + 1):
                x = cx + dx
                if not 0 <= x < g:
                    continue
                step = 1 if abs(dx) == r else 2 * r
                for y in range(cy - r, cy + r + 1, step or 1):
                    members = cells.get((x, y), ())
                    if len(members) > CAP:          # a pile of equal points: a fair sample of it
                        members = rng.sample(members, CAP)
                    for j in members:
                        if j != i and (usable is None or usable(i, j)):
                            px, pt = points[j]
                            found.append(((px - qx) ** 2 + (pt - qt) ** 2, j))
            if len(found) >= k:
                near = heapq.nsmallest(k, found)
                if near[-1][0] <= (r * h) ** 2:
                    break
            r += 1
        out.append([j for _, j in heapq.nsmallest(k, found)])
    return out


def greedy(size: int, cand, edge) -> list[int]:
    """A perfect matching (``mate``, -1 for none yet) built cheapest candidate pair first."""
    edges = sorted((edge(u, v), u, v) for u in range(size) for v in cand[u])
    mate = [-1] * size
    for _, u, v in edges:
        if mate[u] < 0 and mate[v] < 0:
            mate[u], mate[v] = v, u
    left = [u for u in range(size) if mate[u] < 0]
    if len(left) <= LEFTOVER_ALL_PAIRS:
        edges = sorted((edge(u, v), u, v) for a, u in enumerate(left) for v in left[a + 1:])
        for _, u, v in edges:
            if mate[u] < 0 and mate[v] < 0:
                mate[u], mate[v] = v, u
    else:
        for u, v in zip(left[::2], left[1::2]):
            mate[u], mate[v] = v, u
    return mate


def improve(mate, cand, edge, todo=None) -> None:
    """Swap partners ((a, b), (c, d) into (a, c), (b, d)) while it lowers the cost."""
    size = len(mate)
    paid = [edge(u, mate[u]) for u in range(size)]
    queue = deque(range(size) if todo is None else todo)
    queued = [False] * size
    for u in queue:
        queued[u] = True
    budget = STEPS_PER_VERTEX * size
    while queue and budget > 0:
        a = queue.popleft()
        queued[a] = False
        b = mate[a]
        best, choice = 0, -1
        for c in cand[a]:
            d = mate[c]
            if c == b or d == a:
                continue
            budget -= 1
            gain = paid[a] + paid[c] - edge(a, c) - edge(b, d)
            if gain > best:
                best, choice = gain, c
        if choice >= 0:
            c, d = choice, mate[choice]
            mate[a], mate[c], mate[b], mate[d] = c, a, d, b
            paid[a] = paid[c] = edge(a, c)
            paid[b] = paid[d] = edge(b, d)
            for v in (a, b, c, d):
                if not queued[v]:
                    queued[v] = True
                    queue.append(v)


def repair(mate, edge, bad: int) -> list[int]:
    """Each pair costing at least ``bad`` (a repeat, a forbidden bye) swapped with
    the pair of the whole field that removes it at least cost; the vertices moved."""
    size = len(mate)
    moved = []
    for a in range(size):
        b = mate[a]
        if a > b or edge(a, b) < bad:
            continue
        old = edge(a, b)
        best, swap = None, None
        for c in range(size):
            d = mate[c]
            if c > d or c == a:
                continue
            here = old + edge(c, d)
            for x, y in ((c, d), (d, c)):
                e1, e2 = edge(a, x), edge(b, y)
                if e1 < bad and e2 < bad and e1 + e2 < here and (best is None or e1 + e2 - here < best):
                    best, swap = e1 + e2 - here, (x, y)
        if swap:
            x, y = swap
            mate[a], mate[x], mate[b], mate[y] = x, a, y, b
            moved += [a, b, x, y]
    return moved


def polish(mate, edge, orders, block: int, extra: int = -1) -> None:
    """Re-pair each run of ``block`` pairs, taken in each of ``orders`` (keys of a
    vertex), by the exact least-cost matching among their vertices (blossom.py): it
    can only lower the cost, and pairs near in the order are the ones worth mixing.
    ``extra`` (the bye vertex) joins every run, so any player may take its place."""
    size = len(mate)
    for key in orders:
        for start in (0, block // 2):
            pairs = sorted(((u, mate[u]) for u in range(size) if u < mate[u]),
                           key=lambda p: key(p[0]) + key(p[1]))
            for k in range(start, len(pairs), block):
                group = {v for p in pairs[k:k + block] for v in p}
                if extra >= 0:
                    group.add(extra)
                group = sorted(group | {mate[v] for v in group})    # whole pairs as they are now
                if len(group) < 4:
                    continue
                matrix = [[edge(u, v) if u != v else None for v in group] for u in group]
                for a, b in enumerate(min_cost_perfect_matching(matrix)):
                    mate[group[a]] = group[b]


def fast_matching(size: int, cand, edge, bad: int, orders=(), block: int = 16, extra: int = -1) -> list[int]:
    """``mate`` of a perfect matching of the vertices 0..size-1 (size even) of low
    total ``edge(u, v)`` (a whole number for any two vertices), searched over the
    candidate partners ``cand[u]``; pairs costing ``bad`` or more are avoided
    whenever a swap with another pair can."""
    mate = greedy(size, cand, edge)
    improve(mate, cand, edge)
    if orders:
        polish(mate, edge, orders, block, extra)
    moved = repair(mate, edge, bad)
    if moved:
        improve(mate, cand, edge, sorted(set(moved)))
    return mate
