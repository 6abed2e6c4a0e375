"""The share panel's HTML: the link box, the embed snippets, a game by link's "Send
to ..." prompt, an imported record, and the nodes ui/render.py patches. Pure and
MicroPython-safe; what it shows comes from ui/links/share.py's state."""

from html import escape

from ui.links import event, replay
from ui.links.share import LEVELS, NOT_SECRET, NOT_SECRET_BRIEF, OPENED, attr, passing, waiting_for


def box_html(s):
    """The share / embed / import / link panel (all text from a link shown as text),
    after a tournament game's oath and result (ui/links/event.py)."""
    return event.note_html(s) + _box_html(s)


def _box_html(s):
    box = s.get("box")
    if passing(s) and (not box or box["kind"] == "link"):
        box = {"kind": "passed"}
    waiting = waiting_for(s)
    if waiting and (not box or box["kind"] == "link"):   # a note from opening the link is said already
        said = not box or box.get("opening") or box.get("text") == OPENED
        return send_html(waiting, "" if said else box.get("text", ""))
    if not box:
        return ""
    kind = box["kind"]
    close = '<button type="button" data-share="close">Close</button>'
    back = ('<button type="button" data-share="back_saved">Back to your saved game</button>'
            if s.get("has_saved") and s.get("link") and not s["link"].get("own") else "")
    if kind == "link":
        return ('<p class="share-text">' + _note(box) + "</p><p>"
                '<button type="button" data-share="new">New game</button>' + back + close + "</p>")
    if kind == "passed":
        if s["handover"] < 0:
            return ""
        seats = s["snap"].get("seats", [])
        name = seats[s["handover"]].get("name", "") if s["handover"] < len(seats) else ""
        return ('<p class="share-text">Your move is in. Press Share and send the link to ' + escape(name)
                + ": they play their turn from it, with your rack hidden from them.</p><p>"
                '<button type="button" class="primary" data-share="share">Share</button>'
                '<button type="button" data-share="here">' + escape(name) + " is here: show their rack</button>"
                + back + "</p>")
    if kind == "share":
        head = ("Link copied." if box.get("copied") else "Shared." if box.get("shared")
                else "Copy this link:")
        if box.get("sent_text"):
            head += " " + box["sent_text"]
        elif box.get("to"):
            head += " Send it to " + box["to"] + ": they play their turn from it and send it back."
        return ('<p class="share-text">' + escape(head) + "</p>"
                '<input class="share-url" id="share-url" readonly aria-label="Game link" value="'
                + attr(box.get("url", "")) + '"><p class="share-warn">' + escape(NOT_SECRET) + "</p><p>" + close
                + back + "</p>")
    if kind == "embed":
        return ('<p class="share-text">Paste this into your page to embed the game:</p>'
                '<textarea class="share-code" id="embed-code" readonly rows="4" aria-label="Embed code">'
                + escape(box.get("snippet", "")) + "</textarea>"
                '<p class="share-text">Or a new game with the same rules:</p>'
                '<textarea class="share-code" id="embed-code-new" readonly rows="4" aria-label="Embed code, new game">'
                + escape(box.get("snippet_new", "")) + "</textarea>"
                '<p class="share-warn">' + escape(NOT_SECRET) + "</p><p>" + close + "</p>")
    if kind == "import":
        return ('<label for="import-text" class="share-text">Paste a GCG record or a CGP position:</label>'
                '<textarea id="import-text" class="share-code" rows="6"></textarea>'
                '<label class="share-text">or open a file: <input type="file" id="import-file" '
                'accept=".gcg,.cgp,.txt,text/plain"></label>'
                + ('<p class="share-warn" role="alert">' + escape(box.get("text", "")) + "</p>" if box.get("text") else "")
                + ('<p><a id="import-table-link" href="./table.html#' + escape(box["table_link"])
                   + '">Open it in the table page</a></p>' if box.get("table_link") else "")
                + '<p><button type="button" class="primary" data-share="import_go">Open the record</button>' + close + "</p>")
    if kind == "imported":
        versus = ""
        if box.get("playable"):
            versus = ('<button type="button" class="primary" data-share="vs_computer">Play on against the computer'
                      '</button> <label class="share-text">at <select id="vs-level">'
                      + "".join('<option value="' + lv + '"' + (" selected" if lv == "hard" else "") + ">" + lv
                                + "</option>" for lv in LEVELS) + "</select></label> ")
        return imported_html(box) + "<p>" + versus + close + "</p>"
    return ""


def _note(box):
    """A link note's text, whole and in brief: a phone shows the brief one, so the note
    above the board stays a line or two (the whole warning that links are not secret
    comes again when the game is sent or shared)."""
    text = box.get("text", "")
    brief = box.get("brief") or ""
    if not brief and text.endswith(NOT_SECRET):
        brief = text[:-len(NOT_SECRET)] + NOT_SECRET_BRIEF
    if not brief:
        return escape(text)
    return ('<span class="share-whole">' + escape(text) + '</span><span class="share-brief">'
            + escape(brief) + "</span>")


def send_html(name, note=""):
    """Play by link (ui/links/bylink.py): this device's move is in; the friend plays next."""
    return (('<p class="share-text">' + escape(note) + "</p>" if note else "")
            + '<p class="share-text">Your move is in. Send the game to ' + escape(name)
            + ": they play their turn from the link and send it back. Your rack stays hidden from them.</p>"
            '<p><button type="button" class="primary" data-share="send">Send to ' + escape(name) + "</button></p>"
            '<p class="share-warn">' + escape(NOT_SECRET) + "</p>")


def imported_html(box):
    info = box.get("info") or {}
    kind = info.get("kind")
    if kind == "game":
        head = ("Record opened: replay it or play on." if info.get("playable", True)
                else "Record opened: the game is over; replay it or review it.")
    elif info.get("playable", True) is False:
        head = ("Record" if kind == "record" else "Position") + " opened to look at: it cannot be played on ("
        head += str(info.get("why") or "the game is over") + ")."
    elif kind == "record":
        head = ("Record opened at its last turn: play on from here. It gives no bag order, so the tiles "
                "still to come are dealt afresh.")
    else:
        head = "Position opened: play on from here. The tiles not on the board or the racks are dealt afresh."
    parts = ['<p class="share-text">' + escape(head) + "</p>"]
    diffs = info.get("differences") or []
    if diffs:
        parts.append('<ul class="share-warn">' + "".join("<li>" + escape(str(d)) + "</li>" for d in diffs[:20]) + "</ul>")
    turns = box.get("turns") or []
    if turns:
        rows = []
        for t in turns[-200:]:
            rows.append("<li>" + escape(str(t.get("player", ""))) + " " + escape(str(t.get("move", "")))
                        + " <b>" + str(t.get("score", 0)) + "</b></li>")
        parts.append('<ol class="rec-turns">' + "".join(rows) + "</ol>")
    return "".join(parts)


def fork_html(s):
    """A read-only link of a game this device plays otherwise (ui/links/bylink.py): why it
    cannot be played, and the way back (a data-act button: the bar is in #controls)."""
    fork = (s.get("replay") or {}).get("fork")
    if not fork:
        return ""
    return ('<div class="fork-note" data-fork="1"><p class="share-text">' + escape(fork.get("text", ""))
            + '</p><p><button type="button" class="primary" data-act="bylink_back">Back to your game</button>'
            "</p></div>")


def nodes(s):
    """This module's and the replay bar's regions, for ui/render.py's frame."""
    box = box_html(s)
    bar = replay.bar_html(s)
    if bar:
        bar = fork_html(s) + bar
    send = "1" if passing(s) or waiting_for(s) else None
    note = s.get("box") or {}
    kind = "link" if box and note.get("kind") == "link" and not send else None   # a phone floats it
    return {"sharebox": {"_html": box, "hidden": None if box else "", "data-pass": send, "data-kind": kind},
            "replaybar": {"_html": bar, "hidden": None if bar else ""}}
