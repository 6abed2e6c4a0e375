"""engine/meanings/face.session_define: the page's define, judged with the word lists the
session loaded at start, and the error the worker reports before those are in."""

import json
from pathlib import Path

import pytest

from engine import session
from engine.meanings import face
from engine.session.util import SessionError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def loaded(monkeypatch):
    """The lists loaded at start, and no game open: a game another test left open with a
    player's own list would have its words judged with that list (game_lexicon)."""
    face.meanings_load((ROOT / "wordlists" / "meanings.bin").read_bytes())
    session.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())
    monkeypatch.setattr(session, "_game", None)
    yield


def test_words_are_judged_with_the_sessions_lists_and_the_games_rules(loaded):
    out = json.loads(face.session_define(json.dumps({"words": ["geese", "vext", "xi"], "rules": "o"})))
    geese, vext, xi = out["results"]
    assert geese["base"] == "GOOSE" and geese["definitions"] and geese["good"]["rules"] is True
    assert vext["good"]["main"] is False and vext["good"]["large"] is True and vext["definitions"] == []
    assert xi["good"]["two"] is True
    assert "error" in json.loads(face.session_define('{"words": ["x1"]}'))


def test_before_the_word_lists_are_loaded_it_raises_for_the_worker_to_report(loaded, monkeypatch):
    monkeypatch.setattr(session, "_lexicon", None)
    with pytest.raises(SessionError):
        face.session_define('["cat"]')
