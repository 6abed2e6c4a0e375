"""A page's modules imported leaf first, a few at a time, then the page started.

MicroPython runs on the page's main thread. Importing a page's ~60 modules in one go
held it for one task of 150-230 ms on a phone (the CPU slowed 4x, bench/load.py
--main-thread): a tap in that time waits. The build writes the UI's import graph
(ui/imports.json, scripts/ui_bundle.py); ``start`` imports the page's modules in its
order, leaves before what imports them, and lets the browser run between batches of
about ``BUDGET_MS``. Without the graph (sources run as they are) it imports the page
in one go, as before.
"""

import asyncio
import json
import sys
import time

GRAPH = "ui/imports.json"
BUDGET_MS = 25


def order(graph, roots):
    """Every module ``roots`` import, each after what it imports, each once."""
    out, seen = [], set()

    def visit(name):
        if name in seen or name not in graph:
            return
        seen.add(name)
        for dep in graph[name]:
            visit(dep)
        out.append(name)

    for root in roots:
        visit(root)
    return out


def _now_ms():
    ticks = getattr(time, "ticks_ms", None)
    return ticks() if ticks else time.monotonic() * 1000


def read_graph(path=GRAPH):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


async def imported(roots, graph=None, budget_ms=BUDGET_MS, pause=None):
    """Import ``roots`` and all they import, yielding to the browser between batches:
    ``pause()`` (the page's wlcYield, ui/kit.js: a new task; MicroPython's own
    ``asyncio.sleep`` may run the next batch in the same task) or asyncio.sleep(0)."""
    names = order(read_graph() if graph is None else graph, roots) or list(roots)
    began = _now_ms()
    for name in names:
        __import__(name)
        if _now_ms() - began >= budget_ms:
            await (pause() if pause else asyncio.sleep(0))
            began = _now_ms()


async def start(root):
    """Import the page's module ``root`` in steps, then run its ``boot()``."""
    from pyscript import window  # noqa: PLC0415 (the page only)

    await imported([root], pause=window.wlcYield)
    await sys.modules[root].boot()
