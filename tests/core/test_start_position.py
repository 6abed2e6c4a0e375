"""A game that starts from a position (CGP): engine/startpos.py through Game, GCG,
the session (open, import_record) and share links (g2)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine import session
from engine.actionlog import GameError
from engine.computer import computer_action
from engine.records.gcg import import_record, read_gcg, write_gcg
from engine.game import Game
from engine.lexicon import Lexicon
from engine.notation import CGPError, format_cgp
from engine.rules import PRESETS
from engine.selfplay import play_game
from engine.startpos import PositionOver, StartError
from engine.tiles import TILE_SETS, full_set

ROOT = Path(__file__).resolve().parents[2]
LEX = Lexicon.from_bytes((ROOT / "wordlists" / "lexicon.bin").read_bytes())
CLASSIC = PRESETS["classic"]
EMPTY15 = ["15"] * 15
HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def board_text(rows: dict[int, str], size: int = 15) -> str:
    """Board field of a CGP: ``{8: "3ZEbRAS6"}`` puts that run on row 8 (1-based)."""
    out = [str(size)] * size
    for row, text in rows.items():
        out[row - 1] = text
    return "/".join(out)


ZEBRAS = board_text({8: "3ZEbRAS6"})          # a blank as B on F8
START = f"{ZEBRAS} AEINRST/ 120/84 1"        # the second rack left for the bag to fill


@pytest.fixture(scope="module", autouse=True)
def real_lexicon():
    session.use_lexicon(LEX)


def board_tiles(game) -> Counter:
    b = game.board
    return Counter(b.tile_at(sq) for sq, cell in enumerate(b.cells) if cell)


def bag_tiles(game) -> Counter:
    return Counter(game._state.bag.tiles)   # the test looks inside: no public view of the bag


def play_best(game) -> tuple:
    return game.act(computer_action(game, "hard", None))


# ------------------------------------------------------------------ the start

def test_the_game_begins_from_the_position_and_plays_on():
    g = Game(CLASSIC, 5, lexicon=LEX, names=["Ann", "Bob"], start=START)
    assert g.scores == (120, 84) == g.start_scores and g.to_move == 0 and g.phase == "play"
    assert g.rack(0) == "AEINRST" and len(g.rack(1)) == 7          # short rack filled
    cells = g.board.cells
    assert "".join(cells[7 * 15 + 3: 7 * 15 + 9]) == "ZEbRAS"
    # bag = set - board - racks, exactly
    assert g.bag_count == 100 - 6 - 14
    seen = board_tiles(g) + Counter(g.rack(0)) + Counter(g.rack(1))
    assert board_tiles(g)["?"] == 1 and board_tiles(g)["B"] == 0      # the blank as B is a blank
    assert bag_tiles(g) + seen == Counter(full_set("classic100"))
    # the position's scoreless count feeds the end rule; a placement clears it
    assert g.position().zero_turns == 1
    first = play_best(g)[0]
    assert first.kind == "play" and g.scores == (120 + first.score, 84) and g.to_move == 1
    second = play_best(g)[0]
    assert g.scores == (120 + first.score, 84 + second.score)
    assert g.ppt(0) == first.score and g.ppt(1) == second.score   # turns of this game only
    assert g.position().zero_turns == 0 and g.bag_count < 80


def test_the_same_seed_and_position_give_the_same_game_and_the_canonical_text():
    a = Game(CLASSIC, "s", lexicon=LEX, start=START)
    b = Game(CLASSIC, "s", lexicon=LEX, start=a.start)
    assert a.start == f"{START} var classic;" and b.start == a.start
    assert a.racks == b.racks and bag_tiles(a) == bag_tiles(b)
    # other opcodes mean nothing to the game and are not kept; spent squares are
    spent = Game(CLASSIC, 1, lexicon=LEX, start=f"{START} id 99; spent A1;")
    assert spent.start == f"{START} spent A1; var classic;"
    assert 0 in spent.board.spent and "spent A1;" in format_cgp(spent.position())


def test_zero_turns_from_the_position_can_end_the_game():
    g = Game(CLASSIC, 1, lexicon=LEX, start=f"{ZEBRAS} AEINRST/ 0/0 5")
    g.act("-")
    assert g.over and "6 turns in a row" in g.end_reason


def test_no_game_is_without_a_position_change():
    """start=None is exactly the old game (same racks and bag for the seed)."""
    for preset in ("classic", "iii"):
        plain, none = Game(PRESETS[preset], 9, lexicon=LEX), Game(PRESETS[preset], 9, lexicon=LEX, start=None)
        assert plain.racks == none.racks and bag_tiles(plain) == bag_tiles(none) and plain.start is None
        assert plain.start_scores == (0, 0)


def full_board(tiles: list[str], size: int = 15) -> str:
    """Lay ``tiles`` row by row on the board (no words: CGP does not check them)."""
    rows = []
    cells = ["e" if t == "?" else t for t in tiles]     # a blank lies as a lowercase letter
    for r in range(size):
        row = cells[r * size:(r + 1) * size]
        rows.append("".join(row) + (str(size - len(row)) if len(row) < size else "") if row else str(size))
    return "/".join(rows)


def test_an_end_game_position_plays_to_the_end():
    tiles = full_set("classic100")
    rack0, rack1 = "AEINRST", "DEGIRSU"
    rest = list(tiles)
    for t in rack0 + rack1:
        rest.remove(t)
    g = Game(CLASSIC, 1, lexicon=LEX, start=f"{full_board(rest)} {rack0}/{rack1} 300/310 0")
    assert g.bag_count == 0 and g.racks == (rack0, rack1) and g.legal_actions().exchange == 0
    g.act("-")
    assert g.to_move == 1 and not g.over
    # finished positions cannot start a game: someone has no tiles and the bag is empty
    with pytest.raises(PositionOver, match="end of a game: player2 has no tiles"):
        Game(CLASSIC, 1, lexicon=LEX, start=f"{full_board(rest + list(rack1))} {rack0}/ 300/310 0")


# ------------------------------------------------------------------ scoop sets

def test_scoop_sets_count_the_position_in_the_games_hundred():
    rows = {11: "8Qu[Q]ITE8", 12: "8z[Z]ZZ10"}     # a face-down Q and a face-down Z, then ZZ
    start = f"{board_text(rows, 21)} JAX?/ABC/ 30/0/12 0"
    seen_total = 5 + 3 + 4 + 3
    for seed in range(6):
        g = Game(PRESETS["iii"], seed, 3, lexicon=LEX, start=start)
        racks = Counter("".join(g.racks))
        everything = bag_tiles(g) + board_tiles(g) + racks
        assert sum(everything.values()) == 100                      # the game's 100 tiles
        assert all(everything[t] <= n for t, n in TILE_SETS["wild298"].items())
        assert board_tiles(g)["Z"] == 3 and everything["Z"] == 3     # all three Zs seen: none in the bag
        assert g.bag_count == 100 - seen_total - (8 - 4) - (8 - 3) - 8
    a, b = (Game(PRESETS["iii"], 3, 3, lexicon=LEX, start=start) for _ in range(2))
    assert bag_tiles(a) == bag_tiles(b) and a.racks == b.racks       # seeded
    assert bag_tiles(Game(PRESETS["iii"], 4, 3, lexicon=LEX, start=start)) != bag_tiles(a)


# ------------------------------------------------------------------ impossible positions

@pytest.mark.parametrize("start, players, preset, message", [
    (f"{board_text({8: '3ZZ10'})} AEINRST/ 0/0 0", 2, "classic", "impossible position: 2 Z tiles"),
    (f"{ZEBRAS} ZAEINRT/ 0/0 0", 2, "classic", "impossible position: 2 Z tiles"),
    ("/".join(["21"] * 21) + " AEINRST/ 0/0 0", 2, "classic", "the board has 21 rows, expected 15"),
    (f"{ZEBRAS} AEINRSTU/ 0/0 0", 2, "classic", "rack 1 holds 8 tiles; racks hold at most 7"),
    (f"{ZEBRAS} AEINRST// 0/0/0 0", 2, "classic", "has 3 racks but the game has 2 players"),
    (f"{ZEBRAS} - 0 0", 2, "classic", "has 1 rack but the game has 2 players"),
    (f"{ZEBRAS} AEINRST/ 0/0 0 var iii;", 2, "classic", "for the rules 'iii', not this game's 'classic'"),
    (f"{board_text({8: '3Qu[Q]ITE7'})} A/ 0/0 0", 2, "classic", "face-down Q, which only JQXZ wild"),
    ("/".join(["E" * 21] * 5 + ["21"] * 16) + " A/ 0/0 0", 2, "iii",
     "106 tiles, but a game under wild298 has 100"),
    ("nonsense", 2, "classic", "a CGP needs four fields"),
    ("", 2, "classic", "a start position is CGP text"),
])
def test_impossible_positions_are_refused_with_a_reason(start, players, preset, message):
    with pytest.raises(StartError, match="start position|impossible|board|rack|rules|face-down") as info:
        Game(PRESETS[preset], 1, players, lexicon=LEX, start=start)
    assert message in str(info.value)
    assert isinstance(info.value, GameError) and isinstance(info.value, CGPError)


def test_a_start_that_is_not_text_is_refused():
    with pytest.raises(StartError, match="CGP text"):
        Game(CLASSIC, 1, lexicon=LEX, start=42)
    with pytest.raises(StartError, match="at most"):
        Game(CLASSIC, 1, lexicon=LEX, start=START + " x" * 8000)   # past MAX_START (a board, racks and the longest rules)


# ------------------------------------------------------------------ replay, undo, at

def test_undo_at_and_replay_go_back_to_the_start():
    g = Game(CLASSIC, "u", lexicon=LEX, start=START)
    racks0, pos0 = g.racks, format_cgp(g.position())
    for _ in range(3):
        play_best(g)
    assert g.at(0).scores == (120, 84) and g.at(0).racks == racks0 and format_cgp(g.at(0).position()) == pos0
    assert g.at(0).start == g.start and g.at(0).actions == ()
    again = Game.replay(CLASSIC, "u", g.actions, lexicon=LEX, start=START)
    assert again.scores == g.scores and again.racks == g.racks and again.turns == g.turns
    for _ in range(3):
        g.undo()
    assert g.scores == (120, 84) and g.racks == racks0 and format_cgp(g.position()) == pos0
    with pytest.raises(GameError, match="nothing to undo"):
        g.undo()


# ------------------------------------------------------------------ GCG

def test_our_gcg_of_a_started_game_round_trips_exactly():
    g = Game(CLASSIC, "gcg", lexicon=LEX, names=["Ann Lee", "Bob"], start=START)
    for _ in range(4):
        play_best(g)
    g.act("-")
    text = write_gcg(g)
    assert f"#start {g.start}\n" in text
    first = next(line for line in text.splitlines() if line.startswith(">"))
    assert first.endswith(f" {120 + g.turns[0].score}")           # totals count on from the start
    back = read_gcg(text, LEX)
    assert (back.start, back.actions, back.scores, back.racks, back.turns) == \
        (g.start, g.actions, g.scores, g.racks, g.turns)
    assert write_gcg(back) == text
    rec = import_record(text, LEX)
    assert rec.game is not None and rec.game.start == g.start and "start" not in rec.header
    # a wrong total or a damaged start is refused, naming the line
    with pytest.raises(ValueError, match="line 6: the start position"):
        read_gcg(text.replace("#start 15/", "#start 14/"), LEX)
    with pytest.raises(ValueError, match="replaying gives"):
        read_gcg(text.replace(first, first.rsplit(" ", 1)[0] + " 1"), LEX)


def test_old_records_without_a_start_still_read():
    g = Game(CLASSIC, 4, lexicon=LEX)
    play_best(g)
    text = write_gcg(g)
    assert "#start" not in text and read_gcg(text, LEX).scores == g.scores


# ------------------------------------------------------------------ session

def open_spec(**spec) -> dict:
    return json.loads(session.open(json.dumps(spec)))


def test_session_opens_a_spec_with_a_start_and_rebuilds_it():
    snap = open_spec(rules="classic", seed="s", seats=HUMANS, actions=[], start=START)
    assert "error" not in snap and snap["start"] == f"{START} var classic;"
    assert snap["scores"] == [120, 84] and snap["racks"][0] == "AEINRST" and snap["bag"] == 80
    after = json.loads(session.act(computer_action(session._need_game(), "hard", None)))
    rebuilt = open_spec(**{k: after[k] for k in ("rules", "seed", "seats", "actions", "hints", "start")})
    for key in ("racks", "scores", "tiles", "bag", "turns", "start"):
        assert rebuilt[key] == after[key], key
    assert json.loads(session.at(0))["scores"] == [120, 84]
    assert "start" not in open_spec(rules="classic", seed="s", seats=HUMANS)
    bad = open_spec(rules="classic", seed="s", seats=HUMANS, start=f"{ZEBRAS} AEINRSTU/ 0/0 0")
    assert set(bad) == {"error"} and "rack 1 holds 8 tiles" in bad["error"]
    assert set(open_spec(rules="classic", seed="s", start=7)) == {"error"}


def quackle_turns(n: int) -> str:
    """The Quackle fixture cut after its first ``n`` turn lines: an unfinished game."""
    text = (ROOT / "tests" / "data" / "gcg" / "quackle_annotated.gcg").read_text(encoding="utf-8")
    lines, turns = [], 0
    for line in text.splitlines():
        if line.startswith(">"):
            turns += 1
            if turns > n:
                break
        lines.append(line)
    return "\n".join(lines) + "\n"


def test_import_an_unfinished_foreign_record_as_a_game_to_play_on():
    text = quackle_turns(9)           # Ann 137 after FURL, Bert 112: Bert to move
    out = json.loads(session.import_record(text))
    info = out["import"]
    assert info["kind"] == "record" and info["playable"] is True and "readonly" not in out
    assert info["order"] == [1, 0] and [s["name"] for s in out["seats"]] == ["Bert van Dijk", "Ann Tremblay"]
    assert all(s["kind"] == "human" for s in out["seats"]) and out["phase"] == "play"
    assert out["scores"] == [144, 137] and out["to_move"] == 0 and out["actions"] == []
    assert len(out["record_turns"]) == 9 and out["record_turns"][-1]["move"] == "15L FURL"
    assert out["seed"].startswith("import-") and out["start"].endswith("var classic;")
    assert out["bag"] == 100 - len(out["tiles"]) - 14
    # the tiles each kept after their last turn stay on their racks (Ann: BFLNNTU less FUL)
    rec = import_record(text, LEX)
    assert rec.cgp.split()[1] == "IT/BNNT" and not rec.over and rec.first == 1   # Bert: EIMNOTT MONTE
    assert Counter("IT") <= Counter(out["racks"][0]) and Counter("BNNT") <= Counter(out["racks"][1])
    assert len(out["racks"][0]) == len(out["racks"][1]) == 7
    again = json.loads(session.import_record(text))            # the seed comes from the text
    assert again["seed"] == out["seed"] and again["racks"] == out["racks"]
    # its next act works and counts on from the recorded totals
    after = json.loads(session.act(computer_action(session._need_game(), "hard", None)))
    assert "error" not in after and after["scores"][0] == 144 + after["turns"][-1]["score"]
    link = session.link(-1)
    assert link.startswith("g2.") and json.loads(session.open_link(link))["scores"] == after["scores"]


@pytest.mark.parametrize("name", ["woogles_csw21.gcg", "isc_stalled.gcg", "quackle_annotated.gcg"])
def test_a_finished_foreign_record_stays_a_view(name):
    from engine.records.gcg import decode_record
    text = decode_record((ROOT / "tests" / "data" / "gcg" / name).read_bytes())
    out = json.loads(session.import_record(text))
    assert out["readonly"] and out["phase"] == "over" and out["import"]["playable"] is False
    assert out["record_turns"] and not any(v for v in out["legal"].values())


def test_an_imported_record_keeps_what_an_exchange_or_a_phony_left():
    exchanged = import_record(quackle_turns(2), LEX)        # Ann: AEKORRV ARVO; Bert: FFGIPRT -FFP
    assert exchanged.cgp.split()[1] == "EKR/GIRT"             # Ann to move
    unsaid = import_record(quackle_turns(2).replace("-FFP", "-3"), LEX)
    assert unsaid.cgp.split()[1] == "EKR/"                    # which three went back is not said
    passed = import_record(quackle_turns(7), LEX)             # Bert: EHIPRST HIPSTER; Ann: BFLNNTU -
    assert passed.cgp.split()[1] == "/BFLNNTU"
    woogles = (ROOT / "tests" / "data" / "gcg" / "woogles_csw21.gcg").read_text(encoding="utf-8")
    phony = import_record("\n".join(woogles.splitlines()[:14]), LEX)   # ... BEEILNW -- -26 40
    assert phony.cgp.split()[1:4] == ["NR/BEEILNW", "75/40", "1"]      # the phony's tiles go back


def test_import_a_cgp_as_a_game_to_play_on():
    cgp = f"{ZEBRAS} AEINRST/ 40/84 2 var o;"
    out = json.loads(session.import_record(cgp))
    assert out["import"]["kind"] == "position" and out["import"]["playable"] is True and "readonly" not in out
    assert out["rules"] == "o" and [s["name"] for s in out["seats"]] == ["Player 1", "Player 2"]
    assert out["scores"] == [40, 84] and out["racks"][0] == "AEINRST" and len(out["racks"][1]) == 7
    assert out["start"] == cgp and out["seed"].startswith("import-")
    after = json.loads(session.act(computer_action(session._need_game(), "hard", None)))
    assert "error" not in after and after["to_move"] == 1 and len(after["actions"]) == 1
    # no var: classic; a 3-rack position gives three seats
    three = json.loads(session.import_record(f"{ZEBRAS} AEI/B/C 1/2/3 0"))
    assert three["rules"] == "classic" and len(three["seats"]) == 3 and three["scores"] == [1, 2, 3]
    bad = json.loads(session.import_record(f"{ZEBRAS} ZZ/ 0/0 0"))
    assert set(bad) == {"error"} and "Z tiles" in bad["error"]


# ------------------------------------------------------------------ links

def test_a_started_game_shares_a_g2_link_and_an_ordinary_one_g1():
    open_spec(rules="classic", seed="L", seats=HUMANS, start=START)
    session.act(computer_action(session._need_game(), "hard", None))
    before = json.loads(session.snapshot())
    frag = session.link(1)
    assert frag.startswith("g2.") and frag.endswith("&t=1")
    opened = json.loads(session.open_link(frag))
    for key in ("start", "racks", "scores", "actions", "tiles"):
        assert opened[key] == before[key], key
    assert opened["link"]["turn"] == 1
    spec = {k: before[k] for k in ("rules", "seed", "seats", "actions", "start")}
    assert session.link_for(json.dumps(spec)).startswith("g2.")
    open_spec(rules="classic", seed="L", seats=HUMANS)
    assert session.link(-1).startswith("g1.")


def test_the_shipped_g2_links_open_as_their_games():
    data = json.loads((ROOT / "tests" / "data" / "links" / "g2.json").read_text(encoding="utf-8"))
    for case in data["cases"]:
        out = json.loads(session.open_link(case["link"]))
        assert "error" not in out, out
        spec = case["spec"]
        assert out["start"] == spec["start"] and out["actions"] == spec["actions"]
        assert [s["name"] for s in out["seats"]] == [s["name"] for s in spec["seats"]]
        game = Game.replay(PRESETS[spec["rules"]], spec["seed"], spec["actions"], len(spec["seats"]),
                           lexicon=LEX, start=spec["start"])
        assert out["scores"] == list(game.scores) and out["racks"] == list(game.racks)
        assert game.start_scores != (0,) * game.players


# ------------------------------------------------------------------ command line

def _selfplay(*extra):
    return subprocess.run([sys.executable, "-m", "engine", "selfplay", "--rules", "classic", "--seed", "4",
                           "--players", "hard,greedy", *extra], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_selfplay_plays_on_from_a_position():
    proc = _selfplay("--games", "2", "--start", START)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["start"] == f"{START} var classic;" and sum(out["wins"]) == 2.0
    # each level sat once at 120 and once at 84, and scores only grow from there
    # (a classic game's end deduction is far smaller than what the plays add)
    assert all(m > (120 + 84) / 2 for m in out["mean_score"]), out
    game = play_game(CLASSIC, "4-0", ["hard", "greedy"], LEX, start=START)
    assert game.over and game.start_scores == (120, 84) and game.start == out["start"]


@pytest.mark.parametrize("start, message", [
    ("15/15 A/B 0/0 0", "the board has 2 rows"),
    (f"{ZEBRAS} AEINRST/B/C 0/0/0 0", "3 racks"),
])
def test_selfplay_refuses_a_bad_position_in_one_line(start, message):
    proc = _selfplay("--start", start)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("error: cannot play on from that position:") and message in proc.stderr
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1
