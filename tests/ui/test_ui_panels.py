"""ui/panels/actions.py, ui/panels/view.py and ui/panels/page.py: the panels' handlers, effects, HTML and page side (CPython and MicroPython)."""

import json

import ui_fixtures as fx
from ui_fixtures import effects, go, new
from ui import state
from ui.panels import actions as panels
from ui.panels import page as panels_page
from ui.panels import run as panels_run
from ui.panels import regions
from ui.panels import view as panels_view

HUMANS = ("human", "human")


def played(actions=("8G RAINS", "8D ZEBRAS"), kinds=("human", "hard"), to_move=0, **extra):
    turns = [{"player": i % 2, "kind": "play", "text": a, "score": 10, "words": [], "invalid": []}
             for i, a in enumerate(actions)]
    return fx.snap(actions=list(actions), turns=turns, kinds=kinds, to_move=to_move, **extra)


def run(coro):
    """Drive a coroutine whose awaits never suspend (the fake engine answers at once)."""
    try:
        while True:
            coro.send(None)
    except StopIteration:
        pass


class Engine:
    """engine.session's answers for the runner, recorded in ``calls``."""

    def __init__(self, snaps=None, answers=None):
        self.calls, self.snaps, self.answers = [], list(snaps or []), answers or {}

    def __getattr__(self, name):
        async def call(*args):
            self.calls.append((name,) + args)
            if name in ("undo", "act"):
                return json.dumps(self.snaps.pop(0))
            return json.dumps(self.answers.get(name, {}))
        return call


def test_the_page_lists_every_panel_event_with_the_focus_kept_and_the_game_keeps_its_handlers():
    from ui.boot import handlers
    for t in panels.HANDLERS:   # p_open asks for the focus itself
        route = handlers.ROUTES[t]
        assert route[0] is panels.HANDLERS[t] and (route[-1] is panels.keep_focus) == (t != "p_open")
    for t in state.HANDLERS:
        assert state.HANDLERS[t] in handlers.ROUTES[t]
    assert handlers.ROUTES["play"] == [panels.confirm_first, state.on_play]


def test_open_history_fetches_focuses_and_escape_path_returns_focus():
    s = go(new(), {"t": "p_open", "panel": "history"})
    assert panels.pn(s)["open"] == "history" and effects(s, "p_history")
    assert effects(s, "p_focus")[0]["id"] == "pn-title"
    s = go(s, {"t": "p_close"})
    assert panels.pn(s)["open"] == "" and effects(s, "p_focus")[0]["id"] == "pb-history"
    s = go(s, {"t": "p_open", "panel": "rules"}, {"t": "p_open", "panel": "rules"})
    assert panels.pn(s)["open"] == ""


def test_history_lines_and_breakdown_html():
    line = {"n": 0, "action": 0, "player": 0, "name": "A<b>", "kind": "play", "text": "swap J5; 8G RAINS",
            "move": "8G RAINS", "swaps": ["J5"], "picks": [], "words": ["RAINS"], "invalid": [], "score": 14,
            "total": 14, "outcome": None, "hinted": True,
            "breakdown": {"bonus": {"big_play": 0, "stretch": 5}, "tiles_played": 5, "breakdown": [
                {"word": "RAINS", "score": 9, "multiplier": 1, "letters": [
                    {"square": "G8", "value": 1, "premium": "DL", "new": True}]}]}}
    turn = {"player": 0, "kind": "play", "text": "swap J5; 8G RAINS", "score": 14, "words": ["RAINS"], "invalid": []}
    s = go(new(fx.snap(turns=[turn], scores=[14, 0])), {"t": "p_open", "panel": "history"},
           {"t": "p_data", "what": "history", "data": {"turns": [line], "scores": [14, 0], "hints": 1}})
    html = panels_view.panel_html(s)
    assert "A&lt;b&gt; played RAINS at 8G across: +14 = 14" in html and "(hint used)" in html
    assert "pn-bd" not in html
    s = go(s, {"t": "p_turn", "n": 0})
    html = panels_view.panel_html(s)
    assert 'data-word="RAINS" data-score="9"' in html and "G8 R 1 DL" in html
    assert "stretch bonus +5" in html and "big play" not in html and "J5" in html
    assert 'aria-expanded="true"' in html
    assert "pn-bd" not in panels_view.panel_html(go(s, {"t": "p_turn", "n": 0}))
    line["squares"] = ["G8", "H8", "bad}"]
    s = go(s, {"t": "p_hl", "n": 0})
    assert regions.highlight_css(s).startswith("#sq-G8, #sq-H8 {") and "bad" not in regions.highlight_css(s)
    assert regions.highlight_css(go(s, {"t": "p_hl", "n": -1})) == ""


def test_copy_asks_for_the_export_and_shows_a_textarea():
    s = go(new(), {"t": "p_open", "panel": "history"}, {"t": "p_copy", "what": "gcg"})
    assert effects(s, "p_copy") == [{"do": "p_copy", "what": "gcg", "viewer": 0}]   # during a game: your view only
    s = go(s, {"t": "p_data", "what": "export", "data": {"what": "gcg", "text": "#player1 <x>", "copied": False}})
    html = panels_view.panel_html(s)
    assert '<textarea id="pn-export" readonly' in html and "#player1 &lt;x&gt;" in html
    assert "Select the text" in html


def test_hint_asks_once_per_turn_and_only_on_your_turn():
    s = go(new(), {"t": "p_open", "panel": "hint"})
    asked = effects(s, "p_hint")
    assert asked and asked[0]["budget_ms"] == 1000 and asked[0]["top"] == 5
    data = {"moves": [{"move": "8G RAINS", "score": 14, "words": ["RAINS"]}], "ms": 950, "complete": False}
    s = go(s, {"t": "p_data", "what": "hint", "at": [], "data": data})
    html = panels_view.panel_html(s)
    assert "Best found in 950 ms" in html and 'aria-label="Play 8G RAINS"' in html
    s = go(s, {"t": "p_close"}, {"t": "p_open", "panel": "hint"})
    assert not effects(s, "p_hint")
    theirs = go(new(fx.snap(to_move=1)), {"t": "p_open", "panel": "hint"})
    assert not effects(theirs, "p_hint") and "for your turn" in panels_view.panel_html(theirs)


def test_hint_preview_places_rack_tiles_and_play_acts():
    s = go(new(), {"t": "p_open", "panel": "hint"}, {"t": "p_data", "what": "hint", "at": [], "data": {
        "moves": [{"move": "8G RAINS", "score": 14, "words": ["RAINS"]}], "ms": 5, "complete": True}})
    s = go(s, {"t": "p_hint_show", "i": 0})
    assert effects(s, "p_hint_preview") == [{"do": "p_hint_preview", "move": "8G RAINS"}]
    tiles = [{"sq": sq, "tile": t, "letter": t} for sq, t in zip(("G8", "H8", "I8", "J8", "K8"), "RAINS")]
    s = go(s, {"t": "p_place", "placement": {"tiles": tiles, "pre": [], "across": True, "move": "8G RAINS"}})
    assert [(p["sq"], p["tile"]) for p in s["placed"]] == [(t["sq"], t["tile"]) for t in tiles]
    assert effects(s, "preview")
    s = go(s, {"t": "p_hint_play", "i": 0})
    assert effects(s, "act") == [{"do": "act", "arg": "8G RAINS"}] and s["busy"] == "act"
    assert s["placed"] == [] and panels.pn(s)["open"] == ""


def test_hint_that_no_longer_fits_the_rack_places_nothing():
    s = go(new(), {"t": "p_place", "placement": {"tiles": [{"sq": "H8", "tile": "Q", "letter": "Q"}], "pre": []}})
    assert s["placed"] == [] and "no longer fits" in s["message"]


def test_undo_against_the_computer_goes_back_to_the_human():
    s = new(played())
    assert panels.can_undo(s)
    s = go(s, {"t": "p_undo"})
    assert effects(s, "p_undo") == [{"do": "p_undo", "to_human": True, "before": ["8G RAINS", "8D ZEBRAS"]}]
    assert not panels.can_undo(new(fx.snap(actions=["8D ZEBRAS"], turns=[
        {"player": 1, "kind": "play", "text": "8D ZEBRAS", "score": 9}], to_move=0)))


def test_hot_seat_undo_asks_first():
    s = new(played(kinds=HUMANS))
    s = go(s, {"t": "p_undo"})
    assert panels.pn(s)["confirm"] == "undo" and not effects(s, "p_undo")
    assert "last turn (8D ZEBRAS)? Player 2 must agree." in regions.confirm_html(s)
    s2 = go(s, {"t": "p_no"})
    assert panels.pn(s2)["confirm"] == "" and not effects(s2, "p_undo")
    s = go(s, {"t": "p_yes"})
    assert effects(s, "p_undo")[0]["to_human"] is False


def test_undo_runner_then_redo_until_a_new_action():
    before = ["8G RAINS", "8D ZEBRAS"]
    after_computer = dict(played(actions=before[:1], to_move=1))
    at_start = dict(fx.snap(actions=[], to_move=0))
    eng = Engine(snaps=[after_computer, at_start])
    got = []
    run(panels_run.run({"do": "p_undo", "to_human": True, "before": before}, eng, None, got.append, None))
    assert [c[0] for c in eng.calls] == ["undo", "undo"]
    assert got[0] == {"t": "p_undone", "undone": before, "before": before, "after": []}
    s = go(new(played()), *got)
    assert s["snap"]["actions"] == [] and panels.can_redo(s)
    s = go(s, {"t": "p_redo"})
    assert effects(s, "p_redo")[0]["actions"] == before
    eng = Engine(snaps=[dict(played(actions=before[:1], to_move=1)), played(actions=before)])
    got = []
    run(panels_run.run(effects(s, "p_redo")[0], eng, None, got.append, None))
    assert [c[:2] for c in eng.calls] == [("act", "8G RAINS"), ("act", "8D ZEBRAS")]
    s = go(s, *got)
    assert s["snap"]["actions"] == before and not panels.can_redo(s)
    s = go(new(played()), *[{"t": "p_undone", "undone": before[1:], "before": before, "after": before[:1]}])
    s = go(s, {"t": "snapshot", "snap": played(actions=["8G RAINS", "-"])})
    assert not panels.can_redo(s)  # a new action: the undone ones are gone


def test_split_logged_reads_elapsed_times():
    assert panels.split_logged("8G RAINS @12500ms") == ("8G RAINS", 12500)
    assert panels.split_logged("-") == ("-", -1)


def test_confirm_before_play_asks_then_plays():
    s = go(new(), {"t": "p_setting", "name": "confirm", "value": True})
    assert effects(s, "p_settings_save")[0]["settings"]["confirm"] is True
    s = go(s, {"t": "tap_square", "sq": "H8"}, {"t": "key", "key": "A"})
    s = go(s, {"t": "play"})
    assert panels.pn(s)["confirm"] == "play" and not effects(s, "play")
    s = go(s, {"t": "p_yes"})
    assert effects(s, "play") and s["busy"] == "play"


def test_sound_only_when_turned_on():
    s = go(new(), {"t": "tap_square", "sq": "H8"}, {"t": "key", "key": "A"})
    assert not effects(s, "p_click")
    s = go(new(), {"t": "p_setting", "name": "sound", "value": True}, {"t": "tap_square", "sq": "H8"},
           {"t": "key", "key": "A"})
    assert effects(s, "p_click")


def test_game_end_stores_the_game_once():
    s = new(played())
    over = played(phase="over", winner=[0])
    s = go(s, {"t": "snapshot", "snap": over})
    assert len(effects(s, "p_store")) == 1
    s = go(s, {"t": "snapshot", "snap": over})
    assert not effects(s, "p_store")


def test_end_of_game_says_the_hints_used():
    over = played(phase="over", winner=[0])
    s = go(new(played()), {"t": "snapshot", "snap": over})
    assert regions.summary_text(s) == ""
    sm = {"seed": "t1", "actions": 2, "names": ["You", "Player 2"], "hints": 2, "hints_by_seat": [2, 0]}
    s = go(s, {"t": "p_data", "what": "summary", "data": sm})
    assert regions.summary_text(s) == "Hints used in this game: 2 (You 2)."
    s = go(s, {"t": "snapshot", "snap": played(actions=["8G RAINS"])})
    assert regions.summary_text(s) == ""


def test_open_panel_refreshes_on_each_snapshot():
    s = go(new(), {"t": "p_open", "panel": "tiles"})
    assert effects(s, "p_unseen")[0]["seat"] == 0
    s = go(s, {"t": "snapshot", "snap": played()})
    assert effects(s, "p_unseen")


def test_tiles_html_exact_and_scoop():
    exact = {"tiles": {"A": 9, "?": 2}, "total": 11, "bag": 4, "on_racks": 7, "exact": True, "vowels": 9,
             "consonants": 0, "blanks": 2, "revealed": [{"seat": 1, "name": "Bo<", "rack": "AB"}], "note": ""}
    s = go(new(), {"t": "p_open", "panel": "tiles"}, {"t": "p_data", "what": "unseen", "data": exact})
    html = panels_view.panel_html(s)
    assert 'data-letter="A" data-count="9"' in html and 'aria-label="blank: 2"' in html
    assert "Bo&lt;: AB" in html and "Not known" not in html
    scoop = dict(exact, exact=False, at_least={"A": 1, "?": 0}, set_size=298, in_play=100, revealed=None,
                 note="100 of 298")
    html = panels_view.panel_html(go(s, {"t": "p_data", "what": "unseen", "data": scoop}))
    assert "Not known: which 100 of the 298 tiles" in html and "at most 9, at least 1" in html


def test_rules_panel_names_the_changed_knobs():
    s = go(new(fx.snap(rules="classic,min=3")), {"t": "p_open", "panel": "rules"})
    html = panels_view.panel_html(s)
    assert "Changed from the preset" in html and "<dt>Board</dt>" in html


def test_past_games_list_replay_and_delete():
    entry = {"id": "g2-1", "date": 1763900000000, "rules": "classic", "seed": "1",
             "seats": [{"name": "<i>You", "kind": "human"}, {"name": "C", "kind": "hard"}],
             "actions": ["8G RAINS", "-"], "summary": {"preset": "classic", "names": ["<i>You", "C"],
                                                       "kinds": ["human", "hard"], "scores": [14, 0],
                                                       "winner": [0], "ppt": [14.0, 0.0], "best": None}}
    s = go(new(), {"t": "p_open", "panel": "past"})
    assert effects(s, "p_past")
    s = go(s, {"t": "p_data", "what": "past", "data": {"games": [entry], "msg": ""}})
    html = panels_view.panel_html(s)
    assert "2025-11-23 12:13" in html and "&lt;i&gt;You" in html and "<i>" not in html
    assert '<td data-hints="0">0' in html
    s = go(s, {"t": "p_replay", "id": "g2-1"})
    assert effects(s, "p_replay_open")[0]["spec"]["actions"] == ["8G RAINS", "-"] and s["busy"] == "replay"
    at0 = dict(fx.snap(), at=0, total=2)
    s = go(s, {"t": "p_data", "what": "replay", "data": at0}, {"t": "p_step", "to": "forward"})
    assert effects(s, "p_at") == [{"do": "p_at", "k": 1}]
    s = go(s, {"t": "p_step", "to": "last"})
    assert effects(s, "p_at") == [{"do": "p_at", "k": 2}]
    assert "Move 0 of 2" in panels_view.panel_html(s)
    s = go(s, {"t": "p_close"})
    assert effects(s, "open")[0]["spec"] == s["spec"] and panels.pn(s)["replay"] is None
    s = go(s, {"t": "p_delete", "id": "g2-1"})
    assert panels.pn(s)["past"] == [] and effects(s, "p_past_save")[0]["games"] == []


def test_full_storage_on_store_becomes_the_notice():
    s = go(new(), {"t": "p_data", "what": "past", "data": {"games": [], "msg": "full!", "notice": True}})
    assert s["notice"] == "full!"


def test_date_text():
    assert panels_view.date_text(0) == "1970-01-01 00:00"
    assert panels_view.date_text(951782400000) == "2000-02-29 00:00"
    assert panels_view.date_text("2026-11-23T08:30:15.123Z") == "2026-11-23 08:30"


def test_nodes_theme_and_tools():
    s = go(new(), {"t": "p_setting", "name": "theme", "value": "dark"})
    nodes = regions.add_nodes({"body": {"data-engine": "ready"}}, s)
    assert nodes["body"] == {"data-engine": "ready", "data-motion": None, "data-sound": None}
    assert nodes["html"] == {"data-theme": "dark"}   # the one theme switch is on <html>
    s["embed_theme"] = "light"   # an embed's theme option wins while embedded
    assert regions.add_nodes({}, s)["html"] == {"data-theme": "light"}
    s["embed_theme"] = "auto"
    assert regions.add_nodes({}, s)["html"] == {"data-theme": None}
    assert nodes["panel"]["hidden"] == "" and nodes["pb-undo"]["disabled"] == ""
    assert nodes["pb-history"]["aria-expanded"] == "false"


def test_settings_panel_fields():
    s = go(new(), {"t": "p_open", "panel": "settings"})
    html = panels_view.panel_html(s)
    assert 'id="set-theme-system" value="system" checked' in html and "> Dark</label>" in html
    assert 'id="set-sound">' in html and 'id="set-confirm">' in html
    s = go(s, {"t": "p_setting", "name": "sound", "value": True})
    assert 'id="set-sound" checked' in panels_view.panel_html(s)
    assert effects(s, "p_refocus")  # the redrawn panel gives the focus back


class Doc:
    """document's shape for the focus keeper."""

    def __init__(self, ids, active="BODY"):
        self.ids, self.focused = ids, None
        self.activeElement = El(self, "", active)

    def getElementById(self, i):
        return self.ids.get(i)


class El:
    def __init__(self, doc, id_, tag="BUTTON", disabled=False):
        self.doc, self.id, self.tagName, self.disabled = doc, id_, tag, disabled

    def focus(self):
        self.doc.focused = self.id

    def hasAttribute(self, name):
        return name == "disabled" and self.disabled


def test_refocus_gives_focus_back_after_a_redraw():
    doc = Doc({})
    doc.ids = {"rp-last": El(doc, "rp-last", disabled=True), "pn-title": El(doc, "pn-title", "H2"),
               "pn-line-3": El(doc, "pn-line-3")}
    panels_page.focusin(type("E", (), {"target": doc.ids["pn-line-3"]})())
    panels_page._refocus(doc)
    assert doc.focused == "pn-line-3"
    panels_page.FOCUSED[0] = "rp-last"
    panels_page._refocus(doc)
    assert doc.focused == "pn-title"
    doc.focused, doc.activeElement = None, El(doc, "sq-H8", "DIV")
    panels_page._refocus(doc)
    assert doc.focused is None  # focus elsewhere on the page stays where it is
    doc.activeElement = El(doc, "", "BODY")
    panels_page.focusin(type("E", (), {"target": El(doc, "btn-Play")})())
    panels_page._refocus(doc)
    assert doc.focused is None  # the Play button went disabled: the panel does not take the focus


def test_hints_belong_to_their_position():
    data = {"moves": [{"move": "8G RAINS", "score": 14, "words": ["RAINS"]}], "ms": 5, "complete": True}
    s = go(new(played(actions=["8D ZEBRAS", "-"])), {"t": "p_open", "panel": "hint"})
    assert effects(s, "p_hint")[0]["at"] == ["8D ZEBRAS", "-"]
    s = go(s, {"t": "p_data", "what": "hint", "at": ["8D ZEBRAS", "-"], "data": data})
    s = go(s, {"t": "snapshot", "snap": played(actions=["8D ZEBRA", "-"])})  # same length, another game
    assert panels.pn(s)["hint"] is None
    s = go(s, {"t": "p_hint_play", "i": 0})
    assert not effects(s, "act")


def test_hints_used_are_kept_in_the_stored_spec():
    s = new(played())
    assert s["spec"]["hints"] == []
    s = go(s, {"t": "p_hints", "hints": [[2, 0]]})
    assert s["spec"]["hints"] == [[2, 0]] and effects(s, "save")
    # The next snapshot from the engine carries the hints it restored.
    s = go(s, {"t": "snapshot", "snap": played(hints=[[2, 0]])})
    assert s["spec"]["hints"] == [[2, 0]]


def test_undo_never_takes_back_a_times_up():
    up = {"player": 0, "kind": "time", "text": "time's up", "score": 0}
    cal = {"player": 1, "kind": "play", "text": "8H AYE", "score": 12}
    ann = {"player": 0, "kind": "play", "text": "8D ZEBRAS", "score": 30}
    over = fx.snap(actions=["8D ZEBRAS", "-", "timeout @61000ms", "9H AYE"], timed_out=[True, False], phase="over",
                   turns=[ann, dict(cal, kind="pass"), up, cal], to_move=1)
    assert not panels.can_undo(new(over))
    s = go(new(over), {"t": "p_undo"})
    assert not effects(s, "p_undo")
    # people sharing a device: the moves of a player still in the game after it can be taken back
    three = fx.snap(kinds=("human", "human", "human"), actions=["timeout @61000ms", "8D ZEBRAS"],
                    timed_out=[True, False, False], turns=[up, dict(ann, player=1)], to_move=2)
    assert panels.can_undo(new(three))
    assert not panels.can_undo(new(dict(three, actions=["timeout @61000ms"], turns=[up], to_move=1)))
    # an overtime penalty (its player is not out) is no bar
    penalty = {"player": 0, "kind": "time", "text": "(time)", "score": -10}
    assert panels.can_undo(new(fx.snap(actions=["8D ZEBRAS"], timed_out=[False, False], phase="over",
                                       turns=[ann, penalty], to_move=1)))


def test_a_history_line_reads_as_words_and_says_each_word_once():
    s = new()
    line = {"n": 0, "kind": "play", "name": "Ann", "move": "8D ZEbRAS", "text": "8D ZEbRAS", "words": ["ZEBRAS", "ZA"],
            "score": 44, "total": 44}
    assert panels_view._line_text(s, line) == "Ann played ZEBRAS at 8D across: +44 = 44"
    down = dict(line, move="pick K11; K4 MUTATIoNAL", text="pick K11; K4 MUTATIoNAL", score=82, total=126)
    assert panels_view._line_text(s, down) == "Ann picked off tiles and played MUTATIONAL at K4 down: +82 = 126"
    assert panels_view._line_text(s, dict(line, kind="pass", move="-", text="-", score=0)) == "Ann passed: +0 = 44"
