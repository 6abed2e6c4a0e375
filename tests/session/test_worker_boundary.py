"""The page workers' shared boundary (engine/session/boundary.py): the word list loaded
or a failure the page can say, and an engine bug turned into {"error"} text."""

import json
from pathlib import Path

from engine import session
from engine.session import boundary

WORDS = Path(__file__).resolve().parents[2] / "wordlists" / "lexicon.bin"


def test_the_word_list_loads_and_says_how_many_words():
    status = boundary.load_words({"state": "loading", "error": ""}, str(WORDS))
    assert status["state"] == "ready" and status["error"] == ""
    assert status["words"] > 100_000 and status["ms"] >= 0
    assert session.loaded_lexicon() is not None


def test_a_missing_or_broken_word_list_is_a_failure_the_page_can_say(tmp_path):
    missing = boundary.load_words({"state": "loading", "error": ""}, str(tmp_path / "none.bin"))
    assert missing["state"] == "failed" and missing["error"] == "the word list could not be loaded (FileNotFoundError)"
    broken = tmp_path / "broken.bin"
    broken.write_bytes(b"not a word list")
    status = boundary.load_words({"state": "loading", "error": ""}, str(broken))
    assert status["state"] == "failed" and status["error"].startswith("the word list could not be loaded (")
    boundary.load_words({}, str(WORDS))   # the session keeps a working list for the other tests


def test_a_word_list_held_loaded_is_taken_once_for_its_own_path(tmp_path):
    """hold_words (the workers' memory snapshot holds the list loaded): the first load_words
    of that path takes it without reading the file (an empty one, as start.mjs hands the
    worker); another path is read as ever, and a second load reads the file."""
    empty = tmp_path / "lexicon.bin"
    empty.write_bytes(b"")
    count = boundary.hold_words(WORDS.read_bytes(), str(empty))
    assert count > 100_000
    status = boundary.load_words({"state": "loading", "error": ""}, str(empty))
    assert status["state"] == "ready" and status["held"] is True and status["words"] == count
    assert len(session.loaded_lexicon()) == count
    again = boundary.load_words({"state": "loading", "error": ""}, str(empty))   # taken: the file now
    assert again["state"] == "failed" and again["held"] is False
    boundary.hold_words(WORDS.read_bytes(), "elsewhere.bin")
    other = boundary.load_words({"state": "loading", "error": ""}, str(WORDS))
    assert other["state"] == "ready" and other["held"] is False
    assert boundary.load_words({}, "elsewhere.bin")["state"] == "failed"   # let go all the same: once
    boundary.load_words({}, str(WORDS))   # the session keeps a working list for the other tests


def test_an_engine_bug_comes_back_as_text_never_an_exception(capsys):
    def bug(x):
        raise KeyError(x)
    answer = json.loads(boundary.guard(bug, "seat"))
    assert answer == {"error": "The engine failed: KeyError: 'seat'"}
    assert "Traceback" in capsys.readouterr().err      # the console keeps the whole story
    assert boundary.guard(lambda a, b: a + b, "1", "2") == "12"


def test_a_workers_status_is_its_status_dict_as_text_when_asked():
    status = {"state": "loading", "error": ""}
    text = boundary.status_of(status)
    status["state"] = "ready"
    assert json.loads(text()) == {"state": "ready", "error": ""}


def test_a_face_passes_ints_as_ints_and_anything_else_as_text(capsys):
    import types
    face = types.SimpleNamespace(echo=lambda *args: json.dumps([type(a).__name__ for a in args]),
                                 bug=lambda: 1 / 0)
    exposed = boundary.expose(face, ["echo", "bug"])
    assert sorted(exposed) == ["bug", "echo"] and exposed["echo"].__name__ == "echo"
    assert json.loads(exposed["echo"](3, "x", 2.5, None, True)) == ["int", "str", "str", "str", "bool"]
    assert json.loads(exposed["bug"]()) == {"error": "The engine failed: ZeroDivisionError: division by zero"}
    capsys.readouterr()
