"""Scrutiny (engine/club/scrutiny.py): each player's share of the engine's best play
and points lost a turn, beside the field's, computed in steps the page can follow
and stop; a cursor from the page that is not one starts afresh."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import session
from engine.club import director, face, invite, scrutiny
from engine.computer import computer_action
from engine.game import Game
from engine.records import link
from engine.rules import Rules

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def played():
    """Round 1 of four players, one game played greedily then passed out, one all passes."""
    session.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())
    lex = session.loaded_lexicon()
    t = director.pair_next_round(director.new_tournament("Club", "classic", ["Ann", "Bob", "Cy", "Dev"], 3))
    for i, inv in enumerate(invite.invitations(t, 1)):
        spec = link.decode(inv["link"])
        game = Game(Rules.from_string("classic"), spec["seed"], 2, lexicon=lex)
        for _ in range(4 if i == 0 else 0):
            game.act(computer_action(game, "greedy"))
        while not game.over:
            game.act("-")
        spec["actions"] = list(game.actions)
        t, _ = director.add_link(t, 0, link.encode(spec), lex)
    return t, lex


def test_the_greedy_players_match_the_best_play_and_the_passers_lose_points(played):
    t, lex = played
    out = scrutiny.step(t, None, lex, step_ms=60_000, budget_ms=None)
    assert out["done"] and out["games"] == 2 == out["game"]
    rows = {r["player"]: r for r in out["rows"]["players"]}
    greedy = t.paired[0].games[0].players
    for name in greedy:        # greedy plays are the best by score; then they passed
        assert rows[name]["best_share"] > 0 and rows[name]["turns"] >= 3
    for name in t.paired[0].games[1].players:
        assert rows[name]["best_share"] == 0.0 and rows[name]["mean_lost"] > 0
    field = out["rows"]["field"]
    assert field["turns"] == sum(r["turns"] for r in rows.values())


def test_steps_add_up_to_the_whole_and_a_bad_cursor_starts_afresh(played):
    t, lex = played
    whole = scrutiny.step(t, None, lex, step_ms=60_000, budget_ms=None)["rows"]
    cursor, steps = "null", 0
    while True:
        out = json.loads(face.tournament_scrutiny(json.dumps(t.to_dict()), cursor))
        steps += 1
        if out["done"]:
            break
        cursor = json.dumps(out["cursor"])
    assert out["rows"]["field"]["turns"] == whole["field"]["turns"]
    fresh = scrutiny.step(t, {"game": -1, "turn": 0, "sums": {}}, lex, step_ms=0.0)
    assert fresh["cursor"]["game"] <= 1 and not fresh["done"]
    assert "error" in json.loads(face.tournament_scrutiny("not json", "null"))
