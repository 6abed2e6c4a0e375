"""The engine already imported in the workers' memory snapshot, handed out only when it is current.

Run inside the Pyodide that setup snapshots (scripts/pyodide_snapshot.py), as the module
``_wlc_engine_snapshot``, with engine.zip written where start.mjs writes it in the page
(``ENGINE_ZIP``). ``stash`` imports from it the modules a worker imports as it starts,
then takes every ``engine`` module out of ``sys.modules`` into a ``Stash``, a meta path
finder first in ``sys.meta_path``. Restored in a page, the worker's first ``import
engine...`` asks it:

- it checks that the page's engine.zip has the same bytes (size and CRC-32) as the one the
  snapshot imported, or is the rest of it: the zip of the modules the snapshot does not
  hold (``rest_comment``: made from that engine.zip, for these modules), which the game
  page fetches in its place (scripts/pyodide_snapshot.py);
- if so, it puts back every module it holds into ``sys.modules`` (nothing is read or run:
  the import costs nothing); modules it does not hold are imported from the zip as usual;
- if not (an engine.zip newer than the snapshot: a host's caches mixing two deployments,
  a test's patched engine), it drops them all and the engine is imported from the zip.

Either way it then leaves ``sys.meta_path``. All or nothing, because the stashed modules
refer to one another.

``hold_code`` holds the few short texts Pyodide and PyScript run as a worker starts compiled,
in the same way. It also holds the game page's worker script (ui/engine_worker.py) compiled (``hold_script``),
as Pyodide compiles the code PyScript hands it (``CodeRunner``: parsed to a tree, rewritten,
compiled; ~0.1-0.3 s of a page's start). start.mjs runs it (``run_held``) when the worker is
asked to run that same text, which then is not compiled again; any other text is compiled as
usual. Standard library only (and Pyodide's own), and nothing imported at restore that the
snapshot does not already hold.
"""

import sys
import zipimport
import zlib
from importlib.machinery import ModuleSpec

ENGINE_ZIP = "/home/pyodide/engine.zip"  # start.mjs's ENGINE_ZIP: on sys.path in the page


def fingerprint(path):
    """(size, CRC-32) of a file, or None when it is missing."""
    data = _read(path)
    return None if data is None else (len(data), zlib.crc32(data))


def rest_comment(made_from, names):
    """The comment of the zip of an engine.zip's modules but ``names``: which engine.zip
    ((size, CRC-32)) it was cut from, and for which modules."""
    held = zlib.crc32(" ".join(sorted(names)).encode())
    return b"wlc-engine-rest %d %d %d" % (made_from[0], made_from[1], held)


def zip_comment(data):
    """A zip's comment (its end record's), b"" when there is none or it is no zip."""
    end = data.rfind(b"PK\x05\x06", max(0, len(data) - 22 - 0xFFFF))
    if end < 0 or len(data) < end + 22:
        return b""
    size = int.from_bytes(data[end + 20:end + 22], "little")
    return data[end + 22:] if len(data) == end + 22 + size else b""


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


class _HandBack:
    """Loader of a module already imported: creates nothing, runs nothing."""

    def __init__(self, module):
        self.module = module
        self.spec_before = module.__spec__

    def create_module(self, spec):
        return self.module

    def exec_module(self, module):
        # importlib set the hand-back spec on it; it keeps the one it was imported with.
        module.__spec__ = self.spec_before


class Stash:
    """The engine's modules as imported when the snapshot was made (see the module)."""

    def __init__(self, modules, made_from):
        self.modules = modules      # name -> module
        self.made_from = made_from  # engine.zip's (size, CRC-32)
        self.rest = rest_comment(made_from, modules)  # the comment of its rest
        self.state = "held"         # then "served" or "stale"

    def current(self):
        """Whether the zip at ENGINE_ZIP is the snapshot's engine.zip or its rest (start.mjs
        asks, to fetch the whole engine.zip in place of a rest of another build)."""
        data = _read(ENGINE_ZIP)
        return data is not None and ((len(data), zlib.crc32(data)) == self.made_from or zip_comment(data) == self.rest)

    def find_spec(self, name, path=None, target=None):
        if name not in self.modules:
            return None
        current = self.current()
        sys.meta_path.remove(self)  # asked once: what follows is the zip's business
        module = self.modules.pop(name)
        others, self.modules = self.modules, {}
        if not current:
            self.state = "stale"
            return None
        self.state = "served"
        sys.modules.update(others)  # as they were when the snapshot was made
        return ModuleSpec(name, _HandBack(module), is_package=hasattr(module, "__path__"))


def current():
    """Whether the stash takes the zip now at ENGINE_ZIP (start.mjs asks before any import;
    True once it has answered an import)."""
    held = next((f for f in sys.meta_path if isinstance(f, Stash)), None)
    return held is None or held.current()


_HELD = {}  # the worker script's source -> its CodeRunner, compiled (hold_script)


def hold_script(source):
    """Compile ``source`` as Pyodide's runPythonAsync would (eval_code_async's CodeRunner,
    same flags, and so the same code object) and hold it for ``run_held``."""
    import ast
    from _pyodide._base import CodeRunner
    runner = CodeRunner(source, flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT).compile()
    runner.ast = None  # (its tree: not needed to run, and not worth its memory)
    _HELD.clear()
    _HELD[source] = runner


def held_length():
    """The held script's length in characters (0: none), for start.mjs to compare first."""
    return next((len(source) for source in _HELD), 0)


def run_held(source, globals, locals=None):
    """``runPythonAsync(source)`` with the script compiled at setup: the coroutine that runs
    it, as eval_code_async would make (once: the held one is let go), or None when
    ``source`` is not the held script's text."""
    runner = _HELD.pop(source, None)
    return None if runner is None else runner.run_async(globals, locals)


def held_runs_now(source):
    """Whether ``source`` is the held script's text and has no top-level ``await``: then
    start.mjs runs it at once (``run_held_now``) instead of as a coroutine, which Pyodide
    would hand to its event loop and await (~10 ms of a worker's start)."""
    import inspect
    runner = _HELD.get(source)
    return runner is not None and not runner.code.co_flags & inspect.CO_COROUTINE


def run_held_now(source, globals, locals=None):
    """Run the held script (``held_runs_now``) now, as runPythonAsync would have run it;
    returns what it would have resolved to (let go, as ``run_held``)."""
    return _HELD.pop(source).run(globals, locals)


_CODE = {}  # (source, run asynchronously) -> its code, compiled at setup (hold_code)


def hold_code(sources):
    """Compile each of ``sources`` as Pyodide's eval_code and eval_code_async compile it with
    their defaults, and have both (``_pyodide._base``'s, which Pyodide's own start calls, and
    ``pyodide.code``'s, which runPython and runPythonAsync call) run what is held for that
    exact text. Pyodide compiles every text through ``CodeRunner`` (parsed to a tree,
    rewritten, compiled) in WebAssembly not yet compiled to machine code at that point: its
    start's few lines, and PyScript's, cost ~10-30 ms."""
    import ast
    import pyodide.code
    from _pyodide import _base
    for source in sources:
        for later in (False, True):
            flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT if later else 0  # (as eval_code_async sets them)
            _CODE[source, later] = _base.CodeRunner(source, flags=flags).compile().code
    now, later = _base.eval_code, _base.eval_code_async

    def runner(source, code):
        held = _base.CodeRunner.__new__(_base.CodeRunner)  # compiled: what CodeRunner.compile leaves
        held._compiled, held._source, held.code, held.ast = True, source, code, None
        return held

    def eval_code(source, globals=None, locals=None, **options):
        code = None if options else _CODE.get((source, False))
        return now(source, globals, locals, **options) if code is None else runner(source, code).run(globals, locals)

    async def eval_code_async(source, globals=None, locals=None, **options):
        code = None if options else _CODE.get((source, True))
        if code is None:
            return await later(source, globals, locals, **options)
        return await runner(source, code).run_async(globals, locals)

    for module in (_base, pyodide.code):
        module.eval_code, module.eval_code_async = eval_code, eval_code_async


def stash(roots, words=None):
    """Import ``roots`` (engine modules) from ENGINE_ZIP and stash every engine module;
    returns their names. ``words``: a word list file (the one pyscript.toml's [files]
    gives the workers), loaded into the stashed engine (engine.session.boundary.hold_words):
    a worker that is handed the stash has it loaded."""
    import importlib
    sys.path.insert(0, ENGINE_ZIP)
    try:
        for name in roots:
            importlib.import_module(name)
        if words is not None:
            importlib.import_module("engine.session.boundary").hold_words(_read(words))
    finally:
        sys.path.remove(ENGINE_ZIP)
    names = sorted(n for n in sys.modules if n == "engine" or n.startswith("engine."))
    modules = {n: sys.modules.pop(n) for n in names}
    for module in modules.values():
        origin = getattr(module.__spec__, "origin", None) or ""
        if not origin.startswith(ENGINE_ZIP + "/"):
            raise RuntimeError(f"{module.__name__} was not imported from {ENGINE_ZIP}: {origin}")
    # The page's zip is read afresh: its directory is not this one's.
    for key in [k for k in sys.path_importer_cache if k.startswith(ENGINE_ZIP)]:
        del sys.path_importer_cache[key]
    zipimport._zip_directory_cache.pop(ENGINE_ZIP, None)
    sys.meta_path.insert(0, Stash(modules, fingerprint(ENGINE_ZIP)))
    return names
