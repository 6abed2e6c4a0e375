"""Screenshot the game page in the test Chromium, and print its console and requests.

    .venv/bin/python scripts/screenshot.py [--out DIR] [--size 1280x800 --size 375x667]

Run scripts/setup.sh first. Writes DIR/page-<W>x<H>.png and DIR/page-<W>x<H>-loading.png (the splash; default
DIR: /tmp/shots).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import webtool  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="/tmp/shots")
    ap.add_argument("--size", action="append", help="WxH, repeatable (default 1280x800 and 375x667)")
    ap.add_argument("--page", default="index.html")
    args = ap.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in (args.size or ["1280x800", "375x667"])]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server, base = webtool.start_in_thread()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=webtool.find_chromium(p.chromium.executable_path), args=LAUNCH_ARGS
            )
            for w, h in sizes:
                ctx = browser.new_context(viewport={"width": w, "height": h})
                page = ctx.new_page()
                page.on("console", lambda m: print(f"  console.{m.type}: {m.text}"))
                page.on("pageerror", lambda e: print(f"  pageerror: {e}"))
                ctx.on("request", lambda r: print(f"  request: {r.url}"))
                t0 = time.perf_counter()
                page.goto(base + args.page, wait_until="domcontentloaded")
                page.screenshot(path=str(out / f"page-{w}x{h}-loading.png"))
                page.wait_for_selector("body[data-ready='1']", state="attached", timeout=60_000)
                ready = time.perf_counter() - t0
                page.wait_for_selector("body[data-lexicon]", state="attached", timeout=60_000)
                path = out / f"page-{w}x{h}.png"
                page.screenshot(path=str(path), full_page=True)
                body = page.evaluate("({...document.body.dataset})")
                print(f"{w}x{h}: ready in {ready:.2f}s, body data {body}, saved {path}")
                ctx.close()
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
