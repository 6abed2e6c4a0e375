"""engine.session: the text API the page's engine worker exposes (JSON in, JSON out)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.actionlog import MAX_NAME
from engine import session
from engine.lexicon import Lexicon
from engine.notation import parse_move
from engine.rules import Rules

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", autouse=True)
def real_lexicon():
    session.use_lexicon(Lexicon.from_bytes((ROOT / "wordlists" / "lexicon.bin").read_bytes()))


def start(rules="classic", seed="s1", seats=None, actions=()):
    spec = {"rules": rules, "seed": seed, "actions": list(actions)}
    if seats is not None:
        spec["seats"] = seats
    return json.loads(session.open(json.dumps(spec)))


HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def placement_of(move_text: str, snap: dict) -> dict:
    """The tiles a player would put down for ``move_text`` (as the page sends them)."""
    game = session._need_game()
    play = parse_move(move_text, game.board, game.rules, snap["racks"][snap["rack_player"]])
    size = game.board.size
    tiles = [{"sq": f"{chr(65 + sq % size)}{sq // size + 1}", "tile": tile, "letter": cell.upper()}
             for sq, cell, tile in play.tiles]
    return {"tiles": tiles, "pre": [f"{k} {chr(65 + sq % size)}{sq // size + 1}" for k, sq in play.pre]}


def best_move(snap: dict) -> str:
    from engine.computer import computer_action
    return computer_action(session._need_game(), "hard", None)


def test_layout_classic_and_extended():
    lay = json.loads(session.layout("classic"))
    assert lay["size"] == 15 and lay["start"] == "H8" and lay["inner"] is None
    assert lay["premiums"][7][14:16] == "DW" and lay["premiums"][0][0:2] == "TW"
    assert lay["values"]["Q"] == 10 and lay["rack_size"] == 7
    big = json.loads(session.layout("iii"))
    assert big["size"] == 21 and big["inner"] == [3, 3, 17, 17] and big["rack_size"] == 8
    assert "error" in json.loads(session.layout("nonsense"))


def test_open_new_game_snapshot():
    snap = start("classic", "s1")
    assert snap["scores"] == [0, 0] and snap["to_move"] == 0 and snap["phase"] == "play"
    assert [len(r) for r in snap["racks"]] == [7, 7] and snap["bag"] == 86
    assert snap["legal"]["place"] and snap["legal"]["pass"] and snap["legal"]["exchange"] == 7
    assert not snap["legal"]["challenge"] and snap["tiles"] == [] and snap["turns"] == []
    assert snap["seats"][1]["kind"] == "hard"


def test_preview_then_act_scores_as_previewed():
    snap = start("classic", "s2", HUMANS)
    move = best_move(snap)
    placement = placement_of(move, snap)
    prev = json.loads(session.preview(json.dumps(placement)))
    assert prev["legal"] and prev["error"] is None and prev["move"]
    after = json.loads(session.act(prev["move"]))
    assert "error" not in after
    assert after["scores"][0] == prev["score"] > 0
    assert after["to_move"] == 1 and after["turns"][0]["text"] == prev["move"]
    assert sorted(after["last_squares"]) == sorted(t["sq"] for t in placement["tiles"])
    assert after["message"].startswith("Ann played")


def test_preview_reports_illegal_placements():
    start("classic", "s3", HUMANS)
    rack = session._need_game().rack(0)
    tiles = [{"sq": sq, "tile": t, "letter": t if t != "?" else "E"} for sq, t in zip(("A1", "B1"), rack)]
    prev = json.loads(session.preview(json.dumps({"tiles": tiles})))
    assert not prev["legal"] and prev["move"] is None and "H8" in prev["error"]
    apart = [{"sq": sq, "tile": t, "letter": t if t != "?" else "E"} for sq, t in zip(("H8", "J9"), rack)]
    prev = json.loads(session.preview(json.dumps({"tiles": apart})))
    assert not prev["legal"] and prev["error"]
    bad = json.loads(session.preview("{not json"))
    assert not bad["legal"] and bad["error"]


def test_preview_hides_word_validity_when_judged_after_the_play():
    # Under double challenge a phony's preview must look like any other play.
    snap = start("classic", "s4", HUMANS)
    rack = snap["racks"][0].replace("?", "")
    letters = rack[:3]
    tiles = [{"sq": f"{c}8", "tile": t, "letter": t} for c, t in zip("GHI", letters)]
    prev = json.loads(session.preview(json.dumps({"tiles": tiles})))
    assert prev["legal"] and prev["invalid_words"] == []


def test_rejected_action_changes_nothing():
    snap = start("classic", "s5", HUMANS)
    out = json.loads(session.act("8H QQQQQQQ"))
    assert set(out) == {"error"} and out["error"]
    assert json.loads(session.snapshot())["racks"] == snap["racks"]


def test_open_stops_at_first_bad_action_and_names_it():
    snap = start("classic", "s6", HUMANS, actions=["-", "8H ZZZZZ", "-"])
    assert "move 2" in snap["error"] and len(snap["actions"]) == 1


@pytest.mark.parametrize("spec", ["[]", "{", '{"rules": "nope"}', '{"seats": [{"kind": "robot"}]}',
                                  '{"seats": []}', '{"actions": "8D A"}', '{"seed": [1]}'])
def test_malformed_specs_give_errors(spec):
    out = json.loads(session.open(spec))
    assert out["error"] and isinstance(out["error"], str)


def test_names_are_kept_as_text_and_trimmed():
    snap = start(seats=[{"name": "<img src=x onerror=alert(1)>", "kind": "human"},
                        {"name": "  B   o b " + "x" * 50, "kind": "easy"}])
    assert snap["seats"][0]["name"] == "<img src=x onerror=alert(1)>"
    assert snap["seats"][1]["name"].startswith("B o b") and len(snap["seats"][1]["name"]) == MAX_NAME


def test_computer_replies_and_undo_takes_it_back():
    snap = start("classic", "s7")
    move = best_move(snap)
    session.act(move)
    after = json.loads(session.computer(500))
    assert after["to_move"] == 0 and len(after["turns"]) == 2 and after["events"]
    back = json.loads(session.undo(2))
    assert back["racks"] == snap["racks"] and back["turns"] == []


def test_rebuilt_game_equals_played_game():
    start("o", "s8", [{"name": "A", "kind": "hard"}, {"name": "B", "kind": "medium"}])
    for _ in range(6):
        session.computer(500)
    played = json.loads(session.snapshot())
    again = start("o", "s8", played["seats"], played["actions"])
    assert again["racks"] == played["racks"] and again["scores"] == played["scores"]
    assert again["tiles"] == played["tiles"] and "error" not in again


@pytest.mark.parametrize("rules", ["classic", "iii"])
def test_computer_plays_a_whole_game(rules):
    start(rules, "whole", [{"name": "A", "kind": "hard"}, {"name": "B", "kind": "hard"}])
    for _ in range(200):
        snap = json.loads(session.snapshot())
        if snap["phase"] == "over":
            break
        snap = json.loads(session.computer(300))
        assert "error" not in snap
    assert snap["phase"] == "over" and snap["winner"]
    counted = sum(t["score"] for t in snap["turns"])
    assert counted == sum(snap["scores"])
    assert Rules.from_string(snap["rules"]).preset == rules


def test_share_link_reopens_the_same_game():
    start("ii", "link-seed", [{"name": "Zoë", "kind": "human"}, {"name": "Bot", "kind": "medium"}])
    session.act("-")
    session.computer(300)
    played = json.loads(session.snapshot())
    fragment = session.link(1)
    assert fragment.startswith("g1.") and len(fragment) < 1000
    session.open(json.dumps({"rules": "classic", "seed": 1}))  # something else in between
    again = json.loads(session.open_link("#" + fragment))
    assert again["racks"] == played["racks"] and again["actions"] == played["actions"]
    assert again["seats"] == played["seats"] and again["link"]["turn"] == 1


def test_damaged_link_is_a_friendly_error():
    out = json.loads(session.open_link("g1.AAAA"))
    assert set(out) == {"error"} and "damaged" in out["error"] or "not a game link" in out["error"]


# ------------------------------------------------------------ around the board (issue 10)

def seen_in(snap: dict, seat: int):
    """Brute force from a snapshot: the full set less the board's physical tiles
    (a blank is '?', a face-down J/Q/X/Z its letter) and the seat's rack."""
    from collections import Counter

    from engine.tiles import TILE_SETS
    left = Counter(TILE_SETS[Rules.from_string(snap["rules"]).tiles])
    for t in snap["tiles"]:
        left[t["flipped"] or ("?" if t["blank"] else t["letter"])] -= 1
    left.subtract(snap["racks"][seat])
    return left


@pytest.mark.parametrize("rules", ["classic", "iii"])
def test_unseen_matches_the_snapshot_after_each_turn(rules):
    start(rules, "unseen", [{"name": "A", "kind": "hard"}, {"name": "B", "kind": "hard"}])
    for _ in range(6):
        json.loads(session.computer(100))
        snap = json.loads(session.snapshot())
        for seat in (0, 1):
            u = json.loads(session.unseen(seat))
            want = seen_in(snap, seat)
            assert u["tiles"] == {t: want[t] for t in u["tiles"]}
            assert u["total"] == snap["bag"] + len(snap["racks"][1 - seat])
            assert u["exact"] is (rules == "classic")
    assert json.loads(session.unseen())["seat"] == snap["to_move"]
    for bad in (2, "x"):
        assert set(json.loads(session.unseen(bad))) == {"error"}


def test_hint_lists_best_plays_that_preview_and_play_as_listed():
    snap = start("classic", "hint", HUMANS)
    out = json.loads(session.hint(4, 5000))
    moves = out["moves"]
    assert out["complete"] and len(moves) == 4 and out["ms"] <= 5000
    assert [m["score"] for m in moves] == sorted((m["score"] for m in moves), reverse=True)
    assert moves[0]["score"] == json.loads(session.preview(json.dumps(placement_of(best_move(snap), snap))))["score"]
    for m in moves:
        placement = json.loads(session.hint_preview(m["move"]))
        assert placement["move"] == m["move"]
        prev = json.loads(session.preview(json.dumps(placement)))
        assert prev["legal"] and prev["move"] == m["move"] and prev["score"] == m["score"]
        assert prev["words"] == m["words"] and m["words"]
    after = json.loads(session.act(moves[0]["move"]))
    assert after["scores"][0] == moves[0]["score"]


def test_hint_preview_gives_blank_and_swap_tiles():
    start("classic", "hp", HUMANS)
    game = session._need_game()
    rack = game.rack(0)
    word = rack[:3].replace("?", "e")
    placement = json.loads(session.hint_preview(f"8G {word}"))
    assert [t["sq"] for t in placement["tiles"]] == ["G8", "H8", "I8"] and placement["pre"] == []
    for t, ch in zip(placement["tiles"], word):
        assert t["letter"] == ch.upper() and t["tile"] == ("?" if ch.islower() else ch)
    for bad in ("-", "-AB", "8G", "Z99 QQ", 5):
        assert set(json.loads(session.hint_preview(bad))) == {"error"}


def test_hint_on_a_crowded_iii_board_keeps_its_budget():
    import time
    start("iii", "crowded", [{"name": "A", "kind": "hard"}, {"name": "B", "kind": "hard"}])
    for _ in range(14):   # until the board is crowded (a whole search: the same board on any machine)
        snap = json.loads(session.snapshot())
        if len(snap["tiles"]) > 60:
            break
        session.computer(20000)
    snap = json.loads(session.snapshot())
    assert snap["phase"] != "over"
    assert len(snap["tiles"]) > 60 and snap["size"] == 21
    for budget in (500, 1000):   # the page's III hint budget: 500 ms or more
        t0 = time.perf_counter()
        out = json.loads(session.hint(5, budget))
        wall = (time.perf_counter() - t0) * 1000
        assert "error" not in out, out
        # Bounded, not timed: the slack covers a loaded machine (bench/ reports the real figures).
        assert wall <= 2 * budget + 250 and out["ms"] <= wall + 1 and out["budget_ms"] == budget
        assert isinstance(out["complete"], bool)
        for m in out["moves"]:
            prev = json.loads(session.preview(session.hint_preview(m["move"])))
            assert prev["legal"] and prev["score"] == m["score"]


@pytest.mark.parametrize("args", [(0, 100), (5, 0), (5, "soon"), (True, 100), (61, 100)])
def test_hint_rejects_bad_arguments(args):
    start("classic", "bad-hint", HUMANS)
    assert set(json.loads(session.hint(*args))) == {"error"}


def scripted_challenges():
    """A classic game (double challenge) with a phony challenged off, a wrong
    challenge, an exchange and plays."""
    snap = start("classic", "sheet", HUMANS)
    session.act("8G " + snap["racks"][0][:3].replace("?", "x"))   # almost surely a phony
    out = json.loads(session.act("challenge"))
    assert out["turns"][-1]["kind"] == "phony", "pick a seed where the three tiles make no word"
    game = session._need_game()
    session.act(best_move(None))
    session.act("challenge")                       # the computer's play is good: a lost turn
    session.act("-" + game.rack(game.to_move)[:2])
    session.hint_used()
    session.act(best_move(None))
    return json.loads(session.snapshot())


def test_history_breakdown_outcomes_totals_and_hints():
    snap = scripted_challenges()
    hist = json.loads(session.history())
    lines = hist["turns"]
    assert [line["kind"] for line in lines] == [t["kind"] for t in snap["turns"]]
    assert [line["kind"] for line in lines][:3] == ["phony", "play", "lost"]
    game_turns = session._need_game().turns
    for k, (line, t) in enumerate(zip(lines, snap["turns"])):
        assert line["breakdown"] == game_turns[k].breakdown and line["score"] == t["score"]
        # The snapshot carries only the last line's breakdown (history has them all).
        assert t["breakdown"] == (line["breakdown"] if k == len(lines) - 1 else None)
        assert line["words"] == t["words"] and line["squares"] == t["squares"]
        assert line["name"] == snap["seats"][line["player"]]["name"]
    assert lines[0]["outcome"].startswith("challenged:") and lines[0]["invalid"]
    assert lines[2]["outcome"] == "the challenge failed: a turn lost"
    assert lines[-1]["totals"] == hist["scores"] == snap["scores"]
    assert [line["hinted"] for line in lines] == [False] * (len(lines) - 1) + [True]
    assert hist["hints"] == 1


def test_replay_snapshots_match_a_rebuilt_game():
    snap = scripted_challenges()
    actions = snap["actions"]
    first = json.loads(session.at(0))
    assert first["at"] == 0 and first["total"] == len(actions) and first["tiles"] == []
    for k in range(len(actions) + 1):
        view = json.loads(session.at(k))
        assert view["actions"] == actions[:k]
        again = json.loads(session.open(json.dumps(
            {"rules": "classic", "seed": "sheet", "seats": HUMANS, "actions": actions[:k]})))
        for key in ("tiles", "racks", "scores", "to_move", "bag", "turns", "legal"):
            assert view[key] == again[key], (k, key)
        session.open(json.dumps({"rules": "classic", "seed": "sheet", "seats": HUMANS, "actions": actions}))
    last = json.loads(session.at(len(actions)))
    assert last["events"] == [snap["turns"][-1]] and last["message"].startswith(
        snap["seats"][snap["turns"][-1]["player"]]["name"] + " played")
    assert json.loads(session.snapshot())["actions"] == actions   # the game did not move
    for bad in (-1, len(actions) + 1, "x"):
        assert set(json.loads(session.at(bad))) == {"error"}


def test_exports_replay_and_parse():
    from engine.records.gcg import read_gcg
    from engine.notation import parse_cgp

    snap = scripted_challenges()
    gcg = json.loads(session.export_gcg())["gcg"]
    assert "#rules classic\n" in gcg and '#seed "sheet"\n' in gcg
    game = read_gcg(gcg, session._lexicon)
    assert list(game.scores) == snap["scores"] and list(game.actions) == snap["actions"]
    cgp = json.loads(session.export_cgp())["cgp"]
    pos = parse_cgp(cgp, Rules.from_string("classic"))
    assert pos.racks[0] == snap["racks"][snap["to_move"]]
    placed = {t["sq"]: t["letter"] for t in snap["tiles"]}
    size = pos.board.size
    assert {f"{chr(65 + sq % size)}{sq // size + 1}": c for sq, c in enumerate(pos.board.cells) if c} == placed


def test_summary_of_a_finished_game():
    start("classic", "past", [{"name": "Ann", "kind": "easy"}, {"name": "Bot", "kind": "easy"}])
    session.hint_used(2)
    for _ in range(200):
        snap = json.loads(session.computer(200))
        if snap["phase"] == "over":
            break
    s = json.loads(session.summary())
    assert s["over"] and s["preset"] == "classic" and s["rules"] == "classic" and s["seed"] == "past"
    assert s["names"] == ["Ann", "Bot"] and s["kinds"] == ["easy", "easy"]
    assert s["scores"] == snap["scores"] and s["winner"] == snap["winner"] and s["ppt"] == snap["ppt"]
    plays = [t for t in snap["turns"] if t["kind"] == "play"]
    top = max(t["score"] for t in plays)
    assert s["best"]["score"] == top and s["best"]["move"] in [t["text"] for t in plays if t["score"] == top]
    assert s["best"]["name"] == snap["seats"][s["best"]["player"]]["name"]
    assert s["hints"] == 2 and s["hints_by_seat"] == [2, 0]
    start("classic", "past")
    assert json.loads(session.summary())["hints"] == 0 and not json.loads(session.summary())["over"]
    assert set(json.loads(session.hint_used(0))) == {"error"}


# ------------------------------------------------------------ links and records (issue 11)

def test_link_with_illegal_moves_stops_at_the_first_and_names_it():
    from engine.records.link import encode
    snap = start("classic", "stop", HUMANS)
    good = best_move(snap)
    spec = {"rules": "classic", "seed": "stop", "seats": HUMANS, "actions": [good, "8A QQQQQQ", "-"]}
    out = json.loads(session.open_link(encode(spec)))
    assert out["actions"] == [good] and "move 2 ('8A QQQQQQ')" in out["error"]
    assert out["link"] == {"turn": None, "view": {}}


def test_link_for_any_spec_and_view_options():
    spec = {"rules": "classic", "seed": "n1", "seats": HUMANS, "actions": []}
    frag = session.link_for(json.dumps(spec), 4, json.dumps({"mode": "replay", "theme": "dark"}))
    assert frag.startswith("g1.") and frag.endswith("&t=4&mode=replay&theme=dark")
    out = json.loads(session.open_link(frag))
    assert out["seed"] == "n1" and out["link"] == {"turn": 4, "view": {"mode": "replay", "theme": "dark"}}
    for bad in ("{", json.dumps({"rules": "nope", "seed": 1, "seats": HUMANS}),
                json.dumps(dict(spec, seats=[]))):
        assert set(json.loads(session.link_for(bad))) == {"error"}
    assert set(json.loads(session.link_for(json.dumps(spec), -1, '{"theme": "pink"}'))) == {"error"}


def test_import_our_record_replays_exactly_and_continues():
    snap = scripted_challenges()
    gcg = json.loads(session.export_gcg())["gcg"]
    start("classic", "something else")
    out = json.loads(session.import_record(gcg))
    assert out["import"]["kind"] == "game" and out["import"]["names"] == ["Ann", "Bob"]
    for key in ("racks", "scores", "to_move", "actions", "tiles", "turns", "bag"):
        assert out[key] == snap[key], key
    assert [s["name"] for s in out["seats"]] == ["Ann", "Bob"]
    after = json.loads(session.act(best_move(out)))          # it goes on as a game
    assert len(after["actions"]) == len(snap["actions"]) + 1
    assert json.loads(session.at(2))["actions"] == snap["actions"][:2]


def test_import_finished_foreign_record_is_a_view_and_a_cgp_is_a_game():
    """A foreign record that ends the game stays a read-only view (nothing can be
    played); a pasted CGP opens as a game to play on (tests/core/test_start_position.py
    has the unfinished foreign records)."""
    from engine.records.gcg import decode_record
    text = decode_record((ROOT / "tests" / "data" / "gcg" / "quackle_annotated.gcg").read_bytes())
    out = json.loads(session.import_record(text))
    assert out["import"]["kind"] == "record" and out["readonly"] and out["phase"] == "over"   # its end shows
    assert out["import"]["playable"] is False and "ends the game" in out["import"]["why"]
    assert not any(v for v in out["legal"].values())
    # seats in turn order from the player to move (Bert), with their own racks and scores
    assert out["import"]["order"] == [1, 0]
    assert [s["name"] for s in out["seats"]] == ["Bert van Dijk", "Ann Tremblay"]
    assert out["scores"] == [496, 423] and out["racks"] == ["U", ""]
    assert out["record_turns"][1]["move"] == "-FFP" and out["record_turns"][1]["seat"] == 1
    snap = start("classic", "pos", HUMANS, actions=[])
    session.act(best_move(snap))
    played = json.loads(session.snapshot())
    cgp = json.loads(session.export_cgp())["cgp"]
    pos = json.loads(session.import_record(cgp))
    assert pos["import"]["kind"] == "position" and "readonly" not in pos and pos["phase"] == "play"
    assert pos["import"]["playable"] is True and pos["start"] == cgp and pos["actions"] == []
    assert pos["tiles"] == played["tiles"] and pos["racks"][0] == played["racks"][played["to_move"]]
    assert pos["scores"] == [played["scores"][played["to_move"]], played["scores"][1 - played["to_move"]]]
    for bad in ("", "garbage", "#player1 a A\n>a: ABC 8D XYZZY +5 5\nnot a line"):
        assert set(json.loads(session.import_record(bad))) == {"error"}


def test_open_link_answers_any_mutated_link_with_a_game_or_a_message():
    import random
    start("classic", "fuzz", HUMANS)
    session.act(best_move(None))
    frag = session.link(-1)
    rng = random.Random(11)
    alphabet = "ABCabc019-_&=.#%g"
    opened = refused = 0
    for _ in range(400):
        chars = list(frag)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                chars[i] = rng.choice(alphabet)
            elif op < 0.7:
                del chars[i:i + rng.randint(1, 8)]
            else:
                chars.insert(i, rng.choice(alphabet))
        out = json.loads(session.open_link("".join(chars)))   # never raises
        if "error" in out and "racks" not in out:
            assert set(out) == {"error"} and out["error"]
            refused += 1
        else:
            assert out["link"]["view"] is not None
            opened += 1
    assert refused > 300


# ------------------------------------------------------------ hints kept across a reload

def test_hints_survive_a_reload_from_the_spec():
    snap = start("classic", "reload", HUMANS)
    assert snap["hints"] == []
    session.act(best_move(snap))                       # Ann plays (no hint)
    used = json.loads(session.hint_used())             # Bob asks for a hint, then plays
    assert used == {"hints": 1, "spec_hints": [[1, 1]]}
    snap = json.loads(session.act(best_move(snap)))
    assert snap["hints"] == [[1, 1]]
    before = json.loads(session.history())
    spec = {k: snap[k] for k in ("rules", "seed", "seats", "actions", "hints")}
    start("classic", "other", HUMANS)                  # another game in between
    again = json.loads(session.open(json.dumps(spec)))
    assert again["hints"] == [[1, 1]] and again["actions"] == snap["actions"]
    hist = json.loads(session.history())
    assert [line["hinted"] for line in hist["turns"]] == [False, True] == [
        line["hinted"] for line in before["turns"]]
    s = json.loads(session.summary())
    assert s["hints"] == 1 and s["hints_by_seat"] == [0, 1]
    # A replay view before the hint has none; a spec without hints has none.
    assert json.loads(session.at(1))["hints"] == [[1, 1]] and json.loads(session.at(0))["hints"] == []
    del spec["hints"]
    assert json.loads(session.open(json.dumps(spec)))["hints"] == []
    assert json.loads(session.summary())["hints"] == 0


@pytest.mark.parametrize("bad", [3, [1], [[1]], [[1, 2]], [[-1, 0]], [["1", 0]], [[1, True]]])
def test_malformed_hints_in_a_spec_are_refused(bad):
    start("classic", "keep", HUMANS)
    session.hint_used()
    out = json.loads(session.open(json.dumps({"rules": "classic", "seed": "x", "seats": HUMANS,
                                              "hints": bad})))
    assert set(out) == {"error"} and "hint" in out["error"]
    assert json.loads(session.snapshot())["seed"] == "keep"    # nothing changed
    assert json.loads(session.summary())["hints"] == 1


# ------------------------------------------------------------ a J/Q/X/Z face down as itself

FACE_DOWN_CGP = ("21/16F4/16I4/14BAGGED1/16M4/10EPICENE4/16N4/15ATOn[J]ES/7CONFLICt[X]S5/10R6K3/"
                 "6WAXIe[J]R5V3/1POTTIES2T4SHANNY/10FAKERIEs[X]3/10U6S3/10LITIGATE3/17S3/21/21/21/21/21 "
                 "DEHNOPTZ/EHMNQRSU 442/211 1 var iii;")


def open_position(cgp: str):
    """Make the session's game hold ``cgp``'s board and racks (a Game cannot start
    from a position, so the test sets the state of a fresh one)."""
    from engine.notation import parse_cgp

    pos = parse_cgp(cgp)
    start(pos.rules.preset, "pos", HUMANS)
    state = session._need_game()._state
    state.board, state.racks, state.scores = pos.board, [list(r) for r in pos.racks], list(pos.scores)


@pytest.mark.parametrize("move, flipped", [
    ("7E DOz[Z]ENTH", {"G7"}),       # the Z face down, standing for Z
    ("7E DOZENTH", set()),           # the same word with the Z face up
    ("swap S8; 7E DOZEn[J]TH", {"I7"}),
    ("swap S8; 7D POTHEr[J]e[Z]D", {"I7", "J7"}),
])
def test_hint_preview_round_trips_a_face_down_tile_as_its_own_letter(move, flipped):
    open_position(FACE_DOWN_CGP)
    expected = session._need_game().preview(move)
    assert expected.legal
    shown = json.loads(session.hint_preview(move))
    assert {t["sq"] for t in shown["tiles"] if t.get("face_down")} == flipped
    back = json.loads(session.preview(json.dumps(shown)))
    assert back["legal"] and (back["move"], back["score"]) == (move, expected.score)
    if any(t.get("face_down") and t["tile"] == t["letter"] for t in shown["tiles"]):
        # without the flag the page's JSON reads as the Z face up: another play
        for t in shown["tiles"]:
            t.pop("face_down", None)
        assert json.loads(session.preview(json.dumps(shown)))["move"] != move


def test_face_down_only_for_jqxz():
    open_position(FACE_DOWN_CGP)
    for tile, flag in (("D", True), ("Z", "yes")):
        out = json.loads(session.preview(json.dumps(
            {"tiles": [{"sq": "E7", "tile": tile, "letter": tile, "face_down": flag}]})))
        assert not out["legal"] and "face" in out["error"]


def test_clock_snapshot_charges_players_and_the_computer_its_own_time():
    snap = start("classic,clock=600", seats=[{"name": "Ann", "kind": "human"}, {"name": "Cal", "kind": "easy"}])
    assert snap["clock"] == [600000, 600000] and snap["clock_rule"] == "overtime"
    assert snap["timed_out"] == [False, False] and snap["overtime"] == [10, 60000]
    snap = json.loads(session.act("-", 12500))
    assert snap["clock"][0] == 600000 - 12500 and snap["actions"][0] == "- @12500ms"
    snap = json.loads(session.computer(500))
    charged = 600000 - snap["clock"][1]
    assert 0 < charged < 60000
    assert snap["actions"][1].endswith(f" @{charged}ms")
    untimed = start("classic", seats=[{"name": "Ann", "kind": "human"}, {"name": "Cal", "kind": "easy"}])
    assert untimed["clock"] is None
    json.loads(session.act("-", 12500))
    assert " @" not in json.loads(session.computer(500))["actions"][1]


def test_times_up_from_the_page_puts_the_player_out():
    snap = start("o,clock=60", seats=HUMANS)
    assert snap["clock_rule"] == "timesup" and snap["legal"]["timeout"]
    snap = json.loads(session.act("timeout", 60000))
    assert snap["timed_out"] == [True, False] and snap["clock"][0] <= 0
    assert snap["to_move"] == 1


def test_overtime_penalty_is_per_started_minute():
    from engine.ending import overtime_penalty
    assert [overtime_penalty(ms) for ms in (5000, 0, -1, -60000, -60001, -185000)] == [0, 0, 10, 10, 20, 40]
