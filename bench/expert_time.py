#!/usr/bin/env python3
"""Time per move of the expert computer at the page's budget (issue 18), natively.

    python3 bench/expert_time.py --presets classic,iii --positions 8 --budget 3000

Takes evenly spread positions of bench/positions/<preset>.txt (each begun as a
game from its CGP, so the unseen tiles are the set less what it shows), lets the
expert choose with the given budget and prints, per preset, the median and p95
wall time, the rounds of simulation done and why each search stopped. Run one at
a time, niced, on a shared machine: the figures are wall time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    from engine.search.expert import Expert
    from engine.game import Game
    from engine.lexicon import Lexicon
    from engine.notation import Position, format_cgp, parse_cgp
    from engine.rules import PRESETS
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--presets", default="classic,iii")
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--budget", type=float, default=3000.0, help="ms per move (the page's default: 3000)")
    args = ap.parse_args()
    lex = Lexicon.default()
    print(f"# load average {os.getloadavg()}; budget {args.budget:.0f} ms", flush=True)
    for preset in args.presets.split(","):
        rules = PRESETS[preset]
        lines = [x for x in (ROOT / "bench" / "positions" / f"{preset}.txt").read_text().splitlines()
                 if x and not x.startswith("#")]
        step = max(1, len(lines) // args.positions)
        times, rounds, stops = [], [], Counter()
        for line in lines[::step][:args.positions]:
            pos = parse_cgp(line, rules)
            start = format_cgp(Position(pos.board, pos.racks, pos.scores, pos.zero_turns, rules))
            game = Game(rules, "expert-time", 2, lexicon=lex, start=start)
            ex = Expert(rules, lex)
            t0 = time.perf_counter()
            text = ex.choose(game, args.budget)
            dt = time.perf_counter() - t0
            times.append(dt)
            rounds.append(ex.rounds)
            stops[ex.stopped or "-"] += 1
            print(f"  {preset:7s} bag {game.bag_count:3d} {dt * 1000:7.0f} ms rounds {ex.rounds:3d} "
                  f"{ex.stopped:8s} {text}", flush=True)
        times.sort()
        p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
        print(f"{preset}: {len(times)} moves, median {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms; rounds median "
              f"{statistics.median(rounds)}; stopped: {dict(stops)}", flush=True)
    print(f"# load average {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
