"""The director's tools in real Chromium: a no-show recorded as a forfeit,
a player renamed everywhere, a typed result corrected with its history shown, the
printed sheets (pairings by board and by name, scorecards, crosstable, each
stamped with tournament, date and round, and printed alone), and the TSH export
downloaded as Latin-1 that TSH's rules read as the club's standings."""

from __future__ import annotations

from urllib.parse import unquote_to_bytes

import pytest

import browserkit as kit
from engine.club import director
from engine.club.model import Tournament
from test_club_evening import row_text, typed
from test_club_page import act, boot, club_page, exported, pairings, standings
from test_club_tsh import read_tsh

T = kit.TIMEOUT_MS


@pytest.fixture()
def page(browser, site_url):
    with club_page(browser, site_url) as page:
        yield page


def test_forfeit_rename_correction_sheets_and_tsh(page):
    page.fill("#cl-players", "Zoë\nÉmile\nCy\nDev\nAnn")
    page.fill("#cl-rounds", "3")
    page.fill("#cl-seed", "dir")
    act(page, "[data-act=new]")
    act(page, "[data-act=pair]")
    (g1, a, b), (g2, c, d) = pairings(page, 1)
    # a no-show: b did not come
    page.click(f"#cl-round-1 tr[data-game='{g1}'] summary:has-text('No-show')")
    page.select_option(f"#cl-1-{g1}-absent", b)
    act(page, f"[data-act=forfeit][data-base='cl-1-{g1}']")
    assert page.inner_text("#cl-msg") == f"Recorded: round 1, {a} wins by forfeit ({b} did not come)."
    assert f"{a} wins by forfeit" in row_text(page, 1, g1)
    # a typed result, then corrected: the old figures stay in the game's history
    typed(page, 1, g2, (400, 380))
    page.once("dialog", lambda dlg: dlg.accept())
    act(page, f"#cl-round-1 tr[data-game='{g2}'] [data-act=clear]")
    typed(page, 1, g2, (400, 390))
    page.click(f"#cl-round-1 tr[data-game='{g2}'] summary:has-text('Corrected 1 time')")
    assert f"{c} 400\u2013380 {d} (typed)" in row_text(page, 1, g2)
    # a rename: everywhere, the standings too
    page.click("summary:has-text('Rename a player')")
    page.select_option("#cl-rename-from", "Dev")
    page.fill("#cl-rename-to", "Devon")
    act(page, "[data-act=rename]")
    assert page.inner_text("#cl-msg") == "Dev is now Devon, in every round."
    names = [row[1].split(" (")[0] for row in standings(page)]
    assert "Devon" in names and "Dev" not in names
    # standings: a bye and a forfeit are wins by 50; half wins read 0.5 and headers sit over their figures
    t = Tournament.from_dict(exported(page))
    table = {r["player"]: r for r in director.table(t)}
    now = {"Dev": "Devon"}
    assert table[now.get(a, a)]["spread"] == 50 and table[now.get(b, b)]["spread"] == -50
    head = page.locator("#cl-standings th").nth(6).bounding_box()
    cell = page.locator("#cl-standings td").nth(6).bounding_box()
    assert abs((head["x"] + head["width"]) - (cell["x"] + cell["width"])) < 2      # right edges meet

    # the printed sheets
    act(page, "[data-act=sheet][data-kind=pairings]")
    stamp = page.inner_text("#cl-sheet .cl-stamp")
    assert stamp.startswith("Club night \u00b7 20") and stamp.endswith("Round 1 pairings")
    assert page.locator("#cl-sheet-boards tbody tr").count() == 2 and page.locator("#cl-sheet-alpha tbody tr").count() == 5
    page.emulate_media(media="print")
    assert page.locator("#cl-sheet").is_visible() and not page.locator("#cl-standings").is_visible()
    assert not page.locator("#cl-sheet [data-act=print]").is_visible()
    page.emulate_media(media="screen")
    act(page, "[data-act=sheet][data-kind=scorecards]")
    assert page.locator(".cl-scorecard").count() == 2
    assert page.locator(".cl-scorecard .cl-stamp").first.inner_text().endswith(f"Round 1, board {g1}")
    act(page, "[data-act=sheet][data-kind=crosstable]")
    assert page.locator("#cl-crosstable tbody tr").count() == 5 and "Crosstable after round 1" in page.inner_text("#cl-sheet")
    page.set_viewport_size({"width": 360, "height": 640})             # a phone: the crosstable scrolls in its card
    assert page.evaluate("document.getElementById('app').getBoundingClientRect().width") <= 360
    assert page.evaluate("document.body.scrollWidth") <= 360
    page.set_viewport_size({"width": 1280, "height": 900})
    act(page, "#cl-sheet [data-act=sheet][data-kind='']")
    assert page.locator("#cl-sheet").count() == 0

    # TSH: Latin-1 by default, read by TSH's rules as the club's standings
    act(page, "[data-act=tsh_out]")
    href = page.get_attribute("#cl-download", "href")
    assert href.startswith("data:text/plain;charset=iso-8859-1,")
    data = unquote_to_bytes(href.split(",", 1)[1])
    assert "Zoë".encode("latin-1") in data and "Émile".encode("latin-1") in data
    read = read_tsh(data)
    for name, row in table.items():
        assert (read[name]["wins"], read[name]["spread"]) == (row["wins"], row["spread"]), name
    page.select_option("#cl-tsh-enc", "utf-8")
    act(page, "[data-act=tsh_out]")
    assert page.get_attribute("#cl-download", "href").startswith("data:text/plain;charset=utf-8,")
    assert "tell TSH to read its files as UTF-8" in page.inner_text("section[aria-label='TSH .t file']")
    assert not page.errors


def test_new_tournament_keeps_the_old_one_to_open_again(page):
    page.fill("#cl-name", "Monday")
    page.fill("#cl-players", "Ann\nBob\nCy\nDi")
    act(page, "[data-act=new]")
    act(page, "[data-act=pair]")
    monday = exported(page)
    page.once("dialog", lambda dlg: dlg.accept())
    act(page, "[data-act=discard]")
    assert page.inner_text("#cl-msg") == "Kept Monday on this device."
    assert "Monday" in page.inner_text("#cl-kept") and "1 of 3 rounds paired, 4 players" in page.inner_text("#cl-kept")
    page.fill("#cl-name", "Tuesday")
    page.fill("#cl-players", "Eve\nFay")
    page.fill("#cl-rounds", "1")
    act(page, "[data-act=new]")
    page.reload()                                       # a reload keeps both
    boot(page, page.url)
    assert page.inner_text("#cl-title") == "Tuesday"
    page.once("dialog", lambda dlg: dlg.accept())
    act(page, "[data-act=discard]")
    assert [x.strip() for x in page.locator("#cl-kept b").all_inner_texts()] == ["Tuesday", "Monday"]
    act(page, "#cl-kept li:nth-child(2) [data-act=reopen]")
    assert page.inner_text("#cl-title") == "Monday" and exported(page) == monday
    assert page.inner_text("#cl-msg") == "Opened Monday again."
    page.once("dialog", lambda dlg: dlg.accept())
    act(page, "[data-act=discard]")
    page.once("dialog", lambda dlg: dlg.accept())
    act(page, "#cl-kept li:nth-child(2) [data-act=forget]")     # Tuesday is deleted
    assert [x.strip() for x in page.locator("#cl-kept b").all_inner_texts()] == ["Monday"]
    assert not page.errors
