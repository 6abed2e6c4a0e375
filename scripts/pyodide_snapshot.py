"""The engine workers' Pyodide started from a memory snapshot, made at setup in Node.

Most of the engine's start was CPython starting inside WebAssembly: initialising the
interpreter and importing ~150 standard-library modules (Pyodide's own start, then
what PyScript and the engine import). Pyodide can save the interpreter's whole memory
once started (``makeMemorySnapshot``) and start from it (``_loadSnapshot``), skipping
all that. ``build`` makes, with the pinned Pyodide in Node, into vendor/pyodide/:

- ``python_snapshot.bin``: the memory after Pyodide started with the bytecode standard
  library (pyodide_bytecode.py) and imported ``PREIMPORT``, the standard-library
  modules the project's Pyodide code imports (engine/, the worker scripts), and the
  engine modules the game page's worker imports as it starts, from vendor/engine.zip
  (held aside by scripts/snapshot_engine.py until the page's zip proves to be the same),
  and the game page's worker script compiled (GAME_WORKER: start.mjs runs it when PyScript
  hands the worker that same text; snapshot_engine.hold_script),
  packed: its docstrings dropped (``_STRIP``) and the heap's free chunks zeroed; the
  first 3.8 MB (the module's static data) XORed with the memory the WebAssembly module
  starts with, which start.mjs has at hand when Pyodide instantiates it; only the runs
  of non-zero bytes; gzip. ~31 MB of memory in ~3.6 MB. The import system in it knows
  the lazy zip, mounted in place of the library before the snapshot, and fetches it
  only when an import needs it (scripts/snapshot_stdlib.py).
- ``python_stdlib_lazy.zip``: what the snapshot lacks but code may still import (no
  start of the game page does: fetched on the first such import), as
  sources: every module reachable from the project's imports and ``SAFETY`` by any
  import statement (also inside functions), minus ``EXCLUDED``, and ``CODECS``. Its
  comment holds the rebuild stamp and, for the tests, the modules the snapshot holds
  and Pyodide's built-in ones.
- ``engine_rest.zip``: engine.zip less the modules the snapshot holds (their bytes
  would come twice: ~0.4 MB): the rest of the engine, and PyScript's package, which a
  worker restored from the snapshot imports from files. Its comment names the
  engine.zip it was cut from and the modules left out (snapshot_engine.rest_comment).
- ``start.mjs`` (from scripts/pyodide_start.mjs): the interpreter module pyscript.toml
  names; it passes the snapshot, an empty library and the lock file's header (no
  fetch) to Pyodide's loader, then has snapshot_stdlib.restored arm the lazy zip's
  finder, reseed ``random`` (the snapshot's seed would be everyone's) and set the time
  zone's constants (setup's otherwise); a plain start if that fails.
  Either way it puts the engine's zip, fetched beside the snapshot, first on sys.path:
  engine_rest.zip after a restore (engine.zip if the snapshot's engine refuses that
  rest: another build's), engine.zip after a plain start. CONFIG's [files] (the word
  list) are fetched as it starts too, and handed to PyScript when it asks for them;
  but the snapshot's engine holds the word list loaded (WORDS; ~50 ms of the start, for
  ~0.3 MB more on the wire), so a worker whose restored engine takes that rest is handed
  an empty file for it, not fetched (a plain start, or a refused rest, fetches it).

Made and restored by vendor/pyodide's own Pyodide, whose linker pyodide_link.py patches (the
function table's layout, which the memory refers to, is that linker's).

Rebuilt when the pinned Pyodide, its patched linker, the bytecode library, the recipe, the project's
standard-library imports, engine.zip or the word list change (webtool.py bundle: setup, dist, the
development server). Without Node, or if making it fails,
start.mjs starts Pyodide as before (from python_stdlib.zip). Standard library only
(setup's python3).
"""

from __future__ import annotations

import ast
import functools
import hashlib
import io
import json
import os
import re
import shutil
import sys
import tempfile
import tomllib
import zipfile
import zlib
from pathlib import Path

import pyodide_bytecode
import pyodide_link
import snapshot_engine

SNAPSHOT = "python_snapshot.bin"  # not .gz: some hosts would add Content-Encoding to it
LAZY = "python_stdlib_lazy.zip"
ENGINE_REST = "engine_rest.zip"
START = "start.mjs"
CONFIG = "pyscript.toml"  # the workers' PyScript config: start.mjs fetches its [files] as it starts
MADE = (SNAPSHOT, LAZY, ENGINE_REST, START)
TEMPLATE = Path(__file__).resolve().parent / "pyodide_start.mjs"

# Imported into the snapshot beside the project's own imports: what PyScript's worker
# imports as it starts (html for its display module).
PREIMPORT = ("html", "html.entities")
# The engine is imported into the snapshot too (scripts/snapshot_engine.py, which hands it
# out only when the page's engine.zip is the one it was imported from): what the game
# page's worker imports as it starts, and what the expert imports on its first move (its helpers
# import engine.search.deal as they start). Not the club's and table's pages' own modules:
# every visitor of the game page would download them (they import them from the zip).
GAME_WORKER = "ui/engine_worker.py"
# The word list the engines load (pyscript.toml's [files] target; engine.session.boundary's
# LEXICON_FILE, in the worker's working directory): held loaded in the snapshot with the
# engine (snapshot_engine.stash), so start.mjs does not fetch it for a restored worker.
WORDS = "./lexicon.bin"
WORDS_PATH = "/tmp/wlc_words.bin"  # where the snapshot's Pyodide reads it at setup
ENGINE_STASH = Path(snapshot_engine.__file__)  # run inside the Pyodide snapshotted, from its source
STDLIB_FINDER = ENGINE_STASH.with_name("snapshot_stdlib.py")  # so too
# What PyScript runs in a worker beside its script, as text: what is left of its code before
# the script once ui/kit.js has taken its sources out, and its look for the script's
# __export__ once it has run (polyscript's worker: exactly these lines, or compiled as usual).
PYSCRIPT_SOURCES = ("\n", "import js as __polyscript_workers__\n__polyscript_workers__.__polyscript_workers__ ="
                    " \"__export__\" in locals() and __export__ or []\ndel __polyscript_workers__")
ENGINE_LATER = ("engine.search.deal", "engine.session.expert")
NOT_PREIMPORTED = ("argparse", "fractions", "statistics")  # the CLI, the club page, benchmarks: not worth their memory in every page
# Kept in the lazy zip although nothing imports them yet: modules plain Python code may
# reach for (the engine is standard library only).
SAFETY = ("bisect", "calendar", "colorsys", "contextlib", "copy", "csv", "datetime", "decimal",
          "difflib", "fnmatch", "fractions", "functools", "gettext", "graphlib", "gzip", "hashlib",
          "heapq", "hmac", "html.parser", "locale", "numbers", "operator", "pickle", "pprint",
          "queue", "reprlib", "secrets", "shlex", "statistics", "string", "textwrap", "uuid",
          "urllib.parse", "zipfile")
# Codecs beside those the snapshot holds (utf-8, cp437): the engine reads UTF-8 and
# ISO-8859-1 (which need no codec module); these for any other code, and codecs.encode.
CODECS = ("ascii", "base64_codec", "charmap", "cp1252", "hex_codec", "idna", "iso8859_15", "latin_1",
          "mac_roman", "punycode", "raw_unicode_escape", "unicode_escape", "utf_16", "utf_16_be",
          "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "utf_8_sig")
# Never of use in a page's worker (no processes, sockets, terminals or debugger there; C
# versions built in), though an import inside some function reaches them.
EXCLUDED = ("_pydatetime", "_pydecimal", "_pyrepl", "asyncio.windows_events", "asyncio.windows_utils",
            "concurrent.futures.process", "concurrent.interpreters", "ctypes", "doctest", "encodings",
            "ensurepip", "ftplib", "http", "idlelib", "ipaddress", "mimetypes", "multiprocessing", "pdb",
            "plistlib", "py_compile", "pydoc", "pydoc_data", "tarfile", "test", "tkinter", "tracemalloc",
            "turtle", "unittest", "urllib.request", "venv", "xmlrpc")

# Run by Node with the pinned Pyodide: start it from the bytecode library, import, write
# the lazy zip and mount it in place of the library, snapshot, pack.
_SCRIPT = r"""
import fs from "node:fs";
import zlib from "node:zlib";
import crypto from "node:crypto";
const [pyodideUrl, fullZip, sourceZip, engineZip, outDir, specText] = process.argv.slice(-6);
const fail = (e) => {  // the message alone (Node would print Pyodide's whole minified line)
  fs.writeSync(2, "snapshot: " + String(e?.message ?? e).trim().split("\n").slice(-3).join(" | ").slice(0, 600) + "\n");
  process.exit(1);
};
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);
const spec = JSON.parse(specText);
let pristine = null;  // the memory as instantiated: the data segments, nothing run yet
for (const name of ["instantiate", "instantiateStreaming"]) {
  const f = WebAssembly[name];
  WebAssembly[name] = async function (...args) {
    const result = await f.apply(this, args);
    const exports = (result.instance || result).exports || {};
    if ("Py_Version" in exports && !pristine) pristine = new Uint8Array(exports.memory.buffer.slice(0));
    return result;
  };
}
// The heap's free chunks still hold what was freed (~0.9 MB of garbage that gzip cannot
// shrink): each is taken (malloc, the heap kept from growing), zeroed and given back.
function zeroFree(m) {
  m._malloc_set_footprint_limit(m._malloc_footprint());
  const taken = [];
  for (let size = 1 << 24; size >= 8; size >>= 1) {
    for (let p = m._malloc(size); p; p = m._malloc(size)) {
      m.HEAPU8.fill(0, p, p + m._malloc_usable_size(p));
      taken.push(p);
    }
  }
  taken.forEach((p) => m._free(p));
  m._malloc_set_footprint_limit(-1);  // no limit (SIZE_MAX)
}
const { loadPyodide } = await import(pyodideUrl);
const options = { stdLibURL: fullZip, lockFileContents: spec.lock };
// This one is snapshotted; a second one computes the lazy zip (its garbage stays out).
const py = await loadPyodide({ ...options, _makeSnapshot: true, _sysExecutable: "./this.program" });
py.globals.set("SPEC", JSON.stringify(spec));
let engineHeld = "";
if (engineZip) {  // where start.mjs writes it; imported and stashed (snapshot_engine.py)
  py.FS.writeFile(spec.engine_zip_path, new Uint8Array(fs.readFileSync(engineZip)));
  if (spec.words_file) py.FS.writeFile(spec.words_path, new Uint8Array(fs.readFileSync(spec.words_file)));
  engineHeld = py.runPython(spec.engine_code);
  py.FS.unlink(spec.engine_zip_path);
  if (spec.words_file) py.FS.unlink(spec.words_path);
}
const loaded = py.runPython(spec.preimport_code);
const tool = await loadPyodide(options);
tool.FS.writeFile("/tmp/sources.zip", fs.readFileSync(sourceZip));
tool.globals.set("SPEC", JSON.stringify(spec));
tool.globals.set("LOADED", loaded);
tool.globals.set("ENGINE_HELD", engineHeld);
tool.runPython(spec.lazy_code);
const lazy = tool.FS.readFile("/tmp/lazy.zip");
py.FS.writeFile("/tmp/lazy.zip", lazy);
py.runPython(spec.strip_code);
py.runPython(spec.mount_code);
py.FS.unlink("/tmp/lazy.zip");
zeroFree(py._module);
const snap = py.makeMemorySnapshot();
const image = new Uint8Array(snap);
const head = new DataView(image.buffer);
const magic = head.getUint32(0, true), memStart = head.getUint32(4, true);
let xorLength = pristine.length;
while (xorLength > 0 && pristine[xorLength - 1] === 0) xorLength--;
xorLength = (xorLength + 3) & ~3;
for (let i = 0; i < xorLength; i++) image[memStart + i] ^= pristine[i];
head.setUint32(0, 0, true);
const runs = [];
for (let i = 0; i < image.length;) {
  while (i < image.length && image[i] === 0) i++;
  if (i >= image.length) break;
  const start = i;
  let zeros = 0;
  while (i < image.length && zeros < 64) { zeros = image[i] ? 0 : zeros + 1; i++; }
  runs.push([start, i - zeros - start]);
}
const header = new Uint32Array(8 + 2 * runs.length);
const check = crypto.createHash("sha256").update(lazy).digest().readUInt32LE(0);
header.set([0x53434c57, 1, image.length, memStart, xorLength, magic, runs.length, check]);
runs.forEach(([s, n], r) => { header[8 + 2 * r] = s; header[9 + 2 * r] = n; });
const parts = [Buffer.from(header.buffer), ...runs.map(([s, n]) => image.subarray(s, s + n))];
fs.writeFileSync(outDir + "/" + spec.lazy, lazy);
fs.writeFileSync(outDir + "/" + spec.snapshot, zlib.gzipSync(Buffer.concat(parts), { level: 9 }));
"""

# Run by the Pyodide snapshotted (SPEC: the spec below): the imports; returns the modules
# of the library it holds, space-separated.
_PREIMPORT = r"""
def _wlc_preimport():
    import importlib, json, sys
    for mod in json.loads(SPEC)["preimport"]:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError:  # not of the standard library (js, pyodide.ffi are Pyodide's)
            pass
    return " ".join(sorted(sys.modules))
_wlc_preimport()
"""

# Run by the Pyodide snapshotted, once engine.zip is written: scripts/snapshot_engine.py
# as the module _wlc_engine_snapshot, which compiles the game page's worker script and
# imports and stashes the engine, with the word list loaded in it (if spec's words_path);
# returns the modules stashed, space-separated.
_ENGINE = r"""
def _wlc_engine():
    import json, sys, types
    spec = json.loads(SPEC)
    module = types.ModuleType("_wlc_engine_snapshot", "The engine imported at setup (scripts/snapshot_engine.py).")
    exec(compile(spec["engine_source"], "scripts/snapshot_engine.py", "exec"), module.__dict__)
    sys.modules[module.__name__] = module
    if spec["worker_source"]:
        module.hold_script(spec["worker_source"])
    module.hold_code(spec["held_sources"])
    return " ".join(module.stash(spec["engine_roots"], spec["words_path"]))
_wlc_engine()
"""

# Run by a second Pyodide (LOADED: the first one's modules; ENGINE_HELD: its stashed
# engine modules, kept in the comment for engine_rest.zip): writes /tmp/lazy.zip, the
# modules reachable from the roots (by any import statement) that the first one lacks.
_LAZY = r"""
def _wlc_lazy():
    import ast, json, sys, zipfile
    spec, loaded = json.loads(SPEC), set(LOADED.split())
    src = zipfile.ZipFile("/tmp/sources.zip")
    sources = {}
    for name in src.namelist():
        if name.endswith(".py") and not name.startswith("site-packages/"):
            mod = name[:-3].replace("/", ".")
            sources[mod.removesuffix(".__init__")] = (name, mod.endswith(".__init__"))

    def imports(mod):
        name, package = sources[mod]
        here = mod if package else mod.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(src.read(name))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = here.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
                found.add(base)
                found.update(base + "." + a.name for a in node.names)
        return found

    def excluded(mod):
        return any(mod == x or mod.startswith(x + ".") for x in spec["exclude"])

    keep, todo = set(), list(spec["roots"])
    while todo:
        parts = todo.pop().split(".")
        for i in range(1, len(parts) + 1):
            mod = ".".join(parts[:i])
            if mod in sources and mod not in keep and not excluded(mod):
                keep.add(mod)
                todo.extend(imports(mod))
    keep.update("encodings." + c for c in spec["codecs"])
    held = sorted(loaded & set(sources))
    with zipfile.ZipFile("/tmp/lazy.zip", "w") as out:
        for mod in sorted(keep - loaded):
            entry = zipfile.ZipInfo(sources[mod][0], (1980, 1, 1, 0, 0, 0))
            entry.external_attr, entry.compress_type = 0o644 << 16, zipfile.ZIP_DEFLATED
            out.writestr(entry, src.read(sources[mod][0]), compresslevel=9)
        out.comment = "\n".join([spec["stamp"], " ".join(held), " ".join(sorted(sys.builtin_module_names)),
                                 ENGINE_HELD]).encode()
_wlc_lazy()
"""

# Run by the Pyodide snapshotted, once everything is imported: every docstring it holds
# dropped, as ``python -OO`` drops them (~1.7 MB of memory, ~0.3 MB of the packed
# snapshot): the functions' (their code's first constant too), the classes' and the
# modules'. Nothing the workers run reads one (the CLI's help, which does, is not in it).
_STRIP = r"""
def _wlc_strip():
    import gc, inspect, types
    flag = inspect.CO_HAS_DOCSTRING

    def stripped(code):
        consts = tuple(stripped(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
        if code.co_flags & flag and consts and isinstance(consts[0], str):
            consts = (None,) + consts[1:]
        return code.replace(co_consts=consts) if consts != code.co_consts else code

    for obj in gc.get_objects():
        if isinstance(obj, types.FunctionType):
            obj.__code__ = stripped(obj.__code__)
            obj.__doc__ = None
        elif isinstance(obj, type) and isinstance(obj.__dict__.get("__doc__"), str):
            try:
                obj.__doc__ = None
            except (TypeError, AttributeError):  # an immutable type
                pass
        elif isinstance(obj, types.ModuleType):
            obj.__doc__ = None
_wlc_strip()
del _wlc_strip
"""

# Run by the Pyodide snapshotted: the lazy zip in place of the library (/tmp/lazy.zip), its
# directory read, and scripts/snapshot_stdlib.py as _wlc_lazy_stdlib, which start.mjs arms
# to fetch that zip on the first import that needs it.
_MOUNT = r"""
def _wlc_mount():
    import gc, importlib.machinery, json, sys, types, zipimport
    library = next(p for p in sys.path if p.endswith(".zip"))
    with open("/tmp/lazy.zip", "rb") as f, open(library, "wb") as g:
        g.write(f.read())
    zipimport._zip_directory_cache.clear()
    sys.path_importer_cache.clear()  # (importlib.invalidate_caches would import importlib.metadata)
    importlib.machinery.PathFinder.find_spec("_wlc_absent")  # the lazy zip's directory, read now
    spec = json.loads(SPEC)
    module = types.ModuleType("_wlc_lazy_stdlib", "The lazy zip fetched when first needed (scripts/snapshot_stdlib.py).")
    exec(compile(spec["stdlib_source"], "scripts/snapshot_stdlib.py", "exec"), module.__dict__)
    sys.modules[module.__name__] = module
    module.install(library)
    while "" in sys.path:  # Pyodide puts it back in front as it starts
        sys.path.remove("")
    gc.collect()
_wlc_mount()
del _wlc_mount, _wlc_preimport, SPEC
if "_wlc_engine" in globals():
    del _wlc_engine
"""


# --------------------------------------------------------------------------- the project's imports


def project_imports(root: Path, scripts: tuple[str, ...]) -> list[str]:
    """Every module named by an import statement of the engine or the worker scripts
    (absolute imports outside the project, anywhere in a file), sorted."""
    files = sorted((root / "engine").rglob("*.py")) + [root / s for s in scripts if (root / s).is_file()]
    names = set()
    for path in files:
        stat = path.stat()
        names.update(_file_imports(str(path), stat.st_mtime_ns, stat.st_size))
    return sorted(n for n in names if n.split(".")[0] not in ("engine", "ui"))


@functools.lru_cache(maxsize=4096)
def _file_imports(path: str, mtime_ns: int, size: int) -> frozenset:
    """A file's absolute imports, kept while the file is unchanged: every bundle (each
    request of the development server for a built file) asks for the snapshot's stamp."""
    names = set()
    for node in ast.walk(ast.parse(Path(path).read_bytes(), path)):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return frozenset(names)


def engine_roots(root: Path) -> list[str]:
    """The engine modules imported into the snapshot: those the game page's worker imports
    as it starts (its top-level imports) and ENGINE_LATER, sorted."""
    names = set(ENGINE_LATER)
    path = root / GAME_WORKER
    for node in ast.parse(path.read_bytes(), str(path)).body if path.is_file() else ():
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names if a.name.split(".")[0] == "engine")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "engine":
            names.add(node.module)
            folder = root / node.module.replace(".", "/")
            names.update(f"{node.module}.{a.name}" for a in node.names
                         if (folder / (a.name + ".py")).is_file() or (folder / a.name / "__init__.py").is_file())
    return sorted(names)


def manifest(lazy_zip: Path) -> tuple[str, set[str], set[str]]:
    """(stamp, modules the snapshot holds, Pyodide's built-in modules) from the lazy zip."""
    return _comment(lazy_zip)[:3]


def engine_held(lazy_zip: Path) -> list[str]:
    """The engine modules the snapshot holds (stashed: scripts/snapshot_engine.py), sorted."""
    return sorted(_comment(lazy_zip)[3])


def _comment(lazy_zip: Path) -> tuple[str, set[str], set[str], set[str]]:
    with zipfile.ZipFile(lazy_zip) as zf:
        stamp, held, builtin, *engine = zf.comment.decode().split("\n")
    return stamp, set(held.split()), set(builtin.split()), set(" ".join(engine).split())


def engine_rest(engine_zip: bytes, held: list[str]) -> bytes:
    """engine_rest.zip: ``engine_zip``'s entries but the files of the modules ``held``, in
    the same order and compression, with the comment snapshot_engine.Stash accepts."""
    files = {f"{m.replace('.', '/')}{tail}" for m in held for tail in (".pyc", ".py", "/__init__.pyc", "/__init__.py")}
    made_from = (len(engine_zip), zlib.crc32(engine_zip))
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(engine_zip)) as src, zipfile.ZipFile(buf, "w") as out:
        for info in src.infolist():
            if info.filename not in files:
                out.writestr(info, src.read(info), compresslevel=9)
        out.comment = snapshot_engine.rest_comment(made_from, held)
    return buf.getvalue()


def held_sources(pyodide_dir: Path) -> list[str]:
    """The texts a worker runs through eval_code as it starts, held compiled in the snapshot
    (snapshot_engine.hold_code): those Pyodide's own start runs (string literals in its
    JavaScript, so those of the pinned version; any other text is compiled as before) and
    PYSCRIPT_SOURCES."""
    text = (pyodide_dir / "pyodide.asm.mjs").read_text(encoding="utf-8")
    found = (json.loads(f'"{m}"') for m in re.findall(r'(?:\.eval_code|\.runPythonInternal)\("((?:[^"\\]|\\.)*)"\)', text))
    return sorted(dict.fromkeys([*found, *PYSCRIPT_SOURCES]))


def _lock(pyodide_dir: Path) -> dict:
    """The lock file's header with no package: Pyodide checks its ABI; the page loads none."""
    return {"info": json.loads((pyodide_dir / "pyodide-lock.json").read_text())["info"], "packages": {}}


def _spec(root: Path, pyodide_dir: Path, full_zip: Path, scripts: tuple[str, ...], engine_zip: Path | None) -> dict:
    roots = project_imports(root, scripts)
    words = words_source(root) if engine_zip else None
    spec = {
        "words_path": WORDS_PATH if words else None,
        "engine_roots": engine_roots(root) if engine_zip else [], "engine_code": _ENGINE,
        "engine_source": ENGINE_STASH.read_text(), "engine_zip_path": snapshot_engine.ENGINE_ZIP,
        "worker_source": (root / GAME_WORKER).read_text(encoding="utf-8") if engine_zip and (root / GAME_WORKER).is_file() else "",
        "stdlib_source": STDLIB_FINDER.read_text(), "held_sources": held_sources(pyodide_dir),
        "roots": sorted({*roots, *PREIMPORT, *SAFETY}),
        "preimport": [m for m in roots if m not in NOT_PREIMPORTED] + list(PREIMPORT),
        "exclude": list(EXCLUDED), "codecs": list(CODECS), "lock": _lock(pyodide_dir), "snapshot": SNAPSHOT, "lazy": LAZY,
        "preimport_code": _PREIMPORT, "lazy_code": _LAZY, "strip_code": _STRIP, "mount_code": _MOUNT,
    }
    h = hashlib.sha256(_SCRIPT.encode() + json.dumps(spec, sort_keys=True).encode())
    # (full_zip's folder, vendor/pyodide, holds the Pyodide that makes and restores it: its linker patched)
    linker = full_zip.parent / pyodide_link.FILE
    for path in (pyodide_dir / "package.json", *([linker] if linker.is_file() else []), full_zip, *([engine_zip] if engine_zip else []), *([words] if words else [])):
        h.update(path.read_bytes())
    spec["stamp"] = "wlc-snapshot " + h.hexdigest()[:32]
    spec["words_file"] = str(words) if words else None  # (where it is: not part of the stamp)
    return spec


def words_source(root: Path) -> Path | None:
    """The file CONFIG's [files] gives the workers as WORDS (wordlists/lexicon.bin), if any."""
    path = root / CONFIG
    files = tomllib.loads(path.read_text()).get("files", {}) if path.is_file() else {}
    return next((root / name for name, target in files.items()
                 if target == WORDS and name.startswith("./") and (root / name).is_file()), None)


def config_files(root: Path, folder: Path) -> list[str]:
    """CONFIG's [files] that are plain paths of the site (the word list), relative to
    ``folder`` (start.mjs's), sorted."""
    path = root / CONFIG
    files = tomllib.loads(path.read_text()).get("files", {}) if path.is_file() else {}
    return sorted(Path(os.path.relpath(root / name, folder)).as_posix() for name in files
                  if name.startswith("./") and "{" not in name)


def start_module(lock: dict, with_snapshot: bool, with_rest: bool = False, files: list[str] | None = None,
                 held: list[str] | None = None) -> str:
    """start.mjs: the template with its constants (``with_rest``: engine_rest.zip is made;
    ``files``: config_files; ``held``: those of them the snapshot's engine holds loaded)."""
    text = TEMPLATE.read_text()
    for mark, value in (("LOCK", lock), ("SNAPSHOT", SNAPSHOT if with_snapshot else None),
                        ("LAZY_STDLIB", LAZY if with_snapshot else None), ("ENGINE_ZIP", snapshot_engine.ENGINE_ZIP),
                        ("ENGINE_REST", ENGINE_REST if with_rest else None), ("FILES", files or None),
                        ("HELD_FILES", held or None)):
        text = text.replace(f"/*@{mark}@*/null", json.dumps(value, separators=(",", ":")))
    return text


def _write(path: Path, text: str) -> int:
    if path.is_file() and path.read_text() == text:
        return 0
    path.write_text(text)
    return 1


def build(root: Path, pyodide_dir: Path, folder: Path, scripts: tuple[str, ...], engine_zip: Path | None = None) -> int:
    """Bring the snapshot, the lazy zip, engine_rest.zip and start.mjs in ``folder`` (vendor/pyodide, which
    holds the bytecode library) up to date, with ``engine_zip``'s engine imported in it
    (None: without it); returns files changed."""
    full_zip = folder / pyodide_bytecode.STDLIB
    spec = _spec(root, pyodide_dir, full_zip, scripts, engine_zip)
    snapshot, lazy = folder / SNAPSHOT, folder / LAZY
    compiled = pyodide_bytecode._ends_with(full_zip, pyodide_bytecode.stdlib_stamp(pyodide_dir))
    current = snapshot.is_file() and lazy.is_file() and manifest(lazy)[0] == spec["stamp"]
    changed = 0
    if compiled and not current:
        with tempfile.TemporaryDirectory() as tmp:
            proc = pyodide_bytecode._run_node(
                _SCRIPT, (folder / "pyodide.mjs").as_uri(), str(full_zip), str(pyodide_dir / pyodide_bytecode.STDLIB),
                str(engine_zip or ""), tmp, json.dumps(spec))
            made = [Path(tmp) / SNAPSHOT, Path(tmp) / LAZY]
            if proc is not None and proc.returncode == 0 and all(p.is_file() for p in made):
                for p in made:
                    part = folder / f"{p.name}.{os.getpid()}.tmp"  # test workers may build at once
                    shutil.copyfile(p, part)
                    part.replace(folder / p.name)
                current, changed = True, 2
            else:
                tail = ((proc.stderr or proc.stdout).strip().splitlines()[-1:] if proc else []) or ["no Node, or timed out"]
                print(f"{SNAPSHOT}: not made ({tail[0][:200]}); the engine starts without it", file=sys.stderr)
    if not (compiled and current):
        for p in (snapshot, lazy):
            if p.exists():
                p.unlink()
                changed += 1
        current = False
    held = engine_held(lazy) if current and engine_zip else []
    rest = folder / ENGINE_REST
    if held:
        data = engine_rest(engine_zip.read_bytes(), held)
        if not (rest.is_file() and rest.read_bytes() == data):
            part = folder / f"{ENGINE_REST}.{os.getpid()}.tmp"
            part.write_bytes(data)
            part.replace(rest)
            changed += 1
    elif rest.exists():
        rest.unlink()
        changed += 1
    words = [Path(os.path.relpath(spec["words_file"], folder)).as_posix()] if held and spec["words_file"] else []
    return changed + _write(folder / START, start_module(spec["lock"], current, bool(held), config_files(root, folder), words))
