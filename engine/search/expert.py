"""The expert computer: the hard player's best few moves, judged by simulation.

Why: the hard player ranks a move by its score plus a fixed value of the tiles it
keeps; it cannot see that a play opens a triple-word lane, or that a leave is poor
on *this* board against *these* unseen tiles. The strongest crossword programs
play the top candidates forward against sampled opponent racks and keep the one
with the best outcome; this does that under every knob of RULES.md, because each
simulated turn is a real ``Game.act`` (bonuses, cap, pick-offs, swaps, wild
J/Q/X/Z, the end rules and adjustments all apply as in play).

- **Candidates** (``candidates``): the top ``CANDIDATES`` plays by the hard
  player's equity (swaps and pick-offs included), the best exchange (when the
  bag allows one) and a pass (when it does not). Unlike the hard player the
  expert plays up to ``WIDE_BLANKS`` tiles as blanks at once (blanks, wild
  J/Q/X/Z, blanks a swap brings back): hard's cap of one is what keeps its
  search fast, and it misses big plays. In iii the wider search finds a play
  of higher equity in 12 of 120 positions (by 4-71 points, 2.9 a move on
  average) for 1.0x hard's time at the median and 4x at p95 (bench/README.md).
  With a time budget it gets ``WIDE_SHARE`` of it; cut short, hard's own
  search follows, so the candidates are never worse than hard's. The static
  choice (the best equity, or hard's exchange rule) is the *incumbent*.
- **Worlds** (``sample_world``): the other racks and the bag's order are dealt from
  the tiles the player has not seen (``tracking.unseen``); with a scoop (I, II,
  III) that is the whole set less what was seen, with the tiles known to be unseen
  (``at_least``) always in, so the scooped tiles nobody saw stay unknown. Racks the
  rules reveal are kept as they are.
- **Simulation**: in each round one world is dealt and every live candidate is
  played in it (common random numbers: the same racks and draws for all), then
  ``PLIES`` turns by the hard player (at least one for each other seat); a
  candidate's value is the spread change plus each side's leave value, the leave
  being the tiles kept by that side's last move *before* its draw: what the move
  chose, without the luck of the draw. One ply (the replies) and leave values
  beat two plies at the page's budgets: measured on classic positions, the
  paired differences' standard error at the same number of rounds is 4.3 points
  against 7.5, and a round costs less than half (bench/README.md). Once the bag
  holds at most a rack's worth (``END_BAG``; two racks' worth in the Word Lovers
  family, ``END_BAG_BY_PRESET``), turns go on up to ``END_PLIES`` (to the end or
  near it) and the value is the win (1, 0.5, 0) with the spread as a tie-break:
  the win chance.
- **Anytime**: rounds go on until the time budget runs out (a round is begun only
  when the rounds so far say it will end in time; one cut short is dropped) or,
  with ``iterations``, for exactly that many rounds (deterministic: tests,
  self-play). The ``SWITCH_ROUNDS`` rounds a switch needs must end in time: each
  of the first gets an equal share of what is left, and when a round's share (or
  the rounds so far) cannot hold every candidate, only the best few by equity go
  on, the hard player's choice always among them (it is played first); when not
  even two can, the search stops with the hard player's move (on a 21x21 board in
  the page that is the usual case: the player is not kept waiting 3 s for a move
  the rounds could not change). With ``iterations`` none of this applies. After ``MIN_ROUNDS``, a candidate whose paired difference to
  the best is more than ``PRUNE_Z`` standard errors below it is dropped; one left
  ends the search early.
- **The choice**: among the candidates still live (each simulated in every
  round), the hard player's own choice stands unless one beats it by ``SWITCH_Z``
  standard errors of the paired difference, over at least ``SWITCH_ROUNDS``
  rounds: with fewer (a 21x21 board in the page's 3 s, a slow machine) the
  standard error of two or three worlds means nothing, and the expert plays like
  hard rather than like noise (iii at 3 rounds switched on noise and lost to hard,
  47.5% over 200 games: bench/README.md).
- **Endgame** (bag empty, two players, the other rack known: a 100-tile set, or
  racks revealed): ``endgame.search`` over both racks' full legal move lists,
  exact when it ends within the budget (``ENDGAME_NODES`` positions without
  one); ``Expert.endgame`` keeps its outcome, which says whether it was exact.

- **Several workers** (engine/search/deal.py): the steps are apart so that rounds
  can be simulated elsewhere: ``prepare`` (the candidates, the ``Plan``),
  ``round_plays`` (one round, anywhere) and the merge in round order
  (engine/search/rounds.py), then ``pick``.

Determinism: round ``k``'s world is dealt by ``random.Random(f"{seed}:{k}")``, the
seed by default derived from what the player sees, so a round is the same
whichever worker simulates it, and the same position, seed and ``iterations``
give the same choice on every machine and with any number of workers; a time
budget makes the number of rounds (and so the choice) depend on the machine.
"""

from __future__ import annotations

import random
import time
import zlib
from dataclasses import dataclass, field

from .ai import Player, best_keep, choose_trade, leave_value
from .endgame import known_racks, search as endgame_search
from .movegen import Budget, MoveGenerator, TopN, best_first
from ..moves import Exchange, Pass
from ..notation import format_move
from ..tiles import rack_value
from ..tracking import unseen
from .rounds import Dealer, RoundClock, Tally, cut, mean_se, schedule

__all__ = ["Expert", "Choice", "Plan", "RoundClock", "position_seed", "sample_world", "outcome"]

CANDIDATES = 6        # plays kept by the hard player's equity (plus an exchange or a pass)
WIDE_BLANKS = 2       # tiles played as blanks in one candidate (hard: 1); 3 adds little at twice the p95
WIDE_SHARE = 0.5      # of a time budget, at most, for the wider search of the candidates
PLIES = 1             # hard-player turns after the candidate (at least each other seat's reply)
END_BAG = 7           # bag at most this (a rack's worth): simulate to the end, value the win
# The Word Lovers family values the win from two racks' worth: in o over 800 games
# against hard, 56.8% [53.3, 60.1] against 53.1% [50.7, 55.5] at 7 (bench/README.md).
END_BAG_BY_PRESET = {"o": 14, "i": 14, "ii": 14, "iii": 14}
END_PLIES = 8
MIN_ROUNDS = 4        # rounds before any candidate is dropped
PRUNE_Z = 2.5
SWITCH_Z = 1.0
SWITCH_ROUNDS = MIN_ROUNDS   # fewer rounds never overrule the hard player's choice
DEFAULT_ITERATIONS = 8   # rounds without a time budget (self-play)
MAX_ROUNDS = 10_000
# The endgame search without a time budget (self-play, tests): positions at most,
# a list generated counting as ``endgame.LIST_WEIGHT`` (deterministic; about 10 s
# natively at worst; bench/endgame.py: endings of up to 4 tiles a side mostly need
# a few thousand).
ENDGAME_NODES = 60_000


@dataclass
class Choice:
    """One candidate: its move text, the hard player's equity of it, the tiles it
    keeps (before the draw), and its value in each simulated round."""

    text: str
    equity: float
    keep: str = ""
    values: list = field(default_factory=list)

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else float("-inf")


@dataclass
class Plan:
    """What every round simulates: the candidates (the hard player's choice at
    ``incumbent``), the dealing's seed, the turns played after a candidate, whether
    the win is valued (``end``), the seat deciding, the candidates' order (a
    narrowed round keeps the first) and the decision's budget."""

    expert: "Expert"
    cands: list[Choice]
    incumbent: int
    seed: object
    plies: int
    end: bool
    me: int
    order: list[int]
    budget: Budget | None = None


class Expert:
    """The expert player for one rule set and lexicon."""

    def __init__(self, rules, lexicon):
        self.rules = rules
        self.lexicon = lexicon
        self.hard = hard = Player(rules, lexicon, "hard")
        self.wide = None if WIDE_BLANKS <= hard.gen.max_blanks else MoveGenerator(
            rules, lexicon, max_blanks=WIDE_BLANKS, swaps=hard.gen.swaps, picks=hard.gen.picks,
            pick_left_max=hard.gen.pick_left_max)
        self.rounds = 0            # rounds completed in the last ``choose`` (for bench/)
        self.stopped = ""          # why the last search stopped: time, rounds, clear, single, endgame,
        #                            few (the rounds a switch needs would not fit: hard's move)
        self.endgame = None        # the last endgame search's Outcome (None: no endgame searched)

    # ------------------------------------------------------------------ the decision
    def choose(self, game, budget_ms: float | None = None, iterations: int | None = None,
               seed=None) -> str:
        """The move text for the player to move (phase "play"). ``budget_ms``: wall
        time (anytime); ``iterations``: rounds of simulation (deterministic);
        neither: ``DEFAULT_ITERATIONS`` rounds."""
        budget = Budget(ms=budget_ms) if budget_ms is not None else None
        if budget is None and iterations is None:
            iterations = DEFAULT_ITERATIONS
        plan = self.prepare(game, budget, seed)
        if isinstance(plan, str):
            return plan
        self.simulate(game, plan, iterations)
        return self.pick(plan)

    def prepare(self, game, budget: Budget | None = None, seed=None):
        """Everything before the simulation: the move text when there is nothing to
        simulate (an endgame solved, one candidate, no time left), else the ``Plan``
        whose rounds any worker can simulate (engine/search/deal.py)."""
        self.rounds, self.stopped, self.endgame = 0, "", None
        if known_racks(game):
            self.endgame = endgame_search(game, budget, nodes=None if budget is not None else ENDGAME_NODES,
                                          hard=self.hard)
            if self.endgame.move is not None:
                self.stopped = "endgame"
                return self.endgame.move
            if budget is not None and budget.exhausted:
                return self._fallback(game)
        cands, incumbent = self.candidates(game, budget)
        if not cands:
            return "-"
        if len(cands) == 1 or (budget is not None and budget.exhausted):
            self.stopped = "single" if len(cands) == 1 else "time"
            return cands[incumbent].text
        return self.plan(game, cands, incumbent, budget, seed)

    def plan(self, game, cands: list[Choice], incumbent: int, budget=None, seed=None) -> "Plan":
        end = game.bag_count <= END_BAG_BY_PRESET.get(self.rules.preset, END_BAG)
        order = list(range(len(cands)))
        if budget is not None and budget.deadline is not None:   # a narrowed search keeps hard's choice
            order = [incumbent] + [i for i in order if i != incumbent]
        return Plan(self, cands, incumbent, position_seed(game) if seed is None else seed,
                    END_PLIES if end else max(PLIES, game.players - 1), end, game.to_move, order, budget)

    def _fallback(self, game) -> str:
        """The hard player's move (no time left)."""
        board = game.board
        return format_move(board, self.hard.choose(board, str(game.active_rack), game.bag_count))

    # ------------------------------------------------------------------ candidates
    def candidates(self, game, budget: Budget | None = None) -> tuple[list[Choice], int]:
        """The candidates, best equity first, and the index of the one the hard
        player would choose (its exchange rule included)."""
        rules, hard = self.rules, self.hard
        board, rack, bag = game.board, list(str(game.active_rack)), game.bag_count
        value = hard._value(rack, bag)
        plays = [c for c in self._plays(board, rack, value, budget) if c.equity > -1e8]
        if not plays:
            more = hard._more_blanks(board, rack, value, budget)
            plays = [more] if more is not None else []
        out = [Choice(format_move(board, c.to_play()), c.equity, c.leave) for c in plays]
        incumbent = 0
        if bag >= rules.rack_size:
            keep, keep_value = best_keep(rack, rules)
            throw = list(rack)
            for t in keep:
                throw.remove(t)
            if any(t != "?" for t in throw):
                out.append(Choice(format_move(board, Exchange("".join(sorted(throw)))), keep_value,
                                  "".join(keep)))
                if not plays or (plays[0].equity < keep_value - 2.0 and plays[0].score < 20):
                    incumbent = len(out) - 1
        else:
            kept = leave_value(rack, rules) if bag else -2.0 * rack_value(rack) - 8.0
            out.append(Choice(format_move(board, Pass()), kept, "".join(sorted(rack))))
            if not plays:
                incumbent = len(out) - 1
        return out, incumbent

    def _plays(self, board, rack, value, budget: Budget | None):
        """The best ``CANDIDATES`` plays by ``value``: the wider search's when it
        ends within its share of the budget, else hard's (the wider one's finds
        merged in)."""
        if self.wide is None:
            return self.hard.gen.generate(board, rack, TopN(CANDIDATES, value), budget)
        bound = None
        if budget is not None:
            bound = Budget()
            if budget.deadline is not None:
                now = time.perf_counter()
                bound.deadline = now + WIDE_SHARE * max(0.0, budget.deadline - now)
        top = TopN(CANDIDATES, value)
        wide = self.wide.generate(board, rack, top, bound)
        if top.complete:
            return wide
        plays = self.hard.gen.generate(board, rack, TopN(CANDIDATES, value), budget)
        return best_first(plays + wide)[:CANDIDATES]     # ties keep hard's order

    # ------------------------------------------------------------------ simulation
    def tally(self, plan: "Plan") -> Tally:
        return Tally(plan.cands, plan.order, MIN_ROUNDS, PRUNE_Z)

    def simulate(self, game, plan: "Plan", iterations: int | None = None) -> Tally:
        """Every round in this interpreter, one after another (``iterations``, or
        until the plan's budget says the next would end too late)."""
        budget = plan.budget
        tally = self.tally(plan)
        dealer = Dealer(tally, iterations if iterations is not None else MAX_ROUNDS)
        clock, view, why = RoundClock(), unseen(game, plan.me), ""
        while (k := dealer.claim()) is not None:
            live, step = schedule(clock, tally.live, budget, max(0, SWITCH_ROUNDS - k))
            if live is None:
                why = step
                break
            clock.start()
            values, why = cut(list(self.round_plays(game, plan, k, live, step, view)), live, step, budget)
            if why:
                break             # the round was cut short: dropped
            clock.done(len(values))
            dealer.submit(k, values)
        self.settle(tally, why)
        return tally

    def settle(self, tally: Tally, why: str = "") -> None:
        """Merge what waits and say how many rounds counted and why the search stopped."""
        tally.final()
        self.rounds = tally.used
        self.stopped = "clear" if tally.clear else why or "rounds"

    def pick(self, plan: "Plan") -> str:
        return self._pick(plan.cands, plan.incumbent).text

    def round_world(self, game, seed, k: int, view=None) -> tuple:
        """Round ``k``'s world and its line memos (by bag empty or not): it depends only
        on the position, the seed and ``k``."""
        return sample_world(game, random.Random(f"{seed}:{k}"), view), ({}, {})

    def warm(self, world: tuple, budget=None) -> None:
        """Fill a round's line memos with the first reply's lines on the board before
        any candidate: the replies to every candidate share most of them (a helper
        does this while the main worker is still finding the candidates)."""
        g, memos = world
        seat = (g.to_move + 1) % g.players
        if g.phase == "play" and g.bag_count > self.rules.rack_size:
            self.hard.decide(g.board, g.rack(seat), g.bag_count, budget, memos[False])

    def round_plays(self, game, plan: "Plan", k: int, live: list[int], step=None, view=None, world=None):
        """Round ``k``'s value of each candidate of ``live``, in order, one at a time
        (a worker can do other things between them); it stops early when ``step``
        runs out. ``world``: the round's ``round_world`` when already dealt (a round
        taken up again after its time ran out: the memos kept make it quicker)."""
        world, memos = world if world is not None else self.round_world(game, plan.seed, k, view)
        for i in live:
            v = self._play_out(world, plan.cands[i], plan.me, plan.plies, plan.end, step, memos)
            if v is None:
                return
            yield v

    def _simulate(self, game, cands: list[Choice], budget, iterations, seed, incumbent: int = 0) -> None:
        """The candidates' values from ``iterations`` rounds (tests, bench/)."""
        self.simulate(game, self.plan(game, cands, incumbent, budget, seed), iterations)

    def _play_out(self, world, cand: Choice, me: int, plies: int, end: bool, budget, memos=None):
        """The value of ``cand`` in one dealt world; None when the time ran out."""
        g = world.at(len(world.actions))
        g.act(cand.text)
        kept = {me: cand.keep}     # each seat's leave before its draw, by its last move
        turns = 0
        while not g.over and turns < plies:
            seat = g.to_move
            for _ in range(4):     # a free trade is followed by the same seat's turn
                text, leave = self._hard_action(g, budget, memos)
                g.act(text)
                if budget is not None and budget.exhausted:
                    return None
                if leave is not None:
                    kept[seat] = leave
                if g.over or g.to_move != seat:
                    break
            turns += 1
        return outcome(g, me, self.rules, end, kept)

    def _hard_action(self, g, budget, memos=None) -> tuple[str, str | None]:
        """One action of the hard player in a simulated game, and the tiles it
        keeps before drawing (None for a trade or the final round's play).
        ``memos``: the world's line memos (one per bag state): every candidate
        meets the same dealt racks, on boards a few lines apart."""
        board, rack = g.board, str(g.active_rack)
        hard = self.hard
        if g.phase == "final":
            play = hard.best_play(board, rack, budget)
            return (format_move(board, play) if play is not None else "-"), None
        if g.legal_actions().trade:
            tiles = choose_trade(rack, self.rules, g.bag_count)
            if tiles:
                return f"trade {tiles}", None
        memo = memos[g.bag_count == 0] if memos is not None else None
        move, leave = hard.decide(board, rack, g.bag_count, budget, memo)
        return format_move(board, move), leave

    def _pick(self, cands: list[Choice], incumbent: int) -> Choice:
        """The incumbent (the hard player's choice) unless the best live candidate
        by simulation beats it clearly (``SWITCH_Z``). Live: simulated in every
        round; a candidate dropped early has a mean over fewer worlds, not
        comparable (and it was dropped for being clearly worse)."""
        inc = cands[incumbent]
        rounds = max((len(c.values) for c in cands), default=0)
        best = max((c for c in cands if c.values and len(c.values) == rounds),
                   key=lambda c: c.mean, default=inc)
        if best is inc or not inc.values:
            return best if inc.values or not best.values else inc
        n = min(len(best.values), len(inc.values))
        if n < SWITCH_ROUNDS:
            return inc
        diffs = [a - b for a, b in zip(best.values[:n], inc.values[:n])]
        mean, se = mean_se(diffs)
        return best if mean > SWITCH_Z * se else inc


# ---------------------------------------------------------------------- worlds
def position_seed(game) -> int:
    """A seed from what the player to move sees (board, own rack, scores, bag
    count): the same position gives the same simulation, and the hidden tiles
    play no part in it."""
    board = game.board
    text = "|".join(("".join(c or "." for c in board.cells), str(game.active_rack),
                     ",".join(map(str, game.scores)), str(game.bag_count), str(game.to_move)))
    return zlib.crc32(text.encode())


def sample_world(game, rng: random.Random, view: dict | None = None):
    """A copy of ``game`` whose other racks and bag are dealt at random from the
    tiles the player to move has not seen (module docstring). ``view``: the
    player's ``tracking.unseen`` when already known (with a scoop it reads the
    whole game, so one decision computes it once)."""
    me = game.to_move
    world = game.at(len(game.actions))
    state = world._state            # the engine's own copy: redealt in place
    if view is None:
        view = unseen(game, me)
    known = {r["seat"] for r in (view["revealed"] or ())}
    tiles = dict(view["tiles"])
    for seat in known:
        for t in state.racks[seat]:
            tiles[t] -= 1
    need = view["total"] - sum(len(state.racks[s]) for s in known)
    must = []
    if view["at_least"] is not None:
        for t, n in view["at_least"].items():
            n = min(n, tiles[t])
            must.extend([t] * n)
            tiles[t] -= n
    rest = [t for t in sorted(tiles) for _ in range(max(0, tiles[t]))]
    pool = must + rng.sample(rest, max(0, min(len(rest), need - len(must))))
    rng.shuffle(pool)
    for seat in range(game.players):
        if seat == me or seat in known:
            continue
        n = len(state.racks[seat])
        state.racks[seat], pool = pool[:n], pool[n:]
    state.bag.tiles = sorted(pool)
    state.bag.rng = random.Random(rng.getrandbits(64))
    return world


def outcome(g, me: int, rules, end: bool, kept: dict | None = None) -> float:
    """A simulated game's value for seat ``me``: the spread (against the best other
    seat) plus each side's leave when the game goes on (``kept``: a seat's tiles
    kept before its last draw; its rack when it has none or the bag is empty); near the end, the win (1, 0.5,
    0) with a thousandth of a point per point of spread."""
    others = [p for p in range(g.players) if p != me]
    rival = max(others, key=lambda p: g.scores[p])
    spread = float(g.scores[me] - g.scores[rival])
    if not g.over:
        bag, kept = g.bag_count, (kept or {}) if g.bag_count else {}   # empty bag: racks count
        mine, theirs = kept.get(me, g.rack(me)), kept.get(rival, g.rack(rival))
        spread += _kept(mine, bag, rules) - _kept(theirs, bag, rules)
    if not end:
        return spread
    win = 1.0 if spread > 0 else 0.5 if spread == 0 else 0.0
    return win + spread / 1000.0


def _kept(rack: str, bag: int, rules) -> float:
    if bag:
        return leave_value(rack, rules)
    return -2.0 * rack_value(rack) - (8.0 if rack else 0.0)
