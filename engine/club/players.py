"""The players whose games this device kept, with each seat's figures: what the club
page ranks by PPT (club.html, "Players").

The page stores a finished game as its spec (rules, seed, seats, actions), not its
score sheet, and a stored summary lacks each seat's turns and points: PPT across
games is the sum of turn points over the sum of turns (RULES.md 8), so each game is
replayed here and its figures taken from the replay (``ppt_parts``), never from what
was stored. A game that does not replay, or is not over, is counted as skipped.
"""

from __future__ import annotations

from ..game import Game
from ..rules import Rules
from .replay import ppt_parts


def family(rules: Rules) -> str:
    """The page's grouping of rules by the preset they start from: the Word Lovers'
    sets (O, I, II, III, changed or not), Richard's house rules, or classic."""
    preset = rules.preset
    if preset in ("o", "i", "ii", "iii"):
        return "wordlovers"
    return "richard" if preset == "richard" else "classic"


def game_figures(spec: dict, lexicon) -> dict | None:
    """Each seat's figures in one stored game ({"family", "rules", "seats": [{"name",
    "kind", "score", "points", "turns", "best", "best_move", "won", "tied"}]}), or None
    when it is not over. Raises ValueError, KeyError or TypeError when it does not replay."""
    rules = Rules.from_string(str(spec["rules"]))
    seats = spec["seats"]
    names = [str(s.get("name", "")) for s in seats]
    game = Game.replay(rules, spec["seed"], list(spec["actions"]), len(seats), lexicon=lexicon,
                       names=names, start=spec.get("start"))
    if not game.over:
        return None
    top = max(game.scores)
    out = []
    for p, seat in enumerate(seats):
        points, turns = ppt_parts(game, p)
        best = max((t.score for t in game.turns if t.player == p and t.kind == "play"), default=0)
        best_text = next((t.text for t in game.turns if t.player == p and t.kind == "play" and t.score == best), "")
        out.append({"name": names[p], "kind": str(seat.get("kind", "human")), "score": game.scores[p],
                    "points": points, "turns": turns, "best": best, "best_move": best_text,
                    "won": game.scores[p] == top and game.scores.count(top) == 1,
                    "tied": game.scores[p] == top and game.scores.count(top) > 1})
    return {"family": family(rules), "rules": rules.to_string(), "seats": out}


def kept_games(games: list, lexicon) -> dict:
    """[{"id", "date", "spec"}] (the page's stored games) -> {"games": [the figures of
    each finished one, with its "id" and "date"], "skipped": how many did not count}."""
    out, skipped = [], 0
    for g in games:
        try:
            one = game_figures(g["spec"], lexicon)
        except (ValueError, KeyError, TypeError):
            one = None
        if one is None:
            skipped += 1
            continue
        one["id"], one["date"] = g.get("id", ""), g.get("date", "")
        out.append(one)
    return {"games": out, "skipped": skipped}
