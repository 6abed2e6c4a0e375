// Hard-AI choice time under Pyodide in Node, against native CPython, on the same
// positions (bench/positions/<preset>.txt), preset by preset in one run.
//
//   node bench/pyodide_node.mjs                          # every preset, every position
//   node bench/pyodide_node.mjs --presets classic,iii --limit 30
//   node bench/pyodide_node.mjs --python .venv/bin/python --json out.json
//
// Needs node_modules/pyodide (scripts/setup.sh installs it with npm ci). The engine's
// *.py, wordlists/lexicon.bin, bench/movegen.py and the positions files are copied into
// Pyodide's virtual file system and the timing code is bench/movegen.py's own
// (`--only-hard`), so both sides run exactly the same Python. For each preset the
// native run (a python3 subprocess) goes first, then the Pyodide run; each prints its
// median and p95, and the ratio Pyodide/native is given as the ratio of medians and
// as the median of the per-position ratios.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PRESETS = ["classic", "o", "i", "ii", "iii", "richard"];

function parseArgs(argv) {
  const opts = { presets: PRESETS, limit: null, python: "python3", json: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--presets") opts.presets = next().split(",").filter(Boolean);
    else if (a === "--limit") opts.limit = Number(next());
    else if (a === "--python") opts.python = next();
    else if (a === "--json") opts.json = next();
    else if (a === "-h" || a === "--help") {
      console.log(fs.readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n\n")[0]);
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function movegenArgs(preset, limit, jsonPath) {
  const args = ["--only-hard", "--memory-runs", "0", "--presets", preset, "--json", jsonPath];
  if (limit) args.push("--limit", String(limit));
  return args;
}

function runNative(opts, preset) {
  const out = path.join(os.tmpdir(), `bench-native-${process.pid}-${preset}.json`);
  const r = spawnSync(opts.python, [path.join(ROOT, "bench", "movegen.py"), ...movegenArgs(preset, opts.limit, out)],
    { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) throw new Error(`native run failed (${opts.python}, exit ${r.status})`);
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  fs.unlinkSync(out);
  return report;
}

function copyTree(py, from, to, keep) {   // with its subfolders (the engine's packages)
  py.FS.mkdirTree(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const name = entry.name;
    if (entry.isDirectory()) {
      if (name !== "__pycache__") copyTree(py, path.join(from, name), `${to}/${name}`, keep);
    } else if (keep(name)) py.FS.writeFile(`${to}/${name}`, fs.readFileSync(path.join(from, name)));
  }
}

async function startPyodide() {
  const { loadPyodide } = await import(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
  const t0 = performance.now();
  const py = await loadPyodide({ indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep });
  const loadMs = performance.now() - t0;
  // Same layout as the repository, under /bench-root.
  copyTree(py, path.join(ROOT, "engine"), "/bench-root/engine", (n) => n.endsWith(".py"));
  copyTree(py, path.join(ROOT, "wordlists"), "/bench-root/wordlists", (n) => n === "lexicon.bin");
  copyTree(py, path.join(ROOT, "bench"), "/bench-root/bench", (n) => n === "movegen.py");
  copyTree(py, path.join(ROOT, "bench", "positions"), "/bench-root/bench/positions", (n) => n.endsWith(".txt"));
  py.runPython("import sys; sys.path.insert(0, '/bench-root/bench'); import movegen");
  const version = py.runPython("import sys; sys.version.split()[0]");
  return { py, loadMs, version };
}

function runPyodide(py, opts, preset) {
  const out = "/tmp/bench-pyodide.json";
  py.globals.set("bench_args", py.toPy(movegenArgs(preset, opts.limit, out)));
  py.runPython("movegen.main(list(bench_args))");
  return JSON.parse(py.FS.readFile(out, { encoding: "utf8" }));
}

const opts = parseArgs(process.argv.slice(2));
console.log(`# node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}`);
const { py, loadMs, version } = await startPyodide();
console.log(`# Pyodide ${py.version} (Python ${version}) loaded in ${(loadMs / 1000).toFixed(1)} s`);
const results = {};
for (const preset of opts.presets) {
  console.log(`## ${preset}: native`);
  const native = runNative(opts, preset).presets[preset];
  console.log(`## ${preset}: Pyodide`);
  const wasm = runPyodide(py, opts, preset).presets[preset];
  const perPosition = native.hard_seconds.map((t, i) => wasm.hard_seconds[i] / t);
  results[preset] = {
    positions: native.positions,
    native_median_ms: native.hard.median_ms, native_p95_ms: native.hard.p95_ms,
    pyodide_median_ms: wasm.hard.median_ms, pyodide_p95_ms: wasm.hard.p95_ms,
    ratio_of_medians: +(wasm.hard.median_ms / native.hard.median_ms).toFixed(2),
    ratio_of_p95: +(wasm.hard.p95_ms / native.hard.p95_ms).toFixed(2),
    median_per_position_ratio: +median(perPosition).toFixed(2),
  };
}
console.log("\npreset    n   native med/p95 ms   Pyodide med/p95 ms   ratio (medians, p95s, per-position median)");
for (const [preset, r] of Object.entries(results)) {
  console.log(`${preset.padEnd(8)} ${String(r.positions).padStart(3)}  ${r.native_median_ms.toFixed(1).padStart(7)} ${r.native_p95_ms.toFixed(1).padStart(8)}`
    + `   ${r.pyodide_median_ms.toFixed(1).padStart(7)} ${r.pyodide_p95_ms.toFixed(1).padStart(8)}`
    + `     ${r.ratio_of_medians}x  ${r.ratio_of_p95}x  ${r.median_per_position_ratio}x`);
}
console.log(`# load average after: ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}`);
if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ pyodide: py.version, python: version, results }, null, 1) + "\n");
