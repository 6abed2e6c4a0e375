"""Pairing with the planned rounds in view (RULES.md 11; engine/club/lookahead.py):
the round chosen is the cheapest by PPT among the pairings after which the rounds
still to come can all be paired without repeats, checked against brute force on
small fields (byes included); simulated tournaments never repeat; a search that
runs out of budget falls back to the plain best pairing."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from engine.club import director, lookahead
from engine.club.pairing import Entrant, pair_by_ppt
from test_club_pairing import all_pairings, objective


def legal(field, byes, met):
    """Every round (pairs, bye) with no repeat, the bye for one of the fewest byes."""
    names = sorted(field)
    fewest = min(byes[n] for n in names)
    ok = [n for n in names if byes[n] == fewest]
    for pairs, bye in all_pairings(names, ok):
        if not any(frozenset(p) in met for p in pairs):
            yield pairs, bye


def completes(field, byes, met, k) -> bool:
    """Can k more rounds be paired without repeats? (brute force)"""
    @lru_cache(maxsize=None)
    def go(met_key, byes_key, k):
        if k == 0:
            return True
        byes_now = dict(byes_key)
        for pairs, bye in legal(field, byes_now, met_key):
            more = dict(byes_now)
            if bye:
                more[bye] += 1
            if go(met_key | frozenset(frozenset(p) for p in pairs), tuple(sorted(more.items())), k - 1):
                return True
        return False
    return go(frozenset(met), tuple(sorted(byes.items())), k)


def random_history(rng, n: int, rounds: int, late: int = 0):
    """Players after ``rounds`` random repeat-free rounds, with PPT figures; the
    last ``late`` players join for the last round only (so byes are uneven)."""
    names = [f"P{i}" for i in range(n)]
    acc = {x: {"points": 0, "turns": 0, "opponents": [], "byes": 0} for x in names}
    met: set = set()
    for r in range(rounds):
        field = names[:n - late] if r < rounds - 1 else names
        options = list(legal(field, {x: acc[x]["byes"] for x in field}, met))
        if not options:
            break
        pairs, bye = rng.choice(options)
        if bye:
            acc[bye]["byes"] += 1
        for a, b in pairs:
            met.add(frozenset((a, b)))
            for me, you in ((a, b), (b, a)):
                turns = rng.randint(8, 16)
                acc[me]["turns"] += turns
                acc[me]["points"] += turns * rng.randint(12, 45)
                acc[me]["opponents"].append(you)
    return [Entrant(x, a["points"], a["turns"], tuple(a["opponents"]), a["byes"]) for x, a in acc.items()], met


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_the_round_is_the_cheapest_that_leaves_the_rest_repeat_free(n):
    rng = random.Random(100 + n)
    forced = 0                       # trials where the cheapest round alone would have cut the future short
    for trial in range(30):
        played = rng.randint(1, n - 3)
        everyone, met = random_history(rng, n, played, late=trial % 4 == 3)
        most = (n - 1 if n % 2 == 0 else n) - played
        left = rng.randint(2, max(2, most))
        got = pair_by_ppt(everyone, f"s{trial}", everyone, rounds_left=left)
        byes = {e.name: e.byes for e in everyone}
        rounds = list(legal([e.name for e in everyone], byes, met))
        if not rounds:
            assert got.repeats
            continue

        def after(pairs, bye):
            more = dict(byes)
            if bye:
                more[bye] += 1
            return more, met | {frozenset(p) for p in pairs}
        ahead = max(h for h in range(left) if any(completes([e.name for e in everyone], *after(p, b), h)
                                                  for p, b in rounds))
        best = min(objective(everyone, everyone, p, b) for p, b in rounds
                   if completes([e.name for e in everyone], *after(p, b), ahead))
        assert got.repeats == () and got.ahead == ahead
        assert completes([e.name for e in everyone], *after(got.pairs, got.bye), ahead)
        assert objective(everyone, everyone, got.pairs, got.bye) == pytest.approx(best, abs=1e-5)
        forced += best > min(objective(everyone, everyone, p, b) for p, b in rounds) + 1e-9
    assert forced


def simulate(n: int, rounds: int, seed: int) -> int:
    """A tournament with typed results drawn from each player's strength: how many
    games were repeats."""
    rng = random.Random(f"sim:{n}:{rounds}:{seed}")
    names = [f"P{i}" for i in range(n)]
    skill = {x: rng.uniform(18, 40) for x in names}
    t = director.new_tournament("Sim", "classic", names, rounds, seed=seed)
    again = 0
    for r in range(1, rounds + 1):
        t = director.pair_next_round(t)
        again += len(director.repeats(t, r))
        for g in t.paired[-1].games:
            a, b = g.players
            ta, tb = rng.randint(10, 14), rng.randint(10, 14)
            t = director.add_typed(t, r, a, b, [round(ta * rng.gauss(skill[a], 6)),
                                                round(tb * rng.gauss(skill[b], 6))], [ta, tb])
    return again


@pytest.mark.parametrize("n, rounds", [(6, 4), (7, 5), (8, 6), (6, 5)])
def test_simulated_tournaments_never_repeat(n, rounds):
    assert [simulate(n, rounds, seed) for seed in range(12)] == [0] * 12


def test_a_search_out_of_budget_falls_back_to_the_plain_best(monkeypatch):
    rng = random.Random(7)
    everyone, _ = random_history(rng, 10, 3)
    plain = pair_by_ppt(everyone, "b", everyone)
    monkeypatch.setattr(lookahead, "STEPS", 3)
    got = pair_by_ppt(everyone, "b", everyone, rounds_left=6)
    assert (got.pairs, got.bye, got.ahead) == (plain.pairs, plain.bye, None)


def test_the_bound_on_byes_follows_the_fewest_byes_rule():
    # P0 has had none, the others one: P0 may sit out now and, everyone then even, again.
    assert lookahead._max_byes([0, 1, 1, 1, 1], 0, 2) == 2
    # Everyone even: a second bye waits for the four others.
    assert lookahead._max_byes([0, 0, 0, 0, 0], 0, 5) == 1
    assert lookahead._max_byes([0, 0, 0, 0, 0], 0, 6) == 2
    # Ahead of the others: no bye until they catch up.
    assert lookahead._max_byes([1, 0, 0, 1, 1], 0, 2) == 0


def test_games_played_this_round_stay_and_their_players_count_in_the_rounds_to_come():
    """A re-pair around played games: those pairs stay as they are, their players
    take no bye now, and the rounds to come are planned with them in the field."""
    def e(name, opponents, byes=0):
        return Entrant(name, 300 * len(opponents), 10 * len(opponents), tuple(opponents), byes)
    field = [e("A", "B"), e("B", "A"), e("C", "D"), e("D", "C")]
    got = pair_by_ppt(field, "s", field, rounds_left=2, fixed=[("A", "C")])
    assert {frozenset(p) for p in got.pairs} == {frozenset("AC"), frozenset("BD")}
    assert got.ahead == 1                       # round 3: A v D and B v C, with A and C in it
    odd = field + [e("E", "", byes=0)]
    odd[0] = e("A", "B", byes=0)
    others = [Entrant(x.name, x.points, x.turns, x.opponents, 1) for x in odd[1:4]] + [odd[4]]
    got = pair_by_ppt([odd[0]] + others, "s", [odd[0]] + others, rounds_left=1, fixed=[("A", "E")])
    assert frozenset("AE") in {frozenset(p) for p in got.pairs} and got.bye in ("B", "C", "D")
