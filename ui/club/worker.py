"""The club page's engine: one Pyodide interpreter in a Web Worker (club.html).

Like ui/engine_worker.py it only passes text: every argument and result is a str
or an int, and an exception comes back as {"error": ...}. It holds nothing
between calls: the page keeps the tournament and passes it in each time
(engine/club/face.py). ``players`` replays the games kept on this device, whose
stored summaries lack each player's turns and points (RULES.md 8: PPT across
games is the sum of turn points over the sum of turns).
"""

import json

from engine import session, worker_boundary
from engine.club import face
from engine.club.replay import ppt_parts
from engine.game import Game
from engine.records.link import encode
from engine.rules import Rules

STATUS = {"state": "loading", "error": ""}


_guard = worker_boundary.guard


def status():
    return json.dumps(STATUS)


def _family(rules):
    preset = rules.preset
    if preset in ("o", "i", "ii", "iii"):
        return "wordlovers"
    return "richard" if preset == "richard" else "classic"


def _one_game(spec):
    """Each seat's figures in one stored game, or None when it does not replay."""
    rules = Rules.from_string(str(spec["rules"]))
    seats = spec["seats"]
    names = [str(s.get("name", "")) for s in seats]
    game = Game.replay(rules, spec["seed"], list(spec["actions"]), len(seats), lexicon=session.loaded_lexicon(),
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
    return {"family": _family(rules), "rules": rules.to_string(), "seats": out}


def _players(games_text):
    games = json.loads(games_text)
    out, skipped = [], 0
    for g in games:
        try:
            one = _one_game(g["spec"])
        except (ValueError, KeyError, TypeError):
            one = None
        if one is None:
            skipped += 1
            continue
        one["id"], one["date"] = g.get("id", ""), g.get("date", "")
        out.append(one)
    return json.dumps({"games": out, "skipped": skipped})


def players(games_text="[]"):
    """[{"id", "date", "spec"}] -> {"games": [{"family", "rules", "seats": [...]}], "skipped"}."""
    return _guard(_players, str(games_text))


def link_of(spec_text):
    """A stored game's spec as a game link's fragment (a game played here as a result)."""
    return _guard(lambda: json.dumps({"link": encode(json.loads(spec_text))}))


def opened_game(spec_text):
    """{"layout", "snap"} of a new game (the main page's saved-game form)."""
    def run():
        spec = json.loads(spec_text)
        snap = json.loads(session.open(json.dumps(spec)))
        if "error" in snap and "racks" not in snap:
            return json.dumps(snap)
        return json.dumps({"layout": json.loads(session.layout(spec["rules"])), "snap": snap})
    return _guard(run)


def _face(name):
    fn = getattr(face, name)
    return lambda *args: _guard(fn, *[a if isinstance(a, int) else str(a) for a in args])


tournament_new = _face("tournament_new")
tournament_import = _face("tournament_import")
tournament_pair_round = _face("tournament_pair_round")
tournament_repair_round = _face("tournament_repair_round")
tournament_add_player = _face("tournament_add_player")
tournament_withdraw = _face("tournament_withdraw")
tournament_add_result_link = _face("tournament_add_result_link")
tournament_add_typed = _face("tournament_add_typed")
tournament_clear_result = _face("tournament_clear_result")
tournament_standings = _face("tournament_standings")
tournament_game = _face("tournament_game")
tournament_link = _face("tournament_link")
tournament_open_link = _face("tournament_open_link")
tournament_tsh = _face("tournament_tsh")

worker_boundary.load_words(STATUS)
__export__ = ["status", "players", "link_of", "opened_game",
              "tournament_new", "tournament_import", "tournament_pair_round", "tournament_repair_round",
              "tournament_add_player", "tournament_withdraw", "tournament_add_result_link",
              "tournament_add_typed", "tournament_clear_result", "tournament_standings", "tournament_game",
              "tournament_link", "tournament_open_link", "tournament_tsh"]
