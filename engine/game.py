"""A game: rules + seed + the log of actions. Apply, preview, undo, end, PPT.

Every input goes through ``act(text, elapsed)`` and is appended to ``actions``;
replaying the same rules, seed and actions gives the same game on CPython and
Pyodide. The clock is passed in by the caller (``elapsed`` seconds per action,
logged exactly as integer milliseconds: ``8D ZEBRAS @12500ms``); the engine never
reads the wall clock. Callers read the game through the read-only properties
below; the internal state (``_state``) is private. The score-sheet lines and the
action text live in actionlog.py; the clock, the end and the final round in ending.py;
challenges and large-list checks in judgment.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .actionlog import (DECLINE, END, EXCHANGE, FINAL, FREE, INVALID, LOST, MAX_SECONDS, PASS, PHONY, PLAY,
                        RETRY, TIME, TRADE, TURN_KINDS, GameError, Turn, check_names, clean_action,
                        is_turn, placement_details, split_action, to_ms)
from .board import LAYOUTS, Board, parse_square, square_name
from .ending import GameEnding
from .judgment import GameJudgment
from .moves import Exchange, MoveError, Play, merged_picks
from .notation import Position, format_move, parse_coord, parse_move
from .rules import Rules
from .scoring import Evaluation, apply_pre, evaluate
from .startpos import begin, canonical, check_playable, read_start, taken
from .tiles import BLANK, Bag, sort_rack
from .trades import allowed_trade, conditions, draw_for_trade, trade_allowed, trade_possible
from .turnlog import TurnLog
from .lexicon.words import WordJudge

__all__ = ["Game", "Turn", "Legal", "GameError", "TURN_KINDS", "is_turn", "split_action",
           "PLAY", "EXCHANGE", "PASS", "INVALID", "PHONY", "LOST", "FINAL", "END", "TIME",
           "TRADE", "RETRY", "DECLINE", "FREE"]


@dataclass(frozen=True)
class Legal:
    """What the player to move may do now; the page greys its buttons from this."""

    place: bool
    exchange: int            # most tiles that may be exchanged now (0: none)
    pass_: bool              # pass (in the final round: decline the attempt)
    challenge: bool          # the last play may be challenged now
    check: bool              # the failed last play may be checked in the large list
    trade: bool              # a free trade is possible now
    final: bool              # a finder's attempt with the other rack
    timeout: bool            # 'timeout' is accepted (once the clock, charged its time, is at zero)

    def to_dict(self) -> dict:
        return {"place": self.place, "exchange": self.exchange, "pass": self.pass_,
                "challenge": self.challenge, "check": self.check, "trade": self.trade,
                "final": self.final, "timeout": self.timeout}


class RackText(str):
    """A sorted rack string that may also be called (the old ``active_rack()`` form)."""

    def __call__(self) -> "RackText":
        return self


@dataclass
class State:
    board: Board
    bag: Bag
    racks: list
    scores: list
    to_move: int = 0
    turns: TurnLog = field(default_factory=TurnLog)   # copied at no cost (turnlog.py)
    scoreless: int = 0       # consecutive turns with no placement standing
    idle: int = 0            # consecutive turns adding no tile while the bag is short
    phase: str = "play"      # play | final | over
    end_reason: str = ""
    blanks_drawn: list = field(default_factory=list)
    clock: list = field(default_factory=list)      # milliseconds left (integers)
    timed_out: list = field(default_factory=list)
    final_left: list = field(default_factory=list)   # finders still to try
    final_found: list = field(default_factory=list)
    traded: bool = False     # a free trade was made this turn
    skip: list = field(default_factory=list)         # seats that lost their next turn

    def copy(self) -> "State":
        return State(self.board.copy(), self.bag.copy(), [list(r) for r in self.racks], list(self.scores),
                     self.to_move, self.turns.copy(), self.scoreless, self.idle, self.phase,
                     self.end_reason, list(self.blanks_drawn), list(self.clock), list(self.timed_out),
                     list(self.final_left), list(self.final_found), self.traded, list(self.skip))


class Game(GameEnding, GameJudgment):
    """One game. Read it through the read-only properties (scores, to_move, phase,
    racks, turns, clock, ...), ask ``legal_actions()`` what may be done now, do it
    with ``act(text, elapsed)``, score a tentative placement with ``preview()``,
    step through with ``at(k)`` and take back with ``undo()``.

    ``start``: CGP text of a position to begin from instead of an empty board
    (its racks in turn order, the player to move becoming seat 0). The bag is the
    set less the position's tiles and short racks are filled from it (startpos.py
    says why); ``self.start`` keeps the position as CGP (None: a new game)."""

    def __init__(self, rules: Rules, seed, players: int = 2, *, lexicon=None, names=None, start=None):
        self._set_up(rules, seed, players, lexicon, names)
        pos = read_start(start, rules, players) if start is not None else None
        self.start = canonical(pos, rules) if pos is not None else None
        self._state = self._first_state(State, Bag(rules.tiles, seed, taken(pos) if pos else ()))
        if pos is not None:
            begin(self._state, pos)
        for p in range(players):
            self._draw(p, rules.rack_size - len(self._state.racks[p]))
        if pos is not None:
            check_playable(self._state, self._names)
        self._start_scores = tuple(self._state.scores)

    def _set_up(self, rules: Rules, seed, players: int, lexicon, names, seeded: bool = True) -> None:
        """The checks and attributes every game begins with, a table game's too
        (engine/table/game.py: no seed, so ``seeded`` False skips its check)."""
        if lexicon is None:
            raise GameError("a game needs its word lists: pass lexicon=")
        if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
            raise GameError("a game has 1 to 4 players")
        if seeded and (isinstance(seed, bool) or not isinstance(seed, (int, str))
                       or (isinstance(seed, int) and abs(seed) >= 10 ** 200) or len(str(seed)) > 200):
            raise GameError("a seed is a whole number or a text (up to 200 characters)")
        if not 0 <= rules.clock <= MAX_SECONDS:
            raise GameError(f"the clock must be 0 to {MAX_SECONDS} seconds")
        self.rules = rules
        self.seed = seed
        self.lexicon = lexicon
        self.judge = WordJudge(rules, lexicon)
        self._names = check_names(names, players)
        self._players = players
        self._actions: list[str] = []
        self._undo: list[State] = []   # snapshot before each action; never mutated

    def _first_state(self, state_class, bag, **more) -> State:
        """The state before any tile is drawn: an empty board, empty racks, no
        scores, full clocks (``more``: a subclass's own fields)."""
        n, rules = self._players, self.rules
        return state_class(Board(LAYOUTS[rules.board]), bag, [[] for _ in range(n)], [0] * n,
                           blanks_drawn=[0] * n, clock=[rules.clock * 1000] * n, timed_out=[False] * n,
                           final_found=[False] * n, skip=[False] * n, **more)

    # ------------------------------------------------------------------ queries
    players = property(lambda self: self._players)
    names = property(lambda self: tuple(self._names))
    actions = property(lambda self: tuple(self._actions), doc="The action log (replay format).")
    scores = property(lambda self: tuple(self._state.scores))
    to_move = property(lambda self: self._state.to_move)
    phase = property(lambda self: self._state.phase, doc="play | final | over")
    over = property(lambda self: self._state.phase == "over")
    end_reason = property(lambda self: self._state.end_reason)
    bag_count = property(lambda self: len(self._state.bag))
    turns = property(lambda self: tuple(self._state.turns), doc="Every score-sheet line (Turn records).")
    clock = property(lambda self: tuple(ms / 1000 for ms in self._state.clock), doc="Seconds left per seat.")
    timed_out = property(lambda self: tuple(self._state.timed_out), doc="Seats out of the game by the clock.")
    start_scores = property(lambda self: self._start_scores,
                            doc="The scores before the first action (a start position's; else zeros).")

    @property
    def racks(self) -> tuple:
        return tuple(sort_rack(r) for r in self._state.racks)

    @property
    def board(self) -> Board:
        """A copy of the board (a few microseconds): changing it never changes the game."""
        return self._state.board.copy()

    def rack(self, player: int | None = None) -> str:
        s = self._state
        if player is None:
            player = s.to_move
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self._players:
            raise GameError(f"there is no player {player!r}")
        return sort_rack(s.racks[player])

    @property
    def active_rack(self) -> RackText:
        """The sorted rack the player to move plays from (the opponent's in the final
        round). Also callable, ``active_rack()``, as before."""
        s = self._state
        p = 1 - s.to_move if s.phase == "final" else s.to_move
        return RackText(sort_rack(s.racks[p]))

    @property
    def last_turn(self) -> Turn | None:
        return self._state.turns.last_turn()

    def position(self) -> Position:
        s = self._state
        order = [(s.to_move + i) % self._players for i in range(self._players)]
        racks = [sort_rack(s.racks[p]) for p in order]
        if s.phase == "final":   # each finder plays from the other's rack: swapped
            racks.reverse()
        return Position(s.board.copy(), racks, [s.scores[p] for p in order], s.scoreless, self.rules)

    def preview(self, move) -> Evaluation:
        """Score a tentative placement for the player to move (no state change).

        When words are judged after the play (good words only, challenge, the final
        round) the preview does not reveal them: ``invalid`` is empty and
        ``judged`` is False. Under free retry it is judged (``judged`` True).
        Legality errors always show (``legal``/``error``)."""
        s = self._state
        if s.phase == "over":
            raise GameError("the game is over")
        if isinstance(move, str):
            move = parse_move(clean_action(move), s.board, self.rules, self.active_rack)
        if not isinstance(move, Play):
            raise GameError("only a placement can be previewed")
        reveal = self.rules.judgment == "retry" and s.phase == "play"
        ev = evaluate(s.board, self.active_rack, move, self.rules, self.judge if reveal else None)
        ev.judged = reveal
        return ev

    def legal_actions(self) -> Legal:
        s, rules = self._state, self.rules
        live = s.phase != "over"
        rack = s.racks[s.to_move]
        open_turn = self._open_turn()
        return Legal(
            place=live,
            exchange=len(rack) if s.phase == "play" and len(s.bag) >= rules.rack_size else 0,
            pass_=live,
            challenge=(rules.challenges and open_turn is not None and open_turn.kind == PLAY
                       and self._players > 1),
            check=open_turn is not None and open_turn.checkable,
            trade=s.phase == "play" and rules.free_trades and not s.traded and trade_possible(rack),
            final=s.phase == "final",
            timeout=bool(rules.clock) and (s.phase == "final" or (live and rules.clock_rule == "timesup")),
        )

    def at(self, k: int) -> "Game":
        """A new Game holding the position after the first ``k`` actions (0..len).
        Cheap: one state copy from the undo snapshots, no replay."""
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(self._actions):
            raise GameError(f"there is no position after {k!r} actions (0 to {len(self._actions)})")
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._state = (self._undo[k] if k < len(self._undo) else self._state).copy()
        other._undo = self._undo[:k]
        other._actions = self._actions[:k]
        return other

    # ------------------------------------------------------------------ actions
    def act(self, text: str, elapsed: float | None = None) -> tuple:
        """Apply one action given as text (the share-link and replay format): move
        text, 'challenge' (or 'challenge 2': the 1-based seat challenging), 'check',
        'timeout' (refused while the clock, charged ``elapsed``, shows time left),
        'trade ABC'. ``elapsed``: seconds the action took.

        Returns the Turn records this action added or changed (a failed large-list
        check returns the play's line with its deduction), in sheet order; empty
        when a play is withdrawn after a found large-list check (the same player
        plays again). A failed free-retry attempt returns its RETRY line.
        A rescued play may undo an end it caused (the end stands once the check is
        declined or fails); a challenge after going out may undo the end too."""
        return self._apply(clean_action(text), to_ms(elapsed))

    def undo(self) -> None:
        if not self._undo:
            raise GameError("nothing to undo")
        self._state = self._undo.pop().copy()
        self._actions.pop()

    @classmethod
    def replay(cls, rules: Rules, seed, actions, players=2, *, lexicon=None, names=None,
               start=None) -> "Game":
        game = cls(rules, seed, players, lexicon=lexicon, names=names, start=start)
        for a in actions:
            game._apply(*split_action(a))
        return game

    def _apply(self, text: str, ms):
        text = self._canonical(text)
        before = self._state
        self._state = before.copy()
        try:
            self._act(text, ms)
        except Exception:
            self._state = before
            raise
        self._undo.append(before)
        self._actions.append(text + (f" @{ms}ms" if ms is not None else ""))
        turns, new = self._state.turns, []
        if turns.shares(before.turns):   # the usual case: lines appended (or replaced) past the old end
            changed = range(len(before.turns), len(turns))
        else:                            # taken back to an earlier state, or a line changed
            old = {id(t) for t in before.turns}
            changed = [i for i, t in enumerate(turns) if id(t) not in old]
        for i in changed:
            turns[i] = replace(turns[i], action=len(self._actions) - 1)
            new.append(turns[i])
        return tuple(new)

    def _canonical(self, text: str) -> str:
        """One pick per tile of a run (``pick K11; pick L11; 11G ...``, in either
        order) is the same action as the single pick of the earliest square
        (``pick K11; 11G ...``): moves.merged_picks, as the page's placements."""
        parts = [p.strip() for p in text.split(";")]
        picks = [i for i, p in enumerate(parts[:-1]) if p.lower().startswith("pick ")]
        if len(picks) < 2:
            return text
        size = self._state.board.size
        try:
            squares = [parse_square(parts[i][5:].strip(), size) for i in picks]
            across = parse_coord(parts[-1].split()[0], size)[2]
        except (ValueError, IndexError):
            return text
        pre = tuple(("pick", r * size + c) for r, c in squares)
        merged = merged_picks(pre, size, across)
        if len(merged) == len(pre):
            return text
        parts[picks[0]] = f"pick {square_name(*divmod(merged[0][1], size))}"
        for i in reversed(picks[1:]):
            del parts[i]
        return "; ".join(parts)

    def _act(self, text: str, ms) -> None:
        s = self._state
        word = text.split(" ", 1)[0].lower()
        if word == "challenge":
            return self._challenge(self._seat(text[9:].strip()), ms)
        if word == "check":
            if text.lower() != "check":
                raise GameError("'check' takes nothing after it")
            return self._check_large(ms)
        if s.phase == "over":
            raise GameError("the game is over")
        if word == "timeout":
            return self._declare_timeout(ms)
        if self._tick(ms):
            return None
        if word == "trade":
            return self._trade(text[5:].strip().upper())
        move = parse_move(text, s.board, self.rules, self.active_rack)
        if s.phase == "final":
            return self._final_move(move)
        return self._move(move)

    def _seat(self, arg: str):
        if not arg:
            return None
        if not (arg.isascii() and arg.isdigit() and len(arg) == 1 and 1 <= int(arg) <= self._players):
            raise GameError(f"'challenge {arg[:10]}': name the challenging seat, 1 to {self._players}")
        return int(arg) - 1

    # -- the turn
    def _move(self, move):
        s, rules = self._state, self.rules
        p = s.to_move
        rack_before = self.rack(p)
        if isinstance(move, Play):
            ev = evaluate(s.board, s.racks[p], move, rules, self.judge)
            if not ev.legal:
                raise MoveError(ev.error)
            text, info = format_move(s.board, move, ev), placement_details(move, ev, s.board.size)
            if ev.invalid and not rules.challenges:
                return self._not_standing(p, move, ev, text, rack_before, info)
            s.board = ev.board
            s.racks[p] = ev.rack
            s.scores[p] += ev.score
            s.turns.append(Turn(p, PLAY, text, ev.score, rack_before, **info))
            self._draw(p, rules.rack_size - len(s.racks[p]))
            if not s.racks[p] and not s.bag.tiles:
                return self._end(f"{self._names[p]} went out", goer=p)
            return self._after_turn(placed=True)
        # Exchange or pass, after any swaps.
        if any(kind == "pick" for kind, _ in move.pre):
            raise MoveError("after a pick-off the turn must end with a placement")
        rack = list(s.racks[p])
        board = s.board.copy()
        apply_pre(board, rack, move.pre, rules, True)
        if isinstance(move, Exchange):
            if len(s.bag) < rules.rack_size:
                raise MoveError(f"you may exchange only while the bag holds at least {rules.rack_size} tiles")
            for t in move.tiles:
                if t not in rack:
                    raise MoveError(f"you cannot exchange {t}: it is not on your rack")
                rack.remove(t)
            s.board, s.racks[p] = board, rack
            self._draw(p, len(move.tiles))
            s.bag.put_back(move.tiles)
            s.turns.append(Turn(p, EXCHANGE, format_move(board, move), 0, rack_before))
        else:
            s.board, s.racks[p] = board, rack
            s.turns.append(Turn(p, PASS, format_move(board, move), 0, rack_before))
        return self._after_turn(placed=False)

    def _swaps_stand(self, pre, p: int) -> None:
        """After an invalid or withdrawn play (RULES.md 6.0), on the board and rack
        from before it: the swaps made with the player's own tiles stand; the
        pick-off, and a swap that needed a picked tile, stay undone."""
        s = self._state
        board, rack = s.board.copy(), list(s.racks[p])
        for kind, sq in pre:
            if kind == "swap" and board.cells[sq].islower() and board.cells[sq].upper() in rack:
                apply_pre(board, rack, (("swap", sq),), self.rules, True)
        s.board, s.racks[p] = board, rack

    def _withdraw(self, turn: Turn) -> None:
        """Take a play back: the state from before it, with own-tile swaps standing
        and the clocks as they are now (time spent stays spent). A time-out stands
        (RULES.md 8, "Clock"): the players whose time ran out after the play stay
        out, with their lines."""
        now = self._state
        i = max(k for k, t in enumerate(now.turns) if t is turn)
        self._state = self._state_before(turn)
        s = self._state
        s.clock = list(now.clock)
        s.turns.extend(t for t in now.turns[i + 1:]
                       if t.kind == TIME and now.timed_out[t.player] and not s.timed_out[t.player])
        s.timed_out = list(now.timed_out)
        layout = s.board.layout
        pre = [(kind.lower(), layout.square(name)) for kind, name in
               (part.split() for part in turn.text.split(";")[:-1])]
        self._swaps_stand(pre, turn.player)

    def _advance(self) -> None:
        """To the next seat still playing, passing over a wrong challenger's lost turn."""
        s = self._state
        for _ in range(2 * self._players):
            s.to_move = (s.to_move + 1) % self._players
            if s.skip[s.to_move]:
                s.skip[s.to_move] = False
            elif not s.timed_out[s.to_move]:
                return

    def _state_before(self, turn: Turn) -> State:
        """A copy of the snapshot taken before the action that made ``turn``."""
        turns = self._state.turns
        i = max(k for k, t in enumerate(turns) if t is turn)
        for snap in reversed(self._undo):
            if len(snap.turns) <= i:
                return snap.copy()
        raise GameError("no earlier state")

    # -- Richard's free trade
    def _trade(self, tiles: str):
        s = self._state
        p = s.to_move
        if not self.rules.free_trades:
            raise GameError("free trades are not part of these rules")
        if s.traded:
            raise GameError("only one free trade a turn")
        rack = s.racks[p]
        if not conditions(rack):
            raise GameError("your rack shows no trade condition (two pairs, three of a letter, "
                            "six vowels or six consonants)")
        if not trade_allowed(rack, tiles):
            example = allowed_trade(rack)
            raise GameError(f"you may not trade {tiles[:20]}: each tile must go while the rack still "
                            "shows a condition, and none may be left after"
                            + (f" ({example} is allowed)" if example else ""))
        # A trader who holds or has played a blank never accepts another, whatever
        # the split-blanks knob (seed 003; RULES.md section 9).
        no_blank = BLANK in rack or s.blanks_drawn[p] > 0
        for t in tiles:
            rack.remove(t)
        drawn = draw_for_trade(s.bag, rack, len(tiles), no_blank)
        s.bag.put_back(tiles)
        rack.extend(drawn)
        s.blanks_drawn[p] += drawn.count(BLANK)
        s.traded = True
        s.turns.append(Turn(p, TRADE, f"trade {tiles}", 0, sort_rack(rack)))

    # -- drawing
    def _draw(self, p: int, n: int) -> None:
        s = self._state
        for _ in range(max(0, n)):
            if not s.bag.tiles:
                return
            t = s.bag.draw_one()
            if t == BLANK and self.rules.split_blanks and self._players > 1:
                others = min(s.blanks_drawn[q] for q in range(self._players) if q != p)
                if s.blanks_drawn[p] > others and any(x != BLANK for x in s.bag.tiles):
                    s.bag.put_back([t])
                    t = s.bag.draw_one()
                    while t == BLANK:
                        s.bag.put_back([t])
                        t = s.bag.draw_one()
            if t == BLANK:
                s.blanks_drawn[p] += 1
            s.racks[p].append(t)
