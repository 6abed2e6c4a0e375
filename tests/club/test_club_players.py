"""The club page's players (engine/club/players.py, engine/club/face.py ``players``):
each stored game replayed, each seat's figures taken from the replay, PPT as the
game counts it; a game that does not replay or is not over is skipped."""

from __future__ import annotations

import json

import pytest

from engine import session
from engine.club import face
from engine.club.players import family, game_figures, kept_games
from engine.rules import Rules
from test_club_replay import LEX, make_game


def spec_of(game, kinds=("human", "hard")) -> dict:
    """A stored game as the page keeps it (its spec)."""
    return {"rules": game.rules.to_string(), "seed": game.seed,
            "seats": [{"name": n, "kind": k} for n, k in zip(game.names, kinds)], "actions": list(game.actions)}


def test_a_finished_games_figures_are_its_replays():
    game = make_game("Ann", "Bob", "cp-1", plays=4)
    assert game.over
    got = game_figures(spec_of(game), LEX)
    assert got["family"] == "classic" and got["rules"] == "classic"
    ann, bob = got["seats"]
    assert (ann["name"], ann["kind"], bob["name"], bob["kind"]) == ("Ann", "human", "Bob", "hard")
    for p, seat in enumerate(got["seats"]):
        plays = [t for t in game.turns if t.player == p and t.kind == "play"]
        assert seat["score"] == game.scores[p]
        # greedy plays, then passes to the end: the trailing passes are not turns
        assert seat["turns"] == len(plays) and seat["points"] == sum(t.score for t in plays)
        assert seat["points"] / seat["turns"] == pytest.approx(game.ppt(p))
        best = max(plays, key=lambda t: t.score)
        assert seat["best"] == best.score and seat["best_move"] == best.text
    top = max(game.scores)
    assert [s["won"] for s in got["seats"]] == [s == top for s in game.scores]
    assert not any(s["tied"] for s in got["seats"])


def test_the_figures_of_a_small_game_by_hand():
    """Two plays, then six passes end it: 8H TIRADE 18, 7I HAME 31, each rack -9."""
    spec = {"rules": "classic", "seed": "cp-2", "seats": [{"name": "Ann", "kind": "human"},
                                                         {"name": "Bob", "kind": "hard"}],
            "actions": ["8H TIRADE", "7I HAME"] + ["-"] * 6}
    assert game_figures(spec, LEX) == {"family": "classic", "rules": "classic", "seats": [
        {"name": "Ann", "kind": "human", "score": 9, "points": 18, "turns": 1, "best": 18, "best_move": "8H TIRADE",
         "won": False, "tied": False},
        {"name": "Bob", "kind": "hard", "score": 22, "points": 31, "turns": 1, "best": 31, "best_move": "7I HAME",
         "won": True, "tied": False}]}
    assert make_game("Ann", "Bob", "cp-2", plays=2).actions == tuple(spec["actions"])   # the same game, made


def test_unfinished_or_broken_games_are_skipped_and_the_rest_keep_their_ids():
    done = make_game("Ann", "Bob", "cp-3", plays=3)
    going = make_game("Cy", "Di", "cp-4", plays=2, finish=False)
    assert game_figures(spec_of(going), LEX) is None
    broken = dict(spec_of(done), actions=["8D NOTAPLAY"])
    out = kept_games([{"id": "a", "date": "d1", "spec": spec_of(done)},
                      {"id": "b", "date": "d2", "spec": spec_of(going)},
                      {"id": "c", "spec": broken}, {"id": "d"}, {"spec": {"rules": "nonsense"}}, "junk"], LEX)
    assert out["skipped"] == 5
    assert [(g["id"], g["date"]) for g in out["games"]] == [("a", "d1")]
    assert kept_games([{"spec": spec_of(done)}], None) == {"games": [], "skipped": 1}   # no word lists


def test_the_rules_families():
    assert [family(Rules.from_string(r)) for r in ("classic", "o", "i", "ii", "iii", "richard", "ii,cap=0")] == \
        ["classic", "wordlovers", "wordlovers", "wordlovers", "wordlovers", "richard", "wordlovers"]


def test_the_face_answers_json_with_the_sessions_word_lists():
    session.use_lexicon(LEX)
    game = make_game("Ann", "Bob", "cp-5", plays=2, rules="o")
    out = json.loads(face.players(json.dumps([{"id": "x", "date": "d", "spec": spec_of(game)}])))
    assert out["skipped"] == 0 and out["games"][0]["family"] == "wordlovers"
    assert out["games"][0]["seats"][0]["score"] == game.scores[0]
    assert json.loads(face.players()) == {"games": [], "skipped": 0}
