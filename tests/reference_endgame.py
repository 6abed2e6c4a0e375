"""An exhaustive reference for endings, to check the expert's endgame search against.

``solve(game)`` returns ``{move text: final spread}`` for every action of the
player to move, the spread (that player's final score less the other's) reached
when both sides play on perfectly: plain minimax over real ``Game`` copies, with
no pruning and no move ordering. The engine decides everything that matters:
``Game.act`` applies each action (scores, the end conditions, the end adjustment,
the final round), and the actions are the engine's full legal list:

- every placement ``MoveGenerator(rules, lexicon)`` makes with its defaults (every
  blank letter, every swap subset, every pick-off), written by ``format_move``;
- a pass, and a pass after each subset of swaps the rack allows (a blank taken
  back is a different rack to play on with);
- in the swap-final-racks round, every placement with the other rack, or a decline.

Positions are memoised on everything the rest of the game depends on (board,
racks, player to move, the counts toward the end, the phase and the finders still
to try), holding the points still to come, so transpositions are searched once;
that changes no value. It is slow by design: endings of a few tiles only.

The endings the test reads (tests/data/endgames.jsonl) were made by
``make_endings``: hard against hard to an empty bag, then on until both racks hold
at most 1 to 4 tiles; each keeps the reference's best spread, its optimal moves
and its CPU time (the test solves the quick ones again). They depend on the word
lists: when those change, make them again (the command at the end of this file;
classic and O endings of 4 tiles take the reference minutes each).
"""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

from engine.game import Game
from engine.moves import Pass
from engine.notation import format_move
from engine.rules import Rules
from engine.search.movegen import MoveGenerator, swapped

ENDINGS = Path(__file__).resolve().parent / "data" / "endgames.jsonl"


_GENERATORS: dict = {}
_PLACEMENTS: dict = {}


def placements(game) -> list[str]:
    """Every placement of the active rack (memoised by board and rack: a pass
    leaves both as they were)."""
    board, rack = game.board, list(game.active_rack)
    key = (game.rules, id(game.lexicon), tuple(board.cells), tuple(sorted(board.wild.items())),
           tuple(sorted(sq for sq in board.spent if not board.cells[sq])), "".join(sorted(rack)))
    found = _PLACEMENTS.get(key)
    if found is None:
        gen = _GENERATORS.get((game.rules, id(game.lexicon)))
        if gen is None:
            gen = _GENERATORS[(game.rules, id(game.lexicon))] = MoveGenerator(game.rules, game.lexicon)
        if len(_PLACEMENTS) > 20_000:
            _PLACEMENTS.clear()
        found = _PLACEMENTS[key] = [format_move(board, c.to_play()) for c in gen.generate(board, rack)]
    return found


def actions(game) -> list[str]:
    """Every action of the player to move: the engine's full legal list (module docstring)."""
    board, rack = game.board, list(game.active_rack)
    texts = list(placements(game))
    texts.append("-")
    if game.phase == "play" and game.rules.blank_swap:
        blanks = [sq for sq, c in enumerate(board.cells) if c and c.islower()]
        letters = set(rack) | set(board.wild.values())
        options = [sq for sq in blanks if board.cells[sq].upper() in letters]
        for k in range(1, len(options) + 1):
            for subset in combinations(options, k):
                done = swapped(board, rack, subset, game.rules)
                if done is not None:
                    texts.append(format_move(board, Pass(done[0])))
    return texts


class Reference:
    def __init__(self):
        self.memo: dict = {}
        self.positions = 0

    def key(self, game):
        s = game._state
        b = s.board
        return (tuple(b.cells), tuple(sorted(b.wild.items())), tuple(sorted(sq for sq in b.spent if not b.cells[sq])),
                tuple(map(tuple, (sorted(r) for r in s.racks))), s.to_move, s.scoreless, s.idle, s.phase,
                tuple(s.final_left))

    def gain(self, game) -> int:
        """Points seat 0 gains on seat 1 from here to the end, both playing perfectly."""
        if game.over:
            return 0
        key = self.key(game)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.positions += 1
        seat = game.to_move
        results = []
        for text in actions(game):
            results.append(self.after(game, text))
        found = max(results) if seat == 0 else min(results)
        self.memo[key] = found
        return found

    def after(self, game, text: str) -> int:
        """Seat 0's gain on seat 1 from playing ``text`` now to the end."""
        before = game.scores[0] - game.scores[1]
        child = game.at(len(game.actions))
        child.act(text)
        return child.scores[0] - child.scores[1] - before + self.gain(child)


def solve(game) -> dict[str, int]:
    """{move text: the mover's final spread} for each action of the player to move."""
    ref = Reference()
    sign = 1 if game.to_move == 0 else -1
    spread = sign * (game.scores[0] - game.scores[1])
    return {text: spread + sign * ref.after(game, text) for text in actions(game)}


def load_endings(lexicon) -> list[tuple[dict, Game]]:
    """The committed endings (``make_endings``): (record, game at the ending)."""
    out = []
    for line in ENDINGS.read_text().splitlines():
        rec = json.loads(line)
        game = Game.replay(Rules.from_string(rec["rules"]), rec["seed"], rec["actions"], lexicon=lexicon)
        out.append((rec, game))
    return out


# ---------------------------------------------------------------------- the endings
def play_to_ending(rules, seed, lexicon, most: int):
    """Hard against hard from an empty board until the bag is empty and both racks
    hold at most ``most`` tiles; None when the game ends first."""
    from engine.computer import computer_action
    game = Game(rules, seed, 2, lexicon=lexicon)
    while not game.over and len(game.actions) < 300:
        if game.bag_count == 0 and game.phase == "play" and max(map(len, game.racks)) <= most:
            return game
        game.act(computer_action(game, "hard"))
    return None


def make_endings(lexicon, specs, cap_s: float) -> list[dict]:
    """Endings for ``specs`` ((rules text, seed, most tiles)), each with the
    reference's best spread and optimal moves, kept when the reference takes at
    most ``cap_s`` seconds of CPU time (it is plain minimax: the small ones)."""
    import signal
    import time

    class Slow(Exception):
        pass

    def stop(*_):
        raise Slow

    out = []
    old = signal.signal(signal.SIGVTALRM, stop)
    try:
        for text, seed, most in specs:
            game = play_to_ending(Rules.from_string(text), seed, lexicon, most)
            if game is None:
                continue
            t0 = time.process_time()
            signal.setitimer(signal.ITIMER_VIRTUAL, cap_s)
            try:
                spreads = solve(game)
            except Slow:
                continue
            finally:
                signal.setitimer(signal.ITIMER_VIRTUAL, 0)
            best = max(spreads.values())
            out.append({"rules": text, "seed": seed, "actions": list(game.actions), "racks": list(game.racks),
                        "to_move": game.to_move, "best": best,
                        "optimal": sorted(t for t, v in spreads.items() if v == best),
                        "reference_s": round(time.process_time() - t0, 2)})
    finally:
        signal.signal(signal.SIGVTALRM, old)
    return out


if __name__ == "__main__":
    # PYTHONPATH=. .venv/bin/python tests/reference_endgame.py RULES FIRST COUNT CAP_S [MOST] \
    #     >> tests/data/endgames.jsonl
    # (MOST: the most tiles a side; by default 1, 2, 3, 4 in turn by seed). The committed set:
    #   classic 0 16 40; classic 16 40 40; o 0 16 40; o 16 12 40; o,final=1 0 10 40;
    #   iii 0 14 40; iii 14 16 40; o 100 10 240 4 (the endings the reference settled in time)
    import sys

    from engine.lexicon import Lexicon
    text, first, count, cap = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    most = int(sys.argv[5]) if len(sys.argv) > 5 else None
    specs = [(text, f"ending-{text}-{i}", most or 1 + i % 4) for i in range(first, first + count)]
    for spec in specs:
        for rec in make_endings(Lexicon.default(), [spec], cap):
            print(json.dumps(rec), flush=True)
