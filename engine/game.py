"""A game: rules + seed + the log of actions. Apply, preview, undo, end, PPT.

Every input goes through ``act(text)`` and is appended to ``actions``; replaying
the same rules, seed and actions gives the same game on CPython and Pyodide. Undo
restores a snapshot taken before each action. The clock is passed in by the caller
(``elapsed`` seconds per action); the engine never reads the wall clock.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from .board import LAYOUTS, Board
from .moves import Exchange, MoveError, Play
from .notation import Position, format_move, parse_move
from .rules import Rules
from .scoring import Evaluation, apply_pre, evaluate
from .tiles import BLANK, Bag, rack_value, sort_rack
from .trades import conditions, trade_allowed
from .words import WordJudge

FINAL_ROUND_BONUS = 50


class GameError(ValueError):
    """An action that is not possible now (the message is for a player)."""


@dataclass
class Turn:
    """One line of the score sheet."""

    player: int
    kind: str            # play | exchange | pass | invalid | phony | lost | final | end | time
    text: str            # move text, or a description
    score: int           # points this line adds (may be negative)
    rack: str            # the rack before the turn
    words: list[str] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)
    counts: bool = True  # counts as a turn for PPT
    checkable: bool = False  # good-words failure that may still ask the large list
    value: int = 0           # an invalid play's would-be value (for the large-list check)


@dataclass
class State:
    board: Board
    bag: Bag
    racks: list[list[str]]
    scores: list[int]
    to_move: int = 0
    turns: list[Turn] = field(default_factory=list)
    scoreless: int = 0       # consecutive turns with no placement standing
    idle: int = 0            # consecutive turns adding no tile while the bag is short
    phase: str = "play"      # play | final | over
    end_reason: str = ""
    blanks_drawn: list[int] = field(default_factory=list)
    clock: list[float] = field(default_factory=list)
    timed_out: list[bool] = field(default_factory=list)
    final_left: list[int] = field(default_factory=list)   # finders still to try
    final_found: list[bool] = field(default_factory=list)
    traded: bool = False     # a free trade was made this turn


class Game:
    def __init__(self, rules: Rules, seed, players: int = 2, lexicon=None, names=None):
        if not 1 <= players <= 4:
            raise GameError("a game has 1 to 4 players")
        if lexicon is None:
            from .lexicon import Lexicon
            lexicon = Lexicon.default()
        self.rules = rules
        self.seed = seed
        self.lexicon = lexicon
        self.judge = WordJudge(rules, lexicon)
        self.names = list(names) if names else [f"player{i + 1}" for i in range(players)]
        self.players = players
        self.actions: list[str] = []
        self._undo: list[State] = []
        bag = Bag(rules.tiles, seed)
        self.s = State(Board(LAYOUTS[rules.board]), bag, [[] for _ in range(players)], [0] * players,
                       blanks_drawn=[0] * players, clock=[float(rules.clock)] * players,
                       timed_out=[False] * players, final_found=[False] * players)
        for p in range(players):
            self._draw(p, rules.rack_size)

    # ------------------------------------------------------------------ queries
    @property
    def board(self) -> Board:
        return self.s.board

    @property
    def over(self) -> bool:
        return self.s.phase == "over"

    @property
    def to_move(self) -> int:
        return self.s.to_move

    def rack(self, player: int | None = None) -> str:
        return sort_rack(self.s.racks[self.s.to_move if player is None else player])

    def active_rack(self) -> list[str]:
        """The rack the player to move plays from (the opponent's in the final round)."""
        s = self.s
        if s.phase == "final":
            return s.racks[1 - s.to_move]
        return s.racks[s.to_move]

    def position(self) -> Position:
        s = self.s
        order = [(s.to_move + i) % self.players for i in range(self.players)]
        racks = [sort_rack(s.racks[p]) for p in order]
        if s.phase == "final":
            racks[0] = sort_rack(self.active_rack())
        return Position(s.board, racks, [s.scores[p] for p in order], s.scoreless, self.rules)

    def preview(self, move) -> Evaluation:
        """Score a tentative placement for the player to move (no state change)."""
        if isinstance(move, str):
            move = parse_move(move, self.s.board, self.rules, self.active_rack())
        if not isinstance(move, Play):
            raise GameError("only a placement can be previewed")
        return evaluate(self.s.board, self.active_rack(), move, self.rules, self.judge)

    def racks_revealed(self) -> bool:
        return self.rules.revealed_racks and len(self.s.bag) == 0

    def ppt(self, player: int) -> float:
        """Points per turn: turn scores and final-round results over turns taken,
        less a trailing run of stuck turns (unless the opponent found a play with
        those tiles in the final round)."""
        turns = [t for t in self.s.turns if t.player == player and t.kind not in ("end", "time", "trade")]
        points = sum(t.score for t in turns)
        main = [t for t in turns if t.counts and t.kind != "final"]
        finals = [t for t in turns if t.counts and t.kind == "final"]
        opponent_found = self.players == 2 and self.s.final_found[1 - player]
        if self.over and not opponent_found:
            while main and main[-1].kind == "pass":
                main.pop()
        n = len(main) + len(finals)
        return points / n if n else 0.0

    # ------------------------------------------------------------------ actions
    def act(self, text: str, elapsed: float | None = None):
        """Apply one action given as text (the share-link and replay format):
        move text, or 'challenge', 'check', 'timeout', 'trade ABC'."""
        snapshot = copy.deepcopy(self.s)
        try:
            result = self._act(text.strip(), elapsed)
        except Exception:
            self.s = snapshot
            raise
        self._undo.append(snapshot)
        self.actions.append(text.strip() + (f" @{elapsed:g}" if elapsed is not None else ""))
        return result

    def undo(self) -> None:
        if not self._undo:
            raise GameError("nothing to undo")
        self.s = self._undo.pop()
        self.actions.pop()

    @classmethod
    def replay(cls, rules: Rules, seed, actions, players=2, lexicon=None, names=None) -> "Game":
        game = cls(rules, seed, players, lexicon, names)
        for a in actions:
            text, _, at = a.rpartition(" @") if " @" in a else (a, "", "")
            game.act(text, float(at) if at else None)
        return game

    def _act(self, text: str, elapsed):
        s = self.s
        if s.phase == "over":
            if text == "challenge":
                return self._challenge()
            raise GameError("the game is over")
        word = text.split(" ", 1)[0].lower()
        if word == "challenge":
            return self._challenge()
        if word == "check":
            return self._check_large()
        if word == "timeout":
            return self._timeout()
        if self._tick(elapsed):
            return s.turns[-1]
        if word == "trade":
            return self._trade(text[5:].strip().upper())
        move = parse_move(text, s.board, self.rules, self.active_rack())
        if s.phase == "final":
            return self._final_move(move)
        return self._move(move)

    # -- clock
    def _tick(self, elapsed):
        s = self.s
        if not self.rules.clock or elapsed is None:
            return False
        p = s.to_move
        s.clock[p] -= elapsed
        if s.clock[p] < 0 and self.rules.clock_rule == "timesup":
            self._timeout()  # time ran out before the move was made: it does not count
            return True
        return False

    def _timeout(self):
        s = self.s
        if not self.rules.clock:
            raise GameError("there is no clock in this game")
        p = s.to_move
        if self.rules.clock_rule == "overtime":
            raise GameError("with the overtime rule, play goes on after time runs out")
        s.timed_out[p] = True
        s.clock[p] = min(s.clock[p], 0.0)
        s.turns.append(Turn(p, "time", "time's up", 0, self.rack(p), counts=False))
        alive = [q for q in range(self.players) if not s.timed_out[q]]
        if not alive:
            return self._end("every player ran out of time")
        if self.players == 2 and s.scores[alive[0]] > s.scores[p]:
            return self._end(f"{self.names[p]} ran out of time and is behind")
        self._advance()

    # -- the turn
    def _move(self, move):
        s = self.s
        p = s.to_move
        rack_before = self.rack(p)
        rules = self.rules
        if isinstance(move, Play):
            ev = evaluate(s.board, s.racks[p], move, rules, self.judge)
            if not ev.legal:
                raise MoveError(ev.error)
            text = format_move(s.board, move, ev)
            words = [w.word for w in ev.words]
            if ev.invalid and rules.judgment != "challenge":
                if rules.judgment == "retry":
                    raise MoveError(f"not in the word list: {', '.join(ev.invalid)}; try again")
                # Good words only: the play comes off, scores 0, the turn passes.
                self._swaps_stand(move, p)
                s.turns.append(Turn(p, "invalid", text, 0, rack_before, words, ev.invalid,
                                    checkable=rules.large_check, value=ev.score))
                return self._after_turn(placed=False)
            s.board = ev.board
            s.racks[p] = ev.rack
            s.scores[p] += ev.score
            s.turns.append(Turn(p, "play", text, ev.score, rack_before, words, ev.invalid))
            self._draw(p, rules.rack_size - len(s.racks[p]))
            if not s.racks[p] and not s.bag.tiles:
                return self._end(f"{self.names[p]} went out", goer=p)
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
            s.turns.append(Turn(p, "exchange", format_move(board, move), 0, rack_before))
        else:
            s.board, s.racks[p] = board, rack
            s.turns.append(Turn(p, "pass", format_move(board, move), 0, rack_before))
        return self._after_turn(placed=False)

    def _swaps_stand(self, move: Play, p: int) -> None:
        """After an invalid play, swaps made with the player's own tiles stand; a
        pick-off (and any swap that used a picked tile) is undone."""
        if not move.pre or any(kind == "pick" for kind, _ in move.pre):
            return
        board, rack = self.s.board.copy(), list(self.s.racks[p])
        apply_pre(board, rack, move.pre, self.rules, move.across)
        self.s.board, self.s.racks[p] = board, rack

    def _after_turn(self, placed: bool):
        s = self.s
        rules = self.rules
        s.traded = False
        if placed:
            s.scoreless = 0
            s.idle = 0
        else:
            s.scoreless += 1
            s.idle = s.idle + 1 if len(s.bag) < rules.rack_size else 0
        alive = sum(1 for t in s.timed_out if not t)
        if self.players == 2 and alive == 1:
            out, left = (0, 1) if s.timed_out[0] else (1, 0)
            if s.scores[left] > s.scores[out]:
                return self._end(f"{self.names[left]} passed the score of {self.names[out]}, "
                                 "who ran out of time")
        if rules.end == "scoreless" and s.scoreless >= 3 * self.players:
            return self._end(f"{s.scoreless} turns in a row without a play")
        if rules.end == "cycle":
            if s.idle >= alive + 1:
                return self._end("a full cycle of turns added no tile")
            if s.scoreless >= 4 * self.players:
                return self._end(f"{s.scoreless} turns in a row without a play")
        self._advance()
        return s.turns[-1]

    def _advance(self):
        s = self.s
        for _ in range(self.players):
            s.to_move = (s.to_move + 1) % self.players
            if not s.timed_out[s.to_move]:
                return

    # -- judgment actions
    def _challenge(self):
        s = self.s
        if self.rules.judgment != "challenge":
            raise GameError("there are no challenges in these rules")
        last = self._last_turn()
        if last is None or last.kind != "play":
            raise GameError("there is no play to challenge")
        challenger = s.to_move if s.phase != "over" else (last.player + 1) % self.players
        if last.invalid:
            # The phony comes off: back to the state before it, then a lost turn.
            self.s = self._state_before_last_turn()
            self.s.turns.append(Turn(last.player, "phony", last.text, 0, last.rack, last.words, last.invalid))
            return self._after_turn(placed=False)
        s.turns.append(Turn(challenger, "lost", "lost challenge", 0, self.rack(challenger)))
        s.to_move = challenger
        return self._after_turn(placed=False) if s.phase != "over" else s.turns[-1]

    def _check_large(self):
        s = self.s
        last = self._last_turn()
        if last is None or not last.checkable:
            raise GameError("there is no failed play to check in the large list")
        if self.judge.rescued_by_large(last.invalid):
            # Found: withdrawn, not a turn; the same player plays again.
            self.s = self._state_before_last_turn()
            return None
        value = last.value
        last.checkable = False
        last.kind = "invalid"
        last.score = -value
        s.scores[last.player] -= value
        return last

    def _last_turn(self):
        for t in reversed(self.s.turns):
            if t.kind not in ("end", "time"):
                return t
        return None

    def _state_before_last_turn(self) -> State:
        """The snapshot taken before the action that made the last turn line."""
        n = len(self.s.turns)
        for snap in reversed(self._undo):
            if len(snap.turns) < n:
                return copy.deepcopy(snap)
        raise GameError("no earlier state")

    # -- Richard's free trade
    def _trade(self, tiles: str):
        s = self.s
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
            raise GameError(f"trading {tiles} would not clear the rack's conditions one tile at a time")
        for t in tiles:
            rack.remove(t)
        drawn = []
        rejected = []
        while len(drawn) < len(tiles) and s.bag.tiles:
            t = s.bag.draw_one()
            held_blank = BLANK in rack or s.blanks_drawn[p] > 0
            if conditions(rack + drawn + [t]) or (t == BLANK and held_blank):
                rejected.append(t)
                continue
            drawn.append(t)
        if rejected:
            s.bag.put_back(rejected)
        s.bag.put_back(tiles)
        rack.extend(drawn)
        s.traded = True
        s.turns.append(Turn(p, "trade", f"trade {tiles}", 0, sort_rack(rack), counts=False))
        return s.turns[-1]

    # -- drawing
    def _draw(self, p: int, n: int) -> None:
        s = self.s
        for _ in range(max(0, n)):
            if not s.bag.tiles:
                return
            t = s.bag.draw_one()
            if t == BLANK and self.rules.split_blanks and self.players > 1:
                others = min(s.blanks_drawn[q] for q in range(self.players) if q != p)
                if s.blanks_drawn[p] > others and any(x != BLANK for x in s.bag.tiles):
                    s.bag.put_back([t])
                    t = s.bag.draw_one()
                    while t == BLANK:
                        s.bag.put_back([t])
                        t = s.bag.draw_one()
            if t == BLANK:
                s.blanks_drawn[p] += 1
            s.racks[p].append(t)

    # -- the end
    def _end(self, reason: str, goer: int | None = None):
        s = self.s
        s.phase = "over"
        s.end_reason = reason
        rules = self.rules
        adjust = [0] * self.players
        if rules.end_adjust != "none":
            others_total = sum(rack_value(s.racks[q]) for q in range(self.players) if q != goer)
            for p in range(self.players):
                if p == goer:
                    adjust[p] = others_total * (2 if rules.end_adjust == "classic" else 1)
                elif goer is None or rules.end_adjust == "transfer":
                    adjust[p] = -rack_value(s.racks[p])
        if rules.clock and rules.clock_rule == "overtime":
            for p in range(self.players):
                if s.clock[p] < 0:
                    minutes = int((-s.clock[p] + 59.999999) // 60)
                    adjust[p] -= 10 * minutes
        for p in range(self.players):
            if adjust[p]:
                s.scores[p] += adjust[p]
                s.turns.append(Turn(p, "end", f"({sort_rack(s.racks[p])})", adjust[p], self.rack(p),
                                    counts=False))
        if rules.final_round and self.players == 2 and all(s.racks):
            s.phase = "final"
            first = (s.to_move + 1) % 2  # the one due to move starts
            s.final_left = [first, 1 - first]
            s.to_move = first
        return s.turns[-1] if s.turns else None

    def _final_move(self, move):
        s = self.s
        p = s.to_move
        opp_rack = s.racks[1 - p]
        if isinstance(move, Play):
            ev = evaluate(s.board, opp_rack, move, self.rules, self.judge)
            if not ev.legal:
                raise MoveError(ev.error)
            text = "final " + format_move(s.board, move, ev)
            words = [w.word for w in ev.words]
            if ev.invalid:
                turn = Turn(p, "final", text, -ev.score, sort_rack(opp_rack), words, ev.invalid)
            else:
                turn = Turn(p, "final", text, ev.score + FINAL_ROUND_BONUS, sort_rack(opp_rack), words)
                s.final_found[p] = True
        else:
            turn = Turn(p, "final", "final -", 0, sort_rack(opp_rack), counts=False)
        s.scores[p] += turn.score
        s.turns.append(turn)
        s.final_left.pop(0)
        if s.final_left:
            s.to_move = s.final_left[0]
        else:
            s.phase = "over"
        return turn
