"""A club evening in real Chromium (club.html): six players, three rounds. In round 2
a player withdraws from a game not yet played; "Pair the latest round again" moves
only their opponent (to the bye), every posted game stays in its place with its
number, and the message says what moved. Then an earlier result is corrected
(taken back and typed again): the posted round stays as it was, results and all,
and the message says so. Round 3 gives the bye to someone else, and nobody meets
twice; a late entry then has no round to play and is refused."""

from __future__ import annotations

import json

import pytest

import browserkit as kit
from test_club_page import act, club_page, exported, pairings

T = kit.TIMEOUT_MS
NAMES = ["Ann", "Bob", "Cy", "Dev", "Fay", "Zoe"]


def typed(page, r: int, game: int, scores, turns=(12, 12), adjust=(0, 0)) -> None:
    base = f"cl-{r}-{game}"
    page.click(f"#cl-round-{r} tr[data-game='{game}'] summary:has-text('Typed result')")
    for field, value in zip(("s0", "s1", "t0", "t1", "e0", "e1"), (*scores, *turns, *adjust)):
        page.fill(f"#{base}-{field}", str(value))
    act(page, f"[data-act=typed][data-base='{base}']")
    assert not page.locator("#cl-err").count(), page.inner_text("#cl-err")


def row_text(page, r: int, game: int) -> str:
    return page.inner_text(f"#cl-round-{r} tr[data-game='{game}']")


@pytest.fixture()
def page(browser, site_url):
    with club_page(browser, site_url) as page:
        yield page


def test_a_withdrawal_moves_only_the_orphan_and_a_correction_moves_nothing(page):
    page.fill("#cl-players", "\n".join(NAMES))
    page.fill("#cl-rounds", "3")
    page.fill("#cl-seed", "evening")
    act(page, "[data-act=new]")
    act(page, "[data-act=pair]")
    for k, (number, _, _) in enumerate(pairings(page, 1)):
        typed(page, 1, number, (380 + 10 * k, 340))
    act(page, "[data-act=pair]")
    posted = pairings(page, 2)
    assert len(posted) == 3 and page.locator("[data-act=repair]").count() == 0
    (g1, a, b), (g2, leaving, orphan), (g3, e, f) = posted
    typed(page, 2, g1, (401, 399))
    played = row_text(page, 2, g1)

    # the withdrawal: their unplayed game is dropped; their opponent waits, and is named
    page.select_option("#cl-withdraw", leaving)
    act(page, "[data-act=withdraw]")
    said = page.inner_text("#cl-msg")
    assert said.startswith(f"{leaving} is paired no more. Their unplayed game was dropped: {orphan} has no game")
    assert pairings(page, 2) == [posted[0], posted[2]]
    assert f"{orphan} has no game and no bye" in page.inner_text("#cl-why")
    assert f"{orphan} has no game in round 2" in page.inner_text("#cl-unpaired")

    # the re-pair: only the orphan moves (to the bye); the posted games stand, in place
    act(page, "[data-act=repair]")
    assert page.inner_text("#cl-msg") == (f"Round 2 paired again; only {orphan} moved: {orphan} has the bye. "
                                          "The other 2 games stand as posted.")
    assert pairings(page, 2) == [posted[0], posted[2]]
    assert page.inner_text("#cl-round-2 .cl-bye") == f"Bye: {orphan} (a win by 50)"
    assert row_text(page, 2, g1) == played and page.locator("[data-act=repair]").count() == 0
    page.screenshot(path="/tmp/shots/club-repair-1280.png", full_page=True)
    before = exported(page)["paired"][1]

    # a correction of round 1: taken back, then typed again; round 2 stays as posted
    first = pairings(page, 1)[0][0]
    page.once("dialog", lambda d: d.accept())
    act(page, f"#cl-round-1 tr[data-game='{first}'] [data-act=clear]")
    assert page.inner_text("#cl-msg") == ("The result is taken back; the game is to be recorded again. Round 2's "
                                          "pairings stand as posted (they were made from the results as they were).")
    assert pairings(page, 2) == [posted[0], posted[2]] and row_text(page, 2, g1) == played
    typed(page, 1, first, (290, 455), adjust=(-5, 10))
    assert "end adjustment -5/+10" in row_text(page, 1, first)
    assert exported(page)["paired"][1] == before

    # round 3: the bye goes to someone who has not had one; nobody meets twice
    typed(page, 2, g3, (350, 351))
    act(page, "[data-act=pair]")
    data = exported(page)
    third = data["paired"][2]
    assert third["bye"] not in (None, orphan) and leaving not in [n for g in third["games"] for n in g["players"]]
    met = [frozenset(g["players"]) for rd in data["paired"] for g in rd["games"]]
    assert len(met) == len(set(met)) == 3 + 2 + 2
    now = data["paired"][1]
    assert [(g["game"], g["players"]) for g in now["games"]] == [(g["game"], g["players"]) for g in before["games"]]
    assert json.dumps(now["games"][0]) == json.dumps(before["games"][0]) and now["bye"] == orphan
    # every planned round is paired: a late entry is refused, with the reason
    page.fill("#cl-add", "Hana")
    act(page, "[data-act=add]")
    assert page.inner_text("#cl-err") == "'Hana' cannot join: all 3 rounds are paired, so there is no round left to play."
    assert not page.errors
