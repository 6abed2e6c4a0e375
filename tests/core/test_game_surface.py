"""The public surface of engine.game: read-only properties, legal actions, what
act() returns, Game.at, the preview's word-validity rule and the exact clock log."""

from dataclasses import FrozenInstanceError, replace

import pytest

from engine.game import (END, FINAL, INVALID, PASS, PLAY, TURN_KINDS, Game, GameError, Legal,
                         is_turn)
from engine.records.gcg import read_gcg, write_gcg
from engine.rules import PRESETS
from enginekit import lexicon, rig

LEX = lexicon()



def new(preset, seed=1, names=None, **knobs):
    return Game(replace(PRESETS[preset], **knobs), seed, lexicon=LEX, names=names)


def test_lexicon_is_required():
    with pytest.raises(GameError, match="word lists"):
        Game(PRESETS["classic"], 1)
    with pytest.raises(GameError, match="word lists"):
        Game.replay(PRESETS["classic"], 1, [])


def test_read_only_properties():
    g = new("classic", names=["Ann", "Bob"])
    assert g.scores == (0, 0) and g.to_move == 0 and g.phase == "play" and not g.over
    assert g.end_reason == "" and g.bag_count == 86 and g.players == 2
    assert g.names == ("Ann", "Bob") and g.actions == () and g.turns == () and g.last_turn is None
    assert g.racks == (g.rack(0), g.rack(1)) and g.active_rack == g.rack(0) == g.active_rack()
    assert g.clock == (0.0, 0.0)
    for name in ("scores", "to_move", "phase", "racks", "turns", "board", "names", "actions"):
        with pytest.raises(AttributeError):
            setattr(g, name, None)
    # The board handed out is a copy: changing it leaves the game alone.
    b = g.board
    b.cells[112] = "Z"
    assert g.board.is_empty()
    with pytest.raises(GameError):
        g.rack(2)


def test_turn_records_are_frozen_and_carry_the_breakdown():
    g = new("classic")
    rig(g, 0, "ZEBRASQ")
    t, = g.act("8D ZEBRAS")
    with pytest.raises(FrozenInstanceError):
        t.score = 1000
    assert t.kind == PLAY and t.squares == ("D8", "E8", "F8", "G8", "H8", "I8")
    assert t.breakdown["score"] == 54 and t.breakdown["words"] == ["ZEBRAS"]
    assert [x["square"] for x in t.breakdown["breakdown"][0]["letters"]][0] == "D8"
    assert g.last_turn is t and g.scores == (54, 0)


def test_one_notion_of_a_turn():
    assert TURN_KINDS == {"play", "exchange", "pass", "invalid", "phony", "lost", "final"}
    g = new("classic")
    for _ in range(6):
        g.act("-")
    assert g.over and [t.kind for t in g.turns[:6]] == [PASS] * 6
    ends = [t for t in g.turns if t.kind == END]
    assert ends and not any(is_turn(t) for t in ends)
    assert g.last_turn.kind == PASS     # the end lines are not turns


def test_act_always_returns_a_tuple_of_new_records():
    g = new("o")
    rig(g, 0, "QAIDEEE")
    out = g.act("8G QAID")
    assert isinstance(out, tuple) and [t.kind for t in out] == [INVALID]
    assert g.act("check") == ()          # found in the large list: withdrawn, nothing new
    g2 = new("classic")
    for _ in range(5):
        g2.act("-")
    out = g2.act("-")                    # the last pass ends the game: pass + two end lines
    assert [t.kind for t in out] == [PASS, END, END]


def test_legal_actions():
    g = new("classic")
    legal = g.legal_actions()
    assert isinstance(legal, Legal)
    assert legal.to_dict() == {"place": True, "exchange": 7, "pass": True, "challenge": False,
                               "check": False, "trade": False, "final": False, "timeout": False}
    rig(g, 0, "ZEBRAXQ")
    g.act("8D ZEBRAX")
    assert g.legal_actions().challenge
    g.act("-")
    assert not g.legal_actions().challenge
    g._state.bag.tiles = g._state.bag.tiles[:6]     # set-up: a short bag
    assert g.legal_actions().exchange == 0
    o = new("o", clock=60)
    rig(o, 0, "ZEBRAXQ")
    o.act("8D ZEBRAX")
    assert o.legal_actions().check and not o.legal_actions().challenge
    assert o.legal_actions().timeout          # "time's up when time's up"
    r = new("richard")
    rig(r, 0, "AAAITUY")
    assert r.legal_actions().trade
    r.act("trade AU")
    assert not r.legal_actions().trade        # one trade a turn


def test_legal_actions_in_the_final_round_and_at_the_end():
    g = new("o", final_round=True)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    g._state.bag.tiles = []
    for _ in range(3):
        g.act("-")
    legal = g.legal_actions()
    assert g.phase == "final" and legal.final and legal.place and legal.exchange == 0
    g.act("-")
    g.act("-")
    legal = g.legal_actions()
    assert g.over and not (legal.place or legal.pass_ or legal.final or legal.exchange)


def test_at_steps_through_the_game():
    g = new("classic")
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    g.act("-")
    g.act("-" + g.rack()[:2])
    start, one, three = g.at(0), g.at(1), g.at(3)
    assert start.board.is_empty() and start.scores == (0, 0) and start.actions == ()
    assert one.scores == (54, 0) and one.turns == g.turns[:1] and one.to_move == 1
    assert three.racks == g.racks and three.actions == g.actions
    one.act("-")                          # a stepped game is a game of its own
    assert len(g.turns) == 3 and g.at(1).turns == g.turns[:1]
    one.undo()
    one.undo()
    assert one.board.is_empty() and g.scores == (54, 0)
    with pytest.raises(GameError):
        g.at(4)
    assert [t.action for t in g.turns] == [0, 1, 2]
    assert g.at(g.turns[0].action + 1).scores == (54, 0)


@pytest.mark.parametrize("preset,reveals", [("classic", False), ("o", False), ("richard", True)])
def test_preview_hides_word_validity_unless_retry(preset, reveals):
    g = new(preset)
    rig(g, 0, "ZEBRAXQ")
    ev = g.preview("8D ZEBRAX")
    assert ev.legal and ev.score > 0 and ev.judged is reveals
    assert ev.invalid == (["ZEBRAX"] if reveals else [])
    bad = g.preview("1A ZE")                   # legality errors always show
    assert not bad.legal and "start" in bad.error


def test_elapsed_logged_in_milliseconds_and_replayed_exactly():
    g = new("classic", clock=100)
    g.act("-", elapsed=12.5)
    g.act("-", elapsed=0.1 + 0.2)             # 300 ms, not 300.00000000000006
    g.act("-", elapsed=7)
    assert g.actions == ("- @12500ms", "- @300ms", "- @7000ms")
    assert g.clock == (87.5 - 7, 99.7)
    back = Game.replay(g.rules, 1, g.actions, lexicon=LEX)
    assert back.clock == g.clock
    old = Game.replay(g.rules, 1, ["- @12.5", "- @0.3"], lexicon=LEX)   # the old seconds form
    assert old.clock == (87.5, 99.7)


@pytest.mark.parametrize("bad", [-1, -0.001, float("inf"), float("nan"), "5", True, 10 ** 400])
def test_bad_elapsed_times_are_refused(bad):
    g = new("classic", clock=100)
    with pytest.raises(GameError):
        g.act("-", elapsed=bad)
    assert g.actions == () and g.clock == (100.0, 100.0)


@pytest.mark.parametrize("bad", ["- @nan", "- @inf", "- @-5", "- @1e400", "- @x", "- @" + "9" * 5000 + "ms"])
def test_bad_logged_times_are_refused(bad):
    with pytest.raises(GameError):
        Game.replay(replace(PRESETS["classic"], clock=100), 1, [bad], lexicon=LEX)


def test_a_huge_clock_is_refused_not_overflowed():
    rules = replace(PRESETS["classic"], clock=100)
    object.__setattr__(rules, "clock", 10 ** 400)   # past whatever rules.py allows
    with pytest.raises(GameError, match="clock"):
        Game(rules, 1, lexicon=LEX)


@pytest.mark.parametrize("text", ["8D ZEB\nRAS", "-ß", "٣D AB", "x" * 300])
def test_action_text_is_ascii_on_one_line(text):
    g = new("classic")
    with pytest.raises(GameError):
        g.act(text)
    assert g.actions == ()


def test_names_and_seeds():
    with pytest.raises(GameError):
        Game(PRESETS["classic"], 1, lexicon=LEX, names=["one"])
    with pytest.raises(GameError):
        Game(PRESETS["classic"], 1, lexicon=LEX, names=["a\nb", "c"])
    for bad in (1.5, True, None, 10 ** 4400, "x" * 201):
        with pytest.raises(GameError):
            Game(PRESETS["classic"], bad, lexicon=LEX)
    g = Game(PRESETS["classic"], "42", lexicon=LEX, names=[" Ann Lee ", "Ann Lee"])
    assert g.names == ("Ann Lee", "Ann Lee") and g.racks != Game(PRESETS["classic"], 42, lexicon=LEX).racks


def test_final_round_turn_kinds():
    g = new("o", final_round=True)
    rig(g, 0, "ZEBRASQ")
    g.act("8D ZEBRAS")
    g._state.bag.tiles = []
    for _ in range(3):
        g.act("-")
    t, = g.act("-")
    assert t.kind == "decline" and not is_turn(t)
    assert g.legal_actions().final
    t2, = g.act("-")
    assert g.over and not any(x.kind == FINAL for x in g.turns)


# ---------------------------------------------------------------- GCG round trips

@pytest.mark.parametrize("seed", ["42", 42, "-7", -7, "a b", "\"quoted\""])
def test_gcg_keeps_the_seed_and_its_type(seed):
    g = Game(PRESETS["classic"], seed, lexicon=LEX)
    g.act("-" + g.rack()[:2])
    back = read_gcg(write_gcg(g), lexicon=LEX)
    assert back.seed == seed and type(back.seed) is type(seed) and back.racks == g.racks


@pytest.mark.parametrize("names", [["Ann Lee", "Ann Lee"], ["a b", "a_b"], ["x_2", "x", "x"],
                                   ["Zoë  Ça", "player1"]])
def test_gcg_keeps_names_with_spaces_and_duplicates(names):
    g = Game(PRESETS["classic"], 3, len(names), lexicon=LEX, names=names)
    for _ in range(len(names) + 1):
        g.act("-")
    record = write_gcg(g)
    back = read_gcg(record, lexicon=LEX)
    assert back.names == g.names and back.turns == g.turns and write_gcg(back) == record


def test_gcg_reads_the_old_seconds_form_and_checks_totals():
    g = new("classic", clock=100)
    g.act("-", elapsed=2.25)
    g.act("-", elapsed=1)
    record = write_gcg(g)
    assert "#action - @2250ms" in record
    old = record.replace("#action - @2250ms", "#action - @2.25")
    assert read_gcg(old, lexicon=LEX).clock == g.clock
    with pytest.raises(ValueError, match="replaying gives"):
        read_gcg(record.replace("- +0 0", "- +5 5", 1), lexicon=LEX)


def test_gcg_reader_fuzz():
    """10,000 mutated records: each is read or refused with an engine error
    (a ValueError subclass), never another exception."""
    import random
    g = Game(PRESETS["classic"], "42", lexicon=LEX, names=["Ann Lee", "Bob"])
    g.act("-" + g.rack()[:1], elapsed=1.5)
    g.act("-")
    record = write_gcg(g)
    pieces = list("#>:@ms-+0123456789\n \"ABCZ?;[]\u00e9\u00b2\u0663") + [
        "#seed ", "#action ", "#player3 x", "\u00df", "9" * 5000, "#rules ", "classic,clock=", "ms"]
    rng = random.Random(8)
    read = 0
    for _ in range(10_000):
        text = list(record)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(text))
            op = rng.random()
            if op < 0.4:
                text.insert(i, rng.choice(pieces))
            elif op < 0.7:
                del text[i]
            else:
                text[i] = rng.choice(pieces)
        try:
            read_gcg("".join(text), lexicon=LEX)
            read += 1
        except ValueError:
            pass
    assert 0 < read < 10_000
