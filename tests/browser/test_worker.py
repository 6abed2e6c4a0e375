"""The computer player runs in a Web Worker on a plain static server (no
cross-origin isolation headers) and answers with move text."""

from __future__ import annotations

from engine import api
from engine.lexicon import Lexicon

EMPTY_CLASSIC = "/".join(["15"] * 15) + " AEINRST/ 0/0 0"


def test_worker_plays_a_computer_move(booted):
    page = booted.page
    page.wait_for_selector("body[data-worker]", state="attached", timeout=120_000)
    assert page.evaluate("document.body.dataset.worker") == "ready", booted.console
    move = page.evaluate(
        "([cgp]) => window.computerMove('classic', cgp, 'hard', 80)", [EMPTY_CLASSIC])
    # The same choice as the native engine, and it is the 66-point bingo.
    assert move == api.computer_move("classic", EMPTY_CLASSIC, "hard", 80, Lexicon.default())
    assert api.score("classic", EMPTY_CLASSIC, move, Lexicon.default())["score"] == 66
    assert booted.page_errors == [] and booted.console_of("error") == []
