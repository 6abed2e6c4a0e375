"""Free challenge (rules knob judge=free) in the page: New game offers it and builds the
rules string, the rules read in words, Challenge is offered, and a failed free
challenge reads as costing nothing (game page and table page)."""

import ui_fixtures as fx
from ui import view
from ui.game import judging
from ui.game.turns import turn_text
from ui.newgame import dialog as newgame
from ui.newgame import rules_text
from ui.table import view as table_view


def test_new_game_offers_free_challenge_and_builds_the_rules_string():
    judge = [k for k in rules_text.KNOBS if k[0] == "judge"][0]
    assert "free" in judge[3] and judge[3][0] == "challenge"
    html = newgame.dialog_html("classic")
    assert 'value="free"' in html and "free challenge" in html
    fields = {"preset": "classic", "knobs": "1", "knob-judge": "free"}
    assert newgame.rules_of(fields) == "classic,judge=free"
    assert rules_text.knob_value_text("judge", "free") == "Word judgment: free challenge (no penalty)"


def test_the_rules_say_a_failed_free_challenge_costs_nothing():
    words = dict(rules_text.summary("classic,judge=free"))
    judgment = [v for k, v in words.items() if k.startswith("Judg")][0]
    assert judgment.startswith("Free challenge") and "costs nothing" in judgment
    assert ("judge", "Word judgment: free challenge (no penalty)") in rules_text.changed_knobs("classic,judge=free")


def test_the_challenge_button_is_offered_under_free_challenge():
    played = [{"player": 1, "kind": "play", "text": "8D ZEBRAS", "score": 30, "words": ["ZEBRAS"]}]
    s = fx.new(fx.snap(rules="classic,judge=free", judgment="free", legal=fx.legal(challenge=True), turns=played))
    assert view.buttons(s)["Challenge"] and not view.hidden_buttons(s)["Challenge"]
    assert "no penalty" in view.judgment_html(s)
    double = fx.new(fx.snap(judgment="challenge", legal=fx.legal(challenge=True), turns=played))
    assert not view.hidden_buttons(double)["Challenge"] and "lose your next turn" in view.judgment_html(double)
    good = fx.new(fx.snap(rules="o", judgment="good"))
    assert view.hidden_buttons(good)["Challenge"]


def test_a_failed_free_challenge_reads_as_no_penalty():
    snap = fx.snap(judgment="free")
    line = {"player": 0, "kind": "free", "text": "free challenge", "score": 0}
    assert "no penalty" in turn_text(snap, line)
    s = fx.new(snap)
    said = dict(snap, events=[line], message="Challenge failed: ZEBRAS is good; no penalty in a free challenge.")
    assert judging.outcome(s, said, "", lambda s, seat: True) == said["message"]
    assert "no penalty" in table_view._line_text(line)
