"""A tournament's game played by link (engine/club/invite.py): the oath and the result.

Why: a game opened from a pairing's invitation carries the pairing ("event") and the
oath (RULES.md 15.2: "oath", one digit a seat: 0 none, 1 before the first move, 2
also after the last) in its links. Before this device's first move its player is
asked to take the oath; once the game is over, to attest it, and the page offers
"Send the result to the director" (a link to the club page, club.html, carrying
the finished game, which the director's page replays and records) and the final
game to the friend, whose device then sends its own result. An oath is this
device's seat's only: the director's page joins both devices' word.

Taking the oath opens the game again from its spec with the oath changed (the
engine keeps it beside the game: engine/session/event.py), so every later link
carries it. Pure and MicroPython-safe; ui/links/embed.py carries out "share".
"""

from html import escape

BEFORE = "I will consult no outside source during this game"
AFTER = "I did not"      # RULES.md 15.2: the oath attested after the last move
OATH_WORDS = ("no oath yet", "the oath before the game", "the oath before and after the game")


def _mine(s):
    """(the event, this device's seat, the oath) of a tournament game by link, or None."""
    snap = s.get("snap") or {}
    bl = s.get("bylink")
    if not bl or not isinstance(snap.get("event"), dict) or s.get("replay"):
        return None
    n = len(snap.get("seats", []))
    oath = snap.get("oath") or ("0" * n)
    me = bl.get("me", 0)
    if not 0 <= me < len(oath):
        return None
    return snap["event"], me, oath


def note_html(s):
    """The oath's prompt, and at the end the result's way to the director."""
    mine = _mine(s)
    if mine is None:
        return ""
    event, me, oath = mine
    snap = s["snap"]
    where = "Round " + str(event.get("round", "?")) + ", game " + str(event.get("game", "?")) + " of a tournament."
    if snap.get("phase") != "over":
        if oath[me] != "0":
            return ""
        seats = snap.get("seats", [])
        if not snap.get("actions") and me == 0 and len(seats) == 2:   # an invitation: only the first opens it
            where += (" " + seats[0].get("name", "") + " moves first; " + seats[1].get("name", "") + " plays from "
                      + seats[0].get("name", "") + "'s link, sent after that move.")
        return ('<div class="tour-oath"><p class="share-text">' + escape(where) + " Before your first move, "
                "take the oath: \u201c" + escape(BEFORE) + '.\u201d</p><p><button type="button" class="primary" '
                'data-share="oath_before">I take the oath</button></p></div>')
    seats = snap.get("seats", [])
    friend = [x.get("name", "") for i, x in enumerate(seats) if i != me]
    out = '<div class="tour-oath"><p class="share-text">' + escape(where) + " The game is over.</p>"
    if oath[me] == "1":      # attested only by a player who took it before the game
        out += ('<p class="share-text">Your oath was \u201c' + escape(BEFORE) + '.\u201d Did you consult any '
                'outside source?</p><p><button type="button" data-share="oath_after">' + escape(AFTER)
                + "</button></p>")
    said = "; ".join(escape(x.get("name", "")) + ": " + OATH_WORDS[int(oath[i])] for i, x in enumerate(seats))
    out += ('<p class="share-text">Oath: ' + said + ".</p>"
            '<p><button type="button" class="primary" data-share="to_director">Send the result to the director'
            "</button>" + ('<button type="button" data-share="send_final">Send the final game to '
                           + escape(friend[0]) + "</button>" if friend else "") + "</p></div>")
    return out


def on_oath(s, ev):
    """This device's player takes the oath (before) or attests it (after): the game is
    opened again with the oath in its spec, so every link from now on carries it."""
    mine = _mine(s)
    if mine is None or s.get("busy"):
        return s
    _, me, oath = mine
    digit = "2" if ev.get("which") == "after" else "1"
    if oath[me] >= digit or (digit == "2" and (oath[me] != "1" or s["snap"].get("phase") != "over")):
        return s
    spec = dict(s["spec"])
    spec["event"], spec["oath"] = s["snap"]["event"], oath[:me] + digit + oath[me + 1:]
    spec["actions"] = s["snap"].get("actions", spec.get("actions", []))
    s["busy"] = "open"
    s["fx"] = s["fx"] + [{"do": "open", "spec": spec}]
    s["announce"] = "Oath taken: " + (BEFORE + "." if digit == "1" else "I did not consult any outside source.")
    return s


def keep_own_oath(s, entry):
    """A link of our game by link opened (the same moves or more): an oath this device
    kept that the link lacks (a link sent before it was taken) stays, the game opened
    again with both."""
    snap = s.get("snap") or {}
    mine = ((entry or {}).get("spec") or {}).get("oath") or ""
    theirs = snap.get("oath") or ""
    if not isinstance(snap.get("event"), dict) or len(mine) != len(snap.get("seats", [])) or s.get("busy"):
        return s
    theirs = theirs or "0" * len(mine)
    both = "".join(max(a, b) for a, b in zip(mine, theirs))
    if both == theirs:
        return s
    spec = dict(s["spec"])
    spec.update(event=snap["event"], oath=both, actions=snap.get("actions", []))
    s["busy"] = "open"
    s["fx"] = s["fx"] + [{"do": "open", "spec": spec}]
    return s


def on_to_director(s, ev):
    """The finished game's link to the club page, shared or copied."""
    if _mine(s) is None or s["snap"].get("phase") != "over":
        return s
    s["fx"] = s["fx"] + [{"do": "share", "kind": "director", "turn": -1}]
    return s


def on_send_final(s, ev):
    """The finished game to the friend, whose device sends its own result."""
    mine = _mine(s)
    if mine is None:
        return s
    seats = s["snap"].get("seats", [])
    friend = [x.get("name", "") for i, x in enumerate(seats) if i != mine[1]]
    s["fx"] = s["fx"] + [{"do": "share", "kind": "final", "to": friend[0] if friend else "", "turn": -1}]
    return s


def done_text(ev):
    """The share panel's head for a link made here (None: not one of these)."""
    kind = ev.get("sent")
    if kind == "director":
        return "Send it to the tournament's director: their club page records the result from it."
    if kind == "final":
        return "Send it to " + str(ev.get("to", "")) + ": their page shows the end and sends their own result."
    return None


HANDLERS = {"oath": on_oath, "to_director": on_to_director, "send_final": on_send_final}
