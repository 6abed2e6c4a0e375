"""Word judgment as game actions: a play with a bad word where words are judged at
once (free retry: withdrawn; good words only: it comes off), a challenge (double
challenge: a phony comes off, a wrong challenge loses a turn; free challenge: a wrong
challenge costs nothing, a line the sheet shows and no turn) and a check of the
large list (a play found there is withdrawn and played again; one not found loses
its value). A mixin of Game, like ending.py: it reads and changes the game's state
through Game's methods."""

from __future__ import annotations

from dataclasses import replace

from .actionlog import END, FREE, INVALID, LOST, PHONY, PLAY, RETRY, TIME, GameError, Turn, is_turn


class GameJudgment:
    """Challenges and large-list checks of the last play (RULES.md section 7)."""

    def _open_turn(self) -> Turn | None:
        """The last turn if nothing but end or time lines followed it (so it may
        still be challenged or checked)."""
        for t in reversed(self._state.turns):
            if t.kind not in (END, TIME):
                return t if is_turn(t) else None
        return None

    def _not_standing(self, p: int, move, ev, text: str, rack: str, info: dict):
        """Player ``p``'s play (``move``, evaluated as ``ev``) has a word outside the
        list and the rules judge words at once (not by challenge): its own-tile swaps
        stand; under free retry it is withdrawn at no cost and ``p`` plays again
        (None); under good words only it comes off, scores 0 and the turn passes.
        ``rack``: what its turn line shows (a table game: the tiles it put down)."""
        s, rules = self._state, self.rules
        self._swaps_stand(move.pre, p)
        if rules.judgment == "retry":
            s.turns.append(Turn(p, RETRY, text, 0, rack, **info))
            return None
        s.turns.append(Turn(p, INVALID, text, 0, rack, checkable=rules.large_check, value=ev.score, **info))
        return self._after_turn(placed=False)

    def _challenge(self, seat, ms):
        s = self._state
        if not self.rules.challenges:
            raise GameError("there are no challenges in these rules")
        last = self._open_turn()
        if last is None or last.kind != PLAY:
            raise GameError("there is no play to challenge")
        if seat is None:   # the player due to move (after the end: the next seat)
            seat = s.to_move if s.phase != "over" else (last.player + 1) % self._players
        if seat == last.player or s.timed_out[seat]:
            raise GameError("a player cannot challenge their own play" if seat == last.player
                            else f"{self._names[seat]} is out of time")
        if last.invalid:
            # The phony comes off (own-tile swaps stand), a lost turn for its player.
            self._withdraw(last)
            self._charge(seat, ms)
            self._state.turns.append(replace(last, kind=PHONY, score=0))
            return self._after_turn(placed=False)
        self._charge(seat, ms)
        if self.rules.judgment == "free":
            # No penalty: a line for the sheet (not a turn; it closes the play to
            # further challenges), and the player due to move still is.
            s.turns.append(Turn(seat, FREE, "free challenge", 0, self.rack(seat)))
            return None
        s.turns.append(Turn(seat, LOST, "lost challenge", 0, self.rack(seat)))
        if s.phase == "over":
            return None
        if seat == s.to_move:
            return self._after_turn(placed=False)
        s.skip[seat] = True     # 3-4 players: the challenger's own next turn is lost
        return self._after_turn(placed=False, advance=False)

    def _check_large(self, ms):
        """Also after the end a failed play caused (the end stands only once the
        check is declined or fails): a rescued play is not a turn."""
        s = self._state
        last = self._open_turn()
        if last is None or not last.checkable:
            raise GameError("there is no failed play to check in the large list")
        self._charge(last.player, ms)
        if self.judge.rescued_by_large(last.invalid):
            # Found: withdrawn, not a turn; the same player plays again, unless
            # time-outs that followed it (they stand) end the game or put them out.
            self._withdraw(last)
            self._time_outs_stand()
            return None
        i = max(k for k, t in enumerate(s.turns) if t is last)
        s.turns[i] = replace(last, checkable=False, score=-last.value)
        s.scores[last.player] -= last.value
        return None
