#!/usr/bin/env python3
"""How good are the expert's short searches? Decision quality against a long one.

    pypy3 bench/decision.py --preset o --positions 40 --out /tmp/d.jsonl --jobs 2
    python3 bench/decision.py --report /tmp/d.jsonl

Why: a strength run needs about 800 games (an hour) to tell a few points of win rate
apart; the switch rule (``SWITCH_Z``, the rounds it needs) can be judged far more
cheaply on positions. For each position of bench/positions/<preset>.txt (begun as a
game from its CGP) the expert's simulation runs once for ``--truth`` rounds (the
"truth": each candidate's mean value) and ``--seeds`` times for ``--rounds`` rounds on
other seeds, keeping every candidate's values. The report then replays the choice
offline for each switch threshold and number of rounds and prints the mean loss
against the truth's best (points of simulated value; 0 is perfect) and how often it
switches from the hard player's choice. The truth is the same one-ply simulation,
so this measures how well short searches find what a long search prefers, not the
simulation's own bias. ``--out`` appends one JSON line per position and resumes.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

THRESHOLDS = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0)


def _positions(preset: str, count: int) -> list[str]:
    lines = [x for x in (ROOT / "bench" / "positions" / f"{preset}.txt").read_text().splitlines()
             if x and not x.startswith("#")]
    step = max(1, len(lines) // count)
    return lines[::step][:count]


def _values(preset: str, line: str, rounds: int, seed: int, candidates: int) -> dict:
    """Every candidate's values over ``rounds`` rounds of one simulation."""
    from engine.search import expert as ex
    ex.CANDIDATES = candidates
    from engine.game import Game
    from engine.lexicon import Lexicon
    from engine.notation import Position, format_cgp, parse_cgp
    from engine.rules import PRESETS
    rules = PRESETS[preset]
    lex = Lexicon.default()
    pos = parse_cgp(line, rules)
    start = format_cgp(Position(pos.board, pos.racks, pos.scores, pos.zero_turns, rules))
    game = Game(rules, "decision", 2, lexicon=lex, start=start)
    e = ex.Expert(rules, lex)
    cands, incumbent = e.candidates(game)
    if len(cands) > 1 and not ex.known_racks(game):
        e._simulate(game, cands, None, rounds, seed, incumbent)
    return {"moves": [c.text for c in cands], "incumbent": incumbent,
            "values": [c.values for c in cands]}


def _one(job) -> dict:
    preset, index, line, truth, rounds, seeds, candidates = job
    out = {"preset": preset, "index": index, "candidates": candidates,
           "truth": _values(preset, line, truth, 1_000_003, candidates)}
    out["short"] = [_values(preset, line, rounds, 7919 * (k + 1), candidates)["values"] for k in range(seeds)]
    return out


def pick(values: list[list[float]], incumbent: int, n: int, z: float) -> int:
    """The expert's choice (engine/search/expert.py ``_pick``) after ``n`` rounds at switch
    threshold ``z``: candidates with values over the last round done."""
    done = min(n, max(len(v) for v in values))
    live = [i for i, v in enumerate(values) if len(v) >= done]
    if done < 1 or incumbent not in live:
        return max(live, key=lambda i: statistics.fmean(values[i][:done])) if done else incumbent
    best = max(live, key=lambda i: statistics.fmean(values[i][:done]))
    if best == incumbent or done < 2:
        return incumbent
    diffs = [a - b for a, b in zip(values[best][:done], values[incumbent][:done])]
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(done) if done > 1 else math.inf
    return best if mean > z * se else incumbent


def report(rows: list[dict], rounds_list: list[int]) -> None:
    # simulated positions only (not an endgame search, not a single candidate)
    rows = [r for r in rows if any(r["truth"]["values"]) and r["truth"]["values"][r["truth"]["incumbent"]]]
    print(f"# {len(rows)} positions; loss = truth's best minus truth of the choice (mean, points)")
    print(f"{'rounds':>6} {'z':>5} {'loss':>7} {'switch':>7} {'better':>7} {'worse':>7}")
    hard_losses = []
    for r in rows:
        truth = [statistics.fmean(v) if v else -math.inf for v in r["truth"]["values"]]
        hard_losses.append(max(truth) - truth[r["truth"]["incumbent"]])
    print(f"{'hard':>6} {'-':>5} {statistics.fmean(hard_losses):7.2f}")
    for n in rounds_list:
        for z in THRESHOLDS:
            losses, switches, better, worse = [], 0, 0, 0
            for r in rows:
                truth = [statistics.fmean(v) if v else -math.inf for v in r["truth"]["values"]]
                inc = r["truth"]["incumbent"]
                for vals in r["short"]:
                    if len(vals) < 2:
                        losses.append(max(truth) - truth[inc])
                        continue
                    c = pick(vals, inc, n, z)
                    losses.append(max(truth) - truth[c])
                    if c != inc:
                        switches += 1
                        better += truth[c] > truth[inc]
                        worse += truth[c] < truth[inc]
            k = len(losses)
            print(f"{n:6d} {z:5.1f} {statistics.fmean(losses):7.2f} {switches / k:7.1%} "
                  f"{better / k:7.1%} {worse / k:7.1%}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--preset", default="o")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--truth", type=int, default=100, help="rounds of the long simulation")
    ap.add_argument("--rounds", type=int, default=10, help="rounds of each short one")
    ap.add_argument("--seeds", type=int, default=4, help="short simulations per position")
    ap.add_argument("--candidates", type=int, default=0,
                    help="plays kept by equity (default: engine/search/expert.py's CANDIDATES)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", type=Path, help="JSON lines, one per position; resumes from it")
    ap.add_argument("--report", type=Path, help="only print the table of this file")
    args = ap.parse_args()
    rounds_list = [n for n in (4, 6, 8, 10, 15, 20) if n <= args.rounds] or [args.rounds]
    if args.report:
        rows = [json.loads(x) for x in args.report.read_text().splitlines() if x.strip()]
        report(rows, [n for n in (4, 6, 8, 10, 15, 20)
                      if any(len(v) >= n for r in rows for s in r["short"] for v in s)] or [4])
        return 0
    done = set()
    if args.out and args.out.exists():
        done = {(r["preset"], r["index"]) for r in map(json.loads, args.out.read_text().splitlines()) if r}
    from engine.search.expert import CANDIDATES
    jobs = [(args.preset, i, line, args.truth, args.rounds, args.seeds, args.candidates or CANDIDATES)
            for i, line in enumerate(_positions(args.preset, args.positions)) if (args.preset, i) not in done]
    print(f"# {len(jobs)} positions to simulate; load average {os.getloadavg()}", flush=True)
    rows = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for row in pool.map(_one, jobs):
            rows.append(row)
            if args.out:
                with args.out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
            print(f"  position {row['index']}: {len(row['truth']['moves'])} candidates", flush=True)
    if args.out:
        rows = [json.loads(x) for x in args.out.read_text().splitlines() if x.strip()]
    report(rows, rounds_list)
    return 0


if __name__ == "__main__":
    sys.exit(main())
