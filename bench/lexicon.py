#!/usr/bin/env python3
"""Benchmark the shipped word sets (issue 4 targets).

    python3 bench/lexicon.py                 # native figures
    python3 bench/lexicon.py --runs 200
    python3 bench/lexicon.py --page URL      # also the in-page load time (Playwright)

Prints: bytes on the wire per distinct word, load time bytes -> ready (native, median
of N), membership time per lookup, Python heap held by the graph (tracemalloc), and
with --page the page's own figure from ``document.body.dataset.lexiconMs``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.lexicon import Lexicon  # noqa: E402

BIN = ROOT / "wordlists" / "lexicon.bin"
TARGETS = {"bytes_per_word": 2.0, "bytes_per_word_stretch": 1.5, "load_ms": 30.0,
           "page_load_ms": 80.0, "memory_mb": 5.0, "lookup_us": 3.0}


def median_ms(fn, runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), min(times)


def bench_native(runs: int) -> dict:
    data = BIN.read_bytes()
    lex = Lexicon.from_bytes(data)
    words = len(lex)
    res = {"file_bytes": len(data), "distinct_words": words,
           "main_words": lex.main_count, "large_words": lex.large_count,
           "bytes_per_word": len(data) / words}

    gc.collect()
    res["load_ms_median"], res["load_ms_min"] = median_ms(lambda: Lexicon.from_bytes(data), runs)

    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    held = Lexicon.from_bytes(data)
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    res["memory_mb"] = (current - base) / 1e6
    res["memory_peak_mb"] = (peak - base) / 1e6
    res["arrays_mb"] = held.nbytes() / 1e6
    del held

    rng = random.Random(4)
    main = list(lex.words())
    large = list(lex.words(large=True))
    real = rng.sample(main, 10_000) + rng.sample(large, 10_000)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    fake = ["".join(rng.choice(letters) for _ in range(rng.randint(2, 12)))
            for _ in range(20_000)]
    is_word = lex.is_word

    def per_call_us(probes, large_flag):
        rounds = []
        for _ in range(9):
            t = time.perf_counter()
            for w in probes:
                is_word(w, large_flag)
            rounds.append((time.perf_counter() - t) / len(probes) * 1e6)
        return statistics.median(rounds), min(rounds)

    res["lookup_us_words_main"], res["lookup_us_words_main_best"] = per_call_us(real, False)
    res["lookup_us_words_large"], res["lookup_us_words_large_best"] = per_call_us(real, True)
    res["lookup_us_random"], res["lookup_us_random_best"] = per_call_us(fake, False)
    res["avg_word_len"] = sum(map(len, real)) / len(real)
    return res


def chromium_path() -> str | None:
    path = os.environ.get("CHROMIUM_PATH")
    if path:
        return path
    stamp = ROOT / ".venv" / "chromium-path"
    if stamp.is_file():
        return stamp.read_text().strip() or None
    return None


def bench_page(url: str, runs: int, timeout_s: float) -> dict:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return {"page": "skipped: playwright is not installed (use .venv/bin/python)"}
    out = []
    with sync_playwright() as p:
        exe = chromium_path()
        browser = p.chromium.launch(
            executable_path=exe,
            args=["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"])
        try:
            for _ in range(runs):
                page = browser.new_page()
                page.goto(url)
                try:
                    page.wait_for_function(
                        "document.body && document.body.dataset.lexicon",
                        timeout=timeout_s * 1000)
                except Exception:
                    return {"page": f"no data-lexicon on {url} within {timeout_s:.0f} s"}
                state = page.evaluate("document.body.dataset.lexicon")
                ms = page.evaluate("document.body.dataset.lexiconMs")
                page.close()
                if state != "ready" or not ms:
                    return {"page": f"lexicon state on the page: {state!r}"}
                out.append(float(ms))
        finally:
            browser.close()
    return {"page_load_ms_median": statistics.median(out), "page_load_ms_all": out}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=50, help="native loads to time (median)")
    ap.add_argument("--page", metavar="URL", help="game page URL to read data-lexicon-ms from")
    ap.add_argument("--page-runs", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=120.0, help="page boot timeout, s")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()

    res = bench_native(args.runs)
    if args.page:
        res.update(bench_page(args.page, args.page_runs, args.timeout))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    res["machine"] = (f"{platform.machine()} {os.cpu_count()} cpu, "
                      f"{platform.python_implementation()} {platform.python_version()}, "
                      f"load average {load:.1f}")
    if args.json:
        print(json.dumps(res, indent=2))
        return 0

    t = TARGETS
    print(f"machine: {res['machine']}")
    print(f"wire:    {res['file_bytes']:,} bytes for {res['distinct_words']:,} distinct words "
          f"(main {res['main_words']:,}, large {res['large_words']:,}) = "
          f"{res['bytes_per_word']:.3f} bytes/word  [target <= {t['bytes_per_word']}, "
          f"stretch {t['bytes_per_word_stretch']}]")
    print(f"load:    {res['load_ms_median']:.1f} ms median of {args.runs} (min "
          f"{res['load_ms_min']:.1f}) bytes -> ready, native  [target < {t['load_ms']:.0f} ms]")
    print(f"lookup:  {res['lookup_us_words_main']:.2f} us/word main (best "
          f"{res['lookup_us_words_main_best']:.2f}), {res['lookup_us_words_large']:.2f} "
          f"large (best {res['lookup_us_words_large_best']:.2f}); words avg "
          f"{res['avg_word_len']:.1f} letters; random strings "
          f"{res['lookup_us_random']:.2f}; median of 9 rounds of 20k  "
          f"[target < {t['lookup_us']:.0f} us]")
    print(f"memory:  {res['memory_mb']:.2f} MB held after load (arrays "
          f"{res['arrays_mb']:.2f} MB), {res['memory_peak_mb']:.2f} MB peak while loading "
          f"(tracemalloc)  [target < {t['memory_mb']:.0f} MB]")
    if "page" in res:
        print(f"page:    {res['page']}")
    elif "page_load_ms_median" in res:
        runs = ", ".join(f"{x:.1f}" for x in res["page_load_ms_all"])
        print(f"page:    {res['page_load_ms_median']:.1f} ms median bytes -> ready in the "
              f"page ({runs})  [target < {t['page_load_ms']:.0f} ms]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
