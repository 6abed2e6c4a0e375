"""Page load benchmark: the game page against a bare PyScript page, cold, in one run.

    .venv/bin/python bench/load.py [-n 7] [--json out.json]

(a) bench/bare/index.html prints "ready" from Python (Pyodide) with the same vendored
runtime; (b) index.html: <body data-ready="1"> (board and rack on screen, tiles movable:
the MicroPython UI) and then data-engine="ready" (the Pyodide engine worker has loaded the
word list: preview, play, computer). Runs alternate a, b, a, b..., each in a fresh
browser context (empty HTTP cache; a first visit). Times are taken in the page:
performance.now() (ms since navigation start). Prints medians and the ratios
board/bare (target <= 0.25) and engine/bare (target <= 1.15), plus bytes fetched.
Run scripts/setup.sh first.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))
import webtool  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

TARGET = 1.15  # engine ready / bare page ready
BOARD_TARGET = 0.25  # board on screen / bare page ready
PAGES = {"bare": "bench/bare/index.html", "game": "index.html"}
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
# Records window.__readyAt when Python prints "ready" or sets body[data-ready].
PROBE = """
(() => {
  const mark = () => { if (window.__readyAt === undefined) window.__readyAt = performance.now(); };
  const log = console.log;
  console.log = function (...args) { if (args[0] === "ready") mark(); return log.apply(this, args); };
  new MutationObserver(() => {
    const data = document.body ? document.body.dataset : {};
    if (data.ready) mark();
    if (data.engine === "ready" && window.__lexiconAt === undefined) window.__lexiconAt = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready", "data-engine"] });
})();
"""


def measure(browser, url: str, timeout_ms: int) -> tuple[float, float, float | None, int]:
    """One cold load: (in-page ms to ready, wall ms from goto to ready seen, in-page ms
    until the engine is ready (game page only), bytes received)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(PROBE)
    page = context.new_page()
    finished = []  # the page's and its worker's requests (context events include workers)
    context.on("requestfinished", lambda r: finished.append(r))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", timeout=timeout_ms, polling=20)
    wall = (time.perf_counter() - t0) * 1000
    in_page = page.evaluate("window.__readyAt")
    lexicon = None
    if page.evaluate("document.body.dataset.ready") == "1":
        page.wait_for_function("window.__lexiconAt !== undefined", timeout=timeout_ms, polling=20)
        lexicon = page.evaluate("window.__lexiconAt")
        state = page.evaluate("document.body.dataset.engine")
        if state != "ready":
            lexicon = None
    page.wait_for_timeout(300)  # let the last responses finish for the byte count
    received = [sum(r.sizes()["responseBodySize"] for r in finished)]
    context.close()
    if errors:
        raise SystemExit(f"{url}: page errors {errors}")
    return in_page, wall, lexicon, received[0]


# ------------------------------------------------------------------ interaction (--play)

WATCH = """
(() => {
  window.__pv = []; window.__clicks = []; window.__long = [];
  new MutationObserver(() => {
    if (document.querySelector('#preview [data-legal]')) window.__pv.push(performance.now());
  }).observe(document.getElementById('preview'), { childList: true, subtree: true });
  document.getElementById('board').addEventListener('click', () => window.__clicks.push(performance.now()), true);
  new PerformanceObserver((list) => { for (const e of list.getEntries())
    window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: false });
})()
"""


def _best(session, spec):
    """The best play made of rack tiles only (no pick-off or swap: those need other clicks)."""
    before = json.loads(session.open(json.dumps(spec)))
    rack = before["racks"][before["to_move"]]
    for move in json.loads(session.hint(5, 1500))["moves"]:
        session.open(json.dumps(spec))
        after = json.loads(session.act(move["move"]))
        old = {t["sq"]: t["letter"] for t in before["tiles"]}
        if any(old[sq] != t["letter"] for t in after["tiles"] for sq in [t["sq"]] if sq in old):
            continue
        tiles = [(t["sq"], t["letter"].upper(), "?" if t["blank"] else (t["flipped"] or t["letter"].upper()))
                 for t in after["tiles"] if t["sq"] not in old]
        pool = list(rack)
        if all(tile in pool and not pool.remove(tile) for _, _, tile in tiles) and \
                len(after["tiles"]) == len(before["tiles"]) + len(tiles):
            return tiles, before
    return None, before


def play_bench(browser, base, rules, turns, timeout_ms):
    """Human turns entered by taps (the engine's best play), each followed by the hard
    computer's reply: preview latency per tile (click -> preview shown), computer reply
    (Play pressed -> its move on the board, in-page) and main-thread long tasks while it thinks."""
    from engine import session

    session.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())
    seats = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]
    spec = {"rules": rules, "seed": "bench", "seats": seats, "actions": []}
    layout = json.loads(session.layout(rules))
    snap = json.loads(session.open(json.dumps(spec)))
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(
        "t => localStorage.setItem('wlc.game', t)".replace("t => ", "((t) => ") + ")("
        + json.dumps(json.dumps({"v": 1, "spec": spec, "snap": snap, "layout": layout})) + ")")
    page = context.new_page()
    page.goto(base + "index.html")
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=timeout_ms)
    page.wait_for_function("!document.body.dataset.busy", timeout=timeout_ms)
    page.evaluate(WATCH)
    preview_ms, reply_ms, long_tasks = [], [], []
    for _ in range(turns):
        saved = json.loads(page.evaluate("localStorage.getItem('wlc.game')"))
        if saved["snap"]["phase"] != "play":
            break
        tiles, _ = _best(session, saved["spec"])
        if not tiles:
            break
        shown = page.eval_on_selector_all("#rack [data-letter]", "els => els.map(e => e.dataset.letter).join('')")
        if sorted(shown) != sorted(saved["snap"]["racks"][saved["snap"]["to_move"]]):
            raise SystemExit(f"rack shown {shown} != {saved['snap']['racks']} to move {saved['snap']['to_move']}")
        for sq, letter, tile in tiles:
            page.locator(f"#rack [data-letter='{tile}']:not(.used)").first.click()
            n = page.evaluate("window.__pv.length")
            page.locator(f"#board [data-square='{sq}']").click()
            if page.locator("#chooser:not([hidden])").count():
                page.locator(f"#chooser [data-letter='{'=' if tile == letter else letter}']").click()
            page.wait_for_function(f"window.__pv.length > {n}", timeout=timeout_ms)
            preview_ms.append(page.evaluate("window.__pv[window.__pv.length - 1] - window.__clicks[window.__clicks.length - 1]"))
        count = len(saved["spec"]["actions"])
        t0 = page.evaluate("performance.now()")
        page.get_by_role("button", name="Play", exact=True).click()
        page.wait_for_function(f"JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= {count + 2}"
                               " && !document.body.dataset.busy", timeout=timeout_ms, polling=5)
        reply_ms.append(page.evaluate("performance.now()") - t0)
        long_tasks += [d for start, d in page.evaluate("window.__long") if start >= t0]
        page.evaluate("window.__long = []")
    context.close()
    return preview_ms, reply_ms, long_tasks


def _pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", "--runs", type=int, default=7, help="cold loads of each page (default 7)")
    ap.add_argument("--warmup", type=int, default=1, help="discarded alternating pairs first (default 1)")
    ap.add_argument("--timeout", type=float, default=90, help="seconds per load")
    ap.add_argument("--json", help="also write the samples here")
    ap.add_argument("--play", type=int, default=0, metavar="TURNS",
                    help="instead: play TURNS human turns + computer replies (classic and iii) and time them")
    args = ap.parse_args()
    if args.play:
        return play_main(args)

    server, base = webtool.start_in_thread(ROOT, rebuild=False)
    samples: dict[str, list[float]] = {k: [] for k in PAGES}
    walls: dict[str, list[float]] = {k: [] for k in PAGES}
    lexicon_ms: list[float] = []
    sizes: dict[str, list[int]] = {k: [] for k in PAGES}
    try:
        with sync_playwright() as p:
            chromium = webtool.find_chromium(p.chromium.executable_path)
            if not chromium:
                raise SystemExit("no Chromium: set CHROMIUM_PATH (see README)")
            browser = p.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
            for i in range(args.warmup + args.runs):
                order = list(PAGES) if i % 2 == 0 else list(reversed(PAGES))
                for name in order:
                    ms, wall, lex, size = measure(browser, base + PAGES[name], int(args.timeout * 1000))
                    if i >= args.warmup:
                        samples[name].append(ms)
                        walls[name].append(wall)
                        sizes[name].append(size)
                        if lex is not None:
                            lexicon_ms.append(lex)
                    tag = "warm-up" if i < args.warmup else f"run {i - args.warmup + 1}"
                    extra = f", engine ready at {lex:.0f} ms" if lex is not None else ""
                    extra += f", {size / 1e6:.1f} MB"
                    print(f"  {tag:8} {name:4}: {ms:7.0f} ms (wall {wall:.0f} ms{extra})", flush=True)
            browser.close()
    finally:
        server.shutdown()

    med = {k: statistics.median(v) for k, v in samples.items()}
    ratio = med["game"] / med["bare"]
    engine_med = statistics.median(lexicon_ms) if lexicon_ms else float("nan")
    engine_ratio = engine_med / med["bare"]
    print(f"(a) bare PyScript page ready : median {med['bare']:.0f} ms  (n={len(samples['bare'])})")
    print(f"(b) game page, board on screen: median {med['game']:.0f} ms  (n={len(samples['game'])})")
    print(f"    game page, engine ready   : median {engine_med:.0f} ms  (n={len(lexicon_ms)})")
    print(f"board/bare  = {ratio:.3f}  ({'within' if ratio <= BOARD_TARGET else 'OVER'} target {BOARD_TARGET})")
    print(f"engine/bare = {engine_ratio:.3f}  ({'within' if engine_ratio <= TARGET else 'OVER'} target {TARGET})")
    for k in PAGES:
        if sizes[k]:
            print(f"bytes fetched, cold, {k}: median {statistics.median(sizes[k]) / 1e6:.2f} MB")
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {"ms": samples, "wall_ms": walls, "engine_ms": lexicon_ms, "median_ms": med,
                 "board_ratio": ratio, "engine_ratio": engine_ratio, "bytes": sizes},
                indent=1,
            )
        )
    return 0


def play_main(args) -> int:
    server, base = webtool.start_in_thread(ROOT, rebuild=False)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=webtool.find_chromium(p.chromium.executable_path),
                                        args=LAUNCH_ARGS)
            for rules in ("classic", "iii"):
                pv, reply, longs = play_bench(browser, base, rules, args.play, int(args.timeout * 1000))
                print(f"{rules:8} preview after a tile: median {statistics.median(pv):.0f} ms, "
                      f"p95 {_pct(pv, .95):.0f} ms (n={len(pv)})")
                print(f"{rules:8} computer reply (Play -> its move shown): median {statistics.median(reply):.0f} ms, "
                      f"p95 {_pct(reply, .95):.0f} ms (n={len(reply)})")
                print(f"{rules:8} main-thread long tasks while it thinks: {len(longs)}, longest "
                      f"{max(longs) if longs else 0:.0f} ms")
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
