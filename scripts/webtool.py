"""Helpers for the static site: vendor the runtime, bundle the Python code, serve, find Chromium.

Standard library only, so that the system ``python3`` can run it before the virtual
environment exists. Used by setup.sh / serve.sh, by tests/conftest.py and by bench/.

    python3 scripts/webtool.py vendor          # node_modules -> vendor/ (runtime files only)
    python3 scripts/webtool.py bundle          # engine/ + ui/ -> vendor/app.zip, vendor/assets.json
    python3 scripts/webtool.py serve [--port N] [--verbose]
    python3 scripts/webtool.py chromium        # print the Chromium the tests will use
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import os
import shutil
import sys
import threading
import zipfile
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = "vendor"
APP_ZIP = "app.zip"
# Which optional data files exist, read by index.html before fetching them: a missing
# file is then never requested (a 404 would be a console error).
ASSETS_JSON = "assets.json"
LEXICON = "wordlists/lexicon.bin"
# Python packages shipped to the browser inside vendor/app.zip (unpacked in Pyodide's cwd).
BUNDLED_PACKAGES = ("engine", "ui")

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

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


def _sync_dir(wanted: dict[str, Path], dest: Path) -> int:
    """Make ``dest`` hold exactly ``wanted`` (name -> source); returns files changed."""
    dest.mkdir(parents=True, exist_ok=True)
    changed = sum(_copy_if_changed(src, dest / name) for name, src in wanted.items())
    for old in dest.iterdir():
        if old.name not in wanted:
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
    for d in (pyodide_dir, core_dir):
        if not d.is_dir():
            raise SystemExit(f"{d} is missing: run `npm ci` (scripts/setup.sh does)")
    out = root / VENDOR
    changed = _sync_dir({n: pyodide_dir / n for n in PYODIDE_FILES}, out / "pyodide")
    dist = core_dir / "dist"
    # core.js imports core-*.js, which imports the other chunks on demand (the TOML
    # parser, zip support, error overlay...): ship every chunk, never a source map.
    wanted = {p.name: p for p in dist.iterdir() if p.suffix in (".js", ".css")}
    changed += _sync_dir(wanted, out / "pyscript")
    versions = {
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


def bundle_bytes(root: Path = ROOT) -> bytes:
    """A deterministic zip of the bundled packages' .py files (same input, same bytes)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for pkg in BUNDLED_PACKAGES:
            base = root / pkg
            files = sorted(p for p in base.rglob("*.py") if "__pycache__" not in p.parts)
            for path in files:
                info = zipfile.ZipInfo(path.relative_to(root).as_posix(), (1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, path.read_bytes())
    return buf.getvalue()


def assets_bytes(root: Path = ROOT) -> bytes:
    lexicon = root / LEXICON
    assets = {"lexicon": f"./{LEXICON}" if lexicon.is_file() else None}
    return (json.dumps(assets, indent=1, sort_keys=True) + "\n").encode()


def _write_if_changed(target: Path, data: bytes) -> bool:
    if target.exists() and target.read_bytes() == data:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, target)
    return True


def bundle(root: Path = ROOT) -> bool:
    """(Re)write vendor/app.zip and vendor/assets.json if changed; True if any was written."""
    with _bundle_lock:
        zipped = _write_if_changed(root / VENDOR / APP_ZIP, bundle_bytes(root))
        listed = _write_if_changed(root / VENDOR / ASSETS_JSON, assets_bytes(root))
        return zipped or listed


# --------------------------------------------------------------------------- serve


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with correct types, revalidated on every load, and a fresh app.zip."""

    extensions_map = {
        "": "application/octet-stream",
        ".html": "text/html; charset=utf-8",
        ".css": "text/css; charset=utf-8",
        ".js": "text/javascript; charset=utf-8",
        ".mjs": "text/javascript; charset=utf-8",
        ".json": "application/json",
        ".wasm": "application/wasm",
        ".zip": "application/zip",
        ".toml": "text/plain; charset=utf-8",
        ".py": "text/plain; charset=utf-8",
        ".txt": "text/plain; charset=utf-8",
        ".md": "text/plain; charset=utf-8",
        ".png": "image/png",
        ".svg": "image/svg+xml",
        ".bin": "application/octet-stream",
    }
    verbose = False

    def do_GET(self) -> None:  # noqa: N802 (http.server naming)
        if self.path.split("?", 1)[0] in (f"/{VENDOR}/{APP_ZIP}", f"/{VENDOR}/{ASSETS_JSON}"):
            # Rebuilt on request, so edits to engine/ or ui/ show on a plain reload.
            bundle(Path(self.directory))
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        if self.verbose:
            super().log_message(format, *args)


def make_server(root: Path = ROOT, port: int = 0, verbose: bool = False) -> ThreadingHTTPServer:
    """A static server on 127.0.0.1 (port 0 = a free one); call serve_forever()."""
    handler = type("Handler", (SiteHandler,), {"verbose": verbose})
    server = ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    return server


def start_in_thread(root: Path = ROOT, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Start a server in a daemon thread; returns (server, base URL ending in '/')."""
    bundle(root)
    server = make_server(root, port)
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
        print("vendor/app.zip, assets.json: rebuilt" if bundle() else "vendor/app.zip, assets.json: up to date")
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
