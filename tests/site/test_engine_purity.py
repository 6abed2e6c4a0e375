"""engine/ is pure: it never imports the browser (js, pyodide, pyscript) nor the UI."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {"js", "pyodide", "pyscript", "pyodide_js", "ui"}
DYNAMIC_IMPORTERS = {"__import__", "import_module"}


def forbidden_imports(source: str, filename: str = "<src>") -> list[str]:
    """Every import of a FORBIDDEN top-level module in ``source``, as 'line: module'."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source, filename)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Call):
            func = node.func
            fname = getattr(func, "id", None) or getattr(func, "attr", None)
            if fname in DYNAMIC_IMPORTERS and node.args and isinstance(node.args[0], ast.Constant):
                if isinstance(node.args[0].value, str):
                    names = [node.args[0].value]
        found += [(node.lineno, n) for n in names if n.split(".")[0] in FORBIDDEN]
    return [f"{line}: {name}" for line, name in sorted(found)]


def engine_files() -> list[Path]:
    return sorted(p for p in (ROOT / "engine").rglob("*.py") if "__pycache__" not in p.parts)


def test_engine_exists():
    assert (ROOT / "engine" / "__init__.py").is_file()
    assert engine_files()


def test_engine_imports_no_browser_or_ui_module():
    bad = {}
    for path in engine_files():
        hits = forbidden_imports(path.read_text(encoding="utf-8"), str(path))
        if hits:
            bad[str(path.relative_to(ROOT))] = hits
    assert bad == {}


def test_the_checker_catches_each_form():
    src = (
        "import os\nimport js\nfrom pyodide.ffi import create_proxy\nimport pyscript.web as w\n"
        "from . import ui\nx = __import__('pyodide')\nimport importlib\nimportlib.import_module('js.x')\n"
        "from ui.view import board_view\n"
    )
    assert [h.split(": ")[1] for h in forbidden_imports(src)] == [
        "js", "pyodide.ffi", "pyscript.web", "pyodide", "js.x", "ui.view",
    ]
