"""The ear's handlers in the page's routes (ui/boot/handlers.ROUTES): each is
``handler(state, event) -> state`` (or ``(state, None)`` when it took the event).
Pure and MicroPython-safe."""

from ui.ear import say
from ui.game.flow import my_turn, with_fx


def focus_import(s, ev):
    """Import opened: focus goes into its box (Escape closes it and gives focus back)."""
    if (s.get("box") or {}).get("kind") == "import":
        return with_fx(s, {"do": "p_focus", "id": "import-text"})
    return s


def remember(s, ev):
    """First of a snapshot's handlers: the game as it was, to tell what changed."""
    s["ear_was"] = s["snap"]
    s["ear_said"] = s["announce"]
    return s


def _prefix(a, b):
    return len(a) <= len(b) and b[:len(a)] == a


def _seats_words(snap):
    out = []
    for seat in snap.get("seats", []):
        kind = seat.get("kind", "human")
        out.append(seat.get("name", "") + ("" if kind == "human" else " (computer, " + kind + ")"))
    return " against ".join(out)


def _next(s):
    """What comes next, said after a move: the status line's words ("Your turn.", "Pass
    the device to Ann.", "Computer is thinking..."), then on your turn that a challenge
    is open and your rack; the whole end when the game is over."""
    from ui import view   # (heavy: imported when first needed)
    snap = s["snap"]
    if snap.get("phase") == "over":
        return say.the_end(snap)
    out = view.status_text(s)
    if my_turn(s):
        if snap.get("legal", {}).get("challenge"):
            out += " You may challenge it" + (" (free challenge)." if snap.get("judgment") == "free" else ".")
        out += " " + say.your_rack(s)
    return out.strip()


def tell_snapshot(s, ev):
    """After the game's own snapshot handler: the live region tells what happened in
    full, once (a new game, an undo, each new turn and what comes next)."""
    was = s.get("ear_was") or {}
    snap = s["snap"]
    if "racks" not in ev.get("snap", {}) or was is snap:
        return s
    old_acts, acts = was.get("actions", []), snap.get("actions", [])
    old_turns, turns = was.get("turns", []), snap.get("turns", [])
    if ev.get("layout") or snap.get("seed") != was.get("seed"):
        s["announce"] = ("New game: " + _seats_words(snap) + ". " + say.bag(snap) + " " + _next(s)).strip()
    elif len(acts) < len(old_acts) and _prefix(acts, old_acts):
        gone = [say.turn_words(dict(s, snap=was), t) for t in old_turns[len(turns):]
                if t.get("kind") not in ("end", "time")]
        s["announce"] = ("Undone: " + " ".join(gone) + " " if gone else "Undone. ") + _next(s)
    elif len(turns) > len(old_turns) and _prefix(old_acts, acts):
        told = [say.turn_words(s, t) for t in turns[len(old_turns):] if t.get("kind") not in ("end", "time")]
        outcome = s.get("outcome", "")
        s["announce"] = ((outcome + " " if outcome and outcome not in " ".join(told) else "")
                         + " ".join(told) + " " + _next(s))
        if snap.get("phase") == "over" and was.get("phase") != "over":
            s = with_fx(s, {"do": "p_focus", "id": "end-review"})   # the end box, not 50 Tabs away
    elif ev.get("keep") and acts == old_acts:
        s["announce"] = s.get("ear_said", s["announce"])   # the same game rebuilt: nothing new to say
    return s


def tell_shuffle(s, ev):
    letters = "".join(e["tile"] for e in s["rack"])
    s["announce"] = again(s, "Shuffled: " + say.rack_letters(letters) + ".")
    return s


def again(s, text):
    """``text`` for the live region, made to differ from what it holds (a non-breaking
    space at the end, or none) so that the same words asked twice are said twice."""
    if s.get("announce", "").rstrip("\u00a0") == text and not s["announce"].endswith("\u00a0"):
        return text + "\u00a0"
    return text
