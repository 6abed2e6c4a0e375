"""Picking off by hand (issue 36, III seed walk7): after MUTANT, N and T (K11, L11) come
off by one tap on the N, by taps on both in either order, by Delete on the cursor's
square, and by Hint's Show; the placement sent is one pick a tile, which the engine
reads as one pick-off (engine/moves.merged_picks). CPython and MicroPython."""

import json

import ui_fixtures as fx
from ui_fixtures import effects, go
from ui import state

MUTANT = [fx.tile(sq, letter) for sq, letter in zip(("G11", "H11", "I11", "J11", "K11", "L11"), "MUTANT")]
RUNS = {"K11": ["K11", "L11"], "L11": ["L11"]}


def walk7():
    snap = fx.snap(racks=("GIMQTVWW", "ADGGILP?"), tiles=MUTANT, to_move=1, kinds=("human", "human"),
                   rules="iii", pickable=["K11", "L11"], pick_runs=RUNS, size=21)
    return state.initial(fx.layout(21), {"rules": "iii"}, snap, "ready")   # III's 21x21 board


def lifted(s):
    return sorted(p["sq"] for p in s["pre"] if p["kind"] == "pick")


def test_one_tap_on_the_n_lifts_the_n_and_the_t_after_it():
    s = go(walk7(), {"t": "tap_square", "sq": "K11"})
    assert lifted(s) == ["K11", "L11"]
    assert sorted(e["tile"] for e in s["rack"] if e.get("pre")) == ["N", "T"]
    assert "N (K11) and T (L11)" in s["message"]


def test_taps_on_both_in_either_order_lift_each_tile_once():
    for order in (("K11", "L11"), ("L11", "K11")):
        s = walk7()
        for sq in order:
            s = go(s, {"t": "tap_square", "sq": sq})
        assert lifted(s) == ["K11", "L11"] and len([e for e in s["rack"] if e.get("pre")]) == 2


def test_delete_on_the_cursor_picks_off_and_recall_puts_the_tiles_back():
    s = walk7()
    s["cursor"] = "K11"
    s = go(s, {"t": "key", "key": "Delete"})
    assert lifted(s) == ["K11", "L11"]
    s = go(s, {"t": "key", "key": "Escape"})
    assert s["pre"] == [] and not [e for e in s["rack"] if e.get("pre")]


def test_the_whole_play_goes_to_the_engine_with_one_pick_a_tile():
    s = go(walk7(), {"t": "tap_square", "sq": "L11"}, {"t": "tap_square", "sq": "K11"})
    s["cursor"], s["dir"] = "K11", "across"
    for key, shift in (("t", False), ("i", False), ("o", True), ("n", False), ("a", False), ("l", False)):
        s = go(s, {"t": "key", "key": key, "shift": shift})
    pv = json.loads(effects(s, "preview")[-1]["arg"])
    assert sorted(pv["pre"]) == ["pick K11", "pick L11"]
    assert [(t["sq"], t["letter"]) for t in pv["tiles"]] == [
        ("K11", "T"), ("L11", "I"), ("M11", "O"), ("N11", "N"), ("O11", "A"), ("P11", "L")]


def test_hint_show_makes_the_pick_off_then_places_the_tiles():
    s = walk7()
    tiles = [{"sq": sq, "tile": tile, "letter": letter} for sq, tile, letter in
             (("K11", "T", "T"), ("L11", "I", "I"), ("M11", "?", "O"), ("N11", "N", "N"),
              ("O11", "A", "A"), ("P11", "L", "L"))]
    s = go(s, {"t": "p_place", "placement": {"tiles": tiles, "pre": ["pick K11"], "move": "pick K11; 11G MUTATIoNAL"}})
    assert lifted(s) == ["K11", "L11"] and len(s["placed"]) == 6
    assert "Hint shown" in s["message"]
    stale = go(walk7(), {"t": "p_place", "placement": {"tiles": tiles, "pre": ["pick J11"], "move": "x"}})
    assert stale["pre"] == [] and stale["placed"] == [] and "no longer fits" in stale["message"]


def test_the_marks_are_named_in_a_legend_only_when_they_show():
    from ui import view
    s = walk7()
    html = view.legend_html(s)
    assert "picked off" in html and "swap" not in html          # III after MUTANT: pick-offs, no blank to swap
    cells = view.board_cells(s, ["K11", "J11"])
    assert "pickable" in cells["K11"]["cls"] and "can be picked off" in cells["K11"]["label"]
    assert "pickable" not in cells["J11"]["cls"]
    s["snap"] = dict(s["snap"], swappable=["K11"], pickable=[])
    assert "blank you can swap" in view.legend_html(s) and "picked off" not in view.legend_html(s)
    s["mode"] = "exchange"                                        # choosing tiles to exchange: no legend
    assert view.legend_html(s) == ""


def test_plays_read_in_words_not_notation():
    from ui.game import turns
    assert turns.play_words("8D ZEbRAS") == "played ZEBRAS"
    assert turns.play_words("11F ZEBRAs[Z]") == "played ZEBRAS"
    assert turns.play_words("pick K11; 11G MUTATIoNAL") == "picked off tiles and played MUTATIONAL"
    assert turns.play_words("swap K11; pick L11; 11D DREAMILY") == "swapped a blank and picked off tiles and played DREAMILY"
    snap = fx.snap(kinds=("human", "human"))
    assert turns.turn_text(snap, {"player": 1, "kind": "play", "text": "H8 Wi[Q]GWAM", "score": 30}) == \
        "Player 2 played WIGWAM for 30."
