"""Opening a pasted record or position (the page's Import): what it opens as.

Above the game: it uses Game (which starts from a position through startpos.py),
the GCG reader and the snapshot's read-only view; engine.session calls it.

Another program's record gives no bag, so the game it opens as begins at its last
position; the record text itself rides along (``info["record"]``): the page keeps
it with the game (its spec's "record") so that the review, which replays its
lines on a board (engine/session/review.py), covers the turns before that start.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from ..actionlog import TURN_KINDS
from ..game import Game
from .gcg import import_record
from ..notation import parse_cgp
from ..rules import PRESETS, Rules
from .snapshot import position_view
from ..startpos import PositionOver


RECORD_KEPT_MAX = 100_000   # characters: a longer record is opened but not kept for the review


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
        over = {"why": "the game is over"} if rec.game.over else {}
        return Opened(dict(info, kind="game", order=list(range(rec.game.players)), playable=not rec.game.over,
                           **over), rec.game)
    n = len(rec.names)
    order = [(rec.first + i) % n for i in range(n)]
    out = _start(rec.cgp, rec.rules, [rec.names[p] for p in order], seed, lexicon,
                 "the record ends the game" if rec.over else "")
    out.info.update(info, kind="record", order=order)
    if len(text) <= RECORD_KEPT_MAX:
        out.info["record"] = text
    out.record_turns = [t.to_dict() | {"kind": t.kind, "seat": t.player} for t in rec.turns]
    if out.view is not None:
        out.view = finished_view(out.view, rec, order, seed)
    return out


def finished_view(view: dict, rec, order: list, seed: str) -> dict:
    """The read-only view of a record that ended its game, told as a finished game:
    its lines as the score sheet (in the view's seats), the winners, points per turn
    and why it ended, so the page shows its end and keeps it with Past games
    ("cgp": the position it ended in, "seed": the import's own)."""
    seat = {p: i for i, p in enumerate(order)}
    turns = [{"player": seat[t.player], "kind": t.kind, "text": t.move, "score": t.score, "words": list(t.words),
              "invalid": list(t.invalid), "squares": [], "breakdown": None, "action": None,
              "counts": t.kind in TURN_KINDS} for t in rec.turns]
    scores = view["scores"]
    counted = [sum(1 for t in turns if t["player"] == i and t["counts"]) for i in range(len(order))]
    top = max(scores) if scores else 0
    return dict(view, phase="over", turns=turns, seed=seed, cgp=rec.cgp, end_reason="the record ends the game",
                winner=[i for i, x in enumerate(scores) if x == top],
                ppt=[round(x / c, 2) if c else 0.0 for x, c in zip(scores, counted)])


def _start(cgp: str, rules: Rules, names: list, seed: str, lexicon, over: str) -> Opened:
    """The game from ``cgp``; a read-only view saying why when it is over (``over``)."""
    if not over:
        try:
            return Opened({"playable": True}, Game(rules, seed, len(names), lexicon=lexicon, names=names,
                                                   start=cgp))
        except PositionOver as exc:
            over = str(exc)
    return Opened({"playable": False, "why": over}, view=position_view(cgp, names, None))
