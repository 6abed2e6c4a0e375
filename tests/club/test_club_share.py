"""The tournament as text (engine/club/share.py): the standings link (compressed,
versioned, checksummed; damage refused precisely) and the TSH .t file."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from engine.club import director, share
from engine.club.model import Tournament, TournamentError
from engine.club.pairing import round_robin
from engine.records.link import MAX_FRAGMENT
from test_club_tournament import SIX, new, play_round


def without_links(t: Tournament) -> dict:
    data = t.to_dict()
    for rd in data["paired"]:
        for g in rd["games"]:
            if g["result"]:
                g["result"].pop("link", None)
                g["result"].pop("key", None)
    return data


@pytest.fixture(scope="module")
def played() -> Tournament:
    t = play_round(director.pair_next_round(new(SIX[:5], rounds=4)))
    t = director.pair_next_round(t)
    g = t.paired[1].games[0]
    t = director.add_typed(t, 2, g.players[0], g.players[1], [380, 391], [11, 12])
    t = director.add_player(t, "Gus")
    return director.withdraw_player(t, "Ann")


def test_the_standings_link_carries_the_whole_tournament_but_the_game_links(played):
    fragment = share.encode(played)
    assert fragment.startswith("t1.") and len(fragment) < 1000
    for text in (fragment, "#" + fragment, "https://example.org/index.html#" + fragment):
        again = share.decode(text)
        assert again.to_dict() == without_links(played)
    assert director.table(share.decode(fragment)) == director.table(played)


def test_a_results_empty_note_survives_the_link(played):
    data = played.to_dict()
    data["paired"][0]["games"][0]["result"]["note"] = ""
    data["paired"][0]["games"][1]["result"]["note"] = "a note"
    t = Tournament.from_dict(data)
    again = share.decode(share.encode(t))
    assert again.to_dict() == without_links(t)
    assert [g.result.note for g in again.paired[0].games[:2]] == ["", "a note"]


def test_an_online_games_marks_survive_the_link(played):
    """Started from the pairing's invitation, and the oath each player took: a reader of
    the standings link sees them as the director does (engine/club/invite.py)."""
    data = played.to_dict()
    first, second = data["paired"][0]["games"][:2]
    first["result"].update(source="link", invited=True, oath="21")
    second["result"].update(oath="10")
    t = Tournament.from_dict(data)
    again = share.decode(share.encode(t))
    assert again.to_dict() == without_links(t)
    assert [(g.result.invited, g.result.oath) for g in again.paired[0].games[:2]] == [(True, "21"), (False, "10")]


def test_a_link_without_the_marks_still_reads(played):
    """A result written before the marks (eight figures, or with its note) reads as
    having none."""
    data = json.loads(zlib.decompress(base64.urlsafe_b64decode(share.encode(played)[3:] + "==")[:-4], -15))
    games = data[6][0][2]
    games[0][3] = games[0][3][:8]
    games[1][3] = games[1][3][:8] + ["a note"]
    again = share.decode(seal(json.dumps(data).encode()))
    assert [(g.result.note, g.result.invited, g.result.oath) for g in again.paired[0].games[:2]] == [
        (None, False, None), ("a note", False, None)]


def test_a_marks_wrong_kind_is_refused(played):
    data = json.loads(zlib.decompress(base64.urlsafe_b64decode(share.encode(played)[3:] + "==")[:-4], -15))
    data[6][0][2][0][3] = data[6][0][2][0][3][:8] + [None, 2]
    with pytest.raises(TournamentError, match="a result is malformed"):
        share.decode(seal(json.dumps(data).encode()))
    data[6][0][2][0][3] = data[6][0][2][0][3][:8] + [None, 0, "93"]
    with pytest.raises(TournamentError, match="the oath is two digits"):
        share.decode(seal(json.dumps(data).encode()))
    data[6][0][2][0][3] = data[6][0][2][0][3][:8] + [None, 1, None]
    data[6][0][2][0][3][0] = 2        # typed figures cannot have come from an invitation
    with pytest.raises(TournamentError, match="came in by its link"):
        share.decode(seal(json.dumps(data).encode()))


def test_a_damaged_standings_link_is_refused_precisely(played):
    fragment = share.encode(played)
    with pytest.raises(TournamentError, match=r"^this standings link is damaged \(it may have been cut off\)$"):
        share.decode(fragment[:-5])
    rng = random.Random(5)
    for _ in range(60):
        i = rng.randrange(3, len(fragment))
        swapped = fragment[:i] + ("A" if fragment[i] != "A" else "B") + fragment[i + 1:]
        with pytest.raises(TournamentError, match="damaged"):
            share.decode(swapped)


@pytest.mark.parametrize("text, message", [
    ("#g1.AAAA", "this is a game link, not a standings link"),
    ("t2.AAAA", "from a newer version"),
    ("hello", "this is not a standings link"),
    ("t01.AAAA", "damaged"),
    ("", "this is not a standings link"),
])
def test_other_texts_are_named(text, message):
    with pytest.raises(TournamentError, match=message):
        share.decode(text)


def seal(payload: bytes) -> str:
    """A link around any bytes, with a valid checksum (to reach the content checks)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    packed = packer.compress(payload) + packer.flush()
    crc = zlib.crc32(b"t1." + packed).to_bytes(4, "big")
    return "t1." + base64.urlsafe_b64encode(packed + crc).decode("ascii").rstrip("=")


@pytest.mark.parametrize("payload, message", [
    (b"not json", "damaged"),
    (b'[1, 2]', "its contents are not a tournament"),
    (json.dumps(["N", "classic", "ppt", 1, 1, [["A", 1, 0]], []]).encode(), "at least 2 players"),
    (json.dumps(["N", "classic", "ppt", 1, 1, [["A", 1, 0], ["B", 1, 0]],
                 [[0, -1, [[1, 0, 7, 0]]]]]).encode(), "player number is out of range"),
    (b"\xff\xfe", "damaged"),
])
def test_contents_behind_a_valid_checksum_are_still_checked(payload, message):
    with pytest.raises(TournamentError, match=message):
        share.decode(seal(payload))


def test_a_tournament_too_large_for_a_link_says_so():
    names = [f"Player {chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(128)]
    data = director.new_tournament("Big", "classic", names, 127).to_dict()
    rng = random.Random(1)
    data["paired"] = [{"round": r + 1, "games": [
        {"game": k + 1, "players": list(p), "result": {"source": "typed", "scores": [rng.randint(250, 500),
         rng.randint(250, 500)], "turns": [12, 12], "points": [0, 0]}} for k, p in enumerate(rd)]}
        for r, rd in enumerate(round_robin(names)[:40])]
    big = Tournament.from_dict(data)
    with pytest.raises(TournamentError, match=f"too large for a standings link .* holds {MAX_FRAGMENT:,}.*JSON"):
        share.encode(big)
    big.paired = big.paired[:6]                 # 128 players, 6 rounds: fits
    assert share.decode(share.encode(big)).to_dict() == without_links(big)


def typed(a: int, b: int, first: int = 0) -> dict:
    return {"source": "typed", "scores": [a, b], "turns": [10, 10], "points": [a, b], "first": first}


def test_tsh_file_one_line_per_player():
    data = {"name": "T", "rules": "classic", "rounds": 3, "seed": 1, "players": [
        {"name": "Ann"}, {"name": "Bot 2"}, {"name": "Cy; #1"}, {"name": "Wes", "left": 2},
        {"name": "Late", "joined": 2}], "paired": [
        {"round": 1, "games": [{"game": 1, "players": ["Ann", "Bot 2"], "result": typed(400, 350)},
                               {"game": 2, "players": ["Cy; #1", "Wes"], "result": typed(300, 320)}]},
        {"round": 2, "games": [{"game": 1, "players": ["Late", "Ann"], "result": typed(410, 390, 1)},
                               {"game": 2, "players": ["Bot 2", "Cy; #1"]}]}]}
    text, renamed, notes = share.tsh(Tournament.from_dict(data))
    assert text.splitlines() == [
        "Ann 0 2 5; 400 390; p12 1 1",         # opponents by line number, scores, who moved first
        "Bot Two 0 1 3; 350; p12 2 3",         # round 2 not played yet: no score, first not known (3)
        "Cy One 0 4 2; 300; p12 1 3",
        "Wes 0 3; 320; p12 2; off 0",          # withdrawn: the line stops, marked off
        "Late 0 0 1; 0 410; p12 0 2",          # not in round 1: opponent 0, score 0
    ]
    assert renamed == {"Bot 2": "Bot Two", "Cy; #1": "Cy One"}
    assert notes == ["Late joined at round 2: TSH reads the rounds before (opponent 0, score 0) as ties; the club "
                     "counts no game there."]


def test_tsh_writes_a_bye_as_opponent_zero_scoring_50():
    t = director.pair_next_round(new(["Ann", "Bob", "Cy"], rounds=1))
    g = t.paired[0].games[0]
    t = director.add_typed(t, 1, g.players[0], g.players[1], [420, 300], [10, 10])
    lines = dict(line.split(" ", 1) for line in share.tsh(t)[0].splitlines())
    number = {n: i + 1 for i, n in enumerate(t.names())}
    assert lines[t.paired[0].bye] == "0 0; 50; p12 0"
    assert lines[g.players[0]] == f"0 {number[g.players[1]]}; 420; p12 1"
