"""The expert's rounds dealt to several workers (engine/search/deal.py) give the choice
one worker makes from the same rounds and seed: the same values for every candidate
in every round, merged in round order, whichever worker simulated a round, in
whatever order the rounds came back, and when a helper fails half-way."""

import asyncio
import json
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from engine.computer import computer_action
from engine.game import Game
from engine.lexicon import Lexicon
from engine.rules import PRESETS
from engine.search import deal
from engine.search.expert import Expert
from engine.search.rounds import Tally
from test_expert import game_from, positions

LEX = Lexicon.default()


def run(coro):
    """``asyncio.run`` in a thread of its own: a browser test of the same run may keep
    an event loop running in this one (Playwright's)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def played(preset: str, seed: str, moves: int) -> Game:
    """A game from the empty board with ``moves`` hard moves played (a log to rebuild)."""
    game = Game(PRESETS[preset], seed, 2, lexicon=LEX)
    for _ in range(moves):
        game.act(computer_action(game, "hard"))
    return game


def single(game, iterations: int, seed: int):
    ex = Expert(game.rules, LEX)
    plan = ex.prepare(game, None, seed)
    ex.simulate(game, plan, iterations)
    return ex.pick(plan), [c.values for c in plan.cands], ex.rounds


def split(game, helpers: int, iterations: int, seed=None, shuffle: int | None = None, fail_after: int | None = None,
          warm: bool = False):
    """The same decision with ``helpers`` simulated helper workers: each a Simulator
    that rebuilds the game from the plan's JSON text, as in the page. ``shuffle``:
    a seed for random pauses (rounds come back in a random order); ``fail_after``:
    the first helper says it failed after that many rounds; ``warm``: the helpers
    warm their first worlds before the plan comes (as while the page's main worker
    finds the candidates)."""
    ex = Expert(game.rules, LEX)
    plan = ex.prepare(game, None, seed)
    pool = deal.Pool()
    rng = random.Random(shuffle)

    async def pause(_):
        await asyncio.sleep(rng.random() * 0.002 if shuffle is not None else 0)

    async def main():
        tasks, sims = [], []
        for h in range(helpers):
            sim = deal.Simulator(LEX)
            i = pool.add(sim.receive)
            sent = []

            def post(text, i=i, sent=sent):
                sent.append(text)
                if fail_after is not None and i == 0 and len(sent) > fail_after:
                    text = json.dumps({"t": "error", "msg": "gone"})
                pool.receive(i, text)
            pool.receive(i, json.dumps({"t": "ready"}))
            tasks.append(asyncio.ensure_future(sim.run(post, pause)))
            sims.append(sim)
        if warm:
            deal.warm(game, pool)
            while any(s.warming and s.warming["todo"] for s in sims):
                await asyncio.sleep(0)
            assert all(s.warming["worlds"] for s in sims)
        stats = await deal.think(game, plan, pool, iterations, pause)
        for t in tasks:
            t.cancel()
        return stats

    stats = run(main())
    return ex.pick(plan), [c.values for c in plan.cands], ex.rounds, stats


@pytest.mark.parametrize("preset,helpers,rounds", [("classic", 3, 10), ("o", 2, 6)])
def test_rounds_on_several_workers_give_the_single_workers_choice(preset, helpers, rounds):
    rules, cgps = positions(preset)
    game = game_from(preset, cgps[1])
    want = single(game, rounds, 5)
    move, values, used, stats = split(game, helpers, rounds, 5)
    assert (move, values, used) == want
    assert stats["workers"] == 1 + helpers
    assert all(n > 0 for n in stats["by"][1:]), stats   # every helper simulated rounds


def test_a_game_rebuilt_from_its_log_gives_the_same_rounds_in_any_order():
    game = played("classic", "split-1", 5)
    want = single(game, 9, 3)
    for shuffle in (1, 2):
        assert split(game, 2, 9, 3, shuffle=shuffle)[:3] == want


def test_worlds_warmed_before_the_plan_give_the_same_rounds():
    """A helper fills its first worlds' line memos with the first reply on the board
    before any candidate; the memos only save search: the same values."""
    rules, cgps = positions("iii")
    game = game_from("iii", cgps[1])
    want = single(game, 2, None)
    move, values, used, stats = split(game, 1, 2, None, warm=True)
    assert (move, values, used) == want and stats["by"] == [1, 1]


def test_a_helper_that_fails_has_its_rounds_dealt_again():
    rules, cgps = positions("classic")
    game = game_from("classic", cgps[1])
    want = single(game, 8, 2)
    move, values, used, stats = split(game, 2, 8, 2, fail_after=1)
    assert (move, values, used) == want
    assert stats["by"][1] <= 1


def test_the_tally_merges_rounds_in_round_order_whatever_came_first():
    """Values given for more candidates than are still live (a round dealt before
    later rounds pruned some) are ignored; rounds that come early wait."""
    from engine.search.expert import Choice
    rng = random.Random(4)
    table = [[rng.gauss(10 * (i == 0), 3) for i in range(4)] for _ in range(12)]
    results = []
    for order in (list(range(12)), rng.sample(range(12), 12), rng.sample(range(12), 12)):
        cands = [Choice(f"m{i}", 0.0) for i in range(4)]
        tally = Tally(cands, range(4), 4, 1.0)
        for k in order:
            tally.add(k, dict(enumerate(table[k])))
        tally.final()
        results.append(([c.values for c in cands], tally.live, tally.used))
    assert results[0] == results[1] == results[2]
    assert len(results[0][1]) < 4      # the pruning happened: the test says something


def test_a_timed_think_with_helpers_keeps_its_budget_and_plays_a_candidate():
    import time
    from engine.search.movegen import Budget
    rules, cgps = positions("classic")
    game = game_from("classic", cgps[1])
    ex = Expert(game.rules, LEX)
    plan = ex.prepare(game, Budget(ms=800))
    pool = deal.Pool()

    async def main():
        sim = deal.Simulator(LEX)
        i = pool.add(sim.receive)
        pool.receive(i, json.dumps({"t": "ready"}))
        task = asyncio.ensure_future(sim.run(lambda text: pool.receive(i, text)))
        stats = await deal.think(game, plan, pool)
        task.cancel()
        return stats

    t0 = time.perf_counter()
    stats = run(main())
    assert time.perf_counter() - t0 < 0.8 + 0.5
    assert ex.pick(plan) in [c.text for c in plan.cands]
    assert stats["rounds"] == ex.rounds and stats["rounds"] >= sum(stats["by"]) - 1


def test_stopped_helpers_are_ended_once_and_never_heard_again():
    pool = deal.Pool()
    sent = []
    for _ in range(3):
        pool.add(sent.append)
    pool.receive(0, json.dumps({"t": "ready", "ms": 5, "heap": 1}))
    pool.receive(1, json.dumps({"t": "error", "msg": "no"}))
    assert pool.state == ["ready", "lost", "starting"]
    assert pool.stop() == [0, 2]                       # the lost one needs no ending
    assert pool.state == ["stopped", "lost", "stopped"] and pool.helpers() == []
    pool.receive(2, json.dumps({"t": "ready", "ms": 5, "heap": 1}))   # late: ignored
    pool.lost(0)
    pool.post(0, {"t": "job"})
    assert pool.state == ["stopped", "lost", "stopped"] and sent == []
    assert pool.stop() == []
