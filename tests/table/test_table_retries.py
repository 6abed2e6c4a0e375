"""The cost of an entry does not grow with the game: a state's score sheet is a
TurnLog (engine/turnlog.py) whose copy shares the lines, and the page's face keeps
the game it last replayed (engine/table/face.py ``_game_of``). Issue 40: 10,000
failed attempts under free retry took 73 s and 504 MB, every entry copying the
whole sheet; bench/table_retries.py times it."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from engine.actionlog import PASS, PLAY, RETRY, Turn
from engine.rules import Rules
from engine.table import face
from engine.table.game import TableGame
from engine.turnlog import TurnLog
from enginekit import lexicon


@pytest.fixture(autouse=True)
def lists():
    face.use_lexicon(lexicon())
    yield
    face.use_lexicon(None)


def line(kind, text="8H QI", player=0):
    return Turn(player, kind, text, 0, "")


def test_a_copy_shares_its_lines_and_neither_sees_the_others_changes():
    a = TurnLog([line(PLAY, "8H ZA")])
    b = a.copy()
    b.append(line(RETRY))
    assert len(a) == 1 and len(b) == 2 and b._items is a._items      # appended in place: nothing copied
    a.append(line(PASS, "-"))                                            # a went on from the same point: its own list
    assert [t.kind for t in a] == [PLAY, PASS] and [t.kind for t in b] == [PLAY, RETRY]
    c = b.copy()
    c[0] = line(PLAY, "8H ZAX")                                          # a shared line replaced: c alone
    assert b[0].text == "8H ZA" and c[0].text == "8H ZAX" and a[0].text == "8H ZA"
    assert list(reversed(c))[0].kind == RETRY and c[-1].kind == RETRY and c[:1][0].text == "8H ZAX"
    assert c == [c[0], c[1]] and a != b


def test_the_last_turn_is_found_behind_any_run_of_failed_attempts():
    log = TurnLog([line(PLAY, "8H ZA")] + [line(RETRY)] * 5)
    assert log.last_turn().text == "8H ZA"
    copy = log.copy()
    copy.append(line(PASS, "-"))
    assert copy.last_turn().kind == PASS and log.last_turn().kind == PLAY
    copy[-1] = line(RETRY)                                               # the turn replaced by a non-turn
    assert copy.last_turn().text == "8H ZA"
    assert TurnLog([line(RETRY)]).last_turn() is None


def test_many_failed_attempts_keep_a_small_memory_and_every_snapshot_intact():
    game = TableGame(Rules.from_string("richard"), 2, lexicon=lexicon(), names=["Ann", "Bob"])
    game.act("8H ZEBRAS")
    tracemalloc.start()
    for _ in range(3000):
        game.act("H9 QX")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 30_000_000, peak       # 57 MB when every snapshot copied the sheet (18 MB now: the boards)
    assert len(game.turns) == 3001 and game.last_turn.text.endswith("ZEBRAS") and game.to_move == 1
    assert len(game.at(2).turns) == 2 and len(game.at(1500).turns) == 1500   # every snapshot as it was
    game.undo()
    assert len(game.turns) == 3000
    game.act("-")
    assert game.last_turn.kind == PASS and len(game.at(3000).turns) == 3000


def view(fn, *args) -> dict:
    out = json.loads(fn(*args))
    assert "error" not in out, out
    return out


def test_the_face_answers_the_same_whether_it_kept_the_game_or_replays_it():
    """Entries, an undo, another game between and a state sent again: each answer is
    the one a fresh replay gives."""
    def fresh(fn, *args):
        face._last = None
        return view(fn, *args)

    st = {"rules": "classic", "names": ["Ann", "Bob"], "actions": []}
    steps = [("act", "8H ZEBRAS"), ("act", "I8 EQ"), ("act", "challenge"), ("undo",), ("act", "challenge"),
             ("other",), ("act", "-"), ("state",), ("act", "-3")]
    for step in steps:
        text = json.dumps(st)
        if step[0] == "other":
            view(face.table_new, json.dumps({"rules": "o", "names": ["Cy", "Di"], "actions": ["8H AXE"]}))
            continue
        fn, args = {"act": (face.table_act, (text, step[-1])), "undo": (face.table_undo, (text,)),
                    "state": (face.table_state, (text,))}[step[0]]
        kept = view(fn, *args)
        if step[0] != "state":
            face._last = None
        assert kept == fresh(fn, *args), step
        st = {k: kept[k] for k in ("rules", "names", "actions")}
    assert len(st["actions"]) == 5 and view(face.table_state, json.dumps(st))["scores"] == \
        view(face.table_state, json.dumps(dict(st, actions=list(st["actions"]))))["scores"]


def test_a_bad_entry_in_a_kept_game_leaves_it_as_it_was():
    st = json.dumps({"rules": "classic", "names": ["Ann", "Bob"], "actions": ["8H ZEBRAS"]})
    before = view(face.table_state, st)
    assert "error" in json.loads(face.table_act(st, "8H ZEBRAS"))          # the square is taken
    assert view(face.table_state, st) == before
    bad = json.dumps({"rules": "classic", "names": ["Ann", "Bob"], "actions": ["8H ZEBRAS", "nonsense"]})
    assert "cannot be replayed" in json.loads(face.table_state(bad))["error"]
    assert view(face.table_state, st) == before


def test_a_long_game_s_view_carries_the_last_sheet_lines_and_the_totals_before():
    st = json.dumps({"rules": "richard", "names": ["Ann", "Bob"], "actions": ["8H ZEBRAS"] + ["H9 QX"] * 260})
    v = view(face.table_state, st)
    assert len(v["turns"]) == face.SHEET_LINES and v["sheet_from"] == {"lines": 61, "totals": [v["scores"][0], 0]}
    assert v["turns"][-1]["kind"] == "retry" and v["scores"][0] > 0
    short = view(face.table_state, json.dumps({"rules": "o", "names": ["A", "B"], "actions": ["8D ZEBRAS"]}))
    assert short["sheet_from"] == {"lines": 0, "totals": [0, 0]} and len(short["turns"]) == 1
