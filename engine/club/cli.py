"""``python -m engine pair`` and ``python -m engine standings``: the club's commands.

``standings`` reads finished games' share links on stdin (whole URLs, '#'
fragments or bare fragments), one per line, replays each, and prints one JSON line
per player, best first: {"rank", "player", "games", "wins", "win_pct", "ppt",
"spread"} (a tie is half a win). Players are told apart by name (capitals and
spaces aside). Games of different rule families (classic, the Word Lovers' sets,
Richard's: engine/club/players.py) are never one table: each family has its own,
each line then carrying "family", and a note on stderr says so. A game given twice is refused however its link is spelled
(engine/club/replay.py ``identity``). Bad input of either, bytes that are not
UTF-8 included, exits 2 with one line.
"""

from __future__ import annotations

import json
import sys

from ..rules import Rules
from ..usage import UsageError, lexicon_arg
from .model import MAX_PLAYERS, TournamentError, check_name, check_seed, name_key
from .pairing import EXACT_UP_TO, METHODS, Entrant, pair_by_ppt
from .players import family
from .replay import ResultError, replay_link
from .standings import GameResult, standings

MAX_INPUT = 5_000_000
MAX_FIELD = 120_000           # players ``pair`` takes (the page's tournaments: MAX_PLAYERS)
MAX_PAIR_INPUT = 30_000_000   # characters: 120,000 players with 32-character names, 3 games each
MAX_POINTS = 10 ** 9
STANDINGS_KEYS = ("rank", "player", "games", "wins", "win_pct", "ppt", "spread")


PAIR_INPUT = """\
Reads one JSON object on stdin (up to 120,000 players, 30,000,000 characters):

  {"players": [{"name": "Ann",        a name (capitals and spaces aside, unique)
                "points": 720,        PPT numerator: turn scores over the tournament
                "turns": 24,          PPT denominator (points need turns)
                "opponents": ["Bob"], one name per game played (a repeat twice)
                "byes": 0,            byes had so far (optional, default 0)
                "firsts": 1,          games moved first (optional: who moves first)
                "withdrawn": false},  true: not paired, but their games count
               ...],
   "seed": 1,                         a number or text: round 1's draw, coin tosses
   "rounds": 4,                       the planned number of rounds (optional)
   "round": 2,                        this round's number (optional; default: one
                                      more than the most games plus byes of anyone)
   "method": "fast"}                  "exact": the least-cost pairing; "fast": near it
                                      for large fields, the rounds to come unsearched
                                      (optional; default: exact up to 256 players)

and prints {"pairs": [[first, second], ...], "bye": name or null}: the pairing
that minimises the PPT objective of RULES.md 11 without a repeat, and, with
"rounds" given, only among the pairings after which the rounds still to come can
all be paired without repeats (byes included); without "rounds", this round is
taken as the last. When nobody has a turn yet the round is drawn by the seed. A
note on stderr names any pair that must meet again, or says how many of the
rounds to come cannot avoid a repeat. Bad input exits 2 with one line."""


def add_commands(sub) -> None:
    import argparse
    p = sub.add_parser("pair", help="pair the next round by PPT (RULES.md 11): JSON on stdin",
                       description="Pair the next round of a tournament by PPT (RULES.md 11).",
                       epilog=PAIR_INPUT, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=cmd_pair)
    p = sub.add_parser("standings", help="standings from finished games' share links, one a line on stdin")
    p.add_argument("--lexicon", help="a word list file (one word per line) replacing the shipped ones")
    p.set_defaults(func=cmd_standings)


def _stdin(limit: int = MAX_INPUT) -> str:
    """stdin as text: read as bytes and decoded here, so that bytes that are not
    UTF-8 are one line of error (exit 2), not a traceback."""
    raw = getattr(sys.stdin, "buffer", None)
    if raw is None:                      # a text stream put in place of stdin
        text = sys.stdin.read(limit + 1)
    else:
        data = raw.read(4 * limit + 1)
        try:
            text = data.decode("utf-8-sig")    # a byte-order mark is no part of the input
        except UnicodeDecodeError as exc:
            raise UsageError(f"the input is not UTF-8 text (byte {exc.start + 1} cannot be read)") from None
    if len(text) > limit:
        raise UsageError(f"the input is longer than {limit:,} characters")
    return text


# -------------------------------------------------------------------- pair

def cmd_pair(args) -> dict:
    try:
        data = json.loads(_stdin(MAX_PAIR_INPUT))
    except (ValueError, RecursionError) as exc:
        raise UsageError(f"the input is not JSON: {exc}") from None
    entrants, seed, withdrawn = read_field(data)
    left = rounds_left(data, entrants)
    method = data.get("method")
    if method is not None and method not in METHODS:
        raise UsageError(f"method must be {' or '.join(repr(m) for m in METHODS)} (or left out: exact up to "
                         f"{EXACT_UP_TO} players, fast above)")
    try:
        found = pair_by_ppt([e for e in entrants if e.name not in withdrawn], seed, entrants, left,
                            method=method)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if found.repeats:
        met = ", ".join(f"{a} and {b}" for a, b in found.repeats)
        print(f"note: no pairing without repeats exists: {met} meet again", file=sys.stderr)
    elif found.ahead is not None and found.ahead < left - 1:
        print(f"note: only {found.ahead} of the {left - 1} rounds after this one can be paired "
              "without repeats", file=sys.stderr)
    return {"pairs": [list(p) for p in found.pairs], "bye": found.bye}


def rounds_left(data: dict, entrants) -> int:
    """This round and the planned rounds after it (1 without "rounds")."""
    planned = data.get("rounds")
    if planned is None:
        return 1
    if isinstance(planned, bool) or not isinstance(planned, int) or not 1 <= planned <= MAX_PLAYERS:
        raise UsageError(f"rounds (the planned number) must be a whole number from 1 to {MAX_PLAYERS}")
    played = max(len(e.opponents) + e.byes for e in entrants)
    this = data.get("round", played + 1)
    if isinstance(this, bool) or not isinstance(this, int) or this < 1:
        raise UsageError("round (this round's number) must be a whole number from 1")
    if this > planned:
        raise UsageError(f"round {this} is beyond the {planned} planned rounds")
    return planned - this + 1


def read_field(data) -> tuple[list[Entrant], object, set[str]]:
    """The players, the seed and the withdrawn of ``pair``'s input, every field checked."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise UsageError('the input must be {"players": [...], "seed": ...}')
    raw = data["players"]
    if not 2 <= len(raw) <= MAX_FIELD:
        raise UsageError(f"a round pairs 2 to {MAX_FIELD:,} players ({len(raw):,} given)")
    try:
        seed = check_seed(data.get("seed", 1))
        names = [check_name(p.get("name") if isinstance(p, dict) else None) for p in raw]
    except TournamentError as exc:
        raise UsageError(str(exc)) from None
    keys = {}                    # name key -> the name (a dict: large fields are looked up often)
    for name in names:
        if name_key(name) in keys:
            raise UsageError(f"two players are called {name!r}")
        keys[name_key(name)] = name
    out = []
    for name, p in zip(names, raw):
        points, turns = _whole(p, "points", name, -MAX_POINTS), _whole(p, "turns", name, 0)
        byes = _whole(p, "byes", name, 0)
        opponents = p.get("opponents", [])
        if not isinstance(opponents, list) or not all(isinstance(o, str) for o in opponents):
            raise UsageError(f"{name!r}: opponents must be a list of names")
        mapped = []
        for o in opponents:
            if name_key(o) not in keys:
                raise UsageError(f"{name!r} played {o[:40]!r}, who is not among the players")
            if name_key(o) == name_key(name):
                raise UsageError(f"{name!r} cannot be their own opponent")
            mapped.append(keys[name_key(o)])
        firsts = _whole(p, "firsts", name, 0)
        if firsts > len(mapped):
            raise UsageError(f"{name!r} moved first in more games ({firsts}) than they played")
        if points and not turns:
            raise UsageError(f"{name!r} has points but no turns")
        out.append(Entrant(name, points, turns, tuple(mapped), byes, firsts))
        if not isinstance(p.get("withdrawn", False), bool):
            raise UsageError(f"{name!r}: withdrawn must be true or false")
    withdrawn = {name for name, p in zip(names, raw) if p.get("withdrawn") is True}
    if len(out) - len(withdrawn) < 2:
        raise UsageError(f"a round pairs at least 2 players ({len(out) - len(withdrawn)} not withdrawn)")
    return out, seed, withdrawn


def _whole(p: dict, key: str, name: str, lo: int) -> int:
    value = p.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= MAX_POINTS:
        raise UsageError(f"{name!r}: {key} must be a whole number from {lo} to {MAX_POINTS}")
    return value


# -------------------------------------------------------------------- standings

def cmd_standings(args):
    lines = [(i + 1, line.strip()) for i, line in enumerate(_stdin().splitlines()) if line.strip()]
    if not lines:
        raise UsageError("no game links on stdin (one finished game's share link a line)")
    by_family = read_games(lines, lexicon_arg(args.lexicon))
    several = len(by_family) > 1
    if several:      # games of different rules are not one table (as the club's Players page keeps them)
        print(f"note: these games are of {len(by_family)} rule families ({', '.join(by_family)}); each has "
              'a table of its own, its lines marked with "family"', file=sys.stderr)
    for name, games in by_family.items():
        for row in standings(games):
            line = {k: row[k] for k in STANDINGS_KEYS}
            if several:
                line["family"] = name
            print(json.dumps(line))
    return None


def read_games(lines, lexicon) -> dict[str, list[GameResult]]:
    """Each line's game, replayed, by rule family (engine/club/players.py ``family``),
    in the order the families first come; names matched without case and extra spaces."""
    games, seen, spelled = {}, {}, {}
    for number, line in lines:
        try:
            game = replay_link(line, lexicon)
        except ResultError as exc:
            raise UsageError(f"line {number}: {exc}") from None
        if game.identity in seen:     # one game however its link spells it (replay.identity)
            raise UsageError(f"line {number} is the same game as line {seen[game.identity]}")
        seen[game.identity] = number
        a, b = (spelled.setdefault(name_key(n), n) for n in game.names)
        if a == b:
            raise UsageError(f"line {number}: both players are called {a!r}")
        games.setdefault(family(Rules.from_string(game.rules)), []).append(
            GameResult((a, b), game.scores, game.turns, game.points))
    return games
