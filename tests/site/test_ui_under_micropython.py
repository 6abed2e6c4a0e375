"""The UI's pure modules pass their native tests under MicroPython too (the page's UI
interpreter), not only under CPython: tests/ui/run_mpy.mjs runs them in Node."""

from __future__ import annotations

import ast
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NATIVE = ROOT / "tests" / "ui"
MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"


def _test_count() -> int:
    n = 0
    for path in NATIVE.glob("test_*.py"):
        tree = ast.parse(path.read_text())
        n += sum(1 for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"))
    return n


def test_ui_native_tests_pass_under_micropython():
    node = shutil.which("node")
    if node is None or not MPY.exists():
        pytest.fail("needs Node 20+ and node_modules (run `bash scripts/setup.sh`)")
    proc = subprocess.run([node, str(NATIVE / "run_mpy.mjs")], capture_output=True, text=True,
                          timeout=240, cwd=ROOT)
    output = proc.stdout + proc.stderr
    expected = _test_count()
    assert expected >= 20
    assert proc.returncode == 0, output
    assert f"micropython: {expected} passed, 0 failed" in output, output


def test_runner_reports_failures(tmp_path):
    """The runner is not a rubber stamp: a failing test makes it exit non-zero."""
    node = shutil.which("node")
    if node is None or not MPY.exists():
        pytest.fail("needs Node 20+ and node_modules (run `bash scripts/setup.sh`)")
    fake = tmp_path / "tests" / "ui"
    fake.mkdir(parents=True)
    (fake / "run_mpy.mjs").write_text((NATIVE / "run_mpy.mjs").read_text())
    (fake / "test_ui_bad.py").write_text("def test_ok():\n    pass\n\ndef test_bad():\n    assert 1 == 2\n")
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")
    shutil.copytree(ROOT / "ui", tmp_path / "ui")
    proc = subprocess.run([node, str(fake / "run_mpy.mjs")], capture_output=True, text=True, timeout=240)
    assert proc.returncode == 1
    assert "micropython: 1 passed, 1 failed" in proc.stdout
