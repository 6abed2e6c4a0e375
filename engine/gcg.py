"""GCG game records for every preset.

Standard lines (``#player1``, ``>name: RACK MOVE +score total``) carry the score
sheet for people and other tools; extra header lines ``#rules`` and ``#seed`` and
one ``#action`` line per input make the record replay exactly (a game is its rules,
seed and actions). Reading replays the actions and checks every recorded total.
"""

from __future__ import annotations

from .game import Game
from .notation import NotationError
from .rules import Rules, RulesError


class GCGError(NotationError):
    pass


_KIND_TEXT = {"phony": "--", "lost": "(challenge)", "time": "(time)", "end": None}


def write_gcg(game: Game) -> str:
    lines = ["#character-encoding UTF-8"]
    for i, name in enumerate(game.names):
        lines.append(f"#player{i + 1} {name} {name}")
    lines.append(f"#rules {game.rules.to_string()}")
    lines.append(f"#seed {game.seed}")
    for a in game.actions:
        lines.append(f"#action {a}")
    totals = [0] * game.players
    for t in game.s.turns:
        totals[t.player] += t.score
        if t.kind == "end":
            move = t.text
        elif t.kind in _KIND_TEXT:
            move = _KIND_TEXT[t.kind]
        elif t.kind == "invalid":
            move = f"{t.text} (invalid {','.join(t.invalid)})"
        else:
            move = t.text
        lines.append(f">{game.names[t.player]}: {t.rack or '-'} {move} {t.score:+d} {totals[t.player]}")
    return "\n".join(lines) + "\n"


def read_gcg(text: str, lexicon=None) -> Game:
    """Rebuild the game a record describes; raises GCGError naming the bad line."""
    names, rules, seed, actions, events = {}, None, None, [], []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.rstrip()
        if not line:
            continue
        if line.startswith("#player"):
            parts = line.split(None, 2)
            try:
                names[int(parts[0][7:])] = parts[1]
            except (ValueError, IndexError):
                raise GCGError(f"line {n}: bad player line {line!r}") from None
        elif line.startswith("#rules "):
            try:
                rules = Rules.from_string(line[7:])
            except RulesError as exc:
                raise GCGError(f"line {n}: {exc}") from None
        elif line.startswith("#seed "):
            seed = line[6:].strip()
            seed = int(seed) if seed.lstrip("-").isdigit() else seed
        elif line.startswith("#action "):
            actions.append(line[8:])
        elif line.startswith(">"):
            events.append((n, line))
        elif not line.startswith("#"):
            raise GCGError(f"line {n}: not a GCG line: {line!r}")
    if rules is None or seed is None:
        raise GCGError("this record lacks the #rules and #seed lines needed to replay it")
    if not names:
        raise GCGError("this record names no players")
    order = [names[k] for k in sorted(names)]
    try:
        game = Game.replay(rules, seed, actions, len(order), lexicon, order)
    except (ValueError, KeyError) as exc:
        raise GCGError(f"the record's actions do not replay: {exc}") from None
    totals = {name: 0 for name in order}
    if len(events) != len(game.s.turns):
        raise GCGError(f"the record lists {len(events)} turns; its actions make {len(game.s.turns)}")
    for (n, line), turn in zip(events, game.s.turns):
        head, _, rest = line[1:].partition(": ")
        fields = rest.rsplit(None, 2)
        if len(fields) != 3 or head != game.names[turn.player]:
            raise GCGError(f"line {n}: expected a turn of {game.names[turn.player]}: {line!r}")
        try:
            score, total = int(fields[1]), int(fields[2])
        except ValueError:
            raise GCGError(f"line {n}: score and total must be numbers: {line!r}") from None
        totals[head] += turn.score
        if score != turn.score or total != totals[head]:
            raise GCGError(f"line {n}: the record says {score:+d} for a total of {total}, "
                           f"replaying gives {turn.score:+d} for {totals[head]}")
    return game
