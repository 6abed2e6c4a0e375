"""A hostile word list cannot take the page's engine or the command line down: a list
within the 4 MB limit whose graph would take too long or too much memory to build
(random 40-letter words took 28 s and 1.1 GB) is refused with a precise message before
the memory is spent (engine/lexicon/__init__.py MAX_BEGINNINGS, MAX_BUILD_NODES), while the
real lists still load; over-long words, odd characters, a million two-letter lines and
duplicates each have one clear behaviour. Figures are printed (-s)."""

from __future__ import annotations

import random
import time
import tracemalloc
from pathlib import Path

import pytest

import engine.lexicon as lexicon_module
import test_hardening_cli as cli_kit
from engine.lexicon import MAX_BEGINNINGS, MAX_LETTERS, MAX_BUILD_NODES, Lexicon, _beginnings
from engine.lexicon import own
from engine.lexicon.own import OwnListError

ROOT = Path(__file__).resolve().parents[2]
ENABLE = ROOT / "wordlists" / "enable1.txt"
MB = 1_000_000


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    monkeypatch.setattr(own, "_lists", {})


def random_words(letters: int, count: int, seed: int = 1) -> bytes:
    """``count`` random lower-case words of ``letters`` letters, one a line."""
    rnd = random.Random(seed)
    abc = "abcdefghijklmnopqrstuvwxyz"
    return "".join("".join(rnd.choices(abc, k=letters)) + "\n" for _ in range(count)).encode()


def traced(build):
    """(what ``build()`` returned or the OwnListError it raised, peak MB, seconds)."""
    tracemalloc.start()
    t0 = time.perf_counter()
    try:
        try:
            out = build()
        except OwnListError as exc:
            out = exc
        return out, tracemalloc.get_traced_memory()[1] / MB, time.perf_counter() - t0
    finally:
        tracemalloc.stop()


# ------------------------------------------------------------------ the bounds

def test_random_long_words_are_refused_before_anything_is_built(monkeypatch):
    data = random_words(40, 4 * MB // 41)
    assert len(data) <= own.MAX_BYTES

    def no_build(*_):
        raise AssertionError("the graph was being built")
    monkeypatch.setattr(lexicon_module, "_build_dawg", no_build)
    refused, peak, seconds = traced(lambda: own.build(data, "random40.txt"))
    print(f"\n4 MB of random 40-letter words: refused in {seconds:.2f} s (traced), peak {peak:.0f} MB")
    assert isinstance(refused, OwnListError)
    assert str(refused).startswith("'random40.txt' is too large to use: its words begin in 3,")
    assert str(refused).endswith(f"different ways (at most {MAX_BEGINNINGS:,}; a list of every "
                                 "English word has about 1,100,000)")
    assert peak < 100      # the text, its words and their sort; nothing of a graph


def test_a_list_whose_graph_passes_the_bound_stops_there_in_bounded_memory(monkeypatch):
    """30,000 random 20-letter words (630 kB) begin in 510,000 ways, under the first
    bound, but their graph needs about 390,000 nodes: the build stops at
    MAX_BUILD_NODES, before the arrays are laid out."""
    data = random_words(20, 30_000)
    assert _beginnings(sorted(data.decode().upper().split())) < MAX_BEGINNINGS

    def no_layout(*_):
        raise AssertionError("the whole graph was built")
    monkeypatch.setattr(lexicon_module, "_layout", no_layout)
    refused, peak, seconds = traced(lambda: own.build(data, "random20.txt"))
    print(f"\n30,000 random 20-letter words: refused in {seconds:.2f} s (traced), peak {peak:.0f} MB")
    assert str(refused) == (f"'random20.txt' is too large to use: its word graph needs more than "
                            f"{MAX_BUILD_NODES:,} nodes (at most {MAX_BUILD_NODES:,}; a list of every "
                            "English word needs about 160,000)")
    assert peak < 100


def test_the_bounds_leave_room_for_every_real_list():
    """The shipped lists are far inside both bounds (ENABLE: 387,889 beginnings and
    54,166 nodes); a list of 315,000 words (the large list, and each word of it with an
    S, more than a tournament list's 280,000) loads."""
    enable = sorted(ENABLE.read_text().upper().split())
    assert _beginnings(enable) * 3 < MAX_BEGINNINGS
    lexicon, info = own.build(ENABLE.read_bytes(), "enable1.txt")
    assert info["words"] == 172_823 and lexicon.node_count * 5 < MAX_BUILD_NODES
    large = list(Lexicon.default().words(large=True))
    words = sorted(set(large) | {w + "S" for w in large})
    data = ("\n".join(words) + "\n").encode()
    assert len(words) > 300_000 and len(data) <= own.MAX_BYTES
    lexicon, info = own.build(data, "big.txt")
    print(f"\n{len(words):,} words: {_beginnings(words):,} beginnings, {lexicon.node_count:,} nodes")
    assert info["words"] == len(words) and lexicon.is_word("ZEBRASS") and not lexicon.is_word("QI")


def test_the_players_guide_gives_the_bounds():
    guide = " ".join((ROOT / "docs" / "how-to-play.md").read_text().split())
    assert f"over {MAX_BEGINNINGS:,} different beginnings" in guide
    assert f"needs over {MAX_BUILD_NODES:,} nodes" in guide and f"over {MAX_LETTERS} letters" in guide


def test_the_command_line_says_it_in_one_line(tmp_path):
    hostile = tmp_path / "random40.txt"
    hostile.write_bytes(random_words(40, 4 * MB // 41))
    code, out, err = cli_kit.run(["define", "cat", "--lexicon", str(hostile)])
    # (the list's name is its path, shortened where long: a test's folder can be)
    cli_kit.one_error_line(code, err, "' is too large to use: its words begin in 3,")
    assert err.startswith("error: cannot load word list: '" + str(hostile)[:12])
    assert out == ""


# ------------------------------------------------------------------ odd lists

def test_a_word_over_the_longest_dictionary_word_is_refused_by_its_line():
    fine = "a" * MAX_LETTERS
    lexicon, info = own.build(f"cat\n{fine}\n".encode(), "long.txt")
    assert info["words"] == 2 and lexicon.is_word(fine) and lexicon.max_length == MAX_LETTERS
    with pytest.raises(OwnListError, match=r"^long\.txt:3: a word of 46 letters \(aaaaaaaaaaaaaaaaaaaa\.\.\.\): "
                                           r"a word may have at most 45 letters"):
        own.build(f"cat\n{fine}\n{fine}b\n".encode(), "long.txt")
    # one line of 4 MB of letters: refused at once, its first letters shown
    refused, peak, _ = traced(lambda: own.build(b"x" * (own.MAX_BYTES - 1), "one.txt"))
    assert str(refused).startswith("one.txt:1: a word of 3,999,999 letters (xxxxxxxxxxxxxxxxxxxx...)")
    assert peak < 50
    with pytest.raises(ValueError, match="This word list has a word of 46 letters"):
        Lexicon.from_words(["cat", "b" * 46])


def test_words_no_board_holds_are_kept_as_the_shipped_large_list_keeps_them():
    """22 to 45 letters: in the list, its count and its fingerprint (ENABLE's 28-letter
    words are in the shipped large list), though a board is at most 21 wide."""
    word = "ETHYLENEDIAMINETETRAACETATE"
    lexicon, info = own.build(f"cat\n{word.lower()}\n".encode(), "chem.txt")
    assert info["words"] == 2 and lexicon.is_word(word) and info["fp"] == own.fingerprint({"CAT", word})
    assert Lexicon.default().is_word(word, large=True)


@pytest.mark.parametrize("line, shown", [
    ("cat\tdog", r"'cat\tdog'"),                 # a tab inside a word
    ("ca\x00t", r"'ca\x00t'"),                   # a NUL byte
    ("ca\u200bt", r"'ca\u200bt'"),               # a zero-width space
    ("\u202etac", r"'\u202etac'"),               # a right-to-left override
    ("\uff23\uff21\uff34", "'\uff23\uff21\uff34'"),   # full-width letters
    ("cafe\u0301", "'cafe\u0301'"),              # a combining accent (printable: shown as is)
    ("cat\u2028dog", r"'cat\u2028dog'"),         # a line separator (a line is ended by \n or \r)
    ("don't", "\"don't\""),
])
def test_a_line_of_odd_characters_is_named_by_its_number_in_printable_form(line, shown):
    with pytest.raises(OwnListError) as caught:
        own.build(f"# odd\ncat\n{line}\n".encode(), "odd.txt")
    assert str(caught.value) == f"odd.txt:3: {shown} is not a word of letters A-Z"
    assert str(caught.value).isprintable()


def test_space_around_a_word_and_any_line_end_are_fine():
    lexicon, info = own.build(b"\xef\xbb\xbf cat \r\n\tdog\x0c\rmouse\x1c\n", "ends.txt")
    assert sorted(lexicon.words()) == ["CAT", "DOG", "MOUSE"]


def test_a_million_two_letter_lines_are_their_distinct_words():
    pairs = [a + b for a in "abcdefghijklmnopqrstuvwxyz" for b in "abcdefghijklmnopqrstuvwxyz"]
    data = "".join(random.Random(2).choices(pairs, k=1_000_000)).encode()
    data = b"\n".join(data[i:i + 2] for i in range(0, len(data), 2)) + b"\n"
    assert data.count(b"\n") == 1_000_000 and len(data) <= own.MAX_BYTES
    (lexicon, info), peak, seconds = traced(lambda: own.build(data, "pairs.txt"))
    print(f"\n1,000,000 two-letter lines: {info['words']} words in {seconds:.2f} s (traced), peak {peak:.0f} MB")
    assert info["words"] == 676 and lexicon.node_count == 3 and peak < 200


def test_duplicates_in_any_case_count_once():
    lexicon, info = own.build(b"cat\nCAT\n Cat \ncAt # again\ndog\ncat\n", "dups.txt")
    assert info["words"] == 2 and info["fp"] == own.fingerprint({"CAT", "DOG"})
