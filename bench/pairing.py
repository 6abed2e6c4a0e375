"""Pairing by PPT with the planned rounds in view (RULES.md 11, engine/club/lookahead.py).

Prints two things:

1. Simulated tournaments (40 each by default) of 6 players over 4 rounds, 7/5, 8/6
   and 10/8: how many had a repeated meeting when each round is paired as if it
   were the last (the old way) and when the planned rounds are in view (the
   engine's way), and the slowest round's pairing time. Results are drawn from
   each player's strength (a PPT of 18 to 40, 10 to 14 turns a game).
2. The time to pair each round of a 128-player tournament (8 rounds by default)
   through the director, as the page does it (engine/club/director.py).
3. ``--quality``: the fast method's cost against the exact one on fields of 128
   and 256 players after three rounds (a few seeds each): the ratio, median and worst.
4. ``--scale N ...``: ``python -m engine pair`` with "method": "fast" on a field of
   N players after three random rounds, timed from outside (input read, pairing,
   output), the pairing checked complete and free of repeats.
5. ``--direct N ...``: the fast method called in-process on N players (as the page
   would call it), median of ``--seeds`` fields; ``--pyodide`` runs 3-5 again under
   Pyodide in Node (bench/in_pyodide.py).

    .venv/bin/python bench/pairing.py                    # 1 and 2 (~1 min on an idle machine)
    .venv/bin/python bench/pairing.py --tournaments 100  # more simulations
    .venv/bin/python bench/pairing.py --field 128 --rounds 20 --skip-sim
    .venv/bin/python bench/pairing.py --skip-sim --skip-big --quality --seeds 5
    .venv/bin/python bench/pairing.py --skip-sim --skip-big --scale 10000 100001
    .venv/bin/python bench/pairing.py --skip-sim --skip-big --direct 1000 --seeds 3 --pyodide

Wall-clock times depend on the machine; the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import random
import statistics
import sys
import time
from pathlib import Path

if sys.platform != "emscripten":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.club import director  # noqa: E402
from engine.club.pairing import pair_by_ppt  # noqa: E402
from engine.club.standings import GameResult, entrants  # noqa: E402

FIELDS = ((6, 4), (7, 5), (8, 6), (10, 8))


def play(rng, skill, a: str, b: str) -> GameResult:
    turns = (rng.randint(10, 14), rng.randint(10, 14))
    points = tuple(round(t * rng.gauss(skill[x], 6)) for t, x in zip(turns, (a, b)))
    return GameResult((a, b), points, turns, points)


def simulate(n: int, rounds: int, seed: int, ahead: bool) -> tuple[int, float]:
    """One tournament: (repeated meetings, slowest pairing in seconds). ``ahead``:
    pair with the planned rounds in view; else each round as if it were the last."""
    rng = random.Random(f"bench:{n}:{rounds}:{seed}")
    names = [f"P{i}" for i in range(n)]
    skill = {x: rng.uniform(18, 40) for x in names}
    games: list[GameResult] = []
    byes: list[str] = []
    met: set = set()
    again, slowest = 0, 0.0
    for r in range(1, rounds + 1):
        totals = entrants(games, byes, names)
        t0 = time.perf_counter()
        found = pair_by_ppt([totals[x] for x in names], f"{seed}/{r}", list(totals.values()),
                            rounds - r + 1 if ahead else 1)
        slowest = max(slowest, time.perf_counter() - t0)
        for a, b in found.pairs:
            again += frozenset((a, b)) in met
            met.add(frozenset((a, b)))
            games.append(play(rng, skill, a, b))
        if found.bye:
            byes.append(found.bye)
    return again, slowest


def big(n: int, rounds: int) -> tuple[list[tuple[float, float]], int]:
    """(wall, CPU) seconds to pair each round of an n-player tournament, through the
    director with typed results, and the number of repeated meetings."""
    rng = random.Random(f"big:{n}")
    names = [f"P{i}" for i in range(n)]
    skill = {x: rng.uniform(18, 40) for x in names}
    t = director.new_tournament("Bench", "classic", names, rounds, seed=n)
    out, again = [], 0
    for r in range(1, rounds + 1):
        w0, c0 = time.perf_counter(), time.process_time()
        t = director.pair_next_round(t)
        out.append((time.perf_counter() - w0, time.process_time() - c0))
        again += len(director.repeats(t, r))
        for g in t.paired[-1].games:
            res = play(rng, skill, *g.players)
            t = director.add_typed(t, r, *g.players, list(res.scores), list(res.turns))
    return out, again


def field(n: int, rounds: int, seed: int):
    """(active, everyone, names) after ``rounds`` random rounds without repeats
    (a shuffle a round, drawn again on a repeat), PPTs from strengths of 18 to 40."""
    rng = random.Random(f"field:{n}:{seed}")
    names = [f"Player number {i:06d}" for i in range(n)]
    skill = {x: rng.uniform(18, 40) for x in names}
    games, byes, met = [], [], set()
    for _ in range(rounds):
        order = names[:]
        while True:
            rng.shuffle(order)
            pairs = [frozenset(order[i:i + 2]) for i in range(0, n - n % 2, 2)]
            if not met.intersection(pairs) and not (n % 2 and order[-1] in byes):
                break
        met.update(pairs)
        if n % 2:
            byes.append(order[-1])
        for a, b in (sorted(p) for p in pairs):
            games.append(play(rng, skill, a, b))
    totals = entrants(games, byes, names)
    return [totals[x] for x in names], list(totals.values()), names


def quality(sizes, seeds: int) -> None:
    print(f"\nfast against exact, fields after 3 rounds, {seeds} seeds each: cost ratio, time (s)")
    print(f"{'players':>8} {'median':>8} {'worst':>8} {'exact s':>8} {'fast s':>8}")
    for n in sizes:
        ratios, te, tf = [], [], []
        for s in range(seeds):
            active, everyone, _ = field(n, 3, s)
            t0 = time.perf_counter()
            exact = pair_by_ppt(active, s, everyone, method="exact")
            t1 = time.perf_counter()
            fast = pair_by_ppt(active, s, everyone, method="fast")
            tf.append(time.perf_counter() - t1)
            te.append(t1 - t0)
            ratios.append(fast.cost / exact.cost)
        print(f"{n:>8} {statistics.median(ratios):>8.4f} {max(ratios):>8.4f} "
              f"{statistics.median(te):>8.2f} {statistics.median(tf):>8.2f}")


def scale(n: int) -> None:
    """Time ``python -m engine pair`` (fast) on n players after three rounds."""
    t0 = time.perf_counter()
    active, _, names = field(n, 3, 0)
    players = [{"name": e.name, "points": e.points, "turns": e.turns, "opponents": list(e.opponents),
                "byes": e.byes, "firsts": e.firsts} for e in active]
    text = json.dumps({"players": players, "seed": 1, "method": "fast"})
    made = time.perf_counter() - t0
    w0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "engine", "pair"], input=text, capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parent.parent)
    wall = time.perf_counter() - w0
    if proc.returncode:
        raise SystemExit(proc.stderr)
    out = json.loads(proc.stdout)
    seen = [x for p in out["pairs"] for x in p] + ([out["bye"]] if out["bye"] else [])
    met = {frozenset((e.name, o)) for e in active for o in e.opponents}
    again = sum(frozenset(p) in met for p in out["pairs"])
    complete = sorted(seen) == sorted(names)
    print(f"{n:>8} players: {len(text):,} characters of input (made in {made:.1f} s); "
          f"pair --fast {wall:.1f} s wall; complete: {complete}; repeats: {again}; "
          f"stderr: {proc.stderr.strip() or '-'}")


def direct(n: int, seeds: int) -> None:
    """The fast method in-process on n players after three rounds."""
    times = []
    for s in range(seeds):
        active, everyone, _ = field(n, 3, s)
        t0 = time.perf_counter()
        found = pair_by_ppt(active, s, everyone, method="fast")
        times.append(time.perf_counter() - t0)
        assert not found.repeats and len(found.pairs) == n // 2
    print(f"{n:>8} players, fast, in-process: median {statistics.median(times):.2f} s, "
          f"slowest {max(times):.2f} s ({seeds} fields)")


def load() -> str:
    if sys.platform == "emscripten":
        return "Pyodide (no load average)"
    return "load average %.2f %.2f %.2f" % os.getloadavg()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tournaments", type=int, default=40)
    ap.add_argument("--field", type=int, default=128, help="players of the timed tournament")
    ap.add_argument("--rounds", type=int, default=8, help="rounds of the timed tournament")
    ap.add_argument("--skip-sim", action="store_true")
    ap.add_argument("--skip-big", action="store_true")
    ap.add_argument("--quality", action="store_true", help="fast against exact at 128 and 256 players")
    ap.add_argument("--seeds", type=int, default=5, help="fields per size for --quality")
    ap.add_argument("--scale", type=int, nargs="*", default=[], help="time pair --fast on these field sizes")
    ap.add_argument("--direct", type=int, nargs="*", default=[], help="time the fast method in-process")
    ap.add_argument("--pyodide", action="store_true", help="then --quality and --direct under Pyodide in Node")
    args = ap.parse_args(argv)
    print(load(), f"({os.cpu_count()} cores)")
    if not args.skip_sim:
        k = args.tournaments
        print(f"\n{k} simulated tournaments per field: those with a repeated meeting (meetings repeated)")
        print(f"{'players/rounds':>15} {'round by round':>16} {'planned rounds':>16} {'slowest pairing':>16}")
        for n, rounds in FIELDS:
            before = [simulate(n, rounds, s, False)[0] for s in range(k)]
            after = [simulate(n, rounds, s, True) for s in range(k)]
            print(f"{f'{n}/{rounds}':>15} {f'{sum(1 for x in before if x)} of {k} ({sum(before)})':>16} "
                  f"{f'{sum(1 for x, _ in after if x)} of {k} ({sum(x for x, _ in after)})':>16} "
                  f"{max(t for _, t in after) * 1000:>13.1f} ms")
    if not args.skip_big:
        times, again = big(args.field, args.rounds)
        walls = [w for w, _ in times[1:]]        # round 1 is a draw
        print(f"\n{args.field} players, {args.rounds} rounds, through the director (round 1 is drawn); "
              f"repeated meetings: {again}")
        print("  per round (wall s): " + " ".join(f"{w:.2f}" for w, _ in times))
        print("  per round (CPU s):  " + " ".join(f"{c:.2f}" for _, c in times))
        print(f"  rounds 2-{args.rounds}: median {statistics.median(walls):.2f} s, max {max(walls):.2f} s wall")
    if args.quality:
        quality((128, 129, 256, 257), args.seeds)
    for n in args.scale:
        scale(n)
    for n in args.direct:
        direct(n, args.seeds)
    print("\n" + load())
    if args.pyodide and sys.platform != "emscripten":
        from in_pyodide import run
        keep = ["--skip-sim", "--skip-big", "--seeds", str(args.seeds)] + (["--quality"] if args.quality else [])
        run("pairing.py", keep + (["--direct", *map(str, args.direct)] if args.direct else []))


if __name__ == "__main__":
    main()
