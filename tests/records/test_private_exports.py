"""During a game, "Copy position (CGP)" and "Copy game (GCG)" hold only what the person
at the screen may know: their own rack, the others' plays but not their racks or
exchanged tiles, no seed (it rebuilds the bag); the whole record once the game is
over. What is written reads back (as a position, or a record to play on from)."""

from __future__ import annotations

import json
from pathlib import Path

from engine import session
from engine.notation import parse_cgp

ROOT = Path(__file__).resolve().parents[2]
SEATS = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]


def _game():
    session.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())
    snap = json.loads(session.open(json.dumps({"rules": "classic", "seed": "priv-2", "seats": SEATS,
                                               "actions": []})))
    if snap["to_move"] == 1:
        session.computer(1000)
    session.act("-" + json.loads(session.snapshot())["racks"][0][:3])   # you exchange three
    return json.loads(session.computer(1000))


def test_a_position_copied_during_the_game_holds_only_your_rack():
    snap = _game()
    mine, theirs = snap["racks"]
    cgp = json.loads(session.export_cgp(0))["cgp"]
    racks = cgp.split(" ")[1].split("/")
    assert sorted("".join(racks)) == sorted(mine) and theirs not in racks
    parse_cgp(cgp)                                            # reads back
    full = json.loads(session.export_cgp())["cgp"]
    assert theirs in full.split(" ")[1].split("/")


def test_a_record_copied_during_the_game_leaves_out_the_others_racks_and_the_seed():
    snap = _game()
    gcg = json.loads(session.export_gcg(0))["gcg"]
    assert "#seed" not in gcg and "#action" not in gcg
    their_lines = [ln for ln in gcg.splitlines() if ln.startswith(">Computer:")]
    for ln in their_lines:
        assert snap["racks"][1] not in ln
    my_lines = [ln for ln in gcg.splitlines() if ln.startswith(">You:")]
    assert any(ln.split()[2].startswith("-") and ln.split()[2][1:].isalpha() for ln in my_lines)  # your own exchange
    opened = json.loads(session.import_record(gcg))
    assert "racks" in opened and opened["scores"] == snap["scores"]


def test_once_the_game_is_over_the_whole_record():
    _game()
    game = session._need_game()
    while not game.over:
        if game.to_move == 0:
            session.act("-")
        else:
            session.computer(500)
    gcg = json.loads(session.export_gcg(0))["gcg"]
    assert "#seed" in gcg
