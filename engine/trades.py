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
    made while a condition is still present, with no condition left at the end
    (RULES.md section 9, as seed 003 reads: BCDFGHK trades two consonants, AAAITUY
    not two A's).

    Every condition is a count reaching a threshold, so removing tiles never adds
    one: the order that works, if any, removes last a tile whose return would bring
    a condition back. So the set is allowed when the rack without it shows none and
    the rack without all of it but one tile shows one."""
    rest = list(rack)
    for t in tiles:
        if t not in rest:
            return False
        rest.remove(t)
    if not tiles or conditions(rest):
        return False
    return any(conditions(rest + [t]) for t in set(tiles))


def allowed_trade(rack) -> str:
    """The smallest set the rack may trade now (letters in rack order), or "": a refused
    trade names one that is allowed ("TT is allowed")."""
    from itertools import combinations

    tiles = list(rack)
    for size in range(1, len(tiles) + 1):
        for pick in combinations(range(len(tiles)), size):
            text = "".join(tiles[i] for i in pick)
            if trade_allowed(rack, text):
                return text
    return ""


def trade_possible(rack) -> bool:
    """Some set of the rack may be traded now: with a condition present, removing
    tiles one at a time always reaches a rack without one, so a condition is
    enough (kept as a function: callers ask this, not the rule's arithmetic)."""
    return bool(conditions(rack))


def draw_for_trade(bag, rack, n: int, no_blank: bool) -> list[str]:
    """Draw up to ``n`` tiles for a free trade (the traded tiles are not yet back).

    A tile that would bring back a condition is set aside and another drawn; only
    when the bag holds nothing else are the set-aside tiles drawn from again and
    kept, so the rack is never left short. With ``no_blank`` (the player holds or
    has drawn a blank) no blank is accepted, and after one blank none is: then the
    rack may stay short (RULES.md section 9)."""
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
