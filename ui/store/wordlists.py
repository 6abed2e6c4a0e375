"""The player's own word lists kept on this device (pure, MicroPython-safe).

KEY (ui/store's WORDLISTS_KEY) holds {"v": 1, "lists": [...]}, newest first, at most
MAX: each {"name", "fp", "words", "when", "data"}, where data is the list's compiled
graph in base64 (engine/lexicon/own.py; about 1 byte a word, against 10 for the text,
and it loads in milliseconds where the text takes seconds). A game names its list by
"fp" (its spec's "wordlist"); the engine worker is given every kept list as the page
starts (ui/newgame/wordlist.py), so a reload, a past game or a friend's link finds it.
"""

from ui import store

KEY = store.WORDLISTS_KEY
MAX = 3


def _ok(entry):
    if not isinstance(entry, dict):
        return False
    for k in ("name", "fp", "data", "when"):
        if not isinstance(entry.get(k), str) or (k != "when" and not entry.get(k)):
            return False
    return isinstance(entry.get("words"), int)


def lists(text):
    """(the kept lists, problem or ""): unreadable entries left out."""
    data, problem = store.opened(text)
    if problem:
        return [], store.said(problem, "the store of your word lists")
    if data is None:
        return [], ""
    items = data.get("lists")
    if not isinstance(items, list):
        return [], "the store of your word lists is damaged"
    return [e for e in items if _ok(e)], ""


def dump(items):
    return store.sealed({"lists": items})


def entry(answer, when):
    """The kept entry for the engine's answer to wordlist_load."""
    return {"name": answer["name"], "fp": answer["fp"], "words": int(answer["words"]), "when": when,
            "data": answer["data"]}


def keep(items, item, protect=""):
    """The lists with ``item`` first (replacing the same list: same fingerprint), at most
    MAX: the oldest go, but never the one fingerprinted ``protect`` (the list of the game
    in progress, which a reload must find)."""
    rest = [e for e in items if e.get("fp") != item.get("fp")]
    while len(rest) > MAX - 1:
        old = [i for i, e in enumerate(rest) if e.get("fp") != protect]
        rest.pop(old[-1] if old else len(rest) - 1)
    return [item] + rest


def find(items, fp):
    for e in items:
        if e.get("fp") == fp:
            return e
    return None


def read(storage):
    """(the kept lists, problem or "") from ``storage``; never raises."""
    text, blocked = store.read(storage, KEY)
    if blocked:
        return [], store.NO_STORAGE
    return lists(text)


NOT_KEPT = ("It could not be kept on this device (the browser's storage is full or refused): "
            "it plays this game, but after a reload you will need to load it again.")


def save(storage, items):
    """"" when saved, else the player's message (storage full or refused)."""
    try:
        storage.setItem(KEY, dump(items))
    except Exception:
        return NOT_KEPT
    return ""
