"""Undo and redo from the panels' tools: what may be taken back, asking the other
person when two share the device, and the redo list kept while the game is unchanged."""

from ui import state
from ui.panels.pstate import actions_of, add_fx, humans, pn, set_pn, vs_computer


def can_undo(s):
    snap = s["snap"]
    if s["busy"] or s["engine"] != "ready" or s["choose"] or not snap.get("actions"):
        return False
    if s.get("check_seat", -1) >= 0:
        return False
    mine = (s.get("bylink") or {}).get("me")
    if mine is not None:   # by link: only this device's own last move, never another seat's
        turns = undoable_turns(snap)
        return bool(turns) and turns[-1].get("player") == mine and turns[-1].get("kind") != "end"
    people = humans(s)
    return any(t.get("player") in people and t.get("kind") != "end" for t in undoable_turns(snap))


def undoable_turns(snap):
    """The turns Undo may take back: those after the last time's up. Time spent stays
    spent, so a player whose time ran out is never brought back into the game (an
    overtime penalty or a final-round attempt's time, whose player is not out, is no bar)."""
    turns = snap.get("turns", [])
    out = snap.get("timed_out") or []
    start = 0
    for i, t in enumerate(turns):
        p = t.get("player", -1)
        if t.get("kind") == "time" and 0 <= p < len(out) and out[p]:
            start = i + 1
    return turns[start:]


def can_redo(s):
    p = pn(s)
    return (bool(p["redo"]) and p["redo_base"] == actions_of(s) and not s["busy"]
            and s["engine"] == "ready" and s["snap"].get("phase") != "over")


def on_undo(s, ev):
    if not can_undo(s):
        return s
    if not vs_computer(s) and len(humans(s)) > 1 and not ev.get("sure") and not s.get("bylink"):
        s = set_pn(s, confirm="undo")
        return add_fx(s, {"do": "p_focus", "id": "pc-yes"})
    s = state.on_recall(s, {})
    s["busy"] = "act"
    s = set_pn(s, confirm="")
    return add_fx(s, {"do": "p_undo", "to_human": vs_computer(s), "before": list(actions_of(s))})


def on_undone(s, ev):
    p = pn(s)
    keep = p["redo"] if p["redo_base"] == ev.get("before") else []
    return set_pn(s, redo=list(ev.get("undone", [])) + list(keep), redo_base=ev.get("after"))


def on_redo(s, ev):
    if not can_redo(s):
        return s
    s = state.on_recall(s, {})
    s["busy"] = "act"
    return add_fx(s, {"do": "p_redo", "actions": list(pn(s)["redo"]), "to_human": vs_computer(s)})


def on_redone(s, ev):
    return set_pn(s, redo=list(ev.get("left", [])), redo_base=ev.get("after"))


def split_logged(action):
    """A logged action -> (text, elapsed ms or -1): the log may carry ' @12500ms'."""
    text, sep, at = action.rpartition(" @")
    if sep and at.endswith("ms") and at[:-2].isdigit():
        return text, int(at[:-2])
    return action, -1
