"""Our move generator against an independent one: the PyPI package ``wordsolver``
(MIT, a test-time tool pinned in requirements-dev.txt, never used by engine/).

CI-sized: 8 classic positions from bench/positions/classic.txt whose rack has no
blank, plus an opening, with a reduced word list (every word of 2-4 letters of the
large list and every 8th longer word) given to both generators, so wordsolver's
slow search fits in seconds. bench/movegen.py runs the same comparison with the
whole large list on every classic position.

How the two are made comparable (bench/README.md has the details):
- wordsolver lists a one-tile play that makes words both ways twice (across and
  down): plays are compared as sets of (square, letter), one entry each;
- it mishandles blanks already on the board (no main word through one; a cross-word
  counts its letter's value), so board blanks are made natural tiles for both;
- racks hold no blank (wordsolver only plays a blank where no natural tile fits).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from engine.board import LAYOUTS, Board
from engine.lexicon import Lexicon
from engine.search.movegen import MoveGenerator
from engine.rules import PRESETS

ROOT = Path(__file__).resolve().parents[2]


def _load_bench():
    """bench/movegen.py (the comparison helpers), without putting bench/ on sys.path."""
    spec = importlib.util.spec_from_file_location("bench_movegen", ROOT / "bench" / "movegen.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


bench = _load_bench()

try:
    import wordsolver  # noqa: F401
except ImportError:  # pragma: no cover - setup.sh installs it
    pytest.fail("wordsolver is not installed: run `bash scripts/setup.sh` (requirements-dev.txt)",
                pytrace=False)

POSITIONS = 8


@pytest.fixture(scope="module")
def words():
    large = Lexicon.default().words(large=True)
    return [w for i, w in enumerate(large) if len(w) <= 4 or (i % 8 == 0 and len(w) <= 15)]


@pytest.fixture(scope="module")
def generators(words):
    lexicon = Lexicon.from_words(words)
    return MoveGenerator(PRESETS["classic"], lexicon), bench.make_wordsolver(words)


def classic_positions():
    chosen = [p for p in bench.load_positions("classic") if "?" not in p.rack]
    return chosen[:: max(1, len(chosen) // POSITIONS)][:POSITIONS]


@pytest.mark.parametrize("index", range(POSITIONS))
def test_same_plays_and_scores(generators, index):
    ours_gen, solver = generators
    position = classic_positions()[index]
    board = bench.natural_board(position.board)
    ours = bench.our_plays(ours_gen, board, position.rack)
    theirs = bench.wordsolver_plays(solver, board, position.rack)
    assert bench.compare_plays(ours, theirs) == [], position.cgp
    assert all(isinstance(s, int) for s in theirs.values()), "wordsolver scored one play two ways"


def test_opening(generators):
    ours_gen, solver = generators
    board = Board(LAYOUTS["classic15"])
    ours = bench.our_plays(ours_gen, board, "AEIRSTL")
    theirs = bench.wordsolver_plays(solver, board, "AEIRSTL")
    assert ours, "no opening play found: the word list lost its short words"
    assert bench.compare_plays(ours, theirs) == []


def test_positions_are_not_vacuous():
    positions = classic_positions()
    assert len(positions) == POSITIONS
    assert all(not p.board.is_empty() for p in positions)


def test_one_tile_plays_listed_once():
    """A one-tile play that makes a word both ways is one entry after the dedupe,
    while wordsolver itself reports it twice (across and down)."""
    layout = LAYOUTS["classic15"]
    board = Board(layout)
    for sq, ch in ((7 * 15 + 7, "A"), (7 * 15 + 8, "T"), (6 * 15 + 6, "O")):
        board.put(sq, ch)  # AT across at H8, O at G7: a tile on G8 makes ?AT and O? both ways
    words = ["AT", "OAT", "BAT", "OB", "MAT", "OM", "OX"]
    solver = bench.make_wordsolver(words)
    raw = solver.solve(bench.board_for_wordsolver(board), ["B"])
    placed_at_g8 = [s for s in raw if (s[1], s[2]) in ((6, 7), (6, 6))]
    assert len(placed_at_g8) == 2  # BAT across from G8, OB down from G7
    theirs = bench.wordsolver_plays(solver, board, "B")
    ours = bench.our_plays(MoveGenerator(PRESETS["classic"], Lexicon.from_words(words)), board, "B")
    assert theirs == ours == {frozenset({(7 * 15 + 6, "B")}): 9}
