"""View model -> DOM patches. Pure except ``Renderer.apply``, which crosses to the page once.

Each frame is a flat map of node id -> {attribute: value, "_html": inner HTML};
``diff`` compares it with the previous frame and keeps only what changed, so a
tile put down patches one square (focus and drags survive) instead of rewriting
the board. The patches go to the page as one JSON text in a single call of
``window.wlcPatch`` (ui/kit.js), i.e. one bridge crossing per frame.
"""

import json

from ui import view
from ui.board import geom
from ui.panels import regions
from ui.board import phone
from ui.ear import say
from ui.newgame import rules_text
from ui.links import share_view
from ui.words import view as words_view

REGIONS = ("scores", "preview", "status", "message", "notice", "modebar", "chooser",
           "handover", "end")
BUTTONS = ("Play", "Pass", "Exchange", "Trade", "Challenge", "Check", "Shuffle", "Recall")


SQUARE = ('<div role="gridcell" id="sq-%s" data-square="%s" data-premium="%s" class="%s" aria-label="%s%s"'
          ' tabindex="-1"></div>')


def board_html(layout):
    """The board's skeleton: a header row of column letters, then rows of (number, squares).
    Row wrappers are ``display: contents`` so the CSS grid sees the cells, while the
    accessibility tree sees grid > row > gridcell. Each square is drawn empty, as
    view.empty_square has it: a new board's frame then patches only the squares with
    more on them (``Renderer.patches``), which on a phone halved the first frame."""
    size = layout["size"]
    start = layout.get("start")
    parts = ['<div class="brow" aria-hidden="true"><div class="corner"></div>']
    for c in range(size):
        parts.append('<div class="coord col">' + geom.COLS[c] + "</div>")
    parts.append("</div>")
    kinds = {}   # a few kinds of empty square: each worked out once (a phone's first frame)
    for r in range(size):
        row = str(r + 1)
        parts.append('<div class="brow" role="row" aria-label="Row ' + row   # named briefly, not by its 15 squares
                     + '"><div class="coord row" aria-hidden="true">' + row + "</div>")
        for c in range(size):
            sq = geom.COLS[c] + row
            prem = geom.premium(layout, r, c)
            key = (prem, sq == start, view.outer(layout, r, c))
            kind = kinds.get(key)
            if kind is None:
                kind = kinds[key] = view.empty_kind(*key)
            parts.append(SQUARE % (sq, sq, prem, kind[0], sq, kind[1]))
        parts.append("</div>")
    return "".join(parts)


def preset_name(rules):
    """The rule set's name for the main screen: "Word Lovers III", "Classic (changed)"."""
    rules = rules or "classic"
    key = rules.split(",")[0]
    try:
        title = rules_text.preset_title(key)
    except ValueError:  # a rules string without a preset first
        return "Custom rules"
    return title + (" (changed)" if "," in rules else "")


def rack_html(slots):
    parts = []
    for i, t in enumerate(slots):
        attrs = tile_attrs(t, i)
        parts.append('<button type="button" id="rt-' + t["id"] + '"' + "".join(
            " " + k + '="' + v + '"' for k, v in attrs.items() if v is not None) + ">" + t["html"] + "</button>")
    return "".join(parts)


def tile_attrs(t, i):
    """A rack tile's attributes: in the exchange (or trade) bar's mode each tile is a
    toggle, pressed and named "chosen" when chosen, so a screen reader hears the choice."""
    return {"class": t["cls"], "data-id": t["id"], "data-slot": str(i), "data-letter": t["letter"],
            "aria-label": t["label"], "aria-pressed": t.get("pressed")}


def rack_nodes(s, nodes):
    """The rack as a skeleton (rewritten only when its tiles or their order change) and one
    node a tile, patched in place: a focused tile keeps its focus while it is chosen."""
    slots = view.rack_slots(s)
    toggles = s["mode"] in ("exchange", "trade")
    for t in slots:
        if toggles:
            chosen = t["id"] in [str(x) for x in s["xsel"]]
            t["pressed"] = "true" if chosen else "false"
            if chosen:
                t["label"] += ", chosen"
    nodes["rack"] = {"_html": rack_html(slots), "data-order": ",".join(t["id"] for t in slots),
                     "data-mode": s["mode"], "data-seat": str(s["rack_seat"])}
    for i, t in enumerate(slots):
        node = tile_attrs(t, i)
        node["_html"] = t["html"]
        nodes["rt-" + t["id"]] = node


def _squares_of(s):
    """Squares whose look depends on more than the snapshot's tiles."""
    snap = s["snap"]
    out = set(snap.get("last_squares", []) + snap.get("pickable", []) + snap.get("swappable", []))
    out.update(p["sq"] for p in s["placed"])
    out.update(p["sq"] for p in s["pre"])
    out.add(s["cursor"])
    return out


def dirty_squares(prev, s):
    """The squares that may look different from ``prev`` to ``s``: with no ``prev`` (a new
    board, drawn empty by board_html), those that are not empty; all of them (None) for
    another layout on a board of the same size."""
    if prev is None:
        out = _squares_of(s)
        out.update(t["sq"] for t in s["snap"].get("tiles", []))
        return out
    if prev["layout"] is not s["layout"]:
        return None
    out = _squares_of(prev) | _squares_of(s)
    if prev["snap"] is not s["snap"]:
        old = {}
        for t in prev["snap"].get("tiles", []):
            old[t["sq"]] = t
        for t in s["snap"].get("tiles", []):
            if old.pop(t["sq"], None) != t:
                out.add(t["sq"])
        out.update(old)
    return out


def frame(s, squares=None):
    """The page's node map for state ``s`` (board squares: only ``squares``, default all)."""
    nodes = {}
    for sq, cell in view.board_cells(s, squares).items():
        label = cell["label"] + (cursor_words(s) if sq == s["cursor"] else "")   # the direction, heard
        nodes["sq-" + sq] = {"class": cell["cls"], "aria-label": label, "tabindex": cell["tab"],
                             "data-letter": cell["letter"] or None, "_html": cell["html"]}
    rack_nodes(s, nodes)
    nodes["scores"] = {"_html": view.scores_html(s)}
    nodes["preview"] = {"_html": view.preview_html(s)}
    nodes["status"] = {"_text": view.status_text(s)}
    rules = s["spec"].get("rules") or s["snap"].get("rules") or "classic"
    nodes["preset-name"] = {"_text": preset_name(rules), "title": "Rules: " + rules}
    shown_words = words_view.turn_words(s["snap"].get("turns", []) + s["snap"].get("events", []))
    nodes["message"] = {"_html": words_view.linkify(view.message_text(s), shown_words)}  # its words open their meanings
    nodes["notice"] = {"_text": s["notice"], "hidden": None if s["notice"] else ""}
    nodes["modebar"] = {"_html": view.mode_html(s), "hidden": None if s["mode"] != "play" else ""}
    legend = view.legend_html(s)
    nodes["legend"] = {"_html": legend, "hidden": None if legend else ""}
    nodes["chooser"] = {"_html": view.chooser_html(s), "hidden": None if s["choose"] else ""}
    nodes["handover"] = {"_html": view.handover_html(s), "hidden": None if s["handover"] >= 0 else ""}
    nodes["end"] = {"_html": view.end_html(s), "hidden": None if s["snap"].get("phase") == "over" else ""}
    judge = view.judgment_html(s)
    nodes["judge"] = {"_html": judge, "hidden": None if judge else ""}
    nodes["announce"] = {"_text": s["announce"]}   # the one live region (Renderer.speech chooses)
    nodes["message"]["aria-live"] = None
    nodes["preview"]["aria-live"] = None
    enabled = view.buttons(s)
    hidden = view.hidden_buttons(s)
    for name in BUTTONS:
        nodes["btn-" + name] = {"disabled": None if enabled.get(name) else "",
                                "hidden": "" if hidden.get(name) else None}
    nodes["board"] = {"data-size": str(s["layout"]["size"]), "data-dir": s["dir"],
                      "style": "--n:" + str(s["layout"]["size"])}
    nodes["body"] = view.body_attrs(s)
    nodes.update(share_view.nodes(s))  # the share panel and the replay bar
    importing = (s.get("box") or {}).get("kind") in ("import", "imported")
    nodes["sharebox"]["role"] = "dialog" if importing else "region"   # Import is a dialog: Escape closes it
    nodes["sharebox"]["aria-label"] = "Import a game" if importing else "Share"
    regions.add_nodes(nodes, s)
    return nodes


def cursor_words(s):
    """The cursor's square also says the typing direction and the coordinate a play
    typed from it is written with (row first across, column first down: 8H, H8)."""
    rc = geom.parse(s["cursor"])
    coord = (str(rc[0] + 1) + geom.COLS[rc[1]]) if s["dir"] == "across" else s["cursor"]
    return ", typing " + s["dir"] + " from " + coord


def diff(prev, cur):
    """Patches [[id, {attr: value or None}, html or None, text or None]] from ``prev`` to ``cur``."""
    patches = []
    for key, node in cur.items():
        old = prev.get(key)
        if old == node:
            continue
        old = old or {}
        attrs = {}
        html = None
        text = None
        for name, value in node.items():
            if old.get(name, 0) == value and name in old:
                continue
            if name == "_html":
                html = value
            elif name == "_text":
                text = value
            else:
                attrs[name] = value
        patches.append([key, attrs, html, text])
    return patches


class Renderer:
    """Keeps the last frame; ``apply`` sends only the changes to the page."""

    def __init__(self, window):
        self.window = window
        self.prev = {}
        self.prev_state = None
        self.size = 0
        self.start = None
        self.last_squares = None
        self.cursor = None
        self.heard = {}
        self.box_kind = ""

    def skeleton(self, s):
        """The patch that draws a new board for ``s`` (empty), or [] if the board is drawn."""
        if s["layout"]["size"] == self.size and s["layout"].get("start") == self.start:
            return []
        self.prev = {k: v for k, v in self.prev.items() if not k.startswith("sq-")}
        self.size, self.start = s["layout"]["size"], s["layout"].get("start")
        self.prev_state = None
        return [["board", {}, board_html(s["layout"]), None]]

    def draw_board(self, s):
        """Draw the new board's skeleton now, alone: the page's first frame is then two
        tasks (this, then ``apply``), not one long one on a phone's main thread."""
        out = self.skeleton(s)
        if out:
            self.window.wlcPatch(json.dumps(out))

    def patches(self, s):
        out = self.skeleton(s)
        prev_state = self.prev_state
        dirty = dirty_squares(prev_state, s)
        cur = frame(s, None if dirty is None else list(dirty))
        old_rack = self.prev.get("rack") or {}
        if (old_rack.get("data-order") == cur["rack"]["data-order"]
                and old_rack.get("data-seat") == cur["rack"]["data-seat"]):
            cur["rack"]["_html"] = old_rack.get("_html")   # the same tiles: each is patched in place
        cur["announce"]["_text"] = self.speech(s)
        out += diff(self.prev, cur)
        self.prev.update(cur)
        self.prev_state = s
        return out

    def speech(self, s):
        """The live region's text: what the state announces when that changed, else a
        message of the page's own (a refused letter, an engine's refusal) when it changed,
        else the live score when it changed; else what it holds. One region, so each
        thing is said once."""
        heard = self.heard
        now = {"announce": s["announce"], "message": s["message"], "preview": say.preview(s)}
        self.heard = now
        for key in ("announce", "message", "preview"):
            if now[key] and now[key] != heard.get(key):
                return now[key]
        return (self.prev.get("announce") or {}).get("_text", s["announce"])

    def apply(self, s, focus=None):
        document = getattr(self.window, "document", None)  # test windows have none
        had = focus_id(document)
        box_kind = self.box_kind
        self.box_kind = (s.get("box") or {}).get("kind", "")
        out = self.patches(s)
        if focus:
            out.append(["!focus", {}, None, "sq-" + focus])
        if out:
            self.window.wlcPatch(json.dumps(out))
        if not focus and had and out:
            try:
                keep_focus(document, had, box_kind, s)
            except Exception as exc:   # never at the cost of the frame drawn
                self.window.console.log("focus not kept: " + str(exc))
        last = s["snap"].get("last_squares") or []
        if last != self.last_squares:  # a new move: in a zoomed board, pan to it
            self.last_squares = last
            if document is not None:
                phone.show(document, last)
        elif s.get("cursor") != self.cursor and document is not None:
            phone.follow(document, s.get("cursor"))   # placing: the square typed on stays in view
        self.cursor = s.get("cursor")
        return len(out)


FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]"
MARKS = ("data-rp", "data-act", "data-pact", "data-share", "data-panel", "data-what", "data-n", "data-word")


def focus_id(document):
    """Where focus is before a frame: the focused element's id, or for one without an id
    "box [data-x='v']", its nearest ancestor with an id and the attribute that names it
    there ("" for none or the page, "*" when not even that is known)."""
    if document is None:
        return ""
    el = document.activeElement
    if el is None or el.tagName == "BODY":
        return ""
    if el.id:
        return el.id
    box = el.closest("[id]")
    if box is None:
        return "*"
    for name in MARKS:
        value = el.getAttribute(name)
        if value and "'" not in value:
            return box.id + " [" + name + "='" + value + "']"
    return box.id + " "


def fallback_focus(had, box_kind, s):
    """Where focus goes when a frame took away the element that had it and nothing takes
    its place: a closed Import or Share box gives it back to its menu button, anything
    else to the board's cursor square, where the game goes on."""
    if had.startswith("import") or (had.startswith("sharebox") and box_kind in ("import", "imported")):
        return "btn-import"
    if had.startswith("share"):
        return "btn-share"
    return "sq-" + s["cursor"]


def usable(el):
    return (el is not None and el.isConnected and not el.hasAttribute("disabled")
            and el.closest("[hidden]") is None)


def _same_place(document, had):
    """The element at ``had``'s place after the frame: the same id, or in a box redrawn
    the element named the same, else the box's first usable control; None if none."""
    box_id, mark = had.partition(" ")[0], had.partition(" ")[2]
    box = document.getElementById(box_id)
    if box is None or " " not in had:
        return box
    el = box.querySelector(mark) if mark else None
    if usable(el):
        return el
    items = box.querySelectorAll(FOCUSABLE)
    for i in range(items.length):
        if usable(items[i]):
            return items[i]
    return None


def keep_focus(document, had, box_kind, s):
    """Focus never falls to the page after a frame: a rewritten rack or bar, a button
    disabled while the engine answers (Challenge, Undo, an exchange confirmed), a box
    closed. A focused element still in place keeps it."""
    now = document.activeElement
    if now is not None and now.tagName != "BODY" and usable(now):
        return
    el = _same_place(document, had)
    if usable(el):
        el.focus()
        return
    for target in (fallback_focus(had, box_kind, s), "sq-" + s["cursor"]):
        el = document.getElementById(target)
        if usable(el):
            el.focus()
            return
