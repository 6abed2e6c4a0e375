"""Renderer memory after ready: the game page against the bare PyScript page.

    .venv/bin/python bench/memory.py [-n 3]

Each sample is one fresh browser with one page: the bare page (bench/bare/, Pyodide
on the main thread, "ready" printed) or the game page once its engine is ready (the
MicroPython UI on the main thread and the Pyodide engine worker, word list loaded).
Two seconds after ready it reads, through the Chrome DevTools Protocol, the renderer
processes' ids (SystemInfo.getProcessInfo) and the main thread's JS heap
(Performance.getMetrics), and from Linux the renderers' proportional set size (Pss
in /proc/<pid>/smaps_rollup: shared pages split fairly). Prints medians. Linux only.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))
import webtool  # noqa: E402
from load import LAUNCH_ARGS, PAGES, PROBE  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402


def pss_kb(pid: int) -> int:
    """The process's proportional set size in kB (0 when it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def sample(p, chromium: str, url: str, timeout_ms: int) -> tuple[float, float]:
    """(renderer Pss in MB, main-thread JS heap used in MB) after the page is ready."""
    browser = p.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=timeout_ms, polling=50)
        if page.evaluate("document.body.dataset.ready") == "1":
            page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=timeout_ms)
        page.wait_for_timeout(2000)
        info = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")
        renderers = [proc["id"] for proc in info["processInfo"] if proc["type"] == "renderer"]
        pss = sum(pss_kb(pid) for pid in renderers) / 1024
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        return pss, metrics.get("JSHeapUsedSize", 0) / 2 ** 20
    finally:
        browser.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--runs", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per page")
    args = ap.parse_args()
    server, base = webtool.start_in_thread(ROOT, rebuild=False)
    out: dict[str, list[tuple[float, float]]] = {k: [] for k in PAGES}
    try:
        with sync_playwright() as p:
            chromium = webtool.find_chromium(p.chromium.executable_path)
            if not chromium:
                raise SystemExit("no Chromium: set CHROMIUM_PATH (see README)")
            for i in range(args.runs):
                for name in PAGES:
                    pss, heap = sample(p, chromium, base + PAGES[name], int(args.timeout * 1000))
                    out[name].append((pss, heap))
                    print(f"  run {i + 1} {name:4}: renderer Pss {pss:6.1f} MB, main-thread JS heap {heap:5.1f} MB",
                          flush=True)
    finally:
        server.shutdown()
    for name, rows in out.items():
        print(f"{name:4}: renderer Pss median {statistics.median(r[0] for r in rows):.1f} MB, "
              f"main-thread JS heap median {statistics.median(r[1] for r in rows):.1f} MB (n={len(rows)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
