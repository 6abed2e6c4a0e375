"""The TSH export read back by TSH's own rules: a tournament with accented
names, a withdrawal, a bye and a forfeit gives the same wins, losses and spreads
when its .t file is read as TSH reads it as in the club's standings.

TSH's rules for a division's .t file, as its documentation gives them (John Chew's
TSH manual, "Configuring tsh", the division data files; "Data Entry with tsh" for
byes and forfeits), written down here as the reader below applies them:

1. The file is Latin-1 text unless TSH's configuration says otherwise; one line a
   player, numbered from 1 by its place in the file.
2. A line is the player's name, their rating (a whole number), one opponent number
   per round, a ';', then one score per round played. Further ';'-separated fields
   are a word and its values: ``p12`` (per round: 1 moved first, 2 second, 0 no
   game, 3 not decided yet), ``off`` (the player is withdrawn and paired no more).
3. An opponent number k > 0 is a game: the player's spread that round is their score
   less k's score in the same round; more is a win, equal a tie, less a loss.
4. Opponent 0 is no game (a bye or a forfeit): the score is the spread the player is
   given; above 0 a win, 0 a tie, below 0 a loss.
5. Rounds past the end of a line were not played by that player.
"""

from __future__ import annotations

import json
from urllib.parse import unquote_to_bytes

import pytest

from engine.club import director, face, share
from engine.club.model import TournamentError
from test_club_replay import LEX, finished_link


def read_tsh(data: bytes, encoding: str = "latin-1") -> dict[str, dict]:
    """Each player's wins, losses, ties and spread by rules 1-5, with their p12 and off."""
    rows = []
    for line in data.decode(encoding).splitlines():                  # rule 1
        fields = [f.strip() for f in line.split(";")]
        head = fields[0].split()
        rating_at = next(i for i, w in enumerate(head) if w.isdigit())   # rule 2: the name, then the rating
        extra = {f.split()[0]: [int(x) for x in f.split()[1:]] for f in fields[2:] if f}
        rows.append({"name": " ".join(head[:rating_at]), "opponents": [int(x) for x in head[rating_at + 1:]],
                     "scores": [int(x) for x in fields[1].split()] if len(fields) > 1 else [],
                     "p12": extra.get("p12", []), "off": "off" in extra})
    out = {}
    for row in rows:
        wins = losses = ties = spread = 0
        for r, opp in enumerate(row["opponents"]):
            if r >= len(row["scores"]):                              # rule 5 (and an unplayed round)
                break
            mine = row["scores"][r]
            margin = mine - rows[opp - 1]["scores"][r] if opp else mine   # rules 3 and 4
            spread += margin
            wins, losses, ties = wins + (margin > 0), losses + (margin < 0), ties + (margin == 0)
        out[row["name"]] = {"wins": wins + ties / 2, "losses": losses, "spread": spread, "p12": row["p12"],
                            "off": row["off"], "opponents": row["opponents"]}
    return out


def evening():
    """Five players, three rounds: accents, a bye each round, a forfeit, a withdrawal."""
    names = ["Zoë Ames", "Émile Brun", "Cy", "Dev", "Łukasz"]
    t = director.new_tournament("Soirée", "classic", names, 3, seed="tsh")
    for r in (1, 2, 3):
        t = director.pair_next_round(t)
        for k, g in enumerate(t.paired[-1].games):
            a, b = g.players
            if r == 2 and k == 0:
                t = director.add_forfeit(t, r, a, b, absent=b)        # b did not come
            else:
                t, _ = director.add_link(t, r, finished_link(a, b, t.game_seed(r, g), 3 + k + r), LEX)
        if r == 2:
            leaving = t.paired[-1].games[-1].players[0]
            t = director.withdraw_player(t, leaving)                  # after round 2: plays no round 3
    return t


def test_the_export_read_by_tshs_rules_gives_the_clubs_standings():
    t = evening()
    text, renamed, notes = share.tsh(t)
    data = text.encode("latin-1")                                       # Latin-1, TSH's default
    assert "Zoë Ames".encode("latin-1") in data and "Émile Brun".encode("latin-1") in data
    assert renamed == {"Łukasz": "Lukasz"} and notes == []              # Ł is not Latin-1: its letter kept
    read = read_tsh(data)
    club = {r["player"]: r for r in director.table(t)}
    for name, row in club.items():
        got = read[renamed.get(name, name)]
        assert (got["wins"], got["losses"], got["spread"]) == (row["wins"], row["losses"], row["spread"]), name
    gone = next(p.name for p in t.players if p.left is not None)
    assert read[renamed.get(gone, gone)]["off"] and sum(p["off"] for p in read.values()) == 1
    assert len(read[renamed.get(gone, gone)]["opponents"]) == 2         # their line stops after round 2
    # p12: who moved first, game by game, as the results say; 0 for a bye or a forfeit
    number = {n: i for i, n in enumerate(t.names())}
    for rd in t.paired:
        for g in rd.games:
            res = g.result
            for side, name in enumerate(g.players):
                want = 0 if res.source == "forfeit" else (1 if side == res.first else 2)
                assert read[share.tsh_name(name, "latin-1")]["p12"][rd.round - 1] == want
        if rd.bye:
            assert read[share.tsh_name(rd.bye, "latin-1")]["p12"][rd.round - 1] == 0
    assert len(read) == len(number)                                     # every player has a line


def test_utf8_on_request_and_the_page_gets_the_bytes_of_its_encoding():
    t = evening()
    text, renamed, _ = share.tsh(t, "utf-8")
    assert renamed == {} and "Łukasz" in text
    assert read_tsh(text.encode("utf-8"), "utf-8").keys() == set(t.names())
    reply = json.loads(face.tournament_tsh(json.dumps(t.to_dict())))      # Latin-1 unless asked
    assert reply["encoding"] == "latin-1" and reply["href"].startswith("data:text/plain;charset=iso-8859-1,")
    assert unquote_to_bytes(reply["href"].split(",", 1)[1]) == reply["tsh"].encode("latin-1")
    reply = json.loads(face.tournament_tsh(json.dumps(t.to_dict()), "utf-8"))
    assert unquote_to_bytes(reply["href"].split(",", 1)[1]) == text.encode("utf-8")
    with pytest.raises(TournamentError, match="Latin-1 \\(TSH's default\\) or UTF-8"):
        share.tsh(t, "cp1252")


def test_a_forfeit_is_50_0_with_no_turns_and_is_written_as_tsh_writes_one():
    t = director.pair_next_round(director.new_tournament("F", "classic", ["Ann", "Bob", "Cy", "Di"], 3, seed=1))
    a, b = t.paired[0].games[0].players
    t = director.add_forfeit(t, 1, a, b, absent=a)
    res = t.paired[0].games[0].result
    assert (res.source, res.scores, res.turns, res.points) == ("forfeit", [0, 50], [0, 0], [0, 0])
    rows = {r["player"]: r for r in director.table(t)}
    assert (rows[b]["wins"], rows[b]["spread"], rows[b]["ppt"]) == (1, 50, 0)
    assert (rows[a]["losses"], rows[a]["spread"]) == (1, -50)
    assert rows[a]["forfeits"] == rows[b]["forfeits"] == 1 and sum(r["forfeits"] for r in rows.values()) == 2
    lines = dict(line.split(" 0 ", 1) for line in share.tsh(t)[0].splitlines())
    assert lines[a].startswith("0; -50; p12 0") and lines[b].startswith("0; 50; p12 0")
    with pytest.raises(TournamentError, match="already has a result"):
        director.add_forfeit(t, 1, a, b, absent=b)
    with pytest.raises(TournamentError, match="is not in the game"):
        director.add_forfeit(t, 1, a, b, absent="Zed")
    back = share.decode(share.encode(t))                                  # the standings link keeps it
    assert back.paired[0].games[0].result.source == "forfeit"


def test_when_neither_came_both_lose_by_50_and_they_have_not_met():
    t = director.pair_next_round(director.new_tournament("F", "classic", ["Ann", "Bob", "Cy", "Di"], 3, seed=1))
    (a, b), (c, d) = (g.players for g in t.paired[0].games)
    t = director.add_forfeit(t, 1, a, b, absent=None)
    t = director.add_typed(t, 1, c, d, [400, 300], [10, 10])
    rows = {r["player"]: r for r in director.table(t)}
    for name in (a, b):
        assert (rows[name]["games"], rows[name]["losses"], rows[name]["wins"], rows[name]["spread"],
                rows[name]["forfeits"]) == (1, 1, 0, -50, 1)
    read = read_tsh(share.tsh(t)[0].encode("latin-1"))
    for name, row in rows.items():
        assert (read[name]["wins"], read[name]["losses"], read[name]["spread"]) == (
            row["wins"], row["losses"], row["spread"]), name
    assert director.repeats(director.pair_next_round(t), 2) == []
    from engine.club.standings import entrants
    assert b not in entrants(director.tournament_games(t), (), t.names())[a].opponents     # not met
    said = json.loads(face.tournament_add_forfeit(json.dumps(t.to_dict()), 1, a, b, "", 1))["message"]
    assert said.startswith(f"Recorded: round 1, neither {a} nor {b} came: both lose by forfeit.")
