"""Computer-against-computer games (the ``selfplay`` command and bench/strength.py)."""

from __future__ import annotations

import statistics
import time

from .ai import Player
from .game import Game
from .movegen import Candidate
from .notation import format_move
from .scoring import evaluate


def move_text(game: Game, move) -> str:
    """Move text for an AI choice in the game's current position."""
    if isinstance(move, Candidate):
        play = move.to_play()
        ev = evaluate(game.board, game.active_rack(), play, game.rules)
        return format_move(game.board, play, ev)
    return format_move(game.board, move)


def play_game(rules, seed, levels, lexicon, timings=None, max_turns=400) -> Game:
    """One game between computer players of the given levels (one per seat)."""
    game = Game(rules, seed, len(levels), lexicon=lexicon, names=list(levels))
    players = [Player(rules, lexicon, lv) for lv in levels]
    while not game.over and len(game.s.turns) < max_turns:
        p = game.to_move
        if players[p].challenges(game):
            game.act("challenge")
            continue
        t0 = time.perf_counter()
        move = players[p].choose(game.board, game.active_rack(), len(game.s.bag))
        if timings is not None:
            timings.append(time.perf_counter() - t0)
        if game.s.phase == "final" and not isinstance(move, Candidate):
            game.act("-")
            continue
        game.act(move_text(game, move))
    return game


def summary(rules, games, seed, levels, lexicon) -> dict:
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
        g = play_game(rules, f"{seed}-{i}", seat_levels, lexicon, timings)
        top = max(g.s.scores)
        winners = [k for k in range(len(levels)) if g.s.scores[k] == top]
        for seat, k in enumerate(order):
            if seat in winners:
                wins[k] += 1.0 / len(winners)
            scores[k].append(g.s.scores[seat])
            ppts[k].append(g.ppt(seat))
    timings.sort()
    n = len(timings)
    return {
        "rules": rules.to_string(), "games": games, "players": list(levels),
        "wins": wins, "mean_score": [round(statistics.fmean(s), 1) for s in scores],
        "mean_ppt": [round(statistics.fmean(p), 2) for p in ppts],
        "seconds_per_move": {"p50": round(timings[n // 2], 4) if n else 0,
                             "p95": round(timings[min(n - 1, int(n * 0.95))], 4) if n else 0},
        "games_per_second": round(games / (time.perf_counter() - t0), 3),
    }
