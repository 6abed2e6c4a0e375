"""Game links: a whole game in the URL fragment (``#g1.<data>&t=12&theme=dark``).

Why a fragment: it never reaches a server, so a link works on any static host and
needs no storage. The page passes ``location.hash`` to ``decode`` and gets back the
game spec that ``session.open`` takes (rules, seed, seats, actions, and "start"
for a game begun from a position), plus the turn to show and embed options;
``encode`` is the inverse.

Fragment grammar (format versions 1 to 3, 5 and 6)::

    fragment := TAG DATA { "&" KEY "=" VALUE }
    TAG      := "g1." | "g2." | "g3." | "g5." | "g6."   ("g4.": a table game, engine/table/link.py)
    DATA     := base64url, no padding, of  deflate(TEXT) + crc32(TAG + deflate(TEXT))
    TEXT     := UTF-8 lines joined by "\\n":
                g1: rules / seed / seat count / SEATS / ACTIONS
                g2: rules / seed / start / seat count / SEATS / ACTIONS
                g3: rules / seed / start or "" / seat count / SEATS / ACTIONS
                g5: rules / seed / start or "" / WORDLIST / seat count / SEATS / ACTIONS
                g6: rules / seed / start or "" / WORDLIST or "" / EVENT or "" / OATH
                    / seat count / SEATS / ACTIONS
    EVENT    := a tournament's pairing: its id (12 hex digits), round and game number,
                space-separated (engine/club/invite.py: an invitation and its result)
    OATH     := one digit a seat: 0 no oath, 1 the oath before the first move, 2 also
                the one after the last (RULES.md 15.2); "" for none
    WORDLIST := the fingerprint of the player's own word list the game plays, a space,
                its name (engine/lexicon/own.py: the list itself is never in a link)
    SEATS    := one line per seat: a kind digit, then the name; g1 and g2: 0..3 =
                human, easy, medium, hard; g3: 0..4, adding expert
    ACTIONS  := one line per action (the engine's move text, kept verbatim)
    seed     := "i" + decimal int  |  "s" + text     (so 42 and "42" stay distinct)
    start    := the CGP of the position the game starts from (one line of printable
                ASCII, at most MAX_START characters; docs/notation.md)
    KEY      := t (turn to show) | mode (play|replay) | theme (auto|light|dark)
                | controls | moves | scores (0|1: what an embed shows)

``encode`` writes the oldest version that carries the spec: g6 only for a game of a
tournament's pairing or with an oath ("event", "oath"), g5 only for a game
that plays a player's own word list ("wordlist"), g3 only when a seat is a level
g1 and g2 have no digit for (the expert), else g2 for a spec with a "start", else
g1, byte for byte as before g2 existed. So a page from before g3
still opens every new link but those, and refuses those cleanly with NEWER
("this link is from a newer version of the game"; the page then keeps the game
it showed). A g3 seat digit this version does not know is refused the same way.

The options after DATA are plain and may be edited by hand (an embed snippet can
say ``&t=5&mode=replay``); everything in DATA is covered by the checksum, so a
changed or cut-off link is refused rather than replayed as another game. Racks are
never stored: the bag is seeded, and the bag algorithm is fixed per version.

Every format version ever shipped stays decodable: tests/data/links/ keeps one link
per version. ``g4.`` is a table game's link (engine/table/link.py), refused here
with a message naming the table page; a newer version (``g6.``) is refused with a
message saying so, as are
rules this version does not know. Names and moves are checked as plain text only:
the page shows names as text, and the engine judges the moves when it replays them.
A link is not secret: anyone who decodes it learns the seed, hence every rack.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
import zlib

from ..actionlog import MAX_NAME
from ..lexicon.own import OwnListError, check_ref
from ..rules import RULES_TEXT_MAX, Rules

VERSION = 6               # the newest format; encode writes the oldest that carries the game
# Seat kinds by digit; every kind of engine.session's SEAT_KINDS must be here.
SEAT_KINDS = ("human", "easy", "medium", "hard", "expert")
OLD_KINDS = 4             # g1 and g2 carry the first four (digits 0..3)
VIEW_CHOICES = {"mode": ("play", "replay"), "theme": ("auto", "light", "dark")}
VIEW_FLAGS = ("controls", "moves", "scores")

# Limits: a link is read from anywhere, so every size is capped before use.
MAX_FRAGMENT = 20_000     # characters of the whole fragment
MAX_TEXT = 65_536         # bytes of decompressed TEXT (no zip bombs)
MAX_RULES = RULES_TEXT_MAX  # house-word lists ride in the rules string
MAX_SEED = 64
# MAX_NAME (actionlog.py) is the engine's one name limit: encode refuses a longer
# name; decode cuts one (links written before the limit was shared held up to 64).
MAX_ACTION = 240          # the engine's 200 plus a clock suffix (" @12500ms")
MAX_ACTIONS = 2_000
MAX_TURN = 100_000
MAX_IGNORED = 5           # options named as ignored (the rest are dropped unnamed)
MAX_START = 4_000 + RULES_TEXT_MAX  # a start position's CGP, whose rules may hold house words (engine/startpos.py)
MIN_SEATS, MAX_SEATS = 1, 4
MAX_EVENT_ROUND, MAX_EVENT_GAME = 1_000, 1_000_000   # a tournament pairing's round and game number

# g4 is taken by games scored at a table (engine/table/link.py): no seed, no racks,
# so they are not games this module replays; ``decode`` names them, never "newer".
TABLE_VERSION = 4
TABLE_TAG = "g4."
TABLE_GAME = "this is a link to a game scored at a table: it opens in the table page (table.html)"

NEWER = "this link is from a newer version of the game"
DAMAGED = "this link is damaged (it may have been cut off)"
NOT_A_LINK = "this is not a game link"

_TAG = re.compile(r"g([0-9]{1,6})\.")
_B64 = re.compile(r"[A-Za-z0-9_-]*")
_CRC_BYTES = 4


class LinkError(ValueError):
    """A link that cannot be read or written (the message is for a player)."""


# ---------------------------------------------------------------------- encode

def encode(spec: dict) -> str:
    """The fragment (without '#') for a game spec; raises LinkError for a spec
    that cannot be shared (bad field, too long)."""
    if not isinstance(spec, dict):
        raise LinkError("a game spec must be a dict")
    rules, seed, seats, actions = check_spec(spec)
    start = _check_start(spec.get("start"))
    wordlist = _check_wordlist(spec.get("wordlist"))
    digits = [SEAT_KINDS.index(s["kind"]) for s in seats]
    event, oath = check_event(spec.get("event")), check_oath(spec.get("oath"), len(seats))
    if event or oath:
        lines = [rules, _seed_text(seed), start or "", (wordlist["fp"] + " " + wordlist["name"]) if wordlist else "",
                 event_text(event), oath, str(len(seats))]
        lines += [str(d) + s["name"] for d, s in zip(digits, seats)] + actions
        return fit(pack("g6.", lines) + options_text(spec))
    tag = "g5." if wordlist else "g3." if max(digits) >= OLD_KINDS else "g1." if start is None else "g2."
    lines = [rules, _seed_text(seed)] + ([start or ""] if tag != "g1." else [])
    lines += ([wordlist["fp"] + " " + wordlist["name"]] if wordlist else []) + [str(len(seats))]
    lines += [str(d) + s["name"] for d, s in zip(digits, seats)]
    lines += actions
    return fit(pack(tag, lines) + options_text(spec))


def pack(tag: str, lines: list[str]) -> str:
    """TAG + DATA of TEXT's lines (the container every link version shares, table
    games' g4 too); LinkError when the result is too long to share."""
    text = "\n".join(lines).encode("utf-8")
    if len(text) > MAX_TEXT:
        raise LinkError("this game is too long to share as a link")
    return deflated(tag, text)


def deflated(tag: str, text: bytes) -> str:
    """TAG + DATA: ``text`` deflated, then its CRC-32 (of the tag and the deflated
    bytes), in URL-safe base64 without padding. Every link is this container: a
    game's, a table game's and a tournament's standings (engine/club/share.py)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    packed = packer.compress(text) + packer.flush()
    crc = zlib.crc32(tag.encode("ascii") + packed).to_bytes(_CRC_BYTES, "big")
    return tag + base64.urlsafe_b64encode(packed + crc).decode("ascii").rstrip("=")


def fit(fragment: str) -> str:
    """The fragment, or LinkError when it is too long for a link."""
    if len(fragment) > MAX_FRAGMENT:
        raise LinkError("this game is too long to share as a link")
    return fragment


def _seed_text(seed) -> str:
    return f"i{seed}" if isinstance(seed, int) else f"s{seed}"


def options_text(spec: dict) -> str:
    parts = []
    if spec.get("turn") is not None:
        parts.append(f"t={_check_turn(spec['turn'])}")
    view = spec.get("view")
    if view is not None:
        if not isinstance(view, dict):
            raise LinkError("the view options must be a dict")
        for key, value in view.items():
            if key in VIEW_CHOICES:
                if value not in VIEW_CHOICES[key]:
                    raise LinkError(f"view option {key} must be one of {', '.join(VIEW_CHOICES[key])}")
                parts.append(f"{key}={value}")
            elif key in VIEW_FLAGS:
                if not isinstance(value, bool):
                    raise LinkError(f"view option {key} must be true or false")
                parts.append(f"{key}={int(value)}")
            else:
                raise LinkError(f"unknown view option {key!r}")
    return "".join("&" + p for p in parts)


# ---------------------------------------------------------------------- decode

def decode(fragment: str) -> dict:
    """The game spec of a link's fragment (with or without '#', or a whole URL).
    Raises LinkError, and only LinkError, for anything it cannot read."""
    fragment = fragment_of(fragment, LinkError, NOT_A_LINK, "this link is too long to be a game link")
    tag = _TAG.match(fragment)
    if tag is None:
        if fragment[:1] == "g" and fragment[1:2] in tuple("0123456789"):
            raise LinkError(DAMAGED)
        raise LinkError(NOT_A_LINK)
    version = int(tag.group(1))
    if version == TABLE_VERSION and tag.group(0) == TABLE_TAG:
        raise LinkError(TABLE_GAME)
    if version > VERSION:
        raise LinkError(NEWER)
    reader = _READERS.get(version)
    if reader is None or tag.group(0) != f"g{version}.":
        raise LinkError(DAMAGED)
    data, _, options = fragment[tag.end():].partition("&")
    spec = reader(tag.group(0), data)
    spec.update(parse_options(options))
    return spec


def _decode_v1(tag: str, data: str) -> dict:
    return _spec_of_lines(unpack(tag, data), OLD_KINDS)


def _decode_v2(tag: str, data: str) -> dict:
    lines = unpack(tag, data)
    if len(lines) < 4:
        raise LinkError(DAMAGED)
    start = lines.pop(2)
    spec = _spec_of_lines(lines, OLD_KINDS)
    spec["start"] = _check_start(start)
    return spec


def _decode_v3(tag: str, data: str) -> dict:
    """g2's layout, the start line empty for none, and every seat kind."""
    lines = unpack(tag, data)
    if len(lines) < 4:
        raise LinkError(DAMAGED)
    start = lines.pop(2)
    spec = _spec_of_lines(lines, len(SEAT_KINDS), newer_kinds=True)
    if start:
        spec["start"] = _check_start(start)
    return spec


def _decode_v5(tag: str, data: str) -> dict:
    """g3's layout with the player's own word list after the start line."""
    lines = unpack(tag, data)
    if len(lines) < 5:
        raise LinkError(DAMAGED)
    start = lines.pop(2)
    fp, _, name = lines.pop(2).partition(" ")
    spec = _spec_of_lines(lines, len(SEAT_KINDS), newer_kinds=True)
    if start:
        spec["start"] = _check_start(start)
    spec["wordlist"] = _check_wordlist({"name": name, "fp": fp})
    return spec


def _decode_v6(tag: str, data: str) -> dict:
    """g5's layout (the word list line empty for none), then a tournament's pairing
    and the oath."""
    lines = unpack(tag, data)
    if len(lines) < 7:
        raise LinkError(DAMAGED)
    start, ref, event, oath = lines[2:6]
    del lines[2:6]
    spec = _spec_of_lines(lines, len(SEAT_KINDS), newer_kinds=True)
    if start:
        spec["start"] = _check_start(start)
    if ref:
        fp, _, name = ref.partition(" ")
        spec["wordlist"] = _check_wordlist({"name": name, "fp": fp})
    if event:
        parts = event.split(" ")
        if len(parts) != 3 or not all(re.fullmatch(r"[0-9]{1,7}", x) for x in parts[1:]):
            raise LinkError(DAMAGED)
        spec["event"] = check_event({"id": parts[0], "round": int(parts[1]), "game": int(parts[2])})
    if oath:
        spec["oath"] = check_oath(oath, len(spec["seats"]))
    return spec


def unpack(tag: str, data: str) -> list[str]:
    """DATA -> TEXT's lines, checked against the checksum and the size limits."""
    text = inflated(tag, data, LinkError, DAMAGED, "this link holds more than a game (it is too large to open)")
    try:
        return text.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        raise LinkError(DAMAGED) from None


def fragment_of(text, error: type, not_a_link: str, too_long: str) -> str:
    """The fragment of a link given whole (a URL, '#...' or the bare fragment),
    refused with ``error`` when it is not text or is too long to be a link."""
    if not isinstance(text, str):
        raise error(not_a_link)
    if len(text) > MAX_FRAGMENT + 2_000:
        raise error(too_long)
    text = text.strip()
    return text.split("#", 1)[1] if "#" in text else text


def inflated(tag: str, data: str, error: type, damaged: str, too_large: str) -> bytes:
    """DATA (``deflated``'s) back to its text's bytes, checked against the checksum
    and MAX_TEXT; ``error(damaged)`` for anything unreadable, ``error(too_large)``
    for a text over the limit (no zip bombs)."""
    if not _B64.fullmatch(data) or len(data) % 4 == 1:
        raise error(damaged)
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise error(damaged) from None
    if len(raw) <= _CRC_BYTES or base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != data:
        raise error(damaged)  # too short, or stray bits a re-encoding would not write
    packed, crc = raw[:-_CRC_BYTES], raw[-_CRC_BYTES:]
    if zlib.crc32(tag.encode("ascii") + packed).to_bytes(_CRC_BYTES, "big") != crc:
        raise error(damaged)
    unpacker = zlib.decompressobj(-15)
    try:
        text = unpacker.decompress(packed, MAX_TEXT + 1)
    except zlib.error:
        raise error(damaged) from None
    if len(text) > MAX_TEXT or unpacker.unconsumed_tail:
        raise error(too_large)
    if not unpacker.eof or unpacker.unused_data:
        raise error(damaged)
    return text


# One reader per format version ever shipped; never remove one (tests/data/links/).
_READERS = {1: _decode_v1, 2: _decode_v2, 3: _decode_v3, 5: _decode_v5, 6: _decode_v6}


def _spec_of_lines(lines: list[str], kinds: int, newer_kinds: bool = False) -> dict:
    """The spec of TEXT's lines (without a start line). Seat digits 0 to ``kinds``-1
    are known; with ``newer_kinds`` a higher digit is a level of a newer version
    (NEWER), else DAMAGED."""
    if len(lines) < 3 or lines[2] not in ("1", "2", "3", "4"):
        raise LinkError(DAMAGED)
    n = int(lines[2])
    if len(lines) < 3 + n:
        raise LinkError(DAMAGED)
    seed_line = lines[1]
    if seed_line[:1] == "i" and re.fullmatch(r"-?[0-9]{1,%d}" % MAX_SEED, seed_line[1:]):
        seed = int(seed_line[1:])
    elif seed_line[:1] == "s":
        seed = seed_line[1:]
    else:
        raise LinkError(DAMAGED)
    seats = []
    for line in lines[3:3 + n]:
        if not ("0" <= line[:1] <= "9"):
            raise LinkError(DAMAGED)
        if int(line[0]) >= kinds:
            raise LinkError(NEWER if newer_kinds else DAMAGED)
        seats.append({"name": line[1:1 + MAX_NAME], "kind": SEAT_KINDS[int(line[0])]})
    spec = {"rules": lines[0], "seed": seed, "seats": seats, "actions": lines[3 + n:]}
    check_spec(spec)
    return spec


def parse_options(options: str) -> dict:
    """The turn and view options after the data. Lenient: an option this version does
    not know, a bad value or a repeat (a chat app's ``&utm_source=...``, a hand-edited
    ``&theme=DARK``) is left out and named in "ignored", so the intact game still
    opens; only the game data itself can make a link damaged."""
    out: dict = {}
    if not options:
        return out
    view: dict = {}
    ignored: list[str] = []
    for part in options.split("&"):
        part = part.strip()
        if not part:
            continue
        key, sep, value = part.partition("=")
        if key == "t" and sep and "turn" not in out and re.fullmatch(r"[0-9]{1,6}", value) \
                and int(value) <= MAX_TURN:
            out["turn"] = int(value)
        elif key in VIEW_CHOICES and sep and value in VIEW_CHOICES[key] and key not in view:
            view[key] = value
        elif key in VIEW_FLAGS and sep and value in ("0", "1") and key not in view:
            view[key] = value == "1"
        elif len(ignored) < MAX_IGNORED:
            ignored.append(_short(part, 30)[1:-1])
    if view:
        out["view"] = view
    if ignored:
        out["ignored"] = ignored
    return out


# ---------------------------------------------------------------------- checks

def check_spec(spec: dict):
    """The spec's fields, checked the same way when writing and when reading a link."""
    rules = spec.get("rules")
    if not isinstance(rules, str) or not rules or len(rules) > MAX_RULES \
            or not re.fullmatch(r"[a-z0-9,=:+_.-]+", rules):
        raise LinkError("the rules are not a rules string")
    try:
        Rules.from_string(rules)
    except ValueError as exc:
        raise LinkError(f"this link's rules are not known to this version of the game "
                        f"(it may be from a newer version): {exc}") from None
    seed = spec.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)) or (
            isinstance(seed, int) and not -10 ** (MAX_SEED - 1) < seed < 10 ** MAX_SEED):
        raise LinkError("the seed must be a number or a short text")
    if len(str(seed)) > MAX_SEED or (isinstance(seed, str) and not _plain(seed, allow_empty=True)):
        raise LinkError("the seed must be a number or a short text")
    seats = spec.get("seats")
    if not isinstance(seats, list) or not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise LinkError(f"a game has {MIN_SEATS} to {MAX_SEATS} seats")
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS:
            raise LinkError(f"seat {i + 1} is malformed")
        name = seat.get("name")
        if not isinstance(name, str) or len(name) > MAX_NAME or not _plain(name, allow_empty=True):
            raise LinkError(f"seat {i + 1}: a name is plain text of at most {MAX_NAME} characters")
    actions = spec.get("actions")
    if actions is None:
        actions = []
    if not isinstance(actions, (list, tuple)) or len(actions) > MAX_ACTIONS:
        raise LinkError(f"the moves must be a list of at most {MAX_ACTIONS} move texts")
    for i, action in enumerate(actions):
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION or not _plain(action):
            raise LinkError(f"move {i + 1} is not a move text")
    return rules, seed, [{"name": s["name"], "kind": s["kind"]} for s in seats], list(actions)


def check_event(event):
    """A tournament's pairing as {"id", "round", "game"} (None: none)."""
    if event is None:
        return None
    if not isinstance(event, dict) or not isinstance(event.get("id"), str) \
            or not re.fullmatch(r"[0-9a-f]{12}", event["id"]) or set(event) != {"id", "round", "game"}:
        raise LinkError("a tournament's pairing is {\"id\" (12 hex digits), \"round\", \"game\"}")
    for key, hi in (("round", MAX_EVENT_ROUND), ("game", MAX_EVENT_GAME)):
        value = event[key]
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= hi:
            raise LinkError(f"a tournament's pairing: the {key} is a whole number from 1 to {hi}")
    return {"id": event["id"], "round": event["round"], "game": event["game"]}


def event_text(event) -> str:
    return f"{event['id']} {event['round']} {event['game']}" if event else ""


def check_oath(oath, seats: int) -> str:
    """The oath as one digit a seat (0 none, 1 before, 2 before and after); "" for none."""
    if oath is None or oath == "":
        return ""
    if not isinstance(oath, str) or len(oath) != seats or not all(ch in "012" for ch in oath):
        raise LinkError("the oath is one digit a seat: 0 (none), 1 (before the game) or 2 (before and after)")
    return oath


def _check_start(start):
    """A start position as plain text (None: none). Whether it is a position the
    game can start from is the engine's business when it opens the game."""
    if start is None:
        return None
    if not isinstance(start, str) or not start or len(start) > MAX_START \
            or not (start.isascii() and start.isprintable()):
        raise LinkError(f"the start position must be one line of CGP text of at most "
                        f"{MAX_START} characters")
    return start


def _check_wordlist(ref):
    """A player's own word list as {"name", "fp"} (None: the shipped lists)."""
    if ref is None:
        return None
    try:
        return check_ref(ref)
    except OwnListError as exc:
        raise LinkError(str(exc)) from None


def _check_turn(turn) -> int:
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn <= MAX_TURN:
        raise LinkError(f"the turn to show must be a whole number from 0 to {MAX_TURN}")
    return turn


def _plain(text: str, allow_empty: bool = False) -> bool:
    """No control characters, lone surrogates or line/paragraph separators (a
    newline would split TEXT); anything else is kept exactly, never interpreted."""
    if not text:
        return allow_empty
    for ch in text:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cs", "Zl", "Zp"):
            return False
    return True


def _short(text: str, limit: int = 20) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")
