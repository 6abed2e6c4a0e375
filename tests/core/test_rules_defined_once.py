"""Rules named once (issue 8): each rule has one definition, used by both the
scorer (scoring.evaluate) and the generator (linegen/movegen), and the two agree
on positions built to sit on each rule's edge."""

import re
from dataclasses import fields, replace
from itertools import permutations
from pathlib import Path

import pytest

from engine import board as geometry
from engine.board import LAYOUTS
from engine.search.movegen import AllPlays, MoveGenerator, swap_order, swapped
from engine.moves import MoveError, Play
from engine.rules import PRESETS, TWO_LETTER_72
from engine.scoring import (Evaluation, PickOff, apply_pre, evaluate, jqxz_bonus_per_tile, lone_tile_across,
                            small_word_cap, stretch_points)
from enginekit import empty_board, lexicon, put

ROOT = Path(__file__).resolve().parents[2]
LEX = lexicon()


def engine_sources():
    """Every engine module's source, by its path under engine/ (search/linegen.py)."""
    return {p.relative_to(ROOT / "engine").as_posix(): p.read_text() for p in sorted((ROOT / "engine").rglob("*.py"))}


# ----------------------------------------------------------------- definitions
def test_small_word_cap():
    ii, o = PRESETS["ii"], PRESETS["o"]
    assert [small_word_cap(ii, n) for n in (2, 3, 4, 5, 9)] == [2, 3, 4, 99, 99]
    assert small_word_cap(o, 2) == 99  # no cap outside ii/iii


def test_jqxz_bonus_per_tile():
    assert [jqxz_bonus_per_tile(n) for n in (2, 5, 6, 7, 8, 15)] == [0, 0, 10, 20, 30, 30]


def test_stretch_points():
    ii = PRESETS["ii"]                      # threshold 5, STRETCH_FIVES
    assert stretch_points(ii, 4, 3) == 0    # the word inside is too short
    assert stretch_points(ii, 5, 3) == 50
    assert stretch_points(ii, 5, 1) == 0    # one tile played earns nothing
    assert stretch_points(PRESETS["classic"], 8, 3) == 0   # no stretch rule


def test_lone_tile_across():
    o = PRESETS["o"]  # minimum 3
    assert lone_tile_across(o, 4, True, 3, True) is True      # the longer run
    assert lone_tile_across(o, 3, True, 4, True) is False
    assert lone_tile_across(o, 3, True, 3, True) is True      # a tie goes across
    assert lone_tile_across(o, 2, True, 3, True) is False     # across too short for the minimum
    assert lone_tile_across(o, 5, False, 3, True) is False    # across misses the inner board
    assert lone_tile_across(o, 2, True, 1, True) is True      # neither qualifies: the longer


def test_inner_range_and_covers_inner():
    ext = LAYOUTS["extended21"]
    assert ext.inner_range(0, True) is None and ext.inner_range(3, True) == (3, 17)
    assert ext.inner_range(10, False) == (3, 17)
    sq = ext.square
    assert ext.covers_inner([sq("A4"), sq("B4"), sq("C4"), sq("D4")], True)
    assert not ext.covers_inner([sq("A4"), sq("B4"), sq("C4")], True)
    assert not ext.covers_inner([sq("E1"), sq("E2"), sq("E3")], False)
    assert ext.covers_inner([sq("E2"), sq("E3"), sq("E4")], False)
    classic = LAYOUTS["classic15"]
    assert classic.covers_inner([0, 1], True) and classic.inner_range(0, True) == (0, 14)


def test_rules_are_not_retyped_in_the_engine():
    """The arithmetic of each rule appears once in engine/ (its definition)."""
    src = engine_sources()
    joined = "\n".join(src.values())
    assert len(re.findall(r"<= 4 else 99", joined)) == 1            # small-word cap
    assert len(re.findall(r"10 if \w+ == 6", joined)) == 1           # JQXZ bonus
    assert len(re.findall(r"def lone_tile_across", joined)) == 1
    assert "10 if n == 6 else 20" not in src["search/linegen.py"]
    # The 72 two-letter words: typed only in rules.py (build.py imports them).
    typed = [name for name, text in src.items() if "AB AD AG AH AI AM" in text]
    assert typed == ["rules.py"]
    assert "AB AD AG AH AI AM" not in (ROOT / "wordlists" / "build.py").read_text()


def test_wordlist_build_uses_the_rules_list():
    import importlib.util
    spec = importlib.util.spec_from_file_location("wordlists_build_once", ROOT / "wordlists" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    assert set(build.TWO_LETTER_72) == TWO_LETTER_72 and list(build.TWO_LETTER_72) == sorted(TWO_LETTER_72)


# ----------------------------------------------------------------- geometry
def test_board_geometry():
    size = 15
    assert all(geometry.transpose(geometry.transpose(i, size), size) == i for i in range(size * size))
    down = geometry.line_order(size, False)
    assert down[:3] == [0, 15, 30] and sorted(down) == list(range(size * size))
    b = put(empty_board("classic"), "8D CAT")
    cells = b.cells
    h8 = b.layout.square("E8")
    assert geometry.run(cells, h8, True, size) == [b.layout.square(n) for n in ("D8", "E8", "F8")]
    assert geometry.run(cells, h8, False, size) == [h8]
    put(b, "E9 A")
    assert geometry.has_cross_neighbour(cells, h8, True, size)
    assert not geometry.has_cross_neighbour(cells, b.layout.square("F8"), True, size)


# ----------------------------------------------------------------- swaps and picks
def test_pick_off_is_a_named_type():
    iii = PRESETS["iii"]
    b = put(empty_board("iii"), "11F DREAMS")
    rack = []
    pick = apply_pre(b, rack, (("pick", b.layout.square("K11")),), iii, True)
    assert isinstance(pick, PickOff) and pick.text == "DREAMS" and pick.across
    assert len(pick.word) == 6 and pick.picked == (b.layout.square("K11"),) and len(pick.keep) == 5
    assert rack == ["S"] and not b.cells[b.layout.square("K11")]


def test_apply_pre_checks_rules_unless_told_not_to():
    classic = PRESETS["classic"]
    b = put(empty_board("classic"), "8D CAt")
    with pytest.raises(MoveError, match="not allowed"):
        apply_pre(b.copy(), list("T"), (("swap", b.layout.square("F8")),), classic, True)
    moved = b.copy()
    apply_pre(moved, None, (("swap", b.layout.square("F8")),), None, True)  # board only
    assert moved.cells[b.layout.square("F8")] == "T"


def test_apply_pre_without_rules_carries_out_what_the_scorer_judges():
    """Move text lifts a pick-off that breaks RULES.md 6.3 (a tile not free-hanging,
    or the whole word) so that the scorer can say why; with the rules it is refused."""
    iii = PRESETS["iii"]
    b = put(empty_board("iii"), "11F DREAMY")
    put(b, "K12 E")                                  # a word down through the Y
    k11, f11 = b.layout.square("K11"), b.layout.square("F11")
    with pytest.raises(MoveError, match="free-hanging"):
        apply_pre(b.copy(), [], (("pick", k11),), iii, True)
    lifted, rack = b.copy(), []
    apply_pre(lifted, rack, (("pick", k11),), None, True)
    assert rack == ["Y"] and not lifted.cells[k11] and lifted.cells[k11 - 1] == "M"
    put(b, "3C AT")
    c3 = b.layout.square("C3")
    with pytest.raises(MoveError, match="would vanish"):
        apply_pre(b.copy(), [], (("pick", c3),), iii, True)
    gone = b.copy()
    pick = apply_pre(gone, None, (("pick", c3),), None, True)
    assert pick.keep == () and not gone.cells[c3] and not gone.cells[c3 + 1]
    # What cannot be carried out is refused even so.
    with pytest.raises(MoveError, match="no tile on A1"):
        apply_pre(b.copy(), None, (("pick", 0),), None, True)
    with pytest.raises(MoveError, match="no blank on F11"):
        apply_pre(b.copy(), None, (("swap", f11),), None, True)


def test_swaps_and_picks_are_applied_by_one_routine():
    src = engine_sources()
    joined = "\n".join(src.values())
    assert joined.count("def apply_pre(") == 1 and "def _structural_pre" not in joined
    assert "def play_text" not in joined                 # move text: notation.format_move
    for name in ("notation.py", "game.py", "search/movegen.py"):
        assert "apply_pre" in src[name], name


def test_evaluation_says_whether_words_were_judged():
    classic = PRESETS["classic"]
    b = empty_board("classic")
    play = Play(((b.layout.square("H8"), "A", "A"), (b.layout.square("I8"), "X", "X")), across=True)
    ev = evaluate(b, "AX", play, classic)
    assert ev.legal and ev.judged and ev.to_dict(b.size)["judged"] is True
    ev.judged = False                                     # as Game.preview sets it
    assert ev.to_dict(b.size)["judged"] is False
    assert "judged" in {f.name for f in fields(Evaluation)}


def _first_order_by_permutations(board, rack, squares):
    """The definition: the first ordering, lexicographically, that works."""
    for order in permutations(sorted(squares)):
        r = list(rack)
        for sq in order:
            letter = board.cells[sq].upper()
            if letter not in r:
                break
            r.remove(letter)
            r.append(board.tile_at(sq))
        else:
            return list(order)
    return None


def test_swap_order_is_the_first_working_permutation():
    b = empty_board("iii")
    put(b, "3C eat")            # blanks for E, A, T (face down: ?)
    put(b, "5C qua")            # q over a face-down Z, u over Q, a over ?
    b.wild[b.layout.square("C5")] = "Z"
    b.wild[b.layout.square("D5")] = "Q"
    squares = [sq for sq, c in enumerate(b.cells) if c]
    for rack in ("QEA", "ZUQ", "UQ", "EATQUA", "Q", "QQ", "TZ", "AAEQTU"):
        for k in range(1, len(squares) + 1):
            for subset in permutations(squares, k):
                if list(subset) != sorted(subset):
                    continue
                assert swap_order(b, rack, subset) == _first_order_by_permutations(b, rack, subset), (rack, subset)


def test_swapped_applies_through_apply_pre():
    iii = PRESETS["iii"]
    b = put(empty_board("iii"), "11F qUA")
    b.wild[b.layout.square("F11")] = "Z"
    pre, board, rack = swapped(b, list("QE"), [b.layout.square("F11")], iii)
    assert pre == (("swap", b.layout.square("F11")),)
    assert board.cells[b.layout.square("F11")] == "Q" and sorted(rack) == ["E", "Z"]


def test_many_face_down_tiles_are_fast():
    """Ten blanks for E and a rack with one E: no order works, found at once (the
    hard player once tried every ordering: 12.8 s)."""
    b = empty_board("iii")
    for row in (2, 4, 6, 8, 10, 12, 14, 16, 18, 20):
        put(b, f"{row}D eATERS")
    squares = [sq for sq, c in enumerate(b.cells) if c == "e"]
    assert len(squares) == 10
    assert swap_order(b, "EARTSINL", squares) is None
    assert swap_order(b, "EEEEEEEEEE", squares) == sorted(squares)


# ----------------------------------------------------------------- agreement on the edges
def _agree(rules, board, rack):
    plays = MoveGenerator(rules, LEX).generate(board, rack, AllPlays())
    for cand in plays:
        ev = evaluate(board, rack, cand.to_play(), rules)
        assert ev.legal, (ev.error, cand.tiles)
        assert ev.score == cand.score and ev.across == cand.across, (cand.tiles, ev.score, cand.score)
    return plays


def test_lone_tile_and_inner_board_agree_on_extended21():
    i3 = replace(PRESETS["i"], min_main=3)
    b = empty_board("i")
    put(b, "4D CAT")        # the inner board's top row
    put(b, "G1 WIN")        # a wing column word reaching row 3
    put(b, "K5 EAT")        # S on K8 makes EATS down and, with A on J8, AS across
    put(b, "8J A")
    put(b, "P12 EAT")       # S on P15 makes EATS down and CATS across: a tie, across
    put(b, "15M CAT")
    plays = _agree(i3, b, "SEAT")
    lone = {b.layout.name_of(c.tiles[0][0]) + c.tiles[0][1]: c.across for c in plays if len(c.tiles) == 1}
    assert lone.get("P15S") is True           # the tie goes across
    assert lone.get("K8S") is False           # AS is below the minimum: EATS, down


def test_stretch_cap_and_jqxz_agree():
    iii = PRESETS["iii"]
    b = empty_board("iii")
    put(b, "11F DREAMS")
    put(b, "13F CATs")
    put(b, "15F QAT")
    plays = _agree(iii, b, "ILYEEXQZ")
    assert any(evaluate(b, "ILYEEXQZ", c.to_play(), iii).stretch for c in plays)
    ii = PRESETS["ii"]
    b2 = put(empty_board("ii"), "11H ZEBRA")
    assert _agree(ii, b2, "SQUAT?EE")


def test_one_name_limit_in_the_dialog_the_engine_links_and_gcg():
    """The New game dialog's name field holds what the engine, a link and a GCG record
    accept: one limit (engine/actionlog.py), checked in one place."""
    import sys

    from engine import actionlog
    from engine.records import link
    from engine.game import Game
    from engine.rules import Rules
    from enginekit import lexicon

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from ui.newgame import dialog as newgame

    assert newgame.NAME_MAX == actionlog.MAX_NAME
    html = newgame.dialog_html("classic", [("A" * 40, "human"), ("Bob", "hard")])
    assert f'maxlength="{actionlog.MAX_NAME}"' in html
    fields = {"preset": "classic", "seat0-name": "N" * 40, "seat0-kind": "human", "seat1-name": "Bob",
              "seat1-kind": "hard"}
    name = newgame.spec_of(fields, "1")["seats"][0]["name"]
    assert len(name) == actionlog.MAX_NAME
    Game(Rules.from_string("classic"), "1", names=[name, "Bob"], lexicon=lexicon())   # the engine takes it
    spec = {"rules": "classic", "seed": "1", "actions": [],
            "seats": [{"name": name, "kind": "human"}, {"name": "Bob", "kind": "hard"}]}
    assert link.decode(link.encode(spec))["seats"][0]["name"] == name     # and a link carries it
    with pytest.raises(ValueError):
        Game(Rules.from_string("classic"), "1", names=[name + "x", "Bob"], lexicon=lexicon())
