"""Invitations (engine/club/invite.py): each pairing's game as a link carrying the
pairing, played elsewhere and recorded back; a game of another tournament, round or
pairing is refused with the reason; the oath is recorded and merged from both
devices' links; a round link lists the round's invitations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import session
from engine.club import director, face, invite
from engine.club.model import Tournament, TournamentError
from engine.records import link

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def lex():
    session.load_lexicon((ROOT / "wordlists" / "lexicon.bin").read_bytes())
    return session.loaded_lexicon()


def tour(name="Club", seed=1):
    t = director.new_tournament(name, "classic,clock=300", ["Ann", "Bob", "Cy", "Dev"], 3, seed=seed)
    return director.pair_next_round(t)


def finished(fragment, oath="", **change):
    """The invitation's game played to its end (six passes), with the oath given."""
    spec = link.decode(fragment)
    spec.update(actions=["-"] * 6, **change)
    if oath:
        spec["oath"] = oath
    return link.encode(spec)


def test_an_invitation_is_the_pairings_game_with_its_rules_clock_seed_names_and_pairing():
    t = tour()
    invites = invite.invitations(t, 1)
    assert [i["players"] for i in invites] == [g.players for g in t.paired[0].games]
    for i, g in zip(invites, t.paired[0].games):
        spec = link.decode(i["link"])
        assert i["link"].startswith("g6.")
        assert spec["rules"] == "classic,clock=300" and spec["seed"] == t.game_seed(1, g)
        assert [s["name"] for s in spec["seats"]] == g.players     # the first named moves first
        assert spec["event"] == {"id": invite.tournament_id("Club", "classic,clock=300", 1), "round": 1,
                                 "game": g.game}


def test_a_played_invitation_is_recorded_as_started_from_its_pairing_with_the_oath(lex):
    t = tour()
    g = t.paired[0].games[0]
    fragment = invite.invitations(t, 1)[0]["link"]
    t2, said = director.add_link(t, 0, finished(fragment, "21"), lex)
    res = t2.paired[0].games[0].result
    assert res.invited and res.note is None and res.oath == "21"
    assert "Started from the pairing" in said and f"{g.players[1]} took the oath before the game" in said
    # the other device's link of the same game: its oath joins the first's
    t3, said = director.add_link(t2, 0, finished(fragment, "12"), lex)
    assert t3.paired[0].games[0].result.oath == "22" and "already recorded" in said
    assert Tournament.from_dict(json.loads(json.dumps(t3.to_dict()))).paired[0].games[0].result.oath == "22"


def test_a_game_of_another_pairing_round_or_tournament_is_refused(lex):
    t = tour()
    first, second = invite.invitations(t, 1)
    spec = link.decode(first["link"])
    wrong = finished(first["link"], event=dict(spec["event"], game=second["game"]))
    with pytest.raises(TournamentError, match="another pairing's game and is not recorded"):
        director.add_link(t, 0, wrong, lex)
    with pytest.raises(TournamentError, match="not round 2's"):
        director.add_link(t, 2, finished(first["link"]), lex)
    with pytest.raises(TournamentError, match="only 1 rounds are paired"):
        director.add_link(t, 0, finished(first["link"], event=dict(spec["event"], round=2)), lex)
    other = invite.invitations(tour("Other club"), 1)[0]["link"]
    with pytest.raises(TournamentError, match="another tournament's invitation"):
        director.add_link(t, 0, finished(other), lex)


def test_the_standings_reply_gives_each_unplayed_pairing_its_invitation_and_the_round_link(lex):
    t = tour()
    reply = json.loads(face.tournament_standings(json.dumps(t.to_dict())))
    rd = reply["rounds"][0]
    assert all(g["invite"].startswith("g6.") for g in rd["games"])
    opened = json.loads(face.tournament_open_link("#" + rd["round_link"]))["round"]
    assert opened["round"] == 1 and [g["link"] for g in opened["games"]] == [g["invite"] for g in rd["games"]]
    t2, _ = director.add_link(t, 0, finished(rd["games"][0]["invite"]), lex)
    again = json.loads(face.tournament_standings(json.dumps(t2.to_dict())))["rounds"][0]["games"]
    assert "invite" not in again[0] and "invite" in again[1]


def test_a_damaged_or_newer_round_link_is_refused_with_its_reason():
    frag = invite.encode_round(tour(), 1)
    assert "damaged" in json.loads(face.tournament_open_link(frag[:-3]))["error"]
    assert "newer version" in json.loads(face.tournament_open_link("r2." + frag[3:]))["error"]


def test_an_older_page_refuses_an_invitation_as_a_newer_link(monkeypatch):
    fragment = invite.invitations(tour(), 1)[0]["link"]
    monkeypatch.setattr(link, "VERSION", 5)
    with pytest.raises(link.LinkError, match=link.NEWER):
        link.decode(fragment)


def test_an_invitation_of_a_game_paired_again_is_refused_with_the_way_to_record_it(lex):
    t = director.pair_next_round(director.new_tournament("Club", "classic", ["Ann", "Bob", "Cy", "Dev", "Eve"], 3))
    gone = t.paired[0].games[0]
    old = invite.invitations(t, 1)[0]["link"]
    t = director.withdraw_player(t, gone.players[0])       # their game is dropped, and the round paired again
    t = director.repair_round(t)
    assert all(g.game != gone.game for g in t.paired[0].games)
    with pytest.raises(TournamentError, match="no longer paired .* type its result if it stands"):
        director.add_link(t, 0, finished(old), lex)
