"""Run a bench script's ``main(argv)`` under Pyodide in Node (node_modules/pyodide,
installed by scripts/setup.sh): the engine's *.py and the script are copied into
Pyodide's file system in the repository's layout, so both sides run the same Python.

    from in_pyodide import run; run("fairdeal.py", ["--draws", "20"])
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

NODE_SCRIPT = r"""
import fs from "node:fs";
import path from "node:path";
const [root, script, argsJson] = process.argv.slice(1);
const { loadPyodide } = await import(path.join(root, "node_modules", "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(root, "node_modules", "pyodide") + path.sep });
function copy(from, to) {
  py.FS.mkdirTree(to);
  for (const entry of fs.readdirSync(path.join(root, from), { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__") copy(`${from}/${entry.name}`, `${to}/${entry.name}`);
    } else if (entry.name.endsWith(".py")) {
      py.FS.writeFile(`${to}/${entry.name}`, fs.readFileSync(path.join(root, from, entry.name)));
    }
  }
}
copy("engine", "/r/engine");
py.FS.mkdirTree("/r/bench");
py.FS.writeFile(`/r/bench/${script}`, fs.readFileSync(path.join(root, "bench", script)));
py.globals.set("bench_args", py.toPy(JSON.parse(argsJson)));
py.globals.set("bench_script", script.replace(/\.py$/, ""));
py.runPython(`
import sys, importlib
sys.path[:0] = ["/r", "/r/bench"]
print(f"# Pyodide ${py.version} (Python {sys.version.split()[0]}) in Node ${process.version}")
importlib.import_module(bench_script).main(list(bench_args))
`);
"""


def run(script: str, argv: list[str]) -> int:
    """``bench/<script>``'s main(argv) in Pyodide; its output goes to ours."""
    done = subprocess.run(["node", "--input-type=module", "-e", NODE_SCRIPT, str(ROOT), script, json.dumps(argv)],
                          cwd=ROOT)
    return done.returncode
