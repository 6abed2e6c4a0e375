"""Build dist/: the game as static files for any web host, and nothing else.

    python3 scripts/dist.py [--out DIR] [--no-refresh]      (default: dist/ in the repository)

Run ``bash scripts/setup.sh --runtime`` once first (it installs the pinned runtime in
node_modules/). The build refreshes vendor/ (runtime copy, Python zips) through
scripts/webtool.py, then copies only what the page loads, found by reading the page
itself: index.html's ``src``/``href``/``config`` attributes, each config's interpreter
and [files], and the PyScript chunks core.js imports. Added: the licences, the rule
book (its markdown, and the rule book and How to play as pages, made afresh from their
markdown by scripts/rules_page.py, with the files they link to), and the service worker (sw.js) with a version stamp (a hash of every other
file) and its list of files. Every path is relative, so dist/ works from any folder
of any static host. The same inputs give byte-identical output.

Standard library only, like webtool.py (the system ``python3`` can run it).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import posixpath
import re
import shutil
import sys
import tomllib
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
import draw_images  # noqa: E402
import rules_page  # noqa: E402
import webtool  # noqa: E402

PAGE = "index.html"
SERVICE_WORKER = "sw.js"
RULE_BOOK = "docs/rules.md"
# Files the page's scripts fetch by name (not in an attribute dist can read).
# wordlists/meanings.bin and short_meanings.tsv: the engine worker fetches them on the first
# request for a meaning (ui/engine_worker.py define), never while the page starts; the
# service worker caches them.
FETCHED = ("vendor/first-game.json", "wordlists/meanings.bin", "wordlists/short_meanings.tsv",
           "vendor/engine.zip")  # (the last by start.mjs)
# Shipped when present: embed.html only redirects to index.html?embed=1 (the embed is the
# page itself), kept so that snippets naming it stay valid.
OPTIONAL_PAGES = ("embed.html",)
# The club page (players, tournaments): a page of its own, collected like index.html.
CLUB_PAGE = "club.html"
# The table page (a game on a real board): a page of its own too.
TABLE_PAGE = "table.html"
OWN_LICENCES = ("LICENSE", "wordlists/SCOWL-COPYRIGHT", "wordlists/ENABLE-NOTICE.md",
                "licenses/wordnet.txt")
# Each runtime package's licence goes beside its files in vendor/. Packages whose npm
# release ships no licence text get the full text kept in licenses/ (by package).
SHIPPED_LICENCE_TEXTS = {
    "pyodide": "licenses/pyodide.txt",
    "@micropython/micropython-webassembly-pyscript": "licenses/micropython.txt",
}
RUNTIME_PACKAGES = {
    "@pyscript/core": "vendor/pyscript",
    "pyodide": "vendor/pyodide",
    "@micropython/micropython-webassembly-pyscript": "vendor/micropython",
}
# PyScript chunks that only its code editor (CodeMirror) and terminals (xterm.js) load;
# the page uses neither, so neither they nor what only they import are shipped.
UNUSED_CHUNK_PREFIXES = ("codemirror", "xterm")
PYSCRIPT_ENTRY = "vendor/pyscript/core.js"

STAMP = "@WLC_VERSION@"  # in sw.js and the injected meta; replaced by the stamp
FILES_MARK = "{/* @WLC_FILES@ */}"  # in sw.js; replaced by {file: hash} of the files it caches
DIST_META = f'<meta name="wlc-dist" content="{STAMP}">'

# Injected before </body> of dist/index.html only (the development page stays without a
# service worker, so it never serves stale files). Registers once the engine is up, so
# filling the cache does not compete with the first load; a new deployment's worker
# waits until this page has loaded everything, then takes over for the next load.
REGISTER_SNIPPET = """<script>
  // Offline play (dist/ only): register the service worker beside this page (sw.js).
  (() => {
    if (!/^https?:$/.test(location.protocol) || !("serviceWorker" in navigator)
        || !document.querySelector('meta[name="wlc-dist"]')) return;
    const register = () => navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" })
      .then((reg) => {
        const go = (w) => w && w.postMessage("activate");
        go(reg.waiting);
        reg.addEventListener("updatefound", () => {
          const w = reg.installing;
          w.addEventListener("statechange", () => w.state === "installed" && go(w));
        });
        // a worker already installing (the old one asked for it as it served this page)
        const now = reg.installing;
        if (now) now.addEventListener("statechange", () => now.state === "installed" && go(now));
        // and a check of its own: an update asked by the old worker mid-navigation can be dropped
        if (!now && !reg.waiting) reg.update().catch(() => {});
      })
      .catch((e) => console.warn("offline play unavailable:", e && e.message));
    const body = document.body;
    if (body.dataset.engine !== "loading") return register();
    new MutationObserver((_, seen) => {
      if (body.dataset.engine !== "loading") { seen.disconnect(); register(); }
    }).observe(body, { attributes: true, attributeFilter: ["data-engine"] });
  })();
</script>
"""

# Types a static host compresses on the fly (nginx gzip_types, GitHub Pages, CDNs); zips
# and the word list are compressed already and are sent as they are.
COMPRESSED_TYPES = (".html", ".css", ".js", ".mjs", ".json", ".wasm", ".toml", ".md", ".py", ".txt", ".svg",
                    ".webmanifest", "")
PYTHON_CODE = ("vendor/pyodide/engine_rest.zip", "vendor/ui.tgz", "ui/main.py", "ui/engine_worker.py")  # (engine.zip: without the snapshot)
WORD_SETS = ("wordlists/lexicon.bin",)  # (a first visit's engine has it loaded in the snapshot: fetched for offline play and the expert's helpers)


class DistError(RuntimeError):
    """The page references a file that is not there, a template lacks its marker, or the
    Python code would not run (a build that cannot ship must fail, not print a line)."""


@dataclass
class Build:
    stamp: str
    files: dict[str, bytes]  # dist path -> bytes, sorted by path

    def precompressed(self) -> dict[str, bytes]:
        """``path.gz`` for every file a host would compress (smaller by 5% or more): nginx's
        gzip_static sends them as they are (no compressing per request, and at level 9);
        hosts that compress by themselves ignore them. Not in the service worker's list: a
        browser asks for ``path`` and is sent the copy with Content-Encoding: gzip. (No
        brotli copies: the standard library cannot make them.)"""
        out = {}
        for path, data in self.files.items():
            if Path(path).suffix in COMPRESSED_TYPES:
                packed = gzip.compress(data, 9, mtime=0)
                if len(packed) <= 0.95 * len(data):
                    out[path + ".gz"] = packed
        return out


# --------------------------------------------------------------------------- what the page loads

_ATTR = re.compile(r'\b(?:src|href|config)="([^"]*)"')
# The preview picture a shared link shows (Open Graph, Twitter card): a page's file too.
_META_IMAGE = re.compile(r'<meta (?:property|name)="(?:og|twitter):image" content="([^"]*)"')
MANIFEST = "manifest.webmanifest"
_IMPORT = re.compile(r'(?:\bfrom\s*|\bimport\s*\(?\s*)"\./([^"]+)"')


def _local(ref: str, where: str, folder: str = "") -> str | None:
    """The file a reference names, relative to the site folder (``folder`` is where the
    referring file lies); None for an in-page anchor or inline data. An absolute path or
    another site is an error: dist/ must work from any folder of any host, on its own."""
    if not ref or ref.startswith(("#", "data:", "blob:", "mailto:")):
        return None
    if ref.startswith("/") or "://" in ref:
        raise DistError(f"{where} refers to {ref!r}: every reference must be a relative path")
    path = ref.split("#", 1)[0].split("?", 1)[0]
    if not path:
        return None
    path = posixpath.normpath(posixpath.join(folder, path))
    if path == ".." or path.startswith("../"):
        raise DistError(f"{where} refers to {ref!r}, outside the site's folder")
    return None if path == "." else path


def page_references(html: str) -> list[str]:
    """Relative files index.html loads or links to (scripts, styles, configs, links, the
    preview picture)."""
    return sorted({p for ref in _ATTR.findall(html) + _META_IMAGE.findall(html) if (p := _local(ref, PAGE))})


def manifest_references(root: Path) -> list[str]:
    """The icons the web app manifest names (relative to it, like every path here)."""
    data = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    return sorted({p for icon in data.get("icons", []) if (p := _local(icon["src"], MANIFEST))})


def doc_references(html: str, page: str) -> list[str]:
    """Site files a doc page links to (the game page among them), relative to the site.
    A link to another site is only a link (the page loads nothing from it)."""
    folder = posixpath.dirname(page)
    return sorted({p for ref in _ATTR.findall(html) if not re.match(r"[a-z][a-z0-9+.-]*://", ref, re.I)
                   and (p := _local(ref, page, folder))})


def config_references(root: Path, config: str) -> list[str]:
    """The interpreter's whole vendor folder and the [files] of a PyScript config."""
    data = tomllib.loads((root / config).read_text())
    base = Path(config).parent
    refs = []
    interpreter = data.get("interpreter")
    if interpreter:
        folder = (base / _local(interpreter, config)).parent
        refs += [(folder / p.name).as_posix() for p in sorted((root / folder).iterdir()) if p.is_file()]
    refs += [(base / _local(src, config)).as_posix() for src in data.get("files", {})]
    return [PurePosixPath(r).as_posix() for r in refs]


def pyscript_chunks(root: Path, entry: str = PYSCRIPT_ENTRY) -> list[str]:
    """core.js and every chunk it imports, statically or on demand, except the editor's
    and terminals' libraries and what only they import."""
    folder = Path(entry).parent
    seen, todo = set(), [Path(entry).name]
    while todo:
        name = todo.pop()
        if name in seen or name.startswith(UNUSED_CHUNK_PREFIXES):
            continue
        seen.add(name)
        text = (root / folder / name).read_text(encoding="utf-8")
        todo += _IMPORT.findall(text)
    return sorted((folder / n).as_posix() for n in seen)


def runtime_licence(root: Path, package: str) -> bytes:
    """The package's own licence file, else the text kept in licenses/ (pyodide and
    micropython publish no licence text on npm), else a notice from its package.json."""
    pkg = root / "node_modules" / package
    if not (pkg / "package.json").is_file():
        raise DistError(f"node_modules/{package} is missing: run `bash scripts/setup.sh --runtime`")
    for name in ("LICENSE", "LICENSE.md", "LICENSE.txt", "LICENCE", "COPYING"):
        if (pkg / name).is_file():
            return (pkg / name).read_bytes()
    kept = SHIPPED_LICENCE_TEXTS.get(package)
    if kept and (root / kept).is_file():
        return (root / kept).read_bytes()
    meta = json.loads((pkg / "package.json").read_text())
    repo = meta.get("repository") or {}
    url = (repo.get("url", "") if isinstance(repo, dict) else str(repo)).removeprefix("git+")
    spdx = meta.get("license", "see its repository")
    return (
        f"{meta['name']} {meta['version']}\n\n"
        f"Licence: {spdx} (as declared in the package's package.json; the npm package ships\n"
        f"no licence text). Source: {url}\n"
        f"Full licence text: https://spdx.org/licenses/{spdx}.html\n"
    ).encode()


def collect(root: Path = ROOT) -> dict[str, bytes]:
    """Every dist file (templates still holding the stamp marker), by dist path."""
    html = (root / PAGE).read_text(encoding="utf-8")
    refs = set(page_references(html))
    for config in [r for r in refs if r.endswith(".toml")]:
        refs.update(config_references(root, config))
    refs.update(pyscript_chunks(root))
    refs.update(OWN_LICENCES)
    refs.add(RULE_BOOK)
    try:
        docs = {page: (root / page).read_bytes() for page in rules_page.PAGES.values()}  # kept current by --check
    except OSError as exc:
        raise DistError(f"cannot make the rule pages: {exc.filename} is missing") from exc
    for page, data in docs.items():
        refs.update(doc_references(data.decode("utf-8"), page))
    refs.update(docs)
    refs.update(FETCHED)
    refs.update(p for p in OPTIONAL_PAGES if (root / p).is_file())
    for page in (CLUB_PAGE, TABLE_PAGE):
        refs.update(page_references((root / page).read_text(encoding="utf-8")) + [page])
    if MANIFEST in refs:
        refs.update(manifest_references(root))
    refs.discard(PAGE)
    drawn = draw_images.images()   # the pictures as this build draws them (icons/ may lag)
    missing = sorted(r for r in refs if r not in docs and r not in drawn and not (root / r).is_file())
    if missing:
        raise DistError("the page needs files that are missing: " + ", ".join(missing)
                        + " (run `bash scripts/setup.sh --runtime`)")
    files = {r: docs[r] if r in docs else drawn[r] if r in drawn else (root / r).read_bytes() for r in refs}
    for package, folder in RUNTIME_PACKAGES.items():
        files[f"{folder}/LICENSE"] = runtime_licence(root, package)
    files[PAGE] = inject(html).encode()
    sw = (root / SERVICE_WORKER).read_text(encoding="utf-8")
    if STAMP not in sw or FILES_MARK not in sw:
        raise DistError(f"{SERVICE_WORKER} lacks its markers {STAMP} and {FILES_MARK}")
    files[SERVICE_WORKER] = sw.encode()
    return dict(sorted(files.items()))


def check_code(root: Path) -> None:
    """Every module of ui/ and engine/ compiles, and ui.tgz is the UI as bytecode when the
    pinned compiler is at hand: a syntax error would otherwise ship, and the page would sit
    on its loading screen for ever (webtool falls back to sources, with one line on stderr)."""
    bad = []
    for top in ("ui", "engine"):
        for path in sorted((root / top).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            try:
                compile(path.read_bytes(), path.relative_to(root).as_posix(), "exec", dont_inherit=True)
            except SyntaxError as exc:
                bad.append(f"{exc.filename}:{exc.lineno}: {exc.msg}")
    if bad:
        raise DistError("the Python code does not compile: " + "; ".join(bad))
    tgz = root / webtool.VENDOR / webtool.UI_ARCHIVE
    if tgz.is_file() and webtool.find_mpy_cross(root) is not None:
        import tarfile  # noqa: PLC0415

        try:
            with tarfile.open(tgz) as tf:
                sources = [m.name for m in tf.getmembers() if m.name.endswith(".py")]
        except (OSError, tarfile.TarError) as exc:
            raise DistError(f"{tgz.relative_to(root).as_posix()} is not a .tgz: {exc}") from exc
        if sources:
            raise DistError(f"{tgz.relative_to(root).as_posix()} holds sources ({sources[0]}...): "
                            "mpy-cross failed on the UI (see the line above)")


def inject(html: str) -> str:
    """The page with the dist marker (version meta) and the service worker registration."""
    if html.count("</head>") != 1 or html.count("</body>") != 1:
        raise DistError(f"{PAGE} must have one </head> and one </body>")
    html = html.replace("</head>", f"  {DIST_META}\n</head>")
    snippet = "".join("  " + line if line else line for line in REGISTER_SNIPPET.splitlines(True))
    return html.replace("</body>", snippet + "</body>")


def stamp_of(files: dict[str, bytes]) -> str:
    """A hash of every file (with the marker in place of the stamp)."""
    h = hashlib.sha256()
    for path, data in sorted(files.items()):
        h.update(path.encode() + b"\0" + len(data).to_bytes(8, "big") + data)
    return h.hexdigest()[:16]


def file_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def seal(files: dict[str, bytes]) -> Build:
    """Write the stamp into the page and the service worker, and into the service worker
    the hash of every other file (it caches a version only if every file matches)."""
    stamp = stamp_of(files)
    out = dict(files)
    for path in (PAGE, SERVICE_WORKER):
        out[path] = out[path].replace(STAMP.encode(), stamp.encode())
    hashes = {path: file_hash(data) for path, data in out.items() if path != SERVICE_WORKER}
    listing = "{\n" + ",\n".join(f"  {json.dumps(p)}: {json.dumps(h)}" for p, h in hashes.items()) + "\n}"
    out[SERVICE_WORKER] = out[SERVICE_WORKER].replace(FILES_MARK.encode(), listing.encode())
    return Build(stamp, out)


# --------------------------------------------------------------------------- build


@contextmanager
def _vendor_lock(root: Path):
    """The lock scripts/setup.sh holds while it rewrites vendor/."""
    (root / webtool.VENDOR).mkdir(exist_ok=True)
    with open(root / webtool.VENDOR / ".setup.lock", "w") as f:
        try:
            import fcntl

            fcntl.flock(f, fcntl.LOCK_EX)
        except ImportError:  # not on Windows
            pass
        yield


def absolute_previews(files: dict[str, bytes], site_url: str) -> dict[str, bytes]:
    """The pages with their preview picture's address made absolute (``site_url``: where
    dist/ will be served): Open Graph asks for an absolute URL, and some apps that unfurl
    links ignore a relative one. The rest of dist/ stays relative."""
    if not re.match(r"https?://[^/]+/", site_url):
        raise DistError(f"--site-url {site_url!r}: give the address of the folder, e.g. https://example.org/games/wlc/")
    base = site_url if site_url.endswith("/") else site_url + "/"
    out = dict(files)
    for page in (PAGE, CLUB_PAGE, TABLE_PAGE):
        if page in out:
            html = out[page].decode("utf-8")
            out[page] = _META_IMAGE.sub(lambda m: m[0].replace(f'content="{m[1]}"', f'content="{base}{_local(m[1], page)}"'),
                                        html).encode()
    return out


def build(out: Path | None = None, root: Path = ROOT, refresh: bool = True, site_url: str | None = None) -> Build:
    """Collect dist (refreshing vendor/ first) and write it to ``out`` if given; ``site_url``:
    see absolute_previews."""
    if refresh and not (root / "node_modules" / "pyodide").is_dir():
        raise DistError("node_modules/ is missing: run `bash scripts/setup.sh --runtime` first")
    with _vendor_lock(root):
        if refresh:
            webtool.vendor(root)
            webtool.bundle(root)
        check_code(root)
        files = collect(root)
        result = seal(absolute_previews(files, site_url) if site_url else files)
    if out is not None:
        write(result, out)
    return result


def write(result: Build, out: Path) -> None:
    """Replace ``out`` by the build; refuses to delete a folder that is not a build."""
    out = Path(out)
    if out.exists():
        if any(out.iterdir()) and not (out / SERVICE_WORKER).exists():
            raise DistError(f"{out} exists and is not a previous build (no {SERVICE_WORKER}): not deleting it")
        shutil.rmtree(out)
    for path, data in {**result.files, **result.precompressed()}.items():
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


# --------------------------------------------------------------------------- report


def served_size(path: str, data: bytes) -> int:
    """Bytes a static host sends: gzip (level 6, as nginx/CDNs) for compressible types."""
    if Path(path).suffix in COMPRESSED_TYPES:
        return min(len(data), len(gzip.compress(data, 6, mtime=0)))
    return len(data)


def _brotli():
    try:
        import brotli  # noqa: PLC0415 (optional)
    except ImportError:
        return None
    return brotli


def report(result: Build) -> str:
    br = _brotli()
    rows, raw_total, gz_total, br_total = [], 0, 0, 0
    for path, data in result.files.items():
        gz = served_size(path, data)
        b = min(len(data), len(br.compress(data))) if br and Path(path).suffix in COMPRESSED_TYPES else len(data)
        raw_total, gz_total, br_total = raw_total + len(data), gz_total + gz, br_total + b
        rows.append(f"{len(data):>10,} {gz:>10,}" + (f" {b:>10,}" if br else "") + f"  {path}")
    head = f"{'raw':>10} {'gzip':>10}" + (f" {'brotli':>10}" if br else "") + "  file"
    lines = [head, *rows, f"{raw_total:>10,} {gz_total:>10,}" + (f" {br_total:>10,}" if br else "")
             + f"  total: {len(result.files)} files, version {result.stamp}"]
    if not br:
        lines.append("brotli: not measured (the Python module `brotli` is not installed)")
    for label, group in (("Python code", PYTHON_CODE), ("word sets", WORD_SETS)):
        part = sum(served_size(p, result.files[p]) for p in group if p in result.files)
        lines.append(f"{label}: {part:,} bytes served, {100 * part / gz_total:.1f}% of the site (gzip)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "dist",
                    help="output folder, replaced if it holds a previous build (default: dist/ in the repository)")
    ap.add_argument("--site-url", metavar="URL",
                    help="the address dist/ will be served from (https://example.org/games/wlc/): the pages'"
                         " preview picture is then named by its absolute address, as link previews want")
    ap.add_argument("--no-refresh", action="store_true",
                    help="use vendor/ as it is (do not re-copy the runtime or rebuild the zips)")
    args = ap.parse_args(argv)
    out = args.out
    try:
        result = build(out, refresh=not args.no_refresh, site_url=args.site_url)
    except DistError as exc:
        print(f"dist: {exc}", file=sys.stderr)
        return 1
    print(report(result))
    print(f"dist: wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
