"""ui/review/actions.py and ui/review/view.py: the review's handlers, effects, runner and HTML (CPython and MicroPython).

The engine's answers here are shaped like engine/session/review.py's (plain data:
the MicroPython run cannot import the engine); tests/browser/review/test_review_page.py checks
the page against the real engine."""

import json

import ui_fixtures as fx
from ui_fixtures import effects, go
from ui import state, view
from ui.panels import actions as panels
from ui.panels import run as panels_run
from ui.panels import view as panels_view
from ui.review import actions as review
from ui.review import view as review_view
from ui.boot import handlers


ACTIONS = ["8D VOIDER", "7E BLOWER", "6J EQUID", "9I GLYCINE", "-", "-"]
PLAN_TURNS = [
    {"turn": 0, "player": 0, "name": "You", "rack": "DEIOQRV", "kind": "play", "played": "8D VOIDER", "score": 28,
     "action": 0},
    {"turn": 2, "player": 0, "name": "You", "rack": "DDEIQRU", "kind": "play", "played": "6J EQUID", "score": 25,
     "action": 2},
    {"turn": 4, "player": 0, "name": "You", "rack": "DFMRVW?", "kind": "pass", "played": "-", "score": 0,
     "action": 4},
]


def plan(pending="", turns=None):
    return {"source": "spec", "rules": "classic", "names": ["You", "Computer"], "over": not pending,
            "seats": [0], "turns": PLAN_TURNS if turns is None else turns, "pending": pending}


def result(row, best=None, best_score=None, cut=False, marks=(), ranking="score", words=None):
    """A review_turn answer for plan row ``row``."""
    best = row["played"] if best is None else best
    best_score = row["score"] if best_score is None else best_score
    missed = max(0, best_score - row["score"])
    out = {"turn": row["turn"], "player": row["player"], "name": row["name"], "rack": row["rack"],
           "kind": row["kind"], "played": row["played"], "score": row["score"], "words": [],
           "best": best, "best_score": best_score,
           "best_words": [{"word": w, "score": best_score} for w in (words or [])],
           "best_bonus": {"big_play": 50 if "big_play" in marks else 0, "stretch": 0, "jqxz": 0, "pick_off": False},
           "missed": missed, "found": missed == 0, "marks": list(marks), "ranking": ranking, "cut": cut,
           "search": "hard" if cut else "exact", "ms": 990 if cut else 12, "budget_ms": 1000, "action": row["action"],
           "best_tiles": [{"sq": "H8", "tile": "F", "letter": "F"}, {"sq": "H9", "tile": "?", "letter": "R"}],
           "best_pre": [], "best_across": False}
    return out


def over_state(kinds=("human", "hard"), actions=ACTIONS, phase="over"):
    snap = fx.snap(kinds=kinds, actions=list(actions), phase=phase, winner=[0] if phase == "over" else [])
    return fx.new(snap)


def opened(s=None):
    s = go(s or over_state(), {"t": "p_open", "panel": "review"})
    return s


def answered(s, turns=None, cached=None, pending=""):
    gen = review.rv(s)["gen"]
    return go(s, {"t": "p_rv_plan", "gen": gen, "plan": plan(pending, turns), "cached": cached or []})


def give(s, res):
    return go(s, {"t": "p_rv_result", "gen": review.rv(s)["gen"], "turn": res["turn"], "result": res})


def test_open_reviews_the_game_shown_from_its_spec():
    s = opened()
    assert panels.pn(s)["open"] == "review"
    ask = effects(s, "p_rv_plan")[0]
    source = json.loads(ask["source"])
    assert source["actions"] == ACTIONS and source["seed"] == "t1" and source["rules"] == "classic"
    assert [x["kind"] for x in source["seats"]] == ["human", "hard"]
    assert ask["cache"].endswith("|score") and ask["cache"].startswith("rv-g0-")   # the game without its moves
    html = panels_view.panel_html(s)
    assert "Preparing the review" in html and 'data-panel="review"' in html and ">Review</h2>" in html


def test_the_turns_go_one_engine_call_at_a_time_then_the_summary():
    s = answered(opened())
    asks = effects(s, "p_rv_turn")
    assert [a["turn"] for a in asks] == [0] and asks[0]["budget_ms"] == 1000 and asks[0]["ranking"] == "score"
    s = give(s, result(PLAN_TURNS[0]))
    assert [a["turn"] for a in effects(s, "p_rv_turn")] == [2]
    s = give(s, result(PLAN_TURNS[1], best="7H QUEID", best_score=40, words=["QUEID"]))
    assert [a["turn"] for a in effects(s, "p_rv_turn")] == [4] and not effects(s, "p_rv_summary")
    s = give(s, result(PLAN_TURNS[2], best="H8 FaRM", best_score=18, cut=True, words=["FARM"]))
    assert not effects(s, "p_rv_turn") and review.rv(s)["running"] is False
    summary = effects(s, "p_rv_summary")[0]
    assert [r["turn"] for r in summary["results"]] == [0, 2, 4]
    # a late answer for a turn not asked, or of an older review, changes nothing
    before = review.rv(s)
    s = give(s, result(PLAN_TURNS[0]))
    assert review.rv(s) is before
    s = go(s, {"t": "p_rv_result", "gen": before["gen"] - 1, "turn": 0, "result": result(PLAN_TURNS[0])})
    assert review.rv(s) is before


def test_stop_asks_nothing_more_and_continue_resumes_at_the_first_turn_not_done():
    s = answered(opened())
    s = go(s, {"t": "p_rv_stop"})
    assert review.rv(s)["running"] is False and not effects(s, "p_rv_turn")
    assert not effects(s, "p_rv_summary")   # nothing reviewed yet: no summary
    html = review_view.review_html(s)
    assert "Stopped: 0 of 3 turns done." in html and 'data-pact="rv_go"' in html
    s = give(s, result(PLAN_TURNS[0]))   # the turn in the worker when Stop was pressed still lands
    assert not effects(s, "p_rv_turn") and effects(s, "p_rv_summary")
    s = go(s, {"t": "p_rv_go"})
    assert [a["turn"] for a in effects(s, "p_rv_turn")] == [2] and review.rv(s)["running"]
    s = go(s, {"t": "p_rv_stop"})
    # the runner found the review stopped before asking the engine: it says so, nothing is lost
    s = go(s, {"t": "p_rv_result", "gen": review.rv(s)["gen"], "turn": 2, "result": None})
    assert review.rv(s)["asked"] is None and len(review.rv(s)["results"]) == 1
    s = go(s, {"t": "p_rv_go"})
    assert [a["turn"] for a in effects(s, "p_rv_turn")] == [2]


def test_kept_results_come_back_only_for_the_same_turns():
    kept = [result(PLAN_TURNS[0]), result(PLAN_TURNS[1])]
    changed = dict(result(PLAN_TURNS[1]))
    changed["played"] = "5J QUID"     # an undo and another move: not that turn's result any more
    s = answered(opened(), cached=[kept[0], changed, result(PLAN_TURNS[2], ranking="equity")])
    assert [r["turn"] for r in review.rv(s)["results"]] == [0]
    assert [a["turn"] for a in effects(s, "p_rv_turn")] == [2]
    s = answered(opened(), cached=kept + [result(PLAN_TURNS[2])])
    assert not effects(s, "p_rv_turn") and effects(s, "p_rv_summary")   # all there: the summary at once


def test_ranking_switch_is_a_review_of_its_own_and_named():
    s = give(answered(opened()), result(PLAN_TURNS[0]))
    assert 'data-ranking="score"' in review_view.review_html(s) and "Judged by score" in review_view.review_html(s)
    gen = review.rv(s)["gen"]
    s = go(s, {"t": "p_rv_rank", "what": "equity"})
    r = review.rv(s)
    assert r["ranking"] == "equity" and r["gen"] == gen + 1 and r["results"] == []
    ask = effects(s, "p_rv_plan")[0]
    assert ask["cache"].endswith("|equity")
    html = review_view.review_html(s)
    assert "Judged by equity (leave-aware)" in html and 'id="pn-rv-rank-equity" aria-pressed="true"' in html
    assert review.rv(go(s, {"t": "p_rv_rank", "what": "bogus"}))["ranking"] == "equity"


def test_turn_lines_show_rack_play_best_difference_marks_and_a_cut_search():
    s = answered(opened())
    s = give(s, result(PLAN_TURNS[0]))
    s = give(s, result(PLAN_TURNS[1], best="7H QUEID", best_score=90, marks=["big_play"], words=["QUEID"]))
    html = review_view.review_html(s)
    assert "DEIOQRV" in html and "Played <b>8D VOIDER</b> 28" in html and "\u2713 the best play" in html
    assert "Best <b>7H QUEID</b> 90" in html and "\u221265" in html and "missed bingo" in html
    assert 'data-turn="2" data-found="0"' in html and 'data-missed="65"' in html
    assert 'data-turn="4" data-pending="1"' in html and "reviewing\u2026" in html
    assert '<progress id="pn-rv-progress" max="3" value="2"' in html and 'data-pact="rv_stop"' in html
    s = give(s, result(PLAN_TURNS[2], best="H8 FaRM", best_score=18, cut=True))
    html = review_view.review_html(s)
    assert "Played <b>pass</b> 0" in html and "best found in 1 s" in html and "All 3 turns reviewed." in html
    assert 'data-pact="rv_stop"' not in html and 'data-pact="rv_go"' not in html


def test_summary_html_per_player_and_words_missed_longest_first():
    s = answered(opened(), cached=[result(r) for r in PLAN_TURNS])
    data = {"ranking": "score", "turns": 3, "found": 1, "cut": 1, "ms": 1000,
            "players": [{"seat": 0, "name": "<b>You", "turns": 3, "found": 1, "found_share": 0.333, "missed": 83,
                         "score": 53, "best_score": 136}],
            "words_missed": [{"word": "QUEID", "score": 90, "move": "7H QUEID", "turn": 2, "player": 0},
                             {"word": "FARM", "score": 18, "move": "H8 FaRM", "turn": 4, "player": 0}]}
    s = go(s, {"t": "p_rv_summary", "gen": review.rv(s)["gen"], "data": data})
    html = review_view.review_html(s)
    assert 'data-missed="83"' in html and "1 (33%)" in html and "53 / 136" in html and "&lt;b&gt;You" in html
    assert html.index('data-word="QUEID"') < html.index('data-word="FARM"') and "Words you missed" in html
    assert "On 1 of 3 turns the search stopped" in html
    s = go(s, {"t": "p_rv_summary", "gen": review.rv(s)["gen"] - 1, "data": {}})
    assert review.rv(s)["summary"] == data


def test_a_game_in_progress_says_the_turn_to_come_is_not_reviewed():
    s = opened(over_state(actions=ACTIONS[:3], phase="play"))
    s = answered(s, turns=PLAN_TURNS[:2], pending="The turn to come is not reviewed: that would be a hint.")
    html = review_view.review_html(s)
    assert "The turn to come is not reviewed" in html and 'data-pending="1"' in html
    s = answered(opened(over_state(actions=[], phase="play")), turns=[], pending="The turn to come is not reviewed.")
    assert "No turns to review yet." in review_view.review_html(s) and not effects(s, "p_rv_turn")


def test_engine_error_is_shown_and_stops():
    s = opened()
    s = go(s, {"t": "p_rv_plan", "gen": review.rv(s)["gen"], "plan": {"error": "the game is not readable"}})
    assert "the game is not readable" in review_view.review_html(s) and not review.rv(s)["running"]
    s = answered(opened())
    s = give(s, {"turn": 0, "error": "The engine failed: boom"})
    assert "Turn 1: The engine failed: boom" in review_view.review_html(s) and not effects(s, "p_rv_turn")


def test_a_turn_clicked_asks_for_its_board_and_draws_the_best_play_as_a_ghost():
    s = give(answered(opened()), result(PLAN_TURNS[0], best="H8 FaRM", best_score=40))
    s = go(s, {"t": "p_rv_sel", "n": 0})
    ask = effects(s, "p_rv_board")[0]
    assert ask["k"] == 0 and ask["play"] is True and ask["turn"] == 0
    assert "Drawing the board" in review_view.review_html(s)
    board = {"turn": 0, "size": 15, "tiles": [fx.tile("G8", "A")], "played": [{"sq": "D8", "letter": "V"}]}
    s = go(s, {"t": "p_rv_board", "gen": review.rv(s)["gen"], "turn": 0, "board": board})
    html = review_view.review_html(s)
    assert html.count("<span data-sq=") == 225
    assert '<span data-sq="G8" class="t">A</span>' in html and '<span data-sq="D8" class="rv-p">V</span>' in html
    assert '<span data-sq="H8" class="rv-g">F</span>' in html and '<span data-sq="H9" class="rv-g">R</span>' in html
    assert "Every play searched (12 ms)." in html and 'aria-expanded="true"' in html
    s = go(s, {"t": "p_rv_sel", "n": 0})
    assert review.rv(s)["sel"] == -1 and "data-sq" not in review_view.review_html(s)
    s = go(s, {"t": "p_rv_sel", "n": 2})      # not reviewed yet: no board asked
    assert not effects(s, "p_rv_board") and "Not reviewed yet." in review_view.review_html(s)


def test_a_square_under_both_plays_shows_the_play_made_and_the_best_letter_in_its_corner():
    res = result(PLAN_TURNS[0], best="H8 FaRM", best_score=40)
    board = {"turn": 0, "size": 21, "tiles": [], "played": [{"sq": "H8", "letter": "X"}, {"sq": "H9", "letter": "R"}]}
    html = review_view.board_html(board, res)
    assert html.count("<span data-sq=") == 441 and "U21" in html
    assert '<span data-sq="H8" class="rv-p rv-g">X<i class="rv-gl">F</i></span>' in html
    assert '<span data-sq="H9" class="rv-p rv-g">R</span>' in html


def test_end_screen_offers_the_review_and_opens_the_panel():
    s = over_state()
    assert 'data-act="review">Review this game</button>' in view.end_html(s)
    s = go(s, {"t": "review"})
    assert panels.pn(s)["open"] == "review" and effects(s, "p_rv_plan")
    gen = review.rv(s)["gen"]
    s = go(s, {"t": "review"})          # already open on this game: it goes on
    assert panels.pn(s)["open"] == "review" and review.rv(s)["gen"] == gen and not effects(s, "p_rv_plan")


def test_a_past_game_is_reviewed_from_its_replay():
    entry = {"id": "g4-1", "date": 1763900000000, "rules": "iii", "seed": "7",
             "seats": [{"name": "Ann", "kind": "human"}, {"name": "C", "kind": "hard"}],
             "actions": ["11F OPPOSES", "-", "-", "-"], "summary": {"preset": "iii", "names": ["Ann", "C"],
                                                                    "scores": [78, 0], "winner": [0], "ppt": []}}
    s = go(fx.new(), {"t": "p_open", "panel": "past"}, {"t": "p_data", "what": "past", "data": {"games": [entry]}})
    s = go(s, {"t": "p_replay", "id": "g4-1"}, {"t": "p_data", "what": "replay", "data": dict(fx.snap(), at=0, total=4)})
    assert 'data-pact="rv_past" data-id="g4-1"' in panels_view.panel_html(s)
    s = go(s, {"t": "p_rv_past", "id": "g4-1"})
    assert panels.pn(s)["open"] == "review" and panels.pn(s)["replay"] is not None   # the engine keeps that game
    source = json.loads(effects(s, "p_rv_plan")[0]["source"])
    assert source["rules"] == "iii" and source["actions"] == entry["actions"]
    assert "Reviewing the game of 2025-11-23 12:13." in review_view.review_html(s)  # no plan yet
    s = go(s, {"t": "p_close"})       # closing it: the game in progress comes back in the engine
    assert effects(s, "open") and panels.pn(s)["replay"] is None


def test_another_game_shown_stops_a_running_review_at_the_next_turn():
    s = answered(opened())
    s = go(s, {"t": "snapshot", "snap": fx.snap(seed="other", actions=[])})
    s = give(s, result(PLAN_TURNS[0]))
    assert not review.rv(s)["running"] and not effects(s, "p_rv_turn")


def test_size_of_rules_and_move_words():
    assert review.size_of_rules("classic") == 15 and review.size_of_rules("iii") == 21
    assert review.size_of_rules("o") == 15 and review.size_of_rules("ii,board=classic15") == 15
    assert review_view.move_words("-") == "pass" and review_view.move_words("-AEI") == "exchange AEI"
    assert review_view.move_words("8D ZAP", "phony") == "8D ZAP (came off)"
    assert review_view.num(2.5) == "2.5" and review_view.num(3.0) == "3" and review_view.num(7) == "7"


# ----------------------------------------------------------------- the runner


def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration:
        pass


class Engine:
    def __init__(self, answers):
        self.calls, self.answers = [], answers

    def __getattr__(self, name):
        async def call(*args):
            self.calls.append((name,) + args)
            answer = self.answers[name]
            return json.dumps(answer(*args) if callable(answer) else answer)
        return call


class Window:
    def __init__(self, stored=None):
        self.items = dict(stored or {})

    def wlcGet(self, key):
        return self.items.get(key)

    def wlcSet(self, key, value):
        self.items[key] = value
        return ""

    def wlcDel(self, key):
        self.items.pop(key, None)
        return ""


class Page:
    """dispatch and get_state over one state, as ui/main.py does."""

    def __init__(self, s):
        self.s, self.events = s, []

    def dispatch(self, ev):
        self.events.append(ev)
        self.s = handlers.step(self.s, ev)

    def get(self):
        return self.s


def test_runner_plans_reviews_keeps_results_and_resumes_after_a_reload():
    page = Page(opened())
    rows = {r["turn"]: r for r in PLAN_TURNS}
    eng = Engine({"review_plan": plan(), "review_turn": lambda turn, ms, ranking: result(rows[turn]),
                  "review_summary": {"ranking": "score", "players": [], "turns": 3, "found": 3, "cut": 0, "ms": 36,
                                     "words_missed": []}})
    win = Window()
    while page.s["fx"]:
        f, page.s["fx"] = page.s["fx"][0], page.s["fx"][1:]
        if f["do"].startswith("p_rv_"):
            run(panels_run.run(f, eng, win, page.dispatch, page.get))
    names = [c[0] for c in eng.calls]
    assert names == ["review_plan", "review_turn", "review_turn", "review_turn", "review_summary"]
    assert eng.calls[1] == ("review_turn", 0, 1000, "score")
    kept = json.loads(win.items[review.KEY])
    assert kept["key"].endswith("|score") and [r["turn"] for r in kept["results"]] == [0, 2, 4]
    assert review.rv(page.s)["summary"]["found"] == 3
    # a reload: the page starts afresh, the review comes back without asking the engine again
    page = Page(opened())
    eng.calls = []
    run(panels_run.run(effects(page.s, "p_rv_plan")[0], eng, win, page.dispatch, page.get))
    assert [r["turn"] for r in review.rv(page.s)["results"]] == [0, 2, 4] and effects(page.s, "p_rv_summary")
    assert [c[0] for c in eng.calls] == ["review_plan"]


def test_runner_skips_a_turn_once_stopped_and_draws_a_board_from_two_snapshots():
    page = Page(answered(opened()))
    ask = effects(page.s, "p_rv_turn")[0]
    page.dispatch({"t": "p_rv_stop"})
    eng = Engine({"at": lambda k: dict(fx.snap(tiles=[fx.tile("H8", "A")] * k, events=[]), at=k, total=6)})
    run(panels_run.run(ask, eng, Window(), page.dispatch, page.get))
    assert eng.calls == [] and page.events[-1]["result"] is None
    after = dict(fx.snap(tiles=[fx.tile("D8", "V"), fx.tile("E8", "O")]), at=1, total=6,
                 events=[{"player": 0, "kind": "play", "squares": ["D8", "E8"]}])
    eng = Engine({"at": lambda k: after if k == 1 else dict(fx.snap(), at=0, total=6)})
    run(panels_run.run({"do": "p_rv_board", "k": 0, "play": True, "turn": 0, "gen": review.rv(page.s)["gen"]},
                   eng, Window(), page.dispatch, page.get))
    ev = page.events[-1]
    assert [c[:2] for c in eng.calls] == [("at", 0), ("at", 1)]
    assert ev["board"]["played"] == [{"sq": "D8", "letter": "V"}, {"sq": "E8", "letter": "O"}]


def test_kept_text_is_bounded_and_read_only_for_its_key():
    text = review.dump_kept("k|score", [{"turn": 0}])
    assert review.read_kept(text, "k|score") == [{"turn": 0}]
    assert review.read_kept(text, "other|score") == [] and review.read_kept("{oops", "k|score") == []
    assert review.read_kept(text, "") == [] and review.dump_kept("k", [{"x": "y" * review.STORE_MAX}]) == ""


def test_mid_game_in_hot_seat_the_review_shows_only_the_player_at_the_screen():
    """Issue 36: a review opened while the game goes on never tells another seat's rack."""
    s = over_state(kinds=("human", "human"), actions=ACTIONS[:3], phase="play")
    s = go(s, {"t": "snapshot", "snap": fx.snap(kinds=("human", "human"), actions=list(ACTIONS[:3]), to_move=1)})
    s = opened(s)
    assert json.loads(effects(s, "p_rv_plan")[0]["seats"]) == [1]       # the seat to move, whose rack is shown
    html = panels_view.panel_html(answered(s, turns=[dict(PLAN_TURNS[0], player=1)]))
    assert "rv-seats" not in html and 'class="pn-note rv-secret"' in html   # no buttons for the others, and why
    assert review.on_seat(s, {"t": "p_rv_seat", "n": 0}) is s           # and none to press


def test_mid_game_by_link_the_review_shows_only_this_devices_seat_then_every_seat_after_the_end():
    s = over_state(kinds=("human", "human"), actions=ACTIONS[:3], phase="play")
    s["bylink"] = {"id": "g0-x", "me": 0}
    s = go(s, {"t": "snapshot", "snap": fx.snap(kinds=("human", "human"), actions=list(ACTIONS[:3]), to_move=1)})
    s = opened(s)
    assert json.loads(effects(s, "p_rv_plan")[0]["seats"]) == [0]       # Pat's own seat, not the one to move
    done = fx.snap(kinds=("human", "human"), actions=list(ACTIONS), to_move=0, phase="over", winner=[0])
    s = go(s, {"t": "snapshot", "snap": done})                      # the panel open as the game ends
    asks = effects(s, "p_rv_plan")
    assert asks and asks[-1]["seats"] == "" and review.rv(s)["only"] is None   # over: every person's turns
    html = panels_view.panel_html(answered(s))
    assert "rv-seats" in html and "rv-secret" not in html


def test_in_hot_seat_an_open_review_follows_the_player_at_the_screen():
    s = over_state(kinds=("human", "human"), actions=ACTIONS[:3], phase="play")
    s = go(s, {"t": "snapshot", "snap": fx.snap(kinds=("human", "human"), actions=list(ACTIONS[:3]), to_move=1)})
    s = answered(opened(s), turns=[dict(PLAN_TURNS[0], player=1)])
    nxt = fx.snap(kinds=("human", "human"), actions=list(ACTIONS[:4]), to_move=0)
    s = go(s, {"t": "snapshot", "snap": nxt})                       # Bob played: Ann at the screen
    assert review.rv(s)["only"] == [0] and json.loads(effects(s, "p_rv_plan")[-1]["seats"]) == [0]
    assert review.rv(s)["plan"] is None                             # Bob's turns are gone from the panel


def test_a_shared_game_still_played_opened_read_only_is_not_reviewed_until_it_ends():
    from ui.review import actions as rv_actions
    live = fx.snap(readonly=True, phase="play")
    s = fx.new(live)
    s["spec"] = {"rules": "classic", "seed": "x", "seats": [{"name": "Ann"}, {"name": "Bob"}], "actions": ["8D ZEBRAS"]}
    assert rv_actions.secret_seats(s) == []
    s = rv_actions.open_live(s)
    assert s["rv"]["error"] == rv_actions.STILL_PLAYED and not s["rv"]["running"]
    assert not any(f.get("do") == "p_rv_plan" for f in s["fx"])   # the engine is never asked
    s["snap"] = dict(s["snap"], phase="over")
    assert rv_actions.secret_seats(s) is None          # over: every seat
