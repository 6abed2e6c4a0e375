"""Letter values, tile sets (as text tables) and the seeded bag (RULES.md section 2)."""

from __future__ import annotations

import random

VALUES: dict[str, int] = {
    "A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1, "J": 8,
    "K": 5, "L": 1, "M": 3, "N": 1, "O": 1, "P": 3, "Q": 10, "R": 1, "S": 1, "T": 1,
    "U": 1, "V": 4, "W": 4, "X": 8, "Y": 4, "Z": 10, "?": 0,
}
BLANK = "?"
WILD_LETTERS = frozenset("JQXZ")
VOWELS = frozenset("AEIOU")

_SETS_TEXT = {
    "classic100": "A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1 ?2",
    "o100": "A9 B2 C2 D4 E12 F2 G3 H2 I8 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1 ?3",
    "nice300": "A25 B6 C7 D14 E38 F5 G10 H6 I23 J2 K3 L13 M6 N19 O21 P7 Q2 R21 S14 T19 U11 V5 W5 X2 Y5 Z2 ?9",
    "wild298": "A25 B6 C7 D14 E38 F5 G10 H6 I23 J3 K3 L13 M6 N19 O21 P7 Q3 R21 S14 T19 U11 V5 W5 X3 Y5 Z3 ?3",
}
BAG_SIZE = 100


def _parse_set(text: str) -> dict[str, int]:
    counts = {}
    for item in text.split():
        counts[item[0]] = int(item[1:])
    return counts


TILE_SETS: dict[str, dict[str, int]] = {name: _parse_set(t) for name, t in _SETS_TEXT.items()}


def excess_tiles(counts: dict[str, int], set_name: str) -> str | None:
    """Why tiles with these counts (board, racks, bag: any part of one game) cannot
    all come from the named set, or None when they can. The big sets give a game a
    scoop of BAG_SIZE tiles, so no game holds more than that."""
    full = TILE_SETS[set_name]
    limit = min(sum(full.values()), BAG_SIZE)
    total = sum(counts.values())
    if total > limit:
        return f"{total} tiles, but a game under {set_name} has {limit}"
    for tile in sorted(counts):
        if counts[tile] > full.get(tile, 0):
            name = "blank" if tile == BLANK else tile
            return (f"{counts[tile]} {name} tiles, but the {set_name} set has "
                    f"{full.get(tile, 0)}")
    return None


def full_set(name: str) -> list[str]:
    """Every tile of a named set, sorted ('?' last)."""
    counts = TILE_SETS[name]
    return [t for t in sorted(counts, key=lambda k: (k == BLANK, k)) for _ in range(counts[t])]


def rack_value(tiles) -> int:
    """Face value of tiles left on a rack (a J/Q/X/Z counts at face value)."""
    return sum(VALUES[t] for t in tiles)


def sort_rack(tiles) -> str:
    return "".join(sorted(tiles, key=lambda t: (t == BLANK, t)))


class Bag:
    """The tiles not yet drawn. All randomness of a game comes from one seeded
    ``random.Random`` held here, so a game replays exactly from its seed."""

    __slots__ = ("tiles", "rng")

    def __init__(self, set_name: str, seed: int | str, taken=()):
        """``taken``: tiles already out of the bag (a game started from a position:
        its board and racks). They count as part of the game's tiles, so a scoop
        from a big set draws only the other BAG_SIZE - len(taken) of its 100."""
        self.rng = random.Random(seed)
        tiles, taken = full_set(set_name), list(taken)
        for t in taken:
            tiles.remove(t)   # ValueError: the caller checks the counts first
        if len(tiles) + len(taken) > BAG_SIZE:
            # A random scoop of 100 from the big sets (RULES.md section 2).
            tiles = sorted(self.rng.sample(tiles, BAG_SIZE - len(taken)), key=lambda t: (t == BLANK, t))
        self.tiles: list[str] = tiles

    def __len__(self) -> int:
        return len(self.tiles)

    def copy(self) -> "Bag":
        other = Bag.__new__(Bag)
        other.tiles = self.tiles[:]
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        return other

    def draw_one(self) -> str:
        return self.tiles.pop(self.rng.randrange(len(self.tiles)))

    def draw(self, n: int) -> list[str]:
        n = min(n, len(self.tiles))
        return [self.draw_one() for _ in range(n)]

    def put_back(self, tiles) -> None:
        self.tiles.extend(tiles)
        self.tiles.sort(key=lambda t: (t == BLANK, t))
