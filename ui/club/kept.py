"""Tournaments kept on this device besides the one under way (MicroPython-safe):
"New tournament" keeps the current one here instead of dropping it, and any kept
one can be opened again. Stored under the club's key with ".kept" added, in
ui/store's versioned envelope: {"v": 1, "tournaments": [{"t": tournament, "kept":
date}, ...]}, newest first, at most MAX (the oldest goes first, and the page says
which)."""

from ui import store

KEY = store.CLUB_KEY + ".kept"
MAX = 20


def load(text):
    """(the kept tournaments, newest first, problem or "")."""
    data, problem = store.opened(text)
    if problem:
        return [], store.said(problem, "the kept tournaments")
    items = data.get("tournaments") if data is not None else None
    if not isinstance(items, list):
        return [], ""
    return [e for e in items if isinstance(e, dict) and isinstance(e.get("t"), dict)], ""


def dump(items):
    return store.sealed({"tournaments": items})


def keep(items, t, date):
    """(the list with ``t`` first, the name of a tournament dropped to stay within MAX or "")."""
    out = [{"t": t, "kept": str(date)}] + list(items)
    dropped = out[MAX]["t"].get("name", "") if len(out) > MAX else ""
    return out[:MAX], dropped


def take(items, i):
    """(the tournament at ``i``, the list without it), or (None, items) when there is none."""
    if not 0 <= i < len(items):
        return None, items
    return items[i]["t"], items[:i] + items[i + 1:]
