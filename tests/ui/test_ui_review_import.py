"""The review of imported records and shared replays, page side (CPython and MicroPython):
an imported record rides in the spec and in Past games, a finished one is kept there,
the seat buttons choose whose turns, a position says it has no turns, plurals, the
board's layers. The engine side is tests/session/test_review_imported.py; the page in
Chromium tests/browser/review/test_import_review.py."""

import json

import ui_fixtures as fx
from ui_fixtures import effects, go
from ui import state
from ui.links import replay
from ui.panels import actions as panels
from ui.store import past as pastgames  # (past games are the store's)
from ui.review import actions as review
from ui.review import run as review_run
from ui.review import view as review_view
from ui.boot import handlers


RECORD = "#player1 Ann Ann\n#player2 Bert Bert\n>Ann: AEKORRV 8h ARVO +14 14\n"
NAMES = ["Bert", "Ann"]


def rows(n, seats=(0, 1)):
    return [{"turn": i, "player": i % 2, "name": NAMES[i % 2], "rack": "AEKORRV", "kind": "play",
             "played": "8H ARVO", "score": 14, "action": None} for i in range(n) if i % 2 in seats]


def plan(turns, seats=(0, 1), **extra):
    out = {"source": "record", "rules": "classic", "names": list(NAMES), "over": True, "seats": list(seats),
           "turns": turns, "pending": ""}
    out.update(extra)
    return out


def view_state(record=RECORD):
    """A finished record of another program, imported: the read-only view the engine gives."""
    view = fx.snap(readonly=True, phase="over", seed="import-0badc0de", winner=[0], scores=[30, 14],
                   cgp="15/15 / 30/14 0 var classic;", turns=[
                       {"player": 1, "kind": "play", "text": "8H ARVO", "score": 14, "counts": True},
                       {"player": 0, "kind": "play", "text": "9G ZAX", "score": 30, "counts": True}])
    view["seats"] = [{"name": n, "kind": "human"} for n in NAMES]
    view["import"] = {"kind": "record", "playable": False, "record": record}
    return handlers.step(fx.new(), {"t": "imported", "snap": view})


def opened(s):
    return go(s, {"t": "p_open", "panel": "review"})


def test_an_imported_record_rides_in_the_spec_and_a_finished_one_goes_to_past_games():
    s = view_state()
    assert s["spec"]["record"] == RECORD and s["spec"]["seed"] == "import-0badc0de"
    keep = effects(s, "p_rv_keep")[0]
    entry = pastgames.view_entry(keep["spec"], keep["snap"], "2026-01-01T00:00:00Z")
    assert entry["record"] == RECORD and entry["start"] == "15/15 / 30/14 0 var classic;"
    sm = entry["summary"]
    assert sm["over"] is True and sm["winner"] == [0] and sm["names"] == NAMES and sm["turns"] == 2
    assert sm["best"] == {"move": "9G ZAX", "score": 30, "name": "Bert"}
    back = pastgames.spec_of(entry)
    assert back["record"] == RECORD and back["start"] == entry["start"]
    assert not pastgames.unfinished(entry)
    # its review: the spec with the record, every seat; the past entry's under the same key
    s = opened(s)
    ask = effects(s, "p_rv_plan")[0]
    assert json.loads(ask["source"])["record"] == RECORD and ask["seats"] == ""
    assert ask["cache"] == review.cache_key({"cache": review.spec_source(back)[1], "ranking": "score"})


def test_a_record_stays_with_its_game_but_not_with_another():
    s = view_state()
    game = fx.snap(seed="import-0badc0de", start="15/15 AEK/RST 0/0 0")
    s = state._take_snapshot(s, game)
    assert s["spec"]["record"] == RECORD and s["spec"]["start"] == game["start"]
    s = state._take_snapshot(s, fx.snap(seed="rematch-1"))
    assert "record" not in s["spec"]
    plain = state._take_snapshot(fx.new(), fx.snap(seed="import-0badc0de"))
    assert "record" not in plain["spec"]


def test_a_finished_game_of_ours_imported_is_stored_from_the_engine():
    game = fx.snap(kinds=("human", "human"), phase="over", actions=["-"] * 6, winner=[0])
    game["import"] = {"kind": "game"}
    s = handlers.step(fx.new(), {"t": "imported", "snap": game})
    assert effects(s, "p_store") and not effects(s, "p_rv_keep")
    assert panels.pn(s)["stored"] == pastgames.game_id(s["spec"])


def test_seat_buttons_choose_whose_turns_one_at_least():
    s = opened(view_state())
    s = go(s, {"t": "p_rv_plan", "gen": review.rv(s)["gen"], "plan": plan(rows(4)), "cached": []})
    html = review_view.review_html(s)
    assert 'id="pn-rv-seat-0" aria-pressed="true"' in html and 'id="pn-rv-seat-1" aria-pressed="true"' in html
    gen = review.rv(s)["gen"]
    s = go(s, {"t": "p_rv_seat", "n": 1})
    assert review.rv(s)["gen"] == gen + 1 and review.rv(s)["seats"] == [0]
    assert effects(s, "p_rv_plan")[0]["seats"] == "[0]"
    s = go(s, {"t": "p_rv_plan", "gen": review.rv(s)["gen"], "plan": plan(rows(4, (0,)), (0,)), "cached": []})
    assert review.rv(go(s, {"t": "p_rv_seat", "n": 0}))["gen"] == review.rv(s)["gen"]   # the last one stays
    assert review.rv(go(s, {"t": "p_rv_seat", "n": 7}))["gen"] == review.rv(s)["gen"]
    s = go(s, {"t": "p_rv_rank", "what": "equity"})
    assert review.rv(s)["seats"] == [0] and effects(s, "p_rv_plan")[0]["seats"] == "[0]"


def test_a_shared_game_opened_as_a_replay_reviews_every_seat_once_it_is_over():
    live = fx.snap(kinds=("human", "hard"), actions=["-", "-"], turns=[])
    s = fx.new(live)
    s["replay"] = {"at": 2, "total": 2, "live": live, "only": True, "pending": False, "seat": -1}
    assert review.secret_seats(s) == [] and review.rv(opened(s))["error"] == review.STILL_PLAYED   # still played
    snap = fx.snap(kinds=("human", "hard"), actions=["-", "-"], turns=[], phase="over")
    s = fx.new(snap)
    s["replay"] = {"at": 2, "total": 2, "live": snap, "only": True, "pending": False, "seat": -1}
    assert review.default_seats(s) == [0, 1]
    assert effects(opened(s), "p_rv_plan")[0]["seats"] == "[0, 1]"
    assert review.default_seats(fx.new(snap)) is None
    bar = replay.bar_html(s)
    assert 'id="rp-review-link" data-act="review"' in bar and 'data-rp="close"' not in bar
    s["replay"] = dict(s["replay"], only=False)
    assert "rp-review-link" not in replay.bar_html(s)


def test_a_position_has_no_turns_and_says_so_without_the_engine():
    view = fx.snap(readonly=True, phase="view", seed="import-1")
    s = opened(handlers.step(fx.new(), {"t": "imported", "snap": view}))
    assert not effects(s, "p_rv_plan") and review.rv(s)["running"] is False
    html = review_view.review_html(s)
    assert "has no turns" in html and 'data-position="1"' in html and "rv-seats" not in html
    s = opened(fx.new())
    s = go(s, {"t": "p_rv_plan", "gen": review.rv(s)["gen"], "cached": [],
               "plan": plan([], (0,), over=False, from_position=True, pending="The turn to come is not reviewed.")})
    html = review_view.review_html(s)
    assert "began from a position" in html and "No turns to review yet." in html


def test_one_turn_is_said_in_the_singular():
    s = opened(view_state())
    s = go(s, {"t": "p_rv_plan", "gen": review.rv(s)["gen"], "plan": plan(rows(1), (1,)), "cached": []})
    assert "Reviewing: 0 of 1 turn done." in review_view.review_html(s)
    res = {"turn": 0, "player": 0, "name": "Bert", "rack": "AEKORRV", "kind": "play", "played": "8H ARVO",
           "score": 14, "best": "8H ARVO", "best_score": 14, "missed": 0, "found": True, "marks": [],
           "ranking": "score", "cut": True, "ms": 5, "budget_ms": 1000, "best_tiles": [], "action": None,
           "tiles": [], "played_tiles": [{"sq": "H8", "letter": "A"}]}
    s = go(s, {"t": "p_rv_result", "gen": review.rv(s)["gen"], "turn": 0, "result": res})
    s = go(s, {"t": "p_rv_summary", "gen": review.rv(s)["gen"], "data": {
        "ranking": "score", "turns": 1, "found": 1, "cut": 1, "ms": 5, "words_missed": [],
        "players": [{"seat": 0, "name": "Bert", "turns": 1, "found": 1, "found_share": 1, "missed": 0,
                     "score": 14, "best_score": 14}]}})
    html = review_view.review_html(s)
    assert "1 turn reviewed." in html and "All 1 turns" not in html
    assert "On 1 of 1 turn the search stopped" in html


def test_a_records_turn_draws_its_play_and_the_layers_show_one_at_a_time():
    s = opened(view_state())
    s = go(s, {"t": "p_rv_plan", "gen": review.rv(s)["gen"], "plan": plan(rows(1)), "cached": []})
    res = {"turn": 0, "player": 0, "name": "Bert", "rack": "AEKORRV", "kind": "play", "played": "8H ARVO",
           "score": 14, "best": "8H RAKER", "best_score": 20, "missed": 6, "found": False, "marks": [],
           "ranking": "score", "cut": False, "ms": 5, "budget_ms": 1000, "action": None, "tiles": [],
           "best_tiles": [{"sq": "H8", "letter": "R"}, {"sq": "I8", "letter": "A"}],
           "played_tiles": [{"sq": "H8", "letter": "A"}, {"sq": "I8", "letter": "R"}]}
    s = go(s, {"t": "p_rv_result", "gen": review.rv(s)["gen"], "turn": 0, "result": res},
           {"t": "p_rv_sel", "n": 0})
    html = review_view.review_html(s)
    assert html.count('class="rv-p rv-g"') == 2 and 'class="rv-gl">R<' in html and "rv-boardwrap" in html
    s = go(s, {"t": "p_rv_layer", "what": "best"})
    html = review_view.review_html(s)
    assert html.count('class="rv-p"') + html.count('class="rv-p ') == 0 and html.count('class="rv-g"') == 2
    s = go(s, {"t": "p_rv_layer", "what": "made"})
    html = review_view.review_html(s)
    assert html.count('class="rv-p"') == 2 and 'id="pn-rv-layer-made" aria-pressed="true"' in html


def test_kept_results_of_other_seats_stay_kept():
    text = review_run.dump_kept("k|score", [{"turn": 1, "v": "new"}], [{"turn": 0}, {"turn": 1, "v": "old"}, "x"])
    kept = review_run.read_kept(text, "k|score")
    assert {"turn": 0} in kept and {"turn": 1, "v": "new"} in kept and len(kept) == 2
