"""Issue 42: a cold phone load (360x640, a fresh context, the CPU slowed 4x) never holds
the page's main thread long, from the first paint until 3 s after the engine is ready,
and nothing jumps: bench/load.py's measure and goals (MAIN_GOALS).

A timed check: marked ``alone``, scripts/test.sh runs it by itself after the rest of the
suite, as a load beside another test file's browser (two files at once on two cores) is
slowed by that browser, not by the page (longest task 221-717 ms so, 90-150 ms alone).
Another process's work only ever makes a load slower, so a load is tried up to five
times: the test holds when one load meets every goal at once (the figures of each load
are in the message when none does).
"""

from __future__ import annotations

import pytest

import browserkit as kit

TRIES = 5
pytestmark = pytest.mark.alone


def test_a_cold_phone_load_keeps_the_main_thread_free_and_still(browser, site_url):
    load = kit.bench_load()
    goals = load.MAIN_GOALS
    seen = []
    for _ in range(TRIES):
        out = load.measure(browser, site_url + "index.html", 240_000, (360, 640), throttle=4, main=True)
        assert out["engine"] is not None, "the engine never became ready"
        seen.append(({k: round(out[k], 3) for k in goals}, out["long_tasks"]))
        if all(out[k] <= goals[k] for k in goals):
            return
    raise AssertionError(f"no load met {goals}: {seen}")
