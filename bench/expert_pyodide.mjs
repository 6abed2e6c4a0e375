// The expert's time per move under Pyodide in Node (the page's interpreter), against
// native CPython, on the positions bench/expert_time.py uses (issue 18).
//
//   node bench/expert_pyodide.mjs                            # classic and iii, 8 positions, 3000 ms
//   node bench/expert_pyodide.mjs --presets iii --positions 4 --budget 3000 --no-native
//   node bench/expert_pyodide.mjs --python .venv/bin/python --json out.json
//
// Needs node_modules/pyodide (scripts/setup.sh). The engine's *.py, wordlists/lexicon.bin
// and the positions files are copied into Pyodide's virtual file system; both sides run
// the same Python (TIMER below): evenly spread positions of bench/positions/<preset>.txt,
// each begun as a game from its CGP as expert_time.py does, timed around
// `computer_action(game, "expert", budget)`, the worker's own call. For each preset the
// native run (a python subprocess) goes first, then the Pyodide run, so both see about
// the same machine load. Prints per move the time, rounds of simulation and why the
// search stopped, then median, p95 and max ms per move. Wall time: run it alone.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// run(root, preset, positions, budget_ms) -> {"ms": [...], "rounds": [...], "stopped": [...]}
const TIMER = `
import sys, time

def run(root, preset, positions, budget_ms):
    sys.path.insert(0, root)
    from engine.computer import computer_action
    from engine.search.expert import Expert
    from engine.game import Game
    from engine.lexicon import Lexicon
    from engine.notation import Position, format_cgp, parse_cgp
    from engine.rules import PRESETS
    if not hasattr(Expert, "_bench_choose"):   # keep the Expert computer_action makes, for its rounds
        Expert._bench_choose, Expert._bench_seen = Expert.choose, []
        def choose(self, *a, **k):
            Expert._bench_seen.append(self)
            return Expert._bench_choose(self, *a, **k)
        Expert.choose = choose
    lex = Lexicon.default()
    rules = PRESETS[preset]
    with open(f"{root}/bench/positions/{preset}.txt") as f:
        lines = [x for x in f.read().splitlines() if x and not x.startswith("#")]
    step = max(1, len(lines) // positions)
    out = {"ms": [], "rounds": [], "stopped": [], "bag": [], "move": []}
    for line in lines[::step][:positions]:
        pos = parse_cgp(line, rules)
        start = format_cgp(Position(pos.board, pos.racks, pos.scores, pos.zero_turns, rules))
        game = Game(rules, "expert-time", 2, lexicon=lex, start=start)
        del Expert._bench_seen[:]
        t0 = time.perf_counter()
        text = computer_action(game, "expert", budget_ms)
        ms = (time.perf_counter() - t0) * 1000
        ex = Expert._bench_seen[-1] if Expert._bench_seen else None
        rounds, stopped = (ex.rounds, ex.stopped or "-") if ex else (0, "no-expert")
        print(f"  {preset:7s} bag {game.bag_count:3d} {ms:7.0f} ms rounds {rounds:3d} {stopped:9s} {text}",
              flush=True)
        for k, v in (("ms", ms), ("rounds", rounds), ("stopped", stopped), ("bag", game.bag_count),
                     ("move", text)):
            out[k].append(v)
    return out
`;

function parseArgs(argv) {
  const opts = { presets: ["classic", "iii"], positions: 8, budget: 3000, python: "python3", native: true, json: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--presets") opts.presets = next().split(",").filter(Boolean);
    else if (a === "--positions") opts.positions = Number(next());
    else if (a === "--budget") opts.budget = Number(next());
    else if (a === "--python") opts.python = next();
    else if (a === "--no-native") opts.native = false;
    else if (a === "--json") opts.json = next();
    else if (a === "-h" || a === "--help") {
      console.log(fs.readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n\n")[0]);
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!(opts.positions > 0) || !(opts.budget > 0)) throw new Error("--positions and --budget must be positive");
  return opts;
}

function summary(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const m = s.length >> 1;
  const median = s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  // The p95 rule of expert_time.py: the nearest rank of 0.95 * (n - 1).
  const p95 = s[Math.min(s.length - 1, Math.round(0.95 * (s.length - 1)))];
  return { median_ms: median, p95_ms: p95, max_ms: s[s.length - 1] };
}

const loadavg = () => os.loadavg().map((x) => x.toFixed(2)).join(" ");

function runNative(opts, preset) {
  const call = `\nimport json\nprint("RESULT " + json.dumps(run(${JSON.stringify(ROOT)}, ${JSON.stringify(preset)}, `
    + `${opts.positions}, ${opts.budget})))\n`;
  const r = spawnSync(opts.python, ["-c", TIMER + call], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 24,
    stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error(`native run failed (${opts.python}, exit ${r.status})`);
  let result = null;
  for (const line of r.stdout.split("\n")) {
    if (line.startsWith("RESULT ")) result = JSON.parse(line.slice(7));
    else if (line) console.log(line);
  }
  return result;
}

async function startPyodide() {
  const { loadPyodide } = await import(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
  const t0 = performance.now();
  const py = await loadPyodide({ indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep });
  const loadMs = performance.now() - t0;
  const copy = (from, to, keep) => {   // with its subfolders (the engine's packages)
    py.FS.mkdirTree(to);
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      const name = entry.name;
      if (entry.isDirectory()) {
        if (name !== "__pycache__") copy(path.join(from, name), `${to}/${name}`, keep);
      } else if (keep(name)) py.FS.writeFile(`${to}/${name}`, fs.readFileSync(path.join(from, name)));
    }
  };
  copy(path.join(ROOT, "engine"), "/bench-root/engine", (n) => n.endsWith(".py"));
  copy(path.join(ROOT, "wordlists"), "/bench-root/wordlists", (n) => n === "lexicon.bin");
  copy(path.join(ROOT, "bench", "positions"), "/bench-root/bench/positions", (n) => n.endsWith(".txt"));
  py.runPython(TIMER);
  const version = py.runPython("import sys; sys.version.split()[0]");
  return { py, loadMs, version };
}

function runPyodide(py, opts, preset) {
  const run = py.globals.get("run");
  const res = run("/bench-root", preset, opts.positions, opts.budget);
  const out = res.toJs({ dict_converter: Object.fromEntries });
  res.destroy();
  run.destroy();
  return out;
}

const fmt = (s) => s ? `${s.median_ms.toFixed(0).padStart(6)} ${s.p95_ms.toFixed(0).padStart(6)} ${s.max_ms.toFixed(0).padStart(6)}` : "     -      -      -";

const opts = parseArgs(process.argv.slice(2));
console.log(`# node ${process.version}, ${os.cpus().length} CPUs, load average ${loadavg()}; budget ${opts.budget} ms`);
const { py, loadMs, version } = await startPyodide();
const nativeVersion = opts.native
  ? spawnSync(opts.python, ["-c", "import sys; print(sys.version.split()[0])"], { encoding: "utf8" }).stdout.trim()
  : null;
console.log(`# Pyodide ${py.version} (Python ${version}) loaded in ${(loadMs / 1000).toFixed(1)} s`
  + (nativeVersion ? `; native ${opts.python} (Python ${nativeVersion})` : ""));
const results = {};
for (const preset of opts.presets) {
  let native = null;
  if (opts.native) {
    console.log(`## ${preset}: native (load average ${loadavg()})`);
    native = runNative(opts, preset);
  }
  console.log(`## ${preset}: Pyodide (load average ${loadavg()})`);
  const wasm = runPyodide(py, opts, preset);
  results[preset] = {
    positions: wasm.ms.length,
    native: native && { ...summary(native.ms), per_move: native },
    pyodide: { ...summary(wasm.ms), per_move: wasm },
  };
}
console.log(`\nms per move at ${opts.budget} ms   native median / p95 / max   Pyodide median / p95 / max   Pyodide rounds`);
for (const [preset, r] of Object.entries(results)) {
  const rounds = r.pyodide.per_move.rounds;
  console.log(`${preset.padEnd(8)} ${String(r.positions).padStart(3)}          ${fmt(r.native)}        ${fmt(r.pyodide)}`
    + `      ${Math.min(...rounds)}-${Math.max(...rounds)}`);
}
console.log(`# load average after: ${loadavg()}`);
if (opts.json) {
  fs.writeFileSync(opts.json, JSON.stringify({ pyodide: py.version, python: version, native_python: nativeVersion,
    budget_ms: opts.budget, results }, null, 1) + "\n");
}
