"""Helpers for the tests of play by ear: what a screen reader is given (the live region,
the focused element's accessible name) and the game loaded for them."""

from __future__ import annotations

import browserkit as kit


def load(page, seed="4", actions=(), seats=None, rules="classic"):
    spec = {"rules": rules, "seed": seed, "seats": seats or kit.YOU_VS_HARD, "actions": list(actions)}
    kit.load(page, kit.saved_game(spec))
    return spec


def said(page) -> str:
    """The one live region's text, as a screen reader hears it (no trailing marks)."""
    return page.evaluate("document.getElementById('announce').textContent").strip()


def wait_said(page, part: str) -> str:
    page.wait_for_function("p => document.getElementById('announce').textContent.includes(p)", arg=part,
                           timeout=kit.TIMEOUT_MS)
    return said(page)


def focused(page) -> dict:
    """The focused element: its id, tag, accessible name and pressed state."""
    return page.evaluate("""() => { const e = document.activeElement;
        return {id: e.id, tag: e.tagName, name: e.getAttribute('aria-label') || e.textContent.trim(),
                pressed: e.getAttribute('aria-pressed')}; }""")


def assert_focus_kept(page) -> dict:
    now = focused(page)
    assert now["tag"] != "BODY", "focus fell to the page"
    return now
