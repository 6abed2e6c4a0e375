#!/usr/bin/env python3
"""Review speed (issue 17): whole games reviewed turn by turn, natively and in Pyodide.

    python3 bench/review.py                          # every record, budget 1000 ms a turn
    python3 bench/review.py --budget 500 --rank equity
    python3 bench/review.py --records selfplay_iii_0 --budget 0     # exact, however long
    python3 bench/review.py --pyodide                # also the same run in Pyodide under Node
    python3 bench/review.py --make-records           # rewrite bench/records/selfplay_*.gcg

Records: our self-play (``bench/records/selfplay_<preset>_<n>.gcg``, hard against
hard without a time budget, so ``--make-records`` writes the same files again with
the same engine) and the classic records from other programs in ``tests/data/gcg/``.
Each game is reviewed the way the page does it, through engine/session/review.py:
``review_plan`` on the record's text (every seat), then one ``review_turn`` per
turn with the budget, each call timed (JSON in and out included). Printed per
game: turns, total seconds, median, p95 and slowest turn (ms), turns whose exact
search the budget cut, process CPU seconds, and the points missed per player (what
a shorter budget costs: compare with ``--budget 0``). Targets (the page, i.e. Pyodide):
a classic game of about 25 turns in at most 5 s, a III game in at most 15 s.

``--pyodide`` loads ``node_modules/pyodide`` in Node (as bench/pyodide_node.mjs
does), copies engine/*.py, the word lists, this script and the records into its
file system and runs this script there with the same arguments. The load average
is printed before and after: the machine is shared; compare medians.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import session  # noqa: E402
from engine.session import review as session_review  # noqa: E402
from engine.records.gcg import decode_record, write_gcg  # noqa: E402
from engine.lexicon import Lexicon  # noqa: E402

RECORDS = ROOT / "bench" / "records"
FOREIGN = ROOT / "tests" / "data" / "gcg"
SELFPLAY = (("classic", 0), ("classic", 1), ("iii", 0), ("iii", 1))
TARGET_S = {"classic": 5.0, "iii": 15.0}

NODE_SCRIPT = r"""
import fs from "node:fs";
import path from "node:path";
const [root, argsJson] = process.argv.slice(1);
const { loadPyodide } = await import(path.join(root, "node_modules", "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(root, "node_modules", "pyodide") + path.sep });
function copy(from, to, keep, deep = false) {   // deep: with subfolders (the engine's packages)
  py.FS.mkdirTree(to);
  for (const entry of fs.readdirSync(path.join(root, from), { withFileTypes: true })) {
    const name = entry.name;
    if (entry.isDirectory()) {
      if (deep && name !== "__pycache__") copy(`${from}/${name}`, `${to}/${name}`, keep, deep);
    } else if (keep(name)) py.FS.writeFile(`${to}/${name}`, fs.readFileSync(path.join(root, from, name)));
  }
}
copy("engine", "/r/engine", (n) => n.endsWith(".py"), true);
copy("wordlists", "/r/wordlists", (n) => n === "lexicon.bin");
copy("bench", "/r/bench", (n) => n === "review.py");
copy("bench/records", "/r/bench/records", (n) => n.endsWith(".gcg"));
copy("tests/data/gcg", "/r/tests/data/gcg", (n) => n.endsWith(".gcg"));
py.globals.set("bench_args", py.toPy(JSON.parse(argsJson)));
py.runPython(`
import sys
sys.path.insert(0, "/r/bench")
import review
print(f"# Pyodide ${py.version} (Python {sys.version.split()[0]})")
review.main(list(bench_args))
`);
"""


def loadavg():
    if sys.platform == "emscripten":
        return None     # Pyodide reports a made-up one
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def records(names: list[str] | None) -> list[Path]:
    found = sorted(RECORDS.glob("*.gcg")) + sorted(FOREIGN.glob("*.gcg"))
    if names:
        found = [p for p in found if p.stem in names]
        missing = set(names) - {p.stem for p in found}
        if missing:
            raise SystemExit(f"no record named {', '.join(sorted(missing))}")
    return found


def make_records() -> None:
    from engine.rules import PRESETS
    from engine.selfplay import play_game

    RECORDS.mkdir(exist_ok=True)
    lexicon = Lexicon.default()
    for preset, n in SELFPLAY:
        game = play_game(PRESETS[preset], f"review-{preset}-{n}", ["hard", "hard"], lexicon)
        path = RECORDS / f"selfplay_{preset}_{n}.gcg"
        path.write_text(write_gcg(game))
        print(f"{path.relative_to(ROOT)}: {len(game.turns)} lines, scores {list(game.scores)}")


def review_record(path: Path, budget_ms: int, ranking: str) -> dict:
    """Review one record as the page does; the timings of each call."""
    text = decode_record(path.read_bytes())
    t0 = time.perf_counter()
    plan = json.loads(session_review.review_plan(text, ""))   # a record: every seat
    if "error" in plan:
        raise SystemExit(f"{path.name}: {plan['error']}")
    plan_ms = (time.perf_counter() - t0) * 1000
    cpu0 = time.process_time()
    times, results = [], []
    for row in plan["turns"]:
        t = time.perf_counter()
        out = json.loads(session_review.review_turn(row["turn"], budget_ms, ranking))
        times.append((time.perf_counter() - t) * 1000)
        if "error" in out:
            raise SystemExit(f"{path.name} turn {row['turn']}: {out['error']}")
        results.append(out)
    cpu = time.process_time() - cpu0
    summary = json.loads(session_review.review_summary(json.dumps(results)))
    slow = max(range(len(times)), key=times.__getitem__) if times else None
    ordered = sorted(times)
    return {
        "record": path.stem, "rules": plan["rules"], "turns": len(times), "plan_ms": round(plan_ms, 1),
        "total_s": round(sum(times) / 1000, 2), "median_ms": round(statistics.median(times), 1) if times else 0,
        "p95_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], 1) if times else 0,
        "slowest_ms": round(times[slow], 1) if times else 0,
        "slowest_turn": results[slow]["turn"] if times else None,
        "slowest_best": results[slow]["best"] if times else None,
        "cut": sum(1 for r in results if r["cut"]), "cpu_s": round(cpu, 2),
        "missed": [p["missed"] for p in summary["players"]],
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=int, default=1000, help="ms of exact search a turn (0: exact)")
    parser.add_argument("--rank", default="score", choices=("score", "equity"))
    parser.add_argument("--records", help="comma-separated record names (file stems)")
    parser.add_argument("--pyodide", action="store_true", help="also run it in Pyodide under Node")
    parser.add_argument("--make-records", action="store_true")
    parser.add_argument("--json", help="write the figures as JSON")
    args = parser.parse_args(argv)
    if args.make_records:
        make_records()
        return 0
    names = args.records.split(",") if args.records else None
    paths = records(names)
    session.use_lexicon(Lexicon.default())
    where = "Pyodide" if sys.platform == "emscripten" else f"native {sys.version.split()[0]}"
    print(f"# {where}, {os.cpu_count()} CPUs, load average {loadavg()}, budget {args.budget} ms, "
          f"ranking {args.rank}")
    print(f"{'record':22} {'rules':8} {'turns':>5} {'total s':>8} {'median':>7} {'p95':>7} {'slowest':>8}"
          f" {'cut':>4} {'cpu s':>6} {'missed':>9}  target")
    rows = []
    for path in paths:
        row = review_record(path, args.budget, args.rank)
        rows.append(row)
        preset = row["rules"].split(",")[0]
        target = TARGET_S.get(preset)
        verdict = "" if target is None else f"<= {target:g} s (page)"
        print(f"{row['record']:22} {row['rules'][:8]:8} {row['turns']:5} {row['total_s']:8.2f} "
              f"{row['median_ms']:7.1f} {row['p95_ms']:7.1f} {row['slowest_ms']:8.1f} {row['cut']:4} "
              f"{row['cpu_s']:6.2f} {'/'.join(str(m) for m in row['missed']):>9}  {verdict}", flush=True)
    print(f"# load average after: {loadavg()}")
    if args.json:
        Path(args.json).write_text(json.dumps({"where": where, "budget_ms": args.budget, "ranking": args.rank,
                                               "games": rows}, indent=1) + "\n")
    if args.pyodide:
        forward = [a for a in (argv if argv is not None else sys.argv[1:]) if a != "--pyodide"]
        forward = [a for i, a in enumerate(forward) if a != "--json" and (i == 0 or forward[i - 1] != "--json")]
        print("## the same in Pyodide (Node)", flush=True)
        done = subprocess.run(["node", "--input-type=module", "-e", NODE_SCRIPT, str(ROOT), json.dumps(forward)],
                              cwd=ROOT)
        return done.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
