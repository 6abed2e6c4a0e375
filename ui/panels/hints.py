"""Which hints the Hint panel lists: distinct words first.

The engine's best plays are often one word in several places (HOWF five times): a list
of five would then teach one word. The page asks the engine for a larger pool and lists
each main word once, at its best place, with how many other places score too; places
of a word already listed fill the list only when there are too few words. Pure and
MicroPython-safe.
"""

POOL = 60   # plays asked of the engine (its most, engine/session HINT_TOP_MAX): 10+ words at the opening


def word_of(move):
    """The word a hint teaches: its main word (the first the engine names), else its text."""
    words = move.get("words") or []
    return words[0] if words else move.get("move", "")


def distinct(moves, top):
    """At most ``top`` of ``moves`` (best first): the best place of each word first, in
    the engine's order, then further places; a word's first place carries "others", how
    many other places of it the pool holds (0 on the further places)."""
    count = {}
    for m in moves:
        w = word_of(m)
        count[w] = count.get(w, 0) + 1
    first, rest, seen = [], [], {}
    for m in moves:
        w = word_of(m)
        out = dict(m)
        if w in seen:
            out["others"] = 0
            rest.append(out)
        else:
            seen[w] = True
            out["others"] = count[w] - 1
            first.append(out)
    return (first + rest)[:top]
