"""The game's word sets: one flat-array word graph holding both lists.

A :class:`Lexicon` holds two word sets, **main** and **large** (large is always a
superset of main), in one minimal DAWG (a prefix graph walked left to right,
suffixes shared) whose nodes carry a two-valued word-end flag. Standard library
only; it runs unchanged under CPython 3.11+ and under Pyodide in the page.

Graph representation (what a move generator binds to locals)
------------------------------------------------------------
Letters are ints 0..25 (A..Z). Nodes are ints 0..N-1; the root is node 0. Edges are
ints 0..E-1. Three flat ``array.array`` objects (typecode ``'I'``, 4 bytes) hold
the whole graph; there is no Python object per node, edge or word:

``node_mask[node]``   bits 0..25: letters that can follow (``CHILD_BITS``);
                 bit 26 ``END_LARGE``: a word of the large list ends here;
                 bit 27 ``END_MAIN``: a word of the main list ends here (implies
                 ``END_LARGE``); bit 28 ``LIVE_MAIN``: some main word ends at this
                 node or below it (a main-only walk may prune nodes without it).
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

File format (``wordlists/lexicon.bin``, ``to_bytes``/``from_bytes``)
------------------------------------------------------------------
All integers little-endian. A 40-byte header::

    magic b"SWLX", u16 version (1), u8 codec (1: raw deflate), u8 ref width W,
    u32 N nodes, u32 E edges, u32 K, u32 main count, u32 large count,
    u32 longest word, u32 payload length, u32 CRC32

then the payload: a table of 4+W u32 stream lengths followed by 4+W independent
raw-deflate streams, one per byte plane: ``node_mask`` as 4 planes of N bytes (all
low bytes, then all second bytes, ...), then W planes of E bytes of ``ref``, where
``ref[e] == edge_child[e]`` except that it is 0 on the first edge leading to each
node numbered K or more (such a child is implied: the next unused number). The CRC32
covers the 36 header bytes before it and the payload. Each plane is compressed with
the deflate strategy that makes it smallest (these planes have little for LZ77 to
match, so Huffman-only or RLE often wins).

Loading is array-level only: inflate, interleave planes by slice assignment,
popcounts by ``bytes.translate`` summed as big integers, one
``itertools.accumulate`` each for ``node_first`` and the implied children, and
big-integer AND/OR (plane by plane) to merge those into ``edge_child``; never a
Python loop per node or edge.

A file can pass the CRC and still be malformed: loading rejects, plane by plane, an
edge past the last node, a leaf that ends no word, bad flag bits and an impossible
header. A cycle (an edge back up the graph) needs a walk over every edge, costing
more than the load: walks are safe without it (lookups and move generation stop at
the word or the board; :meth:`words` raises past the longest word), and
``from_bytes(data, full_check=True)`` (:meth:`check_acyclic`) finds it exactly.
"""

from __future__ import annotations

import array
import itertools
import os
import struct
import sys
import zlib

__all__ = ["Lexicon", "LexiconFormatError", "CHILD_BITS", "END_LARGE", "END_MAIN", "LIVE_MAIN"]

CHILD_BITS = (1 << 26) - 1
END_LARGE = 1 << 26
END_MAIN = 1 << 27
LIVE_MAIN = 1 << 28

MAGIC = b"SWLX"
VERSION = 1
CODEC_DEFLATE = 1
_HEADER = struct.Struct("<4sHBBIIIIIIII")
HEADER_SIZE = _HEADER.size  # 40

# Nodes with at least this many incoming edges get the small explicit numbers
# 1..K-1 (chosen by measuring the compressed size of the shipped lists).
_EXPLICIT_MIN_INDEGREE = 6

# 4-byte unsigned array typecode ('I' on every platform Python supports today).
_U32 = "I" if array.array("I").itemsize == 4 else "L"
_BIG_ENDIAN = sys.byteorder == "big"

# bytes.translate tables
_POPCOUNT = bytes(bin(i).count("1") for i in range(256))
_POPCOUNT_LOW2 = bytes(bin(i & 3).count("1") for i in range(256))  # mask byte 3: Y, Z
_IS_ZERO = bytes([1]) + bytes(255)
_ONE_TO_FF = bytes([0, 255]) + bytes(254)
# ASCII letters (either case) -> 0..25
_LETTER_CODES = bytes.maketrans(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", bytes(range(26)) * 2)
_BELOW = tuple((1 << i) - 1 for i in range(26))  # letters before letter i
# mask byte 3 (bits 24..31): a node is malformed when a flag bit 29..31 is set, or
# END_MAIN without END_LARGE.
_BAD_FLAGS = bytes(1 if v & 0xE0 or (v & 8 and not v & 4) else 0 for v in range(256))
_NO_END = bytes(0 if v & 4 else 1 for v in range(256))  # END_LARGE (bit 26) clear


def _first_set_byte(flags: int) -> int:
    """Index of the lowest byte holding 1 in a little-endian int of 0/1 bytes."""
    return ((flags & -flags).bit_length() - 1) // 8


class LexiconFormatError(ValueError):
    """A lexicon binary is corrupt or truncated, or a word list holds a bad word."""


def _u32_array(data=b"") -> array.array:
    a = array.array(_U32)
    if data:
        a.frombytes(data)
        if _BIG_ENDIAN:
            a.byteswap()
    return a


def _le_bytes(a: array.array) -> bytes:
    if _BIG_ENDIAN:
        a = array.array(a.typecode, a)
        a.byteswap()
    return a.tobytes()


def _interleave(planes, width: int, count: int) -> bytearray:
    """Little-endian ``width``-byte integers from byte planes (missing planes = 0)."""
    out = bytearray(width * count)
    for i, plane in enumerate(planes):
        out[i::width] = plane
    return out


def _split_planes(data: bytes, width: int, keep: int):
    return [data[i::width] for i in range(keep)]


def _and_bytes(parts, size: int) -> bytes:
    acc = int.from_bytes(parts[0], "little")
    for p in parts[1:]:
        acc &= int.from_bytes(p, "little")
    return acc.to_bytes(size, "little")


def _add_bytes(parts, size: int) -> bytes:
    """Byte-wise sum of equal-length byte strings (no byte may overflow)."""
    acc = 0
    for p in parts:
        acc += int.from_bytes(p, "little")
    return acc.to_bytes(size, "little")


def _deflate(plane: bytes) -> bytes:
    """The smallest raw-deflate stream of ``plane`` over zlib's strategies."""
    best = None
    for strategy in (zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED, zlib.Z_HUFFMAN_ONLY,
                     zlib.Z_RLE):
        c = zlib.compressobj(9, zlib.DEFLATED, -15, 9, strategy)
        out = c.compress(plane) + c.flush()
        if best is None or len(out) < len(best):
            best = out
    return best


def _inflate(stream: bytes, size: int, what: str) -> bytes:
    try:
        d = zlib.decompressobj(-15)
        out = d.decompress(stream, size)
        ok = d.eof and not d.unconsumed_tail and not d.unused_data and len(out) == size
    except zlib.error as exc:
        raise LexiconFormatError(
            f"lexicon binary corrupt: the {what} stream does not inflate ({exc})") from None
    if not ok:
        raise LexiconFormatError(
            f"lexicon binary corrupt: the {what} stream does not hold {size} bytes")
    return out


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
        data = bytes(data)
        if len(data) < HEADER_SIZE:
            raise LexiconFormatError(
                f"lexicon binary truncated: {len(data)} bytes, the header alone is "
                f"{HEADER_SIZE}")
        (magic, version, codec, refw, n, e, k, main_count, large_count, maxlen, plen,
         crc) = _HEADER.unpack_from(data)
        if magic != MAGIC:
            raise LexiconFormatError(
                f"not a lexicon binary: magic {magic!r}, expected {MAGIC!r}")
        if version != VERSION:
            raise LexiconFormatError(
                f"lexicon binary version {version} is not supported (expected {VERSION})")
        if len(data) != HEADER_SIZE + plen:
            what = "truncated" if len(data) < HEADER_SIZE + plen else "has trailing bytes"
            raise LexiconFormatError(
                f"lexicon binary {what}: {len(data)} bytes, its header announces "
                f"{HEADER_SIZE + plen}")
        computed = zlib.crc32(data[HEADER_SIZE:], zlib.crc32(data[:HEADER_SIZE - 4]))
        if computed != crc:
            raise LexiconFormatError(
                f"lexicon binary corrupt: CRC32 {computed:08x} does not match the "
                f"stored {crc:08x}")
        if codec != CODEC_DEFLATE:
            raise LexiconFormatError(f"lexicon binary: unknown codec {codec}")
        planes = 4 + refw
        if not (1 <= refw <= 4) or n < 1 or not (1 <= k <= n) or plen < 4 * planes:
            raise LexiconFormatError(
                f"lexicon binary corrupt: inconsistent header (nodes {n}, edges {e}, "
                f"K {k}, ref width {refw})")
        lengths = struct.unpack_from(f"<{planes}I", data, HEADER_SIZE)
        if sum(lengths) != plen - 4 * planes:
            raise LexiconFormatError(
                "lexicon binary corrupt: stream lengths do not add up to the payload")
        streams = []
        pos = HEADER_SIZE + 4 * planes
        for ln in lengths:
            streams.append(data[pos:pos + ln])
            pos += ln
        mp = [_inflate(streams[i], n, f"mask byte {i}") for i in range(4)]
        rp = [_inflate(streams[4 + i], e, f"edge byte {i}") for i in range(refw)]

        mask = _u32_array(_interleave(mp, 4, n))
        # edge counts = popcount of the 26 letter bits, byte plane by byte plane
        counts = _add_bytes([mp[0].translate(_POPCOUNT), mp[1].translate(_POPCOUNT),
                             mp[2].translate(_POPCOUNT), mp[3].translate(_POPCOUNT_LOW2)], n)
        _check_planes(mp, rp, counts, n, main_count, large_count, maxlen)
        first = array.array(_U32, itertools.accumulate(counts, initial=0))
        if first[-1] != e:
            raise LexiconFormatError(
                f"lexicon binary corrupt: the masks give {first[-1]} edges, the header "
                f"{e}")

        # edge_child: explicit refs, and implied children where ref == 0
        implied = _and_bytes([p.translate(_IS_ZERO) for p in rp], e) if e else b""
        ids = array.array(_U32, itertools.accumulate(implied, initial=k - 1))
        if ids[-1] != n - 1:
            raise LexiconFormatError(
                f"lexicon binary corrupt: {ids[-1] - k + 1} implied children, expected "
                f"{n - k}")
        if _BIG_ENDIAN:
            ids.byteswap()
        idb = ids.tobytes()  # little-endian u32s; ids[0] is the initial value
        keep = int.from_bytes(implied.translate(_ONE_TO_FF), "little")
        merged = []
        for j in range(refw):  # plane by plane: ref | (implied id & keep)
            v = int.from_bytes(rp[j], "little")
            v |= int.from_bytes(idb[4 + j::4], "little") & keep
            merged.append(v.to_bytes(e, "little"))
        child = _u32_array(_interleave(merged, 4, e))
        lex = cls(mask, first, child, k, main_count, large_count, maxlen)
        if full_check:
            lex.check_acyclic()
        return lex

    def check_acyclic(self) -> None:
        """Raise LexiconFormatError unless every path from the root is at most
        ``max_length`` letters: no edge leads back up the graph (a cycle) and the
        header's longest word is true. A walk over every edge (Kahn's order)."""
        first, child, n = self.node_first, self.edge_child, self.node_count
        indegree = [0] * n
        for c in child:
            indegree[c] += 1
        if indegree[0]:
            raise LexiconFormatError("lexicon binary corrupt: an edge leads back to the root")
        depth = [0] * n
        ready = [0]
        done = 0
        while ready:
            node = ready.pop()
            done += 1
            d = depth[node] + 1
            for c in child[first[node]:first[node + 1]]:
                if depth[c] < d:
                    depth[c] = d
                indegree[c] -= 1
                if not indegree[c]:
                    ready.append(c)
        if done != n:
            raise LexiconFormatError(
                f"lexicon binary corrupt: {n - done} nodes lie on or below a cycle, "
                "or cannot be reached from the root")
        if max(depth) > self.max_length:
            raise LexiconFormatError(
                f"lexicon binary corrupt: a path of {max(depth)} letters, but the "
                f"header says the longest word has {self.max_length}")

    def to_bytes(self) -> bytes:
        """The binary form read by :meth:`from_bytes` (same lexicon, same bytes)."""
        n, e, k = self.node_count, self.edge_count, self.explicit_count
        ref = array.array(_U32, self.edge_child)
        seen = bytearray(n)
        for i, c in enumerate(self.edge_child):
            if c >= k and not seen[c]:
                seen[c] = 1
                ref[i] = 0
        refw = 1
        while n > 1 << (8 * refw):
            refw += 1
        streams = [_deflate(p) for p in (_split_planes(_le_bytes(self.node_mask), 4, 4)
                                         + _split_planes(_le_bytes(ref), 4, refw))]
        payload = struct.pack(f"<{len(streams)}I", *map(len, streams)) + b"".join(streams)
        head = _HEADER.pack(MAGIC, VERSION, CODEC_DEFLATE, refw, n, e, k, self.main_count,
                            self.large_count, self.max_length, len(payload), 0)
        crc = zlib.crc32(payload, zlib.crc32(head[:-4]))
        return head[:-4] + struct.pack("<I", crc) + payload

    @classmethod
    def from_words(cls, main, large=None) -> "Lexicon":
        """Build from iterables of words (any case). ``large`` defaults to ``main``
        and is made a superset of it. Words must be letters A-Z only."""
        main_set = _clean_words(main)
        large_set = main_set if large is None else _clean_words(large) | main_set
        return cls._from_sets(main_set, large_set)

    @classmethod
    def from_file(cls, path, large=None) -> "Lexicon":
        """A plain text list, one word per line; blank lines and ``#`` comments are
        ignored. ``large``: an optional second file for the large list."""
        main_set = _read_word_file(path)
        large_set = main_set if large is None else _read_word_file(large) | main_set
        return cls._from_sets(main_set, large_set)

    @classmethod
    def from_text(cls, data: bytes, name: str = "word list") -> "Lexicon":
        """The same list as :meth:`from_file` reads, from the file's bytes (an upload)."""
        words = _parse_word_text(bytes(data), name)
        return cls._from_sets(words, words)

    @classmethod
    def default(cls) -> "Lexicon":
        """The shipped ``wordlists/lexicon.bin`` (beside the engine package), or the
        lexicon given to :meth:`set_default`. Loaded once."""
        if cls._default is None:
            path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "wordlists", "lexicon.bin")
            with open(path, "rb") as f:
                cls._default = cls.from_bytes(f.read())
        return cls._default

    @classmethod
    def set_default(cls, lexicon: "Lexicon | None") -> None:
        """Make :meth:`default` return this lexicon (e.g. the one the page fetched)."""
        cls._default = lexicon

    @classmethod
    def _from_sets(cls, main_set, large_set) -> "Lexicon":
        entries = sorted(large_set)
        nodes, root = _build_dawg(entries, main_set)
        mask, first, child, k = _layout(nodes, root)
        maxlen = max(map(len, entries), default=0)
        return cls(mask, first, child, k, len(main_set), len(large_set), maxlen)

    # ------------------------------------------------------------------ queries

    def is_word(self, word: str, large: bool = False) -> bool:
        """Is ``word`` (any case) in the main list, or with ``large`` in the large list."""
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
        return mask[n] & (END_LARGE if large else END_MAIN) != 0

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

    def is_end(self, node: int, large: bool = False) -> bool:
        """A word of main (or, with ``large``, of large) ends at ``node``."""
        return self.node_mask[node] & (END_LARGE if large else END_MAIN) != 0

    def is_live(self, node: int, large: bool = False) -> bool:
        """Some word of main (of large: always true) ends at ``node`` or below it."""
        return large or self.node_mask[node] & LIVE_MAIN != 0

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

    def words(self, large: bool = False):
        """All words of main (or large), uppercase, in alphabetical order."""
        mask, first, child = self.node_mask, self.node_first, self.edge_child
        end = END_LARGE if large else END_MAIN
        need = 0 if large else LIVE_MAIN
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


def _check_planes(mp, rp, counts: bytes, n: int, main_count: int, large_count: int,
                  maxlen: int) -> None:
    """Structure checks on the inflated byte planes (see the module docstring);
    ``counts[node]`` is the node's number of edges. Byte scans (``in``, ``find``)
    first; big integers only where a plane needs the one below it."""
    if main_count > large_count or (large_count and not 1 <= maxlen < n):
        raise LexiconFormatError(
            f"lexicon binary corrupt: inconsistent header ({main_count} main words, "
            f"{large_count} large, longest {maxlen} letters, {n} nodes)")
    # explicit refs (0 = implied) must name a node: compare byte planes from the top
    bad_edge, tied = -1, None  # tied: 0xFF where every plane so far equals n - 1's
    top = len(rp) - 1 if (n - 1) >> (8 * len(rp)) == 0 else -1
    for j in range(top, -1, -1):
        limit = (n - 1) >> (8 * j) & 255
        above = rp[j].translate(bytes(1 if v > limit else 0 for v in range(256)))
        if tied is None:
            bad_edge = above.find(1)
        else:
            hit = int.from_bytes(above, "little") & tied
            bad_edge = _first_set_byte(hit) if hit else -1
        if bad_edge >= 0 or bytes([limit]) not in rp[j]:
            break
        equal = int.from_bytes(rp[j].translate(bytes(0xFF if v == limit else 0
                                                     for v in range(256))), "little")
        tied = equal if tied is None else tied & equal
        if not tied:
            break
    if bad_edge >= 0:
        ref = sum(rp[j][bad_edge] << (8 * j) for j in range(len(rp)))
        raise LexiconFormatError(
            f"lexicon binary corrupt: edge {bad_edge} leads to node {ref}, past the last "
            f"node {n - 1}")
    node = mp[3].translate(_BAD_FLAGS).find(1)
    if node >= 0:
        raise LexiconFormatError(
            f"lexicon binary corrupt: node {node} has unknown or contradictory word-end flags")
    # a leaf (no edge) must end a word; the root of an empty lexicon is the exception
    leaf = _add_bytes([counts.translate(_IS_ZERO), mp[3].translate(_NO_END)], n).find(2, 1)
    if leaf >= 0:
        raise LexiconFormatError(
            f"lexicon binary corrupt: node {leaf} has no edge and ends no word")


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
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")  # as open() reads
    for lineno, line in enumerate(lines, 1):
        w = line.split("#", 1)[0].strip()
        if not w:
            continue
        if not (w.isascii() and w.isalpha()):
            raise _bad_word(w, f"{name}:{lineno}: ")
        out.add(w.upper())
    return out


def _build_dawg(entries, main_set):
    """Minimal DAWG of the sorted, distinct uppercase ``entries`` (incremental
    construction for sorted input). Returns ``(nodes, root)``: ``nodes[i]`` is
    ``(flags, ((letter, child), ...))`` and every child precedes its parent."""
    register = {}
    nodes = []

    def freeze(flags, edges):
        key = (flags, tuple(edges))
        i = register.get(key)
        if i is None:
            i = register[key] = len(nodes)
            nodes.append(key)
        return i

    # stack[d] = [flags, edges] of the unfinished node at depth d; the last edge of
    # every unfinished node points at the next one (None until frozen).
    stack = [[0, []]]
    prev = ""
    for w in entries:
        p = 0
        limit = min(len(w), len(prev))
        while p < limit and w[p] == prev[p]:
            p += 1
        while len(stack) > p + 1:
            flags, edges = stack.pop()
            top = stack[-1][1]
            top[-1] = (top[-1][0], freeze(flags, edges))
        for ch in w[p:]:
            stack[-1][1].append((ord(ch) - 65, None))
            stack.append([0, []])
        stack[-1][0] = (END_LARGE | END_MAIN) if w in main_set else END_LARGE
        prev = w
    while len(stack) > 1:
        flags, edges = stack.pop()
        top = stack[-1][1]
        top[-1] = (top[-1][0], freeze(flags, edges))
    flags, edges = stack.pop()
    return nodes, freeze(flags, edges)


def _layout(nodes, root):
    """Number the DAWG nodes as the file format wants and fill the three arrays."""
    count = len(nodes)
    live = bytearray(count)
    indeg = [0] * count
    for i, (flags, edges) in enumerate(nodes):
        ok = flags & END_MAIN
        for _, c in edges:
            indeg[c] += 1
            if live[c]:
                ok = 1
        if ok:
            live[i] = 1
    explicit = sorted((i for i in range(count) if indeg[i] >= _EXPLICIT_MIN_INDEGREE),
                      key=lambda i: (-indeg[i], i))
    ids = [-1] * count
    ids[root] = 0
    order = [root]
    for i in explicit:
        ids[i] = len(order)
        order.append(i)
    k = len(order)
    mask = array.array(_U32)
    first = array.array(_U32, [0])
    child = array.array(_U32)
    for old in order:  # grows while iterating: the implied children, in edge order
        flags, edges = nodes[old]
        m = flags | (LIVE_MAIN if live[old] else 0)
        for letter, c in edges:
            m |= 1 << letter
            if ids[c] < 0:
                ids[c] = len(order)
                order.append(c)
            child.append(ids[c])
        mask.append(m)
        first.append(len(child))
    return mask, first, child, k
