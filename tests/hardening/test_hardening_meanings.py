"""Issue 41, meanings: a damaged file is refused at load (the whole-file checksum
of format version 2), and define_json never raises: a request nested too deep, a
block damaged past the checksum, a number for the file's bytes are error results."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.meanings import Meanings, MeaningsFormatError, face
from engine.meanings.format import HEADER_SIZE, VERSION, encode, file_crc

SHIPPED = (Path(__file__).resolve().parents[2] / "wordlists" / "meanings.bin").read_bytes()


@pytest.fixture
def restore(monkeypatch):
    """The face's loaded meanings put back after the test."""
    monkeypatch.setattr(face, "_meanings", face._meanings)


def test_every_file_with_a_flipped_byte_is_refused_at_load():
    """Issue 41 found 97 of 300 such files loading, 34 of them raising later."""
    rng = random.Random(41)
    for _ in range(300):
        data = bytearray(SHIPPED)
        for _ in range(rng.randint(1, 3)):
            data[rng.randrange(HEADER_SIZE, len(data))] ^= rng.randrange(1, 256)
        with pytest.raises(MeaningsFormatError, match="corrupt"):
            Meanings.from_bytes(bytes(data))
        assert "error" in json.loads(face.meanings_load(bytes(data)))


def test_the_shipped_file_is_version_2_and_loads():
    assert VERSION == 2 and SHIPPED[4:6] == b"\x02\x00"
    assert len(Meanings.from_bytes(SHIPPED)) > 50_000


def test_a_version_1_file_is_refused_with_the_way_to_rebuild_it():
    old = b"WLMN\x01\x00" + SHIPPED[6:]
    with pytest.raises(MeaningsFormatError, match="version 1 .*rebuild it with wordlists/build_meanings.py"):
        Meanings.from_bytes(old)


def resealed_damage() -> bytes:
    """A file whose last block is damaged but whose checksum was made again: only a
    lookup in that block finds the damage (the block's own CRC)."""
    entries = [f"w{i:05d}".translate(str.maketrans("0123456789", "abcdefghij")) + "\tn:" + "gloss " * 40
               for i in range(1000)]
    data = bytearray(encode([], entries, []))
    data[-5] ^= 0xFF
    data[HEADER_SIZE - 4:HEADER_SIZE] = file_crc(data).to_bytes(4, "little")
    return bytes(data)


def test_define_json_answers_a_damaged_block_with_an_error(restore):
    assert "words" in json.loads(face.meanings_load(resealed_damage()))
    got = json.loads(face.define_json('["wbjjj"]'))     # the last entry: its block is damaged
    assert list(got) == ["error"] and "could not be read" in got["error"] and "corrupt" in got["error"]
    assert json.loads(face.define_json('["waaaa"]'))["results"][0]["word"] == "WAAAA"


@pytest.mark.parametrize("request_text, says", [
    ("[" * 1000, "not JSON"),
    ("[" * 100_000, "longer than"),
    ('{"words": ' * 1000, "not JSON"),
    (10 ** 5000, "not JSON"),
    (None, "not JSON"),
], ids=["deep list", "long", "deep object", "huge int", "None"])
def test_define_json_never_raises(request_text, says, restore):
    face.meanings_load(SHIPPED)
    got = json.loads(face.define_json(request_text))
    assert list(got) == ["error"] and says in got["error"]


@pytest.mark.parametrize("data", [10 ** 12, 10 ** 5000, -1, "meanings", None, b"\x00" * 9_000_000],
                         ids=["1e12", "huge int", "-1", "text", "None", "9 MB"])
def test_meanings_load_takes_only_a_files_bytes(data, restore):
    got = json.loads(face.meanings_load(data))
    assert list(got) == ["error"] and got["error"].startswith("the meanings could not be loaded")
    if data is not None:    # (None: no short meanings)
        got = json.loads(face.meanings_load(SHIPPED, data))    # the short meanings' bytes likewise
        assert list(got) == ["error"] and got["error"].startswith("the meanings could not be loaded")
