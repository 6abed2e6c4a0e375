"""A tournament as text: the standings link, and a TSH ``.t`` file.

Standings link: the whole tournament in a URL fragment that anyone opens
read-only, like a game link (engine/records/link.py) and within its size limits::

    fragment := "t1." DATA
    DATA     := base64url, no padding, of deflate(TEXT) + crc32("t1." + deflate(TEXT))
    TEXT     := compact JSON: [name, rules, method, rounds, seed, PLAYERS, ROUNDS]
    PLAYERS  := [[name, joined, left or 0], ...]
    ROUNDS   := [[drawn 0|1, bye (player index) or -1, [GAME, ...]], ...]
    GAME     := [number, first (player index), second, RESULT or 0]
    RESULT   := [source (0 link, 1 here, 2 typed, 3 forfeit), who moved first (0|1),
                 score, score, turns, turns, score - points, score - points,
                 note or null, started from its invitation (0|1), oath or null]
                 (the last three optional: an older link ends at the note, or before it)

The game links themselves are left out (a round of game links would not fit a
URL), and so are the results corrected away (the director's JSON keeps them); each
result keeps its source and figures, and an on-line game's marks: started from its
pairing's invitation, and the players' oath (engine/club/invite.py). Anything changed or cut off
fails the checksum and is refused with a precise message; a newer version's link
says so; the contents are checked as an imported tournament is.

TSH (John Chew's tournament software) reads a division's ``.t`` file, one line
per player, numbered by its place in the file::

    Zoë Ames 0 3 5 0; 402 377 50; p12 1 2 0; off 0

the name, a rating (0: none), each round's opponent by line number, a ';', the
player's score in each round played, then further fields: ``p12`` (each round: 1
moved first, 2 second, 0 no game, 3 not known yet) and ``off`` (a withdrawn
player, paired no more; their line stops at their last round). Opponent 0 is no
game: its score is the spread the player is given (above 0 a win, 0 a tie, below
0 a loss). So a bye is ``0`` with ``50`` (the club counts a bye as a win by 50,
engine/club/standings.py), a forfeit 50 for the player who came and -50 for the
one who did not. A round before a late entry joined is ``0`` with ``0``, which TSH
reads as a tie where the club counts nothing (``tsh`` says so). TSH reads the file
as Latin-1 unless told otherwise; ``tsh`` writes Latin-1 by default (a name
outside it loses its accents, or its other letters) or UTF-8 on request. TSH
reads digits as data, so a digit in a name is spelled out ("Bot 2" becomes "Bot
Two") and ';' or '#' becomes a space; ``tsh`` says which names changed.
"""

from __future__ import annotations

import json
import re
import unicodedata
from urllib.parse import quote_from_bytes

from ..records.link import MAX_FRAGMENT, MAX_TEXT, deflated, fragment_of, inflated
from .model import SOURCES, Tournament, TournamentError
from .standings import BYE_SPREAD

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
           res.scores[0] - res.points[0], res.scores[1] - res.points[1],
           res.note, int(res.invited), res.oath]     # an empty note is a note too
    while out[-1] in (None, 0) and len(out) > 8:     # as short as it can be (an older link's form)
        out.pop()
    return out


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
    source, first, s0, s1, t0, t1, d0, d1, *marks = res
    if not isinstance(source, int) or isinstance(source, bool) or not 0 <= source < len(SOURCES) \
            or len(marks) > 3 or not all(isinstance(x, int) for x in (s0, s1, d0, d1)):
        raise TournamentError("a result is malformed")
    note, invited, oath = marks + [None] * (3 - len(marks))
    if invited not in (None, 0, 1) or isinstance(invited, bool):
        raise TournamentError("a result is malformed")
    out = {"source": SOURCES[source], "first": first, "scores": [s0, s1], "turns": [t0, t1],
           "points": [s0 - d0, s1 - d1]}
    for key, value in (("note", note), ("oath", oath)):
        if value is not None:
            out[key] = value
    if invited:
        out["invited"] = True
    return out


# -------------------------------------------------------------------- TSH

_DIGITS = ("Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
ENCODINGS = ("latin-1", "utf-8")


def tsh_name(name: str, encoding: str = "utf-8") -> str:
    """A name TSH reads as a name: digits spelled out, ';' and '#' made spaces;
    in Latin-1, a letter outside it without its accent (or left out)."""
    out = re.sub(r"[0-9]", lambda m: f" {_DIGITS[int(m.group(0))]} ", name)
    out = re.sub(r"[;#]", " ", out)
    if encoding == "latin-1":
        out = "".join(ch if ord(ch) < 256 else _latin1(ch) for ch in out)
    return " ".join(out.split()) or "Player"


def _latin1(ch: str) -> str:
    """A letter outside Latin-1 as its plain letter: 'ő' is 'o' (its accent taken off),
    'Ł' is 'L' (a letter 'with stroke' by its Unicode name); anything else is left out."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", ch) if ord(c) < 256 and not unicodedata.combining(c))
    if plain:
        return plain
    words = unicodedata.name(ch, "").split()
    if words[:2] in (["LATIN", "CAPITAL"], ["LATIN", "SMALL"]) and words[2:3] == ["LETTER"] and len(words) > 3 \
            and len(words[3]) == 1:
        return words[3] if words[1] == "CAPITAL" else words[3].lower()
    return ""


def tsh(t: Tournament, encoding: str = "latin-1") -> tuple[str, dict[str, str], list[str]]:
    """The TSH .t file's text, {name: the name written} for names that changed, and
    notes for the director (rounds TSH reads otherwise than the club)."""
    if encoding not in ENCODINGS:
        raise TournamentError(f"the TSH file is written in Latin-1 (TSH's default) or UTF-8, not {encoding!r}")
    number = {name: i + 1 for i, name in enumerate(t.names())}
    lines, renamed, notes = [], {}, []
    for p in t.players:
        opponents, scores, firsts = [], [], []
        for rd in t.paired:
            if p.left is not None and rd.round >= p.left:
                break
            game = next((g for g in rd.games if p.name in g.players), None)
            if rd.bye == p.name or game is None:     # a bye (a win by 50), or not yet in the tournament
                opponents.append(0)
                scores.append(BYE_SPREAD if rd.bye == p.name else 0)
                firsts.append(0)
                continue
            side = game.players.index(p.name)
            res = game.result
            if res is not None and res.source == "forfeit":   # neither came (0-0): both lose by 50
                opponents.append(0)
                scores.append(BYE_SPREAD if res.scores[side] else -BYE_SPREAD)
                firsts.append(0)
                continue
            opponents.append(number[game.players[1 - side]])
            firsts.append(3 if res is None else (1 if side == res.first else 2))
            if res is not None and len(scores) == len(opponents) - 1:
                scores.append(res.scores[side])
        name = tsh_name(p.name, encoding)
        if name != p.name:
            renamed[p.name] = name
        if p.joined > 1:
            notes.append(f"{p.name} joined at round {p.joined}: TSH reads the rounds before (opponent 0, "
                         "score 0) as ties; the club counts no game there.")
        line = f"{name} 0"
        if opponents:
            line += f" {' '.join(map(str, opponents))}; {' '.join(map(str, scores))}".rstrip()
            line += f"; p12 {' '.join(map(str, firsts))}"
        if p.left is not None:
            line += "; off 0"
        lines.append(line)
    return "\n".join(lines) + "\n", renamed, notes


def tsh_href(text: str, encoding: str) -> str:
    """A data: URL of the file in its encoding (the page downloads these bytes)."""
    charset = "iso-8859-1" if encoding == "latin-1" else "utf-8"
    return f"data:text/plain;charset={charset}," + quote_from_bytes(text.encode(encoding), safe="")
