"""Standings (RULES.md 11): win percentage first (a tie is half a win, a bye a
win), then PPT over the player's tournament games (RULES.md 8: the sum of their
turn points over the sum of their turns), then spread. Each figure is shown.

Sorting uses exact fractions, so two players the page shows as .800 and 35.7 are
still told apart; only players equal on all three figures share a rank. A bye
adds a win and BYE_SPREAD to the spread, as tournament software (TSH) counts a
bye, so an export read there gives the same spreads; no game, no turns, no PPT.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .pairing import Entrant

BYE_SPREAD = 50          # a bye: a win by 50, TSH's usual bye (and a forfeit's margin)


@dataclass(frozen=True)
class GameResult:
    """One finished game between two players, first mover first."""

    players: tuple[str, str]
    scores: tuple[int, int]
    turns: tuple[int, int]
    points: tuple[int, int]             # PPT numerators (turn scores, RULES.md 8)
    typed: bool = False                 # figures typed in, not replayed from a game


def standings(games, byes=(), players=(), absent=()) -> list[dict]:
    """One row per player, best first: rank, player, games, byes, wins (a tie is
    half), losses, ties, win_pct, ppt, points, turns, spread, typed (games whose
    figures were typed). ``byes``: one name per bye; ``players``: names to list
    even before their first game (in this order when all else is equal);
    ``absent``: one name per game lost by forfeit with no opponent there either (a
    loss by BYE_SPREAD, no turns)."""
    rows: dict[str, dict] = {}

    def row(name: str) -> dict:
        if name not in rows:
            rows[name] = {"player": name, "games": 0, "byes": 0, "halves": 0, "losses": 0,
                          "ties": 0, "points": 0, "turns": 0, "spread": 0, "typed": 0}
        return rows[name]

    for name in players:
        row(name)
    for g in games:
        for side in (0, 1):
            r, mine, theirs = row(g.players[side]), g.scores[side], g.scores[1 - side]
            r["games"] += 1
            r["points"] += g.points[side]
            r["turns"] += g.turns[side]
            r["spread"] += mine - theirs
            r["typed"] += int(g.typed)
            if mine > theirs:
                r["halves"] += 2
            elif mine == theirs:
                r["halves"] += 1
                r["ties"] += 1
            else:
                r["losses"] += 1
    for name in byes:
        r = row(name)
        r["byes"] += 1
        r["halves"] += 2
        r["spread"] += BYE_SPREAD
    for name in absent:
        r = row(name)
        r["games"] += 1
        r["losses"] += 1
        r["spread"] -= BYE_SPREAD
    keyed = []
    for pos, r in enumerate(rows.values()):
        played = r["games"] + r["byes"]
        pct = Fraction(r["halves"], 2 * played) if played else Fraction(0)
        ppt = Fraction(r["points"], r["turns"]) if r["turns"] else Fraction(0)
        keyed.append(((-pct, -ppt, -r["spread"]), pos, r, pct, ppt))
    keyed.sort(key=lambda k: (k[0], k[1]))
    out = []
    for i, (key, _, r, pct, ppt) in enumerate(keyed):
        rank = out[-1]["rank"] if out and keyed[i - 1][0] == key else i + 1
        halves = r["halves"]
        out.append({"rank": rank, "player": r["player"], "games": r["games"], "byes": r["byes"],
                    "wins": halves // 2 if halves % 2 == 0 else halves / 2, "losses": r["losses"],
                    "ties": r["ties"], "win_pct": round(float(pct), 3), "ppt": round(float(ppt), 2),
                    "points": r["points"], "turns": r["turns"], "spread": r["spread"], "typed": r["typed"]})
    return out


def entrants(games, byes=(), players=()) -> dict[str, Entrant]:
    """Each player's totals as pairing reads them (engine/club/pairing.py)."""
    acc: dict[str, dict] = {}

    def get(name: str) -> dict:
        return acc.setdefault(name, {"points": 0, "turns": 0, "opponents": [], "byes": 0, "firsts": 0})

    for name in players:
        get(name)
    for g in games:
        for side in (0, 1):
            a = get(g.players[side])
            a["points"] += g.points[side]
            a["turns"] += g.turns[side]
            a["opponents"].append(g.players[1 - side])
            a["firsts"] += int(side == 0)
    for name in byes:
        get(name)["byes"] += 1
    return {name: Entrant(name, a["points"], a["turns"], tuple(a["opponents"]), a["byes"], a["firsts"])
            for name, a in acc.items()}
