"""The engine calls the table page makes that the command line does not: the live score
of the tiles tapped on the board (the page's placement JSON) with the move text that
enters them, and a typed entry shown on the board (engine/table/face.py)."""

from __future__ import annotations

import json

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


def state(rules="o", actions=()) -> str:
    return json.dumps({"rules": rules, "names": ["Ann", "Bob"], "actions": list(actions)})


def tiles(text: str, start: str = "H8", across: bool = True) -> list[dict]:
    col, row = start[0], int(start[1:])
    out = []
    for i, ch in enumerate(text):
        sq = (chr(ord(col) + i) + str(row)) if across else (col + str(row + i))
        out.append({"sq": sq, "tile": "?" if ch.islower() else ch, "letter": ch.upper()})
    return out


def test_tapped_tiles_score_as_the_typed_move_and_give_its_text():
    got = call(face.table_preview_placement, state(), json.dumps({"tiles": tiles("ZEbRAS", "D8"), "across": True}))
    typed = call(face.table_preview, state(), "8D ZEbRAS")
    assert got["legal"] and got["move"] == "8D ZEbRAS"
    assert (got["score"], got["words"], got["bonus"]) == (typed["score"], typed["words"], typed["bonus"])
    view = call(face.table_act, state(), got["move"])
    assert view["scores"] == [typed["score"], 0]


def test_the_placement_is_checked_against_the_set_and_the_board():
    two_z = call(face.table_preview_placement, state(actions=["8D ZEBRAS"]),
                 json.dumps({"tiles": tiles("ZZ", "D9", across=False)}))
    assert not two_z["legal"] and two_z["move"] is None and "no Z tile left" in two_z["error"]
    empty = call(face.table_preview_placement, state(), json.dumps({"tiles": []}))
    assert not empty["legal"] and "at least one tile" in empty["error"]
    assert "error" in call(face.table_preview_placement, state(), "{not json")
    # good words only: the words are judged on entry, never in the live score
    phony = call(face.table_preview_placement, state(), json.dumps({"tiles": tiles("ZXBRAS", "D8")}))
    assert phony["legal"] and phony["invalid_words"] == [] and not phony["judged"]


def test_face_down_and_pick_off_tiles_round_trip_through_the_board():
    iii = state("iii")
    shown = call(face.table_placement, iii, "11F ZEBRAs[Z]")
    assert shown["tiles"][-1] == {"sq": "K11", "tile": "Z", "letter": "S", "face_down": True}
    again = call(face.table_preview_placement, iii, json.dumps(shown))
    assert again["move"] == "11F ZEBRAs[Z]" and again["bonus"]["jqxz"] == call(face.table_preview, iii,
                                                                              "11F ZEBRAs[Z]")["bonus"]["jqxz"]
    picked = call(face.table_placement, state("iii", ["11F ZEBRAS"]), "pick K11; 11F ZEBRAIST")
    assert picked["pre"] == ["pick K11"] and [t["sq"] for t in picked["tiles"]][:1] == ["K11"]


def test_entries_that_place_nothing_and_bad_text():
    for text in ("-", "-3", "swap K11; -2", "challenge", "check", "end AB/CD"):
        assert call(face.table_placement, state(), text) == {"entry": text}
    assert "error" in call(face.table_placement, state(), "   ")
    assert "not a placement" in call(face.table_placement, state(), "8D")["error"]
    assert "error" in call(face.table_placement, state(), "hello there")
