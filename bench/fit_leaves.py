#!/usr/bin/env python3
"""Fit leave values by self-play (the tables in engine/search/ai.py's LEAVE_TABLES).

    python3 bench/fit_leaves.py --preset o --games 300 --jobs 2
    python3 bench/fit_leaves.py --preset o --games 3000 --json /tmp/o.json   # for leaves_vs.py

Plays greedy-against-greedy games and records, for every placement made while the
bag still held a rack's worth of tiles, the tiles kept (the leave) and the score of
the same player's next turn. A linear model of that next score, with one term per
tile kind, one per duplicate tile and one per tile of vowel/consonant imbalance, is
fitted by least squares (normal equations, pure Python). A tile's value is its
coefficient: how many points more (or fewer) the next turn makes when it is kept.
Prints the table as Python, ready to paste into engine/search/ai.py; ``--json FILE`` also
writes it for bench/leaves_vs.py, which plays it against the engine's table.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TILES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ?"
FEATURES = list(TILES) + ["dup", "imbalance", "const"]


def features(leave: str) -> list[float]:
    from engine.search.ai import VOWELS
    counts = Counter(leave)
    row = [float(counts.get(t, 0)) for t in TILES]
    row.append(float(sum(n - 1 for t, n in counts.items() if n > 1 and t != "?")))
    vowels = sum(n for t, n in counts.items() if t in VOWELS)
    cons = len(leave) - vowels - counts.get("?", 0)
    row.append(float(abs(vowels - round(0.4 * (vowels + cons)))))
    row.append(1.0)
    return row


def samples(args):
    """(leave, the same player's next turn score) for one greedy game."""
    preset, seed = args
    from engine.game import PLAY, Game, is_turn
    from engine.lexicon import Lexicon
    from engine.moves import Play
    from engine.notation import parse_move
    from engine.rules import PRESETS
    from engine.selfplay import play_game
    rules = PRESETS[preset]
    lex = Lexicon.default()
    actions = play_game(rules, seed, ["greedy", "greedy"], lex).actions
    replay = Game(rules, seed, lexicon=lex)
    leaves = []
    for action in actions:
        player, bag = replay.to_move, replay.bag_count
        move = None
        if replay.phase == "play" and action.split()[0] not in ("challenge", "check", "trade"):
            move = parse_move(action, replay.board, rules, str(replay.active_rack))
        leave = "".join(sorted(replay.preview(move).rack)) if isinstance(move, Play) else None
        replay.act(action)
        if leave is not None and bag >= rules.rack_size and replay.turns[-1].kind == PLAY:
            leaves.append((len(replay.turns) - 1, player, leave))
    out = []
    turns = replay.turns
    for index, player, leave in leaves:
        nxt = next((u for u in turns[index + 1:] if u.player == player and is_turn(u)), None)
        if nxt is not None:
            out.append((leave, nxt.score))
    return out


def fit(rows, ys, ridge=1.0):
    n = len(rows[0])
    ata = [[0.0] * n for _ in range(n)]
    aty = [0.0] * n
    for r, y in zip(rows, ys):
        for i in range(n):
            if r[i]:
                aty[i] += r[i] * y
                for j in range(n):
                    ata[i][j] += r[i] * r[j]
    for i in range(n - 1):
        ata[i][i] += ridge
    # Gaussian elimination.
    m = [row[:] + [aty[i]] for i, row in enumerate(ata)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                if f:
                    for k in range(c, n + 1):
                        m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--preset", required=True)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", help="also write the table to this file (for bench/leaves_vs.py)")
    args = ap.parse_args()
    with mp.Pool(args.jobs) as pool:
        chunks = pool.map(samples, [(args.preset, f"fit-{args.preset}-{i}") for i in range(args.games)])
    data = [s for c in chunks for s in c]
    rows = [features(leave) for leave, _ in data]
    coef = fit(rows, [y for _, y in data])
    print(f"# {args.preset}: {len(data)} samples from {args.games} greedy games")
    print("{" + ", ".join(f'"{t}": {coef[i]:.1f}' for i, t in enumerate(TILES)) + "}")
    print(f"dup={coef[-3]:.1f} imbalance={coef[-2]:.1f} const={coef[-1]:.1f}")
    if args.json:
        table = {"tiles": {t: round(coef[i], 1) for i, t in enumerate(TILES)},
                 "dup": round(coef[-3], 1), "imbalance": round(coef[-2], 1),
                 "samples": len(data), "games": args.games, "preset": args.preset}
        Path(args.json).write_text(json.dumps(table, indent=1) + "\n")


if __name__ == "__main__":
    main()
