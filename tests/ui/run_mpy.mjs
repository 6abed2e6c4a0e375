// Run the UI's native tests (tests/ui/test_*.py) under MicroPython in Node:
// the same interpreter the page runs its UI in. Usage (from the repository root):
//   node tests/ui/run_mpy.mjs
// Prints "N passed, N failed" and exits non-zero on any failure. Needs node_modules
// (npm ci, which scripts/setup.sh runs).
import { readdirSync, readFileSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const { loadMicroPython } = await import(
  join(root, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"));

let out = [];
const mp = await loadMicroPython({
  heapsize: 32 * 1024 * 1024,
  stdout: (line) => out.push(line),
  stderr: (line) => out.push(line),
});
const copy = (srcDir, destDir) => {  // the .py files, folders included (ui/ is by feature)
  mp.FS.mkdirTree(destDir);
  for (const entry of readdirSync(srcDir, { withFileTypes: true })) {
    const name = entry.name;
    if (entry.isDirectory() && name !== "__pycache__") copy(join(srcDir, name), join(destDir, name));
    else if (name.endsWith(".py")) mp.FS.writeFile(join(destDir, name), readFileSync(join(srcDir, name)));
  }
};
copy(join(root, "ui"), "/app/ui");
copy(here, "/app/t");
const modules = readdirSync(here).filter((n) => n.startsWith("test_") && n.endsWith(".py"));

mp.runPython(`
import sys
sys.path.insert(0, "/app")
sys.path.insert(0, "/app/t")
RESULTS = [0, 0]

def run_module(name):
    mod = __import__(name)
    for attr in sorted(dir(mod)):
        if not attr.startswith("test_"):
            continue
        fn = getattr(mod, attr)
        try:
            fn()
            RESULTS[0] += 1
        except Exception as exc:
            RESULTS[1] += 1
            print("FAILED " + name + "::" + attr)
            sys.print_exception(exc)
`);
for (const file of modules) {
  try {
    mp.runPython(`run_module(${JSON.stringify(file.slice(0, -3))})`);
  } catch (err) {
    out.push(`ERROR importing ${file}: ${err.message}`);
    mp.runPython("RESULTS[1] += 1");
  }
}
mp.runPython("import js\njs.globalThis.mpyResults = '%d %d' % (RESULTS[0], RESULTS[1])");
const [passed, failed] = String(globalThis.mpyResults || "0 1").split(" ").map(Number);
for (const line of out) console.log(line);
console.log(`micropython: ${passed} passed, ${failed} failed`);
process.exit(failed || !passed ? 1 : 0);
