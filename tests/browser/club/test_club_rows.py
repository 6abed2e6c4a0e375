"""A refusal is said beside the row it answers: with 24 players, a bad
link pasted at game 12 is answered in game 12's row, which has the focus and is on
screen; nothing is said a screen above; what was pasted stays to be corrected; the
next good result clears the row's error."""

from __future__ import annotations

import pytest

import browserkit as kit
from test_club_page import act, club_page, finished_spec, pairings
from engine.records.link import encode

T = kit.TIMEOUT_MS


@pytest.fixture()
def page(browser, site_url):
    with club_page(browser, site_url, height=800) as page:
        yield page


def test_a_bad_link_at_game_12_of_24_players_is_answered_beside_its_row(page):
    page.fill("#cl-players", "\n".join(f"Player {chr(65 + i)}" for i in range(24)))
    page.fill("#cl-seed", "rows")
    act(page, "[data-act=new]")
    act(page, "[data-act=pair]")
    games = pairings(page, 1)
    assert len(games) == 12
    page.fill("#cl-1-12-link", "not a link at all")
    act(page, "[data-act=link][data-base='cl-1-12']")
    said = page.locator("#cl-1-12-said")
    assert said.is_visible() and "cannot be read" in said.inner_text()
    assert page.evaluate("document.activeElement && document.activeElement.id") == "cl-1-12-said"
    box = said.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 800, box       # on screen, not 1,690 px away
    assert page.locator("#cl-err").count() == 0                          # not at the top of the page
    assert page.input_value("#cl-1-12-link") == "not a link at all"      # kept to be corrected
    # game 11's good link: recorded, and game 12's old error is gone
    number, a, b = games[10]
    page.fill(f"#cl-1-{number}-link", "#" + encode(finished_spec(a, b, f"rows~1.{number}", plays=2)))
    act(page, f"[data-act=link][data-base='cl-1-{number}']")
    assert page.inner_text("#cl-msg").startswith(f"Recorded: round 1, {a} ")
    assert not page.locator("#cl-1-12-said").is_visible()
    # a refusal stays with its page: the Players view does not show it
    page.fill("#cl-1-12-link", "still not a link")
    act(page, "[data-act=link][data-base='cl-1-12']")
    assert page.locator("#cl-1-12-said").is_visible()
    page.click("#club-nav [data-view=players]")
    page.wait_for_selector("#cl-players", timeout=T)
    page.wait_for_function("document.body.dataset.busy !== '1'", timeout=T)
    assert page.locator("#cl-err").count() == 0 and page.locator("#cl-msg").count() == 0
    page.click("#club-nav [data-view=director]")
    page.wait_for_selector("#cl-standings", timeout=T)
    assert page.locator("#cl-err").count() == 0
    assert page.errors == []
