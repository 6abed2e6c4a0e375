"""A table game's record (GCG with #table and #action lines, read back exactly)
and its share link (engine/table/link.py: a tag of its own in link.py's container)."""

from __future__ import annotations

import pytest

from engine.records import link
from engine.records.gcg_lines import GCGError
from engine.records.link import LinkError
from engine.rules import Rules
from engine.table import TableGame
from engine.table.link import decode_any, decode_table, encode_table
from engine.table.record import is_table_record, read_table_gcg, write_table_gcg
from enginekit import lexicon

LEX = lexicon()
ACTIONS = ["8D ZEBRAX", "challenge", "8D ZEBRAS @4000ms", "-3", "H4 zEBRA", *["-"] * 6, "end AEIOUST/CDFGHK?"]


def game() -> TableGame:
    return TableGame.replay(Rules.from_string("classic"), ACTIONS, lexicon=LEX, names=["Ann Lee", "Bob"])


def test_the_record_shows_what_the_table_saw_and_replays_exactly():
    g = game()
    text = write_table_gcg(g)
    lines = text.splitlines()
    assert "#rules classic" in lines and "#player1 Ann_Lee Ann Lee" in lines and is_table_record(text)
    assert [ln for ln in lines if ln.startswith("#action")] == [f"#action {a}" for a in ACTIONS]
    turns = [ln for ln in lines if ln.startswith(">")]
    # a phony challenged off: its play, then "--" taking the score back (as GCG writes it)
    assert turns[:5] == [">Ann_Lee: ABERXZ 8D ZEBRAX +68 68", ">Ann_Lee: ABERXZ -- -68 0",
                         ">Bob: ABERSZ 8D ZEBRAS +54 54", ">Ann_Lee: -3 +0 0", ">Bob: BER? H4 zEBRA +6 60"]
    assert turns[-2:] == [">Ann_Lee: AEIOSTU (AEIOSTU) -7 -7", ">Bob: CDFGHK? (CDFGHK?) -20 40"]
    again = read_table_gcg(text, LEX)
    assert again.turns == g.turns and again.scores == g.scores == (-7, 40) and again.names == ("Ann Lee", "Bob")
    # a record written before: the phony as one "--" line, still read
    old = text.replace(">Ann_Lee: ABERXZ 8D ZEBRAX +68 68\n>Ann_Lee: ABERXZ -- -68 0", ">Ann_Lee: ABERXZ -- +0 0")
    assert old != text and read_table_gcg(old, LEX).scores == (-7, 40)


def test_a_record_that_does_not_add_up_is_refused_naming_the_line():
    text = write_table_gcg(game()).replace(">Bob: ABERSZ 8D ZEBRAS +54 54", ">Bob: ABERSZ 8D ZEBRAS +55 55")
    with pytest.raises(GCGError, match=r"line \d+: the record says \+55 for a total of 55, replaying gives \+54"):
        read_table_gcg(text, LEX)
    with pytest.raises(GCGError, match="not a table game's record"):
        read_table_gcg(text.replace("#table", "#note"), LEX)
    with pytest.raises(GCGError, match="do not replay"):
        read_table_gcg(text.replace("#action -3", "#action -ABC"), LEX)


def test_the_link_round_trip_with_options():
    fragment = encode_table({"rules": "o", "names": ["Ann", "Bob"], "actions": ["8D ZEBRAS", "-2"], "turn": 1,
                             "view": {"mode": "replay"}})
    assert fragment.startswith("g4.") and fragment.endswith("&t=1&mode=replay")
    spec = decode_table("https://example.org/#" + fragment + "&utm_source=x")
    assert spec == {"table": True, "rules": "o", "names": ["Ann", "Bob"], "actions": ["8D ZEBRAS", "-2"],
                    "turn": 1, "view": {"mode": "replay"}, "ignored": ["utm_source=x"]}
    assert decode_any(fragment)["table"]


def test_a_dealt_games_link_is_still_read_and_an_old_page_calls_a_table_link_newer(monkeypatch):
    dealt = link.encode({"rules": "o", "seed": 7, "seats": [{"name": "A", "kind": "human"}], "actions": []})
    assert decode_any(dealt) == link.decode(dealt)
    table = encode_table({"rules": "o", "names": ["Ann"], "actions": []})
    # a page from before g4 was registered: its decoder knew no table tag and read up to g3
    monkeypatch.setattr(link, "TABLE_VERSION", 99)
    monkeypatch.setattr(link, "VERSION", 3)
    with pytest.raises(LinkError, match="newer version"):
        link.decode(table)


@pytest.mark.parametrize("spec, why", [
    ({"rules": "o", "actions": []}, "names"),
    ({"rules": "o", "names": ["A"] * 5, "actions": []}, "1 to 4 seats"),
    ({"rules": "Z!", "names": ["A"], "actions": []}, "not a rules string"),
    ({"rules": "o", "names": ["A"], "actions": ["a\nb"]}, "move 1 is not a move text"),
])
def test_a_spec_that_cannot_be_shared(spec, why):
    with pytest.raises(LinkError, match=why):
        encode_table(spec)


def test_a_damaged_table_link():
    fragment = encode_table({"rules": "o", "names": ["Ann", "Bob"], "actions": ["8D ZEBRAS"]})
    cut = fragment[:-3]
    changed = fragment[:10] + ("A" if fragment[10] != "A" else "B") + fragment[11:]
    for bad in (cut, changed):
        with pytest.raises(LinkError, match="damaged"):
            decode_table(bad)
    with pytest.raises(LinkError, match="not a game link"):
        decode_table("g1.abc")


def test_the_dealt_game_reader_names_a_table_link_and_the_table_reader_opens_it():
    """g4 is registered in engine/records/link.py: the main page's decoder says the
    link is a table game's (so the page can send it to table.html), never "newer"."""
    from engine.records import link
    from engine.table.link import decode_any, encode_table
    fragment = encode_table({"rules": "o", "names": ["Ann", "Bob"], "actions": ["8H CAT", "-"]})
    with pytest.raises(link.LinkError) as info:
        link.decode("https://example.org/index.html#" + fragment)
    assert str(info.value) == link.TABLE_GAME
    spec = decode_any("#" + fragment)
    assert spec["table"] is True and spec["names"] == ["Ann", "Bob"] and spec["actions"] == ["8H CAT", "-"]


def test_the_main_pages_import_of_a_table_record_names_it_and_gives_its_link():
    """A table game's record has no racks to play on: session.import_record answers
    with its g4 link (the page offers it in the table page) and keeps the game it
    had; a damaged table record is an error naming the line, never a crash."""
    import json
    from pathlib import Path
    from engine import session
    session.load_lexicon((Path(__file__).resolve().parents[2] / "wordlists" / "lexicon.bin").read_bytes())
    session.open(json.dumps({"rules": "o", "seed": "7", "seats": [{"name": "A", "kind": "human"},
                                                                   {"name": "B", "kind": "human"}]}))
    before = json.loads(session.snapshot())
    game = TableGame(Rules.from_string("o"), 2, lexicon=session.loaded_lexicon(), names=["Ann", "Bob"])
    game.act("8H CAT")
    game.act("-")
    record = write_table_gcg(game)
    out = json.loads(session.import_record(record))
    assert out["import"]["kind"] == "table" and out["import"]["names"] == ["Ann", "Bob"]
    spec = decode_table(out["import"]["link"])
    assert spec["actions"] == list(game.actions) and spec["rules"] == game.rules.to_string()
    assert json.loads(session.snapshot()) == before
    bad = json.loads(session.import_record(record.replace("+10 10", "+11 11")))
    assert "says +11" in bad["error"]
