"""The tournament director's text face: what the page calls through the engine worker.

Like engine.session, every argument and result is a str (JSON text) or an int.
The worker keeps nothing: the page stores the tournament (the JSON object under
"tournament" in a reply) and passes it back as text with each call. A request
that cannot be carried out returns ``{"error": message}`` and the page keeps the
tournament as it was; nothing here raises for bad input.

Changes (each returns {"tournament": {...}, "message": text, maybe ""}):

- ``tournament_new(spec)``: spec {"name", "rules" (preset or rules string),
  "players": [names], "rounds", "method": "ppt" | "roundrobin", "seed"}.
- ``tournament_import(text)``: a tournament's JSON (an export), checked.
- ``tournament_pair_round(t)``: the next round paired (the one before must be
  finished); the message says when the round was drawn or repeats were needed.
- ``tournament_repair_round(t)``: the latest round paired again around what is
  posted (only the players a withdrawal left without a game move); the message
  says what changed.
- ``tournament_add_player(t, name)`` / ``tournament_withdraw(t, name)`` /
  ``tournament_rename(t, name, new_name)`` (everywhere: the list, pairings, byes).
- ``tournament_add_result_link(t, link, round=0, source="link", replace=0)``: a
  finished game's share link (or, source "here", the link of a game played on
  this device) as a result: replayed, checked against the pairing (round 0: the
  latest round pairing its players). The message flags a game not started from
  the pairing or the other player moving first.
- ``tournament_add_typed(t, typed)``: typed {"round", "first", "second",
  "scores": [a, b], "turns": [a, b], "adjust": [a, b] (the end adjustments,
  which PPT leaves out; default none), "replace": false}, in the names' order.
- ``tournament_add_forfeit(t, round, first, second, absent, replace=0)``: a no-show:
  the other player wins by forfeit, 50-0 with no turns (TSH's convention); absent
  "": neither came, both lose by 50.
- ``tournament_clear_result(t, round, first, second)``: take a result back. A
  correction of an earlier round changes no posted pairing, and says so.

Reading:

- ``tournament_standings(t)``: {"standings": rows (engine/club/standings.py, with
  "withdrawn"), "rounds": [{"round", "drawn", "bye", "finished", "repeats",
  "games": [{"game", "players", "seed", "result", "history" (corrected results,
  oldest first), "invite" (an unplayed game's invitation: its game link's fragment)}],
  "round_link" (the round link's fragment)}], "next": {"can_pair", "why",
  "unpaired": the latest round's players with no game and no bye}}.
- ``tournament_game(t, round, first, second)``: {"spec": the pairing's game spec
  for session.open (both seats people), "link": its start link's fragment}.
- ``tournament_link(t)``: {"link": the standings link's fragment, without '#'}.
- ``tournament_open_link(fragment)``: {"tournament", "readonly": true}; for a round
  link (engine/club/invite.py) {"round": {"name", "rules", "round", "games": [{"game",
  "players", "link": its invitation's fragment}]}}.
- ``tournament_scrutiny(t, cursor)``: the next step of the scrutiny (engine/club/
  scrutiny.py): {"done", "cursor" (to pass back, as JSON text; "null" to start),
  "games", "game" (reviewed so far), "rows": {"players": [{"player", "turns",
  "best_share", "mean_lost"}], "field": {...}}}.
- ``tournament_tsh(t, encoding="latin-1")``: {"tsh": the .t file's text, "renamed":
  {name: as written}, "notes": [rounds TSH reads otherwise], "encoding", "href":
  a data: URL of the file's bytes in that encoding ("latin-1", TSH's default, or "utf-8")}.
- ``players(games)``: the games kept on this device ([{"id", "date", "spec"}]), each
  seat's figures from its replay (engine/club/players.py): {"games", "skipped"}.

The word lists for replaying links are the session's (``session.load_lexicon``).
"""

from __future__ import annotations

import json

from ..records.link import encode as encode_game_link
from . import director, invite, scrutiny, share
from .players import kept_games
from .model import Tournament, TournamentError, rounds_note

MAX_TEXT = 5_000_000


def _error(exc: Exception) -> str:
    return json.dumps({"error": str(exc)})


def _load(text) -> Tournament:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise TournamentError("the tournament is not readable")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise TournamentError("the tournament is not readable (not JSON)") from None
    if isinstance(data, dict) and "tournament" in data and "format" not in data:
        data = data["tournament"]      # a whole reply passed back is fine too
    return Tournament.from_dict(data)


def _changed(t: Tournament, message: str = "") -> str:
    return json.dumps({"tournament": t.to_dict(), "message": message})


def _lexicon():
    from .. import session
    return session.loaded_lexicon()


def _int(value, what: str) -> int:
    if isinstance(value, bool):
        raise TournamentError(f"{what} must be a whole number")
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        raise TournamentError(f"{what} must be a whole number") from None


# -------------------------------------------------------------------- changes

def tournament_new(spec: str) -> str:
    try:
        data = json.loads(spec)
        if not isinstance(data, dict):
            raise TournamentError("a new tournament is {\"name\", \"rules\", \"players\", \"rounds\", ...}")
        t = director.new_tournament(data.get("name"), data.get("rules", "classic"), data.get("players"),
                                    data.get("rounds"), data.get("method", "ppt"), data.get("seed", 1))
        return _changed(t, rounds_note(t.rounds, len(t.players)))
    except (ValueError, TypeError, RecursionError) as exc:
        return _error(exc if isinstance(exc, TournamentError) else TournamentError(
            "the new tournament's details are not readable"))


def tournament_import(text: str) -> str:
    try:
        return _changed(_load(text))
    except ValueError as exc:
        return _error(exc)


def tournament_pair_round(t: str) -> str:
    return _paired(director.pair_next_round, t)


def tournament_repair_round(t: str) -> str:
    try:
        old = _load(t)
        new = director.repair_round(old)
    except ValueError as exc:
        return _error(exc)
    again = director.repeats(new, len(new.paired))
    note = f" No pairing without repeats exists: {_pairs(again)} meet again." if again else ""
    return _changed(new, director.repair_note(old, new) + note)


def _pairs(pairs) -> str:
    return ", ".join(f"{a} and {b}" for a, b in pairs)


def _paired(pair, t: str) -> str:
    """The tournament with its latest round paired by ``pair``, and what to say of it."""
    try:
        new = pair(_load(t))
    except ValueError as exc:
        return _error(exc)
    return _changed(new, _round_message(new, len(new.paired)))


def _round_message(t: Tournament, r: int) -> str:
    parts = []
    rd = t.round_of(r)
    if rd.drawn:
        parts.append(f"Round {r} is drawn by the seed (nobody has a PPT yet).")
    again = director.repeats(t, r)
    if again:
        met = ", ".join(f"{a} and {b}" for a, b in again)
        parts.append(f"No pairing without repeats exists: {met} meet again.")
    return " ".join(parts)


def tournament_add_player(t: str, name: str) -> str:
    try:
        new = director.add_player(_load(t), name)
    except ValueError as exc:
        return _error(exc)
    return _changed(new, f"{new.players[-1].name} plays from round {new.players[-1].joined}.")


def tournament_rename(t: str, name: str, new_name: str) -> str:
    try:
        old = _load(t)
        before = old.player(str(name)).name
        new = director.rename_player(old, name, new_name)
    except ValueError as exc:
        return _error(exc)
    after = director.check_name(new_name)
    return _changed(new, f"{before} is now {after}, in every round." if after != before else
                    f"{before} keeps that name.")


def tournament_withdraw(t: str, name: str) -> str:
    try:
        old = _load(t)
        new = director.withdraw_player(old, name)
    except ValueError as exc:
        return _error(exc)
    waiting = director.unpaired(new)
    note = ""
    if waiting:
        who = " and ".join(waiting)
        note = (f" Their unplayed game was dropped: {who} {'has' if len(waiting) == 1 else 'have'} no game in "
                f"round {len(new.paired)}. Pair the latest round again to pair {who} (the other games stand).")
    return _changed(new, f"{new.player(str(name)).name} is paired no more.{note}")


def tournament_add_result_link(t: str, link: str, round: int = 0, source: str = "link",  # noqa: A002
                               replace: int = 0) -> str:
    try:
        new, message = director.add_link(_load(t), _int(round, "the round"), str(link), _lexicon(),
                                         str(source), bool(replace))
    except ValueError as exc:
        return _error(exc)
    if replace:
        message = _joined(message, director.correction_note(new, _int(round, "the round")))
    return _changed(new, message)


def _joined(message: str, note: str) -> str:
    """A reply's message and a note, as sentences."""
    if message and note:
        return message[:1].upper() + message[1:].rstrip(".") + ". " + note
    return message or note


def tournament_add_typed(t: str, typed: str) -> str:
    try:
        data = json.loads(typed)
        if not isinstance(data, dict):
            raise TournamentError("typed figures are {\"round\", \"first\", \"second\", \"scores\", \"turns\"}")
        r = _int(data.get("round", 0), "the round")
        new = director.add_typed(_load(t), r, str(data.get("first")), str(data.get("second")),
                                 data.get("scores"), data.get("turns"), bool(data.get("replace", False)),
                                 data.get("adjust", [0, 0]))
    except (ValueError, TypeError, RecursionError) as exc:
        return _error(exc if isinstance(exc, TournamentError) else TournamentError(
            "the typed figures are not readable"))
    return _changed(new, director.correction_note(new, r) if data.get("replace") else "")


def tournament_add_forfeit(t: str, round: int, first: str, second: str, absent: str,  # noqa: A002
                           replace: int = 0) -> str:
    try:
        r = _int(round, "the round")
        new = director.add_forfeit(_load(t), r, str(first), str(second), str(absent) if absent else None,
                                   bool(replace))
    except ValueError as exc:
        return _error(exc)
    rd, g = director.find_game(new, r, str(first), str(second))
    if not absent:
        said = f"Recorded: round {rd.round}, neither {g.players[0]} nor {g.players[1]} came: both lose by forfeit."
    else:
        gone = [director.name_key(n) for n in g.players].index(director.name_key(str(absent)))
        said = f"Recorded: round {rd.round}, {g.players[1 - gone]} wins by forfeit ({g.players[gone]} did not come)."
    return _changed(new, _joined(said, director.correction_note(new, r)) if replace else said)


def tournament_clear_result(t: str, round: int, first: str, second: str) -> str:  # noqa: A002
    try:
        r = _int(round, "the round")
        new = director.clear_result(_load(t), r, str(first), str(second))
    except ValueError as exc:
        return _error(exc)
    return _changed(new, _joined("The result is taken back; the game is to be recorded again.",
                                 director.correction_note(new, r)))


# -------------------------------------------------------------------- reading

def tournament_standings(t: str) -> str:
    try:
        tour = _load(t)
    except ValueError as exc:
        return _error(exc)
    rounds, data = [], tour.to_dict()["paired"]
    for rd in tour.paired:
        games = [{"game": g.game, "players": list(g.players), "seed": tour.game_seed(rd.round, g),
                  "result": data[rd.round - 1]["games"][i]["result"],
                  "history": data[rd.round - 1]["games"][i].get("history", [])}
                 for i, g in enumerate(rd.games)]
        invites = {i["game"]: i["link"] for i in invite.invitations(tour, rd.round)}
        for g in games:
            if g["game"] in invites:
                g["invite"] = invites[g["game"]]
        rounds.append({"round": rd.round, "drawn": rd.drawn, "bye": rd.bye, "games": games,
                       "finished": all(g.result is not None for g in rd.games),
                       "repeats": director.repeats(tour, rd.round), "round_link": _round_link(tour, rd.round)})
    why = director.why_not_pair(tour)
    return json.dumps({"standings": director.table(tour), "rounds": rounds,
                       "next": {"can_pair": not why, "why": why, "unpaired": director.unpaired(tour)}})


def _round_link(t: Tournament, r: int) -> str:
    try:
        return invite.encode_round(t, r)
    except ValueError:     # too long for a link: each invitation is still on the page
        return ""


def tournament_game(t: str, round: int, first: str, second: str) -> str:  # noqa: A002
    try:
        spec = director.game_spec(_load(t), _int(round, "the round"), str(first), str(second))
        return json.dumps({"spec": spec, "link": encode_game_link(spec)})
    except ValueError as exc:
        return _error(exc)


def tournament_link(t: str) -> str:
    try:
        return json.dumps({"link": share.encode(_load(t))})
    except ValueError as exc:
        return _error(exc)


def tournament_open_link(fragment: str) -> str:
    try:
        if str(fragment).strip().lstrip("#").startswith("r"):
            return json.dumps({"round": invite.decode_round(str(fragment))})
        return json.dumps({"tournament": share.decode(str(fragment)).to_dict(), "readonly": True})
    except ValueError as exc:
        return _error(exc)


def tournament_scrutiny(t: str, cursor: str = "null") -> str:
    try:
        tour = _load(t)
        try:
            at = json.loads(str(cursor))
        except (ValueError, RecursionError):
            at = None
        return json.dumps(scrutiny.step(tour, at, _lexicon()))
    except ValueError as exc:
        return _error(exc)


def tournament_tsh(t: str, encoding: str = "latin-1") -> str:
    try:
        text, renamed, notes = share.tsh(_load(t), str(encoding))
        return json.dumps({"tsh": text, "renamed": renamed, "notes": notes, "encoding": encoding,
                           "href": share.tsh_href(text, encoding)})
    except ValueError as exc:
        return _error(exc)


def players(games_text: str = "[]") -> str:
    """The page's stored games, each replayed for its seats' figures (players.kept_games);
    text that is not a JSON list is refused with its reason."""
    try:
        games = json.loads(str(games_text))
    except (ValueError, RecursionError):
        return _error(TournamentError("the games kept on this device are not readable (not JSON)"))
    if not isinstance(games, list):
        return _error(TournamentError("the games kept on this device are not a list"))
    try:
        lexicon = _lexicon()
    except ValueError:   # no word lists: no game replays, and each counts as skipped
        lexicon = None
    return json.dumps(kept_games(games, lexicon))
