"""Issue 41's fuzz, seeded and bounded (about a minute on a 2-core machine for all of
it): every function the three pages' engine workers export, called natively as the
page calls it (tests/hardening/page_workers.py), and every command of ``python -m
engine`` (test_hardening_fuzz_cli.py). Whatever the input, no exception escapes, an
answer is text, JSON when it starts with '{', never "The engine failed" (the worker's
word for a bug), and within its limit: OUTPUT_MAX characters, an error ERROR_MAX
(a message for a player), CALL_MAX_S seconds. New exports are fuzzed as they come:
the functions are read from each worker's ``__export__``, their arguments' names pick
the inputs (fuzz_inputs.py). FUZZ_SLOW=1 runs ten times the inputs.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
import json
import os
import random
import time

import pytest

import fuzz_inputs
import page_workers

SLOW = os.environ.get("FUZZ_SLOW", "") not in ("", "0")
N_PER_FUNCTION = {"game": 450, "table": 900, "club": 600}
OUTPUT_MAX = 2_000_000
ERROR_MAX = 1_000
CALL_MAX_S = 5.0
COUNTS: dict = {}     # page -> {function: inputs}, for the report
# Found by this fuzz in the club page's worker (ui/club/worker.py, engine/club/face.py:
# another change's files), reported for the lead to integrate and tolerated here
# until then: players(10**5000) raises (str() outside its guard); opened_game('{}') is
# "The engine failed: KeyError"; an error quoting a whole hostile input (5,000 to
# 1,000,000 characters) from add_forfeit, clear_result, game and tsh. Empty this once
# they are fixed: the fuzz then holds them to the contract.
KNOWN: dict = {}   # worker functions with a known fault, by page (none)


@pytest.fixture(scope="module")
def workers():
    return {page: page_workers.load(page) for page in page_workers.PAGES}


@pytest.fixture(scope="module")
def pool(workers):
    return fuzz_inputs.pools(workers["game"], workers["table"], workers["club"])


def parameters(worker, name: str) -> list[tuple[str, bool]]:
    """(name, has a default) of each argument the page passes: a face exposed through
    engine/session/boundary.py takes ``*args``, so its engine function says."""
    fn = getattr(worker, name)
    sig = inspect.signature(fn)
    if any(p.kind is p.VAR_POSITIONAL for p in sig.parameters.values()):
        face = next(m for m in vars(worker).values() if inspect.ismodule(m) and hasattr(m, name))
        sig = inspect.signature(getattr(face, name))
    return [(p.name, p.default is not p.empty) for p in sig.parameters.values()]


def finding(out) -> str:
    """What is wrong with an answer ("" when nothing)."""
    if not isinstance(out, str):
        return f"answered {type(out).__name__}, not text"
    if len(out) > OUTPUT_MAX:
        return f"answered {len(out):,} characters"
    if not out.startswith("{"):
        return ""          # a link fragment (link, link_for)
    try:
        data = json.loads(out)
    except ValueError:
        return "answered text that starts like JSON but is not"
    error = data.get("error") if isinstance(data, dict) else None
    if error is not None and (not isinstance(error, str) or "The engine failed" in error):
        return f"error {str(error)[:200]!r}"
    if error is not None and len(error) > ERROR_MAX:
        return f"an error of {len(error):,} characters"
    return ""


def shown(arg) -> str:
    if isinstance(arg, int) and abs(arg) > 10 ** 100:
        return f"{'-' if arg < 0 else ''}10**{len(str(abs(arg) // 10 ** 4000)) + 3999}"
    return repr(arg)[:80]


def call(worker, name: str, args):
    """The function's answer; a coroutine (a worker's fetching function) is run in a thread
    of its own, since a browser test before this one in the same process leaves
    Playwright's event loop running in this thread, where asyncio.run refuses to start."""
    out = getattr(worker, name)(*args)
    if not inspect.iscoroutine(out):
        return out
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, out).result()


def fuzz_page(page: str, worker, pool: dict) -> list[str]:
    rng = random.Random(f"issue 41, {page}")
    n = N_PER_FUNCTION[page] * (10 if SLOW else 1)
    failures, counts, answered = [], COUNTS.setdefault(page, {}), {}
    for name in sorted(worker.__export__):
        if name == "status":
            continue
        params = parameters(worker, name)
        counts[name] = answered[name] = 0
        for _ in range(n):
            args = []
            for pname, optional in params:
                if optional and rng.random() < 0.15:
                    break          # the rest left to their defaults
                args.append(fuzz_inputs.value(rng, pname, pool))
            t0 = time.perf_counter()
            try:
                out = call(worker, name, args)
                why = finding(out)
                answered[name] += not out.startswith('{"error"')
            except Exception as exc:  # noqa: BLE001 - the finding
                why = f"raised {type(exc).__name__}: {str(exc)[:200]}"
            if not why and time.perf_counter() - t0 > CALL_MAX_S:
                why = f"took {time.perf_counter() - t0:.1f} s"
            counts[name] += 1
            if why:
                failures.append(f"{page}.{name}({', '.join(shown(a) for a in args)}): {why}")
                break              # one finding a function is enough to go on
    total = sum(counts.values())
    print(f"\nfuzz {page}: {total} inputs over {len(counts)} functions ({n} each; "
          f"{sum(answered.values())} answered, the rest refused), {len(failures)} failing")
    return failures


@pytest.mark.parametrize("page", list(page_workers.PAGES))
def test_fuzz_every_worker_function(page, workers, pool, capsys):
    failures = fuzz_page(page, workers[page], pool)
    known = KNOWN.get(page, set())
    for failure in failures:
        if failure.split("(", 1)[0].split(".", 1)[1] in known:
            print(f"known, for the lead: {failure[:300]}")
    failures = [f for f in failures if f.split("(", 1)[0].split(".", 1)[1] not in known]
    assert not failures, "\n".join(failures)
