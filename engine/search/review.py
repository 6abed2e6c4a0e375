"""Review: every turn of a game beside the best play it could have been.

A turn is reviewed on the position its player faced: the board before it and the
rack they held (our games: ``game.at(k)`` rebuilt from the seed and the log; an
imported record from another program: the rack its line gives, the board its
earlier lines built). The best play is searched under the game's own rules and
word lists: the exact generator (``movegen.MoveGenerator``, every blank, flip,
swap subset and pick-off) first, within a share of the turn's time (a
``Budget``); when the budget cuts it, the hard player's cheaper search
(engine/search/ai.py: one tile as a blank, swaps all or none) runs in the rest of the
time as the fallback, the better of the two is kept, and the result says so
(``"cut": true``, ``"search"``, ``"ms"``). Without a budget the search is exact
and deterministic.

Ranking: ``score`` (the default) takes the highest-scoring placement; ``equity``
the hard player's choice value, score plus the value of the tiles kept
(``ai.Player``'s leave model, the endgame rule with the bag empty), with the best
exchange as a candidate when the bag allows one. Every result names its ranking.

Which score-sheet lines are turns to review: plays, exchanges and passes, and the
plays that came off (challenged off: ``phony``; judged invalid under good words
only: ``invalid``), which scored 0 (or minus their value after a failed large-list
check) where a valid play was there. Not reviewed: a lost challenge, a free retry
(withdrawn; the same player plays again and that play is the turn), a free trade
(not a turn; the turn after it is reviewed with the traded rack), the swap-final-
racks round (the opponent's rack, taken back, scored by its own rule), end-of-game
and clock lines. A record line without a rack cannot be reviewed (its play is
still put on the board for the turns after it).

In a game in progress only settled turns are reviewed: never the turn to come
(that would be a hint), nor the last play while it may still be challenged or
checked (its review would say whether its words are good).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..actionlog import EXCHANGE, INVALID, PASS, PHONY, PLAY
from .ai import HARD_MAX_BLANKS, Player, best_keep
from ..board import Board, LAYOUTS
from .linegen import Candidate
from .movegen import Budget, MoveGenerator, TopN
from ..moves import Exchange, MoveError, Pass, Play
from ..notation import NotationError, format_move, parse_move
from ..scoring import apply_pre, evaluate
from ..tiles import BAG_SIZE, TILE_SETS

RANKINGS = ("score", "equity")
REVIEWED = (PLAY, EXCHANGE, PASS, INVALID, PHONY)
MARKS = ("big_play", "stretch", "pick_off", "jqxz")
# The share of a turn's time budget the exact search gets; when it is cut, the
# hard search has the rest (it needs a fraction of the exact search's time: 75 ms
# median natively in iii, bench/README.md), so a turn takes about its budget.
EXACT_SHARE = 0.6


class ReviewError(ValueError):
    """A review that cannot be made (the message is for a player)."""


@dataclass(frozen=True)
class TurnPosition:
    """One turn to review: what its player faced and what they did."""

    index: int            # the line's index in the score sheet (game.turns, or the record's turns)
    player: int           # seat, 0-based
    rack: str             # the rack held before the turn
    board: Board          # the board before the turn (do not change it)
    bag: int              # tiles in the bag before the turn (records: from the tile count)
    kind: str             # play, exchange, pass, invalid, phony
    played: str           # the move text
    score: int            # the points the turn earned (0 for a play that came off)
    action: int | None = None   # our games: ``game.at(action)`` is the position before


# ------------------------------------------------------------------ which turns
def game_turns(game) -> list[TurnPosition]:
    """Every settled turn of one of our games (see the module docstring)."""
    settled = len(game.turns) - (1 if last_play_open(game) else 0)
    out = []
    for i, t in enumerate(game.turns[:settled]):
        if t.kind not in REVIEWED:
            continue
        k = _origin(game, t)
        before = game.at(k)
        out.append(TurnPosition(i, t.player, t.rack, before.board, before.bag_count, t.kind,
                                t.text, t.score, k))
    return out


def last_play_open(game) -> bool:
    """In a game in progress, the last line is a play that may still be challenged
    or checked. (Once the game is over every turn is reviewed.)"""
    if game.over or not game.turns or game.turns[-1].kind not in (PLAY, INVALID):
        return False
    legal = game.legal_actions()
    return legal.challenge or legal.check


def _origin(game, turn) -> int:
    """The index of the action that made the turn. A line a later action rewrote
    (a phony, a failed large-list check) carries that later action's index, so
    look back for the placement it came from."""
    if turn.kind in (PLAY, EXCHANGE, PASS):
        return turn.action
    for k in range(turn.action, -1, -1):
        for u in reversed(game.at(k + 1).turns):
            if u.action == k and u.player == turn.player and u.text == turn.text and u.kind in (PLAY, INVALID):
                return k
    raise ReviewError(f"cannot find the play {turn.text!r} in the game's log")


def record_turns(record) -> list[TurnPosition]:
    """The turns of a record from another program (``gcg.import_record`` without a
    game): the plays placed again on a board, one line at a time; a play withdrawn
    by the next line ('--') is reviewed as a phony scoring 0."""
    rules = record.rules
    board = Board(LAYOUTS[rules.board])
    in_play = min(sum(TILE_SETS[rules.tiles].values()), BAG_SIZE)
    others = rules.rack_size * (len(record.names) - 1)
    out, history = [], []
    turns = record.turns
    for i, t in enumerate(turns):
        if t.kind == PHONY:
            if history:
                board = history.pop()
            continue
        if t.kind in REVIEWED and t.rack:
            phony = t.kind == PLAY and i + 1 < len(turns) and turns[i + 1].kind == PHONY
            bag = max(0, in_play - board.tile_count() - len(t.rack) - others)
            out.append(TurnPosition(i, t.player, t.rack, board, bag, PHONY if phony else t.kind, t.move,
                                    0 if phony else t.score))
        if t.kind == PLAY:   # on the board for the turns after it, with or without its rack
            history.append(board)
            board = _placed(board, t.rack, t.move, rules)
    return out


def _placed(board: Board, rack: str, text: str, rules) -> Board:
    """The board after a record's play (a line without its rack: the play's own tiles)."""
    try:
        move = parse_move(text, board, rules, rack or None)
    except NotationError as exc:
        raise ReviewError(f"{text}: {exc}") from None
    ev = evaluate(board, rack or move.rack_tiles(), move, rules)
    if not ev.legal:
        raise ReviewError(f"{text}: {ev.error}")
    return ev.board


def check_reviewable(game, index: int) -> None:
    """Raises ReviewError unless score-sheet line ``index`` of ``game`` is a settled
    turn: never the turn to come of a game in progress (a hint), nor a play that
    may still be challenged or checked."""
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise ReviewError(f"there is no turn {index!r}")
    if index >= len(game.turns):
        if game.over:
            raise ReviewError(f"there is no turn {index} (the game has {len(game.turns)} lines)")
        raise ReviewError("the turn to come cannot be reviewed: only turns already played are")
    if index == len(game.turns) - 1 and last_play_open(game):
        raise ReviewError("the last play may still be challenged or checked: it is reviewed once it is settled")
    if game.turns[index].kind not in REVIEWED:
        raise ReviewError(f"line {index} ({game.turns[index].kind}) is not a turn that is reviewed")


def game_turn(game, index: int) -> TurnPosition:
    """The one turn on score-sheet line ``index`` (after ``check_reviewable``)."""
    check_reviewable(game, index)
    t = game.turns[index]
    k = _origin(game, t)
    before = game.at(k)
    return TurnPosition(index, t.player, t.rack, before.board, before.bag_count, t.kind, t.text, t.score, k)


# ------------------------------------------------------------------ one turn
class Reviewer:
    """Reviews turns under one game's rules and word lists. ``ranking``: "score" or
    "equity"; ``budget_ms``: each turn's time (None: exact, however long): the
    exact search gets ``EXACT_SHARE`` of it, the hard search the rest when needed.
    The generator looks at the clock between board rows, so a turn may overrun
    its budget by a row's work (a few hundred ms with wild tiles on a crowded board)."""

    def __init__(self, rules, lexicon, ranking: str = "score", budget_ms: float | None = None):
        if ranking not in RANKINGS:
            raise ReviewError(f"unknown ranking {str(ranking)[:20]!r} (score or equity)")
        if budget_ms is not None and not budget_ms > 0:
            raise ReviewError("the time budget must be more than 0 ms (or none)")
        self.rules, self.lexicon = rules, lexicon
        self.ranking, self.budget_ms = ranking, budget_ms
        self.exact = MoveGenerator(rules, lexicon)
        self.hard = MoveGenerator(rules, lexicon, max_blanks=HARD_MAX_BLANKS, swaps="all", pick_left_max=3)
        self.player = Player(rules, lexicon, "hard")

    def best(self, board: Board, rack: str, bag: int):
        """(best Candidate or None, equity function or None, cut, search, ms)."""
        value = self.player._value(list(rack), bag) if self.ranking == "equity" else None
        t0 = time.perf_counter()
        budget = Budget(ms=self.budget_ms * EXACT_SHARE) if self.budget_ms is not None else None
        rec = TopN(1, value)
        found = self.exact.generate(board, list(rack), rec, budget)
        cut, search = not rec.complete, "exact"
        if cut:   # the hard player's search, in the rest of the turn's time
            left = self.budget_ms - (time.perf_counter() - t0) * 1000
            more = self.hard.generate(board, list(rack), TopN(1, value),
                                      Budget(ms=max(left, self.budget_ms * (1 - EXACT_SHARE))))
            if more and (not found or more[0].equity > found[0].equity):
                found, search = more, "hard"
        return (found[0] if found else None), value, cut, search, round((time.perf_counter() - t0) * 1000)

    def review(self, tp: TurnPosition) -> dict:
        """The review of one turn as a plain dict (keys: see ``review_move``)."""
        return self.review_move(tp)[0]

    def review_move(self, tp: TurnPosition):
        """(the review of one turn, the best move as a Play/Exchange or None).

        The dict: turn (score-sheet line), player (seat), rack, kind, played, score,
        words (the played move's), best (move text; "-": no placement exists),
        best_score, best_words [{"word", "score"}], best_bonus {"big_play", "stretch",
        "jqxz", "pick_off"}, missed (best_score - score, or the equity difference;
        never below 0), found, marks (what the best had that the play made had not:
        big_play, stretch, pick_off, jqxz), ranking, cut (the budget cut the exact
        search), search ("exact" or "hard": which search found the best), ms; with
        the equity ranking also equity and best_equity."""
        rules, board, rack = self.rules, tp.board, tp.rack
        best, value, cut, search, ms = self.best(board, rack, tp.bag)
        best_move, best_ev = None, None
        if best is not None:
            best_move = best.to_play()
            best_ev = evaluate(board, rack, best_move, rules)
        played_move, played_ev = _played(board, rack, tp.played, rules)
        out = {
            "turn": tp.index, "player": tp.player, "rack": rack, "kind": tp.kind,
            "played": tp.played, "score": tp.score,
            "words": [w.word for w in played_ev.words] if played_ev is not None else [],
            "best": format_move(board, best_move, best_ev) if best_move is not None else "-",
            "best_score": best.score if best is not None else 0,
            "best_words": [{"word": w.word, "score": w.score} for w in best_ev.words] if best_ev else [],
            "best_bonus": _bonus(best_ev, best_move),
        }
        if self.ranking == "equity":
            mine = _equity(value, board, rack, tp, played_move, played_ev, rules)
            top = best.equity if best is not None else mine
            if tp.bag >= rules.rack_size:   # the hard player's exchange: keep the best tiles
                keep, keep_value = best_keep(list(rack), rules)
                if best is None or keep_value > top:
                    top = keep_value
                    thrown = list(rack)
                    for t in keep:
                        thrown.remove(t)
                    best_move = Exchange("".join(thrown))
                    out.update(best=format_move(board, best_move), best_score=0,
                               best_words=[], best_bonus=_bonus(None, None))
            out["equity"], out["best_equity"] = round(mine, 1), round(top, 1)
            missed = round(max(0.0, top - mine), 1)
        else:
            missed = max(0, out["best_score"] - tp.score)
        found = missed == 0
        out.update(missed=missed, found=found, marks=[] if found else _marks(out["best_bonus"], _bonus(
            played_ev if tp.kind == PLAY else None, played_move)), ranking=self.ranking, cut=cut,
            search=search, ms=ms)
        return out, best_move


def played_squares(tp: TurnPosition, rules) -> list[tuple[int, str]]:
    """[(square, letter as on the board)] the turn's play put down ([] for an
    exchange, a pass, or a move that does not read on its board)."""
    move, _ = _played(tp.board, tp.rack, tp.played, rules)
    return [(sq, cell) for sq, cell, _ in move.tiles] if isinstance(move, Play) else []


def _played(board, rack, text, rules):
    """(the move, its Evaluation or None) of the played move text."""
    try:
        move = parse_move(text, board, rules, rack)
    except (NotationError, MoveError):
        return None, None
    if isinstance(move, Play):
        ev = evaluate(board, rack, move, rules)
        return move, ev if ev.legal else None
    return move, None


def _bonus(ev, move) -> dict:
    out = {"big_play": 0, "stretch": 0, "jqxz": 0, "pick_off": False}
    if ev is not None:
        out.update(big_play=ev.big_play, stretch=ev.stretch, jqxz=ev.jqxz)
    if isinstance(move, Play):
        out["pick_off"] = any(kind == "pick" for kind, _ in move.pre)
    return out


def _marks(best: dict, played: dict) -> list[str]:
    """The big things the best play had and the play made did not: a big-play
    bonus (the bingo, or the stepped bonus), a stretch bonus, a pick-off, the JQXZ bonus."""
    return [m for m in MARKS if best[m] and not played[m]]


def _equity(value, board, rack, tp, move, ev, rules) -> float:
    """The hard player's value of the move made: score plus the tiles kept."""
    if tp.kind == PLAY and ev is not None:
        kept = "".join(sorted(ev.rack))
        return value(Candidate(tp.score, move.tiles, move.pre, move.across, "", 0, kept))
    after = list(rack)
    if isinstance(move, (Exchange, Pass)) and move.pre:
        try:
            apply_pre(board.copy(), after, move.pre, rules, True)
        except MoveError:
            after = list(rack)
    used = move.tiles if isinstance(move, Exchange) and all(after.count(t) >= move.tiles.count(t)
                                                             for t in move.tiles) else ""
    return tp.score + value(Candidate(0, (), (), True, used, 0, "".join(after)))


def review_all(turns, rules, lexicon, ranking: str = "score", budget_ms: float | None = None,
               seats=None) -> list[dict]:
    """Every turn of ``turns`` (game_turns or record_turns) of the chosen ``seats``
    (None: all), reviewed one by one."""
    reviewer = Reviewer(rules, lexicon, ranking, budget_ms)
    return [reviewer.review(tp) for tp in turns if seats is None or tp.player in seats]


# ------------------------------------------------------------------ summary
def summary(results, names) -> dict:
    """Points missed per player, the share of turns where the best play (by the
    ranking used) was found, and the words you missed: the main word of each best
    play not found (unless the play made formed it too), longest first, each with
    the best play's score (the highest when a word was missed twice)."""
    players = {}
    words = {}
    rankings = sorted({r["ranking"] for r in results})
    for r in results:
        p = r["player"]
        row = players.setdefault(p, {"seat": p, "name": names[p] if 0 <= p < len(names) else f"Player {p + 1}",
                                     "turns": 0, "found": 0, "missed": 0, "score": 0, "best_score": 0})
        row["turns"] += 1
        row["found"] += bool(r["found"])
        row["missed"] += r["missed"]
        row["score"] += r["score"]
        row["best_score"] += r["best_score"]
        if r["found"]:
            continue
        best_words = r.get("best_words") or ()
        if not best_words or best_words[0]["word"] in set(r.get("words") or ()):
            continue
        word = best_words[0]["word"]   # the main word (cross-words are incidental)
        entry = {"word": word, "score": r["best_score"], "move": r["best"], "turn": r["turn"], "player": p}
        if word not in words or entry["score"] > words[word]["score"]:
            words[word] = entry
    rows = [players[p] for p in sorted(players)]
    for row in rows:
        row["found_share"] = round(row["found"] / row["turns"], 3) if row["turns"] else 0.0
        if isinstance(row["missed"], float):
            row["missed"] = round(row["missed"], 1)
    missed = sorted(words.values(), key=lambda w: (-len(w["word"]), -w["score"], w["turn"]))
    return {"ranking": rankings[0] if len(rankings) == 1 else ",".join(rankings), "players": rows,
            "turns": len(results), "found": sum(1 for r in results if r["found"]),
            "cut": sum(1 for r in results if r.get("cut")), "ms": sum(r.get("ms", 0) for r in results),
            "words_missed": missed}
