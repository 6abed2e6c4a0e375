"""The page's JSON face of a table game (engine/table/face.py): stateless calls on
the stored state {"rules", "names", "actions"}; bad input is {"error": ...}."""

from __future__ import annotations

import json
import re

import pytest

from engine.table import face
from enginekit import lexicon


@pytest.fixture(autouse=True)
def lists():
    face.use_lexicon(lexicon())
    yield
    face.use_lexicon(None)


def call(fn, *args) -> dict:
    return json.loads(fn(*args))


def state(view: dict) -> str:
    """What the page stores after an entry."""
    return json.dumps({k: view[k] for k in ("rules", "names", "actions")})


def test_a_new_game_shows_the_board_the_counts_and_the_unseen_tiles():
    view = call(face.table_new, json.dumps({"rules": "o", "seats": [{"name": "Ann"}, {"name": "Bob"}]}))
    assert view["table"] and view["names"] == ["Ann", "Bob"] and view["rules"] == "o"
    assert (view["phase"], view["to_move"], view["held"], view["bag"]) == ("play", 0, [7, 7], 86)
    assert len(view["unseen"]) == 100 and view["unseen"].count("?") == 3 and view["tiles"] == []
    assert "racks are not known" in view["unseen_note"] and "scooped" not in view["unseen_note"]
    assert view["legal"]["exchange"] == 7 and not view["legal"]["end"]
    iii = call(face.table_new, json.dumps({"rules": "iii", "names": ["A", "B"]}))
    assert len(iii["unseen"]) == 298 and "scooped" in iii["unseen_note"]


def test_entries_preview_undo():
    view = call(face.table_new, json.dumps({"rules": "o", "names": ["Ann", "Bob"]}))
    preview = call(face.table_preview, state(view), "8D ZEBRAS")
    assert preview["legal"] and preview["score"] == 84 and not preview["judged"]
    assert call(face.table_preview, state(view), "8A ZEBRAS")["error"].startswith("the first play must cover")
    view = call(face.table_act, state(view), "8D ZEBRAS", 12_500)
    assert view["scores"] == [84, 0] and view["events"][0]["score"] == 84 and view["actions"] == ["8D ZEBRAS @12500ms"]
    assert view["message"] == "Ann played ZEBRAS for 84." and view["unseen"].count("Z") == 0
    assert [t["sq"] for t in view["tiles"]] == ["D8", "E8", "F8", "G8", "H8", "I8"]
    view = call(face.table_act, state(view), "-3")
    assert view["message"] == "Bob exchanged 3 tiles." and view["to_move"] == 0
    view = call(face.table_act, state(view), "H4 zEBRA")
    assert view["swappable"] == []                          # the set's only Z is on D8
    back = call(face.table_undo, state(view))
    assert back["actions"] == ["8D ZEBRAS @12500ms", "-3"] and back["to_move"] == 0


def test_the_end_asks_for_the_racks():
    view = call(face.table_new, json.dumps({"rules": "o", "names": ["Ann", "Bob"], "actions": ["-"] * 8}))
    assert view["awaiting_racks"] and view["legal"]["end"] and not view["legal"]["place"]
    assert "Enter the tiles left on each rack" in view["message"]
    assert "error" in call(face.table_end, state(view), json.dumps(["AEIOU", "BCDFGHJ"]))
    over = call(face.table_end, state(view), ["AEIOUST", "BCDFGHJ"])
    assert over["phase"] == "over" and over["racks"] == ["AEIOSTU", "BCDFGHJ"]
    assert over["scores"] == [-7, -26] and over["actions"][-1] == "end AEIOUST/BCDFGHJ"
    assert "not known" in view["unseen_note"] and "game is over" in over["unseen_note"]
    assert call(face.table_end, state(view), "AEIOUST/BCDFGHJ")["scores"] == [-7, -26]


def test_a_good_words_failure_and_the_large_list_check():
    view = call(face.table_new, json.dumps({"rules": "o", "names": ["Ann", "Bob"], "actions": ["8G QAID"]}))
    assert view["turns"][0]["kind"] == "invalid" and view["legal"]["check"]
    view = call(face.table_act, state(view), "check")
    assert view["turns"] == [] and view["to_move"] == 0 and "plays again" in view["message"]


def test_record_and_link():
    view = call(face.table_new, json.dumps({"rules": "classic", "names": ["Ann", "Bob"],
                                             "actions": ["8D ZEBRAS", "-2 @3000ms"]}))
    record = call(face.table_record, state(view))
    assert "#table" in record["gcg"] and ">Bob: -2 +0 0" in record["gcg"]
    opened = call(face.table_open_link, record["link"] + "&t=1")
    assert opened["actions"] == view["actions"] and opened["scores"] == [54, 0] and opened["link"] == {"turn": 1}


@pytest.mark.parametrize("fn, args, why", [
    (face.table_new, ("{not json",), "not readable"),
    (face.table_new, (json.dumps({"rules": "zz", "names": ["A", "B"]}),), "unknown preset"),
    (face.table_new, (json.dumps({"rules": "o", "names": ["A"] * 5}),), "1 to 4 players"),
    (face.table_new, (json.dumps({"rules": "o", "names": ["A", "B"], "actions": [7]}),), "list of move texts"),
    (face.table_state, (json.dumps({"rules": "o", "names": ["A", "B"], "actions": ["8D ZEBRAS", "8D ZEBRAS"]}),),
     r"entry 2 of 2 \('8D ZEBRAS'\) cannot be replayed: '8D ZEBRAS' places no new tile"),
    (face.table_act, (json.dumps({"rules": "o", "names": ["A", "B"]}), "8D ZZZ"), "no Z tile left|only 1"),
    (face.table_act, (json.dumps({"rules": "o", "names": ["A", "B"]}), "end /"), "has not ended"),
    (face.table_act, (json.dumps({"rules": "o", "names": ["A", "B"]}), "-", "soon"), "whole number"),
    (face.table_preview, (json.dumps({"rules": "o", "names": ["A", "B"]}), "-"), "only a placement"),
    (face.table_end, (json.dumps({"rules": "o", "names": ["A", "B"]}), [1, 2]), "each rack is text"),
    (face.table_undo, (json.dumps({"rules": "o", "names": ["A", "B"]}),), "nothing to undo"),
    (face.table_open_link, ("g4.AAAA",), "damaged"),
])
def test_bad_input_is_an_error_never_an_exception(fn, args, why):
    out = call(fn, *args)
    assert list(out) == ["error"]
    assert re.search(why, out["error"]), out["error"]


def test_an_emoji_in_a_name_comes_back_as_itself_not_as_escaped_halves():
    """The page's MicroPython reads a \\ud83e\\udd8a escape as two broken halves (six
    unknown characters on screen), so the face writes every character as itself."""
    st = json.dumps({"rules": "classic", "names": ["Zoe \U0001F98A", "Bob"], "actions": []})
    for text in (face.table_state(st), face.table_act(st, "8H ZEBRAS"), face.table_record(st)):
        assert "\\ud83e" not in text and "Zoe \U0001F98A" in text
    record = call(face.table_record, st)
    assert "#player1 Zoe_\U0001F98A Zoe \U0001F98A" in record["gcg"]
    assert call(face.table_open_link, record["link"])["names"] == ["Zoe \U0001F98A", "Bob"]
