"""Free challenge (RULES.md section 7, rules knob judge=free): as double challenge,
except that a challenge of a valid play costs the challenger nothing.

The engine (Game), its records (GCG, links), the computer's decision, and the two
page faces: engine.session (the game page) and engine/table/face.py (the table page)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine import session
from engine.computer import computer_action
from engine.game import FREE, LOST, PHONY, PLAY, Game, GameError
from engine.lexicon import Lexicon
from engine.records import link
from engine.records.gcg import read_gcg, write_gcg
from engine.rules import PRESETS, Rules
from engine.search.ai import Player
from engine.table import face
from engine.table.game import TableGame
from engine.table.record import read_table_gcg
from enginekit import lexicon, rig

ROOT = Path(__file__).resolve().parents[2]
LEX = lexicon()
FREE_RULES = Rules.from_string("classic,judge=free")


def new(players=2, seed=1, **knobs):
    return Game(replace(FREE_RULES, **knobs), seed, players, lexicon=LEX)


@pytest.fixture(scope="module")
def real():
    return Lexicon.from_bytes((ROOT / "wordlists" / "lexicon.bin").read_bytes())


# ------------------------------------------------------------------ the knob

def test_the_rules_string_reads_and_prints():
    assert FREE_RULES.judgment == "free" and FREE_RULES.challenges
    assert FREE_RULES.to_string() == "classic,judge=free"
    assert Rules.from_string(FREE_RULES.to_string()) == FREE_RULES
    assert PRESETS["classic"].challenges and not PRESETS["o"].challenges
    assert not PRESETS["richard"].challenges
    assert Rules.from_string("o,judge=free").to_string() == "o,judge=free"


# ------------------------------------------------------------------ the game

def test_a_failed_free_challenge_costs_nothing_and_the_challenger_plays_on():
    g = new()
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    assert g.to_move == 1 and g.legal_actions().challenge
    scores = g.scores
    line, = g.act("challenge")
    assert (line.player, line.kind, line.score, line.counts) == (1, FREE, 0, False)
    assert g.scores == scores and g.to_move == 1          # Bob keeps his turn
    assert not g.legal_actions().challenge                # the play stood its challenge
    assert [t.kind for t in g.turns] == [PLAY, FREE]
    assert g.last_turn.kind == PLAY                       # the free line is not a turn


def test_under_double_challenge_the_same_challenge_loses_a_turn():
    g = Game(Rules.from_string("classic"), 1, 2, lexicon=LEX)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    line, = g.act("challenge")
    assert line.kind == LOST and g.to_move == 0


def test_an_upheld_free_challenge_takes_the_phony_off_as_in_double_challenge():
    g = new()
    rig(g, 0, "ZEBRAXQ")
    g.act("8D ZEBRAX")
    phony, = g.act("challenge")
    assert (phony.kind, phony.player, phony.score) == (PHONY, 0, 0)
    assert g.board.is_empty() and g.to_move == 1 and list(g.scores) == [0, 0]
    assert sorted(g.rack(0)) == sorted("ZEBRAXQ")


def test_three_players_a_wrong_challenger_not_due_to_move_keeps_every_turn():
    g = new(players=3)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    line, = g.act("challenge 3")
    assert (line.player, line.kind) == (2, FREE) and g.to_move == 1
    with pytest.raises(GameError):
        g.act("challenge 2")                              # settled: the play is good
    g.act("-")
    assert g.to_move == 2                                 # seat 3 is not skipped
    g.act("-")
    assert g.to_move == 0


def test_a_free_challenge_spends_the_challengers_time():
    g = new(clock=100)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS", elapsed=10)
    g.act("challenge", elapsed=5)
    assert g.clock == (90.0, 95.0) and g.to_move == 1


def test_the_computer_challenges_exactly_the_invalid_plays():
    g = new()
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    ai = Player(g.rules, LEX)
    assert not ai.challenges(g)
    bad = new()
    rig(bad, 0, "ZEBRAXQ")
    bad.act("8D ZEBRAX")
    assert ai.challenges(bad) and computer_action(bad, "easy") == "challenge"


# ------------------------------------------------------------------ records

def _free_game(real):
    """A dealt game under free challenge: a valid play, a failed challenge, a play on."""
    g = Game(FREE_RULES, "free-1", 2, lexicon=real, names=["Ann", "Bob"])
    g.act(computer_action(g, "greedy"))
    g.act("challenge", elapsed=2)
    g.act(computer_action(g, "greedy"))
    return g


def test_the_log_replays_exactly_and_the_gcg_round_trips(real):
    g = _free_game(real)
    assert [t.kind for t in g.turns] == [PLAY, FREE, PLAY] and g.turns[2].player == 1
    again = Game.replay(g.rules, g.seed, g.actions, lexicon=real, names=g.names)
    assert again.turns == g.turns and again.scores == g.scores and again.to_move == g.to_move
    text = write_gcg(g)
    assert ">Bob: " in text and "(challenge) +0" in text and "#note free challenge" in text
    back = read_gcg(text, lexicon=real)
    assert back.turns == g.turns and back.scores == g.scores and back.actions == g.actions
    assert write_gcg(back) == text


def test_a_link_carries_judge_free(real):
    g = _free_game(real)
    spec = {"rules": g.rules.to_string(), "seed": g.seed, "actions": list(g.actions),
            "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]}
    back = link.decode(link.encode(spec))
    assert back["rules"] == "classic,judge=free" and back["actions"] == list(g.actions)
    again = Game.replay(Rules.from_string(back["rules"]), back["seed"], back["actions"], lexicon=real)
    assert again.turns == g.turns


# ------------------------------------------------------------------ the faces

def test_the_game_pages_face(real):
    session.use_lexicon(real)
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    snap = json.loads(session.open(json.dumps({"rules": "classic,judge=free", "seed": "free-1", "seats": seats})))
    assert snap["judgment"] == "free" and not snap["legal"]["challenge"]
    g = Game(FREE_RULES, "free-1", 2, lexicon=real)
    snap = json.loads(session.act(computer_action(g, "greedy")))
    assert snap["legal"]["challenge"] and snap["to_move"] == 1
    word = snap["turns"][-1]["words"][0]
    snap = json.loads(session.act("challenge"))
    assert snap["to_move"] == 1 and snap["turns"][-1]["kind"] == "free"
    assert snap["message"].startswith(f"Challenge failed: {word}") and "no penalty" in snap["message"]
    again = json.loads(session.open_link(session.link()))
    assert again["rules"] == "classic,judge=free" and again["turns"] == snap["turns"]
    lines = json.loads(session.history())["turns"]
    assert lines[1]["kind"] == "free" and "no penalty" in lines[1]["outcome"] and not lines[1]["counts"]


def test_the_table_pages_face():
    face.use_lexicon(LEX)
    try:
        view = json.loads(face.table_new(json.dumps({"rules": "classic,judge=free", "names": ["Ann", "Bob"]})))
        assert view["judgment"] == "free"
        st = {k: view[k] for k in ("rules", "names", "actions")}
        view = json.loads(face.table_act(json.dumps(st), "8D ZEBRAS"))
        assert view["legal"]["challenge"]
        st = {k: view[k] for k in ("rules", "names", "actions")}
        view = json.loads(face.table_act(json.dumps(st), "challenge"))
        assert view["to_move"] == 1 and view["events"][0]["kind"] == "free"
        assert view["scores"][0] == view["turns"][0]["score"] > 0 and view["scores"][1] == 0
        assert "no penalty" in view["message"]
        st = {k: view[k] for k in ("rules", "names", "actions")}
        out = json.loads(face.table_record(json.dumps(st)))
        assert "(challenge) +0" in out["gcg"] and "#note free challenge" in out["gcg"]
        assert read_table_gcg(out["gcg"], LEX).turns == TableGame.replay(FREE_RULES, st["actions"], 2,
                                                                        lexicon=LEX).turns
        back = json.loads(face.table_open_link(out["link"]))
        assert back["rules"] == "classic,judge=free" and back["turns"] == view["turns"]
    finally:
        face.use_lexicon(None)
