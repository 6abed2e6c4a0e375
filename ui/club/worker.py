"""The club page's engine: one Pyodide interpreter in a Web Worker (club.html).

Like ui/engine_worker.py it only passes text: every argument and result is a str
or an int, and an exception comes back as {"error": ...} (engine/session/boundary.py).
It holds nothing between calls: the page keeps the tournament and passes it in each
time (engine/club/face.py). ``players`` replays the games kept on this device
(engine/club/players.py: PPT across games is the sum of turn points over the sum of
turns, RULES.md 8, which their stored summaries lack).
"""

import json

from engine import session
from engine.club import face
from engine.records.link import encode
from engine.session import boundary, util

STATUS = {"state": "loading", "error": ""}
status = boundary.status_of(STATUS)


def players(games_text="[]"):
    """[{"id", "date", "spec"}] -> {"games": [{"family", "rules", "seats": [...]}], "skipped"}."""
    return _said(lambda: face.players(util.text_of(games_text, "the games kept")))


def _spec(text, what):
    """A game spec the page sent, or a clean error (text that is not a JSON object
    is the page's mistake to report, not an engine failure)."""
    try:
        spec = json.loads(str(text))
    except (ValueError, RecursionError):
        raise face.TournamentError(what + " is not readable (not JSON)") from None
    if not isinstance(spec, dict):
        raise face.TournamentError(what + " is not a game (not a JSON object)")
    return spec


def _said(run):
    """``run()``'s text; a refused request is {"error": its reason}, a bug the guard's."""
    def call():
        try:
            return run()
        except (face.TournamentError, util.SessionError, ValueError) as exc:
            return util.error(exc)
    return boundary.guard(call)


def link_of(spec_text):
    """A stored game's spec as a game link's fragment (a game played here as a result)."""
    return _said(lambda: json.dumps({"link": encode(_spec(spec_text, "the stored game"))}))


def opened_game(spec_text):
    """{"layout", "snap"} of a new game (the main page's saved-game form)."""
    def run():
        spec = _spec(spec_text, "the pairing's game")
        if not isinstance(spec.get("rules"), str):
            raise face.TournamentError("the pairing's game names no rules")
        snap = json.loads(session.open(json.dumps(spec)))
        if "error" in snap and "racks" not in snap:
            return json.dumps(snap)
        return json.dumps({"layout": json.loads(session.layout(spec["rules"])), "snap": snap})
    return _said(run)


TOURNAMENT_FACES = ["tournament_new", "tournament_import", "tournament_pair_round", "tournament_repair_round",
                    "tournament_add_player", "tournament_withdraw", "tournament_rename",
                    "tournament_add_result_link",
                    "tournament_add_typed", "tournament_add_forfeit", "tournament_clear_result", "tournament_standings", "tournament_game",
                    "tournament_link", "tournament_open_link", "tournament_tsh", "tournament_scrutiny"]


def _capped(call):
    """A tournament face whose refusal quotes the page's whole input (a hostile name, a
    pasted page of text) says it in at most util.MAX_MESSAGE characters."""
    def run(*args):
        out = call(*args)
        if out.startswith('{"error"') and len(out) > util.MAX_MESSAGE:
            said = json.loads(out)
            text = str(said.get("error", ""))
            said["error"] = text if len(text) <= util.MAX_MESSAGE else text[:util.MAX_MESSAGE - 3] + "..."
            return json.dumps(said)
        return out
    run.__name__ = call.__name__
    return run


globals().update({name: _capped(call) for name, call in boundary.expose(face, TOURNAMENT_FACES).items()})

boundary.load_words(STATUS)
__export__ = ["status", "players", "link_of", "opened_game"] + TOURNAMENT_FACES
