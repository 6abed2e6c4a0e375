"""The panels beside the board: history, hint, tiles, undo/redo, rules, past games, settings.

Pure state handlers in the style of ui/state.py (``s`` in, ``s`` out, work for
the outside world asked for in ``s["fx"]``); their own state lives in
``s["pn"]``, always replaced, never changed in place. ui/boot/handlers.py lists
them with the page's events, and adds a few of them to the game's own events (a
new snapshot refreshes the open panel and keeps a finished game; "confirm before
play"; the tile sound; the focus kept). Effects this module asks for:

    {"do": "p_history"} / {"do": "p_unseen", "seat"} / {"do": "p_hint", "at"}
    {"do": "p_hint_preview", "move"} / {"do": "p_copy", "what": "gcg" | "cgp"}
    {"do": "p_undo", "to_human", "before"} / {"do": "p_redo", "actions", "to_human"}
    {"do": "p_store", "spec"} / {"do": "p_replay_open", "spec"} / {"do": "p_at", "k"}
    local (no engine): {"do": "p_focus", "id"} / {"do": "p_past"} / {"do": "p_past_save", "games"}
    / {"do": "p_settings_save", "settings"} / {"do": "p_click"}

The engine effects' runner (``run``) is at the end and gets the page's objects
passed in, so this module imports nothing of the page; the DOM event readers and
the local effects (``run_local``) are in ui/panels/view.py.
"""


from ui import state
from ui.game import flow
from ui.panels import hints
from ui.store import past as pastgames
from ui.panels import settings
from ui.board import intents
from ui.board.placing import add_placed, board_letter, unplaced
from ui.panels.pstate import BLANK, actions_of, add_fx, humans, pn, set_pn, vs_computer  # noqa: F401 (read here by the panels)
from ui.panels.undo import can_redo, can_undo, on_redo, on_redone, on_undo, on_undone, split_logged  # noqa: F401

PANELS = ("history", "hint", "tiles", "rules", "past", "settings", "review")
# Panels built in modules of their own (they import this module, never the reverse) are
# registered here by ui/boot/handlers.py: OPEN_HOOKS[panel](s) runs when it opens;
# RUNNERS: (effect prefix, runner).
OPEN_HOOKS = {}
RUNNERS = []
HINT_TOP = 5
HINT_BUDGET_MS = 1000   # the page's budget for a hint (the engine keeps within it)
LOCAL_FX = ("p_focus", "p_refocus", "p_past", "p_past_save", "p_settings_save", "p_click", "p_keep_saved",
            "p_past_drop")

# ----------------------------------------------------------------- open / close


def _fetch(s, name):
    """The effect that fills panel ``name`` (None: it needs none)."""
    if name == "history":
        return {"do": "p_history"}
    if name == "tiles":
        return {"do": "p_unseen", "seat": s["rack_seat"] if s["rack_seat"] >= 0 else -1}
    if name == "past":
        return {"do": "p_past"}
    return None


def _leave_replay(s):
    """Back from a replay: the engine worker opens the game in progress again (an
    imported record shown read-only is the page's own: there is none to reopen)."""
    if pn(s)["replay"] is None:
        return s
    s = set_pn(s, replay=None)
    if s["snap"].get("readonly"):
        s["busy"] = ""
        return s
    s["busy"] = "open"
    return add_fx(s, {"do": "open", "spec": s["spec"]})


def on_open(s, ev):
    name = ev.get("panel", "")
    if name not in PANELS:
        return s
    if pn(s)["open"] == name:
        return on_close(s, ev)
    s = _leave_replay(s)
    s = set_pn(s, open=name, opener="pb-" + name, sel=-1, export=None)
    fetch = _fetch(s, name)
    if fetch:
        s = add_fx(s, fetch)
    if name == "hint":
        s = _ask_hint(s)
    if name in OPEN_HOOKS:   # a panel of a module of its own (ui/review/actions.py) starts its work
        s = OPEN_HOOKS[name](s)
    return add_fx(s, {"do": "p_focus", "id": "pn-title"})


def on_close(s, ev):
    opener = pn(s)["opener"]
    s = _leave_replay(s)
    s = set_pn(s, open="", sel=-1, export=None)
    return add_fx(s, {"do": "p_focus", "id": opener or "pb-history"})


def on_data(s, ev):
    """An answer from the engine or the storage for a panel."""
    what, data = ev.get("what"), ev.get("data")
    p = pn(s)
    if what == "history":
        return set_pn(s, hist=data)
    if what == "unseen":
        return set_pn(s, unseen=data)
    if what == "hint":
        if ev.get("at") != p["hint_at"]:
            return s
        if data.get("moves"):   # distinct words first (ui/panels/hints.py)
            data = dict(data)
            data["moves"] = hints.distinct(data["moves"], HINT_TOP)
        return set_pn(s, hint=data)
    if what == "export":
        return set_pn(s, export=data)
    if what == "summary":
        return set_pn(s, summary=data)
    if what == "past":
        s = set_pn(s, past=data.get("games", []), past_msg=data.get("msg", ""))
        if "bylink" in data:
            s = set_pn(s, bylink=data["bylink"])
        if "tables" in data:
            s = set_pn(s, tables=data["tables"])
        if data.get("msg") and data.get("notice"):
            s["notice"] = data["msg"]
        return s
    if what == "replay":
        rp = p["replay"]
        if rp is None:
            return s
        rp = dict(rp)
        if "error" in data:
            rp["error"] = data["error"]
        else:
            rp["snap"], rp["k"], rp["error"] = data, data.get("at", rp["k"]), ""
            rp["total"] = data.get("total", rp["total"])
            if rp["k"] in (0, rp["total"]):  # its First/Back or Forward/Last button is now disabled
                s = add_fx(s, {"do": "p_focus", "id": "pn-title"})
        return set_pn(s, replay=rp)
    return s


# ----------------------------------------------------------------- history


def on_turn(s, ev):
    n = int(ev.get("n", -1))
    return set_pn(s, sel=-1 if pn(s)["sel"] == n else n)


def on_show_turn(s, ev):
    """A history line's "Show on the board": the replay at the board after that turn."""
    from ui.links import replay
    k = int(ev.get("i", -1))
    return s if k < 0 else replay.on_replay(s, {"at": k})


def on_hints(s, ev):
    """The engine's record of hints used, kept in the stored spec (a reload keeps them)."""
    spec = dict(s["spec"])
    spec["hints"] = ev.get("hints") or []
    s["spec"] = spec
    return add_fx(s, {"do": "save"})


def on_hl(s, ev):
    """A history line hovered or focused (-1: none): its tiles are outlined on the board."""
    n = int(ev.get("n", -1))
    return s if pn(s).get("hl", -1) == n else set_pn(s, hl=n)


def on_copy(s, ev):
    what = ev.get("what")
    if what not in ("gcg", "cgp"):
        return s
    return add_fx(set_pn(s, export={"what": what, "pending": True}), {"do": "p_copy", "what": what, "viewer": viewer(s)})


def viewer(s):
    """Whose view an export may hold during a game: the seat at the screen (-2: nobody,
    e.g. during a hand-over); -1, everything, once the game is over."""
    if s["snap"].get("phase") == "over":
        return -1
    return s["rack_seat"] if s["rack_seat"] >= 0 and s["handover"] < 0 else -2


# ----------------------------------------------------------------- hint


def _ask_hint(s):
    p = pn(s)
    if s["snap"].get("phase") == "over":
        return set_pn(s, hint=None)   # the panel points to Review instead
    if not state.my_turn(s):
        return set_pn(s, hint={"error": "Hints are for your turn."})
    at = list(actions_of(s))   # the hints belong to this position (the moves that led to it)
    if p["hint_at"] == at and p["hint"] and "moves" in p["hint"]:
        return s  # this turn's hints are shown already (and counted once)
    s = set_pn(s, hint={"pending": True}, hint_at=at)
    return add_fx(s, {"do": "p_hint", "at": at, "top": HINT_TOP, "pool": hints.POOL, "budget_ms": HINT_BUDGET_MS})


def on_hint_ask(s, ev):
    return _ask_hint(s)


def _hint_move(s, ev):
    hint = pn(s)["hint"] or {}
    moves = hint.get("moves") or []
    i = int(ev.get("i", -1))
    if pn(s)["hint_at"] != actions_of(s) or not 0 <= i < len(moves):
        return None
    return moves[i]["move"]


def on_hint_show(s, ev):
    move = _hint_move(s, ev)
    if move is None or not state.can_place(s):
        return s
    return add_fx(s, {"do": "p_hint_preview", "move": move})


def on_place(s, ev):
    """Put a hint's tiles on the board as the player's own tentative placement."""
    pl = ev.get("placement") or {}
    if not state.can_place(s):
        return s
    if "error" in pl:
        s["message"] = pl["error"]
        return s
    s = state.on_recall(s, {})
    for action in pl.get("pre") or []:   # its swaps and pick-off first, as a player's taps make them
        s, why = _pre_of_hint(s, str(action))
        if why:
            s = state.on_recall(s, {})
            s["message"] = why
            return s
    placed = []
    for t in pl.get("tiles", []):
        free = [e for e in unplaced(dict(s, placed=placed)) if e["tile"] == t["tile"]]
        if not free:
            s = state.on_recall(s, {})
            s["message"] = "That hint no longer fits your rack."
            return s
        placed = add_placed(placed, t["sq"], free[0]["id"], t["tile"], t["letter"])
    s["placed"] = placed
    if placed:
        s["cursor"] = placed[0]["sq"]
        if len(placed) == 1:
            s["dir"] = "across" if pl.get("across", True) else "down"
    s["message"] = "Hint shown on the board: " + pl.get("move", "") + ". Play it, or Recall."
    return flow.after_placing(s)


def _pre_of_hint(s, action):
    """(s, "") with a hint's "swap J5" or "pick K11" made as the taps make it, or (s, why not)."""
    kind, _, sq = action.partition(" ")
    before = len(s["pre"])
    if kind == "pick" and sq in s["snap"].get("pickable", []):
        s = intents.pre_pick(s, sq)
    elif kind == "swap" and sq in s["snap"].get("swappable", []):
        letter = board_letter(s, sq).upper()
        mine = [e for e in unplaced(s) if e["tile"] == letter and not e.get("pre")]
        if mine:
            s = intents.pre_swap(s, mine[0]["id"], sq)
    if len(s["pre"]) == before:
        return s, "That hint no longer fits the board or your rack (" + action + ")."
    return s, ""


def on_hint_play(s, ev):
    move = _hint_move(s, ev)
    if move is None or not state.my_turn(s):
        return s
    s = state.on_recall(s, {})
    s["busy"] = "act"
    s = set_pn(s, open="", sel=-1)
    return add_fx(s, {"do": "act", "arg": move}, {"do": "p_focus", "id": "pb-hint"})


# ----------------------------------------------------------------- confirmations


def on_yes(s, ev):
    what = pn(s)["confirm"]
    s = set_pn(s, confirm="")
    if what == "play":
        s = state.on_play(s, ev)
        return add_fx(s, {"do": "p_focus", "id": "btn-Play"})
    if what == "undo":
        return on_undo(s, {"sure": True})
    return s


def on_no(s, ev):
    what = pn(s)["confirm"]
    s = set_pn(s, confirm="")
    return add_fx(s, {"do": "p_focus", "id": "btn-Play" if what == "play" else "pb-undo"})


# ----------------------------------------------------------------- past games


def on_replay(s, ev):
    p = pn(s)
    entry = pastgames.find(p["past"] or [], ev.get("id"))
    if entry is None or s["busy"]:
        return s
    if s["engine"] != "ready":
        return set_pn(s, past_msg="Replaying needs the game engine, which is still loading.")
    rp = {"id": entry["id"], "k": 0, "total": len(entry["actions"]), "snap": None, "error": ""}
    s = set_pn(s, replay=rp, open="past")
    s["busy"] = "replay"
    return add_fx(s, {"do": "p_replay_open", "spec": pastgames.spec_of(entry)},
               {"do": "p_focus", "id": "pn-title"})


def on_step(s, ev):
    rp = pn(s)["replay"]
    if rp is None or rp["snap"] is None:
        return s
    k, total = rp["k"], rp["total"]
    to = {"first": 0, "back": k - 1, "forward": k + 1, "last": total}.get(ev.get("to"), k)
    to = max(0, min(total, to))
    if to == k:
        return s
    return add_fx(s, {"do": "p_at", "k": to})


def on_replay_close(s, ev):
    s = _leave_replay(s)
    return add_fx(s, {"do": "p_focus", "id": "pn-title"})


def on_resume(s, ev):
    """An unfinished past game comes back as the game in progress (and leaves the list:
    it is kept again, as it then stands, if it is left unfinished once more)."""
    p = pn(s)
    entry = pastgames.find(p["past"] or [], ev.get("id"))
    if entry is None or s["busy"] or not pastgames.unfinished(entry):
        return s
    games = pastgames.delete(p["past"] or [], entry["id"])
    s = set_pn(_leave_replay(s), past=games, open="")
    s = add_fx(s, {"do": "p_past_save", "games": games})
    return state.on_new_game(s, {"t": "new_game", "spec": pastgames.spec_of(entry), "resume": True})


def on_bylink_open(s, ev):
    """A game of the Games by link list becomes the game shown (ui/links/bylink.py)."""
    from ui.links import bylink
    entry = None
    for g in pn(s).get("bylink") or []:
        if g.get("id") == ev.get("id"):
            entry = g
    if entry is None or s["busy"] not in ("", "replay") or s["engine"] != "ready":   # a link's replay gives way
        return s
    s = keep_unfinished(set_pn(_leave_replay(s), open=""))
    return bylink.on_open(s, {"entry": entry})


def keep_unfinished(s):
    """Before the game shown is replaced (New game, Import, a resumed game): an
    unfinished game of the player's own goes to Past games first, so none is lost."""
    snap = s["snap"]
    from ui.links import share
    if not share.saving(s):   # a link's game is shown: the saved game, if unfinished, is kept
        return add_fx(s, {"do": "p_keep_saved"})
    if snap.get("phase") == "over" or snap.get("readonly") or not snap.get("actions"):
        return s
    if s["engine"] != "ready":
        return s
    return add_fx(s, {"do": "p_store", "spec": s["spec"]})


def on_delete(s, ev):
    games = pastgames.delete(pn(s)["past"] or [], ev.get("id"))
    s = set_pn(s, past=games)
    return add_fx(s, {"do": "p_past_save", "games": games}, {"do": "p_focus", "id": "pn-title"})


# ----------------------------------------------------------------- settings


def on_setting(s, ev):
    new = settings.change(pn(s)["settings"], ev.get("name", ""), ev.get("value"))
    s = set_pn(s, settings=new)
    return add_fx(s, {"do": "p_settings_save", "settings": new})


def on_settings(s, ev):
    return set_pn(s, settings=settings.load(ev.get("text")))


# ----------------------------------------------------------------- in the game's events (ui/boot/handlers.py)


def after_snapshot(s, ev):
    """After a new snapshot: refresh the open panel, forget stale hints, keep a finished game."""
    if "racks" not in ev.get("snap", {}):
        return s
    p = pn(s)
    if p["confirm"]:
        s = set_pn(s, confirm="")
    if p["open"]:
        fetch = _fetch(s, p["open"])
        if fetch and p["open"] != "past":
            s = add_fx(s, fetch)
    if p["hint_at"] != actions_of(s) and p["hint"] is not None:
        s = set_pn(s, hint=None)
    if s["snap"].get("phase") == "over":
        gid = pastgames.game_id(s["spec"])
        if p["stored"] != gid:
            s = set_pn(s, stored=gid)
            s = add_fx(s, {"do": "p_store", "spec": s["spec"]})
    return s


def keep_unfinished_first(s, ev):
    """Before a new game replaces the game shown (not a past game resumed: it is the one kept)."""
    if ev.get("resume") is None:
        s = keep_unfinished(s)
    return s


def _wants_confirm(s, ev):
    return (pn(s)["settings"].get("confirm") and state.my_turn(s) and bool(s["placed"])
            and not s["choose"] and s["mode"] == "play"
            and (ev.get("t") == "play" or ev.get("key") == "Enter"))


def confirm_first(s, ev):
    """Play (or Enter) with "confirm before play" set: the question, and the play waits."""
    if _wants_confirm(s, ev):
        s = set_pn(s, confirm="play")
        return add_fx(s, {"do": "p_focus", "id": "pc-yes"}), None
    return s


def count_tiles(s, ev):
    """Before a handler that may put a tile down: how many are down (for ``tile_sound``)."""
    ev = dict(ev)
    ev["tiles_before"] = len(s["placed"])
    return s, ev


def tile_sound(s, ev):
    """A tile was put down and the sound is on: the click."""
    if pn(s)["settings"].get("sound") and len(s["placed"]) > ev.get("tiles_before", len(s["placed"])):
        s = add_fx(s, {"do": "p_click"})
    return s


def keep_focus(s, ev):
    """After a panel's event: a panel redrawn loses the focused control inside it, so it
    is asked back after the frame (unless the event moved the focus itself)."""
    if (pn(s)["open"] or pn(s)["confirm"]) and not any(f["do"] in ("p_focus", "focus") for f in s["fx"]):
        s = add_fx(s, {"do": "p_refocus"})
    return s


HANDLERS = {
    "p_open": on_open, "p_close": on_close, "p_data": on_data, "p_turn": on_turn, "p_show_turn": on_show_turn,
    "p_copy": on_copy, "p_hl": on_hl, "p_hint_ask": on_hint_ask, "p_hint_show": on_hint_show,
    "p_place": on_place, "p_hint_play": on_hint_play, "p_undo": on_undo, "p_undone": on_undone,
    "p_redo": on_redo, "p_redone": on_redone, "p_yes": on_yes, "p_no": on_no,
    "p_replay": on_replay, "p_step": on_step, "p_replay_close": on_replay_close,
    "p_delete": on_delete, "p_resume": on_resume, "p_bylink_open": on_bylink_open, "p_setting": on_setting, "p_settings": on_settings,
    "p_hints": on_hints,
}
