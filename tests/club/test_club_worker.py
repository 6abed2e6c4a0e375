"""ui/club/worker.py under CPython (a stub ``js`` stands in for the browser): the
club page's own calls answer text that is not JSON, or not a game, with a clean
error, never "The engine failed"."""

from __future__ import annotations

import json

import pytest

import page_workers


@pytest.fixture(scope="module")
def worker():
    return page_workers.load("club")   # the worker imported natively (tests/hardening)


@pytest.mark.parametrize("call", ["players", "link_of", "opened_game"])
@pytest.mark.parametrize("text, said", [("{not json", "not readable (not JSON)"), ("[1", "not readable (not JSON)"),
                                        ("7", "not"), ('"x"', "not")])
def test_malformed_text_is_a_clean_error(worker, call, text, said):
    reply = json.loads(getattr(worker, call)(text))
    assert set(reply) == {"error"}, reply
    assert said in reply["error"] and "engine failed" not in reply["error"].lower(), reply


def test_a_spec_without_its_parts_is_a_clean_error_and_a_good_one_works(worker):
    reply = json.loads(worker.link_of(json.dumps({"seats": []})))
    assert reply == {"error": "the rules are not a rules string"}
    spec = {"rules": "classic", "seed": 3, "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
            "actions": []}
    assert json.loads(worker.link_of(json.dumps(spec)))["link"].startswith("g")
    opened = json.loads(worker.opened_game(json.dumps(spec)))
    assert "snap" in opened and "layout" in opened
    assert json.loads(worker.players("[]")) == {"games": [], "skipped": 0}
