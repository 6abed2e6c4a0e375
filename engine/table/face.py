"""The page's face of a table game: JSON text in, JSON text out, no state kept.

A table game is its state ``{"rules", "names", "actions"}`` (what the page stores
after every entry); each function replays it, does one thing and returns the view
of the game (the same fields as a dealt game's snapshot, engine/records/snapshot.py,
plus "table", "names", "held", "unseen", "awaiting_racks") or ``{"error": msg}``
for bad input, never raising. The view's "rules", "names" and "actions" are the
state to store. The word lists are the session's (the worker loads them once,
engine.session) unless ``use_lexicon`` gives others.
"""

from __future__ import annotations

import json

from ..actionlog import MAX_MS, fit_name
from ..board import square_name
from ..moves import Play
from ..notation import parse_move
from ..records import snapshot
from ..rules import Rules
from ..session.util import SessionError, check_message, int_in, json_object, preview_reply
from .game import TableGame, scooped
from .link import decode_table, encode_table
from .record import write_table_gcg

_lexicon = None
_last = None          # (key, the game last replayed): _game_of
MAX_ENTRIES = 2_000
SHEET_LINES = 200     # the score-sheet lines a view carries (the last ones): _last_lines


def use_lexicon(lexicon) -> None:
    """Judge words with these lists (native callers and tests)."""
    global _lexicon
    _lexicon = lexicon


def table_new(spec_json) -> str:
    """A new table game from {"rules", "names"} (or the page's "seats": [{"name"}]),
    optionally with "actions" to replay."""
    return _answer(lambda: _view(_game_of(_spec(spec_json, new=True))))


def table_state(state_json) -> str:
    return _answer(lambda: _view(_game_of(_spec(state_json))))


def table_act(state_json, action_text, elapsed_ms: int = -1) -> str:
    """One entry for the player to move (move text, ``-N``, ``-``, ``challenge``,
    ``check``, ``timeout``, ``end R1/R2``); ``elapsed_ms`` is the time it took
    (-1: no clock). The view gains "events": the score-sheet lines it wrote."""
    def run():
        game = _game_of(_spec(state_json))
        ms = -1 if elapsed_ms is None else int_in(elapsed_ms, -1, MAX_MS, "the elapsed time (ms)")
        text = str(action_text)
        events = game.act(text, None if ms < 0 else ms / 1000)
        return _view(game, events, check_message(game, text, events))
    return _answer(run)


def table_preview(state_json, move_text) -> str:
    """The live score of a tentative placement: legal/error, score, words, bonuses
    and the breakdown; words are judged only under free retry ("judged")."""
    def run():
        game = _game_of(_spec(state_json))
        ev = game.preview(str(move_text))
        return ev.to_dict(game.board.size)
    return _answer(run)


def table_preview_placement(state_json, placement_json) -> str:
    """The live score of the tiles the page has put down (its placement JSON, as
    session.preview reads it), with "move": the move text that enters them (None
    when the placement is not legal, "error" says why)."""
    return _answer(lambda: preview_reply(_game_of(_spec(state_json)), placement_json))


def table_placement(state_json, move_text) -> str:
    """The tiles a typed placement puts down, as the page's placement JSON
    ({"tiles": [{"sq", "tile", "letter"[, "face_down"]}], "pre", "across"}), to
    show it on the board; {"entry": text} for an entry that places nothing
    (an exchange, a pass, a challenge...)."""
    def run():
        game = _game_of(_spec(state_json))
        text = " ".join(str(move_text).split())
        if not text:
            raise SessionError("type an entry, like 8D ZEBRAS, -3 (an exchange of 3) or - (a pass)")
        if text.split(";")[-1].strip()[:1] in ("-", "") or text.split(" ", 1)[0].lower() in \
                ("challenge", "check", "timeout", "end"):
            return {"entry": text}
        play = parse_move(text, game.board, game.rules)
        if not isinstance(play, Play):
            return {"entry": text}
        name = game.board.layout.name_of
        tiles = []
        for sq, cell, tile in play.tiles:
            one = {"sq": name(sq), "tile": tile, "letter": cell.upper()}
            if cell.islower() and tile != "?":
                one["face_down"] = True
            tiles.append(one)
        return {"tiles": tiles, "pre": [f"{kind} {name(sq)}" for kind, sq in play.pre], "across": play.across}
    return _answer(run)


def table_end(state_json, racks) -> str:
    """Enter the tiles left on each rack once the game has ended: a list of racks
    in seat order (JSON text or a list), or "R1/R2"; "" for one who went out."""
    def run():
        given = racks
        if isinstance(given, str) and given.strip().startswith("["):
            given = json.loads(given)
        if isinstance(given, (list, tuple)):
            if not all(isinstance(r, str) for r in given):
                raise SessionError("each rack is text: its tiles, A-Z and ? (a blank)")
            given = "/".join(r.strip() for r in given)
        if not isinstance(given, str):
            raise SessionError("give the racks as a list of texts, in seat order")
        return json.loads(table_act(state_json, f"end {given}"))
    return _answer(run)


def table_undo(state_json) -> str:
    """The game without its last entry (the players agree at the table)."""
    def run():
        spec = _spec(state_json)
        if not spec["actions"]:
            raise SessionError("nothing to undo")
        spec["actions"] = spec["actions"][:-1]
        return _view(_game_of(spec))
    return _answer(run)


def table_record(state_json) -> str:
    """{"gcg": the record, "link": the share link fragment (without '#')}."""
    def run():
        spec = _spec(state_json)
        game = _game_of(spec)
        return {"gcg": write_table_gcg(game),
                "link": encode_table({"rules": spec["rules"], "names": list(game.names),
                                      "actions": list(game.actions)})}
    return _answer(run)


def table_open_link(fragment) -> str:
    """The view of the table game a share link carries (with "link": its options)."""
    def run():
        spec = decode_table(str(fragment))
        out = _view(_game_of(spec))
        out["link"] = {k: spec[k] for k in ("turn", "view", "ignored") if k in spec}
        return out
    return _answer(run)


def _session_lexicon():
    from .. import session
    return session.loaded_lexicon()


# ---------------------------------------------------------------------- helpers
def _answer(run) -> str:
    """JSON text with every character as itself: the page's MicroPython reads a
    \\ud83e\\udd8a escape as two broken halves, so an emoji in a name came out as
    six unknown characters, and the saved game no longer matched what the tab wrote."""
    try:
        return json.dumps(run(), ensure_ascii=False)
    except (ValueError, TypeError, RecursionError) as exc:
        return json.dumps({"error": str(exc)}, ensure_ascii=False)


def _spec(raw, new: bool = False) -> dict:
    data = raw if isinstance(raw, dict) else json_object(raw, "table game")
    rules = data.get("rules", "classic")
    if not isinstance(rules, str):
        raise SessionError("the rules are a rules text, like o or classic")
    names = data.get("names")
    if names is None and new and isinstance(data.get("seats"), list):
        names = [s.get("name") if isinstance(s, dict) else s for s in data["seats"]]
    if not isinstance(names, list) or not 1 <= len(names) <= 4:
        raise SessionError("a table game has 1 to 4 players: give their names")
    names = [fit_name(" ".join(str(n or "").split()), f"Player {i + 1}") for i, n in enumerate(names)]
    actions = data.get("actions") or []
    if not isinstance(actions, list) or len(actions) > MAX_ENTRIES \
            or not all(isinstance(a, str) for a in actions):
        raise SessionError("the entries must be a list of move texts")
    return {"rules": Rules.from_string(rules).to_string(), "names": names, "actions": list(actions)}


def _game_of(spec: dict) -> TableGame:
    """The game a state replays to. The last one replayed is kept (``_last``): the
    page sends the whole state with every call, and the next call is nearly always
    the same game or it with one entry more or fewer, so only the difference is
    replayed or undone (a game at the 2,000-entry cap replayed in full took over a
    second in the page for every entry, preview and tap)."""
    global _last
    lexicon = _lexicon
    if lexicon is None:
        lexicon = _session_lexicon()   # the worker's lists, loaded once by session.load_lexicon
    key, actions = (id(lexicon), spec["rules"], tuple(spec["names"])), spec["actions"]
    kept, _last = _last, None
    game, done = None, 0
    if kept is not None and kept[0] == key:
        game, had = kept[1], kept[1].actions
        done = _common(had, actions)
        if len(had) - done > 8:
            game, done = None, 0       # far back (another game's log): replayed afresh
        else:
            for _ in range(len(had) - done):
                game.undo()
    if game is None:
        game = TableGame(Rules.from_string(spec["rules"]), len(spec["names"]), lexicon=lexicon,
                         names=spec["names"])
    for i in range(done, len(actions)):
        action = actions[i]
        try:
            game.replay_entry(action)
        except ValueError as exc:
            raise SessionError(f"entry {i + 1} of {len(spec['actions'])} ({action[:40]!r}) "
                               f"cannot be replayed: {exc}") from None
    _last = (key, game)
    return game


def _common(had: tuple, actions: list) -> int:
    """How many entries the two logs share from the start."""
    n = min(len(had), len(actions))
    if had[:n] == tuple(actions[:n]):
        return n
    k = 0
    while k < n and had[k] == actions[k]:
        k += 1
    return k


def _view(game: TableGame, events=(), note: str = "") -> dict:
    seats = [{"name": name, "kind": "human"} for name in game.names]
    out = snapshot.build(game, seats, events=[e for e in events if e.kind != "exchange"])
    out.pop("seed", None)
    out.pop("hints", None)
    out.update({
        "table": True, "names": list(game.names), "held": list(game.held),
        "unseen": game.unseen(), "awaiting_racks": game.awaiting_racks,
        "unseen_note": (("the game is over: the full set less the board, the tiles left on the racks "
                         "among them" if game.over else "the full set less the board: the racks are not known")
                        + (", and this game's 100 tiles were scooped from the set"
                           if scooped(game.rules) else "")),
        "swappable": _swappable(game), "events": [snapshot.turn_dict(t) for t in events],
    })
    out["legal"]["end"] = game.awaiting_racks
    _last_lines(out, game.players)
    message = [f"{game.names[e.player]} exchanged {e.text.rsplit('-', 1)[1]} "
               f"{'tile' if e.text.endswith('-1') else 'tiles'}." for e in events if e.kind == "exchange"]
    message += [out["message"]] if out["message"] else []
    if note:
        message.append(note)
    if game.awaiting_racks:
        message.append(f"The game has ended: {game.end_reason}. Enter the tiles left on each rack.")
    out["message"] = " ".join(message)
    return out


def _last_lines(out: dict, players: int) -> None:
    """The view's score sheet is its last SHEET_LINES lines; "sheet_from" gives how many
    came before and each player's total of them. The page parses and draws the view
    after every entry: a whole sheet of 2,000 lines made each one take seconds."""
    turns = out["turns"]
    cut = max(0, len(turns) - SHEET_LINES)
    totals = [0] * players
    for t in turns[:cut]:
        totals[t["player"]] += t["score"]
    out["turns"], out["sheet_from"] = turns[cut:], {"lines": cut, "totals": totals}


def _swappable(game: TableGame) -> list[str]:
    """Blanks on the board a natural tile could still be swapped for (one is unseen)."""
    if not game.rules.blank_swap or game.phase != "play":
        return []
    board, unseen = game.board, game.unseen()
    return [square_name(*divmod(sq, board.size)) for sq, cell in enumerate(board.cells)
            if cell.islower() and cell.upper() in unseen]


__all__ = ["use_lexicon", "table_new", "table_state", "table_act", "table_preview", "table_preview_placement",
           "table_placement", "table_end",
           "table_undo", "table_record", "table_open_link"]
