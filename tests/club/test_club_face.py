"""The page's text API for tournaments (engine/club/face.py): JSON in, JSON out,
{"error"} for anything bad and never an exception."""

from __future__ import annotations

import json

import pytest

from engine import session
from engine.club import face
from engine.records.link import decode as decode_game_link
from test_club_replay import LEX, finished_link

SPEC = {"name": "Friday <i>club</i>", "rules": "classic", "players": ["Ann", "Bob", "Cy", "Di", "Ed"],
        "rounds": 3, "seed": "fri"}


@pytest.fixture(autouse=True)
def lexicon():
    session.use_lexicon(LEX)


def ok(reply: str) -> dict:
    data = json.loads(reply)
    assert "error" not in data, data
    return data


def tournament(reply: str) -> str:
    return json.dumps(ok(reply)["tournament"])


def test_a_tournament_through_the_face():
    t = tournament(face.tournament_new(json.dumps(SPEC)))
    reply = ok(face.tournament_pair_round(t))
    assert reply["message"] == "Round 1 is drawn by the seed (nobody has a PPT yet)."
    t = json.dumps(reply["tournament"])
    view = ok(face.tournament_standings(t))
    rd = view["rounds"][0]
    assert rd["bye"] and len(rd["games"]) == 2 and not rd["finished"]
    assert view["next"] == {"can_pair": False, "why": view["next"]["why"], "unpaired": []}
    assert "not finished" in view["next"]["why"]
    first, second = rd["games"][0]["players"]
    game = ok(face.tournament_game(t, 1, first, second))
    spec = decode_game_link(game["link"])
    assert spec["seed"] == rd["games"][0]["seed"] == game["spec"]["seed"]
    assert [s["name"] for s in spec["seats"]] == [first, second]
    # one result by link, one typed
    text = finished_link(first, second, spec["seed"])
    reply = ok(face.tournament_add_result_link(t, text, 1, "here"))     # played on this device
    assert reply["message"].startswith(f"Recorded: round 1, {first} ")
    assert reply["tournament"]["paired"][0]["games"][0]["result"]["source"] == "here"
    t = json.dumps(reply["tournament"])
    a, b = rd["games"][1]["players"]
    t = tournament(face.tournament_add_typed(t, json.dumps({"round": 1, "first": a, "second": b,
                                                           "scores": [400, 321], "turns": [12, 11]})))
    view = ok(face.tournament_standings(t))
    assert view["next"] == {"can_pair": True, "why": "", "unpaired": []}
    rows = {r["player"]: r for r in view["standings"]}
    assert rows[rd["bye"]]["byes"] == 1 and rows[a]["typed"] == 1 and rows[a]["spread"] == 79
    assert [r["rank"] for r in view["standings"]] == sorted(r["rank"] for r in view["standings"])
    # the standings link opens elsewhere read-only and shows the same standings
    link = ok(face.tournament_link(t))["link"]
    opened = ok(face.tournament_open_link("https://example.org/#" + link))
    assert opened["readonly"] is True
    assert ok(face.tournament_standings(json.dumps(opened["tournament"])))["standings"] == view["standings"]
    tsh = ok(face.tournament_tsh(t))
    assert len(tsh["tsh"].splitlines()) == 5 and tsh["renamed"] == {}
    # export and import as JSON
    assert ok(face.tournament_import(t))["tournament"] == json.loads(t)
    t2 = tournament(face.tournament_pair_round(t))
    assert len(json.loads(t2)["paired"]) == 2


def test_players_come_and_go_through_the_face():
    t = tournament(face.tournament_pair_round(tournament(face.tournament_new(json.dumps(SPEC)))))
    reply = ok(face.tournament_add_player(t, "  Flo  "))
    assert reply["message"] == "Flo plays from round 2."
    t = json.dumps(reply["tournament"])
    a = json.loads(t)["paired"][0]["games"][0]["players"][0]
    b = json.loads(t)["paired"][0]["games"][0]["players"][1]
    reply = ok(face.tournament_withdraw(t, a))
    assert reply["message"] == (f"{a} is paired no more. Their unplayed game was dropped: {b} has no game in "
                                f"round 1. Pair the latest round again to pair {b} (the other games stand).")
    waiting = json.dumps(reply["tournament"])
    assert ok(face.tournament_standings(waiting))["next"]["unpaired"] == [b]
    reply = ok(face.tournament_repair_round(waiting))
    rd = reply["tournament"]["paired"][0]
    assert a not in [n for g in rd["games"] for n in g["players"]] + [rd["bye"]]
    assert reply["message"].startswith(f"Round 1 paired again; only {b} and ")        # and the bye: five players
    assert reply["message"].endswith("no longer has the bye. The other game stands as posted.")
    # a correction of round 1 once round 2 is posted: the message says the pairings stand
    t = json.dumps(reply["tournament"])
    for g in reply["tournament"]["paired"][0]["games"]:
        t = tournament(face.tournament_add_typed(t, json.dumps({"round": 1, "first": g["players"][0],
                                                                "second": g["players"][1], "scores": [300, 200],
                                                                "turns": [10, 10]})))
    t = tournament(face.tournament_pair_round(t))
    first, second = json.loads(t)["paired"][0]["games"][0]["players"]
    fixed = ok(face.tournament_add_typed(t, json.dumps({"round": 1, "first": first, "second": second,
                                                         "scores": [100, 400], "turns": [10, 10], "replace": True})))
    assert fixed["message"] == "Round 2's pairings stand as posted (they were made from the results as they were)."
    assert fixed["tournament"]["paired"][1] == json.loads(t)["paired"][1]
    taken = ok(face.tournament_clear_result(t, 1, first, second))
    assert taken["message"].startswith("The result is taken back; the game is to be recorded again. Round 2's")


@pytest.mark.parametrize("call, message", [
    (lambda: face.tournament_new("{"), "not readable"),
    (lambda: face.tournament_new(json.dumps({**SPEC, "players": ["Ann", "ANN"]})), "two players are called"),
    (lambda: face.tournament_new(json.dumps({**SPEC, "players": ["Solo"]})), "at least 2 players"),
    (lambda: face.tournament_new(json.dumps({**SPEC, "players": [f"P{i}" for i in range(129)]})),
     "at most 128 players"),
    (lambda: face.tournament_new(json.dumps({**SPEC, "rounds": 99})), "at most 10 rounds"),
    (lambda: face.tournament_new(None), "not readable"),
    (lambda: face.tournament_import("[" * 100_000), "not readable"),
    (lambda: face.tournament_import('{"format": "wlc-tournament", "version": 9}'), "newer version"),
    (lambda: face.tournament_pair_round("null"), "a tournament is a JSON object"),
    (lambda: face.tournament_open_link("#t1.AAAAAAAA"), "standings link is damaged"),
    (lambda: face.tournament_open_link("#g1.AAAA"), "a game link, not a standings link"),
    (lambda: face.tournament_add_typed("{}", "[[["), "not readable"),
    (lambda: face.tournament_standings(12), "not readable"),
    (lambda: face.tournament_tsh("{}"), "players must be a list"),
])
def test_bad_input_is_an_error_reply(call, message):
    reply = json.loads(call())
    assert set(reply) == {"error"} and message in reply["error"]


def test_a_refused_result_leaves_the_tournament_as_it_was():
    t = tournament(face.tournament_pair_round(tournament(face.tournament_new(json.dumps(SPEC)))))
    before = json.loads(t)
    g = before["paired"][0]["games"][0]
    for call in (lambda: face.tournament_add_result_link(t, "#g1.broken"),
                 lambda: face.tournament_add_result_link(t, finished_link("Ann", "Zed", "z")),
                 lambda: face.tournament_add_result_link(t, finished_link(*g["players"], "x"), "two"),
                 lambda: face.tournament_add_result_link(t, finished_link(*g["players"], "x"), 1, "typed"),
                 lambda: face.tournament_clear_result(t, 1, *g["players"]),
                 lambda: face.tournament_game(t, 4, *g["players"])):
        reply = json.loads(call())
        assert set(reply) == {"error"}, reply
    assert json.loads(t) == before


def test_a_no_show_is_a_forfeit_through_the_face():
    t = tournament(face.tournament_new(json.dumps({"name": "N", "players": ["Ann", "Bob", "Cy", "Di"], "rounds": 3})))
    t = tournament(face.tournament_pair_round(t))
    a, b = json.loads(t)["paired"][0]["games"][0]["players"]
    reply = ok(face.tournament_add_forfeit(t, 1, a, b, b.lower()))
    assert reply["message"] == f"Recorded: round 1, {a} wins by forfeit ({b} did not come)."
    assert reply["tournament"]["paired"][0]["games"][0]["result"]["source"] == "forfeit"
    assert "is not in the game" in json.loads(face.tournament_add_forfeit(t, 1, a, b, "Zed"))["error"]


def test_a_player_is_renamed_everywhere():
    t = tournament(face.tournament_new(json.dumps({"name": "N", "players": ["Ann", "Bob", "Cy"], "rounds": 3})))
    t = tournament(face.tournament_pair_round(t))
    reply = ok(face.tournament_rename(t, "bob", "  Robert   Lee "))
    assert reply["message"] == "Bob is now Robert Lee, in every round."
    data = reply["tournament"]
    names = [n for g in data["paired"][0]["games"] for n in g["players"]] + [data["paired"][0]["bye"]]
    assert "Robert Lee" in names and "Bob" not in names and "Robert Lee" in [p["name"] for p in data["players"]]
    assert "two players are called" in json.loads(face.tournament_rename(t, "Bob", "ann"))["error"]
    assert "no player 'Zed'" in json.loads(face.tournament_rename(t, "Zed", "Z"))["error"]
    assert ok(face.tournament_rename(t, "Bob", "BOB"))["message"] == "Bob is now BOB, in every round."
