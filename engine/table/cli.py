"""``python -m engine table --rules R --names A,B[,C,D]``: keep a game played on a
real board. One entry a line on stdin (move text, ``-`` a pass, ``-N`` an
exchange of N tiles, ``challenge``, ``check``, ``timeout``, and last ``end
R1/R2[/R3/R4]``, the tiles left on each rack; blank lines and lines starting with
``#`` are skipped). One JSON line per score-sheet line, then a last line with the
final scores. A bad entry exits 2 with one line naming it, and so does input past
the stated limits: a line of more than MAX_LINE_BYTES, stdin of more than
MAX_INPUT_BYTES (a game is a few hundred short lines).
"""

from __future__ import annotations

import json
import sys

from ..actionlog import GameError, check_name, split_action
from ..usage import UsageError, lexicon_arg, rules_arg
from .game import TableGame

MAX_LINE_BYTES = 1_000         # an entry is a move and its time; a '#' note fits too
MAX_INPUT_BYTES = 1_000_000


def add_commands(subparsers) -> None:
    p = subparsers.add_parser("table", help="keep a game played on a real board: one entry a line on stdin")
    p.add_argument("--rules", required=True, help="preset name or rules string, e.g. o or classic")
    p.add_argument("--names", required=True, help="the players in seat order, comma separated: Ann,Bob "
                   "(a first name beginning with '-': --names=-x,B)")
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
    for n, raw in enumerate(_lines(sys.stdin.buffer) if lines is None else lines, 1):
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


def _lines(stream):
    """stdin's lines as bytes, each read with its bound: a 100 MB line costs no
    more memory than a long one (UsageError at the first line or byte past a limit)."""
    total, n = 0, 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        n += 1
        total += len(raw)
        if len(raw.rstrip(b"\r\n")) > MAX_LINE_BYTES:
            raise UsageError(f"line {n}: longer than {MAX_LINE_BYTES:,} bytes, the limit for an entry")
        if total > MAX_INPUT_BYTES:
            raise UsageError(f"line {n}: the input is over {MAX_INPUT_BYTES:,} bytes, the limit for a game")
        yield raw


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
