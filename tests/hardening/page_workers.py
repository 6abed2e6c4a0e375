"""The three pages' engine workers (ui/engine_worker.py, ui/table/worker.py,
ui/club/worker.py) imported natively, as tests/core/test_parsers_fuzzed.py does
for the first: a stub ``js`` stands in for the browser (a clock, and ``fetch`` that
serves wordlists/ for the meanings), and each loads lexicon.bin from wordlists/."""

from __future__ import annotations

import importlib
import json
import os
import sys
import types
from pathlib import Path

WORDLISTS = Path(__file__).resolve().parents[2] / "wordlists"
PAGES = {"game": "ui.engine_worker", "table": "ui.table.worker", "club": "ui.club.worker"}


class _Response:
    def __init__(self, path: Path):
        self.ok = path.is_file()
        self.status = 200 if self.ok else 404
        self._data = path.read_bytes() if self.ok else b""

    async def arrayBuffer(self):  # noqa: N802 (the browser's name)
        return types.SimpleNamespace(to_bytes=lambda: self._data)


async def _fetch(url):
    return _Response(WORDLISTS / str(url).rsplit("/", 1)[-1])


def stub_js() -> types.ModuleType:
    js = types.ModuleType("js")
    js.performance = types.SimpleNamespace(timeOrigin=0.0, now=lambda: 0.0)
    js.fetch = _fetch
    return js


def load(page: str):
    """The page's worker module, freshly imported, its word list loaded."""
    saved, cwd = sys.modules.get("js"), os.getcwd()
    sys.modules["js"] = stub_js()
    os.chdir(WORDLISTS)
    try:
        mod = importlib.reload(importlib.import_module(PAGES[page]))
    finally:
        os.chdir(cwd)
        if saved is None:
            sys.modules.pop("js", None)
        else:
            sys.modules["js"] = saved
    assert json.loads(mod.status())["state"] == "ready"
    return mod


MEANINGS_URL = "./wordlists/meanings.bin"
