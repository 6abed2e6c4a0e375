#!/usr/bin/env python3
"""Move generation and computer-player speed (issue 5, "Speed"), over committed positions.

    python3 bench/movegen.py                        # every preset, every section
    python3 bench/movegen.py --presets classic,iii --limit 30
    python3 bench/movegen.py --ws-limit 20          # fewer positions for wordsolver
    python3 bench/movegen.py --no-wordsolver --selfplay-games 0
    python3 bench/movegen.py --json out.json        # also write the figures as JSON
    python3 bench/movegen.py --make-positions       # rewrite bench/positions/*.txt

Sections, per preset, over ``bench/positions/<preset>.txt`` (CGP lines, see below):
  (a) all plays: ``MoveGenerator(rules, lex).generate(board, rack, AllPlays())``
      (the exact generator: every blank designation, every swap subset, pick-offs);
      median and p95 milliseconds per position, and the mean number of plays.
  (b) hard AI: ``Player(rules, lex, "hard").choose(board, rack, bag)``; median and
      p95 ms. Targets: classic median < 50 ms, p95 < 300 ms; iii median < 250 ms,
      p95 < 1.5 s.
  (c) classic only, positions whose rack has no blank: our all plays against the
      PyPI package ``wordsolver`` (a test-time tool, see bench/README.md) on the same
      position and the same word list (classic's large list), timed side by side in
      one run; the speed ratio (target: ours >= 30x faster) and a check that both
      give the same placements with the same scores.
  (d) self-play, hard against hard, classic: games per second (target >= 1).
  (e) peak memory (issue 16): each probe in a fresh process (its peak RSS, less the
      process with the word lists loaded): ``moves`` at its default bounds (100,000
      plays, 10 s) and the session's largest hint (``hint(HINT_TOP_MAX, HINT_BUDGET_MAX_MS)``)
      on the III position with the rack ???JQXZJ (eight wild tiles). Sections (a)
      and (b) also print the peak RSS of this process after each preset.

Positions: ``--make-positions`` plays hard against greedy (fixed seeds, so the files
are reproduced exactly) and keeps positions spread evenly over each game, from the
second turn to the last, so openings, middle games and end games are all sampled.
Each line is ``format_cgp(game.position())`` plus one opcode, ``bag N;``, the number
of tiles in the bag (the hard player's exchange decision needs it).

Timings are wall-clock (time.perf_counter) on a machine that may be shared: the
script prints the load average before and after; compare medians, not single runs.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.search.ai import Player  # noqa: E402
from engine.computer import computer_action  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.lexicon import Lexicon  # noqa: E402
from engine.search.movegen import AllPlays, Budget, MoveGenerator  # noqa: E402
from engine.notation import format_cgp, parse_cgp  # noqa: E402
from engine.rules import PRESETS  # noqa: E402

POSITIONS_DIR = ROOT / "bench" / "positions"
PRESET_NAMES = ("classic", "o", "i", "ii", "iii", "richard")
# Positions per preset: GAMES games of hard against greedy, PER_GAME positions each.
GAMES, PER_GAME = 20, 6
TARGETS = {
    "classic": {"hard_median_ms": 50.0, "hard_p95_ms": 300.0},
    "iii": {"hard_median_ms": 250.0, "hard_p95_ms": 1500.0},
    "wordsolver_ratio": 30.0,
    "selfplay_games_per_second": 1.0,
}


# ------------------------------------------------------------------ positions
def game_positions(rules, seed, lexicon, levels=("hard", "greedy")) -> list[str]:
    """Every position of one self-play game in which a placement may be made (the
    play phase), each as a CGP line with the ``bag N;`` opcode. The game loop is
    engine.selfplay.play_game's (``computer_action``, no time budget), recording
    the position before each move."""
    game = Game(rules, seed, len(levels), lexicon=lexicon, names=list(levels))
    out = []
    while not game.over and len(game.turns) < 400:
        if game.phase == "play":
            pos = game.position()
            pos.opcodes["bag"] = str(game.bag_count)
            out.append(format_cgp(pos))
        game.act(computer_action(game, levels[game.to_move]))
    return out


def pick_spread(items: list, k: int) -> list:
    """k items spread evenly over the list, the first (the empty board) left out."""
    n = len(items) - 1
    if n <= 0:
        return []
    if n <= k:
        return items[1:]
    return [items[1 + int((j + 0.5) * n / k)] for j in range(k)]


def make_positions(preset: str, lexicon, games: int = GAMES, per_game: int = PER_GAME,
                   out_dir: Path = POSITIONS_DIR, log=print) -> Path:
    """Write bench/positions/<preset>.txt; deterministic (seeds ``pos-<preset>-<i>``)."""
    rules = PRESETS[preset]
    lines = []
    for i in range(games):
        seed = f"pos-{preset}-{i}"
        levels = ("hard", "greedy") if i % 2 == 0 else ("greedy", "hard")
        picked = pick_spread(game_positions(rules, seed, lexicon, levels), per_game)
        lines += picked
        log(f"  {preset} game {i + 1}/{games}: {len(picked)} positions")
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{preset}.txt"
    header = [
        f"# {len(lines)} positions for preset {preset}: {games} games of hard against greedy (engine {engine_version()})",
        f"# (seeds pos-{preset}-0..{games - 1}, hard moves first in even games), {per_game} positions",
        "# spread evenly over each game. Made by: python3 bench/movegen.py --make-positions",
        "# One CGP per line; the opcode 'bag N;' is the number of tiles left in the bag.",
    ]
    path.write_text("\n".join(header + lines) + "\n")
    return path


class BenchPosition:
    __slots__ = ("cgp", "board", "rack", "bag")

    def __init__(self, cgp, board, rack, bag):
        self.cgp, self.board, self.rack, self.bag = cgp, board, rack, bag


def load_positions(preset: str, limit: int | None = None, path: Path | None = None) -> list:
    rules = PRESETS[preset]
    path = path or POSITIONS_DIR / f"{preset}.txt"
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        pos = parse_cgp(line, rules)
        out.append(BenchPosition(line, pos.board, pos.racks[0], int(pos.opcodes.get("bag", "100"))))
        if limit is not None and len(out) >= limit:
            break
    return out


# ------------------------------------------------------------------ statistics
def percentile(values, q: float) -> float:
    """The q-quantile (0..1) by linear interpolation between order statistics."""
    xs = sorted(values)
    if not xs:
        return float("nan")
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def summarize_ms(seconds: list[float], cpu: list[float] | None = None) -> dict:
    """Median, p95 and max of wall-clock times; with ``cpu``, the same of the
    process CPU times (less disturbed by other jobs on a shared machine)."""
    ms = [s * 1000.0 for s in seconds]
    out = {"n": len(ms), "median_ms": round(statistics.median(ms), 2) if ms else None,
           "p95_ms": round(percentile(ms, 0.95), 2) if ms else None,
           "max_ms": round(max(ms), 2) if ms else None}
    if cpu:
        cms = [s * 1000.0 for s in cpu]
        out.update(cpu_median_ms=round(statistics.median(cms), 2), cpu_p95_ms=round(percentile(cms, 0.95), 2))
    return out


def _timed(fn, *args):
    """(wall seconds, CPU seconds, result) of one call."""
    c = time.process_time()
    t = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - t, time.process_time() - c, result


# ------------------------------------------------------------------ (a), (b)
def _all_plays_capped(gen, board, rack, cap):
    """The exact list, given up after ``cap`` seconds (engine.search.movegen.Budget): with
    several blanks and flipped J/Q/X/Z on one rack it runs to millions of plays
    (minutes, and gigabytes of Candidates), so such a position is timed as "at
    least cap". (plays, cut)."""
    rec = AllPlays()
    plays = gen.generate(board, rack, rec, Budget(ms=cap * 1000.0) if cap is not None else None)
    return plays, not rec.complete


def time_all_plays(rules, lexicon, positions, cap: float | None = None) -> tuple[dict, list[float]]:
    gen = MoveGenerator(rules, lexicon)
    _all_plays_capped(gen, positions[0].board, positions[0].rack, cap)  # warm-up, not counted
    times, cpu, counts, cut = [], [], [], []
    for p in positions:
        dt, dc, (plays, was_cut) = _timed(_all_plays_capped, gen, p.board, p.rack, cap)
        times.append(dt)
        cpu.append(dc)
        counts.append(len(plays))
        if was_cut:
            cut.append({"cgp": p.cgp, "plays_before_cut": len(plays)})
    out = summarize_ms(times, cpu)
    out["mean_plays"] = round(statistics.fmean(counts), 1)
    out["max_plays"] = max(counts)
    out["cut"] = cut  # positions stopped at the cap: their time is a lower bound
    return out, times


def time_hard(rules, lexicon, positions) -> tuple[dict, list[float]]:
    player = Player(rules, lexicon, "hard")
    player.choose(positions[0].board, positions[0].rack, positions[0].bag)  # warm-up
    times, cpu = [], []
    for p in positions:
        dt, dc, _ = _timed(player.choose, p.board, p.rack, p.bag)
        times.append(dt)
        cpu.append(dc)
    return summarize_ms(times, cpu), times


# ------------------------------------------------------------------ (c) wordsolver
def board_for_wordsolver(board) -> list[list[str]]:
    """wordsolver's board: 15 lists of 15 one-letter strings, ``*`` for empty.

    Blanks already on the board are given as their (uppercase) letters: wordsolver
    cannot use them as written in its docs (lowercase): it never finds a main word
    through a lowercase tile (its word index is uppercase), and it scores a
    lowercase tile in a cross-word at its letter's value. So the comparison runs on
    the position with board blanks turned into natural tiles, for both generators
    (see ``natural_board``)."""
    size = board.size
    return [[(board.cells[r * size + c] or "*").upper() for c in range(size)] for r in range(size)]


def natural_board(board):
    """A copy with every blank on the board made the natural tile of its letter."""
    b = board.copy()
    for sq, cell in enumerate(b.cells):
        if cell and cell.islower():
            b.cells[sq] = cell.upper()
    return b


def wordsolver_plays(solver, board, rack: str) -> dict:
    """wordsolver's plays as {frozenset((square, letter)): score}. It lists a one-tile
    play that makes words both ways twice (across and down): one key here. A play
    listed twice with different scores is kept as a set of scores (a disagreement)."""
    size = board.size
    found = solver.solve(board_for_wordsolver(board), list(rack))
    out: dict = {}
    for word, x, y, down, score in found:
        placed = []
        for i, ch in enumerate(word):
            r, c = (y + i, x) if down else (y, x + i)
            sq = r * size + c
            if not board.cells[sq]:
                placed.append((sq, ch.upper()))
        key = frozenset(placed)
        prev = out.get(key)
        if prev is not None and prev != score:
            out[key] = ("disagree", prev, score)
        else:
            out[key] = score
    return out


def our_plays(gen, board, rack: str) -> dict:
    out = {}
    for cand in gen.generate(board, rack, AllPlays()):
        key = frozenset((sq, cell.upper()) for sq, cell, _ in cand.tiles)
        if key in out and out[key] != cand.score:
            out[key] = ("disagree", out[key], cand.score)
        else:
            out[key] = cand.score
    return out


def compare_plays(ours: dict, theirs: dict, size: int = 15) -> list[str]:
    """Differences in words: empty when both give the same placements and scores."""
    def name(key):
        return " ".join(f"{chr(65 + sq % size)}{sq // size + 1}={ch}" for sq, ch in sorted(key))
    problems = []
    for key in sorted(set(ours) | set(theirs), key=lambda k: sorted(k)):
        a, b = ours.get(key), theirs.get(key)
        if a is None:
            problems.append(f"only wordsolver: {name(key)} ({b})")
        elif b is None:
            problems.append(f"only ours: {name(key)} ({a})")
        elif a != b:
            problems.append(f"score differs: {name(key)} ours {a} wordsolver {b}")
    return problems


def make_wordsolver(words):
    from wordsolver import ScrabbleSolver  # a bench/test tool only (requirements-dev.txt)
    # Words longer than the board can never be played; leaving them out changes no result.
    return ScrabbleSolver([w for w in words if len(w) <= 15])


def bench_wordsolver(lexicon, positions, log=print) -> dict:
    rules = PRESETS["classic"]
    chosen = [p for p in positions if "?" not in p.rack]
    t0 = time.perf_counter()
    solver = make_wordsolver(lexicon.words(large=True))
    setup = time.perf_counter() - t0
    # wordsolver's index is millions of objects: freeze them so that the cyclic
    # garbage collector's full passes (which visit every tracked object) do not
    # charge their cost to whichever generator happens to trigger one.
    gc.collect()
    gc.freeze()
    gen = MoveGenerator(rules, lexicon)
    if chosen:
        our_plays(gen, chosen[0].board, chosen[0].rack)  # warm-up, not counted
    ours_t, theirs_t, ours_c, theirs_c, mismatched, plays = [], [], [], [], [], 0
    blanks_on_board = 0
    for i, p in enumerate(chosen):
        board = natural_board(p.board)
        blanks_on_board += board.cells != p.board.cells
        # Side by side: ours, then wordsolver, on the same position.
        dt_o, dc_o, ours = _timed(our_plays, gen, board, p.rack)
        dt_w, dc_w, theirs = _timed(wordsolver_plays, solver, board, p.rack)
        ours_t.append(dt_o)
        theirs_t.append(dt_w)
        ours_c.append(dc_o)
        theirs_c.append(dc_w)
        plays += len(ours)
        problems = compare_plays(ours, theirs)
        if problems:
            mismatched.append({"cgp": p.cgp, "problems": problems[:10], "count": len(problems)})
        log(f"    wordsolver {i + 1}/{len(chosen)}: ours {dt_o * 1000:.1f} ms, "
            f"wordsolver {dt_w * 1000:.0f} ms, {len(ours)} plays"
            + (f", {len(problems)} DIFFERENCES" if problems else ", same"))
    ratios = [w / o for w, o in zip(theirs_t, ours_t)]
    return {
        "positions": len(chosen), "with_board_blanks_made_natural": blanks_on_board,
        "plays_compared": plays, "positions_differing": len(mismatched),
        "ours": summarize_ms(ours_t, ours_c), "wordsolver": summarize_ms(theirs_t, theirs_c),
        "ratio_total": round(sum(theirs_t) / sum(ours_t), 1) if ours_t else None,
        "cpu_ratio_total": round(sum(theirs_c) / sum(ours_c), 1) if ours_c and sum(ours_c) else None,
        "ratio_median": round(statistics.median(ratios), 1) if ratios else None,
        "ratio_min": round(min(ratios), 1) if ratios else None,
        "wordsolver_setup_s": round(setup, 2), "mismatches": mismatched,
    }


# ------------------------------------------------------------------ (d) self-play
def bench_selfplay(lexicon, games: int, seed: str = "bench") -> dict:
    from engine.selfplay import summary
    c0 = time.process_time()
    t0 = time.perf_counter()
    s = summary(PRESETS["classic"], games, seed, ["hard", "hard"], lexicon)
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return {"games": games, "seconds": round(wall, 2), "games_per_second": round(games / wall, 3),
            "cpu_seconds": round(cpu, 2), "games_per_cpu_second": round(games / cpu, 3),
            "seconds_per_move": s["seconds_per_move"], "mean_score": s["mean_score"]}


# ------------------------------------------------------------------ (e) memory
# The III position of issue 16 item 10 (a mid-game board of bench/positions/iii.txt)
# with eight wild tiles on the rack: its left parts once grew with the time budget.
WILD_CGP = ("21/21/21/21/21/21/21/13C7/13L7/13o[J]7/9GADo[X]IDS5/13S7/13T7/13E7/13R7/13S7/21/21/21/21/21"
            " ???JQXZJ/BIIMOORW 72/120 0 var iii;")
_PROBE = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from engine.lexicon import Lexicon
lex = Lexicon.default()
lex.is_word("A")
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
kind, cgp = sys.argv[2], sys.argv[3]
t0 = time.perf_counter()
if kind == "moves":
    from engine.api import move_list
    out = move_list("iii", cgp, None, lex, limit=100_000, budget_ms=10_000)
else:
    from engine import session
    session.use_lexicon(lex)
    seats = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}]
    session.open(json.dumps({"rules": "iii", "seed": 1, "start": cgp, "seats": seats}))
    out = json.loads(session.hint(session.HINT_TOP_MAX, session.HINT_BUDGET_MAX_MS))
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"s": time.perf_counter() - t0, "plays": len(out["moves"]), "complete": out["complete"],
                  "base_mb": base / 1024, "peak_mb": peak / 1024}))
"""


def peak_rss_mb() -> int | None:
    """This process's peak resident memory so far (Linux reports KiB, macOS bytes);
    None where there is no such measure (Pyodide: bench/pyodide_node.mjs)."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1 << 20 if sys.platform == "darwin" else 1 << 10))


def bench_memory(runs: int) -> dict:
    """(e): each probe ``runs`` times in a fresh process; the worst peak is the figure."""
    import subprocess
    out = {}
    for kind, what in (("moves", "moves at the default bounds"), ("hint", "session's largest hint")):
        figures = []
        for _ in range(runs):
            done = subprocess.run([sys.executable, "-c", _PROBE, str(ROOT), kind, WILD_CGP],
                                  capture_output=True, text=True, check=True)
            figures.append(json.loads(done.stdout.strip().splitlines()[-1]))
        worst = max(figures, key=lambda f: f["peak_mb"])
        out[kind] = {"runs": figures, "worst_peak_mb": round(worst["peak_mb"]),
                     "search_mb": round(worst["peak_mb"] - worst["base_mb"]),
                     "median_s": round(statistics.median(f["s"] for f in figures), 1)}
        print(f"memory, III ???JQXZJ, {what}: worst peak RSS {out[kind]['worst_peak_mb']} MB "
              f"({out[kind]['search_mb']} MB above the loaded word lists) over {runs} run(s); "
              f"median {out[kind]['median_s']} s; {worst['plays']} plays, complete {worst['complete']}",
              flush=True)
    return out


# ------------------------------------------------------------------ main
def loadavg():
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def engine_version(root: Path = ROOT) -> str:
    """The git commit of the work tree, with ``+dirty(files)`` when engine/ has
    uncommitted changes ("unknown" without git, e.g. under Pyodide): figures are only
    comparable between runs of the same engine."""
    import subprocess
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True,
                              text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "engine"], cwd=root,
                               capture_output=True, text=True, timeout=10).stdout.split("\n")
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    files = sorted(line[3:].strip().removeprefix("engine/") for line in dirty if line.strip())
    return (head or "unknown") + (f"+dirty({','.join(files)})" if files else "")


def machine() -> dict:
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "platform": platform.platform(), "cpus": os.cpu_count(),
            "loadavg": loadavg(), "engine": engine_version()}


def verdict(value, target, below=True) -> str:
    if value is None:
        return ""
    ok = value < target if below else value >= target
    return "ok" if ok else "MISSED"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--presets", default=",".join(PRESET_NAMES), help="comma-separated presets")
    ap.add_argument("--limit", type=int, help="at most N positions per preset (quick runs)")
    ap.add_argument("--ws-limit", type=int, help="at most N positions for the wordsolver comparison")
    ap.add_argument("--no-wordsolver", action="store_true", help="skip section (c)")
    ap.add_argument("--no-all-plays", action="store_true", help="skip section (a)")
    ap.add_argument("--cap", type=float, default=10.0,
                    help="(a): stop one position's all-plays list after this many seconds (0: never)")
    ap.add_argument("--selfplay-games", type=int, default=10, help="games for (d); 0 skips it")
    ap.add_argument("--only-hard", action="store_true",
                    help="only section (b), with per-position times in --json (bench/pyodide_node.mjs)")
    ap.add_argument("--memory-runs", type=int, default=1, help="runs of each (e) probe; 0 skips (e)")
    ap.add_argument("--json", help="write every figure to this file")
    ap.add_argument("--make-positions", action="store_true", help="regenerate bench/positions/*.txt")
    ap.add_argument("--games", type=int, default=GAMES, help="with --make-positions: games per preset")
    ap.add_argument("--per-game", type=int, default=PER_GAME, help="with --make-positions: positions per game")
    args = ap.parse_args(argv)
    presets = [p.strip() for p in args.presets.split(",") if p.strip()]
    for p in presets:
        if p not in PRESETS:
            ap.error(f"unknown preset {p!r}")
    if args.only_hard:
        args.no_all_plays = args.no_wordsolver = True
        args.selfplay_games = 0
    lexicon = Lexicon.default()

    if args.make_positions:
        for p in presets:
            path = make_positions(p, lexicon, args.games, args.per_game)
            print(f"wrote {path.relative_to(ROOT)}")
        return 0

    report = {"machine_before": machine(), "presets": {}}
    print(f"# {report['machine_before']['implementation']} {report['machine_before']['python']}, "
          f"{report['machine_before']['cpus']} CPUs, load average {report['machine_before']['loadavg']}, "
          f"engine {report['machine_before']['engine']}")
    gc.collect()
    for name in presets:
        rules = PRESETS[name]
        positions = load_positions(name, args.limit)
        entry = report["presets"][name] = {"positions": len(positions)}
        if not args.no_all_plays:
            entry["all_plays"], _ = time_all_plays(rules, lexicon, positions, args.cap or None)
        entry["hard"], hard_times = time_hard(rules, lexicon, positions)
        if args.only_hard:
            entry["hard_seconds"] = hard_times
        line = f"{name:8s} n={len(positions):3d}"
        if "all_plays" in entry:
            a = entry["all_plays"]
            ge = ">=" if len(a["cut"]) > 0.05 * len(positions) else ""
            line += (f"  all plays median/p95 {a['median_ms']:6.1f} /{ge}{a['p95_ms']:7.1f} ms"
                     f" (cpu {a['cpu_median_ms']:6.1f} /{ge}{a['cpu_p95_ms']:7.1f};"
                     f" mean {a['mean_plays']:.0f} plays; {len(a['cut'])} cut at {args.cap:g} s)")
        h = entry["hard"]
        line += (f"  hard median/p95 {h['median_ms']:6.1f} /{h['p95_ms']:7.1f} ms"
                 f" (cpu {h['cpu_median_ms']:6.1f} /{h['cpu_p95_ms']:7.1f})")
        t = TARGETS.get(name)
        if t:
            line += (f"  [targets < {t['hard_median_ms']:.0f} / < {t['hard_p95_ms']:.0f} ms: "
                     f"{verdict(h['median_ms'], t['hard_median_ms'])}/"
                     f"{verdict(h['p95_ms'], t['hard_p95_ms'])}]")
        entry["peak_rss_mb"] = peak_rss_mb()
        print(line + f"  peak RSS {entry['peak_rss_mb']} MB", flush=True)
        for c in entry.get("all_plays", {}).get("cut", []):
            print(f"    all plays cut at {args.cap:g} s after {c['plays_before_cut']} plays: rack "
                  f"{c['cgp'].split()[1].split('/')[0]}", flush=True)

    if not args.no_wordsolver and "classic" in presets:
        positions = load_positions("classic", args.ws_limit)
        print("wordsolver comparison (classic, racks without a blank):", flush=True)
        ws = bench_wordsolver(lexicon, positions, log=lambda s: print(s, flush=True))
        report["wordsolver"] = ws
        print(f"  positions {ws['positions']} ({ws['with_board_blanks_made_natural']} with board blanks "
              f"made natural), plays {ws['plays_compared']}, positions differing "
              f"{ws['positions_differing']}")
        print(f"  ours median {ws['ours']['median_ms']} ms p95 {ws['ours']['p95_ms']} ms; wordsolver "
              f"median {ws['wordsolver']['median_ms']} ms p95 {ws['wordsolver']['p95_ms']} ms "
              f"(its word-list setup {ws['wordsolver_setup_s']} s, not counted)")
        print(f"  speed ratio wordsolver/ours: total {ws['ratio_total']}x (cpu {ws['cpu_ratio_total']}x), "
              f"per-position median {ws['ratio_median']}x, min {ws['ratio_min']}x  [target >= 30x: "
              f"{verdict(ws['ratio_total'], TARGETS['wordsolver_ratio'], below=False)}]")
        for m in ws["mismatches"][:5]:
            print(f"  DIFFERENT: {m['cgp']}")
            for prob in m["problems"]:
                print(f"    {prob}")

    if args.selfplay_games > 0:
        sp = report["selfplay"] = bench_selfplay(lexicon, args.selfplay_games)
        print(f"self-play hard vs hard, classic: {sp['games']} games in {sp['seconds']} s = "
              f"{sp['games_per_second']} games/s (cpu {sp['cpu_seconds']} s = {sp['games_per_cpu_second']}"
              f" games/cpu-s)  [target >= 1: "
              f"{verdict(sp['games_per_second'], 1.0, below=False)}]")

    if args.memory_runs > 0:
        report["memory"] = bench_memory(args.memory_runs)

    report["machine_after"] = machine()
    print(f"# load average after: {report['machine_after']['loadavg']}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
