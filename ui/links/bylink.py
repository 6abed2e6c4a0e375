"""Play by link: each player on their own device, the game sent back and forth as a link.

A seat of New game can be "a friend, by link". This device then plays only its own
seat ("me"): it shows that seat's rack and nobody else's, never a hand-over; after
its move the page offers "Send to <friend>" (the share sheet or a copied link).
The friend opens the link, plays their seat from it and sends it back.

Both devices keep every game played by link in a list of their own (localStorage
"wlc.bylink", saved after every move): a closed tab loses nothing, and the game
shown is not the saved game ("wlc.game"), which stays as it was. Opening a link of
a game in the list: a newer link (its moves extend ours) updates it; an older one
shows our game; one whose moves differ (a seat played twice from one link) is shown
read-only, never merged nor played on, with a way back to our game.

Pure and MicroPython-safe: ui/main.py and ui/links/embed.py carry out the effects
("bylink_save", and the list read with the link when it is opened).
"""

import json

from ui import store
from ui.links import event, share

KEY = store.BYLINK_KEY
VERSION = 1
MAX_GAMES = 100
FRIEND = "friend"   # the New game dialog's seat kind; the engine sees a "human"


def _fnv64(text):
    """FNV-1a, 64 bits, over the UTF-8 bytes: stable across pages and interpreters."""
    h = 14695981039346656037
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def _field(tag, value):
    """One field of the identity, length-prefixed so no value can run into the next."""
    value = str(value)
    return tag + str(len(value)) + ":" + value


def canonical_rules(rules):
    """The rules string with its parts trimmed and its knobs in sorted order (the preset
    first, lower case), so "o,final=1,clock=60" and "o, clock=60,final=1" are one game."""
    parts = [p.strip() for p in str(rules or "classic").split(",")]
    knobs = []
    for part in parts[1:]:
        name, sep, value = part.partition("=")
        knobs.append(name.strip() + sep + value.strip())
    return ",".join([parts[0].lower()] + sorted(knobs))


def identity_text(spec):
    """A game's identity without its moves, as text that two different games never share:
    the canonical rules, the seed with its type (42 is not "42"), each seat, the start."""
    seed = spec.get("seed", 0)
    seats = spec.get("seats") or []
    out = [_field("r", canonical_rules(spec.get("rules"))),
           _field("i" if isinstance(seed, int) else "s", seed), _field("n", len(seats))]
    for seat in seats:
        out.append(_field("p", seat.get("name", "")) + _field("k", seat.get("kind", "")))
    out.append(_field("c", spec.get("start") or ""))
    return "".join(out)


def game_key(spec):
    """The key of a game in the list: a 64-bit hash of its identity text."""
    return "K" + ("%016x" % _fnv64(identity_text(spec)))


def plain_spec(spec):
    """The engine's spec from the dialog's: friends are people ("human") to the engine;
    returns (spec, the seat this device plays or -1 when no seat is a friend's)."""
    seats = spec.get("seats", [])
    friends = [i for i, x in enumerate(seats) if x.get("kind") == FRIEND]
    if not friends:
        return spec, -1
    out = dict(spec)
    out["seats"] = [{"name": x.get("name", ""), "kind": "human" if x.get("kind") == FRIEND else x.get("kind")}
                    for x in seats]
    mine = [i for i, x in enumerate(seats) if x.get("kind") == "human"]
    return out, (mine[0] if mine else -1)


def dialog_problem(seats):
    """Why the dialog's seats cannot be a game by link ("" when they can): one seat is
    this device's player, every other a friend by link (computers play on one device)."""
    kinds = [k for _, k in seats]
    if FRIEND not in kinds:
        return ""
    if kinds.count("human") != 1 or any(k not in ("human", FRIEND) for k in kinds):
        return ("A game by link has one seat for you (Human) and friends by link in the others, "
                "with no computer player.")
    return ""


def qualifies(snap):
    """A link's game that is played by link: two or more people, no computer, not over."""
    seats = snap.get("seats", [])
    return (len(seats) >= 2 and all(x.get("kind") == "human" for x in seats)
            and snap.get("phase") not in ("over", "view") and not snap.get("readonly"))


def relation(mine, theirs):
    """How a link's moves stand to ours: "same", "newer" (they extend ours), "older"
    (ours extend theirs) or "differs"."""
    if mine == theirs:
        return "same"
    if theirs[:len(mine)] == mine:
        return "newer"
    if mine[:len(theirs)] == theirs:
        return "older"
    return "differs"


def first_difference(mine, theirs):
    n = 0
    while n < len(mine) and n < len(theirs) and mine[n] == theirs[n]:
        n += 1
    return n + 1


def entry_of(s, date):
    """The list's entry for the by-link game shown."""
    from ui.game.turns import move_text
    snap = s["snap"]
    turns = snap.get("turns", [])
    me = s["bylink"]["me"]
    names = [x.get("name", "") for x in snap.get("seats", [])]
    return {"id": s["bylink"]["id"], "me": me, "spec": s["spec"], "names": names,
            "to_move": snap.get("to_move", 0), "over": snap.get("phase") == "over",
            "scores": snap.get("scores", []), "updated": str(date),
            "last": (names[turns[-1].get("player", 0)] + ": " + move_text(s, turns[-1])) if turns else ""}


# ----------------------------------------------------------------- the stored list


def parse(text):
    if not text:
        return []
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        return []
    if not isinstance(data, dict) or data.get("v") != VERSION or not isinstance(data.get("games"), list):
        return []
    out, seen = [], set()
    for e in data["games"]:
        if not (isinstance(e, dict) and isinstance(e.get("spec"), dict) and isinstance(e.get("me"), int)):
            continue
        key = game_key(e["spec"])   # re-keyed on read: entries stored under an earlier key still match
        if key in seen:
            continue                # one game stored twice under earlier keys: the newest is first
        seen.add(key)
        e = dict(e)
        e["id"] = key
        out.append(e)
    return out


def upsert(games, entry):
    """Newest change first; one entry per game."""
    return store.upsert(games, entry, MAX_GAMES)


find = store.find


def dumps(games):
    return json.dumps({"v": VERSION, "games": games})


# ----------------------------------------------------------------- handlers (ui/state style)


def _save_fx(s):
    if s.get("bylink") and "racks" in s["snap"]:
        s["fx"] = s["fx"] + [{"do": "bylink_save"}]
    return s


def before_new_game(s, ev):
    """A New game with a friend's seat: this device plays its own seat, by link (the
    handlers after this one see the engine's spec, where friends are people)."""
    spec, me = plain_spec(ev.get("spec") or {})
    if me < 0:
        s["bylink"] = None
        return s
    ev = dict(ev)
    ev["spec"] = spec
    s["bylink"] = {"id": game_key(spec), "me": me}
    return s, ev


def after_new_game(s, ev):
    """A new game by link is carried by its link (the address bar), not the saved game."""
    if s["bylink"] is not None:
        s["link"] = {"status": "open", "own": False, "fragment": "", "turn": None, "view": {}, "bylink": True}
    return s


def _standing(ev):
    """(the list's entry of the link's game or None, how the link stands to it: "new" when
    there is none, the link's moves)."""
    snap = ev.get("snap") or {}
    theirs = snap.get("actions", [])
    entry = find(ev.get("bylink_games") or [], game_key(snap))
    rel = "new" if entry is None else relation(entry["spec"].get("actions", []), theirs)
    return entry, rel, theirs


def before_link_opened(s, ev):
    """A link opened: a game by link of ours (by the list read with it), a new one for
    the seat to move, or a game of another kind (none)."""
    snap = ev.get("snap") or {}
    s["bylink"] = None
    if "racks" not in snap:
        return s
    entry, rel, _ = _standing(ev)
    if entry is not None:
        if rel != "differs":
            s["bylink"] = {"id": game_key(snap), "me": entry["me"]}
    elif qualifies(snap):
        s["bylink"] = {"id": game_key(snap), "me": snap.get("to_move", 0)}
    return s


def after_link_opened(s, ev):
    """The link's game shown: as a game by link (its note, ours when the link is older,
    kept in the list) or, when its moves differ from ours, read-only."""
    snap = ev.get("snap") or {}
    if "racks" not in snap:
        return s
    entry, rel, theirs = _standing(ev)
    if rel == "differs":
        return _read_only(s, entry, theirs)
    if s["bylink"] is None:
        return s
    link = dict(s.get("link") or {})
    link["bylink"] = True
    s["link"] = link
    if rel == "older":   # ours is further on: show ours, say so
        ahead = len(entry["spec"].get("actions", [])) - len(theirs)
        s["box"] = {"kind": "link", "text": "This link is older than your game (yours is " + str(ahead)
                    + " move" + ("" if ahead == 1 else "s") + " further on): your game is shown."}
        s["busy"] = "open"
        s["fx"] = s["fx"] + [{"do": "open", "spec": entry["spec"]}]
        return s
    generic = not s["box"] or s["box"].get("text") == share.OPENED   # not a damaged link's note
    if generic:   # the note says whose seat this is ("opening": gone once this device moves)
        s["box"] = None
        seat = _name(snap, s["bylink"]["me"]) + "'s seat"
        if rel == "new" and not s.get("embed"):
            s["box"] = {"kind": "link", "opening": True, "brief": "You play " + seat + " in this game by link. "
                        + share.NOT_SECRET_BRIEF, "text": "You play " + seat + " in this game by link: play "
                        "your turn, then send the game back. " + share.NOT_SECRET}
        elif rel == "newer" and not s.get("embed"):
            s["box"] = {"kind": "link", "opening": True, "text": "Your game by link goes on: you play " + seat + "."}
    if entry is not None:   # a tournament's game: the oath this device took stays (ui/links/event.py)
        s = event.keep_own_oath(s, entry)
    return _save_fx(s)


def _name(snap, seat):
    seats = snap.get("seats", [])
    return seats[seat].get("name", "") if 0 <= seat < len(seats) else ""


def _read_only(s, entry, theirs):
    """A link whose moves differ from the game this device keeps (a seat was played twice
    from one link): shown read-only, as a replay at its last move with no rack and no
    hidden tiles, since playing it on would be a game of no one's seat here (a hand-over
    showing other racks). This device's game stays in the list, one press away."""
    from ui.links import replay
    if s["box"] and s["box"].get("text") == share.OPENED:
        s["box"] = None
    if not replay.active(s):
        s = replay.on_replay(s, {"at": "last", "only": True})
    if not replay.active(s):   # cannot happen: the engine that opened the link is up
        return s
    mine = entry["spec"].get("actions", [])
    me = int(entry.get("me", 0))
    text = ("Read-only: this link's game differs from yours from move " + str(first_difference(mine, theirs))
            + " on (one of its links was played twice). Your game, where you play "
            + _name(s["replay"]["live"], me) + "'s seat, is kept unchanged in Games by link.")
    r = dict(s["replay"])
    r["only"], r["seat"], r["fork"] = True, -1, {"entry": entry, "text": text}
    s["replay"] = r
    s["rack"], s["rack_seat"], s["handover"] = [], -1, -1
    s["announce"] = text
    return s


def fork_note(s):
    """The read-only link's note and its way back (None when no such link is shown)."""
    return (s.get("replay") or {}).get("fork")


def on_back(s, ev):
    """From a read-only link back to this device's own game by link."""
    fork = fork_note(s)
    if not fork:
        return s
    return on_open(s, {"entry": fork["entry"]})


def after_snapshot(s, ev):
    """Every change of a game by link is kept in the list."""
    if "racks" in (ev.get("snap") or {}):
        s = _save_fx(s)
    return s


def on_open(s, ev):
    """A game from the Games by link list becomes the game shown."""
    entry = ev.get("entry") or {}
    spec = entry.get("spec")
    if not isinstance(spec, dict):
        return s
    if s["busy"] == "replay":   # a replay (a read-only link too) gives way
        s["replay"], s["busy"] = None, ""
    if s["busy"]:
        return s
    s["bylink"] = {"id": entry.get("id") or game_key(spec), "me": int(entry.get("me", 0))}
    s["link"] = {"status": "open", "own": False, "fragment": "", "turn": None, "view": {}, "bylink": True}
    s["replay"], s["box"] = None, None
    s["busy"] = "open"
    s["fx"] = s["fx"] + [{"do": "open", "spec": spec, "new": True}]
    return s


waiting_for = share.waiting_for   # the friend this device waits for (shown by ui/links/share.py)

HANDLERS = {"bylink_open": on_open, "bylink_back": on_back}
HANDLERS.update(event.HANDLERS)   # a tournament's game by link: the oath, the result to the director
