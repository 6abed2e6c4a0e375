"""scripts/snapshot_stdlib.py: the lazy standard library fetched on the first import that
needs it (in CPython here, as in the page's Pyodide: a library zip whose directory
zipimport read before the file was emptied, as the snapshot's was)."""

from __future__ import annotations

import importlib
import sys
import zipfile
import zipimport
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import snapshot_stdlib  # noqa: E402

EMPTY_ZIP = b"PK\x05\x06" + bytes(18)


@pytest.fixture
def library(tmp_path):
    """(library path, its real bytes): the directory read, then the file emptied."""
    path = tmp_path / "lib.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("wlc_lazy_probe.py", "ANSWER = 42\n")
        zf.writestr("wlc_lazy_pkg/__init__.py", "")
        zf.writestr("wlc_lazy_pkg/inner.py", "NAME = 'inner'\n")
    real = path.read_bytes()
    sys.path.append(str(path))
    importlib.invalidate_caches()
    assert importlib.machinery.PathFinder.find_spec("wlc_lazy_probe") is not None   # the directory, read
    path.write_bytes(EMPTY_ZIP)
    finder = snapshot_stdlib.install(str(path))
    yield finder, real
    for f in [f for f in sys.meta_path if isinstance(f, snapshot_stdlib.LazyStdlib)]:
        sys.meta_path.remove(f)
    sys.path.remove(str(path))
    sys.path_importer_cache.pop(str(path), None)
    zipimport._zip_directory_cache.pop(str(path), None)
    for name in ("wlc_lazy_probe", "wlc_lazy_pkg", "wlc_lazy_pkg.inner"):
        sys.modules.pop(name, None)


def test_the_library_is_fetched_once_on_the_first_import_it_holds(library):
    finder, real = library
    calls = []
    snapshot_stdlib.arm(lambda: calls.append(1) or real)
    import json  # noqa: F401  (not of this library: nothing fetched)
    assert calls == [] and finder.state == "held"
    from wlc_lazy_pkg import inner
    assert inner.NAME == "inner" and calls == [1] and finder.state == "fetched"
    assert finder not in sys.meta_path
    import wlc_lazy_probe
    assert wlc_lazy_probe.ANSWER == 42 and calls == [1]


def test_a_failed_fetch_is_a_precise_import_error_and_the_next_import_asks_again(library):
    finder, real = library

    def offline():
        raise OSError("network down")
    snapshot_stdlib.arm(offline)
    with pytest.raises(ModuleNotFoundError, match="wlc_lazy_probe.*could not be fetched.*network down"):
        import wlc_lazy_probe  # noqa: F401
    assert finder in sys.meta_path and finder.state == "held"
    snapshot_stdlib.arm(lambda: real)
    import wlc_lazy_probe
    assert wlc_lazy_probe.ANSWER == 42


def test_the_names_survive_invalidate_caches(library):
    """importlib.invalidate_caches drops zipimport's directory: the finder kept the names,
    and the library is read anew once fetched."""
    finder, real = library
    importlib.invalidate_caches()
    snapshot_stdlib.arm(lambda: real)
    import wlc_lazy_probe
    assert wlc_lazy_probe.ANSWER == 42 and finder.state == "fetched"


def test_not_armed_it_stays_out_of_the_way(library):
    finder, _ = library
    assert finder.find_spec("wlc_lazy_probe") is None and finder.state == "held"


def test_fresh_gives_the_time_zone_as_cpython_computes_it(monkeypatch):
    """The snapshot froze setup's time zone: ``fresh`` sets the constants as CPython's
    own tzset computes them for the page's zone, and reseeds random."""
    import random
    import time
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    try:
        expected = (time.timezone, time.altzone, time.daylight, time.tzname)
        assert expected[0] == 5 * 3600
        time.timezone, time.altzone, time.daylight, time.tzname = 0, 0, 0, ("UTC", "UTC")
        random.seed(1)
        frozen = random.random()
        random.seed(1)
        snapshot_stdlib.fresh()
        assert (time.timezone, time.altzone, time.daylight, time.tzname) == expected
        assert random.random() != frozen
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
