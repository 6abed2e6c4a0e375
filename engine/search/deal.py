"""The expert's rounds dealt out to other interpreters: every core thinks.

Why: in the page a 21x21 board leaves the expert one interpreter's 3 s for only a
couple of rounds, too few to ever overrule the hard player's choice. The page's
engine worker starts a few helpers (each its own interpreter with the engine and
the word lists: ui/engine_worker.py); while the expert decides, the main worker
simulates rounds itself and deals others to the helpers, by messages of JSON text
only (no shared memory, so any static host will do).

- The main side, ``think``: it sends each helper the ``plan`` (the game as its
  spec and log, the candidates, the seed, the deadline as wall time, a little
  early for the answer's way back), deals the rounds a switch needs round robin
  (each worker splits the time among its own, as one worker does among all) and
  then keeps each helper ``AHEAD`` rounds ahead (a helper never waits for the main
  worker, which is busy with a round of its own and reads messages only between
  two candidates); each round carries the live candidates the merged rounds
  leave. A helper that cannot fit a round gives it back (another may), one that
  fails is dropped and its rounds dealt again. The rounds merge in round order
  (engine/search/rounds.py), so the choice is the one a single worker makes from
  the same rounds.
- A round whose share of the time ran out with fewer than two candidates done
  goes on with the share of the worker's next first round (the same world, its
  memos warm) rather than leave for a fresh world; alone, the expert stops there
  as it always did (hard's move at once), but with helpers the other workers'
  worlds may well be quicker, so a world too slow is dropped and the worker goes on.
- The helper side, ``Simulator``: it rebuilds the game (only the new moves when
  it holds the game already), simulates its rounds one candidate at a time
  (a "stop" or a new plan is read between them) and sends each round's values.
  Sent ``warm`` as the main worker begins to look for the candidates, it deals
  the first world it will be given and fills its memos with the first reply on
  the board as it is (``Expert.warm``): the replies to every candidate share
  most lines, so its first round starts warm instead of cold.

Messages: to a helper {"t": "warm" | "plan" | "round" | "stop", "id", ...}; back
{"t": "ready"} once it has started, {"t": "round", "id", "k", "values":
[[candidate, value], ...], "ms"} or {"t": "not", "id", "k", "why", "begun"} (not
begun: "time" or "few", or "passed": its time went to another of its first
rounds, and the round is dealt again; begun and cut: "time" at the deadline,
"few" when its share of the first rounds held fewer than two candidates and no
other share was left to go on with: that world is dropped and the worker goes
on, since with several workers another world may well be quicker),
{"t": "error", "msg"} (a helper that failed: not dealt to again).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque

from . import expert as expert_module
from .expert import Choice, Expert, Plan
from .movegen import Budget
from .rounds import Dealer, RoundClock, cut, schedule
from ..game import Game
from ..rules import Rules
from ..session.util import replay_log
from ..tracking import unseen

# Rounds a helper holds: one to simulate and more to begin as soon as it is done, since
# the main worker reads its answers (and deals again) only between two candidates of
# its own, and one candidate's turn can take a second or more on a 21x21 board.
AHEAD = 4
# A helper's deadline is this much before the decision's: a round it cuts at its deadline
# (a reply's search looks at the clock only now and then) still reaches the main worker
# in time, so coordination costs the player nothing past the budget.
HELPER_EARLY_S = 0.15
GRACE_S = 0.01     # a message on its way at the deadline
WARM_MS = 600      # at most this on warming a world: the plan waits for it (a reply with wild tiles can take long)


class Pool:
    """The helpers: each a ``post(text)`` to it. The worker's glue calls
    ``receive(i, text)`` with what helper ``i`` sends and ``lost(i)`` when it fails;
    ``ready(i)`` once it has started."""

    def __init__(self):
        self.posts: list = []
        self.state: list[str] = []   # starting, ready, lost, stopped
        self.info: list[dict] = []   # what each said when it started or failed
        self.handler = None          # the think in progress
        self.thinks = 0

    def add(self, post) -> int:
        self.posts.append(post)
        self.state.append("starting")
        self.info.append({})
        return len(self.posts) - 1

    def ready(self, i: int) -> None:
        if self.state[i] == "starting":
            self.state[i] = "ready"

    def helpers(self) -> list[int]:
        return [i for i, s in enumerate(self.state) if s == "ready"]

    def post(self, i: int, msg: dict) -> None:
        try:
            self.posts[i](json.dumps(msg))
        except Exception:   # a helper that cannot be posted to is gone
            self.lost(i)

    def receive(self, i: int, text: str) -> None:
        if self.state[i] == "stopped":
            return
        msg = json.loads(str(text))
        kind = msg.get("t")
        if kind in ("ready", "error"):
            self.info[i] = msg
            if kind == "ready":
                self.ready(i)
            else:
                self.lost(i)
        elif self.handler is not None:
            self.handler(i, msg)

    def lost(self, i: int) -> None:
        if self.state[i] == "stopped":
            return
        self.state[i] = "lost"
        if self.handler is not None:
            self.handler(i, {"t": "lost"})

    def stop(self) -> list[int]:
        """Every helper still starting or ready is let go (a game without an expert seat
        was opened: their memory goes back to the device); which ones, for the glue to
        end them. Later messages from them are ignored."""
        gone = [i for i, st in enumerate(self.state) if st in ("starting", "ready")]
        for i in gone:
            self.state[i] = "stopped"
            self.posts[i] = _gone
        return gone


def _gone(text: str) -> None:
    raise RuntimeError("this helper was stopped")


def first_deal(workers: int, limit: int) -> list[list[int]]:
    """The rounds each worker (0: the main one) is dealt as a decision begins: the
    rounds a switch needs round robin (each worker gives each of its own an equal
    part of the time: rounds.schedule, ``first``), then each helper's next ones up
    to ``AHEAD``, in turn. A helper warms these worlds before the plan comes."""
    switch = min(expert_module.SWITCH_ROUNDS, limit)
    out = [[j for j in range(switch) if j % workers == w] for w in range(workers)]
    k = switch
    for ks in out[1:]:
        while len(ks) < AHEAD and k < limit:
            ks.append(k)
            k += 1
    return out


def warm(game, pool: Pool) -> None:
    """Before the candidates are found: each ready helper rebuilds the game and warms
    the worlds it will be dealt (``Expert.warm``), with the time it would otherwise
    spend waiting for the plan."""
    helpers = pool.helpers()
    firsts = first_deal(1 + len(helpers), expert_module.MAX_ROUNDS)
    spec = game_spec(game)
    for w, h in enumerate(helpers):   # the first only: the plan is read once it is warm
        pool.post(h, {"t": "warm", "game": spec, "rounds": firsts[w + 1][:1]})


def game_spec(game) -> dict:
    """What rebuilds ``game`` in another interpreter (its rules, seed, seats, start, log)."""
    return {"rules": game.rules.to_string(), "seed": game.seed, "players": game.players,
            "names": list(game.names), "start": game.start, "actions": list(game.actions)}


async def think(game, plan: Plan, pool: Pool, iterations: int | None = None, pause=asyncio.sleep) -> dict:
    """Simulate ``plan``'s rounds here and on ``pool``'s ready helpers, then settle
    the tally (``plan.expert`` says the rounds and why it stopped); returns what
    each worker did: {"workers", "rounds", "by": [rounds simulated per worker, this one
    first], "timeline": [[ms, worker (-1: this one), round, candidates or why not,
    the round's ms, and for a helper's round the ms from the plan sent to its start]]}."""
    expert, budget = plan.expert, plan.budget
    timed = budget is not None and budget.deadline is not None
    helpers = pool.helpers()
    workers = 1 + len(helpers)
    tally = expert.tally(plan)
    dealer = Dealer(tally, iterations if iterations is not None else expert_module.MAX_ROUNDS)
    pool.thinks += 1
    tid = pool.thinks
    held = {h: [] for h in helpers}     # rounds dealt to each helper still dealt to, not yet answered
    done_by = {h: 0 for h in [-1] + helpers}
    wake = asyncio.Event()
    t0 = time.perf_counter()
    timeline = []                       # [ms, worker (-1: this one), round, candidates or why, its ms]

    def note(h: int, k, what, ms=None, lag=None) -> None:
        timeline.append([round((time.perf_counter() - t0) * 1000), h, k, what, ms] + ([lag] if lag is not None else []))

    def send(h: int, k: int, first: int) -> None:
        if h not in held:             # gone meanwhile
            dealer.give_back(k)
            return
        held[h].append(k)
        pool.post(h, {"t": "round", "id": tid, "k": k, "live": tally.live, "first": first})

    def deal(h: int) -> None:
        while h in held and len(held[h]) < AHEAD:
            k = dealer.claim()
            if k is None:
                return
            send(h, k, int(k < expert_module.SWITCH_ROUNDS))   # one given back: the time left is its own

    def drop(h: int) -> None:       # a helper that stopped or failed: its rounds go back
        for k in held.pop(h, ()):
            dealer.give_back(k)

    def on_message(h: int, msg: dict) -> None:
        wake.set()
        if msg.get("t") == "lost":
            drop(h)
            return
        if msg.get("id") != tid or h not in held or msg.get("k") not in held[h]:
            return
        k = msg["k"]
        held[h].remove(k)
        note(h, k, len(msg["values"]) if msg["t"] == "round" else msg.get("why"), msg.get("ms"), msg.get("lag"))
        if msg["t"] == "round":
            dealer.submit(k, {int(i): float(v) for i, v in msg["values"]})
            done_by[h] += 1
            deal(h)
        elif msg.get("why") == "passed":
            dealer.give_back(k)       # its time went to another round of its own
        elif msg.get("begun") and msg.get("why") == "few":
            dealer.submit(k, {})      # a world too slow for its share: dropped, the next may not be
            deal(h)
        elif msg.get("begun"):
            drop(h)                   # it ran out of time: nothing more from it
        else:
            dealer.give_back(k)       # not begun: it cannot fit more
            drop(h)

    deadline_at = time.time() + (budget.deadline - time.perf_counter()) - HELPER_EARLY_S if timed else None
    pool.handler = on_message
    spec = game_spec(game)
    cands = [[c.text, c.equity, c.keep] for c in plan.cands]
    for h in helpers:
        pool.post(h, {"t": "plan", "id": tid, "game": spec, "cands": cands, "seed": plan.seed, "plies": plan.plies,
                      "end": plan.end, "me": plan.me, "deadline": deadline_at, "sent": time.time()})
    firsts = first_deal(workers, dealer.limit)
    for _ in range(sum(map(len, firsts))):
        dealer.claim()
    for w, ks in enumerate(firsts[1:]):
        switch = [k for k in ks if k < expert_module.SWITCH_ROUNDS]
        for k in ks:
            send(helpers[w], k, len(switch) - switch.index(k) if k in switch else 0)
    mine = firsts[0]
    clock, view, why = RoundClock(), unseen(game, plan.me), ""

    def more_time() -> int:
        """Another of this worker's first rounds given back, for the round its share
        left with fewer than two candidates (alone, as ever, the search stops there)."""
        if workers == 1 or not mine:
            return 0
        dealer.give_back(mine.pop())
        return len(mine) + 1

    try:
        while not dealer.done:
            k = None if why else mine.pop(0) if mine else dealer.claim()
            first = len(mine) + 1 if k is not None and k < expert_module.SWITCH_ROUNDS else 0
            if k is None:             # nothing to simulate here: wait for the helpers
                if not any(held.values()):
                    break
                left = (budget.deadline + GRACE_S - time.perf_counter()) if timed else None
                if left is not None and left <= 0:
                    why = why or "time"
                    break
                wake.clear()
                try:
                    await asyncio.wait_for(wake.wait(), left)
                except asyncio.TimeoutError:
                    why = why or "time"
                    break
                continue
            live, step = schedule(clock, tally.live, budget, first)
            if live is None:
                why = step
                note(-1, k, why)
                for j in [k] + mine:      # the helpers may fit them
                    dealer.give_back(j)
                mine.clear()
                continue
            clock.start()
            values, why = await simulate(plan, game, k, live, step, view, pause, more_time)
            note(-1, k, why or len(values), round((time.perf_counter() - clock.t0) * 1000))
            if why == "few" and workers > 1:   # this world was too slow for its share: the next may not be
                dealer.submit(k, {})
                why = ""
            elif why:                 # cut short: dropped; the first rounds left here may fit elsewhere
                for j in mine:
                    dealer.give_back(j)
                mine.clear()
            else:
                clock.done(len(values))
                dealer.submit(k, values)
                done_by[-1] += 1
    finally:
        pool.handler = None
        for h in helpers:
            if pool.state[h] == "ready":
                pool.post(h, {"t": "stop", "id": tid})
    expert.settle(tally, why)
    return {"workers": workers, "rounds": tally.used, "by": [done_by[h] for h in [-1] + helpers],
            "timeline": timeline}


async def simulate(plan: Plan, game, k: int, live: list[int], step, view, pause, more_time, world=None):
    """Round ``k`` on ``live``: (values by candidate, "") or (None, why: rounds.cut;
    "stopped" when ``pause`` says the round is not wanted any more). When its share
    of the first rounds ran out with fewer than two candidates done, ``more_time()``
    may give it the share of another first round of this worker's (how many shares
    it now has, 0: none): it goes on in the same world, whose memos make the
    candidate it was on quicker the second time, rather than begin a fresh one.
    ``world``: the round's world when already dealt (and warmed: ``Simulator``)."""
    expert, budget = plan.expert, plan.budget
    if world is None:
        world = expert.round_world(game, plan.seed, k, view)
    got = []
    while True:
        for v in expert.round_plays(game, plan, k, live[len(got):], step, view, world):
            got.append(v)
            if await pause(0):
                return None, "stopped"
        values, why = cut(got, live, step, budget)
        shares = more_time() if why == "few" else 0
        if not shares:
            return values, why
        step = Budget()
        now = time.perf_counter()
        step.deadline = now + (budget.deadline - now) / shares


class Simulator:
    """A helper's side: the plan it was sent, the rounds it holds, the game rebuilt,
    the worlds it warmed while the main worker was finding the candidates."""

    def __init__(self, lexicon):
        self.lexicon = lexicon
        self.game = None           # the last game rebuilt (the next plan usually adds a move or two)
        self.experts: dict[str, Expert] = {}
        self.job = None
        self.rounds: deque = deque()
        self.warming = None        # {"game", "seed", "view", "todo": [round], "worlds": {round: world}}
        self.wake = None
        self.post = None

    def receive(self, text) -> None:
        msg = json.loads(str(text))
        kind = msg.get("t")
        try:
            if kind == "warm":
                self.warming = self._warming(msg)
            elif kind == "plan":
                self.rounds.clear()
                self.job = None
                self.job = self._job(msg)
            elif self.job is not None and msg.get("id") == self.job["id"]:
                if kind == "round":
                    self.rounds.append(msg)
                elif kind == "stop":
                    self.job = None
                    self.rounds.clear()
        except Exception as exc:   # a game this helper cannot rebuild: the main worker deals on without it
            self.warming = None
            if self.post is not None:
                self.post(json.dumps({"t": "error", "msg": type(exc).__name__ + ": " + str(exc)}))
        if self.wake is not None:
            self.wake.set()

    def _expert(self, game) -> Expert:
        rules = game.rules.to_string()
        if rules not in self.experts:
            self.experts = {rules: Expert(game.rules, self.lexicon)}
        return self.experts[rules]

    def _warming(self, msg: dict) -> dict:
        game = self._rebuild(msg["game"])
        return {"game": game, "seed": expert_module.position_seed(game), "view": unseen(game, game.to_move),
                "todo": list(msg["rounds"]), "worlds": {}}

    def _job(self, msg: dict) -> dict:
        game = self._rebuild(msg["game"])
        expert = self._expert(game)
        cands = [Choice(text, equity, keep) for text, equity, keep in msg["cands"]]
        budget = None
        if msg.get("deadline") is not None:
            budget = Budget()
            budget.deadline = time.perf_counter() + (msg["deadline"] - time.time())
        plan = Plan(expert, cands, 0, msg["seed"], msg["plies"], msg["end"], msg["me"],
                    list(range(len(cands))), budget)
        warmed, self.warming = self.warming, None
        worlds = warmed["worlds"] if warmed and warmed["game"] is game and warmed["seed"] == plan.seed else {}
        view = warmed["view"] if worlds else unseen(game, plan.me)
        return {"id": msg["id"], "game": game, "plan": plan, "view": view, "clock": RoundClock(),
                "sent": msg.get("sent"), "worlds": worlds}

    def _rebuild(self, spec: dict):
        old, actions = self.game, spec["actions"]
        if old is None or game_spec(old) != dict(spec, actions=list(old.actions)) \
                or list(old.actions) != actions[:len(old.actions)]:
            old = Game(Rules.from_string(spec["rules"]), spec["seed"], spec["players"], lexicon=self.lexicon,
                       names=spec["names"], start=spec["start"])
        stopped = replay_log(old, actions[len(old.actions):], "game")
        if stopped:
            self.game = None
            raise ValueError(stopped[0])
        self.game = old
        return old

    async def run(self, post, pause=asyncio.sleep) -> None:
        """Simulate the rounds as they come, forever, warming worlds while there are
        none; ``post(text)`` answers."""
        self.wake, self.post = asyncio.Event(), post
        while True:
            try:
                if self.rounds:
                    msg, job = self.rounds.popleft(), self.job
                    await self._round(job, msg, post, pause)
                elif self.warming and self.warming["todo"]:
                    self._warm_one()
                    await pause(0)     # a plan that came meanwhile is read here
                else:
                    self.wake.clear()
                    await self.wake.wait()
            except Exception as exc:   # a bug: the main worker stops dealing to this one
                post(json.dumps({"t": "error", "msg": type(exc).__name__ + ": " + str(exc)}))
                raise

    def _warm_one(self) -> None:
        w = self.warming
        k = w["todo"].pop(0)
        game = w["game"]
        expert = self._expert(game)
        world = expert.round_world(game, w["seed"], k, w["view"])
        expert.warm(world, Budget(ms=WARM_MS))
        w["worlds"][k] = world

    async def _round(self, job: dict, msg: dict, post, pause) -> None:
        k, plan = msg["k"], job["plan"]
        live, step = schedule(job["clock"], msg["live"], plan.budget, msg["first"])
        if live is None:
            post(json.dumps({"t": "not", "id": job["id"], "k": k, "why": step}))
            return
        job["clock"].start()
        lag = round((time.time() - job["sent"]) * 1000) if job.get("sent") else None   # from the plan sent to now

        async def wanted(_):
            await pause(0)
            return self.job is not job    # stopped, or a new plan: this round is not wanted

        def more_time() -> int:           # another first round of its own given back (``simulate``)
            firsts = [m for m in self.rounds if m["first"]]
            if not firsts:
                return 0
            self.rounds.remove(firsts[-1])
            post(json.dumps({"t": "not", "id": job["id"], "k": firsts[-1]["k"], "why": "passed"}))
            return len(firsts)

        values, why = await simulate(plan, job["game"], k, live, step, job["view"], wanted, more_time,
                                     job["worlds"].pop(k, None))
        if why == "stopped":
            return
        ms = round((time.perf_counter() - job["clock"].t0) * 1000)
        if why:
            post(json.dumps({"t": "not", "id": job["id"], "k": k, "why": why, "begun": True, "ms": ms, "lag": lag}))
            return
        job["clock"].done(len(values))
        post(json.dumps({"t": "round", "id": job["id"], "k": k, "values": sorted(values.items()), "ms": ms,
                         "lag": lag}))


def helper(lexicon_path: str, post, lexicon=None) -> Simulator:
    """A helper's start (the script ui/engine_worker.py gives its helpers): the word
    lists (``lexicon``, already loaded: the memory snapshot's; else from ``lexicon_path``),
    then rounds as they come, answered by ``post``."""
    from ..lexicon import Lexicon
    if lexicon is None:
        with open(lexicon_path, "rb") as f:
            lexicon = Lexicon.from_bytes(f.read())
    sim = Simulator(lexicon)
    asyncio.ensure_future(sim.run(post))
    return sim
