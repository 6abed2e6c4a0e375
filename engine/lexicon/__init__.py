"""The game's word sets: one flat-array word graph holding every list.

A :class:`Lexicon` holds the word sets **main** and **large** (large is always a
superset of main) and the **formatives** (large words built on a main word,
engine/lexicon/formatives.py: main plus them is the list o, I, II and III play), in one
minimal DAWG (a prefix graph walked left to right, suffixes shared) whose nodes
carry word-end flags. Standard library only; it runs unchanged under CPython
3.11+ and under Pyodide in the page.

Graph representation (what a move generator binds to locals)
------------------------------------------------------------
Letters are ints 0..25 (A..Z). Nodes are ints 0..N-1; the root is node 0. Edges are
ints 0..E-1. Three flat ``array.array`` objects (typecode ``'I'``, 4 bytes) hold
the whole graph; there is no Python object per node, edge or word:

``node_mask[node]``   bits 0..25: letters that can follow (``CHILD_BITS``);
                 bit 26 ``END_LARGE``: a word of the large list ends here;
                 bit 27 ``END_MAIN``: a word of the main list ends here (implies
                 ``END_LARGE``); bit 28 ``LIVE_MAIN``: some main word ends at this
                 node or below it (a main-only walk may prune nodes without it);
                 bit 29 ``END_FORMATIVE``: a formative (a large word, not a
                 main one) ends here; bit 30 ``LIVE_FORMATIVE``: one ends here or
                 below. :func:`word_bits` gives each list's end and live masks.
``node_first[node]``  index of the node's first edge (N+1 entries, the last
                 is E). A node's edges are contiguous, in letter order.
``edge_child[edge]``  the node an edge leads to.

``Lexicon.raw()`` returns ``(node_mask, node_first, edge_child)``.

Following letter ``L`` from node ``n``::

    m = node_mask[n]
    if m >> L & 1:
        n = edge_child[node_first[n] + (m & ((1 << L) - 1)).bit_count()]

Node numbering (it makes the file small; a walker need not care): 0 is the root,
1..K-1 are the nodes with many incoming edges in decreasing order of in-degree,
and the others are numbered K, K+1, ... in the order of the first edge (by edge
index) that leads to them.

The file format (``wordlists/lexicon.bin``, :meth:`Lexicon.to_bytes` and
:meth:`Lexicon.from_bytes`) and its checks live in format.py.

Beside it in this package, what a game makes of the lists: words.py (which words
a game's rules accept: the one judge), house_words.py (the players' added and
forbidden words), formatives.py, derived.py (Richard's derived forms) and
edit.py (a copy of the graph with a few words added or taken out).
"""

from __future__ import annotations

import array
import io
import os

from .format import (CHILD_BITS, END_FORMATIVE, END_LARGE, END_MAIN,  # noqa: F401
                             LIVE_FORMATIVE, LIVE_MAIN, U32, LexiconFormatError, decode,
                             encode)
from .format import check_acyclic as _check_acyclic

__all__ = ["Lexicon", "LexiconFormatError", "CHILD_BITS", "END_FORMATIVE", "END_LARGE",
           "END_MAIN", "LIVE_FORMATIVE", "LIVE_MAIN", "word_bits"]


def word_bits(large: bool = False, formatives: bool = False) -> tuple[int, int]:
    """``(end, live)`` masks of one list for graph walkers: a word of the list ends
    at node n when ``node_mask[n] & end``; with ``live`` nonzero, a node without
    ``node_mask[n] & live`` leads to no word of it (0: no pruning, for large).
    ``large`` wins over ``formatives`` (which adds the formatives to main)."""
    if large:
        return END_LARGE, 0
    if formatives:
        return END_MAIN | END_FORMATIVE, LIVE_MAIN | LIVE_FORMATIVE
    return END_MAIN, LIVE_MAIN

# Nodes with at least this many incoming edges get the small explicit numbers
# 1..K-1 (chosen by measuring the compressed size of the shipped lists).
_EXPLICIT_MIN_INDEGREE = 6

# Bounds on the work a word list may ask of the build (a player's own list is any
# file of at most 4 MB), checked before the memory is spent. Building walks every
# distinct beginning of a word (a trie node: about 3 us each) and keeps every node
# of the minimal graph (about 150 bytes each until the arrays are filled).
# Measured: ENABLE (172,823 words) has 387,889 beginnings and a graph of 54,166
# nodes; every lower-case word of 2..15 letters in SCOWL's largest American and
# British lists and ENABLE (424,788 words, 4.4 MB) has 1,075,472 and 157,553.
# Random 40-letter words filling 4 MB have 3.6 million of both (28 s and 1.1 GB
# unbounded). A bound names the figure it refuses and the figure of a real list.
MAX_BEGINNINGS = 1_500_000   # the build's time (about 5 s at the bound)
MAX_BUILD_NODES = 300_000    # the build's memory (45 MB, 65 MB resident in all, at the bound)
MAX_LETTERS = 45             # the longest dictionary word's (a board is at most 21 wide)
_ALL_WORDS = "a list of every English word"
_LONGEST = (f"a word may have at most {MAX_LETTERS} letters (as many as the longest dictionary "
            "word; a board is at most 21 wide)")


class _GraphTooLarge(Exception):
    """The graph under construction passed :data:`MAX_BUILD_NODES` (made a LexiconFormatError
    that names the list in :meth:`Lexicon._from_sets`)."""


# ASCII letters (either case) -> 0..25
_LETTER_CODES = bytes.maketrans(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", bytes(range(26)) * 2)
_BELOW = tuple((1 << i) - 1 for i in range(26))  # letters before letter i


class Lexicon:
    """Main and large word sets in one DAWG; see the module docstring."""

    __slots__ = ("node_mask", "node_first", "edge_child", "root", "main_count",
                 "large_count", "node_count", "edge_count", "explicit_count",
                 "max_length")

    _default = None

    def __init__(self, node_mask, node_first, edge_child, explicit_count, main_count,
                 large_count, max_length):
        self.node_mask = node_mask
        self.node_first = node_first
        self.edge_child = edge_child
        self.root = 0
        self.node_count = len(node_mask)
        self.edge_count = len(edge_child)
        self.explicit_count = explicit_count
        self.main_count = main_count
        self.large_count = large_count
        self.max_length = max_length

    def raw(self):
        """``(node_mask, node_first, edge_child)``: the arrays, for fast walkers."""
        return self.node_mask, self.node_first, self.edge_child

    # ------------------------------------------------------------------ loading

    @classmethod
    def from_bytes(cls, data, full_check: bool = False) -> "Lexicon":
        """Load the binary written by :meth:`to_bytes` (the shipped lexicon.bin).
        ``full_check`` also proves the graph acyclic (:meth:`check_acyclic`), at a
        cost above the load itself: for files that did not come from the build."""
        lex = cls(*decode(data))
        if full_check:
            lex.check_acyclic()
        return lex

    def check_acyclic(self) -> None:
        """Raise LexiconFormatError unless every path from the root is at most
        ``max_length`` letters: no edge leads back up the graph (a cycle) and the
        header's longest word is true. A walk over every edge (Kahn's order)."""
        _check_acyclic(self.node_first, self.edge_child, self.max_length)

    def to_bytes(self) -> bytes:
        """The binary form read by :meth:`from_bytes` (same lexicon, same bytes)."""
        if self.explicit_count is None:
            raise LexiconFormatError("an edited lexicon (house words) is not written to a file")
        return encode(self.node_mask, self.edge_child, self.explicit_count, self.main_count,
                      self.large_count, self.max_length)

    @classmethod
    def from_words(cls, main, large=None, formatives=()) -> "Lexicon":
        """Build from iterables of words (any case). ``large`` defaults to ``main``
        and is made a superset of it. ``formatives``: the words of large to mark
        as formatives (main words among them are ignored; the build passes
        ``formatives.find_formatives(main, large)``). Words must be letters A-Z."""
        main_set = _clean_words(main)
        large_set = main_set if large is None else _clean_words(large) | main_set
        form_set = _clean_words(formatives) - main_set
        if not form_set <= large_set:
            raise LexiconFormatError(
                f"formative {min(form_set - large_set)} is not in the large list")
        return cls._from_sets(main_set, large_set, form_set)

    @classmethod
    def from_file(cls, path, large=None) -> "Lexicon":
        """A plain text list, one word per line; blank lines and ``#`` comments are
        ignored. ``large``: an optional second file for the large list."""
        main_set = _read_word_file(path)
        large_set = main_set if large is None else _read_word_file(large) | main_set
        return cls._from_sets(main_set, large_set, name=os.fspath(path))

    @classmethod
    def from_text(cls, data: bytes, name: str = "") -> "Lexicon":
        """The same list as :meth:`from_file` reads, from the file's bytes (an upload);
        ``name`` (a file name) is named in errors."""
        words = _parse_word_text(bytes(data), name or "word list")
        return cls._from_sets(words, words, name=name)

    @classmethod
    def default(cls) -> "Lexicon":
        """The shipped ``wordlists/lexicon.bin`` (beside the engine package). Loaded once."""
        if cls._default is None:
            engine = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # engine/lexicon/ -> engine/
            path = os.path.join(os.path.dirname(engine), "wordlists", "lexicon.bin")
            with open(path, "rb") as f:
                cls._default = cls.from_bytes(f.read())
        return cls._default

    @classmethod
    def _from_sets(cls, main_set, large_set, form_set=frozenset(), name="") -> "Lexicon":
        """Build from sets of uppercase words. LexiconFormatError (naming the list by
        ``name``) when a word is too long or the graph would pass a bound on the work
        (:data:`MAX_BEGINNINGS`, :data:`MAX_BUILD_NODES`): the first two are known before
        building, the third stops the build at the bound."""
        entries = sorted(large_set)
        maxlen = max(map(len, entries), default=0)
        what = f"'{name}'" if name else "This word list"
        if maxlen > MAX_LETTERS:
            word = max(entries, key=len)
            raise LexiconFormatError(f"{what} has a word of {maxlen:,} letters ({word[:20]}...): "
                                     f"{_LONGEST}")
        begins = _beginnings(entries)
        if begins > MAX_BEGINNINGS:
            raise LexiconFormatError(
                f"{what} is too large to use: its words begin in {begins:,} different ways "
                f"(at most {MAX_BEGINNINGS:,}; {_ALL_WORDS} has about 1,100,000)")
        try:
            nodes, root = _build_dawg(entries, main_set, form_set, MAX_BUILD_NODES)
        except _GraphTooLarge:
            raise LexiconFormatError(
                f"{what} is too large to use: its word graph needs more than {MAX_BUILD_NODES:,} "
                f"nodes (at most {MAX_BUILD_NODES:,}; {_ALL_WORDS} needs about 160,000)") from None
        mask, first, child, k = _layout(nodes, root)
        return cls(mask, first, child, k, len(main_set), len(large_set), maxlen)

    # ------------------------------------------------------------------ queries

    def is_word(self, word: str, large: bool = False, formatives: bool = False) -> bool:
        """Is ``word`` (any case) in the main list (with ``formatives``: in main or a
        formative; with ``large``: in the large list)."""
        return self.has(word, END_LARGE if large else
                        END_MAIN | END_FORMATIVE if formatives else END_MAIN)

    def has(self, word: str, end: int) -> bool:
        """Does ``word`` (any case) end on a node with a bit of ``end`` (a list's
        end mask, :func:`word_bits`)."""
        try:
            codes = word.encode("ascii")
        except (UnicodeEncodeError, AttributeError):
            return False
        if not codes.isalpha():
            return False
        mask = self.node_mask
        first = self.node_first
        child = self.edge_child
        below = _BELOW
        n = 0
        for c in codes.translate(_LETTER_CODES):
            m = mask[n]
            if not m >> c & 1:
                return False
            n = child[first[n] + (m & below[c]).bit_count()]
        return mask[n] & end != 0

    def __contains__(self, word) -> bool:
        """``word in lexicon``: the large list (use :meth:`is_word` to choose)."""
        return isinstance(word, str) and self.is_word(word, True)

    def __len__(self) -> int:
        """Distinct words in both lists (the size of the large list)."""
        return self.large_count

    def child(self, node: int, letter: int) -> int:
        """The node reached from ``node`` by ``letter`` (0..25), or -1."""
        m = self.node_mask[node]
        if not m >> letter & 1:
            return -1
        return self.edge_child[self.node_first[node] + (m & ((1 << letter) - 1)).bit_count()]

    def child_mask(self, node: int) -> int:
        """Bit i set when letter i can follow ``node`` (in either list)."""
        return self.node_mask[node] & CHILD_BITS

    def is_end(self, node: int, large: bool = False, formatives: bool = False) -> bool:
        """A word of the list (chosen as in :meth:`is_word`) ends at ``node``."""
        return self.node_mask[node] & word_bits(large, formatives)[0] != 0

    def is_live(self, node: int, large: bool = False, formatives: bool = False) -> bool:
        """Some word of the list (as in :meth:`is_word`; of large: always true)
        ends at ``node`` or below it."""
        live = word_bits(large, formatives)[1]
        return not live or self.node_mask[node] & live != 0

    def walk(self, prefix: str) -> int:
        """The node reached by spelling ``prefix`` (any case) from the root, or -1."""
        n = 0
        for ch in prefix.upper():
            c = ord(ch) - 65
            if not 0 <= c < 26:
                return -1
            n = self.child(n, c)
            if n < 0:
                return -1
        return n

    def words(self, large: bool = False, formatives: bool = False):
        """All words of the list (chosen as in :meth:`is_word`), uppercase, in
        alphabetical order."""
        mask, first, child = self.node_mask, self.node_first, self.edge_child
        end, need = word_bits(large, formatives)
        letters = [chr(65 + i) for i in range(26)]
        longest = self.max_length
        stack = [(0, "")]
        pop = stack.pop
        while stack:
            n, prefix = pop()
            if len(prefix) > longest:  # only a cycle (or a false header) leads here
                raise LexiconFormatError(
                    f"lexicon corrupt: {prefix[:20]}... runs past the longest word "
                    f"({longest} letters): the graph has a cycle")
            m = mask[n]
            if m & end:
                yield prefix
            f = first[n]
            cm = m & CHILD_BITS
            kids = []
            i = 0
            while cm:
                low = cm & -cm
                c = child[f + i]
                if not need or mask[c] & need:
                    kids.append((c, prefix + letters[low.bit_length() - 1]))
                cm ^= low
                i += 1
            kids.reverse()
            stack.extend(kids)

    def nbytes(self) -> int:
        """Bytes held by the three arrays."""
        return sum(a.itemsize * len(a)
                   for a in (self.node_mask, self.node_first, self.edge_child))

    def __repr__(self) -> str:
        return (f"<Lexicon main={self.main_count} large={self.large_count} "
                f"nodes={self.node_count} edges={self.edge_count}>")


# ---------------------------------------------------------------------- building


def _bad_word(word, where="") -> LexiconFormatError:
    text = repr(word) if len(str(word)) <= 60 else repr(str(word)[:60]) + "..."
    return LexiconFormatError(f"{where}{text} is not a word of letters A-Z")


def _clean_words(words) -> set:
    out = set()
    add = out.add
    for w in words:
        if not isinstance(w, str):
            raise _bad_word(w)
        if not (w.isascii() and w.isalpha()):
            s = w.strip()
            if s and s.isascii() and s.isalpha():
                w = s
            else:
                raise _bad_word(w)
        add(w.upper())
    return out


def _read_word_file(path) -> set:
    with open(path, "rb") as f:
        return _parse_word_text(f.read(), os.fspath(path))


def _parse_word_text(data: bytes, name: str) -> set:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise LexiconFormatError(
            f"{name}:{line}: not UTF-8 text (byte {data[exc.start]:#04x}); a "
            "word list is one word of letters A-Z per line") from None
    out = set()
    # line by line as open() reads (any line end), never a list of every line: a
    # million short lines would be 60 MB of strings
    for lineno, line in enumerate(io.StringIO(text, newline=None), 1):
        w = line.split("#", 1)[0].strip()
        if not w:
            continue
        if not (w.isascii() and w.isalpha()):
            raise _bad_word(w, f"{name}:{lineno}: ")
        if len(w) > MAX_LETTERS:
            raise LexiconFormatError(f"{name}:{lineno}: a word of {len(w):,} letters "
                                     f"({w[:20]}...): {_LONGEST}")
        out.add(w.upper())
    return out


def _beginnings(entries) -> int:
    """Distinct non-empty beginnings of the sorted, distinct ``entries`` (the nodes of
    their trie less the root): what :func:`_build_dawg` walks, counted without
    building anything."""
    total = 0
    prev = ""
    for w in entries:
        p = 0
        for a, b in zip(w, prev):
            if a != b:
                break
            p += 1
        total += len(w) - p
        prev = w
    return total


def _build_dawg(entries, main_set, form_set, max_nodes=MAX_BUILD_NODES):
    """Minimal DAWG of the sorted, distinct uppercase ``entries`` (incremental
    construction for sorted input), each word's end flagged by its list.
    Returns ``(nodes, root)``: ``nodes[i]`` is ``(flags, letter, child, letter,
    child, ...)`` (one flat tuple a node: 100 bytes less than a tuple of pairs)
    and every child precedes its parent. _GraphTooLarge as node ``max_nodes + 1``
    would be made."""
    register = {}
    nodes = []

    def freeze(node):
        key = tuple(node)
        i = register.get(key)
        if i is None:
            if len(nodes) >= max_nodes:
                raise _GraphTooLarge
            i = register[key] = len(nodes)
            nodes.append(key)
        return i

    # stack[d] = [flags, letter, child, ...] of the unfinished node at depth d; the
    # last child of every unfinished node is the next one (None until frozen).
    stack = [[0]]
    prev = ""
    for w in entries:
        p = 0
        limit = min(len(w), len(prev))
        while p < limit and w[p] == prev[p]:
            p += 1
        while len(stack) > p + 1:
            node = stack.pop()
            stack[-1][-1] = freeze(node)
        for ch in w[p:]:
            stack[-1] += (ord(ch) - 65, None)
            stack.append([0])
        stack[-1][0] = END_LARGE | (END_MAIN if w in main_set else
                                    END_FORMATIVE if w in form_set else 0)
        prev = w
    while len(stack) > 1:
        node = stack.pop()
        stack[-1][-1] = freeze(node)
    return nodes, freeze(stack.pop())


def _layout(nodes, root):
    """Number the DAWG nodes as the file format wants and fill the three arrays."""
    count = len(nodes)
    live = [0] * count      # each node's LIVE_MAIN | LIVE_FORMATIVE
    indeg = [0] * count
    for i, node in enumerate(nodes):
        flags = node[0]
        here = (LIVE_MAIN if flags & END_MAIN else 0) | (
            LIVE_FORMATIVE if flags & END_FORMATIVE else 0)
        for c in node[2::2]:
            indeg[c] += 1
            here |= live[c]
        live[i] = here
    explicit = sorted((i for i in range(count) if indeg[i] >= _EXPLICIT_MIN_INDEGREE),
                      key=lambda i: (-indeg[i], i))
    ids = [-1] * count
    ids[root] = 0
    order = [root]
    for i in explicit:
        ids[i] = len(order)
        order.append(i)
    k = len(order)
    mask = array.array(U32)
    first = array.array(U32, [0])
    child = array.array(U32)
    for old in order:  # grows while iterating: the implied children, in edge order
        node = nodes[old]
        m = node[0] | live[old]
        for letter, c in zip(node[1::2], node[2::2]):
            m |= 1 << letter
            if ids[c] < 0:
                ids[c] = len(order)
                order.append(c)
            child.append(ids[c])
        mask.append(m)
        first.append(len(child))
    return mask, first, child, k
