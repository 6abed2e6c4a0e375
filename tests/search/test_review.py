"""Review (issue 17): every turn beside the best play the engine finds for that
rack and board, the summary, the refusal to review the turn to come, the worker's
text face and the ``review`` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import session
from engine.session import review as session_review
from engine.cli import main
from engine.game import Game
from engine.records.gcg import write_gcg
from engine.lexicon import Lexicon
from engine.search.movegen import MoveGenerator
from engine.search.review import (ReviewError, Reviewer, TurnPosition, check_reviewable, game_turns, review_all,
                           summary)
from engine.rules import PRESETS, Rules
from engine.selfplay import play_game
from enginekit import empty_board, lexicon as small_lexicon, put, rig

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "gcg"
LEX = Lexicon.from_bytes((ROOT / "wordlists" / "lexicon.bin").read_bytes())
HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "hard"}]


@pytest.fixture(scope="module")
def classic_game():
    return play_game(PRESETS["classic"], "review-1", ["hard", "greedy"], LEX)


def best_of(rules, board, rack):
    """The highest score of every legal play, from the generator directly."""
    plays = MoveGenerator(rules, LEX).generate(board, list(rack))
    return max((c.score for c in plays), default=0), plays


def test_best_is_the_generators_best_for_that_rack_and_board(classic_game):
    game = classic_game
    turns = game_turns(game)
    assert [tp.index for tp in turns] == [i for i, t in enumerate(game.turns) if t.kind in ("play", "exchange",
                                                                                          "pass")]
    results = review_all(turns, game.rules, LEX)
    for tp, r in zip(turns, results):
        before = game.at(tp.action)
        assert tp.rack == before.rack(tp.player) == game.turns[tp.index].rack
        assert tp.board == before.board and before.to_move == tp.player
        top, plays = best_of(game.rules, tp.board, tp.rack)
        assert r["best_score"] == top
        assert r["best"] in {_text(before, c) for c in plays if c.score == top}
        assert r["missed"] == top - r["score"] >= 0
        assert r["found"] == (r["score"] == top) and not r["cut"] and r["search"] == "exact"


def _text(game, cand):
    from engine.notation import format_move
    return format_move(game.board, cand.to_play(), game.preview(cand.to_play()))


def test_summary_adds_up(classic_game):
    game = classic_game
    results = review_all(game_turns(game), game.rules, LEX)
    out = summary(results, game.names)
    assert out["turns"] == len(results) and out["ranking"] == "score"
    for row in out["players"]:
        mine = [r for r in results if r["player"] == row["seat"]]
        assert row["turns"] == len(mine)
        assert row["missed"] == sum(r["best_score"] - r["score"] for r in mine)
        assert row["found"] == sum(r["score"] == r["best_score"] for r in mine)
        assert row["found_share"] == round(row["found"] / len(mine), 3)
        assert row["score"] == sum(r["score"] for r in mine)
    assert sum(row["found"] for row in out["players"]) == out["found"]
    words = out["words_missed"]
    assert words, "a hard player against greedy misses some best plays"
    assert [len(w["word"]) for w in words] == sorted((len(w["word"]) for w in words), reverse=True)
    for w in words:
        r = next(r for r in results if r["turn"] == w["turn"])
        assert not r["found"] and r["best_words"][0]["word"] == w["word"] and w["score"] == r["best_score"]
        assert w["word"] not in r["words"]


def test_equity_ranking_is_named_and_never_below_the_play_made(classic_game):
    game = classic_game
    results = review_all(game_turns(game)[:8], game.rules, LEX, ranking="equity")
    for r in results:
        assert r["ranking"] == "equity"
        assert r["best_equity"] >= r["equity"] - 1e-9
        assert r["missed"] == round(r["best_equity"] - r["equity"], 1)
    # the hard player plays by this very equity: it finds its own best every time
    assert all(r["found"] for r in results if r["player"] == 0)


def test_missed_big_plays_are_marked():
    """iii: DREAMY on the board, a rack that stretches it (pick Y; DREAMILY):
    the best play carries the pick-off and stretch marks; the pass made missed them."""
    rules = PRESETS["iii"]
    lex = small_lexicon()
    board = put(empty_board("iii"), "11H DREAMY")
    tp = TurnPosition(0, 0, "BBILNTUY", board, 50, "pass", "-", 0)
    r = Reviewer(rules, lex).review(tp)
    plays = MoveGenerator(rules, lex).generate(board, list(tp.rack))
    assert r["best_score"] == max(c.score for c in plays)
    assert r["best"].startswith("pick M11; 11H DREAM")
    assert r["best_bonus"]["stretch"] and r["best_bonus"]["pick_off"]
    assert {"stretch", "pick_off"} <= set(r["marks"]) and r["missed"] == r["best_score"]


def test_a_budget_that_cuts_the_search_says_so():
    """Two blanks on an empty board: tens of thousands of plays, never done in 1 ms."""
    rules = PRESETS["classic"]
    tp = TurnPosition(0, 0, "AEINR??", empty_board("classic"), 86, "pass", "-", 0)
    r = Reviewer(rules, LEX, budget_ms=1).review(tp)
    assert r["cut"] is True and r["search"] in ("exact", "hard") and isinstance(r["ms"], int)
    exact = Reviewer(rules, LEX).review(tp)
    assert exact["cut"] is False and exact["best_score"] >= r["best_score"]
    assert exact["best_bonus"]["big_play"] == 50 and "big_play" in exact["marks"]


def test_the_turn_to_come_and_an_open_play_are_never_reviewed():
    game = Game(Rules.from_string("classic"), "review-open", lexicon=LEX)
    rig(game, 0, "AEINRST")
    game.act("-")
    assert [tp.index for tp in game_turns(game)] == [0]
    with pytest.raises(ReviewError, match="turn to come"):
        check_reviewable(game, len(game.turns))
    rig(game, 1, "ABCDEFG")
    game.act("8D FACED")          # may still be challenged: not settled
    assert [tp.index for tp in game_turns(game)] == [0]
    with pytest.raises(ReviewError, match="challenged"):
        check_reviewable(game, 1)
    game.act("-")                  # the next player passes: the play stands, the pass is played
    assert [tp.index for tp in game_turns(game)] == [0, 1, 2]
    check_reviewable(game, 1)


def test_a_challenged_phony_is_reviewed_on_the_board_before_it():
    game = Game(Rules.from_string("classic"), "review-phony", lexicon=LEX)
    rig(game, 0, "ABCDEFG")
    game.act("8D BADCE")
    game.act("challenge")
    tp = game_turns(game)[0]
    assert tp.kind == "phony" and tp.score == 0 and tp.rack == "ABCDEFG" and tp.board.is_empty()
    r = Reviewer(game.rules, LEX).review(tp)
    assert r["score"] == 0 and r["best_score"] == best_of(game.rules, tp.board, tp.rack)[0] == r["missed"]


# --------------------------------------------------------------------- the worker's face

def test_worker_reviews_the_open_game_turn_by_turn(classic_game):
    session.use_lexicon(LEX)
    spec = {"rules": "classic", "seed": "review-1", "seats": HUMANS, "actions": list(classic_game.actions)}
    assert "error" not in json.loads(session.open(json.dumps(spec)))
    plan = json.loads(session_review.review_plan("", ""))
    assert plan["seats"] == [0] and plan["source"] == "game" and plan["over"]
    assert {t["player"] for t in plan["turns"]} == {0}
    results = [json.loads(session_review.review_turn(t["turn"], 0, "score")) for t in plan["turns"]]
    direct = review_all([tp for tp in game_turns(classic_game) if tp.player == 0], classic_game.rules, LEX)
    for r, d in zip(results, direct):
        assert (r["best"], r["best_score"], r["missed"]) == (d["best"], d["best_score"], d["missed"])
        assert r["name"] == "Ann" and r["action"] is not None
        if r["best"] != "-":
            assert r["best_tiles"] and all({"sq", "tile", "letter"} <= set(t) for t in r["best_tiles"])
    out = json.loads(session_review.review_summary(json.dumps(results)))
    assert out["players"][0]["missed"] == sum(r["missed"] for r in results)
    assert out["players"][0]["name"] == "Ann"


def test_worker_refuses_the_turn_to_come_and_bad_requests():
    session.use_lexicon(LEX)
    spec = {"rules": "classic", "seed": "s1", "seats": HUMANS, "actions": ["-"]}
    session.open(json.dumps(spec))
    plan = json.loads(session_review.review_plan("", "[0, 1]"))
    assert [t["turn"] for t in plan["turns"]] == [0] and "hint" in plan["pending"]
    assert "error" in json.loads(session_review.review_turn(1, 500, "score"))
    assert "error" in json.loads(session_review.review_turn(0, 500, "best"))
    assert "error" in json.loads(session_review.review_turn(0, 10, "score"))
    assert "error" in json.loads(session_review.review_plan("", "[5]"))
    assert "error" in json.loads(session_review.review_plan("not a record", ""))
    assert "error" in json.loads(session_review.review_summary("{}"))
    assert "error" in json.loads(session_review.review_summary("[{\"turn\": 1}]"))


def test_worker_holds_back_a_play_that_may_still_be_challenged():
    from engine.computer import computer_action
    session.use_lexicon(LEX)
    game = Game(Rules.from_string("classic"), "s2", lexicon=LEX)
    first = computer_action(game, "hard")
    spec = {"rules": "classic", "seed": "s2", "seats": HUMANS, "actions": [first]}
    session.open(json.dumps(spec))
    plan = json.loads(session_review.review_plan("", "[0, 1]"))
    assert plan["turns"] == [] and "challenged" in plan["pending"]
    assert "challenged" in json.loads(session_review.review_turn(0, 0, "score"))["error"]
    session.act("-")
    plan = json.loads(session_review.review_plan("", "[0, 1]"))
    assert [t["turn"] for t in plan["turns"]] == [0, 1]
    # the same game as a spec: its people (seat 0) by default, without the open game
    plan = json.loads(session_review.review_plan(json.dumps(spec), ""))
    assert plan["source"] == "spec" and plan["seats"] == [0] and plan["over"] is False


def test_worker_reviews_another_programs_record_with_its_board():
    session.use_lexicon(LEX)
    text = (DATA / "woogles_csw21.gcg").read_text()
    plan = json.loads(session_review.review_plan(text, ""))
    assert plan["source"] == "record" and plan["seats"] == [0, 1]
    phony = next(t for t in plan["turns"] if t["kind"] == "phony")
    r = json.loads(session_review.review_turn(phony["turn"], 0, "score"))
    assert r["score"] == 0 and r["tiles"] and r["action"] is None and r["best"] == "12H WINTLE"


def test_a_record_line_without_its_rack_is_not_reviewed():
    """GCG lets an exchange or a pass go without the rack (a play needs it)."""
    from engine.records.gcg import decode_record, import_record
    from engine.search.review import record_turns
    text = decode_record((DATA / "quackle_annotated.gcg").read_bytes())
    assert ">Bert: FFGIPRT -FFP +0 0" in text
    full = record_turns(import_record(text, LEX))
    cut = record_turns(import_record(text.replace(">Bert: FFGIPRT -FFP", ">Bert: -FFP"), LEX))
    assert [tp.index for tp in cut] == [tp.index for tp in full if tp.index != 1]
    assert all(a.board == b.board and a.rack == b.rack for a, b in zip(cut[1:], full[2:]))


# --------------------------------------------------------------------- the command

def _run(capsys, *argv):
    code = main(["review", *argv])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.gcg")))
def test_command_reviews_other_programs_records(capsys, name):
    code, lines, err = _run(capsys, str(DATA / name))
    assert code == 0 and not err
    *turns, last = lines
    assert turns and set(last) == {"summary"}
    for t in turns:
        assert {"turn", "player", "rack", "played", "score", "best", "best_score", "missed"} <= set(t)
        assert t["missed"] == max(0, t["best_score"] - t["score"])
    assert last["summary"]["turns"] == len(turns)


def test_command_reviews_our_own_record(capsys, tmp_path, classic_game):
    path = tmp_path / "ours.gcg"
    path.write_text(write_gcg(classic_game))
    code, lines, _ = _run(capsys, str(path), "--rank", "equity", "--budget", "0")
    assert code == 0
    assert len(lines) - 1 == len(game_turns(classic_game))
    assert lines[-1]["summary"]["ranking"] == "equity"


@pytest.mark.parametrize("argv, message", [
    (["missing.gcg"], "cannot read"),
    (["{junk}"], "cannot review the record"),
    (["{woogles}", "--rank", "best"], "--rank"),
    (["{woogles}", "--budget", "-1"], "--budget"),
    (["{woogles}", "--rules", "zz"], "bad --rules"),
    (["{ours}", "--rules", "o"], "its own rules"),
])
def test_command_bad_input_exits_2_with_one_line(capsys, tmp_path, classic_game, argv, message):
    (tmp_path / "junk.gcg").write_text("junk\n")
    (tmp_path / "ours.gcg").write_text(write_gcg(classic_game))
    paths = {"{junk}": str(tmp_path / "junk.gcg"), "{woogles}": str(DATA / "woogles_csw21.gcg"),
             "{ours}": str(tmp_path / "ours.gcg"), "missing.gcg": str(tmp_path / "missing.gcg")}
    code = main(["review", *[paths.get(a, a) for a in argv]])
    out, err = capsys.readouterr()
    assert code == 2 and not out
    assert len(err.strip().splitlines()) == 1 and message in err
