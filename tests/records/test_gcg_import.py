"""Importing GCG records (issue 11, "Records"): other programs' classic records as
history, and our own records as exact replays.

The records in tests/data/gcg/ are games played with the engine and written by
hand in the formats woogles/Macondo, Quackle and ISC use: each turn's rack, plays
with '.' for tiles played through (or the letters, Quackle's lowercase columns),
an exchange, a pass, a phony withdrawn, a 5-point challenge bonus, a time
penalty, end rack lines both ways, notes, and an ISO-8859-1 file.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.game import Game
from engine.records.gcg import (CHALLENGE, GCGError, cli_gcg, decode_record, import_record, read_gcg,
                        write_gcg)
from engine.lexicon import Lexicon
from engine.notation import format_cgp, parse_cgp
from engine.rules import PRESETS
from test_parsers_fuzzed import ENGINE_ERRORS, mutate

LEX = Lexicon.default()
DATA = Path(__file__).resolve().parents[1] / "data" / "gcg"


def record(name: str) -> str:
    return decode_record((DATA / name).read_bytes())


def imported(name: str):
    return import_record(record(name), LEX)


WOOGLES = record("woogles_csw21.gcg")


def turn_at(rec, move):
    return next(t for t in rec.turns if t.move == move)


# ------------------------------------------------------------------ the records


def test_woogles_record_imports_with_its_adjustments():
    rec = imported("woogles_csw21.gcg")
    assert rec.game is None and rec.rules == PRESETS["classic"]
    assert rec.nicks == ("ledgerline", "quietquiver")
    assert rec.header["lexicon"] == "CSW21" and rec.header["id"] == "io.woogles Xq7vTn2kPzRa"
    assert len(rec.turns) == 30
    assert rec.differences == ()
    # every placement scored by the engine as recorded
    plays = [t for t in rec.turns if t.kind == "play"]
    assert len(plays) == 26 and all(t.score == t.recorded for t in plays)
    # the 5-point challenge bonus is not in our rules: applied as recorded
    bonus = turn_at(rec, "(challenge)")
    assert (bonus.kind, bonus.nick, bonus.recorded, bonus.score, bonus.total) == (
        CHALLENGE, "ledgerline", 5, 5, 53)
    # the time penalty too
    penalty = turn_at(rec, "(time)")
    assert (penalty.kind, penalty.score, penalty.total) == ("time", -10, 367)
    # end rack points: the engine doubles the rack left (L: 1 point)
    end = turn_at(rec, "(L)")
    assert (end.kind, end.nick, end.score) == ("end", "quietquiver", 2)
    assert rec.scores == (367, 394)


def test_words_outside_our_lists_still_import():
    rec = imported("woogles_csw21.gcg")
    za = rec.turns[0]
    assert za.move == "H7 ZA" and za.invalid == ("ZA",) and not LEX.is_word("ZA", large=True)
    board = parse_cgp(rec.cgp).board
    assert board.cells[6 * 15 + 7] == "Z" and board.cells[7 * 15 + 7] == "A"


def test_withdrawn_phony_comes_off_the_board():
    rec = imported("woogles_csw21.gcg")
    i = next(i for i, t in enumerate(rec.turns) if t.move == "12H WINTEL")
    phony, withdrawn = rec.turns[i], rec.turns[i + 1]
    assert phony.invalid == ("WINTEL",) and phony.score == 26
    assert (withdrawn.kind, withdrawn.move, withdrawn.recorded, withdrawn.score) == ("phony", "--", -26, -26)
    assert withdrawn.total == 40
    # its W on H12 came off; the next play (OOTID along row 12 from I) stands
    cells = parse_cgp(rec.cgp).board.cells
    row12 = "".join(cells[11 * 15 + c] or "." for c in range(15))
    assert row12 == "NOMINA..OOTID.."


def test_position_reached_keeps_the_recorded_totals():
    rec = imported("woogles_csw21.gcg")
    pos = parse_cgp(rec.cgp)
    # quietquiver moved last: ledgerline is to move, holding the tile left (L)
    assert pos.scores == [367, 394] and pos.racks == ["L", ""]
    # the tiles placed: each play's letters but its '.' (tiles played through), less the phony's 5
    placed = sum(sum(ch != "." for ch in line.split()[3]) for line in WOOGLES.splitlines()
                 if line.startswith(">") and len(line.split()) == 6)
    assert sum(1 for cell in pos.board.cells if cell) == placed - 5 == 100 - len("L")   # the whole set
    assert pos.rules == PRESETS["classic"]


def test_quackle_record_lowercase_columns_letters_through_exchange_pass_notes():
    rec = imported("quackle_annotated.gcg")
    assert rec.names == ("Ann Tremblay", "Bert van Dijk")
    assert rec.header["title"] == "Club night, round 3"
    assert rec.differences == ()
    assert rec.turns[0].move == "8H ARVO"          # written 8h
    exchange = rec.turns[1]
    assert (exchange.kind, exchange.move, exchange.rack, exchange.score) == ("exchange", "-FFP", "FFGIPRT", 0)
    assert exchange.note == "Two Fs and a P: keeping GIRT is worth the zero."
    passed = rec.turns[6]
    assert (passed.kind, passed.move, passed.score) == ("pass", "-", 0)
    assert passed.note == "Nothing scores well here, so Ann passes\nand hopes for a vowel."
    assert turn_at(rec, "10A AIS").recorded == 9   # 'AIS' written with the S on the board
    assert turn_at(rec, "(U)").score == 2
    assert rec.scores == (423, 496)
    assert parse_cgp(rec.cgp).racks == ["U", ""]   # Bert to move, left with U


def test_isc_record_latin1_and_a_stalled_end():
    raw = (DATA / "isc_stalled.gcg").read_bytes()
    assert "Renée".encode("latin-1") in raw
    rec = import_record(decode_record(raw), LEX)
    assert rec.names == ("Renée Côté", "Okapi Jones")
    ends = [t for t in rec.turns if t.kind == "end"]
    assert [(t.nick, t.move, t.recorded, t.score) for t in ends] == [
        ("RENEE", "(ACENNNO)", -9, -9), ("OKAPI", "(BGIIRU)", -9, -9)]
    pos = parse_cgp(rec.cgp)
    assert pos.zero_turns == 6 and pos.racks == ["ACENNNO", "BGIIRU"] and pos.scores == [392, 356]


def test_note_before_the_first_turn_and_a_play_without_its_rack():
    text = record("quackle_annotated.gcg").replace("#title", "#note Played at the club.\n#title", 1)
    text = text.replace(">Ann: AEKORRV 8h ARVO", ">Ann: 8h ARVO")   # a play line needs its rack
    with pytest.raises(GCGError, match="rack '8h' must be tiles"):
        import_record(text, LEX)
    rec = import_record(text.replace(">Ann: 8h ARVO", ">Ann: AEKORRV 8h ARVO"), LEX)
    assert rec.note == "Played at the club." and all(not t.note.startswith("Played") for t in rec.turns)


def test_cli_lines():
    lines = cli_gcg(DATA / "quackle_annotated.gcg")
    rows = [json.loads(line) for line in lines]
    assert len(rows) == 27
    assert rows[0] == {"player": "Ann", "move": "8H ARVO", "recorded": 14, "score": 14}
    assert all({"player", "move", "recorded", "score"} <= set(r) for r in rows[:-1])
    assert rows[-1] == {"final": {"Ann": 423, "Bert": 496}, "differences": []}


# ------------------------------------------------------------------ the engine's checks


def _shift(text: str, nick: str, after: str, by: int) -> str:
    """Change a play's recorded score by ``by`` and carry the totals after it along."""
    out, shifting = [], False
    for line in text.splitlines():
        if line.startswith(f">{nick}:") and (shifting or after in line):
            head, score, total = line.rsplit(None, 2)
            if after in line:
                score = f"{int(score) + by:+d}"
                shifting = True
            line = f"{head} {score} {int(total) + by}"
        out.append(line)
    return "\n".join(out) + "\n"


def test_a_score_the_engine_disagrees_with_is_reported_and_the_record_kept():
    text = _shift(record("quackle_annotated.gcg"), "Bert", "HIPSTER", -10)
    rec = import_record(text, LEX)
    n = text.splitlines().index(">Bert: EHIPRST n9 HIPSTER +81 102") + 1
    assert rec.differences == (f"line {n}: N9 HIPSTER is recorded as +81; the engine scores it +91",)
    hipster = turn_at(rec, "N9 HIPSTER")
    assert (hipster.recorded, hipster.score) == (81, 91)
    assert rec.scores == (423, 486)          # the record's totals stand


def test_a_total_that_does_not_add_up_is_reported():
    text = record("quackle_annotated.gcg").replace("SUQ +38 104", "SUQ +38 105")
    rec = import_record(text, LEX)
    assert len(rec.differences) == 2
    assert "66 +38 makes 104, but the record says 105" in rec.differences[0]
    assert "105 +0 makes 105, but the record says 104" in rec.differences[1]   # the pass after it


def test_rules_line_of_a_foreign_record_is_used_for_scoring():
    text = record("quackle_annotated.gcg").replace("#title", "#rules classic,big=7:40\n#title", 1)
    rec = import_record(text, LEX)
    assert rec.rules.big_play == ((7, 40),)
    bingos = {"N9 HIPSTER", "15D MAtINEE", "9B LEEWARD", "C3 GAZETTES"}
    assert {t.move for t in rec.turns if t.score != t.recorded} == bingos
    assert all(t.recorded - t.score == 10 for t in rec.turns if t.move in bingos)


def test_end_rack_lines_follow_the_rules_end_adjustment():
    """The old rule (ISC and others): the player going out gains the rack left, its
    holder loses it. Classic rules double it for the one going out and charge the
    holder nothing: both lines are reported, the record's totals kept."""
    text = record("quackle_annotated.gcg").replace(">Ann: (U) +2 423",
                                                   ">Ann: (U) +1 422\n>Bert: U (U) -1 495")
    n = len(text.splitlines())
    rec = import_record(text, LEX)
    assert rec.differences == (f"line {n - 1}: (U) is recorded as +1; the engine scores it +2",
                               f"line {n}: (U) is recorded as -1; the engine scores it +0")
    assert rec.scores == (422, 495)
    transfer = import_record(text.replace("#title", "#rules classic,adjust=transfer\n#title", 1), LEX)
    assert transfer.differences == ()


# ------------------------------------------------------------------ our own records


def _own_games():
    classic = PRESETS["classic"]
    played = Game.replay(classic, 7, ["8G BARIUM", "J2 GRADATIM", "3I CREDO", "K3 EYED"], lexicon=LEX)
    phony = Game(classic, 206, names=["Ann Lee", "Ann Lee"], lexicon=LEX)
    for action in ["H7 ZA", "challenge", "-EIILSY", "8H FIZ", "challenge", "-"]:
        phony.act(action)
    return [played, phony]


@pytest.mark.parametrize("game", _own_games(), ids=["plays", "phony-exchange-lost-pass"])
def test_our_records_round_trip_exactly(game):
    text = write_gcg(game)
    rec = import_record(text, LEX)
    assert rec.game is not None
    assert write_gcg(rec.game) == text and rec.game.actions == game.actions
    assert rec.scores == game.scores and rec.cgp == format_cgp(game.position())
    assert [(t.recorded, t.score) for t in rec.turns] == [(t.score, t.score) for t in game.turns]
    assert [t.kind for t in rec.turns] == [t.kind for t in game.turns]
    assert read_gcg(text, LEX).actions == game.actions


def test_own_record_kinds_show_as_written():
    game = _own_games()[1]
    rec = import_record(write_gcg(game), LEX)
    assert [t.move for t in rec.turns] == ["--", "-EIILSY", "8H FIZ", "(challenge)", "-"]
    assert [t.kind for t in rec.turns] == ["phony", "exchange", "play", "lost", "pass"]
    assert rec.nicks == ("Ann_Lee_1", "Ann_Lee")   # the same names made distinct
    assert rec.names == ("Ann Lee", "Ann Lee")


# ------------------------------------------------------------------ unreadable records


def _line_of(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


BAD = [
    # (what, edit, line starting with (None: no line number), message part)
    ("unknown player", lambda t: t.replace(">quietquiver: EEEIILL", ">quietquivr: EEEIILL"),
     ">quietquivr", "naming a player (ledgerline, quietquiver)"),
    ("bad coordinate", lambda t: t.replace("9H GRIFF", "9Z GRIFF"), ">ledgerline: CEFFGIR 9Z", "'Z9' is off the 15x15 board"),
    ("dot over an empty square", lambda t: t.replace("13F BLEW", "13F .LEW"), ">quietquiver: BEEILNW 13F",
     "square F13 is empty"),
    ("tile not on the rack", lambda t: t.replace("CEFFGIR 9H GRIFF", "CEFGIRT 9H GRIFF"),
     ">ledgerline: CEFGIRT 9H", "9H GRIFF: you have only 1 F on your rack"),
    ("play touching nothing", lambda t: t.replace("13F BLEW", "13A BLEW"), ">quietquiver: BEEILNW 13A",
     "must touch a tile"),
    ("other script's digits", lambda t: t.replace("ZA +22 22", "ZA +٢٢ ٢٢"), ">ledgerline: ACEFGIZ",
     "digits 0-9"),
    ("withdrawal without a play", lambda t: t.replace(">quietquiver: BEEILNW 12H WIN.EL +26 66\n", ""),
     ">quietquiver: BEEILNW --", "the line before is not a play of quietquiver"),
    ("stray text", lambda t: t.replace("#lexicon CSW21", "lexicon CSW21"), "lexicon CSW21", "not a GCG line"),
    ("unknown move", lambda t: t.replace("(challenge) +5", "(bonus) +5"), ">ledgerline: CEFFGIR (bonus)",
     "not a move GCG knows"),
    ("exchange off the rack", lambda t: t.replace("BEEILNW -- -26 40", "BEEILNW -XYZ +0 66"),
     ">quietquiver: BEEILNW -XYZ", "which lacks some"),
    ("rack of 8 tiles", lambda t: t.replace("ACEFGIZ H7", "ACEFGIZZ H7"), ">ledgerline: ACEFGIZZ",
     "more than 7 tiles"),
    ("other language", lambda t: t.replace("#lexicon CSW21", "#lexicon FRA20"), "#lexicon", "word list 'FRA20'"),
    ("other board", lambda t: t.replace("#lexicon CSW21", "#board-layout SuperCrosswordGame"), "#board-layout",
     "only classic English games"),
    ("no players", lambda t: t.replace("#player1", "#p1").replace("#player2", "#p2"), None, "names no players"),
    ("player given twice", lambda t: t.replace("#player2 quietquiver", "#player1 quietquiver"), None,
     "given twice"),
    ("short turn line", lambda t: t.replace("ACEFGIZ H7 ZA +22 22", "+22"), ">ledgerline: +22",
     "ends with a move, its score and the total"),
]


@pytest.mark.parametrize("what,edit,start,message", BAD, ids=[b[0] for b in BAD])
def test_unreadable_records_name_the_line(what, edit, start, message):
    text = edit(WOOGLES)
    assert text != WOOGLES
    with pytest.raises(GCGError) as info:
        import_record(text, LEX)
    assert message in str(info.value)
    if start is not None:
        assert str(info.value).startswith(f"line {_line_of(text, start)}: ")


def test_an_impossible_tile_count_is_refused_at_its_line():
    # a third Z: the classic set has one
    text = WOOGLES.replace("DINORUY 14B IRONY +47", "DINORUZ 14B IRONZ +47")
    with pytest.raises(GCGError, match=r"^line \d+: impossible position"):
        import_record(text, LEX)


def test_encodings():
    with pytest.raises(GCGError, match="line 1: unknown character encoding 'koi8-r'"):
        decode_record(b"#character-encoding KOI8-R\n#player1 a a\n")
    with pytest.raises(GCGError, match=r"line 2: not UTF-8 text \(byte 0xe9\)"):
        decode_record(b"#character-encoding UTF-8\n#player1 Ren\xe9e Ren\xe9e\n")
    assert decode_record(b"#player1 Ren\xe9e Ren\xe9e\n") == "#player1 Renée Renée\n"   # old default
    assert decode_record("\ufeff#player1 Renée x\n".encode()) == "#player1 Renée x\n"


def test_cli_unreadable_file(tmp_path):
    with pytest.raises(GCGError, match="cannot read"):
        cli_gcg(tmp_path / "missing.gcg")
    bad = tmp_path / "bad.gcg"
    bad.write_text(WOOGLES.replace("9H GRIFF", "9Z GRIFF"))
    with pytest.raises(GCGError, match=r"^line 9: "):
        cli_gcg(bad)


def test_fuzz_foreign_records():
    """Mutated foreign records: an Imported or one of the engine's own errors."""
    corpus = [record(name) for name in ("woogles_csw21.gcg", "quackle_annotated.gcg", "isc_stalled.gcg")]
    rng = random.Random(11)
    failures, imported_ok = [], 0
    for _ in range(3000):
        text = mutate(rng, rng.choice(corpus))
        try:
            rec = import_record(text, LEX)
        except ENGINE_ERRORS:
            continue
        except Exception as exc:  # noqa: BLE001 - any foreign exception is the finding
            failures.append(f"{type(exc).__name__}: {str(exc)[:100]} <- {text[:200]!r}")
            if len(failures) >= 5:
                break
            continue
        imported_ok += 1
        parse_cgp(rec.cgp)     # the position it reached reads back
    assert not failures, "foreign exceptions:\n" + "\n".join(failures)
    assert imported_ok > 100   # many mutations (in notes, names, racks) still import


def test_gcg_command_exit_codes(tmp_path, capsys):
    from engine.cli import main

    assert main(["gcg", str(DATA / "quackle_annotated.gcg")]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    turns = [json.loads(line) for line in lines[:-1]]
    assert turns and all({"player", "move", "recorded", "score"} <= set(t) for t in turns)
    assert "final" in json.loads(lines[-1])
    bad = tmp_path / "bad.gcg"
    bad.write_text("garbage\n")
    assert main(["gcg", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot read the record: line 1") and len(err.splitlines()) == 1
