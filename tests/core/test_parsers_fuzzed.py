"""Fuzz every parser with mutated valid inputs (issue 8, "Bad input").

Each parser gets at least 10,000 inputs made from valid ones by a seeded mutator
(insert, delete or replace characters, including digits ``int()`` refuses such as
``²``, other scripts' digits and letters, huge numbers, line breaks, truncation).
Whatever the input, a parser either returns or raises one of the engine's own
error types; any other exception (IndexError, a plain ValueError from ``int()``,
UnicodeDecodeError, ...) fails the test with the input that caused it. Seeds are
fixed, so a failure reproduces exactly.
"""

from __future__ import annotations

import itertools
import inspect
import json
import os
import random
import struct
import zlib

import pytest

import page_workers

from engine.board import SquareError
from engine.game import Game, GameError
from engine.records.gcg import GCGError, read_gcg, write_gcg
from engine.lexicon import Lexicon, LexiconFormatError
from engine.lexicon.format import _HEADER, HEADER_SIZE
from engine.moves import MoveError, Play
from engine.notation import NotationError, format_cgp, parse_cgp, parse_move
from engine.rules import PRESETS, Rules, RulesError
from engine.scoring import evaluate
from engine.lexicon.words import WordJudge
from test_lexicon import repack

N = 10_000
ENGINE_ERRORS = (NotationError, RulesError, MoveError, GameError, SquareError,
                 LexiconFormatError, GCGError)

HUGE = "9" * 4301  # one digit past int()'s limit
SPICE = ["²", "٣", "ß", "ﬁ", "é", "\u212a", "\n", "\r\n", "\t", "\x00", "\x85", "\u2028",
         HUGE, "-" + HUGE, "0", "-1", "+3", "1_0", "99999999999", " ", ";", "/", ":", "+",
         "=", ",", "[", "]", "?", "-", "#", ">", "@", "e[Q]", "K²", "inf", "nan", "none",
         "\ud800", "💡"]
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ;/:-+=,[]?#>@."


def mutate(rng: random.Random, text: str) -> str:
    """One to three random edits of ``text``."""
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(7)
        pos = rng.randrange(len(text) + 1)
        piece = rng.choice(SPICE) if rng.random() < 0.5 else rng.choice(ALPHABET)
        if op == 0:
            text = text[:pos] + piece + text[pos:]
        elif op == 1:
            text = text[:pos] + text[pos + rng.randint(1, 6):]
        elif op == 2:
            text = text[:pos] + piece + text[pos + 1:]
        elif op == 3:
            text = text[:pos]
        elif op == 4:
            end = pos + rng.randint(1, 12)
            text = text[:end] + text[pos:end] + text[end:]
        elif op == 5:  # a number made huge (or negative, or foreign)
            digits = [i for i, ch in enumerate(text) if ch.isdigit()]
            if digits:
                i = rng.choice(digits)
                text = text[:i] + rng.choice([HUGE, "-7", "٣", "²", "0" * 50 + "1"]) + text[i + 1:]
        else:  # swap two chunks
            a, b = sorted((pos, rng.randrange(len(text) + 1)))
            text = text[b:] + text[a:b] + text[:a]
    return text


def fuzz(seed: int, corpus, make_input, check, n: int = N) -> None:
    """Run ``check`` on ``n`` mutated inputs; collect the non-engine exceptions."""
    rng = random.Random(seed)
    failures = []
    for _ in range(n):
        item = make_input(rng, rng.choice(corpus))
        try:
            check(item)
        except ENGINE_ERRORS:
            pass
        except Exception as exc:  # noqa: BLE001 - any foreign exception is the finding
            failures.append(f"{type(exc).__name__}: {str(exc)[:100]} <- {item!r:.200}")
            if len(failures) >= 5:
                break
    assert not failures, "foreign exceptions:\n" + "\n".join(failures)


def mutated_text(rng, text):
    return mutate(rng, text)


# ------------------------------------------------------------------ valid inputs

LEX = Lexicon.default()


# Short games under four presets (moves the generator chose; fixed here so the fuzz
# does not depend on move generation), and legal moves in each final position.
RECORDS = [
    ("classic", 7, ["8G BARIUM", "J2 GRADATIM", "3I CREDO", "K3 EYED"],
     ["L1 JADE", "L1 ARDEB", "2M JAB", "2M JIB", "2M JOB", "L1 BADE"]),
    ("iii", 3, ["11K ASSAYS", "P6 LARKISH", "M9 HUSb[X]ANDED"],
     ["15H COMPADRE", "15F COMPARED", "16F CAMPOREE", "Q2 COMPARE", "N3 COMPARE"]),
    ("richard", 11, ["8D PONENT", "D2 COVERUP", "H1 REACTION"],
     ["2F VEERY", "4H COVEY", "5F VOTARY", "4H CORVEE", "5B EVERY"]),
    ("o", 5, ["8H WaLTZ", "swap I8; 8H WALTZERs", "M8 ENDURING"],
     ["9F AVOW", "9G VOW", "12I TOWARD", "9G DOW", "12L DRAW"]),
]


def _games():
    return [Game.replay(PRESETS[name], seed, actions, lexicon=LEX) for name, seed, actions, _ in RECORDS]


GAMES = _games()
CGPS = [format_cgp(g.position()) for g in GAMES] + [
    "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/EGGLOOS 0/0 0 var classic;",
    "15/15/15/15/15/15/15/3CAt9/15/15/15/15/15/15/15 ?Q/ZZ 10/-4 2 var iii,board=classic15; spent H8;",
    "/".join(["21"] * 10 + ["5e[Q]15"] + ["21"] * 10) + " ABC/DEF/GHI 1/2/3 0 var iii; id x;",
]
MOVES = ["8D ZEBRAS", "D8 zEBRAS", "11F ZEBRAs[Z]", "swap K11; 8D CATS", "pick L11; 11F DREAMILY",
         "-ABC", "-", "-?", "H1 DREAMERS", "swap H8; pick I8; 8H CATS", "15O A", "A1 AA"]
RULES = [r.to_string() for r in PRESETS.values()] + [
    "classic,big=7:50+8:80,clock=1500", "iii,cap=0,min=3", "o,judge=challenge,min=2",
    "ii,board=classic15,tiles=wild298,adjust=transfer,final=1", "o,stretch=0,stable=none",
]
GCGS = [write_gcg(g) for g in GAMES]


# ------------------------------------------------------------------------ tests


def test_fuzz_cgp():
    rules_choices = [None] + list(PRESETS.values())

    def check(text):
        rules = rules_choices[len(text) % len(rules_choices)]
        pos = parse_cgp(text, rules)
        assert text.isascii()  # no other script's digit or letter is folded into one
        again = format_cgp(pos)
        assert format_cgp(parse_cgp(again, rules)) == again  # what it reads, it writes back

    fuzz(1, CGPS, mutated_text, check)


def test_fuzz_move_text():
    """Mutated legal moves of each game's position (and the notation examples);
    a parsed placement is also scored, which reads everything the parse made."""
    corpus = [(g, text) for g, record in zip(GAMES, RECORDS) for text in MOVES + record[3]]

    def make(rng, item):
        return item[0], mutate(rng, item[1])

    def check(item):
        g, text = item
        move = parse_move(text, g.board, g.rules, g.rack(g.to_move))
        assert text.isascii() and "\n" not in text
        if isinstance(move, Play):
            evaluate(g.board, g.rack(g.to_move), move, g.rules, WordJudge(g.rules, LEX))

    fuzz(2, corpus, make, check)


def test_fuzz_rules_strings():
    def check(text):
        rules = Rules.from_string(text)
        assert text.isascii() and text.isprintable()
        knobs = [part.partition("=")[0].strip() for part in text.split(",")[1:]]
        assert len(knobs) == len(set(knobs))  # a knob given twice is refused
        assert Rules.from_string(rules.to_string()) == rules

    fuzz(3, RULES, mutated_text, check)


def test_fuzz_gcg():
    def check(text):
        game = read_gcg(text, LEX)
        again = read_gcg(write_gcg(game), LEX)  # what it reads, it writes back exactly
        assert again.scores == game.scores and again.actions == game.actions

    fuzz(4, GCGS, mutated_text, check)


# -------------------------------------------------------------- word lists

WORDS = "CAT CATS DOG DOGS COD CODS BAT BATS RAT RATS ZEBRA ZEBRAS A I".split()
BINARIES = [Lexicon.from_words(WORDS).to_bytes(),
            Lexicon.from_words(WORDS[:6], WORDS).to_bytes(),
            Lexicon.from_words([]).to_bytes()]


def _mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """Raw edits (the CRC catches these), or plane edits re-sealed with a valid CRC
    (only the structure checks can catch those), or a re-sealed header edit."""
    kind = rng.randrange(4)
    if kind == 0:
        b = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            op, pos = rng.randrange(3), rng.randrange(len(b) + 1)
            if op == 0:
                b[pos:pos] = bytes([rng.randrange(256)])
            elif op == 1:
                del b[pos:pos + rng.randint(1, 8)]
            elif pos < len(b):
                b[pos] = rng.randrange(256)
        return bytes(b)

    def edit(planes):
        for _ in range(rng.randint(1, 3)):
            plane = rng.choice(planes)
            if plane:
                plane[rng.randrange(len(plane))] = rng.choice([0, 1, 2, 3, 0xFF, rng.randrange(256)])
    if kind in (1, 2):
        return repack(data, edit)
    fields = list(_HEADER.unpack_from(data))
    i = rng.choice([2, 3, 4, 5, 6, 7, 8, 9])
    fields[i] = rng.choice([0, 1, 2, 255, 2 ** 31, fields[i] + 1, max(fields[i] - 1, 0)])
    if i <= 3:
        fields[i] &= 0xFF
    payload = data[HEADER_SIZE:]
    head = _HEADER.pack(*fields[:11], 0)[:-4]
    return head + struct.pack("<I", zlib.crc32(payload, zlib.crc32(head))) + payload


def test_fuzz_word_list_bytes():
    def check(data):
        lex = Lexicon.from_bytes(data)
        for w in WORDS + ["", "CA", "ZEBRASS", "Q" * 40]:
            lex.is_word(w)
            lex.is_word(w, large=True)
        list(itertools.islice(lex.words(large=True), 500))  # a cycle raises here
        if data[-1] % 4 == 0:
            Lexicon.from_bytes(data, full_check=True)

    fuzz(5, BINARIES, _mutate_bytes, check)


WORD_TEXTS = ["# my list\ncat\nDog   # a comment\n  mouse  \n\nzebras\n", "a\r\nb\rc\n", ""]


def _mutate_word_text(rng, text):
    raw = mutate(rng, text).encode("utf-8", "surrogatepass")
    if rng.random() < 0.3:  # bytes that are not UTF-8
        pos = rng.randrange(len(raw) + 1)
        raw = raw[:pos] + bytes([rng.choice([0x80, 0xC3, 0xFF, 0xE9, 0xEF])]) + raw[pos:]
    return raw


def _check_word_list(lex):
    words = list(lex.words(large=True))
    assert all(w.isascii() and w.isalpha() and w.isupper() for w in words)
    assert len(words) == len(lex)


def test_fuzz_word_list_text():
    fuzz(6, WORD_TEXTS, _mutate_word_text, lambda raw: _check_word_list(Lexicon.from_text(raw)))


def test_fuzz_word_list_files(tmp_path):
    """The same through real files (fewer: opening a file costs ~1 ms here)."""
    path = tmp_path / "words.txt"

    def check(raw):
        path.write_bytes(raw)
        _check_word_list(Lexicon.from_file(path))

    fuzz(7, WORD_TEXTS, _mutate_word_text, check, n=300)


# ------------------------------------------- findings in files other helpers own


def test_fuzz_square_names():
    from engine.board import parse_square

    fuzz(8, ["H8", "A1", "O15", "U21", "k11"], mutated_text, lambda text: parse_square(text, 15))


def test_gcg_scores_in_ascii_digits_only():
    record = GCGS[0].replace("8G BARIUM +26 26", "8G BARIUM +٢٦ ٢٦")
    assert record != GCGS[0]
    with pytest.raises(GCGError):
        read_gcg(record, LEX)


# ------------------------------------------- the session, as the page's worker calls it
#
# Issue 16: every export of ui/engine_worker.py (a stub ``js`` stands in for the
# browser) in random call sequences, and links mutated inside their checksum. An
# answer is always JSON text; "The engine failed" (the worker's word for an
# exception that escaped the session) is the finding. After each sequence the
# current game's snapshot, stored as the page stores it, rebuilds the same game.
# FUZZ_SLOW=1 runs 10,000 inputs per campaign; the normal suite a sample.

SLOW = os.environ.get("FUZZ_SLOW", "") not in ("", "0")
N_SESSION = 10_000 if SLOW else 400


@pytest.fixture(scope="module")
def worker():
    return page_workers.load("game")   # the worker imported natively (tests/hardening)


SEATS = [[{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
         [{"name": "Ann", "kind": "human"}, {"name": "Cy", "kind": "easy"}],
         [{"name": "Zoë 😀", "kind": "easy"}, {"name": "", "kind": "human"}, {"name": "x" * 32, "kind": "human"}]]


def _specs():
    out = []
    for (name, seed, actions, _), g in zip(RECORDS, GAMES):
        out.append({"rules": PRESETS[name].to_string(), "seed": seed, "seats": SEATS[0], "actions": actions})
        out.append({"rules": PRESETS[name].to_string(), "seed": seed, "seats": SEATS[1],
                    "actions": actions[:2] + ["- @1500ms"], "hints": [[0, 0]]})
    out.append({"rules": "classic,clock=60", "seed": 9, "seats": SEATS[2], "actions": ["- @999999999000ms"]})
    out.append({"rules": "o", "seed": 4, "seats": SEATS[0], "actions": [], "start": CGPS[4].replace(" var classic;", "")})
    return out


SPECS = _specs()
PLACEMENTS = [json.dumps(p) for p in (
    {"tiles": [{"sq": "H8", "tile": "A", "letter": "A"}, {"sq": "I8", "tile": "T", "letter": "T"}], "pre": []},
    {"tiles": [{"sq": "H8", "tile": "?", "letter": "Q", "face_down": False}], "pre": ["swap H8"], "across": False},
    {"tiles": [{"sq": "K11", "tile": "Z", "letter": "Z", "face_down": True}], "pre": ["pick L11"]},
)]
VIEWS = ['{"theme": "dark"}', '{"controls": false, "mode": "replay"}', ""]


def _number(rng):
    return rng.choice([-1, 0, 1, 2, 3, 5, 20, rng.randint(-10, 300), 10 ** 12, -(10 ** 15), 2 ** 63])


def _session_call(rng, w, links):
    """One random export call: (name, args)."""
    # The synchronous session face; an async export (define fetches the meanings file
    # over the network) has tests of its own (tests/browser/words/test_meanings_page.py).
    name = rng.choice([n for n in w.__export__ if not inspect.iscoroutinefunction(getattr(w, n))])
    spec = json.dumps(rng.choice(SPECS), ensure_ascii=rng.random() < 0.5)
    args = {
        "layout": lambda: (mutate(rng, rng.choice(RULES)),),
        "open_game": lambda: (mutate(rng, spec) if rng.random() < 0.7 else spec,),
        "act": lambda: (_good_move(rng, w) if rng.random() < 0.4 else
                        rng.choice(MOVES + ["-", "check", "challenge", "challenge 2", "trade AE", "timeout"])
                        if rng.random() < 0.5 else mutate(rng, rng.choice(MOVES)),
                        rng.choice([-1, 0, 1500, 10 ** 12, 10 ** 12 + 1, rng.randint(-10, 10 ** 6)])),
        "preview": lambda: (mutate(rng, rng.choice(PLACEMENTS)),),
        "computer": lambda: (rng.choice([1, 5, 20, 0, -3]),),
        "undo": lambda: (_number(rng),),
        "hint": lambda: (rng.choice([1, 3, 0, 21]), rng.choice([1, 10, 30, 0, 10 ** 9])),
        "open_link": lambda: (mutate(rng, rng.choice(links)) if rng.random() < 0.5 else rng.choice(links),),
        "link": lambda: (_number(rng),),
        "link_for": lambda: (mutate(rng, spec), _number(rng), rng.choice(VIEWS + [mutate(rng, VIEWS[1])])),
        "at": lambda: (_number(rng),),
        "import_record": lambda: (mutate(rng, rng.choice(GCGS + CGPS)),),
        "unseen": lambda: (_number(rng),),
        "hint_preview": lambda: (mutate(rng, rng.choice(MOVES)),),
        "hint_used": lambda: (_number(rng),),
    }.get(name, lambda: ())()
    return name, args


def _good_move(rng, w) -> str:
    """A play the hint finds (so that sequences get deep into games), else a pass."""
    moves = json.loads(w.hint(3, 20)).get("moves") or [{"move": "-"}]
    return rng.choice(moves)["move"]


def _rebuilds(w) -> None:
    """The page stores a snapshot's spec and reopens it on reload: nothing is lost."""
    snap = json.loads(w.snapshot())
    if "racks" not in snap:
        return
    spec = {k: snap[k] for k in ("rules", "seed", "seats", "actions", "hints") if k in snap}
    if "start" in snap:
        spec["start"] = snap["start"]
    again = json.loads(w.open_game(json.dumps(spec)))
    assert "warning" not in again and again["actions"] == snap["actions"], (spec, again.get("error"))
    assert again["scores"] == snap["scores"] and again["racks"] == snap["racks"]


def test_fuzz_session_exports_in_random_sequences(worker):
    w = worker
    links = [w.link_for(json.dumps(s)) for s in SPECS]
    assert all(link.startswith("g") for link in links), links
    rng = random.Random(16)
    failures, done = [], 0
    while done < N_SESSION and len(failures) < 5:
        w.open_game(json.dumps(rng.choice(SPECS)))
        for _ in range(rng.randint(5, 25)):
            name, args = _session_call(rng, w, links)
            out = getattr(w, name)(*args)
            done += 1
            try:
                if name in ("link", "link_for") and not out.startswith("{"):
                    from engine.records.link import decode
                    decode(out)         # a fragment the session writes is one it reads
                    continue
                data = json.loads(out)
                assert isinstance(data, dict)
                assert "The engine failed" not in str(data.get("error", "")), data["error"]
            except Exception as exc:  # noqa: BLE001 - the finding
                failures.append(f"{name}{tuple(repr(a)[:120] for a in args)}: {type(exc).__name__}: {exc}")
                break
        else:
            try:
                _rebuilds(w)
            except AssertionError as exc:
                failures.append(f"after a sequence: {str(exc)[:300]}")
    assert not failures, "\n".join(failures)


def _seal(tag: str, text: str) -> str:
    """A link fragment for ``text`` with a valid checksum: only the reader's checks
    of what is inside can refuse it."""
    import base64
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    packed = packer.compress(text.encode("utf-8", "surrogatepass")) + packer.flush()
    crc = zlib.crc32(tag.encode("ascii") + packed).to_bytes(4, "big")
    return tag + base64.urlsafe_b64encode(packed + crc).decode("ascii").rstrip("=")


def _link_texts():
    from engine.records.link import encode, unpack
    out = []
    for spec in SPECS:
        frag = encode(spec)
        tag, data = frag[:3], frag[3:].partition("&")[0]
        out.append((tag, "\n".join(unpack(tag, data))))
    return out


def test_fuzz_resealed_links(worker):
    """Links mutated inside the checksum: decode raises only LinkError; the
    session opens them or answers why, and what it opens is the link's game."""
    from engine.records.link import LinkError, decode
    texts = _link_texts()
    rng = random.Random(17)
    failures = []
    for _ in range(N_SESSION if SLOW else N_SESSION * 2):
        tag, text = rng.choice(texts)
        lines = text.split("\n")
        i = rng.randrange(len(lines))
        lines[i] = mutate(rng, lines[i])
        frag = _seal(rng.choice([tag, tag, "g1.", "g2."]), "\n".join(lines))
        try:
            try:
                spec = decode(frag)
            except LinkError:
                spec = None
            out = json.loads(worker.open_link(frag))
            assert "The engine failed" not in str(out.get("error", "")), out["error"]
            if spec is not None and "racks" in out:
                # every action played (as the game writes it) or the first it stopped at named
                assert ("warning" in out) == (len(out["actions"]) < len(spec["actions"]))
                assert out.get("opened_to", len(spec["actions"])) == len(out["actions"])
        except Exception as exc:  # noqa: BLE001 - the finding
            failures.append(f"{type(exc).__name__}: {str(exc)[:160]} <- {lines[i]!r:.120}")
            if len(failures) >= 5:
                break
    assert not failures, "\n".join(failures)
