"""Whole-game properties over random games, and checks of the reference generator.

Each game is played by a seeded random player that, every turn, picks one of the
plays ``reference_plays`` finds (or, now and then, a phony, a challenge, a check of
the large list, a swap before an exchange, a free trade), else exchanges or
passes. After every action:

- tiles are conserved (bag + racks + board tiles, a board blank counting as '?'
  and a flipped J/Q/X/Z as itself) against the game's tiles at the start (for the
  300-tile sets, the 100-tile scoop);
- each player's score is the sum of that player's Turn.score lines;
- a play chosen from the reference scores what the reference said, and a phony
  is refused or judged invalid (if the game took it, the reference missed it);
- an action the game refuses leaves the state exactly as it was;
- undo restores the exact prior state, and doing the action again gives the same
  state as the first time;
- the position's CGP round-trips exactly and gives back the same board, racks,
  scores and rules.
At the end of each game: ``Game.replay`` of the actions and ``read_gcg`` of
``write_gcg`` rebuild the same state.

``PROPERTY_GAMES=n`` (environment) plays n games per configuration (default 2).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import replace
from itertools import combinations, permutations
from pathlib import Path

import pytest

from engine.board import LAYOUTS, Board
from engine.game import Game
from engine.records.gcg import read_gcg, write_gcg
from engine.lexicon import Lexicon
from engine.search.movegen import AllPlays, MoveGenerator
from engine.moves import MoveError, Play
from engine.notation import format_cgp, format_move, parse_cgp, parse_move
from engine.rules import PRESETS
from engine.scoring import evaluate
from engine.tiles import full_set
from engine.trades import trade_allowed
from enginekit import put
from reference_movegen import reference_plays

DATA = Path(__file__).resolve().parents[1] / "data"
MAIN = (DATA / "main.txt").read_text().split()
LARGE = MAIN + (DATA / "large.txt").read_text().split()
# Phonies: words in neither list, and made-up two-letter words.
PHONY = (LARGE + (DATA / "phony.txt").read_text().split()
         + [a + b for a in "AEIONRST" for b in "AEIONRST" if a + b not in LARGE])
LEX = Lexicon.from_words(MAIN, LARGE)
PHONY_LEX = Lexicon.from_words(PHONY)

GAMES = int(os.environ.get("PROPERTY_GAMES", "2"))
MAX_ACTIONS = 150

CONFIGS = {
    "classic": (PRESETS["classic"], 2),
    "o": (PRESETS["o"], 2),
    "i": (PRESETS["i"], 2),
    "ii": (PRESETS["ii"], 2),
    "iii": (PRESETS["iii"], 2),
    "richard": (PRESETS["richard"], 2),
    "ii-final-round": (replace(PRESETS["ii"], final_round=True, end_adjust="transfer"), 2),
    "classic-3-players": (PRESETS["classic"], 3),
}
EXTRA = ("ii-final-round", "classic-3-players")  # one game each by default
CASES = [(name, seed) for name in CONFIGS for seed in range(GAMES if name not in EXTRA else max(1, GAMES // 2))]


# ---------------------------------------------------------------- state helpers

def freeze(value):
    """A deep, immutable, ==-comparable copy: lists and tuples become tuples,
    dicts and sets sorted tuples, dataclasses (Turn) their class and fields."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, freeze(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(value))
    if hasattr(value, "__dataclass_fields__"):
        return (type(value).__name__, freeze([getattr(value, f) for f in value.__dataclass_fields__]))
    return value


def state_key(game: Game):
    """Everything that makes up a game's state, frozen for comparison (the one
    place these tests read the private state: nothing may differ)."""
    s = game._state
    b = s.board
    return freeze((
        b.layout.name, b.cells, b.wild, b.spent, s.racks, s.scores, s.bag.tiles, s.bag.rng.getstate(),
        s.to_move, s.turns, s.scoreless, s.idle, s.phase, s.end_reason, s.blanks_drawn, s.clock,
        s.timed_out, s.final_left, s.final_found, s.traded, s.skip, game.actions,
    ))


def all_tiles(game: Game) -> Counter:
    s = game._state   # the bag's tiles are hidden from players
    board = [s.board.tile_at(sq) for sq, cell in enumerate(s.board.cells) if cell]
    return Counter(s.bag.tiles) + Counter(t for r in s.racks for t in r) + Counter(board)


def check_state(game: Game, initial: Counter) -> None:
    s = game._state
    assert all_tiles(game) == initial, "tiles not conserved"
    for p in range(game.players):
        assert s.scores[p] == sum(t.score for t in s.turns if t.player == p), f"score of player {p}"
    assert all(sq in s.board.spent for sq, c in enumerate(s.board.cells) if c)
    for sq, letter in s.board.wild.items():
        assert s.board.cells[sq].islower() and letter in "JQXZ"
    # CGP round trip, with and without rules given.
    pos = game.position()
    text = format_cgp(pos)
    back = parse_cgp(text)
    assert format_cgp(back) == text
    assert back.board == s.board
    assert back.rules == game.rules
    assert back.scores == pos.scores and back.racks == pos.racks
    assert back.zero_turns == pos.zero_turns
    assert format_cgp(parse_cgp(text, game.rules)) == text


# ---------------------------------------------------------------- the player

class RandomPlayer:
    def __init__(self, game: Game, seed: int):
        self.g = game
        self.rng = random.Random(f"player-{seed}")
        self.phony_rules = replace(game.rules, lexicon="large", two_letter="lexicon", derived_forms=False)
        self.stats = Counter()

    def plays(self):
        g = self.g
        return reference_plays(g.board, g.active_rack, g.rules, LEX)

    def phonies(self, good):
        g = self.g
        found = reference_plays(g.board, g.active_rack, self.phony_rules, PHONY_LEX, swaps=False, picks=False)
        return sorted(t for t in found if t not in good)

    def choose(self):
        """(action text, expected kind, reference score or None)."""
        g, rng, rules = self.g, self.rng, self.g.rules
        last = g.last_turn
        legal = g.legal_actions()
        if g.phase == "play" and last is not None:
            if legal.check and rng.random() < 0.6:
                return "check", "check", None
            if legal.challenge and last.player != g.to_move:
                if (last.invalid and rng.random() < 0.8) or rng.random() < 0.05:
                    return "challenge", "challenge", None
        rack = g.active_rack
        if legal.trade and rng.random() < 0.5:
            trade = self.trade(rack)
            if trade:
                return "trade " + trade, "trade", None
        good = self.plays()
        if g.phase == "play" and rng.random() < 0.12:
            bad = self.phonies(good)
            if bad:
                return rng.choice(bad), "phony", None
        if good and not (rules.final_round and g.phase == "play" and g.bag_count < rules.rack_size):
            text = rng.choice(sorted(good))
            return text, "play", good[text]
        if g.phase == "final":
            return "-", "final", None
        if rules.final_round and g.bag_count < rules.rack_size and good:
            # Stop playing near the end so the final round starts with playable racks.
            return "-", "pass", None
        pre, recovered = "", None
        if rules.blank_swap and rng.random() < 0.5:
            swaps = [sq for sq, c in enumerate(g.board.cells) if c and c.islower() and c.upper() in rack]
            if swaps:
                sq = rng.choice(swaps)
                pre, recovered = f"swap {g.board.layout.name_of(sq)}; ", g.board.tile_at(sq)
        if g.bag_count >= rules.rack_size and rng.random() < 0.9:
            tiles = [recovered] if recovered else rng.sample(sorted(rack), rng.randint(1, len(rack)))
            return pre + "-" + "".join(tiles), "exchange", None
        return pre + "-", "pass", None

    def trade(self, rack):
        for n in (1, 2, 3):
            for combo in sorted(set(combinations(sorted(rack), n))):
                if trade_allowed(rack, "".join(combo)):
                    return "".join(combo)
        return None


def play_random_game(rules, players, seed):
    g = Game(rules, seed, players, lexicon=LEX)
    initial = all_tiles(g)
    full = Counter(full_set(rules.tiles))
    assert sum(initial.values()) == 100 and not initial - full   # the whole set, or a scoop of it
    if sum(full.values()) == 100:
        assert initial == full
    player = RandomPlayer(g, seed)
    check_state(g, initial)
    while not g.over and len(g.actions) < MAX_ACTIONS:
        text, kind, score = player.choose()
        before = state_key(g)
        mover = g.to_move
        try:
            out = g.act(text)
        except MoveError as exc:
            # Only a swap-exchange the rules refuse is refused.
            assert kind in ("exchange", "pass"), f"{text!r} refused: {exc}"
            assert state_key(g) == before, "a refused action changed the state"
            player.stats["refused " + kind] += 1
            continue
        player.stats[kind] += 1
        for word in ("swap", "pick", "["):
            if word in text:
                player.stats[f"{word} ({kind})"] += 1
        assert isinstance(out, tuple)
        turn = g.last_turn
        if kind == "play":
            t = next(t for t in reversed(g.turns) if t.kind in ("play", "final"))
            assert t.player == mover
            expected = score + 50 if t.kind == "final" else score
            assert t.score == expected, f"{text}: reference {score}, game {t.score}"
            assert t.text.removeprefix("final ") == text
        elif kind == "phony":
            if rules.judgment == "challenge":
                assert turn.kind == "play" and turn.invalid, f"the game took {text!r}: reference missed it"
            elif rules.judgment == "retry":     # withdrawn, not a turn: the same player again
                assert [t.kind for t in out] == ["retry"] and out[0].invalid and g.to_move == mover
            else:
                assert turn.kind == "invalid" and turn.invalid, f"the game took {text!r}: reference missed it"
        check_state(g, initial)
        # Undo gives back the exact prior state; redoing gives the same state again.
        after = state_key(g)
        g.undo()
        assert state_key(g) == before, f"undo of {text!r} did not restore the state"
        g.act(text)
        assert state_key(g) == after, f"redoing {text!r} gave a different state"
    # Replay and GCG rebuild the same game.
    again = Game.replay(rules, seed, g.actions, players, lexicon=LEX)
    assert state_key(again) == state_key(g)
    record = write_gcg(g)
    back = read_gcg(record, lexicon=LEX)
    assert back.scores == g.scores and back.racks == g.racks
    assert state_key(back) == state_key(g)
    assert write_gcg(back) == record
    return g, player.stats


@pytest.mark.parametrize("name,seed", CASES, ids=[f"{n}-{s}" for n, s in CASES])
def test_random_game(name, seed):
    rules, players = CONFIGS[name]
    g, stats = play_random_game(rules, players, seed)
    if seed < 2:  # the default games are lively; extra seeds need not be (iii can stall)
        assert stats["play"] >= 5, f"a dull game: {dict(stats)}"
        assert g.board.tile_count() >= 20


def test_undo_keeps_the_shared_layout():
    """Regression: undo snapshots (copy.deepcopy of the state) once copied the
    board's layout, and a board then compared unequal to its own copy."""
    g = Game(PRESETS["classic"], 1, lexicon=LEX)
    g.act("-")
    g.undo()
    assert g.board.layout is LAYOUTS["classic15"]
    assert g.board == Board(LAYOUTS["classic15"])


# ---------------------------------------------------------------- reference checks

def _lex(*words):
    return Lexicon.from_words(words)


def test_reference_counts_every_tile_assignment():
    """CAT through H8, across (F8, G8, H8 starts) and down: 6 placements, each
    letter natural or blank: 2**3 each; 48 plays in all."""
    rules = PRESETS["classic"]
    board = Board(LAYOUTS["classic15"])
    plays = reference_plays(board, "CAT????", rules, _lex("CAT"))
    assert len(plays) == 48
    assert plays["8H CAT"] == 10 and plays["8F CAT"] == 10 and plays["H6 CAT"] == 10
    assert plays["8G cat"] == 0 and plays["8F CaT"] == 8
    assert plays.keys() == {f"{c} {''.join(w)}" for c in ("8F", "8G", "8H", "H6", "H7", "H8")
                            for w in _cases("CAT")}
    # Without blanks only the natural spelling, and without a T nothing.
    assert len(reference_plays(board, "CATXYZE", rules, _lex("CAT"))) == 6
    assert reference_plays(board, "CAXYZEE", rules, _lex("CAT")) == {}


def _cases(word):
    if not word:
        yield ""
        return
    for rest in _cases(word[1:]):
        yield word[0] + rest
        yield word[0].lower() + rest


def test_reference_two_letter_72_and_minimum():
    board = Board(LAYOUTS["classic15"])
    o = PRESETS["o"]
    # QI is in the lexicon but not among the 72; AT is among the 72 but o's
    # minimum main word is 3.
    lex = _lex("QI", "AT", "QAT")
    assert reference_plays(board, "QIAT", o, lex).keys() == {
        f"{c} QAT" for c in ("8F", "8G", "8H", "H6", "H7", "H8")}
    classic = PRESETS["classic"]
    got = reference_plays(board, "QI", classic, lex)
    assert got == {"8G QI": 22, "8H QI": 22, "H7 QI": 22, "H8 QI": 22}


def test_reference_hooks_and_cross_words():
    rules = PRESETS["classic"]
    board = put(Board(LAYOUTS["classic15"]), "8H CAT")
    lex = _lex("CAT", "CATS", "AS", "AT", "TA", "SCAT")
    # S after CAT (CATS), before it (SCAT) or under its A (AS down, I9 a DL).
    assert reference_plays(board, "S", rules, lex) == {"8H CATS": 6, "8G SCAT": 6, "I8 AS": 3}
    # Worked by hand: G7 AS = A on DL 2 + S 1, plus SCAT 6; K7 AS = AS 2 + CATS 6;
    # 7J AS = AS 2 + AT 2; 9J AS = AS 2 + TA 2; one tile under T: TA down.
    assert reference_plays(board, "SA", rules, lex) == {
        "7J AS": 4, "8G SCAT": 6, "8H CATS": 6, "9J AS": 4, "G7 AS": 9, "I8 AS": 3,
        "J7 AT": 2, "J8 TA": 2, "K7 AS": 8}


def test_reference_finds_figure_specials():
    lex = Lexicon.from_words(["DREAMY", "DREAMILY", "DREAM", "DREAMER", "DREAMERS", "DREAMS"])
    iii = PRESETS["iii"]
    board = put(Board(LAYOUTS["extended21"]), "11F DREAMY")
    plays = reference_plays(board, "IL", iii, lex)
    # Pick the Y (or the M and the Y) and stretch: both are plays.
    assert plays.keys() == {"pick K11; 11F DREAMILY", "pick J11; 11F DREAMILY"}
    ev = evaluate(board, "IL", parse_move("pick K11; 11F DREAMILY", board, iii, "IL"), iii)
    assert plays["pick K11; 11F DREAMILY"] == ev.score
    o = PRESETS["o"]
    board = put(Board(LAYOUTS["classic15"]), "8D DREaM")
    plays = reference_plays(board, "AERS", o, lex)
    assert "swap G8; 8D DREAMERS" in plays       # swap, then stretch with the natural A
    assert "8D DREaMERS" in plays                # or keep the blank where it is
    assert "swap G8; 8D DREAMeRS" in plays       # the recovered blank played again
    assert not any("pick" in t for t in plays)   # no pick-off in o
    assert "swap G8; 8D DREAMERS" not in reference_plays(board, "AERS", o, lex, swaps=False)


def test_reference_swap_chains_and_pick_swappers():
    """A swap may need the J/Q/X/Z another swap recovers, and a picked tile may
    be used for a swap: both are found, written in an order that works."""
    iii = PRESETS["iii"]
    board = put(Board(LAYOUTS["extended21"]), "11F DREAMy")
    board.wild[board.layout.square("K11")] = "Z"        # a Z lies face down as the Y
    put(board, "9F zEBRAS")                             # a blank as Z, above it
    lex = Lexicon.from_words(["DREAMY", "DREAMILY", "ZEBRAS"])
    plays = reference_plays(board, "YIL", iii, lex)
    # Y for the face-down Z, then that Z for the blank on F9, then pick the Y.
    assert plays["swap K11; swap F9; pick K11; 11F DREAMILY"] == 14 + 30
    assert not any(t.startswith("swap F9; swap K11") for t in plays)
    # The picked face-down Z swapped for the blank: a pick-swapper, pick first.
    assert "pick K11; swap F9; 11F DREAMILy" in plays
    assert plays["pick K11; 11F DREAMILy[Z]"] == 40
    assert len(plays) == 36


def test_reference_wild_jqxz():
    iii = PRESETS["iii"]
    lex = Lexicon.from_words(["ZEBRAS"])
    board = Board(LAYOUTS["extended21"])
    plays = reference_plays(board, "ZZEBRASA", iii, lex)
    assert plays["11G ZEBRAS"] == 84                    # figure 4
    assert plays["11G ZEBRAs[Z]"] == 82                 # the S played by a face-down Z
    assert plays["11G z[Z]EBRAS"] == (0 + 1 + 3 + 1 + 1 + 1) * 2 + 20  # no JQXZ bonus
    assert "11G ZEBRAs" not in plays and "11G zEBRAS" not in plays     # no blank on the rack
    ii = PRESETS["ii"]
    got = reference_plays(board, "ZZEBRASA", ii, lex)
    assert got["11G ZEBRAS"] == 74 and not any("[" in t for t in got)


def test_reference_texts_are_canonical_and_rescore():
    """Every text the reference gives parses back to a play that evaluates to the
    same score and formats to the same text (on a mid-game position of each preset)."""
    for preset in ("o", "iii", "richard"):
        rules = PRESETS[preset]
        g = Game(rules, 7, lexicon=LEX)
        rng = random.Random(7)
        for turn in range(40):
            plays = reference_plays(g.board, g.active_rack, rules, LEX)
            if turn >= 8 and plays:
                break
            g.act(rng.choice(sorted(plays)) if plays else "-" + g.rack())
        rack = g.active_rack
        assert plays, preset
        for text, score in plays.items():
            play = parse_move(text, g.board, rules, rack)
            ev = evaluate(g.board, rack, play, rules, g.judge)
            assert ev.legal and not ev.invalid, text
            assert (format_move(g.board, play, ev), ev.score) == (text, score)


def _placement_first(board, rack, rules, judge):
    """An independent brute force for tiny racks: every set of empty squares in a
    line, every arrangement of the rack's tiles on them (a blank or a flipped
    J/Q/X/Z as every letter), evaluated; no word list involved."""
    out = {}
    size = board.size
    tile_cells = {}
    for tile in set(rack):
        cells = [tile] if tile != "?" else []
        if tile == "?" or (rules.wild_jqxz and tile in "JQXZ"):
            cells += [chr(97 + i) for i in range(26)]
        tile_cells[tile] = cells
    for across in (True, False):
        for line_no in range(size):
            line = [line_no * size + c if across else c * size + line_no for c in range(size)]
            empty = [sq for sq in line if not board.cells[sq]]
            for k in range(1, len(rack) + 1):
                for squares in combinations(empty, k):
                    for tiles in set(permutations(rack, k)):
                        for cells in _product([tile_cells[t] for t in tiles]):
                            play = Play(tuple(zip(squares, cells, tiles)), (), across)
                            ev = evaluate(board, rack, play, rules, judge)
                            if ev.legal and not ev.invalid:
                                out[format_move(board, play, ev)] = ev.score
    return out


def _product(options):
    if not options:
        yield ()
        return
    for first in options[0]:
        for rest in _product(options[1:]):
            yield (first,) + rest


@pytest.mark.parametrize("preset,rack", [("classic", "ER"), ("o", "?"), ("iii", "X"), ("ii", "SE")])
def test_reference_matches_placement_first_brute_force(preset, rack):
    rules = replace(PRESETS[preset], blank_swap=False, pick_off=0)
    g = Game(rules, 3, lexicon=LEX)
    rng = random.Random(3)
    while g.board.tile_count() < 25 and not g.over:
        plays = reference_plays(g.board, g.active_rack, rules, LEX)
        g.act(rng.choice(sorted(plays)) if plays else "-" + g.rack())
    want = _placement_first(g.board, rack, rules, g.judge)
    assert want, "a position with no play proves little"
    assert reference_plays(g.board, rack, rules, LEX) == want


# ---------------------------------------------------------- games with garbage

GARBAGE_CONFIGS = [
    (PRESETS["classic"], 2, 7, None), (PRESETS["o"], 2, "42", ["Ann Lee", "Ann Lee"]),
    (PRESETS["i"], 2, 3, None), (PRESETS["ii"], 2, "x y", ["a", "b"]), (replace(PRESETS["iii"], min_main=3), 2, 5, None),
    (PRESETS["richard"], 2, "richard", None),
    (replace(PRESETS["classic"], clock=120), 3, 11, ["p", "p", "p"]),
    (replace(PRESETS["o"], clock=200, final_round=True), 2, 13, None),
    (replace(PRESETS["ii"], final_round=True, end_adjust="transfer", clock=300, clock_rule="overtime"), 2, 17, None),
    (replace(PRESETS["classic"], judgment="good", large_check=True, end="cycle"), 4, 19, None),
]
GARBAGE = ["", "-", "-?", "-ZZZZZZZZ", "challenge", "challenge 9", "challenge 1", "check", "timeout",
           "trade A", "trade ZZ", "swap H8; -", "pick H8; -", "pick K11; pick J11; 8H AB", "8H", "H8 A!",
           "Z99 A", "8D ZEBRAS", "8H e[Q]", "check 2", "8H ab", "swap A1; swap A2; 8H AB", "undo",
           "1A \u00df", "8D ZEB\nRAS", "x" * 300, "8H A; -", "\u0663D AB"]


def garbage_action(g: Game, gens, rng: random.Random) -> str:
    """A legal play now and then (or a phony, a free trade), else a mutated play or
    a piece of garbage."""
    roll = rng.random()
    if g.legal_actions().trade and roll < 0.3:
        for n in (1, 2, 3):
            for combo in sorted(set(combinations(g.rack(), n))):
                if trade_allowed(g.rack(), "".join(combo)):
                    return "trade " + "".join(combo)
    if roll < 0.6 and not g.over:
        gen = gens[0] if roll < 0.5 else gens[1]     # the second finds phonies too
        plays = list(gen.generate(g._state.board, g.active_rack, AllPlays()))
        if plays:
            cand = rng.choice(plays)
            play = cand.to_play()
            text = format_move(g._state.board, play, evaluate(g._state.board, g.active_rack, play, g.rules))
            if roll < 0.4 or roll >= 0.5:
                return text
            i = rng.randrange(len(text))     # one character changed
            return text[:i] + rng.choice("AEZQ?e[]; 8HX-") + text[i + 1:]
    if roll < 0.7:
        return rng.choice(["-", "-" + "".join(rng.sample(g.rack(), min(2, len(g.rack()))))])
    return rng.choice(GARBAGE)


@pytest.mark.parametrize("k", range(len(GARBAGE_CONFIGS)))
def test_games_with_garbage(k):
    """Random legal and illegal actions (and elapsed times, good and bad): every
    refusal is an engine error that leaves the state untouched; tiles are conserved;
    undo restores; replay and the GCG record rebuild the game exactly."""
    rules, players, seed, names = GARBAGE_CONFIGS[k]
    g = Game(rules, seed, players, lexicon=LEX, names=names)
    phony_rules = replace(rules, lexicon="large", two_letter="lexicon", derived_forms=False)
    gens = (MoveGenerator(rules, LEX), MoveGenerator(phony_rules, PHONY_LEX))
    rng = random.Random(f"garbage-{k}")
    initial = all_tiles(g)
    for _ in range(90):
        text = garbage_action(g, gens, rng)
        elapsed = rng.choice([None, None, None, 0, 1.5, 7, 0.001, 2, 95, -1, float("nan"), float("inf")])
        if text == "undo":
            if g.actions:
                g.undo()
            continue
        before = state_key(g)
        try:
            g.act(text, elapsed)
        except ValueError:           # every engine error is a ValueError subclass
            assert state_key(g) == before, f"refusing {text!r} changed the state"
            continue
        check_state(g, initial)
        if rng.random() < 0.3:
            after = state_key(g)
            g.undo()
            assert state_key(g) == before
            g.act(text, elapsed)
            assert state_key(g) == after
    again = Game.replay(rules, seed, g.actions, players, lexicon=LEX, names=names)
    assert state_key(again) == state_key(g)
    k = rng.randrange(len(g.actions) + 1)     # a stepped-to position is the replayed one
    assert state_key(g.at(k)) == state_key(Game.replay(rules, seed, g.actions[:k], players,
                                                       lexicon=LEX, names=names))
    record = write_gcg(g)
    back = read_gcg(record, lexicon=LEX)
    assert state_key(back) == state_key(g) and back.seed == g.seed and back.names == g.names
    assert write_gcg(back) == record
    assert len(g.actions) >= 8
