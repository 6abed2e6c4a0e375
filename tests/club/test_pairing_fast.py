"""The fast pairing method (engine/club/fastpair.py, ``method="fast"``): complete,
no repeats when the field allows, byes among the fewest, near the exact cost;
the ``pair`` command's "method" option and its errors."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.club.pairing import EXACT_UP_TO, Entrant, pair_by_ppt
from engine.club.standings import GameResult, entrants

ROOT = Path(__file__).resolve().parents[2]


def history(n: int, rounds: int, seed: int, byes: bool = True):
    """(active, everyone) after ``rounds`` rounds of random pairs without repeats,
    each player's PPT drawn from a strength of 18 to 40."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(n)]
    skill = {x: rng.uniform(18, 40) for x in names}
    games, sat, met = [], [], set()
    for _ in range(rounds):
        while True:
            order = names[:]
            rng.shuffle(order)
            bye = order.pop() if len(order) % 2 else None
            pairs = [frozenset(order[i:i + 2]) for i in range(0, len(order), 2)]
            if not met.intersection(pairs) and (bye is None or bye not in sat):
                break
        met.update(pairs)
        if bye and byes:
            sat.append(bye)
        for a, b in (tuple(p) for p in pairs):
            turns = (rng.randint(10, 14), rng.randint(10, 14))
            points = tuple(round(t * rng.gauss(skill[x], 6)) for t, x in zip(turns, (a, b)))
            games.append(GameResult((a, b), points, turns, points))
    totals = entrants(games, sat, names)
    return [totals[x] for x in names], list(totals.values())


def check_complete(active, found) -> None:
    seen = [x for p in found.pairs for x in p] + ([found.bye] if found.bye else [])
    assert sorted(seen) == sorted(e.name for e in active)
    assert (found.bye is not None) == (len(active) % 2 == 1)
    if found.bye:
        fewest = min(e.byes for e in active)
        assert next(e for e in active if e.name == found.bye).byes == fewest


@pytest.mark.parametrize("n", [2, 3, 9, 40, 129, 301])
def test_fast_pairs_everyone_once_without_repeats(n):
    active, everyone = history(n, 3 if n > 8 else 1 if n > 2 else 0, seed=n)
    found = pair_by_ppt(active, "s", everyone, method="fast")
    check_complete(active, found)
    met = {frozenset((e.name, o)) for e in active for o in e.opponents}
    assert found.repeats == () and not met.intersection(frozenset(p) for p in found.pairs)


@pytest.mark.parametrize("n, seed", [(128, 1), (129, 2), (256, 3)])
def test_fast_cost_is_within_five_per_cent_of_exact(n, seed):
    active, everyone = history(n, 3, seed)
    exact = pair_by_ppt(active, "s", everyone, method="exact")
    fast = pair_by_ppt(active, "s", everyone, method="fast")
    check_complete(active, fast)
    assert exact.cost <= fast.cost <= 1.05 * exact.cost


def test_small_fields_come_out_exact():
    for seed in range(5):
        active, everyone = history(12, 2, seed)
        exact = pair_by_ppt(active, "s", everyone, method="exact")
        assert pair_by_ppt(active, "s", everyone, method="fast").cost == exact.cost


def test_default_is_exact_up_to_the_limit_and_fast_above():
    active, everyone = history(EXACT_UP_TO + 1, 2, 7)
    assert pair_by_ppt(active, "s", everyone) == pair_by_ppt(active, "s", everyone, method="fast")
    active, everyone = active[:EXACT_UP_TO], everyone
    assert pair_by_ppt(active, "s", everyone) == pair_by_ppt(active, "s", everyone, method="exact")


def test_fast_names_a_repeat_only_when_none_can_be_avoided():
    # four players who have all met: any pairing repeats two meetings
    names = "ABCD"
    active = [Entrant(x, 30, 1, tuple(o for o in names if o != x)) for x in names]
    found = pair_by_ppt(active, "s", method="fast")
    check_complete(active, found)
    assert len(found.repeats) == 2
    # a pair met twice is avoided when another pairing repeats less
    active = [Entrant("A", 30, 1, ("B", "B")), Entrant("B", 30, 1, ("A", "A")),
              Entrant("C", 20, 1, ("D",)), Entrant("D", 40, 1, ("C",))]
    found = pair_by_ppt(active, "s", method="fast")
    assert {frozenset(p) for p in found.pairs} != {frozenset("AB"), frozenset("CD")}


def test_fast_keeps_posted_pairs_and_played_games():
    active, everyone = history(301, 2, 11)
    first = pair_by_ppt(active, "s", everyone, method="fast")
    played = first.pairs[:3]
    posted = list(first.pairs) + ([(first.bye, None)] if first.bye else [])
    again = pair_by_ppt(active, "t", everyone, posted=posted, fixed=played, method="fast")
    assert {frozenset(p) for p in again.pairs} == {frozenset(p) for p in first.pairs}
    assert again.bye == first.bye


def test_fast_draw_with_history_but_no_turns_avoids_repeats():
    active, _ = history(300, 2, 5)
    active = [Entrant(e.name, 0, 0, e.opponents, e.byes) for e in active]
    found = pair_by_ppt(active, "s", method="fast")
    check_complete(active, found)
    assert found.drawn and found.repeats == ()


def test_an_unknown_method_is_refused():
    active, everyone = history(6, 1, 1)
    with pytest.raises(ValueError, match="one of exact, fast"):
        pair_by_ppt(active, "s", everyone, method="quick")


def run(stdin: str):
    return subprocess.run([sys.executable, "-m", "engine", "pair"], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def field_json(n: int, **extra) -> str:
    active, _ = history(n, 3, n)
    players = [{"name": e.name, "points": e.points, "turns": e.turns, "opponents": list(e.opponents),
                "byes": e.byes} for e in active]
    return json.dumps({"players": players, "seed": 3, **extra})


@pytest.mark.parametrize("method", ["exact", "fast"])
def test_pair_command_takes_the_method(method):
    proc = run(field_json(41, method=method))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert len(out["pairs"]) == 20 and out["bye"]
    assert len({x for p in out["pairs"] for x in p} | {out["bye"]}) == 41


@pytest.mark.parametrize("method", ["quick", 1, "Exact", ["fast"]])
def test_pair_command_refuses_a_bad_method_in_one_line(method):
    proc = run(field_json(8, method=method))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() == ("error: method must be 'exact' or 'fast' (or left out: exact up to "
                                   f"{EXACT_UP_TO} players, fast above)")
