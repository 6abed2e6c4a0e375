"""A table game's cost per entry when entries pile up: free retry (the richard
preset) with N failed attempts, through ``python -m engine table`` (wall time and
peak memory of the process); the page's worker calls on a stored game at the
entry cap (engine/table/face.py, natively: one entry on a game of 2,000 entries);
and with ``--page``, table.html itself in Chromium at 360x640 with such a game
stored: the time to open it, then to score a typed entry and to Confirm it.

    .venv/bin/python bench/table_retries.py [--attempts 10000] [-n 3] [--page]

Each figure is the median of ``-n`` runs; the load average is printed before and
after (the machine is shared). Before: 10,000 attempts took 73 s and 504 MB (26 s
and 488 MB on this machine), and in the page an entry at the cap about 2 s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ATTEMPT = "8H QXZ"      # a word outside every list: under free retry, withdrawn and played again


def cli_run(attempts: int) -> tuple[float, float]:
    """(seconds, peak MB) of ``python -m engine table`` reading ``attempts`` failed attempts."""
    stdin = ("\n".join([ATTEMPT] * attempts) + "\n").encode()
    code = ("import resource, runpy, sys; sys.argv = ['engine', 'table', '--rules', 'richard', '--names', 'Ann,Bob'];"
            "\ntry:\n runpy.run_module('engine', run_name='__main__')\nfinally:\n"
            " sys.stderr.write('PEAK %d\\n' % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], input=stdin, cwd=ROOT, capture_output=True, check=True)
    seconds = time.perf_counter() - t0
    lines = done.stdout.decode().splitlines()
    assert len(lines) == attempts + 1 and json.loads(lines[-2])["kind"] == "retry", lines[-3:]
    peak_kb = int(done.stderr.decode().rsplit("PEAK", 1)[1])
    return seconds, peak_kb / 1024


def page_entry() -> dict:
    """Seconds of the worker's calls for one entry on a stored game at the cap."""
    sys.path.insert(0, str(ROOT))
    from engine import session
    from engine.table import face
    session.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())
    state = {"rules": "richard", "names": ["Ann", "Bob"], "actions": [ATTEMPT] * (face.MAX_ENTRIES - 1)}
    text = json.dumps(state)
    out = {}
    for name, call in (("table_state", lambda: face.table_state(text)),
                       ("table_preview_placement", lambda: face.table_preview_placement(
                           text, json.dumps({"tiles": [{"sq": "H8", "tile": "Q", "letter": "Q"}, {"sq": "I8", "tile": "I", "letter": "I"}], "pre": [],
                                             "across": True}))),
                       ("table_act", lambda: face.table_act(text, ATTEMPT))):
        t0 = time.perf_counter()
        reply = json.loads(call())
        out[name] = time.perf_counter() - t0
        assert reply.get("error") is None, reply
    out["reply bytes (table_act)"] = len(face.table_act(text, ATTEMPT))
    return out


def page_runs(n: int, entries: int = 1990) -> list[tuple[float, float, float]]:
    """[(seconds to open, to score a typed entry, to Confirm it)]: ``n`` entries on a
    stored game of ``entries`` failed attempts, one page (its first entry apart)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import webtool
    from playwright.sync_api import sync_playwright

    state = {"state": {"names": ["Ann", "Bob"], "rules": "richard", "actions": [ATTEMPT] * entries},
             "clock": {"run": 0, "since": 0, "used": 0, "paused": True, "pending": []}, "v": 1, "id": "t1-1",
             "when": "2026-01-01T00:00:00.000Z"}
    server, url = webtool.start_in_thread()
    out = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=webtool.find_chromium())
            context = browser.new_context(viewport={"width": 360, "height": 640})
            context.add_init_script("localStorage.setItem('wlc.table', %s)" % json.dumps(json.dumps(state)))
            page = context.new_page()
            t0 = time.perf_counter()
            page.goto(url + "table.html")
            page.wait_for_function(f"document.body.dataset.actions === '{entries}' && document.body.dataset.busy !== '1'",
                                   timeout=300_000)
            opened = time.perf_counter() - t0
            for i in range(n + 1):
                t0 = time.perf_counter()
                page.fill("#tb-typed-text", ATTEMPT)
                page.press("#tb-typed-text", "Enter")
                page.wait_for_function("document.body.dataset.busy !== '1'", timeout=60_000)
                t1 = time.perf_counter()
                page.click("#tb-confirm")
                page.wait_for_function(f"document.body.dataset.actions === '{entries + i + 1}' && "
                                       "document.body.dataset.busy !== '1'", timeout=60_000)
                if i:
                    out.append((opened, t1 - t0, time.perf_counter() - t1))
            browser.close()
    finally:
        server.shutdown()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--attempts", type=int, default=10_000)
    ap.add_argument("-n", type=int, default=3)
    ap.add_argument("--page", action="store_true", help="also table.html in Chromium (needs playwright)")
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()}")
    runs = [cli_run(args.attempts) for _ in range(args.n)]
    print(f"engine table, {args.attempts} failed attempts (richard): "
          f"median {statistics.median(r[0] for r in runs):.2f} s, "
          f"peak {statistics.median(r[1] for r in runs):.0f} MB  (runs: "
          + ", ".join(f"{s:.2f} s/{m:.0f} MB" for s, m in runs) + ")")
    pages = [page_entry() for _ in range(args.n)]
    for key in pages[0]:
        med = statistics.median(p[key] for p in pages)
        print(f"page worker, one entry at {2000} entries, {key}: median "
              + (f"{med:.3f} s" if "bytes" not in key else f"{med:.0f}"))
    if args.page:
        runs = page_runs(max(args.n, 5))
        print(f"page (Chromium 360x640), a stored game of 1,990 entries: opened in {runs[0][0]:.1f} s; per entry, "
              f"median {statistics.median(r[1] for r in runs):.2f} s to score it typed, "
              f"{statistics.median(r[2] for r in runs):.2f} s to Confirm it ({len(runs)} entries)")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
