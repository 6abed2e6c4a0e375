"""The one grammar module: CGP positions and move text (GCG records: gcg.py).

Move text (docs/notation.md): ``8D ZEBRAS`` runs across from row 8 column D,
``D8 ZEBRAS`` runs down. Tiles already on the board are written as themselves,
a lowercase letter is a blank, and in JQXZ wild ``e[Q]`` is a Q played face down
as an E. Actions before the placement come first: ``swap K11; pick L11; 11D ...``.
``-ABC`` exchanges A, B and C; ``-`` passes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .board import LAYOUTS, Board, SquareError, parse_square, run, square_name
from .moves import Exchange, MoveError, Pass, Play
from .rules import Rules, RulesError, parse_int, parse_score, quoted
from .scoring import apply_pre, lone_tile_across
from .tiles import BLANK, WILD_LETTERS, excess_tiles

MAX_PLAYERS = 4
MAX_RACK = 10  # the largest rack any rules allow (rules.py checks rack_size)
TILE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz?")


class NotationError(ValueError):
    """Text that cannot be parsed; the message names the bad part."""


class CGPError(NotationError):
    pass


class MoveTextError(NotationError):
    pass


# --------------------------------------------------------------------------- CGP

@dataclass
class Position:
    """A position as CGP carries it. ``racks[0]`` belongs to the player to move."""

    board: Board
    racks: list[str]
    scores: list[int]
    zero_turns: int = 0
    rules: Rules | None = None
    opcodes: dict[str, str] = field(default_factory=dict)


_CELL = re.compile(r"([0-9]+)|([A-Za-z])(?:\[([A-Za-z])\])?|(.)", re.DOTALL)


def board_from_rows(rows: list[str], layout) -> Board:
    board = Board(layout)
    size = layout.size
    if len(rows) != size:
        raise CGPError(f"the board has {len(rows)} rows, expected {size}")
    for r, row in enumerate(rows):
        c = 0
        for m in _CELL.finditer(row):
            digits, letter, wild, bad = m.groups()
            if bad is not None:
                raise CGPError(f"unexpected {bad!r} in board row {r + 1} ({quoted(row)})")
            if digits:
                if len(digits) > 3:  # no int() of 4,301 digits
                    raise CGPError(f"board row {r + 1} ({quoted(row)}) has more than {size} squares")
                c += int(digits)
                continue
            if c >= size:
                raise CGPError(f"board row {r + 1} ({quoted(row)}) has more than {size} squares")
            if wild:
                wild = wild.upper()
                if wild not in WILD_LETTERS or not letter.islower():
                    raise CGPError(f"in row {r + 1}, [{wild}] must follow a lowercase letter "
                                   "and name J, Q, X or Z")
            sq = r * size + c
            board.cells[sq] = letter
            board.spent.add(sq)
            if wild:
                board.wild[sq] = wild
            c += 1
        if c != size:
            raise CGPError(f"board row {r + 1} ({quoted(row)}) has {c} squares, expected {size}")
    return board


def board_rows(board: Board) -> list[str]:
    size = board.size
    rows = []
    for r in range(size):
        out, gap = [], 0
        for c in range(size):
            sq = r * size + c
            cell = board.cells[sq]
            if not cell:
                gap += 1
                continue
            if gap:
                out.append(str(gap))
                gap = 0
            out.append(cell + (f"[{board.wild[sq]}]" if sq in board.wild else ""))
        if gap:
            out.append(str(gap))
        rows.append("".join(out))
    return rows


def _rack_text(text: str, what: str) -> str:
    for ch in text:
        if ch not in TILE_CHARS:
            raise CGPError(f"{what} {quoted(text)} holds {ch!r}, which is not a tile (A-Z or ?)")
    if len(text) > MAX_RACK:
        raise CGPError(f"{what} {quoted(text)} holds {len(text)} tiles; no rules allow more "
                       f"than {MAX_RACK}")
    return text.upper()


def _square_index(name: str, size: int, error, prefix: str = "") -> int:
    """A square name (ASCII letter, ASCII digits) -> index; ``error`` on anything else."""
    try:
        row, col = parse_square(name, size)
    except SquareError as exc:
        raise error(f"{prefix}{exc}") from None
    return row * size + col


def parse_cgp(text: str, rules: Rules | None = None) -> Position:
    """Read a CGP string. The ``var`` opcode names the rules when ``rules`` is None.
    With rules known, the position must be possible under them (check_position)."""
    text = text.strip()
    if not text.isprintable():
        raise CGPError(f"a CGP is one line of printable characters, not {quoted(text)}")
    parts = text.split(None, 4)
    if len(parts) < 4:
        raise CGPError("a CGP needs four fields: board racks scores zero-turns "
                       f"(got {len(parts)}: {quoted(text)})")
    board_text, racks_text, scores_text, zero_text = parts[:4]
    if len(parts) > 4 and not parts[4].isascii():
        raise CGPError(f"opcodes {quoted(parts[4])} must be ASCII")
    opcodes = _parse_opcodes(parts[4] if len(parts) > 4 else "")
    if rules is None:
        if "var" in opcodes:
            try:
                rules = Rules.from_string(opcodes["var"])
            except RulesError as exc:
                raise CGPError(f"bad var opcode: {exc}") from None
    rows = board_text.split("/")
    layout = LAYOUTS[rules.board] if rules else _layout_for(len(rows))
    board = board_from_rows(rows, layout)
    # A lone empty rack is written "-" (an empty field would vanish between spaces).
    racks_list = racks_text.split("/")
    if len(racks_list) > MAX_PLAYERS:
        raise CGPError(f"{len(racks_list)} racks: a game has 1 to {MAX_PLAYERS} players")
    racks = [""] if racks_text == "-" else [_rack_text(r, "rack") for r in racks_list]
    scores = [parse_score(s) for s in scores_text.split("/")]
    if None in scores:
        raise CGPError(f"scores {quoted(scores_text)} must be integers separated by /")
    if len(scores) != len(racks):
        raise CGPError(f"{len(racks)} racks but {len(scores)} scores")
    zero = parse_int(zero_text) if zero_text.isdigit() else None
    if zero is None:
        raise CGPError(f"consecutive zero-score turns {quoted(zero_text)} must be a number")
    if "spent" in opcodes:
        for name in opcodes["spent"].split():
            board.spent.add(_square_index(name, layout.size, CGPError, "bad spent opcode: "))
    pos = Position(board, racks, scores, zero, rules, opcodes)
    if rules is not None:
        check_position(pos, rules)
    return pos


def check_position(pos: Position, rules: Rules, bag=None) -> None:
    """Raise CGPError unless the position can arise under ``rules``: a JQXZ flipped
    only under JQXZ wild, racks of at most rules.rack_size tiles, and the tiles on
    the board, on the racks and (when given) in the bag all from one game's set."""
    board = pos.board
    if board.wild and not rules.wild_jqxz:
        sq = min(board.wild)
        raise CGPError(f"{square_name(*divmod(sq, board.size))} holds a face-down "
                       f"{board.wild[sq]}, which only JQXZ wild allows")
    counts: dict[str, int] = {}
    for sq, cell in enumerate(board.cells):
        if cell:
            tile = board.wild.get(sq, BLANK) if cell.islower() else cell
            counts[tile] = counts.get(tile, 0) + 1
    for i, rack in enumerate(pos.racks):
        if len(rack) > rules.rack_size:
            raise CGPError(f"rack {i + 1} holds {len(rack)} tiles; racks hold at most "
                           f"{rules.rack_size} under these rules")
        for t in rack:
            counts[t] = counts.get(t, 0) + 1
    for t in bag or ():
        counts[t] = counts.get(t, 0) + 1
    why = excess_tiles(counts, rules.tiles)
    if why:
        raise CGPError(f"impossible position: {why}")


def _layout_for(rows: int):
    for layout in LAYOUTS.values():
        if layout.size == rows:
            return layout
    raise CGPError(f"the board has {rows} rows; boards are 15 or 21 rows")


def _parse_opcodes(text: str) -> dict[str, str]:
    ops = {}
    for item in text.split(";"):
        item = item.strip()
        if not item:
            continue
        key, _, value = item.partition(" ")
        if key in ops:
            raise CGPError(f"opcode {quoted(key)} is given twice")
        ops[key] = value.strip()
    if text.strip() and not text.strip().endswith(";"):
        raise CGPError(f"opcodes must each end with ';' (got {quoted(text.strip())})")
    return ops


def format_cgp(pos: Position) -> str:
    board = pos.board
    text = " ".join([
        "/".join(board_rows(board)),
        "/".join(pos.racks) or "-",
        "/".join(str(s) for s in pos.scores),
        str(pos.zero_turns),
    ])
    ops = dict(pos.opcodes)
    if pos.rules is not None:
        ops["var"] = pos.rules.to_string()
    hidden = sorted(sq for sq in board.spent if not board.cells[sq])
    if hidden:
        ops["spent"] = " ".join(square_name(*divmod(sq, board.size)) for sq in hidden)
    else:
        ops.pop("spent", None)
    for key in sorted(ops):
        text += f" {key} {ops[key]};" if ops[key] else f" {key};"
    return text


# --------------------------------------------------------------------- move text

_TOKEN = re.compile(r"([A-Za-z])(?:\[([A-Za-z])\])?|(.)", re.DOTALL)
_COORD = re.compile(r"([0-9]+)([A-Z])|([A-Z])([0-9]+)")


def parse_coord(text: str, size: int) -> tuple[int, int, bool]:
    """``8D`` -> (7, 3, across); ``D8`` -> (7, 3, down)."""
    t = text.strip()
    m = _COORD.fullmatch(t.upper()) if t.isascii() else None
    if not m:
        raise MoveTextError(f"{quoted(text)} is not a coordinate: write 8D (across) or D8 (down)")
    across = m.group(1) is not None
    name = (m.group(2) + m.group(1)) if across else (m.group(3) + m.group(4))
    row, col = divmod(_square_index(name, size, MoveTextError), size)
    return row, col, across


def parse_move(text: str, board: Board, rules: Rules, rack=None):
    """Move text -> Play, Exchange or Pass. ``rack`` resolves which tile plays a
    lowercase letter (a '?' first, else the rack's one kind of J/Q/X/Z). Only
    printable ASCII on one line is read."""
    if not (text.isascii() and text.isprintable()):
        bad = next((ch for ch in text if not ch.isascii()), None)
        what = f"holds {bad!r}, which is not ASCII" if bad else "is not one printable line"
        raise MoveTextError(f"move text {quoted(text)} {what}: write ASCII letters and "
                            "digits on one line")
    parts = [p.strip() for p in text.strip().split(";")]
    if not parts or not parts[-1]:
        raise MoveTextError("empty move")
    pre = []
    size = board.size
    for part in parts[:-1]:
        words = part.split()
        if len(words) != 2 or words[0].lower() not in ("swap", "pick"):
            raise MoveTextError(f"{quoted(part)} is not an action: write 'swap K11' or 'pick L11'")
        pre.append((words[0].lower(), _square_index(words[1], size, MoveTextError)))
    last = parts[-1]
    if last.startswith("-"):
        tiles = last[1:].strip()
        for ch in tiles:
            if ch not in TILE_CHARS:
                raise MoveTextError(f"cannot exchange {ch!r}: not a tile")
        tiles = tiles.upper()
        if len(tiles) > rules.rack_size:
            raise MoveTextError(f"cannot exchange {len(tiles)} tiles: a rack holds "
                                f"{rules.rack_size}")
        if any(kind == "pick" for kind, _ in pre):
            raise MoveTextError("after a pick-off the turn must end with a placement")
        return Exchange(tiles, tuple(pre)) if tiles else Pass(tuple(pre))
    fields_ = last.split()
    if len(fields_) != 2:
        raise MoveTextError(f"{quoted(last)} is not a placement: write a coordinate and a word, "
                            "like 8D ZEBRAS")
    row, col, across = parse_coord(fields_[0], size)
    scratch = board.copy()
    left = list(rack) if rack is not None else None
    for action in pre:  # each as far as it goes: whether it is allowed is the scorer's business
        try:
            apply_pre(scratch, left, (action,), None, across)
        except MoveError:
            pass
    placed = []
    r, c = row, col
    for m in _TOKEN.finditer(fields_[1]):
        letter, wild, bad = m.groups()
        if bad is not None:
            raise MoveTextError(f"unexpected {bad!r} in {quoted(fields_[1])}")
        if r >= size or c >= size:
            raise MoveTextError(f"{quoted(fields_[1])} runs off the board")
        sq = r * size + c
        existing = scratch.cells[sq]
        if existing:
            if wild:
                raise MoveTextError(f"{square_name(r, c)} already holds {existing}: "
                                    "brackets name a tile you place, not one on the board")
            if existing.upper() != letter.upper():
                raise MoveTextError(f"{square_name(r, c)} holds {existing}, not {letter}")
        else:
            if wild:
                wild = wild.upper()
                if not letter.islower() or wild not in WILD_LETTERS:
                    raise MoveTextError(f"{letter}[{wild}]: brackets name the J, Q, X or Z played "
                                        "face down, after a lowercase letter")
                tile = wild
            elif letter.islower():
                tile = _blank_tile(left)
            else:
                tile = letter
            if left is not None and tile in left:
                left.remove(tile)
            placed.append((sq, letter, tile))
        if across:
            c += 1
        else:
            r += 1
    if not placed:
        raise MoveTextError(f"{quoted(last)} places no new tile")
    return Play(tuple(placed), tuple(pre), across)


def _blank_tile(left) -> str:
    if left is None or "?" in left:
        return "?"
    wilds = sorted({t for t in left if t in WILD_LETTERS})
    if len(wilds) == 1:
        return wilds[0]
    if wilds:
        raise MoveTextError("say which tile plays face down, e.g. e[Q]")
    return "?"


def format_move(board: Board, move, ev=None, rules: Rules | None = None) -> str:
    """Text for a move on ``board``, from the move and the board alone: the scorer
    need not run (the move lists write thousands of plays).

    A Play's main word runs along its tiles. A lone tile's word runs the way its
    Evaluation ``ev`` says when given; else, with ``rules`` and no pick-off, the
    way RULES.md 4.1 gives (``scoring.lone_tile_across``); else ``play.across``,
    the direction the generator found it in. The play must be legal: MoveError
    when ``ev`` says it is not, or when its tiles cannot lie where they say."""
    size = board.size
    pre = "".join(f"{kind} {square_name(*divmod(sq, size))}; " for kind, sq in move.pre)
    if isinstance(move, Pass):
        return pre + "-"
    if isinstance(move, Exchange):
        return pre + "-" + move.tiles
    if ev is not None and not ev.legal:
        raise MoveError("only a legal play can be written as move text")
    after = board.copy()
    apply_pre(after, None, move.pre, None, move.across)
    cells = after.cells
    new = {}
    for sq, cell, tile in move.tiles:
        if not 0 <= sq < size * size or cells[sq] or sq in new:
            raise MoveError("only a legal play can be written as move text")
        cells[sq] = cell
        new[sq] = cell + (f"[{tile}]" if tile in WILD_LETTERS and cell.islower() else "")
    if not new:
        raise MoveError("a play needs at least one tile placed")
    squares = sorted(new)
    if len(squares) > 1:
        across = squares[0] // size == squares[-1] // size
    elif ev is not None:
        across = ev.across
    elif rules is not None and not any(kind == "pick" for kind, _ in move.pre):
        a = run(cells, squares[0], True, size)
        d = run(cells, squares[0], False, size)
        layout = board.layout
        across = lone_tile_across(rules, len(a), layout.covers_inner(a, True),
                                  len(d), layout.covers_inner(d, False))
    else:
        across = move.across
    main = run(cells, squares[0], across, size)
    if not new.keys() <= set(main):
        raise MoveError("the tiles of a play must form one unbroken word with the tiles between them")
    row, col = divmod(main[0], size)
    coord = f"{row + 1}{chr(65 + col)}" if across else f"{chr(65 + col)}{row + 1}"
    return f"{pre}{coord} {''.join(new.get(sq, cells[sq]) for sq in main)}"
