"""Screenshot the game page in the test Chromium: the first paint, and classic and III mid-game.

    .venv/bin/python scripts/screenshot.py [--out DIR] [--size 1280x800 --size 375x667] [--dark] [--clock S]

Run scripts/setup.sh first. Writes DIR/<name>-<W>x<H>[-dark].png for: first (a first visit,
engine up), loading (the same page at DOMContentLoaded), classic and iii (a game some turns
in, made with the native engine and stored as the page stores it; the preview of the best
play shown). Prints page errors and console errors. Default DIR: /tmp/shots.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))
import webtool  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
SEATS = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]


def mid_game(rules: str, turns: int) -> tuple[str, list]:
    """(stored game text, the human's best next placement [(sq, letter, rack tile)]) after ``turns``."""
    from engine import session

    session.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())
    spec = {"rules": rules, "seed": "shot", "seats": SEATS, "actions": []}
    snap = json.loads(session.open(json.dumps(spec)))
    for _ in range(turns):
        if snap["phase"] == "over":
            break
        if snap["to_move"] == 0:
            moves = json.loads(session.hint(1, 1500))["moves"]
            snap = json.loads(session.act(moves[0]["move"] if moves else "-"))
        else:
            snap = json.loads(session.computer(1500))
    spec["actions"] = snap["actions"]
    before = {t["sq"] for t in snap["tiles"]}
    moves = json.loads(session.hint(1, 1500))["moves"]
    tiles = []
    if moves:
        after = json.loads(session.act(moves[0]["move"]))
        tiles = [(t["sq"], t["letter"].upper(), "?" if t["blank"] else (t["flipped"] or t["letter"].upper()))
                 for t in after["tiles"] if t["sq"] not in before]
    layout = json.loads(session.layout(rules))
    text = json.dumps({"v": 1, "spec": spec, "snap": snap, "layout": layout})
    return text, tiles


def shoot(browser, base, out, w, h, dark, name, saved=None, tiles=()):
    ctx = browser.new_context(viewport={"width": w, "height": h}, color_scheme="dark" if dark else "light")
    if saved is not None:
        ctx.add_init_script("t => { if (!sessionStorage.getItem('shot')) {"
                            " localStorage.setItem('wlc.game', t); sessionStorage.setItem('shot', '1'); } }"
                            .replace("t => ", "((t) => ").replace("} }", "} })(" + json.dumps(saved) + ")"))
    page = ctx.new_page()
    page.on("console", lambda m: m.type == "error" and print(f"  console.error: {m.text}"))
    page.on("pageerror", lambda e: print(f"  pageerror: {e}"))
    suffix = f"-{w}x{h}" + ("-dark" if dark else "")
    page.goto(base + "index.html", wait_until="domcontentloaded")
    if name == "first":
        page.screenshot(path=str(out / f"loading{suffix}.png"))
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=60_000)
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=120_000)
    page.wait_for_function("!document.body.dataset.busy", timeout=60_000)
    for sq, letter, tile in tiles:
        page.locator(f"#rack [data-letter='{tile}']:not(.used)").first.click()
        page.locator(f"#board [data-square='{sq}']").click()
        if page.locator("#chooser:not([hidden])").count():
            page.locator(f"#chooser [data-letter='{'=' if tile == letter else letter}']").click()
    if tiles:
        page.wait_for_selector("#preview [data-legal]", timeout=30_000)
    path = out / f"{name}{suffix}.png"
    page.screenshot(path=str(path), full_page=True)
    body = page.evaluate("({...document.body.dataset})")
    print(f"{path}: board at {body.get('readyMs')} ms, engine at {body.get('engineMs')} ms")
    ctx.close()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="/tmp/shots")
    ap.add_argument("--size", action="append", help="WxH, repeatable (default 1280x800 and 375x667)")
    ap.add_argument("--dark", action="store_true", help="the dark theme too")
    ap.add_argument("--turns", type=int, default=6, help="turns played before the mid-game shots")
    ap.add_argument("--clock", type=int, default=0, help="seconds per player for the mid-game shots (0: none)")
    args = ap.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in (args.size or ["1280x800", "375x667"])]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    knob = f",clock={args.clock}" if args.clock else ""
    games = {rules: mid_game(rules + knob, args.turns) for rules in ("classic", "iii")}
    server, base = webtool.start_in_thread()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=webtool.find_chromium(p.chromium.executable_path), args=LAUNCH_ARGS
            )
            for dark in ([False, True] if args.dark else [False]):
                for w, h in sizes:
                    shoot(browser, base, out, w, h, dark, "first")
                    for rules, (saved, tiles) in games.items():
                        shoot(browser, base, out, w, h, dark, rules, saved, tiles)
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
