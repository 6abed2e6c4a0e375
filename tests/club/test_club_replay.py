"""A result from a game link (engine/club/replay.py): replayed, figures from the
replay, turns as PPT counts them. Also the helpers the other club tests use to
make real finished games' links."""

from __future__ import annotations

import functools

import pytest

from engine.club.replay import ResultError, ppt_parts, replay_link
from engine.computer import computer_action
from engine.game import Game
from engine.lexicon import Lexicon
from engine.records.link import encode
from engine.rules import PRESETS, Rules
from engine.selfplay import play_game
from enginekit import lexicon as small_lexicon
from enginekit import rig

LEX = Lexicon.default()


def make_game(a: str, b: str, seed, plays: int = 4, rules: str = "classic", finish: bool = True) -> Game:
    """A real game: ``plays`` greedy turns, then passes until it ends (fast)."""
    game = Game(Rules.from_string(rules), seed, 2, lexicon=LEX, names=[a, b])
    for _ in range(plays):
        if game.over:
            break
        game.act(computer_action(game, "greedy"))
    while finish and not game.over:
        game.act("-")
    return game


def link_of(game: Game) -> str:
    return encode({"rules": game.rules.to_string(), "seed": game.seed,
                   "seats": [{"name": n, "kind": "human"} for n in game.names], "actions": list(game.actions)})


@functools.lru_cache(maxsize=None)
def finished_link(a: str, b: str, seed, plays: int = 4, rules: str = "classic") -> str:
    return link_of(make_game(a, b, seed, plays, rules))


# ---------------------------------------------------------------------- tests

def test_a_finished_games_link_gives_its_replayed_figures():
    game = make_game("Ann", "Bob", "r1", plays=6)
    got = replay_link("https://example.org/index.html#" + link_of(game) + "&t=3", LEX)
    assert got.names == ("Ann", "Bob") and got.rules == "classic" and got.seed == "r1"
    assert got.scores == game.scores
    for p in (0, 1):
        points, turns = got.points[p], got.turns[p]
        assert turns > 0 and points / turns == pytest.approx(game.ppt(p))
    assert got.fragment == link_of(game)           # view options dropped
    # trailing passes do not count: the turns are the plays only
    assert got.turns == tuple(sum(1 for t in game.turns if t.player == p and t.kind == "play") for p in (0, 1))


def test_ppt_parts_agrees_with_game_ppt_on_whole_games():
    for rules, seed in (("classic", "pp1"), ("o", "pp2")):
        game = play_game(Rules.from_string(rules), seed, ["greedy", "greedy"], LEX)
        assert game.over
        for p in (0, 1):
            points, turns = ppt_parts(game, p)
            assert turns and points / turns == pytest.approx(game.ppt(p))


def test_ppt_parts_counts_the_final_round_as_game_ppt_does():
    from dataclasses import replace
    g = Game(replace(PRESETS["o"], final_round=True), 1, lexicon=small_lexicon())
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    rig(g, 0, "ERSDEEO")
    rig(g, 1, "CATXJKU")
    g._state.bag.tiles = []            # test set-up: the bag runs out
    for _ in range(3):
        g.act("-")
    g.act("I5 CATS")                   # player 0 finds a play with player 1's rack
    g.act("I5 DERS")                   # player 1's attempt is invalid
    assert g.over
    assert ppt_parts(g, 0)[1] == 2 and ppt_parts(g, 1)[1] == 3   # player 1's passes count now
    for p in (0, 1):
        points, turns = ppt_parts(g, p)
        assert points / turns == g.ppt(p)


@pytest.mark.parametrize("make, message", [
    (lambda: "#g1.AAAA", "cannot be read"),
    (lambda: "not a link", "cannot be read: this is not a game link"),
    (lambda: link_of(make_game("Ann", "Bob", "u1", finish=False)), "not finished"),
    (lambda: encode({"rules": "classic", "seed": 1, "seats": [{"name": "A", "kind": "human"}],
                     "actions": []}), "two players; this link's game has 1"),
    (lambda: encode({"rules": "classic", "seed": 1, "seats": [{"name": "A", "kind": "human"},
                     {"name": "B", "kind": "human"}], "actions": ["8D QQQQ"]}), "does not replay"),
    (lambda: encode({"rules": "classic", "seed": 1, "seats": [{"name": "A", "kind": "human"},
                     {"name": "", "kind": "human"}], "actions": []}), "no name"),
])
def test_links_that_cannot_be_results_are_refused_with_the_reason(make, message):
    with pytest.raises(ResultError, match=message):
        replay_link(make(), LEX)


def test_a_link_cut_short_is_refused():
    text = finished_link("Ann", "Bob", "cut")
    with pytest.raises(ResultError, match="damaged"):
        replay_link(text[:-6], LEX)


def _retrying(n: int) -> Game:
    """A Richard's-rules game (free retry) with ``n`` withdrawn attempts, then finished."""
    import itertools
    game = Game(Rules.from_string("richard"), "retry", 2, lexicon=LEX, names=["Ann", "Bob"])
    for a, b in itertools.permutations(game.rack(0), 2):
        trial = Game(game.rules, game.seed, 2, lexicon=LEX, names=["Ann", "Bob"])
        trial.act(f"8H {a}{b}")
        if trial.turns[-1].kind == "retry":
            break
    for _ in range(n):
        game.act(f"8H {a}{b}")
    while not game.over:
        game.act(computer_action(game, "greedy") if len(game.actions) < n + 4 else "-")
    return game


def test_a_link_with_more_entries_than_a_game_has_is_refused_before_any_replay(monkeypatch):
    """2,000 free retries cost a second to replay; a result's link is bounded to
    MAX_RESULT_ACTIONS entries, checked before the game is replayed."""
    from engine.club import replay
    ok = _retrying(replay.MAX_RESULT_ACTIONS - 20)
    assert len(ok.actions) <= replay.MAX_RESULT_ACTIONS
    assert replay_link(link_of(ok), LEX).scores == tuple(ok.scores)       # within the bound: a result
    long = _retrying(replay.MAX_RESULT_ACTIONS + 1)
    monkeypatch.setattr(Game, "replay", classmethod(lambda *a, **k: pytest.fail("replayed")))
    with pytest.raises(ResultError, match=f"this game has {len(long.actions)} entries; a tournament game has at "
                                          f"most 200 \\(a real game has 20 to 60\\): type its result instead"):
        replay_link(link_of(long), LEX)
