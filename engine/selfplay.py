"""Computer-against-computer games (the ``selfplay`` command and bench/strength.py).

Every decision is ``computer.computer_action`` without a time budget, so a game
is exhaustive and the same on every machine (tests rely on it); the expert runs
a fixed number of simulation rounds unless given a time budget."""

from __future__ import annotations

import statistics
import time

from .computer import computer_action, move_text as _move_text
from .game import Game


def move_text(game: Game, move) -> str:
    """Move text for an AI choice (``Player.choose``) in the game's current position."""
    return _move_text(game.board, move)


def play_game(rules, seed, levels, lexicon, timings=None, max_turns=400, start=None, *,
              expert_ms: float | None = None, expert_iterations: int | None = None) -> Game:
    """One game between computer players of the given levels (one per seat), from an
    empty board or from the CGP position ``start`` (its player to move is seat 0).
    ``expert_ms``/``expert_iterations`` bound the expert's simulation (a time
    budget makes its games machine-dependent); other levels are always exhaustive."""
    game = Game(rules, seed, len(levels), lexicon=lexicon, names=list(levels), start=start)
    while not game.over and len(game.turns) < max_turns:
        t0 = time.perf_counter()
        level = levels[game.to_move]
        if level == "expert":
            text = computer_action(game, level, expert_ms, iterations=expert_iterations)
        else:
            text = computer_action(game, level)
        if timings is not None:
            timings.append(time.perf_counter() - t0)
        game.act(text)
    return game


def summary(rules, games, seed, levels, lexicon, start=None, *, expert_ms: float | None = None,
            expert_iterations: int | None = None) -> dict:
    """Games of ``levels`` against each other, seats alternating; from ``start`` (CGP)
    every game plays on from that position with a bag of its own seed. ``expert_ms``,
    ``expert_iterations``: the expert's bound (``play_game``)."""
    wins = [0.0] * len(levels)
    scores = [[] for _ in levels]
    ppts = [[] for _ in levels]
    timings: list[float] = []
    t0 = time.perf_counter()
    for i in range(games):
        # Alternate who starts so neither seat has the first-move edge.
        order = list(range(len(levels)))
        if i % 2:
            order = order[1:] + order[:1]
        seat_levels = [levels[k] for k in order]
        g = play_game(rules, f"{seed}-{i}", seat_levels, lexicon, timings, start=start,
                      expert_ms=expert_ms, expert_iterations=expert_iterations)
        top = max(g.scores)
        winners = [k for k in range(len(levels)) if g.scores[k] == top]
        for seat, k in enumerate(order):
            if seat in winners:
                wins[k] += 1.0 / len(winners)
            scores[k].append(g.scores[seat])
            ppts[k].append(g.ppt(seat))
    timings.sort()
    n = len(timings)
    out = {
        "rules": rules.to_string(), "games": games, "players": list(levels),
        "wins": wins, "mean_score": [round(statistics.fmean(s), 1) for s in scores],
        "mean_ppt": [round(statistics.fmean(p), 2) for p in ppts],
        "seconds_per_move": {"p50": round(timings[n // 2], 4) if n else 0,
                             "p95": round(timings[min(n - 1, int(n * 0.95))], 4) if n else 0},
        "games_per_second": round(games / (time.perf_counter() - t0), 3),
    }
    if start is not None:
        out["start"] = start
    if "expert" in levels:   # its bound, as Expert.choose reads it
        from .search.expert import DEFAULT_ITERATIONS
        rounds = expert_iterations if expert_iterations is not None or expert_ms is not None else DEFAULT_ITERATIONS
        out["expert"] = {"ms": expert_ms, "rounds": rounds}
    return out
