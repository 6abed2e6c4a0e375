"""The tournament model and its director (engine/club/model.py, director.py):
validation, JSON round trips, rounds, results from real game links, typed
results, corrections, late entries and withdrawals."""

from __future__ import annotations

import json

import pytest

from engine.club import director
from engine.club.model import MAX_PLAYERS, Tournament, TournamentError
from engine.club.pairing import pair_by_ppt
from engine.club.standings import entrants
from test_club_replay import LEX, finished_link, link_of, make_game

SIX = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def new(players=SIX, rounds=3, **kw) -> Tournament:
    return director.new_tournament("Club night", kw.pop("rules", "classic"), players, rounds,
                                   seed=kw.pop("seed", "club"), **kw)


def play_round(t: Tournament, plays: int = 4) -> Tournament:
    """Every unplayed game of the latest round played for real and recorded by link."""
    rd = t.paired[-1]
    for g in rd.games:
        if g.result is None:
            text = finished_link(g.players[0], g.players[1], t.game_seed(rd.round, g), plays)
            t, message = director.add_link(t, rd.round, text, LEX)
            res = t.round_of(rd.round).games[rd.games.index(g)].result
            assert message == (f"Recorded: round {rd.round}, {g.players[0]} {res.scores[0]} - "
                               f"{res.scores[1]} {g.players[1]}.")       # a clean link: confirmed
    return t


def round_trip(t: Tournament) -> Tournament:
    return Tournament.from_dict(json.loads(json.dumps(t.to_dict())))


# ---------------------------------------------------------------------- a whole tournament

def test_six_players_three_rounds_by_ppt():
    t = new()
    t = director.pair_next_round(t)
    rd = t.paired[0]
    assert rd.drawn and len(rd.games) == 3 and rd.bye is None
    t = play_round(t)
    t = director.pair_next_round(t)
    assert not t.paired[1].drawn and director.repeats(t, 2) == []
    # round 2 is what pairing by PPT gives from round 1's results
    totals = entrants(director.tournament_games(t)[:3], [], t.names())
    expected = pair_by_ppt([totals[n] for n in t.names()], "club/2", list(totals.values()))
    assert [tuple(g.players) for g in t.paired[1].games] == list(expected.pairs)
    t = play_round(t)
    t = director.pair_next_round(t)
    t = play_round(t)
    met = [frozenset(g.players) for rd in t.paired for g in rd.games]
    assert len(met) == len(set(met)) == 9          # nobody met twice
    table = director.table(t)
    assert [r["games"] for r in table] == [3] * 6
    assert sum(r["wins"] for r in table) == 9
    assert sum(r["spread"] for r in table) == 0
    for row in table:                              # PPT over the player's games, from the replays
        res = [(g.result, g.players.index(row["player"])) for rd in t.paired for g in rd.games
               if row["player"] in g.players]
        assert row["points"] == sum(r.points[i] for r, i in res)
        assert row["turns"] == sum(r.turns[i] for r, i in res)
    with pytest.raises(TournamentError, match="all 3 rounds are paired"):
        director.pair_next_round(t)
    assert round_trip(t) == t


def test_firsts_are_balanced_over_a_round_robin():
    t = new(SIX[:4], rounds=3, method="roundrobin")
    for _ in range(3):
        t = play_round(director.pair_next_round(t), plays=2)
    met = sorted(sorted(g.players) for rd in t.paired for g in rd.games)
    assert met == sorted(sorted([a, b]) for i, a in enumerate(SIX[:4]) for b in SIX[i + 1:4])
    firsts = {n: 0 for n in SIX[:4]}
    for rd in t.paired:
        for g in rd.games:
            firsts[g.players[g.result.first]] += 1
    assert sorted(firsts.values()) == [1, 1, 2, 2]


def test_an_odd_round_robin_gives_everyone_one_bye():
    t = new(SIX[:5], rounds=5, method="roundrobin")
    for _ in range(5):
        t = director.pair_next_round(t)
        for g in t.paired[-1].games:
            t = director.add_typed(t, 0, g.players[0], g.players[1], [300, 250], [10, 10])
    assert sorted(rd.bye for rd in t.paired) == sorted(SIX[:5])
    assert all(r["games"] == 4 and r["byes"] == 1 for r in director.table(t))


def test_the_next_round_waits_for_the_last_one():
    t = director.pair_next_round(new())
    g = t.paired[0].games[0]
    t = director.add_typed(t, 1, g.players[0], g.players[1], [400, 380], [12, 12])
    with pytest.raises(TournamentError, match=r"round 1 is not finished: no result yet for \w+ v \w+, \w+ v \w+"):
        director.pair_next_round(t)


# ---------------------------------------------------------------------- results

def test_one_game_is_one_result_however_its_link_is_spelled():
    """The director knows a game as the CLI's standings do (replay.identity): the same
    game's link spelled another way is the result already recorded, not a new one."""
    from test_club_cli import respelled
    t = director.pair_next_round(new())
    g = t.paired[0].games[0]
    text = finished_link(g.players[0], g.players[1], t.game_seed(1, g))
    t, _ = director.add_link(t, 1, text, LEX)
    assert t.paired[0].games[0].result.key
    for way, other in respelled(text).items():
        again, message = director.add_link(t, 1, other, LEX)
        assert message == "this game is already recorded" and again == t, way
    # a result kept before keys were: replayed once for its key
    data = t.to_dict()
    data["paired"][0]["games"][0]["result"].pop("key")
    old = Tournament.from_dict(data)
    assert director.add_link(old, 1, respelled(text)["a move's time"], LEX)[1] == "this game is already recorded"


def test_a_link_of_another_game_is_refused_with_the_reason():
    t = director.pair_next_round(new())
    g = t.paired[0].games[0]
    other = next(x for x in t.paired[0].games if x is not g)
    stranger = finished_link("Zed", g.players[1], "x")
    with pytest.raises(TournamentError, match="'Zed', a player of this game, is not in this tournament"):
        director.add_link(t, 0, stranger, LEX)
    crossed = finished_link(g.players[0], other.players[0], "x")
    with pytest.raises(TournamentError, match="are not paired in round 1"):
        director.add_link(t, 1, crossed, LEX)
    wrong_rules = finished_link(g.players[0], g.players[1], "x", rules="o")
    with pytest.raises(TournamentError, match="played under the rules o; the tournament's are classic"):
        director.add_link(t, 1, wrong_rules, LEX)
    unfinished = link_of(make_game(g.players[0], g.players[1], "x", finish=False))
    with pytest.raises(TournamentError, match="not finished"):
        director.add_link(t, 1, unfinished, LEX)
    assert all(x.result is None for x in t.paired[0].games)    # the tournament as it was


def test_two_different_links_for_one_pairing_are_refused_the_same_one_twice_is_no_change():
    t = director.pair_next_round(new())
    g = t.paired[0].games[0]
    first = finished_link(g.players[0], g.players[1], t.game_seed(1, g))
    t, _ = director.add_link(t, 1, first, LEX)
    again, message = director.add_link(t, 1, "#" + first, LEX)
    assert message == "this game is already recorded" and again == t
    second = finished_link(g.players[0], g.players[1], t.game_seed(1, g), plays=6)
    with pytest.raises(TournamentError, match="already has a result \\(another game's link\\); correct it"):
        director.add_link(t, 1, second, LEX)
    corrected, _ = director.add_link(t, 1, second, LEX, replace=True)
    assert corrected.paired[0].games[0].result.link == second


def test_one_game_cannot_be_the_result_of_two_pairings():
    data = new(["A", "B", "C", "D"]).to_dict()
    typed = {"source": "typed", "scores": [300, 200], "turns": [10, 10], "points": [300, 200]}
    data["paired"] = [{"round": r, "games": [{"game": 1, "players": ["A", "B"]},
                                             {"game": 2, "players": ["C", "D"], "result": typed}]}
                      for r in (1, 2)]             # a repeat, as after withdrawals
    t = Tournament.from_dict(data)
    text = finished_link("A", "B", "same")
    t, _ = director.add_link(t, 1, text, LEX)
    with pytest.raises(TournamentError, match=r"already the result of round 1 \(A v B\)"):
        director.add_link(t, 2, text, LEX)


def test_a_game_not_started_from_the_pairing_or_with_the_other_first_is_flagged():
    t = director.pair_next_round(new())
    g = t.paired[0].games[0]
    a, b = g.players
    game = make_game(b, a, "elsewhere", plays=5)
    t, message = director.add_link(t, 0, link_of(game), LEX)
    res = t.paired[0].games[0].result
    assert res.note == (f"It was not started from the pairing (its seed differs). "
                        f"{b} moved first; the pairing had {a} first.")          # sentences
    assert message == f"Recorded: round 1, {a} {res.scores[0]} - {res.scores[1]} {b}. Flagged: {res.note}"
    assert res.first == 1
    assert res.scores == [game.scores[1], game.scores[0]]       # stored in the pairing's order
    row = {r["player"]: r for r in director.table(t)}
    assert row[b]["spread"] == game.scores[0] - game.scores[1]


def test_typed_results_are_checked_and_marked():
    t = director.pair_next_round(new())
    a, b = t.paired[0].games[0].players
    for scores, turns, message in (([400], [10, 10], "the scores are two whole numbers"),
                                   ([400, 300], [0, 10], "the turns are two whole numbers from 1"),
                                   ([400, "x"], [10, 10], "the scores")):
        with pytest.raises(TournamentError, match=message):
            director.add_typed(t, 1, a, b, scores, turns)
    t = director.add_typed(t, 1, b, a, [350, 420], [11, 12])      # names in either order
    res = t.paired[0].games[0].result
    assert (res.source, res.scores, res.turns, res.points) == ("typed", [420, 350], [12, 11], [420, 350])
    assert {r["player"]: r["typed"] for r in director.table(t)}[a] == 1
    with pytest.raises(TournamentError, match="already has a result"):
        director.add_typed(t, 1, a, b, [1, 2], [3, 4])


def test_a_correction_changes_no_posted_pairing():
    """A posted pairing is a promise: a corrected or taken back earlier result
    leaves the latest round's games as they are, in their order, numbers kept."""
    t = play_round(director.pair_next_round(new()))
    t = director.pair_next_round(t)
    kept = t.paired[1].games[1]
    t = director.add_typed(t, 2, kept.players[0], kept.players[1], [500, 100], [10, 10])
    for g in t.paired[0].games:
        for scores in ([900, 100], [100, 900]):
            fixed = director.add_typed(t, 1, g.players[0], g.players[1], scores, [10, 10], replace=True)
            assert fixed.paired[1] == t.paired[1]
            assert director.correction_note(fixed, 1) == ("Round 2's pairings stand as posted (they were "
                                                         "made from the results as they were).")
    cleared = director.clear_result(fixed, 1, g.players[0], g.players[1])
    assert cleared.paired[0].games[-1].result is None and cleared.paired[1] == t.paired[1]
    assert director.correction_note(cleared, 2) == ""


# ---------------------------------------------------------------------- players

def test_no_late_entry_once_every_round_is_paired():
    t = play_round(director.pair_next_round(new(SIX[:4], rounds=1)))
    with pytest.raises(TournamentError, match="'Hana' cannot join: all 1 rounds are paired, so there is no round"):
        director.add_player(t, "Hana")
    data = t.to_dict()
    data["players"].append({"name": "Hana", "joined": 2})
    data["rounds"] = 1
    with pytest.raises(TournamentError, match="'Hana' joins at round 2; the tournament has 1"):
        Tournament.from_dict(data)


def test_a_typed_results_ppt_leaves_the_end_adjustment_out():
    t = director.pair_next_round(new())
    a, b = t.paired[0].games[0].players
    t = director.add_typed(t, 1, b, a, [350, 420], [11, 12], adjust=[-6, 12])   # a went out: +12, b had 6 left
    res = t.paired[0].games[0].result
    assert (res.scores, res.points) == ([420, 350], [408, 356])
    rows = {r["player"]: r for r in director.table(t)}
    assert rows[a]["ppt"] == round(408 / 12, 2) and rows[b]["ppt"] == round(356 / 11, 2)
    assert rows[a]["spread"] == 70                          # the scores, adjustment and all
    with pytest.raises(TournamentError, match="end adjustments are two whole numbers"):
        director.add_typed(t, 1, a, b, [1, 2], [3, 4], replace=True, adjust=[1])
    assert round_trip(t) == t


def test_a_late_entry_plays_from_the_next_round():
    t = play_round(director.pair_next_round(new(SIX[:4], rounds=3)))
    t = director.add_player(t, "Gus")
    assert t.players[-1].joined == 2
    assert [r["games"] for r in director.table(t) if r["player"] == "Gus"] == [0]
    t = director.pair_next_round(t)
    assert t.paired[1].bye is not None or any("Gus" in g.players for g in t.paired[1].games)
    with pytest.raises(TournamentError, match="two players are called 'ann'"):
        director.add_player(t, "ann")


def test_a_withdrawal_drops_the_unplayed_game_and_the_opponent_can_be_paired_again():
    t = play_round(director.pair_next_round(new(SIX[:4] + ["Ed"], rounds=3)))
    t = director.pair_next_round(t)
    leaving = t.paired[1].games[0].players[0]
    opponent = t.paired[1].games[0].players[1]
    t = director.withdraw_player(t, leaving)
    assert all(leaving not in g.players for g in t.paired[1].games)
    assert t.player(leaving).left == 2
    assert director.unpaired(t) == [opponent]
    with pytest.raises(TournamentError, match=f"round 2 is not finished: {opponent} has no game and no bye"):
        director.pair_next_round(t)
    t = director.repair_round(t)
    in_round = [n for g in t.paired[1].games for n in g.players] + [t.paired[1].bye]
    assert opponent in in_round and leaving not in in_round and director.unpaired(t) == []
    assert {r["player"]: r["withdrawn"] for r in director.table(t)}[leaving] is True
    with pytest.raises(TournamentError, match="already withdrawn"):
        director.withdraw_player(t, leaving)
    assert round_trip(t) == t


def test_a_re_pair_moves_only_the_orphan_even_field():
    """Six players, one withdraws from an unplayed game: the orphan takes the bye;
    every other posted game stays, in its place, with its number."""
    t = play_round(director.pair_next_round(new()))
    t = director.pair_next_round(t)
    t = director.add_typed(t, 2, *t.paired[1].games[2].players, [400, 300], [10, 10])
    leaving, orphan = t.paired[1].games[1].players
    posted = [g for g in t.paired[1].games if leaving not in g.players]
    t2 = director.repair_round(director.withdraw_player(t, leaving))
    assert t2.paired[1].games == posted and t2.paired[1].bye == orphan
    assert director.repair_note(director.withdraw_player(t, leaving), t2) == (
        f"Round 2 paired again; only {orphan} moved: {orphan} has the bye. The other 2 games stand as posted.")
    # nothing left to pair: nothing moves, and it says so
    assert director.repair_round(t2) == t2
    assert "nothing was paired again" in director.repair_note(t2, t2)


def test_a_re_pair_odd_field_pairs_the_orphan_with_the_bye():
    t = play_round(director.pair_next_round(new(SIX + ["Gus"], rounds=3)))
    t = director.pair_next_round(t)
    sitting = t.paired[1].bye
    leaving, orphan = t.paired[1].games[0].players
    out = director.withdraw_player(t, leaving)
    again = director.repair_round(out)
    assert again.paired[1].games[:2] == t.paired[1].games[1:]        # the posted games, first
    new_game = again.paired[1].games[2]
    assert set(new_game.players) == {orphan, sitting} and new_game.game == 4 and again.paired[1].bye is None
    note = director.repair_note(out, again)
    assert note.startswith(f"Round 2 paired again; only {_and(new_game.players)} moved: "
                           f"{new_game.players[0]} v {new_game.players[1]} (game 4); {sitting} no longer has the bye.")


def test_a_re_pair_gives_up_a_posted_game_only_when_it_must():
    """The orphan may not take the bye (they had one, others not): one posted game
    gives way, the least that the rules need, and the note says which."""
    data = new(["A", "B", "C", "D", "E"], rounds=3).to_dict()
    typed = {"source": "typed", "scores": [300, 200], "turns": [10, 10], "points": [300, 200]}
    data["paired"] = [
        {"round": 1, "bye": "E", "games": [{"game": 1, "players": ["A", "B"], "result": typed},
                                           {"game": 2, "players": ["C", "D"], "result": typed}]},
        {"round": 2, "bye": "C", "games": [{"game": 1, "players": ["A", "E"]},
                                           {"game": 2, "players": ["B", "D"], "result": typed}]}]
    data["players"].append({"name": "F", "joined": 2})
    data["paired"][1]["games"].append({"game": 3, "players": ["F", "C"]})
    data["paired"][1]["bye"] = None
    t = Tournament.from_dict(data)                      # round 2: A v E, B v D (played), F v C
    out = director.withdraw_player(t, "F")               # C is left alone: the bye (C had none)
    again = director.repair_round(out)
    assert again.paired[1].bye == "C" and [g.players for g in again.paired[1].games] == [["A", "E"], ["B", "D"]]
    out = director.withdraw_player(t, "A")               # E alone; E had the bye in round 1 ...
    again = director.repair_round(out)                   # ... so C, F or E? the fewest byes: C or F
    assert again.paired[1].bye in ("C", "F") and director.repeats(again, 2) == []
    assert "F v C gave way: the players left without a game could not be paired otherwise" in \
        director.repair_note(out, again)
    assert [g.players for g in again.paired[1].games][0] == ["B", "D"]


def test_a_re_pair_gives_up_a_posted_game_rather_than_repeat():
    data = new(["A", "B", "C", "D", "E"], rounds=3).to_dict()
    typed = {"source": "typed", "scores": [300, 200], "turns": [10, 10], "points": [300, 200]}
    data["paired"] = [
        {"round": 1, "bye": "E", "games": [{"game": 1, "players": ["A", "D"], "result": typed},
                                           {"game": 2, "players": ["B", "C"], "result": typed}]},
        {"round": 2, "bye": "D", "games": [{"game": 1, "players": ["A", "C"]}, {"game": 2, "players": ["B", "E"]}]}]
    out = director.withdraw_player(Tournament.from_dict(data), "C")     # A alone; A and D (the bye) have met
    again = director.repair_round(out)
    assert director.repeats(again, 2) == [] and again.paired[1].bye is None
    assert {frozenset(g.players) for g in again.paired[1].games} in (
        {frozenset("AB"), frozenset("DE")}, {frozenset("AE"), frozenset("BD")})
    assert "B v E gave way" in director.repair_note(out, again)


def _and(names):
    return " and ".join(names)


# ---------------------------------------------------------------------- bad input

@pytest.mark.parametrize("players, rounds, message", [
    (["Ann", "ann "], 1, "two players are called 'ann'"),
    ([], 1, "at least 2 players \\(0 given\\)"),
    (["Solo"], 1, "at least 2 players \\(1 given\\)"),
    ([f"P{i}" for i in range(MAX_PLAYERS + 1)], 3, "at most 128 players \\(129 given\\)"),
    (SIX, 11, "6 players can play at most 10 rounds \\(a double round robin: 5 rounds without anyone"),
    (SIX[:5], 11, "5 players can play at most 10 rounds"),
    (["Ann", ""], 1, "name cannot be empty"),
    (["Ann", "x" * 40], 1, "at most 32 characters"),
    (["Ann", "Bob\x07"], 1, "printable"),
])
def test_bad_fields_are_refused_with_a_clear_message(players, rounds, message):
    with pytest.raises(TournamentError, match=message):
        director.new_tournament("Club", "classic", players, rounds)


def test_names_with_markup_are_kept_as_text():
    t = new(["<b>Ann</b>", "Bob & Co", "Cy"], rounds=2)
    assert t.names()[0] == "<b>Ann</b>" and round_trip(t).names() == t.names()


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(rules="nosuch"), "unknown rules"),
    (lambda d: d.update(method="swiss"), "ppt .* or roundrobin"),
    (lambda d: d.update(version=2), "newer version"),
    (lambda d: d.update(format="other"), "not a tournament"),
    (lambda d: d["paired"][0]["games"][0].update(players=["Ann", "Nobody"]), "no player 'Nobody'"),
    (lambda d: d["paired"][0]["games"][1].update(players=list(d["paired"][0]["games"][0]["players"])),
     "paired twice in round 1"),
    (lambda d: d["paired"][0]["games"][0].update(result={"source": "typed", "scores": [1], "turns": [1, 1],
                                                         "points": [1, 1]}), "needs two scores"),
    (lambda d: d["paired"][0].update(round=2), "paired round 1 is malformed"),
    (lambda d: d["players"][0].update(joined=3), "joins at round 3"),
])
def test_a_damaged_tournament_json_is_refused_precisely(change, message):
    data = director.pair_next_round(new()).to_dict()
    change(data)
    with pytest.raises(TournamentError, match=message):
        Tournament.from_dict(data)


def test_the_json_round_trip_is_exact():
    t = director.pair_next_round(new(SIX[:5], rounds=4, seed=42))
    t = play_round(t)
    t = director.add_player(t, "Gus")
    t = director.withdraw_player(t, "Ann")
    text = json.dumps(t.to_dict())
    again = Tournament.from_dict(json.loads(text))
    assert again == t and json.dumps(again.to_dict()) == text and again.seed == 42


def test_a_game_scored_at_a_table_is_a_result_with_its_replayed_figures():
    """A table game's link (g4, engine/table/) records the same figures as the dealt
    game it mirrors, and is marked as played on a real board (it has no seed)."""
    from engine.computer import computer_action
    from engine.table import TableGame
    from engine.table.link import encode_table
    from test_table_dealt import follow
    t = director.pair_next_round(new())
    a, b = t.paired[0].games[0].players
    dealt = make_game(a, b, "table-1", plays=0, finish=False)
    table = TableGame(dealt.rules, 2, lexicon=LEX, names=[a, b])
    while not dealt.over:
        follow(dealt, table, computer_action(dealt, "greedy") if len(dealt.actions) < 10 else "-")
    link = encode_table({"rules": table.rules.to_string(), "names": [a, b], "actions": list(table.actions)})
    t, message = director.add_link(t, 0, "https://example.org/table.html#" + link, LEX)
    assert message.endswith(" Flagged: It was scored at a table (played on a real board).")
    res = t.paired[0].games[0].result
    assert res.scores == list(dealt.scores) and res.link == link
    assert res.turns == [sum(1 for x in dealt.turns if x.player == p and x.kind == "play") for p in (0, 1)]
    assert director.add_link(t, 0, link, LEX)[1] == "this game is already recorded"


@pytest.mark.parametrize("method", ["ppt", "roundrobin"])
def test_a_double_round_robin_meets_each_pair_twice_and_says_so(method):
    """More rounds than one round robin: up to twice as many; the first n - 1
    rounds meet everyone once, the rest once more, and each of those rounds names its
    repeats (the face's message)."""
    from engine.club import face
    names = ["Ann", "Bob", "Cy", "Di"]
    reply = json.loads(face.tournament_new(json.dumps({"name": "Twice", "players": names, "rounds": 6,
                                                       "method": method, "seed": "dd"})))
    assert reply["message"] == ("6 rounds for 4 players is more than one round robin (3 rounds): from round 4 "
                                "players meet a second time, and each round says who meets again.")
    t = Tournament.from_dict(reply["tournament"])
    for r in range(1, 7):
        said = json.loads(face.tournament_pair_round(json.dumps(t.to_dict())))
        t = Tournament.from_dict(said["tournament"])
        again = director.repeats(t, r)
        assert bool(again) == (r > 3), r
        if again:
            assert "No pairing without repeats exists:" in said["message"] and "meet again" in said["message"]
        t = play_round(t, 2)
    met = {}
    for rd in t.paired:
        for g in rd.games:
            met[frozenset(g.players)] = met.get(frozenset(g.players), 0) + 1
    assert len(met) == 6 and set(met.values()) == {2}
    with pytest.raises(TournamentError, match="at most 6 rounds"):
        director.new_tournament("x", "classic", names, 7)


def test_a_results_corrections_are_kept_oldest_first():
    t = director.pair_next_round(new(["Ann", "Bob", "Cy", "Di"], rounds=3))
    a, b = t.paired[0].games[0].players
    t = director.add_typed(t, 1, a, b, [400, 380], [10, 10])
    t = director.add_typed(t, 1, a, b, [400, 390], [10, 10], replace=True)      # a typing slip
    t = director.clear_result(t, 1, a, b)                                        # taken back
    t = director.add_forfeit(t, 1, a, b, absent=b)
    g = round_trip(t).paired[0].games[0]
    assert [(r.source, r.scores) for r in g.history] == [("typed", [400, 380]), ("typed", [400, 390])]
    assert g.result.source == "forfeit"
    assert director.table(t) == director.table(director.add_forfeit(
        director.pair_next_round(new(["Ann", "Bob", "Cy", "Di"], rounds=3)), 1, a, b, absent=b))   # history: no effect
    data = t.to_dict()
    data["paired"][0]["games"][0]["history"] = [data["paired"][0]["games"][0]["history"][0]] * 21
    with pytest.raises(TournamentError, match="at most 20 results"):
        Tournament.from_dict(data)
