"""GCG game records: ours (exact replays) and other programs' (history).

Standard lines (``#player1 nick Full Name``, ``>nick: RACK MOVE +score total``)
carry the score sheet for people and other tools; extra header lines ``#rules`` and
``#seed`` and one ``#action`` line per input make our records replay exactly (a game
is its rules, seed and actions). A game started from a position adds ``#start <CGP>``
(older records have none: an empty board); its totals count on from the
position's scores. ``read_gcg`` replays those and checks every recorded total.

Names may repeat and hold spaces: the nickname on turn lines is the name with
spaces as '_', made unique with a seat suffix; the full name is the rest of the
``#player`` line. The seed keeps its type: ``#seed 42`` is the number 42,
``#seed "42"`` the text "42" (JSON string quoting).

``import_record`` also reads the classic records woogles, Quackle, ISC and Macondo
write. They give each turn's rack but no seed, so no bag can be replayed: the
recorded plays are placed on a board and scored by the engine under the record's
``#rules`` line, else classic rules (a record is history: words outside our lists
still count). The record's totals stand; every line whose engine score differs is
reported, and adjustments our rules lack (a 5-point challenge bonus, a time
penalty) are applied as recorded. Turn lines: plays ``8D W.RD``/``h8 WORD`` ('.': a
tile played through, lowercase: a blank), exchanges ``-ABC`` (or ``-3``), passes
``-``, a phony withdrawn ``--``, ``(challenge) +5``, ``(time) -10``, end racks
``(OPEG) +14`` and ``OPEG (OPEG) -7``. ``#note`` lines (continued on lines without
'#' or '>') attach to the turn before them; ``#rack1``/``#rack2`` give the final racks,
else the end rack lines, else what each player kept after their last turn (the rack
on its line less the tiles played or exchanged; the draw after it is unknown). The
position reached (``Imported.cgp``, the player to move first) is where an imported
game goes on (engine/startpos.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

from ..actionlog import END, EXCHANGE, PASS, PHONY, PLAY, TIME
from ..board import LAYOUTS, Board, SquareError
from ..game import Game
from ..moves import Play
from ..notation import (NotationError, Position, check_position, format_cgp, format_move, parse_coord,
                       parse_move)
from ..rules import PRESETS, Rules, RulesError
from ..scoring import evaluate
from ..tiles import rack_value
from ..lexicon.words import WordJudge
from .gcg_lines import (ENGINE_ERRORS, GCGError, Lines, checked_turns, read_seed, rules_of, score_of, seats_of,
                        split_lines)
from .gcg_write import gcg_move, write_gcg  # noqa: F401 (write_gcg: the record's writer)

CHALLENGE = "challenge"   # an imported record's challenge bonus (not a kind of our games)
MAX_RECORD_BYTES = 1_000_000   # a record file the command line reads (the page takes 200,000 characters)


# ---------------------------------------------------------------- our records
def _replay(lines: Lines, lexicon):
    """Our record: (the game replayed, [(line, recorded score, total)] per turn)."""
    if "rules" not in lines.header or "seed" not in lines.header:
        raise GCGError("this record lacks the #rules and #seed lines needed to replay it")
    rules = rules_of(lines)
    seed = read_seed(*lines.header["seed"])
    nicks, names = seats_of(lines)
    start, start_line = lines.header.get("start", (None, 0))
    if start is not None:
        try:
            Game(rules, seed, len(nicks), lexicon=lexicon, names=names, start=start)
        except ENGINE_ERRORS as exc:
            raise GCGError(f"line {start_line}: {exc}") from None
    try:
        game = Game.replay(rules, seed, lines.actions, len(nicks), lexicon=lexicon, names=names,
                           start=start)
    except ENGINE_ERRORS as exc:
        raise GCGError(f"the record's actions do not replay: {exc}") from None
    return game, checked_turns(lines, nicks, game.turns, list(game.start_scores))


def read_gcg(text: str, lexicon=None) -> Game:
    """Rebuild the game one of our records describes; raises GCGError naming the bad line."""
    if lexicon is None:
        raise GCGError("replaying a record needs the game's word lists (lexicon=)")
    return _replay(split_lines(text), lexicon)[0]


# ---------------------------------------------------------------- any record
@dataclass(frozen=True)
class RecordTurn:
    """One turn line of an imported record: what it records and what the engine makes of it."""

    line: int          # line number in the record
    player: int        # seat, 0-based
    nick: str
    kind: str          # play, exchange, pass, phony, challenge, time, end (ours: our kinds)
    move: str          # plays in our move text (tiles played through written out)
    rack: str
    recorded: int      # the record's score for the line
    score: int         # the engine's (adjustments our rules lack: as recorded)
    total: int         # the record's running total for the player
    words: tuple = ()
    invalid: tuple = ()   # words outside the rules' word list (history: they still count)
    note: str = ""

    def to_dict(self) -> dict:
        out = {"player": self.nick, "move": self.move, "recorded": self.recorded, "score": self.score}
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True)
class Imported:
    """A record read: its turns, the final scores (the record's totals), the position
    reached (CGP), and every line where the engine's score differs from the record's."""

    names: tuple
    nicks: tuple
    rules: Rules
    turns: tuple
    scores: tuple
    cgp: str
    differences: tuple = ()
    header: dict = field(default_factory=dict)   # title, description, id, lexicon, ...
    note: str = ""                               # notes before the first turn
    game: Game | None = None                     # our records: the game, replayed exactly
    first: int = 0                               # the seat whose rack leads the CGP (to move)
    over: bool = False                           # the record ends the game (end rack lines)


def import_record(text: str, lexicon) -> Imported:
    """Read a GCG record, ours or another program's; raises GCGError naming the line."""
    if lexicon is None:
        raise GCGError("importing a record needs the word lists (lexicon=)")
    lines = split_lines(text)
    header = {k: v for k, (v, _) in lines.header.items() if k not in ("rules", "seed", "start")}
    if "seed" in lines.header or lines.actions:
        game, recorded = _replay(lines, lexicon)
        nicks = seats_of(lines)[0]
        turns = tuple(RecordTurn(n, t.player, nicks[t.player], t.kind, gcg_move(t), t.rack, score, t.score,
                                 total, t.words, t.invalid, lines.notes.get(i, ""))
                      for i, ((n, score, total), t) in enumerate(zip(recorded, game.turns)))
        return Imported(game.names, tuple(nicks), game.rules, turns, game.scores, format_cgp(game.position()),
                        (), header, lines.notes.get(-1, ""), game, game.to_move, game.over)
    return _Foreign(lines, lexicon).run(header)


_OTHER_LANGUAGES = ("FRA", "RD", "NSF", "DISC", "OSPS", "FILE")   # Macondo's non-English lexica


def _foreign_rules(lines: Lines) -> Rules:
    """The rules a foreign record implies: its #rules line, else classic (English lists)."""
    h = lines.header
    if "rules" in h:
        try:
            return Rules.from_string(h["rules"][0])
        except RulesError as exc:
            raise GCGError(f"line {h['rules'][1]}: {exc}") from None
    checks = (("lexicon", lambda v: not v.upper().startswith(_OTHER_LANGUAGES), "word list"),
              ("tile-distribution", lambda v: v.lower() == "english", "tile distribution"),
              ("board-layout", lambda v: v.lower() == "crosswordgame", "board"),
              ("game-type", lambda v: v.lower() == "classic", "game type"))
    for key, ok, what in checks:
        if key in h and h[key][0] and not ok(h[key][0]):
            raise GCGError(f"line {h[key][1]}: {what} {h[key][0][:40]!r}: only classic English "
                           "games (15x15 board, English tiles) can be imported")
    return PRESETS["classic"]


def _tiles(text: str, n: int, what: str, limit: int) -> str:
    if not (text.isascii() and all(ch.isalpha() or ch == "?" for ch in text)):
        raise GCGError(f"line {n}: {what} {text[:20]!r} must be tiles A-Z or ? (a blank)")
    if len(text) > limit:
        raise GCGError(f"line {n}: {what} {text[:20]!r} holds more than {limit} tiles")
    return text.upper()


class _Foreign:
    """Places a foreign record's plays on a board, one line at a time (no bag: the
    record gives each turn's rack, not a seed)."""

    def __init__(self, lines: Lines, lexicon):
        self.lines = lines
        self.rules = _foreign_rules(lines)
        self.judge = WordJudge(self.rules, lexicon)
        self.nicks, self.names = seats_of(lines)
        self.board = Board(LAYOUTS[self.rules.board])
        self.totals = [0] * len(self.nicks)
        self.turns: list[RecordTurn] = []
        self.differences: list[str] = []
        self.last_play = None         # (seat, engine score, (board, scoreless) before it): the line before
        self.scoreless = 0
        self.left: dict[int, str] = {}   # seat -> tiles left at the end (end rack lines)
        self.kept: dict[int, str] = {}   # seat -> tiles kept after their last turn (its rack less its move)
        self._placed: list = []

    def run(self, header: dict) -> Imported:
        for i, (n, line) in enumerate(self.lines.events):
            self._event(n, line, self.lines.notes.get(i, ""))
        self._settle_end()
        for t in self.turns:
            if t.score != t.recorded:
                self.differences.append((t.line, f"line {t.line}: {t.move} is recorded as {t.recorded:+d}; "
                                                  f"the engine scores it {t.score:+d}"))
        self.differences.sort(key=lambda d: d[0])
        n = len(self.nicks)
        movers = [t.player for t in self.turns if t.kind in (PLAY, EXCHANGE, PASS, PHONY)]
        first = (movers[-1] + 1) % n if movers else 0
        order = [(first + i) % n for i in range(n)]
        pos = Position(self.board.copy(), [self._final_rack(p) for p in order],
                       [self.totals[p] for p in order], self.scoreless, self.rules)
        try:
            check_position(pos, self.rules)
        except NotationError:
            self.kept.clear()   # racks that do not add up (a garbled record): only the stated ones
            pos.racks = [self._final_rack(p) for p in order]
            try:
                check_position(pos, self.rules)
            except NotationError as exc:
                raise GCGError(f"the position reached: {exc}") from None
        return Imported(tuple(self.names), tuple(self.nicks), self.rules, tuple(self.turns),
                        tuple(self.totals), format_cgp(pos), tuple(m for _, m in self.differences), header,
                        self.lines.notes.get(-1, ""), first=first,
                        over=any(t.kind == END for t in self.turns))

    def _final_rack(self, p: int) -> str:
        given = self.lines.header.get(f"rack{p + 1}")
        if given:
            return _tiles(given[0], given[1], "rack", self.rules.rack_size)
        return self.left.get(p, self.kept.get(p, ""))

    def _keep(self, p: int, kind: str, rack: str, move: str) -> None:
        """The tiles ``p`` kept after a turn, as far as the line shows them: what the
        position reached holds of their rack (the draw after it no record gives)."""
        if kind == PHONY:   # the play comes off: its tiles go back on the rack
            rack = rack or self.turns[-1].rack
        gone = self._placed if kind == PLAY else move[1:] if kind == EXCHANGE else ""
        left = list(rack)
        for t in gone:
            if t in left:
                left.remove(t)
        unknown = kind == EXCHANGE and move[1:].isdigit()   # -3: which three is not said
        self.kept[p] = "" if unknown else "".join(left)

    def _event(self, n: int, line: str, note: str) -> None:
        nick, colon, rest = line.partition(":")
        if not colon or nick.strip() not in self.nicks:
            raise GCGError(f"line {n}: a turn line starts with '>nick:' naming a player "
                           f"({', '.join(self.nicks)}): {line[:60]!r}")
        p = self.nicks.index(nick.strip())
        tokens = rest.split()
        if len(tokens) < 3:
            raise GCGError(f"line {n}: a turn line ends with a move, its score and the total: {line[:60]!r}")
        recorded, total = score_of(tokens[-2], n, line), score_of(tokens[-1], n, line)
        body = tokens[:-2]
        rack = ""
        if len(body) >= 2 and not body[0].startswith("("):
            rack = _tiles(body.pop(0), n, "rack", self.rules.rack_size)
        kind, move, score, words, invalid = self._turn(n, p, body, rack, recorded, line)
        if kind in (PLAY, EXCHANGE, PASS, PHONY):
            self._keep(p, kind, rack, move)
        if self.totals[p] + recorded != total:
            self.differences.append((n, f"line {n}: {self.totals[p]} {recorded:+d} makes "
                                        f"{self.totals[p] + recorded}, but the record says {total}"))
        self.totals[p] = total
        turn = RecordTurn(n, p, self.nicks[p], kind, move, rack, recorded, score, total, words, invalid, note)
        self.turns.append(turn)
        if kind != PLAY:
            self.last_play = None

    def _turn(self, n, p, body, rack, recorded, line):
        """(kind, move text, the engine's score, words, invalid words) of one line."""
        word = body[0] if len(body) == 1 else ""
        if len(body) == 2:
            return self._play(n, p, body, rack)
        if word == "--":
            return self._withdraw(n, p)
        if word == "-":
            self.scoreless += 1
            return PASS, "-", 0, (), ()
        if word.startswith("-") and word[1:]:
            count = word[1:]
            if not (count.isascii() and count.isdigit()):   # -3: three tiles, not named
                tiles = _tiles(count, n, "exchange", self.rules.rack_size)
                if rack and any(rack.count(t) < tiles.count(t) for t in tiles):
                    raise GCGError(f"line {n}: exchanging {tiles} from the rack {rack}, which lacks some")
            self.scoreless += 1
            return EXCHANGE, word.upper(), 0, (), ()
        if word.lower() == "(challenge)":
            return CHALLENGE, "(challenge)", recorded, (), ()
        if word.lower() == "(time)":
            return TIME, "(time)", recorded, (), ()
        inner = word[1:-1]
        if word[:1] + word[-1:] == "()" and inner and all("A" <= ch <= "Z" or ch == "?" for ch in inner):
            return self._end_rack(n, p, inner, rack, recorded)
        raise GCGError(f"line {n}: not a move GCG knows (a play like 8D WORD, -, -ABC, --, "
                       f"(challenge), (time) or (RACK)): {line[:60]!r}")

    def _play(self, n, p, body, rack):
        coord, word = body
        size = self.board.size
        try:
            row, col, across = parse_coord(coord, size)
            cells = []
            for i, ch in enumerate(word):
                r, c = (row, col + i) if across else (row + i, col)
                if ch == "." and r < size and c < size:
                    ch = self.board.cells[r * size + c]
                    if not ch:
                        raise GCGError(f"line {n}: '.' in {word[:20]} marks a tile played through, "
                                       f"but square {chr(65 + c)}{r + 1} is empty")
                cells.append(ch)
            text = f"{coord.upper()} {''.join(cells)}"
            move = parse_move(text, self.board, self.rules, rack)
        except GCGError:
            raise                   # already names its line
        except (NotationError, SquareError) as exc:
            raise GCGError(f"line {n}: {exc}") from None
        if not isinstance(move, Play):
            raise GCGError(f"line {n}: {coord} {word[:20]} is not a play")
        ev = evaluate(self.board, rack, move, self.rules, self.judge)
        if not ev.legal:
            raise GCGError(f"line {n}: {text[:40]}: {ev.error}")
        before = (self.board, self.scoreless)
        self.board = ev.board
        try:
            check_position(Position(self.board, [], [], 0, self.rules), self.rules)
        except NotationError as exc:
            raise GCGError(f"line {n}: {exc}") from None
        self.scoreless = 0
        move_text = format_move(before[0], move, ev)
        self.last_play = (p, ev.score, before)
        self._placed = [tile for _, _, tile in move.tiles]
        return PLAY, move_text, ev.score, tuple(w.word for w in ev.words), tuple(ev.invalid)

    def _withdraw(self, n, p):
        """'--': the play of the line before comes off (a phony challenged)."""
        if self.last_play is None or self.last_play[0] != p:
            raise GCGError(f"line {n}: '--' takes back a play, but the line before is not a play "
                           f"of {self.nicks[p]}")
        _, score, (board, scoreless) = self.last_play
        self.board, self.scoreless = board, scoreless + 1
        return PHONY, "--", -score, (), ()

    def _end_rack(self, n, p, tiles, rack, recorded):
        """``(OPEG) +14``: the tiles another player was left with, counted for the
        player who went out (doubled under classic end rules); ``OPEG (OPEG) -7``: a
        player's own tiles left, counted against them (``_settle_end``)."""
        tiles = _tiles(tiles, n, "end rack", self.rules.rack_size * (len(self.nicks) - 1))
        adjust = self.rules.end_adjust
        if recorded >= 0:
            value = rack_value(tiles) * (2 if adjust == "classic" else 1 if adjust == "transfer" else 0)
            if len(self.nicks) == 2:
                self.left[1 - p] = tiles
            self.left[p] = ""
        else:
            value = -rack_value(tiles) if adjust != "none" else 0
            self.left[p] = tiles
        return END, f"({tiles})", value, (), ()

    def _settle_end(self) -> None:
        """Under classic end rules a player's own tiles count against them only when
        no one went out (our engine's rule; the old rule, ``transfer``, always)."""
        went_out = any(t.kind == END and t.recorded >= 0 for t in self.turns)
        if went_out and self.rules.end_adjust == "classic":
            self.turns = [replace(t, score=0) if t.kind == END and t.recorded < 0 else t for t in self.turns]


# ---------------------------------------------------------------- files
def decode_record(data: bytes) -> str:
    """A record file's text: UTF-8 or ISO-8859-1 as its ``#character-encoding`` line
    says (without one: UTF-8 when it decodes, else ISO-8859-1, GCG's old default)."""
    data = bytes(data)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    first = data.split(b"\n", 1)[0].strip()
    encoding = None
    if first.lower().startswith(b"#character-encoding"):
        name = first[len(b"#character-encoding"):].strip().decode("ascii", "replace").lower()
        encoding = {"utf-8": "utf-8", "utf8": "utf-8", "iso-8859-1": "latin-1",
                    "iso 8859-1": "latin-1", "latin-1": "latin-1"}.get(name)
        if encoding is None:
            raise GCGError(f"line 1: unknown character encoding {name[:30]!r} (UTF-8 or ISO-8859-1)")
    try:
        return data.decode(encoding or "utf-8")
    except UnicodeDecodeError as exc:
        if encoding:
            line = data.count(b"\n", 0, exc.start) + 1
            raise GCGError(f"line {line}: not UTF-8 text (byte {data[exc.start]:#04x})") from None
        return data.decode("latin-1")


def cli_gcg(path, lexicon=None) -> list[str]:
    """What ``python -m engine gcg FILE`` prints: one JSON line per turn
    (player, move, recorded, score; note when there is one), then the final scores
    and the lines where the engine's score differs from the record's."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)
    except (OSError, ValueError) as exc:   # ValueError: a path no file can have (a NUL, a lone surrogate)
        raise GCGError(f"cannot read {str(path)[:80]}: {getattr(exc, 'strerror', None) or exc}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise GCGError(f"{str(path)[:80]} is over {MAX_RECORD_BYTES:,} bytes, the limit for a record")
    if lexicon is None:
        from ..lexicon import Lexicon
        lexicon = Lexicon.default()
    record = import_record(decode_record(data), lexicon)
    lines = [json.dumps(t.to_dict()) for t in record.turns]
    lines.append(json.dumps({"final": dict(zip(record.nicks, record.scores)),
                             "differences": list(record.differences)}))
    return lines
