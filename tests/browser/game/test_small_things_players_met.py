"""Smaller things players met, each in a fresh browser context: a position played on
against the computer calls your seat "You"; while a large-list check waits, the row
highlighted is the player deciding; a 1-minute clock reads "1 minute" and turns red only
when time is low; choosing a record file opens it; History shows the moves so far at
once while the computer thinks."""

from __future__ import annotations

import json
from pathlib import Path

import browserkit as kit
from test_phone import boot_page, storing

T = kit.TIMEOUT_MS
GCG = Path(__file__).resolve().parents[2] / "data" / "gcg"
VS_EXPERT = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "expert"}]


def classic_position() -> str:
    """A classic position a few turns in, as CGP (no names: the page makes them up)."""
    s = kit.native()
    seats = [{"name": "A", "kind": "hard"}, {"name": "B", "kind": "hard"}]
    s.open(json.dumps({"rules": "classic", "seed": "cgp-you", "seats": seats}))
    for _ in range(4):
        s.computer(300)
    return json.loads(s.export_cgp())["cgp"]


def seat_names(page) -> list[str]:
    return page.eval_on_selector_all("#scores .seat .name", "els => els.map(e => e.firstChild.textContent)")


def test_a_position_played_against_the_computer_calls_your_seat_you(browser, site_url):
    with kit.own_page(browser) as (page, errors):
        boot_page(page, site_url)
        page.get_by_role("button", name="Import", exact=True).click()
        page.locator("#import-text").fill(classic_position())
        page.locator("#sharebox").get_by_role("button", name="Open the record").click()
        page.wait_for_function("() => document.getElementById('sharebox').textContent.includes('Position opened')",
                               timeout=T)
        kit.wait_idle(page)
        assert seat_names(page) == ["Player 1", "Player 2"]   # two people at this device: as the position has them
        page.locator("#sharebox").get_by_role("button", name="Play on against the computer").click()
        page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.seats[1].kind === 'hard'",
                               timeout=T)
        kit.wait_idle(page)
        assert seat_names(page) == ["You", "Computer"]
        assert kit.stored(page)["spec"]["seats"][0] == {"name": "You", "kind": "human"}
        assert page.inner_text("#status") in ("Your turn.", "Your turn (final round).")
        assert errors == []


def test_the_player_deciding_on_a_check_is_the_one_highlighted(browser, site_url):
    spec = {"rules": "o", "seed": "1", "seats": kit.YOU_VS_HARD, "actions": []}
    rack = json.loads(kit.native().open(json.dumps(spec)))["racks"][0]
    with kit.own_page(browser, storing(kit.saved_game(spec)), viewport=(375, 667)) as (page, errors):
        boot_page(page, site_url)
        assert page.get_attribute("#scores .seat.to-move", "data-seat") == "0"
        kit.place_by_taps(page, [(sq, t, t) for sq, t in zip(("H8", "I8", "J8"), rack[:3])])
        kit.preview_score(page)
        page.get_by_role("button", name="Play", exact=True).click()
        page.get_by_role("button", name="Check", exact=True).wait_for(timeout=T)
        assert "check the large list" in page.inner_text("#status")
        assert not page.evaluate("document.body.dataset.thinking")   # the computer waits for you
        assert page.eval_on_selector_all("#scores .seat.to-move", "els => els.map(e => e.dataset.seat)") == ["0"]
        page.get_by_role("button", name="Play on without checking").click()
        page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= 2",
                               timeout=T)
        kit.wait_idle(page)
        assert page.get_attribute("#scores .seat.to-move", "data-seat") == "0"
        assert errors == []


def clock_color(page, seat: int) -> str:
    """Found and read in one step: a running clock's row is redrawn at every tick, and an
    element found first and read after may be detached by then (its color reads "")."""
    return page.evaluate("s => getComputedStyle(document.querySelector(s)).color",
                         f"#scores .seat[data-seat='{seat}'] .clock")


def test_a_one_minute_clock_reads_well_and_turns_red_only_when_low(browser, site_url):
    seed, _ = kit.seed_with("classic,clock=60", kit.YOU_VS_HARD, lambda snap: snap["to_move"] == 0)
    spec = {"rules": "classic,clock=60", "seed": seed, "seats": kit.YOU_VS_HARD, "actions": []}
    with kit.own_page(browser, storing(kit.saved_game(spec))) as (page, errors):
        boot_page(page, site_url)
        clock = page.locator("#scores .seat[data-seat='0'] .clock")
        assert clock.inner_text() in ("1:00", "0:59")
        assert "low" not in clock.get_attribute("class")
        bad = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--bad').trim()")
        red = page.evaluate("c => { const e = document.createElement('span'); e.style.color = c;"
                            " document.body.appendChild(e); const v = getComputedStyle(e).color; e.remove(); return v; }", bad)
        assert clock_color(page, 0) != red
        kit.tool(page, "rules")
        rules = page.inner_text("#panel")
        assert "1 minute each" in rules and "1 minutes" not in rules
        assert errors == []
    # 52 s spent on the first move: 8 s left, now it is red
    s = kit.native()
    s.open(json.dumps(spec))
    move = json.loads(s.hint(1, 2000))["moves"][0]["move"]
    s.act(move, 52000)
    snap = json.loads(s.computer(500))
    assert snap["to_move"] == 0 and 7000 < snap["clock"][0] <= 8000
    later = dict(spec, actions=snap["actions"])
    with kit.own_page(browser, storing(kit.saved_game(later))) as (page, errors):
        boot_page(page, site_url)
        clock = page.locator("#scores .seat[data-seat='0'] .clock")
        assert "low" in clock.get_attribute("class") and clock_color(page, 0) == red
        assert "low" not in page.get_attribute("#scores .seat[data-seat='1'] .clock", "class")
        assert errors == []


def test_choosing_a_record_file_opens_it(browser, site_url):
    with kit.own_page(browser, viewport=(375, 667)) as (page, errors):
        boot_page(page, site_url)
        page.locator("#btn-menu").click()
        page.get_by_role("button", name="Import", exact=True).click()
        page.locator("#import-file").set_input_files(str(GCG / "quackle_annotated.gcg"))
        page.wait_for_function("() => document.getElementById('sharebox').textContent.includes('opened')", timeout=T)
        kit.wait_idle(page)
        assert seat_names(page) == ["Bert van Dijk", "Ann Tremblay"]
        assert page.locator("#board [data-letter]").count() > 0
        assert errors == []


def test_history_shows_the_moves_at_once_while_the_computer_thinks(browser, site_url):
    # iii: the expert thinks its whole 3 s there (in classic it may be sure of its move at once)
    seed, _ = kit.seed_with("iii", VS_EXPERT, lambda snap: snap["to_move"] == 0)
    spec = {"rules": "iii", "seed": seed, "seats": VS_EXPERT, "actions": []}
    s = kit.native()
    s.open(json.dumps(spec))
    first = json.loads(s.hint(1, 5000))["moves"][0]
    spec["actions"] = [first["move"]]
    with kit.own_page(browser, storing(kit.saved_game(spec))) as (page, errors):
        page.goto(site_url + "index.html", wait_until="domcontentloaded")
        page.wait_for_selector("body[data-thinking]", state="attached", timeout=T)   # the expert: up to 3 s
        kit.tool(page, "history")
        line = page.locator("#panel .pn-line[data-n='0']")
        line.wait_for(timeout=1000)
        assert page.evaluate("!!document.body.dataset.thinking")   # shown while the computer still thinks
        at, word = first["move"].split(";")[-1].split()[:2]
        said = f"You played {word.upper()} at {at} {'across' if at[0].isdigit() else 'down'}: +{first['score']} = {first['score']}"
        assert line.inner_text().startswith(said.split(" played ")[0]) and line.inner_text().endswith(said.split(" at ")[1])
        assert "Loading" not in page.inner_text("#panel")
        kit.wait_idle(page)
        page.locator("#panel .pn-line[data-n='1']").wait_for(timeout=T)   # the computer's move joins it
        line.click()
        page.wait_for_selector("#panel .pn-bd[data-n='0'] table.pn-words", timeout=T)   # the engine's breakdown
        assert errors == []
