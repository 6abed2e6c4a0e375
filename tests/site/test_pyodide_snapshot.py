"""scripts/pyodide_snapshot.py: the engine workers' Pyodide started from a memory snapshot.

The standard library the page ships beside the snapshot is trimmed to what the project's
Pyodide code can import, so a new import in engine/ or a worker script must find its
module in the snapshot, the lazy zip or Pyodide's built-in modules; and the snapshot must
really start the engine (in Node, with the pinned Pyodide, as start.mjs does in the page).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import pyodide_snapshot as ps  # noqa: E402
import webtool  # noqa: E402

VENDORED = ROOT / "vendor" / "pyodide"
NOT_STDLIB = {"js"}  # Pyodide's module of the JavaScript globals


@pytest.fixture(scope="module")
def manifest():
    if not (VENDORED / ps.LAZY).is_file() or not (VENDORED / ps.SNAPSHOT).is_file():
        pytest.fail("vendor/pyodide has no snapshot: run `bash scripts/setup.sh --runtime` (needs Node)")
    return ps.manifest(VENDORED / ps.LAZY)


def lazy_modules() -> set[str]:
    with zipfile.ZipFile(VENDORED / ps.LAZY) as zf:
        return {n[:-3].replace("/", ".").removesuffix(".__init__") for n in zf.namelist() if n.endswith(".py")}


def test_every_import_of_the_engine_and_workers_is_shipped(manifest):
    """A module the project's Pyodide code imports that is in neither the snapshot, the
    lazy zip nor Pyodide's built-ins would be a ModuleNotFoundError in the page only."""
    _, held, builtin = manifest
    available = held | lazy_modules() | builtin | NOT_STDLIB
    imports = ps.project_imports(ROOT, webtool.UI_NOT_BUNDLED)
    assert {"json", "random", "unicodedata", "zlib", "dataclasses"} <= set(imports)
    missing = sorted(m for m in imports if m not in available)
    assert missing == [], f"imported but not shipped to the page: {missing} (add to SAFETY or rerun setup)"


def test_the_check_sees_a_module_that_is_not_shipped(manifest, tmp_path):
    """The check above can fail: an engine module importing what the page lacks."""
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "store.py").write_text("import sqlite3\nfrom email import message\n")
    _, held, builtin = manifest
    available = held | lazy_modules() | builtin | NOT_STDLIB
    found = ps.project_imports(tmp_path, ())
    assert found == ["email", "sqlite3"]
    assert [m for m in found if m not in available] == ["sqlite3"]


def test_the_snapshot_and_lazy_zip_belong_together(manifest):
    """The snapshot's import system read the lazy zip's directory: it must be that zip."""
    import gzip
    import hashlib
    stamp, held, _ = manifest
    assert stamp.startswith("wlc-snapshot ")
    header = gzip.decompress((VENDORED / ps.SNAPSHOT).read_bytes())[:32]
    fields = [int.from_bytes(header[i:i + 4], "little") for i in range(0, 32, 4)]
    assert fields[:2] == [0x53434C57, 1]
    check = int.from_bytes(hashlib.sha256((VENDORED / ps.LAZY).read_bytes()).digest()[:4], "little")
    assert fields[7] == check
    assert {"asyncio", "json", "re", "html.entities", "zipimport"} <= held
    assert not held & lazy_modules()


def test_start_module_without_a_snapshot_starts_pyodide_as_usual(tmp_path, monkeypatch):
    """No Node at setup: start.mjs names no snapshot, and stale snapshot files go."""
    folder = tmp_path / "pyodide"
    folder.mkdir()
    for name in ("pyodide-lock.json", "python_stdlib.zip"):
        shutil.copyfile(VENDORED / name, folder / name)
    (folder / ps.SNAPSHOT).write_bytes(b"stale")
    monkeypatch.setattr(ps.pyodide_bytecode, "_run_node", lambda *a, **k: None)
    assert ps.build(ROOT, ROOT / "node_modules" / "pyodide", folder, webtool.UI_NOT_BUNDLED) >= 2
    text = (folder / ps.START).read_text()
    assert "const SNAPSHOT = null;" in text and "const LAZY_STDLIB = null;" in text
    assert '"abi_version"' in text and "/*@" not in text
    assert not (folder / ps.SNAPSHOT).exists()


def test_start_module_fetches_the_configs_files_from_its_folder(tmp_path):
    """pyscript.toml's [files] that are the site's own paths go into start.mjs relative to
    its folder (it fetches them as it starts: tests/browser/site/test_engine_start.py)."""
    assert ps.config_files(ROOT, VENDORED) == ["../../wordlists/lexicon.bin"]
    (tmp_path / ps.CONFIG).write_text('[files]\n"./a/b.bin" = "./b.bin"\n"{X}" = "https://example.org/x"\n'
                                      '"https://example.org/c.bin" = "./c.bin"\n')
    assert ps.config_files(tmp_path, tmp_path / "vendor" / "pyodide") == ["../../a/b.bin"]
    assert 'const FILES = ["../../wordlists/lexicon.bin"];' in (VENDORED / ps.START).read_text()


def test_the_snapshot_holds_the_word_list_pyscript_toml_gives_the_workers(tmp_path):
    """The [files] entry written where the engine loads its list (engine.session.boundary's
    LEXICON_FILE) is the list the snapshot holds loaded; start.mjs is told not to fetch it."""
    from engine.session import boundary
    assert ps.WORDS == "./" + boundary.LEXICON_FILE
    assert ps.words_source(ROOT) == ROOT / "wordlists" / "lexicon.bin"
    (tmp_path / ps.CONFIG).write_text('[files]\n"./a/b.bin" = "./b.bin"\n')
    assert ps.words_source(tmp_path) is None
    assert 'const HELD_FILES = ["../../wordlists/lexicon.bin"];' in (VENDORED / ps.START).read_text()


# Run by Node: start.mjs as the page's worker uses it (fetch of file: URLs shimmed; the
# engine's zips it fetches may be others), PyScript's part played by hand: the word list.
_NODE = r"""
import fs from "node:fs";
import { fileURLToPath } from "node:url";
const [startUrl, engineZip, restZip, lexicon, breakSnapshot] = process.argv.slice(-5);
const fetched = [];
const realFetch = globalThis.fetch;
globalThis.fetch = async (u) => {
  if (String(u).startsWith("data:")) return realFetch(u);
  const path = fileURLToPath(String(u));
  fetched.push(path.split("/").pop());
  if (breakSnapshot === "1" && path.endsWith("python_snapshot.bin")) return new Response(new Uint8Array(64));
  if (breakSnapshot === "half" && path.endsWith("python_snapshot.bin")) {  // its header read, its runs cut off
    const whole = fs.readFileSync(path);
    return new Response(whole.subarray(0, whole.length >> 1));
  }
  if (path.endsWith("/engine_rest.zip") && restZip === "404") return new Response("", { status: 404 });
  if (path.endsWith("/engine_rest.zip") && restZip) return new Response(fs.readFileSync(restZip));
  return new Response(fs.readFileSync(path.endsWith("/engine.zip") ? engineZip : path));
};
const warnings = [];
console.warn = (m) => warnings.push(String(m));
const { loadPyodide } = await import(startUrl);
const indexURL = fileURLToPath(new URL(".", startUrl));
const runs = [];
for (let i = 0; i < 2; i++) {
  const py = await loadPyodide({ indexURL });
  const held = py.runPython("import sys; 'html.entities' in sys.modules");  // imported in the snapshot only
  py.FS.writeFile("/home/pyodide/lexicon.bin", fs.readFileSync(lexicon));
  const out = py.runPython(`
import json, os, random, sys, time, importlib
stash = next((f for f in sys.meta_path if type(f).__name__ == "Stash"), None)
lazy = next((f for f in sys.meta_path if type(f).__name__ == "LazyStdlib"), None)
lazy_before = lazy and lazy.state
from engine import session
from engine.session import boundary
held_words = getattr(boundary, "_held", None)
held_words = held_words and [held_words[0], len(held_words[1])]
words = session.load_lexicon(open("lexicon.bin", "rb").read())
layout = json.loads(session.layout("classic"))
roots = json.loads(${JSON.stringify(JSON.stringify(process.env.WLC_ROOTS ? JSON.parse(process.env.WLC_ROOTS) : []))})
for name in roots:
    importlib.import_module(name)
import engine.records.gcg  # not in the snapshot: from the zip
json.dumps({"words": words, "size": layout.get("size"), "file": session.__file__, "gcg": engine.records.gcg.__file__,
            "random": random.random(), "tz": [time.timezone, list(time.tzname)], "path0": sys.path[0],
            "stash": stash and stash.state, "left": [type(f).__name__ for f in sys.meta_path],
            "lazy": [lazy_before, lazy and lazy.state, os.path.getsize(next(p for p in sys.path if p.startswith("/lib/") and p.endswith(".zip")))],
            "mark": getattr(boundary, "MARK", None), "held_words": held_words, "docs": [json.dumps.__doc__ is None, session.__doc__ is None], "engine_modules": sum(m.startswith("engine") for m in sys.modules)})
`);
  runs.push({ held, zip_pyscript: globalThis.wlcZipHasPyscript, ...JSON.parse(out) });
}
process.stdout.write(JSON.stringify({ runs, warnings, fetched }));
"""


def _patched_engine_zip(folder: Path) -> Path:
    """vendor/engine.zip with engine/session/boundary as a source that says so, and
    without PyScript's package."""
    out = folder / "engine.zip"
    with zipfile.ZipFile(ROOT / "vendor" / "engine.zip") as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename != "engine/session/boundary.pyc" and not info.filename.startswith("pyscript/"):
                dst.writestr(info, src.read(info))
        dst.writestr("engine/session/boundary.py", "from .. import session\nMARK = 'patched'\n")
    return out


def _node_run(break_snapshot: bool | str, engine_zip: Path = ROOT / "vendor" / "engine.zip", rest_zip: Path | str = "") -> dict:
    node = shutil.which("node")
    if not node:
        pytest.fail("Node is needed (scripts/setup.sh installs the runtime with npm)")
    roots = [m for m in ps.project_imports(ROOT, webtool.UI_NOT_BUNDLED) if m not in NOT_STDLIB]
    proc = subprocess.run(
        [node, "--input-type=module", "-e", _NODE, (VENDORED / ps.START).as_uri(), str(engine_zip), str(rest_zip),
         str(ROOT / "wordlists" / "lexicon.bin"), break_snapshot if isinstance(break_snapshot, str) else str(int(break_snapshot))],
        capture_output=True, text=True, timeout=300, env={"PATH": "/usr/bin:/bin", "WLC_ROOTS": json.dumps(roots),
                                                           "TZ": "America/New_York"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


def test_the_engine_starts_from_the_snapshot(manifest):
    """Restored, not started: the snapshot's imports are there at once; the engine loads
    its word list and every standard-library module the project imports imports; each
    start gets its own random seed and the machine's time zone (not setup's)."""
    result = _node_run(break_snapshot=False)
    assert result["warnings"] == []
    assert result["fetched"].count(ps.ENGINE_REST) == 2 and "engine.zip" not in result["fetched"]   # the rest only
    assert ps.LAZY not in result["fetched"]   # (read by a synchronous request when needed: a file, in Node)
    first, second = result["runs"]
    for run in (first, second):
        assert run["held"] is True
        assert run["words"] > 100_000 and run["size"] == 15
        assert run["file"] == "/home/pyodide/engine.zip/engine/session/__init__.pyc"   # its bytecode alone: no source shipped
        assert run["gcg"] == "/home/pyodide/engine.zip/engine/records/gcg.pyc"
        assert run["path0"] == "/home/pyodide/engine.zip"
        assert run["tz"][0] in (5 * 3600, 4 * 3600)   # New York, not UTC
        assert run["stash"] == "served" and "Stash" not in run["left"]   # the engine came with the snapshot
        # the lazy library: an empty zip as the engine starts, fetched for the first import it holds
        assert run["lazy"] == ["held", "fetched", (VENDORED / ps.LAZY).stat().st_size] and "LazyStdlib" not in run["left"]
        assert run["engine_modules"] >= 40 and run["mark"] is None
        assert run["held_words"] == ["lexicon.bin", run["words"]]   # the word list came loaded
        assert run["zip_pyscript"] is True   # (read from the zip's directory, for ui/kit.js)
        assert run["docs"] == [True, True]   # docstrings dropped in the snapshot (the standard library's, the engine's)
    assert first["random"] != second["random"]


def test_an_engine_zip_other_than_the_snapshots_is_imported_from_its_files(manifest, tmp_path):
    """The snapshot's engine is handed out only when every module's file is the one it
    was imported from: a rest of another engine.zip is refused, the whole engine.zip
    fetched, and a patched one is imported from its files, all of it."""
    patched = _patched_engine_zip(tmp_path)
    other_rest = tmp_path / ps.ENGINE_REST
    other_rest.write_bytes(ps.engine_rest(patched.read_bytes(), ps.engine_held(VENDORED / ps.LAZY)))
    result = _node_run(break_snapshot=False, engine_zip=patched, rest_zip=other_rest)
    assert result["warnings"] == []
    assert result["fetched"].count("engine.zip") == 2
    for run in result["runs"]:
        assert run["stash"] == "stale" and "Stash" not in run["left"]
        assert run["mark"] == "patched" and run["held_words"] is None
        assert run["zip_pyscript"] is False   # that zip has no pyscript/__init__.pyc
        assert run["words"] > 100_000 and run["size"] == 15   # the rest of the engine, from its files


def test_the_snapshot_holds_what_the_workers_import_as_they_start():
    roots = ps.engine_roots(ROOT)
    assert {"engine.session", "engine.session.boundary", "engine.search.deal", "engine.session.expert"} <= set(roots)
    assert "engine.club.face" not in roots   # the club page's: not downloaded by every game page
    assert all(r == "engine" or r.startswith("engine.") for r in roots)


def test_without_its_rest_the_snapshot_takes_the_whole_engine_zip(manifest):
    """A host that lacks engine_rest.zip (a partial upload): engine.zip, whose modules the
    snapshot still hands out (the same bytes as it was made from)."""
    result = _node_run(break_snapshot=False, rest_zip="404")
    assert len(result["warnings"]) == 2 and all("in place of engine_rest.zip" in w for w in result["warnings"])
    assert result["fetched"].count("engine.zip") == 2
    for run in result["runs"]:
        assert run["stash"] == "served" and run["words"] > 100_000 and run["held_words"][1] == run["words"]


def test_the_rest_of_the_engine_is_engine_zip_less_what_the_snapshot_holds(manifest):
    """engine_rest.zip: every file of engine.zip but the held modules', bytes unchanged;
    its comment names that engine.zip and those modules (what the stash accepts)."""
    import zlib
    held = ps.engine_held(VENDORED / ps.LAZY)
    assert {"engine", "engine.session", "engine.session.boundary", "engine.search.deal"} <= set(held)
    full_bytes = (ROOT / "vendor" / "engine.zip").read_bytes()
    with zipfile.ZipFile(ROOT / "vendor" / "engine.zip") as full, zipfile.ZipFile(VENDORED / ps.ENGINE_REST) as rest:
        kept = {i.filename for i in rest.infolist()}
        held_files = {n for n in full.namelist() if n[:-4].replace("/", ".").removesuffix(".__init__") in held}
        assert "engine/session/__init__.pyc" in held_files and "engine/club/face.pyc" in kept
        assert kept == set(full.namelist()) - held_files
        assert all(rest.read(n) == full.read(n) for n in kept)
        assert rest.comment == ps.snapshot_engine.rest_comment((len(full_bytes), zlib.crc32(full_bytes)), held)
    assert (VENDORED / ps.ENGINE_REST).stat().st_size < 0.6 * len(full_bytes)


@pytest.mark.parametrize(("broken", "why"), [("1", "not a snapshot of this format"),
                                             ("half", "Snapshot has invalid magic number")])
def test_a_broken_snapshot_falls_back_to_a_plain_start(manifest, broken, why):
    """Not a snapshot at all, or one cut off after its header (Pyodide has then created its
    module for it, unpacking it as it came, and refuses to restore what is not all there):
    Pyodide starts as usual."""
    result = _node_run(break_snapshot=broken)
    assert result["warnings"] and "without its snapshot" in result["warnings"][0] and why in result["warnings"][0]
    assert result["fetched"].count("engine.zip") == 2   # the whole engine: no snapshot holds a part
    run = result["runs"][0]
    assert run["held"] is False and run["words"] > 100_000
    assert run["stash"] is None and run["path0"] == "/home/pyodide/engine.zip"   # the engine from its zip
    assert run["held_words"] is None
    assert run["lazy"] == [None, None, (VENDORED / "python_stdlib.zip").stat().st_size]   # the whole library
    assert run["docs"] == [False, False]   # a plain start: every docstring there


# Run by Node: the worker script as PyScript hands it to runPythonAsync, in two fresh
# starts: its own text (the snapshot's compiled script), then with a line added.
_NODE_SCRIPT = r"""
import fs from "node:fs";
import { fileURLToPath } from "node:url";
const [startUrl, script, lexicon] = process.argv.slice(-3);
const realFetch = globalThis.fetch;
globalThis.fetch = async (u) => String(u).startsWith("data:") ? realFetch(u) : new Response(fs.readFileSync(fileURLToPath(String(u))));
const { loadPyodide } = await import(startUrl);
const text = fs.readFileSync(script, "utf8");
const runs = [];
for (const code of [text, text + "\nEXTRA = 1\n"]) {
  delete globalThis.wlcHeldScript;
  const py = await loadPyodide({ indexURL: fileURLToPath(new URL(".", startUrl)) });
  py.FS.writeFile("/home/pyodide/lexicon.bin", fs.readFileSync(lexicon));
  const pending = py.runPythonAsync(code);
  const now = py.globals.has("status");   // run at once (no top-level await), not awaited through the event loop
  const answer = await pending;
  // what is still held, and whether it is the code Pyodide itself compiles from the text
  const left = JSON.parse(py.runPython(`
import ast, json, sys
from _pyodide._base import CodeRunner
held = sys.modules["_wlc_engine_snapshot"]._HELD.get(${JSON.stringify(text)})
json.dumps(held and held.code == CodeRunner(${JSON.stringify(text)}, flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT).compile().code)
`));
  runs.push({ held: globalThis.wlcHeldScript === true, now, answer: answer ?? null, state: JSON.parse(py.globals.get("status")()).state,
              words: JSON.parse(py.globals.get("status")()).held,
              extra: py.globals.get("EXTRA") ?? null, left });
}
process.stdout.write("\n" + JSON.stringify(runs));
"""


def test_the_worker_script_runs_compiled_in_the_snapshot(manifest):
    """The game page's worker script comes compiled in the snapshot, as Pyodide compiles it:
    runPythonAsync of that text runs it (at once: it has no top-level await; and lets it
    go), and the engine is up; another text
    (the script with a line more) is compiled as usual and runs as well."""
    node = shutil.which("node")
    if not node:
        pytest.fail("Node is needed (scripts/setup.sh installs the runtime with npm)")
    proc = subprocess.run([node, "--input-type=module", "-e", _NODE_SCRIPT, (VENDORED / ps.START).as_uri(),
                           str(ROOT / ps.GAME_WORKER), str(ROOT / "wordlists" / "lexicon.bin")],
                          capture_output=True, text=True, timeout=300, env={"PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    own, other = json.loads(proc.stdout.splitlines()[-1])   # (the lines before: what the script printed)
    assert own == {"held": True, "now": True, "answer": None, "state": "ready", "words": True, "extra": None, "left": None}   # run, and let go
    # not asked for: still held, and the very code Pyodide compiles from that text
    assert other == {"held": False, "now": False, "answer": None, "state": "ready", "words": True, "extra": 1, "left": True}


# Run by Node: a start from the snapshot, then CodeRunner (which parses and compiles) made
# to refuse; each text through runPython / runPythonAsync: [result, or the error's name].
_HELD_CODE_SCRIPT = r"""
import fs from "node:fs";
import { fileURLToPath } from "node:url";
const [startUrl] = process.argv.slice(-1);
const realFetch = globalThis.fetch;
globalThis.fetch = async (u) => String(u).startsWith("data:") ? realFetch(u) : new Response(fs.readFileSync(fileURLToPath(String(u))));
const { loadPyodide } = await import(startUrl);
const py = await loadPyodide({ indexURL: fileURLToPath(new URL(".", startUrl)) });
py.runPython("def status():\n    return 'up'\nanswer = 42");
const sync = {};
py.registerJsModule("polyscript", { xworker: { sync } });
py.runPython("import _pyodide._base\ndef _refuse(*a, **k): raise RuntimeError('compiled')\n_pyodide._base.CodeRunner.__init__ = _refuse");
const out = {};
const shown = (v) => v === undefined ? null : v instanceof py.ffi.PyProxy ? v.type : v;
for (const [name, run] of [["sync", (c, o) => py.runPython(c, o)], ["async", (c, o) => py.runPythonAsync(c, o)]]) {
  for (const [code, options] of [["{}", {}], ["import builtins; builtins.__dict__", {}], ["\n", {}],
                                 ["1 + 1", {}], ["{}", { filename: "other.py" }]]) {
    try { out[name + " " + JSON.stringify(code) + (options.filename ? " as a file" : "")] = shown(await run(code, options)); }
    catch (e) { out[name + " " + JSON.stringify(code) + (options.filename ? " as a file" : "")] = String(e.message).includes("compiled") ? "compiled" : String(e); }
  }
}
py.globals.set("__export__", py.toPy(["status"]));
py.runPython('import js as __polyscript_workers__\n__polyscript_workers__.__polyscript_workers__ = "__export__" in locals() and __export__ or []\ndel __polyscript_workers__');
out.exports = [...globalThis.__polyscript_workers__];
// then its assignments of those names (polyscript's own text), once; with a name not defined: compiled
const assign = (names) => ["from polyscript import xworker as __polyscript_workers__",
  ...names.map((n) => `__polyscript_workers__.sync.${n} = ${n}`), "del __polyscript_workers__"].join("\n");
out.missing = (() => { try { py.runPython(assign(["status", "nothing"])); return "ran"; } catch (e) { return String(e.message).includes("compiled") ? "compiled" : String(e); } })();
py.runPython(assign(["status", "answer"]));
out.assigned = [sync.status(), sync.answer, py.globals.has("__polyscript_workers__")];
out.again = (() => { try { py.runPython(assign(["status"])); return "ran"; } catch (e) { return String(e.message).includes("compiled") ? "compiled" : String(e); } })();
process.stdout.write("\n" + JSON.stringify(out));
"""


def test_the_texts_a_worker_runs_as_it_starts_come_compiled(manifest):
    """Pyodide's own start and PyScript run a few short texts through eval_code, each parsed
    and compiled in WebAssembly not yet compiled to machine code: the snapshot holds them
    compiled (snapshot_engine.hold_code). With CodeRunner made to refuse, those exact texts
    still run, by runPython and runPythonAsync alike, and give what they always did; any
    other text, or the same with other options, is compiled (here: refused). PyScript's last
    text, which names the script's exports, is run through Python's objects (start.mjs)."""
    assert "{}" in ps.held_sources(ROOT / "node_modules" / "pyodide")   # read from Pyodide's own JavaScript
    node = shutil.which("node")
    if not node:
        pytest.fail("Node is needed (scripts/setup.sh installs the runtime with npm)")
    proc = subprocess.run([node, "--input-type=module", "-e", _HELD_CODE_SCRIPT, (VENDORED / ps.START).as_uri()],
                          capture_output=True, text=True, timeout=300, env={"PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.splitlines()[-1])
    for way in ("sync", "async"):
        assert out[f'{way} "{{}}"'] == "dict" and out[f'{way} "import builtins; builtins.__dict__"'] == "dict"
        assert out[f'{way} "\\n"'] is None
        assert out[f'{way} "1 + 1"'] == "compiled" and out[f'{way} "{{}}" as a file'] == "compiled"
    assert out["exports"] == ["status"]
    # PyScript's last text, the script's exports handed to the page: assigned through Python's
    # objects (start.mjs), once, and only when every name is defined
    assert out["assigned"] == ["up", 42, False]
    assert out["missing"] == "compiled" and out["again"] == "compiled"
