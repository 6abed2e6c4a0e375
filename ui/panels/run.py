"""The panels' engine effects (the page side of ui/panels/actions.py): each asks the engine
worker, or the browser's storage, and comes back as an event. The engine, window and
dispatch are passed in, so tests drive these with stand-ins; ui/main.py runs them."""

import json

from ui import store
from ui.store import past
from ui.panels.actions import RUNNERS, split_logged

async def run(f, eng, window, dispatch, get_state):
    """Engine work for a panel; every answer comes back as an event."""
    do = f["do"]
    for prefix, runner in RUNNERS:   # panels of modules of their own (ui/review/actions.py)
        if do.startswith(prefix):
            await runner(f, eng, window, dispatch, get_state)
            return
    if do == "p_history":
        dispatch({"t": "p_data", "what": "history", "data": json.loads(await eng.history())})
    elif do == "p_unseen":
        dispatch({"t": "p_data", "what": "unseen", "data": json.loads(await eng.unseen(f["seat"]))})
    elif do == "p_hint":
        data = json.loads(await eng.hint(f.get("pool", f["top"]), f["budget_ms"]))
        if "moves" in data:
            used = json.loads(await eng.hint_used(1))
            dispatch({"t": "p_hints", "hints": used.get("spec_hints", [])})
        dispatch({"t": "p_data", "what": "hint", "at": f["at"], "data": data})
    elif do == "p_hint_preview":
        dispatch({"t": "p_place", "placement": json.loads(await eng.hint_preview(f["move"]))})
    elif do == "p_copy":
        await _copy(f["what"], eng, window, dispatch, int(f.get("viewer", -1)), get_state())
    elif do == "p_undo":
        await _undo(f, eng, dispatch, get_state)
    elif do == "p_redo":
        await _redo(f, eng, dispatch, get_state)
    elif do == "p_store":
        summary = json.loads(await eng.summary())
        if "error" in summary:
            return
        dispatch({"t": "p_data", "what": "summary", "data": summary})
        entry = past.record(f["spec"], summary, store.now_text(window))
        games, msg = past.keep(store.PageStorage(window), entry)
        dispatch({"t": "p_data", "what": "past", "data": {"games": games, "msg": msg, "notice": True}})
    elif do == "p_replay_open":
        opened = json.loads(await eng.open_game(json.dumps(f["spec"])))
        data = opened if "error" in opened and "racks" not in opened else json.loads(await eng.at(0))
        dispatch({"t": "p_data", "what": "replay", "data": data})
    elif do == "p_at":
        dispatch({"t": "p_data", "what": "replay", "data": json.loads(await eng.at(f["k"]))})


def shown_only(s, what):
    """What a read-only view (a finished game imported) copies: the engine still holds
    the game being played, so its export would be that game, not the one shown. The
    record as it was pasted, and the position it ended in."""
    snap = s["snap"]
    if what == "gcg":
        text = (snap.get("import") or {}).get("record") or s["spec"].get("record")
        return {"gcg": text} if text else {"error": "this record is too long to keep: copy it from where it came"}
    return {"cgp": snap["cgp"]} if snap.get("cgp") else {"error": "this view has no position to copy"}


async def _copy(what, eng, window, dispatch, seat=-1, s=None):
    if s is not None and s["snap"].get("readonly"):
        data = shown_only(s, what)
    else:
        data = json.loads(await (eng.export_gcg(seat) if what == "gcg" else eng.export_cgp(seat)))
    text = data.get(what)
    if text is None:
        dispatch({"t": "p_data", "what": "export", "data": {"what": what, "error": data.get("error", "")}})
        return
    copied = False
    try:
        clip = window.navigator.clipboard
        if clip:
            await clip.writeText(text)
            copied = True
    except Exception:
        copied = False  # no permission or no clipboard: the text is shown to select
    dispatch({"t": "p_data", "what": "export", "data": {"what": what, "text": text, "copied": copied}})


def _is_human(snap, seat):
    seats = snap.get("seats", [])
    return 0 <= seat < len(seats) and seats[seat].get("kind") == "human"


async def _undo(f, eng, dispatch, get_state):
    """Take back actions: one, or (against the computer) back to before the human's last."""
    before = f["before"]
    snap = None
    n = 0
    while n < len(before):
        snap = json.loads(await eng.undo(1))
        n += 1
        if "racks" not in snap or not f["to_human"] or _is_human(snap, snap.get("to_move", -1)):
            break
    if snap is None:
        dispatch({"t": "error", "msg": "Nothing to undo."})
        return
    if "racks" in snap:
        dispatch({"t": "p_undone", "undone": before[len(before) - n:], "before": before,
                  "after": snap.get("actions", [])})
    dispatch({"t": "snapshot", "snap": snap})


async def _redo(f, eng, dispatch, get_state):
    """Act the undone actions again: one turn (and, against the computer, its replies)."""
    actions = f["actions"]
    snap = None
    done = 0
    for action in actions:
        text, ms = split_logged(action)
        snap = json.loads(await eng.act(text, ms))
        if "racks" not in snap:
            break
        done += 1
        if not f["to_human"] or _is_human(snap, snap.get("to_move", -1)) or snap.get("phase") == "over":
            break
    if snap is None:
        return
    if "racks" in snap:
        dispatch({"t": "p_redone", "left": actions[done:], "after": snap.get("actions", [])})
    dispatch({"t": "snapshot", "snap": snap})
