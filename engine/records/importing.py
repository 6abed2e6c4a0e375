"""Opening a pasted record or position (the page's Import): what it opens as.

Above the game: it uses Game (which starts from a position through startpos.py),
the GCG reader and the snapshot's read-only view; engine/session.py calls it.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from ..game import Game
from .gcg import import_record
from ..notation import parse_cgp
from ..rules import PRESETS, Rules
from .snapshot import position_view
from ..startpos import PositionOver


@dataclass
class Opened:
    """What a pasted record or position opens as: a game (its seats are people
    named as the game's names), or for a finished game a read-only ``view``
    snapshot; ``info`` is what the page is told about the import."""

    info: dict
    game: object = None
    view: dict | None = None
    record_turns: list | None = None


def open_text(text: str, lexicon) -> Opened:
    """Our GCG record (replayed exactly), another program's GCG (a game from the
    position after its last turn, with the recorded totals) or a CGP (a game from
    it; rules from ``var``, else classic; one seat per rack). Seats run in turn
    order from the player to move (``info["order"]``: the record's seat of each),
    named from the record, else "Player 1".. . The seed is "import-" + the text's
    CRC-32, so the same text always deals the same bag. Only a finished game (a
    record with its end-of-game rack lines, or a position where someone has no
    tiles and the bag is empty) gives a read-only view: nothing can be played."""
    seed = f"import-{zlib.crc32(text.encode('utf-8', 'surrogatepass')):08x}"
    if text[:1] not in "#>":
        pos = parse_cgp(text)
        names = [f"Player {i + 1}" for i in range(len(pos.racks))]
        out = _start(text, pos.rules or PRESETS["classic"], names, seed, lexicon, "")
        out.info.update(kind="position", names=names, header={}, note="", differences=[],
                        order=list(range(len(names))))
        return out
    rec = import_record(text, lexicon)
    info = {"names": list(rec.names), "header": rec.header, "note": rec.note,
            "differences": list(rec.differences)}
    if rec.game is not None:
        return Opened(dict(info, kind="game", order=list(range(rec.game.players)), playable=True), rec.game)
    n = len(rec.names)
    order = [(rec.first + i) % n for i in range(n)]
    out = _start(rec.cgp, rec.rules, [rec.names[p] for p in order], seed, lexicon,
                 "the record ends the game" if rec.over else "")
    out.info.update(info, kind="record", order=order)
    out.record_turns = [t.to_dict() | {"kind": t.kind, "seat": t.player} for t in rec.turns]
    return out


def _start(cgp: str, rules: Rules, names: list, seed: str, lexicon, over: str) -> Opened:
    """The game from ``cgp``; a read-only view saying why when it is over (``over``)."""
    if not over:
        try:
            return Opened({"playable": True}, Game(rules, seed, len(names), lexicon=lexicon, names=names,
                                                   start=cgp))
        except PositionOver as exc:
            over = str(exc)
    return Opened({"playable": False, "why": over}, view=position_view(cgp, names, None))
