"""The expert's endings are exact (engine/search/endgame.py): with the bag empty and
both racks known, the search over the full legal move lists agrees with a plain
minimax (tests/reference_endgame.py) on endings from self-play in classic, O (with
and without the final round) and III, and plays the best move in the three
endings an exhaustive search found the old search wrong in. The incremental
move lists and the last-tile bound it rests on are checked against the plain
generator on the way."""

from __future__ import annotations

import random

import pytest

from engine.game import Game
from engine.lexicon import Lexicon
from engine.rules import Rules
from engine.search.endgame import known_racks, search
from engine.search.endgame_bound import LoneTileBound
from engine.search.endgame_moves import EndgameMoves, Move, footprint, square_state
from engine.search.expert import Expert
from engine.search.movegen import Budget, MoveGenerator
from engine.lexicon.words import WordJudge
from reference_endgame import load_endings, solve as reference

LEX = Lexicon.default()
ENDINGS = load_endings(LEX)
LIVE_S = 0.6          # endings whose reference took at most this are also solved again here

# Three endings the old search got wrong (mover's rack first), with the best move
# and its value as an exhaustive search gives them.
ISSUE = {
    "blanks": ("classic", "15/GITTERN2PLUME1/6AQUA2ON1/3V3A3C2A/2OIK2T2BA2L/O2VIEWS1FADING/O1BENNE2RID2O/"
               "ROO3DIMITY2R/I1U6T5/E1R3GAUZE4/2T4P7/2R4I7/2E4EF6/2E4CAJON3/DASHY2EX1WELSH ??/LS 349/388 0",
               "J6 FRITZes", 21),
    "swap": ("o", "9DUGoUT/4A7B2/ENISLE6EH1/X3B1TOEA2YO1/T3A3WIZ2O1/o1ANTIQUED3K1/L3A2N3M1A1/L2V1J1ORISONS1/"
             "E2OVERFED1T3/R1PI1W1F3o3/2ED3I3R3/2AS3C3M3/2G4I3E3/3THERAPY1N3/CAGIER1L7 NOU/O 450/497 0",
             "swap M1; M13 NUt", 12),
    "width": ("o", "2THROATY1SIMAR/4A3EXON1G1/2INDUED5a1/4I1LOWERY1M1/4O5U2I1/2UNGUAL2E2C1/4R2OWED4/"
              "3FAINTED1VIVE/4P6E3/3PHALANGER1J1/4S6B1O1/11E1I1/7KETONES1/10RAFT1/6COLZAS3 BI??/QT 511/464 0",
              "N10 JOISTs", 67),
}


def issue_game(name: str) -> Game:
    preset, cgp, _, _ = ISSUE[name]
    return Game(Rules.from_string(preset), 1, 2, lexicon=LEX, start=cgp)


def mover_spread(game) -> int:
    return game.scores[game.to_move] - game.scores[1 - game.to_move]


# ---------------------------------------------------------------------- the reference
def test_the_committed_endings_cover_the_brief():
    kinds = {rec["rules"] for rec, _ in ENDINGS}
    assert len(ENDINGS) >= 30 and {"classic", "o", "o,final=1", "iii"} <= kinds
    assert {max(map(len, rec["racks"])) for rec, _ in ENDINGS} >= {1, 2, 3, 4}
    for rec, game in ENDINGS:
        assert game.bag_count == 0 and not game.over and list(game.racks) == rec["racks"]


@pytest.mark.parametrize("index", range(len(ENDINGS)), ids=[rec["seed"] for rec, _ in ENDINGS])
def test_the_search_agrees_with_the_reference(index):
    rec, game = ENDINGS[index]
    found = search(game)
    assert found.exact and found.settled == found.moves
    assert mover_spread(game) + found.value == rec["best"], (found, rec["best"])
    assert found.move in rec["optimal"]          # every move of the best value is listed there
    if rec["reference_s"] <= LIVE_S:     # the stored values are the reference's
        again = reference(game)
        assert max(again.values()) == rec["best"]
        assert sorted(t for t, v in again.items() if v == rec["best"]) == rec["optimal"]


VARIANTS = [("classic", "adjust=none"), ("classic", "adjust=transfer"), ("classic", "end=cycle"),
            ("classic", "final=1"), ("o", "adjust=none"), ("o", "end=scoreless"), ("o", "final=1")]


@pytest.mark.parametrize("base,variant", VARIANTS)
def test_each_end_rule_agrees_with_the_reference(base, variant):
    """The smallest endings replayed under another end rule (the play before the
    end is the same): the adjustments, either end condition, the final round."""
    small = sorted((rec["reference_s"], i) for i, (rec, _) in enumerate(ENDINGS) if rec["rules"] == base)[:1]
    assert small
    for _, i in small:
        rec = ENDINGS[i][0]
        game = Game.replay(Rules.from_string(f"{base},{variant}"), rec["seed"], rec["actions"], lexicon=LEX)
        spreads = reference(game)
        best = max(spreads.values())
        found = search(game)
        assert found.exact and mover_spread(game) + found.value == best
        assert spreads[found.move] == best


PASS_RULES = ["classic", "classic,final=1", "classic,adjust=none", "o", "o,final=1", "o,adjust=transfer"]


@pytest.mark.parametrize("text", PASS_RULES)
def test_an_end_by_passes_is_the_engines(text):
    """Passes until the game ends: the search ends it on the same pass as the game
    (six scoreless turns, or a cycle of three), and values the end as the game
    and its final round do (each finder playing the other rack as well as it can)."""
    from engine.search.endgame import _Search
    rec = min((rec for rec, _ in ENDINGS if rec["rules"].split(",")[0] == text.split(",")[0]),
              key=lambda r: r["reference_s"])
    game = Game.replay(Rules.from_string(text), rec["seed"], rec["actions"], lexicon=LEX)
    passes = 0
    while True:
        probe = _Search(game, None, None, 1)
        child = probe.child(probe.root, next(m for m in probe.moves.full(probe.root.board, (), {}, probe.root.racks[
            probe.root.mover]) if m.cand is None and not m.pre))
        after = game.at(len(game.actions))
        after.act("-")
        ended = after.over or after.phase == "final"
        assert probe.ended(child) == ended, passes
        if ended:
            spreads = reference(game)
            assert spreads["-"] == mover_spread(game) - probe.end_value(child)
            found = search(game)
            assert found.exact and mover_spread(game) + found.value == max(spreads.values())
            break
        game, passes = after, passes + 1
    assert passes == (5 if text.startswith("classic") else 2)


# ---------------------------------------------------------------------- the issue's endings
@pytest.mark.parametrize("name", ISSUE)
def test_the_expert_plays_the_best_move_exactly(name):
    """Without a time budget the expert's endgame search is bounded by positions
    (deterministic); these endings are solved within it."""
    game = issue_game(name)
    _, _, best_move, best_value = ISSUE[name]
    assert known_racks(game)
    expert = Expert(game.rules, LEX)
    move = expert.choose(game)
    assert expert.stopped == "endgame" and expert.endgame.exact
    assert expert.endgame.value == best_value
    if move != best_move:     # an equal move: both go out, to the same final spread
        ends = []
        for text in (move, best_move):
            after = game.at(len(game.actions))
            after.act(text)
            assert after.over
            ends.append(after.scores[game.to_move] - after.scores[1 - game.to_move])
        assert ends[0] == ends[1] == mover_spread(game) + best_value


def test_within_the_pages_budget_the_blank_ending_is_exact():
    game = issue_game("blanks")
    expert = Expert(game.rules, LEX)
    assert expert.choose(game, budget_ms=3000) == "J6 FRITZes"
    assert expert.endgame.exact and expert.endgame.ms < 3000


def test_a_search_cut_short_says_so_and_still_moves():
    game = issue_game("width")
    cut = search(game, Budget(ms=1000))
    assert not cut.exact and cut.move is not None
    game.at(len(game.actions)).act(cut.move)       # a legal move
    a, b = search(game, nodes=3000), search(game, nodes=3000)
    assert not a.exact and (a.move, a.value, a.settled) == (b.move, b.value, b.settled)


# ---------------------------------------------------------------------- what the search rests on
def _walk(game, seed: int, plies: int):
    """Boards a few random placements away from ``game``'s, with the lists the
    incremental generator made on the way: [(board, delta, rack, moves, changed)]."""
    rng = random.Random(seed)
    root = game.board
    gen = EndgameMoves(game.rules, LEX, root)
    board, delta, racks, mover = root, {}, list("".join(sorted(r)) for r in game.racks), game.to_move
    out = []
    for _ in range(plies):
        bkey = tuple(sorted(delta.items()))
        moves = gen.full(board, bkey, delta, racks[mover])
        placements = [m for m in moves if m.cand is not None and not m.out]
        if not placements:
            break
        m = rng.choice(placements[:40])
        after, changed = m.apply(board)
        out.append((board, delta, racks[mover], moves, m, after, changed))
        delta = dict(delta)
        for sq in changed:
            state = square_state(after, sq)
            if state == square_state(root, sq):
                delta.pop(sq, None)
            else:
                delta[sq] = state
        board, racks[mover], mover = after, m.leave, 1 - mover
    return gen, out


def _plays(rules, board, rack) -> dict:
    """{(tiles, swaps and pick): the generator's play} of the plain exact generator."""
    return {(c.tiles, c.pre): c for c in MoveGenerator(rules, LEX).generate(board, list(rack))}


def _scores(plays: dict) -> dict:
    return {key: c.score for key, c in plays.items()}


def _hits(board, cand, mask: int) -> bool:
    return bool(footprint(board, Move(cand.score, cand.leave, cand)) & mask)


SAMPLES = [("blanks", 0), ("swap", 1), ("width", 2), ("iii", 3)]


def sample_game(name: str) -> Game:
    """An issue ending, or a committed III ending of three tiles or more (pick-offs, JQXZ wild)."""
    if name in ISSUE:
        return issue_game(name)
    return next(g for rec, g in ENDINGS if rec["rules"] == name and max(map(len, rec["racks"])) >= 3)


@pytest.mark.parametrize("name,seed", SAMPLES)
def test_incremental_lists_are_the_full_generators(name, seed):
    game = sample_game(name)
    gen, walk = _walk(game, seed, 4)
    assert walk
    for board, _, rack, moves, _, _, _ in walk:
        listed = {m.key: m.score for m in moves if m.cand is not None}
        assert listed == _scores(_plays(game.rules, board, rack))
        leaves = {m.leave for m in moves if m.cand is not None}
        for leave in sorted(leaves)[:3]:      # a smaller rack, from the line memo's larger one
            sub = gen.full(board, ("sub", leave), {}, leave)
            assert {m.key: m.score for m in sub if m.cand is not None} == _scores(_plays(game.rules, board, leave))


@pytest.mark.parametrize("name,seed", SAMPLES)
def test_inherited_moves_are_legal_with_their_score(name, seed):
    game = sample_game(name)
    _, walk = _walk(game, seed, 3)
    assert walk
    for board, _, rack, moves, _, after, changed in walk:
        mask = sum(1 << sq for sq in changed)
        clear = {k.key: k.score for k in moves if k.cand is not None and not footprint(board, k) & mask}
        on_after = _plays(game.rules, after, rack)
        assert all(key in on_after and on_after[key].score == score for key, score in clear.items())
        assert all(key in clear for key, c in on_after.items() if not _hits(after, c, mask))


@pytest.mark.parametrize("name,seed", [("blanks", 5), ("swap", 6), ("width", 7)])
def test_the_last_tile_bound_holds(name, seed):
    """Every one-tile play whose footprint holds a square where the board differs
    from another (a tile placed on one of them, the other's tile missing) scores
    at most the bound: the others are plays of the other board. Each square is
    checked alone (the tightest bound) and all together."""
    game = sample_game(name)
    bound = LoneTileBound(game.rules, game.judge)
    _, walk = _walk(game, seed, 3)
    _, other = _walk(game, seed + 100, 2)
    boards = [after for *_, after, _ in walk] + [after for *_, after, _ in other]
    checked = 0
    for one, two in zip(boards, boards[1:] + boards[:1]):
        differs = [sq for sq in range(len(one.cells)) if one.cells[sq] != two.cells[sq]]
        blanks = {c.upper() for c in two.cells if c.islower()}
        for tile in "?ESXZJK" + "".join(sorted(set(game.rack(0)))):
            plays = list(_plays(game.rules, two, tile).values())
            for changed in [differs] + [[sq] for sq in differs]:
                mask = sum(1 << sq for sq in changed)
                limit = bound(two, changed, tile, blanks)
                for c in plays:
                    if _hits(two, c, mask):
                        assert c.score <= limit, (tile, changed, c.tiles, c.score, limit)
                        checked += 1
    assert checked


def test_a_tile_that_can_swap_for_a_changed_blank_has_no_bound():
    """In O a natural O may take back a blank O on a changed square and play it
    anywhere, so no bound holds (and a play swapping it scores more than any
    bound near that square would say)."""
    game = issue_game("swap")
    board = game.board
    bound = LoneTileBound(game.rules, game.judge)
    blank = next(sq for sq, c in enumerate(board.cells) if c == "o")
    assert bound(board, [blank], "O", {"O"}) == float("inf")
    assert bound(board, [blank], "E", {"O"}) < float("inf")
    plays = _plays(game.rules, board, "O").values()
    assert any(("swap", blank) in c.pre and _hits(board, c, 1 << blank) for c in plays)


def test_the_bound_counts_premiums_and_words():
    """X next to an A on G2: AX across (H2, 9) or down (G3, a double letter: 17);
    XA on the triple letter F2 would score 25, but it is no word here (nor ZA,
    AZ, QA, AQ)."""
    from engine.board import LAYOUTS, Board
    board = Board(LAYOUTS["classic15"])
    board.cells[1 * 15 + 6] = "A"            # G2
    rules = Rules.from_string("classic")
    bound = LoneTileBound(rules, WordJudge(rules, LEX))
    assert bound(board, [1 * 15 + 6], "X", set()) == 17
    assert bound(board, [1 * 15 + 6], "Z", set()) == bound(board, [1 * 15 + 6], "Q", set()) == float("-inf")
    board.cells[1 * 15 + 4] = "B"            # E2: B?A with F2 between, on the triple letter
    assert bound(board, [1 * 15 + 4], "O", set()) == 3 + 1 * 3 + 1   # BOA: B 3, O 1 x 3, A 1


def test_a_big_ending_cut_short_plays_the_narrow_look_aheads_choice():
    """Seven tiles a side: the exact search rarely ends in the time; the move it
    tries first, and plays when it settles none, is the narrow look ahead's."""
    from engine.search.endgame import NARROW_DEPTH
    from engine.search.endgame_narrow import narrow_choice
    from reference_endgame import play_to_ending
    game = play_to_ending(Rules.from_string("o"), "big-ending", LEX, 7)
    assert game is not None and max(map(len, game.racks)) > 4
    hard = Expert(game.rules, LEX).hard
    found = search(game, nodes=200, hard=hard)
    assert not found.exact and found.settled == 0
    assert found.move == narrow_choice(game, hard, None, NARROW_DEPTH)
    assert found.move != search(game, nodes=200).move     # the first by equity, without it
