"""What the page draws of a game, as plain data: pure functions of a Game and its seats.

The session (engine.session) holds the one current game and turns these
dicts into JSON; nothing here keeps state, so a replay view (``Game.at``) or a
read-only imported position is drawn by the same code as the live game.
"""

from __future__ import annotations

from ..board import run, square_name
from ..ending import OVERTIME_POINTS, OVERTIME_STEP_MS
from ..game import Game
from ..moves import MoveError
from ..rules import Rules
from ..scoring import apply_pre
from ..tiles import VALUES

_NO_ACTIONS = ("place", "pass", "challenge", "check", "trade", "final", "timeout")


def build(game: Game, seats: list[dict], hints=(), error: str | None = None, events=()) -> dict:
    """The snapshot of ``game``: its spec (rules, seed, seats, actions, hints, and
    "start" only for a game begun from a position: what the page stores to rebuild
    it), the board, racks, scores, legal actions and turns."""
    board = game.board
    size = board.size
    turns = game.turns     # a copy each time it is read
    tiles = []
    for sq, cell in enumerate(board.cells):
        if cell:
            flipped = board.wild.get(sq, "") if cell.islower() else ""
            tiles.append({"sq": square_name(*divmod(sq, size)), "letter": cell,
                          "blank": cell.islower() and not flipped, "flipped": flipped,
                          "value": 0 if cell.islower() else VALUES[cell]})
    legal = game.legal_actions().to_dict()
    runs = pick_runs(game)
    if "pass_" in legal:
        legal["pass"] = legal.pop("pass_")
    out = {
        "rules": game.rules.to_string(), "seed": game.seed, "seats": seats,
        "actions": list(game.actions), "hints": [list(h) for h in hints], "size": size,
        "tiles": tiles, "racks": list(game.racks), "scores": list(game.scores),
        "to_move": game.to_move, "rack_player": rack_player(game), "phase": game.phase,
        "end_reason": game.end_reason, "bag": game.bag_count, "legal": legal,
        # Breakdowns only for the last line: the page parses every snapshot on its
        # main thread; history() gives every turn's breakdown when asked.
        "turns": [turn_dict(t, i == len(turns) - 1) for i, t in enumerate(turns)],
        "last_squares": last_squares(game), "pickable": list(runs), "pick_runs": runs,
        "swappable": swappable(game),
        "ppt": [round(game.ppt(p), 2) for p in range(game.players)],
        "clock": [round(c * 1000) for c in game.clock] if game.rules.clock else None,
        "clock_rule": game.rules.clock_rule, "timed_out": list(game.timed_out),
        "judgment": game.rules.judgment,   # the page offers Challenge only under "challenge" and "free"
        # the overtime rule as data, so the page's live penalty is the engine's
        "overtime": [OVERTIME_POINTS, OVERTIME_STEP_MS],
        "winner": winners(game), "message": message(game, events),
        "events": [turn_dict(t) for t in events],
    }
    if game.start is not None:
        out["start"] = game.start
    if error:
        out["error"] = error
    return out


def position_view(cgp: str, names, scores) -> dict:
    """A read-only snapshot of a position (board, racks, scores); nothing can be played.
    What the session shows of a finished game it imports (engine.session)."""
    from ..notation import parse_cgp

    pos = parse_cgp(cgp)
    if pos.rules is None:
        pos = parse_cgp(cgp, Rules.from_string("classic"))
    board, size = pos.board, pos.board.size
    names = names or [f"Player {i + 1}" for i in range(len(pos.racks))]
    tiles = [{"sq": square_name(*divmod(sq, size)), "letter": c, "blank": c.islower() and sq not in board.wild,
              "flipped": board.wild.get(sq, "") if c.islower() else "", "value": 0 if c.islower() else VALUES[c]}
             for sq, c in enumerate(board.cells) if c]
    n = len(names)
    racks = (list(pos.racks) + [""] * n)[:n]
    return {"rules": pos.rules.to_string(), "seed": "", "seats": [{"name": x, "kind": "human"} for x in names],
            "actions": [], "hints": [], "size": size, "tiles": tiles, "racks": racks,
            "scores": list(scores) if scores is not None else (list(pos.scores) + [0] * n)[:n],
            "to_move": 0, "rack_player": 0, "phase": "view", "end_reason": "", "bag": 0,
            "legal": {k: False for k in _NO_ACTIONS} | {"exchange": 0}, "turns": [],
            "last_squares": [], "pickable": [], "pick_runs": {}, "swappable": [],
            "ppt": [0.0] * n, "clock": None, "clock_rule": pos.rules.clock_rule, "timed_out": [False] * n,
            "overtime": [OVERTIME_POINTS, OVERTIME_STEP_MS], "winner": [], "message": "", "events": [], "readonly": True}


def turn_dict(t, breakdown: bool = True) -> dict:
    """One score-sheet line; with "action" and "counts" the page draws the sheet from a
    snapshot at once (ui/panels/sheet.py) while the worker is busy with the computer."""
    return {"player": t.player, "kind": t.kind, "text": t.text, "score": t.score,
            "words": list(t.words), "invalid": list(t.invalid), "squares": list(t.squares or ()),
            "breakdown": t.breakdown if breakdown else None, "action": t.action, "counts": t.counts}


def rack_player(game: Game) -> int:
    """Whose rack the page shows: in a two-player final round, the opponent's."""
    if game.phase == "final" and game.players == 2:
        return 1 - game.to_move
    return game.to_move


def last_squares(game: Game) -> list[str]:
    for t in reversed(game.turns):
        squares = getattr(t, "squares", None)
        if t.kind in ("play", "final") and squares:
            board = game.board
            return [s for s in squares if board.cells[board.layout.square(s)]]
    return []


def _pre_ok(game: Game, board, rack: str, pre, across: bool) -> bool:
    """Whether the engine's own rule lets ``pre`` be made now (tried on a copy)."""
    try:
        apply_pre(board.copy(), list(rack), pre, game.rules, across)
    except MoveError:
        return False
    return True


def pick_runs(game: Game) -> dict[str, list[str]]:
    """{square where a pick-off may start: the squares it lifts}, that square and every
    tile after it to its word's trailing end (a picked tile hangs free: one line only),
    so the page lifts them all at one tap."""
    if not game.rules.pick_off or game.phase != "play":
        return {}
    board, rack = game.board, game.rack(rack_player(game))
    size, out = board.size, {}
    for sq, cell in enumerate(board.cells):
        for across in (True, False):
            if cell and _pre_ok(game, board, rack, (("pick", sq),), across):
                out[square_name(*divmod(sq, size))] = [square_name(*divmod(s, size))
                                                       for s in run(board.cells, sq, across, size) if s >= sq]
                break
    return out


def swappable(game: Game) -> list[str]:
    if not game.rules.blank_swap or game.phase != "play":
        return []
    board, rack = game.board, game.rack(rack_player(game))
    return [square_name(*divmod(sq, board.size)) for sq, cell in enumerate(board.cells)
            if cell and cell.islower() and _pre_ok(game, board, rack, (("swap", sq),), True)]


def winners(game: Game) -> list[int]:
    if not game.over:
        return []
    top = max(game.scores)
    return [p for p, s in enumerate(game.scores) if s == top]


def _whose(name: str) -> str:
    """The possessive a player reads: "Your" for the seat named You, else "Ann's"."""
    return "Your" if name == "You" else f"{name}'s"


def _loses(name: str) -> str:
    return "you lose" if name == "You" else f"{name} loses"


def _challenged_words(game: Game, lost) -> str:
    """The words of the play a failed challenge was made against (the last play before it)."""
    turns = game.turns
    i = max((k for k, t in enumerate(turns) if t is lost), default=len(turns))
    for t in reversed(turns[:i]):
        if t.kind == "play":
            return ", ".join(t.words) or t.text
    return ""


def _tile_words(cells: str) -> str:
    """Tiles as a player names them: "N and T", "A, B and a blank"."""
    names = ["a blank" if c.islower() else c for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def play_in_words(game: Game, t) -> str:
    """A play as a player reads it, not as move text: "picked off N and T and played
    MUTATIONAL", "took the blank on J5 for an E and played ...", "played WIGWAM" (a
    face-down Q or a blank named as the letter it stands for)."""
    actions = [p.strip() for p in t.text.split(";")]
    coord, _, written = actions[-1].partition(" ")
    word = "".join(c for i, c in enumerate(written) if c.isalpha()
                   and not (i and written[i - 1] == "[")).upper() or written
    before = [p for p in actions[:-1] if p]
    if not before or t.action is None:
        return f"played {word}"
    board = game.at(t.action).board     # the board before the turn (a copy from the undo snapshots)
    size, across = board.size, coord[:1].isdigit()
    said = []
    for p in before:
        kind, _, name = p.partition(" ")
        try:
            sq = board.layout.square(name)
        except (ValueError, KeyError, IndexError):
            return f"played {t.text}"
        if kind == "pick":
            squares = [x for x in run(board.cells, sq, across, size) if x >= sq]
            said.append("picked off " + _tile_words("".join(board.cells[x] for x in squares)))
        elif kind == "swap":
            letter = board.cells[sq].upper()
            said.append(f"took the blank on {name} for {'an' if letter in 'AEFHILMNORSX' else 'a'} {letter}")
    return " and ".join(said + [f"played {word}"])


def message(game: Game, events) -> str:
    """What the last action did, in a player's words ("You" reads as you: "your play",
    "you lose"; a rack that went out is "went out", never "()")."""
    parts = []
    for t in events:
        name = game.names[t.player]
        kind = t.kind
        if kind == "play":
            parts.append(f"{name} {play_in_words(game, t)} for {t.score}.")
        elif kind == "exchange":
            parts.append(f"{name} exchanged {len(t.text) - 1} tile{'s' if len(t.text) != 2 else ''}.")
        elif kind == "pass":
            parts.append(f"{name} passed.")
        elif kind == "invalid":
            words = ", ".join(t.invalid)
            parts.append(f"{_whose(name)} play {t.text} did not stand: {words} not in the word list. "
                         f"{'It scores ' + str(t.score) + '.' if t.score else 'The tiles go back.'}")
        elif kind == "phony":
            parts.append(f"Challenge upheld: {', '.join(t.invalid)} not in the word list; "
                         f"{_whose(name).lower() if name == 'You' else _whose(name)} play comes off.")
        elif kind == "lost":
            words = _challenged_words(game, t)
            good = f"{words} {'is' if ',' not in words else 'are'} good; " if words else ""
            parts.append(f"Challenge failed: {good}{_loses(name)} the next turn.")
        elif kind == "free":
            words = _challenged_words(game, t)
            good = f"{words} {'is' if ',' not in words else 'are'} good; " if words else ""
            parts.append(f"Challenge failed: {good}no penalty in a free challenge.")
        elif kind == "final":
            parts.append(f"{name} in the final round: {t.text} ({t.score:+d}).")
        elif kind == "end":
            if t.text.strip("()"):
                parts.append(f"{name}: tiles left {t.text.strip('()')}, {t.score:+d}.")
            else:
                parts.append(f"{name} went out: {t.score:+d} for the tiles left on the other racks.")
        elif kind == "time":
            parts.append(f"{name} ran out of time.")
        elif kind == "trade":
            parts.append(f"{name} made a free trade ({t.text[6:]}).")
        elif kind == "retry":
            parts.append(f"{_whose(name)} play {t.text} has {', '.join(t.invalid)}, not in the word list: "
                         f"the tiles go back and {'you' if name == 'You' else name} may play again.")
        elif kind == "decline":
            parts.append(f"{name} found no play in the final round.")
    if game.over and game.end_reason:
        parts.append(f"Game over: {game.end_reason}.")
    return " ".join(parts)
