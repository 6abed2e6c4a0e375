"""A tournament pairing's game and the oath: what a game of an invitation carries.

Why here: a game by link of a tournament's pairing (engine/club/invite.py) carries in
every link the pairing it was started from ("event": {"id", "round", "game"}) and the
oath the players took (RULES.md 15.2: "oath": one digit a seat, 0 none, 1 before the
first move, 2 also after the last). Neither changes the game, so the engine's Game
knows nothing of them; the session keeps them beside its one game, and its link and
snapshots carry them (engine/records/link.py writes them as a g6 link).
"""

from __future__ import annotations

from ..records.link import LinkError, check_event, check_oath

_kept: list = [None, {}]     # [the game they belong to, {"event", "oath"}]


def checked(data: dict) -> dict:
    """The spec's pairing and oath, checked ({} when it has neither); LinkError (a
    ValueError the session reports) for a malformed one."""
    out = {}
    event = check_event(data.get("event"))
    if event:
        out["event"] = event
    oath = data.get("oath")
    if oath:
        seats = data.get("seats")
        if not isinstance(seats, list):
            raise LinkError("the oath is one digit a seat")
        out["oath"] = check_oath(oath, len(seats))
    return out


def keep(game, data: dict):
    """``game`` (returned) with the spec's pairing and oath kept beside it."""
    extra = checked(data)
    _kept[0], _kept[1] = game, extra
    return game


def of(game) -> dict:
    """The pairing and oath of ``game`` ({} for a game opened without them)."""
    return dict(_kept[1]) if game is not None and _kept[0] is game else {}
