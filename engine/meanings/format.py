"""The meanings file (``wordlists/meanings.bin``): writing and reading its bytes.

The records are text lines, sorted, cut into blocks of about 64 KB that are each
compressed on their own, so a lookup inflates only the block it needs (a few ms) and
loading reads just the small index: the first meaning costs no 4.6 MB inflate.
All blocks share a preset dictionary (the glosses' commonest words), which makes
separate blocks cost under 1% more than one stream.

A 20-byte header, integers little-endian::

    magic b"WLMN", u16 version (2), u16 flags (0), u32 index length, u32 CRC32 of the
    index text, u32 CRC32 of the whole file but these last four bytes

then the index as a raw-deflate stream, then the blocks, each a raw-deflate stream
made with the dictionary, one after the other. The index is UTF-8 text, one item a
line: ``notices entries exceptions entry_blocks exception_blocks`` (counts), the
notice lines (the data's licence notice, kept with the data), the dictionary (one
line), then one line per block, entry blocks first: ``first word<TAB>lines<TAB>
compressed size<TAB>CRC32 of the block's text``.

Record lines (a block's text is its lines joined by newlines):

- **entry**: ``word<TAB>sense<TAB>sense...``, sorted by word (lowercase letters).
  A sense is a part-of-speech letter (``n`` noun, ``v`` verb, ``a`` adjective,
  ``r`` adverb) then either ``:`` and the gloss, or ``@`` and ``line.k``: the same
  gloss as sense ``k`` (1-based) of entry ``line`` (0-based), where it is written out.
  Synonyms share a gloss, and writing it once keeps the file small.
- **exception**: ``form<TAB>pos base<TAB>...`` (the pos letter glued to the base),
  sorted by form: an irregular form and the word it is a form of (GEESE: ``ngoose``).

A word's line starts with the word and a tab, and a tab sorts before every letter,
so the lines sort as their words do and a lookup bisects the block's lines.

The whole-file CRC is checked at load (about a millisecond for 1.5 MB), so a damaged
file is refused there, before any lookup: a flipped byte inside a block would
otherwise load and fail only the words of that block, later. Version 1 (16-byte
header, no such CRC) is refused with a word to rebuild it: the file ships with the
engine, so only a stale copy can be version 1, and damage in it would go unseen.
"""

from __future__ import annotations

import re
import struct
import zlib
from collections import Counter
from dataclasses import dataclass

MAGIC = b"WLMN"
VERSION = 2
_HEADER = struct.Struct("<4sHHIII")
HEADER_SIZE = _HEADER.size  # 20
_FILE_CRC_AT = HEADER_SIZE - 4
POS_LETTERS = "nvar"
BLOCK_CHARS = 64_000       # a block is cut after the line that reaches this size
DICTIONARY_BYTES = 32_768  # deflate's window: a longer dictionary would not be seen
MAX_INDEX_BYTES = 1 << 20  # the index inflated (the shipped one: about 40 KB); a bound, not a size


class MeaningsFormatError(ValueError):
    """The bytes are not a meanings file this engine can read."""


@dataclass(frozen=True)
class Block:
    key: str     # the first word (or form) of the block
    first: int   # index of its first line within its section
    count: int   # lines
    start: int   # offset of its stream in the file
    size: int    # compressed bytes
    crc: int     # CRC32 of its text


@dataclass(frozen=True)
class Layout:
    """A file read as far as its index: what is needed to find and inflate a block."""
    data: bytes
    notice: list[str]
    dictionary: bytes
    entries: list[Block]
    exceptions: list[Block]


# ---------------------------------------------------------------- writing


def _deflate(text: bytes, dictionary: bytes = b"") -> bytes:
    packer = (zlib.compressobj(9, zlib.DEFLATED, -15, 9, zdict=dictionary) if dictionary
              else zlib.compressobj(9, zlib.DEFLATED, -15, 9))
    return packer.compress(text) + packer.flush()


def _dictionary(entries: list[str]) -> bytes:
    """The commonest words of the entries (by count times length, ties by spelling),
    most useful last, as deflate looks back from the end of a preset dictionary."""
    counts = Counter(re.findall(r"[a-z]{3,}", "\n".join(entries)))
    chosen, size = [], 0
    for word, _ in sorted(counts.items(), key=lambda t: (-t[1] * len(t[0]), t[0])):
        if size + len(word) + 1 > DICTIONARY_BYTES:
            break
        chosen.append(word)
        size += len(word) + 1
    return " ".join(reversed(chosen)).encode("ascii")


def _blocks(lines: list[str]) -> list[list[str]]:
    out, current, size = [], [], 0
    for line in lines:
        current.append(line)
        size += len(line) + 1
        if size >= BLOCK_CHARS:
            out.append(current)
            current, size = [], 0
    if current:
        out.append(current)
    return out


def encode(notice: list[str], entries: list[str], exceptions: list[str]) -> bytes:
    """The file for these lines (already formatted and sorted; see the module doc)."""
    for line in [*notice, *entries, *exceptions]:
        if "\n" in line or "\r" in line:
            raise ValueError(f"a line holds a line break: {line[:40]!r}")
    dictionary = _dictionary(entries)
    sections = [_blocks(entries), _blocks(exceptions)]
    index = [f"{len(notice)} {len(entries)} {len(exceptions)} {len(sections[0])} {len(sections[1])}",
             *notice, dictionary.decode("ascii")]
    streams = []
    for block in sections[0] + sections[1]:
        text = "\n".join(block).encode("utf-8")
        streams.append(_deflate(text, dictionary))
        index.append(f"{block[0].split(chr(9), 1)[0]}\t{len(block)}\t{len(streams[-1])}\t{zlib.crc32(text)}")
    index_text = "\n".join(index).encode("utf-8")
    packed = _deflate(index_text)
    data = (_HEADER.pack(MAGIC, VERSION, 0, len(packed), zlib.crc32(index_text), 0)
            + packed + b"".join(streams))
    return data[:_FILE_CRC_AT] + file_crc(data).to_bytes(4, "little") + data[HEADER_SIZE:]


def file_crc(data) -> int:
    """CRC32 of the whole file but the header's last four bytes (where it is kept)."""
    view = memoryview(data)
    return zlib.crc32(view[HEADER_SIZE:], zlib.crc32(view[:_FILE_CRC_AT]))


# ---------------------------------------------------------------- reading


def _inflate(data, dictionary: bytes = b"", limit: int = 0) -> bytes:
    unpacker = zlib.decompressobj(-15, zdict=dictionary) if dictionary else zlib.decompressobj(-15)
    try:
        out = unpacker.decompress(data, limit)
    except zlib.error as exc:
        raise MeaningsFormatError(f"meanings file corrupt: {exc}") from None
    if not unpacker.eof or unpacker.unused_data or unpacker.unconsumed_tail:
        raise MeaningsFormatError("meanings file corrupt (a stream is truncated or overlong)")
    return out


def read_layout(data) -> Layout:
    """The header and index checked and read; MeaningsFormatError when the bytes are
    not a whole meanings file (each block is checked when it is first inflated)."""
    data = bytes(data)
    if len(data) < 6:
        raise MeaningsFormatError(f"meanings file too short ({len(data)} bytes)")
    if data[:4] != MAGIC:
        raise MeaningsFormatError("not a meanings file (bad magic)")
    version = int.from_bytes(data[4:6], "little")
    if version != VERSION:
        raise MeaningsFormatError(f"meanings file version {version}, this engine reads {VERSION}"
                                  + (" (version 1 has no whole-file checksum: rebuild it with"
                                     " wordlists/build_meanings.py)" if version == 1 else ""))
    if len(data) < HEADER_SIZE:
        raise MeaningsFormatError(f"meanings file too short ({len(data)} bytes)")
    _magic, _version, _flags, size, crc, whole = _HEADER.unpack_from(data)
    if file_crc(data) != whole:
        raise MeaningsFormatError("meanings file corrupt (its bytes do not match its checksum: damaged, cut short or added to)")
    text = _inflate(memoryview(data)[HEADER_SIZE:HEADER_SIZE + size], limit=MAX_INDEX_BYTES)
    if zlib.crc32(text) != crc:
        raise MeaningsFormatError("meanings file corrupt (index CRC mismatch)")
    try:
        lines = text.decode("utf-8").split("\n")
        n_notice, n_entries, n_exceptions, n_eblocks, n_xblocks = (int(n) for n in lines[0].split(" "))
        rows = [line.split("\t") for line in lines[2 + n_notice:]]
        specs = [(key, int(count), int(length), int(check)) for key, count, length, check in rows]
    except (UnicodeDecodeError, ValueError):
        raise MeaningsFormatError("meanings file corrupt (bad index)") from None
    if len(specs) != n_eblocks + n_xblocks or min(n_notice, n_eblocks, n_xblocks) < 0:
        raise MeaningsFormatError("meanings file corrupt (the index does not match its counts)")
    blocks, start = [], HEADER_SIZE + size
    for key, count, length, check in specs:
        first = 0 if len(blocks) in (0, n_eblocks) else blocks[-1].first + blocks[-1].count
        blocks.append(Block(key, first, count, start, length, check))
        start += length
    entries, exceptions = blocks[:n_eblocks], blocks[n_eblocks:]
    if (start != len(data) or sum(b.count for b in entries) != n_entries
            or sum(b.count for b in exceptions) != n_exceptions
            or any(b.count < 1 or b.size < 1 for b in blocks)):
        raise MeaningsFormatError("meanings file corrupt (blocks do not match the index)")
    return Layout(data, lines[1:1 + n_notice], lines[1 + n_notice].encode("utf-8"), entries, exceptions)


def block_lines(layout: Layout, block: Block) -> list[str]:
    """The block's lines, inflated and checked."""
    raw = memoryview(layout.data)[block.start:block.start + block.size]
    text = _inflate(raw, layout.dictionary, 4 * BLOCK_CHARS + 4096)
    lines = text.decode("utf-8", errors="replace").split("\n")
    if (zlib.crc32(text) != block.crc or len(lines) != block.count
            or lines[0].split("\t", 1)[0] != block.key):
        raise MeaningsFormatError(f"meanings file corrupt (block at {block.key!r})")
    return lines


def decode(data) -> tuple[list[str], list[str], list[str]]:
    """Every line: ``(notice, entries, exceptions)`` (the build's round-trip check)."""
    layout = read_layout(data)
    entries = [line for b in layout.entries for line in block_lines(layout, b)]
    exceptions = [line for b in layout.exceptions for line in block_lines(layout, b)]
    return layout.notice, entries, exceptions
