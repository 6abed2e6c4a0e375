"""The panels' regions in a frame: the open panel, the confirm bar, the summary line,
the tools' states and the history's highlight, added to ui/render.frame's node map by
``add_nodes``. Pure and MicroPython-safe; the panels' HTML is ui/panels/view.py's."""

from ui.game.turns import move_text, seat_name, whose
from ui.panels import settings
from ui.panels import sheet
from ui.panels.actions import can_redo, can_undo, pn
from ui.panels.view import TITLES, TOOLS, esc, panel_html


def confirm_html(s):
    what = pn(s)["confirm"]
    if what == "play":
        pv = s.get("preview") or {}
        move = pv.get("move") or "these tiles"
        text = "Play " + move + (" for " + str(pv.get("score")) if pv.get("legal") else "") + "?"
        yes, no = "Play it", "Not yet"
    elif what == "undo":   # hot seat: the player whose turn it takes back must agree
        snap = s["snap"]
        last = None
        for turn in reversed(snap.get("turns", [])):
            if turn.get("kind") not in ("end", "time"):
                last = turn
                break
        who = seat_name(snap, last.get("player", -1)) if last else ""
        if who:
            text = ("Take back " + whose(who).lower() if who == "You" else "Take back " + whose(who)) \
                + " last turn (" + move_text(s, last) + ")? " + who + (" agree" if who == "You" else " must agree") + "."
            yes, no = esc(who) + (" agree" if who == "You" else " agrees") + ": take it back", "Keep it"
        else:
            text = "Take back the last turn?"
            yes, no = "Take it back", "Keep it"
    else:
        return ""
    return ('<p>' + esc(text) + "</p>" + '<button type="button" id="pc-yes" class="primary" data-pact="yes">'
            + yes + '</button> <button type="button" id="pc-no" data-pact="no">' + no + "</button>")


def summary_text(s):
    """Under the end of a game: the hints each player used (from the engine's summary)."""
    sm = pn(s)["summary"]
    spec = s["spec"]
    if (s["snap"].get("phase") != "over" or not sm or str(sm.get("seed")) != str(spec.get("seed"))
            or sm.get("actions") != len(spec.get("actions", []))):
        return ""
    names = sm.get("names") or []
    per = sm.get("hints_by_seat") or []
    who = ", ".join(names[i] + " " + str(n) for i, n in enumerate(per) if n and i < len(names))
    return "Hints used in this game: " + str(sm.get("hints", 0)) + (" (" + who + ")" if who else "") + "."


def tool_states(s):
    """{button id: {attr: value}} for the tools bar."""
    p = pn(s)
    out = {}
    for key, _ in TOOLS:
        attrs = {}
        if key in TITLES:
            attrs["aria-expanded"] = "true" if p["open"] == key else "false"
        out["pb-" + key] = attrs
    out["pb-undo"]["disabled"] = None if can_undo(s) else ""
    out["pb-redo"]["disabled"] = None if can_redo(s) else ""
    return out


COLS = "ABCDEFGHIJKLMNOPQRSTU"


def _square_ok(sq):
    return 2 <= len(sq) <= 3 and sq[0] in COLS and sq[1:].isdigit()


def highlight_css(s):
    """CSS outlining the tiles of the history line hovered or focused (a <style> text)."""
    p = pn(s)
    if p["open"] != "history" or p.get("hl", -1) < 0:
        return ""
    hist = sheet.current(s, p["hist"])
    if "turns" not in hist:
        return ""
    for t in hist["turns"]:
        if t.get("n") == p["hl"]:
            squares = [sq for sq in t.get("squares") or [] if _square_ok(sq)]
            if squares:
                return (", ".join("#sq-" + sq for sq in squares)
                        + " { outline: 3px solid var(--focus); outline-offset: -3px; z-index: 1; }")
    return ""


def add_nodes(nodes, s):
    """Add the panels' regions to a frame's node map (render.frame calls this last)."""
    p = pn(s)
    html = panel_html(s)
    nodes["panel"] = {"_html": html, "hidden": None if html else ""}
    conf = confirm_html(s)
    nodes["pconfirm"] = {"_html": conf, "hidden": None if conf else ""}
    nodes["pn-hl"] = {"_text": highlight_css(s)}
    said = summary_text(s)
    nodes["pn-summary"] = {"_text": said, "hidden": None if said else ""}
    for key, attrs in tool_states(s).items():
        nodes[key] = attrs
    body = dict(nodes.get("body") or {})
    for key, value in settings.body_attrs(p["settings"]).items():
        body[key] = value
    nodes["body"] = body
    nodes["html"] = {"data-theme": settings.page_theme(p["settings"], s.get("embed_theme", ""))}
    return nodes
