"""Engine hardening, round 2 (issue 16): one test (or more) per item.

Items 1-4 (the session answers and loses nothing) are in tests/session/test_session_never_raises.py;
the fuzz campaigns over the session and links are in tests/core/test_parsers_fuzzed.py.
"""

from __future__ import annotations

import pytest

from engine.lexicon.derived import DerivedForms
from engine.game import Game, GameError
from engine.lexicon import Lexicon
from engine.moves import MoveError
from engine.rules import Rules
from engine.trades import trade_allowed
from enginekit import rig

LEX = Lexicon.default()


# ------------------------------------------------------------ 12-13 derived forms

@pytest.fixture(scope="module")
def derived():
    return DerivedForms(lambda w: LEX.is_word(w, large=True))


@pytest.mark.parametrize("word", ["BRASSLIKE", "BOSSLIKE", "GLASSLIKE"])
def test_noun_ending_in_ss_is_no_plural(derived, word):
    """Item 12: M+S is a plural only when M does not end in S (BRASS is not BRA+S)."""
    assert not LEX.is_word(word, large=True)
    assert derived.is_derived(word)


@pytest.mark.parametrize("word", ["GLASSESLIKE", "CATSLIKE"])
def test_real_plurals_still_refused(derived, word):
    assert not derived.is_derived(word)


def test_beinglike_is_not_good(derived):
    """Item 13: BEING is BE + ING, so it is derived and BEINGLIKE is not good."""
    assert LEX.is_word("BEING", large=True)
    assert not derived.is_derived("BEINGLIKE")


def test_richard_keeps_brasslike():
    """Richard's free retry no longer withdraws BRASSLIKE."""
    g = Game(Rules.from_string("richard"), 1, lexicon=LEX)
    rig(g, 0, "BRASLIK")
    # An S on H8 and an E on L8, for the play to go through.
    s = g._state
    for sq, ch in ((7 * 15 + 7, "S"), (7 * 15 + 11, "E")):
        s.bag.tiles.remove(ch)
        s.board.cells[sq] = ch
        s.board.spent.add(sq)
    ev = g.preview("8D BRASSLIKE")
    assert ev.legal and not ev.invalid, ev


# ------------------------------------------------------------ 14 free trades

def test_seven_consonants_trade_two():
    """Item 14: after the first consonant goes, six remain: a condition is present."""
    assert trade_allowed("BCDFGHK", "BC")
    assert not trade_allowed("AAAITUY", "AA")


def test_free_trade_of_two_consonants_in_a_game():
    g = Game(Rules.from_string("richard"), 3, lexicon=LEX)
    rig(g, 0, "BCDFGHK")
    assert g.legal_actions().trade
    (turn,) = g.act("trade BC")
    assert turn.kind == "trade" and len(g.rack(0)) == 7


def test_trader_holding_a_blank_never_draws_another_without_split_blanks():
    """Item 14: whatever the split-blanks knob, a trader holding a blank refuses one,
    even if the rack then stays short."""
    rules = Rules.from_string("richard,split=0")
    assert not rules.split_blanks
    g = Game(rules, 3, lexicon=LEX)
    rig(g, 0, "?BCDFGH")
    g._state.bag.tiles[:] = ["?"]     # test set-up: only the other blank is left
    g.act("trade B")
    assert sorted(g.rack(0)) == sorted("?CDFGH")


# ------------------------------------------------------------ 15 the final round

def _final_round_game():
    g = Game(Rules.from_string("o,final=1"), 1, lexicon=LEX)
    g._state.bag.tiles.clear()      # test set-up: the bag is empty
    for _ in range(3):
        g.act("-")
    assert g.legal_actions().final
    return g


def test_final_round_refuses_a_decline_with_an_impossible_swap():
    g = _final_round_game()
    log = g.actions
    with pytest.raises(MoveError, match="no blank on H8"):
        g.act("swap H8; -")
    assert g.actions == log
    with pytest.raises(ValueError, match="pick-off"):
        g.act("pick H8; -")
    (turn,) = g.act("-")
    assert turn.kind == "decline"


def test_final_round_decline_refusals_match_normal_play():
    g = Game(Rules.from_string("o,final=1"), 1, lexicon=LEX)
    with pytest.raises(MoveError, match="no blank on H8"):
        g.act("swap H8; -")
    with pytest.raises(ValueError, match="off the 15x15 board"):
        _final_round_game().act("swap Z99; -")


# ------------------------------------------------------------ 7 one name limit

def _old_link(lines: list[str]) -> str:
    """A g1 link as an older engine wrote it (names of up to 64 characters)."""
    import base64
    import zlib
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    packed = packer.compress("\n".join(lines).encode()) + packer.flush()
    crc = zlib.crc32(b"g1." + packed).to_bytes(4, "big")
    return "g1." + base64.urlsafe_b64encode(packed + crc).decode().rstrip("=")


def test_one_name_limit_for_games_and_links():
    from engine.records import link
    from engine.actionlog import MAX_NAME

    assert MAX_NAME == 32
    ok = "N" * MAX_NAME
    assert Game(Rules.from_string("o"), 1, lexicon=LEX, names=[ok, "B"]).names[0] == ok
    with pytest.raises(GameError, match=f"1 to {MAX_NAME} printable"):
        Game(Rules.from_string("o"), 1, lexicon=LEX, names=[ok + "x", "B"])
    spec = {"rules": "o", "seed": 1, "seats": [{"name": ok, "kind": "human"}], "actions": []}
    assert link.decode(link.encode(spec))["seats"][0]["name"] == ok
    spec["seats"][0]["name"] = ok + "x"
    with pytest.raises(link.LinkError, match=f"at most {MAX_NAME}"):
        link.encode(spec)


def test_old_link_with_a_long_name_opens_with_the_name_cut():
    """A link the engine itself encoded with a 62-character name opens (issue 16 item 7)."""
    from engine import session
    from engine.actionlog import MAX_NAME

    session.use_lexicon(LEX)
    name = "Anna " + "x" * 57
    frag = _old_link(["o", "i5", "2", "0" + name, "3Bob", "-"])
    out = session.json.loads(session.open_link(frag))
    assert "error" not in out, out
    assert out["seats"][0]["name"] == name[:MAX_NAME]
    assert len(out["actions"]) == 1


def test_gcg_with_a_long_full_name_imports_with_the_name_cut():
    from engine.actionlog import MAX_NAME
    from engine.records.gcg import import_record

    long_name = "Firstname Middlename Lastname " + "y" * 31
    text = ("#character-encoding UTF-8\n#player1 ann " + long_name + "\n#player2 bob Bob\n"
            ">ann: ?AEINRST 8D ZEBRAS +0 0\n")
    with pytest.raises(Exception) as info:   # the play is not on that rack: a line error, not a name one
        import_record(text, LEX)
    assert "name" not in str(info.value)
    text = ("#character-encoding UTF-8\n#player1 ann " + long_name + "\n#player2 bob Bob\n"
            ">ann: ACEINRT 8D CARNIE +20 20\n")
    rec = import_record(text, LEX)
    assert rec.names[0] == long_name[:MAX_NAME]


# ------------------------------------------------------------ 8 GCG messages

def test_gcg_message_names_its_line_once():
    from engine.records.gcg import GCGError, import_record

    text = "#player1 ann Ann\n#player2 bob Bob\n>ann: ABCDEFG 8H .BC +0 0\n"
    with pytest.raises(GCGError) as info:
        import_record(text, LEX)
    assert str(info.value).startswith("line 3: '.' in .BC")
    assert str(info.value).count("line 3") == 1


# ------------------------------------------------------------ 5-6 records read back

def test_largest_elapsed_time_replays():
    """Item 5: the largest elapsed time act accepts is one split_action reads."""
    from engine.actionlog import MAX_MS, MAX_SECONDS, split_action
    from engine.records.gcg import read_gcg, write_gcg

    g = Game(Rules.from_string("o"), 1, lexicon=LEX)
    g.act("-", MAX_SECONDS)
    assert g.actions == (f"- @{MAX_MS}ms",)
    assert split_action(g.actions[0]) == ("-", MAX_MS)
    assert Game.replay(g.rules, 1, g.actions, lexicon=LEX).actions == g.actions
    assert read_gcg(write_gcg(g), LEX).actions == g.actions
    with pytest.raises(GameError, match="elapsed time"):
        split_action(f"- @{MAX_MS + 1}ms")


def test_ten_digit_scores_read_back():
    """Item 6: a start at the largest score, then a play: CGP and GCG read it back."""
    from engine.records.gcg import read_gcg, write_gcg
    from engine.notation import format_cgp, parse_cgp

    start = "/".join(["15"] * 15) + " ZEBRASQ/ 999999999/0 0"
    g = Game(Rules.from_string("o"), 1, lexicon=LEX, start=start)
    g.act("8D ZEBRAS")
    assert g.scores[0] > 10 ** 9
    cgp = format_cgp(g.position())
    assert parse_cgp(cgp).scores == list(g.position().scores)
    assert read_gcg(write_gcg(g), LEX).scores == g.scores


def test_start_score_beyond_the_limit_is_refused():
    from engine.rules import START_SCORE_MAX

    start = "/".join(["15"] * 15) + f" / {START_SCORE_MAX + 1}/0 0"
    with pytest.raises(GameError, match="scores are at most"):
        Game(Rules.from_string("o"), 1, lexicon=LEX, start=start)


def test_huge_overtime_penalty_reads_back():
    """Item 6: 999,999,999 s per action under an overtime clock: the clock floors at
    MAX_MS over, so the penalty stays a score records read."""
    from engine.actionlog import MAX_MS
    from engine.records.gcg import read_gcg, write_gcg
    from engine.notation import format_cgp, parse_cgp

    g = Game(Rules.from_string("classic,clock=60"), 1, lexicon=LEX)
    while not g.over:
        g.act("-", 999_999_999)
    assert min(g._state.clock) >= -MAX_MS
    assert read_gcg(write_gcg(g), LEX).scores == g.scores
    parse_cgp(format_cgp(g.position()))


# ------------------------------------------------------------ 9 word graphs from outside

def _claiming(nodes: int) -> bytes:
    """A word graph with a valid CRC whose header claims ``nodes`` nodes and whose
    planes really inflate to that size (runs of zeros), made without holding them."""
    import struct
    import zlib

    from engine.lexicon.format import _HEADER, MAGIC

    def zeros(size):
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        chunk, out = bytes(1 << 20), []
        for start in range(0, size, len(chunk)):
            out.append(packer.compress(chunk[:min(len(chunk), size - start)]))
        return b"".join(out) + packer.flush()

    edges = nodes - 1
    streams = [zeros(nodes)] * 4 + [zeros(edges)]
    payload = struct.pack("<5I", *map(len, streams)) + b"".join(streams)
    head = _HEADER.pack(MAGIC, 1, 1, 1, nodes, edges, 1, 0, 0, 0, len(payload), 0)[:-4]
    return head + struct.pack("<I", zlib.crc32(payload, zlib.crc32(head))) + payload


def test_word_graph_claiming_huge_counts_is_refused_before_inflating():
    import tracemalloc

    from engine.lexicon import LexiconFormatError

    data = _claiming(10 ** 7)
    assert len(data) < 100_000
    tracemalloc.start()
    with pytest.raises(LexiconFormatError, match="more than a payload"):
        Lexicon.from_bytes(data)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 4 * len(data) + (1 << 20), peak     # never the claimed planes


def test_shipped_word_graph_is_far_inside_the_count_limits():
    from engine.lexicon.format import _HEADER, MAX_INFLATE_RATIO, MAX_NODES
    from pathlib import Path

    data = (Path(__file__).resolve().parents[2] / "wordlists" / "lexicon.bin").read_bytes()
    fields = _HEADER.unpack_from(data)
    refw, n, e, plen = fields[3], fields[4], fields[5], fields[10]
    assert n * 100 < MAX_NODES and (4 * n + refw * e) * 5 < MAX_INFLATE_RATIO * plen


# ------------------------------------------------------------ 10 bounded memory

WILD_IIIRACK = ("21/21/21/21/21/21/21/13C7/13L7/13o[J]7/9GADo[X]IDS5/13S7/13T7/13E7/13R7/13S7/21/21/21/21/21"
                " ???JQXZJ/BIIMOORW 72/120 0 var iii;")


def test_left_part_table_is_bounded_for_a_rack_of_wild_tiles():
    """Item 10: ???JQXZJ in III (eight wild tiles) made a left-part table that grew
    with the time budget (888 MB in 10 s); it now stops at MAX_LEFT_PARTS entries,
    complete up to a length, and the generation says it is incomplete."""
    from engine.search.linegen import MAX_LEFT_PARTS
    from engine.search.movegen import Budget, MoveGenerator, TopN
    from engine.notation import parse_cgp

    rules = Rules.from_string("iii")
    pos = parse_cgp(WILD_IIIRACK, rules)
    gen = MoveGenerator(rules, LEX)
    top = TopN(10)
    found = gen.generate(pos.board, pos.racks[0], top, Budget(ms=3000))
    tables = [t.parts for t in gen._left_tables.values() if t.parts is not None]
    assert tables and all(len(t.entries) <= MAX_LEFT_PARTS for t in tables)
    assert any(t.truncated for t in tables) and top.complete is False
    assert found and all(c.score > 0 for c in found)
    longest = max(e[0] for t in tables for e in t.entries)
    assert longest >= 2     # every left part of up to two tiles is there


def test_session_hint_budget_is_one_a_tab_can_afford():
    from engine import session

    assert session.HINT_BUDGET_MAX_MS <= 20_000 and session.COMPUTER_BUDGET_MAX_MS <= 20_000


def test_a_list_cut_by_the_memory_cap_says_so(monkeypatch, capsys):
    """api.move_list and `moves` name the memory cap (not a time or play bound the
    caller never set) when the left-part table stopped growing."""
    from engine import api, cli
    from engine.search import linegen

    monkeypatch.setattr(linegen, "MAX_LEFT_PARTS", 40)
    cgp = "15/15/15/15/15/15/15/4QUIRKS5/15/15/15/15/15/15/15 ??AEIRS/ 0/0 0 lex NWL23;"
    found = api.move_list("classic", cgp, 5, LEX, limit=None, budget_ms=None)
    assert found["complete"] is False and found["stopped"] == "memory" and found["moves"]
    monkeypatch.setattr(cli, "lexicon_arg", lambda name: LEX)
    cli.main(["moves", "--rules", "classic", "--cgp", cgp, "--top", "5", "--limit", "0", "--budget", "0"])
    assert "left out to bound memory" in capsys.readouterr().err
