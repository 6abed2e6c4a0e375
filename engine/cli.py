"""The command-line face: ``python -m engine score|moves|selfplay|gcg|review``.

Output is JSON on stdout (``moves``: one JSON object a line); unparseable input
exits 2 with one line on stderr, whether the parser or a handler finds it wrong.
The word lists are read here (``--lexicon``, or the shipped ones) and handed to
engine.api explicitly. Every file read has a stated size limit (engine/usage.py;
a record: records.gcg.MAX_RECORD_BYTES).
"""

from __future__ import annotations

import json
import sys

from .moves import Play
from .notation import NotationError, parse_cgp, parse_move
from .usage import Parser, UsageError, lexicon_arg, one_line, read_file, rules_arg

# Feature packages that add their own subcommands: each has a module with
# ``add_commands(subparsers)``, whose handlers raise UsageError on bad input.
FEATURE_COMMANDS: tuple[str, ...] = (".meanings.cli", ".table.cli", ".club.cli")


REVIEW_BUDGET_S = 10.0


def cmd_score(args) -> dict:
    """Checks the input here (exit 2 with the reason), then scores through api."""
    from . import api
    rules = rules_arg(args.rules)
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
    return api.score(rules.to_string(), args.cgp, args.move, lexicon_arg(args.lexicon))


def cmd_moves(args):
    from . import api
    rules = rules_arg(args.rules)
    try:
        parse_cgp(args.cgp, rules)
    except NotationError as exc:
        raise UsageError(f"bad --cgp: {exc}") from None
    if args.top is not None and args.top < 1:
        raise UsageError("--top must be at least 1")
    if args.limit < 0 or args.budget < 0:
        raise UsageError("--limit and --budget must be 0 (no bound) or more")
    found = api.move_list(rules.to_string(), args.cgp, args.top, lexicon_arg(args.lexicon),
                          limit=args.limit or None, budget_ms=args.budget * 1000 or None)
    for item in found["moves"]:
        print(json.dumps(item))
    if not found["complete"]:
        if found["stopped"] == "memory":
            print("note: the list is incomplete: plays with the longest runs of tiles before the"
                  " first anchor were left out to bound memory", file=sys.stderr)
        else:
            bound = (f"--limit {args.limit} plays" if found["stopped"] == "plays"
                     else f"--budget {args.budget:g} s")
            print(f"note: the list is incomplete: it stopped after {bound} (0: no bound)", file=sys.stderr)
    return None


def cmd_selfplay(args):
    from .search.ai import LEVELS
    from .selfplay import summary
    rules = rules_arg(args.rules)
    levels = [p.strip() for p in args.players.split(",")]
    for lv in levels:
        if lv not in LEVELS:
            raise UsageError(f"unknown player level {lv!r} (known: {', '.join(LEVELS)})")
    if not 1 <= len(levels) <= 4:
        raise UsageError("--players names 1 to 4 levels")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.expert_rounds is not None and args.expert_rounds < 1:
        raise UsageError("--expert-rounds must be at least 1")
    if args.expert_ms is not None and not 0 < args.expert_ms < 1e7:
        raise UsageError("--expert-ms must be more than 0")
    lexicon = lexicon_arg(args.lexicon)
    start = None
    if args.start is not None:
        from .game import Game
        from .startpos import StartError
        try:  # one game built up front, so a bad position is one clear line, not a traceback
            start = Game(rules, f"{args.seed}-0", len(levels), lexicon=lexicon, start=args.start).start
        except StartError as exc:
            raise UsageError(f"cannot play on from that position: {exc}") from None
    return summary(rules, args.games, args.seed, levels, lexicon, start=start,
                   expert_ms=args.expert_ms, expert_iterations=args.expert_rounds)


def cmd_gcg(args):
    from .records.gcg import GCGError, cli_gcg
    try:
        lines = cli_gcg(args.file, lexicon_arg(args.lexicon))
    except GCGError as exc:
        raise UsageError(f"cannot read the record: {exc}") from None
    print("\n".join(lines))
    return None


def cmd_review(args):
    """One JSON line per reviewed turn, then {"summary": ...}; see engine/search/review.py."""
    from .records.gcg import MAX_RECORD_BYTES, GCGError, decode_record, import_record
    from .search.review import RANKINGS, ReviewError, Reviewer, game_turns, record_turns, summary
    if not 0 <= args.budget < 1e6:
        raise UsageError("--budget must be 0 (no bound) or more seconds")
    if args.rank not in RANKINGS:
        raise UsageError(f"--rank must be one of {', '.join(RANKINGS)}")
    data = read_file(args.file, MAX_RECORD_BYTES, "the record")
    try:
        text = decode_record(data)
    except GCGError as exc:
        raise UsageError(f"cannot read the record: {exc}") from None
    if args.rules is not None:
        rules = rules_arg(args.rules)
        if any(line.startswith("#rules") for line in text.splitlines()):
            raise UsageError("the record names its own rules (#rules); --rules is for records without them")
        text = f"#rules {rules.to_string()}\n{text}"
    lexicon = lexicon_arg(args.lexicon)
    try:
        record = import_record(text, lexicon)
        turns = game_turns(record.game) if record.game is not None else record_turns(record)
        reviewer = Reviewer(record.rules, lexicon, args.rank, args.budget * 1000 or None)
    except (GCGError, ReviewError) as exc:
        raise UsageError(f"cannot review the record: {exc}") from None
    names = list(record.names)
    results = []
    for tp in turns:
        result = reviewer.review(tp)
        results.append(result)
        print(json.dumps({"turn": result["turn"], "player": names[tp.player], "seat": tp.player}
                         | {k: v for k, v in result.items() if k not in ("turn", "player")}), flush=True)
    return {"summary": summary(results, names)}


def main(argv=None) -> int:
    from .api import MOVES_BUDGET_MS, MOVES_LIMIT
    parser = Parser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("score", help="score one play in a position")
    p.add_argument("--rules", required=True, help="preset name or rules string, e.g. iii or ii,cap=0")
    p.add_argument("--cgp", required=True, help="the position (CGP); its first rack plays")
    p.add_argument("--move", required=True, help="move text, e.g. '8D ZEBRAS'")
    p.add_argument("--lexicon", help="a word list file (one word per line) replacing the preset's")
    p.set_defaults(func=cmd_score)
    p = sub.add_parser("moves", help="list the legal plays of the first rack, best first")
    p.add_argument("--rules", required=True)
    p.add_argument("--cgp", required=True)
    p.add_argument("--lexicon")
    p.add_argument("--top", type=int, help="only the N best")
    p.add_argument("--limit", type=int, default=MOVES_LIMIT,
                   help=f"stop after this many plays are found (default {MOVES_LIMIT}; 0: no limit)")
    p.add_argument("--budget", type=float, default=MOVES_BUDGET_MS / 1000,
                   help=f"stop after this many seconds (default {MOVES_BUDGET_MS / 1000:g}; 0: no limit)")
    p.set_defaults(func=cmd_moves)
    p = sub.add_parser("selfplay", help="computer against computer; prints a JSON summary")
    p.add_argument("--rules", required=True)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", default="1")
    p.add_argument("--players", default="hard,greedy", help="levels: easy, medium, hard, expert, greedy")
    p.add_argument("--start", help="a CGP position every game plays on from (one rack per player)")
    p.add_argument("--expert-rounds", type=int, help="rounds of simulation per expert move (default 8; "
                   "repeatable games)")
    p.add_argument("--expert-ms", type=float, help="the expert's time per move in ms, as the page gives it "
                   "3000 (games then depend on the machine)")
    p.add_argument("--lexicon")
    p.set_defaults(func=cmd_selfplay)
    p = sub.add_parser("gcg", help="replay a GCG record: one JSON line per turn, then the final scores")
    p.add_argument("file")
    p.add_argument("--lexicon")
    p.set_defaults(func=cmd_gcg)
    p = sub.add_parser("review", help="review a GCG record: each turn beside the best play, then a summary")
    p.add_argument("file")
    p.add_argument("--budget", type=float, default=REVIEW_BUDGET_S,
                   help=f"seconds per turn: the exact search, then the hard search when it is cut "
                        f"(default {REVIEW_BUDGET_S:g}; 0: exact, however long)")
    p.add_argument("--rank", default="score", help="score (default) or equity (score plus the leave's value)")
    p.add_argument("--rules", help="rules of a record without a #rules line (default classic)")
    p.add_argument("--lexicon")
    p.set_defaults(func=cmd_review)
    import importlib
    for name in FEATURE_COMMANDS:
        importlib.import_module(name, __package__).add_commands(sub)
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:   # named with the command's own help (define -foo: a word of letters, no option)
            raise UsageError(f"unrecognized arguments: {' '.join(extra)} (see {parser.prog} {args.command} --help)")
        result = args.func(args)
    except UsageError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    if result is not None:
        print(json.dumps(result))
    return 0
