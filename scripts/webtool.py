"""Helpers for the static site: vendor the runtime, bundle the Python code, serve, find Chromium.

Standard library only, so that the system ``python3`` can run it before the virtual
environment exists. Used by setup.sh / serve.sh, by tests/conftest.py and by bench/.

    python3 scripts/webtool.py vendor          # node_modules -> vendor/ (runtime files only; the
                                               # standard library compiled to bytecode)
    python3 scripts/webtool.py bundle          # engine/ -> vendor/engine.zip, ui/ -> vendor/ui.zip (.tgz),
                                               # vendor/first-game.json (made by the engine), and
                                               # Pyodide's memory snapshot (the engine imported) and start.mjs
    python3 scripts/webtool.py serve [--port N] [--verbose]
    python3 scripts/webtool.py chromium        # print the Chromium the tests will use
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import threading
import zipfile
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pyodide_bytecode  # noqa: E402
import pyodide_link  # noqa: E402
import pyodide_snapshot  # noqa: E402
import ui_bundle  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VENDOR = "vendor"
# The engine for the Pyodide worker and the UI for MicroPython, each one zip unpacked
# into its interpreter's working directory (see pyscript.toml and mpy.toml).
ZIPS = {"engine.zip": ("engine",), "ui.zip": ("ui",)}
UI_ARCHIVE = "ui.tgz"  # ui.zip's files as the page loads them (see ui_bundle.ui_tgz)
# Ready-made opening positions, so a first-time visitor sees a game before the engine is up.
FIRST_GAME = "first-game.json"
FIRST_GAMES = 8
LEXICON = "wordlists/lexicon.bin"
OBSOLETE = ("app.zip", "assets.json")

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")

CHROMIUM_ENV = "CHROMIUM_PATH"
SYSTEM_CHROMIUMS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")


# --------------------------------------------------------------------------- vendor


def _copy_if_changed(src: Path, dst: Path) -> bool:
    s = src.stat()
    try:
        d = dst.stat()
        if d.st_size == s.st_size and int(d.st_mtime) == int(s.st_mtime):
            return False
    except FileNotFoundError:
        pass
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp")
    shutil.copy2(src, tmp)
    os.replace(tmp, dst)
    return True


def _sync_dir(wanted: dict[str, Path], dest: Path, made: tuple[str, ...] = ()) -> int:
    """Make ``dest`` hold exactly ``wanted`` (name -> source) and the ``made`` files
    (written by other steps); returns files changed."""
    dest.mkdir(parents=True, exist_ok=True)
    changed = sum(_copy_if_changed(src, dest / name) for name, src in wanted.items())
    for old in dest.iterdir():
        if old.name not in wanted and old.name not in made:
            old.unlink()
            changed += 1
    return changed


def _package_version(pkg_dir: Path) -> str:
    return json.loads((pkg_dir / "package.json").read_text())["version"]


def vendor(root: Path = ROOT) -> int:
    """Copy the browser runtime from node_modules into vendor/; returns files changed."""
    nm = root / "node_modules"
    pyodide_dir = nm / "pyodide"
    core_dir = nm / "@pyscript" / "core"
    mpy_dir = nm / "@micropython" / "micropython-webassembly-pyscript"
    for d in (pyodide_dir, core_dir, mpy_dir):
        if not d.is_dir():
            raise SystemExit(f"{d} is missing: run `npm ci` (scripts/setup.sh does)")
    out = root / VENDOR
    stdlib = pyodide_bytecode.STDLIB  # compiled to bytecode by the pinned Pyodide (pyodide_bytecode.py)
    made = (stdlib, *pyodide_snapshot.MADE)
    linker = pyodide_link.FILE  # patched as it is written (pyodide_link.py), not copied
    changed = _sync_dir({n: pyodide_dir / n for n in PYODIDE_FILES if n not in (stdlib, linker)}, out / "pyodide",
                        (*made, linker))
    changed += _write_if_changed(out / "pyodide" / linker,
                                 pyodide_link.patch((pyodide_dir / linker).read_text(encoding="utf-8")).encode())
    changed += pyodide_bytecode.build_stdlib(pyodide_dir, out / "pyodide" / stdlib)
    # Pyodide's memory snapshot is made by bundle(): the engine is imported in it.
    dist = core_dir / "dist"
    # core.js imports core-*.js, which imports the other chunks on demand (the TOML
    # parser, zip support, error overlay...): ship every chunk, never a source map.
    wanted = {p.name: p for p in dist.iterdir() if p.suffix in (".js", ".css")}
    changed += _sync_dir(wanted, out / "pyscript")
    changed += _sync_dir({n: mpy_dir / n for n in MICROPYTHON_FILES}, out / "micropython")
    versions = {
        "@micropython/micropython-webassembly-pyscript": _package_version(mpy_dir),
        "@pyscript/core": _package_version(core_dir),
        "pyodide": _package_version(pyodide_dir),
    }
    stamp = out / "versions.json"
    text = json.dumps(versions, indent=2, sort_keys=True) + "\n"
    if not stamp.exists() or stamp.read_text() != text:
        stamp.write_text(text)
        changed += 1
    return changed


# --------------------------------------------------------------------------- bundle

_bundle_lock = threading.Lock()


def _package_files(root: Path, packages: tuple[str, ...]) -> list[Path]:
    return [p for pkg in packages for p in sorted((root / pkg).rglob("*.py")) if "__pycache__" not in p.parts]


def bundle_bytes(root: Path = ROOT, packages: tuple[str, ...] = ("engine",), extra=None, comment=b"",
                 sourceless: bool = False) -> bytes:
    """A deterministic zip of the packages' .py files (same input, same bytes), plus
    ``extra`` {archive name: bytes} (compiled bytecode); ``sourceless``: a module's
    bytecode in place of its source (``_sourceless``)."""
    buf = io.BytesIO()
    entries = [(p.relative_to(root).as_posix(), p.read_bytes()) for p in _package_files(root, packages)]
    entries += sorted((extra or {}).items())
    if sourceless:
        entries = _sourceless(entries)
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
        zf.comment = comment
    return buf.getvalue()


def _sources_stamp(root: Path, files: list[Path], salt: bytes) -> bytes:
    """The zip comment naming its inputs: the files' names and bytes, and ``salt``
    (the compiler used)."""
    h = hashlib.sha256(salt)
    for path in files:
        h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return b"sources " + h.hexdigest()[:32].encode()


def _unchanged_zip(target: Path, comment: bytes) -> bytes | None:
    """The zip already built from these inputs (its comment matches), else None."""
    try:
        with zipfile.ZipFile(target) as zf:
            if zf.comment == comment:
                return target.read_bytes()
    except (OSError, zipfile.BadZipFile):
        pass
    return None


def _engine_zip(root: Path, packages: tuple[str, ...]) -> bytes:
    """engine.zip with bytecode, recompiled only when a source file changed."""
    versions = root / VENDOR / "versions.json"
    comment = _sources_stamp(root, _package_files(root, packages),
                             (versions.read_bytes() if versions.exists() else b"") + pyodide_bytecode.RECIPE + b" sourceless")
    kept = _unchanged_zip(root / VENDOR / "engine.zip", comment)
    if kept is not None:
        return kept
    pycs = pyodide_bytecode.engine_bytecode(root, _package_files(root, packages))
    return bundle_bytes(root, packages, pycs, comment, sourceless=True)


def _sourceless(entries: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """A module compiled beside its source ships as ``pkg/mod.pyc`` alone: the workers
    import engine.zip as it is (zipimport, from sys.path; start.mjs), and Python imports a
    .pyc without a source. Tracebacks show no source lines, as the standard library's.
    PyScript's package ships so too (its sources are not in the zip): imported from the zip
    ahead of the copy its worker writes, which is the same text (the zip's stamp names
    the pinned PyScript)."""
    data = dict(entries)
    out = []
    for name, body in entries:
        head, _, tail = name.rpartition("/__pycache__/")
        if head and tail.endswith(".cpython-314.pyc"):
            module = tail[: -len(".cpython-314.pyc")]
            if f"{head}/{module}.py" in data or head.split("/")[0] == "pyscript":
                out.append((f"{head}/{module}.pyc", body))
                continue
        elif name.endswith(".py"):
            stem = name[:-3]
            folder, _, module = stem.rpartition("/")
            if f"{folder}/__pycache__/{module}.cpython-314.pyc" in data:
                continue
        out.append((name, body))
    return sorted(out)


# The UI's archive (MicroPython bytecode, its import graph, the .tgz): ui_bundle.py.
UI_NOT_BUNDLED = ui_bundle.NOT_BUNDLED
find_mpy_cross = ui_bundle.find_mpy_cross


def _ui_zip(root: Path) -> bytes:
    """ui.zip: MicroPython bytecode when mpy-cross is at hand, else the sources, and
    the import graph (ui_bundle.IMPORTS); rebuilt only when a source (or the compiler)
    changed."""
    cross = ui_bundle.find_mpy_cross(root)
    stat = cross.stat() if cross else None
    files = [p for p in _package_files(root, ZIPS["ui.zip"]) if p.relative_to(root).as_posix() not in UI_NOT_BUNDLED]
    salt = (f"{stat.st_size}:{stat.st_mtime_ns}".encode() if stat else b"sources") + ui_bundle.RECIPE
    comment = _sources_stamp(root, files, salt + b"".join(ui_bundle.pyscript_sources(root).values()))
    kept = _unchanged_zip(root / VENDOR / "ui.zip", comment)
    if kept is not None:
        return kept
    compiled = ui_bundle.micropython_bytecode(root, files, cross) if cross else None
    if compiled is None:
        compiled = {p.relative_to(root).as_posix(): p.read_bytes() for p in files}
    else:
        compiled.update(ui_bundle.pyscript_bytecode(root, cross))
    compiled[ui_bundle.IMPORTS] = ui_bundle.import_graph(root, files)
    return bundle_bytes(root, (), compiled, comment)


def _write_if_changed(target: Path, data: bytes) -> bool:
    if target.exists() and target.read_bytes() == data:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, target)
    return True


# Run in a fresh interpreter (the engine may have changed since this process imported
# anything): opens FIRST_GAMES games, you against the hard computer under the classic
# rules, and prints {"games": [{"spec", "snap", "layout", "v"}]}.
_FIRST_GAME_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from engine import session
session.load_lexicon(open(sys.argv[2], "rb").read())
layout = json.loads(session.layout("classic"))
games = []
for i in range(int(sys.argv[3])):
    spec = {"rules": "classic", "seed": "first-%d" % i, "actions": [],
            "seats": [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]}
    snap = json.loads(session.open(json.dumps(spec)))
    if "error" in snap:
        raise SystemExit(snap["error"])
    games.append({"v": 1, "spec": spec, "snap": snap, "layout": layout})
print(json.dumps({"games": games}, sort_keys=True))
"""


def _sources_hash(root: Path) -> str:
    h = hashlib.sha256()
    for path in sorted((root / "engine").rglob("*.py")) + [root / LEXICON]:
        if "__pycache__" in path.parts or not path.is_file():
            continue
        h.update(path.as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def first_game(root: Path = ROOT) -> bool:
    """(Re)write vendor/first-game.json when the engine or word list changed."""
    target = root / VENDOR / FIRST_GAME
    stamp = _sources_hash(root)
    try:
        if json.loads(target.read_text()).get("stamp") == stamp:
            return False
    except (OSError, ValueError, AttributeError):
        pass
    proc = subprocess.run(
        [sys.executable, "-c", _FIRST_GAME_SCRIPT, str(root), str(root / LEXICON), str(FIRST_GAMES)],
        capture_output=True, text=True, timeout=300,
    )
    if proc.returncode == 0:
        data = json.loads(proc.stdout)
    else:  # the page then waits for the engine to open its first game
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["?"]
        print(f"first-game.json: the engine could not open a game: {tail[0]}", file=sys.stderr)
        data = {"games": [], "error": tail[0]}
    data["stamp"] = stamp
    return _write_if_changed(target, (json.dumps(data, sort_keys=True) + "\n").encode())


def snapshot(root: Path = ROOT) -> int:
    """The engine workers start Pyodide from a memory snapshot with the engine imported
    (start.mjs; pyodide_snapshot.py), so it is remade when engine.zip or the word list
    changes; files changed (0 before ``vendor``: no runtime yet)."""
    pyodide_dir, folder = root / "node_modules" / "pyodide", root / VENDOR / "pyodide"
    if not (pyodide_dir.is_dir() and (folder / pyodide_bytecode.STDLIB).is_file()):
        return 0
    return pyodide_snapshot.build(root, pyodide_dir, folder, UI_NOT_BUNDLED, root / VENDOR / "engine.zip")


def bundle(root: Path = ROOT) -> bool:
    """(Re)write vendor/engine.zip, ui.zip and first-game.json if changed; True if any was."""
    with _bundle_lock:
        changed = False
        for name, packages in ZIPS.items():
            data = _engine_zip(root, packages) if name == "engine.zip" else _ui_zip(root)
            changed |= _write_if_changed(root / VENDOR / name, data)
            if name == "ui.zip":  # the build's cache; the page loads ui.tgz
                changed |= _write_if_changed(root / VENDOR / UI_ARCHIVE, ui_bundle.ui_tgz(data))
        changed |= first_game(root)
        changed |= bool(snapshot(root))
        for old in OBSOLETE:  # what earlier versions of the page loaded
            (root / VENDOR / old).unlink(missing_ok=True)
        return changed


# --------------------------------------------------------------------------- serve


# (start.mjs: a worker asks for it before the snapshot it names, which bundle() remakes.)
BUNDLED_PATHS = tuple(f"/{VENDOR}/{name}" for name in (*ZIPS, UI_ARCHIVE, FIRST_GAME, f"pyodide/{pyodide_snapshot.START}"))


# What a static host compresses (gzip at least: nginx's gzip_types, GitHub Pages, Netlify,
# Cloudflare); archives, word lists and images are compressed already and go as they are.
COMPRESSIBLE = (".html", ".css", ".js", ".mjs", ".json", ".wasm", ".toml", ".md", ".py", ".txt", ".svg",
                ".webmanifest")
_gzipped: dict[tuple[str, int, int], bytes] = {}
_gzip_lock = threading.Lock()


def gzipped(path: str, stat: os.stat_result) -> bytes:
    """The file as gzip (level 6, as nginx and CDNs): a precompressed ``path.gz`` no older
    than it (dist/ ships them, as nginx's gzip_static serves them), else made once per
    version of the file and kept in memory."""
    key = (path, stat.st_mtime_ns, stat.st_size)
    with _gzip_lock:
        if key not in _gzipped:
            try:
                pre = os.stat(path + ".gz")
                fresh = pre.st_mtime_ns >= stat.st_mtime_ns
            except OSError:
                fresh = False
            with open(path + ".gz" if fresh else path, "rb") as f:
                data = f.read()
            _gzipped[key] = data if fresh else gzip.compress(data, 6, mtime=0)
        return _gzipped[key]


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with correct types, revalidated on every load, compressed for a
    browser that accepts gzip (as static hosts send them), and fresh bundles."""

    extensions_map = {
        "": "application/octet-stream",
        ".html": "text/html; charset=utf-8",
        ".css": "text/css; charset=utf-8",
        ".js": "text/javascript; charset=utf-8",
        ".mjs": "text/javascript; charset=utf-8",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".wasm": "application/wasm",
        ".zip": "application/zip",
        ".tgz": "application/gzip",   # a binary archive: never text, never gzipped again
        ".gz": "application/gzip",
        ".toml": "text/plain; charset=utf-8",
        ".py": "text/plain; charset=utf-8",
        ".txt": "text/plain; charset=utf-8",
        ".md": "text/plain; charset=utf-8",
        ".png": "image/png",
        ".svg": "image/svg+xml",
        ".bin": "application/octet-stream",
    }
    verbose = False
    rebuild = True  # False: serve vendor/ as it is (benchmarks: no rebuild inside a timed load)

    def do_GET(self) -> None:  # noqa: N802 (http.server naming)
        if self.rebuild and self.path.split("?", 1)[0] in BUNDLED_PATHS:
            # Rebuilt on request, so edits to engine/ or ui/ show on a plain reload.
            bundle(Path(self.directory))
        super().do_GET()

    def send_head(self):
        """As the standard server, but a compressible file goes gzipped to a browser that
        says it accepts gzip (Content-Encoding: gzip, Vary: Accept-Encoding)."""
        path = self.translate_path(self.path)
        wants = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (wants and os.path.splitext(path)[1] in COMPRESSIBLE and os.path.isfile(path)):
            return super().send_head()
        stat = os.stat(path)
        try:
            since = email.utils.parsedate_to_datetime(self.headers["If-Modified-Since"]).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            since = -1
        if since >= int(stat.st_mtime) and "If-None-Match" not in self.headers:
            self.send_response(304)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        data = gzipped(path, stat)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(data)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        if self.verbose:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """Quiet when a browser drops a connection (a page closed, or reloaded, while a
    file was still being sent): that is the browser's right, not a fault. Any other
    error is printed as before."""

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


def make_server(root: Path = ROOT, port: int = 0, verbose: bool = False, rebuild: bool = True) -> ThreadingHTTPServer:
    """A static server on 127.0.0.1 (port 0 = a free one); call serve_forever()."""
    handler = type("Handler", (SiteHandler,), {"verbose": verbose, "rebuild": rebuild})
    server = SiteServer(("127.0.0.1", port), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    return server


def start_in_thread(root: Path = ROOT, port: int = 0, rebuild: bool = True) -> tuple[ThreadingHTTPServer, str]:
    """Start a server in a daemon thread; returns (server, base URL ending in '/')."""
    bundle(root)
    server = make_server(root, port, rebuild=rebuild)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


# --------------------------------------------------------------------------- chromium


class ChromiumNotFound(RuntimeError):
    """$CHROMIUM_PATH names a file that does not exist."""


def _playwright_chromium() -> str | None:
    """The Chromium that Playwright downloaded for itself, if it is there."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    try:
        with sync_playwright() as p:
            path = p.chromium.executable_path
    except Exception:  # a broken driver must not hide the other choices
        return None
    return path if path and os.path.exists(path) else None


def find_chromium(playwright_path: str | None = None, use_playwright: bool = True) -> str | None:
    """$CHROMIUM_PATH, else Playwright's own Chromium, else a system one; None if none.

    ``playwright_path`` is Playwright's expected executable when the caller already
    has a Playwright instance (saves starting a second driver).
    """
    env = os.environ.get(CHROMIUM_ENV, "").strip()
    if env:
        if not os.path.exists(env):
            raise ChromiumNotFound(f"{CHROMIUM_ENV}={env} does not exist")
        return env
    if playwright_path is not None:
        if os.path.exists(playwright_path):
            return playwright_path
    elif use_playwright:
        found = _playwright_chromium()
        if found:
            return found
    for path in SYSTEM_CHROMIUMS:
        if os.path.exists(path):
            return path
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    return found


# --------------------------------------------------------------------------- cli


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("vendor")
    sub.add_parser("bundle")
    sp = sub.add_parser("serve")
    sp.add_argument("--port", type=int, default=0, help="0 (default) picks a free port")
    sp.add_argument("--verbose", action="store_true", help="log every request")
    sub.add_parser("chromium")
    args = ap.parse_args(argv)

    if args.cmd == "vendor":
        n = vendor()
        print(f"vendor/: {n} file(s) updated" if n else "vendor/: up to date")
    elif args.cmd == "bundle":
        print("vendor/engine.zip, ui.zip, first-game.json: " + ("rebuilt" if bundle() else "up to date"))
    elif args.cmd == "serve":
        bundle()
        server = make_server(ROOT, args.port, args.verbose)
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        print(f"Serving the game at {url}  (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    elif args.cmd == "chromium":
        try:
            path = find_chromium()
        except ChromiumNotFound as exc:
            print(exc, file=sys.stderr)
            return 1
        if not path:
            print("no Chromium found", file=sys.stderr)
            return 1
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
