"""Issue 42: a cold first visit of the game page on a phone moves at most 9 MB over the
network until the engine is ready, measured as bench/load.py measures it (bytes on the
wire, gzip where the server compresses, as static hosts do)."""

from __future__ import annotations

import browserkit as kit

WIRE_LIMIT = 9_000_000


def test_a_cold_phone_visit_fetches_at_most_9_mb_until_the_engine_is_ready(browser, site_url):
    load = kit.bench_load()
    out = load.measure(browser, site_url + "index.html", 240_000, (360, 640))  # a fresh context: an empty cache
    assert out["engine"] is not None, "the engine never became ready"
    assert 1_000_000 < out["bytes"] <= WIRE_LIMIT, f"{out['bytes'] / 1e6:.2f} MB on the wire (decoded {out['decoded'] / 1e6:.2f} MB)"
