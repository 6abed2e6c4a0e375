"""The house's rules for its own code: small modules, comments that say why (not which
issue asked), and a ui/ whose folders name its features."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 500
ISSUE = re.compile(r"\b[Ii]ssues? ?#?\d+")


def _sources():
    for top in ("engine", "ui"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in (".py", ".css") and "__pycache__" not in path.parts:
                yield path


def test_no_module_over_the_ceiling():
    long = {p.relative_to(ROOT).as_posix(): n for p in _sources() if p.suffix == ".py"
            for n in [len(p.read_text().splitlines())] if n > MAX_LINES}
    assert long == {}


def test_no_comment_cites_an_issue_number():
    cited = [f"{p.relative_to(ROOT).as_posix()}:{i}" for p in [*_sources(), ROOT / "index.html"]
             for i, line in enumerate(p.read_text().splitlines(), 1) if ISSUE.search(line)]
    assert cited == []


def test_ui_keeps_a_handful_of_top_level_modules_and_folders_by_feature():
    top = sorted(p.name for p in (ROOT / "ui").glob("*.py") if p.name != "__init__.py")
    assert len(top) <= 6, top
    folders = {p.name for p in (ROOT / "ui").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert {"board", "panels", "review", "links", "newgame", "boot"} <= folders
    for folder in folders:   # each feature says what it holds
        assert (ROOT / "ui" / folder / "__init__.py").read_text().strip().startswith('"""'), folder


def test_ui_main_is_a_thin_boot():
    assert len((ROOT / "ui" / "main.py").read_text().splitlines()) <= 250
