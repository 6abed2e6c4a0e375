"""Pairing (RULES.md 11; engine/club/pairing.py): the PPT objective is met exactly
(brute force over every pairing of random fields of 4 to 10 with histories),
repeats only when unavoidable, byes, round 1 by the seed, first moves, round robin."""

from __future__ import annotations

import random
import time

import pytest

from engine.club.pairing import (Entrant, best_pairing, field_ppt, pair_by_ppt, pair_round_robin,
                                 ppt_costs, round_robin)


def objective(everyone, active, pairs, bye) -> float:
    """RULES.md 11 written out again, independently of the module: the sum over the
    active players of (mean of their opponents' current PPTs, this round's
    included, less the field's PPT) squared."""
    points = sum(e.points for e in everyone)
    turns = sum(e.turns for e in everyone)
    avg = points / turns
    current = {e.name: e.points / e.turns if e.turns else avg for e in everyone}
    partner = {}
    for a, b in pairs:
        partner[a], partner[b] = b, a
    total = 0.0
    for e in active:
        opps = list(e.opponents) + ([partner[e.name]] if e.name in partner else [])
        if opps:
            total += (sum(current[o] for o in opps) / len(opps) - avg) ** 2
    return total


def all_pairings(names, byes_ok):
    """Every (pairs, bye) of the names; for an odd field the bye from byes_ok."""
    if len(names) % 2:
        for sit in byes_ok:
            rest = [n for n in names if n != sit]
            for pairs in all_pairings(rest, ()):
                yield pairs[0], sit
        return
    if not names:
        yield [], None
        return
    first, rest = names[0], names[1:]
    for k, other in enumerate(rest):
        for pairs, _ in all_pairings(rest[:k] + rest[k + 1:], ()):
            yield [(first, other)] + pairs, None


def repeats_of(active, pairs) -> int:
    opponents = {e.name: e.opponents for e in active}
    return sum(max(opponents[a].count(b), opponents[b].count(a)) for a, b in pairs)


def random_field(rng, n: int, rounds: int, withdrawn: int = 0):
    """Players after ``rounds`` random rounds (repeats allowed, so some fields need
    them), with random points and turns; the first ``withdrawn`` have left."""
    names = [f"P{i}" for i in range(n + withdrawn)]
    acc = {x: {"points": 0, "turns": 0, "opponents": [], "byes": 0, "firsts": 0} for x in names}
    for _ in range(rounds):
        order = names[:]
        rng.shuffle(order)
        if len(order) % 2:
            acc[order.pop()]["byes"] += 1
        for i in range(0, len(order), 2):
            a, b = order[i], order[i + 1]
            for me, you in ((a, b), (b, a)):
                turns = rng.randint(8, 16)
                acc[me]["turns"] += turns
                acc[me]["points"] += turns * rng.randint(12, 45)
                acc[me]["opponents"].append(you)
            acc[a]["firsts"] += 1
    everyone = [Entrant(x, a["points"], a["turns"], tuple(a["opponents"]), a["byes"], a["firsts"])
                for x, a in acc.items()]
    return everyone[withdrawn:], everyone


@pytest.mark.parametrize("n", range(4, 11))
def test_ppt_pairing_is_optimal_against_brute_force(n):
    rng = random.Random(n)
    for trial in range(12):
        rounds = 1 + trial % 4 + (n < 6) * 2      # small fields: often no repeat-free pairing
        active, everyone = random_field(rng, n, rounds, withdrawn=trial % 3 == 2)
        got = pair_by_ppt(active, f"s{trial}", everyone)
        names = [e.name for e in active]
        fewest = min(e.byes for e in active)
        byes_ok = [e.name for e in active if e.byes == fewest]
        best = min((repeats_of(active, pairs), objective(everyone, active, pairs, bye))
                   for pairs, bye in all_pairings(names, byes_ok))
        mine = (repeats_of(active, got.pairs), objective(everyone, active, got.pairs, got.bye))
        assert mine[0] == best[0]
        assert mine[1] == pytest.approx(best[1], abs=1e-5)
        assert sorted([x for p in got.pairs for x in p] + ([got.bye] if got.bye else [])) == sorted(names)
        assert (got.bye in byes_ok) if n % 2 else got.bye is None
        assert len(got.repeats) == sum(1 for a, b in got.pairs if repeats_of(active, [(a, b)]))
        assert not got.drawn


def test_the_seeds_example_you_meet_a_player_near_32():
    # Field 28.0; your first opponent averaged 24.0, so you meet the 32.0 player.
    def e(name, ppt, opp):
        return Entrant(name, ppt * 10, 10, (opp,), 0, 0)
    field = [e("You", 30, "B"), e("B", 24, "You"), e("C", 32, "D"), e("D", 26, "C")]
    assert field_ppt(field) == 28.0
    got = pair_by_ppt(field, 1)
    partner = {a: b for p in got.pairs for a, b in (p, p[::-1])}
    assert partner["You"] == "C" and got.cost == 0     # everyone's opponents now average 28.0
    other = objective(field, field, [("You", "D"), ("B", "C")], None)
    assert other == 36.0                                 # the other pairing: 4 x 3.0 squared


def test_the_opponents_current_ppt_counts_not_the_one_when_they_met():
    # Your first opponent has since shown himself stronger: his PPT now is what counts.
    cost_then, _ = ppt_costs([Entrant("You", 300, 10, ("X",)), Entrant("Y", 300, 10, ("Z",))],
                             [Entrant("You", 300, 10, ("X",)), Entrant("Y", 300, 10, ("Z",)),
                              Entrant("X", 240, 10, ("You",)), Entrant("Z", 320, 10, ("Y",))])
    cost_now, _ = ppt_costs([Entrant("You", 300, 10, ("X",)), Entrant("Y", 300, 10, ("Z",))],
                            [Entrant("You", 300, 10, ("X",)), Entrant("Y", 300, 10, ("Z",)),
                             Entrant("X", 290, 10, ("You",)), Entrant("Z", 320, 10, ("Y",))])
    assert cost_then[0][1] != cost_now[0][1]


def test_repeats_only_when_no_pairing_without_them_exists():
    # Four players who have all met: someone must meet again, and it is said.
    names = "ABCD"
    met = {x: tuple(y for y in names if y != x) for x in names}
    field = [Entrant(x, 100 + 10 * i, 10, met[x]) for i, x in enumerate(names)]
    got = pair_by_ppt(field, 1)
    assert len(got.repeats) == 2 and set(got.repeats) == set(got.pairs)
    # With one pair still unmet, the pairing takes it whatever PPT says.
    field = [Entrant("A", 100, 10, ("B",)), Entrant("B", 100, 10, ("A",)),
             Entrant("C", 900, 10, ()), Entrant("D", 100, 10, ())]
    got = pair_by_ppt(field, 1)
    assert {frozenset(p) for p in got.pairs} == {frozenset("AC"), frozenset("BD")} or \
        {frozenset(p) for p in got.pairs} == {frozenset("AD"), frozenset("BC")}
    assert got.repeats == ()


def test_the_bye_never_goes_twice_while_others_have_had_none():
    field = [Entrant("A", 500, 10, ("B",), byes=1), Entrant("B", 100, 10, ("A",)),
             Entrant("C", 300, 10, ("D",)), Entrant("D", 300, 10, ("C",)), Entrant("E", 0, 0, (), byes=0)]
    for seed in range(10):
        got = pair_by_ppt(field, seed)
        assert got.bye in {"B", "C", "D", "E"}
    everyone_had_one = [Entrant(x.name, x.points, x.turns, x.opponents, 1) for x in field]
    assert pair_by_ppt(everyone_had_one, 3).bye is not None


def test_round_one_is_drawn_by_the_seed():
    field = [Entrant(x) for x in "ABCDEFG"]
    one, again, other = pair_by_ppt(field, "club"), pair_by_ppt(field, "club"), pair_by_ppt(field, "other")
    assert one == again and one.drawn and one.bye is not None
    assert (one.pairs, one.bye) != (other.pairs, other.bye)
    draws = {(pair_by_ppt(field, s).bye) for s in range(40)}
    assert len(draws) >= 5                       # the seed, not the order, chooses


def test_games_without_turns_still_draw_by_the_seed_and_avoid_repeats():
    # Every game so far ended with no turn counted: no PPT, but histories to respect.
    field = [Entrant("A", 0, 0, ("B",)), Entrant("B", 0, 0, ("A",)), Entrant("C", 0, 0, ("D",)),
             Entrant("D", 0, 0, ("C",))]
    got = pair_by_ppt(field, "s")
    assert got.drawn and got.repeats == ()
    assert {frozenset(p) for p in got.pairs} in ({frozenset("AC"), frozenset("BD")},
                                                 {frozenset("AD"), frozenset("BC")})


def test_who_moves_first_is_balanced():
    # A has moved first twice in two games, B never: B moves first.
    a, b = Entrant("A", 100, 10, ("C", "D"), firsts=2), Entrant("B", 100, 10, ("E", "F"), firsts=0)
    got = best_pairing([a, b], [[0, 0], [0, 0]], [0, 0], random.Random(1))
    assert got.pairs == (("B", "A"),)
    # Over a whole even round robin, firsts and seconds stay within one of each other.
    names = [f"P{i}" for i in range(8)]
    totals = {x: Entrant(x) for x in names}
    for r in range(7):
        got = pair_round_robin([totals[x] for x in names], r, "rr")
        for first, second in got.pairs:
            f, s = totals[first], totals[second]
            assert 2 * f.firsts - len(f.opponents) <= 2 * s.firsts - len(s.opponents)
            totals[first] = Entrant(first, 0, 0, f.opponents + (second,), 0, f.firsts + 1)
            totals[second] = Entrant(second, 0, 0, s.opponents + (first,), 0, s.firsts)
    assert all(abs(2 * e.firsts - 7) <= 1 for e in totals.values())


@pytest.mark.parametrize("n", range(2, 13))
def test_round_robin_schedule_meets_everyone_once(n):
    names = [f"P{i}" for i in range(n)]
    rounds = round_robin(names)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    met = [frozenset(p) for rd in rounds for p in rd if p[1] is not None]
    assert sorted(map(sorted, met)) == sorted(sorted((a, b)) for i, a in enumerate(names) for b in names[i + 1:])
    for rd in rounds:
        assert sorted(x for p in rd for x in p if x is not None) == sorted(names)
    byes = [p[0] for rd in rounds for p in rd if p[1] is None]
    assert sorted(byes) == (sorted(names) if n % 2 else [])


@pytest.mark.parametrize("n", [5, 6])
def test_round_robin_pairing_follows_the_schedule_and_adapts_to_a_withdrawal(n):
    names = [f"P{i}" for i in range(n)]
    schedule = round_robin(names)
    totals = {x: Entrant(x) for x in names}
    for r, scheduled in enumerate(schedule):
        got = pair_round_robin([totals[x] for x in names], r, "rr")
        assert {frozenset(p) for p in got.pairs} == {frozenset(p) for p in scheduled if p[1] is not None}
        assert got.bye == next((p[0] for p in scheduled if p[1] is None), None)
        for a, b in got.pairs:
            totals[a] = Entrant(a, 0, 0, totals[a].opponents + (b,))
            totals[b] = Entrant(b, 0, 0, totals[b].opponents + (a,))
    # Mid-way, one player withdraws: the rest still avoid repeats.
    totals = {x: Entrant(x) for x in names}
    for r in range(n - 2):
        playing = names if r < 2 else names[1:]
        got = pair_round_robin([totals[x] for x in playing], r, "rr")
        assert got.repeats == ()
        for a, b in got.pairs:
            totals[a] = Entrant(a, 0, 0, totals[a].opponents + (b,))
            totals[b] = Entrant(b, 0, 0, totals[b].opponents + (a,))


def test_sixty_four_players_pair_in_well_under_a_second():
    active, everyone = random_field(random.Random(64), 64, 6)
    t0 = time.perf_counter()
    got = pair_by_ppt(active, 1, everyone)
    elapsed = time.perf_counter() - t0
    assert len(got.pairs) == 32 and got.repeats == ()
    assert elapsed < 1.0         # ~0.05 s natively


def test_a_field_of_one_is_refused():
    with pytest.raises(ValueError, match="at least 2 players"):
        pair_by_ppt([Entrant("A")], 1)
    with pytest.raises(ValueError, match="share a name"):
        pair_by_ppt([Entrant("A"), Entrant("A")], 1)
