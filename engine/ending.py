"""How a game ends: the clock, the end conditions, the end-of-game adjustments,
the final round and points per turn (RULES.md section 8).

``GameEnding`` is a mixin of ``Game`` (split out of game.py for size): its methods
read and write the game's private state (``_state``, ``_names``, ``_players``,
``rules``) and call ``_advance`` and ``rack`` of the game.
"""

from __future__ import annotations

from .actionlog import (DECLINE, END, FINAL, INVALID, MAX_MS, PASS, PHONY, TIME, GameError, Turn, is_turn,
                        placement_details)
from .moves import Exchange, MoveError, Play
from .notation import format_move
from .scoring import apply_pre, evaluate
from .tiles import rack_value, sort_rack

FINAL_ROUND_BONUS = 50
OVERTIME_POINTS = 10          # classic clock: points deducted ...
OVERTIME_STEP_MS = 60_000     # ... per started minute over


TIMES_UP = "time's up"       # the text of a time-out's line (a final-round one adds "final: ")
# Turns in which a player may have been stuck at the end (PPT drops a trailing run
# of them): passes and failed attempts (a play judged invalid, a challenged phony).
STUCK_KINDS = frozenset({PASS, INVALID, PHONY})


def overtime_penalty(ms_left: int) -> int:
    """Points the overtime rule deducts from a clock showing ``ms_left`` (0 if not over)."""
    return OVERTIME_POINTS * ((-ms_left + OVERTIME_STEP_MS - 1) // OVERTIME_STEP_MS) if ms_left < 0 else 0


def clock_text(ms: int) -> str:
    """A clock as a player reads it: 9:59, 1:02:03, -0:01 over (whole seconds away from
    zero, so a clock with time left never reads 0:00)."""
    sec = -(-abs(ms) // 1000)
    hours, rest = divmod(sec, 3600)
    return ("-" if ms < 0 else "") + (f"{hours}:{rest // 60:02d}" if hours else f"{rest // 60}") + f":{rest % 60:02d}"


def failed_attempt(turn: Turn) -> bool:
    """A turn whose play did not stand (a play judged invalid, whether or not a failed
    large-list check then deducted its value; a challenged phony; an invalid final-round
    attempt): worth 0 in PPT whatever it deducted from the score (RULES.md 8)."""
    return turn.kind in (INVALID, PHONY) or (turn.kind == FINAL and bool(turn.invalid))


class GameEnding:
    """The clock, the end of the game and the final round (methods of Game)."""

    # -- clock
    def _tick(self, ms) -> bool:
        """Charge the time to the player to move; True when time ran out (void move).
        A clock never shows more than MAX_MS over (as over as it gets): so the
        overtime penalty, hence every score, stays within what records read."""
        s = self._state
        p = s.to_move
        out_of_time = (self.rules.clock and self.rules.clock_rule == "timesup" and s.phase == "play"
                       and s.clock[p] <= 0)
        if out_of_time and ms is None:
            # Its time is up (a check's or a challenge's time took the clock to zero):
            # an action that says nothing of its time cannot be made in time.
            raise GameError(f"{self._names[p]}'s time is up (the clock shows {clock_text(s.clock[p])}): "
                            "the only action left is 'timeout'")
        if not self.rules.clock or ms is None:
            return False
        left = s.clock[p]
        s.clock[p] = max(left - ms, -MAX_MS)
        if s.phase == "final":   # the time allowed is what is left; no overtime here
            if ms > max(left, 0):
                self._final_timeout()
                return True
            return False
        if (s.clock[p] < 0 or out_of_time) and self.rules.clock_rule == "timesup":
            self._timeout()  # time ran out before the move was made: it does not count
            return True
        return False

    def _charge(self, p: int, ms) -> None:
        if self.rules.clock and ms is not None:
            self._state.clock[p] = max(self._state.clock[p] - ms, -MAX_MS)

    def _declare_timeout(self, ms) -> None:
        """The 'timeout' action: the player to move says their time has run out. The
        elapsed time is charged first; a clock with time left refuses it (a player is
        out of time only when the clock reaches zero: RULES.md 8, "Clock"), so
        nobody leaves the game early to escape the end adjustment."""
        s, rules = self._state, self.rules
        if not rules.clock:
            raise GameError("there is no clock in this game")
        if s.phase != "final" and rules.clock_rule == "overtime":
            raise GameError("with the overtime rule, play goes on after time runs out")
        p = s.to_move
        self._charge(p, ms)
        if s.clock[p] > 0:
            raise GameError(f"{self._names[p]} still has {clock_text(s.clock[p])} on the clock: "
                            "time is up only when it reaches zero")
        self._timeout()

    def _timeout(self):
        """Time has run out for the player to move (their clock is at zero or below)."""
        s = self._state
        if s.phase == "final":
            return self._final_timeout()
        p = s.to_move
        s.timed_out[p] = True
        s.clock[p] = min(s.clock[p], 0)
        s.turns.append(Turn(p, TIME, TIMES_UP, 0, self.rack(p)))
        if not self._ended_on_time(passed=False):
            self._advance()

    def _ended_on_time(self, passed: bool) -> bool:
        """End the game on time (no end adjustment) when every player has run out of
        time, or when one player alone is still in and leads every player who ran
        out: with two players, the one left has passed the other's score; with three
        or four, the last one in has "passed" them all (RULES.md 8, "Clock").
        ``passed``: the last one in has just taken the lead with a turn (else a
        time-out, or a time-out standing after a withdrawn play, left them ahead)."""
        s, names = self._state, self._names
        alive = [q for q in range(self._players) if not s.timed_out[q]]
        out = [q for q in range(self._players) if s.timed_out[q]]
        if not alive:
            self._end("every player ran out of time", on_time=True)
            return True
        if len(alive) > 1 or not out or any(s.scores[alive[0]] <= s.scores[q] for q in out):
            return False
        last = alive[0]
        if len(out) == 1:
            reason = (f"{names[last]} passed the score of {names[out[0]]}, who ran out of time" if passed
                      else f"{names[out[0]]} ran out of time and is behind")
        else:
            reason = (f"{names[last]} passed the score of every player who ran out of time" if passed
                      else f"{names[last]}, the last player still in, leads every player who ran out of time")
        self._end(reason, on_time=True)
        return True

    def _time_outs_stand(self) -> None:
        """After a play that time-outs followed is taken back (a large-list check found
        it), the time-outs stand (``Game._withdraw`` keeps them): the game may end on
        time there; else play goes on from the player to move, or the next one in."""
        s = self._state
        if any(s.timed_out) and not self._ended_on_time(passed=False) and s.timed_out[s.to_move]:
            self._advance()

    def _final_timeout(self):
        """Time running out in the final round ends that finder's attempt, nothing more."""
        s = self._state
        p = s.to_move
        s.turns.append(Turn(p, TIME, "final: " + TIMES_UP, 0, sort_rack(s.racks[1 - p])))
        self._next_finder()

    # -- after each turn: does the game end?
    def _after_turn(self, placed: bool, advance: bool = True):
        s, rules = self._state, self.rules
        s.traded = False
        if placed:
            s.scoreless = 0
            s.idle = 0
        else:
            s.scoreless += 1
            s.idle = s.idle + 1 if len(s.bag) < rules.rack_size else 0
        alive = sum(1 for t in s.timed_out if not t)
        if alive == 1 and self._ended_on_time(passed=True):
            return None
        if rules.end == "scoreless" and s.scoreless >= 3 * self._players:
            return self._end(f"{s.scoreless} turns in a row without a play")
        if rules.end == "cycle":
            if s.idle >= alive + 1:
                return self._end("a full cycle of turns added no tile")
            if s.scoreless >= 4 * self._players:
                return self._end(f"{s.scoreless} turns in a row without a play")
        if advance:
            self._advance()

    # -- points per turn
    def ppt(self, player: int) -> float:
        """Points per turn: ``ppt_parts`` as a ratio (0 before the first turn)."""
        points, turns = self.ppt_parts(player)
        return points / turns if turns else 0.0

    def ppt_parts(self, player: int) -> tuple[int, int]:
        """(points, turns) whose ratio is the player's PPT; across games a player's PPT
        is the sum of the points over the sum of the turns (RULES.md 8). Points: the
        turn scores and final-round results; every failed attempt (an invalid play,
        one a failed large-list check took the value of, a challenged phony, an
        invalid final-round attempt) is a turn worth 0 here, whatever it deducted
        from the score (seed 000 rule 13). Turns: every turn taken, less the trailing
        run in which the player was stuck at the end (passes and failed attempts in a
        row up to the end), unless the opponent found a play with those tiles in the
        final round."""
        s = self._state
        turns = [t for t in s.turns if t.player == player and is_turn(t)]
        points = sum(0 if failed_attempt(t) else t.score for t in turns)
        main = [t for t in turns if t.kind != FINAL]
        finals = len(turns) - len(main)
        opponent_found = self._players == 2 and s.final_found[1 - player]
        if self.over and not opponent_found:
            while main and main[-1].kind in STUCK_KINDS:
                main.pop()
        return points, len(main) + finals

    # -- the end
    def _end(self, reason: str, goer: int | None = None, on_time: bool = False) -> None:
        """End the game. The end adjustment is made among the players still in:
        a timed-out player's score is final when time runs out, and a game that
        ends on time (``on_time``) takes none at all (RULES.md 8, "Clock")."""
        s, rules = self._state, self.rules
        s.phase = "over"
        s.end_reason = reason
        adjust = [0] * self._players
        still_in = [p for p in range(self._players) if not s.timed_out[p]]
        if rules.end_adjust != "none" and not on_time:
            others_total = sum(rack_value(s.racks[q]) for q in still_in if q != goer)
            for p in still_in:
                if p == goer:
                    adjust[p] = others_total * (2 if rules.end_adjust == "classic" else 1)
                elif goer is None or rules.end_adjust == "transfer":
                    adjust[p] = -rack_value(s.racks[p])
        for p in range(self._players):
            if adjust[p]:
                s.scores[p] += adjust[p]
                s.turns.append(Turn(p, END, f"({sort_rack(s.racks[p])})", adjust[p], self.rack(p)))
        if rules.clock and rules.clock_rule == "overtime":
            for p in range(self._players):   # a line of its own, as GCG writes it: (time) -10
                penalty = overtime_penalty(s.clock[p])
                if penalty:
                    s.scores[p] -= penalty
                    s.turns.append(Turn(p, TIME, "(time)", -penalty, self.rack(p)))
        if rules.final_round and self._players == 2 and all(s.racks):
            first = (s.to_move + 1) % 2  # the one due to move starts
            # With a clock, a finder's time is what is left: none left, no attempt.
            finders = [q for q in (first, 1 - first) if not rules.clock or s.clock[q] > 0]
            if finders:
                s.phase, s.final_left, s.to_move = "final", finders, finders[0]

    def _final_move(self, move) -> None:
        s = self._state
        p = s.to_move
        opp_rack = s.racks[1 - p]
        if isinstance(move, Play):
            ev = evaluate(s.board, opp_rack, move, self.rules, self.judge)
            if not ev.legal:
                raise MoveError(ev.error)
            info = placement_details(move, ev, s.board.size)
            text = "final " + format_move(s.board, move, ev)
            if ev.invalid:
                turn = Turn(p, FINAL, text, -ev.score, sort_rack(opp_rack), **info)
            else:
                turn = Turn(p, FINAL, text, ev.score + FINAL_ROUND_BONUS, sort_rack(opp_rack), **info)
                s.final_found[p] = True
        elif isinstance(move, Exchange):
            raise MoveError("in the final round you place tiles or decline with '-'")
        else:
            # The final round runs under the normal rules: a decline after swaps is
            # checked as a pass after swaps is (on copies: nothing of it stands).
            if any(kind == "pick" for kind, _ in move.pre):
                raise MoveError("after a pick-off the turn must end with a placement")
            apply_pre(s.board.copy(), list(opp_rack), move.pre, self.rules, True)
            turn = Turn(p, DECLINE, "final -", 0, sort_rack(opp_rack))
        s.scores[p] += turn.score
        s.turns.append(turn)
        self._next_finder()

    def _next_finder(self) -> None:
        s = self._state
        s.final_left.pop(0)
        if s.final_left:
            s.to_move = s.final_left[0]
        else:
            s.phase = "over"
