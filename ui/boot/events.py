"""The page's DOM events: the board, the rack, the buttons, keys, and storage.

Each handler takes the page (ui/boot/page.py) and the DOM event, reads what the
event says and dispatches one event for ui/boot/handlers.step; none changes state itself.
"""

from ui import store
from ui.game import standin
from ui.links import tabs
from ui.newgame import form


def on_storage(page, e):
    """Another tab or window wrote the saved game (the browser tells the others only)."""
    if e.key != store.KEY or not e.newValue or e.newValue == page.last_text:
        return
    page.last_text = e.newValue
    if not tabs.same_spec(e.newValue, page.s["spec"]):
        page.dispatch({"t": "elsewhere", "text": e.newValue})


def on_board_click(page, e):
    if page.drag.swallow_click():
        return
    cell = e.target.closest("[data-square]")
    if cell is not None:
        page.dispatch({"t": "tap_square", "sq": cell.dataset.square})


KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", " ", "Enter", "Escape", "Backspace", "Delete", "Insert", "=")
EAR_KEYS = "/?0123456789"   # the commands for players by ear (ui/ear/commands.py)


def on_board_key(page, e):
    key = e.key
    plain = not e.ctrlKey and not e.metaKey and not e.altKey
    if key in KEYS or (len(key) == 1 and (key.isalpha() or key in EAR_KEYS) and plain):
        e.preventDefault()
        page.dispatch({"t": "key", "key": key, "shift": bool(e.shiftKey)})


def on_doc_key(page, e):
    """Keys outside the board: the letter chooser, and typing while a rack tile or the
    page has focus (Space and Enter stay with buttons; forms keep their keys)."""
    key = e.key
    letter = len(key) == 1 and key.isalpha() and not e.ctrlKey and not e.metaKey and not e.altKey
    if page.s["choose"] and (key == "Escape" or letter):
        e.preventDefault()
        page.dispatch({"t": "key", "key": key, "shift": bool(e.shiftKey)})
        return
    target = e.target
    if key == "Escape" and target.closest("#sharebox[role='dialog']") is not None:
        page.dispatch({"t": "box"})   # the Import dialog closes (focus goes back to Import)
        return
    if page.document.querySelector("dialog[open]") is not None or target.closest("#board") is not None:
        return
    if target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
        return
    if key == "Escape" and target.closest(".top") is not None:
        return   # Escape in the header closes the phone menu (ui/board/phone.py), not the tiles put down
    on_button = target.tagName == "BUTTON"
    ear = len(key) == 1 and key in EAR_KEYS and not e.ctrlKey and not e.metaKey and not e.altKey
    if letter or ear or key in ("Backspace", "Escape") or (key == "Enter" and not on_button):
        e.preventDefault()
        page.dispatch({"t": "key", "key": key, "shift": bool(e.shiftKey)})


def on_rack_click(page, e):
    if page.drag.swallow_click():
        return
    tile = e.target.closest("[data-id]")
    if tile is not None:
        page.dispatch({"t": "tap_rack", "id": int(tile.dataset.id)})


def on_action_click(page, e):
    btn = e.target.closest("button")
    if btn is None or btn.disabled:
        return
    act = btn.getAttribute("data-act")
    # only the chooser's keys answer it (a rack tile carries data-letter too: tapping
    # the blank after a square must open the chooser, not answer it with "?")
    letter = btn.getAttribute("data-letter") if btn.closest("#chooser") is not None else None
    if letter and page.s["choose"]:
        page.dispatch({"t": "choose", "letter": letter})
    elif act == "shuffle":
        page.dispatch({"t": "shuffle", "order": random_order(page.window, len(page.s["rack"]))})
    elif act == "trade":
        page.dispatch({"t": "exchange", "mode": "trade"})
    elif act == "open_new":
        form.open_dialog(page)
    elif act == "rematch":
        spec = dict(page.s["spec"])  # same rules and seats (and start position, if any), a new bag
        spec["seed"] = form.random_seed(page.window)
        spec["actions"], spec["hints"] = [], []
        page.dispatch({"t": "new_game", "spec": spec})
    elif act == "seats_human":
        spec = standin.people_spec(page.s)
        if spec is not None:
            page.dispatch({"t": "new_game", "spec": spec})
    elif act == "about":
        page.document.getElementById("about").showModal()
    elif act:
        page.dispatch({"t": act})


def random_order(window, n):
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = int(window.Math.random() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return order
