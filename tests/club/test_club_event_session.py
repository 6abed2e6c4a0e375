"""A tournament pairing's game in the session: the pairing and the oath ride in every
link and snapshot of the game (engine/session/event.py), survive a link's round trip,
and leave with the game (a new game carries none)."""

from __future__ import annotations

import json
from pathlib import Path

from engine import session
from engine.records import link

ROOT = Path(__file__).resolve().parents[2]
EVENT = {"id": "0123456789ab", "round": 1, "game": 2}
SPEC = {"rules": "classic", "seed": "club~1.2", "actions": [], "event": EVENT, "oath": "10",
        "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]}


def setup_module():
    session.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())


def test_the_pairing_and_the_oath_ride_in_the_snapshot_and_the_link():
    snap = json.loads(session.open(json.dumps(SPEC)))
    assert snap["event"] == EVENT and snap["oath"] == "10"
    snap = json.loads(session.act("-"))
    assert snap["event"] == EVENT            # kept move after move
    frag = session.link(-1)
    assert frag.startswith("g6.")
    spec = link.decode(frag)
    assert spec["event"] == EVENT and spec["oath"] == "10" and spec["actions"] == ["-"]
    again = json.loads(session.open_link(frag))
    assert again["event"] == EVENT and again["oath"] == "10"
    made = session.link_for(json.dumps(dict(SPEC, oath="21")))
    assert link.decode(made)["oath"] == "21"


def test_a_new_game_carries_no_pairing_and_a_bad_oath_is_refused():
    session.open(json.dumps(SPEC))
    plain = dict(SPEC)
    del plain["event"], plain["oath"]
    snap = json.loads(session.open(json.dumps(plain)))
    assert "event" not in snap and "oath" not in snap
    assert session.link(-1).startswith("g1.")
    bad = json.loads(session.open(json.dumps(dict(SPEC, oath="3"))))
    assert "one digit a seat" in bad["error"]
    assert "event" not in json.loads(session.snapshot())      # the refused spec changed nothing
