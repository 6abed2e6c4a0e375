"""A game kept at a real table: the board, the tile set and whose turn it is are
known, the racks and the bag are not.

``TableGame`` is a ``Game`` whose tiles come from a physical bag. Everything that
does not need a rack is the dealt game's own code: the judgment of words
(challenge, good words only with the large-list check, free retry), the end rules,
the clock, the final round, PPT, undo and ``at``. What differs:

- A placement is checked against the set instead of a rack: the player's tiles
  must be among the *unseen* tiles (the full set less the board), so no tile
  beyond its count and no third blank in classic; and it may put down no more
  tiles than the player holds. The scorer is ``scoring.evaluate``, given the
  unseen tiles as the rack.
- How many tiles each rack holds and the bag holds is known exactly: every rack
  starts full and is refilled after each placement while the bag lasts (a game
  has min(set, 100) tiles). So exchanges (``-N``, a count: which tiles is not
  known), the cycle end and going out follow the rules without seeing a tile.
- When the game ends by the rules it waits for the tiles left on each rack
  (``end R1/R2``, empty for one who went out; phase ``racks``); then the end
  adjustment and the final round are the dealt game's.

A turn's ``rack`` is what the table saw of it: the tiles a placement put down
(empty for passes and exchanges). Free trades are not kept (they change no score).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, fields

from ..actionlog import (EXCHANGE, PASS, PLAY, GameError, Turn, clean_action, placement_details,
                         split_action)
from ..board import square_name
from ..game import Game, Legal, State
from ..moves import MoveError, Pass, Play
from ..notation import MoveTextError, format_move, parse_move
from ..rules import Rules
from ..scoring import Evaluation, apply_pre, evaluate
from ..tiles import BAG_SIZE, BLANK, TILE_SETS, sort_rack

RACKS = "racks"          # the phase after the end, until the racks left are entered
_COUNT = re.compile(r"-([0-9]{1,3})")


class TableBag:
    """The bag as a count: a table game never sees which tiles are in it."""

    __slots__ = ("count",)

    def __init__(self, count: int):
        self.count = count

    def __len__(self) -> int:
        return self.count

    def copy(self) -> "TableBag":
        return TableBag(self.count)

    def take(self, n: int) -> int:
        """Draw up to ``n`` tiles; returns how many came."""
        n = max(0, min(n, self.count))
        self.count -= n
        return n


@dataclass
class TableState(State):
    held: list = field(default_factory=list)      # tiles on each rack (a count)
    goer: int | None = None                         # who went out (the pending end)
    on_time: bool = False                           # the pending end is on time

    def copy(self) -> "TableState":
        base = State.copy(self)
        return TableState(**{f.name: getattr(base, f.name) for f in fields(State)},
                          held=list(self.held), goer=self.goer, on_time=self.on_time)


@dataclass(frozen=True)
class TableExchange:
    """An exchange of ``count`` tiles, after any swaps (which tiles is not known)."""

    count: int
    pre: tuple = ()


def game_tiles(rules: Rules) -> int:
    """Tiles in one game: the set, or a scoop of 100 from the big sets."""
    return min(sum(TILE_SETS[rules.tiles].values()), BAG_SIZE)


def scooped(rules: Rules) -> bool:
    """Whether a game's tiles are a scoop of 100 from a bigger set (RULES.md 2)."""
    return sum(TILE_SETS[rules.tiles].values()) > BAG_SIZE


def tile_word(tile: str, n: int) -> str:
    """``blank``/``blanks``, ``E tile``/``E tiles``."""
    return ("blank" if tile == BLANK else f"{tile} tile") + ("s" if n != 1 else "")


class TableGame(Game):
    """A game at a table: read it as a Game; act with move text, ``-N`` for an
    exchange of N tiles, ``challenge``, ``check``, ``timeout`` and, once it has
    ended, ``end R1/R2[/R3/R4]`` (the tiles left on each rack in seat order)."""

    def __init__(self, rules: Rules, players: int = 2, *, lexicon=None, names=None):
        """Game.__init__ deals from a seeded bag, so the table game sets up its own
        state (Game._set_up, Game._first_state): no seed, full racks counted out of
        the game's tiles, nothing dealt."""
        self._set_up(rules, None, players, lexicon, names, seeded=False)
        self.start = None
        bag = TableBag(game_tiles(rules))
        held = [bag.take(rules.rack_size) for _ in range(players)]
        self._state = self._first_state(TableState, bag, held=held)
        self._start_scores = (0,) * players

    @classmethod
    def replay(cls, rules: Rules, actions, players: int = 2, *, lexicon=None, names=None) -> "TableGame":
        """The game after ``actions`` (its log); a table game has no seed."""
        game = cls(rules, players, lexicon=lexicon, names=names)
        for a in actions:
            game.replay_entry(a)
        return game

    def replay_entry(self, action: str) -> tuple:
        """One logged entry (``8D ZEBRAS @12500ms``), acted. The table page logged its
        time-outs without their time until the engine came to refuse a time-out
        while the clock shows time left: a logged ``timeout`` with no time reads as
        the rest of the clock running out, so a game kept from then still opens."""
        text, ms = split_action(action)
        s = self._state
        if ms is None and text.split(" ", 1)[0].lower() == "timeout" and self.rules.clock \
                and s.phase in ("play", "final"):
            ms = max(s.clock[s.to_move], 0)
        return self._apply(text, ms)

    # ------------------------------------------------------------------ queries
    held = property(lambda self: tuple(self._state.held), doc="Tiles on each rack (a count).")
    awaiting_racks = property(lambda self: self._state.phase == RACKS,
                              doc="The game has ended; the tiles left on each rack are to be entered.")

    def unseen(self) -> str:
        """The full set less the board, sorted ('?' last): what may be on the racks
        and in the bag (with a scooped set, also tiles that are not in the game)."""
        return sort_rack(self._pool())

    def at(self, k: int) -> "TableGame":
        other = super().at(k)
        other.__class__ = type(self)
        return other

    def legal_actions(self) -> Legal:
        s, rules = self._state, self.rules
        live = s.phase in ("play", "final")
        open_turn = self._open_turn()
        return Legal(
            place=live,
            exchange=s.held[s.to_move] if s.phase == "play" and len(s.bag) >= rules.rack_size else 0,
            pass_=live,
            challenge=(rules.challenges and open_turn is not None and open_turn.kind == PLAY
                       and self._players > 1),
            check=open_turn is not None and open_turn.checkable,
            trade=False,
            final=s.phase == "final",
            timeout=bool(rules.clock) and (s.phase == "final" or (live and rules.clock_rule == "timesup")),
        )

    def preview(self, move):
        """Score a tentative placement (no state change), as ``Game.preview``; the
        tiles are checked against the set. Illegal: ``legal`` False and ``error``."""
        s = self._state
        if s.phase != "play":
            if s.phase == RACKS:
                raise GameError(self._racks_wanted())
            return super().preview(move)
        if isinstance(move, str):
            move = self._parse(clean_action(move))
        if not isinstance(move, Play):
            raise GameError("only a placement can be previewed")
        reveal = self.rules.judgment == "retry"
        ev = self._evaluate(move, self.judge if reveal else None)
        ev.judged = reveal
        return ev

    # ------------------------------------------------------------------ actions
    def _act(self, text: str, ms) -> None:
        s = self._state
        word = text.split(" ", 1)[0].lower()
        if word == "end":
            return self._enter_racks(text[3:].strip())
        if word in ("challenge", "check"):
            return super()._act(text, ms)
        if s.phase == RACKS:
            raise GameError(self._racks_wanted())
        if word == "trade":
            raise GameError("a free trade is made at the table: there is nothing to enter")
        if s.phase != "play" or word == "timeout":
            if s.phase == "final" and _COUNT.fullmatch(text.split(";")[-1].strip()):
                raise MoveError("in the final round you place tiles or decline with '-'")
            return super()._act(text, ms)
        if self._tick(ms):
            return None
        return self._move(self._parse(text))

    def _parse(self, text: str):
        """Move text, with ``-N`` (N tiles exchanged) in place of ``-ABC``. Without
        brackets a lowercase letter is always a blank (the set check then says
        when none is left), never a guessed face-down J/Q/X/Z."""
        parts = text.split(";")
        last = parts[-1].strip()
        m = _COUNT.fullmatch(last)
        if m is None and last.startswith("-") and last[1:].strip():
            raise MoveTextError(f"{last[:20]!r}: at the table, give how many tiles were exchanged, like -3")
        if m is None:   # no rack: a lowercase letter is a blank, a face-down J/Q/X/Z is e[Q]
            return parse_move(text, self._state.board, self.rules)
        pre = parse_move(";".join(parts[:-1] + ["-"]), self._state.board, self.rules).pre
        return TableExchange(int(m.group(1)), pre)

    def _move(self, move):
        s, rules = self._state, self.rules
        p = s.to_move
        if isinstance(move, Play):
            ev = self._evaluate(move, self.judge)
            if not ev.legal:
                raise MoveError(ev.error)
            text, info = format_move(s.board, move, ev), placement_details(move, ev, s.board.size)
            shown = sort_rack(move.rack_tiles())
            if ev.invalid and not rules.challenges:
                return self._not_standing(p, move, ev, text, shown, info)
            s.board = ev.board
            s.scores[p] += ev.score
            s.turns.append(Turn(p, PLAY, text, ev.score, shown, **info))
            s.held[p] -= ev.tiles_played
            s.held[p] += s.bag.take(rules.rack_size - s.held[p])
            if not s.held[p] and not len(s.bag):
                return self._end(f"{self._names[p]} went out", goer=p)
            return self._after_turn(placed=True)
        if any(kind == "pick" for kind, _ in move.pre):
            raise MoveError("after a pick-off the turn must end with a placement")
        board = s.board.copy()
        self._carry_pre(board, self._pool(), move.pre, True)
        if isinstance(move, TableExchange):
            if len(s.bag) < rules.rack_size:
                raise MoveError(f"you may exchange only while the bag holds at least {rules.rack_size} tiles")
            if not 1 <= move.count <= s.held[p]:
                raise MoveError(f"an exchange is of 1 to {s.held[p]} tiles, not {move.count}")
            text = format_move(board, Pass(move.pre))[:-1] + f"-{move.count}"
            s.board = board
            s.turns.append(Turn(p, EXCHANGE, text, 0, ""))
        else:
            s.board = board
            s.turns.append(Turn(p, PASS, format_move(board, move), 0, ""))
        return self._after_turn(placed=False)

    # -- the tiles of the set
    def _pool(self) -> list:
        """The unseen tiles: the full set less the tiles on the board."""
        board = self._state.board
        left = dict(TILE_SETS[self.rules.tiles])
        for sq, cell in enumerate(board.cells):
            if cell:
                left[board.wild.get(sq, BLANK) if cell.islower() else cell] -= 1
        return [t for t in left for _ in range(left[t])]

    def _evaluate(self, move: Play, judge) -> Evaluation:
        """``evaluate`` with the unseen tiles as the rack, after the checks that
        speak of the set and of the tiles the player holds."""
        s = self._state
        unseen = self._pool()
        try:
            board, pool = s.board.copy(), list(unseen)
            picked = self._carry_pre(board, pool, move.pre, move.across)
            have = Counter(pool)
            for tile, need in Counter(move.rack_tiles()).items():
                if need > have[tile]:
                    raise MoveError(self._beyond_set(tile, need, have[tile]))
            played = len(move.tiles) - (len(picked.picked) if picked else 0)
            held = s.held[s.to_move]
            if played > held:
                raise MoveError(f"{self._names[s.to_move]} holds {held} tile{'s' if held != 1 else ''}; "
                                f"this play puts down {played}")
        except MoveError as exc:
            return Evaluation(legal=False, error=str(exc))
        return evaluate(s.board, unseen, move, self.rules, judge)

    def _carry_pre(self, board, pool, pre, across: bool):
        """The swaps and pick-off on ``board``/``pool`` in order, as ``apply_pre``
        makes them, but a swap for a blank whose natural letter is all on the
        board is refused as beyond the set. Returns the PickOff or None."""
        if sum(1 for kind, _ in pre if kind == "pick") > 1:
            raise MoveError("only one pick-off is allowed in a turn")
        picked = None
        for kind, sq in pre:
            cell = board.cells[sq]
            if kind == "swap" and cell.islower() and cell.upper() not in pool:
                raise MoveError(f"no natural {cell.upper()} is left to swap for the blank on "
                                f"{square_name(*divmod(sq, board.size))}: {self._all_on_board(cell.upper())}")
            picked = apply_pre(board, pool, ((kind, sq),), self.rules, across) or picked
        return picked

    def _all_on_board(self, tile: str) -> str:
        n = TILE_SETS[self.rules.tiles].get(tile, 0)
        if n == 0:
            return f"the {self.rules.tiles} set has no {tile_word(tile, 1)}"
        if n == 1:
            return f"the {self.rules.tiles} set's only {tile_word(tile, 1)} is on the board"
        return f"the {self.rules.tiles} set has {n} {tile_word(tile, n)} and {'both' if n == 2 else 'all'} " \
               "are on the board"

    def _beyond_set(self, tile: str, need: int, have: int) -> str:
        if not have:
            return f"there is no {tile_word(tile, 1)} left to play: {self._all_on_board(tile)}"
        n = TILE_SETS[self.rules.tiles].get(tile, 0)
        return (f"the play needs {need} {tile_word(tile, need)}, but only {have} {'is' if have == 1 else 'are'} "
                f"off the board (the {self.rules.tiles} set has {n})")

    def _swaps_stand(self, pre, p: int) -> None:
        """After an invalid or withdrawn play (RULES.md 6.0), on the board from
        before it: the pick-off stays undone and so does every swap written after
        it (taken as made with a picked tile: write a swap made with your own
        tile first); the swaps before it stand."""
        s = self._state
        board, pool = s.board.copy(), self._pool()
        for kind, sq in pre:
            if kind == "pick":
                break
            if board.cells[sq].islower() and board.cells[sq].upper() in pool:
                apply_pre(board, pool, ((kind, sq),), self.rules, True)
        s.board = board

    # -- the end
    def _end(self, reason: str, goer: int | None = None, on_time: bool = False) -> None:
        """The game has ended by the rules: wait for the tiles left on each rack."""
        s = self._state
        s.phase, s.end_reason, s.goer, s.on_time = RACKS, reason, goer, on_time

    def _challenge(self, seat, ms):
        """As the dealt game's; while the racks are awaited the game is over to it
        (a challenge after going out: a phony comes off and play goes on)."""
        waiting = self._state.phase == RACKS
        if waiting:
            self._state.phase = "over"
        try:
            return super()._challenge(seat, ms)
        finally:
            if waiting and self._state.phase == "over":
                self._state.phase = RACKS

    def _racks_wanted(self) -> str:
        return (f"the game has ended ({self._state.end_reason}): enter the tiles left on each rack, "
                "like end AEI/" + "/".join(["QU"] * (self._players - 1)) + " (empty for one who went out)")

    def _enter_racks(self, arg: str) -> None:
        s = self._state
        if s.phase != RACKS:
            raise GameError("the game is over" if s.phase == "over" else
                            "the final round is under way" if s.phase == "final" else
                            "the game has not ended: 'end' comes once it has ended by the rules")
        s.racks = [list(r) for r in self._read_racks(arg)]
        super()._end(s.end_reason, s.goer, s.on_time)

    def _read_racks(self, arg: str) -> list[str]:
        s = self._state
        parts = arg.split("/")
        if len(parts) != self._players:
            raise GameError(f"give the tiles left on each of the {self._players} racks, in seat order, "
                            f"separated by '/' ({len(parts)} given)")
        racks = []
        for p, part in enumerate(parts):
            tiles = part.strip()
            if not all(ch.isascii() and (ch.isalpha() or ch == BLANK) for ch in tiles):
                raise GameError(f"{tiles[:20]!r}: a rack is letters A-Z and ? (a blank)")
            tiles = tiles.upper()
            if len(tiles) != s.held[p]:
                raise GameError(f"{self._names[p]} holds {s.held[p]} tile{'s' if s.held[p] != 1 else ''}, "
                                f"not {len(tiles)} ({tiles or 'none'})")
            racks.append(tiles)
        have = Counter(self._pool())
        for tile, need in Counter("".join(racks)).items():
            if need > have[tile]:
                raise GameError(f"the racks hold {need} {tile_word(tile, need)}, but only {have[tile]} "
                                f"{'is' if have[tile] == 1 else 'are'} off the board")
        return racks
