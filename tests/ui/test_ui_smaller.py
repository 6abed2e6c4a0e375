"""The pure logic of smaller fixes (CPython and MicroPython): hints list distinct words
first, the score sheet drawn from a snapshot, when a clock reads as low, "1 minute", the
end of a game (no Shuffle, no hint but the review), the seat deciding a check is the one
highlighted, and a position played against the computer calls your seat "You"."""

import ui_fixtures as fx
from ui_fixtures import effects, go, new
from ui import state
from ui import view
from ui.game import clock
from ui.newgame import rules_text
from ui.panels import hints
from ui.panels import sheet
from ui.panels import view as panels_view
from ui.boot import handlers


def _m(move, word, score):
    return {"move": move, "score": score, "words": [word, "XI"] if "H" in move else [word]}


def test_hints_list_each_word_once_at_its_best_place_first():
    pool = [_m("8D FRUIT", "FRUIT", 24), _m("H4 FRUIT", "FRUIT", 24), _m("8H AFRIT", "AFRIT", 18),
            _m("8H FRUIT", "FRUIT", 18), _m("8D AFRIT", "AFRIT", 18), _m("8G FIT", "FIT", 12),
            _m("8E RIF", "RIF", 10), _m("8F TUI", "TUI", 8)]
    top = hints.distinct(pool, 5)
    assert [m["move"] for m in top] == ["8D FRUIT", "8H AFRIT", "8G FIT", "8E RIF", "8F TUI"]
    assert [m["others"] for m in top] == [2, 1, 0, 0, 0]
    # too few words: further places of the words already listed fill the list, best first
    top = hints.distinct(pool[:5], 5)
    assert [m["move"] for m in top] == ["8D FRUIT", "8H AFRIT", "H4 FRUIT", "8H FRUIT", "8D AFRIT"]
    assert [m["others"] for m in top] == [2, 1, 0, 0, 0]
    assert hints.distinct([], 5) == [] and pool[0].get("others") is None   # the engine's list is left as it was


def test_the_hint_panel_shows_the_distinct_words_and_asks_for_a_pool():
    s = go(new(), {"t": "p_open", "panel": "hint"})
    asked = effects(s, "p_hint")[0]
    assert asked["top"] == 5 and asked["pool"] == hints.POOL > 5
    pool = [_m("8D FRUIT", "FRUIT", 24), _m("H4 FRUIT", "FRUIT", 24), _m("8H AFRIT", "AFRIT", 18)]
    s = go(s, {"t": "p_data", "what": "hint", "at": [], "data": {"moves": pool, "ms": 30, "complete": True}})
    html = panels_view.panel_html(s)
    assert html.count("<li ") == 3 and html.count("also 1 other place<") == 1   # FRUIT, AFRIT, then FRUIT again
    assert html.index("8D FRUIT") < html.index("8H AFRIT") < html.index("H4 FRUIT")
    s = go(s, {"t": "p_hint_play", "i": 1})
    assert effects(s, "act") == [{"do": "act", "arg": "8H AFRIT"}]


TURNS = [
    {"player": 0, "kind": "play", "text": "8D FRUIT", "score": 24, "words": ["FRUIT"], "invalid": [],
     "squares": ["D8"], "breakdown": None, "action": 0, "counts": True},
    {"player": 1, "kind": "exchange", "text": "-AB", "score": 0, "words": [], "invalid": [], "squares": [],
     "breakdown": None, "action": 1, "counts": True},
    {"player": 0, "kind": "play", "text": "swap J5; 9C AX", "score": 30, "words": ["AX"], "invalid": [],
     "squares": ["C9"], "breakdown": {"breakdown": [], "bonus": {}}, "action": 2, "counts": True},
]


def test_the_score_sheet_is_drawn_from_the_snapshot_at_once():
    snap = fx.snap(turns=TURNS, scores=[154, 100])   # a game begun from a position at 100 each
    out = sheet.from_snapshot(snap, [[2, 0]])
    lines = out["turns"]
    assert [x["total"] for x in lines] == [124, 100, 154] and [x["n"] for x in lines] == [0, 1, 2]
    assert [x["name"] for x in lines] == ["You", "Player 2", "You"] and lines[2]["move"] == "9C AX"
    assert [x["hinted"] for x in lines] == [False, False, True] and out["hints"] == 1 and out["early"]
    s = new(fx.snap(turns=TURNS, scores=[154, 100], hints=[[2, 0]]))
    s = go(s, {"t": "p_open", "panel": "history"})
    html = panels_view.panel_html(s)   # the engine has not answered: the lines show all the same
    assert "Loading" not in html and "You played FRUIT at 8D across: +24 = 124" in html and "(hint used)" in html
    assert "Player 2 exchanged 2: +0 = 100" in html   # another's exchange keeps its letters
    html = panels_view.panel_html(go(s, {"t": "p_turn", "n": 0}))
    assert "breakdown shows as soon as the engine is free" in html
    engine = {"turns": [dict(x, breakdown={"breakdown": [], "bonus": {}}) for x in lines], "hints": 1}
    s = go(s, {"t": "p_data", "what": "history", "data": engine})
    assert sheet.current(s, engine) is engine
    stale = {"turns": engine["turns"][:2], "hints": 1}   # the answer of a turn ago
    assert sheet.current(s, stale)["turns"][2]["move"] == "9C AX"


def test_a_clock_is_low_under_a_tenth_of_its_time_but_not_from_its_start():
    for rules, low in (("classic,clock=60", 10000), ("o,clock=300", 30000), ("classic,clock=1500", 60000),
                       ("classic,clock=90", 10000), ("classic", 60000), ("classic,clock=6", 3000)):
        assert clock.low_ms({"rules": rules}) == low, rules
    s = new(fx.snap(rules="classic,clock=60", clock=[60000, 60000], clock_rule="overtime", overtime=[10, 60000]))
    assert "low" not in clock.seat_html(s, 0) and ">1:00<" in clock.seat_html(s, 0)
    s = new(fx.snap(rules="classic,clock=60", clock=[9000, 60000], clock_rule="overtime", overtime=[10, 60000]))
    assert " low" in clock.seat_html(s, 0) and "low" not in clock.seat_html(s, 1)


def test_one_minute_is_said_in_the_singular():
    summary = " ".join(text for _, text in rules_text.summary("classic,clock=60"))
    assert "Clock: 1 minute each" in summary and "1 minutes" not in summary
    assert "Clock: 2 minutes each" in " ".join(text for _, text in rules_text.summary("classic,clock=120"))


def test_the_end_of_a_game_offers_no_shuffle_and_no_hint_but_the_review():
    over = new(fx.snap(phase="over", winner=[0], scores=[300, 200]))
    assert view.buttons(over)["Shuffle"] is False and view.buttons(new())["Shuffle"] is True
    s = go(over, {"t": "p_open", "panel": "hint"})
    assert not effects(s, "p_hint")
    html = panels_view.panel_html(s)
    assert "The game is over" in html and "for your turn" not in html
    assert 'data-pact="open" data-panel="review"' in html


def test_the_seat_deciding_on_a_check_is_highlighted():
    s = new(fx.snap(to_move=1))
    assert 'class="seat to-move" data-seat="1"' in view.scores_html(s)
    s["check_seat"] = 0   # your play did not stand: the computer waits for your choice
    html = view.scores_html(s)
    assert 'class="seat to-move" data-seat="0"' in html and 'class="seat" data-seat="1"' in html


def test_a_position_against_the_computer_calls_your_seat_you():
    snap = fx.snap(kinds=("human", "human"))
    for i, name in enumerate(("Player 1", "Player 2")):
        snap["seats"][i]["name"] = name
    s = new(snap)
    opened = effects(handlers.step(s, {"t": "vs_computer"}), "open")
    assert opened[0]["spec"]["seats"] == [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]
    assert snap["seats"][0]["name"] == "Player 1"   # the position shown is not changed
