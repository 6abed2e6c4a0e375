"""Focus never drops (issue 37): rack tiles are patched in place, a chosen tile is a
pressed toggle named "chosen", typed letters choose tiles in the exchange bar, and focus
comes back after an exchange, a challenge, an undo and the Import dialog."""

from __future__ import annotations

import browserkit as kit
import earkit as ear


def test_exchange_by_keyboard_keeps_focus_and_says_the_choice(booted):
    page = booted.page
    ear.load(page)    # rack DEISSTU
    page.locator("#btn-Exchange").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#rack[data-mode='exchange']")
    first = page.locator("#rack button").first
    first.focus()
    tile = ear.focused(page)
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#{tile['id']}[aria-pressed='true']")
    now = ear.assert_focus_kept(page)
    assert now["id"] == tile["id"] and now["pressed"] == "true" and now["name"].endswith(", chosen")
    assert ear.wait_said(page, "1 chosen") == "D chosen. 1 chosen: D."
    page.keyboard.press("Tab")   # on to the next tile, not back to the first
    assert ear.focused(page)["id"] == page.locator("#rack button").nth(1).get_attribute("id")
    page.keyboard.press(" ")      # Space toggles too
    assert ear.wait_said(page, "2 chosen") == "E chosen. 2 chosen: D, E."
    page.keyboard.type("s")       # a letter chooses a tile of it
    assert ear.wait_said(page, "3 chosen") == "S chosen. 3 chosen: D, E, S."
    assert ear.focused(page)["id"] == page.locator("#rack button").nth(1).get_attribute("id")
    assert page.locator("#rack [aria-pressed='true']").count() == 3
    page.keyboard.type("s")       # the other S
    page.keyboard.type("s")       # both chosen: the last comes back
    assert ear.wait_said(page, "3 chosen") == "S not chosen. 3 chosen: D, E, S."
    confirm = page.locator("#modebar [data-act='exchange_confirm']")
    confirm.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= 1",
                           timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    assert ear.assert_focus_kept(page)["id"].startswith("sq-")


def test_plain_rack_tile_keeps_focus(booted):
    page = booted.page
    ear.load(page)
    page.locator("#rack button").nth(2).focus()
    tile = ear.focused(page)
    page.keyboard.press("Enter")     # selected, to be put on a square
    page.wait_for_selector(f"#{tile['id']}.selected")
    assert ear.assert_focus_kept(page)["id"] == tile["id"]
    page.locator("#btn-Shuffle").focus()
    page.keyboard.press("Enter")
    assert ear.wait_said(page, "Shuffled: ").startswith("Shuffled: ")
    assert ear.assert_focus_kept(page)["id"] == "btn-Shuffle"


def test_focus_comes_back_after_undo_and_import(booted):
    """(The challenge is in test_a11y_whole_game.py.)"""
    page = booted.page
    ear.load(page, actions=["8D DUTIES"])
    kit.wait_idle(page)
    undo = page.locator("#pb-undo")
    undo.focus()
    page.keyboard.press("Enter")
    kit.wait_idle(page)
    ear.wait_said(page, "Undone: You played DUTIES at 8D, across, spelled D U T I E S")
    ear.assert_focus_kept(page)
    page.locator("#btn-import").focus()
    page.keyboard.press("Enter")
    box = page.locator("#sharebox[role='dialog']")
    box.wait_for()
    assert box.get_attribute("aria-label") == "Import a game"
    kit.wait_focus(page, "import-text")
    page.keyboard.press("Escape")
    page.wait_for_selector("#sharebox", state="hidden")
    kit.wait_focus(page, "btn-import")
