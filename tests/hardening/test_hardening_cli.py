"""Issue 41, the command line: bad arguments are one line and exit 2, whichever
part finds them (argparse or a handler), and every file and stdin read has a
stated limit, so /dev/zero or a 100 MB line is one line, not a MemoryError."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from engine import cli
from engine.records.gcg import MAX_RECORD_BYTES
from engine.table.cli import MAX_INPUT_BYTES, MAX_LINE_BYTES
from engine.usage import MAX_ERROR_CHARS, MAX_WORD_LIST_BYTES, one_line

ROOT = Path(__file__).resolve().parents[2]


def run(argv, stdin: bytes = b"") -> tuple[int, str, str]:
    """``python -m engine ARGV`` in this process: exit code, stdout, stderr."""
    saved = sys.stdin, sys.stdout, sys.stderr
    out, err = io.StringIO(), io.StringIO()
    sys.stdin, sys.stdout, sys.stderr = io.TextIOWrapper(io.BytesIO(stdin)), out, err
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:   # what argparse did before: not a return
        code = exc.code
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return code, out.getvalue(), err.getvalue()


def one_error_line(code, err, says=""):
    assert code == 2 and err.count("\n") == 1 and err.startswith("error: "), (code, err)
    assert "usage:" not in err and "Traceback" not in err and says in err, err
    assert len(err) <= MAX_ERROR_CHARS + len("error: \n")


@pytest.mark.parametrize("argv, says", [
    (["table", "--rules", "o", "--names", "-x,B"], "goes after '=' (--names=-x)"),
    (["moves", "--cgp", "x", "--rules"], "(--rules=-x)"),
    (["table", "--rules", "o"], "the following arguments are required: --names"),
    (["define", "-foo"], "unrecognized arguments: -foo (see python -m engine define --help)"),
    (["define", "-a\nb"], "-a\\nb"),
    (["moves", "--rules", "o", "--cgp", "x", "--top", "many"], "invalid int value"),
    (["define", "cat", "--rules", "z" * 100_000], "bad --rules"),
    ([], "required: command"),
    (["nothing"], "invalid choice"),
])
def test_argument_errors_are_one_line_and_exit_2(argv, says):
    one_error_line(*run(argv)[::2], says)


def test_the_command_itself_says_one_line():
    done = subprocess.run([sys.executable, "-m", "engine", "table", "--rules", "o", "--names", "-x,B"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL)
    one_error_line(done.returncode, done.stderr, "expected one argument")


def test_a_value_beginning_with_a_dash_goes_after_equals():
    code, out, err = run(["table", "--rules", "o", "--names=-x,B"], b"-\n")
    assert code == 0 and err == "" and '"names": ["-x", "B"]' in out


def test_one_line_escapes_and_cuts():
    assert one_line("a\nb\r\x00c") == "a\\nb\\r\\x00c"
    assert len(one_line("x" * 10_000)) == MAX_ERROR_CHARS and one_line("x" * 10_000).endswith("...")


# ------------------------------------------------------------- read limits

@pytest.mark.parametrize("argv, says", [
    (["define", "cat", "--lexicon", "/dev/zero"], f"over {MAX_WORD_LIST_BYTES:,} bytes"),
    (["define", "cat", "--meanings", "/dev/zero"], "over 8,000,000 bytes"),
    (["score", "--rules", "o", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/ 0/0 0",
      "--move", "8H A", "--lexicon", "/dev/zero"], "the word list '/dev/zero' is over"),
    (["gcg", "/dev/zero"], f"over {MAX_RECORD_BYTES:,} bytes"),
    (["review", "/dev/zero"], f"over {MAX_RECORD_BYTES:,} bytes"),
    (["review", "/"], "cannot read the record '/'"),
    (["define", "cat", "--lexicon", "/nonexistent"], "cannot read the word list '/nonexistent'"),
])
def test_every_file_read_has_a_limit(argv, says):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    code, out, err = run(argv)
    one_error_line(code, err, says)
    assert out == ""


def test_a_word_list_at_the_limit_is_read():
    code, _, err = run(["define", "cat", "--lexicon", str(ROOT / "wordlists" / "enable1.txt")])
    assert code == 0, err


def test_table_stdin_a_long_line_is_refused_without_reading_it_all():
    code, _, err = run(["table", "--rules", "o", "--names", "A,B"], b"-\n" + b"A" * 5_000_000 + b"\n")
    one_error_line(code, err, f"line 2: longer than {MAX_LINE_BYTES:,} bytes")


def test_table_stdin_has_a_total_limit():
    notes = (b"# " + b"n" * 900 + b"\n") * (MAX_INPUT_BYTES // 900 + 1)
    code, _, err = run(["table", "--rules", "o", "--names", "A,B"], notes)
    one_error_line(code, err, f"over {MAX_INPUT_BYTES:,} bytes")


def test_table_a_line_at_the_limit_is_an_entry():
    code, _, err = run(["table", "--rules", "o", "--names", "A,B"], b"-" + b" " * (MAX_LINE_BYTES - 1) + b"\r\n")
    assert code == 0, err


@pytest.mark.parametrize("argv", [["gcg", "\ud800"], ["review", "a\x00b"], ["define", "cat", "--meanings", "\ud800"]],
                         ids=["gcg surrogate", "review NUL", "meanings surrogate"])
def test_a_path_no_file_can_have_is_one_line_too(argv):
    """Found by the slow fuzz: open() raises ValueError, not OSError, for these (argv
    from a shell cannot hold them, but main(argv) is a library call too)."""
    one_error_line(*run(argv)[::2], "cannot read")
