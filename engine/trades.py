"""Richard's free trades and split blanks (RULES.md section 9)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

from .tiles import BLANK, VOWELS


def conditions(rack) -> set[str]:
    """The trade conditions a rack shows. Y counts as vowel and as consonant (to
    the player's advantage); the blank never helps."""
    counts = Counter(t for t in rack if t != BLANK)
    found = set()
    if sum(1 for n in counts.values() if n >= 2) >= 2:
        found.add("two pairs")
    if any(n >= 3 for n in counts.values()):
        found.add("three of a letter")
    vowels = sum(n for t, n in counts.items() if t in VOWELS or t == "Y")
    consonants = sum(n for t, n in counts.items() if t not in VOWELS)
    if vowels >= 6:
        found.add("six vowels")
    if consonants >= 6:
        found.add("six consonants")
    return found


def trade_allowed(rack, tiles) -> bool:
    """A set may be traded when its tiles can be removed one at a time, each removal
    eliminating a condition still present, leaving no condition."""
    rack = list(rack)
    for t in tiles:
        if t not in rack:
            return False
        rack.remove(t)
    rack_after = rack
    full = list(rack_after) + list(tiles)

    def search(current, remaining) -> bool:
        conds = conditions(current)
        if not remaining:
            return not conds
        for t in sorted(set(remaining)):
            nxt = list(current)
            nxt.remove(t)
            if conds - conditions(nxt):
                rest = list(remaining)
                rest.remove(t)
                if search(nxt, rest):
                    return True
        return False

    return bool(tiles) and search(full, list(tiles))


@lru_cache(maxsize=256)
def _first_trade(rack: str) -> str | None:
    for n in range(1, len(rack) + 1):
        for combo in sorted(set(combinations(rack, n))):
            if trade_allowed(rack, combo):
                return "".join(combo)
    return None


def trade_possible(rack) -> bool:
    """Some set of the rack may be traded now (a condition alone is not enough:
    BCDFGHJ shows six consonants, yet no single removal clears it)."""
    return bool(conditions(rack)) and _first_trade("".join(sorted(rack))) is not None


def draw_for_trade(bag, rack, n: int, no_blank: bool) -> list[str]:
    """Draw up to ``n`` tiles for a free trade (the traded tiles are not yet back).

    A tile that would bring back a condition is set aside and another drawn; only
    when the bag holds nothing else are the set-aside tiles drawn from again and
    kept, so the rack is never left short. With ``no_blank`` (split blanks: the
    player holds or has drawn a blank) no blank is accepted, and after one blank
    none is: then the rack may stay short (RULES.md section 9)."""
    drawn, aside, blanks = [], [], []
    choosy = True
    while len(drawn) < n:
        if not bag.tiles:
            if not (choosy and aside):
                break
            bag.put_back(aside)     # nothing better left: draw again, keeping any
            aside, choosy = [], False
        t = bag.draw_one()
        if t == BLANK and (no_blank or BLANK in drawn):
            blanks.append(t)
        elif choosy and conditions(list(rack) + drawn + [t]):
            aside.append(t)
        else:
            drawn.append(t)
    bag.put_back(aside + blanks)
    return drawn
