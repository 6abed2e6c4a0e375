"""Issue 38 at the table: the game kept at a real table follows the dealt game's
clock and PPT rules (RULES.md 8): a time-out only at zero (the table page charges
the time its clock ran), the last player in who leads every timed-out player ends
the game on time, and a failed large-list check is a 0-point turn in PPT. A table
log written before a time-out had to carry its time still opens."""

from __future__ import annotations

import io
import json
import sys

import pytest

from engine import cli
from engine.actionlog import GameError
from engine.rules import Rules
from engine.table import TableGame, face
from enginekit import LARGE_ONLY, MAIN_WORDS, lexicon

LEX = lexicon()


def table(rules: str, players: int = 2) -> TableGame:
    return TableGame(Rules.from_string(rules), players, lexicon=LEX, names=["Ann", "Bob", "Cy", "Di"][:players])


def test_a_time_out_with_time_left_is_refused_at_the_table_too():
    game = table("o,clock=600")
    with pytest.raises(GameError, match="Ann still has 10:00 on the clock: time is up only when it reaches zero"):
        game.act("timeout")
    line, = game.act("timeout", 600)        # what the page sends: the time its clock ran
    assert line.kind == "time" and game.timed_out == (True, False) and game.actions == ("timeout @600000ms",)


def test_a_logged_time_out_without_its_time_still_replays():
    """The table page logged 'timeout' with no time before: such an entry reads as
    the rest of the clock running out, in a replay and in the page's view."""
    old = ["8D ZEBRAS @5000ms", "timeout"]
    game = TableGame.replay(Rules.from_string("o,clock=60"), old, lexicon=LEX, names=["Ann", "Bob"])
    assert game.timed_out == (False, True) and game.awaiting_racks and "ran out of time" in game.end_reason
    assert game.actions == ("8D ZEBRAS @5000ms", "timeout @60000ms")
    face.use_lexicon(LEX)
    try:
        view = json.loads(face.table_state(json.dumps({"rules": "o,clock=60", "names": ["Ann", "Bob"],
                                                        "actions": old})))
    finally:
        face.use_lexicon(None)
    assert view["timed_out"] == [False, True] and view["actions"] == list(game.actions)


def test_the_last_player_in_leading_every_timed_out_player_ends_the_table_game_on_time():
    game = table("o,clock=60", 3)
    game._state.scores = [50, 40, 55]       # set-up: the audit's scores
    game.act("-", 61)
    assert not game.awaiting_racks and game.to_move == 1
    game.act("-", 61)
    assert game.awaiting_racks and "leads every player who ran out of time" in game.end_reason
    assert game.act("end AEIOUST/BCDFGHL/JKQXZVW") == () and game.over and game.scores == (50, 40, 55)


def run(stdin: bytes, tmp_path) -> list:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(MAIN_WORDS + LARGE_ONLY) + "\n")
    old, out = (sys.stdin, sys.stdout), io.StringIO()
    sys.stdin, sys.stdout = io.TextIOWrapper(io.BytesIO(stdin)), out
    try:
        assert cli.main(["table", "--lexicon", str(words), "--rules", "o", "--names", "Ann,Bob"]) == 0
    finally:
        sys.stdin, sys.stdout = old
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_engine_table_counts_a_failed_check_as_a_zero_point_turn(tmp_path):
    """The audit: Bob's TAE (13) fails the large-list check too; his score loses 13
    but his PPT is 0.0, not -13.0."""
    *lines, last = run(b"8D ZEBRAS\n7E TAE\ncheck\n", tmp_path)
    assert [(x["player"], x["kind"], x["score"]) for x in lines] == [
        ("Ann", "play", 84), ("Bob", "invalid", 0), ("Bob", "invalid", -13)]
    assert last["scores"] == [84, -13] and last["ppt"] == [84.0, 0.0]
