"""Game-link sizes (issue 11): self-play games of every preset, encoded as links.

For each preset, plays games between the engine's computer players to the end,
encodes each game's first 30 turns and the whole game with engine.records.link.encode, and
prints the URL-fragment lengths (max and median). The target: a finished 30-turn
game of any preset in at most 1,000 characters. Also times decoding the longest
link. Names are the longest the page allows (24 characters) so the figures are the
worst a real game gives; ``--names short`` uses "Player 1".. instead.

    python3 bench/link_size.py                       # 4 games a preset, hard v medium
    python3 bench/link_size.py --games 2 --levels hard,medium,easy,hard --elapsed
    python3 bench/link_size.py --levels easy,easy --elapsed     # long games: the worst case
    python3 bench/link_size.py --json out.json

Uses only public engine calls: Game(...), game.act(text), its read-only properties,
ai.Player.choose/challenges, and notation.format_move / scoring.evaluate to write
the chosen move as text.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.records import link  # noqa: E402
from engine.search.ai import Player  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.lexicon import Lexicon  # noqa: E402
from engine.moves import Play  # noqa: E402
from engine.notation import format_move  # noqa: E402
from engine.rules import PRESETS  # noqa: E402
from engine.scoring import evaluate  # noqa: E402

TURNS = 30
MAX_ACTIONS = 600


def computer_text(game: Game, player: Player) -> str:
    """The computer's action for the seat to move, as move text."""
    if player.challenges(game):
        return "challenge"
    rack = str(game.active_rack())
    move = player.choose(game.board, rack, game.bag_count)
    if hasattr(move, "to_play"):      # a movegen Candidate (older ai.py)
        move = move.to_play()
    if isinstance(move, Play):
        ev = evaluate(game.board, rack, move, game.rules)
        return format_move(game.board, move, ev)
    if game.phase == "final":
        return "-"
    return format_move(game.board, move)


def self_play(rules, seed, levels, lexicon, elapsed: bool = False) -> Game:
    """A game to the end; with ``elapsed`` every action carries a thinking time
    (2 to 120 s, to the millisecond), as the page logs a human's moves."""
    game = Game(rules, seed, len(levels), lexicon=lexicon)
    players = [Player(rules, lexicon, lv) for lv in levels]
    clock = random.Random(str(seed))
    while not game.over and len(game.actions) < MAX_ACTIONS:
        seconds = clock.randint(2_000, 120_000) / 1000 if elapsed else None
        game.act(computer_text(game, players[game.to_move]), seconds)
    return game


def spec_of(game: Game, levels, seed, names: list[str], actions: list[str]) -> dict:
    kinds = ["human"] + [lv if lv in link.SEAT_KINDS else "hard" for lv in levels[1:]]
    return {"rules": game.rules.to_string(), "seed": seed,
            "seats": [{"name": n, "kind": kinds[i]} for i, n in enumerate(names)],
            "actions": actions}


def first_turns(game: Game, n: int) -> list[str]:
    """The actions that make the first n turn lines (a challenge adds a line too)."""
    replay = Game(game.rules, game.seed, game.players, lexicon=game.lexicon)
    out = []
    for action in game.actions:
        if len(replay.turns) >= n:
            break
        text, _, at = action.rpartition(" @") if " @" in action else (action, "", "")
        seconds = None if not at else int(at[:-2]) / 1000 if at.endswith("ms") else float(at)
        replay.act(text, seconds)
        out.append(action)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--levels", default="hard,medium", help="one computer level a seat")
    ap.add_argument("--names", choices=("long", "short"), default="long")
    ap.add_argument("--elapsed", action="store_true", help="log a thinking time with every action")
    ap.add_argument("--json", help="write the figures here too")
    args = ap.parse_args(argv)
    lexicon = Lexicon.from_bytes((ROOT / "wordlists" / "lexicon.bin").read_bytes())
    levels = args.levels.split(",")
    seats = len(levels)
    if args.names == "long":
        names = [(chr(0x41 + i) + "lexandra Montgomery-Smith")[:24] for i in range(seats)]
    else:
        names = [f"Player {i + 1}" for i in range(seats)]
    print(f"load average {os.getloadavg()[0]:.2f}; {args.games} games a preset, "
          f"{seats} seats ({', '.join(levels)}), names {args.names}, "
          f"elapsed times {'on' if args.elapsed else 'off'}")
    print(f"{'preset':8} {'turns':>12} {'30 max':>7} {'30 med':>7} {'full max':>9} {'full med':>9}")
    results = {}
    longest = ("", 0)
    for preset in args.presets.split(","):
        rules = PRESETS[preset]
        short, full, turns = [], [], []
        t0 = time.perf_counter()
        for i in range(args.games):
            seed = f"link-{preset}-{i}"
            game = self_play(rules, seed, levels, lexicon, args.elapsed)
            turns.append(len(game.turns))
            whole = link.encode(spec_of(game, levels, seed, names, list(game.actions)))
            part = link.encode(spec_of(game, levels, seed, names, first_turns(game, TURNS)))
            assert link.decode(whole)["actions"] == list(game.actions)
            full.append(len(whole))
            short.append(len(part))
            if len(whole) > len(longest[0]):
                longest = (whole, preset)
        results[preset] = {"turns": turns, "first30_max": max(short),
                           "first30_median": statistics.median(short), "full_max": max(full),
                           "full_median": statistics.median(full),
                           "seconds": round(time.perf_counter() - t0, 1)}
        r = results[preset]
        print(f"{preset:8} {min(turns):>5}..{max(turns):<5} {r['first30_max']:>7} "
              f"{r['first30_median']:>7} {r['full_max']:>9} {r['full_median']:>9}", flush=True)
    worst = max(results.values(), key=lambda r: r["first30_max"])["first30_max"]
    reps = 200
    t0 = time.perf_counter()
    for _ in range(reps):
        link.decode(longest[0])
    decode_ms = (time.perf_counter() - t0) / reps * 1000
    print(f"worst 30-turn link: {worst} characters (target 1,000)")
    print(f"longest link: {len(longest[0])} characters ({longest[1]}), decoded in {decode_ms:.2f} ms")
    print(f"load average {os.getloadavg()[0]:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps({"presets": results, "worst_first30": worst,
                                               "longest": len(longest[0]),
                                               "decode_ms": round(decode_ms, 3)}, indent=1))
    return 0 if worst <= 1000 else 1


if __name__ == "__main__":
    sys.exit(main())
