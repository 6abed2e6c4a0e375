"""The lexicon binary (``wordlists/lexicon.bin``): writing, reading and checking it.

Split out of __init__.py: this module knows bytes (header, CRC, deflate planes, the
structure checks); __init__.py knows words and the graph API, and calls
:func:`encode`, :func:`decode` and :func:`check_acyclic`.

All integers little-endian. A 40-byte header::

    magic b"SWLX", u16 version (2), u8 codec (1: raw deflate), u8 ref width W,
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

Version 2 added the formative flags (bits 29 and 30 of ``node_mask``); a version 1
file (no formatives) still loads, and only version 1 refuses those bits.

Loading is array-level only: inflate, interleave planes by slice assignment,
popcounts by ``bytes.translate`` summed as big integers, one
``itertools.accumulate`` each for ``node_first`` and the implied children, and
big-integer AND/OR (plane by plane) to merge those into ``edge_child``; never a
Python loop per node or edge.

A file can pass the CRC and still be malformed: loading rejects, plane by plane, an
edge past the last node, a leaf that ends no word, bad flag bits and an impossible
header. A cycle (an edge back up the graph) needs a walk over every edge, costing
more than the load: walks are safe without it (lookups and move generation stop at
the word or the board; ``Lexicon.words`` raises past the longest word), and
``Lexicon.from_bytes(data, full_check=True)`` (:func:`check_acyclic`) finds it exactly.
"""

from __future__ import annotations

import array
import itertools
import struct
import sys
import zlib

# node_mask bits (engine/lexicon/__init__.py's docstring describes the graph)
CHILD_BITS = (1 << 26) - 1
END_LARGE = 1 << 26
END_MAIN = 1 << 27
LIVE_MAIN = 1 << 28
END_FORMATIVE = 1 << 29
LIVE_FORMATIVE = 1 << 30

MAGIC = b"SWLX"
VERSION = 2
READABLE_VERSIONS = (1, 2)
CODEC_DEFLATE = 1
_HEADER = struct.Struct("<4sHBBIIIIIIII")
HEADER_SIZE = _HEADER.size  # 40

# 4-byte unsigned array typecode ('I' on every platform Python supports today).
U32 = "I" if array.array("I").itemsize == 4 else "L"
_BIG_ENDIAN = sys.byteorder == "big"

# bytes.translate tables
_POPCOUNT = bytes(bin(i).count("1") for i in range(256))
_POPCOUNT_LOW2 = bytes(bin(i & 3).count("1") for i in range(256))  # mask byte 3: Y, Z
_IS_ZERO = bytes([1]) + bytes(255)
_ONE_TO_FF = bytes([0, 255]) + bytes(254)
# mask byte 3 (bits 24..31: Y, Z, END_LARGE 4, END_MAIN 8, LIVE_MAIN 16, END_FORMATIVE
# 32, LIVE_FORMATIVE 64, 128 unused): a node is malformed when it has an unknown
# bit, or a main or formative end without END_LARGE, or both (formatives are not
# main words). Version 1 knew no formative bits.
_BAD_FLAGS = {
    1: bytes(1 if v & 0xE0 or (v & 8 and not v & 4) else 0 for v in range(256)),
    2: bytes(1 if v & 0x80 or (v & 0x28 and not v & 4) or v & 0x28 == 0x28 else 0
             for v in range(256)),
}
_NO_END = bytes(0 if v & 4 else 1 for v in range(256))  # END_LARGE (bit 26) clear


def _first_set_byte(flags: int) -> int:
    """Index of the lowest byte holding 1 in a little-endian int of 0/1 bytes."""
    return ((flags & -flags).bit_length() - 1) // 8


class LexiconFormatError(ValueError):
    """A lexicon binary is corrupt or truncated, or a word list holds a bad word."""


def _u32_array(data=b"") -> array.array:
    a = array.array(U32)
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


# What a header may announce, checked before anything is inflated (a file with a
# valid CRC can claim any counts, and inflating them is what costs memory). The
# shipped graph has 74,000 nodes and 157,000 edges, and its planes inflate to
# 3.3 times the payload; a graph's planes are close to random, so no real one
# inflates to MAX_INFLATE_RATIO times its payload (a run of zeros does).
MAX_NODES = 1 << 24
MAX_EDGES = 1 << 25
MAX_INFLATE_RATIO = 32


def _check_counts(n: int, e: int, refw: int, plen: int) -> None:
    planes_bytes = 4 * n + refw * e
    if n > MAX_NODES or e > MAX_EDGES or e < n - 1 or planes_bytes > MAX_INFLATE_RATIO * plen:
        raise LexiconFormatError(
            f"lexicon binary corrupt: its header announces {n} nodes and {e} edges, "
            f"more than a payload of {plen} bytes can hold")


def decode(data: bytes):
    """The binary -> ``(node_mask, node_first, edge_child, K, main count, large count,
    longest word)``; raises LexiconFormatError naming what is wrong."""
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
    if version not in READABLE_VERSIONS:
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
    _check_counts(n, e, refw, plen)
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
    _check_planes(mp, rp, counts, n, main_count, large_count, maxlen, _BAD_FLAGS[version])
    first = array.array(U32, itertools.accumulate(counts, initial=0))
    if first[-1] != e:
        raise LexiconFormatError(
            f"lexicon binary corrupt: the masks give {first[-1]} edges, the header "
            f"{e}")

    # edge_child: explicit refs, and implied children where ref == 0
    implied = _and_bytes([p.translate(_IS_ZERO) for p in rp], e) if e else b""
    ids = array.array(U32, itertools.accumulate(implied, initial=k - 1))
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
    return mask, first, child, k, main_count, large_count, maxlen


def check_acyclic(node_first, edge_child, max_length: int) -> None:
    """Raise LexiconFormatError unless every path from the root is at most
    ``max_length`` letters: no edge leads back up the graph (a cycle) and the
    header's longest word is true. A walk over every edge (Kahn's order)."""
    first, child, n = node_first, edge_child, len(node_first) - 1
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
    if max(depth) > max_length:
        raise LexiconFormatError(
            f"lexicon binary corrupt: a path of {max(depth)} letters, but the "
            f"header says the longest word has {max_length}")


def encode(node_mask, edge_child, explicit_count: int, main_count: int,
           large_count: int, max_length: int) -> bytes:
    """The binary form :func:`decode` reads (same graph, same bytes)."""
    n, e, k = len(node_mask), len(edge_child), explicit_count
    ref = array.array(U32, edge_child)
    seen = bytearray(n)
    for i, c in enumerate(edge_child):
        if c >= k and not seen[c]:
            seen[c] = 1
            ref[i] = 0
    refw = 1
    while n > 1 << (8 * refw):
        refw += 1
    streams = [_deflate(p) for p in (_split_planes(_le_bytes(node_mask), 4, 4)
                                     + _split_planes(_le_bytes(ref), 4, refw))]
    payload = struct.pack(f"<{len(streams)}I", *map(len, streams)) + b"".join(streams)
    head = _HEADER.pack(MAGIC, VERSION, CODEC_DEFLATE, refw, n, e, k, main_count,
                        large_count, max_length, len(payload), 0)
    crc = zlib.crc32(payload, zlib.crc32(head[:-4]))
    return head[:-4] + struct.pack("<I", crc) + payload


def _check_planes(mp, rp, counts: bytes, n: int, main_count: int, large_count: int,
                  maxlen: int, bad_flags: bytes) -> None:
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
    node = mp[3].translate(bad_flags).find(1)
    if node >= 0:
        raise LexiconFormatError(
            f"lexicon binary corrupt: node {node} has unknown or contradictory word-end flags")
    # a leaf (no edge) must end a word; the root of an empty lexicon is the exception
    leaf = _add_bytes([counts.translate(_IS_ZERO), mp[3].translate(_NO_END)], n).find(2, 1)
    if leaf >= 0:
        raise LexiconFormatError(
            f"lexicon binary corrupt: node {leaf} has no edge and ends no word")
