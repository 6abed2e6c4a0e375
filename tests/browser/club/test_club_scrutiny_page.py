"""The scrutiny in real Chromium: a tournament of four whole games (the medium
computer played them from their invitations) imported on club.html; the scrutiny
runs in the club's worker with a progress bar while the page stays usable, gives
each player's figures beside the field's as the engine computes them natively, and
a second run is stopped part-way with Stop. Prints the time it took in Pyodide."""

from __future__ import annotations

import json
import time

import pytest

import browserkit as kit
from engine.club import director, invite, scrutiny
from engine.computer import computer_action
from engine.game import Game
from engine.records import link
from engine.rules import Rules
from test_club_page import act, boot

T = kit.TIMEOUT_MS


@pytest.fixture(scope="module")
def played():
    lex = kit.native().loaded_lexicon()
    t = director.pair_next_round(director.new_tournament("Scrutiny night", "classic",
                                                         ["Ann", "Bob", "Cy", "Dev", "Eve", "Fay", "Gus", "Hal"], 3))
    for inv in invite.invitations(t, 1):
        spec = link.decode(inv["link"])
        game = Game(Rules.from_string("classic"), spec["seed"], 2, lexicon=lex)
        while not game.over:
            game.act(computer_action(game, "medium"))
        spec["actions"] = list(game.actions)
        t, _ = director.add_link(t, 0, link.encode(spec), lex)
    return t, scrutiny.step(t, None, lex, step_ms=600_000)["rows"]


def test_the_scrutiny_runs_in_the_worker_with_progress_and_stops(browser, site_url, played):
    t, native = played
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        boot(page, site_url + "club.html")
        page.click("summary:has-text('Import a tournament')")
        page.fill("#cl-import", json.dumps(t.to_dict()))
        act(page, "[data-act=import]")
        t0 = time.perf_counter()
        act(page, "[data-act=scrutiny]")
        page.wait_for_selector("#cl-scrutiny-progress", timeout=T)
        page.fill("#cl-add", "Ivy")           # the page answers meanwhile (the engine works in its worker)
        assert page.evaluate("document.body.dataset.busy") != "1"
        page.wait_for_function("() => /All 4 games reviewed/.test(document.querySelector('#cl-scrutiny')?.innerText"
                               " || '')", timeout=120_000)
        print(f"\nscrutiny of 4 games ({native['field']['turns']} turns) in Pyodide: "
              f"{time.perf_counter() - t0:.1f} s")
        rows = page.locator("#cl-scrutiny-table tbody tr")
        assert rows.count() == 8
        field = page.inner_text("#cl-scrutiny-table tfoot").split("\t")
        assert field[1] == str(native["field"]["turns"])
        # the share of best plays may differ a little: each turn's search has a time budget
        assert abs(int(field[2].rstrip("%")) - round(native["field"]["best_share"] * 100)) <= 10
        # again, stopped part-way
        page.click("#scrutiny [data-act=scrutiny_close]")
        act(page, "[data-act=scrutiny]")
        page.wait_for_selector("#cl-scrutiny-progress", timeout=T)
        page.click("#scrutiny [data-act=scrutiny_stop]")
        page.wait_for_function("() => /Stopped after \\d of 4 games/.test(document.querySelector('#cl-scrutiny')"
                               "?.innerText || '')", timeout=T)
        assert not errors, errors
    finally:
        context.close()
