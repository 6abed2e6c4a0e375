"""``python -m engine define WORD...``: one JSON line per word (see define.define).

Every word is checked before anything is printed, so bad input prints nothing on
stdout and one line on stderr (exit 2). A ``--meanings`` file is read up to
MAX_MEANINGS_BYTES (five times the shipped one).
"""

from __future__ import annotations

import json

from ..usage import UsageError, lexicon_arg, read_file, rules_arg
from .define import DefineError, check_word, define
from .format import MeaningsFormatError
from .store import Meanings

MAX_WORDS = 1000
MAX_MEANINGS_BYTES = 8_000_000


def check_words(words) -> list[str]:
    """The words in capitals; DefineError for none, too many, or a bad one."""
    if not words:
        raise DefineError("give at least one word")
    if len(words) > MAX_WORDS:
        raise DefineError(f"{len(words)} words: at most {MAX_WORDS} at a time")
    return [check_word(w) for w in words]


def cmd_define(args):
    try:
        words = check_words(args.words)
    except DefineError as exc:
        raise UsageError(str(exc)) from None
    rules = rules_arg(args.rules) if args.rules else None
    lexicon = lexicon_arg(args.lexicon)
    data = read_file(args.meanings, MAX_MEANINGS_BYTES, "the meanings") if args.meanings else None
    try:
        meanings = Meanings.default() if data is None else Meanings.from_bytes(data)
    except OSError as exc:
        raise UsageError(f"cannot read the meanings: {exc.strerror or exc}") from None
    except MeaningsFormatError as exc:
        raise UsageError(f"cannot load the meanings: {exc}") from None
    for word in words:
        print(json.dumps(define(word, lexicon, rules, meanings)))
    return None


def add_commands(subparsers) -> None:
    p = subparsers.add_parser(
        "define", help="what words mean and which lists hold them: one JSON line per word")
    p.add_argument("words", nargs="*", metavar="WORD", help=f"words of letters A-Z (at most {MAX_WORDS})")
    p.add_argument("--rules", help="also say whether each word is good under these rules (preset or rules string)")
    p.add_argument("--lexicon", help="a word list file (one word per line) replacing the shipped lists")
    p.add_argument("--meanings", help="a meanings file replacing wordlists/meanings.bin")
    p.set_defaults(func=cmd_define)
