"""The lazy standard library fetched on the first import that needs it, not at every start.

Run inside the Pyodide that setup snapshots (scripts/pyodide_snapshot.py), as the module
``_wlc_lazy_stdlib``, once python_stdlib_lazy.zip is mounted as the library and its
directory read (cached by zipimport in the snapshot's memory). ``install`` puts a
``LazyStdlib`` in ``sys.meta_path`` ahead of the path finder. A page restored from the
snapshot is given an empty zip as its library (no fetch: the game's start imports nothing
from it) and ``arm``\\s the finder with a function that fetches the real zip (start.mjs: a
synchronous request, which a worker may make). The first import of a module the cached
directory names (the club page's ``statistics``, say) writes that zip into place; the
path finder then reads the module from it as usual. ``restored`` also reseeds
``random`` and sets the time zone for the page. Standard library only, and nothing
imported at restore that the snapshot does not already hold.
"""

import sys
import zipimport
from importlib.machinery import PathFinder


class LazyStdlib:
    """Fills the library file from ``fetch`` (a function returning the zip's bytes) on the
    first import it holds, then leaves ``sys.meta_path``."""

    def __init__(self, library):
        self.library = library   # the library's path (/lib/python3XX.zip)
        # its files, kept here too: importlib.invalidate_caches drops zipimport's copy
        self.files = frozenset(zipimport._zip_directory_cache.get(library) or ())
        self.fetch = None        # set by arm; None: not asked (a start that has the zip)
        self.state = "held"      # then "fetched"

    def holds(self, name):
        stem = name.replace(".", "/")
        return stem + ".py" in self.files or stem + "/__init__.py" in self.files

    def find_spec(self, name, path=None, target=None):
        if self.fetch is None or not self.holds(name):
            return None
        try:
            data = self.fetch()
            data = data.to_bytes() if hasattr(data, "to_bytes") else bytes(data)  # (a JavaScript Uint8Array)
        except Exception as exc:  # offline, say: this import fails, a later one asks again
            raise ModuleNotFoundError(f"No module named {name!r}: the standard library's rest could not be fetched"
                                      f" ({type(exc).__name__}: {exc})", name=name) from None
        with open(self.library, "wb") as f:
            f.write(data)
        if not zipimport._zip_directory_cache.get(self.library):  # read from the empty zip meanwhile: anew
            for key, importer in list(sys.path_importer_cache.items()):
                if key.startswith(self.library) and isinstance(importer, zipimport.zipimporter):
                    importer.invalidate_caches()
            zipimport._zip_directory_cache.pop(self.library, None)
        self.fetch, self.state = None, "fetched"
        sys.meta_path.remove(self)
        # Answered here: the import system's loop over sys.meta_path, which has just lost
        # an entry, would skip the path finder.
        return PathFinder.find_spec(name, path, target)


def install(library):
    """A LazyStdlib for ``library``, ahead of the path finder; returns it."""
    finder = LazyStdlib(library)
    at = next((i for i, f in enumerate(sys.meta_path) if f is PathFinder), len(sys.meta_path))
    sys.meta_path.insert(at, finder)
    return finder


def arm(fetch):
    """Have the finder fetch the library with ``fetch``."""
    finder = next((f for f in sys.meta_path if isinstance(f, LazyStdlib)), None)
    if finder is not None:
        finder.fetch = fetch


def restored(fetch):
    """What start.mjs has done first in a page restored from the snapshot: the finder
    armed with ``fetch``, and what a fresh start would have made differently for each
    page (``fresh``). Compiled in the snapshot: nothing to compile then (~10 ms)."""
    arm(fetch)
    fresh()


def fresh(year=(365 * 24 + 6) * 3600):
    """The random generator's seed (the snapshot's would be everyone's) and the time
    zone's constants, computed as CPython does at import (setup's otherwise)."""
    import random
    import time
    random.seed()
    t = int(time.time()) // year * year
    jan, jul = time.localtime(t), time.localtime(t + year // 2)
    a, b = (jul, jan) if -jan.tm_gmtoff < -jul.tm_gmtoff else (jan, jul)
    time.timezone, time.altzone = -a.tm_gmtoff, -b.tm_gmtoff
    time.daylight, time.tzname = int(a.tm_gmtoff != b.tm_gmtoff), (a.tm_zone, b.tm_zone)
