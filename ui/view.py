"""State -> view model: plain data saying what each part of the page shows.

Pure and MicroPython-safe. ``board_cells`` gives one small dict per square, which
ui/render.py compares with the previous frame to patch only squares that changed;
the other regions are short HTML strings compared whole.
"""

from html import escape

from ui import state
from ui.game import clock
from ui.board import geom
from ui.links import share
from ui.game import standin
from ui.state import can_place, is_human, my_turn
from ui.game.turns import one_decimal, turn_text
from ui.words import view as words_view



def _value_words(n):
    return str(n) + (" point" if n == 1 else " points")


def _tile_html(letter, value):
    """A tile's letter, and its value drawn by CSS from data-v (so the visible text
    is the letter, which the accessible name contains)."""
    return '<span class="l">' + escape(letter) + '</span><span class="v" data-v="' + str(value) + '"></span>'


def empty_square(layout, sq, r, c):
    """(class, label) of square ``sq`` at (r, c) with nothing on it: its premium, the start,
    outside the inner board. The board's skeleton (ui/render.board_html) is drawn so."""
    prem = geom.premium(layout, r, c)
    cls, tail = empty_kind(prem, sq == layout.get("start"), outer(layout, r, c))
    return cls, sq + tail


def outer(layout, r, c):
    """Outside the inner board that the main word must touch (a board that has one)."""
    return bool(layout.get("inner")) and not geom.in_inner(layout, r, c)


def empty_kind(prem, start, out):
    """(class, the label after the square's name) of an empty square: the same for every
    square of one premium, start and outer kind, so a whole board asks for a few."""
    cls = "cell"
    if prem:
        cls += " p-" + prem.lower()
    words = geom.PREMIUM_WORDS.get(prem, "")
    if start:
        cls += " start"
        words = "start square, " + words if words else "start square"
    if out:
        cls += " outer"
    return cls, ", " + (words + ", " if words else "") + "empty"


def board_cells(s, squares=None):
    """{sq: {"cls", "label", "html", "letter", "tab"}} for ``squares`` (default: all)."""
    layout = s["layout"]
    snap = s["snap"]
    size = layout["size"]
    tiles = {}
    for t in snap.get("tiles", []):
        tiles[t["sq"]] = t
    picked = [p["sq"] for p in s["pre"] if p["kind"] == "pick"]
    swapped = {}
    for p in s["pre"]:
        if p["kind"] == "swap":
            swapped[p["sq"]] = p["letter"]
    placed = {}
    for p in s["placed"]:
        placed[p["sq"]] = p
    last = snap.get("last_squares", [])
    mine = my_turn(s)
    pickable = snap.get("pickable", []) if mine else []
    swappable = snap.get("swappable", []) if mine else []
    values = layout.get("values", {})
    cursor = s["cursor"]
    out = {}
    if squares is None:
        squares = [geom.name(r, c) for r in range(size) for c in range(size)]
    for sq in squares:
        r, c = geom.parse(sq)
        cls, label = empty_square(layout, sq, r, c)
        letter = ""
        t = tiles.get(sq)
        if sq in swapped:
            letter = swapped[sq]
            cls += " tile swapped"
            html = _tile_html(letter, values.get(letter, 0))
            label = sq + ", " + letter + " swapped in this turn"
        elif t is not None and sq not in picked:
            letter = t["letter"]
            shown = letter.upper()
            cls += " tile"
            if t.get("flipped"):
                cls += " flipped"
                label = sq + ", flipped " + t["flipped"] + " as " + letter.lower()
            elif t.get("blank"):
                cls += " blank"
                label = sq + ", blank as " + letter.lower()
            else:
                label = sq + ", " + letter + ", " + _value_words(t.get("value", 0))
            if sq in last:
                cls += " last"
            if sq in pickable:
                cls += " pickable"
                label += ", can be picked off"
            if sq in swappable:
                cls += " swappable"
                label += ", can be swapped for"
            html = _tile_html(shown, t.get("value", 0))
        elif sq in placed:
            p = placed[sq]
            letter = p["letter"] if p["tile"] == p["letter"] else p["letter"].lower()
            cls += " tile placed"
            if p["tile"] == "?":
                cls += " blank"
            elif p["tile"] != p["letter"]:
                cls += " flipped"
            value = values.get(p["tile"], 0) if p["tile"] == p["letter"] else 0
            html = _tile_html(p["letter"], value)
            label = sq + ", " + letter + " placed this turn, " + _value_words(value)
        else:
            html = ""  # the premium's short label is drawn by CSS (.cell.p-tw::after), not named twice
            if sq in picked:
                label = sq + ", picked off, empty"
                cls += " picked"
        if sq == cursor:
            cls += " cursor dir-" + s["dir"]
        out[sq] = {"cls": cls, "label": label, "html": html, "letter": letter,
                   "tab": "0" if sq == cursor else "-1"}
    return out


def rack_slots(s):
    """[{"id", "cls", "label", "html", "letter"}] in the player's order."""
    if s["handover"] >= 0 or s["rack_seat"] < 0:
        return []
    values = s["layout"].get("values", {})
    placed = [p["id"] for p in s["placed"]]
    sel = s["sel"][1] if s["sel"] and s["sel"][0] == "rack" else None
    out = []
    for e in s["rack"]:
        tile = e["tile"]
        value = values.get(tile, 0)
        cls = "rtile"
        if tile == "?":
            cls += " blank"
        if e["id"] in placed:
            cls += " used"
        if e["id"] == sel:
            cls += " selected"
        if e["id"] in s["xsel"]:
            cls += " chosen"
        name = "blank" if tile == "?" else tile
        label = "rack tile " + name + ", " + _value_words(value)
        if e["id"] in placed:
            label += ", on the board"
        out.append({"id": str(e["id"]), "cls": cls, "label": label, "letter": tile,
                    "html": _tile_html("" if tile == "?" else tile, value)})
    return out


def scores_html(s):
    snap = s["snap"]
    parts = []
    deciding = s["check_seat"] if s["check_seat"] >= 0 else snap.get("to_move")   # a check waits for its player
    for i, seat in enumerate(snap.get("seats", [])):
        cls = "seat"
        if i == deciding and snap.get("phase") != "over":
            cls += " to-move"
        if i in snap.get("winner", []):
            cls += " winner"
        kind = "" if seat.get("kind") == "human" else " (computer, " + seat.get("kind", "") + ")"
        score = snap.get("scores", [0] * 4)[i] if i < len(snap.get("scores", [])) else 0
        moving = "to-move" in cls   # said to a screen reader too (the highlight is only seen)
        parts.append('<li class="' + cls + '" data-seat="' + str(i) + '"' + (' aria-current="true"' if moving else "")
                     + '><span class="name">' + escape(seat.get("name", "")) + '<small>' + escape(kind) + '</small>'
                     + ('<span class="sr-only">, to move</span>' if moving else "") + '</span>'
                     + '<span class="score" data-score="' + str(score) + '">' + str(score) + "</span>"
                     + clock.seat_html(s, i) + "</li>")
    bag = snap.get("bag", 0)
    return ('<ul class="seats">' + "".join(parts) + '</ul><p class="bag" data-bag="' + str(bag) + '">'
            + str(bag) + " tile" + ("" if bag == 1 else "s") + " in the bag</p>")


def preview_html(s):
    p = s["preview"]
    if p is None:
        return ""
    if s["engine"] != "ready":
        return '<p class="pv-wait">Engine loading: the score shows when it is ready.</p>'
    if p.get("pending"):
        return '<p class="pv-wait">Scoring\u2026</p>'
    if not p.get("legal"):
        return '<p class="pv-bad" data-legal="0">' + escape(p.get("error") or "Not a legal play.") + "</p>"
    rows = []
    for w in p.get("breakdown", []):
        mult = w.get("multiplier", 1)
        rows.append("<li>" + escape(w.get("word", "")) + " " + str(w.get("score", 0))
                    + (" (\u00d7" + str(mult) + ")" if mult and mult != 1 else "") + "</li>")
    for key, value in (p.get("bonus") or {}).items():
        if value:
            rows.append("<li>" + escape(key.replace("_", " ")) + " bonus +" + str(value) + "</li>")
    bad = p.get("invalid_words") or []
    warn = ('<p class="pv-bad">Not in the word list: ' + escape(", ".join(bad)) + "</p>") if bad else ""
    return ('<p class="pv-score" data-legal="1" data-score="' + str(p.get("score", 0)) + '">'
            + escape(p.get("move") or "") + ": <strong>" + str(p.get("score", 0)) + "</strong></p>"
            + '<ul class="pv-words">' + "".join(rows) + "</ul>" + warn)


def status_text(s):
    snap = s["snap"]
    seats = snap.get("seats", [])
    if s["busy"] == "replay":  # a past position (ui/links/replay.py)
        return "Replay: the game as it was after move " + str(s["replay"]["at"]) + "." if s.get("replay") else "Replay."
    if snap.get("phase") == "view":  # an imported record or position (ui/links/share.py)
        return "An imported record, shown as it ends."
    if snap.get("phase") == "over":
        return "Game over."
    who = snap.get("to_move", 0)
    name = seats[who].get("name", "") if who < len(seats) else ""
    if s["busy"] == "computer":
        if s["engine"] == "failed":
            return name + " cannot move: the engine failed."
        if s["engine"] != "ready":
            return name + " will move when the engine is ready."
        if seats[who].get("kind") == "expert":   # it simulates for its whole budget
            return name + " is thinking (up to " + str(state.COMPUTER_MS["expert"] // 1000) + " s)\u2026"
        return name + " is thinking\u2026"
    waiting = share.waiting_for(s)
    if waiting:
        return "Waiting for " + waiting + ": send the game with \u201cSend to " + waiting + "\u201d."
    if s["check_seat"] >= 0 and not s["busy"]:   # a decision waits for that player, not the mover
        checker = seats[s["check_seat"]].get("name", "") if s["check_seat"] < len(seats) else ""
        return ("You" if checker == "You" else checker) + ": check the large list, or play on without checking."
    if s["handover"] >= 0:
        return "Pass the device to " + name + "."
    if is_human(s, who):
        final = " (final round)" if snap.get("phase") == "final" else ""
        return ("Your turn" if len([1 for x in seats if x.get("kind") == "human"]) == 1
                else name + "'s turn") + final + "."
    return name + " to move."


def buttons(s):
    """{accessible name: enabled} for the action buttons."""
    legal = s["snap"].get("legal", {})
    mine = my_turn(s)
    has_rack = s["handover"] < 0 and s["rack_seat"] >= 0
    play_mode = s["mode"] == "play"
    return {
        "Play": (mine and play_mode and can_place(s) and bool(s["placed"])
                 and not (s["preview"] and s["preview"].get("legal") is False)),  # the preview says why
        "Pass": mine and play_mode and bool(legal.get("pass")),
        "Exchange": mine and bool(legal.get("exchange")) and s["mode"] != "trade",
        "Trade": mine and bool(legal.get("trade")) and s["mode"] != "exchange",
        "Challenge": mine and play_mode and bool(legal.get("challenge")),
        "Check": s["check_seat"] >= 0 and not s["busy"],
        "Shuffle": has_rack and s["snap"].get("phase") not in ("over", "view"),
        "Recall": has_rack and (bool(s["placed"]) or bool(s["pre"]) or not play_mode),
    }


def hidden_buttons(s):
    legal = s["snap"].get("legal", {})
    return {"Trade": not legal.get("trade"), "Check": s["check_seat"] < 0,
            "Challenge": s["snap"].get("judgment", "challenge") not in CHALLENGE_JUDGMENTS}


# The word judgments under which a play may be challenged (engine/rules.py CHALLENGE_JUDGMENTS).
CHALLENGE_JUDGMENTS = ("challenge", "free")

# A mark's name, then how (a phone shows only the first part: ui/style.css hides .why)
PICK_LEGEND = ("can be picked off: tap it", " (or Delete) to lift it and the tiles after it")
SWAP_LEGEND = ("a blank you can swap", ": tap your tile of its letter, then the blank")


def _legend_item(mark, said):
    return ('<span><b class="mk" aria-hidden="true">' + mark + "</b>" + said[0]
            + '<span class="why">' + said[1] + "</span></span>")


def legend_html(s):
    """The marks of the special moves on the board now, named (empty when none shows)."""
    snap = s["snap"]
    if not my_turn(s) or s["mode"] != "play":
        return ""
    out = ""
    if snap.get("pickable"):
        out += _legend_item("\u2191", PICK_LEGEND)
    if snap.get("swappable"):
        out += _legend_item("\u21c4", SWAP_LEGEND)
    return out


def mode_html(s):
    """The exchange / trade bar: what is chosen and the confirm button."""
    if s["mode"] == "play":
        return ""
    n = len(s["xsel"])
    verb = "Exchange" if s["mode"] == "exchange" else "Trade"
    return ('<p>' + ("Tap the tiles to " + verb.lower() + "." if not n else str(n) + " chosen.") + "</p>"
            '<button type="button" class="primary" data-act="exchange_confirm"' + (" disabled" if not n else "")
            + ">" + verb + " " + str(n) + " tile" + ("" if n == 1 else "s") + "</button>"
            '<button type="button" data-act="cancel">Cancel</button>')


def chooser_html(s):
    ch = s["choose"]
    if not ch:
        return ""
    keys = "".join('<button type="button" data-letter="' + c + '" aria-label="' + c + '">' + c + "</button>"
                   for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    face_up = ""
    title = "Which letter does the blank stand for?"
    if ch["tile"] != "?":
        title = "Play the " + ch["tile"] + " face up, or face down as which letter?"
        face_up = ('<button type="button" class="face-up" data-letter="=">' + ch["tile"]
                   + " face up</button>")
    return ('<div class="sheet" role="dialog" aria-modal="true" aria-labelledby="chooser-title">'
            '<h2 id="chooser-title">' + title + '</h2>' + face_up + '<div class="letters">' + keys + "</div>"
            '<button type="button" data-act="cancel">Cancel</button></div>')


def handover_html(s):
    if s["handover"] < 0:
        return ""
    seats = s["snap"].get("seats", [])
    name = seats[s["handover"]].get("name", "") if s["handover"] < len(seats) else ""
    last = escape(s["snap"].get("message", ""))
    return ('<div class="sheet" role="dialog" aria-modal="true" aria-labelledby="handover-title">'
            '<h2 id="handover-title">Pass the device to ' + escape(name) + "</h2>"
            + ('<p>' + last + "</p>" if last else "")
            + '<p>The racks are hidden until ' + escape(name) + ' is ready.</p>'
            '<button type="button" class="primary" data-act="handover_done">I am ' + escape(name)
            + ": show my rack</button></div>")


def end_html(s):
    snap = s["snap"]
    if snap.get("phase") != "over":
        return ""
    seats = snap.get("seats", [])
    names = [seats[i].get("name", "") for i in snap.get("winner", []) if i < len(seats)]
    head = ("Winner: " + " and ".join(names)) if len(names) == 1 else ("A tie: " + " and ".join(names))
    rows = []
    for i, seat in enumerate(seats):
        ppt = snap.get("ppt", [])
        rows.append("<tr><th scope=\"row\">" + escape(seat.get("name", "")) + "</th><td>"
                    + str(snap.get("scores", [])[i]) + "</td><td>"
                    + (one_decimal(ppt[i]) if i < len(ppt) else "") + "</td></tr>")
    adjust = []
    for t in snap.get("turns", []):
        kind = t.get("kind")
        if kind not in ("end", "final", "time"):
            continue
        who = seats[t["player"]].get("name", "") if t.get("player", 0) < len(seats) else ""
        score = t.get("score", 0)
        sign = "+" if score >= 0 else ""
        text = t.get("text", "")
        if kind == "end" and text == "()":
            why = "went out: the tiles left on the other racks"
        elif kind == "end":
            why = "tiles left on the rack " + text.strip("()")
        elif text == "(time)":
            why = "overtime, " + str(snap.get("overtime", [10])[0]) + " points a started minute"
        else:
            why = text
        adjust.append("<li>" + escape(who) + " " + sign + str(score) + ": " + escape(why) + "</li>")
    reason = snap.get("end_reason", "")
    return ('<section class="end" aria-labelledby="end-title"><h2 id="end-title">' + escape(head) + "</h2>"
            + ("<p>The game ended: " + escape(reason) + ".</p>" if reason else "")
            + ("<h3>End adjustments</h3><ul>" + "".join(adjust) + "</ul>" if adjust else "")
            + '<table><thead><tr><th scope="col">Player</th><th scope="col">Score</th>'
            '<th scope="col">Points per turn</th></tr></thead><tbody>' + "".join(rows) + "</tbody></table>"
            + _words_played(snap)
            + '<p><button type="button" class="primary" data-act="rematch">Rematch</button> '
            '<button type="button" data-act="open_new">New game</button> '
            '<button type="button" id="end-review" data-act="review">Review this game</button></p></section>')


def _words_played(snap):
    """The game's words, each a button that opens its meanings."""
    words = words_view.turn_words([t for t in snap.get("turns", []) if t.get("kind") in ("play", "final")])
    return ('<p class="end-words">Words played: ' + words_view.word_buttons(words) + "</p>") if words else ""


def body_attrs(s):
    return {
        "data-thinking": "1" if s["busy"] == "computer" and s["engine"] == "ready" else None,
        "data-engine": s["engine"],
        "data-busy": s["busy"] or None,
        "data-phase": s["snap"].get("phase", "play"),
        "data-handover": "1" if s["handover"] >= 0 else None,
    }


def judgment_html(s):
    """What a challenge or a check would do, said before the player chooses."""
    snap = s["snap"]
    legal = snap.get("legal", {})
    stuck = standin.offer_html(s)
    if stuck:
        return stuck
    if s["check_seat"] >= 0:
        return ("<p>Your play did not stand. Check the large list? Found there: the play is withdrawn "
                "and you play again. Not found: you lose the play's value. "
                '<button type="button" data-act="skip_check">Play on without checking</button></p>')
    if not my_turn(s):
        return ""
    seats = snap.get("seats", [])
    last = None
    for t in reversed(snap.get("turns", [])):
        if t.get("kind") in ("play", "invalid"):
            last = t
            break
    who = seats[last["player"]].get("name", "") if last and last.get("player", 0) < len(seats) else ""
    parts = []
    if legal.get("challenge") and last:
        words = ", ".join(last.get("words", [])) or last.get("text", "")
        parts.append("<p>Challenge " + escape(who) + "'s " + escape(words) + '? <span class="why">A word not in the list: '
                     "the play comes off. All good: "
                     + ("no penalty, you play on (free challenge)." if snap.get("judgment") == "free"
                        else "you lose your next turn.") + "</span></p>")
    if snap.get("phase") == "final":
        parts.append("<p>Final round: find a play with your opponent's rack (shown). "
                     "A valid play scores; Pass gives up the attempt.</p>")
    return "".join(parts)


def message_text(s):
    if s["message"]:
        text = s["message"]
    else:
        snap = s["snap"]
        turns = snap.get("turns", [])
        text = " ".join(s.get("recap") or []) or snap.get("message") or (turn_text(snap, turns[-1]) if turns else "")
    outcome = s.get("outcome", "")
    if outcome and outcome not in text:   # your own challenge or check, beside the reply
        return outcome + " " + text
    return text
