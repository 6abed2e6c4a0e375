"""Drag and drop of tiles with pointer events (mouse, pen and touch alike).

A press on a rack tile, or on a tile put down this turn, becomes a drag once the
pointer moves a few pixels; a ghost tile follows it and the drop becomes one
event for ui/boot/handlers.step ("drop", "drop_rack" or "drop_placed"). A press that
does not move stays a click. Listeners are delegated: one per region.
"""

THRESHOLD_PX = 6
CLICK_GRACE_MS = 350


class Dragger:
    def __init__(self, document, window, dispatch):
        self.document = document
        self.window = window
        self.dispatch = dispatch
        self.start = None
        self.src = None
        self.el = None
        self.dragging = False
        self.ended_at = -1e9
        self.drag_ended = False

    def attach(self, on):
        on("rack", "pointerdown", self.down)
        on("board", "pointerdown", self.down)
        on("document", "pointermove", self.move)
        on("document", "pointerup", self.up)
        on("document", "pointercancel", self.cancel)

    def swallow_click(self):
        """True for the click that a browser fires at the end of a drag.

        Only a click with no press since the drag ended is swallowed: a quick
        tap straight after a drag starts with a press of its own and counts.
        """
        late = self.window.performance.now() - self.ended_at >= CLICK_GRACE_MS
        if late or not self.drag_ended:
            return False
        self.drag_ended = False
        return True

    def down(self, e):
        self.drag_ended = False
        if e.button != 0:
            return
        tile = e.target.closest("#rack [data-id]")
        if tile is not None:
            if "used" in tile.className:
                return
            self.src = ("rack", int(tile.dataset.id))
        else:
            tile = e.target.closest(".cell.placed")
            if tile is None:
                return
            self.src = ("board", tile.dataset.square)
        self.el = tile
        self.start = (e.clientX, e.clientY)
        self.dragging = False

    def move(self, e):
        if self.start is None:
            return
        x, y = e.clientX, e.clientY
        if not self.dragging:
            if abs(x - self.start[0]) + abs(y - self.start[1]) < THRESHOLD_PX:
                return
            self.dragging = True
            ghost = self.document.getElementById("ghost")
            ghost.innerHTML = self.el.innerHTML
            ghost.className = "ghost rtile"
            ghost.hidden = False
            self.el.classList.add("dragging")
            self.document.body.dataset.dragging = "1"
        e.preventDefault()
        self.document.getElementById("ghost").style.transform = (
            "translate(" + str(int(x)) + "px," + str(int(y)) + "px)")

    def cancel(self, e):
        self._reset()

    def _reset(self):
        if self.dragging:
            self.document.getElementById("ghost").hidden = True
            if self.el is not None:
                self.el.classList.remove("dragging")
            self.document.body.removeAttribute("data-dragging")
            self.ended_at = self.window.performance.now()
            self.drag_ended = True
        self.start = None
        self.src = None
        self.el = None
        self.dragging = False

    def up(self, e):
        if self.start is None:
            return
        if not self.dragging:
            self._reset()
            return
        src = self.src
        self.document.getElementById("ghost").hidden = True
        target = self.document.elementFromPoint(e.clientX, e.clientY)
        self._reset()
        if target is None:
            return
        cell = target.closest("[data-square]")
        slot = target.closest("#rack [data-slot]")
        in_rack = target.closest("#rack")
        if src[0] == "rack":
            if cell is not None:
                self.dispatch({"t": "drop", "id": src[1], "sq": cell.dataset.square})
            elif slot is not None:
                self.dispatch({"t": "drop_rack", "id": src[1], "slot": int(slot.dataset.slot)})
            elif in_rack is not None:
                self.dispatch({"t": "drop_rack", "id": src[1], "slot": 99})
        else:
            if cell is not None:
                self.dispatch({"t": "drop_placed", "from": src[1], "sq": cell.dataset.square})
            elif in_rack is not None:
                self.dispatch({"t": "drop_placed", "from": src[1], "sq": None})
