"""The table page (table.html) in real Chromium at 360x640, as people at a real board
use it: a game entered by taps on the board and the letter pad and by typing, a
challenge lost and one upheld, an exchange, refusals in the players' words, the
chess clock (Done, the space bar, time's up), a reload that loses nothing, undo with
the others' agreement, the end with the tiles left, a shared link opened read-only,
a 21x21 game (III) with Zoom, and three players choosing who challenges. Every score shown is the engine's own
(engine/table/face.py run natively on the same entries). Screenshots at 360x640 and
1280x800 go to /tmp/shots/table-*.png."""

from __future__ import annotations

import json
import re
from pathlib import Path

import browserkit as kit
from engine.table import face

T = kit.TIMEOUT_MS
SHOTS = Path("/tmp/shots")
PHONE = (360, 640)


def native(fn, *args) -> dict:
    kit.native()   # the session's word lists, which the face reads
    return json.loads(fn(*args))


def boot(page, url: str) -> None:
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
    settle(page)


def settle(page) -> None:
    page.wait_for_function("document.body.dataset.busy !== '1'", timeout=T)


def saved(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('wlc.table')"))


def entries(page) -> int:
    return len(saved(page)["state"]["actions"])


def wait_entries(page, n: int) -> None:
    page.wait_for_function(f"() => document.body.dataset.actions === '{n}' && document.body.dataset.busy !== '1'",
                           timeout=T)


def start(page, names, rules="classic", minutes="") -> None:
    page.wait_for_selector("#tb-new", timeout=T)
    page.check(f"input[name='tb-preset'][value='{rules}']")
    for i, name in enumerate(names):
        page.fill(f"#tb-name{i}", name)
    page.fill("#tb-minutes", minutes)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#tb-game:not([hidden]) #board [data-square]", timeout=T)
    settle(page)


def tap_word(page, square: str, letters: str) -> None:
    page.click(f"#sq-{square}")
    for ch in letters:
        page.click(f"#pk-{ch}")


def preview(page) -> int:
    page.wait_for_selector("#preview [data-legal='1']", timeout=T)
    return int(page.get_attribute("#preview [data-legal='1']", "data-score"))


def confirm(page, n: int) -> None:
    page.click("#tb-confirm")
    wait_entries(page, n)


def type_entry(page, text: str) -> None:
    page.fill("#tb-typed-text", text)
    page.press("#tb-typed-text", "Enter")
    settle(page)


def said(page) -> str:
    return page.inner_text("#tb-said")


def scores(page) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all("#tb-seats .tb-score", "els => els.map(e => e.dataset.score)")]


def clock_ms(page, seat: int) -> int:
    return int(page.get_attribute(f"#tb-seat-{seat} .tb-clock", "data-ms"))


def fits_the_phone(page, size=PHONE) -> None:
    """The bar, the board, the pad (keys 40 px or more) and the players' Done buttons on
    one screen, nothing wider than it."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_timeout(100)
    boxes = page.evaluate("""() => Object.fromEntries(['tb-bar', 'board', 'tb-pad', 'tb-seats'].map(id => {
        const r = document.getElementById(id).getBoundingClientRect(); return [id, [r.top, r.bottom]]; }))""")
    assert boxes["tb-bar"][0] >= 0 and boxes["tb-seats"][1] <= size[1], boxes
    keys = page.eval_on_selector_all(".tb-key", "els => els.map(e => [e.getBoundingClientRect().width, "
                                                 "e.getBoundingClientRect().height])")
    assert len(keys) >= 29 and min(min(k) for k in keys) >= 40, keys
    assert page.evaluate("document.scrollingElement.scrollWidth") <= size[0]
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})


def axe_violations(page) -> list[dict]:
    """Serious or critical accessibility violations (axe-core, pinned in package.json)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(kit.ROOT / "node_modules" / "axe-core" / "axe.min.js"))
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
        .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))""")
    return [v for v in found if v["impact"] in ("serious", "critical")]


def shot(page, name: str, viewport=None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    if viewport:
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        page.wait_for_timeout(150)
    page.screenshot(path=str(SHOTS / f"table-{name}.png"))
    if viewport:
        page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})


def racks_left(state: dict) -> list[str]:
    """Racks to enter at the end: each player's count of tiles from the unseen ones."""
    view = native(face.table_state, json.dumps(state))
    pool = sorted(view["unseen"].replace("?", ""))
    out = []
    for held in view["held"]:
        out.append("".join(pool[:held]))
        pool = pool[held:]
    return out


def test_a_classic_game_at_the_table(browser, site_url):
    with kit.own_page(browser, viewport=PHONE) as (page, errors):
        boot(page, site_url + "table.html")
        start(page, ["Ann", "<b>Bob</b>"], minutes="10")
        fits_the_phone(page)
        fits_the_phone(page, (375, 667))
        assert page.inner_text("#tb-seat-1 .tb-name") == "<b>Bob</b>"
        # the chess clock: Ann starts hers, Done (the space bar) hands it to Bob
        page.click("#tb-seat-0")
        page.wait_for_timeout(1300)
        page.keyboard.press(" ")
        assert "running" in page.get_attribute("#tb-seat-1", "class")
        ann_stopped = clock_ms(page, 0)
        assert ann_stopped <= 600_000 - 1200
        page.wait_for_timeout(600)
        assert clock_ms(page, 0) == ann_stopped and clock_ms(page, 1) < 600_000
        # Ann enters her play by taps; the live score is the engine's
        state = saved(page)["state"]
        tap_word(page, "H8", "ZEBRAS")
        want = native(face.table_preview, json.dumps(state), "8H ZEBRAS")["score"]
        assert preview(page) == want
        for scheme in ("dark", "light"):                              # clocks, pad, live score on screen
            page.emulate_media(color_scheme=scheme)
            assert axe_violations(page) == [], scheme
        confirm(page, 1)
        first = saved(page)["state"]["actions"][0]
        charged = int(re.fullmatch(r"8H ZEBRAS @(\d+)ms", first).group(1))
        assert 600_000 - charged == ann_stopped                       # the time she stopped at with Done
        assert scores(page) == [want, 0]
        # Bob challenges a good word and loses his turn
        page.click("#tb-challenge")
        wait_entries(page, 2)
        assert "Challenge failed" in said(page)
        # Ann exchanges three tiles
        page.click("#tb-exchange")
        page.click("[data-act='exchange_n'][data-n='3']")
        wait_entries(page, 3)
        assert "exchanged 3 tiles" in said(page)
        # refusals, in words: no second Z in the set, a text that is not an entry
        type_entry(page, "N8 ZZ")
        assert "no Z tile left" in page.inner_text("#preview .pv-bad") and page.locator("#tb-confirm").is_disabled()
        type_entry(page, "hello there")
        assert page.locator("#tb-err").is_visible() and "Traceback" not in page.content()
        assert entries(page) == 3
        # Bob types a phony (classic takes it until challenged); Ann challenges it off
        type_entry(page, "I8 EQ")
        assert page.evaluate("document.activeElement.id") == "tb-confirm"
        page.keyboard.press("Enter")
        wait_entries(page, 4)
        page.click("#tb-challenge")
        wait_entries(page, 5)
        assert "Challenge upheld" in said(page)
        shot(page, "phone-mid")
        shot(page, "desktop-mid", (1280, 800))
        before = {"scores": scores(page), "sheet": page.inner_text("#tb-sheet"),
                  "board": page.eval_on_selector_all("#board .cell.tile", "els => els.map(e => e.id + e.dataset.letter)"),
                  "state": saved(page)}
        # a reload loses nothing: board, scores, sheet, entries, the clock's turn
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
        settle(page)
        assert scores(page) == before["scores"] and page.inner_text("#tb-sheet") == before["sheet"]
        assert page.eval_on_selector_all("#board .cell.tile",
                                         "els => els.map(e => e.id + e.dataset.letter)") == before["board"]
        assert saved(page)["state"] == before["state"]["state"]
        assert saved(page)["clock"]["run"] == before["state"]["clock"]["run"]
        # a play entered, then taken back with the other player's agreement
        mover = native(face.table_state, json.dumps(saved(page)["state"]))["to_move"]
        type_entry(page, "I7 HE")
        page.click("#tb-confirm")
        wait_entries(page, 6)
        page.click("#tb-undo")   # the page asks in a task of its own: wait for the question
        page.wait_for_function("document.getElementById('tb-ask').innerText.includes('do you agree')",
                               timeout=T)
        page.click("#tb-yes")
        wait_entries(page, 5)
        assert native(face.table_state, json.dumps(saved(page)["state"]))["to_move"] == mover
        # passes until the game ends by the rules, then the tiles left on each rack
        n = 5
        while page.evaluate("document.body.dataset.phase") == "play":
            page.click("#tb-pass")
            n += 1
            wait_entries(page, n)
        assert page.evaluate("document.body.dataset.phase") == "racks"
        state = saved(page)["state"]
        left = racks_left(state)
        page.fill("#tb-left0", "Q" * len(left[0]))                   # more Qs than the set has
        page.fill("#tb-left1", left[1])
        page.click("[data-act='racks']")
        settle(page)
        assert "off the board" in page.inner_text("#tb-err")
        for i, rack in enumerate(left):
            page.fill(f"#tb-left{i}", rack.lower())
        page.click("[data-act='racks']")
        page.wait_for_function("document.body.dataset.phase === 'over' && document.body.dataset.busy !== '1'",
                               timeout=T)
        final = [int(x) for x in page.eval_on_selector_all(".tb-final", "els => els.map(e => e.dataset.score)")]
        engine = native(face.table_end, json.dumps(state), left)
        assert final == engine["scores"] == scores(page)
        replayed = native(face.table_state, json.dumps(saved(page)["state"]))
        assert replayed["phase"] == "over" and replayed["scores"] == final
        kept = json.loads(page.evaluate("localStorage.getItem('wlc.tables')"))
        assert kept[0]["scores"] == final and kept[0]["over"] and kept[0]["state"] == saved(page)["state"]
        shot(page, "phone-end")
        shot(page, "desktop-end", (1280, 800))
        # the record and the link; the link opens the game read-only in a fresh context
        page.click("[data-act='gcg']")
        gcg = page.input_value("#tb-gcg")
        assert "#table" in gcg and ">Ann:" in gcg
        page.click("[data-act='share']")
        link = page.input_value("#tb-link")
        assert "table.html#g4." in link
        with kit.own_page(browser, viewport=PHONE) as (other, other_errors):
            boot(other, link)
            assert other.locator("#tb-readonly").is_visible()
            assert [int(x) for x in other.eval_on_selector_all(".tb-final", "els => els.map(e => e.dataset.score)")] == final
            assert other.locator("#tb-pad").is_hidden() and other.evaluate("localStorage.getItem('wlc.table')") is None
            assert other_errors == []
        # the game page (same site, no game of its own yet) lists the table game in Past games
        page.set_viewport_size({"width": 1280, "height": 800})
        kit.load(page, None, site_url + "index.html")
        kit.open_past(page)
        row = page.locator("#panel .pn-tables tbody tr").first.inner_text()
        assert "Ann" in row and f"{final[0]} \u2013 {final[1]}" in row and "over" in row
        assert errors == []


def test_a_word_lovers_iii_game_on_the_big_board_and_times_up(browser, site_url):
    with kit.own_page(browser, viewport=PHONE) as (page, errors):
        boot(page, site_url + "table.html")
        start(page, ["Ann", "Bob"], rules="iii", minutes="0.05")     # 3 seconds each
        assert page.get_attribute("#board", "data-size") == "21"
        fits_the_phone(page)
        fits_the_phone(page, (375, 667))
        assert page.locator("#pk-down").is_visible() and page.locator("#pk-pick").is_visible()
        page.click("#btn-zoom")
        assert page.get_attribute(".board-area", "data-zoom") == "1"
        page.click("#btn-zoom")
        state = saved(page)["state"]
        tap_word(page, "F11", "ZEBRAS")
        want = native(face.table_preview, json.dumps(state), "11F ZEBRAS")["score"]
        assert preview(page) == want
        confirm(page, 1)                                              # the entry starts Bob's clock
        assert scores(page) == [want, 0]
        # Bob's three seconds run out: time's up ends his game, and he is behind
        page.wait_for_function("document.body.dataset.phase === 'racks' && document.body.dataset.busy !== '1'",
                               timeout=T)
        assert "time's up" in page.inner_text("#tb-seat-1")
        assert saved(page)["state"]["actions"][-1].startswith("timeout")
        state = saved(page)["state"]
        left = racks_left(state)
        for i, rack in enumerate(left):
            page.fill(f"#tb-left{i}", rack)
        page.click("[data-act='racks']")
        page.wait_for_function("document.body.dataset.phase === 'over' && document.body.dataset.busy !== '1'",
                               timeout=T)
        final = [int(x) for x in page.eval_on_selector_all(".tb-final", "els => els.map(e => e.dataset.score)")]
        assert final == native(face.table_end, json.dumps(state), left)["scores"] == [want, 0]   # on time: no adjustment
        shot(page, "phone-iii-end")
        assert errors == []


def test_three_players_choose_who_challenges(browser, site_url):
    """With three players the page asks who challenges, offering everyone but the
    player whose play it is; the entry names the challenger, and the engine's scores
    and turn follow from it (a phony challenged off; a good word challenged in vain)."""
    with kit.own_page(browser, viewport=PHONE) as (page, errors):
        boot(page, site_url + "table.html")
        start(page, ["Ann", "Bob", "Cy"])
        type_entry(page, "8H ZEBRAS")
        confirm(page, 1)
        type_entry(page, "I8 EQ")                       # Bob's phony
        confirm(page, 2)
        page.click("#tb-challenge")
        page.wait_for_selector("[data-act='challenge_by']", timeout=T)   # the click's action runs as a task
        asked = page.eval_on_selector_all("[data-act='challenge_by']", "els => els.map(e => e.textContent)")
        assert page.inner_text("#tb-ask-q") == "Who challenges?" and asked == ["Ann", "Cy"]
        page.click("[data-act='challenge_by'][data-seat='2']")
        wait_entries(page, 3)
        state = saved(page)["state"]
        assert state["actions"][-1].startswith("challenge 3")
        view = native(face.table_state, json.dumps(state))
        assert "Challenge upheld" in said(page) and scores(page) == view["scores"] and view["scores"][1] == 0
        assert view["to_move"] == 2                       # Bob's turn is over: Cy plays next
        # Cy plays a good word; Ann challenges it and loses her turn
        type_entry(page, "I7 HE")
        confirm(page, 4)
        page.click("#tb-challenge")
        page.wait_for_selector("[data-act='challenge_by']", timeout=T)
        assert page.eval_on_selector_all("[data-act='challenge_by']",
                                         "els => els.map(e => e.textContent)") == ["Ann", "Bob"]
        page.click("[data-act='challenge_by'][data-seat='0']")
        wait_entries(page, 5)
        view = native(face.table_state, json.dumps(saved(page)["state"]))
        assert "Challenge failed" in said(page) and scores(page) == view["scores"]
        assert view["to_move"] == 1                       # Ann's turn is lost: Bob plays
        assert errors == []
