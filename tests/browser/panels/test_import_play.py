"""A pasted position is a game to play on: its own board size, the computer as the
opponent, saved and rebuilt after a reload, shared as a link that carries the position."""

from __future__ import annotations

import json

import pytest

import browserkit as kit

T = kit.TIMEOUT_MS


@pytest.fixture()
def page(own_booted):
    yield own_booted.page
    assert own_booted.page_errors == [] and own_booted.console_of("error") == []


def iii_position() -> str:
    """A III position (21x21) a few turns in, as CGP, made natively."""
    s = kit.native()
    seats = [{"name": "A", "kind": "hard"}, {"name": "B", "kind": "hard"}]
    s.open(json.dumps({"rules": "iii", "seed": "4", "seats": seats}))
    for _ in range(4):
        s.computer(500)
    return json.loads(s.export_cgp())["cgp"]


def test_a_pasted_iii_position_plays_on_against_the_computer(page):
    cgp = iii_position()
    native = json.loads(kit.native().import_record(cgp))
    assert native["import"]["kind"] == "position" and not native.get("readonly")
    kit.load(page, None)
    page.get_by_role("button", name="Import", exact=True).click()
    page.locator("#import-text").fill(cgp)
    page.locator("#sharebox").get_by_role("button", name="Open the record").click()
    page.wait_for_function("() => document.getElementById('sharebox').textContent.includes('Position opened')",
                           timeout=T)
    kit.wait_idle(page)
    assert page.locator("#board [data-square='U21']").count() == 1       # the 21x21 board
    assert kit.scores_shown(page) == native["scores"]
    assert sorted(kit.rack_letters(page)) == sorted(native["racks"][0])
    on_board = page.eval_on_selector_all("#board [data-letter]", "els => els.map(e => [e.dataset.square, e.dataset.letter])")
    assert sorted(on_board) == sorted([t["sq"], t["letter"]] for t in native["tiles"])
    page.locator("#vs-level").select_option("medium")
    page.locator("#sharebox").get_by_role("button", name="Play on against the computer").click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.seats[1].kind === 'medium'",
                           timeout=T)
    kit.wait_idle(page)
    page.get_by_role("button", name="Pass", exact=True).click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= 2",
                           timeout=T)
    kit.wait_idle(page)
    saved = kit.stored(page)["spec"]
    assert saved["start"] == native["start"] and saved["actions"][0] == "-"
    rebuilt = json.loads(kit.native().open(json.dumps(saved)))
    assert kit.scores_shown(page) == rebuilt["scores"]
    # a reload rebuilds the game from its start position
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
    kit.wait_idle(page)
    assert kit.stored(page)["spec"]["start"] == native["start"]
    assert kit.scores_shown(page) == rebuilt["scores"]
    # Share gives a link that carries the position (format 2)
    page.locator("#menu").get_by_role("button", name="Share", exact=True).click()
    page.wait_for_function("() => (document.getElementById('share-url') || {}).value", timeout=T)
    url = page.input_value("#share-url")
    assert "#g2." in url
    opened = json.loads(kit.native().open_link(url.split("#", 1)[1]))
    assert opened["scores"] == rebuilt["scores"] and opened["start"] == native["start"]
