"""A whole game against the computer by keyboard alone, as a blind player plays it
(issue 37): Tab to the controls, the command keys to jump to a square, letters typed
on the board, Enter to play; an exchange, a challenge, an undo and the end. At each
step the test reads what a screen reader gets: every text the one live region was
given, the focused element (never the page) and the accessibility tree of the rack."""

from __future__ import annotations

import browserkit as kit
import earkit as ear
from test_whole_game import plain_best, replayed, wait_for_my_turn

MAX_TURNS = 60

LISTEN = """() => { window.__said = []; const region = document.getElementById('announce');
    new MutationObserver(() => window.__said.push(region.textContent.trim()))
        .observe(region, {childList: true, characterData: true, subtree: true}); }"""


def heard(page) -> list[str]:
    """Every text given to the live region since the last call."""
    return page.evaluate("() => window.__said.splice(0)")


def tab_to(page, selector: str, limit: int = 150) -> None:
    """Press Tab until ``selector`` has the focus (the keyboard's only way there; past
    the page's last control Tab goes round to the first)."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def type_move(page, move: str, board: dict) -> None:
    """Jump to the move's square by its coordinate and type its word: a board tile's
    letter passes over it, a blank is Shift+letter; Enter plays."""
    coord, word = move.split(" ", 1)
    tab_to(page, "#board [tabindex='0']")
    across = coord[0].isdigit()
    if across:
        page.keyboard.type(coord)   # 8D: the row, then the column
    else:
        for key in ["/", "g"] + list(coord) + ["Enter"]:
            page.keyboard.press(key)
    way = "across" if across else "down"
    said = ear.wait_said(page, coord + ", typing " + way)
    assert said.startswith(coord)
    row = page.locator("#board [role='row']").nth(row_of(coord) - 1).aria_snapshot()
    assert row.startswith(f'- row "Row {row_of(coord)}"'), row[:80]   # a row named briefly, not by its squares
    square = page.locator(":focus").aria_snapshot()   # the square's name in the accessibility tree
    assert square.startswith("- gridcell ") and f", typing {way} from {coord}" in square, square
    col = "".join(c for c in coord if c.isalpha())
    row = int("".join(c for c in coord if c.isdigit()))
    for i, letter in enumerate(word):
        c, r = (chr(ord(col) + i), row) if across else (col, row + i)
        if f"{c}{r}" in board or letter.isupper():
            page.keyboard.press(letter.lower())
        else:
            page.keyboard.press("Shift+" + letter.upper())
    page.keyboard.press("Enter")


def row_of(coord: str) -> int:
    return int("".join(c for c in coord if c.isdigit()))


def test_a_whole_game_by_keyboard_alone(booted):
    page = booted.page
    kit.load(page, None)
    ear.load(page, seed="ear-1")
    page.evaluate(LISTEN)
    # one live region: the message and the live score speak through it
    assert page.evaluate("document.querySelectorAll('#controls [aria-live]').length") == 0
    assert page.locator("#announce[aria-live='polite']").count() == 1
    rack = kit.rack_letters(page)

    # the rack in the accessibility tree: each tile a button named by its letter and value
    tree = page.locator("#rack").aria_snapshot()
    assert f'button "rack tile {"blank" if rack[0] == "?" else rack[0]}, ' in tree

    # / R says the rack, spelled
    tab_to(page, "#board [tabindex='0']")
    page.keyboard.press("/")
    page.keyboard.press("r")
    assert ear.wait_said(page, "Your rack:") == "Your rack: " + " ".join(
        "blank" if c == "?" else c for c in rack) + "."

    # an exchange: Exchange, two letters typed, the confirm button
    tab_to(page, "#btn-Exchange")
    page.keyboard.press("Enter")
    page.keyboard.press(rack[0].lower() if rack[0] != "?" else "?")
    page.keyboard.press(rack[1].lower() if rack[1] != "?" else "?")
    ear.wait_said(page, "2 chosen")
    assert page.locator("#rack [aria-pressed='true']").count() == 2
    tree = page.locator("#rack").aria_snapshot()
    assert tree.count(", chosen\" [pressed]") == 2, tree
    tab_to(page, "#modebar [data-act='exchange_confirm']")
    page.keyboard.press("Enter")
    snap = wait_for_my_turn(page, 1)
    ear.assert_focus_kept(page)
    said = heard(page)
    assert "You exchanged tiles." in " ".join(said)
    reply = said[-1]
    assert reply.startswith("Computer played ") and ", spelled " in reply, reply
    assert " You may challenge it. Your rack: " in reply, reply

    # a challenge of its good play: you lose your turn and it plays again
    tab_to(page, "#btn-Challenge")
    page.keyboard.press("Enter")
    snap = wait_for_my_turn(page, len(snap["actions"]))
    ear.assert_focus_kept(page)
    told = " ".join(heard(page))
    assert "Challenge failed: you lose the next turn." in told and told.count("Computer played ") >= 1, told

    # plays typed on the board, an undo after the first, until the end
    undone = False
    for _ in range(MAX_TURNS):
        if snap["phase"] == "over":
            break
        spec = kit.stored(page)["spec"]
        before = len(spec["actions"])
        best = plain_best(spec)
        if best is None:
            tab_to(page, "#btn-Pass")
            page.keyboard.press("Enter")
        else:
            board = {t["sq"] for t in snap["tiles"]}
            type_move(page, best[0], board)
        page.wait_for_function(f"JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length > {before}",
                               timeout=kit.TIMEOUT_MS)
        snap = wait_for_my_turn(page, before)
        ear.assert_focus_kept(page)
        told = heard(page)
        if best is not None:
            mine = [t for t in told if t.startswith("You played ")]
            assert mine and " at " + best[0].split(" ")[0] + ", " in mine[0] and ", spelled " in mine[0], told
        assert kit.scores_shown(page) == snap["scores"]
        if not undone and snap["phase"] != "over":
            tab_to(page, "#pb-undo")
            page.keyboard.press("Enter")
            page.wait_for_function(f"JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length == {before}",
                                   timeout=kit.TIMEOUT_MS)
            kit.wait_idle(page)
            said = ear.wait_said(page, "Undone: ")
            assert said.startswith("Undone: You played ") and "Your turn." in said, said
            ear.assert_focus_kept(page)
            heard(page)
            snap = replayed(page)
            undone = True
    assert snap["phase"] == "over"
    assert len(snap["actions"]) >= 12   # a whole game, not a short cut to the end
    end = ear.wait_said(page, "Game over.")
    names = [snap["seats"][i]["name"] for i in snap["winner"]]
    assert ("Winner: " + names[0] if len(names) == 1 else "A tie") in end
    assert f"You {snap['scores'][0]}, Computer {snap['scores'][1]}" in end and "Points per turn: " in end
    kit.wait_focus(page, "end-review")   # the end box's Review this game, at once
    # the scores asked for after the end
    tab_to(page, "#board [tabindex='0']")
    page.keyboard.press("/")
    page.keyboard.press("s")
    assert ear.wait_said(page, "Computer " + str(snap["scores"][1]) + ":")
