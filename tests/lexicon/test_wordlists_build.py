"""wordlists/build.py: filters, determinism and the committed outputs.

Runs the build on the small committed fixture (wordlists/fixture/: a SCOWL-shaped
directory tree and a tiny ENABLE), so CI needs no SCOWL download.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.lexicon import Lexicon

ROOT = Path(__file__).resolve().parents[2]
WORDLISTS = ROOT / "wordlists"
FIXTURE = WORDLISTS / "fixture"


def load_build_module():
    spec = importlib.util.spec_from_file_location("wordlists_build", WORDLISTS / "build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def build():
    return load_build_module()


def run_build(out: Path, *extra: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, str(WORDLISTS / "build.py"),
           "--scowl", str(FIXTURE / "scowl-root"), "--enable", str(FIXTURE / "enable.txt"),
           "--out", str(out), *extra]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def fixture_builds(tmp_path_factory):
    outs = []
    for name in ("one", "two"):
        out = tmp_path_factory.mktemp(name)
        r = run_build(out, "--any-version")
        assert r.returncode == 0, r.stderr
        outs.append(out)
    return outs


EXPECTED_MAIN_LONG = ["ARPEGGIATION", "ATTACHE", "CAFE", "CAT", "CATS", "COLOR", "COLORS",
                      "COLOUR", "GALLIGASKINS", "INCOMPREHENSIBILITIES", "MICROBREWERIES",
                      "NAIVE", "THE"]
EXPECTED_LARGE_ONLY = ["AA", "ETHYLENEDIAMINETETRAACETATES", "SINH", "ZEBRA", "ZEBRAS"]


def test_build_is_deterministic(fixture_builds):
    one, two = fixture_builds
    for name in ("lexicon.bin", "manifest.json", "SCOWL-COPYRIGHT"):
        assert (one / name).read_bytes() == (two / name).read_bytes(), name


def test_fixture_lists(fixture_builds, build):
    out = fixture_builds[0]
    lex = Lexicon.from_bytes((out / "lexicon.bin").read_bytes())
    main = list(lex.words())
    large = list(lex.words(large=True))
    # SCOWL filters: accents folded, apostrophes/capitals/ligatures/size 80/22+ letters
    # dropped, denylist (kcal, tanh) removed, only the 72 two-letter words
    assert [w for w in main if len(w) > 2] == EXPECTED_MAIN_LONG
    assert {w for w in main if len(w) == 2} == set(build.TWO_LETTER_72)
    assert sorted(set(large) - set(main)) == EXPECTED_LARGE_ONLY
    m = json.loads((out / "manifest.json").read_text())
    assert m["counts"]["main"] == len(main) == 72 + len(EXPECTED_MAIN_LONG)
    assert m["counts"]["large"] == len(large)
    assert m["sources"]["denylist"]["removed_from_main"] == ["kcal", "tanh"]
    assert m["outputs"]["lexicon.bin"]["sha256"] == hashlib.sha256(
        (out / "lexicon.bin").read_bytes()).hexdigest()
    assert (out / "SCOWL-COPYRIGHT").read_bytes() == (
        FIXTURE / "scowl-root/usr/share/doc/scowl/copyright").read_bytes()
    assert str(out) not in (out / "manifest.json").read_text()  # no paths: reproducible


def test_version_is_checked(tmp_path):
    r = run_build(tmp_path)
    assert r.returncode == 1 and "expected 2020.12.07" in r.stderr
    assert not (tmp_path / "lexicon.bin").exists()


def test_fold(build):
    assert build.fold("caf\u00e9") == "cafe"
    assert build.fold("nai\u0308ve") == "naive"
    assert build.fold("encyclop\u00e6dia") is None  # not mangled to "encyclopdia"


def test_denylist_file(build):
    entries = build.read_denylist(WORDLISTS / "denylist.txt")
    assert len(entries) == len(set(entries)) >= 7
    for w in ("csc", "dkl", "hhd", "psia", "kcal", "sech", "tanh"):
        assert w in entries


def test_committed_outputs_agree(build):
    m = json.loads((WORDLISTS / "manifest.json").read_text())
    enable = WORDLISTS / "enable1.txt"
    assert hashlib.sha256(enable.read_bytes()).hexdigest() == build.ENABLE_SHA256 \
        == m["sources"]["enable"]["sha256"]
    assert m["sources"]["enable"]["words"] == 172_823
    assert m["sources"]["scowl"]["version"].startswith(build.SCOWL_VERSION)
    assert m["sources"]["denylist"]["sha256"] == hashlib.sha256(
        (WORDLISTS / "denylist.txt").read_bytes()).hexdigest()
    assert m["outputs"]["SCOWL-COPYRIGHT"]["sha256"] == hashlib.sha256(
        (WORDLISTS / "SCOWL-COPYRIGHT").read_bytes()).hexdigest()
    assert (WORDLISTS / "ENABLE-NOTICE.md").is_file()
    assert m["sources"]["two_letter_words"] == list(build.TWO_LETTER_72)


def test_wire_size_target():
    m = json.loads((WORDLISTS / "manifest.json").read_text())
    size = (WORDLISTS / "lexicon.bin").stat().st_size
    assert size / m["counts"]["distinct_words"] <= 2.0
