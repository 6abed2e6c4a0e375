"""ui/boot/handlers.step: placing tiles, keyboard, rack, turns and effects (runs under CPython and MicroPython)."""

import json

import ui_fixtures as fx
from ui_fixtures import effects, go, new
from ui import state


def rack_id(s, tile):
    for e in s["rack"]:
        if e["tile"] == tile:
            return e["id"]
    raise AssertionError("no " + tile)


def test_initial_rack_and_cursor():
    s = new()
    assert "".join(e["tile"] for e in s["rack"]) == "AEINRST"
    assert s["cursor"] == "H8" and s["dir"] == "across"
    assert s["rack_seat"] == 0 and s["busy"] == ""


def test_tap_tile_then_square_places_and_asks_preview():
    s = new()
    a = rack_id(s, "A")
    s = go(s, {"t": "tap_rack", "id": a})
    assert s["sel"] == ["rack", a]
    s = go(s, {"t": "tap_square", "sq": "H8"})
    assert s["placed"] == [{"sq": "H8", "id": a, "tile": "A", "letter": "A"}]
    asked = effects(s, "preview")
    assert len(asked) == 1 and asked[0]["seq"] == s["seq"]
    assert json.loads(asked[0]["arg"])["tiles"] == [{"sq": "H8", "tile": "A", "letter": "A"}]


def test_square_then_tiles_runs_along_the_direction():
    s = new()
    s = go(s, {"t": "tap_square", "sq": "H8"}, {"t": "tap_rack", "id": rack_id(s, "R")},
           {"t": "tap_rack", "id": rack_id(s, "A")})
    assert [(p["sq"], p["letter"]) for p in s["placed"]] == [("H8", "R"), ("I8", "A")]
    assert s["cursor"] == "J8"


def test_second_tap_on_the_cursor_turns_direction():
    s = new()
    s = go(s, {"t": "tap_square", "sq": "H8"}, {"t": "tap_square", "sq": "H8"})
    assert s["dir"] == "down"
    s = go(s, {"t": "key", "key": " "})
    assert s["dir"] == "across"


def test_typing_places_and_skips_occupied_squares():
    snap = fx.snap(tiles=[fx.tile("I8", "Q")])
    s = new(snap)
    s = go(s, {"t": "key", "key": "a"}, {"t": "key", "key": "t"})
    assert [(p["sq"], p["letter"]) for p in s["placed"]] == [("H8", "A"), ("J8", "T")]
    assert s["cursor"] == "K8"
    s = go(s, {"t": "key", "key": "Backspace"})
    assert [p["sq"] for p in s["placed"]] == ["H8"] and s["cursor"] == "J8"
    focus = effects(s, "focus")
    assert focus and focus[0]["sq"] == "J8"


def test_arrows_move_within_the_board():
    s = new()
    s = go(s, {"t": "key", "key": "ArrowUp"}, {"t": "key", "key": "ArrowLeft"})
    assert s["cursor"] == "G7"
    s["cursor"] = "A1"
    s = go(s, {"t": "key", "key": "ArrowLeft"})
    assert s["cursor"] == "A1"


def test_typing_a_letter_not_on_the_rack_uses_the_blank_or_says_so():
    s = new(fx.snap(racks=("AB?", "XYZ")))
    s = go(s, {"t": "key", "key": "q"})
    assert s["placed"][0]["tile"] == "?" and s["placed"][0]["letter"] == "Q"
    s = go(s, {"t": "key", "key": "q"})
    assert len(s["placed"]) == 1 and "No Q" in s["message"]


def test_shift_letter_types_a_blank():
    s = new(fx.snap(racks=("AE?", "XYZ")))
    s = go(s, {"t": "key", "key": "E", "shift": True})
    assert s["placed"][0]["tile"] == "?" and s["placed"][0]["letter"] == "E"


def test_blank_tap_asks_the_letter():
    s = new(fx.snap(racks=("AE?", "XYZ")))
    s = go(s, {"t": "tap_rack", "id": rack_id(s, "?")}, {"t": "tap_square", "sq": "H8"})
    assert s["choose"] and s["choose"]["sq"] == "H8" and not s["placed"]
    s = go(s, {"t": "choose", "letter": "z"})
    assert s["choose"] is None and s["placed"][0]["letter"] == "Z" and s["placed"][0]["tile"] == "?"


def test_wild_jqxz_asks_face_up_or_down():
    snap = fx.snap(racks=("JAE", "XYZ"), rules="iii")
    s = new(snap)
    s = go(s, {"t": "tap_rack", "id": rack_id(s, "J")}, {"t": "tap_square", "sq": "H8"})
    assert s["choose"]["tile"] == "J"
    s = go(s, {"t": "choose", "letter": "="})
    assert s["placed"][0]["letter"] == "J"
    classic = new(fx.snap(racks=("JAE", "XYZ")))
    classic = go(classic, {"t": "tap_rack", "id": rack_id(classic, "J")}, {"t": "tap_square", "sq": "H8"})
    assert classic["choose"] is None and classic["placed"][0]["letter"] == "J"


def test_tapping_a_placed_tile_takes_it_back_and_escape_recalls_all():
    s = new()
    s = go(s, {"t": "key", "key": "a"}, {"t": "key", "key": "t"})
    s = go(s, {"t": "tap_square", "sq": "H8"})
    assert [p["sq"] for p in s["placed"]] == ["I8"]
    s = go(s, {"t": "key", "key": "Escape"})
    assert s["placed"] == [] and s["preview"] is None


def test_preview_answers_for_old_tiles_are_dropped():
    s = new()
    s = go(s, {"t": "key", "key": "a"})
    old = s["seq"]
    s = go(s, {"t": "key", "key": "t"})
    s = go(s, {"t": "preview", "seq": old, "result": {"legal": True, "score": 99}})
    assert s["preview"].get("score") != 99
    s = go(s, {"t": "preview", "seq": s["seq"], "result": {"legal": True, "score": 4}})
    assert s["preview"]["score"] == 4


def test_play_asks_the_engine_and_snapshot_clears():
    s = new()
    s = go(s, {"t": "key", "key": "a"}, {"t": "key", "key": "t"}, {"t": "key", "key": "Enter"})
    plays = effects(s, "play")
    assert len(plays) == 1 and s["busy"] == "play"
    assert len(json.loads(plays[0]["arg"])["tiles"]) == 2
    after = fx.snap(racks=("EINRSTU", "EGGLOOS"), to_move=1, tiles=[fx.tile("H8", "A"), fx.tile("I8", "T")],
                    message="You played 8H AT for 4.")
    s = go(s, {"t": "snapshot", "snap": after})
    assert s["placed"] == [] and s["busy"] == "computer"
    assert effects(s, "computer") and effects(s, "save")
    assert s["announce"] == "You played 8H AT for 4."
    assert s["rack_seat"] == 0  # the human's rack stays on screen while the computer thinks


def test_refused_action_keeps_the_tiles():
    s = new()
    s = go(s, {"t": "key", "key": "a"}, {"t": "play"})
    s = go(s, {"t": "snapshot", "snap": {"error": "not connected"}})
    assert s["message"] == "not connected" and len(s["placed"]) == 1 and s["busy"] == ""


def test_rack_order_survives_a_turn():
    s = new()
    s = go(s, {"t": "shuffle", "order": [6, 5, 4, 3, 2, 1, 0]})
    assert "".join(e["tile"] for e in s["rack"]) == "TSRNIEA"
    nxt = fx.snap(racks=("EINRSTZ", "EGGLOOS"))
    s = go(s, {"t": "snapshot", "snap": nxt})
    assert "".join(e["tile"] for e in s["rack"]) == "TSRNIEZ"


def test_drag_rearranges_and_drops():
    s = new()
    a = rack_id(s, "A")
    s = go(s, {"t": "drop_rack", "id": a, "slot": 3})
    assert [e["tile"] for e in s["rack"]].index("A") == 3
    s = go(s, {"t": "drop", "id": a, "sq": "G8"})
    assert s["placed"][0]["sq"] == "G8"
    s = go(s, {"t": "drop_placed", "from": "G8", "sq": "G9"})
    assert s["placed"][0]["sq"] == "G9"
    s = go(s, {"t": "drop_placed", "from": "G9", "sq": None})
    assert s["placed"] == []


def test_exchange_choose_then_confirm():
    s = new()
    s = go(s, {"t": "exchange"})
    assert s["mode"] == "exchange" and not s["fx"]
    s = go(s, {"t": "tap_rack", "id": rack_id(s, "A")}, {"t": "tap_rack", "id": rack_id(s, "E")})
    s = go(s, {"t": "exchange_confirm"})
    acts = effects(s, "act")
    assert acts == [{"do": "act", "arg": "-AE"}] and s["mode"] == "play"


def test_pass_only_when_legal():
    s = new()
    assert effects(go(s, {"t": "pass"}), "act") == [{"do": "act", "arg": "-"}]
    snap = fx.snap()
    snap["legal"] = fx.legal(**{"pass": False})
    assert go(new(snap), {"t": "pass"})["fx"] == []


def test_challenge_and_check_follow_legal():
    snap = fx.snap()
    snap["legal"] = fx.legal(challenge=True)
    s = go(new(snap), {"t": "challenge"})
    assert effects(s, "act") == [{"do": "act", "arg": "challenge"}]
    assert go(new(), {"t": "challenge"})["fx"] == []


def test_hot_seat_hands_over_between_humans():
    s = new(fx.snap(kinds=("human", "human")))
    assert s["handover"] == -1
    nxt = fx.snap(kinds=("human", "human"), to_move=1, racks=("AEINRST", "EGGLOOS"))
    s = go(s, {"t": "snapshot", "snap": nxt})
    assert s["handover"] == 1 and s["rack_seat"] == 1
    assert not state.my_turn(s)
    s = go(s, {"t": "handover_done"})
    assert s["handover"] == -1 and state.my_turn(s)


def test_swap_for_a_blank_builds_pre():
    snap = fx.snap(racks=("EAT", "XYZ"), tiles=[fx.tile("H8", "e", 0, blank=True)], swappable=["H8"])
    s = new(snap)
    s = go(s, {"t": "tap_rack", "id": rack_id(s, "E")}, {"t": "tap_square", "sq": "H8"})
    assert [p["kind"] + " " + p["sq"] for p in s["pre"]] == ["swap H8"]
    assert sorted(e["tile"] for e in s["rack"]) == ["?", "A", "T"]
    s = go(s, {"t": "recall"})
    assert s["pre"] == [] and sorted(e["tile"] for e in s["rack"]) == ["A", "E", "T"]


def test_pick_off_puts_the_tile_on_the_rack():
    snap = fx.snap(racks=("EAT", "XYZ"), tiles=[fx.tile("H8", "A"), fx.tile("I8", "S")], pickable=["I8"])
    s = new(snap)
    s = go(s, {"t": "tap_square", "sq": "I8"})
    assert [p["kind"] + " " + p["sq"] for p in s["pre"]] == ["pick I8"]
    assert sorted(e["tile"] for e in s["rack"]) == ["A", "E", "S", "T"]
    s = go(s, {"t": "tap_rack", "id": rack_id(s, "S")}, {"t": "tap_square", "sq": "I8"})
    pv = json.loads(effects(s, "preview")[0]["arg"])
    assert pv["pre"] == ["pick I8"] and pv["tiles"][0]["sq"] == "I8"


def test_engine_ready_reopens_and_keeps_tiles():
    s = new(engine="loading")
    s = go(s, {"t": "key", "key": "a"})
    assert not effects(s, "preview") and s["preview"] == {"pending": True}
    s = go(s, {"t": "engine", "status": "ready"})
    assert effects(s, "open")[0]["spec"]["rules"] == "classic"
    s = go(s, {"t": "snapshot", "snap": fx.snap(), "keep": True})
    assert len(s["placed"]) == 1 and effects(s, "preview")


def test_engine_failure_is_said():
    s = go(new(engine="loading"), {"t": "engine", "status": "failed", "msg": "no word list"})
    assert s["engine"] == "failed" and s["notice"] == "no word list"


def test_new_game_asks_open():
    spec = {"rules": "iii", "seed": "7", "seats": [], "actions": []}
    s = go(new(), {"t": "new_game", "spec": spec})
    assert effects(s, "open") == [{"do": "open", "spec": spec, "new": True}]


def test_step_does_not_change_its_input():
    s = new()
    before = json.dumps(s)
    go(s, {"t": "key", "key": "a"})
    assert json.dumps(s) == before


def test_square_first_then_the_blank_opens_the_chooser():
    s = new(fx.snap(racks=("AE?", "XYZ")))
    s = go(s, {"t": "tap_square", "sq": "H8"}, {"t": "tap_rack", "id": rack_id(s, "?")})
    assert s["choose"] and s["choose"]["sq"] == "H8" and not s["placed"]
    s = go(s, {"t": "choose", "letter": "q"})
    assert s["placed"][0]["tile"] == "?" and s["placed"][0]["letter"] == "Q"


def test_square_first_then_a_wild_z_asks_face_up_or_down():
    s = new(fx.snap(racks=("ZAE", "XYZ"), rules="iii"))
    s = go(s, {"t": "tap_square", "sq": "H8"}, {"t": "tap_rack", "id": rack_id(s, "Z")})
    assert s["choose"] and s["choose"]["tile"] == "Z" and not s["placed"]


def test_typing_a_letter_not_held_uses_a_wild_tile_face_down_in_iii_and_says_so():
    s = new(fx.snap(racks=("ZAE", "XYZ"), rules="iii"))
    s = go(s, {"t": "key", "key": "s"})
    assert s["placed"][0]["tile"] == "Z" and s["placed"][0]["letter"] == "S"
    assert "Z" in s["message"] and "face down" in s["message"]
    s = new(fx.snap(racks=("ZAE", "XYZ")))          # classic: J/Q/X/Z are not wild
    s = go(s, {"t": "key", "key": "s"})
    assert not s["placed"] and "No S" in s["message"]


def test_a_letter_that_cannot_be_typed_keeps_its_warning_while_typing_goes_on():
    s = new(fx.snap(racks=("EGOTITA", "XYZ")))
    for key in "egotis":
        s = go(s, {"t": "key", "key": key})
    assert "No S" in s["message"]
    s = go(s, {"t": "key", "key": "t"})
    assert "".join(p["letter"] for p in s["placed"]) == "EGOTIT"
    assert "No S" in s["message"]                     # still said: EGOTIT is not what was typed
    s = go(s, {"t": "key", "key": "Backspace"})
    s = go(s, {"t": "key", "key": "a"})
    assert s["message"] == ""


def test_the_rack_order_is_kept_over_an_undo_and_a_reload():
    from ui import store
    s = new(fx.snap(racks=("AEINRST", "EGGLOOS")))
    s = go(s, {"t": "shuffle", "order": [6, 5, 4, 3, 2, 1, 0]})
    mine = "".join(e["tile"] for e in s["rack"])
    assert mine == "TSRNIEA"
    s = go(s, {"t": "snapshot", "snap": fx.snap(racks=("AEIQRST", "EGGLOOS"), actions=["8H N"], to_move=0)})
    s = go(s, {"t": "snapshot", "snap": fx.snap(racks=("AEINRST", "EGGLOOS"), actions=[], to_move=0)})   # undo
    assert "".join(e["tile"] for e in s["rack"]) == mine
    text = store.dump(s)
    saved, _ = store.load(text)
    again = state.with_order(state.initial(saved["layout"], saved["spec"], saved["snap"]), saved["order"])
    assert "".join(e["tile"] for e in again["rack"]) == mine


def test_a_refusal_the_preview_already_gives_is_said_once():
    """Play pressed while the preview was still pending: the engine's refusal and the
    preview name the same reason; it shows once (in the preview), in either order."""
    why = "a single letter is not a word: place a tile next to another"
    for preview_first in (True, False):
        s = new()
        s = go(s, {"t": "key", "key": "a"}, {"t": "key", "key": "Enter"})
        assert effects(s, "play")
        answers = [{"t": "preview", "seq": s["seq"], "result": {"legal": False, "error": why}},
                   {"t": "snapshot", "snap": {"error": why}}]
        s = go(s, *(answers if preview_first else answers[::-1]))
        assert s["preview"]["error"] == why and s["message"] == "", preview_first
        assert s["busy"] == ""
    s = go(new(), {"t": "key", "key": "a"}, {"t": "key", "key": "Enter"})
    s = go(s, {"t": "snapshot", "snap": {"error": "not your turn"}})
    assert s["message"] == "not your turn"   # a reason the preview does not give stays


def test_swaps_by_keys_any_number_the_rules_allow():
    tiles = [fx.tile("H8", "e", 0, blank=True), fx.tile("I8", "a", 0, blank=True)]
    snap = fx.snap(racks=("EAT", "XYZ"), tiles=tiles, swappable=["H8", "I8"])
    s = new(snap)
    s["cursor"] = "H8"
    s = go(s, {"t": "key", "key": "="})
    s["cursor"] = "I8"
    s = go(s, {"t": "key", "key": "Insert"})
    assert [p["kind"] + " " + p["sq"] + " " + p["letter"] for p in s["pre"]] == ["swap H8 E", "swap I8 A"]
    assert sorted(e["tile"] for e in s["rack"]) == ["?", "?", "T"]
    s["cursor"] = "J8"   # no blank there: said, nothing changes
    s = go(s, {"t": "key", "key": "="})
    assert len(s["pre"]) == 2 and "No blank to swap" in s["message"]
