"""Screenshot the game page in the test Chromium: the first paint, and classic and III
mid-game, after a refused play and at the end.

    .venv/bin/python scripts/screenshot.py [--out DIR] [--size 1280x800 --size 375x667] [--dark] [--clock S]
        [--only NAME ...] [--full]

Run scripts/setup.sh first. Writes DIR/<name>-<W>x<H>[-dark].png for: first (a first visit,
engine up), loading (the same page at DOMContentLoaded), classic and iii (a game some turns
in, made with the native engine and stored as the page stores it; the preview of the best
play shown), classic-refused and iii-refused (the same game, one tile put down away from
every other tile: the page says why it is refused), classic-end and iii-end
(a game played to its end natively). The shot is what the screen shows without scrolling
(the viewport); --full takes the whole page. --only limits the names (repeatable). Prints
page errors and console errors. Default DIR: /tmp/shots.
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
    """(stored game text, the human's best next placement [(sq, letter, rack tile)]) after
    ``turns`` (a negative number: play to the end)."""
    from engine import session

    session.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())
    spec = {"rules": rules, "seed": "shot", "seats": SEATS, "actions": []}
    snap = json.loads(session.open(json.dumps(spec)))
    for _ in range(turns if turns >= 0 else 400):
        if snap["phase"] == "over":
            break
        if snap["to_move"] == 0:
            moves = json.loads(session.hint(1, 1500))["moves"]
            snap = json.loads(session.act(moves[0]["move"] if moves else "-"))
        else:
            snap = json.loads(session.computer(1500))
    spec["actions"] = snap["actions"]
    before = {t["sq"] for t in snap["tiles"]}
    moves = json.loads(session.hint(1, 1500))["moves"] if snap["phase"] != "over" else []
    tiles = []
    if moves:
        after = json.loads(session.act(moves[0]["move"]))
        tiles = [(t["sq"], t["letter"].upper(), "?" if t["blank"] else (t["flipped"] or t["letter"].upper()))
                 for t in after["tiles"] if t["sq"] not in before]
    layout = json.loads(session.layout(rules))
    text = json.dumps({"v": 1, "spec": spec, "snap": snap, "layout": layout})
    return text, tiles


def refuse(page) -> None:
    """Put one rack tile down away from every tile on the board: the preview says why it
    is refused, and Play waits (pressed anyway when a slow preview left it enabled)."""
    taken = set(page.eval_on_selector_all("#board [data-letter]", "els => els.map(e => e.dataset.square)"))
    free = [sq for sq in page.eval_on_selector_all("#board [data-square]", "els => els.map(e => e.dataset.square)")
            if sq not in taken]
    size = int(page.get_attribute("#board", "data-size"))
    far = [sq for sq in free if sq in ("A1", "A" + str(size), "O1", "U1", "O15", "U21")] or free
    page.locator("#rack [data-letter]:not(.used)").first.click()
    page.locator(f"#board [data-square='{far[0]}']").click()
    if page.locator("#chooser:not([hidden])").count():
        page.locator("#chooser [data-letter]").first.click()
    page.wait_for_selector("#preview [data-legal]", timeout=30_000)
    play = page.get_by_role("button", name="Play", exact=True)
    if play.is_enabled():
        play.click()
    page.wait_for_function("!document.body.dataset.busy", timeout=30_000)


def shoot(browser, base, out, w, h, dark, name, saved=None, tiles=(), refused=False, full=False):
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
    if refused:
        refuse(page)
    page.wait_for_timeout(200)
    path = out / f"{name}{suffix}.png"
    page.screenshot(path=str(path), full_page=full)
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
    ap.add_argument("--only", action="append", help="only these shots (first, classic, classic-refused, "
                    "classic-end, iii, iii-refused, iii-end); repeatable")
    ap.add_argument("--full", action="store_true", help="the whole page, not only what the screen shows")
    args = ap.parse_args()
    wanted = set(args.only or ["first"] + [r + k for r in ("classic", "iii") for k in ("", "-refused", "-end")])
    sizes = [tuple(int(v) for v in s.split("x")) for s in (args.size or ["1280x800", "375x667"])]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    knob = f",clock={args.clock}" if args.clock else ""
    games = {rules: mid_game(rules + knob, args.turns) for rules in ("classic", "iii")
             if {rules, rules + "-refused"} & wanted}
    ends = {rules: mid_game(rules + knob, -1)[0] for rules in ("classic", "iii") if rules + "-end" in wanted}
    server, base = webtool.start_in_thread()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=webtool.find_chromium(p.chromium.executable_path), args=LAUNCH_ARGS
            )
            for dark in ([False, True] if args.dark else [False]):
                for w, h in sizes:
                    if "first" in wanted:
                        shoot(browser, base, out, w, h, dark, "first", full=args.full)
                    for rules, (saved, tiles) in games.items():
                        if rules in wanted:
                            shoot(browser, base, out, w, h, dark, rules, saved, tiles, full=args.full)
                        if rules + "-refused" in wanted:
                            shoot(browser, base, out, w, h, dark, rules + "-refused", saved, refused=True,
                                  full=args.full)
                    for rules, saved in ends.items():
                        shoot(browser, base, out, w, h, dark, rules + "-end", saved, full=args.full)
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
