"""The score sheet the History panel shows: the engine's (every line's breakdown) when it
is the game's current one, else drawn at once from the snapshot the page already has.

The engine answers one request at a time: while the computer thinks, the History panel
would wait seconds for the engine's sheet. The snapshot holds every line already (the
last one's breakdown too), so the moves so far show at once; the engine's sheet, with
every breakdown, replaces it when it comes. Pure and MicroPython-safe.
"""


def _same(lines, turns):
    """Whether the engine's ``lines`` are the snapshot's ``turns``, line for line."""
    if len(lines) != len(turns):
        return False
    for a, b in zip(lines, turns):
        for key in ("player", "kind", "text", "score"):
            if a.get(key) != b.get(key):
                return False
    return True


def _move(t):
    """The move without its swaps and pick-offs, as the engine's sheet gives it."""
    text = t.get("text", "")
    if t.get("kind") == "final" and text.startswith("final "):
        text = text[6:]
    if t.get("kind") in ("play", "invalid", "phony", "retry", "final", "exchange", "pass"):
        return text.split(";")[-1].strip()
    return text


def from_snapshot(snap, hints=()):
    """{"turns": [...], "hints": n} of ``snap``'s lines in the engine's sheet's shape; the
    running totals are counted back from the scores (a game begun from a position starts
    at its own), "hinted" as the engine marks it: the seat's next turn after the hint."""
    turns = snap.get("turns", [])
    seats = snap.get("seats", [])
    totals = list(snap.get("scores", []))
    lines = [None] * len(turns)
    for i in range(len(turns) - 1, -1, -1):
        t = turns[i]
        p = t.get("player", 0)
        while len(totals) <= p:
            totals.append(0)
        line = dict(t)
        line["n"] = i
        line["name"] = seats[p].get("name", "") if 0 <= p < len(seats) else ""
        line["move"] = _move(t)
        line["total"] = totals[p]
        line["hinted"] = False
        line.setdefault("action", -1)
        lines[i] = line
        totals[p] -= t.get("score", 0)
    for h in hints:
        logged, seat = h[0], h[1]
        for line in lines:
            if line.get("counts", True) and line["player"] == seat and line["action"] >= logged:
                line["hinted"] = True
                break
    return {"turns": lines, "hints": len(hints), "early": True}


def current(s, hist):
    """What the History panel shows of the game ``s`` holds (the live one during a
    replay): the engine's sheet ``hist`` when it is the game's as it stands, else the
    snapshot's, drawn now; the engine's error only when the snapshot has no line."""
    r = s.get("replay")
    snap = r["live"] if r and r.get("live") else s["snap"]
    turns = snap.get("turns", [])
    if hist is not None:
        if "error" in hist:
            if not turns:
                return hist
        elif _same(hist.get("turns") or [], turns):
            return hist
    return from_snapshot(snap, s["spec"].get("hints") or snap.get("hints") or [])
