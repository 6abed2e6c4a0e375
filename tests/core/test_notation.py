"""The grammar module: CGP positions, move text, and the rules string.

Round trips (text -> value -> the same text) for every form the engine writes,
hypothesis-generated boards and rules, and the precise error (type and message)
for each kind of malformed input.
"""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.board import LAYOUTS, Board
from engine.moves import Exchange, Pass, Play
from engine.notation import (
    CGPError, MoveTextError, NotationError, Position, format_cgp, format_move, parse_cgp, parse_coord,
    parse_move,
)
from engine.lexicon.house_words import SAUTER_TABOO
from engine.rules import PRESETS, Rules, RulesError, preset
from engine.scoring import evaluate
from engine.tiles import full_set
from enginekit import lexicon, put
from engine.lexicon.words import WordJudge

E15 = "/".join(["15"] * 15)


def rows15(row8: str) -> str:
    return "/".join(["15"] * 7 + [row8] + ["15"] * 7)


def rows21(row11: str) -> str:
    return "/".join(["21"] * 10 + [row11] + ["21"] * 10)


def sq(board, name):
    return board.layout.square(name)


# =========================================================================== CGP

ROUND_TRIP = [
    E15 + " ABC?/DEF 0/0 0",
    E15 + " ABC?/DEF 0/0 0 var classic;",
    E15 + " AEINRST/ 12/-3 2 id 7; var o,cap=1;",               # an empty rack, a negative score
    rows15("3CAt9") + " A/B 0/0 0",                                # a blank as T
    rows15("ZEBRAS9") + " A/B/C 1/2/3 5 var classic;",           # three players
    rows21("10ZEBRAe[Q]5") + " ??Q/JXZ 0/0 0 var iii;",            # a flipped Q as E
    rows21("10ZEBRAS5") + " A/B 0/0 0 spent A1 U21; var ii;",     # spent squares, off the tiles
    "/".join(["21"] * 3 + ["10ZEBRAS5"] + ["21"] * 16 + ["1A18B"]) + " A/B 0/0 0",  # two-digit runs
    rows21("21") + " A/B 0/0 0 var iii,min=3,cap=0,big=5:10+8:100;",
]


@pytest.mark.parametrize("text", ROUND_TRIP)
def test_cgp_round_trip(text):
    pos = parse_cgp(text)
    assert format_cgp(pos) == text
    again = parse_cgp(format_cgp(pos))
    assert again.board == pos.board and again.racks == pos.racks and again.scores == pos.scores
    assert again.rules == pos.rules and again.zero_turns == pos.zero_turns


def test_cgp_contents():
    pos = parse_cgp(rows21("10ZEBRAe[Q]5") + " ??Q/JXZ 5/-2 3 var iii;")
    b = pos.board
    assert b.size == 21 and b.layout is LAYOUTS["extended21"]
    assert b.cells[sq(b, "K11")] == "Z" and b.cells[sq(b, "P11")] == "e"
    assert b.wild == {sq(b, "P11"): "Q"} and b.tile_at(sq(b, "P11")) == "Q"
    assert b.spent == {sq(b, f"{c}11") for c in "KLMNOP"}       # covered squares are spent
    assert pos.racks == ["??Q", "JXZ"] and pos.scores == [5, -2] and pos.zero_turns == 3
    assert pos.rules == PRESETS["iii"]
    blank = parse_cgp(rows15("3CAt9") + " A/B 0/0 0").board
    assert blank.cells[sq(blank, "F8")] == "t" and blank.tile_at(sq(blank, "F8")) == "?"
    assert blank.layout is LAYOUTS["classic15"]                   # 15 rows and no var: classic15


def test_cgp_var_opcode_carries_rules():
    rules = replace(PRESETS["ii"], small_cap=False, judgment="retry", big_play=((7, 50),))
    pos = Position(Board(LAYOUTS["extended21"]), ["ABC", "DEF"], [0, 0], 0, rules)
    text = format_cgp(pos)
    assert text.endswith(" var ii,judge=retry,cap=0,big=7:50;")
    assert parse_cgp(text).rules == rules
    # Rules given to parse_cgp win over the var opcode.
    assert parse_cgp(text, PRESETS["iii"]).rules == PRESETS["iii"]


def test_cgp_spent_opcode():
    b = Board(LAYOUTS["extended21"])
    put(b, "11K ZEBRAS")
    b.spent.update({sq(b, "A1"), sq(b, "K12")})                  # e.g. left by pick-offs
    text = format_cgp(Position(b, ["A", "B"], [0, 0]))
    assert text.endswith(" spent A1 K12;")                        # only the empty ones, in square order
    back = parse_cgp(text)
    assert back.board == b
    assert sq(b, "K12") in back.board.spent and not back.board.cells[sq(b, "K12")]


CGP_ERRORS = [
    ("/".join(["15"] * 14) + " A/B 0/0 0", None, "14 rows; boards are 15 or 21 rows"),
    (E15 + " A/B 0/0 0", PRESETS["ii"], "the board has 15 rows, expected 21"),
    (rows15("14") + " A/B 0/0 0", None, "board row 8 ('14') has 14 squares, expected 15"),
    (rows15("16") + " A/B 0/0 0", None, "board row 8 ('16') has 16 squares, expected 15"),
    (rows15("15A") + " A/B 0/0 0", None, "board row 8 ('15A') has more than 15 squares"),
    (rows15("7*7") + " A/B 0/0 0", None, "unexpected '*' in board row 8"),
    (rows15("7E[Q]7") + " A/B 0/0 0", None, "[Q] must follow a lowercase letter"),
    (rows15("7e[K]7") + " A/B 0/0 0", None, "[K] must follow a lowercase letter and name J, Q, X or Z"),
    (E15 + " A1/B 0/0 0", None, "rack 'A1' holds '1', which is not a tile"),
    (E15 + " A/B 0 0", None, "2 racks but 1 scores"),
    (E15 + " A/B/C 0/0 0", None, "3 racks but 2 scores"),
    (E15 + " A/B x/0 0", None, "scores 'x/0' must be integers"),
    (E15 + " A/B 0/0 x", None, "zero-score turns 'x' must be a number"),
    (E15 + " A/B 0/0", None, "a CGP needs four fields"),
    (E15 + " A/B 0/0 0 var classic", None, "opcodes must each end with ';'"),
    (E15 + " A/B 0/0 0 var classic; id 5", None, "opcodes must each end with ';'"),
    (E15 + " A/B 0/0 0 var zzz;", None, "bad var opcode: unknown preset 'zzz'"),
    (E15 + " A/B 0/0 0 var o,cap=2;", None, "bad var opcode: bad value '2' for rules knob cap"),
    (E15 + " A/B 0/0 0 spent Z99;", None, "bad spent opcode: 'Z99' is off the 15x15 board"),
]


@pytest.mark.parametrize("text,rules,message", CGP_ERRORS, ids=[m for _, _, m in CGP_ERRORS])
def test_cgp_errors(text, rules, message):
    with pytest.raises(CGPError) as info:
        parse_cgp(text, rules)
    assert message in str(info.value)


def test_cgp_empty_racks_of_two_players():
    text = E15 + " / 10/20 0"
    assert format_cgp(parse_cgp(text)) == text and parse_cgp(text).racks == ["", ""]


def test_cgp_single_empty_rack():
    """Regression: a lone empty rack (a one-player game that went out) was written
    as an empty field that parse_cgp could not read; it is written '-'."""
    pos = Position(Board(LAYOUTS["classic15"]), [""], [10], 0, PRESETS["o"])
    text = format_cgp(pos)
    assert text == E15 + " - 10 0 var o;"
    back = parse_cgp(text)
    assert back.racks == [""] and back.scores == [10] and format_cgp(back) == text


def test_error_types_are_value_errors():
    for exc in (CGPError, MoveTextError, RulesError, NotationError):
        assert issubclass(exc, ValueError)
    assert issubclass(CGPError, NotationError) and issubclass(MoveTextError, NotationError)


@st.composite
def positions(draw):
    """A possible position: board and racks drawn from one game's tiles under the
    rules (or, with no rules, from the biggest set), racks within the rack size."""
    rules = draw(st.sampled_from([None] + list(PRESETS.values())))
    if rules is None:
        layout = LAYOUTS[draw(st.sampled_from(["classic15", "extended21"]))]
    else:
        layout = LAYOUTS[rules.board]
    rng = draw(st.randoms(use_true_random=False))
    pool = full_set(rules.tiles if rules else "wild298")
    rng.shuffle(pool)
    pool = pool[:100]
    b = Board(layout)
    n = layout.size * layout.size
    squares = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=60))
    wild_ok = rules is None or rules.wild_jqxz
    for s in squares:
        tile = pool.pop()
        letter = draw(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ")).lower()
        if tile == "?":
            b.put(s, letter)
        elif tile in "JQXZ" and wild_ok and draw(st.booleans()):
            b.put(s, letter, tile)
        else:
            b.put(s, tile)
    # Squares spent but empty again (pick-offs).
    b.spent.update(draw(st.lists(st.integers(0, n - 1), max_size=5)))
    players = draw(st.integers(1, 4))
    size = rules.rack_size if rules else 8
    rack_list = []
    for _ in range(players):
        k = draw(st.integers(0, size))
        rack_list.append("".join(pool.pop() for _ in range(min(k, len(pool)))))
    return b, rack_list, rules


@settings(max_examples=150, deadline=None)
@given(position=positions(), data=st.data())
def test_cgp_round_trip_random_positions(position, data):
    board, rack_list, rules = position
    players = len(rack_list)
    scores = [data.draw(st.integers(-500, 2000)) for _ in range(players)]
    pos = Position(board, rack_list, scores, data.draw(st.integers(0, 20)), rules)
    text = format_cgp(pos)
    back = parse_cgp(text)
    assert format_cgp(back) == text
    assert back.board == board
    assert back.racks == rack_list and back.scores == scores and back.rules == rules


# ===================================================================== move text

LEX = lexicon()


def ev_of(board, rules, play, rack):
    return evaluate(board, rack, play, rules, WordJudge(rules, LEX))


def test_coordinates_across_and_down():
    assert parse_coord("8D", 15) == (7, 3, True)
    assert parse_coord("D8", 15) == (7, 3, False)
    assert parse_coord("h8", 15) == (7, 7, False)
    assert parse_coord("21U", 21) == (20, 20, True)


def test_move_across_and_down():
    rules = PRESETS["classic"]
    b = Board(LAYOUTS["classic15"])
    across = parse_move("8D ZEBRAS", b, rules, "ZEBRAS?")
    assert across == Play(tuple((7 * 15 + 3 + i, ch, ch) for i, ch in enumerate("ZEBRAS")), (), True)
    down = parse_move("H3 ZEBRAS", b, rules, "ZEBRAS?")
    assert down.tiles == tuple(((2 + i) * 15 + 7, ch, ch) for i, ch in enumerate("ZEBRAS"))
    assert not down.across
    for text, play in (("8D ZEBRAS", across), ("H3 ZEBRAS", down)):
        ev = ev_of(b, rules, play, "ZEBRAS?")
        assert ev.legal and format_move(b, play, ev) == text
    assert ev_of(b, rules, across, "ZEBRAS?").score == 54


def test_move_existing_tiles_written_as_themselves():
    rules = PRESETS["classic"]
    b = put(Board(LAYOUTS["classic15"]), "8D cAT")                # a blank as C
    play = parse_move("8D CATS", b, rules, "S")                    # case of old tiles does not matter
    assert play.tiles == ((sq(b, "G8"), "S", "S"),)
    assert play == parse_move("8D cATS", b, rules, "S")
    ev = ev_of(b, rules, play, "S")
    assert format_move(b, play, ev) == "8D cATS"                  # the old blank stays lowercase
    hook = parse_move("E7 BAT", b, rules, "BT")                   # down through an old tile
    assert hook.tiles == ((sq(b, "E7"), "B", "B"), (sq(b, "E9"), "T", "T")) and not hook.across


def test_move_blank_and_flipped_wild():
    iii = PRESETS["iii"]
    b = Board(LAYOUTS["extended21"])
    blank = parse_move("11G ZEBRAs", b, iii, "ZEBRA?QQ")
    assert blank.tiles[-1] == (sq(b, "L11"), "s", "?")
    # No '?' on the rack: a lowercase letter is the rack's one kind of J/Q/X/Z.
    assert parse_move("11G ZEBRAs", b, iii, "ZEBRAQQ").tiles[-1] == (sq(b, "L11"), "s", "Q")
    flipped = parse_move("11G ZEBRAs[Q]", b, iii, "ZEBRA?QJ")
    assert flipped.tiles[-1] == (sq(b, "L11"), "s", "Q")
    ev = ev_of(b, iii, flipped, "ZEBRA?QJ")
    assert ev.legal and format_move(b, flipped, ev) == "11G ZEBRAs[Q]"
    ev2 = ev_of(b, iii, blank, "ZEBRA?QQ")
    assert format_move(b, blank, ev2) == "11G ZEBRAs"
    with pytest.raises(MoveTextError, match=r"say which tile plays face down, e\.g\. e\[Q\]"):
        parse_move("11G ZEBRAs", b, iii, "ZEBRAQJ")
    on_board = parse_cgp(rows21("10ZEBRAs[Q]5") + " A/B 0/0 0 var iii;").board
    assert format_cgp(Position(on_board, ["A"], [0])).startswith(rows21("10ZEBRAs[Q]5"))


def test_move_swap_and_pick_before_placement():
    iii = PRESETS["iii"]
    b = put(Board(LAYOUTS["extended21"]), "11F DrEAMY")           # a blank as R on G11
    rack = "RIL"
    text = "swap G11; pick K11; 11F DREAMILY"
    play = parse_move(text, b, iii, rack)
    assert play.pre == (("swap", sq(b, "G11")), ("pick", sq(b, "K11")))
    assert [(s, c) for s, c, _ in play.tiles] == [(sq(b, "K11"), "I"), (sq(b, "L11"), "L"), (sq(b, "M11"), "Y")]
    ev = ev_of(b, iii, play, rack)
    assert ev.legal, ev.error
    assert format_move(b, play, ev) == text
    assert sorted(ev.rack) == ["?"]                                # the recovered blank
    # Spacing and case of the actions are free; the text written is canonical.
    assert parse_move("SWAP g11 ;pick k11;  11F DREAMILY", b, iii, rack) == play


def test_exchange_and_pass():
    b = Board(LAYOUTS["classic15"])
    rules = PRESETS["o"]
    assert parse_move("-ABC", b, rules) == Exchange("ABC")
    assert parse_move("-a?", b, rules) == Exchange("A?")
    assert parse_move("-", b, rules) == Pass()
    assert parse_move(" - ", b, rules) == Pass()
    assert format_move(b, Exchange("ABC")) == "-ABC"
    assert format_move(b, Pass()) == "-"
    put(b, "8D dOG")
    swap_ex = parse_move("swap D8; -?", b, rules, "D")
    assert swap_ex == Exchange("?", (("swap", sq(b, "D8")),))
    assert format_move(b, swap_ex) == "swap D8; -?"
    assert format_move(b, Pass((("swap", sq(b, "D8")),))) == "swap D8; -"


def _board_with_cat():
    return put(Board(LAYOUTS["classic15"]), "8D CAT")


MOVE_ERRORS = [
    ("", "empty move"),
    ("8D", "'8D' is not a placement"),
    ("8D CAT S", "is not a placement"),
    ("8 CATS", "'8' is not a coordinate"),
    ("D8D CATS", "'D8D' is not a coordinate"),
    ("88 CATS", "'88' is not a coordinate"),
    ("16A ZEBRAS", "'A16' is off the 15x15 board"),
    ("P1 ZEBRAS", "'P1' is off the 15x15 board"),
    ("8K ZEBRAS", "'ZEBRAS' runs off the board"),
    ("K11 ZEBRAS", "'ZEBRAS' runs off the board"),
    ("8D DOG", "D8 holds C, not D"),
    ("8D CAT", "places no new tile"),
    ("8D CA1S", "unexpected '1' in 'CA1S'"),
    ("8D CATs[K]", "brackets name the J, Q, X or Z played face down"),
    ("8D CATS[Q]", "brackets name the J, Q, X or Z played face down"),
    ("swop K11; 8D CATS", "'swop K11' is not an action"),
    ("swap; 8D CATS", "'swap' is not an action"),
    ("swap Z99; 8D CATS", "'Z99' is off the 15x15 board"),
    ("pick F8; -AB", "after a pick-off the turn must end with a placement"),
    ("-A1", "cannot exchange '1': not a tile"),
    ("8D CATS;", "empty move"),
]


@pytest.mark.parametrize("text,message", MOVE_ERRORS, ids=[t or "empty" for t, _ in MOVE_ERRORS])
def test_move_text_errors(text, message):
    with pytest.raises(MoveTextError) as info:
        parse_move(text, _board_with_cat(), PRESETS["iii"], "S?")
    assert message in str(info.value)


def test_move_text_bracket_on_existing_tile_message():
    """Regression: this once read 'D8 holds C, not C'."""
    with pytest.raises(MoveTextError) as info:
        parse_move("8D c[Q]ATS", _board_with_cat(), PRESETS["iii"], "SQ")
    assert "D8 already holds C: brackets name a tile you place" in str(info.value)


# ========================================================================= rules

@pytest.mark.parametrize("name", list(PRESETS))
def test_rules_string_round_trip_presets(name):
    r = PRESETS[name]
    assert r.to_string() == name
    assert Rules.from_string(name) == r
    assert Rules.from_string(name.upper()) == r
    assert preset(name) == r


CHANGED = [
    (replace(PRESETS["iii"], small_cap=False, min_main=3), "iii,min=3,cap=0"),
    (replace(PRESETS["classic"], big_play=((7, 50), (8, 100))), "classic,big=7:50+8:100"),
    (replace(PRESETS["o"], stretch_table=(), stretch_min=0), "o,stretch=0,stable=none"),
    (replace(PRESETS["o"], big_play=()), "o,big=none"),
    (replace(PRESETS["richard"], judgment="challenge", clock=1500), "richard,judge=challenge,clock=1500"),
    (replace(PRESETS["ii"], board="classic15", tiles="wild298", final_round=True, end_adjust="transfer"),
     "ii,board=classic15,tiles=wild298,adjust=transfer,final=1"),
    (replace(PRESETS["i"], two_letter="lexicon", lexicon="large", large_check=False),
     "i,lex=large,two=lexicon,largecheck=0"),
]


@pytest.mark.parametrize("rules,text", CHANGED, ids=[t for _, t in CHANGED])
def test_rules_string_round_trip_changed_knobs(rules, text):
    assert rules.to_string() == text
    assert Rules.from_string(text) == rules
    # Spaces around parts are allowed; the written form is canonical.
    assert Rules.from_string(" " + text.replace(",", " , ").replace("=", " = ")) == rules


def _tables(max_n):
    return st.lists(st.tuples(st.integers(1, max_n), st.integers(0, 200)), max_size=4,
                    unique_by=lambda row: row[0]).map(lambda rows: tuple(sorted(rows)))


@st.composite
def any_rules(draw):
    base = PRESETS[draw(st.sampled_from(list(PRESETS)))]
    choices = {
        "board": st.sampled_from(["classic15", "extended21"]),
        "tiles": st.sampled_from(["classic100", "o100", "nice300", "wild298"]),
        "rack_size": st.integers(1, 10),
        "lexicon": st.sampled_from(["main", "large"]),
        "two_letter": st.sampled_from(["lexicon", "72"]),
        "min_main": st.integers(2, 15),
        "judgment": st.sampled_from(["challenge", "good", "retry"]),
        "premiums": st.sampled_from(["multiply", "add"]),
        "big_play": _tables(10),
        "stretch_min": st.sampled_from([0] + list(range(2, 16))),
        "stretch_table": _tables(10),
        "pick_off": st.integers(0, 2),
        "end": st.sampled_from(["scoreless", "cycle"]),
        "end_adjust": st.sampled_from(["classic", "transfer", "none"]),
        "clock": st.integers(0, 100000),
        "clock_rule": st.sampled_from(["overtime", "timesup"]),
        # house words: no vowel in the added ones, so no word is in both lists
        "house_add": st.lists(st.text("bcdgjklmnBCD", min_size=2, max_size=21),
                              max_size=5).map(tuple),
        "house_taboo": st.sampled_from([(), ("ZZZ", "qoph"), SAUTER_TABOO,
                                        SAUTER_TABOO + ("ZZZ",)]),
    }
    changes = {}
    for f in fields(Rules):
        if f.name == "preset" or not draw(st.booleans()):
            continue
        strategy = choices.get(f.name, st.booleans())
        changes[f.name] = draw(strategy)
    return replace(base, **changes)


@settings(max_examples=200, deadline=None)
@given(rules=any_rules())
def test_rules_string_round_trip_random(rules):
    text = rules.to_string()
    assert Rules.from_string(text) == rules
    assert text.split(",")[0] == rules.preset
    assert len(set(part.split("=")[0] for part in text.split(","))) == len(text.split(","))


RULES_ERRORS = [
    ("zzz", "unknown preset 'zzz'"),
    ("", "unknown preset ''"),
    ("iii,foo=1", "unknown rules knob 'foo'"),
    ("iii,cap", "rules option 'cap' should look like knob=value"),
    ("iii,cap=2", "bad value '2' for rules knob cap"),
    ("iii,cap=yes", "bad value 'yes' for rules knob cap"),
    ("iii,min=x", "bad value 'x' for rules knob min"),
    ("iii,big=7-50", "bad value '7-50' for rules knob big"),
    ("iii,min=1", "main-word minimum must be 2..15, not 1"),
    ("o,rack=11", "rack size must be 1..10, not 11"),
    ("iii,pick=3", "pick-off must be 0, 1 or 2 tiles, not 3"),
    ("iii,stretch=1", "stretch threshold must be 0 (off) or 2..15, not 1"),
    ("iii,clock=-5", "clock must be 0 (off) or a number of seconds"),
    ("iii,board=hex", "board must be one of classic15, extended21, not 'hex'"),
    ("iii,judge=Good", "judgment must be one of challenge, good, retry"),
    ("ii,big=7:50+5:10", "big_play rows must have increasing tile counts"),
]


@pytest.mark.parametrize("text,message", RULES_ERRORS, ids=[t or "empty" for t, _ in RULES_ERRORS])
def test_rules_string_errors(text, message):
    with pytest.raises(RulesError) as info:
        Rules.from_string(text)
    assert message in str(info.value)


def test_preset_lookup_error():
    with pytest.raises(RulesError, match="unknown preset 'nope'"):
        preset("nope")


# ======================================================== bad input (issue 8)

BIG = "1" * 4301  # one digit past Python's int() limit

BAD_CGP = [
    (rows15("7²7"), " A/B 0/0 0", PRESETS["classic"], "unexpected '²' in board row 8"),
    (rows15("7٣5"), " A/B 0/0 0", None, "unexpected '٣' in board row 8"),
    (rows15("15"), " A/B 0/0 0 var classic; id ﬁ;", None, "must be ASCII"),
    (rows15(BIG), " A/B 0/0 0", None, "has more than 15 squares"),
    (rows15("15"), " A/B 0/0 ²", None, "zero-score turns '²' must be a number"),
    (rows15("15"), " A/B 0/0 " + BIG, None, "zero-score turns"),
    (rows15("15"), " A/B ²/0 0", None, "scores '²/0' must be integers"),
    (rows15("15"), f" A/B {BIG}/0 0", None, "must be integers"),
    (rows15("15"), " A/B 0/0 0 spent K²;", None, "opcodes 'spent K²;' must be ASCII"),
    (rows15("15"), f" A/B 0/0 0 spent K{BIG};", None, "bad spent opcode"),
    (rows15("15"), " ß/B 0/0 0", None, "holds 'ß', which is not a tile"),
    (rows15("15"), " " + "Z" * 20 + "/B 0/0 0", None, "no rules allow more than 10"),
    (rows15("15"), " ZZZZZZZ/Z 0/0 0", PRESETS["classic"], "8 Z tiles, but the classic100 set has 1"),
    (rows15("15"), " ZZZZZZZ/B 0/0 0 var classic;", None, "7 Z tiles, but the classic100 set has 1"),
    (rows15("15"), " ???????/?????? 0/0 0", PRESETS["o"], "13 blank tiles, but the o100 set has 3"),
    (rows15("15"), " A/B/C/D/E 0/0/0/0/0 0", None, "5 racks: a game has 1 to 4 players"),
    (rows15("15"), " AAAAAAAA/B 0/0 0", PRESETS["classic"], "rack 1 holds 8 tiles; racks hold at most 7"),
    (rows15("7e[Q]7"), " A/B 0/0 0", PRESETS["classic"], "H8 holds a face-down Q, which only JQXZ wild"),
    (rows15("15"), " A/B 0/0 0 var classic;\nid x;", None, "one line of printable characters"),
    (rows15("15"), " A/B 0/0 0 var classic; var iii;", None, "opcode 'var' is given twice"),
]


@pytest.mark.parametrize("board,rest,rules,message", BAD_CGP, ids=[m for *_, m in BAD_CGP])
def test_bad_cgp_input_gives_a_cgp_error(board, rest, rules, message):
    with pytest.raises(CGPError) as info:
        parse_cgp(board + rest, rules)
    assert message in str(info.value)
    assert len(str(info.value)) < 250  # quotes at most ~60 characters of the input


def test_a_full_board_over_the_tile_count_is_impossible():
    """Over 100 tiles: every square of a 15x15 board covered, and two racks (227)."""
    text = "/".join(["AAAAAAAAAAAAAAA"] * 15) + " A/B 0/0 0"
    with pytest.raises(CGPError, match="227 tiles, but a game under classic100 has 100"):
        parse_cgp(text, PRESETS["classic"])


def test_bag_given_counts_too():
    from engine.notation import check_position
    pos = parse_cgp(E15 + " Q/B 0/0 0", PRESETS["classic"])
    check_position(pos, PRESETS["classic"], bag="AB")
    with pytest.raises(CGPError, match="2 Q tiles"):
        check_position(pos, PRESETS["classic"], bag="QAB")


BAD_MOVES = [
    ("-ß", "holds 'ß', which is not ASCII"),
    ("٣D CATS", "holds '٣', which is not ASCII"),
    ("8D\nCATS", "is not one printable line"),
    ("8D CATS\n", "is not one printable line"),
    ("K² CATS", "holds '²', which is not ASCII"),
    ("swap K²; 8D CATS", "holds '²'"),
    (f"{BIG}D CATS", "is off the 15x15 board"),
    (f"D{BIG} CATS", "is off the 15x15 board"),
    (f"swap K{BIG}; 8D CATS", "is off the 15x15 board"),
    ("-AAAAAAAAAAAAAAAAAAAA", "cannot exchange 20 tiles: a rack holds 8"),
    ("1A " + "A" * 100_000, "runs off the board"),
]


@pytest.mark.parametrize("text,message", BAD_MOVES, ids=[m for _, m in BAD_MOVES])
def test_bad_move_text_gives_a_move_text_error(text, message):
    with pytest.raises(MoveTextError) as info:
        parse_move(text, _board_with_cat(), PRESETS["iii"], "S?")
    assert message in str(info.value)
    assert len(str(info.value)) < 200


BAD_RULES = [
    ("classic,big=-3:-100", "big_play row -3:-100: a row pays 0..1000 points for 1..21 tiles"),
    ("classic,big=0:10", "big_play row 0:10"),
    ("o,stable=0:5", "stretch_table row 0:5"),
    ("classic,rack=7,rack=8", "rules knob rack is given twice"),
    ("classic,clock=" + "9" * 400, "bad value"),
    ("classic,clock=2000000", "clock must be 0 (off) or a number of seconds up to 1000000"),
    ("classic,clock=²", "printable ASCII"),
    ("classic,min=٣", "printable ASCII"),
    ("classic,cap=1\n", "printable ASCII"),
    ("classic,big=" + BIG + ":1", "bad value"),
    ("iii,board=" + "x" * 10_000, "(10000 characters)"),
]


@pytest.mark.parametrize("text,message", BAD_RULES, ids=[m[:40] for _, m in BAD_RULES])
def test_bad_rules_strings(text, message):
    with pytest.raises(RulesError) as info:
        Rules.from_string(text)
    assert message in str(info.value)
    assert len(str(info.value)) < 300
