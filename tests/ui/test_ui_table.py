"""The table page's pure parts (ui/table/entry.py, chessclock.py, games.py; ui/store/tables.py): the play
entered with taps and the letter pad, the chess clock's arithmetic, and what is kept
in the browser (runs under CPython and MicroPython)."""

import json

from ui.store import tables
from ui.table import chessclock, entry, games, view

LAYOUT = {"size": 15, "start": "H8", "premiums": [".." * 15] * 15, "values": {}, "inner": None}


def table(tiles=(), swappable=(), rules="classic"):
    """A page state over a board holding ``tiles`` [(sq, letter)] (lowercase: a blank)."""
    shown = [{"sq": sq, "letter": ch, "blank": ch.islower(), "flipped": "", "value": 0} for sq, ch in tiles]
    s = {"layout": LAYOUT, "view": {"tiles": shown, "swappable": list(swappable), "rules": rules},
         "cursor": "H8", "dir": "across"}
    return entry.blank_entry(s)


def typed(s, letters):
    for ch in letters:
        s, _ = entry.letter(s, ch)
    return s


def test_letters_go_down_from_the_cursor_spelling_through_the_tiles_of_the_board():
    s = table(tiles=[("J8", "B")])
    s = typed(s, "ZEBRA")   # Z on H8, E on I8, J8 is B already: the B typed passes over it; R on K8, A on L8
    assert [(p["sq"], p["tile"], p["letter"]) for p in s["placed"]] == [
        ("H8", "Z", "Z"), ("I8", "E", "E"), ("K8", "R", "R"), ("L8", "A", "A")]
    assert s["cursor"] == "M8"
    assert entry.placement(s) == {"tiles": [{"sq": p["sq"], "tile": p["tile"], "letter": p["letter"]}
                                            for p in s["placed"]], "pre": [], "across": True}
    s = typed(table(tiles=[("J8", "B")]), "ZEAL")   # another letter than the tile's: put on the next empty square
    assert [p["sq"] for p in s["placed"]] == ["H8", "I8", "K8", "L8"]


def test_a_word_spelled_down_through_a_covered_square():
    """Issue 40: after 8D ZEBRAS, E7 down, then B, E, T: BET on E7-E9, the E of
    ZEBRAS passed over (it was E7 BEET, the letters put on E7, E9, E10)."""
    s = table(tiles=[(c + "8", ch) for c, ch in zip("DEFGHI", "ZEBRAS")])
    s = entry.tap_square(s, "E7")
    s = entry.tap_square(s, "E7")
    assert s["dir"] == "down"
    s = typed(s, "B")
    assert s["cursor"] == "E8"                     # on the E of the board: its letter is typed next
    s = typed(s, "ET")
    assert [(p["sq"], p["letter"]) for p in s["placed"]] == [("E7", "B"), ("E9", "T")] and s["cursor"] == "E10"
    s = entry.set_mode(typed(table(tiles=[("I8", "E")]), "Z"), "blank")
    s = typed(s, "E")                              # a blank E is a new tile, never the board's E
    assert [(p["sq"], p["tile"]) for p in s["placed"]] == [("H8", "Z"), ("J8", "?")]


def test_a_typed_entry_waiting_for_confirm_goes_when_a_play_is_shown():
    """Issue 40 (High): '-' typed and scored, then a play typed: Confirm enters the play."""
    s = table()
    s["typed"] = "-"
    s = entry.from_placement(s, {"tiles": [{"sq": "H8", "tile": "Z", "letter": "Z"}], "pre": [], "across": True})
    assert s["typed"] == "" and len(s["placed"]) == 1
    s["typed"] = "challenge"
    assert entry.blank_entry(s)["typed"] == ""


def test_a_square_tapped_twice_turns_the_direction_and_a_placed_tile_tapped_comes_back():
    s = table()
    s = entry.tap_square(s, "D4")
    assert (s["cursor"], s["dir"]) == ("D4", "across")
    s = entry.tap_square(s, "D4")
    assert s["dir"] == "down"
    s = typed(s, "AT")
    assert [p["sq"] for p in s["placed"]] == ["D4", "D5"] and s["cursor"] == "D6"
    s = entry.tap_square(s, "D4")
    assert [p["sq"] for p in s["placed"]] == ["D5"] and s["cursor"] == "D4"
    s = entry.back(s)
    assert s["placed"] == []


def test_blank_and_face_down_modes_make_the_tiles_the_engine_reads():
    s = table(rules="iii")
    s = entry.set_mode(s, "blank")
    s = typed(s, "E")
    s = entry.set_mode(s, "down")
    s, msg = entry.letter(s, "A")
    assert "J, Q, X or Z" in msg and len(s["placed"]) == 1      # not a wild tile: asked again
    s = typed(s, "QS")                                          # a Q played face down as S
    assert s["mode"] == ""
    assert entry.placement(s)["tiles"] == [{"sq": "H8", "tile": "?", "letter": "E"},
                                           {"sq": "I8", "tile": "Q", "letter": "S", "face_down": True}]
    assert view.features("iii") == (True, True, True) and view.features("classic") == (False, False, False)
    keys = [k for k, _, _ in view.pad_keys("iii")]
    assert keys[:26] == list(entry.LETTERS) and {"blank", "down", "swap", "pick", "dir", "back"} <= set(keys)
    assert "down" not in [k for k, _, _ in view.pad_keys("o")] and "swap" in [k for k, _, _ in view.pad_keys("o")]


def test_a_swap_and_a_pick_off_come_first_in_the_order_made():
    s = table(tiles=[("K11", "e"), ("F11", "C"), ("G11", "A"), ("H11", "T"), ("I11", "S")], swappable=["K11"])
    s["cursor"] = "K11"
    s, msg = entry.swap(s)
    assert msg == "" and s["pre"][0]["letter"] == "E"
    s["cursor"] = "H11"
    s, msg = entry.pick(s)                    # T and S come off: one pick-off, drawn on both squares
    assert [p["sq"] for p in s["pre"] if p["kind"] == "pick"] == ["H11", "I11"]
    assert entry.placement(s)["pre"] == ["swap K11", "pick H11"]
    assert entry.prefix(s) == "swap K11; "
    assert entry.empty(s, "H11") and not entry.empty(s, "G11")
    s = entry.back(s)                          # the pick-off goes back
    assert entry.placement(s)["pre"] == ["swap K11"]
    s["cursor"] = "F11"                        # not a blank: nothing to swap
    s, msg = entry.swap(s)
    assert "blank" in msg and entry.placement(s)["pre"] == ["swap K11"]


def test_a_typed_placement_shows_on_the_board():
    s = table(tiles=[("L11", "S")])
    s = entry.from_placement(s, {"tiles": [{"sq": "F11", "tile": "D", "letter": "D"},
                                           {"sq": "G11", "tile": "?", "letter": "R"}],
                                 "pre": ["pick L11"], "across": True})
    assert [p["sq"] for p in s["placed"]] == ["F11", "G11"] and s["placed"][1]["tile"] == "?"
    assert [p["sq"] for p in s["pre"]] == ["L11"] and entry.placement(s)["pre"] == ["pick L11"]


def test_the_chess_clock_charges_each_entry_the_time_its_player_stopped_at():
    c = chessclock.new(0)
    assert chessclock.left_ms(c, [60000, 60000], 0, 5000) == 60000     # waits to be started
    c = chessclock.done(c, 1000, 1)                                     # Ann starts her clock
    assert not c["paused"] and chessclock.running_ms(c, 4000) == 3000
    c = chessclock.done(c, 11000, 1)                                    # Done after 10 s: Bob's runs
    assert c["run"] == 1 and chessclock.left_ms(c, [60000, 60000], 0, 20000) == 50000
    assert chessclock.left_ms(c, [60000, 60000], 1, 20000) == 51000
    c = chessclock.done(c, 15000, 0)                                    # Bob is quick: Done before Ann's entry
    assert chessclock.charge(c, 0, 16000, 1) == 10000                   # Ann's entry: her 10 s
    assert chessclock.charge(c, 1, 17000, 0) == 4000                    # Bob's: his 4 s
    assert c["pending"] == [] and c["run"] == 0
    assert chessclock.charge(c, 0, 19000, 1) == 4000                    # entered without Done: stops her clock
    assert c["run"] == 1
    c = chessclock.pause(c, 20000)
    c = chessclock.resume(c, 90000)                                     # a pause does not count
    assert chessclock.running_ms(c, 91000) == 2000
    idle = chessclock.new(0)                                            # never started: the first entry
    assert chessclock.charge(idle, 0, 5000, 1) == 0 and not idle["paused"]   # starts the next clock
    assert chessclock.running_ms(idle, 6000) == 1000
    assert chessclock.charge_now(c, 1, 92000) == 3000 and chessclock.running_ms(c, 92500) == 500


def test_the_clock_follows_the_engine_and_says_when_time_is_up():
    c = chessclock.done(chessclock.new(0), 0, 1)
    c = chessclock.done(c, 5000, 1)
    assert chessclock.sync(c, 0, True, 5500)["pending"] == [[0, 5000]]   # as expected: Ann's entry comes
    assert chessclock.charge(c, 0, 6000, 1) == 5000
    c = chessclock.sync(c, 0, True, 6000)            # a free retry: Ann again, Bob's clock stops
    assert (c["run"], c["pending"], chessclock.running_ms(c, 7000)) == (0, [], 1000)
    view_ = {"legal": {"timeout": True}, "to_move": 0, "clock": [3000, 60000]}
    assert not chessclock.time_up(c, view_, 8000) and chessclock.time_up(c, view_, 9000)
    view_["legal"]["timeout"] = False                 # the overtime rule: play goes on
    assert not chessclock.time_up(c, view_, 9000)
    c = chessclock.sync(c, 1, False, 9000)            # the game has ended: no clock runs
    assert c["run"] == -1 and chessclock.left_ms(c, [3000, 100], 1, 50000) == 100
    assert chessclock.next_seat(1, 3, [False, False, False]) == 2
    assert chessclock.next_seat(1, 3, [True, False, False]) == 2 and chessclock.next_seat(2, 3, [True, False, False]) == 1


def test_the_game_in_progress_and_the_kept_games_read_back():
    cur = {"id": "t1", "when": "2025-01-01T10:00:00Z", "clock": chessclock.new(0),
           "state": {"rules": "o,clock=600", "names": ["Ann", "<b>Bob</b>"], "actions": ["8D ZEBRAS @1000ms"]}}
    back, problem = tables.load(tables.dump(cur))
    assert problem == "" and back == cur
    for bad in ("{", json.dumps({"v": 9}), json.dumps({"v": 1, "state": {"rules": "o"}, "clock": {}})):
        got, problem = tables.load(bad)
        assert got is None and problem
    assert tables.load("") == (None, "")
    kept = []
    view_ = {"names": ["Ann", "<b>Bob</b>"], "scores": [84, 0], "phase": "play", "rules": "o"}
    for i in range(55):
        kept = tables.keep(kept, tables.entry({"id": "t" + str(i), "state": cur["state"]}, view_, "w" + str(i)))
    assert len(kept) == tables.MAX and kept[0]["id"] == "t54"
    view_["phase"] = "over"
    kept = tables.keep(kept, tables.entry({"id": "t40", "state": cur["state"]}, view_, "later"))
    assert len(kept) == tables.MAX and kept[0]["id"] == "t40" and kept[0]["over"]
    assert [g["id"] for g in kept].count("t40") == 1
    assert tables.games(json.dumps(kept + [{"state": "nonsense"}, 3])) == kept and tables.games("[") == []
    assert tables.find(kept, "t40")["when"] == "later" and tables.find(tables.drop(kept, "t40"), "t40") is None
    assert "&lt;b&gt;Bob&lt;/b&gt;" in view.games_html(kept[:1])


def test_the_start_form_makes_the_rules_and_the_players():
    assert games.rules_with_clock("o", "0") == "o"
    assert games.rules_with_clock("o", "1500") == "o,clock=1500"
    assert games.rules_with_clock("ii,clock=60,cap=0", "90") == "ii,cap=0,clock=90"
    assert games.names_of(["  Ann ", "", "", "Di"]) == ["Ann", "Player 2", "Di"]


def test_the_start_form_adds_the_judgment_and_the_final_round_and_refuses_two_of_one_name():
    assert games.form_rules("iii", "free", True, "0") == "iii,judge=free,final=1"
    assert games.form_rules("classic,judge=good,final=0", "", True, "600") == "classic,judge=good,final=1,clock=600"
    assert games.form_rules("classic,judge=good", "retry", False, "") == "classic,judge=retry"
    assert games.names_problem(["Ann", "Bob"], True) == ""
    assert "Two players are called Ann" in games.names_problem(["Ann", "Bob", " A nn"], False)
    assert "for two players" in games.names_problem(["Ann", "Bob", "Cy"], True)
    html = view.start_html()
    assert 'id="tb-final"' in html and 'value="free"' in html and "Four is the most" in html


def test_the_scoreboard_puts_the_others_across_the_table():
    assert view.big_sides(2) == ([0], [1]) and view.big_sides(4) == ([0, 3], [1, 2])
    v = {"names": ["Ann", "<b>Bob</b>"], "scores": [36, 12], "to_move": 1, "clock": None}
    near, far = view.big_halves(v, chessclock.new(1), 0, True)
    assert 'data-score="36"' in near and "Ann" in near and "to play" not in near
    assert "&lt;b&gt;Bob&lt;/b&gt;" in far and "to play" in far and 'data-act="done"' in far


def test_a_long_sheet_starts_after_the_lines_the_view_leaves_out():
    v = {"names": ["Ann", "Bob"], "sheet_from": {"lines": 61, "totals": [36, 0]},
         "turns": [{"player": 1, "kind": "play", "text": "I8 EH", "score": 10}]}
    html = view.sheet_html(v)
    assert "61 earlier lines" in html and "<td>62</td>" in html and "<td>10</td></tr>" in html
    v["turns"] = [{"player": 0, "kind": "play", "text": "I8 EH", "score": 10}]
    assert "<td>46</td></tr>" in view.sheet_html(v)
