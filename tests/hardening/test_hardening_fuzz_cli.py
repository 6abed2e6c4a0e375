"""Issue 41's fuzz of the command line (the pages' workers: test_hardening_fuzz.py):
every command of ``python -m engine``, run in this process with a valid command
line changed by one or two seeded edits (a value mutated or made hostile, an
argument dropped, a stray option, a file that is /dev/zero, a directory, missing,
over its limit or damaged) and, for the commands that read it, stdin likewise.
Whatever the input: exit 0, or exit 2 with one line of at most usage.MAX_ERROR_CHARS
on stderr; no exception escapes; stdout within OUTPUT_MAX, each call within
CALL_MAX_S. Expensive commands get fewer inputs and small time budgets (a fuzz asks
for no exact search nor a billion games: that would be the caller's wish)."""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pytest

from engine.records.gcg import MAX_RECORD_BYTES
from engine.usage import MAX_ERROR_CHARS
from test_club_replay import finished_link
from test_hardening_cli import run
from test_parsers_fuzzed import CGPS, GCGS, RECORDS, mutate

SLOW = os.environ.get("FUZZ_SLOW", "") not in ("", "0")
N_PER_COMMAND = {"score": 450, "moves": 60, "selfplay": 8, "gcg": 450, "review": 60, "define": 450,
                 "table": 450, "pair": 450, "standings": 150}
OUTPUT_MAX = 5_000_000
CALL_MAX_S = 15.0
COUNTS: dict = {}
TEXT_HOSTILE = ["", "-", "--", "-x", "--nope", "=", "9" * 5000, "9" * 4400, "inf", "nan", "-1", "0",
                "1e999", "\n", "a\nb", "\ud800", "é", "x" * 100_000, "🙂", " "]
TABLE_GAME = "8D ZEBRAX\nchallenge\n8D ZEBRAS\n\n-3\nH4 zEBRA\nchallenge\n-\n-\n-\n-\n-\nend AEIOUST/CDFGHK?\n"
PAIR_INPUT = json.dumps({"players": [{"name": "Ann", "points": 720, "turns": 24, "opponents": ["Bob"]},
                                     {"name": "Bob", "points": 600, "turns": 24, "opponents": ["Ann"]},
                                     {"name": "Cy", "points": 0, "turns": 0, "opponents": [], "byes": 1}],
                         "seed": 1, "rounds": 3, "round": 2})


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict:
    """Named files a command line may point at."""
    d = tmp_path_factory.mktemp("fuzz_cli")
    (d / "game.gcg").write_text(GCGS[0])
    (d / "words.txt").write_text("CAT\nCATS\nZEBRA\nZEBRAS\nQI\nAB\n")
    (d / "big").write_bytes(b"#" * (MAX_RECORD_BYTES + 10))
    (d / "binary").write_bytes(bytes(range(256)) * 10)
    return {"gcg": str(d / "game.gcg"), "words": str(d / "words.txt"), "dir": str(d), "missing": str(d / "no"),
            "big": str(d / "big"), "binary": str(d / "binary"), "zero": "/dev/zero", "tmp": d}


def templates(files) -> dict:
    """A valid command line (and stdin) per command; options after '|' are never
    edited (the time budgets that keep a fuzz short)."""
    links = "\n".join([finished_link("Ann", "Bob", "s1", 6), "", finished_link("Bob", "Cy", "s2", 6)])
    return {
        "score": (["--rules", "classic", "--cgp", CGPS[0], "--move", RECORDS[0][3][0]], [], ""),
        "moves": (["--rules", "classic", "--cgp", CGPS[0], "--top", "5"], ["--budget", "0.3"], ""),
        "selfplay": (["--rules", "o", "--players", "greedy,greedy", "--seed", "3"], ["--games", "1"], ""),
        "gcg": ([files["gcg"], "--lexicon", files["words"]], [], ""),
        "review": ([files["gcg"], "--rank", "score"], ["--budget", "0.05"], ""),
        "define": (["ran", "qi", "zebras", "--rules", "o", "--lexicon", files["words"]], [], ""),
        "table": (["--rules", "classic", "--names", "Ann,Bob", "--lexicon", files["words"]], [], TABLE_GAME),
        "pair": ([], [], PAIR_INPUT),
        "standings": ([], [], links),
    }


def edited(rng: random.Random, argv: list, stdin: str, files) -> tuple[list, bytes]:
    argv = list(argv)
    for _ in range(rng.randint(0 if rng.random() < 0.15 else 1, 2)):
        op = rng.randrange(6)
        i = rng.randrange(len(argv)) if argv else 0
        if op == 0 and argv:                       # a value mutated
            argv[i] = mutate(rng, argv[i])
        elif op == 1 and argv:                     # a value made hostile
            argv[i] = rng.choice(TEXT_HOSTILE)
        elif op == 2 and argv:                     # a file that is not what it should be
            argv[i] = files[rng.choice(["zero", "dir", "missing", "big", "binary", "words", "gcg"])]
        elif op == 3 and argv:                     # an argument dropped
            del argv[i]
        elif op == 4:                              # a stray or repeated option
            argv.insert(i, rng.choice(["--nope", "--rules", "--lexicon", "--meanings", "-h", "--top", "-"]))
        else:                                      # stdin changed
            stdin = rng.choice([mutate(rng, stdin) if stdin else "", rng.choice(TEXT_HOSTILE), stdin * 3])
    data = stdin.encode("utf-8", "surrogatepass")
    if rng.random() < 0.05:
        data = rng.choice([b"\xff\xfe" + data, b"A" * 2_000_000, data.replace(b"\n", b"\r")])
    return argv, data


def finding(code, out: str, err: str) -> str:
    if code not in (0, 2):
        return f"exit {code}"
    if len(out) > OUTPUT_MAX:
        return f"printed {len(out):,} characters"
    if "Traceback" in err:
        return "a traceback"
    if code == 2 and not (err.startswith("error: ") and err.count("\n") == 1
                          and len(err) <= len("error: \n") + MAX_ERROR_CHARS):
        return f"not one error line: {err[:300]!r}"
    return ""


def shown(argv) -> str:
    return " ".join(a[:60] + ("..." if len(a) > 60 else "") for a in argv)


@pytest.mark.parametrize("command", list(N_PER_COMMAND))
def test_fuzz_every_command(command, files):
    argv0, fixed, stdin0 = templates(files)[command]
    rng = random.Random(f"issue 41, {command}")
    n = N_PER_COMMAND[command] * (10 if SLOW else 1)
    failures, ran = [], 0
    for i in range(n):
        argv, data = edited(rng, argv0, stdin0, files)
        if command == "gcg" and rng.random() < 0.5:   # a record's own bytes damaged
            path = files["tmp"] / f"mutated{i % 3}.gcg"
            path.write_text(mutate(rng, GCGS[rng.randrange(len(GCGS))]), encoding="utf-8", errors="surrogatepass")
            argv = [str(path), *argv[1:]]
        t0 = time.perf_counter()
        try:
            code, out, err = run([command, *argv, *fixed], data)
            why = finding(code, out, err)
            ran += code == 0
        except BaseException as exc:  # noqa: BLE001 - the finding (SystemExit included)
            why = f"raised {type(exc).__name__}: {str(exc)[:200]}"
        if not why and time.perf_counter() - t0 > CALL_MAX_S:
            why = f"took {time.perf_counter() - t0:.1f} s"
        if why:
            failures.append(f"{command} {shown(argv)} (stdin {data[:60]!r}): {why}")
            if len(failures) >= 5:
                break
    COUNTS[command] = i + 1
    print(f"\nfuzz {command}: {i + 1} command lines ({ran} ran, the rest refused), {len(failures)} failing")
    assert not failures, "\n".join(failures)
