"""The meanings written for this project (wordlists/short_meanings.tsv, engine/meanings/short.py):
every one of the 72 two-letter words has one, through define, the command line and
the page's face, each saying its source; so do the large list's other two-letter
words and the function words WordNet lacks."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.lexicon import Lexicon
from engine.meanings import Meanings, MeaningsFormatError, define
from engine.meanings import face
from engine.meanings.short import ShortMeanings
from engine.rules import TWO_LETTER_72

ROOT = Path(__file__).resolve().parents[2]
TSV = ROOT / "wordlists" / "short_meanings.tsv"
OURS = "written for this project"


@pytest.fixture(scope="module")
def lexicon():
    return Lexicon.default()


def test_the_file_says_the_source_of_every_meaning():
    short = ShortMeanings.from_text(TSV.read_bytes())
    rows = [line.split("\t") for line in TSV.read_text().splitlines()
            if line and not line.startswith("#")][1:]
    assert rows and all(len(r) == 4 and r[3] == OURS for r in rows)
    assert TWO_LETTER_72 <= set(short.words())
    assert len(short) == len({r[0] for r in rows})


def test_the_command_gives_a_meaning_for_every_one_of_the_72():
    words = sorted(TWO_LETTER_72)
    r = subprocess.run([sys.executable, "-m", "engine", "define", *words], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    cards = [json.loads(line) for line in r.stdout.splitlines()]
    assert [c["word"] for c in cards] == words
    for c in cards:
        assert c["good"]["two"] and c["base"] == c["word"], c["word"]
        first = c["definitions"][0]
        assert first["source"] == OURS and first["lemma"] == c["word"] and first["text"], c["word"]


def test_every_two_letter_word_of_either_list_has_one(lexicon):
    """Classic plays ENABLE's two-letter words too (AA, OE, XU): each has a meaning of ours."""
    short = ShortMeanings.default()
    twos = [w for w in lexicon.words(large=True) if len(w) == 2]
    assert len(twos) == 96 and TWO_LETTER_72 < set(twos)
    assert [w for w in twos if not short.senses(w)] == []


@pytest.mark.parametrize("word", ["OF", "IT", "TO", "WE", "ME", "AH", "UM", "THE", "AND", "YOU", "WITH", "THEIR"])
def test_function_words_wordnet_lacks_have_a_meaning(word, lexicon):
    assert not Meanings.default().has(word)          # WordNet has none
    c = define(word, lexicon)
    assert c["definitions"] and all(d["source"] == OURS for d in c["definitions"])


def test_ours_come_first_then_wordnet_each_with_its_source(lexicon):
    c = define("as", lexicon)
    assert c["definitions"][0]["source"] == OURS and c["definitions"][0]["pos"] == "conjunction"
    assert any(d["source"] == "WordNet" for d in c["definitions"][1:])
    his = define("his", lexicon)                     # not read as the plural of HI
    assert his["base"] == "HIS" and [d["lemma"] for d in his["definitions"]] == ["HIS"]
    axes = define("axes", lexicon)                   # a form: its base's meanings, ours first
    assert axes["base"] == "AX" and axes["definitions"][0] == {
        "pos": "noun", "lemma": "AX", "source": OURS,
        "text": "a tool with a heavy blade on a long handle, for chopping (also AXE)"}


def test_a_word_neither_has_still_gets_nothing_made_up(lexicon):
    assert define("galligaskins", lexicon)["definitions"] == []


@pytest.mark.parametrize("text, says", [
    (b"", "no header"),
    (b"word\tpos\tmeaning\n", "header must be"),
    (b"word\tpos\tmeaning\tsource\nOF\tpreposition\tbelonging to\n", "line 2: four fields"),
    (b"word\tpos\tmeaning\tsource\nOF\tpreposition\t \tus\n", "line 2: four fields"),
    (b"word\tpos\tmeaning\tsource\nof\tpreposition\tx\tus\n", "'of' is not a word in capitals"),
    (b"word\tpos\tmeaning\tsource\n\xff\n", "not UTF-8"),
])
def test_a_bad_file_is_refused_precisely(text, says):
    with pytest.raises(MeaningsFormatError, match=says):
        ShortMeanings.from_text(text)


def test_the_page_face_loads_them_beside_meanings_bin(lexicon):
    from engine import session
    session.use_lexicon(lexicon)
    data = (ROOT / "wordlists" / "meanings.bin").read_bytes()
    assert json.loads(face.meanings_load(data, TSV.read_bytes()))["short"] >= 72
    out = json.loads(face.session_define(json.dumps(sorted(TWO_LETTER_72))))["results"]
    assert all(c["definitions"] and c["definitions"][0]["source"] == OURS for c in out)
    assert "error" in json.loads(face.meanings_load(data, b"nonsense"))
    json.loads(face.meanings_load(data))             # without the file: WordNet's only
    of = json.loads(face.session_define('["of"]'))["results"][0]
    assert of["definitions"] == []
    face.meanings_load(data, TSV.read_bytes())
