"""Invitations: a pairing's game played by link on the players' own devices.

Why: RULES.md 15.2 pictures an on-line tournament with no server. The director's
page gives each pairing an invitation, a game link (engine/records/link.py, g6)
of the tournament's rules and clock, the pairing's seed, the two names in their
seats (the first moves first) and the pairing itself ("event": the tournament's
id, the round, the game's number). The players play it by link; the finished
game's link comes back to the director, whose page matches it to its pairing by
"event" (``pairing_of``) and refuses a game of another tournament, round or
pairing with the reason. The oath the players took rides in the same link.

A round link (``encode_round``) lists a round's pairings, to post once in a
club's chat: ``"r1." DATA``, DATA as a game link's (``deflated``) of compact JSON
[name, rules, seed, round, [[game, first, second], ...]]; the page rebuilds each
invitation from it. A link is not secret: whoever decodes an invitation learns its
seed, and so the bag (README, the club).

The tournament's id is a hash of its name, rules and seed: the pairings' seeds are
made of the seed too, so two tournaments alike in all three deal the same games.
"""

from __future__ import annotations

import hashlib
import json
import re

from ..records.link import MAX_TEXT, LinkError, deflated, encode, fit, fragment_of, inflated
from .model import Tournament, TournamentError, check_name, check_rules, check_seed, check_title, name_key

TAG = "r1."
VERSION = 1
NOT_A_LINK = "this is not a round link"
DAMAGED = "this round link is damaged (it may have been cut off)"
NEWER = "this round link is from a newer version of the game"
_TAG = re.compile(r"r([0-9]{1,6})\.")


def tournament_id(name: str, rules: str, seed) -> str:
    """12 hex digits naming a tournament in its games' links."""
    text = json.dumps([name, check_rules(rules), seed], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def invitation(name: str, rules: str, seed, r: int, game: int, players) -> dict:
    """The game spec of round r's game ``game`` between ``players`` (first moves first)."""
    return {"rules": check_rules(rules), "seed": f"{seed}~{r}.{game}", "actions": [],
            "seats": [{"name": n, "kind": "human"} for n in players],
            "event": {"id": tournament_id(name, rules, seed), "round": r, "game": game}}


def invitations(t: Tournament, r: int) -> list[dict]:
    """Round r's unplayed pairings, each {"game", "players", "link" (its fragment)}."""
    rd = t.round_of(r)
    return [{"game": g.game, "players": list(g.players),
             "link": encode(invitation(t.name, t.rules, t.seed, r, g.game, g.players))}
            for g in rd.games if g.result is None]


def pairing_of(t: Tournament, event: dict, names, r: int = 0):
    """(round, game) of ``t`` an invited game was started from; TournamentError with
    the reason when it is another tournament's, round's or pairing's."""
    if event["id"] != tournament_id(t.name, t.rules, t.seed):
        raise TournamentError(f"this game was started from another tournament's invitation, not from a "
                              f"pairing of {t.name}: it is not recorded")
    er, eg = event["round"], event["game"]
    if r and r != er:
        raise TournamentError(f"this game was started from round {er}'s invitation, not round {r}'s: "
                              "record it in its own round")
    if er > len(t.paired):
        raise TournamentError(f"this game was started from an invitation of round {er}, and only "
                              f"{len(t.paired)} rounds are paired: it is not recorded")
    rd = t.round_of(er)
    for g in rd.games:
        if g.game == eg:
            if sorted(name_key(n) for n in names) != sorted(name_key(n) for n in g.players):
                raise TournamentError(f"this game ({' v '.join(names)}) claims round {er}, game {eg}, whose "
                                      f"pairing is {g.players[0]} v {g.players[1]}: it is another pairing's "
                                      "game and is not recorded")
            return rd, g
    raise TournamentError(f"this game was started from round {er}, game {eg}, which is no longer paired "
                          "(the round was paired again): type its result if it stands")


# -------------------------------------------------------------------- round links

def encode_round(t: Tournament, r: int) -> str:
    rd = t.round_of(r)
    data = [t.name, t.rules, t.seed, r, [[g.game, g.players[0], g.players[1]] for g in rd.games]]
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return fit(deflated(TAG, text))


def decode_round(fragment) -> dict:
    """{"name", "rules", "round", "games": [{"game", "players", "link"}]} of a round
    link; TournamentError with the reason for anything it cannot read."""
    fragment = fragment_of(fragment, TournamentError, NOT_A_LINK, "this link is too long to be a round link")
    tag = _TAG.match(fragment)
    if tag is None:
        raise TournamentError(NOT_A_LINK)
    if int(tag.group(1)) > VERSION:
        raise TournamentError(NEWER)
    if tag.group(0) != TAG:
        raise TournamentError(DAMAGED)
    text = inflated(TAG, fragment[len(TAG):].split("&")[0], TournamentError, DAMAGED, DAMAGED)
    try:
        name, rules, seed, r, games = json.loads(text.decode("utf-8"))
        name, rules, seed = check_title(name), check_rules(rules), check_seed(seed)
        if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= 1000 or not isinstance(games, list):
            raise TournamentError(DAMAGED)
        out = []
        for number, first, second in games[:MAX_TEXT]:
            if isinstance(number, bool) or not isinstance(number, int) or number < 1:
                raise TournamentError(DAMAGED)
            players = [check_name(first), check_name(second)]
            out.append({"game": number, "players": players,
                        "link": encode(invitation(name, rules, seed, r, number, players))})
    except (ValueError, TypeError, UnicodeDecodeError, LinkError):
        raise TournamentError(DAMAGED) from None
    return {"name": name, "rules": rules, "round": r, "games": out}


