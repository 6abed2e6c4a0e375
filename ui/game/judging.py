"""The judgment flows' words and decisions: whose large-list check is pending, what a
check or a challenge came to, and how long that stays said (ui/state.py uses these;
``is_human(s, seat)`` is passed in). Pure and MicroPython-safe."""


CHECK_FOUND = "Found in the large list: the play is withdrawn and you play again."
CHECK_NOT_FOUND = "Not in the large list: the play's value is taken off the score."


def check_failed_text(snap, seat):
    """ "SUQ is not in the large list: -26" (the checked play, now scored against its player)."""
    for t in reversed(snap.get("turns", [])):
        if t.get("player") == seat and t.get("kind") == "invalid":
            words = ", ".join(t.get("invalid") or [])
            verb = " are" if "," in words else " is"
            return words + verb + " not in the large list: " + str(t.get("score", 0)) + "."
    return CHECK_NOT_FOUND


def outcome(s, snap, checked, is_human):
    """What a person's own challenge or check came to stays said beside the computer's
    reply, until a person acts again."""
    if checked:
        return checked
    events = snap.get("events") or []
    if any(e.get("kind") in ("phony", "lost", "free") for e in events):
        return snap.get("message", "")
    moves = [e for e in events if e.get("kind") not in ("end", "time")]
    if moves and not any(is_human(s, e.get("player", -1)) for e in moves):
        return s.get("outcome", "")   # only the computer moved: still said
    return ""


def check_seat(s, snap, is_human):
    """The human seat whose failed play may be checked in the large list now, or -1."""
    if not snap.get("legal", {}).get("check"):
        return -1
    for t in reversed(snap.get("turns", [])):
        if t.get("kind") == "invalid":
            return t["player"] if is_human(s, t.get("player", -1)) else -1
        if t.get("kind") not in ("end",):
            return -1
    return -1
