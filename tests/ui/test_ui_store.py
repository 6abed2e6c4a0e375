"""ui/store (every stored format, read back safely: old saved texts too) and ui/newgame/dialog.py: the dialog's spec."""

import json

import ui_fixtures as fx
from ui import state, store
from ui.newgame import dialog as newgame
from ui.newgame import rules_text


def saved_text():
    s = state.initial(fx.layout(), {"rules": "classic"}, fx.snap(), "ready")
    return store.dump(s)


def test_round_trip():
    data, problem = store.load(saved_text())
    assert problem == "" and data["snap"]["racks"][0] == "AEINRST"


def test_nothing_stored():
    assert store.load(None) == (None, "")


def test_corrupt_or_old_saves_are_refused_with_a_reason():
    good = json.loads(saved_text())
    cases = ["{not json", "[]", json.dumps(dict(good, v=0))]
    broken = json.loads(saved_text())
    broken["snap"]["racks"] = ["ABC"]
    cases.append(json.dumps(broken))
    broken = json.loads(saved_text())
    broken["layout"]["premiums"] = broken["layout"]["premiums"][:3]
    cases.append(json.dumps(broken))
    for text in cases:
        data, problem = store.load(text)
        assert data is None and problem, text


def test_pick_first_game():
    assert store.pick_first_game([], 0.5) is None
    assert store.pick_first_game(["a", "b"], 0.99) == "b"


def test_new_game_spec_from_fields():
    fields = {"preset": "iii", "seat0-name": " Ann  ", "seat0-kind": "human", "seat1-name": "Bob",
              "seat1-kind": "hard", "seat2-on": "1", "seat2-name": "", "seat2-kind": "easy",
              "seat3-name": "X", "seat3-kind": "human", "seed": ""}
    spec = newgame.spec_of(fields, "12345")
    assert spec["rules"] == "iii" and spec["seed"] == "12345" and spec["actions"] == []
    assert spec["seats"] == [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "hard"},
                             {"name": "Player 3", "kind": "easy"}]


def test_changed_knobs_go_into_the_rules_string():
    fields = {"preset": "classic", "knobs": "1", "knob-min": "3", "knob-board": "classic15", "knob-swap": "1"}
    assert newgame.rules_of(fields) == "classic,min=3,swap=1"


def test_the_clock_is_asked_in_minutes_and_kept_in_seconds():
    fields = {"preset": "o", "knobs": "1", "knob-clock": "25"}
    for short, value in rules_text.preset_values("o").items():  # what the form holds for O
        if value == "1":
            fields["knob-" + short] = "1"
    assert newgame.rules_of(fields) == "o,clock=1500"
    fields["knob-clock"] = "1.5"
    assert newgame.rules_of(fields) == "o,clock=90"
    for empty in ("", "0", " "):
        fields["knob-clock"] = empty
        assert newgame.rules_of(fields) == "o"
    for bad in ("abc", "-1", "181"):
        fields["knob-clock"] = bad
        try:
            newgame.rules_of(fields)
        except ValueError as exc:
            assert "minutes from 0 to 180" in str(exc) and repr(bad) in str(exc)
        else:
            assert False, bad
        assert 'class="pv-bad"' in newgame.fields_summary_html(fields)
    assert newgame.minutes_text("1500") == "25" and newgame.minutes_text("90") == "1.5"
    assert newgame.minutes_text("0") == "0"
    html = newgame.dialog_html("classic")
    assert 'id="knob-clock"' in html and 'step="any" value="0"' in html and "Minutes of thinking time" in html


def test_dialog_lists_every_preset():
    html = newgame.dialog_html("o")
    for key in ("classic", "o", "i", "ii", "iii", "richard"):
        assert 'value="' + key + '"' in html
    assert 'value="o" checked' in html and "Start the game" in html


# ----------------------------------------------------------------- what players have saved still loads
# Texts as the pages wrote them before ui/store owned every format (each key's format
# is unchanged: a reload reads what an earlier version saved).

_ROWS = ",".join(['"' + "." * 30 + '"'] * 15)
OLD_GAME = ('{"order": "NIAERST", "snap": {"seats": [{"name": "You", "kind": "human"}, {"name": "Computer", '
            '"kind": "hard"}], "racks": ["AEINRST", ""], "scores": [0, 0], "tiles": [{"sq": "H8", "letter": "A", '
            '"blank": false}], "to_move": 0, "size": 15, "phase": "play", "legal": {"place": true}, "actions": []}, '
            '"v": 1, "layout": {"size": 15, "premiums": [' + _ROWS + '], "values": {"A": 1}, "start": "H8", '
            '"rules": "classic"}, "spec": {"rules": "classic", "seed": "1", "seats": [{"name": "You", "kind": "human"}, '
            '{"name": "Computer", "kind": "hard"}], "actions": ["8H A"]}}')
OLD_PAST = ('{"v": 1, "games": [{"id": "g1-abc", "date": "2026-01-01T10:00:00.000Z", "rules": "classic", "seed": "1", '
            '"seats": [{"name": "You", "kind": "human"}], "actions": ["8H A"], "summary": {"over": true, "scores": [2]}}]}')
OLD_TABLE = ('{"v": 1, "id": "t1", "when": "2026-01-01T10:00:00.000Z", "state": {"rules": "o", "names": ["Ann", "Bob"], '
             '"actions": ["8D ZEBRAS @1000ms"]}, "clock": {"run": 1, "since": 5, "used": 0, "paused": false, '
             '"pending": [[0, 1000]]}}')
OLD_TABLES = ('[{"id": "t1", "state": {"rules": "o", "names": ["Ann", "Bob"], "actions": []}, "when": "w", '
              '"names": ["Ann", "Bob"], "scores": [0, 0], "over": false, "rules": "o"}]')
OLD_CLUB = '{"v": 1, "t": {"name": "Spring", "players": ["Ann", "Bob"]}}'
OLD_SETTINGS = '{"theme": "dark", "sound": true, "confirm": false, "motion": "system"}'


def test_old_saved_texts_still_load():
    from ui.panels import settings
    from ui.store import club, past, tables
    game, problem = store.load(OLD_GAME)
    assert problem == "" and game["spec"]["actions"] == ["8H A"] and game["order"] == "NIAERST"
    games, problem = past.parse(OLD_PAST)
    assert problem == "" and [g["id"] for g in games] == ["g1-abc"] and past.spec_of(games[0])["seed"] == "1"
    cur, problem = tables.load(OLD_TABLE)
    assert problem == "" and cur["state"]["actions"] == ["8D ZEBRAS @1000ms"] and cur["clock"]["since"] == 5
    assert [g["id"] for g in tables.games(OLD_TABLES)] == ["t1"]
    assert club.load(OLD_CLUB) == ({"name": "Spring", "players": ["Ann", "Bob"]}, "")
    assert settings.load(OLD_SETTINGS)["theme"] == "dark"


def test_what_is_written_now_is_the_old_format():
    from ui.store import club, past, tables
    game = store.load(OLD_GAME)[0]
    assert json.loads(store.dump_game(game["spec"], game["snap"], game["layout"], "NIAERST")) == json.loads(OLD_GAME)
    assert json.loads(past.dumps(past.parse(OLD_PAST)[0])) == json.loads(OLD_PAST)
    assert json.loads(tables.dump(tables.load(OLD_TABLE)[0])) == json.loads(OLD_TABLE)
    assert json.loads(tables.dump_list(tables.games(OLD_TABLES))) == json.loads(OLD_TABLES)
    assert json.loads(club.dump(club.load(OLD_CLUB)[0])) == json.loads(OLD_CLUB)


def test_one_envelope_for_every_versioned_format():
    assert json.loads(store.sealed({"a": 1})) == {"v": 1, "a": 1}
    assert store.opened(store.sealed({"a": 1})) == ({"v": 1, "a": 1}, "")
    assert store.opened("") == (None, "") and store.opened(None) == (None, "")
    assert store.opened("{x") == (None, store.UNREADABLE) and store.opened("[1]") == (None, store.UNREADABLE)
    assert store.opened('{"v": 2}') == (None, store.OTHER_VERSION)
    assert store.said(store.OTHER_VERSION, "the saved tournament") == "the saved tournament is from another version"
    assert store.load('{"v": 2}') == (None, "saved by another version")
    assert store.load("{x") == (None, "not a saved game")


def test_lists_of_games_newest_first_one_entry_a_game():
    items = [{"id": "a"}, {"id": "b"}]
    assert store.upsert(items, {"id": "b", "n": 2}, 5) == [{"id": "b", "n": 2}, {"id": "a"}]
    assert store.upsert(items, {"id": "c"}, 2) == [{"id": "c"}, {"id": "a"}]
    assert store.upsert(items, {"id": ""}, 5) == [{"id": ""}] + items   # no id: replaces nothing
    assert store.find(items, "b") == {"id": "b"} and store.find(items, "z") is None
    assert store.drop(items, "a") == [{"id": "b"}]


def test_every_key_is_the_stores():
    keys = [store.KEY, store.ASIDE_KEY, store.CLOCK_KEY, store.PAST_KEY, store.BYLINK_KEY, store.REVIEW_KEY,
            store.SETTINGS_KEY, store.CLUB_KEY, store.TABLE_KEY, store.TABLE_ASIDE_KEY, store.TABLES_KEY]
    assert len(set(keys)) == len(keys) and all(k.startswith("wlc.") for k in keys)
    from ui.store import club, past, tables
    assert (past.KEY, club.KEY, tables.KEY, tables.LIST_KEY) == (
        store.PAST_KEY, store.CLUB_KEY, store.TABLE_KEY, store.TABLES_KEY)
