"""One game held for a page, spoken to in text: the engine worker's whole API.

The page's UI runs in another interpreter (MicroPython on the main thread) and never imports
the engine. It talks to one Pyodide worker that calls these functions; every argument and
result is a str (JSON text) or an int, so nothing but text crosses the boundary. A rejected
action returns ``{"error": ...}`` (a message for a player) and changes nothing; only a bug raises.

The worker holds ONE current game: a game is its spec (rules, seed, seats) plus the action log
and the hints used, so the page stores the spec and log (every snapshot carries them) and can
always rebuild it. The snapshot itself is drawn by engine/records/snapshot.py; this module
keeps the state and the page's functions.

Beside it in this package: review.py (the review of a game, turn by turn, on this game or
another), expert.py (the expert's turn with its rounds dealt to helper workers), util.py (the
page's input, checked, and replies the table page shares), event.py (a tournament pairing's
game and the oath, carried by its links) and boundary.py (what the three page workers share:
the word list loaded, the status, a bug turned into {"error"}, a face's functions exposed).
"""

from __future__ import annotations

import json
from dataclasses import replace
import time

from ..records import snapshot as snapshots
from .. import tracking
from . import event as pairing
from ..actionlog import MAX_MS
from ..board import LAYOUTS, square_name
from ..game import Game, GameError
from ..records.importing import open_text
from ..lexicon import Lexicon, own as own_lists
from ..records.link import LinkError, decode as decode_link, encode as encode_link
from ..table.imported import table_import
from ..moves import Play
from ..notation import format_cgp, parse_move
from ..rules import Rules
from ..tiles import VALUES
from .util import (SessionError, check_message, deciding_seat, hints_of, int_in, json_object, placed_tile,
                   preview_reply, replay_log, seats_of, text_of)
from .util import dumps as _dumps, error as _error

LEVELS = ("easy", "medium", "hard", "expert")
SEAT_KINDS = ("human",) + LEVELS

_lexicon: Lexicon | None = None
_game: Game | None = None
_wordlist: dict | None = None        # the player's own word list the game plays ({"name", "fp"}), if any
_seats: list[dict] = []
_hints: list[tuple[int, int]] = []   # (actions logged then, seat to move) per hint used

HINT_TOP_MAX = 60   # the page asks this many and lists distinct words (ui/panels/hints.py)
HINT_BUDGET_MAX_MS = 20_000          # memory is bounded (linegen.MAX_LEFT_PARTS); this bounds time
# The generator looks at the clock between board rows, and one row with wild
# tiles on a crowded 21x21 board can take a few hundred ms past it, so the search
# gets this share of the hint's budget and the rest is the margin that keeps the
# hint within its budget (120 crowded iii positions, natively: at most ~130 ms over).
HINT_SEARCH_SHARE = 0.6
COMPUTER_BUDGET_MAX_MS = 20_000
MAX_HINTS_USED = 100_000             # as many as a spec's "hints" may list (util.hints_of)


# --------------------------------------------------------------------- set-up

def load_lexicon(data: bytes) -> int:
    """Load the word lists (the bytes of wordlists/lexicon.bin); returns the word count."""
    global _lexicon
    _lexicon = Lexicon.from_bytes(bytes(data))
    return len(_lexicon)


def use_lexicon(lexicon: Lexicon) -> None:
    """Use an already loaded lexicon (native callers and tests)."""
    global _lexicon
    _lexicon = lexicon


def layout(rules: str) -> str:
    """What the page draws before any game exists: squares, premiums, tile values."""
    try:
        r = Rules.from_string(text_of(rules, "the rules"))
    except ValueError as exc:
        return _error(exc)
    lay = LAYOUTS[r.board]
    premiums = ["".join((lay.premium(row, col) or "..") for col in range(lay.size))
                for row in range(lay.size)]
    return _dumps({
        "rules": r.to_string(), "size": lay.size, "premiums": premiums,
        "start": square_name(*lay.start), "inner": list(lay.inner) if lay.inner else None,
        "values": dict(VALUES), "rack_size": r.rack_size,
    })


# --------------------------------------------------------------------- the game

def open(spec: str) -> str:  # noqa: A001 (the page's word for it)
    """Start or rebuild a game from its spec JSON: {"rules", "seed", "seats", "actions",
    "hints", "start", "wordlist"}; "hints" (optional) is the snapshot's list of [actions logged, seat]
    pairs, one per hint used, so a reload keeps them; "start" (optional) the CGP of
    the position the game began from (snapshots carry it when there is one).

    A spec that cannot start a game is refused ({"error"}) and the current game
    stays. An action of the log that cannot be read or played stops the replay
    there: the game opens with the actions before it, and the snapshot says why in
    "error" (what the page shows), the whole story in "warning" ("...; the game
    is opened after move 2 of 5.") and the number of actions played in "opened_to"."""
    return _open(spec, "game")


def _open(spec, source: str) -> str:
    global _game, _seats, _wordlist
    try:
        data = spec if isinstance(spec, dict) else json_object(spec, "game")
        rules = Rules.from_string(str(data.get("rules", "classic")))
        seed = data.get("seed", 0)
        if not isinstance(seed, (int, str)) or isinstance(seed, bool) or len(str(seed)) > 64:
            raise SessionError("the seed must be a number or a short text")
        seats = seats_of(data.get("seats"), SEAT_KINDS)
        actions = data.get("actions") or []
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SessionError("the moves must be a list of move texts")
        hints = hints_of(data.get("hints"), len(seats))
        start = data.get("start")
        start = None if start == "" else start      # an empty start: a new game's empty board
        if start is not None and not isinstance(start, str):
            raise SessionError("the start position must be CGP text")
        wordlist = own_lists.check_ref(data["wordlist"]) if data.get("wordlist") else None   # a player's own list
        game = pairing.keep(Game(rules, seed, len(seats), lexicon=own_lists.lexicon_for(wordlist) or loaded_lexicon(),
                                 names=[s["name"] for s in seats], start=start), data)   # a pairing, the oath
    except ValueError as exc:
        return _error(exc)
    stopped = replay_log(game, actions, source)
    _game, _seats, _wordlist = game, seats, wordlist
    _hints[:] = hints
    return _snapshot(*(stopped or (None, None)))


def snapshot() -> str:
    return _snapshot()


def open_link(fragment: str) -> str:
    """Open the game a share link carries (the URL fragment, with or without '#').
    The snapshot gains "link": {"turn", "view"} (the options the link asked for)."""
    try:
        spec = decode_link(text_of(fragment, "a link"))
    except ValueError as exc:   # LinkError, SessionError
        return _error(exc)
    out = json.loads(_open(spec, "link"))
    if "rules" in out:
        out["link"] = {"turn": spec.get("turn"), "view": spec.get("view") or {}}
        if spec.get("ignored"):  # options left out (engine/records/link.py): the page names them
            out["link"]["ignored"] = spec["ignored"]
    return _dumps(out)


def link(turn: int = -1) -> str:
    """The share link fragment (without '#') of the current game, optionally
    opening at ``turn``."""
    try:
        game = _need_game()
        spec = {"rules": game.rules.to_string(), "seed": game.seed, "seats": _seats,
                "actions": list(game.actions)}
        if game.start is not None:
            spec["start"] = game.start
        spec.update(pairing.of(game), wordlist=_wordlist)
        if turn is not None and int_in(turn, -1, 10 ** 9, "the turn to show") >= 0:
            spec["turn"] = int(turn)
        return encode_link(spec)
    except ValueError as exc:
        return _error(exc)


def link_for(spec: str, turn: int = -1, view: str = "") -> str:
    """The link fragment of any game spec JSON (e.g. a new game of the current rules,
    for an embed snippet), with the turn to show and view options (JSON object);
    {"error"} for a spec that cannot be shared."""
    try:
        data = json_object(spec, "game")
        out = {k: data.get(k) for k in ("rules", "seed", "seats", "actions")}
        if data.get("start"):
            out["start"] = data["start"]
        out.update(pairing.checked(data), wordlist=data.get("wordlist") or None)   # own list (None: none)
        if turn is not None and int_in(turn, -1, 10 ** 9, "the turn to show") >= 0:
            out["turn"] = int(turn)
        if view:
            out["view"] = json_object(view, "view options")
        return encode_link(out)
    except (ValueError, TypeError) as exc:
        return _error(exc)


def import_record(text: str) -> str:
    """Open a pasted record or position as the current game (importing.open_text):
    one of our GCG records replays exactly; another program's GCG starts from the
    position after its last turn, its own turns kept as "record_turns" ("seat": the
    record's seat) to show what happened; a CGP starts from that position. Seats are
    people. A finished game only is shown read-only and leaves the current game as
    it was. The reply gains "import": {"kind": "game" | "record" | "position" |
    "table" (engine/table/imported.py), "names", "header", "note", ...}."""
    global _game, _seats
    try:
        text = text_of(text, "a record").strip()
        if not text:
            raise SessionError("paste a GCG record or a CGP position first")
        if len(text) > 200_000:
            raise SessionError("this record is too long to import")
        if table := table_import(text, loaded_lexicon()):   # a game scored at a table: it opens in the table page
            return table
        opened = open_text(text, loaded_lexicon())
    except ValueError as exc:
        return _error(exc)
    if opened.game is not None:
        _game, _seats, _wordlist = opened.game, [{"name": n, "kind": "human"} for n in opened.game.names], None
        _hints.clear()
        out = json.loads(_snapshot())
    else:
        out = opened.view
    if opened.record_turns is not None:
        out["record_turns"] = opened.record_turns
    out["import"] = opened.info
    return _dumps(out)


def act(text: str, elapsed_ms: int = -1) -> str:
    """Apply one action for the player to move; the snapshot after, or {"error"}."""
    try:
        game = _need_game()
        ms = -1 if elapsed_ms is None else int_in(elapsed_ms, -(10 ** 18), MAX_MS, "the elapsed time (ms)")
        text = text_of(text, "the move")
        events = game.act(text, None if ms < 0 else ms / 1000)
    except ValueError as exc:
        return _error(exc)
    withdrawn = check_message(game, text, events)
    if withdrawn:
        out = json.loads(_snapshot())
        out["message"] = withdrawn
        return _dumps(out)
    return _snapshot(events=events)


def undo(n: int = 1) -> str:
    """Take back the last ``n`` actions (fewer if the log is shorter)."""
    try:
        game = _need_game()
        n = int_in(n, 0, 10 ** 9, "the number of moves to take back")
    except ValueError as exc:
        return _error(exc)
    for _ in range(min(n, len(game.actions))):
        game.undo()
    return _snapshot()


def computer(budget_ms: int = 2000) -> str:
    """The seat to move is a computer: let it decide and act (a challenge, a final
    round attempt, a trade, then its play); returns the snapshot after. Once the
    game is over, the seat that may challenge the play that ended it decides
    whether to ({"error"} when it accepts the play: nothing is left to do)."""
    from ..computer import computer_action

    try:
        game = _need_game()
        budget_ms = int_in(budget_ms, 1, COMPUTER_BUDGET_MAX_MS, "the computer's time budget (ms)")
        seat = deciding_seat(game)
        level = _seats[seat]["kind"]
        if level not in LEVELS:
            raise SessionError(f"{game.names[seat]} is not a computer player")
        if game.over:   # a challenge of the play that ended it is all that is left
            try:
                text = computer_action(game, level, budget_ms)
            except GameError:   # it finds the play good: nothing to do
                raise SessionError(f"{game.names[seat]} accepts the play that ended the game") from None
            return _snapshot(events=game.act(text))
    except ValueError as exc:
        return _error(exc)
    events = []
    start = time.perf_counter()
    for _ in range(4):  # a trade or an upheld challenge is followed by the same seat's turn
        t0 = time.perf_counter()
        # one budget for the whole turn: a trade and the play after it share it
        left = max(1, budget_ms - round((t0 - start) * 1000))
        text = computer_action(game, level, left)
        # under a clock the computer is charged its own thinking time, like anyone
        spent = round(time.perf_counter() - t0, 3) if game.rules.clock else None
        events.extend(game.act(text, spent))
        if game.over or game.to_move != seat:
            break
    return _snapshot(events=events)


def hint(top: int = 5, budget_ms: int = 1000) -> str:
    """The best plays for the player to move, best first, found within the budget:
    {"moves": [{"move", "score", "words"}], "ms", "complete" (False when the budget
    cut the search: the best found in "ms"), "budget_ms"}."""
    from ..api import move_list

    try:
        game = _need_game()
        top = int_in(top, 1, HINT_TOP_MAX, "the number of hints")
        budget = int_in(budget_ms, 1, HINT_BUDGET_MAX_MS, "the hint's time budget (ms)")
        if game.over:
            raise SessionError("the game is over")
    except ValueError as exc:
        return _error(exc)
    t0 = time.perf_counter()
    # The bounded search (the hard player's quick pass, then the exact one with
    # the time left) works on a position: the game's, with the rack to play first.
    found = move_list(game.rules.to_string(), format_cgp(game.position()), top, game.lexicon,
                      limit=None, budget_ms=max(1, int(budget * HINT_SEARCH_SHARE)))
    moves = []
    for m in found["moves"]:
        try:
            words = [w.word for w in game.preview(m["move"]).words]
        except ValueError:
            continue   # never expected: the generator makes legal plays only
        moves.append({"move": m["move"], "score": m["score"], "words": words})
    return _dumps({"moves": moves, "ms": round((time.perf_counter() - t0) * 1000),
                       "complete": bool(found["complete"]), "budget_ms": budget})


def hint_preview(move: str) -> str:
    """The placement a move text puts down, as the page's placement JSON
    ({"tiles": [{"sq", "tile", "letter"[, "face_down": true]}], "pre": ["swap J5", ...],
    "across", "move"}): the reverse of ``preview``, to show a hint on the board.
    "face_down" marks a J/Q/X/Z played face down (JQXZ wild), even for its own letter."""
    try:
        game = _need_game()
        board = game.board
        move = text_of(move, "the move")
        play = parse_move(move, board, game.rules, game.active_rack)
        if not isinstance(play, Play):
            raise SessionError("only a placement can be shown on the board")
    except ValueError as exc:
        return _error(exc)
    name = board.layout.name_of
    return _dumps({
        "tiles": [placed_tile(name(sq), cell, tile) for sq, cell, tile in play.tiles],
        "pre": [f"{kind} {name(sq)}" for kind, sq in play.pre], "across": play.across,
        "move": move.strip(),
    })


def hint_used(n: int = 1) -> str:
    """The page showed the player ``n`` hint(s) for the turn to come: counted in
    the summary and marked on that turn in the history. Returns {"hints": total,
    "spec_hints": the list to store as the spec's "hints"} (snapshots carry it too)."""
    try:
        game = _need_game()
        n = int_in(n, 1, 1000, "the number of hints used")
        if len(_hints) + n > MAX_HINTS_USED:
            raise SessionError(f"a game counts at most {MAX_HINTS_USED} hints")
    except ValueError as exc:
        return _error(exc)
    _hints.extend([(len(game.actions), game.to_move)] * n)
    return _dumps({"hints": len(_hints), "spec_hints": [list(h) for h in _hints]})


# --------------------------------------------------------------------- around the board

def unseen(seat: int = -1) -> str:
    """The tiles ``seat`` (default: the player to move) has not seen; see
    tracking.unseen for the shape (exact counts, or bounds for a scoop)."""
    try:
        game = _need_game()
        seat = -1 if seat is None else int_in(seat, -(10 ** 9), game.players - 1, "the seat")
        return _dumps(tracking.unseen(game, game.to_move if seat < 0 else seat))
    except ValueError as exc:
        return _error(exc)


def history() -> str:
    """Every score-sheet line with its breakdown and running totals (see
    tracking.history), each marked "hinted" when a hint was used for it:
    {"turns": [...], "scores": [...], "hints": int}."""
    try:
        game = _need_game()
    except ValueError as exc:
        return _error(exc)
    lines = tracking.history(game)
    for line in lines:
        line["hinted"] = False
    for logged, seat in _hints:   # the seat's next turn after the hint (a trade may come first)
        line = next((x for x in lines if x["counts"] and x["player"] == seat and x["action"] >= logged), None)
        if line is not None:
            line["hinted"] = True
    return _dumps({"turns": lines, "scores": list(game.scores), "hints": len(_hints)})


def at(k: int) -> str:
    """The snapshot after the first ``k`` actions (replay: 0 is the start), with
    "at": k and "total": the number of actions; "events" are the lines action k
    wrote. The game itself does not change."""
    try:
        game = _need_game()
        k = int_in(k, 0, len(game.actions), "the move number")
    except ValueError as exc:
        return _error(exc)
    view = game.at(k)
    out = json.loads(_snapshot(events=[t for t in view.turns if t.action == k - 1], game=view))
    out["at"], out["total"] = k, len(game.actions)
    return _dumps(out)


def export_gcg(viewer: int = -1) -> str:
    """{"gcg": the game record}: standard GCG lines plus #rules, #seed and one
    #action line per input, so the record replays exactly. ``viewer`` >= 0 (or -2:
    nobody) during a game: only what that seat may know (gcg.write_gcg)."""
    from ..records.gcg_write import write_gcg

    try:
        viewer = int_in(viewer, -(10 ** 9), 10 ** 9, "the seat to write for")
        return _dumps({"gcg": write_gcg(_need_game(), None if viewer == -1 else viewer)})
    except (ValueError, TypeError) as exc:
        return _error(exc)


def export_cgp(viewer: int = -1) -> str:
    """{"cgp": the current position} (the rack to play first, the rules as 'var').
    ``viewer`` >= 0 (or -2: nobody) during a game: the other racks are left empty."""
    try:
        game = _need_game()
        pos = game.position()
        viewer = int_in(viewer, -(10 ** 9), 10 ** 9, "the seat to write for")
        if viewer != -1 and not game.over:
            order = [(game.to_move + i) % game.players for i in range(game.players)]
            pos = replace(pos, racks=[r if seat == viewer else "" for seat, r in zip(order, pos.racks)])
        return _dumps({"cgp": format_cgp(pos)})
    except (ValueError, TypeError, OverflowError) as exc:
        return _error(exc)


def summary() -> str:
    """What the page keeps of a game for its past-games list (the date is the
    page's): preset, rules, seed, names, kinds, scores, winner(s), PPT, the best
    play, hints used, whether it is over, and "start" for a game begun from a position."""
    try:
        game = _need_game()
    except ValueError as exc:
        return _error(exc)
    hints = [0] * game.players
    for _, seat in _hints:
        hints[seat] += 1
    return _dumps({
        "preset": game.rules.preset, "rules": game.rules.to_string(), "seed": game.seed,
        "names": [s["name"] for s in _seats], "kinds": [s["kind"] for s in _seats],
        "scores": list(game.scores), "winner": snapshots.winners(game),
        "ppt": [round(game.ppt(p), 2) for p in range(game.players)],
        "best": tracking.best_play(game), "hints": len(_hints), "hints_by_seat": hints,
        "turns": sum(1 for t in game.turns if t.counts), "actions": len(game.actions),
        "over": game.over, "end_reason": game.end_reason,
    } | ({"start": game.start} if game.start is not None else {}))


# --------------------------------------------------------------------- preview

def preview(placement: str) -> str:
    """Score the tiles the player has put down so far (the placement JSON of
    ``hint_preview``), with the move text to play them. Word validity is shown only where the rules judge words at once."""
    try:
        game = _need_game()
    except ValueError as exc:
        return _error(exc)
    return _dumps(preview_reply(game, placement))


# --------------------------------------------------------------------- snapshot

def _snapshot(error: str | None = None, warning: str | None = None, events=(),
              game: Game | None = None) -> str:
    """The current game's snapshot JSON (or a replay view's: its hints are those
    used up to its position)."""
    if game is None and _game is None:
        return _error(SessionError("no game is open"))
    view = game if game is not None else _game
    hints = _hints if game is None else [h for h in _hints if h[0] <= len(view.actions)]
    out = snapshots.build(view, _seats, hints, error, events)
    out.update(dict({"wordlist": _wordlist} if _wordlist else {}, **pairing.of(_game)))
    if warning:
        out["warning"], out["opened_to"] = warning, len(view.actions)
    return _dumps(out)


# --------------------------------------------------------------------- helpers

def game_lexicon() -> Lexicon:   # the lists the open game plays: a player's own, or those loaded at start
    return _game.lexicon if _game is not None and _wordlist else loaded_lexicon()


def loaded_lexicon() -> Lexicon:
    """The worker's word lists, for every face that judges (SessionError until loaded)."""
    if _lexicon is None:
        raise SessionError("the word list is not loaded yet")
    return _lexicon


def _need_game() -> Game:
    if _game is None:
        raise SessionError("no game is open")
    return _game
