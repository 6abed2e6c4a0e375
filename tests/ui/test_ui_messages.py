"""Say what happened: your own challenge or check stays said beside the computer's
reply; the status names who must decide; points per turn with one decimal."""

import ui_fixtures as fx
from ui_fixtures import new
from ui import state, view
from ui.game import turns
from ui.boot import handlers

LOST = {"player": 0, "kind": "lost", "text": "lost challenge", "score": 0}
REPLY = {"player": 1, "kind": "play", "text": "8D ZEBRAS", "score": 44}


def test_a_lost_challenge_stays_said_beside_the_computers_reply():
    s = new()
    msg = "Challenge failed: NUDIE is good; you lose the next turn."
    s = handlers.step(s, {"t": "snapshot", "snap": fx.snap(events=[LOST], message=msg, to_move=1)})
    assert s["outcome"] == msg
    s = handlers.step(s, {"t": "snapshot", "snap": fx.snap(events=[REPLY], message="Computer played 8D ZEBRAS for 44.")})
    text = view.message_text(s)
    assert msg in text and "Computer played 8D ZEBRAS for 44." in text
    s = handlers.step(s, {"t": "snapshot", "snap": fx.snap(events=[dict(REPLY, player=0)], message="You played X.")})
    assert msg not in view.message_text(s)      # said until you act again


def test_a_failed_check_names_the_words_and_the_points():
    invalid = {"player": 0, "kind": "invalid", "text": "8D SUQ", "score": -26, "invalid": ["SUQ"]}
    s = new(fx.snap(legal=fx.legal(check=True), turns=[dict(invalid, score=0)]))
    s["checked_by"] = 0
    s = handlers.step(s, {"t": "snapshot", "snap": fx.snap(turns=[invalid], to_move=1, events=[])})
    assert s["message"] == "SUQ is not in the large list: -26."
    assert s["outcome"] == s["message"]


def test_the_status_names_who_must_decide_a_check():
    invalid = {"player": 0, "kind": "invalid", "text": "8D SUQ", "score": 0, "invalid": ["SUQ"]}
    s = new(fx.snap(legal=fx.legal(check=True), turns=[invalid], to_move=1))
    assert s["check_seat"] == 0
    assert view.status_text(s).startswith("You: check the large list")


def test_points_per_turn_have_one_decimal_and_you_reads_as_you():
    assert turns.one_decimal(96.59999999999999) == "96.6" and turns.one_decimal(30) == "30.0"
    assert turns.whose("You") == "Your" and turns.whose("Ann") == "Ann's"
    snap = fx.snap(phase="over", ppt=[96.59999999999999, 41.46], winner=[0], scores=[300, 200])
    html = view.end_html(new(snap))
    assert "96.6" in html and "41.5" in html and "96.59" not in html


def test_hot_seat_undo_names_whose_turn_it_takes_back_and_asks_them():
    from ui.panels import actions as panels
    from ui.panels import pstate, regions
    bob = {"player": 1, "kind": "play", "text": "8D ZEBRAS", "move": "8D ZEBRAS", "score": 44}
    s = new(fx.snap(kinds=("human", "human"), turns=[bob], actions=["8D ZEBRAS"], to_move=0))
    s = pstate.set_pn(s, confirm="undo")
    html = regions.confirm_html(s)
    assert "Take back Player 2&#x27;s last turn (8D ZEBRAS)? Player 2 must agree." in html
    assert "Player 2 agrees: take it back" in html


def test_your_own_score_stays_said_under_the_computers_reply():
    mine = {"player": 0, "kind": "play", "text": "10D DEFT", "score": 23}
    s = new()
    s = handlers.step(s, {"t": "snapshot", "snap": fx.snap(events=[mine], message="You played DEFT for 23.", to_move=1)})
    s = handlers.step(s, {"t": "snapshot", "snap": fx.snap(events=[REPLY], message="Computer played ZEBRAS for 44.")})
    assert view.message_text(s) == "You played DEFT for 23. Computer played ZEBRAS for 44."
    # your next action starts a new recap: the old turns are not said again
    s = handlers.step(s, {"t": "snapshot", "snap": fx.snap(events=[dict(mine, text="H8 AX")], message="You played AX for 9.",
                                                           to_move=1)})
    assert view.message_text(s) == "You played AX for 9."
    # an undo (nothing said) clears it: the page falls back to the last turn
    s = handlers.step(s, {"t": "snapshot", "snap": fx.snap(events=[], message="")})
    assert "DEFT" not in view.message_text(s) and "AX for 9" not in view.message_text(s)
