"""The expert with helper workers against the expert alone, in the page, on the same positions.

    .venv/bin/python bench/expert_workers.py [--rules iii] [--games 2] [--turns 8] [--json out.json]

Positions: games of you against the expert are played natively first (your move the
best play of rack tiles only, as bench/load.py enters by taps; the expert's the hard
player's, so the games are quick and the same every run); each position where you
are to move is one sample. In Chromium (index.html, the engine in its worker) two
pages take turns on each position, in alternating order: "alone" (helpers refused:
an init script makes ``Worker`` throw inside the page's workers, so the engine
cannot start any and the expert simulates alone, as before helpers existed) and
"helpers" (the page as shipped: up to hardwareConcurrency - 1 helpers, at most 3).
Each page stores the position and reloads, waits until its helpers are ready (or
refused), plays your move by taps and times the expert's reply at the page's 3 s.

Per reply it reads what the engine published (``self.wlcExpert`` in the engine's
worker: rounds of simulation merged, rounds per worker, the expert's own ms), the
page's computer call (``body[data-computer-ms]``: the worker call, coordination
included) and the main thread's long tasks (a PerformanceObserver for "longtask")
while it thinks (``body[data-thinking]``) and from your Play to the reply. Prints rounds per move (median, p95, mean;
moves that simulate on both pages), the paired ratio, the think time and the page's
call (median, p95), the longest main-thread task, the helpers' start time and
memory (each helper's WebAssembly heap; the renderer processes' resident memory of
the two pages), and the load average. A benchmark: wall time on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from load import LAUNCH_ARGS, WATCH, _pct, loadavg, place_by_taps, webtool  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

TARGET = 1.7          # rounds with helpers / rounds alone
BUDGET_MS = 3000      # the page's expert budget (ui/state.py COMPUTER_MS)
SEATS = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "expert"}]
# Inside the page's workers (PyScript builds them from JavaScript blobs, which
# index.html already prefixes the same way): no Worker constructor, so the engine
# starts no helper.
REFUSE = """
(() => {
  const prelude = "typeof WorkerGlobalScope !== 'undefined' && (self.Worker = function () { throw new Error('workers refused'); });\\n";
  const make = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (obj) => make(obj instanceof Blob && obj.type === "text/javascript" ? new Blob([prelude, obj], { type: obj.type }) : obj);
})();
"""


# When the page shows that the computer thinks (body[data-thinking]), and stops.
THINKING = """
(() => {
  window.__thinking = [];
  new MutationObserver(() => {
    const on = !!document.body.dataset.thinking, t = window.__thinking;
    if (on && (!t.length || t[t.length - 1][1] !== null)) t.push([performance.now(), null]);
    if (!on && t.length && t[t.length - 1][1] === null) t[t.length - 1][1] = performance.now();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-thinking"] });
})()
"""


def session():
    from engine import session as s
    if s._lexicon is None:
        s.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())
    return s


def rack_play(s, spec: dict):
    """(move text, [(square, letter, rack tile)]) of the best play of rack tiles only
    (no pick-off or swap: taps do not enter those here), or ("-", []): a pass."""
    before = json.loads(s.open(json.dumps(spec)))
    old = {t["sq"]: t["letter"] for t in before["tiles"]}
    for m in json.loads(s.hint(60, 3000))["moves"]:
        after = json.loads(s.open(json.dumps(dict(spec, actions=spec["actions"] + [m["move"]]))))
        if "warning" in after or any(old[t["sq"]] != t["letter"] for t in after["tiles"] if t["sq"] in old):
            continue
        tiles = [(t["sq"], t["letter"].upper(), "?" if t["blank"] else (t["flipped"] or t["letter"].upper()))
                 for t in after["tiles"] if t["sq"] not in old]
        if len(tiles) == len(after["tiles"]) - len(before["tiles"]):
            return m["move"], tiles
    return "-", []


def positions(rules: str, games: int, turns: int) -> list[dict]:
    """Specs where you are to move: up to ``turns`` of each of ``games`` native games."""
    from engine.computer import computer_action
    s = session()
    out = []
    for g in range(games):
        spec = {"rules": rules, "seed": f"workers-{g}", "seats": SEATS, "actions": []}
        for _ in range(turns):
            snap = json.loads(s.open(json.dumps(spec)))
            if snap["phase"] != "play" or snap["to_move"] != 0:
                break
            move, _ = rack_play(s, spec)
            out.append(spec)
            s.open(json.dumps(spec))
            s.act(move)
            game = s._need_game()
            if game.over:
                break
            game.act(computer_action(game, "hard"))
            spec = dict(spec, actions=list(game.actions))
    return out


def renderers() -> dict[int, int]:
    """This run's Chromium renderer processes (descendants of this process): pid -> resident KB."""
    kids: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(ppid, []).append(int(d.name))
    out, todo = {}, list(kids.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        todo += kids.get(pid, [])
        try:
            if b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes():
                status = Path(f"/proc/{pid}/status").read_text()
                out[pid] = int(next(x for x in status.splitlines() if x.startswith("VmRSS:")).split()[1])
        except (OSError, StopIteration):
            continue
    return out


def engine_report(page) -> dict | None:
    """What the engine's worker published (``self.wlcExpert``), or None."""
    for worker in page.workers:
        try:
            text = worker.evaluate("self.wlcExpert || null")
        except Exception:   # a worker that ended
            continue
        if text:
            return json.loads(text)
    return None


def reply(page, base: str, spec: dict, timeout_ms: int) -> dict:
    """Load ``spec`` (you to move), wait for the helpers, play your move, time the reply."""
    s = session()
    snap = json.loads(s.open(json.dumps(spec)))
    saved = json.dumps({"v": 1, "spec": spec, "snap": snap, "layout": json.loads(s.layout(spec["rules"]))})
    if not page.url.startswith(base):
        page.goto(base + "index.html")
    page.evaluate("t => localStorage.setItem('wlc.game', t)", saved)
    page.reload()
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=timeout_ms)
    t0 = time.perf_counter()
    while True:   # the helpers start once the game is open: wait for them (or for their refusal)
        report = engine_report(page)
        if report and ("starting" not in report["helpers"] or report["why"]):
            break
        if time.perf_counter() - t0 > timeout_ms / 1000:
            raise SystemExit("the engine published nothing about its helpers")
        time.sleep(0.1)
    page.wait_for_function("!document.body.dataset.busy", timeout=timeout_ms)
    page.evaluate(WATCH)
    page.evaluate(THINKING)
    _, tiles = rack_play(s, spec)
    place_by_taps(page, tiles, timeout_ms)
    count = len(spec["actions"])
    page.evaluate("window.__long = []")
    start = page.evaluate("performance.now()")
    page.get_by_role("button", name="Play" if tiles else "Pass", exact=True).click()
    page.wait_for_function(f"(g => (g.spec.actions.length >= {count + 2} || g.snap.phase == 'over')"
                           " && !document.body.dataset.busy)(JSON.parse(localStorage.getItem('wlc.game')))",
                           timeout=timeout_ms, polling=5)
    last = (engine_report(page) or {}).get("last") or {}
    longs = page.evaluate("window.__long")
    spans = [(a, b if b is not None else float("inf")) for a, b in page.evaluate("window.__thinking")]
    return {"helpers": report["helpers"], "why": report["why"], "info": report["info"],
            "call_ms": int(page.evaluate("document.body.dataset.computerMs || 0")),
            "long": [d for st, d in longs if st >= start], "last": last,
            "long_thinking": [d for st, d in longs if any(a <= st + d and st <= b for a, b in spans)]}


def summary(name: str, samples: list[dict], rss: float) -> dict:
    thought = [x["last"] for x in samples if x["last"]]
    rounds = [t["rounds"] for t in thought]
    think = [t["ms"] for t in thought]
    call = [x["call_ms"] for x in samples if x["last"]]
    longs = [d for x in samples for d in x["long"]]
    thinking = [d for x in samples for d in x["long_thinking"]]
    stops: dict[str, int] = {}
    for t in thought:
        stops[t["stopped"]] = stops.get(t["stopped"], 0) + 1
    s = {"moves": len(rounds), "rounds_median": statistics.median(rounds) if rounds else float("nan"),
         "rounds_p95": _pct(rounds, .95), "rounds_mean": statistics.fmean(rounds) if rounds else float("nan"),
         "think_median": statistics.median(think) if think else float("nan"), "think_p95": _pct(think, .95),
         "call_median": statistics.median(call) if call else float("nan"), "call_p95": _pct(call, .95),
         "longest_task": max(longs, default=0), "long_tasks": len(longs), "stopped": stops, "rss_mb": rss,
         "longest_thinking": max(thinking, default=0), "long_thinking": len(thinking)}
    print(f"{name:8} {s['moves']:3d} simulated moves: rounds median {s['rounds_median']:.1f}, p95 {s['rounds_p95']}, "
          f"mean {s['rounds_mean']:.2f}; expert's time median {s['think_median']:.0f} ms, p95 {s['think_p95']:.0f} ms; "
          f"the page's computer call median {s['call_median']:.0f} ms, p95 {s['call_p95']:.0f} ms; "
          f"main-thread long tasks from Play to the reply: {s['long_tasks']}, longest {s['longest_task']:.0f} ms, "
          f"while it thinks: {s['long_thinking']}, longest {s['longest_thinking']:.0f} ms; "
          f"stopped {stops}")
    return s


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="iii", help="the preset (default iii)")
    ap.add_argument("--games", type=int, default=2, help="native games the positions come from (default 2)")
    ap.add_argument("--turns", type=int, default=8, help="positions per game (default 8)")
    ap.add_argument("--timeout", type=float, default=120, help="seconds per wait")
    ap.add_argument("-v", "--verbose", action="store_true", help="each reply's timeline of rounds")
    ap.add_argument("--json", help="also write the samples here")
    args = ap.parse_args()
    specs = positions(args.rules, args.games, args.turns)
    server, base = webtool.start_in_thread(ROOT, rebuild=False)
    server.handle_error = lambda *_: None   # a reload drops requests in flight: not news
    load_before = loadavg()
    print(f"load average before: {load_before}; {args.rules}, {len(specs)} positions, each on both pages", flush=True)
    samples: dict[str, list[dict]] = {"alone": [], "helpers": []}
    rss: dict[str, list[float]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=webtool.find_chromium(p.chromium.executable_path),
                                        args=LAUNCH_ARGS)
            pages, pids = {}, {}
            for name in samples:      # each page's renderer processes: those that appear as it opens
                before = set(renderers())
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                if name == "alone":
                    context.add_init_script(REFUSE)
                pages[name] = context.new_page()
                pages[name].goto(base + "index.html")
                pids[name] = set(renderers()) - before
            timeout = int(args.timeout * 1000)
            for i, spec in enumerate(specs):
                for name in (["alone", "helpers"] if i % 2 == 0 else ["helpers", "alone"]):
                    x = reply(pages[name], base, spec, timeout)
                    samples[name].append(x)
                    now = renderers()
                    rss.setdefault(name, []).append(sum(now.get(pid, 0) for pid in pids[name]) / 1024)
                    last = x["last"]
                    print(f"  position {i + 1:2d} {name:8}: "
                          + (f"{last['rounds']:3d} rounds (by worker {last['by']}), {last['ms']} ms, {last['stopped']}"
                             if last else "no simulation")
                          + f"; call {x['call_ms']} ms; longest task {max(x['long'], default=0):.0f} ms", flush=True)
                    if args.verbose and last:
                        print(f"      [ms, worker, round, candidates or why, its ms, lag]: {last['timeline']}")
            browser.close()
    finally:
        server.shutdown()
    print(f"{args.rules}, the page's expert at {BUDGET_MS} ms, the same {len(specs)} positions on both pages:")
    rss_mb = {name: statistics.median(v) for name, v in rss.items()}
    alone = summary("alone", samples["alone"], rss_mb.get("alone", 0))
    helped = summary("helpers", samples["helpers"], rss_mb.get("helpers", 0))
    both = [(a["last"]["rounds"], h["last"]["rounds"]) for a, h in zip(samples["alone"], samples["helpers"])
            if a["last"] and h["last"]]
    sa, sh = sum(a for a, _ in both), sum(h for _, h in both)
    ratio = f"{sh / sa:.2f}" if sa else "-"
    med = f"{helped['rounds_median'] / alone['rounds_median']:.2f}" if alone["rounds_median"] else "-"
    verdict = ("met" if sh >= TARGET * sa and helped["rounds_median"] >= TARGET * alone["rounds_median"]
               else "MISSED") if sa else "no rounds alone to compare with"
    print(f"rounds with helpers / alone, {len(both)} positions simulated on both: total {sh} / {sa} = {ratio}, "
          f"medians {helped['rounds_median']:.1f} / {alone['rounds_median']:.1f} = {med} ({verdict}: target {TARGET})")
    print(f"budget with helpers: the page's call median {helped['call_median']:.0f} ms (target <= {BUDGET_MS}), "
          f"p95 {helped['call_p95']:.0f} ms (target <= {BUDGET_MS + 500}); longest main-thread task while it "
          f"thinks {helped['longest_thinking']:.0f} ms (target <= 100; from Play, the page drawing your move "
          f"included: {helped['longest_task']:.0f} ms)")
    infos = [i for x in samples["helpers"] for i in x["info"] if i.get("t") == "ready"]
    if infos:
        n = len(samples["helpers"][0]["helpers"])
        print(f"helpers: {n} per page; ready in {statistics.median(i['ms'] for i in infos):.0f} ms (median of "
              f"{len(infos)} starts); WebAssembly heap {statistics.median(i['heap'] or 0 for i in infos) / 2**20:.0f} MB "
              f"each; the page's renderer RSS with them {rss_mb.get('helpers', 0):.0f} MB against "
              f"{rss_mb.get('alone', 0):.0f} MB without (medians after each reply: "
              f"+{(rss_mb.get('helpers', 0) - rss_mb.get('alone', 0)) / max(1, n):.0f} MB a helper)")
    print(f"load average before: {load_before}, after: {loadavg()}")
    if args.json:
        Path(args.json).write_text(json.dumps({"positions": specs, "samples": samples, "alone": alone,
                                               "helpers": helped, "loadavg": [load_before, loadavg()]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
