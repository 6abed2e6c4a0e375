"""A player's own word list (engine/lexicon/own.py): read and checked with precise
messages, fingerprinted by its words, kept built or as a stored graph, played by a game
through engine.session (QI good with it, not without), carried in a game's link by name
and fingerprint, and a device without it told which list to load."""

import hashlib
import json

import pytest

from engine import session
from engine.lexicon import Lexicon
from engine.lexicon import own
from engine.lexicon.own import OwnListError
from engine.records.link import LinkError, decode, encode
from engine.rules import TWO_LETTER_72

WORDS = sorted(TWO_LETTER_72 | {"QI", "ZA", "CAT", "DOG", "ZEBRA", "ZEBRAS", "QUIET", "QUITE"})
TEXT = ("# my list\n" + "\n".join(w.lower() for w in reversed(WORDS)) + "\r\n\n").encode()
FP = hashlib.sha256("".join(w + "\n" for w in WORDS).encode()).hexdigest()[:16]
HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    monkeypatch.setattr(own, "_lists", {})
    session.use_lexicon(Lexicon.default())
    yield


def test_the_fingerprint_is_of_the_words_not_the_file():
    lexicon, info = own.build(TEXT, "my list.txt")
    assert info == {"name": "my list.txt", "fp": FP, "words": len(WORDS)}
    assert sorted(lexicon.words()) == WORDS and lexicon.is_word("QI", large=True)
    again = own.build(b"\n".join(w.encode() for w in WORDS), "other name")[1]
    assert again["fp"] == FP
    assert own.build(TEXT + b"zax\n", "x")[1]["fp"] != FP


@pytest.mark.parametrize("data, name, says", [
    (b"", "empty.txt", "'empty.txt' holds no words: a word list is one word of letters A-Z a line"),
    (b"# only a comment\n\n", "c.txt", "holds no words"),
    (b"cat\nr2d2\n", "l.txt", "l.txt:2: 'r2d2' is not a word of letters A-Z"),
    (b"cat\ncaf\xc3\xa9\n", "l.txt", "l.txt:2: 'caf\u00e9' is not a word"),
    (b"cat\n\xff\n", "l.txt", "l.txt:2: not UTF-8 text"),
    (b"a\n" * 2_000_001, "big.txt", "'big.txt' is 4.0 MB: a word list may be at most 4 MB"),
    (b"cat\n", "", "name must be plain text"),
])
def test_a_bad_file_is_refused_precisely(data, name, says):
    with pytest.raises(OwnListError, match=says.replace("(", r"\(").replace(")", r"\)")):
        own.build(data, name)


def test_a_game_plays_the_list_and_a_device_without_it_is_told_which(monkeypatch):
    spec = {"rules": "classic", "seed": "1", "seats": HUMANS, "actions": [], "wordlist": {"name": "my list.txt", "fp": FP}}
    missing = json.loads(session.open(json.dumps(spec)))
    assert missing["error"] == ("This game uses the word list 'my list.txt' (fingerprint " + FP
                                + "). Load it in New game to play on.")
    own.build(TEXT, "my list.txt")
    seed = next(str(n) for n in range(500) if {"Q", "I"} <= set(json.loads(session.open(json.dumps(
        dict(spec, seed=str(n)))))["racks"][0]))
    spec["seed"] = seed
    snap = json.loads(session.open(json.dumps(spec)))
    assert snap["wordlist"] == spec["wordlist"]
    after = json.loads(session.act("8G QI"))
    assert "error" not in after and after["turns"][-1]["score"] == 22 and after["turns"][-1]["words"] == ["QI"]
    fragment = json.loads(json.dumps(session.link()))
    assert fragment.startswith("g5.") and decode(fragment)["wordlist"] == spec["wordlist"]
    assert decode(fragment)["actions"] == ["8G QI"]
    # the same game with the shipped lists: QI is no word of classic's
    plain = json.loads(session.open(json.dumps({k: v for k, v in spec.items() if k != "wordlist"})))
    assert "wordlist" not in plain
    assert "error" in json.loads(session.preview("8G QI")) or not json.loads(session.preview("8G QI")).get("legal")
    # another device (no list) opening the link is told which list it needs
    monkeypatch.setattr(own, "_lists", {})
    told = json.loads(session.open_link(fragment))
    assert told["error"].startswith("This game uses the word list 'my list.txt' (fingerprint " + FP)


def test_a_stored_graph_comes_back_as_the_same_list():
    lexicon, info = own.build(TEXT, "my list.txt")
    data = lexicon.to_bytes()
    own._lists.clear()
    own.add_graph(data, info["name"], info["fp"])
    back = own.lexicon_for({"name": "my list.txt", "fp": FP})
    assert sorted(back.words()) == WORDS
    own._lists.clear()
    own.add_graph(b"not a graph", "x", FP)
    with pytest.raises(OwnListError, match="Load it in New game"):
        own.lexicon_for({"name": "x", "fp": FP})


def test_the_judge_judges_with_the_games_own_list():
    from engine.meanings import face
    own.build(TEXT, "my list.txt")
    face.meanings_load(open(own.__file__.replace("engine/lexicon/own.py", "wordlists/meanings.bin"), "rb").read())
    spec = {"rules": "classic", "seed": "1", "seats": HUMANS, "wordlist": {"name": "my list.txt", "fp": FP}}
    json.loads(session.open(json.dumps(spec)))
    qi = json.loads(face.session_define(json.dumps({"words": ["qi"], "rules": "classic"})))["results"][0]
    assert qi["good"]["rules"] is True and qi["good"]["large"] is True


@pytest.mark.parametrize("ref, says", [
    ({"name": "x", "fp": "XYZ"}, "fingerprint of 16 hex digits"),
    ({"name": "x\u0007", "fp": FP}, "plain text"),
    ("list", "fingerprint"),
])
def test_a_bad_list_reference_in_a_link_is_refused(ref, says):
    spec = {"rules": "classic", "seed": 1, "seats": HUMANS, "actions": [], "wordlist": ref}
    with pytest.raises(LinkError, match=says):
        encode(spec)


def test_at_most_kept_lists_are_held():
    for i in range(own.KEPT + 2):
        own.build(TEXT + b"extra" + bytes([65 + i]) + b"\n", f"list {i}")
    assert [k["name"] for k in own.known()] == [f"list {i}" for i in range(2, own.KEPT + 2)]
