"""The review's text face for the page's engine worker (JSON in, JSON out).

Like engine.session (whose current game and word lists it uses): every
argument is a str or an int, every result JSON text, and nothing raises; a
request that cannot be met returns ``{"error": ...}``. The page calls
``review_plan`` once (the turns to review, at once), then ``review_turn`` once per
turn, so each worker call is short (about the time budget; twice it at most when
the budget cuts the exact search and the hard search runs as the fallback): the
page stays responsive, draws a progress bar, can stop between turns and resume
after a reload (results are keyed by score-sheet line), then ``review_summary``
on the results it holds. engine/search/review.py does the work.

Sources: "" is the game open in the session (only its settled turns: never the
turn to come, nor a last play that may still be challenged or checked); a game
spec JSON (``{"rules", "seed", "seats", "actions", "start"}``, as snapshots and
past games store it); or a GCG record (ours replays exactly; another program's
gives its racks, and its board is rebuilt line by line). A spec may carry the
record another program wrote before its start (``"record"``: the page's Import
keeps it, engine/records/importing.py): its turns come first, in the seats the
imported game gave them (turn order from the player to move after the record),
then the turns played on from there, numbered after the record's lines.
"""

from __future__ import annotations

import json
from dataclasses import replace

from .. import session
from ..board import square_name
from ..game import Game
from ..records.gcg import import_record
from ..moves import Play
from ..rules import Rules
from ..search.review import (RANKINGS, Reviewer, ReviewError, check_reviewable, game_turn, game_turns, last_play_open,
                            played_squares, record_turns, summary)
from ..actionlog import split_action
from ..tiles import VALUES
from .util import dumps as _dumps, error as _error
from .util import int_in, placed_tile, text_of

BUDGET_MIN_MS, BUDGET_MAX_MS = 50, 60_000
SOURCE_MAX = 200_000

_loaded: dict = {"key": None}      # the source of the last plan: key, game or record turns, names
_reviewers: dict = {}              # (rules text, ranking, budget) -> Reviewer


def review_plan(source: str = "", seats: str = "") -> str:
    """Load a source and list its turns to review: {"source": "game" (the open
    one) | "spec" (a spec or one of our records, replayed exactly) | "record"
    (another program's), "rules", "names", "over", "seats" (reviewed), "turns": [{"turn",
    "player", "name", "rack", "kind", "played", "score", "action"}], "pending":
    a sentence when a turn is held back (the turn to come; a play that may
    still be challenged)}. ``seats``: a JSON list of seat numbers (0-based);
    "" the people (human seats) of the game, else every seat. "from_position":
    true when the game began from a position whose turns before it are unknown."""
    try:
        loaded = _load(text_of(source, "the game to review"))
        chosen = _seats(seats, loaded)
        turns = _positions(loaded)
    except ValueError as exc:
        return _error(exc)
    names = loaded["names"]
    rows = [{"turn": tp.index, "player": tp.player, "name": names[tp.player], "rack": tp.rack,
             "kind": tp.kind, "played": tp.played, "score": tp.score, "action": tp.action}
            for tp in turns if tp.player in chosen]
    game = loaded.get("game")
    pending = ""
    if game is not None and not game.over:
        pending = ("The last play may still be challenged or checked: it is reviewed once settled."
                   if last_play_open(game) else "The turn to come is not reviewed: that would be a hint.")
    from_position = game is not None and game.start is not None and loaded["kind"] != "mixed"
    return _dumps({"source": loaded["kind"], "rules": loaded["rules"].to_string(), "names": names,
                       "over": loaded["over"], "seats": sorted(chosen), "turns": rows, "pending": pending,
                       "from_position": from_position})


def review_turn(turn: int, budget_ms: int = 1000, ranking: str = "score") -> str:
    """Review score-sheet line ``turn`` of the source of the last ``review_plan``
    (none: the open game). ``budget_ms``: the turn's time (50 to 60,000; 0: no
    bound, exact however long): the exact search first, the hard search in the
    rest when the exact one is cut; ``ranking``: "score" or "equity".

    The result is engine.search.review's (turn, player, rack, kind, played, score, words,
    best, best_score, best_words [{"word", "score"}], best_bonus, missed, found,
    marks, ranking, cut, search, ms; equity ranking: equity, best_equity) plus
    "name", "budget_ms", "best_tiles" [{"sq", "tile", "letter"[, "face_down"]}] and
    "best_pre" ["swap J5", "pick K11"] (the best play's placement, to draw as a
    ghost: empty for a pass or exchange), "best_across", "action" (our games: the
    replay position before the turn is ``at(action)``; records: null) and, for a
    record, "tiles": the board before the turn as snapshot tiles and "played_tiles"
    [{"sq", "letter"}]: the tiles its play put down."""
    try:
        turn = int_in(turn, 0, 100_000, "the turn")
        budget = int_in(budget_ms, 0, BUDGET_MAX_MS, "the time budget (ms)")
        if 0 < budget < BUDGET_MIN_MS:
            raise ReviewError(f"the time budget must be 0 (no bound) or {BUDGET_MIN_MS} to {BUDGET_MAX_MS} ms")
        ranking = text_of(ranking, "the ranking") or "score"
        if ranking not in RANKINGS:
            raise ReviewError(f"unknown ranking {ranking[:20]!r} (score or equity)")
        loaded = _loaded if _loaded["key"] is not None else _load("")
        if loaded["kind"] == "game":
            loaded = _load("")     # the open game as it is now
        tp = _turn(loaded, turn)
        out, best = _reviewer(loaded["rules"], ranking, budget or None).review_move(tp)
    except ValueError as exc:
        return _error(exc)
    size = tp.board.size
    out["name"] = loaded["names"][tp.player]
    out["budget_ms"] = budget
    out["action"] = tp.action
    out["best_tiles"], out["best_pre"], out["best_across"] = [], [], True
    if isinstance(best, Play):
        out["best_tiles"] = [placed_tile(square_name(*divmod(sq, size)), cell, tile) for sq, cell, tile in best.tiles]
        out["best_pre"] = [f"{kind} {square_name(*divmod(sq, size))}" for kind, sq in best.pre]
        out["best_across"] = best.across
    if tp.action is None:
        board = tp.board
        out["tiles"] = [{"sq": square_name(*divmod(sq, size)), "letter": c,
                         "blank": c.islower() and sq not in board.wild,
                         "flipped": board.wild.get(sq, "") if c.islower() else "",
                         "value": 0 if c.islower() else VALUES[c]} for sq, c in enumerate(board.cells) if c]
        out["played_tiles"] = [{"sq": square_name(*divmod(sq, size)), "letter": cell}
                               for sq, cell in played_squares(tp, loaded["rules"])]
    return _dumps(out)


def review_summary(results: str) -> str:
    """The summary of a list of ``review_turn`` results (JSON): {"ranking",
    "players": [{"seat", "name", "turns", "found", "found_share", "missed",
    "score", "best_score"}], "turns", "found", "cut", "ms", "words_missed":
    [{"word", "score", "move", "turn", "player"}] longest first}."""
    try:
        data = _json(results, "the results")
        if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
            raise ReviewError("the results must be a list of turn reviews")
        names = {}
        for r in data:
            _check_result(r)
            names[r["player"]] = str(r.get("name") or f"Player {r['player'] + 1}")
        out = summary(data, [names.get(p, f"Player {p + 1}") for p in range(4)])
    except (ValueError, TypeError) as exc:
        return _error(exc)
    return _dumps(out)


def _check_result(r: dict) -> None:
    """One ``review_turn`` result as the summary reads it: each field it uses of
    the type review_turn writes (the page may hand back anything)."""
    for key in ("turn", "player", "score", "best_score", "missed", "found", "ranking", "best"):
        if key not in r:
            raise ReviewError(f"a turn review lacks {key!r}")
    if not _whole(r["player"]) or not 0 <= r["player"] < 4:
        raise ReviewError("a turn review names no seat")
    if not _whole(r["turn"]) or not all(_number(r[k]) for k in ("score", "best_score", "missed")) \
            or not _number(r.get("ms", 0)):
        raise ReviewError("a turn review's turn, scores and time must be numbers")
    if not isinstance(r["found"], bool) or not isinstance(r["ranking"], str) or not isinstance(r["best"], str):
        raise ReviewError("a turn review's found, ranking or best play is malformed")
    words, best_words = r.get("words") or [], r.get("best_words") or []
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise ReviewError("a turn review's words must be a list of words")
    if not isinstance(best_words, list) or not all(
            isinstance(w, dict) and isinstance(w.get("word"), str) for w in best_words):
        raise ReviewError("a turn review's best words must be a list of {\"word\", \"score\"}")


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value) -> bool:
    """A finite number of a size a review writes (10**400 would overflow the summary's floats)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) < 10 ** 15


# --------------------------------------------------------------------- sources

def _load(source: str) -> dict:
    """The source as a dict: kind ("game", "spec", "record", or "mixed": a record
    played on), key, rules, names, over, kinds (seat kinds or None), game (our games,
    and the game played on from a record) and turns (a record's TurnPositions;
    the game's turns are numbered from "offset", the record's line count)."""
    global _loaded
    if len(source) > SOURCE_MAX:
        raise ReviewError("this record is too long to review")
    lexicon = session.loaded_lexicon()
    text = source.strip()
    if not text:
        game = session._need_game()
        out = {"kind": "game", "game": game, "kinds": [s["kind"] for s in session._seats]}
    elif _loaded["key"] == text:
        return _loaded
    elif text.startswith("{") and _json_object(text).get("record"):
        out = _record_spec(text, lexicon)
    elif text.startswith("{"):
        out = {"kind": "spec", "game": _spec_game(text, lexicon), "kinds": _spec_kinds(text)}
    elif text[:1] in "#>":
        rec = import_record(text, lexicon)
        if rec.game is not None:
            out = {"kind": "spec", "game": rec.game, "kinds": None}
        else:
            out = {"kind": "record", "turns": record_turns(rec), "rules": rec.rules, "names": list(rec.names),
                   "over": rec.over, "kinds": None}
    else:
        raise ReviewError("review an open game, a game spec or a GCG record")
    if "game" in out:
        game = out["game"]
        out.update(rules=game.rules, names=list(game.names), over=game.over)
    out.setdefault("turns", [])
    out.setdefault("offset", 0)
    out["key"] = text
    _loaded = out
    return out


def _record_spec(text: str, lexicon) -> dict:
    """A spec carrying another program's record: the record's turns in the seats of
    the game imported from it, then (a record that did not end the game, played on
    from its last position: the spec's "start") the game's own."""
    data = _json_object(text)
    record = data["record"]
    if not isinstance(record, str):
        raise ReviewError("the record kept with this game is not text")
    rec = import_record(record, lexicon)
    if rec.game is not None:     # one of ours: the spec itself replays it
        return {"kind": "spec", "game": _spec_game(text, lexicon), "kinds": _spec_kinds(text)}
    n = len(rec.names)
    order = [(rec.first + i) % n for i in range(n)]    # as engine/records/importing.py seats them
    seat = {p: i for i, p in enumerate(order)}
    out = {"kind": "record", "turns": [replace(tp, player=seat[tp.player]) for tp in record_turns(rec)],
           "offset": len(rec.turns), "rules": rec.rules, "names": [rec.names[p] for p in order],
           "over": rec.over, "kinds": None}
    if rec.over or not data.get("start"):
        return out
    game = _spec_game(text, lexicon)
    if game.start != rec.cgp or game.players != n:
        raise ReviewError("the record kept with this game does not end where the game starts")
    out.update(kind="mixed", game=game, kinds=_spec_kinds(text))
    return out


def _spec_game(text: str, lexicon) -> Game:
    """The game a spec describes, its whole log replayed (a bad action: an error)."""
    data = _json_object(text)
    rules = Rules.from_string(str(data.get("rules", "classic")))
    start = data.get("start") or None
    if start is not None and not isinstance(start, str):
        raise ReviewError("the start position must be CGP text")
    actions = data.get("actions") or []
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ReviewError("the moves must be a list of move texts")
    seats = _spec_seats(data)
    names = [str(s.get("name") or f"Player {i + 1}") for i, s in enumerate(seats)]
    game = Game(rules, data.get("seed", 0), len(seats), lexicon=lexicon, names=names, start=start)
    for i, action in enumerate(actions):
        try:
            text_, ms = split_action(action)
            game.act(text_, None if ms is None else ms / 1000)
        except ValueError as exc:
            raise ReviewError(f"move {i + 1} ({action[:40]!r}) is not legal here: {exc}") from None
    return game


def _spec_seats(data: dict) -> list:
    seats = data.get("seats")
    if seats is None:
        seats = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]
    if not isinstance(seats, list) or not 1 <= len(seats) <= 4 or not all(isinstance(s, dict) for s in seats):
        raise ReviewError("a game has 1 to 4 seats")
    return seats


def _spec_kinds(text: str):
    return [str(s.get("kind", "human")) for s in _spec_seats(_json_object(text))]


def _json_object(text: str) -> dict:
    data = _json(text, "the game")
    if not isinstance(data, dict):
        raise ReviewError("the game is not readable")
    return data


def _json(text: str, what: str):
    """JSON from the page; nesting too deep for the parser is unreadable too."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise ReviewError(f"{what} is not readable") from None


def _seats(raw: str, loaded: dict) -> set:
    n = len(loaded["names"])
    if not text_of(raw, "the list of seats").strip():
        kinds = loaded.get("kinds")
        people = {i for i, k in enumerate(kinds or ()) if k == "human"}
        return people or set(range(n))
    seats = _json(raw, "the list of seats")
    if not isinstance(seats, list) or not seats or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n for s in seats):
        raise ReviewError(f"the seats must be a list of seat numbers, 0 to {n - 1}")
    return set(seats)


def _positions(loaded: dict):
    game, offset = loaded.get("game"), loaded["offset"]
    played = [] if game is None else [replace(tp, index=tp.index + offset) for tp in game_turns(game)]
    return list(loaded["turns"]) + played


def _turn(loaded: dict, turn: int):
    game, offset = loaded.get("game"), loaded["offset"]
    if game is None or turn < offset:
        for tp in loaded["turns"]:
            if tp.index == turn:
                return tp
        raise ReviewError(f"line {turn} of the record is not a turn that is reviewed")
    check_reviewable(game, turn - offset)
    return replace(game_turn(game, turn - offset), index=turn)


def _reviewer(rules, ranking: str, budget) -> Reviewer:
    key = (rules.to_string(), ranking, budget, id(session.loaded_lexicon()))
    if key not in _reviewers:
        _reviewers.clear()
        _reviewers[key] = Reviewer(rules, session.loaded_lexicon(), ranking, budget)
    return _reviewers[key]
