"""Issue 16 items 1-4: the session answers, never raises, and loses nothing.

A refused open leaves the current game as it was; a log that stops being readable
opens up to there and says so ("error", "warning", "opened_to"); with no game open
every export answers {"error"}.
"""

from __future__ import annotations

import json

import pytest

from engine import session
from engine.lexicon import Lexicon
from engine.records.link import encode

LEX = Lexicon.default()
HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


@pytest.fixture(autouse=True)
def fresh_session():
    session.use_lexicon(LEX)
    session._game, session._seats = None, []
    session._hints.clear()
    yield
    session._game, session._seats = None, []


def _open(**spec) -> dict:
    spec.setdefault("seats", HUMANS)
    return json.loads(session.open(json.dumps(spec)))


def _current() -> dict:
    return json.loads(session.snapshot())


@pytest.mark.parametrize("bad", ["", "- @99999999999999ms", "- @-5ms", "8D ZEBRA\u0943", "\x00"])
def test_open_with_an_unreadable_action_answers_and_opens_up_to_it(bad):
    """Item 1: the action text is split inside the guard; the game opens with the
    actions before it, and the reply names the action."""
    out = _open(rules="o", seed=2, actions=["-", bad])
    assert "racks" in out, out
    assert out["actions"] == ["-"] and out["opened_to"] == 1
    assert out["error"].startswith("move 2 of the game cannot be read")
    assert "opened after move 1 of 2" in out["warning"]


def test_open_issue_example_no_longer_raises():
    out = json.loads(session.open('{"rules":"o","seed":2,"actions":["-",""]}'))
    assert out["actions"] == ["-"] and "move 2" in out["error"]


def test_refused_open_leaves_the_current_game():
    before = _open(rules="o", seed=7, actions=["-"])
    for spec in ['{"rules":"nonsense"}', '{"seats": 5}', "[" * 5000, '{"start": "junk"}', "{"]:
        out = json.loads(session.open(spec))
        assert set(out) == {"error"}, out
        assert _current()["actions"] == before["actions"] and _current()["seed"] == 7


def test_open_link_with_a_non_ascii_letter_answers():
    frag = encode({"rules": "o", "seed": 3, "seats": HUMANS, "actions": ["-", "8D ZEBRA\u0943"]})
    out = json.loads(session.open_link(frag))
    assert out["actions"] == ["-"]
    assert out["error"].startswith("move 2 of the link cannot be read")


@pytest.mark.parametrize("pre", [5, True, "Infinity", {"a": 1}, None, [5], ["swap"], [None]])
def test_preview_with_any_pre_answers(pre):
    """Item 2: "pre" that is not a list of action texts is an answer, not TypeError."""
    _open(rules="o", seed=2)
    placement = {"tiles": [{"sq": "H8", "tile": "A", "letter": "A"}], "pre": pre}
    out = json.loads(session.preview(json.dumps(placement)))
    assert "legal" in out


def test_preview_with_infinity_text():
    _open(rules="o", seed=2)
    out = json.loads(session.preview('{"tiles": [{"sq": "H8", "tile": "A", "letter": "A"}], "pre": Infinity}'))
    assert out["legal"] is False and out["error"]


@pytest.mark.parametrize("fn", [session.open, session.preview,
                                lambda t: session.link_for(t), lambda t: session.link_for("{}", -1, t)])
def test_deeply_nested_json_is_unreadable_not_a_recursion_error(fn):
    """Item 3."""
    _open(rules="o", seed=2)
    out = json.loads(fn("[" * 5000))
    assert "not readable" in out["error"]


@pytest.mark.parametrize("call", [
    lambda: session.act("-"), lambda: session.preview("{}"), lambda: session.undo(),
    lambda: session.computer(), lambda: session.link(), lambda: session.hint(),
    lambda: session.snapshot(), lambda: session.at(0), lambda: session.unseen(),
    lambda: session.history(), lambda: session.summary(), lambda: session.export_gcg(),
    lambda: session.export_cgp(), lambda: session.hint_preview("8D ZEBRAS"),
    lambda: session.hint_used(),
])
def test_no_game_open_answers_error(call):
    """Item 4."""
    out = json.loads(call())
    assert out == {"error": "no game is open"}


@pytest.mark.parametrize("call", [
    lambda: session.act("-", 10 ** 400), lambda: session.act("-", "x"), lambda: session.undo("x"),
    lambda: session.undo(10 ** 400), lambda: session.computer(10 ** 400), lambda: session.link(10 ** 400),
    lambda: session.unseen(7), lambda: session.unseen(10 ** 400), lambda: session.link_for("{}", 10 ** 400),
])
def test_out_of_range_numbers_answer_error(call):
    _open(rules="o", seed=2, seats=[{"name": "A", "kind": "human"}, {"name": "B", "kind": "easy"}])
    before = _current()["actions"]
    out = json.loads(call())
    assert "error" in out and "racks" not in out
    assert _current()["actions"] == before
