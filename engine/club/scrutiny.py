"""Scrutiny (RULES.md 15.2, 15.3): each player's play beside the engine's best.

Why: an on-line tournament cannot watch its players, but it can look at their
moves. For each player, over their tournament games recorded from a game link,
this counts the turns on which they played the engine's best play (by score:
engine/search/review.py) and the points they left a turn against it, beside the
whole field's figures. A strong player matches the best play often; so does one
who consults a program. The figures are a signal for the director to look
further, never a verdict (the page says so).

The club's worker keeps nothing between calls, so the work is done in steps: each
call reviews the turns after ``cursor`` for about ``STEP_MS`` and returns the
sums so far and the next cursor; the page calls again (a progress bar, cancellable)
until "done". A cursor is {"game", "turn", "sums"}; anything else starts afresh.
"""

from __future__ import annotations

import time

from ..game import Game
from ..rules import Rules
from ..search.review import Reviewer, game_turns
from .model import Tournament, name_key
from .replay import ResultError, game_spec

STEP_MS = 400          # a step's work: the page hears back (progress) at least this often
TURN_BUDGET_MS = 800   # the best play's search a turn (review.py: exact first, then the hard search)


def games_of(t: Tournament) -> list[str]:
    """The links of the recorded games the engine can review (dealt games, not typed)."""
    return [g.result.link for rd in t.paired for g in rd.games
            if g.result is not None and g.result.link and g.result.source in ("link", "here")
            and not g.result.link.startswith("g4.")]


def step(t: Tournament, cursor, lexicon, step_ms: float = STEP_MS, budget_ms: float | None = TURN_BUDGET_MS) -> dict:
    """The next step: {"done", "cursor", "games", "game" (reviewed so far), "rows"}."""
    links = games_of(t)
    cursor = _cursor(cursor, len(links))
    sums = cursor["sums"]
    t0 = time.perf_counter()
    while cursor["game"] < len(links) and (time.perf_counter() - t0) * 1000 < step_ms:
        spec = game_spec(links[cursor["game"]])
        try:
            rules = Rules.from_string(spec["rules"])
            game = Game.replay(rules, spec["seed"], spec["actions"], len(spec["seats"]), lexicon=lexicon,
                               names=[s["name"] for s in spec["seats"]])
        except (ValueError, ResultError):
            cursor = {"game": cursor["game"] + 1, "turn": 0, "sums": sums}
            continue
        turns = game_turns(game)
        reviewer = Reviewer(rules, lexicon, "score", budget_ms)
        k = cursor["turn"]
        while k < len(turns) and (time.perf_counter() - t0) * 1000 < step_ms:
            r = reviewer.review(turns[k])
            name = spec["seats"][r["player"]]["name"]
            row = sums.setdefault(name_key(name), [name, 0, 0, 0])
            row[1] += 1
            row[2] += bool(r["found"])
            row[3] += r["missed"]
            k += 1
        cursor = {"game": cursor["game"] + (k >= len(turns)), "turn": 0 if k >= len(turns) else k, "sums": sums}
    done = cursor["game"] >= len(links)
    return {"done": done, "cursor": cursor, "games": len(links), "game": cursor["game"], "rows": table(sums)}


def table(sums: dict) -> dict:
    """Per player and for the field: turns, the share of best plays, mean points lost a turn."""
    def figures(turns, found, lost):
        return {"turns": turns, "best_share": round(found / turns, 3) if turns else 0.0,
                "mean_lost": round(lost / turns, 2) if turns else 0.0}
    rows = [dict(figures(*v[1:]), player=v[0]) for v in sorted(sums.values(), key=lambda v: name_key(v[0]))]
    total = [sum(v[i] for v in sums.values()) for i in (1, 2, 3)]
    return {"players": rows, "field": figures(*total)}


def _cursor(cursor, games: int) -> dict:
    """A cursor as sent back by the page, checked (a bad one starts afresh)."""
    fresh = {"game": 0, "turn": 0, "sums": {}}
    if not isinstance(cursor, dict):
        return fresh
    g, k, sums = cursor.get("game"), cursor.get("turn"), cursor.get("sums")
    if not (isinstance(g, int) and isinstance(k, int) and 0 <= g <= games and 0 <= k <= 10_000
            and isinstance(sums, dict) and len(sums) <= 1_000):
        return fresh
    for v in sums.values():
        if not (isinstance(v, list) and len(v) == 4 and isinstance(v[0], str)
                and all(isinstance(x, (int, float)) and not isinstance(x, bool) and x >= 0 for x in v[1:])):
            return fresh
    return {"game": g, "turn": k, "sums": sums}


