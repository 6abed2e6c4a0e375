"""Each knob of RULES.md distinguished from its alternative (placement and scoring)."""

from dataclasses import replace

import pytest

from engine.board import LAYOUTS
from engine.moves import Play
from engine.notation import parse_move
from engine.rules import PRESETS, TWO_LETTER_72
from engine.scoring import evaluate
from engine.lexicon.words import WordJudge
from enginekit import empty_board, lexicon, put

LEX = None


def judge(rules):
    global LEX
    LEX = LEX or lexicon()
    return WordJudge(rules, LEX)


def ev_of(rules, board, move, rack):
    return evaluate(board, rack, parse_move(move, board, rules, rack), rules, judge(rules))


def test_premium_layouts_match_rules_md():
    listed = {
        "TW": "A1 H1 O1 A8 O8 A15 H15 O15",
        "DW": "B2 N2 C3 M3 D4 L4 E5 K5 H8 E11 K11 D12 L12 C13 M13 B14 N14",
        "TL": "F2 J2 B6 F6 J6 N6 B10 F10 J10 N10 F14 J14",
        "DL": "D1 L1 G3 I3 A4 H4 O4 C7 G7 I7 M7 D8 L8 C9 G9 I9 M9 A12 H12 O12 G13 I13 D15 L15",
    }
    classic, ext = LAYOUTS["classic15"], LAYOUTS["extended21"]
    for prem, names in listed.items():
        squares = {classic.square(n) for n in names.split()}
        assert {sq for sq, p in enumerate(classic.premiums) if p == prem} == squares
        shifted = {(sq // 15 + 3) * 21 + sq % 15 + 3 for sq in squares}
        assert {sq for sq, p in enumerate(ext.premiums) if p == prem} == shifted
    assert classic.start == (7, 7) and ext.start == (10, 10)
    assert ext.square("K11") == ext.start_square and ext.premium(3, 3) == "TW"
    # The wings are plain.
    assert all(ext.premium(r, c) == "" for r in range(21) for c in range(21) if not ext.in_inner(r, c))


def test_word_premiums_add_vs_multiply():
    add = replace(PRESETS["classic"], premiums="add")
    mul = PRESETS["classic"]
    # One DW: x2 either way.
    fresh = empty_board("classic")
    e_mult = ev_of(mul, fresh, "8D ZEBRAS", "ZEBRAS")
    e_add = ev_of(add, fresh, "8D ZEBRAS", "ZEBRAS")
    assert e_mult.words[0].multiplier == e_add.words[0].multiplier == 2
    # TW (H1) + DW (H8) in one word down column H: x6 multiplied, x5 added.
    board = empty_board("classic")
    put(board, "H2 ERS")   # existing tiles on H2..H4
    put(board, "H6 OW")    # and on H6, H7; T, L, D go on H1, H5, H8
    play = Play(((0 * 15 + 7, "T", "T"), (4 * 15 + 7, "L", "L"), (7 * 15 + 7, "D", "D")))
    em = evaluate(board, "TLD", play, mul)
    ea = evaluate(board, "TLD", play, add)
    assert em.legal and ea.legal
    assert em.words[0].multiplier == 6 and ea.words[0].multiplier == 5


def test_two_dw_add_equals_multiply_and_two_tw_differs():
    add = replace(PRESETS["classic"], premiums="add")
    mul = PRESETS["classic"]
    board = empty_board("classic")
    put(board, "1B ERSLOWSERSLOW")  # B1..N1 filled: A1 and O1 (TW) are empty
    play = Play(((0, "A", "A"), (14, "Z", "Z")))
    assert evaluate(board, "AZ", play, mul).words[0].multiplier == 9
    assert evaluate(board, "AZ", play, add).words[0].multiplier == 6
    board = empty_board("classic")
    put(board, "2C ERSLOWSERSL")  # C2..M2; B2 and N2 are DW
    play = Play(((16, "A", "A"), (28, "Z", "Z")))
    assert evaluate(board, "AZ", play, mul).words[0].multiplier == 4
    assert evaluate(board, "AZ", play, add).words[0].multiplier == 4


def test_small_word_cap_on_off_and_long_words_uncapped():
    ii = PRESETS["ii"]
    board = empty_board("ii")
    put(board, "11J UA")
    e = evaluate(board, "Q", Play(((board.layout.square("I11"), "Q", "Q"),)), ii)
    assert e.words[0].word == "QUA" and e.words[0].values[0] == 3
    off = replace(ii, small_cap=False)
    e2 = evaluate(board, "Q", Play(((board.layout.square("I11"), "Q", "Q"),)), off)
    assert e2.words[0].values[0] == 10
    board = empty_board("ii")
    put(board, "11J UACK")
    e3 = evaluate(board, "Q", Play(((board.layout.square("I11"), "Q", "Q"),)), ii)
    assert e3.words[0].word == "QUACK" and e3.words[0].values[0] == 10


@pytest.mark.parametrize("preset,n,bonus", [
    ("classic", 6, 0), ("classic", 7, 50),
    ("o", 4, 0), ("o", 5, 10), ("o", 6, 30), ("o", 7, 50),
    ("ii", 5, 0), ("ii", 6, 20), ("ii", 7, 50), ("ii", 8, 80),
])
def test_big_play_table_rows(preset, n, bonus):
    rules = PRESETS[preset]
    board = empty_board(preset)
    row, col = board.layout.start
    tiles = tuple(((row) * board.size + col + i, "A", "A") for i in range(n))
    ev = evaluate(board, "A" * n, Play(tiles), rules)
    assert ev.legal and ev.big_play == bonus


@pytest.mark.parametrize("threshold,table", [("fours", {1: 0, 2: 20, 3: 40, 4: 60, 5: 80, 6: 80}),
                                             ("fives", {1: 0, 2: 30, 3: 50, 4: 70, 5: 90, 6: 100, 7: 100})])
def test_stretch_table_rows(threshold, table):
    rules = PRESETS["o"] if threshold == "fours" else PRESETS["ii"]
    for n, pts in table.items():
        assert rules.stretch_bonus(n) == pts


def test_stretch_threshold_word_length():
    o, ii = PRESETS["o"], PRESETS["ii"]
    b = empty_board("o")
    put(b, "8D DREAM")  # five letters: stretches under fours and fives
    assert ev_of(o, b, "8D DREAMERS", "ERS").stretch == 40
    b2 = empty_board("ii")
    put(b2, "11G CATS")  # four letters: not enough for fives
    e = ev_of(ii, b2, "11G CATSAAA", "AAA")
    assert e.legal and e.stretch == 0
    b3 = empty_board("o")
    put(b3, "8G CAT")  # three letters: not enough for fours
    assert ev_of(o, b3, "8G CATSSS", "SSS").stretch == 0
    off = replace(o, stretch_min=0)
    assert ev_of(off, b, "8D DREAMERS", "ERS").stretch == 0


def test_main_word_minimum_with_hooks():
    iii = PRESETS["iii"]
    b = empty_board("iii")
    put(b, "11C ANTIQUATE")   # C11..K11; DJINN down with N... hooks D onto L11
    # DJINN down column L ending at L11 makes ANTIQUATED across as a cross-word.
    e = ev_of(iii, b, "L11 DJINN", "DJINNAAA")
    assert not e.legal and e.error == "the main word must be at least 6 letters: DJINN has 5"
    three = replace(iii, min_main=3)
    e3 = ev_of(three, b, "L11 DJINN", "DJINNAAA")
    assert e3.legal and {w.word for w in e3.words} == {"DJINN", "ANTIQUATED"}


def test_one_tile_main_word_is_the_longer_qualifying_run():
    o = PRESETS["o"]
    b = empty_board("o")
    put(b, "8F CAR")        # F8 G8 H8
    put(b, "I9 AT")         # I9 I10 below I8
    # S on I8 makes CARS across (4) and SAT down (3): main word CARS.
    e = evaluate(b, "S", Play(((b.layout.square("I8"), "S", "S"),)), o)
    assert e.legal and e.words[0].word == "CARS" and e.across
    # With a minimum of 4 only CARS qualifies; with 5 neither does.
    e5 = evaluate(b, "S", Play(((b.layout.square("I8"), "S", "S"),)), replace(o, min_main=5))
    assert not e5.legal and "at least 5" in e5.error


def test_inner_board_rule():
    i = PRESETS["i"]
    b = empty_board("i")
    put(b, "4D CAT")        # D4..F4, the inner board's top row
    # EAT across in wing row 3, touching CAT from outside: the main word is all wing.
    e = ev_of(i, b, "3D EAT", "EAT")
    assert not e.legal and "inner 15x15" in e.error
    # Down from D1, the main word runs on into D4, an inner square: legal.
    e2 = ev_of(i, b, "D1 SEAC", "SEA")
    assert e2.legal and e2.words[0].word == "SEAC"
    # Column C is a wing column too.
    assert "inner 15x15" in ev_of(i, b, "C3 EAT", "EAT").error


def test_first_play_and_connection_rules():
    o = PRESETS["o"]
    b = empty_board("o")
    assert "start square H8" in ev_of(o, b, "1A CAT", "CAT").error
    put(b, "8G CAT")
    assert "touch" in ev_of(o, b, "1A CAT", "CAT").error
    assert "one row or one column" in evaluate(
        b, "AB", Play(((0, "A", "A"), (16, "B", "B"))), o).error
    assert "unbroken" in evaluate(b, "AB", Play(((8 * 15 + 7, "A", "A"), (12 * 15 + 7, "B", "B"))), o).error


def test_two_letter_rule_72_vs_lexicon():
    o = PRESETS["o"]
    lex_rules = replace(o, two_letter="lexicon", lexicon="large")
    assert not judge(o).is_valid("QI")
    assert judge(lex_rules).is_valid("QI")  # the large list has it
    assert all(judge(o).is_valid(w) for w in TWO_LETTER_72)


def test_pick_off_limits():
    iii = PRESETS["iii"]
    b = empty_board("iii")
    put(b, "11F DREAMY")
    # Three trailing tiles: too many.
    e = ev_of(iii, b, "pick I11; 11F DREAMILY", "ILY")
    assert not e.legal and "at most 2" in e.error
    # Not free-hanging: a down word through Y.
    b2 = empty_board("iii")
    put(b2, "11F DREAMY")
    put(b2, "K12 E")
    e2 = ev_of(iii, b2, "pick K11; 11F DREAMILY", "IL")
    assert not e2.legal and "free-hanging" in e2.error
    # Not a stretch: the main word must be longer than DREAMY.
    e3 = ev_of(iii, b, "pick K11; 11F DREAMS", "S")
    assert not e3.legal and "longer than DREAMY" in e3.error
    # Pick-off disabled in ii.
    e4 = ev_of(PRESETS["ii"], b, "pick K11; 11F DREAMILY", "IL")
    assert not e4.legal and "not allowed" in e4.error


def test_pick_off_tiles_played_and_big_play():
    iii = PRESETS["iii"]
    b = empty_board("iii")
    put(b, "11H CONNECTS")   # H11..O11, pick S (O11)
    e = ev_of(iii, b, "pick O11; 11E DISCONNECTIONS", "DISIONS")
    assert e.legal, e.error
    assert e.tiles_played == 6 and e.big_play == 20 and e.stretch == 100


def test_swap_for_blank_then_stretch():
    o = PRESETS["o"]
    b = empty_board("o")
    put(b, "8D DREaM")       # a blank as A
    e = ev_of(o, b, "swap G8; 8D DREAMERS", "AERS")
    assert e.legal, e.error
    assert e.words[0].word == "DREAMERS" and e.stretch == 40
    assert sorted(e.rack) == ["?"]           # the blank came to the rack
    assert e.words[0].values[3] == 1         # the swapped-in A counts at face value
    no_swap = replace(o, blank_swap=False)
    assert "not allowed" in ev_of(no_swap, b, "swap G8; 8D DREAMERS", "AERS").error
    assert "natural A" in ev_of(o, b, "swap G8; 8D DREAMERS", "ERS").error


def test_flipped_jqxz_recovered_by_swap_and_replayed_face_up():
    iii = PRESETS["iii"]
    b = empty_board("iii")
    put(b, "11F TENDEd")     # the D on K11 is a flipped X lying face down
    b.wild[b.layout.square("K11")] = "X"
    rack = "DEAAAAAA"
    e = ev_of(iii, b, "swap K11; 11D EXTENDED", rack)
    assert e.legal, e.error
    # The X came back from the board and was played face up: bonus 30 for 8 letters.
    assert e.jqxz == 30 and "X" not in e.rack


def test_flipped_jqxz_scores_zero_and_no_bonus():
    iii = PRESETS["iii"]
    b = empty_board("iii")
    e = ev_of(iii, b, "11F ZEBRAs[Z]", "ZZEBRAAA")
    assert e.legal, e.error
    assert e.words[0].values[-1] == 0 and e.jqxz == 10  # only the face-up Z earns
    off = PRESETS["ii"]
    e2 = evaluate(b, "ZZEBRAAA", parse_move("11F ZEBRAs[Z]", b, off), off)
    assert not e2.legal and "cannot be played as a blank" in e2.error
