"""``python -m engine table --rules R --names A,B``: one entry a line on stdin, one
JSON line per score-sheet line, a last line with the final scores; bad input
exits 2 with one line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import cli
from engine.rules import Rules
from engine.table import TableGame
from engine.table.cli import entry
from enginekit import LARGE_ONLY, MAIN_WORDS, lexicon

ROOT = Path(__file__).resolve().parents[2]
GAME = """# a classic game kept at the table
8D ZEBRAX
challenge
8D ZEBRAS

-3
H4 zEBRA
challenge
-
-
-
-
-
end AEIOUST/CDFGHK?
"""


@pytest.fixture
def words(tmp_path) -> str:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(MAIN_WORDS + LARGE_ONLY) + "\n")
    return str(path)


def run(words, stdin: bytes, *args) -> tuple[int, list, str]:
    """The command in this process: exit code, JSON lines out, stderr."""
    old = sys.stdin
    out, err = io.StringIO(), io.StringIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = cli.main(["table", "--lexicon", words, *(args or ("--rules", "classic", "--names", "Ann,Bob"))])
    finally:
        sys.stdin, sys.stdout, sys.stderr = old, stdout, stderr
    return code, [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue()


def test_a_whole_game(words):
    code, lines, err = run(words, GAME.encode())
    assert code == 0 and err == ""
    turns, last = lines[:-1], lines[-1]
    assert [(t["player"], t["kind"], t["text"], t["score"]) for t in turns[:5]] == [
        ("Ann", "play", "8D ZEBRAX", 68), ("Ann", "phony", "8D ZEBRAX", 0), ("Bob", "play", "8D ZEBRAS", 54),
        ("Ann", "exchange", "-3", 0), ("Bob", "play", "H4 zEBRA", 6)]
    assert turns[0]["invalid_words"] == ["ZEBRAX"] and turns[2]["words"] == ["ZEBRAS"]
    assert turns[5] == {"player": "Ann", "kind": "lost", "text": "lost challenge", "score": 0, "total": 0,
                        "words": [], "invalid_words": [], "phase": "play"}
    assert turns[-3]["phase"] == "racks"
    assert [(t["kind"], t["score"]) for t in turns[-2:]] == [("end", -7), ("end", -20)]
    assert last == {"scores": [-7, 40], "names": ["Ann", "Bob"], "ppt": [0.0, 30.0], "over": True,
                    "phase": "over", "end_reason": "6 turns in a row without a play"}


def test_input_that_stops_early_gives_the_scores_so_far(words):
    code, lines, _ = run(words, b"8D ZEBRAX\n", "--rules", "o", "--names", "Ann,Bob")
    assert code == 0 and lines[0]["kind"] == "invalid" and lines[-1]["over"] is False
    assert lines[-1]["scores"] == [0, 0] and lines[-1]["phase"] == "play"


def test_a_play_withdrawn_after_the_large_list_check_is_a_line_too():
    game = TableGame(Rules.from_string("o"), lexicon=lexicon(), names=["Ann", "Bob"])
    assert entry(game, "8G QAID", 1)[0]["kind"] == "invalid"
    line, = entry(game, "check", 2)
    assert (line["player"], line["kind"], line["text"]) == ("Ann", "withdrawn", "8G QAID")
    assert line["note"].endswith("Ann plays again")


@pytest.mark.parametrize("stdin, args, why", [
    (b"8D ZEBRAS\n8D ZEBRAS\n", (), "error: line 2: '8D ZEBRAS' places no new tile"),
    (b"8D ZEBRAS\nH7 ZA\n", (), "error: line 2: there is no Z tile left to play"),
    (b"-ABC\n", (), "error: line 1: '-ABC': at the table, give how many tiles were exchanged, like -3"),
    (b"end AB/CD\n", (), "error: line 1: the game has not ended"),
    (b"8D ZEBRAS \xff\n", (), "error: line 1: not UTF-8 text"),
    (b"8D Z\xc3\xa9BRAS\n", (), "error: line 1: "),
    (b"", ("--rules", "zz", "--names", "A,B"), "error: bad --rules: unknown preset 'zz'"),
    (b"", ("--rules", "o", "--names", "A,B,C,D,E"), "error: --names lists 1 to 4 players"),
    (b"", ("--rules", "o", "--names", "A,,B"), "error: bad --names: '' is not a player name"),
])
def test_bad_input_exits_2_with_one_line(words, stdin, args, why):
    code, _, err = run(words, stdin, *args)
    assert code == 2 and err.startswith(why) and err.count("\n") == 1 and "Traceback" not in err


def test_the_command_itself(words):
    done = subprocess.run([sys.executable, "-m", "engine", "table", "--rules", "classic", "--names", "Ann,Bob",
                           "--lexicon", words], input=b"8D ZEBRAS\nH4 BOARD\n", capture_output=True, cwd=ROOT,
                          timeout=60)
    assert done.returncode == 2 and done.stderr.decode().strip().startswith("error: line 2:")
    assert json.loads(done.stdout.decode().splitlines()[0])["score"] == 54
