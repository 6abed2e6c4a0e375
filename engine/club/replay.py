"""A result from a game link: decode it, replay it, take the figures from the replay.

Why replay: a link carries the moves, not the scores, so the scores and turns a
tournament records are the ones the engine computes, never typed numbers. A link
that cannot be read, whose game does not replay, has not two players, starts
from a set-up position or is not finished is refused with the reason. A game
scored at a table (a real board, engine/table/, a ``g4.`` link) is a result too:
the table game replays from its entries the same way; it has no seed.

A game is known by what was played, not how its link spells it (``identity``):
the rules as the engine writes them, the seed, the players' names without case
or extra spaces, and the score sheet the replay writes (each line's player,
kind, canonical text and score). So a seat's kind, a rules string with a default
spelled out (``classic,clock=0``), a move written ``8H  WAIN @0ms`` or the link's
version change nothing: ``python -m engine standings`` and the director both
count such links as one game.

Turns and points count as PPT counts them (RULES.md 8, ``Game.ppt``, which the
tests hold this to): every score-sheet turn of the player, less a trailing run of
passes when they were stuck at the end (unless the opponent found a play with
those tiles in the final round); an invalid final-round attempt is a turn worth 0.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from ..game import Game
from ..records.link import LinkError, decode, encode
from ..rules import Rules
from ..table.game import TableGame
from ..table.link import decode_table, encode_table, is_table_link
from .model import name_key


MAX_RESULT_ACTIONS = 200
"""The most entries a result's game may have. A link may carry 2,000 (engine/records/
link.py), and entries that are not turns (a free retry: RULES.md 7) cost a replay each
without ending the game: 2,000 of them took 0.4 to 1.2 s to replay, so a hundred such
links held standings for minutes. A real two-player game has 20 to 60 entries; 200
bounds a link's replay to a few normal games' work, and a longer link is refused unread (figures: docs/rules.md, section 12)."""


class ResultError(ValueError):
    """A result that cannot be recorded (the message is for a player)."""


@dataclass(frozen=True)
class Replayed:
    """What a finished game's link gives a tournament (seat 0 moved first)."""

    fragment: str                   # the link's game data, without view options
    rules: str
    seed: int | str | None          # None: a game scored at a table (no dealt bag)
    names: tuple[str, str]
    scores: tuple[int, int]
    turns: tuple[int, int]
    points: tuple[int, int]
    identity: str = ""              # the game whatever its spelling (see the module doc)
    event: dict | None = None       # the pairing it was invited to (engine/club/invite.py), if any
    oath: str = ""                  # the oath, one digit a seat (engine/records/link.py), "" for none


def identity(rules: Rules, seed, names, game) -> str:
    """A short fixed text that two links share exactly when they are one game."""
    data = [rules.to_string(), seed, [name_key(n) for n in names],
            [[t.player, t.kind, t.text, t.score] for t in game.turns]]
    return hashlib.sha256(json.dumps(data, separators=(",", ":")).encode("utf-8")).hexdigest()[:32]


def ppt_parts(game: Game, player: int) -> tuple[int, int]:
    """(points, turns) whose ratio is ``game.ppt(player)``: what a tournament adds up
    across games (RULES.md 8: the sum of turn scores over the sum of turns). The game's
    own rule (Game.ppt_parts), so the club and the game never count PPT two ways."""
    return game.ppt_parts(player)


def game_spec(text: str) -> dict:
    """The game spec of a link (a whole URL, a '#' fragment or a bare fragment)."""
    try:
        if is_table_link(str(text)):
            spec = decode_table(str(text))
            spec["seats"] = [{"name": n, "kind": "human"} for n in spec["names"]]
            return spec
        return decode(str(text))
    except LinkError as exc:
        raise ResultError(f"this game link cannot be read: {exc}") from None


def replay_link(text: str, lexicon) -> Replayed:
    """Replay the game of a share link; ResultError when it cannot be a result."""
    spec = game_spec(text)
    seats = spec["seats"]
    if len(spec["actions"]) > MAX_RESULT_ACTIONS:    # refused before any replay: the work is bounded
        raise ResultError(f"this game has {len(spec['actions']):,} entries; a tournament game has at most "
                          f"{MAX_RESULT_ACTIONS} (a real game has 20 to 60): type its result instead")
    if len(seats) != 2:
        raise ResultError(f"a tournament game has two players; this link's game has {len(seats)}")
    if spec.get("start"):
        raise ResultError("this game began from a set-up position; a tournament game starts "
                          "from an empty board")
    names = [s["name"].strip() for s in seats]
    if not all(names):
        raise ResultError("a seat of this game has no name; a result needs both players' names")
    try:
        rules = Rules.from_string(spec["rules"])
        if spec.get("table"):
            game = TableGame.replay(rules, spec["actions"], 2, lexicon=lexicon, names=names)
        else:
            game = Game.replay(rules, spec["seed"], spec["actions"], 2, lexicon=lexicon, names=names)
    except ValueError as exc:
        raise ResultError(f"the game in this link does not replay: {exc}") from None
    if not game.over:
        raise ResultError(f"this game is not finished (after {len(game.actions)} moves): "
                          "a result needs the finished game's link")
    parts = [ppt_parts(game, p) for p in (0, 1)]
    if spec.get("table"):
        fragment = encode_table({"rules": spec["rules"], "names": names, "actions": spec["actions"]})
    else:
        fragment = encode({k: spec[k] for k in ("rules", "seed", "seats", "actions")})
    seed = None if spec.get("table") else spec["seed"]
    return Replayed(fragment, rules.to_string(), seed, (names[0], names[1]),
                    (game.scores[0], game.scores[1]), (parts[0][1], parts[1][1]),
                    (parts[0][0], parts[1][0]), identity(rules, seed, names, game), spec.get("event"),
                    spec.get("oath") or "")
