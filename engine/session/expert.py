"""The computer's turn with the expert's rounds dealt to helper workers (the page's worker).

Like ``session.computer`` (same game, same answers: the snapshot after the
computer's turn, or {"error"}), but awaitable: where the expert simulates, its
rounds are shared with the ready helpers of ``pool`` (engine/search/deal.py)
while this interpreter simulates its own. With no helper ready (none started,
refused, failed) it simulates alone, as ``Expert.choose`` does; another level,
or a game that is over, is ``session.computer`` itself.
"""

from __future__ import annotations

import time

from .. import session
from ..computer import computer_action
from ..search import deal
from .util import SessionError, deciding_seat, int_in
from .util import error as _error


# The page's budget covers the whole call: after the expert's deadline its last reply's
# search may still run a little past it (it looks at the clock between board lines),
# then the move is played and the snapshot goes back: this much is kept for those.
ANSWER_MS = 100
# The last simulation: {"plan_ms" (the candidates), "workers", "rounds", "by" (rounds
# per worker, this one first), "timeline", "ms" (in all), "stopped"} (bench/expert_workers.py).
LAST: dict = {}


async def computer(budget_ms: int, pool: deal.Pool) -> str:
    """The computer's turn; an expert's records how it thought in ``LAST``."""
    game = session._game
    if game is None or game.over or session._seats[deciding_seat(game)]["kind"] != "expert":
        return session.computer(budget_ms)
    seat = deciding_seat(game)
    if game.lexicon is not session._lexicon:   # the helpers hold the page's word lists only
        pool = deal.Pool()
    try:
        budget_ms = int_in(budget_ms, 1, session.COMPUTER_BUDGET_MAX_MS, "the computer's time budget (ms)")
    except ValueError as exc:
        return _error(exc)
    events = []
    start = time.perf_counter()
    LAST.clear()
    for _ in range(4):  # a trade or an upheld challenge is followed by the same seat's turn
        t0 = time.perf_counter()
        left = max(1, budget_ms - round((t0 - start) * 1000))
        deal.warm(game, pool)   # the helpers warm their worlds while the candidates are found here
        text = computer_action(game, "expert", max(1, left - ANSWER_MS), plan_only=True)
        if not isinstance(text, str):   # the expert simulates: here and on the helpers
            plan, logged = text, len(game.actions)
            LAST["plan_ms"] = round((time.perf_counter() - t0) * 1000)
            LAST.update(await deal.think(game, plan, pool))
            LAST.update(ms=round((time.perf_counter() - t0) * 1000), stopped=plan.expert.stopped)
            if session._game is not game or len(game.actions) != logged:
                return _error(SessionError("the game changed while the computer was thinking"))
            text = plan.expert.pick(plan)
        # under a clock the computer is charged its own thinking time, like anyone
        spent = round(time.perf_counter() - t0, 3) if game.rules.clock else None
        events.extend(game.act(text, spent))
        if game.over or game.to_move != seat:
            break
    return session._snapshot(events=events)
