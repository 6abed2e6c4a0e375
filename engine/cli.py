"""The command-line face: ``python -m engine score|moves|selfplay``.

Output is JSON on stdout; unparseable input exits 2 with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys

from .moves import Play
from .notation import NotationError, parse_cgp, parse_move
from .rules import Rules, RulesError


class UsageError(Exception):
    pass


def _rules(text: str) -> Rules:
    try:
        return Rules.from_string(text)
    except RulesError as exc:
        raise UsageError(f"bad --rules: {exc}") from None


def _lexicon(path: str | None):
    from .lexicon import Lexicon, LexiconFormatError
    try:
        return Lexicon.from_file(path) if path else Lexicon.default()
    except (OSError, LexiconFormatError) as exc:
        raise UsageError(f"cannot load word list: {exc}") from None


def cmd_score(args) -> dict:
    """Checks the input here (exit 2 with the reason), then scores through api."""
    from . import api
    rules = _rules(args.rules)
    try:
        pos = parse_cgp(args.cgp, rules)
    except NotationError as exc:
        raise UsageError(f"bad --cgp: {exc}") from None
    rack = pos.racks[0] if pos.racks else ""
    try:
        move = parse_move(args.move, pos.board, rules, rack)
    except NotationError as exc:
        raise UsageError(f"bad --move: {exc}") from None
    if not isinstance(move, Play):
        raise UsageError("bad --move: score takes a placement, not an exchange or pass")
    return api.score(rules.to_string(), args.cgp, args.move, _lexicon(args.lexicon))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("score", help="score one play in a position")
    p.add_argument("--rules", required=True, help="preset name or rules string, e.g. iii or ii,cap=0")
    p.add_argument("--cgp", required=True, help="the position (CGP); its first rack plays")
    p.add_argument("--move", required=True, help="move text, e.g. '8D ZEBRAS'")
    p.add_argument("--lexicon", help="a word list file (one word per line) replacing the preset's")
    p.set_defaults(func=cmd_score)
    from . import cli_moves  # here: cli_moves imports helpers from this module
    cli_moves.add_commands(sub)
    args = parser.parse_args(argv)
    try:
        result = args.func(args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if result is not None:
        print(json.dumps(result))
    return 0
