"""Issue 42: what the engine's worker skips as it starts (bench/load.py, "engine ready"),
with the game the same: PyScript's code that writes its package's sources and imports
them (ui/kit.js takes it out of what the worker runs: the package is in the engine's zip),
and compiling the worker's script (it comes compiled in Pyodide's memory snapshot:
scripts/snapshot_engine.py, vendor/pyodide/start.mjs); and what it does sooner: its
downloads begin as start.mjs is imported, not once Pyodide's loader asks for them.
"""

from __future__ import annotations

import pytest

import browserkit as kit


def _engine_worker(page):
    """The engine's worker (PyScript's, built from a Blob; the expert's helpers are not)."""
    for worker in page.workers:
        if worker.url.startswith("blob:") and worker.evaluate("typeof globalThis.wlcSkippedSources") != "undefined":
            return worker
    pytest.fail(f"no PyScript worker ran the engine: {[w.url for w in page.workers]}")


def test_the_engine_worker_runs_pyscripts_code_without_writing_its_sources(booted):
    """The code PyScript runs before the worker's script was found and taken out, and the
    engine came up all the same (the page saw it ready, with its word list)."""
    assert _engine_worker(booted.page).evaluate("globalThis.wlcSkippedSources") is True
    assert _engine_worker(booted.page).evaluate("globalThis.wlcSkippedRun") is True   # nothing else was left to run
    assert _engine_worker(booted.page).evaluate("globalThis.wlcZipHasPyscript") is True   # told by start.mjs: no import system asked
    assert booted.page.evaluate("document.body.dataset.engine") == "ready"


def test_the_engine_worker_runs_its_script_compiled_in_the_snapshot(booted):
    assert _engine_worker(booted.page).evaluate("globalThis.wlcHeldScript") is True


def test_the_exports_go_to_the_page_through_the_xworker_pyscript_handed_the_hook(booted):
    """start.mjs sets the script's exports on the xworker ui/kit.js's hook was handed, not on
    one imported through Python: the same object (what Python would import is it)."""
    worker = _engine_worker(booted.page)
    assert worker.evaluate("globalThis.wlcExportsHanded") is True
    assert worker.evaluate("typeof globalThis.wlcXworker.sync.status") == "function"


def test_the_engine_workers_downloads_begin_before_pyscript_loads_pyodide(browser, site_url):
    """start.mjs fetches at once, as PyScript imports it, what the start needs: Pyodide (its
    JavaScript and WebAssembly), the snapshot, the engine's rest and pyscript.toml's [files]
    (the word list), each once, all requested before PyScript starts loading Pyodide
    (before, Pyodide's files were asked for once it did, and the word list once Pyodide
    was up). Timed as bench/load.py --timeline does."""
    load = kit.bench_load()
    steps = load.measure(browser, site_url + "index.html", 120_000, timeline=True)["timeline"]
    first = {}
    for t, step in steps:
        first.setdefault(step, t)
    fetched = [step.removeprefix("worker: fetch ") for _, step in steps if step.startswith("worker: fetch ")]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_snapshot.bin", "engine_rest.zip"):
        assert fetched.count(name) == 1, (name, fetched)
        assert first["worker: fetch " + name] < first["worker: Loading interpreter"], (name, steps)
    assert "lexicon.bin" not in fetched   # the snapshot holds the word list loaded (below)


def test_the_word_list_comes_loaded_in_the_snapshot_unless_its_engine_is_refused(browser, site_url):
    """The snapshot's engine holds the word list loaded: a worker restored with it neither
    fetches the list nor loads it. When the host serves another build's engine (here
    engine.zip with one file more, and no engine_rest.zip), the snapshot's engine is
    refused, and with it its list: the worker fetches lexicon.bin and loads it, and the
    game is the same."""
    said = []
    for setup, held in ((None, True), (kit.another_build, False)):
        with kit.own_page(browser, setup) as (page, errors):
            requests, console = [], []
            page.context.on("request", lambda r: requests.append(r.url.rsplit("/", 1)[-1]))
            page.on("console", lambda m: console.append(m.text))
            page.goto(site_url + "index.html")
            page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
            boot = page.evaluate("document.body.dataset.engineBoot")
            assert boot.endswith("(held in the snapshot)") is held, boot
            assert requests.count("lexicon.bin") == (0 if held else 1), requests
            said.append(next(line.split(";")[0] for line in console if line.startswith("engine ready: ")))
            assert errors == []
    assert said[0] == said[1] and int(said[0].split()[2]) > 100_000   # the same list: "engine ready: N words"


def test_a_worker_that_imports_pyscript_still_has_it(browser, site_url):
    """The package is imported from the engine's zip when code asks for it: a worker script
    of PyScript's own (in the game page, beside the engine) that imports it runs."""
    with kit.own_page(browser) as (page, errors):
        page.goto(site_url + "index.html")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
        where = page.evaluate("""async () => {
            const { PyWorker } = await import('./vendor/pyscript/core.js');
            const code = 'import pyscript, sys\\nfrom pyscript import RUNNING_IN_WORKER\\n'
                + 'def where():\\n    return sys.modules["pyscript"].__file__ + " " + str(RUNNING_IN_WORKER)\\n'
                + '__export__ = ["where"]\\n';
            const url = URL.createObjectURL(new Blob([code], { type: 'text/plain' }));
            const interpreter = new URL('./vendor/pyodide/start.mjs', location.href).href;   // as pyscript.toml names it
            const worker = await PyWorker(url, { config: { interpreter }, version: interpreter });
            return await worker.sync.where(); }""")
        assert where == "/home/pyodide/engine.zip/pyscript/__init__.pyc True"
        assert errors == []
