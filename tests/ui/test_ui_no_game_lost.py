"""No game is ever lost: New game or Import in the middle of a game keeps it in Past
games as unfinished (resumable, left out of the totals); a second tab on the same
game is shown the game as it stands instead of writing over it."""

import json

import ui_fixtures as fx
from ui_fixtures import new
from ui import state, store
from ui.newgame import dialog as newgame
from ui.panels import actions as panels
from ui.panels import view as panels_view
from ui.store import past as pastgames  # (past games are the store's)
from ui.links import share
from ui.links import tabs
from ui.boot import handlers


def mid_game():
    s = new(fx.snap(actions=["8D ZEBRAS"], turns=[]))
    s["link"] = None
    return s


def test_new_game_in_the_middle_keeps_the_game_first():
    s = mid_game()
    spec = dict(s["spec"])
    s = handlers.step(s, {"t": "new_game", "spec": {"rules": "iii", "seed": "9", "seats": [], "actions": []}})
    dos = [f["do"] for f in s["fx"]]
    assert dos.index("p_store") < dos.index("open")          # kept before the new game opens
    assert [f for f in s["fx"] if f["do"] == "p_store"][0]["spec"] == spec


def test_nothing_to_keep_for_an_empty_finished_or_link_game():
    for s in (new(fx.snap()), new(fx.snap(actions=["-"], phase="over"))):
        s["link"] = None
        s = handlers.step(s, {"t": "new_game", "spec": {"rules": "classic", "seed": "2", "seats": [], "actions": []}})
        assert not [f for f in s["fx"] if f["do"] == "p_store"]
    s = mid_game()
    s["link"] = {"status": "open", "own": False}              # a friend's link: not this device's game
    s = handlers.step(s, {"t": "new_game", "spec": {"rules": "classic", "seed": "2", "seats": [], "actions": []}})
    dos = [f["do"] for f in s["fx"]]
    assert "p_store" not in dos                               # the link's game is not kept as yours
    assert dos.index("p_keep_saved") < dos.index("open")      # your own saved game is, before it is replaced


def test_an_unfinished_past_game_is_marked_resumable_and_left_out_of_the_totals():
    sm = {"preset": "classic", "names": ["You", "Computer"], "kinds": ["human", "hard"], "scores": [40, 10],
          "winner": [], "ppt": [40.0, 10.0], "best": None, "hints": 0, "turns": 1, "over": False}
    spec = {"rules": "classic", "seed": "t1", "seats": fx.snap()["seats"], "actions": ["8D ZEBRAS"]}
    entry = pastgames.record(spec, sm, "2026-11-25T00:00:00Z")
    assert pastgames.unfinished(entry)
    assert pastgames.by_preset([entry]) == []
    s = mid_game()
    s = panels.on_data(panels.on_open(s, {"panel": "past"}), {"what": "past", "data": {"games": [entry]}})
    html = panels_view.past_html(s)
    assert "unfinished" in html and 'data-pact="resume"' in html
    s["busy"] = ""
    s = panels.on_resume(s, {"id": entry["id"]})
    opened = [f for f in s["fx"] if f["do"] == "open"]
    assert opened and opened[0]["spec"]["actions"] == ["8D ZEBRAS"]
    assert [f for f in s["fx"] if f["do"] == "p_past_save"][0]["games"] == []


def test_the_new_game_dialog_says_the_game_in_progress_is_kept():
    assert newgame.KEPT_NOTE in newgame.dialog_html("classic", None, True)
    assert newgame.KEPT_NOTE not in newgame.dialog_html("classic", None, False)


def saved_text(s):
    return store.dump(s)


def test_a_second_tab_is_shown_the_game_as_it_stands():
    mine = mid_game()
    other = new(fx.snap(actions=["8D ZEBRAS", "-"], to_move=0))
    text = saved_text(other)
    assert tabs.changed_elsewhere(saved_text(mine), text)
    assert not tabs.changed_elsewhere(text, text) and not tabs.changed_elsewhere(None, text)
    assert tabs.changed_elsewhere("", text)          # nothing was stored when this tab began
    assert not tabs.same_spec(text, mine["spec"]) and tabs.same_spec(text, other["spec"])
    s = tabs.on_elsewhere(mine, {"text": text})
    assert s["spec"]["actions"] == ["8D ZEBRAS", "-"] and s["notice"] == tabs.MOVED_ON
    assert [f for f in s["fx"] if f["do"] == "open"][0]["spec"] == s["spec"]


def test_an_engine_answer_for_the_game_another_tab_replaced_is_dropped():
    """Asked before the other tab's game came (a move, the computer, opening the game
    one write earlier): shown and saved, it would write the old game over the new."""
    mine = mid_game()
    asked = mine["shown"]
    stale = fx.snap(actions=["8D ZEBRAS", "7G HIVE"], to_move=0, scores=[10, 29])
    other = new(fx.snap(actions=["8D ZEBRAS", "-"], to_move=0))
    s = tabs.on_elsewhere(mine, {"text": saved_text(other)})
    assert [f for f in s["fx"] if f["do"] == "open"]
    dropped = handlers.step(s, {"t": "snapshot", "snap": stale, "shown": asked, "keep": True})
    assert dropped["spec"]["actions"] == ["8D ZEBRAS", "-"] and dropped["busy"] == "open"
    assert not [f for f in dropped["fx"] if f["do"] == "save"]
    fresh = fx.snap(actions=["8D ZEBRAS", "-"], to_move=0)
    taken = handlers.step(s, {"t": "snapshot", "snap": fresh, "shown": s["shown"], "keep": True})
    assert taken["busy"] == "" and [f for f in taken["fx"] if f["do"] == "save"]
    # events not from the engine carry no stamp and always count
    assert handlers.step(s, {"t": "notice", "msg": "hello"})["notice"] == "hello"


def test_the_computer_moves_once_the_engine_holds_the_game_from_the_other_tab():
    mine = mid_game()
    other = new(fx.snap(actions=["8D ZEBRAS"], to_move=1))
    s = tabs.on_elsewhere(mine, {"text": saved_text(other)})
    assert [f["do"] for f in s["fx"]] == ["open"] and s["busy"] == "open"
    s = handlers.step(s, {"t": "snapshot", "snap": fx.snap(actions=["8D ZEBRAS"], to_move=1),
                       "shown": s["shown"], "keep": True})
    assert "computer" in [f["do"] for f in s["fx"]] and s["busy"] == "computer"


def test_a_tab_showing_a_friends_link_is_left_alone():
    mine = mid_game()
    mine["link"] = {"status": "open", "own": False}
    assert not share.saving(mine)
    other = new(fx.snap(actions=["8D ZEBRAS", "-"]))
    s = tabs.on_elsewhere(mine, {"text": json.dumps(json.loads(saved_text(other)))})
    assert s["spec"]["actions"] == ["8D ZEBRAS"]


def test_a_failed_import_drops_the_copy_kept_for_it():
    s = mid_game()
    s["box"] = None
    s = share.on_imported(s, {"snap": {"error": "not a record"}})
    drops = [f for f in s["fx"] if f["do"] == "p_past_drop"]
    assert drops == [{"do": "p_past_drop", "id": pastgames.game_id(s["spec"])}]
    assert "could not be read" in s["box"]["text"]


def test_past_games_lists_the_games_scored_at_a_table():
    """The table page keeps its games under its own key; Past games shows them too
    (names escaped), pointing to the table page, which opens and continues them."""
    from ui.store import tables
    kept = tables.games(json.dumps([
        {"id": "t1", "when": "2026-11-26T21:05:00Z", "rules": "o", "names": ["Ann", "<b>Bo</b>"],
         "scores": [212, 198], "over": True, "state": {"rules": "o", "names": ["Ann", "<b>Bo</b>"], "actions": ["8H CAT"]}},
        {"id": "bad", "state": "not a state"}]))
    assert [g["id"] for g in kept] == ["t1"]
    s = mid_game()
    s = panels.on_data(panels.on_open(s, {"panel": "past"}), {"what": "past", "data": {"games": [], "tables": kept}})
    html = panels_view.past_html(s)
    assert "Games at the table" in html and "2026-11-26 21:05" in html and "212 \u2013 198" in html
    assert "&lt;b&gt;Bo&lt;/b&gt;" in html and "<b>Bo" not in html and 'href="./table.html"' in html
    s = panels.on_data(s, {"what": "past", "data": {"games": [], "tables": []}})
    assert "Games at the table" not in panels_view.past_html(s)


def test_importing_a_table_record_offers_the_table_page_and_keeps_the_game():
    from ui.links import share_view
    s = mid_game()
    s["box"] = None
    spec = dict(s["spec"])
    link = "g4.abc_DEF-1"
    s = share.on_imported(s, {"snap": {"import": {"kind": "table", "link": link, "names": ["Ann", "Bo<b>"]}}})
    assert s["spec"] == spec                                   # the game shown goes on
    assert [f for f in s["fx"] if f["do"] == "p_past_drop"]    # and the copy kept for the import goes
    html = share_view.box_html(s)
    assert 'href="./table.html#' + link + '"' in html and "scored at a table" in html
    assert "Bo&lt;b&gt;" in html
