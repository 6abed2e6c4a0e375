"""Text in, text out: the engine's face for callers across a boundary (the page's
worker, the command line). Arguments and results are strings and plain dicts, so
they cross a Web Worker or a process boundary unchanged.
"""

from __future__ import annotations

from .ai import Player
from .movegen import AllPlays, Candidate, MoveGenerator, TopN
from .moves import Play
from .notation import format_move, parse_cgp, parse_move
from .rules import Rules
from .scoring import evaluate
from .words import WordJudge


def _lexicon(lexicon):
    if lexicon is None:
        from .lexicon import Lexicon
        return Lexicon.default()
    return lexicon


def score(rules: str, cgp: str, move: str, lexicon=None) -> dict:
    """The would-be score of a placement by the CGP's first rack, with the
    breakdown (see scoring.Evaluation.to_dict). Raises ValueError subclasses with
    a precise message for unparseable input."""
    r = Rules.from_string(rules)
    pos = parse_cgp(cgp, r)
    rack = pos.racks[0] if pos.racks else ""
    play = parse_move(move, pos.board, r, rack)
    if not isinstance(play, Play):
        raise ValueError("score takes a placement, not an exchange or pass")
    ev = evaluate(pos.board, rack, play, r, WordJudge(r, _lexicon(lexicon)))
    out = ev.to_dict(pos.board.size)
    if not ev.legal:
        out.update(score=0, words=[], invalid_words=[])
    return out


def moves(rules: str, cgp: str, top: int | None = None, lexicon=None) -> list[dict]:
    """Legal plays of the CGP's first rack, best first: [{"move", "score"}]."""
    r = Rules.from_string(rules)
    pos = parse_cgp(cgp, r)
    rack = pos.racks[0] if pos.racks else ""
    recorder = TopN(top) if top else AllPlays()
    out = []
    for cand in MoveGenerator(r, _lexicon(lexicon)).generate(pos.board, rack, recorder):
        play = cand.to_play()
        out.append({"move": format_move(pos.board, play, evaluate(pos.board, rack, play, r)),
                    "score": cand.score})
    return out


def computer_move(rules: str, cgp: str, level: str = "hard", bag: int = 0, lexicon=None) -> str:
    """The move text a computer player of ``level`` chooses for the CGP's first
    rack, with ``bag`` tiles left in the bag (exchanges need a full rack's worth)."""
    r = Rules.from_string(rules)
    pos = parse_cgp(cgp, r)
    rack = pos.racks[0] if pos.racks else ""
    choice = Player(r, _lexicon(lexicon), level).choose(pos.board, rack, bag)
    if isinstance(choice, Candidate):
        play = choice.to_play()
        return format_move(pos.board, play, evaluate(pos.board, rack, play, r))
    return format_move(pos.board, choice)
