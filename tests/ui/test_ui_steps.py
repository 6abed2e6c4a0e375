"""ui/boot/steps.py: a page's modules imported leaf first, in batches (native and MicroPython)."""

import sys

import ui_fixtures as fx
from ui.boot import steps


def test_order_puts_each_module_after_what_it_imports_once_and_survives_cycles():
    graph = {"ui.page": ["ui.a", "ui.b"], "ui.a": ["ui.c"], "ui.b": ["ui.c", "ui.page"], "ui.c": [], "ui.other": []}
    assert steps.order(graph, ["ui.page"]) == ["ui.c", "ui.a", "ui.b", "ui.page"]
    assert steps.order(graph, ["ui.missing"]) == []


def test_imported_imports_the_closure_and_pauses_between_batches():
    names = ["ui.board.geom", "ui.game.turns"]
    graph = {"ui.game.turns": ["ui.board.geom"], "ui.board.geom": []}
    for name in names:
        sys.modules.pop(name, None)
    pauses = []

    async def pause():
        pauses.append(1)

    fx.run(steps.imported(["ui.game.turns"], graph=graph, budget_ms=0, pause=pause))
    assert all(name in sys.modules for name in names)
    assert len(pauses) == 2   # a budget of 0 ms: a pause after every module


