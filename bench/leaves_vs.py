#!/usr/bin/env python3
"""Is a refitted leave table better? Hard with it against hard with the engine's.

    python3 bench/fit_leaves.py --preset o --games 3000 --json /tmp/o.json
    python3 bench/leaves_vs.py --preset o --model /tmp/o.json --games 400 --jobs 2

Both seats play the hard level; the only difference is the leave model the seat
ranks its plays with (``engine.search.ai.LEAVE_MODELS`` for the preset's family is set to
the seat's model before each of its turns). Games are paired as in strength.py
(games 2k and 2k+1 share a seed, seats swapped). Prints the candidate's win rate
with a 95% Wilson interval and its mean margin with a standard error over the
pairs (the pairs' mean margins vary less than single games: the tiles' luck is
shared). A head-to-head needs far fewer games than two runs against greedy to see
the same difference.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.strength import wilson  # noqa: E402

_STATE = {}


def load_model(path: str):
    """A LeaveModel from fit_leaves.py's --json file."""
    from engine.search.ai import LeaveModel
    data = json.loads(Path(path).read_text())
    return LeaveModel(dict(data["tiles"]), float(data["dup"]), float(data["imbalance"]),
                      float(data.get("q_without_u", 0.0)))


def _init(model_path: str) -> None:
    from engine.lexicon import Lexicon
    _STATE["lexicon"] = Lexicon.default()
    _STATE["model"] = load_model(model_path)


def play_pair_game(task) -> dict:
    """One game (worker process): seat ``cand`` uses the candidate model."""
    from engine.search import ai
    from engine.computer import computer_action
    from engine.game import Game
    from engine.rules import PRESETS
    preset, i = task
    rules = PRESETS[preset]
    family = ai.leave_family(rules)
    mine = ai.LEAVE_MODELS[family]
    models = (_STATE["model"], mine) if i % 2 == 0 else (mine, _STATE["model"])
    cand = 0 if i % 2 == 0 else 1
    game = Game(rules, f"leaves-{preset}-{i // 2}", 2, lexicon=_STATE["lexicon"])
    try:
        while not game.over and len(game.turns) < 400:
            ai.LEAVE_MODELS[family] = models[game.to_move]
            game.act(computer_action(game, "hard"))
    finally:
        ai.LEAVE_MODELS[family] = mine
    a, b = game.scores[cand], game.scores[1 - cand]
    return {"i": i, "margin": a - b, "win": 1.0 if a > b else 0.5 if a == b else 0.0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--preset", required=True)
    ap.add_argument("--model", required=True, help="the candidate table: fit_leaves.py --json FILE")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    tasks = [(args.preset, i) for i in range(args.games)]
    with mp.Pool(args.jobs, initializer=_init, initargs=(args.model,)) as pool:
        results = pool.map(play_pair_game, tasks, chunksize=4)
    n = len(results)
    wins = sum(r["win"] for r in results)
    lo, hi = wilson(wins, n)
    by_pair = {}
    for r in results:
        by_pair.setdefault(r["i"] // 2, []).append(r["margin"])
    pairs = [statistics.fmean(v) for v in by_pair.values()]
    se = statistics.stdev(pairs) / math.sqrt(len(pairs)) if len(pairs) > 1 else float("inf")
    print(f"{args.preset}: candidate {args.model} against the engine's table, {n} games")
    print(f"  win rate {100 * wins / n:.1f}% [{100 * lo:.1f}%, {100 * hi:.1f}%]  "
          f"mean margin {statistics.fmean(p for p in pairs):+.1f} (SE {se:.1f} over {len(pairs)} pairs)")


if __name__ == "__main__":
    main()
