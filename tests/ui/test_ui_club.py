"""ui/club/state.py and ui/club/view.py: the players' ranking by PPT, games kept on
this device, which of them are a tournament's pairings, typed figures, and HTML
that shows names as text; ui/store/club.py, the tournament kept (CPython and MicroPython);
the on-line tournament's invitations, results, scrutiny and the game page's oath (ui/links/event.py)."""

import json

import ui_fixtures as fx
from ui import store
from ui.club import state, view
from ui.store import club


def seat(name, kind="human", score=0, points=0, turns=0, best=0, won=False, tied=False):
    return {"name": name, "kind": kind, "score": score, "points": points, "turns": turns, "best": best,
            "best_move": "8H WORD" if best else "", "won": won, "tied": tied}


GAMES = [
    {"family": "classic", "rules": "classic", "date": "2026-01-01", "seats": [
        seat("Ann", score=300, points=300, turns=10, best=60, won=True), seat("Bob", score=200, points=210, turns=10, best=40)]},
    {"family": "wordlovers", "rules": "o", "date": "2026-01-02", "seats": [
        seat(" ann ", score=100, points=100, turns=10, best=20), seat("Bot", "hard", score=100, points=100, turns=2, tied=True)]},
]


def test_ppt_across_games_is_points_over_turns_and_names_ignore_case_and_spaces():
    rows = state.ranking(GAMES)
    by = {r["key"]: r for r in rows}
    assert by["name:ann"]["ppt"] == 20.0           # (300 + 100) / (10 + 10), not the mean of 30 and 10
    assert by["name:ann"]["games"] == 2 and by["name:ann"]["wins"] == 1 and by["name:ann"]["win_pct"] == 0.5
    assert by["name:ann"]["best"] == 60
    assert by["computer:hard"]["player"] == "Computer (hard)" and by["computer:hard"]["wins"] == 0.5
    assert [r["key"] for r in rows] == ["computer:hard", "name:bob", "name:ann"]   # PPT 50, 21, 20

def test_ranking_is_sorted_by_ppt_and_filtered_by_rule_family():
    rows = state.ranking(GAMES)
    ppts = [r["points"] / r["turns"] for r in rows]
    assert ppts == sorted(ppts, reverse=True)
    classic = state.ranking(GAMES, "classic")
    assert [r["key"] for r in classic] == ["name:ann", "name:bob"] and classic[0]["ppt"] == 30.0
    assert state.ranking(GAMES, "richard") == []
    assert len(state.games_of(GAMES, "name:ann")) == 2 and len(state.games_of(GAMES, "name:bob")) == 1


def test_stored_games_come_from_past_games_the_saved_game_and_games_by_link_once_each():
    spec = {"rules": "classic", "seed": "s~1.1", "seats": [{"name": "Ann", "kind": "human"},
                                                          {"name": "Bob", "kind": "human"}], "actions": ["8H AT"]}
    past = json.dumps({"v": 1, "games": [dict(spec, id="g1", date="d", summary={"over": True}, record="#a record")]})
    saved = store.dump_game(spec, fx.snap(phase="over"), fx.layout())   # the past game again: counted once
    other = dict(spec, seed="x")
    bylink = json.dumps({"v": 1, "games": [{"id": "K1", "spec": other, "me": 0, "over": False, "updated": "u"}]})
    got = state.stored_games(past, saved, bylink)
    assert [(g["spec"]["seed"], g["over"]) for g in got] == [("s~1.1", True), ("x", False)]
    assert "record" not in got[0]["spec"] and got[0]["id"] == "g1" and got[1]["date"] == "u"
    assert [g["id"] for g in state.stored_games("", saved, "")] == ["saved"]
    assert state.stored_games("not json", "{", None) == []


def test_a_finished_game_started_from_an_unplayed_pairing_is_found():
    reply = {"rounds": [{"round": 2, "games": [
        {"game": 1, "players": ["Ann", "Bob"], "seed": "s~2.1", "result": None},
        {"game": 2, "players": ["Cy", "Di"], "seed": "s~2.2", "result": {"source": "typed"}}]}]}
    def kept(seed, names, over=True):
        return {"spec": {"seed": seed, "seats": [{"name": n} for n in names]}, "over": over}
    stored = [kept("s~2.1", ["bob", "Ann"]), kept("s~2.2", ["Cy", "Di"]), kept("s~2.1", ["Ann", "Zed"]),
              kept("s~2.1", ["Ann", "Bob"], over=False)]
    found = state.played_here(stored, reply)
    assert [(r, a, b) for r, a, b, _ in found] == [(2, "Ann", "Bob")]


def test_seats_become_people_or_computer_levels():
    spec = {"rules": "o", "seed": "1~1.1", "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]}
    out = state.seats_for(spec, ["human", "hard"])
    assert out["seats"] == [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "hard"}]
    assert state.seats_for(spec, ["root", "x"])["seats"][0]["kind"] == "human"
    assert spec["seats"][1]["kind"] == "human"     # the pairing's spec is not changed


def test_typed_figures_are_whole_numbers():
    req, why = state.typed_request(3, "Ann", "Bob", "412", "-5", "13", "12", "0", "0")
    assert why == "" and req == {"round": 3, "first": "Ann", "second": "Bob", "scores": [412, -5], "turns": [13, 12],
                                 "adjust": [0, 0]}
    req, why = state.typed_request(3, "Ann", "Bob", "4x", "1", "1", "", "0", "0")
    assert req is None and "whole numbers" in why


def test_players_typed_one_a_line_and_the_saved_form():
    assert state.parse_players(" Ann \n\nBob\n  Cy  Lee ") == ["Ann", "Bob", "Cy Lee"]
    t = {"name": "x"}
    assert club.load(club.dump(t)) == (t, "")
    assert club.load("{") == (None, "the saved tournament could not be read")
    assert club.load(json.dumps({"v": 2, "t": t})) == (None, "the saved tournament is from another version")
    assert club.load("") == (None, "")


def test_names_with_markup_are_text_in_every_view():
    rows = [{"rank": 1, "player": "<b>Flo</b>", "games": 1, "wins": 1, "win_pct": 1.0, "ppt": 20.5,
             "spread": 12, "byes": 0, "typed": 1, "withdrawn": False}]
    html = view.standings(rows)
    assert "<b>" not in html and "&lt;b&gt;Flo&lt;/b&gt;" in html and "+12" in html and "1.000" in html
    assert "1 typed" in html
    rows[0]["forfeits"] = 2
    assert "(1 typed, 2 forfeits)" in view.standings(rows)
    reply = {"rounds": [{"round": 1, "drawn": True, "bye": "<i>Z</i>", "finished": False, "repeats": [],
                         "games": [{"game": 1, "players": ["<b>Flo</b>", "Ann"], "seed": "1~1.1", "result": None}]}]}
    html = view.rounds(reply, False, "all")
    assert "<b>Flo" not in html and "<i>" not in html and "Record link" in html and "&lt;i&gt;Z" in html
    assert "Record link" not in view.rounds(reply, True, "all")    # read-only: no entry forms
    html = view.players(state.ranking([{"family": "classic", "rules": "classic", "seats": [seat("<s>x</s>")]}]),
                        "all", None, [], 0)
    assert "<s>" not in html


def test_percent_and_exports():
    assert view.pct(0.667) == ".667" and view.pct(1.0) == "1.000" and view.pct(0) == ".000"
    html = view.output({"kind": "json", "text": '{"a": "b c"}'})
    assert 'download="tournament.json"' in html and "%7B%22a%22%3A%20%22b%20c%22%7D" in html


def test_the_re_pair_is_offered_only_when_someone_has_no_game():
    t = {"paired": [{}], "players": [{"name": "Ann", "left": None}, {"name": "<b>Bob</b>", "left": None}]}
    waiting = view.tools(t, {"next": {"can_pair": False, "why": "round 1 is not finished",
                                      "unpaired": ["<b>Bob</b>"]}})
    assert 'data-act="repair"' in waiting and "&lt;b&gt;Bob&lt;/b&gt; has no game in round 1" in waiting
    assert "the posted games stand" in waiting and "<b>Bob" not in waiting
    assert 'data-act="repair"' not in view.tools(t, {"next": {"can_pair": True, "why": "", "unpaired": []}})
    assert 'data-act="repair"' not in view.tools(t, {})
    assert "Rounds (planned)" in view.new_form()


def test_a_comma_is_part_of_a_name_and_the_page_says_so():
    assert state.parse_players("Smith, John\nAnn\n\n  Lee,  Cy ") == ["Smith, John", "Ann", "Lee, Cy"]
    note = state.comma_note(["Smith, John", "Ann"])
    assert note.startswith('One name a line: "Smith, John" is one player.')
    assert state.comma_note(["Ann", "Bob"]) == ""
    assert '"A, B"; "C, D" are one player each' in state.comma_note(["A, B", "C, D"])


def test_typed_figures_include_the_end_adjustments():
    req, why = state.typed_request(1, "Ann", "Bob", "420", "350", "12", "11", "+12", "-6")
    assert why == "" and req["adjust"] == [12, -6] and req["scores"] == [420, 350]
    req, why = state.typed_request(1, "Ann", "Bob", "420", "350", "12", "11", "", "0")
    assert req is None and "end adjustments (0 if none)" in why
    html = view.rounds({"rounds": [{"round": 1, "finished": True, "games": [{"game": 1, "players": ["Ann", "Bob"],
        "result": {"source": "typed", "scores": [420, 350], "points": [408, 356], "turns": [12, 11], "first": 0}}]}]},
        True, "all")
    assert "end adjustment +12/-6" in html
    assert 'id="cl-1-1-e0"' in view.rounds({"rounds": [{"round": 1, "finished": False, "games": [
        {"game": 1, "players": ["Ann", "Bob"], "result": None}]}]}, False, "all")


def test_two_seats_of_one_computer_level_are_one_game_and_a_name_shows_its_usual_spelling():
    one = {"family": "classic", "rules": "classic", "date": "2026-01-03", "seats": [
        seat("Bot", "easy", score=300, points=290, turns=10, won=True), seat("Bot", "easy", score=200, points=200, turns=10)]}
    rows = {r["key"]: r for r in state.ranking([one])}
    easy = rows["computer:easy"]
    assert (easy["games"], easy["wins"], easy["turns"], easy["points"]) == (1, 0.5, 20, 490)   # one game, against itself
    later = {"family": "classic", "rules": "classic", "date": "2026-02-01", "seats": [
        seat("ANN  lee", score=10, points=10, turns=1), seat("Bot", "easy", score=20, points=20, turns=1, won=True)]}
    older = {"family": "classic", "rules": "classic", "date": "2026-01-01", "seats": [
        seat("ann lee", score=10, points=10, turns=1, won=True), seat("Bob", score=5, points=5, turns=1)]}
    rows = {r["key"]: r for r in state.ranking([later, older, one])}
    assert rows["name:ann lee"]["player"] == "ann lee" and rows["name:ann lee"]["games"] == 2   # a tie: the oldest
    latest = dict(later, date="2026-03-01")
    def ann(games):
        return next(r["player"] for r in state.ranking(games) if r["key"] == "name:ann lee")
    assert ann([later, older, latest]) == "ANN lee"                     # most games spell it so
    assert ann([later, older, dict(later, date="")]) == "ANN lee"
    assert rows["computer:easy"]["games"] == 2 and rows["computer:easy"]["wins"] == 1.5
    assert view.num(0.5) == "0.5" and view.num(2) == "2" and view.num(2.5) == "2.5"
    assert view.sentence("it was not started from the pairing; Bob moved first") == (
        "It was not started from the pairing; Bob moved first.")


def test_printed_sheets_have_boards_cards_and_a_crosstable_each_stamped():
    from ui.club import sheets
    t = {"name": "Club <night>"}
    reply = {"rounds": [
        {"round": 1, "bye": "Cy", "games": [{"game": 1, "players": ["Ann", "Bob"], "result": {
            "source": "link", "scores": [402, 377], "first": 0}}]},
        {"round": 2, "bye": "Ann", "games": [{"game": 1, "players": ["Bob", "Cy"], "result": {
            "source": "forfeit", "scores": [0, 50]}}, {"game": 2, "players": ["Di", "Ed"], "result": None}]}],
        "standings": [{"player": "Cy", "wins": 2, "win_pct": 1.0, "ppt": 0, "spread": 100},
                      {"player": "Ann", "wins": 2, "win_pct": 1.0, "ppt": 20.5, "spread": 75},
                      {"player": "Bob", "wins": 0, "win_pct": 0, "ppt": 18.85, "spread": -75}]}
    html = sheets.sheet(t, reply, "pairings", "2026-11-28")
    assert 'class="cl-stamp">Club &lt;night&gt; &middot; 2026-11-28 &middot; Round 2 pairings' in html
    assert "<tr><td>2</td><td>Di</td><td>Ed</td></tr>" in html                     # board 2
    assert "<tr><td>Ed</td><td>2</td><td>Di</td><td>second</td></tr>" in html      # find your board
    cards = sheets.sheet(t, reply, "scorecards", "2026-11-28")
    assert cards.count('class="cl-scorecard"') == 2 and "Round 2, board 2" in cards and "Board 1: Bob (moves first) v Cy" in cards
    cross = sheets.sheet(t, reply, "crosstable", "2026-11-28")
    assert "Crosstable after round 2" in cross
    assert "<td>Cy</td><td>B +50</td><td>F +50 #3</td>" in cross and "<td>W 402-377 #3</td>" in cross
    assert "<td>L 377-402 #2</td><td>F -50 #1</td>" in cross
    assert "No round is paired yet" in sheets.sheet(t, {}, "pairings", "")


def test_tournaments_kept_on_the_device_newest_first_at_most_twenty():
    from ui.club import kept
    items = []
    for i in range(kept.MAX + 1):
        items, dropped = kept.keep(items, {"name": "T%d" % i}, "2026-11-%02d" % (i + 1))
    assert len(items) == kept.MAX and items[0]["t"]["name"] == "T20" and dropped == "T0"
    assert kept.load(kept.dump(items)) == (items, "")
    t, rest = kept.take(items, 1)
    assert t == {"name": "T19"} and len(rest) == kept.MAX - 1 and rest[1]["t"]["name"] == "T18"
    assert kept.take(items, 99) == (None, items)
    assert kept.load("{") == ([], "the kept tournaments could not be read") and kept.load("") == ([], "")
    assert kept.KEY == "wlc.club.kept" and kept.KEY in state.KEYS
    html = view.kept_list([{"t": {"name": "<b>Old</b>", "rounds": 3, "paired": [{}], "players": [1, 2]},
                            "kept": "2026-11-01T10:00:00Z"}])
    assert "&lt;b&gt;Old" in html and "1 of 3 rounds paired, 2 players; kept 2026-11-01" in html
    assert 'data-act="reopen" data-i="0"' in html and view.kept_list([]) == ""


def test_forfeits_read_in_words_in_the_round():
    def shown(scores):
        return view.rounds({"rounds": [{"round": 1, "finished": True, "games": [{"game": 1, "players": ["Ann", "Bob"],
            "result": {"source": "forfeit", "scores": scores, "points": [0, 0], "turns": [0, 0], "first": 0}}]}]},
            True, "all")
    assert "Bob wins by forfeit" in shown([0, 50]) and "Ann did not come" in shown([0, 50])
    assert "Both lose by forfeit" in shown([0, 0]) and "neither came" in shown([0, 0])
    assert 'value="">neither of them</option>' in view.rounds({"rounds": [{"round": 1, "finished": False, "games": [
        {"game": 1, "players": ["Ann", "Bob"], "result": None}]}]}, False, "all")


# ----------------------------------------------------------------- the on-line tournament

def test_an_invited_result_shows_its_pairing_and_the_oath_and_names_stay_text():
    res = {"source": "link", "scores": [300, 250], "turns": [10, 10], "points": [300, 250], "first": 0,
           "link": "g1.x", "invited": True, "oath": "21"}
    html = view._result(res, ["<b>Ann</b>", "Bob"], False, 1, "cl-1-1")
    assert "Started from the pairing (its invitation)." in html and "cl-flag" not in html
    assert "&lt;b&gt;Ann&lt;/b&gt;: before and after the game; Bob: before the game." in html


def test_each_unplayed_pairing_has_its_invitation_and_the_round_its_link():
    reply = {"base": "https://club.example/", "rounds": [{
        "round": 1, "drawn": True, "bye": None, "finished": False, "repeats": [], "round_link": "r1.abc",
        "games": [{"game": 1, "players": ["Ann", "Bob"], "result": None, "invite": "g6.xyz"}]}]}
    html = view.rounds(reply, False, "all")
    assert 'id="cl-1-1-invite"' in html and 'value="https://club.example/index.html#g6.xyz"' in html
    assert 'value="https://club.example/club.html#r1.abc"' in html
    assert "cl-1-1-invite" not in view.rounds(reply, True, "all")      # a standings link shows none
    listed = view.round_invites({"name": "Night", "rules": "classic", "round": 1, "games": [
        {"game": 1, "players": ["Ann", "Bob"], "link": "g6.xyz"}]}, "https://club.example/")
    assert 'href="https://club.example/index.html#g6.xyz">Ann: start this game</a>' in listed


def test_the_scrutiny_shows_progress_then_each_player_beside_the_field_as_a_signal():
    rows = {"players": [{"player": "Ann", "turns": 10, "best_share": 0.5, "mean_lost": 7.5}],
            "field": {"turns": 20, "best_share": 0.25, "mean_lost": 9.0}}
    running = view.scrutiny({"running": True, "game": 1, "games": 4, "rows": rows})
    assert '<progress id="cl-scrutiny-progress" max="4" value="1">' in running and 'data-act="scrutiny_stop"' in running
    done = view.scrutiny({"running": False, "stopped": True, "game": 1, "games": 4, "rows": rows})
    assert "Stopped after 1 of 4 games." in done and "progress" not in done
    assert "<td>Ann</td><td>10</td><td>50%</td><td>7.5</td>" in done
    assert "The field</th><td>20</td><td>25%</td><td>9.0</td>" in done and "never a verdict" in done
    assert view.scrutiny(None) == ""


def test_the_game_page_asks_for_the_oath_before_the_first_move_and_after_the_last():
    from ui.links import event
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    snap = {"seats": seats, "phase": "play", "event": {"id": "0123456789ab", "round": 1, "game": 2},
            "oath": "00", "actions": []}
    s = {"snap": snap, "spec": {"rules": "classic", "seed": "1~1.2", "seats": seats, "actions": []},
         "bylink": {"id": "K", "me": 1}, "replay": None, "busy": "", "fx": []}
    assert 'data-share="oath_before"' in event.note_html(s) and "Round 1, game 2" in event.note_html(s)
    assert "Bob plays from" not in event.note_html(s)
    first = dict(s, bylink={"id": "K", "me": 0})      # the invitation opened: who opens it, who waits
    assert "Ann moves first; Bob plays from Ann&#x27;s link" in event.note_html(first)
    assert event.on_oath(dict(s), {"which": "after"})["fx"] == []         # not before the game is over
    took = event.on_oath(dict(s), {"which": "before"})
    assert took["fx"][-1]["do"] == "open" and took["fx"][-1]["spec"]["oath"] == "01"
    s["snap"] = dict(snap, oath="01", phase="over")
    html = event.note_html(s)
    assert 'data-share="oath_after"' in html and 'data-share="to_director"' in html and "Send the final game to Ann" in html
    assert event.on_oath(dict(s, fx=[]), {"which": "after"})["fx"][-1]["spec"]["oath"] == "02"
    s["snap"] = dict(snap, oath="10", phase="over")      # no oath before: none to attest after
    assert 'data-share="oath_after"' not in event.note_html(s)
    assert event.note_html(dict(s, snap=dict(snap, event=None))) == ""   # not a tournament's game


def test_a_link_sent_before_this_devices_oath_does_not_take_it_back():
    from ui.links import event
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    snap = {"seats": seats, "phase": "over", "event": {"id": "0123456789ab", "round": 1, "game": 2},
            "oath": "21", "actions": ["-"] * 6}
    s = {"snap": snap, "spec": {"rules": "classic", "seed": "1~1.2", "seats": seats, "actions": ["-"] * 6},
         "bylink": {"id": "K", "me": 1}, "replay": None, "busy": "", "fx": []}
    kept = event.keep_own_oath(dict(s), {"spec": {"oath": "12"}})
    assert kept["fx"][-1]["spec"]["oath"] == "22" and kept["busy"] == "open"
    assert event.keep_own_oath(dict(s), {"spec": {"oath": "11"}})["fx"] == []     # the link has it all
    assert event.keep_own_oath(dict(s), {"spec": {}})["fx"] == []
