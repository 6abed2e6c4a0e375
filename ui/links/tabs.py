"""Two tabs (or windows) on the same saved game: the second to act is told, never a
silent overwrite (which would double as a free take-back).

Every tab remembers the saved text it last wrote or read. When the stored text is
no longer that one, another tab has moved the game on (or started another): this
tab does not write over it but shows the game as it now stands, and says so. The
page learns of it from the browser's storage event, and checks again before every
save (ui/main.py). Pure and MicroPython-safe.
"""

from ui import store

MOVED_ON = ("This game was changed in another tab or window: it is shown here as it "
            "stands now. Play on in either, one at a time.")


def changed_elsewhere(last_text, stored_text):
    """Whether the stored game is not the one this tab last saw (another tab wrote it)."""
    return bool(stored_text) and last_text is not None and stored_text != last_text


def same_spec(text, spec):
    """Whether the stored text holds exactly the game ``spec`` (same moves too)."""
    saved, problem = store.load(text)
    return saved is not None and not problem and saved["spec"] == spec


def on_elsewhere(s, ev):
    """The stored game changed under this tab: show it as it stands (rebuilt in the
    engine), unless this tab shows a game that is not the saved one (a link, a view)."""
    from ui import state
    from ui.links import share
    if not share.saving(s):
        return s
    saved, problem = store.load(ev.get("text"))
    if saved is None or problem:
        return s
    s["shown"] = s.get("shown", 0) + 1   # answers the engine owes for the old game are dropped
    s["layout"] = saved["layout"]
    s["replay"], s["box"], s["handover"] = None, None, -1
    s = state._take_snapshot(s, saved["snap"], announce=False)
    s["spec"] = saved["spec"]
    s["link"] = None
    s["notice"] = MOVED_ON
    s["announce"] = MOVED_ON
    if s["engine"] == "ready":
        # The engine still holds the old game: the computer's turn (if it is one) is
        # asked for once the engine has this one (the open's answer); asked now, the
        # engine would say the seat to move is not a computer.
        s["busy"] = "open"
        s["fx"] = [f for f in s["fx"] if f["do"] != "computer"] + [{"do": "open", "spec": saved["spec"]}]
    return s


HANDLERS = {"elsewhere": on_elsewhere}
