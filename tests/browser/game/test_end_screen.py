"""The end of a game on a laptop (1280x800), in a fresh browser context: the result box is
on screen without scrolling (it sat below the fold, under the rack, the buttons and the
tools), Shuffle is off like every other action, and Hint says the game is over and leads
to the review instead of "Hints are for your turn."."""

from __future__ import annotations

import json

import browserkit as kit
from test_phone import boot_page, storing


def finished_game() -> dict:
    """A classic game against the computer played to its end (natively)."""
    s = kit.native()
    spec = {"rules": "classic", "seed": "end", "seats": kit.YOU_VS_HARD, "actions": []}
    snap = json.loads(s.open(json.dumps(spec)))
    while snap["phase"] != "over":
        if snap["to_move"] == 0:
            moves = json.loads(s.hint(1, 500))["moves"]
            snap = json.loads(s.act(moves[0]["move"] if moves else "-"))
        else:
            snap = json.loads(s.computer(500))
    spec["actions"] = snap["actions"]
    return spec


def test_the_end_of_a_game_on_a_laptop(browser, site_url):
    spec = finished_game()
    with kit.own_page(browser, storing(kit.saved_game(spec)), viewport=(1280, 800)) as (page, errors):
        boot_page(page, site_url)
        end = page.locator("#end")
        end.locator("h2").wait_for(timeout=kit.TIMEOUT_MS)
        box = end.bounding_box()
        assert page.evaluate("[scrollX, scrollY]") == [0, 0]
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, box   # the whole box, head to buttons
        for name in ("Rematch", "New game", "Review this game"):
            b = end.get_by_role("button", name=name, exact=True).bounding_box()
            assert b["y"] + b["height"] <= 800, name
        assert "Winner" in end.locator("h2").inner_text() or "tie" in end.locator("h2").inner_text()
        page.screenshot(path="/tmp/shots/small-end.png")
        # nothing to do with the tiles left: Shuffle is off like Play, Pass and the rest
        for name in ("Play", "Pass", "Exchange", "Shuffle", "Recall"):
            assert page.get_by_role("button", name=name, exact=True).is_disabled(), name
        # Hint: the game is over (not "for your turn"), and the review is one press away
        kit.tool(page, "hint")
        panel = page.locator("#panel")
        panel.get_by_text("The game is over").wait_for(timeout=kit.TIMEOUT_MS)
        assert "for your turn" not in panel.inner_text()
        panel.get_by_role("button", name="Review this game").click()
        page.wait_for_function("() => document.querySelector('#panel [data-panel=\"review\"]')", timeout=kit.TIMEOUT_MS)
        assert page.locator("#pb-review").get_attribute("aria-expanded") == "true"
        assert errors == []
