"""scripts/pyodide_bytecode.py: the standard library zip is rebuilt exactly when the
pinned Pyodide (or the recipe) changes, and without Node the npm zip ships as it is."""

from __future__ import annotations

import io
import json
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import pyodide_bytecode as pb  # noqa: E402


def _zip(files: dict[str, bytes], comment: bytes = b"") -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
        zf.comment = comment
    return buf.getvalue()


@pytest.fixture
def pinned(tmp_path):
    """A stand-in for node_modules/pyodide: its version, sources zip and loader."""
    folder = tmp_path / "pyodide"
    folder.mkdir()
    (folder / "package.json").write_text(json.dumps({"name": "pyodide", "version": "314.0.2"}))
    (folder / pb.STDLIB).write_bytes(_zip({"json/__init__.py": b"x = 1\n"}))
    (folder / "pyodide.mjs").write_text("export {};\n")
    return folder


def _fake_compiler(calls):
    """compile_stdlib as if Node had run: writes a zip stamped for the inputs."""
    def compile_stdlib(pyodide_dir, out):
        calls.append(pyodide_dir)
        out.write_bytes(_zip({"json/__init__.pyc": b"\0" * 16}, pb.stdlib_stamp(pyodide_dir)))
        return True
    return compile_stdlib


def test_compiled_once_then_kept_until_the_pin_changes(pinned, tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(pb, "compile_stdlib", _fake_compiler(calls))
    target = tmp_path / "vendor" / pb.STDLIB
    assert pb.build_stdlib(pinned, target) is True
    assert zipfile.ZipFile(target).namelist() == ["json/__init__.pyc"]
    assert pb.build_stdlib(pinned, target) is False          # same inputs: not recompiled
    assert len(calls) == 1
    (pinned / "package.json").write_text(json.dumps({"name": "pyodide", "version": "314.0.7"}))
    assert pb.build_stdlib(pinned, target) is True           # another Pyodide: compiled again
    assert len(calls) == 2


def test_a_changed_npm_zip_is_compiled_again(pinned, tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(pb, "compile_stdlib", _fake_compiler(calls))
    target = tmp_path / pb.STDLIB
    pb.build_stdlib(pinned, target)
    (pinned / pb.STDLIB).write_bytes(_zip({"json/__init__.py": b"x = 2\n"}))
    assert pb.build_stdlib(pinned, target) is True
    assert len(calls) == 2


def test_without_node_the_npm_zip_ships_and_a_later_build_compiles(pinned, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(pb.shutil, "which", lambda name: None)
    target = tmp_path / pb.STDLIB
    assert pb.build_stdlib(pinned, target) is True
    assert target.read_bytes() == (pinned / pb.STDLIB).read_bytes()
    assert "shipping Pyodide's sources" in capsys.readouterr().err
    assert pb.build_stdlib(pinned, target) is False          # nothing new to copy
    calls = []
    monkeypatch.setattr(pb, "compile_stdlib", _fake_compiler(calls))
    assert pb.build_stdlib(pinned, target) is True           # Node back: compiled
    assert calls and zipfile.ZipFile(target).namelist() == ["json/__init__.pyc"]


def test_a_failed_compile_leaves_no_partial_zip(pinned, tmp_path, monkeypatch):
    class Failed:
        returncode, stdout, stderr = 1, "", "boom: Pyodide could not start"
    monkeypatch.setattr(pb, "_run_node", lambda *args, **kwargs: Failed())
    out = tmp_path / pb.STDLIB
    assert pb.compile_stdlib(pinned, out) is False
    assert not out.exists() and list(tmp_path.iterdir()) == [pinned]


def test_the_stamp_names_the_inputs(pinned):
    first = pb.stdlib_stamp(pinned)
    assert first.startswith(b"wlc-stdlib-pyc ") and first == pb.stdlib_stamp(pinned)
    (pinned / "pyodide.mjs").write_text("export const changed = 1;\n")  # not an input
    assert pb.stdlib_stamp(pinned) == first
