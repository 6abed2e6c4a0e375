"""Rules round 3: time's up (RULES.md 8, "Clock"), PPT of an invalid final-round
attempt, share links of games against the expert, and three session requests that
raised instead of answering.

Positions are set up on the game's private state (test set-up only)."""

from __future__ import annotations

import base64
import json
import random
import zlib
from dataclasses import replace

import pytest

from engine import session, tracking
from engine.session import review as session_review
from engine.game import END, FINAL, Game
from engine.records import link
from engine.records.link import LinkError, decode, encode
from engine.rules import PRESETS, Rules
from engine.tiles import rack_value
from enginekit import lexicon, rig

LEX = lexicon()
EMPTY = "/".join(["15"] * 15)


def from_position(rules: str, racks: str, scores: str) -> Game:
    """Two players on an empty board, the racks and scores given (seat 0 to move)."""
    return Game(Rules.from_string(rules), "s", 2, lexicon=LEX, start=f"{EMPTY} {racks} {scores} 0")


def end_lines(game: Game) -> list:
    return [(t.player, t.score) for t in game.turns if t.kind == END]


# ------------------------------------------------ 1. time's up: the score is final

@pytest.mark.parametrize("behind", [50, 10])
def test_running_out_of_time_while_behind_ends_the_game_with_scores_as_they_stand(behind):
    """Seed 002 rule 15.2: the one who runs out 'is over'. No rack is deducted, so
    the leader stays ahead (before: 43-3 from 50-52, and a 3-3 tie from 10-52)."""
    g = from_position("o,clock=60", "AEEIIOU/JKQVWXZ", f"{behind}/52")
    g.act("-", 61)
    assert g.over and g.end_reason == "player1 ran out of time and is behind"
    assert g.scores == (behind, 52) and end_lines(g) == []


def test_passing_the_timed_out_players_score_ends_the_game_without_adjustment():
    g = from_position("o,clock=60", "AEEIIOU/ZEBRASQ", "30/0")
    g.act("-", 61)                         # seat 0 runs out ahead: seat 1 plays on
    assert not g.over and g.timed_out == (True, False) and g.to_move == 1
    turn, = g.act("8D ZEBRAS", 5)
    assert g.over and "passed the score" in g.end_reason
    assert g.scores == (30, turn.score) and end_lines(g) == []


def test_every_player_out_of_time_ends_the_game_without_adjustment():
    g = from_position("o,clock=60", "AEEIIOU/JKQVWXZ", "52/50")
    g.act("-", 61)                         # ahead: seat 1 plays on
    g.act("-", 61)                         # and runs out too
    assert g.over and g.end_reason == "every player ran out of time"
    assert g.scores == (52, 50) and end_lines(g) == []


def test_going_out_after_a_timeout_adjusts_only_among_the_players_still_in():
    """Three players: seat 0 runs out; seat 1 goes out and gains seat 2's rack
    twice (classic adjustment), never seat 0's; seat 0 loses nothing."""
    g = Game(replace(PRESETS["o"], clock=60), 1, 3, lexicon=LEX)
    g.act("timeout", 60)                   # a time-out comes when the clock reaches zero
    assert g.timed_out == (True, False, False) and g.to_move == 1
    rig(g, 1, "ZEBRAS")
    g._state.bag.tiles = []
    frozen, rack2 = g.scores[0], g.rack(2)
    turn, = [t for t in g.act("8D ZEBRAS", 1) if t.kind != END]
    assert g.over and "went out" in g.end_reason
    assert end_lines(g) == [(1, 2 * rack_value(rack2))]
    assert g.scores == (frozen, turn.score + 2 * rack_value(rack2), 0)


def test_an_end_by_passes_after_a_timeout_leaves_the_timed_out_rack_alone():
    g = Game(replace(PRESETS["o"], clock=60), 1, 3, lexicon=LEX)
    g._state.bag.tiles = []
    g.act("timeout", 60)
    while not g.over:
        g.act("-", 1)
    assert "cycle" in g.end_reason or "turns in a row" in g.end_reason
    assert sorted(end_lines(g)) == [(1, -rack_value(g.rack(1))), (2, -rack_value(g.rack(2)))]
    assert g.scores[0] == 0


# ------------------------------------------------ 2. PPT: an invalid final attempt is a 0-point turn

def test_an_invalid_final_round_attempt_counts_as_a_zero_point_turn_in_ppt():
    g = Game(replace(PRESETS["o"], final_round=True), 1, lexicon=LEX)
    rig(g, 0, "ZEBRASQ")
    zebras, = g.act("8D ZEBRAS")
    rig(g, 0, "ERSDEEO")
    rig(g, 1, "CATXJKU")
    g._state.bag.tiles = []
    for _ in range(3):
        g.act("-")
    assert g.phase == "final" and g.to_move == 0
    attempt, = g.act("I5 TACS")            # seat 0, with seat 1's rack: TACS is no word
    assert attempt.kind == FINAL and attempt.invalid == ("TACS",) and attempt.score < 0
    g.act("-")                             # seat 1 declines: seat 0's stuck pass is dropped
    end, = [t.score for t in g.turns if t.kind == END and t.player == 0]
    assert g.over and g.scores[0] == zebras.score + end + attempt.score   # the score loses the value
    assert g.ppt(0) == zebras.score / 2    # PPT: ZEBRAS and a 0-point final turn
    line = [h for h in tracking.history(g) if h["kind"] == FINAL][0]
    assert line["score"] == attempt.score and "worth 0 in points per turn" in line["outcome"]


# ------------------------------------------------ 4. a game against the expert can be shared

EXPERT_SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Max", "kind": "expert"}]


@pytest.fixture()
def small_session():
    before = session._lexicon
    session.use_lexicon(LEX)
    yield
    session._lexicon = before


def test_every_session_seat_kind_has_a_link_digit():
    assert set(session.SEAT_KINDS) <= set(link.SEAT_KINDS)


def test_a_game_against_the_expert_gets_a_link_that_reopens_it(small_session):
    snap = json.loads(session.open(json.dumps({"rules": "o", "seed": 4, "seats": EXPERT_SEATS,
                                               "actions": ["-", "-"]})))
    assert "error" not in snap
    fragment = session.link(1)
    assert fragment.startswith("g3."), fragment
    spec = decode(fragment)
    assert spec["seats"] == EXPERT_SEATS and spec["actions"] == ["-", "-"] and spec["turn"] == 1
    again = json.loads(session.open_link(fragment))
    assert again["seats"] == EXPERT_SEATS and again["actions"] == snap["actions"]
    assert again["link"]["turn"] == 1


def test_only_games_with_an_expert_seat_are_written_as_g3():
    hard = {"rules": "o", "seed": 4, "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "hard"}]}
    assert encode(hard).startswith("g1.")
    assert encode(dict(hard, start=f"{EMPTY} AEINRST/ 1/2 0 var o;")).startswith("g2.")
    expert = dict(hard, seats=EXPERT_SEATS)
    assert encode(expert).startswith("g3.") and decode(encode(expert)) == dict(expert, actions=[])
    with_start = dict(expert, start=f"{EMPTY} AEINRST/ 1/2 0 var o;", actions=["8G AT"])
    assert decode(encode(with_start)) == with_start


def test_a_page_from_before_g3_refuses_an_expert_link_as_newer(monkeypatch):
    """What an older page does: its decoder knows versions up to 2, so it answers
    NEWER; the page then says the link could not be opened and keeps its game."""
    fragment = encode({"rules": "o", "seed": 4, "seats": EXPERT_SEATS})
    monkeypatch.setattr(link, "VERSION", 2)
    with pytest.raises(LinkError) as info:
        decode(fragment)
    assert str(info.value) == link.NEWER


def _sealed(tag: str, text: str) -> str:
    """A fragment around any TEXT with a valid checksum (what a crafted link is)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8", "surrogatepass")) + packer.flush()
    crc = zlib.crc32(tag.encode() + packed).to_bytes(4, "big")
    return tag + base64.urlsafe_b64encode(packed + crc).decode().rstrip("=")


def test_a_g3_seat_kind_from_a_newer_version_is_refused_as_newer():
    with pytest.raises(LinkError) as info:
        decode(_sealed("g3.", "o\ni4\n\n2\n0Ann\n9Robot"))
    assert str(info.value) == link.NEWER
    # g1 and g2 never carried a digit past 3: there it is damage, as before
    with pytest.raises(LinkError, match="damaged"):
        decode(_sealed("g1.", "o\ni4\n2\n0Ann\n4Max"))


def test_g3_links_mutated_inside_the_checksum_raise_only_link_error():
    rng = random.Random(23)
    start = f"{EMPTY} AEINRST/ 1/2 0 var o;"
    text = "\n".join(["o,clock=60", "sg3", start, "3", "0Ann", "4Max", "3Bo", "8G AT @1500ms", "challenge"])
    opened = 0
    for _ in range(2_000):
        lines = text.split("\n")
        i = rng.randrange(len(lines))
        ch = rng.choice("0123456789\n\x00é?abc ")
        j = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:j] + ch + lines[i][j + rng.choice((0, 1)):]
        try:
            spec = decode(_sealed("g3.", "\n".join(lines)))
        except LinkError as exc:
            assert str(exc)
            continue
        opened += 1
        assert 1 <= len(spec["seats"]) <= 4 and all(s["kind"] in link.SEAT_KINDS for s in spec["seats"])
        assert decode(encode(spec)) == spec      # what it reads, it writes back the same
    assert opened > 50


# ------------------------------------------------ 6. the session answers instead of raising

def _went_out(seats, word: str) -> dict:
    """Seat 0 goes out with ``word`` on an empty bag (classic: it may be challenged)."""
    session.open(json.dumps({"rules": "classic", "seed": 1, "seats": seats}))
    game = session._need_game()
    rig(game, 0, word)
    game._state.bag.tiles = []
    snap = json.loads(session.act(f"8D {word}"))
    assert snap["phase"] == "over" and snap["legal"]["challenge"]
    return snap


def test_computer_after_the_end_answers_when_it_accepts_the_last_play(small_session):
    _went_out([{"name": "Bot", "kind": "hard"}, {"name": "Ann", "kind": "human"}], "ZEBRAS")
    out = json.loads(session.computer(500))      # Ann, a person, may challenge: not the computer
    assert out == {"error": "Ann is not a computer player"}
    snap = _went_out([{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "hard"}], "ZEBRAS")
    out = json.loads(session.computer(500))
    assert out == {"error": "Bot accepts the play that ended the game"}
    assert json.loads(session.snapshot())["actions"] == snap["actions"]


def test_computer_after_the_end_challenges_a_phony_that_went_out(small_session):
    _went_out([{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "hard"}], "ZEBRAE")
    snap = json.loads(session.computer(500))
    assert snap["actions"][-1] == "challenge" and snap["phase"] == "play"
    assert snap["turns"][-1]["kind"] == "phony" and snap["to_move"] == 1


@pytest.mark.parametrize("call", [
    lambda: session_review.review_plan('{"a":' * 3000, ""),
    lambda: session_review.review_summary("[" * 5000),
    lambda: session_review.review_plan("", "[" * 5000),
])
def test_review_requests_nested_too_deep_are_unreadable_not_a_crash(small_session, call):
    session.open(json.dumps({"rules": "classic", "seed": 1}))
    assert "not readable" in json.loads(call())["error"]


GOOD_RESULT = {"turn": 0, "player": 0, "score": 1, "best_score": 5, "missed": 4, "found": False,
               "ranking": "score", "best": "8D A", "best_words": [{"word": "AB", "score": 5}], "words": ["A"]}


@pytest.mark.parametrize("change", [
    {"best_words": [{"x": 1}]}, {"best_words": {"word": "AB"}}, {"best_words": "AB"},
    {"best_words": [{"word": 3}]}, {"words": [["A"]]}, {"words": "A"}, {"score": "1"},
    {"missed": None}, {"best_score": True}, {"turn": 1.5}, {"found": "no"}, {"ranking": ["score"]},
    {"best": 5}, {"ms": "fast"}, {"missed": float("inf")},
])
def test_a_malformed_review_result_is_refused_with_a_message(change):
    out = json.loads(session_review.review_summary(json.dumps([dict(GOOD_RESULT, **change)])))
    assert set(out) == {"error"} and out["error"].startswith("a turn review")


def test_a_well_formed_review_result_is_summarised():
    out = json.loads(session_review.review_summary(json.dumps([GOOD_RESULT])))
    assert out["players"][0]["missed"] == 4 and [w["word"] for w in out["words_missed"]] == ["AB"]
