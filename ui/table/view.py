"""The table page's HTML, made from plain data (MicroPython-safe). Every name,
word and message is escaped: a player called "<b>" is shown as that text.

Fixed parts (the letter pad, the players' Done buttons) are drawn once per game
and then patched attribute by attribute (ui/table/actions.py), so a key keeps the
keyboard focus while the entry changes.
"""

from html import escape

from ui.board.placing import rules_knob, wild_jqxz
from ui.game import clock as game_clock
from ui.game.turns import one_decimal
from ui.newgame import rules_text
from ui.table import chessclock
from ui.table.entry import LETTERS

CLOCK_LINE = "Done (or Space) hands the clock on; enter plays any time."


def esc(x):
    return escape(str(x), True)


# ----------------------------------------------------------------- start

JUDGE_CHOICES = ("challenge", "good", "retry", "free")


def start_html():
    radios = "".join('<label class="tb-preset"><input type="radio" name="tb-preset" value="' + key + '"'
                     + (" checked" if key == "classic" else "") + "><b>" + esc(title) + "</b> <span>"
                     + esc(tagline) + "</span></label>" for key, title, tagline in rules_text.PRESETS)
    judges = '<option value="" selected>as the rules above say</option>' + "".join(
        '<option value="' + j + '">' + esc(rules_text.knob_value_text("judge", j).split(": ", 1)[1]) + "</option>"
        for j in JUDGE_CHOICES)
    names = "".join('<label>Player ' + str(i + 1) + (" (optional)" if i >= 2 else "")
                    + ' <input id="tb-name' + str(i) + '" maxlength="32" autocomplete="off" placeholder="'
                    + ("Player " + str(i + 1) if i < 2 else "not playing") + '"></label>' for i in range(4))
    return ('<section class="tb-card" aria-labelledby="tb-new-h"><h2 id="tb-new-h">A game on a real board</h2>'
            '<p class="tb-note">Play with your own board and bag; this page checks each play against the board '
            "and the tile set, judges the words, keeps the score and the clock, and ends the game by the rules.</p>"
            '<form id="tb-new" class="tb-form"><fieldset><legend>Rules</legend>' + radios
            + '<label>Word judgment <select id="tb-judge">' + judges + "</select></label>"
            '<label class="tb-check"><input type="checkbox" id="tb-final"> Final round (two players): after the '
            "end, each tries one play with the other's last tiles</label>"
            '<details><summary>Or a rules string</summary><label>Rules <input id="tb-rules" '
            'placeholder="ii,cap=0" autocomplete="off"></label></details></fieldset>'
            '<fieldset><legend>Players, in the order they play: two to four</legend>'
            '<p class="tb-note" id="tb-names-note">Four is the most; each name different.</p>' + names
            + "</fieldset>"
            '<label>Clock: minutes each (empty: no clock) <input id="tb-minutes" type="number" min="0" '
            'max="180" step="any" inputmode="decimal"></label>'
            '<p><button type="submit" class="primary" data-act="start">Start the game</button></p></form></section>')


def games_html(kept):
    if not kept:
        return ('<section class="tb-card" aria-labelledby="tb-games-h"><h2 id="tb-games-h">Table games</h2>'
                '<p class="tb-note" id="tb-games">None yet: finished table games are kept here.</p></section>')
    rows = ""
    for g in kept:
        names = g.get("names") or g["state"]["names"]
        scores = g.get("scores") or []
        who = ", ".join(esc(n) + (" " + str(scores[i]) if i < len(scores) else "") for i, n in enumerate(names))
        rows += ('<li data-id="' + esc(g.get("id", "")) + '"><span>' + esc(str(g.get("when", ""))[:16].replace("T", " "))
                 + " &middot; " + esc(g.get("rules", g["state"]["rules"])) + " &middot; " + who
                 + (" &middot; <b>finished</b>" if g.get("over") else " &middot; <em>unfinished</em>")
                 + '</span> <button type="button" data-act="reopen" data-id="' + esc(g.get("id", "")) + '">Open</button>'
                 + ' <button type="button" data-act="forget" data-id="' + esc(g.get("id", ""))
                 + '" aria-label="Delete this table game">Delete</button></li>')
    return ('<section class="tb-card" aria-labelledby="tb-games-h"><h2 id="tb-games-h">Table games</h2>'
            '<p class="tb-note">Newest first; opening one continues it on this device.</p>'
            '<ul id="tb-games" class="tb-games">' + rows + "</ul></section>")


# ----------------------------------------------------------------- the pad

def features(rules):
    """(blank swap, pick-off, JQXZ wild) of a rules string."""
    try:
        _, values = rules_text.rules_values(rules)
    except ValueError:
        values = {}
    pick = rules_knob(rules, "pick", values.get("pick", "0"))
    return values.get("swap", "0") == "1", pick not in ("0", ""), wild_jqxz(rules)


def pad_keys(rules):
    """[(key, text, accessible name)] of the letter pad for these rules."""
    keys = [(ch, ch, ch) for ch in LETTERS]
    swap, pick, wild = features(rules)
    keys.append(("blank", "?", "Blank: the next letter is a blank"))
    if wild:
        keys.append(("down", "J\u2193", "Face down: a J, Q, X or Z played as another letter"))
    if swap:
        keys.append(("swap", "Swap", "Swap a natural tile for the blank at the cursor"))
    if pick:
        keys.append(("pick", "Pick", "Pick off the tiles from the cursor to the end of the word"))
    keys.append(("dir", "\u2192", "Direction of the play"))
    keys.append(("back", "\u232b", "Take back the last tile"))
    return keys


def pad_html(keys):
    return "".join('<button type="button" class="tb-key' + ("" if len(k) == 1 else " tb-fn") + '" id="pk-' + k
                   + '" data-act="key" data-key="' + k + '" aria-label="' + esc(label) + '">' + esc(text)
                   + "</button>" for k, text, label in keys)


def pad_nodes(keys, s, live):
    """Each key's changing attributes: pressed for the modes, the direction arrow."""
    out = {}
    mode = s["mode"]
    for k, text, label in keys:
        node = {"disabled": None if live else ""}
        if k == "blank":
            node["aria-pressed"] = "true" if mode == "blank" else "false"
        elif k == "down":
            node["aria-pressed"] = "true" if mode.startswith("down") else "false"
        elif k == "dir":
            node["_text"] = "\u2192" if s["dir"] == "across" else "\u2193"
            node["aria-label"] = "Direction of the play: " + s["dir"] + " (press to turn)"
        elif len(k) == 1 and mode == "down":
            node["disabled"] = None if live and k in "JQXZ" else ""
        out["pk-" + k] = node
    return out


# ----------------------------------------------------------------- players

def seats_html(n):
    return "".join('<button type="button" class="tb-seat" id="tb-seat-' + str(i) + '" data-act="done" data-seat="'
                   + str(i) + '"></button>' for i in range(n))


def clock_of(view, c, seat, now):
    """(the clock's text, its classes, ms left) of a seat: "time's up", or the time
    with any overtime penalty; "low" or "over" as it runs down."""
    ms = chessclock.left_ms(c, view["clock"], seat, now)
    out = view.get("timed_out", [])
    if seat < len(out) and out[seat]:
        return "time's up", " out", ms
    text = game_clock.fmt(ms)
    pen = game_clock.penalty({"snap": view}, ms)
    if pen:
        text += " (-" + str(pen) + ")"
    return text, (" over" if ms < 0 else " low" if ms < game_clock.low_ms(view) else ""), ms


def seat_node(view, c, seat, now, live):
    """One player's button: name, score and clock; Done for the clock that runs."""
    names = view.get("names", [])
    score = view.get("scores", [0] * 4)[seat]
    to_move = view.get("to_move", 0)
    cls = "tb-seat"
    if live and seat == to_move:
        cls += " to-move"
    if seat in view.get("winner", []):
        cls += " winner"
    clocks = view.get("clock")
    clock_part = ""
    enabled = False
    if clocks is not None:
        text, more, ms = clock_of(view, c, seat, now)
        cls += more
        ticking = live and c["run"] == seat
        if ticking:
            cls += " paused" if c["paused"] else " running"
            enabled = True
        action = ""
        if ticking:
            action = "Start" if c["paused"] and not c["used"] and not c["pending"] else (
                "Resume" if c["paused"] else "Done")
        clock_part = ('<span class="sr-only">, clock</span> <span class="tb-clock" data-ms="' + str(ms) + '">'
                      + esc(text) + "</span>" + (' <span class="tb-done">' + action + "</span>" if action else ""))
    # the visible text is the button's name (with a few words for screen readers)
    html = ('<span class="tb-name">' + esc(names[seat]) + '</span> <span class="tb-score" data-score="' + str(score)
            + '">' + str(score) + '</span><span class="sr-only"> points</span>' + clock_part)
    return {"class": cls, "_html": html, "disabled": None if enabled else ""}


# ----------------------------------------------------------------- the scoreboard

def big_sides(n):
    """(the near half's seats, the far half's): the phone lies between the players,
    the far half turned to face those across it."""
    return {1: ([0], []), 2: ([0], [1]), 3: ([0], [1, 2]), 4: ([0, 3], [1, 2])}.get(n, ([0], []))


def big_halves(view, c, now, live):
    """The scoreboard's two halves (HTML): each player's name, score and clock, large;
    a tap on a player's part hands their running clock on, as their Done does."""
    names = view.get("names", [])
    scores = view.get("scores", [0] * len(names))
    out = []
    for seats in big_sides(len(names)):
        html = ""
        for seat in seats:
            cls = "tb-big-seat"
            if live and seat == view.get("to_move", 0):
                cls += " to-move"
            if seat in view.get("winner", []):
                cls += " winner"
            clock = ""
            if view.get("clock") is not None:
                text, more, _ = clock_of(view, c, seat, now)
                clock = '<span class="tb-big-clock' + more + '">' + esc(text) + "</span>"
            html += ('<div class="' + cls + '" id="tb-big-' + str(seat) + '" data-act="done" data-seat="' + str(seat)
                     + '"><span class="tb-big-name">' + esc(names[seat])
                     + (' <span class="tb-big-turn">to play</span>' if "to-move" in cls else "")
                     + '</span><span class="tb-big-score" data-score="' + str(scores[seat]) + '">' + str(scores[seat])
                     + "</span>" + clock + "</div>")
        out.append(html)
    return out[0], out[1]


# ----------------------------------------------------------------- the game

def status_text(s):
    view = s["view"]
    if view is None:
        return ""
    names = view.get("names", [])
    who = names[view.get("to_move", 0)] if names else ""
    if s["readonly"]:
        return "A shared table game, read-only."
    phase = view.get("phase")
    if phase == "over":
        return "Game over."
    if view.get("awaiting_racks"):
        return "The game has ended: enter the tiles left on each rack."
    if phase == "final":
        rp = view.get("rack_player", 0)
        rack = (view.get("racks") or [""] * len(names))[rp] if rp < len(names) else ""
        return who + ": final round, with " + names[rp] + "'s rack " + rack + " (Pass: no play)."
    if s["mode"] == "blank":
        return "Blank: choose the letter it stands for."
    if s["mode"] == "down":
        return "Face down: choose the J, Q, X or Z."
    if s["mode"].startswith("down:"):
        return "Face-down " + s["mode"][5:] + ": choose the letter it stands for."
    return who + " to play."


def said_html(s):
    out = ""
    if s["err"]:
        out += '<span class="tb-err" role="alert" id="tb-err">' + esc(s["err"]) + "</span>"
    elif s["msg"]:
        out += '<span class="tb-msg" id="tb-msg">' + esc(s["msg"]) + "</span>"
    return out


def typed_html(s):
    if not s["typed"]:
        return ""
    return '<p class="pv-score" data-typed="1">Entry: <strong>' + esc(s["typed"]) + "</strong></p>"


def unseen_html(view):
    if view is None:
        return ""
    unseen = view.get("unseen", "")
    counts = []
    for ch in LETTERS + "?":
        n = unseen.count(ch)
        if n:
            counts.append('<span class="tb-u"><b>' + ("blank" if ch == "?" else ch) + "</b>" + (
                "&times;" + str(n) if n > 1 else "") + "</span>")
    return ('<h2>Unseen tiles: ' + str(len(unseen)) + '</h2><p class="tb-note">' + esc(view.get("unseen_note", ""))
            + ". In the bag: " + str(view.get("bag", 0)) + "; on the racks: "
            + ", ".join(esc(n) + " " + str(h) for n, h in zip(view.get("names", []), view.get("held", [])))
            + '.</p><p class="tb-unseen" id="tb-unseen">' + " ".join(counts) + "</p>")


def sheet_html(view):
    """The score sheet: every line with its running total."""
    if view is None:
        return ""
    names = view.get("names", [])
    before = view.get("sheet_from") or {}
    first = before.get("lines", 0)
    totals = list(before.get("totals") or [0] * len(names))
    rows = ""
    if first:   # a long sheet: the view carries its last lines (engine/table/face.py)
        rows = ('<tr data-kind="earlier"><td colspan="5">' + str(first) + " earlier line" + ("" if first == 1 else "s")
                + " (in the record, GCG), totals carried.</td></tr>")
    for i, t in enumerate(view.get("turns", [])):
        p = t.get("player", 0)
        if p >= len(names):
            continue
        totals[p] += t.get("score", 0)
        rows += ('<tr data-kind="' + esc(t.get("kind", "")) + '"><td>' + str(first + i + 1) + "</td><td>" + esc(names[p])
                 + "</td><td>" + esc(_line_text(t)) + "</td><td>" + ("%+d" % t.get("score", 0)) + "</td><td>"
                 + str(totals[p]) + "</td></tr>")
    if not rows:
        rows = '<tr><td colspan="5">No entries yet.</td></tr>'
    return ('<h2>Score sheet</h2><div class="tb-scroll"><table class="tb-table" id="tb-sheet-table"><thead><tr>'
            "<th>#</th><th>Player</th><th>Entry</th><th>Score</th><th>Total</th></tr></thead><tbody>" + rows
            + "</tbody></table></div>")


def _line_text(t):
    """A score-sheet line's entry as people read it."""
    text, kind, bad = t.get("text", ""), t.get("kind", ""), ", ".join(t.get("invalid", []))
    if kind == "pass":
        return "pass"
    if kind == "exchange":
        return "exchange " + text.rsplit("-", 1)[-1]
    if kind == "invalid":
        return text + " (did not stand: " + bad + ")"
    if kind == "retry":
        return text + " (withdrawn: " + bad + "; played again)"
    if kind == "phony":
        return text + " (challenged off: " + bad + ")"
    if kind == "free":
        return "challenge failed, no penalty (free challenge)"
    if kind == "end":
        return "tiles left " + text
    return text


def end_form_html(view):
    """The tiles left on each rack, once the game has ended by the rules."""
    rows = ""
    for i, name in enumerate(view.get("names", [])):
        held = view.get("held", [])[i]
        if held == 0:
            rows += ('<p class="tb-went">' + esc(name) + ' went out <input type="hidden" id="tb-left' + str(i)
                     + '" value=""></p>')
            continue
        rows += ('<label>' + esc(name) + " holds " + str(held) + " tile" + ("" if held == 1 else "s")
                 + ' <input id="tb-left' + str(i) + '" maxlength="' + str(held) + '" autocomplete="off" '
                 'autocapitalize="characters" spellcheck="false" placeholder="like AEI?"></label>')
    return ('<section class="tb-card tb-endform" aria-labelledby="tb-end-h"><h2 id="tb-end-h">The tiles left</h2>'
            '<p class="tb-note">' + esc(view.get("end_reason", "")) + ". Type each rack's tiles (? for a blank).</p>"
            '<form id="tb-endf">' + rows + '<p><button type="submit" class="primary" data-act="racks">'
            "Enter the racks</button></p></form></section>")


def end_box_html(view):
    names = view.get("names", [])
    scores = view.get("scores", [])
    ppt = view.get("ppt", [])
    adjust = {}
    for t in view.get("turns", []):
        if t.get("kind") == "end":
            adjust[t.get("player")] = adjust.get(t.get("player"), 0) + t.get("score", 0)
    rows = ""
    for i, name in enumerate(names):
        rows += ("<tr" + (' class="winner"' if i in view.get("winner", []) else "") + "><td>" + esc(name) + "</td><td>"
                 + ("%+d" % adjust.get(i, 0)) + '</td><td class="tb-final" data-score="' + str(scores[i]) + '">'
                 + str(scores[i]) + "</td><td>" + one_decimal(ppt[i] if i < len(ppt) else 0) + "</td></tr>")
    win = [names[i] for i in view.get("winner", [])]
    head = (" and ".join(esc(w) for w in win) + (" win" if len(win) > 1 else " wins")) if win else "Game over"
    return ('<section class="tb-card endbox" id="tb-endbox" aria-labelledby="tb-over-h"><h2 id="tb-over-h">' + head
            + '</h2><p class="tb-note">' + esc(view.get("end_reason", "")) + ".</p>"
            '<table class="tb-table"><thead><tr><th>Player</th><th>End adjustment</th><th>Final score</th>'
            "<th>PPT</th></tr></thead><tbody>" + rows + "</tbody></table></section>")


def ask_html(s):
    """The question in progress: how many tiles, who challenges, do both agree."""
    ask, view = s["ask"], s["view"]
    if not ask or view is None:
        return ""
    names = view.get("names", [])
    who = names[view.get("to_move", 0)]
    if ask == "exchange":
        most = view.get("legal", {}).get("exchange", 0)
        keys = "".join('<button type="button" data-act="exchange_n" data-n="' + str(n) + '">' + str(n) + "</button>"
                       for n in range(1, most + 1))
        return ('<p id="tb-ask-q">' + esc(who) + " exchanges how many tiles?</p>" + '<div class="tb-row">' + keys
                + ' <button type="button" data-act="ask_cancel">Cancel</button></div>')
    if ask == "challenge":
        last = _last_play(view)
        keys = "".join('<button type="button" data-act="challenge_by" data-seat="' + str(i) + '">' + esc(n)
                       + "</button>" for i, n in enumerate(names) if last is None or i != last["player"])
        return ('<p id="tb-ask-q">Who challenges?</p><div class="tb-row">' + keys
                + ' <button type="button" data-act="ask_cancel">Cancel</button></div>')
    if ask == "undo":
        last = (view.get("turns") or [{}])[-1]
        player = last.get("player", -1)
        owner = names[player] if 0 <= player < len(names) else "the last"
        others = [n for i, n in enumerate(names) if i != player] or names
        return ('<p id="tb-ask-q">Take back the last entry (' + esc(owner) + ": " + esc(last.get("text", ""))
                + ")? " + esc(" and ".join(others)) + ", do you agree?</p>"
                '<div class="tb-row"><button type="button" id="tb-yes" class="primary" data-act="undo_yes">'
                'Yes, take it back</button> <button type="button" data-act="ask_cancel">No</button></div>')
    if ask == "new":
        return ('<p id="tb-ask-q">Leave this game for a new one? It is kept in Table games, unfinished; '
                "open it there to go on.</p><div class=\"tb-row\"><button type=\"button\" id=\"tb-yes\" class=\"primary\" "
                'data-act="new_yes">New table game</button> <button type="button" data-act="ask_cancel">Cancel'
                "</button></div>")
    return ""


def _last_play(view):
    for t in reversed(view.get("turns", [])):
        if t.get("kind") == "play":
            return t
    return None


def out_html(out):
    """The share link or the GCG record just made."""
    if not out:
        return ""
    if out["kind"] == "link":
        return ('<h2>Share link</h2><p class="tb-note">Opens this game read-only on any device; from there it can be '
                "continued on that device. The club page records it as a tournament result.</p>"
                '<textarea id="tb-link" rows="3" readonly>' + esc(out["text"]) + "</textarea>")
    return ('<h2>Record (GCG)</h2><textarea id="tb-gcg" rows="8" readonly>' + esc(out["text"]) + "</textarea>"
            '<p><a id="tb-download" download="table-game.gcg" href="' + esc(out.get("href", "")) + '">'
            "Download table-game.gcg</a></p>")
