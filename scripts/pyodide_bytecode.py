"""Bytecode for the engine worker's Pyodide, made at setup by the pinned Pyodide itself.

Whatever Python the worker imports as it starts is compiled inside WebAssembly on every
page load unless bytecode is at hand. Three sources of it, each compiled here once, in
Node, by the Pyodide the page runs (so the magic number and the bytecode match its
CPython by construction):

- its standard library: Pyodide's npm release ships ``python_stdlib.zip`` as sources
  only, and the interpreter's own start, PyScript's and the engine's import ~190 of its
  modules. ``build_stdlib`` writes the zip with a .pyc in place of each source:
  zipimport takes a .pyc alone, and an unchecked hash-based .pyc is never compared with
  anything. Each code object is named as Pyodide mounts the zip
  (``/lib/python3XX.zip/...``); a traceback through the standard library shows no
  source line (there is none to read). Rebuilt when its inputs change: the zip's
  comment records a hash of the npm zip, the package's package.json and the recipe.
  Without Node, or if compiling fails, the npm zip is shipped as it is (slower start).
- the engine (``engine_bytecode``, into vendor/engine.zip by webtool.py): unchecked
  hash-based .pyc (no mtime check), shipped in place of the sources.
- PyScript's own Python package, which its worker writes into the working directory
  and imports before the engine's script runs: its bytecode goes into engine.zip too, so
  the worker imports it from there (engine.zip is on sys.path ahead of the working
  directory: start.mjs) rather than compiling the sources it wrote.

Standard library only, like webtool.py (the system ``python3`` runs it).
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

STDLIB = "python_stdlib.zip"
# PyScript's Python package as its bundle writes it (the same text, kept in the npm package).
PYSCRIPT_PYTHON = "node_modules/@pyscript/core/src/stdlib/pyscript.js"

# Run by Node with the pinned Pyodide: compiles every .py of the zip Pyodide mounted and
# writes the new zip (deterministic: sorted names, fixed dates) to the path it is given,
# with the comment it is given.
_STDLIB_SCRIPT = r"""
import fs from "node:fs";
const [pyodideUrl, out, comment] = process.argv.slice(-3);
const { loadPyodide } = await import(pyodideUrl);
const py = await loadPyodide();
py.globals.set("COMMENT", comment);
py.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
src = next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile(src) as zin, zipfile.ZipFile("/out.zip", "w") as zout:
    for info in sorted(zin.infolist(), key=lambda i: i.filename):
        name, data = info.filename, zin.read(info)
        if name.endswith(".py") and not name.startswith("site-packages/"):
            try:
                code = compile(data, src + "/" + name, "exec", dont_inherit=True, optimize=0)
            except SyntaxError:  # kept as source: the interpreter reports it as it would
                pass
            else:
                data = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                name += "c"
        entry = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
        entry.external_attr = info.external_attr
        if not name.endswith("/"):
            entry.compress_type = zipfile.ZIP_DEFLATED
        zout.writestr(entry, data, compresslevel=9)
    zout.comment = COMMENT.encode()
`);
fs.writeFileSync(out, py.FS.readFile("/out.zip"));
"""

# Run by Node with the pinned Pyodide: compiles the engine's files (copied to a folder) and
# PyScript's package (written where its worker writes it); prints [[archive name, base64]].
_PYC_SCRIPT = r"""
import fs from "node:fs";
import path from "node:path";
const [pyodideUrl, dir, pyscriptTree] = process.argv.slice(-3);
const { loadPyodide } = await import(pyodideUrl);
const py = await loadPyodide();
const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap(
  (e) => e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]);
for (const file of walk(dir)) {
  const rel = "/src/" + path.relative(dir, file);
  py.FS.mkdirTree(path.dirname(rel));
  py.FS.writeFile(rel, fs.readFileSync(file));
}
const home = "/home/pyodide/";  // the worker's working directory
const put = (base, tree) => {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "string") py.FS.writeFile(base + name, value);
    else { py.FS.mkdirTree(base + name); put(base + name + "/", value); }
  }
};
try {
  if (pyscriptTree) put(home, (await import(pyscriptTree)).default);
} catch (e) {  // another layout of PyScript's package: the engine's bytecode all the same
  console.error("PyScript's Python package not compiled: " + e);
}
py.runPython(`
import compileall, os, py_compile
mode = py_compile.PycInvalidationMode
ok = compileall.compile_dir("/src", quiet=1, invalidation_mode=mode.UNCHECKED_HASH)
if os.path.isdir("${home}pyscript"):
    ok = ok and compileall.compile_dir("${home}pyscript", quiet=1, invalidation_mode=mode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("compile failed")
`);
const out = [];
const collect = (d, strip) => {
  for (const name of py.FS.readdir(d)) {
    if (name === "." || name === "..") continue;
    const p = d + "/" + name;
    if (py.FS.isDir(py.FS.stat(p).mode)) collect(p, strip);
    else if (p.endsWith(".pyc")) out.push([p.slice(strip.length), Buffer.from(py.FS.readFile(p)).toString("base64")]);
  }
};
collect("/src", "/src/");
if (py.FS.analyzePath(home + "pyscript").exists) collect(home + "pyscript", home);
process.stdout.write(JSON.stringify(out));
"""
# Part of engine.zip's stamp: a changed recipe rebuilds the zip.
RECIPE = _PYC_SCRIPT.encode()


def _run_node(script: str, *args: str, timeout: float = 600) -> subprocess.CompletedProcess | None:
    """``script`` run by Node as an ES module with ``args``; None without Node or on timeout."""
    node = shutil.which("node")
    if not node:
        return None
    try:
        return subprocess.run([node, "--input-type=module", "-e", script, *args],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


# --------------------------------------------------------------------------- the engine


def engine_bytecode(root: Path, files: list[Path]) -> dict[str, bytes]:
    """{archive name: .pyc bytes} for ``files`` (under ``root``) and PyScript's package,
    compiled by node_modules' Pyodide; {} when Node or Pyodide is missing or compiling
    fails (the worker then compiles at import)."""
    mjs = root / "node_modules" / "pyodide" / "pyodide.mjs"
    if not mjs.exists():
        return {}
    tree = root / PYSCRIPT_PYTHON
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            dest = Path(tmp) / path.relative_to(root)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(path.read_bytes())
        proc = _run_node(_PYC_SCRIPT, mjs.as_uri(), tmp, tree.as_uri() if tree.is_file() else "", timeout=300)
    try:
        pairs = json.loads(proc.stdout) if proc and proc.returncode == 0 else None
    except ValueError:
        pairs = None
    if not pairs:
        print("engine.zip: no bytecode (Pyodide in Node failed); the worker compiles at start", file=sys.stderr)
        return {}
    return {name: base64.b64decode(data) for name, data in pairs}


# --------------------------------------------------------------------------- the standard library


def stdlib_stamp(pyodide_dir: Path) -> bytes:
    """The zip comment naming the inputs: the npm zip, the package's version, the recipe."""
    h = hashlib.sha256(_STDLIB_SCRIPT.encode())
    for name in ("package.json", STDLIB):
        h.update(name.encode() + b"\0" + (pyodide_dir / name).read_bytes())
    return b"wlc-stdlib-pyc " + h.hexdigest()[:32].encode()


def _ends_with(target: Path, comment: bytes) -> bool:
    """True when ``target`` ends with ``comment`` (a zip's comment is its last bytes)."""
    try:
        with target.open("rb") as f:
            f.seek(max(0, target.stat().st_size - len(comment)))
            return f.read() == comment
    except OSError:
        return False


def compile_stdlib(pyodide_dir: Path, out: Path) -> bool:
    """Write the compiled zip to ``out``; False (``out`` untouched) if Node or Pyodide fails."""
    comment = stdlib_stamp(pyodide_dir)
    mjs = pyodide_dir / "pyodide.mjs"
    if not mjs.exists():
        return False
    with tempfile.TemporaryDirectory() as tmp:
        made = Path(tmp) / STDLIB
        proc = _run_node(_STDLIB_SCRIPT, mjs.as_uri(), str(made), comment.decode())
        if proc is None or proc.returncode != 0 or not _ends_with(made, comment):
            tail = ((proc.stderr or proc.stdout).strip().splitlines()[-1:] if proc else []) or ["no Node, or timed out"]
            print(f"{STDLIB}: compiling failed ({tail[0][:200]})", file=sys.stderr)
            return False
        partial = out.with_name(out.name + ".tmp")
        shutil.copyfile(made, partial)
    partial.replace(out)
    return True


def build_stdlib(pyodide_dir: Path, target: Path) -> bool:
    """Bring ``target`` up to date: the compiled zip, else (no Node, compiling failed) a
    copy of the npm one. Returns True if the file changed."""
    if _ends_with(target, stdlib_stamp(pyodide_dir)):
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    if compile_stdlib(pyodide_dir, target):
        return True
    print(f"{STDLIB}: shipping Pyodide's sources (the engine then compiles them at every start)", file=sys.stderr)
    source = pyodide_dir / STDLIB
    if target.exists() and target.read_bytes() == source.read_bytes():
        return False
    shutil.copyfile(source, target)
    return True
