"""The History panel draws the score sheet from a snapshot while the engine is busy
(ui/panels/sheet.py): every line must read as the engine's own sheet (session.history)
does, for plays, exchanges, passes, hints used, and a game
begun from a position with scores of its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import session
from engine.lexicon import Lexicon
from ui.panels import sheet

ROOT = Path(__file__).resolve().parents[2]
KEYS = ("n", "action", "player", "name", "kind", "text", "move", "score", "total", "hinted", "words", "squares")


@pytest.fixture(scope="module", autouse=True)
def real_lexicon():
    session.use_lexicon(Lexicon.from_bytes((ROOT / "wordlists" / "lexicon.bin").read_bytes()))


def same_sheet(snap: dict) -> None:
    engine = json.loads(session.history())
    drawn = sheet.from_snapshot(snap, snap.get("hints") or [])
    assert len(drawn["turns"]) == len(engine["turns"]) > 0
    for mine, theirs in zip(drawn["turns"], engine["turns"]):
        assert {k: mine[k] for k in KEYS} == {k: theirs[k] for k in KEYS}
    assert drawn["hints"] == engine["hints"]


def test_the_sheet_from_a_snapshot_is_the_engine_s():
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}, {"name": "Cy", "kind": "human"}]
    snap = json.loads(session.open(json.dumps({"rules": "o", "seed": "sheet", "seats": seats})))
    kinds = set()
    for i in range(12):
        if i % 4 == 1:
            session.hint_used(1)
        if i == 3:
            rack = snap["racks"][snap["to_move"]]
            snap = json.loads(session.act("-" + rack[:2]))
        elif i == 5:
            snap = json.loads(session.act("-"))
        else:
            moves = json.loads(session.hint(1, 500))["moves"]
            snap = json.loads(session.act(moves[0]["move"] if moves else "-"))
        if snap["phase"] == "over":
            break
        kinds.update(t["kind"] for t in snap["turns"])
        same_sheet(snap)
    assert {"play", "exchange", "pass"} <= kinds


def test_a_game_begun_from_a_position_counts_from_its_scores():
    seats = [{"name": "A", "kind": "hard"}, {"name": "B", "kind": "hard"}]
    session.open(json.dumps({"rules": "classic", "seed": "sheet-2", "seats": seats}))
    for _ in range(4):
        session.computer(300)
    cgp = json.loads(session.export_cgp())["cgp"]
    snap = json.loads(session.import_record(cgp))
    assert snap["import"]["kind"] == "position" and sum(snap["scores"]) > 0
    for _ in range(3):
        moves = json.loads(session.hint(1, 500))["moves"]
        snap = json.loads(session.act(moves[0]["move"] if moves else "-"))
    same_sheet(snap)
