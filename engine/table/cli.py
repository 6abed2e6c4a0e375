"""``python -m engine table --rules R --names A,B[,C,D]``: keep a game played on a
real board. One entry a line on stdin (move text, ``-`` a pass, ``-N`` an
exchange of N tiles, ``challenge``, ``check``, ``timeout``, and last ``end
R1/R2[/R3/R4]``, the tiles left on each rack; blank lines and lines starting with
``#`` are skipped). One JSON line per score-sheet line, then a last line with the
final scores. A bad entry exits 2 with one line naming it.
"""

from __future__ import annotations

import json
import sys

from ..actionlog import GameError, check_name, split_action
from ..usage import UsageError, lexicon_arg, rules_arg
from .game import TableGame


def add_commands(subparsers) -> None:
    p = subparsers.add_parser("table", help="keep a game played on a real board: one entry a line on stdin")
    p.add_argument("--rules", required=True, help="preset name or rules string, e.g. o or classic")
    p.add_argument("--names", required=True, help="the players in seat order, comma separated: Ann,Bob")
    p.add_argument("--lexicon", help="a word list file (one word per line) replacing the preset's")
    p.set_defaults(func=cmd_table)


def read_names(text: str) -> list[str]:
    names = text.split(",")
    if not 1 <= len(names) <= 4:
        raise UsageError(f"--names lists 1 to 4 players, comma separated ({len(names)} given)")
    try:
        return [check_name(name) for name in names]
    except GameError as exc:
        raise UsageError(f"bad --names: {exc}") from None


def cmd_table(args, lines=None) -> dict:
    rules = rules_arg(args.rules)
    names = read_names(args.names)
    game = TableGame(rules, len(names), lexicon=lexicon_arg(args.lexicon), names=names)
    for n, raw in enumerate(sys.stdin.buffer if lines is None else lines, 1):
        try:
            line = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        except UnicodeDecodeError:
            raise UsageError(f"line {n}: not UTF-8 text") from None
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        for out in entry(game, line, n):
            print(json.dumps(out), flush=True)
    return {"scores": list(game.scores), "names": list(game.names),
            "ppt": [round(game.ppt(p), 2) for p in range(game.players)],
            "over": game.over, "phase": game.phase, "end_reason": game.end_reason}


def entry(game: TableGame, line: str, n: int) -> list[dict]:
    """The lines one entry prints; UsageError naming the line for a bad one."""
    before = game.last_turn
    try:
        text, ms = split_action(line)
        turns = game.act(text, None if ms is None else ms / 1000)
    except ValueError as exc:
        raise UsageError(f"line {n}: {exc}") from None
    if not turns and text.lower() == "check" and before is not None:
        return [{"player": game.names[before.player], "kind": "withdrawn", "text": before.text, "score": 0,
                 "words": list(before.words), "invalid_words": [], "phase": game.phase,
                 "note": "every word is in the large list: the play comes off and "
                         f"{game.names[game.to_move]} plays again"}]
    return [{"player": game.names[t.player], "kind": t.kind, "text": t.text, "score": t.score,
             "total": game.scores[t.player], "words": list(t.words), "invalid_words": list(t.invalid),
             "phase": game.phase} for t in turns]
