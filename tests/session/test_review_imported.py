"""The review of an imported record, as the page holds it: a spec carrying another
program's record (its turns before the game's start) is reviewed for every seat, in
the seats the import gave them; a record played on adds the game's own turns after
the record's lines; a finished record's read-only view is told as a finished game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import session
from engine.session import review as session_review
from engine.board import square_name
from engine.lexicon import Lexicon
from engine.records.gcg import decode_record, import_record
from engine.records.importing import RECORD_KEPT_MAX, open_text
from engine.search.review import Reviewer, played_squares, record_turns

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "gcg"
LEX = Lexicon.from_bytes((ROOT / "wordlists" / "lexicon.bin").read_bytes())


def quackle(lines: int | None = None) -> str:
    text = decode_record((DATA / "quackle_annotated.gcg").read_bytes())
    return text if lines is None else "\n".join(text.splitlines()[:lines]) + "\n"


def spec_of(snap: dict, record: str) -> dict:
    """What the page keeps of an imported game (ui/state.py, ui/links/share.py)."""
    spec = {"rules": snap["rules"], "seed": snap["seed"], "seats": snap["seats"], "actions": snap["actions"],
            "record": record}
    if snap.get("start"):
        spec["start"] = snap["start"]
    return spec


@pytest.fixture(autouse=True)
def lexicon():
    session.use_lexicon(LEX)


def test_a_finished_record_is_a_finished_view_that_keeps_its_record():
    text = quackle()
    snap = json.loads(session.import_record(text))
    assert snap["readonly"] and snap["phase"] == "over" and snap["import"]["record"] == text.strip()
    assert [s["name"] for s in snap["seats"]] == ["Bert van Dijk", "Ann Tremblay"]   # turn order: Bert first
    assert snap["winner"] == [0] and snap["scores"] == [496, 423] and snap["end_reason"]
    assert snap["seed"].startswith("import-") and snap["cgp"] == import_record(text, LEX).cgp
    rec = import_record(text, LEX)
    assert len(snap["turns"]) == len(rec.turns)
    assert [(t["player"], t["text"], t["score"]) for t in snap["turns"]][:2] == [(1, "8H ARVO", 14), (0, "-FFP", 0)]
    assert snap["ppt"][0] == round(496 / sum(1 for t in snap["turns"] if t["player"] == 0 and t["counts"]), 2)
    # a record too long to keep is opened all the same, without it
    long = text.replace("#title Club night, round 3", "#title " + "x" * RECORD_KEPT_MAX)
    assert "record" not in open_text(long, LEX).info


def test_a_finished_records_review_covers_every_seat_in_the_views_seats():
    text = quackle()
    snap = json.loads(session.import_record(text))
    plan = json.loads(session_review.review_plan(json.dumps(spec_of(snap, text)), ""))
    rec = import_record(text, LEX)
    native = record_turns(rec)
    assert plan["source"] == "record" and plan["seats"] == [0, 1] and plan["over"] and not plan["pending"]
    assert [t["turn"] for t in plan["turns"]] == [tp.index for tp in native]
    # the record's Ann (its seat 0) is the view's seat 1
    assert all(t["name"] == rec.names[tp.player] and t["player"] == 1 - tp.player
               for t, tp in zip(plan["turns"], native))
    reviewer = Reviewer(rec.rules, LEX)
    for tp in native[:3]:
        page = json.loads(session_review.review_turn(tp.index, 0, "score"))
        direct = reviewer.review(tp)
        assert (page["best"], page["best_score"], page["missed"]) == (direct["best"], direct["best_score"],
                                                                      direct["missed"])
        assert page["tiles"] is not None and page["action"] is None
        assert page["played_tiles"] == [{"sq": square_name(*divmod(sq, 15)), "letter": cell}
                                        for sq, cell in played_squares(tp, rec.rules)]
    only = json.loads(session_review.review_plan(json.dumps(spec_of(snap, text)), "[0]"))
    assert {t["name"] for t in only["turns"]} == {"Bert van Dijk"}


def test_a_record_played_on_reviews_its_turns_then_the_games():
    text = quackle(18)    # ten turns, Ann to move
    snap = json.loads(session.import_record(text))
    assert "readonly" not in snap and snap["import"]["record"] == text.strip()
    session.act("-")
    snap = json.loads(session.act("-"))
    rec = import_record(text, LEX)
    plan = json.loads(session_review.review_plan(json.dumps(spec_of(snap, text)), ""))
    assert plan["source"] == "mixed" and plan["seats"] == [0, 1] and "hint" in plan["pending"]
    assert not plan["from_position"]
    turns = [t["turn"] for t in plan["turns"]]
    assert turns == [tp.index for tp in record_turns(rec)] + [len(rec.turns), len(rec.turns) + 1]
    last = plan["turns"][-1]
    assert (last["name"], last["played"], last["action"]) == ("Bert van Dijk", "-", 1)
    r = json.loads(session_review.review_turn(last["turn"], 0, "score"))
    assert r["turn"] == last["turn"] and r["player"] == 1 and r["action"] == 1 and "tiles" not in r
    first = json.loads(session_review.review_turn(0, 0, "score"))
    assert first["name"] == "Ann Tremblay" and first["tiles"] == []
    # the same game with its seats renamed (played on against the computer): the game's names
    vs = dict(spec_of(snap, text), seats=[{"name": "Ann Tremblay", "kind": "human"},
                                          {"name": "Computer", "kind": "hard"}])
    plan = json.loads(session_review.review_plan(json.dumps(vs), ""))
    assert plan["seats"] == [0] and {t["name"] for t in plan["turns"]} == {"Ann Tremblay"}


def test_a_record_that_does_not_lead_to_the_games_start_is_refused():
    text = quackle(18)
    snap = json.loads(session.import_record(text))
    other = quackle(16)
    out = json.loads(session_review.review_plan(json.dumps(spec_of(snap, other)), ""))
    assert "does not end where the game starts" in out["error"]
    assert "error" in json.loads(session_review.review_plan(json.dumps(dict(spec_of(snap, text), record=5)), ""))


def test_one_of_our_finished_records_opens_as_a_game_not_to_play_on():
    from engine.game import Game
    from engine.records.gcg_write import write_gcg
    from engine.rules import PRESETS
    game = Game(PRESETS["classic"], "ours", 2, lexicon=LEX)
    while not game.over:
        game.act("-")
    opened = open_text(write_gcg(game), LEX)
    assert opened.game is not None and opened.info["playable"] is False and "over" in opened.info["why"]
    assert "record" not in opened.info      # it replays exactly: the spec is the whole game


def test_a_position_has_no_turns_before_it():
    rec = import_record(quackle(18), LEX)
    snap = json.loads(session.import_record(rec.cgp))
    spec = {k: snap[k] for k in ("rules", "seed", "seats", "actions", "start")}
    plan = json.loads(session_review.review_plan(json.dumps(spec), ""))
    assert plan["turns"] == [] and plan["from_position"] is True
