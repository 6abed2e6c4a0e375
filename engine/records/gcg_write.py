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


def phony_value(turn) -> int:
    """What a phony scored while it stood (its line's score is 0 once it came off)."""
    return int((turn.breakdown or {}).get("score") or 0)


def end_tiles(game: Game, p: int) -> str:
    """The tiles the other players were left with, counted for ``p`` who went out."""
    out = game.timed_out
    return "".join(sorted("".join(r for q, r in enumerate(game.racks) if q != p and not out[q])))


def turn_lines(game: Game, nicks, shown) -> list[str]:
    """The turn lines of every record we write, from ``game.turns``; ``shown(t)`` is
    (the rack field, the move) of a line as the writer shows it (rack "": none).
    As GCG writes them: a phony challenged off is its play's line, then ``--``
    taking its score back; the end line of one who went out holds the others'
    tiles, ``(ISU) +6``, not an empty ``()``; a free challenge gains a note."""
    lines, totals = [], list(game.start_scores)

    def add(p, rack, move, score):
        totals[p] += score
        lines.append(f">{nicks[p]}: {rack + ' ' if rack else ''}{move} {score:+d} {totals[p]}")

    for t in game.turns:
        rack, move = shown(t)
        if t.kind == PHONY:
            value = phony_value(t)
            add(t.player, rack, t.text, value)
            add(t.player, rack, "--", t.score - value)
            continue
        if t.kind == END and t.text == "()" and t.score >= 0:
            rack, move = "", f"({end_tiles(game, t.player)})"
        add(t.player, rack, move, t.score)
        if t.kind == FREE:
            lines.append(FREE_NOTE)
    return lines


def header_lines(game: Game, nicks) -> list[str]:
    return (["#character-encoding UTF-8"] + [f"#player{i + 1} {nicks[i]} {name}" for i, name in enumerate(game.names)]
            + [f"#rules {game.rules.to_string()}"])


def write_gcg(game: Game, viewer: int | None = None) -> str:
    """The game's record. With ``viewer`` (a seat, or -2 for nobody) and the game not
    over, only what that seat may know: no #seed or #action lines (they rebuild every
    rack and the bag), the others' lines without their racks and their exchanges as a
    count ("-3"). It reads back as another program's record: a game to play on."""
    if viewer is not None and not game.over:
        return _public_gcg(game, viewer)
    nicks = nicknames(game.names)
    lines = header_lines(game, nicks)
    lines.append(f"#seed {_seed_text(game.seed)}")
    if game.start is not None:
        lines.append(f"#start {game.start}")
    for a in game.actions:
        lines.append(f"#action {a}")
    lines += turn_lines(game, nicks, lambda t: (t.rack or "-", gcg_move(t)))
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
    lines = header_lines(game, nicks)
    if game.start is not None:
        lines.append(f"#start {game.start}")
    lines.append("#note written during the game: only what "
                 + (game.names[viewer] if 0 <= viewer < len(game.names) else "a spectator")
                 + " may know (other racks left out)")

    def shown(t):
        move = gcg_move(t)
        if t.player == viewer:
            return t.rack or "-", move
        if t.kind == EXCHANGE:   # how many, not which
            return "", f"-{len(t.text) - 1}"
        if t.kind == END or not t.squares:
            return "", move
        return _placed_tiles(t), move   # a placement: the "rack" is the tiles it put down, all anyone saw

    lines += turn_lines(game, nicks, shown)
    return "\n".join(lines) + "\n"
