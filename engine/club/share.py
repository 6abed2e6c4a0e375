"""A tournament as text: the standings link, and a TSH ``.t`` file.

Standings link: the whole tournament in a URL fragment that anyone opens
read-only, like a game link (engine/records/link.py) and within its size limits::

    fragment := "t1." DATA
    DATA     := base64url, no padding, of deflate(TEXT) + crc32("t1." + deflate(TEXT))
    TEXT     := compact JSON: [name, rules, method, rounds, seed, PLAYERS, ROUNDS]
    PLAYERS  := [[name, joined, left or 0], ...]
    ROUNDS   := [[drawn 0|1, bye (player index) or -1, [GAME, ...]], ...]
    GAME     := [number, first (player index), second, RESULT or 0]
    RESULT   := [source (0 link, 1 here, 2 typed), who moved first (0|1),
                 score, score, turns, turns, score - points, score - points, note?]

The game links themselves are left out (a round of game links would not fit a
URL); each result keeps its source and figures. Anything changed or cut off
fails the checksum and is refused with a precise message; a newer version's link
says so; the contents are checked as an imported tournament is.

TSH (John Chew's tournament software) reads one line per player::

    Name 0 3 5 0; 402 377 50

the name, a rating (0: none), each round's opponent by line number (0: no
opponent), a ';', then the player's score in each round played. A bye is
opponent 0 with 50 (TSH's usual bye, a win); a round the player was not in
(before a late entry) is opponent 0 with 0; a withdrawn player's line stops.
TSH reads digits as data, so a digit in a name is spelled out ("Bot 2" becomes
"Bot Two") and ';' or '#' becomes a space; ``tsh`` says which names changed.
"""

from __future__ import annotations

import json
import re

from ..records.link import MAX_FRAGMENT, MAX_TEXT, deflated, fragment_of, inflated
from .model import SOURCES, Tournament, TournamentError

TAG = "t1."
VERSION = 1
NOT_A_LINK = "this is not a standings link"
DAMAGED = "this standings link is damaged (it may have been cut off)"
NEWER = "this standings link is from a newer version of the game"
_TAG = re.compile(r"t([0-9]{1,6})\.")
_GAME_TAG = re.compile(r"g[0-9]{1,6}\.")


# -------------------------------------------------------------------- the link

def encode(t: Tournament) -> str:
    """The standings link's fragment (without '#'); TournamentError when the
    tournament is too large for a link."""
    index = {name: i for i, name in enumerate(t.names())}
    rounds = []
    for rd in t.paired:
        games = [[g.game, index[g.players[0]], index[g.players[1]], _result(g.result)] for g in rd.games]
        rounds.append([int(rd.drawn), index[rd.bye] if rd.bye else -1, games])
    players = [[p.name, p.joined, p.left or 0] for p in t.players]
    text = json.dumps([t.name, t.rules, t.method, t.rounds, t.seed, players, rounds],
                      ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    out = deflated(TAG, text)
    if len(text) > MAX_TEXT or len(out) > MAX_FRAGMENT:
        raise TournamentError(f"this tournament is too large for a standings link ({len(out):,} "
                              f"characters; a link holds {MAX_FRAGMENT:,}): export it as JSON instead")
    return out


def _result(res) -> list | int:
    if res is None:
        return 0
    out = [SOURCES.index(res.source), res.first, *res.scores, *res.turns,
           res.scores[0] - res.points[0], res.scores[1] - res.points[1]]
    return out + [res.note] if res.note is not None else out     # an empty note is a note too


def decode(fragment: str) -> Tournament:
    """The tournament of a standings link (a whole URL, '#...' or the bare fragment).
    Raises TournamentError, and only that, for anything it cannot read."""
    fragment = fragment_of(fragment, TournamentError, NOT_A_LINK, "this link is too long to be a standings link")
    fragment = fragment.split("&", 1)[0]
    tag = _TAG.match(fragment)
    if tag is None:
        if _GAME_TAG.match(fragment):
            raise TournamentError("this is a game link, not a standings link")
        if fragment[:1] == "t" and fragment[1:2].isdigit():
            raise TournamentError(DAMAGED)
        raise TournamentError(NOT_A_LINK)
    if int(tag.group(1)) > VERSION:
        raise TournamentError(NEWER)
    if tag.group(0) != TAG:
        raise TournamentError(DAMAGED)
    data = _unpack(fragment[tag.end():])
    try:
        return Tournament.from_dict(_as_dict(data))
    except TournamentError as exc:
        raise TournamentError(f"this standings link is damaged: {exc}") from None


def _unpack(data: str):
    text = inflated(TAG, data, TournamentError, DAMAGED, DAMAGED)
    try:
        return json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise TournamentError(DAMAGED) from None


def _as_dict(data) -> dict:
    """The compact form back to the model's JSON (then checked by from_dict)."""
    try:
        name, rules, method, rounds, seed, players, paired = data
        names = [p[0] for p in players]

        def who(i):
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(names):
                raise TournamentError("a player number is out of range")
            return names[i]

        out_rounds = []
        for k, (drawn, bye, games) in enumerate(paired):
            out_games = [{"game": number, "players": [who(a), who(b)], "result": _result_dict(res)}
                         for number, a, b, res in games]
            out_rounds.append({"round": k + 1, "drawn": bool(drawn),
                               "bye": None if bye == -1 else who(bye), "games": out_games})
        return {"name": name, "rules": rules, "method": method, "rounds": rounds, "seed": seed,
                "players": [{"name": p[0], "joined": p[1], "left": p[2] or None} for p in players],
                "paired": out_rounds}
    except TournamentError:
        raise
    except (TypeError, ValueError, IndexError, KeyError):
        raise TournamentError("its contents are not a tournament") from None


def _result_dict(res):
    if res == 0:
        return None
    source, first, s0, s1, t0, t1, d0, d1, *note = res
    if not isinstance(source, int) or isinstance(source, bool) or not 0 <= source < len(SOURCES) \
            or len(note) > 1 or not all(isinstance(x, int) for x in (s0, s1, d0, d1)):
        raise TournamentError("a result is malformed")
    out = {"source": SOURCES[source], "first": first, "scores": [s0, s1], "turns": [t0, t1],
           "points": [s0 - d0, s1 - d1]}
    if note:
        out["note"] = note[0]
    return out


# -------------------------------------------------------------------- TSH

_DIGITS = ("Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")


def tsh_name(name: str) -> str:
    """A name TSH reads as a name: digits spelled out, ';' and '#' made spaces."""
    out = re.sub(r"[0-9]", lambda m: f" {_DIGITS[int(m.group(0))]} ", name)
    out = re.sub(r"[;#]", " ", out)
    return " ".join(out.split()) or "Player"


def tsh(t: Tournament) -> tuple[str, dict[str, str]]:
    """The TSH .t file text, and {name: the name written} for names that changed."""
    number = {name: i + 1 for i, name in enumerate(t.names())}
    lines, renamed = [], {}
    for p in t.players:
        opponents, scores = [], []
        for rd in t.paired:
            if p.left is not None and rd.round >= p.left:
                break
            if rd.bye == p.name:
                opponents.append(0)
                scores.append(50)
                continue
            game = next((g for g in rd.games if p.name in g.players), None)
            if game is None:
                opponents.append(0)
                scores.append(0)
                continue
            side = game.players.index(p.name)
            opponents.append(number[game.players[1 - side]])
            if game.result is not None and len(scores) == len(opponents) - 1:
                scores.append(game.result.scores[side])
        name = tsh_name(p.name)
        if name != p.name:
            renamed[p.name] = name
        line = f"{name} 0"
        if opponents:
            line += f" {' '.join(map(str, opponents))}; {' '.join(map(str, scores))}".rstrip()
        lines.append(line)
    return "\n".join(lines) + "\n", renamed
