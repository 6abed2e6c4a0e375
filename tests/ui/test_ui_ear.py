"""Play by ear (ui/ear): the sentences a screen reader hears, from plain state."""

import ui_fixtures as fx

from ui.boot import handlers
from ui.ear import say


def test_spell_says_blanks_and_face_down_tiles():
    assert say.spell("FOcUSERS") == "F O blank-C U S E R S"
    assert say.spell("ZEBRAs[Z]") == "Z E B R A S-as-a-face-down-Z"


def test_rack_spelled_and_in_nato_words():
    assert say.rack_letters("DEI?STU") == "D E I blank S T U"
    assert say.rack_letters("QA?", nato=True) == "Alfa, Quebec, blank"
    assert say.rack_letters("") == "empty"


def test_a_play_told_in_full():
    s = fx.new()
    t = {"player": 1, "kind": "play", "text": "8D FOcUSERS", "score": 74, "words": ["FOCUSERS", "AB"]}
    s["snap"] = dict(s["snap"], seats=[{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}])
    assert say.turn_words(s, t) == ("Computer played FOCUSERS at 8D, across, spelled F O blank-C U S E R S; "
                                    "also AB; 74 points.")
    t = {"player": 0, "kind": "play", "text": "H4 CAT", "score": 5, "words": ["CAT"]}
    assert say.turn_words(s, t) == "You played CAT at H4, down, spelled C A T; 5 points."


def test_scores_and_the_end():
    snap = {"seats": [{"name": "You"}, {"name": "Computer"}], "scores": [120, 84], "winner": [0],
            "ppt": [30.0, 21.4], "end_reason": "You went out"}
    assert say.scores(snap) == "You 120, Computer 84: you lead by 36."
    assert say.the_end(snap) == ("Game over. Winner: You. Final scores: You 120, Computer 84: you lead by 36. "
                                 "Points per turn: You 30.0, Computer 21.4. The game ended: You went out.")


def test_the_computers_move_is_announced_with_the_new_rack_and_the_challenge():
    s = fx.new()
    seats = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]
    before = fx.snap(racks=("EINRSTU", "EGGLOOS"), to_move=1)
    before["seats"], before["actions"] = seats, ["-"]
    s = handlers.step(s, {"t": "snapshot", "snap": before})
    after = fx.snap(racks=("EINRSTU", "GLOS"), tiles=[fx.tile("H8", "E"), fx.tile("I8", "G"), fx.tile("J8", "G")])
    after["seats"], after["actions"] = seats, ["-", "8H EGG"]
    after["turns"] = [{"player": 1, "kind": "play", "text": "8H EGG", "score": 10, "words": ["EGG"]}]
    after["legal"] = dict(after.get("legal", {}), challenge=True)
    s = handlers.step(s, {"t": "snapshot", "snap": after})
    assert s["announce"] == ("Computer played EGG at 8H, across, spelled E G G; 10 points. Your turn. "
                             "You may challenge it. Your rack: E I N R S T U.")


def test_space_turns_the_direction_and_says_it_and_the_square_names_it():
    from ui import render
    s = handlers.step(fx.new(), {"t": "key", "key": " "})
    assert s["dir"] == "down" and s["announce"] == "Typing down."
    assert render.frame(s)["sq-H8"]["aria-label"].endswith(", typing down from H8")
    s = handlers.step(s, {"t": "key", "key": " "})
    assert s["announce"] == "Typing across."
    assert render.frame(s)["sq-H8"]["aria-label"] == "H8, start square, double word, empty, typing across from 8H"


def test_a_typed_letter_equal_to_the_board_tile_passes_over_it():
    """EDICT typed down through a board I while an I is held: E D, over the I, C T."""
    s = fx.new(fx.snap(racks=("EDICTXX", "EGGLOOS"), tiles=[fx.tile("H10", "I")]))
    s["cursor"], s["dir"] = "H8", "down"
    for key in "EDICT":
        s = handlers.step(s, {"t": "key", "key": key.lower()})
    assert sorted((p["sq"], p["letter"]) for p in s["placed"]) == [
        ("H11", "C"), ("H12", "T"), ("H8", "E"), ("H9", "D")]
    # a letter other than the board's goes on the next empty square, as before
    s = fx.new(fx.snap(racks=("EDICTXX", "EGGLOOS"), tiles=[fx.tile("H10", "I")]))
    s["cursor"], s["dir"] = "H8", "down"
    for key in "EDCT":
        s = handlers.step(s, {"t": "key", "key": key.lower()})
    assert sorted(p["sq"] for p in s["placed"]) == ["H11", "H12", "H8", "H9"]


def _keys(s, keys):
    for key in keys:
        s = handlers.step(s, {"t": "key", "key": key})
    return s


def test_slash_commands_speak_the_rack_scores_and_the_last_play():
    s = fx.new(fx.snap(racks=("DEI?STU", "EGGLOOS"), scores=[120, 84]))
    s = _keys(s, "/r")
    assert s["announce"] == "Your rack: D E I blank S T U." and not s["placed"]
    s = _keys(s, "/r")   # asked again: said again ("Command?" came between)
    assert s["announce"] == "Your rack: D E I blank S T U."
    s = _keys(s, "/n")
    assert s["announce"] == "In NATO words: Delta, Echo, India, Sierra, Tango, Uniform, blank."
    s = _keys(s, "/s")
    assert s["announce"] == "You 120, Player 2 84: you lead by 36."
    s = _keys(s, "/w")
    assert s["announce"] == "Your turn."
    s = _keys(s, "/c")
    assert s["announce"] == "No clock in this game."
    s = _keys(s, "/l")
    assert s["announce"] == "No play yet."
    s = _keys(s, "/b")
    assert s["announce"] == "No play before the last."
    s["snap"] = dict(s["snap"], turns=[{"player": 0, "kind": "play", "text": "8H AT", "score": 4, "words": ["AT"]},
                                       {"player": 1, "kind": "pass", "text": "-", "score": 0}])
    s = _keys(s, "/b")
    assert s["announce"] == "Before it: You played AT at 8H, across, spelled A T; 4 points."
    s = _keys(s, "/l")
    assert s["announce"] == "Last: Player 2 passed."
    s = _keys(s, "/t")
    assert s["announce"] == "86 tiles in the bag." and fx.effects(s, "p_unseen")
    s = handlers.step(s, {"t": "p_data", "what": "unseen", "data": {"tiles": {"A": 2, "?": 1}, "total": 3}})
    assert s["announce"] == "86 tiles in the bag. 3 unseen: A A blank."
    s = _keys(s, "/q")
    assert s["announce"] == "No command q. Slash then H lists them."
    s = _keys(s, "?")
    assert s["announce"].startswith("Commands: slash, then R your rack")
    s = _keys(s, "?")   # the same words twice: the live region's text differs, so it is said again
    assert s["announce"].startswith("Commands: slash") and s["announce"].endswith("\u00a0")


def test_typing_a_square_jumps_there_and_sets_the_direction():
    s = fx.new(fx.snap(tiles=[fx.tile("H8", "C"), fx.tile("I8", "A"), fx.tile("J8", "T", blank=True)]))
    s = _keys(s, "8d")
    assert s["cursor"] == "D8" and s["dir"] == "across" and fx.effects(s, "focus") == [{"do": "focus", "sq": "D8"}]
    assert s["announce"] == "8D, typing across: double letter, empty." and not s["placed"]
    s = _keys(s, ["/", "g", "H", "1", "2", "Enter"])
    assert s["cursor"] == "H12" and s["dir"] == "down"
    s = _keys(s, "/x")
    assert s["announce"] == "Row 12 is empty."
    s = _keys(s, "/y")
    assert s["announce"] == "Column H: 8 C."
    s = _keys(s, "8i/o")
    assert s["cursor"] == "I8" and s["announce"] == "Across through I8: CAT, from H8 to J8, spelled C, A, blank T."
    s = _keys(s, "99z")
    assert s["cursor"] == "I8" and s["announce"] == "No square 99Z on this board."


def test_play_so_far_and_the_keys_of_the_exchange_bar_stay_its_own():
    s = fx.new(fx.snap(racks=("AEINRST", "EGGLOOS")))
    s = _keys(s, "/p")
    assert s["announce"] == "No tiles put down."
    s = _keys(s, ["8", "h", "a", "t", "/", "p"])
    assert s["announce"].startswith("Put down: H8 A, I8 T.")
    s = handlers.step(s, {"t": "exchange"})
    s = _keys(s, "?")   # in the exchange bar ? chooses a blank
    assert s["announce"] == "No blank on your rack."


def test_a_review_board_and_rack_read_as_words():
    from ui.review import view as rv_view
    board = {"size": 15, "turn": 3, "tiles": [{"sq": "H8", "letter": "C"}, {"sq": "I8", "letter": "a", "blank": True}],
             "played": [{"sq": "J8", "letter": "T"}]}
    res = {"turn": 3, "best": "9G XI", "best_tiles": [{"sq": "G9", "letter": "X"}]}
    html = rv_view.board_html(board, res)
    assert ('The position before the turn: Row 8: H C, I blank A. The play made: J8 T. '
            'The best play: G9 X.') in html
    row = {"turn": 3, "name": "You", "rack": "ABIII?X", "played": "8H CAT", "score": 5}
    line = rv_view.turn_html({"sel": -1}, row, None, "classic")
    assert '<span class="sr-only">rack A B I I I blank X</span>' in line and '<span aria-hidden="true">ABIII?X</span>' in line


def test_the_end_is_told_and_focus_goes_to_the_end_box():
    seats = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]
    before = fx.snap(racks=("A", "EGGLOOS"))
    before["seats"], before["actions"] = seats, ["-"]
    s = handlers.step(fx.new(), {"t": "snapshot", "snap": before})
    over = fx.snap(racks=("", "EGGLOOS"), phase="over", tiles=[fx.tile("H8", "A")], scores=[20, 9],
                   winner=[0], ppt=[10.0, 9.0], end_reason="You went out")
    over["seats"], over["actions"] = seats, ["-", "8H A"]
    over["turns"] = [{"player": 0, "kind": "play", "text": "8H A", "score": 1, "words": ["A"]}]
    s = handlers.step(s, {"t": "snapshot", "snap": over})
    assert s["announce"] == ("You played A at 8H, across, spelled A; 1 point. Game over. Winner: You. Final scores: "
                             "You 20, Computer 9: you lead by 11. Points per turn: You 10.0, Computer 9.0. "
                             "The game ended: You went out.")
    assert fx.effects(s, "p_focus") == [{"do": "p_focus", "id": "end-review"}]


def test_an_undo_to_the_first_move_says_what_it_took_back():
    seats = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]
    played = fx.snap(racks=("EINRSTU", "GLOS"), tiles=[fx.tile("H8", "E")])
    played["seats"], played["actions"] = seats, ["8H E", "-"]
    played["turns"] = [{"player": 0, "kind": "play", "text": "8H E", "score": 2, "words": ["E"]},
                       {"player": 1, "kind": "pass", "text": "-", "score": 0}]
    s = handlers.step(fx.new(), {"t": "snapshot", "snap": played})
    start = fx.snap(racks=("EINRSTU", "GLOS"))
    start["seats"] = seats
    s = handlers.step(s, {"t": "snapshot", "snap": start})
    assert s["announce"] == ("Undone: You played E at 8H, across, spelled E; 2 points. Computer passed. "
                             "Your turn. Your rack: E I N R S T U.")


def test_in_hot_seat_the_next_player_is_named_and_the_hidden_rack_not_said():
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    first = fx.snap(racks=("EINRSTU", "GLOSABC"), kinds=("human", "human"))
    first["seats"] = seats
    s = handlers.step(fx.new(first), {"t": "snapshot", "snap": first})
    after = fx.snap(racks=("INRSTU", "GLOSABC"), kinds=("human", "human"), to_move=1, tiles=[fx.tile("H8", "E")])
    after["seats"], after["actions"] = seats, ["8H E"]
    after["turns"] = [{"player": 0, "kind": "play", "text": "8H E", "score": 2, "words": ["E"]}]
    s = handlers.step(s, {"t": "snapshot", "snap": after})
    assert s["announce"] == "Ann played E at 8H, across, spelled E; 2 points. Pass the device to Bob."
