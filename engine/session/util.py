"""What the session (engine/session/__init__.py) reads from the page, checked: the
spec's seats and hints, a placement, whole numbers in a range, JSON text; the
replay of a logged action list that stops, with a player's message, at the first
action it cannot read or play; which seat a computer request is for; and the
replies the game page and the table page share (a placement's live score, a
check that withdrew the play). Split out of __init__.py for size; the review
(review.py) and the table's face (engine/table/face.py) use it too.

Every function here raises SessionError (a ValueError) with a message for a
player, never TypeError or RecursionError, whatever the page sends.
"""

from __future__ import annotations

import json

from ..actionlog import fit_name, split_action
from ..board import parse_square
from ..moves import Play, merged_picks
from ..notation import format_move
from ..tiles import WILD_LETTERS


class SessionError(ValueError):
    """A request the session cannot carry out (the message is for a player)."""


def quote(text, limit: int = 40) -> str:
    text = str(text)
    return repr(text if len(text) <= limit else text[:limit] + "...")


MAX_MESSAGE = 500   # an error is a message for a player: one quoting a whole input is cut here


def dumps(obj) -> str:
    """JSON text with every character as itself: the page's MicroPython reads a
    \\ud83e\\udd8a escape as two broken halves, so an emoji in a name would come out as
    unknown characters (engine/table/face.py answers the same way)."""
    return json.dumps(obj, ensure_ascii=False)


def error(exc: Exception) -> str:
    text = str(exc)
    return dumps({"error": text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 3] + "..."})


def json_object(text: str, what: str) -> dict:
    """A JSON object from the page; nesting too deep for the parser is unreadable too."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise SessionError(f"the {what} is not readable") from None
    if not isinstance(data, dict):
        raise SessionError(f"the {what} is not readable")
    return data


def text_of(value, what: str) -> str:
    """Text the page sent: a str as it is, anything else as its text (None: "");
    SessionError for a number too long to write out (``str(10 ** 5000)`` raises)."""
    if isinstance(value, str):
        return value
    try:
        return "" if value is None else str(value)
    except ValueError:
        raise SessionError(f"{what} must be text, not a number of more than 4,300 digits") from None


def int_in(value, lo: int, hi: int, what: str) -> int:
    if isinstance(value, bool):
        raise SessionError(f"{what} must be a whole number")
    try:
        n = int(value)
    except (TypeError, ValueError, OverflowError):
        raise SessionError(f"{what} must be a whole number") from None
    if not lo <= n <= hi:
        raise SessionError(f"{what} must be {lo} to {hi}")
    return n


def seats_of(raw, kinds) -> list[dict]:
    """The spec's seats: 1 to 4 {"name", "kind"}; names fitted to the engine's one
    limit (actionlog.fit_name), so an older spec or link with a longer name opens."""
    if raw is None:
        raw = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]
    if not isinstance(raw, list) or not 1 <= len(raw) <= 4:
        raise SessionError("a game has 1 to 4 seats")
    seats = []
    for i, seat in enumerate(raw):
        if not isinstance(seat, dict):
            raise SessionError(f"seat {i + 1} is malformed")
        kind = str(seat.get("kind", "human"))
        if kind not in kinds:
            raise SessionError(f"seat {i + 1}: unknown player kind {quote(kind)}")
        name = fit_name(" ".join(str(seat.get("name") or "").split()), f"Player {i + 1}")
        seats.append({"name": name, "kind": kind})
    return seats


def hints_of(raw, players: int) -> list[tuple[int, int]]:
    """The spec's hints: [actions logged, seat] pairs (absent: none)."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > 100_000:
        raise SessionError("the hints must be a list of [move number, seat] pairs")
    out = []
    for h in raw:
        if (not isinstance(h, list) or len(h) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in h)
                or h[0] < 0 or not 0 <= h[1] < players):
            raise SessionError(f"a hint {quote(h)} is not a [move number, seat] pair of this game")
        out.append((h[0], h[1]))
    return out


def replay_log(game, actions, source: str) -> tuple[str, str] | None:
    """Play a logged action list on ``game``; stop at the first action that cannot
    be read or is not legal. None when every action was played, else (why, warning):
    why it stopped, and that with where the game opened, for a player. The game
    keeps the actions before it: a log damaged at its end still opens."""
    for i, action in enumerate(actions):
        try:
            text, ms = split_action(action)
        except ValueError as exc:
            why = f"move {i + 1} of the {source} cannot be read: {exc}"
        else:
            try:
                game.act(text, None if ms is None else ms / 1000)
                continue
            except ValueError as exc:
                why = f"move {i + 1} ({quote(action)}) is not legal here: {exc}"
        where = f"the game is opened after move {i}" if i else "the game is opened at its start"
        return why, f"{why}; {where} of {len(actions)}."
    return None


def deciding_seat(game) -> int:
    """Who decides now: the seat to move, or once the game is over, the seat that
    may still challenge the play that ended it (the next seat, as ``challenge``
    with no seat named)."""
    if not game.over:
        return game.to_move
    last = game.last_turn
    seat = (last.player + 1) % game.players if last is not None else 0
    if last is None or not game.legal_actions().challenge or game.timed_out[seat]:
        raise SessionError("the game is over")
    return seat


# --------------------------------------------------------------------- placements

def play_of(data: dict, game) -> Play:
    """The page's placement JSON as a Play on ``game``'s board."""
    size = game.board.size
    tiles = data.get("tiles") or []
    if not isinstance(tiles, list) or not tiles:
        raise SessionError("put at least one tile on the board")
    if len(tiles) > size:
        raise SessionError(f"a play places at most {size} tiles")
    placed = []
    for t in tiles:
        if not isinstance(t, dict):
            raise SessionError("a placed tile is malformed")
        sq = square(t.get("sq"), size)
        tile = str(t.get("tile", "")).upper()
        letter = str(t.get("letter", "")).upper()
        if len(tile) != 1 or not ("A" <= tile <= "Z" or tile == "?"):
            raise SessionError(f"unknown rack tile {quote(tile)}")
        if len(letter) != 1 or not "A" <= letter <= "Z":
            raise SessionError("choose the letter the tile stands for")
        face_down = t.get("face_down", False)
        if not isinstance(face_down, bool):
            raise SessionError("a placed tile's face_down must be true or false")
        if face_down and tile not in WILD_LETTERS:
            raise SessionError(f"only a J, Q, X or Z can be played face down, not {quote(tile)}")
        cell = letter if tile == letter and not face_down else letter.lower()
        placed.append((sq, cell, tile))
    pre = data.get("pre")
    if pre is None:
        pre = []
    if not isinstance(pre, list) or len(pre) > size * size:
        raise SessionError("the swaps and pick-off before a play must be a list like [\"swap J5\"]")
    pre = tuple(_pre_of(p, size) for p in pre)
    across = _direction(placed, size, data.get("across"))
    return Play(tuple(sorted(placed)), merged_picks(pre, size, across), across)


def _pre_of(text, size: int):
    if not isinstance(text, str):
        raise SessionError(f"unknown action {quote(text)}")
    kind, _, sq = text.strip().partition(" ")
    if kind not in ("swap", "pick"):
        raise SessionError(f"unknown action {quote(text)}")
    return kind, square(sq, size)


def _direction(placed, size: int, hint) -> bool:
    """Across when the tiles share a row, down when a column; one tile: the hint."""
    rows = {sq // size for sq, _, _ in placed}
    cols = {sq % size for sq, _, _ in placed}
    if len(placed) > 1 and len(rows) == 1:
        return True
    if len(placed) > 1 and len(cols) == 1:
        return False
    return True if hint is None else bool(hint)


def placed_tile(sq: str, cell: str, tile: str) -> dict:
    """One tile of a placement JSON: "face_down" marks a J/Q/X/Z played face down
    (JQXZ wild), even for its own letter."""
    out = {"sq": sq, "tile": tile, "letter": cell.upper()}
    if cell.islower() and tile in WILD_LETTERS:
        out["face_down"] = True
    return out


# --------------------------------------------------------------------- replies

def preview_reply(game, placement: str) -> dict:
    """The live score of the tiles the page has put down (its placement JSON) on
    ``game``: the evaluation's dict with "move", the text that plays them, or None
    when they cannot be played ("error" says why; no score, no words). The
    session's ``preview`` and the table's (engine/table/face.py)."""
    try:
        play = play_of(json_object(placement, "placement"), game)
        ev = game.preview(play)
    except ValueError as exc:
        return {"move": None, "legal": False, "error": str(exc), "score": 0, "words": [],
                "invalid_words": [], "bonus": {}, "breakdown": []}
    out = ev.to_dict(game.board.size)
    out["move"] = format_move(game.board, play, ev) if ev.legal else None
    if not ev.legal:
        out.update(score=0, words=[], invalid_words=[], breakdown=[])
    return out


def check_message(game, text: str, events) -> str:
    """After ``text`` was acted on ``game``: when it was a check of the large list
    that found every word, the play is withdrawn and no turn is written, so this
    says so ("" after anything else)."""
    if events or str(text).strip().lower() != "check":
        return ""
    return ("The large list has every word: the play is withdrawn without penalty; "
            f"{game.names[game.to_move]} plays again.")


def square(name, size: int) -> int:
    if not isinstance(name, str):
        raise SessionError(f"{quote(name)} is not a square name like H8")
    row, col = parse_square(name, size)
    return row * size + col
