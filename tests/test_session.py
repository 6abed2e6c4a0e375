"""engine.session: the text API the page's engine worker exposes (JSON in, JSON out)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import session
from engine.lexicon import Lexicon
from engine.notation import parse_move
from engine.rules import Rules

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module", autouse=True)
def real_lexicon():
    session.use_lexicon(Lexicon.from_bytes((ROOT / "wordlists" / "lexicon.bin").read_bytes()))


def start(rules="classic", seed="s1", seats=None, actions=()):
    spec = {"rules": rules, "seed": seed, "actions": list(actions)}
    if seats is not None:
        spec["seats"] = seats
    return json.loads(session.open(json.dumps(spec)))


HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def placement_of(move_text: str, snap: dict) -> dict:
    """The tiles a player would put down for ``move_text`` (as the page sends them)."""
    game = session._need_game()
    play = parse_move(move_text, game.board, game.rules, snap["racks"][snap["rack_player"]])
    size = game.board.size
    tiles = [{"sq": f"{chr(65 + sq % size)}{sq // size + 1}", "tile": tile, "letter": cell.upper()}
             for sq, cell, tile in play.tiles]
    return {"tiles": tiles, "pre": [f"{k} {chr(65 + sq % size)}{sq // size + 1}" for k, sq in play.pre]}


def best_move(snap: dict) -> str:
    from engine.computer import computer_action
    return computer_action(session._need_game(), "hard", None)


def test_layout_classic_and_extended():
    lay = json.loads(session.layout("classic"))
    assert lay["size"] == 15 and lay["start"] == "H8" and lay["inner"] is None
    assert lay["premiums"][7][14:16] == "DW" and lay["premiums"][0][0:2] == "TW"
    assert lay["values"]["Q"] == 10 and lay["rack_size"] == 7
    big = json.loads(session.layout("iii"))
    assert big["size"] == 21 and big["inner"] == [3, 3, 17, 17] and big["rack_size"] == 8
    assert "error" in json.loads(session.layout("nonsense"))


def test_open_new_game_snapshot():
    snap = start("classic", "s1")
    assert snap["scores"] == [0, 0] and snap["to_move"] == 0 and snap["phase"] == "play"
    assert [len(r) for r in snap["racks"]] == [7, 7] and snap["bag"] == 86
    assert snap["legal"]["place"] and snap["legal"]["pass"] and snap["legal"]["exchange"] == 7
    assert not snap["legal"]["challenge"] and snap["tiles"] == [] and snap["turns"] == []
    assert snap["seats"][1]["kind"] == "hard"


def test_preview_then_act_scores_as_previewed():
    snap = start("classic", "s2", HUMANS)
    move = best_move(snap)
    placement = placement_of(move, snap)
    prev = json.loads(session.preview(json.dumps(placement)))
    assert prev["legal"] and prev["error"] is None and prev["move"]
    after = json.loads(session.act(prev["move"]))
    assert "error" not in after
    assert after["scores"][0] == prev["score"] > 0
    assert after["to_move"] == 1 and after["turns"][0]["text"] == prev["move"]
    assert sorted(after["last_squares"]) == sorted(t["sq"] for t in placement["tiles"])
    assert after["message"].startswith("Ann played")


def test_preview_reports_illegal_placements():
    start("classic", "s3", HUMANS)
    rack = session._need_game().rack(0)
    tiles = [{"sq": sq, "tile": t, "letter": t if t != "?" else "E"} for sq, t in zip(("A1", "B1"), rack)]
    prev = json.loads(session.preview(json.dumps({"tiles": tiles})))
    assert not prev["legal"] and prev["move"] is None and "H8" in prev["error"]
    apart = [{"sq": sq, "tile": t, "letter": t if t != "?" else "E"} for sq, t in zip(("H8", "J9"), rack)]
    prev = json.loads(session.preview(json.dumps({"tiles": apart})))
    assert not prev["legal"] and prev["error"]
    bad = json.loads(session.preview("{not json"))
    assert not bad["legal"] and bad["error"]


def test_preview_hides_word_validity_when_judged_after_the_play():
    # Under double challenge a phony's preview must look like any other play.
    snap = start("classic", "s4", HUMANS)
    rack = snap["racks"][0].replace("?", "")
    letters = rack[:3]
    tiles = [{"sq": f"{c}8", "tile": t, "letter": t} for c, t in zip("GHI", letters)]
    prev = json.loads(session.preview(json.dumps({"tiles": tiles})))
    assert prev["legal"] and prev["invalid_words"] == []


def test_rejected_action_changes_nothing():
    snap = start("classic", "s5", HUMANS)
    out = json.loads(session.act("8H QQQQQQQ"))
    assert set(out) == {"error"} and out["error"]
    assert json.loads(session.snapshot())["racks"] == snap["racks"]


def test_open_stops_at_first_bad_action_and_names_it():
    snap = start("classic", "s6", HUMANS, actions=["-", "8H ZZZZZ", "-"])
    assert "move 2" in snap["error"] and len(snap["actions"]) == 1


@pytest.mark.parametrize("spec", ["[]", "{", '{"rules": "nope"}', '{"seats": [{"kind": "robot"}]}',
                                  '{"seats": []}', '{"actions": "8D A"}', '{"seed": [1]}'])
def test_malformed_specs_give_errors(spec):
    out = json.loads(session.open(spec))
    assert out["error"] and isinstance(out["error"], str)


def test_names_are_kept_as_text_and_trimmed():
    snap = start(seats=[{"name": "<img src=x onerror=alert(1)>", "kind": "human"},
                        {"name": "  B   o b " + "x" * 50, "kind": "easy"}])
    assert snap["seats"][0]["name"] == "<img src=x onerror=alert(1)>"
    assert snap["seats"][1]["name"].startswith("B o b") and len(snap["seats"][1]["name"]) == 56


def test_computer_replies_and_undo_takes_it_back():
    snap = start("classic", "s7")
    move = best_move(snap)
    session.act(move)
    after = json.loads(session.computer(500))
    assert after["to_move"] == 0 and len(after["turns"]) == 2 and after["events"]
    back = json.loads(session.undo(2))
    assert back["racks"] == snap["racks"] and back["turns"] == []


def test_rebuilt_game_equals_played_game():
    start("o", "s8", [{"name": "A", "kind": "hard"}, {"name": "B", "kind": "medium"}])
    for _ in range(6):
        session.computer(500)
    played = json.loads(session.snapshot())
    again = start("o", "s8", played["seats"], played["actions"])
    assert again["racks"] == played["racks"] and again["scores"] == played["scores"]
    assert again["tiles"] == played["tiles"] and "error" not in again


@pytest.mark.parametrize("rules", ["classic", "iii"])
def test_computer_plays_a_whole_game(rules):
    start(rules, "whole", [{"name": "A", "kind": "hard"}, {"name": "B", "kind": "hard"}])
    for _ in range(200):
        snap = json.loads(session.snapshot())
        if snap["phase"] == "over":
            break
        snap = json.loads(session.computer(300))
        assert "error" not in snap
    assert snap["phase"] == "over" and snap["winner"]
    counted = sum(t["score"] for t in snap["turns"])
    assert counted == sum(snap["scores"])
    assert Rules.from_string(snap["rules"]).preset == rules


def test_share_link_reopens_the_same_game():
    start("ii", "link-seed", [{"name": "Zoë", "kind": "human"}, {"name": "Bot", "kind": "medium"}])
    session.act("-")
    session.computer(300)
    played = json.loads(session.snapshot())
    fragment = session.link(1)
    assert fragment.startswith("g1.") and len(fragment) < 1000
    session.open(json.dumps({"rules": "classic", "seed": 1}))  # something else in between
    again = json.loads(session.open_link("#" + fragment))
    assert again["racks"] == played["racks"] and again["actions"] == played["actions"]
    assert again["seats"] == played["seats"] and again["link"]["turn"] == 1


def test_damaged_link_is_a_friendly_error():
    out = json.loads(session.open_link("g1.AAAA"))
    assert set(out) == {"error"} and "damaged" in out["error"] or "not a game link" in out["error"]
