"""engine/lexicon/: the shipped word sets (wordlists/lexicon.bin) and the graph API.

CI has no SCOWL: the shipped binary is checked against wordlists/manifest.json (counts,
sha256 of the file and of both sorted word lists, recorded by wordlists/build.py from
its own input lists) and against the committed wordlists/enable1.txt.
"""

from __future__ import annotations

import hashlib
import struct
import zlib
import json
import random
import time
from pathlib import Path

import pytest

from engine.lexicon import (CHILD_BITS, END_FORMATIVE, END_LARGE, END_MAIN, LIVE_FORMATIVE,
                            LIVE_MAIN, Lexicon, LexiconFormatError)
from engine.lexicon.format import _HEADER, HEADER_SIZE
from engine.rules import TWO_LETTER_72

ROOT = Path(__file__).resolve().parents[2]
WORDLISTS = ROOT / "wordlists"
BIN = WORDLISTS / "lexicon.bin"


def list_sha256(words) -> str:
    return hashlib.sha256("".join(w + "\n" for w in words).encode("ascii")).hexdigest()


@pytest.fixture(scope="module")
def manifest():
    return json.loads((WORDLISTS / "manifest.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def lex():
    return Lexicon.default()


@pytest.fixture(scope="module")
def main_words(lex):
    return list(lex.words())


@pytest.fixture(scope="module")
def large_words(lex):
    return list(lex.words(large=True))


@pytest.fixture(scope="module")
def enable_words():
    text = (WORDLISTS / "enable1.txt").read_text(encoding="ascii")
    return {w.upper() for w in text.split()}


# ------------------------------------------------------------- the shipped lists


def test_binary_matches_manifest(manifest):
    data = BIN.read_bytes()
    out = manifest["outputs"]["lexicon.bin"]
    assert len(data) == out["bytes"]
    assert hashlib.sha256(data).hexdigest() == out["sha256"]


def test_counts_match_manifest(lex, manifest, main_words, large_words):
    c = manifest["counts"]
    assert lex.main_count == len(main_words) == c["main"]
    assert lex.large_count == len(large_words) == len(lex) == c["large"]
    assert lex.node_count == c["graph_nodes"]
    assert lex.edge_count == c["graph_edges"]
    assert c["main"] > 100_000 and c["large"] > 170_000


def test_word_lists_match_manifest_hashes(manifest, main_words, large_words):
    # words() walks the graph; the hashes were taken by the build from its input lists
    assert main_words == sorted(main_words) and large_words == sorted(large_words)
    assert list_sha256(main_words) == manifest["word_lists"]["main_sha256"]
    assert list_sha256(large_words) == manifest["word_lists"]["large_sha256"]


def test_large_is_enable_plus_main(main_words, large_words, enable_words):
    assert set(large_words) == enable_words | set(main_words)


def test_every_word_accepted_in_the_right_sets(lex, main_words, large_words):
    is_word = lex.is_word
    main_set = set(main_words)
    assert all(is_word(w) and is_word(w, large=True) for w in main_words)
    large_only = [w for w in large_words if w not in main_set]
    assert len(large_only) == lex.large_count - lex.main_count
    assert all(is_word(w, large=True) for w in large_only)
    assert not any(is_word(w) for w in large_only)


def test_case_insensitive(lex, main_words):
    for w in main_words[::997]:
        assert lex.is_word(w.lower()) and lex.is_word(w.capitalize(), large=True)


def test_100k_random_strings_rejected(lex, large_words):
    rng = random.Random(20201207)
    known = set(large_words)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    probes = set()
    while len(probes) < 50_000:  # uniform random strings
        s = "".join(rng.choice(letters) for _ in range(rng.randint(1, 15)))
        if s not in known:
            probes.add(s)
    while len(probes) < 100_000:  # near misses: one edit away from a real word
        w = rng.choice(large_words)
        i = rng.randrange(len(w) + 1)
        kind = rng.randrange(3)
        if kind == 0:
            s = w[:i] + rng.choice(letters) + w[i:]
        elif kind == 1 and i < len(w):
            s = w[:i] + rng.choice(letters) + w[i + 1:]
        else:
            s = w[:i] + w[i + 1:]
        if s and s not in known:
            probes.add(s)
    is_word = lex.is_word
    assert not any(is_word(s) or is_word(s, large=True) for s in probes)


@pytest.mark.parametrize("word", ["GALLIGASKINS", "COGNOSCENTI", "ARPEGGIATION",
                                  "MICROBREWERIES", "DECAFFEINATED"])
def test_spot_checks_in_main(lex, word):
    assert lex.is_word(word) and lex.is_word(word, large=True)


@pytest.mark.parametrize("word", ["QI", "ZA"])
def test_qi_and_za_in_neither(lex, word):
    assert not lex.is_word(word) and not lex.is_word(word, large=True)


def test_two_letter_words(lex, main_words):
    assert {w for w in main_words if len(w) == 2} == TWO_LETTER_72
    assert all(lex.is_word(w) for w in TWO_LETTER_72)
    assert not any(len(w) < 2 for w in main_words)


def test_main_word_lengths(main_words):
    assert all(3 <= len(w) <= 21 for w in main_words if len(w) != 2)


def test_denylisted_abbreviations_not_in_main(lex):
    for w in ("CSC", "DKL", "HHD", "PSIA", "KCAL", "SECH", "TANH"):
        assert not lex.is_word(w)


def test_default_is_cached(lex):
    assert Lexicon.default() is lex


# ------------------------------------------------------------------- graph walk


def test_graph_walk_api(lex):
    assert lex.root == 0
    n = lex.root
    prefix = ""
    for ch in "COGNOSCENT":
        prefix += ch
        n = lex.child(n, ord(ch) - 65)
        assert n >= 0
        assert lex.is_end(n) == lex.is_word(prefix)  # COG yes, COGN no
        assert lex.is_end(n, large=True) == lex.is_word(prefix, large=True)
    assert lex.child_mask(n) >> (ord("I") - 65) & 1
    n = lex.child(n, ord("I") - 65)
    assert lex.is_end(n) and lex.is_end(n, large=True)
    assert lex.walk("cognoscenti") == n
    assert lex.walk("QZX") == -1 and lex.walk("A1") == -1
    assert lex.child(lex.walk("Q"), ord("X") - 65) == -1


def test_child_mask_agrees_with_child(lex):
    for node in range(0, lex.node_count, 173):
        m = lex.child_mask(node)
        assert m == lex.node_mask[node] & CHILD_BITS
        for letter in range(26):
            assert (lex.child(node, letter) >= 0) == bool(m >> letter & 1)


def test_flags(lex):
    mask = lex.node_mask
    for node in range(lex.node_count):
        m = mask[node]
        if m & END_MAIN:
            assert m & END_LARGE and m & LIVE_MAIN and not m & END_FORMATIVE
        if m & END_FORMATIVE:
            assert m & END_LARGE and m & LIVE_FORMATIVE
        assert m >> 31 == 0
    # a large-only word ends on a node that is not a main end
    n = lex.walk("QAT")
    assert lex.is_end(n, large=True) and not lex.is_end(n)


def test_live_main_prunes_only_dead_branches(lex, main_words):
    # every prefix of a main word is live; words() relies on it
    for w in main_words[::50]:
        n = 0
        for ch in w:
            n = lex.child(n, ord(ch) - 65)
            assert lex.is_live(n)


def test_raw_arrays(lex):
    mask, first, child = lex.raw()
    assert len(mask) == lex.node_count and len(first) == lex.node_count + 1
    assert first[-1] == len(child) == lex.edge_count
    assert max(child) < lex.node_count
    assert mask.itemsize == first.itemsize == child.itemsize == 4


def test_graph_memory_small(lex):
    assert lex.nbytes() < 5_000_000


# ------------------------------------------------------------- loading errors


def test_roundtrip_bytes_identical():
    data = BIN.read_bytes()
    assert Lexicon.from_bytes(data).to_bytes() == data


@pytest.mark.parametrize("cut", [0, 3, HEADER_SIZE - 1, HEADER_SIZE, HEADER_SIZE + 10,
                                 -1, -1000])
def test_truncated_binary(cut):
    data = BIN.read_bytes()[:cut]
    with pytest.raises(LexiconFormatError, match="truncated"):
        Lexicon.from_bytes(data)


def test_trailing_bytes():
    with pytest.raises(LexiconFormatError, match="trailing"):
        Lexicon.from_bytes(BIN.read_bytes() + b"\0")


@pytest.mark.parametrize("pos", [HEADER_SIZE + 3, HEADER_SIZE + 100, 50_000, -1, 12, 30])
def test_corrupt_binary(pos):
    data = bytearray(BIN.read_bytes())
    data[pos] ^= 0x20
    with pytest.raises(LexiconFormatError, match="corrupt|truncated"):
        Lexicon.from_bytes(bytes(data))


def test_not_a_lexicon():
    with pytest.raises(LexiconFormatError, match="not a lexicon"):
        Lexicon.from_bytes(b"<!DOCTYPE html><html>404 not found</html>" + bytes(40))
    assert issubclass(LexiconFormatError, ValueError)


# ------------------------------------------------------------- building


def test_from_words_sets_and_case():
    lex = Lexicon.from_words(["Cat", "dog", "DOGS"], ["zebra", "cat"])
    assert list(lex.words()) == ["CAT", "DOG", "DOGS"]
    assert list(lex.words(large=True)) == ["CAT", "DOG", "DOGS", "ZEBRA"]
    assert lex.is_word("dogs") and lex.is_word("ZeBrA", large=True)
    assert not lex.is_word("zebra") and not lex.is_word("do") and not lex.is_word("")
    assert (lex.main_count, lex.large_count) == (3, 4)


def test_from_words_large_defaults_to_main():
    lex = Lexicon.from_words(["alpha", "beta"])
    assert list(lex.words(large=True)) == list(lex.words()) == ["ALPHA", "BETA"]


@pytest.mark.parametrize("bad", ["caf\u00e9", "don't", "two words", "r2d2", "\u00df", ""])
def test_from_words_rejects_non_letters(bad):
    with pytest.raises(LexiconFormatError) as info:
        Lexicon.from_words(["fine", bad])
    assert repr(bad) in str(info.value)


def test_from_file(tmp_path):
    p = tmp_path / "words.txt"
    p.write_text("# my list\n\ncat\nDog   # a comment\n  mouse  \n", encoding="utf-8")
    lex = Lexicon.from_file(p)
    assert list(lex.words()) == ["CAT", "DOG", "MOUSE"]
    p.write_text("cat\n\nna\u00efve\n", encoding="utf-8")
    with pytest.raises(LexiconFormatError, match=r"words\.txt:3: 'na\u00efve'"):
        Lexicon.from_file(p)


def test_from_words_2k_is_fast(large_words):
    words = large_words[::90][:2000]
    t = time.perf_counter()
    lex = Lexicon.from_words(words)
    assert time.perf_counter() - t < 2   # a guard against quadratic building, not a timing
    assert list(lex.words()) == words


def test_built_lexicon_roundtrips_through_bytes():
    rng = random.Random(7)
    main = {"".join(rng.choice("ABCDE") for _ in range(rng.randint(1, 9))) for _ in range(3000)}
    extra = {"".join(rng.choice("ABCXYZ") for _ in range(rng.randint(1, 9))) for _ in range(3000)}
    lex = Lexicon.from_words(main, extra)
    data = lex.to_bytes()
    back = Lexicon.from_bytes(data)
    assert back.to_bytes() == data
    assert list(back.words()) == sorted(main)
    assert list(back.words(large=True)) == sorted(main | extra)
    assert tuple(back.raw()) == tuple(lex.raw())


def test_empty_lexicon():
    lex = Lexicon.from_bytes(Lexicon.from_words([]).to_bytes())
    assert list(lex.words(large=True)) == [] and not lex.is_word("A")


def test_is_word_odd_input(lex):
    for w in ("", "caf\u00e9", "CAT ", "C-AT", "@", "[", "`", "{"):
        assert not lex.is_word(w) and not lex.is_word(w, large=True)
    assert lex.is_word("cat")


# ------------------------------------------------ malformed but CRC-valid binaries


def repack(data: bytes, edit) -> bytes:
    """Inflate a binary's byte planes, let ``edit(planes)`` change them (a list of
    bytearrays: 4 mask planes, then the ref planes), and write them back with a
    correct CRC, so only the structure checks can catch what ``edit`` broke."""
    fields = list(_HEADER.unpack_from(data))
    count = 4 + fields[3]
    lengths = struct.unpack_from(f"<{count}I", data, HEADER_SIZE)
    pos, planes = HEADER_SIZE + 4 * count, []
    for ln in lengths:
        planes.append(bytearray(zlib.decompress(data[pos:pos + ln], -15)))
        pos += ln
    edit(planes)
    streams = [zlib.compress(bytes(p), 1, wbits=-15) for p in planes]
    payload = struct.pack(f"<{count}I", *map(len, streams)) + b"".join(streams)
    head = _HEADER.pack(*fields[:10], len(payload), 0)[:-4]
    return head + struct.pack("<I", zlib.crc32(payload, zlib.crc32(head))) + payload


SMALL = ["CAT", "CATS", "DOG", "DOGS", "COD", "CODS", "BAT", "BATS", "RAT", "RATS"]


def small_binary() -> tuple[Lexicon, bytes]:
    """A small lexicon with every node explicit (K = N), so every ref is the child
    itself and any ref can be rewritten without renumbering implied children."""
    lex = Lexicon.from_words(SMALL)
    mask, first, child = lex.raw()
    lex = Lexicon(mask, first, child, lex.node_count, lex.main_count, lex.large_count,
                  lex.max_length)
    return lex, lex.to_bytes()


def test_small_binary_loads_and_checks():
    lex, data = small_binary()
    back = Lexicon.from_bytes(data, full_check=True)
    assert list(back.words()) == sorted(SMALL)


def test_edge_past_the_last_node():
    lex, data = small_binary()
    bad = repack(data, lambda p: p[4].__setitem__(2, lex.node_count + 5))
    with pytest.raises(LexiconFormatError,
                       match=f"edge 2 leads to node {lex.node_count + 5}, past the last node"):
        Lexicon.from_bytes(bad)


def test_edge_past_the_last_node_in_a_high_byte():
    data = BIN.read_bytes()

    def edit(p):
        p[-1][100] = 0xFF  # the top byte of edge 100's ref
    with pytest.raises(LexiconFormatError, match="edge 100 leads to node .*past the last node"):
        Lexicon.from_bytes(repack(data, edit))


def test_leaf_that_ends_no_word():
    lex, data = small_binary()
    leaf = next(n for n in range(lex.node_count) if not lex.child_mask(n))

    def edit(p):
        p[3][leaf] &= ~(END_LARGE | END_MAIN) >> 24
    with pytest.raises(LexiconFormatError, match=f"node {leaf} has no edge and ends no word"):
        Lexicon.from_bytes(repack(data, edit))


@pytest.mark.parametrize("bits", [1 << 5, END_MAIN >> 24])
def test_bad_flag_bits(bits):
    lex, data = small_binary()
    leaf = next(n for n in range(lex.node_count) if not lex.child_mask(n))

    def edit(p):
        p[3][leaf] = (p[3][leaf] & ~(END_LARGE >> 24)) | bits
    with pytest.raises(LexiconFormatError, match="unknown or contradictory word-end flags"):
        Lexicon.from_bytes(repack(data, edit))


def test_cycle_is_found_by_the_full_check_and_stops_words():
    lex, data = small_binary()
    mask, first, child = lex.raw()
    node = child[first[0]]  # the root's first child ("B"): make its first edge a loop

    def edit(p):
        p[4][first[node]] = node
    bad = repack(data, edit)
    loaded = Lexicon.from_bytes(bad)  # the cheap load cannot see a cycle
    with pytest.raises(LexiconFormatError, match="runs past the longest word"):
        list(loaded.words())
    with pytest.raises(LexiconFormatError, match="on or below a cycle"):
        Lexicon.from_bytes(bad, full_check=True)


def test_cycle_back_to_an_ancestor():
    lex, data = small_binary()
    mask, first, child = lex.raw()
    c = child[first[0]]
    a = child[first[c]]          # root -> c -> a; send a's first edge back to c

    def edit(p):
        p[4][first[a]] = c
    with pytest.raises(LexiconFormatError, match="cycle"):
        Lexicon.from_bytes(repack(data, edit), full_check=True)


def test_shipped_binary_passes_the_full_check():
    Lexicon.from_bytes(BIN.read_bytes(), full_check=True)


def test_header_longest_word_impossible():
    lex, data = small_binary()
    fields = list(_HEADER.unpack_from(data))
    fields[9] = lex.node_count + 3  # longer than any path through N nodes
    payload = data[HEADER_SIZE:]
    head = _HEADER.pack(*fields[:11], 0)[:-4]
    bad = head + struct.pack("<I", zlib.crc32(payload, zlib.crc32(head))) + payload
    with pytest.raises(LexiconFormatError, match="inconsistent header"):
        Lexicon.from_bytes(bad)


def test_word_file_not_utf8(tmp_path):
    p = tmp_path / "latin1.txt"
    p.write_bytes("cat\ndog\nna\u00efve\n".encode("latin-1"))
    with pytest.raises(LexiconFormatError, match=r"latin1\.txt:3: not UTF-8 text \(byte 0xef\)"):
        Lexicon.from_file(p)


def test_word_file_long_bad_line_is_quoted_short(tmp_path):
    p = tmp_path / "long.txt"
    p.write_text("cat\n" + "ab1" * 100_000 + "\n", encoding="utf-8")
    with pytest.raises(LexiconFormatError) as info:
        Lexicon.from_file(p)
    assert len(str(info.value)) < 200


def test_from_text_reads_like_from_file():
    lex = Lexicon.from_text(b"\xef\xbb\xbf# list\r\ncat\rDog  # c\n\nmouse\n", "upload.txt")
    assert list(lex.words()) == ["CAT", "DOG", "MOUSE"]
    with pytest.raises(LexiconFormatError, match=r"upload\.txt:2: 'r2d2' is not a word"):
        Lexicon.from_text(b"cat\nr2d2\n", "upload.txt")
