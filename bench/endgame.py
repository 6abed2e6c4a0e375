#!/usr/bin/env python3
"""Solve times of the expert's endgame search (engine/search/endgame.py), natively.

    python3 bench/endgame.py                          # the issue's three endings and the committed ones
    python3 bench/endgame.py --selfplay 20 --presets classic,o --most 4
    python3 bench/endgame.py --budget 1000            # what a time budget leaves exact

Endings: the three CGP positions of the issue that asked for exact endings, the
endings of tests/data/endgames.jsonl (self-play, 1-4 tiles a side, solved by the
test's plain minimax), and with ``--selfplay N`` fresh ones: hard against hard to
an empty bag, then on until both racks hold at most ``--most`` tiles. Each is
searched to the end (or within ``--budget`` ms of wall time); the line gives the
racks, whether the result is exact, its value, positions and move lists, and the
CPU and wall time. A summary per source closes: how many were exact, the median,
p90 and largest CPU time, and how many were exact within 1 s of CPU (the page's
3 s under Pyodide is about that natively: Pyodide runs the engine 3-10 times
slower). CPU time is the figure to read on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ISSUE = [
    ("classic", "15/GITTERN2PLUME1/6AQUA2ON1/3V3A3C2A/2OIK2T2BA2L/O2VIEWS1FADING/O1BENNE2RID2O/ROO3DIMITY2R/"
                "I1U6T5/E1R3GAUZE4/2T4P7/2R4I7/2E4EF6/2E4CAJON3/DASHY2EX1WELSH ??/LS 349/388 0"),
    ("o", "9DUGoUT/4A7B2/ENISLE6EH1/X3B1TOEA2YO1/T3A3WIZ2O1/o1ANTIQUED3K1/L3A2N3M1A1/L2V1J1ORISONS1/"
          "E2OVERFED1T3/R1PI1W1F3o3/2ED3I3R3/2AS3C3M3/2G4I3E3/3THERAPY1N3/CAGIER1L7 NOU/O 450/497 0"),
    ("o", "2THROATY1SIMAR/4A3EXON1G1/2INDUED5a1/4I1LOWERY1M1/4O5U2I1/2UNGUAL2E2C1/4R2OWED4/3FAINTED1VIVE/"
          "4P6E3/3PHALANGER1J1/4S6B1O1/11E1I1/7KETONES1/10RAFT1/6COLZAS3 BI??/QT 511/464 0"),
]


def endings(args, lex):
    """(source, label, game) for every ending asked for."""
    from engine.game import Game
    from engine.rules import Rules
    if not args.no_issue:
        for i, (preset, cgp) in enumerate(ISSUE):
            yield "issue", f"issue-{i + 1}", Game(Rules.from_string(preset), 1, 2, lexicon=lex, start=cgp)
    if not args.no_committed:
        for line in (ROOT / "tests" / "data" / "endgames.jsonl").read_text().splitlines():
            rec = json.loads(line)
            yield "committed", rec["seed"], Game.replay(Rules.from_string(rec["rules"]), rec["seed"],
                                                        rec["actions"], lexicon=lex)
    for preset in args.presets.split(",") if args.selfplay else ():
        made = 0
        for i in range(args.selfplay * 3):
            game = _play_to_ending(Rules.from_string(preset), f"bench-endgame-{preset}-{i}", lex, args.most)
            if game is not None:
                yield f"selfplay {preset}", f"{preset}-{i}", game
                made += 1
                if made == args.selfplay:
                    break


def _play_to_ending(rules, seed, lex, most):
    from engine.computer import computer_action
    from engine.game import Game
    game = Game(rules, seed, 2, lexicon=lex)
    while not game.over and len(game.actions) < 300:
        if game.bag_count == 0 and game.phase == "play" and max(map(len, game.racks)) <= most:
            return game
        game.act(computer_action(game, "hard"))
    return None


def main() -> int:
    from engine.lexicon import Lexicon
    from engine.search.endgame import search
    from engine.search.movegen import Budget
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--budget", type=float, default=None, help="ms of wall time per ending (default: to the end)")
    ap.add_argument("--selfplay", type=int, default=0, help="fresh endings per preset")
    ap.add_argument("--presets", default="classic,o")
    ap.add_argument("--most", type=int, default=4, help="most tiles a side in fresh endings")
    ap.add_argument("--no-issue", action="store_true")
    ap.add_argument("--no-committed", action="store_true")
    args = ap.parse_args()
    lex = Lexicon.default()
    print(f"# load average {os.getloadavg()}; budget {args.budget} ms", flush=True)
    rows: dict = {}
    for source, label, game in endings(args, lex):
        budget = Budget(ms=args.budget) if args.budget is not None else None
        c0, w0 = time.process_time(), time.perf_counter()
        found = search(game, budget)
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        rows.setdefault(source, []).append((cpu, found.exact))
        racks = "/".join(game.racks[(game.to_move + k) % 2] for k in range(2))
        print(f"  {label:24s} {game.rules.to_string():10s} {racks:9s} exact {found.exact!s:5s} "
              f"value {found.value!s:>5s} settled {found.settled}/{found.moves} nodes {found.nodes:6d} "
              f"lists {found.lists:5d} cpu {cpu * 1000:7.0f} ms wall {wall * 1000:7.0f} ms  {found.move}",
              flush=True)
    for source, got in rows.items():
        cpus = sorted(cpu for cpu, _ in got)
        p90 = cpus[min(len(cpus) - 1, int(round(0.9 * (len(cpus) - 1))))]
        exact = sum(1 for _, ok in got if ok)
        fast = sum(1 for cpu, ok in got if ok and cpu <= 1.0)
        print(f"{source}: {len(got)} endings, {exact} exact, {fast} exact within 1 s CPU; CPU median "
              f"{statistics.median(cpus) * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms, max {cpus[-1] * 1000:.0f} ms",
              flush=True)
    print(f"# load average {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
