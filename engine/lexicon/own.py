"""A player's own word list: a text file they own (one word a line) that a game plays
instead of the shipped lists, known everywhere by its name and fingerprint.

Why a fingerprint: the tournament lists players expect (with QI and ZA) are licensed,
not ours to ship, so a game's link cannot carry the list, only which list it is. The
fingerprint is the first 16 hex digits of the SHA-256 of the list's words in capitals,
sorted, each followed by a newline (wordlists/manifest.json hashes its lists the same
way): the same words give the same fingerprint whatever the file's order, case,
comments or line ends. A device that lacks the list is told which one to load
(:data:`NEEDED`).

The list is read as ``Lexicon.from_text`` reads an upload (``#`` comments, blank lines);
it is main and large at once, with no formatives. Built lists are kept here by
fingerprint for the worker's session (:func:`add`, :func:`add_graph`: a list stored on
the device comes back as its compiled graph, which loads in milliseconds where the
text takes seconds); :func:`lexicon_for` finds a game's.
"""

from __future__ import annotations

import hashlib
import re

from . import Lexicon, LexiconFormatError, _parse_word_text

MAX_BYTES = 4_000_000     # twice the large list written as text (1.9 MB)
MAX_NAME = 60             # characters of a list's name (its file's name)
FP_DIGITS = 16
KEPT = 4                  # lists held built at once (each ~1 MB for 180,000 words)
NEEDED = "This game uses the word list '{name}' (fingerprint {fp}). Load it in New game to play on."

_FP = re.compile(r"[0-9a-f]{%d}" % FP_DIGITS)
_lists: dict = {}         # fingerprint -> [name, Lexicon or None, graph bytes or None]


class OwnListError(LexiconFormatError):
    """A word list file that cannot be a game's list, or a game whose list is missing."""


def fingerprint(words) -> str:
    """The fingerprint of a set of words in capitals (see the module doc)."""
    text = "".join(w + "\n" for w in sorted(words))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:FP_DIGITS]


def check_name(name) -> str:
    """The list's name as shown and carried in a link: plain text, at most MAX_NAME."""
    if not isinstance(name, str):
        raise OwnListError("a word list's name must be text")
    name = " ".join(name.split())[:MAX_NAME]
    if not name or not name.isprintable():
        raise OwnListError("a word list's name must be plain text")
    return name


def check_ref(ref) -> dict:
    """``{"name", "fp"}`` naming a list (a game spec's "wordlist"), checked."""
    if not isinstance(ref, dict) or not isinstance(ref.get("fp"), str) or not _FP.fullmatch(ref["fp"]):
        raise OwnListError("a game's word list is named by its name and a fingerprint of "
                           f"{FP_DIGITS} hex digits")
    return {"name": check_name(ref.get("name")), "fp": ref["fp"]}


def read(data, name) -> tuple[set, str]:
    """(words, name) of a word list file's bytes, or OwnListError saying what is wrong:
    too large, not UTF-8, a line that is not a word of letters A-Z or is a word of over
    MAX_LETTERS (45) letters (with its number), no words at all. Duplicates (in any case)
    count once; words of 22 to 45 letters are kept, as the shipped large list keeps
    ENABLE's, though no board holds them."""
    name = check_name(name)
    data = bytes(data)
    if len(data) > MAX_BYTES:
        raise OwnListError(f"'{name}' is {len(data) / 1e6:.1f} MB: a word list may be at most "
                           f"{MAX_BYTES // 1_000_000} MB")
    try:
        words = _parse_word_text(data, name)
    except LexiconFormatError as exc:
        raise OwnListError(str(exc)) from None
    if not words:
        raise OwnListError(f"'{name}' holds no words: a word list is one word of letters A-Z a line")
    return words, name


def build(data, name) -> tuple[Lexicon, dict]:
    """(the list's Lexicon, {"name", "fp", "words"}) from a file's bytes; kept (:func:`add`).
    OwnListError as :func:`read` gives, or when the list is too large to build (the bounds
    of engine/lexicon/__init__.py, MAX_BEGINNINGS and MAX_NODES)."""
    words, name = read(data, name)
    try:   # a list that would take too long or too much memory to build is refused
        lexicon = Lexicon._from_sets(words, words, name=name)
    except LexiconFormatError as exc:
        raise OwnListError(str(exc)) from None
    info = {"name": name, "fp": fingerprint(words), "words": len(words)}
    add(lexicon, info["name"], info["fp"])
    return lexicon, info


def add(lexicon: Lexicon, name: str, fp: str) -> None:
    """Keep a built list under its fingerprint (the oldest goes past KEPT)."""
    _keep(fp, [check_name(name), lexicon, None])


def add_graph(data, name: str, fp: str) -> None:
    """Keep a list stored on the device as its graph (``Lexicon.to_bytes``); it is loaded
    when a game first needs it."""
    ref = check_ref({"name": name, "fp": fp})
    if fp in _lists and _lists[fp][1] is not None:
        return
    _keep(fp, [ref["name"], None, bytes(data)])


def _keep(fp, entry) -> None:
    _lists.pop(fp, None)
    _lists[fp] = entry
    while len(_lists) > KEPT:
        _lists.pop(next(iter(_lists)))


def known() -> list[dict]:
    return [{"name": e[0], "fp": fp} for fp, e in _lists.items()]


def lexicon_for(ref) -> Lexicon | None:
    """The Lexicon of a game spec's "wordlist" (None: the shipped lists); OwnListError
    with :data:`NEEDED` when this device does not hold it."""
    if ref is None:
        return None
    ref = check_ref(ref)
    entry = _lists.get(ref["fp"])
    if entry is None:
        raise OwnListError(NEEDED.format(**ref))
    if entry[1] is None:
        try:
            entry[1] = Lexicon.from_bytes(entry[2])
        except LexiconFormatError:
            _lists.pop(ref["fp"], None)
            raise OwnListError(NEEDED.format(**ref)) from None
        entry[2] = None
    return entry[1]
