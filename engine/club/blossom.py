"""Edmonds' blossom algorithm: a maximum-weight matching in a general graph, and
through it the minimum-cost perfect matching that pairs a tournament round.

Why not something simpler: a round's cost is a sum over pairs, and pairing is a
matching in a general graph (anyone may meet anyone), where odd cycles defeat
the bipartite methods; brute force is (n-1)!! pairings (64 players: 10**44).

The method is the primal-dual one (Edmonds; Gabow's O(n^3) form for dense
graphs): every vertex carries a dual, every odd set shrunk into a blossom a
blossom dual; a search grows alternating trees along tight edges (zero slack),
shrinks odd cycles into blossoms, augments between two trees, and when it is
stuck changes the duals by the largest step that keeps every slack >= 0. Each
augmentation costs O(n^2) a stage and there are at most n/2 of them.

Everything is kept in whole numbers: weights are integers, edge slack is
``dual[u] + dual[v] - 2 * weight``, so every step is exact (the slack between two
even vertices is always even).

A perfect matching (what pairing needs) is searched with free vertex duals: they
start at each vertex's best edge, so every vertex has a tight edge and a greedy
pass matches most of the field before the first search (a large saving in Python:
each search scans every row); the search stops only when everyone is matched or
no step is possible (no perfect matching). A maximum-weight matching keeps every
vertex dual >= 0 and stops when a free vertex's dual reaches 0.

Internally vertices are 1..n and blossoms n+1..2n; 0 means "none".
"""

from __future__ import annotations

_NO_EDGE = (0, 0, 0)


class NoPerfectMatching(ValueError):
    """The graph has no matching that covers every vertex."""


def min_cost_perfect_matching(cost) -> list[int]:
    """``cost``: an n x n matrix (n even), cost[i][j] an integer or None (no edge);
    only the upper triangle i < j is read. Returns ``mate`` (mate[i] = j) of a
    perfect matching of least total cost; raises NoPerfectMatching if none exists."""
    n = len(cost)
    edges = [(i, j, cost[i][j]) for i in range(n) for j in range(i + 1, n) if cost[i][j] is not None]
    if n % 2:
        raise NoPerfectMatching(f"{n} vertices cannot all be matched")
    if n == 0:
        return []
    high = max((c for _, _, c in edges), default=0)
    # Least cost is most weight; weights are positive (0 marks a missing edge) and
    # even, so the starting duals (each vertex's best weight) are all even: free
    # vertices then share a parity, and so does every vertex of their trees.
    mate = _Search(n, [(i, j, 2 * (high - c + 1)) for i, j, c in edges], perfect=True).run()
    if any(m is None for m in mate):
        raise NoPerfectMatching("no pairing covers every player")
    return mate


def max_weight_matching(n: int, edges) -> list[int | None]:
    """A matching of greatest total weight. ``edges``: (i, j, weight) with 0 <= i, j < n,
    i != j and weight a positive integer (the last of repeated pairs counts).
    Returns mate[i] = the vertex i is matched to, or None."""
    return _Search(n, edges).run()


class _Search:
    """The state of one matching computation, maximum-weight or perfect (see the module doc)."""

    def __init__(self, n: int, edges, perfect: bool = False):
        self.n = n
        self.perfect = perfect
        size = 2 * n + 1
        # edge[a][b]: the edge (u, v, 2 * weight) chosen between surface nodes a and
        # b, with u inside a and v inside b; 0 means no edge.
        self.edge = [[_NO_EDGE] * size for _ in range(size)]
        for i, j, w in edges:
            if isinstance(w, bool) or not isinstance(w, int) or w <= 0:
                raise ValueError("edge weights must be positive integers")
            if not (0 <= i < n and 0 <= j < n) or i == j:
                raise ValueError(f"no edge ({i}, {j}) in a graph of {n} vertices")
            self.edge[i + 1][j + 1] = (i + 1, j + 1, 2 * w)
            self.edge[j + 1][i + 1] = (j + 1, i + 1, 2 * w)
        if perfect:   # each vertex's best edge: feasible, and tight at every vertex
            self.dual = [0] + [max(e[2] for e in self.edge[v]) // 2 for v in range(1, n + 1)] + [0] * n
        else:
            self.dual = [0] + [max((w for _, _, w in edges), default=0)] * n + [0] * n
        self.mate = [0] * size        # surface node -> the vertex it is matched to
        self.surface = list(range(size))   # vertex or blossom -> outermost blossom
        self.parent = [0] * size      # odd node -> vertex of the even node above it
        self.label = [-1] * size      # -1 free, 0 even (outer), 1 odd (inner)
        self.best = [0] * size        # node -> even vertex with the least slack edge to it
        self.children = [[] for _ in range(size)]   # blossom -> cycle, base first
        # holder[b][x]: the child of blossom b that contains vertex x
        self.holder = [[0] * (n + 1) for _ in range(size)]
        for v in range(1, n + 1):
            self.holder[v][v] = v
        self.count = n                # highest node index in use
        self.mark = [0] * size
        self.stamp = 0
        self.queue: list[int] = []

    # ------------------------------------------------------------------ basics
    def slack(self, e) -> int:
        return self.dual[e[0]] + self.dual[e[1]] - e[2]

    def note_best(self, u: int, x: int) -> None:
        b = self.best[x]
        if not b or self.slack(self.edge[u][x]) < self.slack(self.edge[b][x]):
            self.best[x] = u

    def greedy(self) -> None:
        """Before any search: lower each free vertex's dual until an edge is tight
        (every slack stays >= 0 and even) and match it along one to a free vertex."""
        edge, dual, mate, n = self.edge, self.dual, self.mate, self.n
        for u in range(1, n + 1):
            if mate[u]:
                continue
            row = edge[u]
            slacks = [(dual[u] + dual[v] - row[v][2], v) for v in range(1, n + 1) if row[v][2]]
            if not slacks:
                continue
            low = min(s for s, _ in slacks)
            dual[u] -= low
            for s, v in slacks:
                if s == low and not mate[v]:
                    mate[u], mate[v] = v, u
                    break

    def reset_best(self, x: int) -> None:
        self.best[x] = 0
        edge, surface, label = self.edge, self.surface, self.label
        for u in range(1, self.n + 1):
            if edge[u][x][2] and surface[u] != x and label[surface[u]] == 0:
                self.note_best(u, x)

    def enqueue(self, x: int) -> None:
        if x <= self.n:
            self.queue.append(x)
        else:
            for child in self.children[x]:
                self.enqueue(child)

    def set_surface(self, x: int, b: int) -> None:
        self.surface[x] = b
        if x > self.n:
            for child in self.children[x]:
                self.set_surface(child, b)

    def even_position(self, b: int, child: int) -> int:
        """The index of ``child`` in b's cycle, reversing the cycle (base kept
        first) when needed so that the path from the base to it is even."""
        cycle = self.children[b]
        k = cycle.index(child)
        if k % 2:
            cycle[1:] = cycle[1:][::-1]
            return len(cycle) - k
        return k

    # ------------------------------------------------------------------ matching
    def match_through(self, u: int, v: int) -> None:
        """Match surface node u along its edge to v; inside a blossom, make the
        child holding that edge the new base and rematch the cycle around it."""
        e = self.edge[u][v]
        self.mate[u] = e[1]
        if u <= self.n:
            return
        inner = self.holder[u][e[0]]
        k = self.even_position(u, inner)
        cycle = self.children[u]
        for i in range(k):
            self.match_through(cycle[i], cycle[i ^ 1])
        self.match_through(inner, v)
        self.children[u] = cycle[k:] + cycle[:k]

    def augment(self, u: int, v: int) -> None:
        """Flip the alternating path from even node u up to its tree's root, u
        now matched to v."""
        surface, parent = self.surface, self.parent
        while True:
            up = surface[self.mate[u]]
            self.match_through(u, v)
            if not up:
                return
            self.match_through(up, surface[parent[up]])
            u, v = surface[parent[up]], up

    def common_ancestor(self, u: int, v: int) -> int:
        """The lowest even node the trees of u and v share (0: different trees)."""
        self.stamp += 1
        surface, mate, parent, mark = self.surface, self.mate, self.parent, self.mark
        while u or v:
            if u:
                if mark[u] == self.stamp:
                    return u
                mark[u] = self.stamp
                u = surface[mate[u]]
                if u:
                    u = surface[parent[u]]
            u, v = v, u
        return 0

    # ------------------------------------------------------------------ blossoms
    def _down_to(self, x: int, top: int) -> list[int]:
        """The cycle's nodes from ``x`` up to ``top`` (left out), each with its mate,
        the odd ones queued (they become even in the new blossom)."""
        surface, mate, parent = self.surface, self.mate, self.parent
        path = []
        while x != top:
            y = surface[mate[x]]
            path += [x, y]
            self.enqueue(y)
            x = surface[parent[y]]
        return path

    def shrink(self, u: int, top: int, v: int) -> None:
        """The odd cycle top .. u - v .. top becomes one even blossom."""
        n, surface, mate = self.n, self.surface, self.mate
        b = n + 1
        while b <= self.count and surface[b]:
            b += 1
        if b > self.count:
            self.count += 1
        self.dual[b], self.label[b], self.mate[b] = 0, 0, mate[top]
        cycle = [top] + self._down_to(u, top)[::-1] + self._down_to(v, top)
        self.children[b] = cycle
        self.set_surface(b, b)
        edge, row = self.edge, self.edge[b]
        for x in range(1, self.count + 1):
            row[x] = _NO_EDGE
            edge[x][b] = _NO_EDGE
        holder = self.holder[b]
        for x in range(1, n + 1):
            holder[x] = 0
        dual = self.dual
        for child in cycle:       # b's edge to each node: its children's least slack one
            crow = edge[child]
            for x in range(1, self.count + 1):
                c = crow[x]
                if c[2]:
                    r = row[x]
                    if not r[2] or dual[c[0]] + dual[c[1]] - c[2] < dual[r[0]] + dual[r[1]] - r[2]:
                        row[x] = c
                        edge[x][b] = edge[x][child]
            for x, h in enumerate(self.holder[child]):
                if h:
                    holder[x] = child
        self.reset_best(b)

    def expand(self, b: int) -> None:
        """An odd blossom whose dual reached 0 opens: the even path from where the
        tree enters it to its base stays in the tree, the rest is freed."""
        cycle = self.children[b]
        for child in cycle:
            self.set_surface(child, child)
        entry = self.holder[b][self.edge[b][self.parent[b]][0]]
        k = self.even_position(b, entry)
        cycle = self.children[b]
        for i in range(0, k, 2):
            odd, even = cycle[i], cycle[i + 1]
            self.parent[odd] = self.edge[even][odd][0]
            self.label[odd], self.label[even] = 1, 0
            self.best[odd] = 0
            self.reset_best(even)
            self.enqueue(even)
        self.label[entry], self.parent[entry] = 1, self.parent[b]
        for child in cycle[k + 1:]:
            self.label[child] = -1
            self.reset_best(child)
        self.surface[b] = 0

    def found(self, e) -> bool:
        """A tight edge from an even node: grow, shrink, or augment (True)."""
        u, v = self.surface[e[0]], self.surface[e[1]]
        if self.label[v] == -1:
            self.parent[v] = e[0]
            self.label[v] = 1
            w = self.surface[self.mate[v]]
            self.best[v] = self.best[w] = 0
            self.label[w] = 0
            self.enqueue(w)
        elif self.label[v] == 0:
            top = self.common_ancestor(u, v)
            if not top:
                self.augment(u, v)
                self.augment(v, u)
                return True
            self.shrink(u, top, v)
        return False

    # ------------------------------------------------------------------ stages
    def stage(self) -> bool:
        """One search from every free node; True when it augmented."""
        n, surface, label = self.n, self.surface, self.label
        for x in range(1, self.count + 1):
            label[x], self.best[x] = -1, 0
        self.queue = []
        for x in range(1, self.count + 1):
            if surface[x] == x and not self.mate[x]:
                self.parent[x], label[x] = 0, 0
                self.enqueue(x)
        if not self.queue:
            return False
        dual, edge, best = self.dual, self.edge, self.best
        while True:
            while self.queue:
                u = self.queue.pop()
                if label[surface[u]] == 1:
                    continue
                row, du, su = edge[u], dual[u], surface[u]
                for v in range(1, n + 1):
                    e = row[v]
                    if not e[2]:
                        continue
                    x = surface[v]
                    if x == su:
                        continue
                    slack = du + dual[v] - e[2]
                    if slack == 0:
                        if self.found(e):
                            return True
                        su = surface[u]          # a shrink may have taken u in
                    else:                        # note_best, inlined: the hot spot
                        b = best[x]
                        if b:
                            other = edge[b][x]
                            if slack >= dual[other[0]] + dual[other[1]] - other[2]:
                                continue
                        best[x] = u
            step = self.dual_step()
            if step is None:
                return False
            self.queue = []
            for x in range(1, self.count + 1):
                b = best[x]
                if b and surface[x] == x and surface[b] != x:
                    e = edge[b][x]
                    if dual[e[0]] + dual[e[1]] == e[2] and self.found(e):
                        return True
            for b in range(n + 1, self.count + 1):
                if surface[b] == b and label[b] == 1 and dual[b] == 0:
                    self.expand(b)

    def dual_step(self):
        """Change the duals by the largest step that keeps every slack >= 0 (and,
        for a maximum-weight matching, every vertex dual); None when the search ends."""
        n, surface, label, dual, best, edge = self.n, self.surface, self.label, self.dual, self.best, self.edge
        step = None
        for b in range(n + 1, self.count + 1):
            if surface[b] == b and label[b] == 1:
                step = dual[b] // 2 if step is None else min(step, dual[b] // 2)
        for x in range(1, self.count + 1):
            if best[x] and surface[x] == x and label[x] != 1:
                e = edge[best[x]][x]
                s = dual[e[0]] + dual[e[1]] - e[2]
                if label[x] == 0:
                    assert s % 2 == 0, "the slack between even nodes is even"
                    s //= 2
                step = s if step is None else min(step, s)
        if step is None:
            return None        # no step possible: no augmenting path remains
        if not self.perfect and min(dual[u] for u in range(1, n + 1) if label[surface[u]] == 0) <= step:
            return None        # a free vertex's dual reaches 0: the matching is optimal
        for u in range(1, n + 1):
            side = label[surface[u]]
            if side == 0:
                dual[u] -= step
            elif side == 1:
                dual[u] += step
        for b in range(n + 1, self.count + 1):
            if surface[b] == b:
                if label[b] == 0:
                    dual[b] += 2 * step
                elif label[b] == 1:
                    dual[b] -= 2 * step
        return step

    def run(self) -> list[int | None]:
        if self.perfect:
            self.greedy()
        while self.stage():
            pass
        return [self.mate[v] - 1 if self.mate[v] else None for v in range(1, self.n + 1)]
