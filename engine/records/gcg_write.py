"""Writing GCG records (engine/records/gcg.py reads them): our own games replay exactly from
their #rules, #seed and #action lines; during a game, a record holds only what one
seat may know (``write_gcg(game, viewer)``)."""

from __future__ import annotations

import json

from ..actionlog import END, EXCHANGE, FREE, INVALID, LOST, PHONY, RETRY, TIME
from ..game import Game

_KIND_TEXT = {PHONY: "--", LOST: "(challenge)", FREE: "(challenge)", TIME: "(time)"}
# A free challenge's line reads as another program's "(challenge) +0"; a note says what it was.
FREE_NOTE = "#note free challenge: the play is good; no penalty, the challenger plays on"


def nicknames(names) -> list[str]:
    """The turn lines' nickname of each name: spaces as '_', made unique with a seat suffix."""
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


def gcg_move(turn) -> str:
    """What a turn line shows between the rack and the score."""
    if turn.kind in _KIND_TEXT:
        return _KIND_TEXT[turn.kind]
    if turn.kind in (INVALID, RETRY):
        return f"{turn.text} ({turn.kind} {','.join(turn.invalid)})"
    return turn.text   # END: the rack in brackets


def write_gcg(game: Game, viewer: int | None = None) -> str:
    """The game's record. With ``viewer`` (a seat, or -2 for nobody) and the game not
    over, only what that seat may know: no #seed or #action lines (they rebuild every
    rack and the bag), the others' lines without their racks and their exchanges as a
    count ("-3"). It reads back as another program's record: a game to play on."""
    if viewer is not None and not game.over:
        return _public_gcg(game, viewer)
    nicks = nicknames(game.names)
    lines = ["#character-encoding UTF-8"]
    for i, name in enumerate(game.names):
        lines.append(f"#player{i + 1} {nicks[i]} {name}")
    lines.append(f"#rules {game.rules.to_string()}")
    lines.append(f"#seed {_seed_text(game.seed)}")
    if game.start is not None:
        lines.append(f"#start {game.start}")
    for a in game.actions:
        lines.append(f"#action {a}")
    totals = list(game.start_scores)
    for t in game.turns:
        totals[t.player] += t.score
        lines.append(f">{nicks[t.player]}: {t.rack or '-'} {gcg_move(t)} {t.score:+d} {totals[t.player]}")
        if t.kind == FREE:
            lines.append(FREE_NOTE)
    return "\n".join(lines) + "\n"


def _placed_tiles(turn) -> str:
    """The tiles a placement put down (a blank as ?), read off its breakdown."""
    from ..tiles import VALUES

    seen = {}
    for w in (turn.breakdown or {}).get("breakdown") or []:
        for i, letter in enumerate(w.get("letters") or []):
            if letter.get("new") and i < len(w.get("word", "")):
                ch = w["word"][i].upper()
                blank = letter.get("value", 0) == 0 and VALUES.get(ch, 1) != 0
                seen[letter.get("square")] = "?" if blank else ch
    return "".join(seen.values()) or "?"


def _public_gcg(game: Game, viewer: int) -> str:
    nicks = nicknames(game.names)
    lines = ["#character-encoding UTF-8"]
    for i, name in enumerate(game.names):
        lines.append(f"#player{i + 1} {nicks[i]} {name}")
    lines.append(f"#rules {game.rules.to_string()}")
    if game.start is not None:
        lines.append(f"#start {game.start}")
    lines.append("#note written during the game: only what "
                 + (game.names[viewer] if 0 <= viewer < len(game.names) else "a spectator")
                 + " may know (other racks left out)")
    totals = list(game.start_scores)
    for t in game.turns:
        totals[t.player] += t.score
        move = gcg_move(t)
        if t.player == viewer:
            lines.append(f">{nicks[t.player]}: {t.rack or '-'} {move} {t.score:+d} {totals[t.player]}")
        elif t.kind == EXCHANGE:   # how many, not which
            lines.append(f">{nicks[t.player]}: -{len(t.text) - 1} {t.score:+d} {totals[t.player]}")
        elif t.kind == END or not t.squares:
            lines.append(f">{nicks[t.player]}: {move} {t.score:+d} {totals[t.player]}")
        else:   # a placement: the "rack" is the tiles it put down, all anyone saw
            lines.append(f">{nicks[t.player]}: {_placed_tiles(t)} {move} {t.score:+d} {totals[t.player]}")
        if t.kind == FREE:
            lines.append(FREE_NOTE)
    return "\n".join(lines) + "\n"
