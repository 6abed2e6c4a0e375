"""The computer's whole turn in one call: ``computer_action(game, level)``.

It returns the text the player to move would type, for ``game.act``. The order of
the decision:

1. **Challenge** (double challenge): the play just made by another player holds
   a word the judge rejects. A computer challenges exactly the invalid plays
   (RULES.md 7), so it never loses a turn to a wrong challenge.
2. **Check the large list** (rule 10.3a): its own failed play, when every failed
   word is in the large list: the play is then withdrawn and it plays again, while
   a check that fails would cost the play's whole value, so it checks only then.
3. **Swap final racks round**: the highest-scoring play with the opponent's rack
   (a valid one earns its value plus 50), or ``-`` to decline when it finds none.
4. **Free trade** (Richard; hard and medium): when the rack shows a trade
   condition, the allowed set whose trade most improves the leave
   (``choose_trade``).
5. Its **play, exchange or pass** (``ai.Player.choose``).

Self-play, bench/, the page's worker (engine.session) and engine.api all call this.

Time: ``budget_ms`` bounds the search (anytime: the best play found when time
runs out). None means unbounded, exhaustive and deterministic: self-play, tests
and anything that must repeat pass None. ``PAGE_BUDGET_MS`` is the page's default.
"""

from __future__ import annotations


from .search.ai import Player, choose_trade
from .board import Board
from .game import GameError
from .search.movegen import Budget
from .notation import format_move
from .rules import Rules
from .lexicon.words import WordJudge

# The page's default: the hard player in iii takes about 0.1 s median and 0.6 s
# p95 natively (bench/movegen.py), Pyodide 1.4-2x that; the budget only cuts the
# rare pathological rack (several wild tiles on a crowded board) to stay well
# under the page's 3 s target.
PAGE_BUDGET_MS = 1500


def computer_action(game, level: str = "hard", budget_ms: float | None = None, *,
                    iterations: int | None = None, seed=None, plan_only: bool = False):
    """The action text of a computer player of ``level`` for the player to move
    (or, once the game is over, a challenge of an invalid last play). Raises
    GameError when there is nothing to decide (the game is over).

    ``iterations`` and ``seed`` concern the expert only (engine/search/expert.py): rounds
    of simulation instead of (or within) the time budget, and the seed of its
    dealing; without either bound it runs ``expert.DEFAULT_ITERATIONS`` rounds.
    ``plan_only``: where the expert would simulate, return its ``Plan`` instead
    (its rounds are then dealt to several workers: engine/session/expert.py)."""
    rules = game.rules
    legal = game.legal_actions()
    me = game.to_move
    last = game.last_turn
    ai = Player(rules, game.lexicon, level)
    if legal.challenge and ai.challenges(game):
        return "challenge"
    if game.over:
        raise GameError("the game is over")
    budget = Budget(ms=budget_ms) if budget_ms is not None else None
    if legal.check and last is not None and last.player == me and last.invalid:
        if WordJudge(rules, game.lexicon).rescued_by_large(list(last.invalid)):
            return "check"
    board = game.board
    rack = active_rack(game)
    if game.phase == "final":
        play = ai.best_play(board, rack, budget)
        return format_move(board, play) if play is not None else "-"
    if legal.trade and level in ("hard", "medium", "expert"):  # greedy ignores leaves; easy keeps it simple
        tiles = choose_trade(rack, rules, game.bag_count)
        if tiles:
            return f"trade {tiles}"
    if level == "expert":
        from .search.expert import Expert
        if plan_only:
            return Expert(rules, game.lexicon).prepare(game, budget, seed)
        return Expert(rules, game.lexicon).choose(game, budget_ms, iterations, seed)
    return move_text(board, ai.choose(board, rack, game.bag_count, budget))


def active_rack(game) -> str:
    """The rack the player to move plays from (the opponent's in the final round)."""
    rack = game.active_rack
    return str(rack() if callable(rack) else rack)


def choose_move(rules: Rules, lexicon, level: str, board: Board, rack, bag_count: int,
                budget_ms: float | None = None) -> str:
    """Step 5 alone, for a bare position (a CGP): the play, exchange or pass of a
    computer player of ``level`` holding ``rack`` with ``bag_count`` tiles in the bag.
    A bare position has no unseen tiles to simulate with: "expert" plays as hard."""
    budget = Budget(ms=budget_ms) if budget_ms is not None else None
    return move_text(board, Player(rules, lexicon, level).choose(board, rack, bag_count, budget))


def move_text(board: Board, move) -> str:
    """Text for a computer's Play, Exchange or Pass on ``board`` (no scoring)."""
    return format_move(board, move)
