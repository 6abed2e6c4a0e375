"""Past games kept in the browser (ui/store's PAST_KEY): what is stored, adding,
deleting, per-preset totals.

Stored as {"v": 1, "games": [entry, ...]}, newest first. Pure and MicroPython-safe; the
storage is passed in (ui/store.PageStorage in the page, a dict-backed stand-in in tests),
so nothing here touches the page.
A game is kept small: its rules, seed, seats and move texts (enough to replay it
exactly) plus the date and the engine's summary for the list; a game imported
from another program's record keeps that record too (its turns before the game's
start, for the review). Storage that is
full or unavailable (private mode) gives a message for the player and never an
exception: the game in progress goes on.
"""

from ui import store
from ui.store import now_text  # noqa: F401 (the date past games carry, read here by their callers)

KEY = store.PAST_KEY
MAX_GAMES = 200   # oldest dropped beyond this: ~1 kB a game keeps the list well under quotas
SUMMARY_KEYS = ("preset", "names", "kinds", "scores", "winner", "ppt", "best", "hints",
                "turns", "end_reason", "over")

FULL = ("The browser's storage is full: this game was not added to Past games "
        "(delete some past games to make room). Your game goes on.")
UNAVAILABLE = ("The browser does not let this page store data (private mode?): "
               "past games cannot be kept. Your game goes on.")
UNREADABLE = "The stored past games could not be read; they were left as they are."


def _fnv(text):
    """A stable 32-bit hash of ``text`` (Python's hash() differs between runs)."""
    h = 2166136261
    for ch in text:
        h = ((h ^ ord(ch)) * 16777619) & 0xFFFFFFFF
    return h


def game_id(spec):
    """One game's identity: the same rules, seed, seats and moves are the same game."""
    names = ",".join(str(s.get("name", "")) + ":" + str(s.get("kind", "")) for s in spec.get("seats", []))
    actions = spec.get("actions", [])
    text = str(spec.get("rules", "")) + "|" + str(spec.get("seed", "")) + "|" + names + "|" + "\n".join(actions)
    if spec.get("start"):
        text += "|" + str(spec["start"])
    if isinstance(spec.get("wordlist"), dict):   # the same moves on another word list: another game
        text += "|" + str(spec["wordlist"].get("fp", ""))
    return "g" + str(len(actions)) + "-" + hex(_fnv(text))[2:]


def unfinished(entry):
    """A game kept before its end (New game or Import in the middle of it): it can be resumed."""
    return entry["summary"].get("over") is False


def record(spec, summary, date):
    """The stored entry for a game (``summary``: engine.session.summary's dict); a game
    not over is kept as unfinished."""
    kept = {}
    for key in SUMMARY_KEYS:
        if key in summary:
            kept[key] = summary[key]
    out = {"id": game_id(spec), "date": str(date), "rules": str(spec.get("rules", "classic")),
           "seed": spec.get("seed", ""), "seats": list(spec.get("seats", [])),
           "actions": list(spec.get("actions", [])), "summary": kept}
    if spec.get("start"):  # begun from a position (an imported record or CGP)
        out["start"] = str(spec["start"])
    if isinstance(spec.get("record"), str) and spec["record"]:
        out["record"] = spec["record"]
    if isinstance(spec.get("wordlist"), dict):   # a player's own word list (ui/newgame/wordlist.py)
        out["wordlist"] = spec["wordlist"]
    return out


def view_entry(spec, snap, date):
    """The entry for a finished record shown read-only (another program's: the engine
    holds no game of it), its summary read off the view; "start" is the position it
    ended in, so its replay shows that board."""
    seats = snap.get("seats", [])
    turns = snap.get("turns", [])
    plays = [t for t in turns if t.get("kind") == "play"]
    best = None
    if plays:
        top = plays[0]
        for t in plays:
            if t.get("score", 0) > top.get("score", 0):
                top = t
        p = top.get("player", 0)
        best = {"move": top.get("text", ""), "score": top.get("score", 0),
                "name": seats[p].get("name", "") if 0 <= p < len(seats) else ""}
    summary = {"preset": str(spec.get("rules", "classic")).split(",")[0],
               "names": [x.get("name", "") for x in seats], "kinds": [x.get("kind", "human") for x in seats],
               "scores": list(snap.get("scores", [])), "winner": list(snap.get("winner", [])),
               "ppt": list(snap.get("ppt", [])), "best": best, "hints": 0,
               "turns": sum(1 for t in turns if t.get("counts")), "over": True,
               "end_reason": snap.get("end_reason", "")}
    kept = dict(spec)
    if snap.get("cgp"):
        kept["start"] = snap["cgp"]
    return record(kept, summary, date)


def saved_entry(saved, date):
    """The entry for the saved game (ui/store's dict) when it is unfinished, or None:
    its summary is read off the stored snapshot (the engine holds another game)."""
    snap, spec = saved.get("snap") or {}, saved.get("spec") or {}
    if snap.get("phase") in ("over", "view") or snap.get("readonly") or not spec.get("actions"):
        return None
    seats = snap.get("seats", [])
    summary = {"preset": str(spec.get("rules", "classic")).split(",")[0],
               "names": [x.get("name", "") for x in seats], "kinds": [x.get("kind", "human") for x in seats],
               "scores": list(snap.get("scores", [])), "winner": [], "ppt": list(snap.get("ppt", [])),
               "best": None, "hints": len(spec.get("hints", [])), "turns": len(snap.get("turns", [])),
               "over": False, "end_reason": ""}
    return record(spec, summary, date)


def spec_of(entry):
    """The spec to open the stored game with (engine.session.open)."""
    spec = {"rules": entry["rules"], "seed": entry["seed"], "seats": entry["seats"],
            "actions": entry["actions"]}
    if entry.get("start"):
        spec["start"] = entry["start"]
    if entry.get("record"):
        spec["record"] = entry["record"]
    if isinstance(entry.get("wordlist"), dict):
        spec["wordlist"] = entry["wordlist"]
    return spec


def _entry_ok(e):
    return (isinstance(e, dict) and isinstance(e.get("id"), str) and isinstance(e.get("rules"), str)
            and isinstance(e.get("seats"), list) and isinstance(e.get("actions"), list)
            and isinstance(e.get("summary"), dict))


def parse(text):
    """(games, problem) from the stored text; unreadable entries are dropped."""
    data, problem = store.opened(text)
    if data is None:
        return [], UNREADABLE if problem else ""
    if not isinstance(data.get("games"), list):
        return [], UNREADABLE
    return [e for e in data["games"] if _entry_ok(e)], ""


def dumps(games):
    return store.sealed({"games": games})


def add(games, entry):
    """Newest first; a game already kept is replaced, never doubled."""
    return store.upsert(games, entry, MAX_GAMES)


delete = store.drop
find = store.find


def _why(exc):
    text = (type(exc).__name__ + " " + str(exc)).lower()
    return FULL if ("quota" in text or "full" in text) else UNAVAILABLE


def load(storage):
    """(games, message) read from ``storage`` (message: "" when all is well)."""
    try:
        text = storage.getItem(KEY)
    except Exception:  # the page may not use storage at all (private mode, blocked)
        return [], UNAVAILABLE
    return parse(text)


def save(storage, games):
    """Write ``games``; returns "" or the message for the player (full / unavailable)."""
    try:
        storage.setItem(KEY, dumps(games))
    except Exception as exc:  # QuotaExceededError, SecurityError: say so, keep playing
        return _why(exc)
    return ""


def keep(storage, entry):
    """Add a finished game to the stored list: (games, message)."""
    games, problem = load(storage)
    if problem == UNREADABLE:
        return games, problem   # never overwrite a list we could not read
    if problem:
        return [entry], problem
    games = add(games, entry)
    return games, save(storage, games)


def _human_seats(entry):
    kinds = entry["summary"].get("kinds") or [s.get("kind", "human") for s in entry["seats"]]
    humans = [i for i, k in enumerate(kinds) if k == "human"]
    return humans or list(range(len(kinds)))


def by_preset(games):
    """Per preset, in first-seen order: {"preset", "games", "wins", "average", "best"}.
    Wins and the average score count the human players' seats (your games against
    the computer; every human seat in hot seat); best is the top play of any seat."""
    order = []
    rows = {}
    for e in games:
        if unfinished(e):   # no result yet: not a game won or lost
            continue
        sm = e["summary"]
        preset = sm.get("preset") or e["rules"].split(",")[0]
        if preset not in rows:
            order.append(preset)
            rows[preset] = {"preset": preset, "games": 0, "wins": 0, "points": 0, "seats": 0, "best": None}
        row = rows[preset]
        row["games"] += 1
        humans = _human_seats(e)
        scores = sm.get("scores") or []
        winners = sm.get("winner") or []
        if any(i in winners for i in humans):
            row["wins"] += 1
        for i in humans:
            if i < len(scores):
                row["points"] += scores[i]
                row["seats"] += 1
        best = sm.get("best")
        if isinstance(best, dict) and (row["best"] is None or best.get("score", 0) > row["best"].get("score", 0)):
            row["best"] = best
    out = []
    for preset in order:
        row = rows[preset]
        avg = round(row["points"] / row["seats"], 1) if row["seats"] else 0
        out.append({"preset": preset, "games": row["games"], "wins": row["wins"], "average": avg,
                    "best": row["best"]})
    return out
