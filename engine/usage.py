"""What every command-line handler shares (``python -m engine`` and the feature
packages' commands): the one error they raise on bad input (exit 2, one line),
the argument parser that reports its own errors the same way, the ``--rules`` and
``--lexicon`` arguments read or refused with that error, and reads of files and
stdin bounded by a stated size, so that ``/dev/zero`` is one line, not a
MemoryError."""

from __future__ import annotations

import argparse

from .rules import Rules, RulesError

MAX_ERROR_CHARS = 300             # an error line is cut here (an argument may be megabytes)
MAX_WORD_LIST_BYTES = 4_000_000   # --lexicon: twice the large list written as text (1.9 MB)


class UsageError(Exception):
    """Bad input to a command: its message is the one line printed on stderr."""


def one_line(text) -> str:
    """``text`` as one printable line: control characters (a line break in an
    argument, say) written as escapes, and cut at MAX_ERROR_CHARS."""
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(text)[:MAX_ERROR_CHARS + 1])
    return text if len(text) <= MAX_ERROR_CHARS else text[:MAX_ERROR_CHARS - 3] + "..."


class Parser(argparse.ArgumentParser):
    """argparse's parser whose errors are UsageError (one line, exit 2) rather than
    a usage message on three lines; its subcommands' parsers are of this kind too."""

    def error(self, message):
        hint = ""
        if message.endswith(": expected one argument"):   # --names -x,B: argparse took -x,B for an option
            option = message[len("argument "):-len(": expected one argument")].split("/")[-1]
            hint = f"; a value that begins with '-' goes after '=' ({option}=-x)"
        raise UsageError(f"{message}{hint} (see {self.prog} --help)")


def rules_arg(text: str) -> Rules:
    """A ``--rules`` argument (a preset or a rules string) as rules."""
    try:
        return Rules.from_string(text)
    except RulesError as exc:
        raise UsageError(f"bad --rules: {exc}") from None


def lexicon_arg(path: str | None):
    """The word lists of a ``--lexicon`` file (at most MAX_WORD_LIST_BYTES), or the
    shipped ones without it."""
    from .lexicon import Lexicon, LexiconFormatError
    if not path:
        return Lexicon.default()
    data = read_file(path, MAX_WORD_LIST_BYTES, "the word list")
    try:
        return Lexicon.from_text(data, str(path)[:80])
    except LexiconFormatError as exc:
        raise UsageError(f"cannot load word list: {exc}") from None


def read_file(path, limit: int, what: str) -> bytes:
    """The bytes of file ``path``; UsageError when it cannot be read or holds more
    than ``limit`` bytes (only ``limit`` + 1 are ever read)."""
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise UsageError(f"cannot read {what} {str(path)[:80]!r}: {exc.strerror or exc}") from None
    except ValueError as exc:   # a path with a NUL byte
        raise UsageError(f"cannot read {what}: {exc}") from None
    if len(data) > limit:
        raise UsageError(f"{what} {str(path)[:80]!r} is over {limit:,} bytes, the limit")
    return data
