"""Page load benchmark: the game page against a stock bare PyScript page, in one run.

    .venv/bin/python bench/load.py [-n 7] [--throttle 4] [--warm] [--size 1280x800]
                                   [--compare old/index.html] [--vendored-bare] [--json out.json]
                                   [--timeline]

(a) bench/bare/stock.html prints "ready" from Python (Pyodide on the page's main thread),
built from the pinned npm packages exactly as shipped (node_modules/@pyscript/core/dist,
node_modules/pyodide), so that what setup does to vendor/'s runtime (its standard library
compiled to bytecode) does not speed up the baseline too; bench/bare/index.html, the same
page on vendor/'s runtime, joins with --vendored-bare. (b) index.html: the board and rack
on screen as a player sees them (the first animation frame with every square of the board
and every rack tile laid out inside the viewport and no splash over them: that frame is
painted), and then data-engine="ready" (the Pyodide engine worker has loaded the word
list: preview, play, computer). Runs alternate a, b, b, a..., each in a fresh browser
context: a first visit (empty HTTP cache), or with --warm a returning one (a fresh
profile on disk, the page loaded once, then again and timed). --throttle RATE slows the
CPU through Chromium's DevTools protocol, which applies to the page's main thread only
(not to the engine's worker: Chromium refuses it for workers). Times are the page's
performance.now() (ms since navigation start). Prints medians, the ratios board/stock
(target <= 0.25) and engine/stock (target <= 0.45), bytes received (over the network:
a response from the HTTP cache counts 0), the load average before and after, and the
old board mark (<body data-ready="1">, set before the first frame is painted).
--timeline also prints, per game page, the median time of each step of its start: the
page's MicroPython steps, the engine worker's PyScript and Pyodide steps, its requests
and WebAssembly calls, the engine's own start and ready. Run scripts/setup.sh first.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))
import webtool  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

TARGET = 0.45  # engine ready / stock bare page ready
# A cold phone load (360x640, CPU 4x), first paint to 3 s after engine ready (--main-thread).
MAIN_GOALS = {"longest": 200, "blocking": 600, "cls": 0.05}
BOARD_TARGET = 0.25  # board on screen / stock bare page ready
# The baseline is the stock bare page, built from the pinned npm packages exactly as
# shipped; bench/bare/index.html is the same page on vendor/'s runtime (--vendored-bare).
BASELINE = "stock"
PAGES = {BASELINE: "bench/bare/stock.html", "bare": "bench/bare/index.html", "game": "index.html"}
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
# Records window.__readyAt when Python prints "ready" (bare page) or when the board and
# rack are on screen (game page: checked once per animation frame, so the mark is the
# frame that paints them), window.__attrAt when <body data-ready> is set, and
# window.__lexiconAt when data-engine="ready".
PROBE = """
(() => {
  const mark = () => { if (window.__readyAt === undefined) window.__readyAt = performance.now(); };
  const log = console.log;
  console.log = function (...args) { if (args[0] === "ready") mark(); return log.apply(this, args); };
  const inside = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; };
  const onScreen = () => {
    const board = document.getElementById("board");
    if (!board || document.getElementById("splash")) return false;
    const n = Number(board.dataset.size || 0);
    const squares = board.querySelectorAll("[data-square]");
    const tiles = document.querySelectorAll("#rack [data-letter]:not(.used)");
    if (!n || squares.length !== n * n || !tiles.length) return false;
    for (const el of squares) if (!inside(el)) return false;
    for (const el of tiles) if (!inside(el) || getComputedStyle(el).visibility !== "visible") return false;
    window.__squares = squares.length; window.__tiles = tiles.length;
    return true;
  };
  const frame = () => { if (window.__readyAt !== undefined) return;
    if (document.body && onScreen()) mark(); else requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  // --main-thread: the page's long tasks and layout shifts (with the elements that moved)
  window.__long = []; window.__shifts = [];
  const watch = (type, take) => { try {
    new PerformanceObserver((l) => l.getEntries().forEach(take)).observe({ type, buffered: true });
  } catch (e) { /* not in this browser */ } };
  watch("longtask", (e) => window.__long.push([e.startTime, e.duration]));
  const name = (n) => !n ? "?" : n.id ? "#" + n.id : n.nodeName.toLowerCase() + (n.classList && n.classList.length ? "." + [...n.classList].join(".") : "");
  const box = (r) => [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
  watch("layout-shift", (e) => e.hadRecentInput || window.__shifts.push(
    [e.startTime, e.value, e.sources.map((s) => [name(s.node), box(s.previousRect), box(s.currentRect)])]));
  new MutationObserver(() => {
    const data = document.body ? document.body.dataset : {};
    if (data.ready && window.__attrAt === undefined) window.__attrAt = performance.now();
    if (data.engine === "ready" && window.__lexiconAt === undefined) window.__lexiconAt = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready", "data-engine"] });
})();
"""

# --timeline: every JavaScript Blob the page turns into a URL (PyScript builds its
# workers from one) starts with a recorder of the worker's own steps: PyScript's
# "py:progress" steps, the WebAssembly calls and the first message (the worker's
# options and code from the page); the resources it fetched come from its Resource Timing.
TIMELINE = """
(() => {
  const recorder = function () {
    const marks = self.__wlcTimeline = [];
    const mark = (what) => marks.push([what, performance.timeOrigin + performance.now()]);
    mark("worker script starts");
    addEventListener("py:progress", (e) => mark(String(e.detail)));
    addEventListener("message", () => mark("first message (options, code)"), { once: true });
    for (const name of ["instantiateStreaming", "instantiate", "compileStreaming", "compile"]) {
      const f = WebAssembly[name];
      WebAssembly[name] = function (...args) {
        mark("WebAssembly." + name);
        const p = f.apply(this, args);
        p.then(() => mark("WebAssembly." + name + " done"), () => {});
        return p;
      };
    }
  };
  const prelude = "typeof WorkerGlobalScope !== 'undefined' && (" + recorder + ")();\\n";
  const Worker = window.Worker;
  window.__wlcWorkers = [];
  window.__wlcPage = [];  // the page's own PyScript steps (MicroPython's progress, ready, done)
  for (const type of ["mpy:progress", "mpy:ready", "mpy:done"])
    addEventListener(type, (e) => window.__wlcPage.push([type + (e.detail && typeof e.detail === "string" ? " " + e.detail : ""),
                                                         performance.now()]), true);
  window.Worker = function (...args) { window.__wlcWorkers.push(performance.now()); return new Worker(...args); };
  window.Worker.prototype = Worker.prototype;
  const make = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (obj) => make(
    obj instanceof Blob && obj.type === "text/javascript" ? new Blob([prelude, obj], { type: obj.type }) : obj);
})();
"""
TIMELINE_GET = """
() => [performance.timeOrigin, self.__wlcTimeline || null,
       performance.getEntriesByType("resource").map((e) => [e.name, e.startTime, e.responseStart, e.responseEnd])]
"""


def _timeline(page, console: list[str]) -> list[tuple[float, str]]:
    """(ms since the page's navigation, step) for the engine's worker and the page's own
    requests (started, first byte, done): what --timeline prints. ``console``: the
    console's lines, for the engine's own "python up at ..., ready at ..." (epoch ms)."""
    page_origin, _, page_res = page.evaluate(TIMELINE_GET)
    steps = [(t, "page: new Worker") for t in page.evaluate("window.__wlcWorkers")]
    steps += [(t, "page: " + what) for what, t in page.evaluate("window.__wlcPage")]
    steps += [(t, "page: mark " + what) for what, t in page.evaluate(
        "performance.getEntriesByType('mark').map((e) => [e.name, e.startTime])")]
    for line in console:
        if m := re.search(r"python up at (\d+), ready at (\d+)", line):
            steps += [(int(m[1]) - page_origin, "worker: engine_worker.py starts"),
                      (int(m[2]) - page_origin, "worker: engine ready (word graph loaded)")]
    for worker in page.workers:
        origin, marks, res = worker.evaluate(TIMELINE_GET)
        if not marks or not any("interpreter" in m for m, _ in marks):
            continue  # not the engine's (Pyodide) worker
        steps += [(t - page_origin, "worker: " + m) for m, t in marks]
        steps += [(origin - page_origin + t, f"worker: {what} {name.rsplit('/', 1)[-1]}")
                  for name, start, first, end in res for t, what in ((start, "fetch"), (first, "  first byte"), (end, "  done"))]
    steps += [(t, f"page: {what} {name.rsplit('/', 1)[-1]}") for name, start, first, end in page_res
              if any(k in name for k in ("engine_worker", "pyscript.toml", "core"))
              for t, what in ((start, "fetch"), (end, "  done"))]
    return sorted(steps)



MAIN_THREAD_GET = """() => [(performance.getEntriesByName('first-paint')[0] || {}).startTime || 0,
                            window.__long, window.__shifts]"""
AFTER_READY_MS = 3000  # the main thread is judged from the first paint until this long after engine ready


def main_thread(page, engine_ms: float) -> dict:
    """The page's main thread from its first paint until AFTER_READY_MS after the engine
    is ready: the longest task, the blocking sum (each long task's time over 50 ms), the
    layout-shift total (shifts without recent input) and the three largest shifts with
    the elements that moved ([selector, [x, y, w, h] before, after])."""
    page.wait_for_function(f"performance.now() >= {engine_ms + AFTER_READY_MS}", timeout=AFTER_READY_MS + 30_000)
    fp, longs, shifts = page.evaluate(MAIN_THREAD_GET)
    tasks = [d for start, d in longs if fp <= start <= engine_ms + AFTER_READY_MS]
    return {"first_paint": fp, "longest": max(tasks, default=0), "blocking": sum(d - 50 for d in tasks),
            "long_tasks": [[round(a), round(d)] for a, d in longs], "cls": sum(v for _, v, _ in shifts),
            "shifts": [[round(t), round(v, 4), src] for t, v, src in sorted(shifts, key=lambda x: -x[1])[:3]]}


def _visit(page, url: str, timeout_ms: int) -> dict:
    """Open ``url`` in ``page`` and wait for its marks (see PROBE)."""
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", timeout=timeout_ms, polling=100)
    wall = (time.perf_counter() - t0) * 1000
    out = {"ms": page.evaluate("window.__readyAt"), "wall": wall, "attr": None, "engine": None, "boot": None}
    if page.evaluate("!!document.getElementById('board')"):
        page.wait_for_function("window.__attrAt !== undefined && window.__lexiconAt !== undefined", timeout=timeout_ms, polling=100)
        out["attr"] = page.evaluate("window.__attrAt")
        if page.evaluate("document.body.dataset.engine") == "ready":
            out["engine"] = page.evaluate("window.__lexiconAt")
        out["squares"], out["tiles"] = page.evaluate("[window.__squares, window.__tiles]")
        out["boot"] = page.evaluate("document.body.dataset.engineBoot || null")
    return out


def measure(browser, url: str, timeout_ms: int, viewport=(1280, 800), throttle: float = 1, warm: bool = False,
            timeline: bool = False, main: bool = False) -> dict:
    """One load: in-page ms to ready ("ms"; game page: board and rack painted), wall ms
    from goto to ready seen, the old data-ready mark and the engine ready (game page
    only), bytes received. ``browser`` makes a fresh context (an empty HTTP cache: a
    first visit). ``warm``: a returning visit instead: ``browser`` is a function that
    opens a fresh persistent context (an on-disk HTTP cache, as a player's browser has;
    a plain context's cache lives in memory and keeps no file as large as Pyodide's
    wasm), the page is loaded once, then loaded again and timed. ``throttle``:
    Chromium's CPU throttling rate, set through a CDP session on the page; Chromium
    applies it to the page's main thread only (a worker target refuses it), so the
    engine's worker runs at full speed while the bare pages' Pyodide, on their main
    thread, is slowed. ``timeline``: also the engine worker's steps (see TIMELINE). ``main``:
    also the main thread's long tasks and layout shifts (main_thread)."""
    size = {"width": viewport[0], "height": viewport[1]}
    context = browser(size) if warm else browser.new_context(viewport=size)
    context.add_init_script(PROBE)
    console: list[str] = []
    if timeline:
        context.add_init_script(TIMELINE)
    page = context.new_page()
    if timeline:
        page.on("console", lambda m: console.append(m.text))
    if throttle != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    finished = []  # the page's and its worker's requests (context events include workers)
    context.on("requestfinished", lambda r: finished.append(r))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    if warm:
        _visit(page, url, timeout_ms)
        page.wait_for_timeout(1000)  # the cache entries (and compiled code) are written
        finished.clear()
    out = _visit(page, url, timeout_ms)
    if main and out["engine"] is not None:
        out.update(main_thread(page, out["engine"]))
    if timeline and out["engine"] is not None:
        out["timeline"] = sorted(_timeline(page, console) + [
            (out["ms"], "page: board and rack on screen"), (out["attr"], "page: data-ready (old mark)"),
            (out["engine"], "page: data-engine=ready")])
    page.wait_for_timeout(300)  # let the last responses finish for the byte count
    sizes = [_received(r) for r in finished]
    out["bytes"], out["decoded"] = sum(w for w, _ in sizes), sum(d for _, d in sizes)
    context.close()
    if errors:
        raise SystemExit(f"{url}: page errors {errors}")
    return out


def _received(request) -> tuple[int, int]:
    """(bytes on the wire, bytes decoded) of a response body that came over the network
    (0, 0 for one from the HTTP cache, the service worker, or a 304 revalidation). The
    wire is what the server sent (gzipped where it compresses: webtool's server answers
    Accept-Encoding as static hosts do); decoded is the body the page got."""
    response = request.response()
    if response is None or response.status == 304 or response.from_service_worker:
        return 0, 0
    wire = max(0, request.sizes()["responseBodySize"])
    if not response.header_value("content-encoding"):
        return wire, wire
    try:
        return wire, len(response.body())
    except Exception:  # a body the browser no longer holds (a worker's, a redirect)
        return wire, wire


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


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
    for move in json.loads(session.hint(10, 3000))["moves"]:
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


def play_bench(browser, base, rules, turns, timeout_ms, level="hard"):
    """Human turns entered by taps (the engine's best play), each followed by the
    computer's reply (``level``): preview latency per tile (click -> preview shown),
    computer reply (Play pressed -> its move on the board, in-page) and main-thread
    long tasks while it thinks."""
    from engine import session

    session.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())
    seats = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": level}]
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
            print(f"  {rules}: stopped after {len(reply_ms)} replies (phase {saved['snap']['phase']})")
            break
        tiles, _ = _best(session, saved["spec"])
        shown = page.eval_on_selector_all("#rack [data-letter]", "els => els.map(e => e.dataset.letter).join('')")
        if sorted(shown) != sorted(saved["snap"]["racks"][saved["snap"]["to_move"]]):
            raise SystemExit(f"rack shown {shown} != {saved['snap']['racks']} to move {saved['snap']['to_move']}")
        preview_ms += place_by_taps(page, tiles or (), timeout_ms)   # none of rack tiles alone in the top 10: a pass
        count = len(saved["spec"]["actions"])
        t0 = page.evaluate("performance.now()")
        page.get_by_role("button", name="Play" if tiles else "Pass", exact=True).click()
        # the computer's reply, or the end of the game (a pass that ends a scoreless cycle)
        page.wait_for_function(f"(g => (g.spec.actions.length >= {count + 2} || g.snap.phase == 'over')"
                               " && !document.body.dataset.busy)(JSON.parse(localStorage.getItem('wlc.game')))",
                               timeout=timeout_ms, polling=5)
        if json.loads(page.evaluate("localStorage.getItem('wlc.game')"))["spec"]["actions"][count + 1:] == []:
            print(f"  {rules}: the game ended on the player's move (no reply to time)")
            break
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
    ap.add_argument("-n", "--runs", type=int, default=7, help="loads of each page (default 7)")
    ap.add_argument("--warmup", type=int, default=1, help="discarded alternating rounds first (default 1)")
    ap.add_argument("--timeout", type=float, default=90, help="seconds per load")
    ap.add_argument("--size", default="1280x800", help="viewport WxH (default 1280x800)")
    ap.add_argument("--page", default=PAGES["game"], help="the game page (default index.html)")
    ap.add_argument("--compare", action="append", metavar="PAGE",
                    help="another game page in the same rotation (e.g. a copy of an older build); repeatable")
    ap.add_argument("--vendored-bare", action="store_true",
                    help="also load bench/bare/index.html (the bare page on vendor/'s runtime)")
    ap.add_argument("--throttle", type=float, default=1, metavar="RATE",
                    help="Chromium CPU throttling (4: a slow phone); the page's main thread only")
    ap.add_argument("--warm", action="store_true", help="returning visits: each page loaded twice, the second timed")
    ap.add_argument("--root", type=Path, default=ROOT,
                    help="serve this folder instead of the checkout (pages are relative to it)")
    ap.add_argument("--timeline", action="store_true",
                    help="also the engine worker's steps, ms from navigation (medians printed at the end)")
    ap.add_argument("--main-thread", action="store_true",
                    help="also the main thread from first paint to 3 s after engine ready: longest task, blocking"
                         " sum, layout shift (with --size 360x640 --throttle 4: the phone's goals)")
    ap.add_argument("--json", help="also write the samples here")
    ap.add_argument("--play", type=int, default=0, metavar="TURNS",
                    help="instead: play TURNS human turns + computer replies (classic and iii) and time them")
    ap.add_argument("--level", default="hard", help="the computer's level for --play (default hard; expert: 3 s)")
    args = ap.parse_args()
    if args.play:
        return play_main(args)

    viewport = tuple(int(v) for v in args.size.split("x"))
    pages = {BASELINE: PAGES[BASELINE], "game": args.page}
    if args.vendored_bare:
        pages["bare"] = PAGES["bare"]
    for i, other in enumerate(args.compare or []):
        pages["game" + str(i + 2)] = other
    kind = f"{'returning' if args.warm else 'cold'} loads" + (f", CPU throttled {args.throttle:g}x" if args.throttle != 1 else "")
    server, base = _serve(args.root.resolve())
    runs: dict[str, list[dict]] = {k: [] for k in pages}
    load_before = loadavg()
    print(f"load average before: {load_before}; {kind}; viewport {viewport[0]}x{viewport[1]}; pages {pages}", flush=True)
    try:
        with sync_playwright() as p:
            chromium = webtool.find_chromium(p.chromium.executable_path)
            if not chromium:
                raise SystemExit("no Chromium: set CHROMIUM_PATH (see README)")
            if args.warm:
                def browser(size):
                    folder = tempfile.mkdtemp(prefix="wlc-load-")
                    context = p.chromium.launch_persistent_context(
                        folder, executable_path=chromium, args=LAUNCH_ARGS, viewport=size)
                    context.on("close", lambda _: shutil.rmtree(folder, ignore_errors=True))
                    return context
            else:
                browser = p.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
            for i in range(args.warmup + args.runs):
                order = list(pages) if i % 2 == 0 else list(reversed(pages))
                for name in order:
                    m = measure(browser, base + pages[name], int(args.timeout * 1000), viewport, args.throttle, args.warm,
                                args.timeline, args.main_thread)
                    if i >= args.warmup:
                        runs[name].append(m)
                    print(f"  {'warm-up' if i < args.warmup else f'run {i - args.warmup + 1}':8} {name:6}: {_line(m)}",
                          flush=True)
            if not args.warm:
                browser.close()
    finally:
        server.shutdown()
    summary = report(pages, runs, kind)
    if args.timeline:
        report_timeline(pages, runs)
    print(f"load average before: {load_before}, after: {loadavg()} (2-core machine: figures under load run high)")
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"pages": pages, "kind": kind, "throttle": args.throttle, "warm": args.warm, "runs": runs,
             "summary": summary, "viewport": list(viewport), "loadavg": [load_before, loadavg()]}, indent=1))
    return 0


def place_by_taps(page, tiles, timeout_ms: float) -> list[float]:
    """Tap each (square, letter, tile) as a player does (the rack tile, then the square,
    then the blank's letter); each tap's preview time in ms (the page's WATCH marks)."""
    out = []
    for sq, letter, tile in tiles:
        page.locator(f"#rack [data-letter='{tile}']:not(.used)").first.click()
        n = page.evaluate("window.__pv.length")
        page.locator(f"#board [data-square='{sq}']").click()
        if page.locator("#chooser:not([hidden])").count():
            page.locator(f"#chooser [data-letter='{'=' if tile == letter else letter}']").click()
        page.wait_for_function(f"window.__pv.length > {n}", timeout=timeout_ms)
        out.append(page.evaluate("window.__pv[window.__pv.length - 1] - window.__clicks[window.__clicks.length - 1]"))
    return out


def _serve(root: Path):
    """A static server of ``root`` in a thread (vendor/ served as it is: no rebuild
    inside a timed load; the checkout's zips are brought up to date first)."""
    if root == ROOT:
        webtool.bundle(ROOT)
    server = webtool.make_server(root, rebuild=False)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _line(m: dict) -> str:
    text = f"{m['ms']:7.0f} ms (wall {m['wall']:.0f} ms"
    if m["attr"] is not None:
        text += f", {m['squares']} squares and {m['tiles']} rack tiles on screen (data-ready at {m['attr']:.0f} ms)"
    if m["engine"] is not None:
        text += f", engine ready at {m['engine']:.0f} ms ({m['boot']})"
    if "longest" in m:
        text += (f"; main thread: longest task {m['longest']:.0f} ms, blocking {m['blocking']:.0f} ms,"
                 f" layout shift {m['cls']:.3f} {m['shifts'][:1]}")
    return text + f", {m['bytes'] / 1e6:.2f} MB on the wire, {m.get('decoded', 0) / 1e6:.2f} MB decoded)"


def _median(values) -> float:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def report(pages: dict[str, str], runs: dict[str, list[dict]], kind: str) -> dict:
    """Print the medians and the ratios to the stock bare page; returns them."""
    base = _median(m["ms"] for m in runs[BASELINE])
    print(f"{kind}; n={len(runs[BASELINE])} of each; medians:")
    print(f"(a) stock bare PyScript page ready ({pages[BASELINE]}): {base:.0f} ms")
    summary = {BASELINE: {"page": pages[BASELINE], "ready_ms": base}}
    for name in pages:
        bytes_med = _median(m["bytes"] for m in runs[name]) / 1e6
        decoded_med = _median(m.get("decoded") for m in runs[name]) / 1e6
        if name == BASELINE:
            summary[name].update(mb=bytes_med, decoded_mb=decoded_med)
        elif name == "bare":
            ready = _median(m["ms"] for m in runs[name])
            summary[name] = {"page": pages[name], "ready_ms": ready, "ratio": ready / base, "mb": bytes_med,
                             "decoded_mb": decoded_med}
            print(f"    vendored bare page ready ({pages[name]}): {ready:.0f} ms = {ready / base:.3f} of stock")
        else:
            board, engine = _median(m["ms"] for m in runs[name]), _median(m["engine"] for m in runs[name])
            attr = _median(m["attr"] for m in runs[name])
            summary[name] = {"page": pages[name], "board_ms": board, "engine_ms": engine, "mb": bytes_med, "decoded_mb": decoded_med,
                             "board_ratio": board / base, "engine_ratio": engine / base}
            print(f"(b) {pages[name]}: board on screen {board:.0f} ms, engine ready {engine:.0f} ms")
            for label, key, value, target in (("board", "ms", board, BOARD_TARGET), ("engine", "engine", engine, TARGET)):
                ratio = value / base
                paired = _median(m[key] / s["ms"] for m, s in zip(runs[name], runs[BASELINE]) if m[key] is not None)
                summary[name][label + "_paired"] = paired
                print(f"    {label}/stock = {ratio:.3f}  ({'within' if ratio <= target else 'OVER'} target {target});"
                      f" per round: median {paired:.3f}")
            print(f"    (old mark: data-ready set at {attr:.0f} ms = {attr / base:.3f} of stock)")
            if any("longest" in m for m in runs[name]):
                for key, goal in (("longest", MAIN_GOALS["longest"]), ("blocking", MAIN_GOALS["blocking"]), ("cls", MAIN_GOALS["cls"])):
                    value = _median(m.get(key) for m in runs[name])
                    summary[name][key] = value
                    print(f"    main thread, {key}: median {value:.3f} (goal <= {goal}; max {max(m.get(key, 0) for m in runs[name]):.3f})")
    for name in pages:
        print(f"bytes fetched, {pages[name]}: median {summary[name]['mb']:.2f} MB on the wire,"
              f" {summary[name]['decoded_mb']:.2f} MB decoded")
    return summary


def report_timeline(pages: dict[str, str], runs: dict[str, list[dict]]) -> None:
    """The median time of each step of the engine's start over the loads (--timeline)."""
    for name in pages:
        loads = [m["timeline"] for m in runs[name] if m.get("timeline")]
        if not loads:
            continue
        seen: dict[str, list[float]] = {}
        for steps in loads:
            firsts: dict[str, float] = {}
            for t, step in steps:
                firsts.setdefault(step, t)
            for step, t in firsts.items():
                seen.setdefault(step, []).append(t)
        print(f"timeline of {pages[name]} (ms from navigation, median of {len(loads)} loads; step: n):")
        for step, ts in sorted(seen.items(), key=lambda kv: statistics.median(kv[1])):
            print(f"  {statistics.median(ts):7.0f}  {step}  ({len(ts)})")


def play_main(args) -> int:
    server, base = webtool.start_in_thread(ROOT, rebuild=False)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=webtool.find_chromium(p.chromium.executable_path),
                                        args=LAUNCH_ARGS)
            for rules in ("classic", "iii"):
                pv, reply, longs = play_bench(browser, base, rules, args.play, int(args.timeout * 1000), args.level)
                print(f"{rules:8} preview after a tile: median {statistics.median(pv):.0f} ms, "
                      f"p95 {_pct(pv, .95):.0f} ms (n={len(pv)})")
                print(f"{rules:8} computer reply, {args.level} (Play -> its move shown): median "
                      f"{statistics.median(reply):.0f} ms, p95 {_pct(reply, .95):.0f} ms, "
                      f"max {max(reply):.0f} ms (n={len(reply)})")
                print(f"{rules:8} main-thread long tasks while it thinks: {len(longs)}, longest "
                      f"{max(longs) if longs else 0:.0f} ms")
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
