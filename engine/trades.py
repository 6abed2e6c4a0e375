"""Richard's free trades and split blanks (RULES.md section 9)."""

from __future__ import annotations

from collections import Counter

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
