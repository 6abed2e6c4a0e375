"""Helpers for engine tests: a small real word list and board set-up from text."""

from __future__ import annotations

from engine.board import LAYOUTS, Board
from engine.notation import parse_coord
from engine.rules import PRESETS, TWO_LETTER_72

# Words the tests play, in the "main" list; LARGE_ONLY are only in "large".
MAIN_WORDS = sorted(set("""
ZEBRAS ZEBRA ABSOLUTE DREAM DREAMS DREAMER DREAMERS DREAMY DREAMILY ACTION ACTIONS
COUNTERACTIONS TENDED EXTENDED TAX OX QUAY QUA AX TAXI PROPER PROP APPROPRIATED CONNECTS
DISCONNECTIONS ANTIQUATE ANTIQUATED DJINN CAT CATS SCAT AT TA QUACK QAT QUAID JINN
REWARD REWARDS REWARDED REWARDING MEOW MEOWS MEOWED MEOWING DONATE DONATED DONATING DONATOR
PLAY PLAYS PLAYED PLAYING BOARD WORD WORDS LOVER LOVERS HOUSE HOUSES CAR CARS EAT EATS
EATEN EATING RATE RATES RATED RATING WIND WINDS WINDY READ BE BEING WAS
""".split()) | TWO_LETTER_72)
LARGE_ONLY = ["QI", "ZA", "QAID", "CATTED", "ZEBU", "XYST", "DJINNI"]


def lexicon():
    from engine.lexicon import Lexicon
    return Lexicon.from_words(MAIN_WORDS, MAIN_WORDS + LARGE_ONLY)


def empty_board(preset: str) -> Board:
    return Board(LAYOUTS[PRESETS[preset].board])


def put(board: Board, text: str) -> Board:
    """Lay tiles straight onto the board (no rules): ``put(b, '8D dREAM')``.
    Lowercase letters are blanks; squares count as spent (covered earlier)."""
    coord, word = text.split()
    row, col, across = parse_coord(coord, board.size)
    for i, ch in enumerate(word):
        r, c = (row, col + i) if across else (row + i, col)
        sq = r * board.size + c
        board.cells[sq] = ch
        board.spent.add(sq)
    return board


def rig(game, player, tiles):
    """Give ``player`` exactly ``tiles`` from the bag (test set-up on the game's
    private state; tiles stay conserved)."""
    s = game._state
    s.bag.tiles.extend(s.racks[player])
    s.racks[player] = []
    for t in tiles:
        if t not in s.bag.tiles:  # another rack holds it: give that player a bag tile
            other = next(r for r in s.racks if t in r)
            other.remove(t)
            other.append(next(x for x in s.bag.tiles if x not in tiles))
            s.bag.tiles.remove(other[-1])
            s.bag.tiles.append(t)
        s.bag.tiles.remove(t)
        s.racks[player].append(t)
