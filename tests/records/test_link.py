"""Game links (engine/records/link.py): exact round trips, every shipped version decodable,
compactness, and a fuzzed decoder that only ever raises LinkError."""

from __future__ import annotations

import base64
import json
import random
import zlib
from pathlib import Path

import pytest

from engine.records import link
from engine.records.link import LinkError, decode, encode

LINKS = Path(__file__).resolve().parents[1] / "data" / "links"

BASE = {
    "rules": "iii,cap=0", "seed": "42",
    "seats": [{"name": "Zoë", "kind": "human"}, {"name": "Computer", "kind": "hard"}],
    "actions": ["H3 ZEBRAS", "swap K11; pick L11; 11F DREAMILY", "-ABC", "-", "challenge",
                "check", "trade AB", "8D ZEBRAs[Z] @12500ms", "8D ZEBRAS @12.5", "timeout"],
}


def _payload_link(text: bytes, tag: str = "g1.") -> str:
    """A link with a valid checksum around any TEXT (what a crafted link looks like)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text) + packer.flush()
    crc = zlib.crc32(tag.encode() + packed).to_bytes(4, "big")
    return tag + base64.urlsafe_b64encode(packed + crc).decode().rstrip("=")


def _game(spec: dict) -> tuple:
    return spec["rules"], type(spec["seed"]), spec["seed"], spec["seats"], spec["actions"], spec.get("start")


# ------------------------------------------------------------------ versions

def test_every_shipped_version_still_decodes():
    files = sorted(LINKS.glob("g*.json"))
    versions = set()
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert path.stem == f"g{data['version']}"
        versions.add(data["version"])
        assert data["cases"], path
        for case in data["cases"]:
            assert case["link"].startswith(f"g{data['version']}.")
            assert decode(case["link"]) == case["spec"]
    # The current format must have its frozen fixture, and so must every older one.
    # (g4 is a table game's link, engine/table/link.py, with fixtures of its own)
    assert versions == set(range(1, link.VERSION + 1)) - {link.TABLE_VERSION}


def test_fixture_specs_round_trip_through_the_current_encoder():
    data = json.loads((LINKS / f"g{link.VERSION}.json").read_text(encoding="utf-8"))
    for case in data["cases"]:
        assert decode(encode(case["spec"])) == case["spec"]


def test_games_without_a_start_are_still_written_as_g1_byte_for_byte():
    """g2 exists only for games begun from a position: every other link is the
    very link the g1 encoder wrote, so pages from before g2 still open it."""
    data = json.loads((LINKS / "g1.json").read_text(encoding="utf-8"))
    for case in data["cases"]:
        assert encode(case["spec"]) == case["link"]
    assert encode(BASE).startswith("g1.") and encode(dict(BASE, start=None)) == encode(BASE)


def test_a_start_position_makes_a_g2_link_that_carries_it():
    cgp = "15/15/15/15/15/15/15/3ZEbRAS6/15/15/15/15/15/15/15 AEINRST/ 120/84 1 var classic;"
    spec = dict(BASE, rules="classic", start=cgp, turn=2)
    frag = encode(spec)
    assert frag.startswith("g2.") and decode(frag) == spec
    # the start line is covered by the checksum like the rest of DATA
    g1_text = encode({k: v for k, v in spec.items() if k != "start"})
    assert g1_text.startswith("g1.") and decode(g1_text).get("start") is None
    for bad in ("", "two\nlines", "é" * 3, "x" * (link.MAX_START + 1), 42):
        with pytest.raises(LinkError, match="start position"):
            encode(dict(spec, start=bad))
    # a crafted g2 TEXT with a valid checksum is still read field by field
    text = "classic\ni1\n" + cgp + "\n2\n0A\n0B\n8D ZEBRAS"
    assert decode(_payload_link(text.encode(), "g2."))["start"] == cgp
    for broken in ("classic\ni1\n" + cgp, "classic\ni1\n\n2\n0A\n0B", "classic\ni1\n2\n0A\n0B"):
        with pytest.raises(LinkError):
            decode(_payload_link(broken.encode(), "g2."))


# ------------------------------------------------------------------ round trips

def test_round_trip_keeps_every_field_and_option():
    spec = dict(BASE, turn=5, view={"mode": "replay", "theme": "light", "controls": False,
                                    "moves": True, "scores": False})
    frag = encode(spec)
    assert frag.startswith("g1.")
    assert "&t=5&" in frag and "theme=light" in frag
    assert decode(frag) == spec
    assert decode("#" + frag) == spec
    assert decode(f"  https://example.org/games/?x=1#{frag}\n") == spec


def test_optional_fields_stay_absent():
    spec = {k: BASE[k] for k in ("rules", "seed", "seats")}
    assert decode(encode(spec)) == dict(spec, actions=[])


def test_digit_string_seed_and_int_seed_stay_distinct():
    as_text = decode(encode(dict(BASE, seed="42")))
    as_int = decode(encode(dict(BASE, seed=42)))
    assert as_text["seed"] == "42" and isinstance(as_text["seed"], str)
    assert as_int["seed"] == 42 and isinstance(as_int["seed"], int)
    assert decode(encode(dict(BASE, seed="")))["seed"] == ""
    assert decode(encode(dict(BASE, seed=-12)))["seed"] == -12


def test_options_are_editable_by_hand():
    frag = encode(BASE)
    assert decode(frag + "&t=7&theme=dark")["turn"] == 7
    assert decode(frag + "&t=7&theme=dark")["view"] == {"theme": "dark"}
    assert decode(frag + "&controls=0&mode=play")["view"] == {"controls": False, "mode": "play"}


NAME_POOL = ["Ann", "ann", "Zoë", "日本語", "😀", "مرحبا", "e\u0301", " ", "  two  spaces ",
             "<img src=x onerror=alert(1)>", "a&b=c#d", "'\"\\", "%20", "", "\u200b", "Ω"]
ACTION_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz0123456789 ;-?[]@.#&=é"


def _random_spec(rng: random.Random) -> dict:
    seats = []
    for _ in range(rng.randint(1, 4)):
        name = "".join(rng.choice(NAME_POOL) for _ in range(rng.randint(0, 3)))[:link.MAX_NAME]
        seats.append({"name": name, "kind": rng.choice(link.SEAT_KINDS)})
    seed = rng.choice([rng.randint(-10 ** 9, 10 ** 9), str(rng.randint(0, 99)), "x" * rng.randint(0, 64),
                       rng.choice(NAME_POOL)])
    actions = ["".join(rng.choice(ACTION_CHARS) for _ in range(rng.randint(1, 30)))
               for _ in range(rng.randint(0, 40))]
    spec = {"rules": rng.choice(["classic", "o", "i", "ii", "iii", "richard", "ii,cap=0",
                                 "classic,big=7:50+8:80,clock=1500", "o,judge=challenge,min=2"]),
            "seed": seed, "seats": seats, "actions": actions}
    if rng.random() < 0.3:
        spec["turn"] = rng.randint(0, 60)
    if rng.random() < 0.3:
        spec["view"] = {k: rng.choice([True, False]) for k in rng.sample(link.VIEW_FLAGS, 2)}
        spec["view"]["theme"] = rng.choice(("auto", "light", "dark"))
    return spec


def test_random_specs_round_trip_exactly():
    rng = random.Random(11)
    for _ in range(400):
        spec = _random_spec(rng)
        got = decode(encode(spec))
        assert got == spec
        assert type(got["seed"]) is type(spec["seed"])


# ------------------------------------------------------------------ size

def test_a_30_turn_game_fits_in_1000_characters_even_with_unlikely_moves():
    """An upper bound without the AI: random letters compress worse than words, four
    seats carry the longest names, and every move has a clock suffix."""
    rng = random.Random(5)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    actions = []
    for _ in range(30):
        word = "".join(rng.choice(letters + "abc") for _ in range(rng.randint(6, 9)))
        coord = f"{rng.randint(1, 21)}{rng.choice(letters[:21])}"
        actions.append(f"{coord} {word} @{rng.randint(1_000, 300_000)}ms")
    spec = {"rules": "iii,cap=0,clock=1500", "seed": "2026-11-23T07:00",
            "seats": [{"name": f"{c}lexandra Montgomery-Smith"[:24], "kind": "human"} for c in "ABCD"],
            "actions": actions, "turn": 30}
    frag = encode(spec)
    assert len(frag) <= 1000, len(frag)
    assert all(c.isascii() and (c.isalnum() or c in "-_.&=") for c in frag)


# ------------------------------------------------------------------ errors

@pytest.mark.parametrize("text, message", [
    ("g4.AAAA", link.TABLE_GAME),
    ("g7.AAAA", link.NEWER),
    ("g17.whatever", link.NEWER),
    ("g0.AAAA", link.DAMAGED),
    ("g1", link.DAMAGED),
    ("g1.", link.DAMAGED),
    ("g1.!!!!", link.DAMAGED),
    ("", link.NOT_A_LINK),
    ("hello", link.NOT_A_LINK),
    ("https://example.org/", link.NOT_A_LINK),
])
def test_friendly_messages(text, message):
    with pytest.raises(LinkError) as info:
        decode(text)
    assert str(info.value) == message


def test_cut_off_and_tampered_links_are_refused():
    frag = encode(BASE)
    for n in range(3, len(frag)):
        with pytest.raises(LinkError, match="damaged"):
            decode(frag[:n])
    for i in range(3, len(frag)):
        swapped = "B" if frag[i] != "B" else "C"
        with pytest.raises(LinkError, match="damaged"):
            decode(frag[:i] + swapped + frag[i + 1:])


def test_link_error_is_a_value_error_and_not_a_link_input():
    assert issubclass(LinkError, ValueError)
    with pytest.raises(LinkError):
        decode(None)
    with pytest.raises(LinkError, match="too long"):
        decode("g1." + "A" * 50_000)


def test_zip_bomb_is_refused_before_it_is_unpacked_whole():
    bomb = b"iii\ni1\n1\n0a\n" + b"A" * 10_000_000
    frag = _payload_link(bomb)
    assert len(frag) < link.MAX_FRAGMENT
    with pytest.raises(LinkError, match="too large"):
        decode(frag)


@pytest.mark.parametrize("text, fragment_of_message", [
    (b"iii\ni1\n1\n0a\x00b", "seat 1"),                  # control character in a name
    (b"iii\nx1\n1\n0a", "damaged"),                      # unknown seed tag
    (b"iii\ni1\n5\n0a\n0b\n0c\n0d\n0e", "damaged"),      # five seats
    (b"iii\ni1\n2\n0a", "damaged"),                      # fewer seat lines than said
    (b"iii\ni1\n1\n9a", "damaged"),                      # unknown seat kind
    (b"iii,warp=9\ni1\n1\n0a", "newer version"),         # a knob this version lacks
    (b"iii\ni1\n1\n0a\n", "move 1"),                     # an empty move
    (b"iii\ni1\n1\n0a\n" + b"X" * 300, "move 1"),        # an over-long move
    (b"iii\ni1\n1\n0" + "é".encode()[:1], "damaged"),    # not UTF-8
])
def test_crafted_links_with_a_valid_checksum_are_still_checked(text, fragment_of_message):
    with pytest.raises(LinkError, match=fragment_of_message):
        decode(_payload_link(text))


def test_a_crafted_link_within_limits_decodes():
    assert decode(_payload_link(b"iii\ni1\n1\n0a\n8D ZEBRAS")) == {
        "rules": "iii", "seed": 1, "seats": [{"name": "a", "kind": "human"}], "actions": ["8D ZEBRAS"]}


@pytest.mark.parametrize("option, turn, ignored", [
    ("&t=-1", None, ["t=-1"]), ("&t=x", None, ["t=x"]), ("&t=", None, ["t="]),
    ("&theme=blue", None, ["theme=blue"]), ("&theme=DARK", None, ["theme=DARK"]),
    ("&controls=2", None, ["controls=2"]), ("&t=1&t=2", 1, ["t=2"]), ("&&t=1", 1, None),
    ("&x", None, ["x"]), ("&colour=red", None, ["colour=red"]), ("&utm_source=chat", None, ["utm_source=chat"]),
    ("&t=3 ", 3, None), (" ", None, None), ("&t=100001", None, ["t=100001"]),
])
def test_bad_options_are_ignored_and_named_the_game_opens(option, turn, ignored):
    spec = decode(encode(BASE) + option)
    assert {k: spec[k] for k in BASE} == BASE
    assert spec.get("turn") == turn
    assert spec.get("ignored") == ignored


@pytest.mark.parametrize("prefix", ["G1.", "gg1.", "g.", "g-1."])
def test_look_alike_links_are_not_links(prefix):
    data = encode(BASE)[3:]
    with pytest.raises(LinkError, match="not a game link"):
        decode(prefix + data)


@pytest.mark.parametrize("change", [
    {"seed": True}, {"seed": 1.5}, {"seed": "x" * 65}, {"seed": 10 ** 80}, {"seed": "a\nb"},
    {"seats": []}, {"seats": [{"name": "a", "kind": "human"}] * 5},
    {"seats": [{"name": "a", "kind": "robot"}]}, {"seats": [{"name": "a\nb", "kind": "human"}]},
    {"seats": [{"name": "x" * 65, "kind": "human"}]}, {"seats": [{"kind": "human"}]},
    {"actions": [""]}, {"actions": ["8D A\nB"]}, {"actions": "8D ZEBRAS"}, {"actions": [3]},
    {"rules": "warp"}, {"rules": "iii,cap=7"}, {"rules": ""}, {"rules": None},
    {"turn": -1}, {"turn": "3"}, {"turn": True},
    {"view": {"theme": "blue"}}, {"view": {"controls": 1}}, {"view": {"colour": "red"}}, {"view": "dark"},
])
def test_encode_refuses_specs_a_link_cannot_carry(change):
    with pytest.raises(LinkError):
        encode(dict(BASE, **change))


# ------------------------------------------------------------------ fuzz

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
NOISE = B64 + ".&=#%+/ ~\x00é日"


def _mutate(rng: random.Random, text: str) -> str:
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        kind = rng.choice(("insert", "delete", "replace", "truncate", "case"))
        i = rng.randrange(len(text) + 1) if text else 0
        if kind == "insert":
            text = text[:i] + rng.choice(NOISE) + text[i:]
        elif kind == "delete" and text:
            text = text[:i] + text[i + 1:]
        elif kind == "replace" and i < len(text):
            text = text[:i] + rng.choice(NOISE) + text[i + 1:]
        elif kind == "truncate":
            text = text[:i]
        elif kind == "case" and text:
            j = rng.randrange(len(text))
            text = text[:j] + text[j].swapcase() + text[j + 1:]
    return text


def test_fuzzed_links_raise_only_link_error_and_never_change_the_game():
    rng = random.Random(20261123)
    bases = [encode(BASE), encode(dict(BASE, turn=3, view={"theme": "dark", "scores": False})),
             encode(dict(BASE, seed=7, seats=BASE["seats"] * 2, actions=[])),
             "g4." + encode(BASE)[3:]]
    for name in ("g1.json", "g2.json", "g3.json"):
        bases += [c["link"] for c in json.loads((LINKS / name).read_text(encoding="utf-8"))["cases"]]
    # The g4 base is BASE's link relabelled: mutated back to g1 it is BASE again.
    originals = {b: _game(decode(b)) if not b.startswith("g4.") else _game(BASE) for b in bases}
    refused = accepted = 0
    for n in range(12_000):
        base = bases[n % len(bases)]
        mutated = _mutate(rng, base)
        try:
            spec = decode(mutated)
        except LinkError as exc:
            assert str(exc)
            refused += 1
            continue
        accepted += 1
        # Only the hand-editable options may change; the game itself never does.
        assert _game(spec) == originals[base], (base, mutated)
    assert refused > 10_000 and accepted > 0


def test_fuzzed_contents_behind_a_valid_checksum_raise_only_link_error():
    """A crafted link passes the checksum; its fields are still checked one by one."""
    rng = random.Random(7)
    text = "iii,cap=0\ns42\n2\n0Zoë\n3Computer\n" + "\n".join(BASE["actions"])
    ok = 0
    for _ in range(3_000):
        mutated = _mutate(rng, text)
        try:
            spec = decode(_payload_link(mutated.encode("utf-8", "surrogatepass")))
        except LinkError:
            continue
        ok += 1
        assert len(spec["seats"]) in (1, 2, 3, 4) and all(spec["actions"])
    assert ok > 0


# ------------------------------------------------------------------ a real game

def test_a_link_reopens_the_same_game_with_the_same_racks_and_scores():
    """Racks are not stored: the seeded bag rebuilds them when the moves replay."""
    from engine.search.ai import Player
    from engine.game import Game
    from engine.lexicon import Lexicon
    from engine.moves import Play
    from engine.notation import format_move
    from engine.rules import Rules
    from engine.scoring import evaluate

    lexicon = Lexicon.from_bytes((LINKS.parent.parent.parent / "wordlists" / "lexicon.bin").read_bytes())
    rules = Rules.from_string("o")
    game = Game(rules, "link-test", 2, lexicon=lexicon)
    players = [Player(rules, lexicon, "medium"), Player(rules, lexicon, "easy")]
    while len(game.actions) < 8 and not game.over:
        rack = str(game.active_rack())
        move = players[game.to_move].choose(game.board, rack, game.bag_count)
        move = move.to_play() if hasattr(move, "to_play") else move
        ev = evaluate(game.board, rack, move, rules) if isinstance(move, Play) else None
        game.act(format_move(game.board, move, ev), 3.25)
    spec = {"rules": rules.to_string(), "seed": "link-test",
            "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "easy"}],
            "actions": list(game.actions), "turn": 5}
    got = decode(encode(spec))
    again = Game.replay(Rules.from_string(got["rules"]), got["seed"], got["actions"], 2, lexicon=lexicon)
    assert again.actions == game.actions
    assert (again.racks, again.scores, again.to_move) == (game.racks, game.scores, game.to_move)
    assert again.board.cells == game.board.cells
    # The seed's type matters: 42 and "42" are different bags.
    assert Game(rules, 42, 2, lexicon=lexicon).racks != Game(rules, "42", 2, lexicon=lexicon).racks
