"""What every command-line handler shares (``python -m engine`` and the feature
packages' commands): the one error they raise on bad input (exit 2, one line), and
the ``--rules`` and ``--lexicon`` arguments read or refused with that error."""

from __future__ import annotations

from .rules import Rules, RulesError


class UsageError(Exception):
    """Bad input to a command: its message is the one line printed on stderr."""


def rules_arg(text: str) -> Rules:
    """A ``--rules`` argument (a preset or a rules string) as rules."""
    try:
        return Rules.from_string(text)
    except RulesError as exc:
        raise UsageError(f"bad --rules: {exc}") from None


def lexicon_arg(path: str | None):
    """The word lists of a ``--lexicon`` file, or the shipped ones without it."""
    from .lexicon import Lexicon, LexiconFormatError
    try:
        return Lexicon.from_file(path) if path else Lexicon.default()
    except (OSError, LexiconFormatError) as exc:
        raise UsageError(f"cannot load word list: {exc}") from None
