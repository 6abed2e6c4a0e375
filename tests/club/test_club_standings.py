"""Standings (RULES.md 11; engine/club/standings.py) against hand-worked cases,
the seed's A-E table among them (seed 002 rule 15.1: win percentage, then PPT)."""

from __future__ import annotations

from engine.club.standings import GameResult, entrants, standings


def g(first, second, scores, turns, points=None, typed=False):
    return GameResult((first, second), scores, turns, points or scores, typed)


def by_player(rows):
    return {r["player"]: r for r in rows}


def test_the_seeds_a_to_e_table():
    # Every game against one "Field" player, who wins each game A-E lose: A, B, C
    # win 4 of 5 (.800), D and E 3 of 4 (.750); PPT from points over 10 turns a game.
    games = []
    for name, played, won, points in (("A", 5, 4, 1785), ("B", 5, 4, 1780), ("C", 5, 4, 1745),
                                      ("D", 4, 3, 1404), ("E", 4, 3, 1396)):
        for k in range(played):
            scores = (400, 300) if k < won else (300, 400)
            share = points // played + (1 if k < points % played else 0)
            games.append(g(name, "Field", scores, (10, 10), (share, 300)))
    rows = standings(games)
    assert [(r["rank"], r["player"], r["win_pct"], r["ppt"]) for r in rows] == [
        (1, "A", 0.8, 35.7), (2, "B", 0.8, 35.6), (3, "C", 0.8, 34.9),
        (4, "D", 0.75, 35.1), (5, "E", 0.75, 34.9), (6, "Field", 0.217, 30.0)]
    # D's PPT beats C's, but winning comes first
    assert by_player(rows)["D"]["ppt"] > by_player(rows)["C"]["ppt"]


def test_a_tie_is_half_a_win_and_a_bye_a_win_by_50_with_nothing_else():
    # P beats Q, Q ties R, R beats P; Q has a bye. Worked by hand:
    #   R: 1.5 of 2 = .750; P: 1 of 2 = .500, PPT 770/21 = 36.67; Q: 1.5 of 3 = .500, 650/22 = 29.55
    games = [g("P", "Q", (400, 350), (10, 10), (390, 350)),
             g("Q", "R", (300, 300), (12, 12)),
             g("R", "P", (420, 380), (11, 11), (410, 380))]
    rows = standings(games, byes=["Q"])
    assert [r["player"] for r in rows] == ["R", "P", "Q"]
    r, p, q = rows
    assert (r["wins"], r["ties"], r["win_pct"], r["ppt"], r["spread"]) == (1.5, 1, 0.75, 30.87, 40)
    assert (p["wins"], p["losses"], p["win_pct"], p["ppt"], p["spread"]) == (1, 1, 0.5, 36.67, 10)
    # the bye: a win by 50 (TSH's bye), no game, no turns, no PPT: -50 from the games, +50
    assert (q["games"], q["byes"], q["wins"], q["win_pct"], q["ppt"], q["spread"]) == (2, 1, 1.5, 0.5, 29.55, 0)
    assert (q["points"], q["turns"]) == (650, 22)


def test_spread_breaks_a_tie_of_win_percentage_and_ppt_and_full_ties_share_a_rank():
    games = [g("A", "X", (400, 300), (10, 10), (300, 300)),
             g("B", "Y", (350, 300), (10, 10), (300, 300)),
             g("C", "Z", (350, 300), (10, 10), (300, 300))]
    rows = standings(games)
    top = [(r["rank"], r["player"], r["spread"]) for r in rows[:3]]
    assert top == [(1, "A", 100), (2, "B", 50), (2, "C", 50)]
    assert rows[3]["rank"] == 4


def test_ppt_sorts_exactly_behind_the_rounded_figure():
    # 35.70 and 35.699...: shown alike, sorted apart.
    games = [g("A", "X", (400, 300), (10, 10), (357, 300)),
             g("B", "Y", (400, 300), (1000, 10), (35699, 300))]
    rows = standings(games)
    assert [r["player"] for r in rows[:2]] == ["A", "B"]
    assert rows[0]["ppt"] == rows[1]["ppt"] == 35.7 and rows[1]["rank"] == 2


def test_players_before_their_first_game_and_typed_results_are_listed():
    rows = standings([g("A", "B", (300, 200), (10, 10), typed=True)], players=["Late", "A", "B"])
    late = by_player(rows)["Late"]
    assert (late["games"], late["win_pct"], late["ppt"], late["rank"]) == (0, 0.0, 0.0, 3)   # B: 0.0 but PPT 20
    assert by_player(rows)["A"]["typed"] == 1 and by_player(rows)["B"]["typed"] == 1


def test_entrants_total_what_pairing_reads():
    games = [g("A", "B", (400, 300), (10, 12), (380, 300)), g("C", "A", (300, 350), (11, 11))]
    e = entrants(games, byes=["B"], players=["A", "B", "C", "D"])
    assert (e["A"].points, e["A"].turns, e["A"].opponents, e["A"].firsts) == (730, 21, ("B", "C"), 1)
    assert (e["B"].byes, e["B"].opponents, e["B"].firsts) == (1, ("A",), 0)
    assert e["D"].opponents == () and e["D"].ppt is None
