"""Text in, text out: the engine's face for callers across a boundary (the page's
worker, the command line). Arguments and results are strings, numbers and plain
dicts, so they cross a Web Worker or a process boundary unchanged. Every function
takes the word lists explicitly (``lexicon``): nothing here reads them from disk.
"""

from __future__ import annotations

from .search.ai import HARD_MAX_BLANKS
from .computer import PAGE_BUDGET_MS, active_rack, choose_move, computer_action
from .search.movegen import AllPlays, Budget, MoveGenerator, TopN, best_first
from .moves import Play
from .notation import format_move, parse_cgp, parse_move
from .rules import Rules
from .scoring import evaluate
from .lexicon.words import WordJudge

# ``moves`` (the exact list; the command line): wild tiles can make it millions of
# plays (minutes, gigabytes), so it stops after this many plays or seconds unless
# told otherwise, and says so.
MOVES_LIMIT = 100_000
MOVES_BUDGET_MS = 10_000


def _need(lexicon):
    if lexicon is None:
        raise ValueError("pass the word lists (a Lexicon) explicitly")
    return lexicon


def score(rules: str, cgp: str, move: str, lexicon) -> dict:
    """The would-be score of a placement by the CGP's first rack, with the
    breakdown (see scoring.Evaluation.to_dict). Raises ValueError subclasses with
    a precise message for unparseable input."""
    r = Rules.from_string(rules)
    pos = parse_cgp(cgp, r)
    rack = pos.racks[0] if pos.racks else ""
    play = parse_move(move, pos.board, r, rack)
    if not isinstance(play, Play):
        raise ValueError("score takes a placement, not an exchange or pass")
    ev = evaluate(pos.board, rack, play, r, WordJudge(r, _need(lexicon)))
    out = ev.to_dict(pos.board.size)
    if not ev.legal:
        out.update(score=0, words=[], invalid_words=[])
    return out


def move_list(rules: str, cgp: str, top: int | None, lexicon, *, limit: int | None = MOVES_LIMIT,
              budget_ms: float | None = MOVES_BUDGET_MS) -> dict:
    """Legal plays of the CGP's first rack, best first, as
    ``{"moves": [{"move", "score"}], "complete": bool, "stopped": str}``:
    ``complete`` is False when ``limit`` plays or ``budget_ms`` ran out first
    (None: no such bound), and ``stopped`` then says which ("plays" or "time"),
    or "memory" when the search kept within ``linegen.MAX_LEFT_PARTS`` instead;
    see ``_search`` for what an incomplete list holds."""
    r = Rules.from_string(rules)
    pos = parse_cgp(cgp, r)
    rack = pos.racks[0] if pos.racks else ""
    budget = Budget(ms=budget_ms, plays=limit) if limit is not None or budget_ms is not None else None
    found, complete = _search(r, _need(lexicon), pos.board, rack, top, budget)
    stopped = ""
    if not complete:   # a bound ran out, or else the left-part table's memory cap did
        stopped = (budget.exhausted if budget is not None else "") or "memory"
    return {"moves": [{"move": format_move(pos.board, c.to_play()), "score": c.score} for c in found],
            "complete": complete, "stopped": stopped}


def _search(rules, lexicon, board, rack, top, budget):
    """(plays best first, complete). Unbounded: the exact generator. Bounded by
    time: first the hard player's quick search (one tile as a blank, swaps all or
    none), then the exact one with the time left, so that a rack of wild tiles,
    whose exact list can take minutes, still gets its good plays; duplicates
    merged. Bounded by plays only: the exact generator's first ``limit`` plays."""
    def recorder():
        return TopN(top) if top else AllPlays()

    found = []
    if budget is not None and budget.deadline is not None:
        quick = MoveGenerator(rules, lexicon, max_blanks=HARD_MAX_BLANKS, swaps="all", pick_left_max=3)
        found += quick.generate(board, rack, recorder(), budget)
    complete = False
    if budget is None or not budget.exhausted:
        rec = recorder()
        found += MoveGenerator(rules, lexicon).generate(board, rack, rec, budget)
        complete = rec.complete
    best = best_first(found)
    cut = top or (budget.plays if budget is not None and not complete else None)
    return (best[:cut] if cut else best), complete


def moves(rules: str, cgp: str, top: int | None, lexicon, *, limit: int | None = MOVES_LIMIT,
          budget_ms: float | None = MOVES_BUDGET_MS) -> list[dict]:
    """Legal plays of the CGP's first rack, best first: [{"move", "score"}]
    (``move_list`` also says whether the list is complete)."""
    return move_list(rules, cgp, top, lexicon, limit=limit, budget_ms=budget_ms)["moves"]


def computer_move(rules: str, cgp: str, level: str, bag: int, lexicon, *,
                  budget_ms: float | None = PAGE_BUDGET_MS) -> str:
    """The move text a computer player of ``level`` chooses for the CGP's first
    rack, with ``bag`` tiles left in the bag (exchanges need a full rack's worth).
    Only the placement decision: with a game, use ``computer_turn``."""
    r = Rules.from_string(rules)
    pos = parse_cgp(cgp, r)
    rack = pos.racks[0] if pos.racks else ""
    return choose_move(r, _need(lexicon), level, pos.board, rack, bag, budget_ms)


def computer_turn(game, level: str = "hard", budget_ms: float | None = PAGE_BUDGET_MS) -> str:
    """The computer's whole decision for the player to move in ``game`` (a
    challenge, a large-list check, the final round, a trade, or its move), as
    action text for ``game.act``; see computer.computer_action."""
    return computer_action(game, level, budget_ms)


def best_moves(game, top: int = 5, budget_ms: float | None = 1000) -> list[dict]:
    """The hint list: the ``top`` highest-scoring plays of the player to move,
    best first, found within ``budget_ms`` (None: exactly, however long); see
    ``_search``."""
    board = game.board
    budget = Budget(ms=budget_ms) if budget_ms is not None else None
    found, _ = _search(game.rules, game.lexicon, board, active_rack(game), max(1, int(top)), budget)
    return [{"move": format_move(board, c.to_play()), "score": c.score} for c in found]
