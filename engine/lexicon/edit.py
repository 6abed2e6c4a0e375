"""A copy of a lexicon's word graph with a few words added to or taken out of
every list: how house words (engine/lexicon/house_words.py) reach the move generator.

Rebuilding the minimal graph takes seconds; a few hundred words are instead
edited into a copy of the three arrays by path copying. The nodes on a word's
path may be shared with other words, so each is copied (appended at the end of
the arrays) with the one change it needs, from the word's end up to the root's
edge, which is rewritten in place (no edge leads to the root). The nodes the
copies replace stay in the arrays, unreachable. An added word ends in main
(and so in the formatives' list and in large); a removed word ends in none, and
a node left with no word and no edge is dropped from its parent. Live bits on
a removed word's path may stay set: they only allow pruning, never require it.

The result is a :class:`Lexicon` for lookups and walks. It is not written to a
file: its node numbering is not the file format's.
"""

from __future__ import annotations

import array

from . import CHILD_BITS, END_FORMATIVE, END_LARGE, END_MAIN, LIVE_MAIN, Lexicon

_ENDS = END_LARGE | END_MAIN | END_FORMATIVE

__all__ = ["edited"]


def edited(lexicon: Lexicon, added=(), removed=()) -> Lexicon:
    """``lexicon`` with the uppercase words ``added`` in every list and
    ``removed`` in none (the two must not share a word)."""
    added, removed = sorted(set(added)), sorted(set(removed))
    if set(added) & set(removed):
        raise ValueError("a word cannot be both added and removed")
    mask, first, child = (array.array(a.typecode, a) for a in lexicon.raw())
    graph = _Graph(mask, first, child)
    main_count, large_count = lexicon.main_count, lexicon.large_count
    for word in added:
        main_count += not lexicon.is_word(word)
        large_count += not lexicon.is_word(word, large=True)
        graph.set_end(word, END_LARGE | END_MAIN, LIVE_MAIN)
    for word in removed:
        main_count -= lexicon.is_word(word)
        large_count -= lexicon.is_word(word, large=True)
        graph.set_end(word, 0, 0)
    longest = max([lexicon.max_length] + [len(w) for w in added])
    return Lexicon(graph.mask, graph.first, graph.child, None, main_count, large_count,
                   longest)


class _Graph:
    def __init__(self, mask, first, child):
        self.mask, self.first, self.child = mask, first, child

    def _edges(self, node: int) -> dict:
        """{letter: child} of a node (-1: no node, no edges)."""
        if node < 0:
            return {}
        m = self.mask[node] & CHILD_BITS
        f = self.first[node]
        out = {}
        i = 0
        while m:
            low = m & -m
            out[low.bit_length() - 1] = self.child[f + i]
            m ^= low
            i += 1
        return out

    def _append(self, flags: int, edges: dict) -> int:
        """A new node with these flags (no letter bits) and edges; its number."""
        for letter in edges:
            flags |= 1 << letter
        self.mask.append(flags)
        self.child.extend(edges[k] for k in sorted(edges))
        self.first.append(len(self.child))
        return len(self.mask) - 1

    def set_end(self, word: str, ends: int, live: int) -> None:
        """Make ``word`` end in exactly the lists of ``ends`` (0: none), adding
        ``live`` to every node on its path."""
        letters = [ord(ch) - 65 for ch in word]
        path = [0]
        for letter in letters:
            node = self._edges(path[-1]).get(letter, -1) if path[-1] >= 0 else -1
            path.append(node)
        node = path[-1]
        flags = (self.mask[node] & ~CHILD_BITS & ~_ENDS if node >= 0 else 0) | ends | live
        new = self._replace(flags, self._edges(node))
        for depth in range(len(letters) - 1, 0, -1):
            node = path[depth]
            edges = self._edges(node)
            _relink(edges, letters[depth], new)
            flags = (self.mask[node] & ~CHILD_BITS if node >= 0 else 0) | live
            new = self._replace(flags, edges)
        self._set_root_edge(letters[0], new)

    def _replace(self, flags: int, edges: dict) -> int:
        """The copy of a node, or -1 when it would end no word and lead nowhere."""
        if not edges and not flags & END_LARGE:
            return -1
        return self._append(flags, edges)

    def _set_root_edge(self, letter: int, new: int) -> None:
        mask, first, child = self.mask, self.first, self.child
        m = mask[0]
        pos = first[0] + (m & CHILD_BITS & ((1 << letter) - 1)).bit_count()
        has = m >> letter & 1
        if has and new >= 0:
            child[pos] = new
            return
        if not has and new < 0:
            return
        # the root gains or loses an edge: every later node's edges move by one
        step = 1 if new >= 0 else -1
        if new >= 0:
            child.insert(pos, new)
        else:
            del child[pos]
        mask[0] = m ^ (1 << letter)
        self.first = array.array(first.typecode, [first[0]] + [f + step for f in first[1:]])


def _relink(edges: dict, letter: int, new: int) -> None:
    if new >= 0:
        edges[letter] = new
    else:
        edges.pop(letter, None)
