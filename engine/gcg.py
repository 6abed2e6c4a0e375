"""GCG game records for every preset.

Standard lines (``#player1 nick Full Name``, ``>nick: RACK MOVE +score total``)
carry the score sheet for people and other tools; extra header lines ``#rules`` and
``#seed`` and one ``#action`` line per input make the record replay exactly (a game
is its rules, seed and actions). Reading replays the actions and checks every
recorded total.

Names may repeat and hold spaces: the nickname on turn lines is the name with
spaces as '_', made unique with a seat suffix; the full name is the rest of the
``#player`` line. The seed keeps its type: ``#seed 42`` is the number 42,
``#seed "42"`` the text "42" (JSON string quoting).
"""

from __future__ import annotations

import json

from .game import INVALID, LOST, PHONY, RETRY, TIME, Game
from .notation import NotationError
from .rules import Rules, RulesError


class GCGError(NotationError):
    pass


_KIND_TEXT = {PHONY: "--", LOST: "(challenge)", TIME: "(time)"}


def _nicknames(names) -> list[str]:
    nicks = []
    for i, name in enumerate(names):
        nick = "_".join(name.split()) or f"player{i + 1}"
        if nick in nicks or nick in ("_".join(m.split()) for m in names[i + 1:]):
            nick = f"{nick}_{i + 1}"
        while nick in nicks:
            nick += "_"
        nicks.append(nick)
    return nicks


def _seed_text(seed) -> str:
    return json.dumps(seed) if isinstance(seed, str) else str(seed)


def _read_seed(text: str, n: int):
    if text.startswith('"'):
        try:
            seed = json.loads(text)
        except ValueError:
            seed = None
        if not isinstance(seed, str):
            raise GCGError(f"line {n}: bad #seed {text[:60]!r}")
        return seed
    digits = text[1:] if text.startswith("-") else text
    if digits.isascii() and digits.isdigit() and len(digits) <= 4000:
        return int(text)
    return text   # an unquoted text seed (older records)


def write_gcg(game: Game) -> str:
    nicks = _nicknames(game.names)
    lines = ["#character-encoding UTF-8"]
    for i, name in enumerate(game.names):
        lines.append(f"#player{i + 1} {nicks[i]} {name}")
    lines.append(f"#rules {game.rules.to_string()}")
    lines.append(f"#seed {_seed_text(game.seed)}")
    for a in game.actions:
        lines.append(f"#action {a}")
    totals = [0] * game.players
    for t in game.turns:
        totals[t.player] += t.score
        if t.kind in _KIND_TEXT:
            move = _KIND_TEXT[t.kind]
        elif t.kind in (INVALID, RETRY):
            move = f"{t.text} ({t.kind} {','.join(t.invalid)})"
        else:
            move = t.text   # END: the rack in brackets
        lines.append(f">{nicks[t.player]}: {t.rack or '-'} {move} {t.score:+d} {totals[t.player]}")
    return "\n".join(lines) + "\n"


def read_gcg(text: str, lexicon=None) -> Game:
    """Rebuild the game a record describes; raises GCGError naming the bad line."""
    if lexicon is None:
        raise GCGError("replaying a record needs the game's word lists (lexicon=)")
    names, rules, seed, actions, events = {}, None, None, [], []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.rstrip()
        if not line:
            continue
        if line.startswith("#player"):
            parts = line.split(None, 2)
            seat = parts[0][7:]
            if len(parts) < 2 or not (seat.isascii() and seat.isdigit() and len(seat) == 1):
                raise GCGError(f"line {n}: bad player line {line[:60]!r}")
            names[int(seat)] = (parts[1], parts[2] if len(parts) == 3 else parts[1])
        elif line.startswith("#rules "):
            try:
                rules = Rules.from_string(line[7:])
            except RulesError as exc:
                raise GCGError(f"line {n}: {exc}") from None
        elif line.startswith("#seed "):
            seed = _read_seed(line[6:].strip(), n)
        elif line.startswith("#action "):
            actions.append(line[8:])
        elif line.startswith(">"):
            events.append((n, line))
        elif not line.startswith("#"):
            raise GCGError(f"line {n}: not a GCG line: {line[:60]!r}")
    if rules is None or seed is None:
        raise GCGError("this record lacks the #rules and #seed lines needed to replay it")
    if not names:
        raise GCGError("this record names no players")
    seats = sorted(names)
    if seats != list(range(1, len(seats) + 1)):
        raise GCGError("the record's players must be #player1, #player2, ... in order")
    nicks = [names[k][0] for k in seats]
    try:
        game = Game.replay(rules, seed, actions, len(seats), lexicon=lexicon, names=[names[k][1] for k in seats])
    except (ValueError, KeyError) as exc:
        raise GCGError(f"the record's actions do not replay: {exc}") from None
    turns = game.turns
    if len(events) != len(turns):
        raise GCGError(f"the record lists {len(events)} turns; its actions make {len(turns)}")
    totals = [0] * game.players
    for (n, line), turn in zip(events, turns):
        head, _, rest = line[1:].partition(": ")
        fields = rest.rsplit(None, 2)
        if len(fields) != 3 or head != nicks[turn.player]:
            raise GCGError(f"line {n}: expected a turn of {nicks[turn.player]}: {line[:60]!r}")
        try:
            score, total = int(fields[1]), int(fields[2])
        except ValueError:
            raise GCGError(f"line {n}: score and total must be numbers: {line[:60]!r}") from None
        totals[turn.player] += turn.score
        if score != turn.score or total != totals[turn.player]:
            raise GCGError(f"line {n}: the record says {score:+d} for a total of {total}, "
                           f"replaying gives {turn.score:+d} for {totals[turn.player]}")
    return game
