"""ui/store.py and ui/newgame/dialog.py: saved games read back safely; the dialog's spec."""

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
