"""scripts/pyodide_link.py: Pyodide's linker, patched as vendor/ is written, links the
same symbols to the same things, in less time.

Run in Node against the pinned Pyodide: the unpatched runtime (node_modules) beside the
patched one (vendor/), each started plainly (no snapshot), then their global offset
tables and function tables compared symbol by symbol.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import pyodide_link  # noqa: E402

PINNED = ROOT / "node_modules" / "pyodide"
VENDORED = ROOT / "vendor" / "pyodide"

# Starts one Pyodide plainly; prints what its linker made: for every GOT entry of the
# main module's own imports (and for some symbols it does not import, asked for as a side
# module would), a function's table slot named by what is in it, a data symbol's address.
_PROBE = r"""
const [dir, stdlib, asked] = process.argv.slice(-3);
const fs = await import("node:fs");
const { loadPyodide } = await import(dir + "/pyodide.mjs");
const py = await loadPyodide({ stdLibURL: stdlib });
const m = py._module;
const module = new WebAssembly.Module(fs.readFileSync(new URL(dir + "/pyodide.asm.wasm")));
const gotImports = WebAssembly.Module.imports(module).filter((i) => i.module.startsWith("GOT"));
const kinds = new Map(gotImports.map((i) => [i.name, i.module]));
for (const e of WebAssembly.Module.exports(module)) if (!kinds.has(e.name)) kinds.set(e.name, e.kind === "function" ? "GOT.func" : "GOT.mem");
// A function: what its table slot holds (a wasm function's name is its index in its module;
// the wrapper of a JavaScript function is known by its arity); data: the address.
const what = (name, entry) => {
  if (kinds.get(name) !== "GOT.func") return ["data", entry.value];
  const f = m.wasmTable.get(entry.value);
  return ["func", f.name, f.length];
};
const got = {};
for (const { name } of gotImports) if (m.GOT[name]) got[name] = what(name, m.GOT[name]);
// Each JavaScript function in the table is found there again at the slot it got (the table's
// map knows it), and asked for again gets that same slot, not a new one.
const again = Object.keys(got).filter((name) => {
  const f = m.resolveGlobalSymbol(name, true).sym, slot = m.GOT[name].value;
  return !(typeof f === "function" && m.getFunctionAddress(f) === slot && m.addFunction(f, f.sig) === slot);
});
const asked_ = {};
for (const name of JSON.parse(asked)) asked_[name] = what(name, m.GOTHandler.get(new Set(), name));
console.log(JSON.stringify({ got, again, asked: asked_, table: m.wasmTable.length, imported: WebAssembly.Module.imports(module).filter((i) => i.kind === "function").length,
  python: py.runPython("import json, ctypes; json.dumps(sorted({'b': 2, 'a': 1}.items()))") }));
"""

# Exported by the main module, not imported by it through its GOT (checked below): what a
# side module may import: a function and a data symbol.
ASKED = ["PyList_Append", "PyExc_ValueError"]


def _probe(folder: Path) -> dict:
    node = shutil.which("node")
    if not node:
        pytest.fail("Node is needed (scripts/setup.sh installs it)")
    proc = subprocess.run([node, "--input-type=module", "-e", _PROBE, folder.as_uri(),
                           (VENDORED / "python_stdlib.zip").as_uri(), json.dumps(ASKED)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_vendor_holds_the_patched_linker():
    text = (VENDORED / pyodide_link.FILE).read_text(encoding="utf-8")
    assert text == pyodide_link.patch((PINNED / pyodide_link.FILE).read_text(encoding="utf-8"))
    assert text.startswith(pyodide_link.MARK) and "convertJsFunctionsAtOnce();" in text
    assert pyodide_link.patch(text) == text   # never patched twice


def test_a_linker_other_than_the_one_patched_stops_the_build():
    text = (PINNED / pyodide_link.FILE).read_text(encoding="utf-8")
    with pytest.raises(pyodide_link.PatchError, match="reportUndefinedSymbols found 0 times"):
        pyodide_link.patch(text.replace("var reportUndefinedSymbols=()=>{", "var reportUndefinedSymbols=()=>{ "))


def test_the_patched_linker_links_every_symbol_to_the_same_thing():
    """Every GOT entry the main module imports holds the same function (by its wasm
    function index, or the same JavaScript function's wrapper: same arity) or the same
    data address; symbols it does not import are filled when asked for, as before; the
    function table is smaller (the 5,000-odd exports the module never takes the address
    of are no longer put in it); a JavaScript function put in the table is found at its slot
    again; Python runs."""
    pinned, patched = _probe(PINNED), _probe(VENDORED)
    assert set(pinned["got"]) == set(patched["got"]) and len(pinned["got"]) > 200
    own = pinned["imported"]   # the main module's own functions are numbered after its imports
    differ = {k: (a, patched["got"][k]) for k, a in pinned["got"].items()
              if a[0] != patched["got"][k][0] or (a[0] == "data" and a != patched["got"][k])
              or (a[0] == "func" and (a[2] != patched["got"][k][2] or (int(a[1]) >= own) != (int(patched["got"][k][1]) >= own)
                                      or (int(a[1]) >= own and a[1] != patched["got"][k][1])))}
    assert differ == {}
    assert pinned["again"] == patched["again"] == []
    assert not set(ASKED) & set(pinned["got"])
    assert patched["asked"] == pinned["asked"]
    assert patched["asked"]["PyList_Append"][0] == "func" and patched["asked"]["PyExc_ValueError"][0] == "data"
    assert patched["table"] < pinned["table"] - 4000
    assert patched["python"] == pinned["python"] == '[["a", 1], ["b", 2]]'
