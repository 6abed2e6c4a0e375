"""Issue 41, the session's own contract and the workers' wrappers: numbers where
text belongs (10 ** 5000, which str() cannot write) and infinity where a whole
number belongs get the engine's precise error, never an exception, and the
workers pass them on for the engine to check ("The engine failed" is a bug)."""

from __future__ import annotations

import json

import pytest

import page_workers
from engine import session
from engine.lexicon import Lexicon
from engine.session import review

HUGE = 10 ** 5000
INF = float("inf")


@pytest.fixture(scope="module")
def game_worker():
    return page_workers.load("game")


@pytest.fixture(scope="module")
def table_worker():
    return page_workers.load("table")


@pytest.fixture
def open_game():
    session.use_lexicon(Lexicon.default())
    assert "racks" in json.loads(session.open('{"rules": "o", "seed": 3}'))


def error_of(text: str) -> str:
    out = json.loads(text)
    assert list(out) == ["error"], out
    assert "The engine failed" not in out["error"] and "4300" not in out["error"], out["error"]
    return out["error"]


@pytest.mark.parametrize("call, says", [
    (lambda: session.open_link(HUGE), "a link must be text"),
    (lambda: session.import_record(HUGE), "a record must be text"),
    (lambda: session.act(HUGE), "the move must be text"),
    (lambda: session.hint_preview(HUGE), "the move must be text"),
    (lambda: session.layout(HUGE), "the rules must be text"),
    (lambda: session.export_gcg(INF), "the seat to write for must be a whole number"),
    (lambda: session.export_cgp(HUGE), "the seat to write for must be"),
    (lambda: review.review_plan(HUGE), "the game to review must be text"),
    (lambda: review.review_turn(0, 1000, HUGE), "the ranking must be text"),
    (lambda: review.review_turn(0, INF), "the time budget (ms) must be a whole number"),
    (lambda: review.review_turn(INF, 1000), "the turn must be a whole number"),
    (lambda: review.review_turn(float("nan"), 1000), "the turn must be a whole number"),
], ids=["open_link", "import_record", "act", "hint_preview", "layout", "export_gcg", "export_cgp",
        "review_plan", "review ranking", "review budget inf", "review turn inf", "review turn nan"])
def test_the_session_answers_huge_numbers_and_infinity_precisely(call, says, open_game):
    assert says in error_of(call())


@pytest.mark.parametrize("name, args, says", [
    ("review_turn", (0, INF), "the time budget (ms) must be a whole number"),
    ("review_turn", (INF,), "the turn must be a whole number"),
    ("act", ("-", INF), "the elapsed time (ms) must be a whole number"),
    ("act", ("-", float("nan")), "the elapsed time (ms) must be a whole number"),
    ("undo", ("two",), "the number of moves to take back must be a whole number"),
    ("hint", (INF, 10), "the number of hints must be a whole number"),
    ("at", (HUGE,), "the move number must be 0 to"),
    ("link", (INF,), "the turn to show must be a whole number"),
    ("open_link", (HUGE,), "a link must be text"),
    ("import_record", (HUGE,), "a record must be text"),
    ("layout", (HUGE,), "the rules must be text"),
    ("hint_preview", (HUGE,), "the move must be text"),
    ("review_plan", (HUGE,), "the game to review must be text"),
    ("export_gcg", ("me",), "the seat to write for must be a whole number"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_the_game_workers_wrappers_leave_the_checks_to_the_engine(game_worker, name, args, says):
    game_worker.open_game('{"rules": "o", "seed": 3}')
    assert says in error_of(getattr(game_worker, name)(*args))


def test_the_table_workers_layout_too(table_worker):
    assert "the rules must be text" in error_of(table_worker.layout(HUGE))
    assert "rules" in json.loads(table_worker.layout("o"))
    error_of(table_worker.table_new(HUGE))


def test_found_by_the_slow_fuzz(open_game):
    """A review result with a score of 10**400 (math.isfinite overflowed), and an error
    quoting a 4,300-character player name whole (the GCG reader's message): cut to
    util.MAX_MESSAGE, a message for a player."""
    from engine.session.util import MAX_MESSAGE
    result = {"turn": 0, "player": 0, "score": 10 ** 400, "best_score": 26, "missed": 0, "found": True,
              "ranking": "score", "best": "8G BARIUM"}
    assert "must be numbers" in error_of(review.review_summary(json.dumps([result])))
    from test_parsers_fuzzed import GCGS
    record = GCGS[0].replace("#player2 player2 player2", "#player2 player" + "9" * 4301 + "2 player2", 1)
    said = error_of(session.import_record(record))
    assert len(said) == MAX_MESSAGE and said.endswith("...")
