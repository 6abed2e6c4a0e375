"""The panels' page side: DOM events read into panel events, and the effects that
need no engine (focus, storage, the tile sound). The page's objects are passed in;
ui/main.py wires these to the regions. The HTML is ui/panels/view.py's.
"""

from ui import store
from ui.links import bylink
from ui.panels import settings
from ui.store import past, tables
from ui.panels.actions import pn


INT_ATTRS = ("n", "i")


def click(e, dispatch):
    """A click in the tools bar, a panel or the confirm bar: buttons carry data-pact."""
    btn = e.target.closest("[data-pact]")
    if btn is None or btn.disabled:
        return
    ev = {"t": "p_" + btn.getAttribute("data-pact")}
    for name in ("panel", "n", "i", "id", "what", "to"):
        value = btn.getAttribute("data-" + name)
        if value:
            ev[name] = int(value) if name in INT_ATTRS else value
    dispatch(ev)


FOCUSED = [""]   # the id of the control last focused on the page (page side)
OWN_IDS = ("pn-", "rp-", "set-", "pc-")   # the controls the panels redraw


def focusin(e):
    """Listens on the whole document: focus last on a game control is never pulled back."""
    FOCUSED[0] = e.target.id or ""


def _refocus(document):
    """Focus went to <body> because a redraw replaced the focused control: the control
    with the same id takes it back (the panel's title when it is gone or disabled)."""
    active = document.activeElement
    if active is not None and active.tagName != "BODY":
        return
    if not FOCUSED[0].startswith(OWN_IDS):
        return
    el = document.getElementById(FOCUSED[0])
    if el is None or el.hasAttribute("disabled"):
        el = document.getElementById("pn-title")
    if el is not None:
        el.focus()


HOVERED = [-1]


def hover(e, dispatch):
    """Pointer over or focus on a history line (page side): one event per change."""
    line = e.target.closest(".pn-line") if e.type != "mouseleave" else None
    n = int(line.getAttribute("data-n")) if line is not None else -1
    if n != HOVERED[0]:
        HOVERED[0] = n
        dispatch({"t": "p_hl", "n": n})


REPLAY_KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last"}


def keydown(e, dispatch, s):
    """Keys inside a panel: Escape closes it, arrows step through a replay."""
    key = e.key
    if key == "Escape":
        e.preventDefault()
        e.stopPropagation()
        dispatch({"t": "p_close"})
    elif key in REPLAY_KEYS and pn(s)["replay"] is not None and e.target.tagName != "TEXTAREA":
        e.preventDefault()
        e.stopPropagation()
        dispatch({"t": "p_step", "to": REPLAY_KEYS[key]})


def change(e, dispatch):
    """A settings field changed (fields are named "set-<setting>")."""
    name = e.target.name or ""
    if not name.startswith("set-"):
        return
    value = e.target.checked if e.target.type == "checkbox" else e.target.value
    dispatch({"t": "p_setting", "name": name[4:], "value": value})


def boot(window, dispatch):
    """Read the settings at start-up (unreadable or no storage: the defaults)."""
    try:
        text = store.PageStorage(window).getItem(store.SETTINGS_KEY)
    except Exception:
        text = None
    dispatch({"t": "p_settings", "text": text})


async def run_local(f, window, dispatch):
    """Effects that need no engine (focus, storage, the tile sound)."""
    do = f["do"]
    storage = store.PageStorage(window)
    if do == "p_focus":
        el = window.document.getElementById(f["id"])
        if el is not None and el.closest("#tools") is not None and el.getClientRects().length == 0:
            el = window.document.getElementById("btn-tools")   # a phone: the tools are folded behind it
        if el is not None:
            el.focus()
            FOCUSED[0] = el.id
    elif do == "p_refocus":
        _refocus(window.document)
    elif do == "p_past":
        games, msg = past.load(storage)
        by_link = bylink.parse(store.read(storage, bylink.KEY)[0])
        tables_kept = tables.games(store.read(storage, tables.LIST_KEY)[0])
        dispatch({"t": "p_data", "what": "past", "data": {"games": games, "msg": msg, "bylink": by_link,
                                                           "tables": tables_kept}})
    elif do == "p_keep_saved":   # the saved game, not shown, is about to be replaced
        saved, _ = store.load(store.read(storage, store.KEY)[0])
        entry = past.saved_entry(saved, store.now_text(window)) if saved else None
        if entry is not None:
            games, msg = past.keep(storage, entry)
            dispatch({"t": "p_data", "what": "past", "data": {"games": games, "msg": msg, "notice": bool(msg)}})
    elif do == "p_past_drop":   # an unfinished copy kept for a replacement that did not happen
        games, msg = past.load(storage)
        entry = past.find(games, f["id"])
        if not msg and entry is not None and past.unfinished(entry):
            games = past.delete(games, f["id"])
            past.save(storage, games)
            dispatch({"t": "p_data", "what": "past", "data": {"games": games, "msg": ""}})
    elif do == "p_past_save":
        msg = past.save(storage, f["games"])
        if msg:
            dispatch({"t": "p_data", "what": "past", "data": {"games": f["games"], "msg": msg}})
    elif do == "p_settings_save":
        try:
            storage.setItem(store.SETTINGS_KEY, settings.dump(f["settings"]))
        except Exception:
            pass  # the setting holds for this visit; nothing else depends on it
    elif do == "p_click":
        settings.click_sound(window)
