"""``moves`` and ``selfplay`` commands (see cli.py)."""

from __future__ import annotations

import json
import sys

from .cli import UsageError, _lexicon, _rules
from .notation import NotationError, parse_cgp


def cmd_moves(args):
    rules = _rules(args.rules)
    try:
        parse_cgp(args.cgp, rules)
    except NotationError as exc:
        raise UsageError(f"bad --cgp: {exc}") from None
    if args.top is not None and args.top < 1:
        raise UsageError("--top must be at least 1")
    from . import api
    for item in api.moves(rules.to_string(), args.cgp, args.top, _lexicon(args.lexicon)):
        print(json.dumps(item))
    return None


def cmd_selfplay(args):
    from .ai import LEVELS
    from .selfplay import summary
    rules = _rules(args.rules)
    levels = [p.strip() for p in args.players.split(",")]
    for lv in levels:
        if lv not in LEVELS:
            raise UsageError(f"unknown player level {lv!r} (known: {', '.join(LEVELS)})")
    if not 1 <= len(levels) <= 4:
        raise UsageError("--players names 1 to 4 levels")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    return summary(rules, args.games, args.seed, levels, _lexicon(args.lexicon))


def add_commands(sub) -> None:
    p = sub.add_parser("moves", help="list the legal plays of the first rack, best first")
    p.add_argument("--rules", required=True)
    p.add_argument("--cgp", required=True)
    p.add_argument("--lexicon")
    p.add_argument("--top", type=int, help="only the N best")
    p.set_defaults(func=cmd_moves)
    p = sub.add_parser("selfplay", help="computer against computer; prints a JSON summary")
    p.add_argument("--rules", required=True)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", default="1")
    p.add_argument("--players", default="hard,greedy", help="levels: easy, medium, hard, greedy")
    p.add_argument("--lexicon")
    p.set_defaults(func=cmd_selfplay)


if __name__ == "__main__":  # pragma: no cover
    sys.exit("use: python -m engine moves|selfplay ...")
