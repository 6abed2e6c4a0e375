"""What is secret stays secret: an opponent's exchange reads "exchanged N" everywhere
the page shows a turn (history, the move list, the replay bar, the embed's turn
message) until the game is over; the exchanger sees their own letters."""

import ui_fixtures as fx
from ui_fixtures import new
from ui import view
from ui.panels import actions as panels
from ui.panels import view as panels_view
from ui.links import replay
from ui.game import turns

EXCHANGE = {"n": 1, "action": 1, "player": 1, "name": "Player 2", "kind": "exchange", "text": "-DDHNRV",
            "move": "-DDHNRV", "score": 0, "total": 0}
MINE = {"n": 0, "action": 0, "player": 0, "name": "You", "kind": "exchange", "text": "-QU",
        "move": "-QU", "score": 0, "total": 0}


def test_an_opponents_exchange_hides_its_letters_until_the_game_is_over():
    s = new(fx.snap(turns=[MINE, EXCHANGE]))
    assert s["rack_seat"] == 0
    assert turns.move_text(s, EXCHANGE) == "exchanged 6"
    assert turns.move_text(s, MINE) == "-QU"          # your own exchange: your letters
    over = new(fx.snap(turns=[MINE, EXCHANGE], phase="over"))
    assert turns.move_text(over, EXCHANGE) == "-DDHNRV"


def test_history_and_the_message_never_show_an_opponents_letters():
    s = new(fx.snap(turns=[MINE, EXCHANGE]))
    assert "DDHNRV" not in view.message_text(s)
    s = panels.on_data(panels.on_open(s, {"panel": "history"}),
                       {"what": "history", "data": {"turns": [MINE, EXCHANGE], "hints": 0}})
    html = panels_view.history_html(s)
    assert "DDHNRV" not in html and "exchanged 6" in html and "exchanged QU" in html


def test_hot_seat_shows_an_exchange_only_to_the_exchanger_on_their_turn():
    two = fx.snap(kinds=("human", "human"), turns=[EXCHANGE], to_move=1)
    s = new(two)
    assert s["rack_seat"] == 1 and turns.move_text(s, EXCHANGE) == "-DDHNRV"
    s = new(fx.snap(kinds=("human", "human"), turns=[EXCHANGE], to_move=0))
    assert turns.move_text(s, EXCHANGE) == "exchanged 6"


def test_a_replay_of_the_game_in_progress_keeps_the_secret():
    s = new(fx.snap(turns=[MINE, EXCHANGE], actions=["-QU", "-DDHNRV"]))
    s = replay.on_replay(s, {"at": 2})
    s = replay.on_replay_snap(s, {"snap": fx.snap(at=2, total=2, events=[EXCHANGE])})
    assert "DDHNRV" not in replay.bar_html(s)


def test_history_line_offers_the_board_after_that_turn():
    s = new(fx.snap(turns=[MINE, EXCHANGE], actions=["-QU", "-DDHNRV"]))
    s = panels.on_data(panels.on_open(s, {"panel": "history"}),
                       {"what": "history", "data": {"turns": [MINE, EXCHANGE], "hints": 0}})
    s = panels.on_turn(s, {"n": 1})
    assert 'data-pact="show_turn"' in panels_view.history_html(s)
    s = panels.on_show_turn(s, {"t": "p_show_turn", "i": 2})
    assert s.get("replay") and {"do": "at", "k": 2} in s["fx"]


def test_an_unfinished_past_game_keeps_its_secrets_in_its_replay():
    from ui.panels import view as panels_view
    from ui.store import past
    sm = {"names": ["You", "Player 2"], "kinds": ["human", "hard"], "over": False}
    spec = {"rules": "classic", "seed": "t1", "seats": fx.snap()["seats"], "actions": ["-QU", "-DDHNRV"]}
    entry = past.record(spec, sm, "2026-11-25T00:00:00Z")
    viewer = panels_view._past_viewer([entry], entry["id"])
    assert turns.move_text(viewer, EXCHANGE) == "exchanged 6" and turns.move_text(viewer, MINE) == "-QU"
    done = past.record(spec, dict(sm, over=True), "2026-11-25T00:00:00Z")
    assert turns.move_text(panels_view._past_viewer([done], done["id"]), EXCHANGE) == "-DDHNRV"
