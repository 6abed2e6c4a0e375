"""``python -m engine pair`` and ``python -m engine standings`` (engine/club/cli.py):
the output the issue specifies, and one line with exit 2 for bad input."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.club.pairing import Entrant, pair_by_ppt
from engine.club.replay import replay_link
from engine.club.standings import GameResult, standings
from test_club_replay import LEX, finished_link, link_of, make_game

ROOT = Path(__file__).resolve().parents[2]


def run(command: str, stdin: str, check: bool = True):
    proc = subprocess.run([sys.executable, "-m", "engine", command], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


FIELD = {"players": [
    {"name": "Ann", "points": 720, "turns": 24, "opponents": ["Bob", "Cy"], "byes": 0, "firsts": 1},
    {"name": "Bob", "points": 610, "turns": 22, "opponents": ["Ann", "Di"], "byes": 0},
    {"name": "Cy", "points": 880, "turns": 23, "opponents": ["Di", "Ann"], "byes": 0},
    {"name": "Di", "points": 500, "turns": 25, "opponents": ["Cy", "Bob"], "byes": 0},
    {"name": "Ed", "points": 390, "turns": 12, "opponents": ["Flo"], "byes": 1},
    {"name": "Flo", "points": 400, "turns": 13, "opponents": ["Ed"], "byes": 1},
    {"name": "Gus", "points": 0, "turns": 0, "opponents": [], "byes": 0},
], "seed": "night"}


def test_pair_prints_the_pairs_and_the_bye():
    out = json.loads(run("pair", json.dumps(FIELD)).stdout)
    entrants = [Entrant(p["name"], p["points"], p["turns"], tuple(p["opponents"]), p["byes"], p.get("firsts", 0))
                for p in FIELD["players"]]
    expected = pair_by_ppt(entrants, "night")
    assert out == {"pairs": [list(p) for p in expected.pairs], "bye": expected.bye}
    assert out["bye"] in {"Ann", "Bob", "Cy", "Di", "Gus"}        # Ed and Flo had theirs
    assert set(out) == {"pairs", "bye"}


def test_pair_leaves_out_the_withdrawn_whose_games_still_count():
    field = json.loads(json.dumps(FIELD))
    field["players"][6]["withdrawn"] = True                       # Gus leaves: six to pair
    out = json.loads(run("pair", json.dumps(field)).stdout)
    entrants = [Entrant(p["name"], p["points"], p["turns"], tuple(p["opponents"]), p["byes"], p.get("firsts", 0))
                for p in field["players"]]
    expected = pair_by_ppt(entrants[:6], "night", entrants)
    assert out == {"pairs": [list(p) for p in expected.pairs], "bye": None}
    field["players"][2]["withdrawn"] = True                       # Cy too: his PPT still counts
    out = json.loads(run("pair", json.dumps(field)).stdout)
    assert "Cy" not in [x for p in out["pairs"] for x in p] and out["bye"] is not None
    expected = pair_by_ppt(entrants[:2] + entrants[3:6], "night", entrants)
    assert out == {"pairs": [list(p) for p in expected.pairs], "bye": expected.bye}


def test_pair_draws_round_one_by_the_seed_and_even_fields_have_no_bye():
    field = {"players": [{"name": n} for n in "ABCDEF"], "seed": 7}
    out = json.loads(run("pair", json.dumps(field)).stdout)
    assert out["bye"] is None and sorted(x for p in out["pairs"] for x in p) == list("ABCDEF")
    assert json.loads(run("pair", json.dumps(field)).stdout) == out     # the same seed, the same draw


def test_pair_says_when_repeats_were_needed():
    field = {"players": [{"name": n, "points": 300, "turns": 10,
                          "opponents": [m for m in "ABCD" if m != n]} for n in "ABCD"]}
    proc = run("pair", json.dumps(field))
    assert proc.stderr.startswith("note: no pairing without repeats exists:") and "meet again" in proc.stderr
    assert len(json.loads(proc.stdout)["pairs"]) == 2


@pytest.mark.parametrize("stdin, message", [
    ("", "not JSON"),
    ("[1, 2]", "must be {\"players\""),
    ('{"players": [{"name": "A"}]}', "2 to 120,000 players \\(1 given\\)"),
    (json.dumps({"players": [{"name": f"P{i}"} for i in range(120_001)]}), "2 to 120,000 players \\(120,001 given\\)"),
    ('{"players": [{"name": "Ann"}, {"name": "ANN"}]}', "two players are called 'ANN'"),
    ('{"players": [{"name": "A", "opponents": ["Z"]}, {"name": "B"}]}', "played 'Z', who is not among"),
    ('{"players": [{"name": "A", "turns": -1}, {"name": "B"}]}', "turns must be a whole number"),
    ('{"players": [{"name": "A", "points": 30}, {"name": "B"}]}', "points but no turns"),
    ('{"players": [{"name": "A", "byes": true}, {"name": "B"}]}', "byes must be a whole number"),
    ('{"players": [{"name": ""}, {"name": "B"}]}', "name cannot be empty"),
    ('{"players": [{"name": "A", "opponents": ["A"]}, {"name": "B"}]}', "their own opponent"),
    ('{"players": [{"name": "A"}, {"name": "B"}], "seed": [1]}', "the seed is a number or a text"),
    ('{"players": [{"name": "A", "firsts": 2, "opponents": ["B"]}, {"name": "B", "opponents": ["A"]}]}',
     "moved first in more games"),
    ('{"players": [{"name": "A", "withdrawn": 1}, {"name": "B"}]}', "withdrawn must be true or false"),
    ('{"players": [{"name": "A", "withdrawn": true}, {"name": "B"}]}', "at least 2 players \\(1 not withdrawn\\)"),
])
def test_pair_bad_input_exits_2_with_one_line(stdin, message):
    proc = run("pair", stdin, check=False)
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("error: ")
    assert re.search(message, proc.stderr), proc.stderr


@pytest.fixture(scope="module")
def three_games() -> list[str]:
    return [finished_link("Ann", "Bob", "s1", 6), finished_link("Bob", "Cy", "s2", 6),
            finished_link("Cy", "Ann", "s3", 6)]


def test_standings_from_links_one_json_line_per_player(three_games):
    lines = ["https://example.org/index.html#" + three_games[0], "#" + three_games[1], "", three_games[2]]
    out = [json.loads(line) for line in run("standings", "\n".join(lines) + "\n").stdout.splitlines()]
    games = []
    for text in three_games:
        g = replay_link(text, LEX)
        games.append(GameResult(g.names, g.scores, g.turns, g.points))
    expected = standings(games)
    assert [list(row) for row in out] == [["rank", "player", "games", "wins", "win_pct", "ppt", "spread"]] * 3
    assert out == [{k: row[k] for k in ("rank", "player", "games", "wins", "win_pct", "ppt", "spread")}
                   for row in expected]
    assert [r["games"] for r in out] == [2, 2, 2] and sum(r["spread"] for r in out) == 0


def test_standings_bad_input_exits_2_with_one_line(three_games):
    unfinished = link_of(make_game("Ann", "Bob", "u", finish=False))
    same_names = finished_link("Ann", "ann", "x")
    for stdin, message in (("\n\n", "no game links on stdin"),
                           (three_games[0] + "\n" + three_games[1][:-8], "line 2: this game link cannot be read"),
                           (unfinished, "line 1: .*not finished"),
                           (three_games[0] + "\n#" + three_games[0], "line 2 is the same game as line 1"),
                           (same_names, "both players are called 'Ann'"),
                           ("hello", "line 1: this game link cannot be read: this is not a game link")):
        proc = run("standings", stdin, check=False)
        assert proc.returncode == 2 and proc.stdout == "", proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr
        assert re.search(message, proc.stderr), proc.stderr


def six_over_four(pair, seed) -> int:
    """A 6-player, 4-round tournament whose rounds ``pair(field)`` pairs (the
    field as ``pair`` reads it), with results drawn from each player's strength:
    the number of repeated meetings."""
    import random
    rng = random.Random(f"six-over-four:{seed}")
    names = ["Ann", "Bob", "Cy", "Dev", "Fay", "Zoe"]
    skill = {x: rng.uniform(18, 40) for x in names}
    field = {x: {"name": x, "points": 0, "turns": 0, "opponents": [], "firsts": 0} for x in names}
    again = 0
    for r in range(4):
        out = pair({"players": list(field.values()), "seed": seed, "rounds": 4})
        for a, b in out["pairs"]:
            again += b in field[a]["opponents"]
            for me, you in ((a, b), (b, a)):
                turns = rng.randint(10, 14)
                field[me]["turns"] += turns
                field[me]["points"] += round(turns * rng.gauss(skill[me], 6))
                field[me]["opponents"].append(you)
            field[a]["firsts"] += 1
    return again


def test_pair_with_the_planned_rounds_never_forces_a_repeat():
    def by_cli(data):
        return json.loads(run("pair", json.dumps(data)).stdout)

    def round_by_round(data):          # the same field, each round as if it were the last
        entrants = [Entrant(p["name"], p["points"], p["turns"], tuple(p["opponents"]), 0, p["firsts"])
                    for p in data["players"]]
        return {"pairs": [list(p) for p in pair_by_ppt(entrants, data["seed"]).pairs]}
    assert six_over_four(round_by_round, 1) > 0          # a last round with no repeat-free pairing left
    assert six_over_four(by_cli, 1) == 0


@pytest.mark.parametrize("extra, message", [
    ({"rounds": 0}, "rounds \\(the planned number\\) must be a whole number from 1"),
    ({"rounds": "4"}, "rounds \\(the planned number\\)"),
    ({"rounds": 2, "round": 3}, "round 3 is beyond the 2 planned rounds"),
    ({"rounds": 2, "round": 0}, "round \\(this round's number\\)"),
])
def test_pair_planned_rounds_bad_input(extra, message):
    proc = run("pair", json.dumps({"players": [{"name": "A"}, {"name": "B"}], **extra}), check=False)
    assert proc.returncode == 2 and re.search(message, proc.stderr), proc.stderr


def test_pair_help_documents_the_whole_input():
    out = subprocess.run([sys.executable, "-m", "engine", "pair", "--help"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60).stdout
    for key in ("players", "name", "points", "turns", "opponents", "byes", "firsts", "withdrawn", "seed",
                "rounds", "round"):
        assert f'"{key}"' in out, key


def respelled(text: str) -> dict[str, str]:
    """The same finished game's link spelled seven other ways."""
    import copy
    from engine.records.link import decode, encode
    spec = decode(text)

    def changed(change):
        s = copy.deepcopy(spec)
        change(s)
        return encode(s)
    first = spec["actions"][0]
    return {
        "a name in other case": changed(lambda s: s["seats"][0].update(name=s["seats"][0]["name"].lower())),
        "a name with a trailing space": changed(lambda s: s["seats"][1].update(name=s["seats"][1]["name"] + " ")),
        "a seat's kind": changed(lambda s: s["seats"][1].update(kind="hard")),
        "a newer link version": changed(lambda s: s["seats"][0].update(kind="expert")),
        "the rules with a default spelled out": changed(lambda s: s.update(rules="classic,clock=0")),
        "a move's time": changed(lambda s: s["actions"].__setitem__(0, first + " @0ms")),
        "a double space in a move": changed(lambda s: s["actions"].__setitem__(0, first.replace(" ", "  "))),
    }


def test_standings_counts_one_game_once_however_its_link_is_spelled(three_games):
    for way, other in respelled(three_games[0]).items():
        assert other != three_games[0], way
        proc = run("standings", three_games[0] + "\n" + three_games[1] + "\n" + other + "\n", check=False)
        assert proc.returncode == 2, way
        assert proc.stderr.strip() == "error: line 3 is the same game as line 1", (way, proc.stderr)


def test_standings_input_that_is_not_utf8_is_one_line_exit_2(three_games):
    proc = subprocess.run([sys.executable, "-m", "engine", "standings"], cwd=ROOT,
                          input=three_games[0].encode() + b"\n\xff\xfe broken\n", capture_output=True, timeout=120)
    assert proc.returncode == 2 and proc.stdout == b""
    assert proc.stderr.decode().strip() == "error: the input is not UTF-8 text (byte %d cannot be read)" % (
        len(three_games[0]) + 2)
    proc = subprocess.run([sys.executable, "-m", "engine", "pair"], cwd=ROOT, input=b'{"players": "\xc3"}',
                          capture_output=True, timeout=120)
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr and b"not UTF-8" in proc.stderr


def test_standings_keeps_games_of_different_rule_families_apart(three_games):
    """A classic game and a Word Lovers' game are not one table; each family has
    its own, its lines marked, and stderr says so. One family: no mark, no note."""
    other = finished_link("Ann", "Bob", "w1", 6, rules="ii")
    proc = run("standings", "\n".join(three_games + [other]) + "\n")
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.stderr.strip() == ('note: these games are of 2 rule families (classic, wordlovers); each has a '
                                   'table of its own, its lines marked with "family"')
    classic = [r for r in rows if r["family"] == "classic"]
    lovers = [r for r in rows if r["family"] == "wordlovers"]
    assert len(classic) == 3 and [r["games"] for r in classic] == [2, 2, 2]          # the three classic games only
    assert sorted(r["player"] for r in lovers) == ["Ann", "Bob"] and [r["games"] for r in lovers] == [1, 1]
    assert [r["rank"] for r in lovers][0] == 1 and rows == classic + lovers
    proc = run("standings", "\n".join(three_games) + "\n")
    assert proc.stderr == "" and all("family" not in json.loads(line) for line in proc.stdout.splitlines())
