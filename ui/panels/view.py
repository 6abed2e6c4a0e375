"""HTML for the panels beside the board (ui/panels/actions.py's state -> page regions).

Pure and MicroPython-safe. Every text that comes from a game record, a stored
game or a link (names, moves, words, notes) goes through html.escape. The
regions: the tools bar's buttons (#tools, static in index.html; only their
disabled / aria-expanded change), the open panel (#panel) and the confirm bar
(#pconfirm); ui/panels/regions.py adds them to ui/render.frame's node map. The DOM
events and the effects that need no engine are in ui/panels/page.py.
"""

from html import escape

from ui import state
from ui.review import view as review_view
from ui.store import past
from ui.newgame import rules_text
from ui.panels import settings
from ui.panels import sheet
from ui.panels.actions import pn
from ui.game.turns import breakdown_html, move_text, one_decimal, play_words, seat_name
from ui.words import view as words_view

TITLES = {"history": "Move history", "hint": "Hint", "tiles": "Unseen tiles", "rules": "Rules of this game",
          "past": "Past games", "settings": "Settings"}
TOOLS = (("history", "History"), ("hint", "Hint"), ("tiles", "Tiles"), ("undo", "Undo"),
         ("redo", "Redo"), ("rules", "Rules"), ("past", "Past games"), ("settings", "Settings"))
KIND_WORDS = {"play": "", "pass": "passed", "exchange": "exchanged", "invalid": "did not stand",
              "phony": "came off (challenged)", "lost": "lost a turn", "retry": "withdrawn",
              "free": "challenged, no penalty",
              "final": "final round", "end": "end of game", "time": "time", "trade": "free trade",
              "decline": "declined"}


def esc(value):
    return escape(str(value))


def _btn(label, pact, extra="", cls=""):
    return ('<button type="button"' + (' class="' + cls + '"' if cls else "") + ' data-pact="' + pact + '"'
            + extra + ">" + esc(label) + "</button>")


def _attr(name, value):
    return " " + name + '="' + esc(value) + '"'


# ----------------------------------------------------------------- history


PAST = {"snap": {"phase": "over"}}   # a past game's replay: its record is open to read


def _past_viewer(games, game_id):
    """Who reads a past game's replay: everyone once it ended; an unfinished one keeps
    its secrets (only the one person's own exchanges, against the computer)."""
    entry = past.find(games, game_id)
    if entry is None or not past.unfinished(entry):
        return PAST
    kinds = entry["summary"].get("kinds") or [x.get("kind", "human") for x in entry["seats"]]
    humans = [i for i, k in enumerate(kinds) if k == "human"]
    return {"snap": {"phase": "play"}, "rack_seat": humans[0] if len(humans) == 1 else -1}


def where(text):
    """A play's square and direction in words: "8D ZEBRAS" -> "8D across" (the row first,
    as in move text), "D8 ZEBRAS" -> "D8 down"; "" when the text names no square."""
    sq = str(text).split(";")[-1].strip().split(" ")[0]
    if len(sq) < 2 or not (sq[0].isdigit() or sq[0].isalpha()):
        return ""
    return sq + (" across" if sq[0].isdigit() else " down")


def _line_text(s, t):
    """One turn as a player reads it, said once: "Ann played ZEBRAS at 8D across: +44 = 44"
    (the words it made follow as buttons that open their meanings)."""
    kind = t.get("kind", "")
    text = move_text(s, t)
    who = t.get("name", "")
    at = where(text) if kind in ("play", "final", "invalid", "phony", "retry") else ""
    if at:
        out = who + " " + play_words(text) + " at " + at
    elif kind == "pass":
        out = who + " passed"
    elif kind == "exchange":
        out = who + " " + (text if text.startswith("exchanged") else "exchanged " + text.lstrip("-").split(" @")[0].strip())
    else:
        out = who + ": " + text
    score = t.get("score", 0)
    out += ": " + ("+" if score >= 0 else "") + str(score) + " = " + str(t.get("total", 0))
    note = KIND_WORDS.get(kind, "")
    if note and kind not in ("pass", "exchange"):
        out += " [" + note + "]"
    if t.get("hinted"):
        out += " (hint used)"
    return out


def _export_html(p):
    ex = p["export"]
    if not ex:
        return ""
    label = "Game record (GCG)" if ex.get("what") == "gcg" else "Position (CGP)"
    if ex.get("pending"):
        return '<p class="pn-note">Preparing the ' + esc(label) + "\u2026</p>"
    if ex.get("error"):
        return '<p class="pn-note">' + esc(ex["error"]) + "</p>"
    note = ("Copied to the clipboard. " if ex.get("copied") else "Select the text below and copy it. ")
    return ('<p class="pn-note" role="status">' + note + "</p>"
            '<textarea id="pn-export" readonly rows="6" data-what="' + esc(ex.get("what", "")) + '" aria-label="'
            + label + '">' + esc(ex.get("text", "")) + "</textarea>")


def _show_turn_btn(t):
    """Replay the board as this turn left it (the address bar follows: &t=)."""
    k = int(t.get("action", -1)) + 1
    if k <= 0:
        return ""
    return ('<p class="pn-row">' + _btn("Show on the board", "show_turn", _attr("data-i", k)
                                        + _attr("id", "pn-show-turn-" + str(t.get("n", 0)))) + "</p>")


def _line_words(t):
    """A play's words as buttons beside its line (each opens the word's meanings)."""
    words = words_view.turn_words([t])
    return ' <span class="wordlinks">' + words_view.word_buttons(words) + "</span>" if words else ""


def _later(hist, t):
    """A line drawn from the snapshot has no breakdown yet: it comes with the engine's sheet."""
    if not hist.get("early") or t.get("breakdown") or t.get("kind") not in ("play", "final", "invalid", "phony", "retry"):
        return ""
    return '<p class="pn-note">The word-by-word breakdown shows as soon as the engine is free.</p>'


def history_html(s):
    p = pn(s)
    head = ('<p class="pn-row">' + _btn("Copy game (GCG)", "copy", _attr("data-what", "gcg") + _attr("id", "pn-copy-gcg"))
            + _btn("Copy position (CGP)", "copy", _attr("data-what", "cgp") + _attr("id", "pn-copy-cgp")) + "</p>" + _export_html(p))
    hist = sheet.current(s, p["hist"])   # the snapshot's lines at once while the engine is busy
    if "error" in hist:
        return head + '<p class="pn-note">' + esc(hist["error"]) + "</p>"
    lines = hist.get("turns") or []
    if not lines:
        return head + '<p class="pn-note">No moves yet.</p>'
    items = []
    for t in lines:
        n = t.get("n", 0)
        open_ = p["sel"] == n
        items.append('<li data-n="' + str(n) + '" data-kind="' + esc(t.get("kind", "")) + '"'
                     + (' class="hinted"' if t.get("hinted") else "") + '>'
                     + '<button type="button" class="pn-line" id="pn-line-' + str(n) + '" data-pact="turn" data-n="' + str(n) + '" aria-expanded="'
                     + ("true" if open_ else "false") + '">' + esc(_line_text(s, t)) + "</button>"
                     + _line_words(t)
                     + ('<div class="pn-bd" data-n="' + str(n) + '">' + breakdown_html(t) + _later(hist, t)
                        + _show_turn_btn(t) + "</div>" if open_ else "")
                     + "</li>")
    hints = hist.get("hints", 0)
    foot = ('<p class="pn-note" data-hints="' + str(hints) + '">Hints used: ' + str(hints) + "</p>") if hints else ""
    return head + '<ol class="pn-hist">' + "".join(items) + "</ol>" + foot


# ----------------------------------------------------------------- hint


def hint_html(s):
    p = pn(s)
    h = p["hint"]
    ask = '<p class="pn-row">' + _btn("Show hints for this turn", "hint_ask", _attr("id", "pn-hint-ask")) + "</p>"
    if s["snap"].get("phase") == "over":
        return ('<p class="pn-note">The game is over: no more hints. Its review shows the best play of '
                "each turn beside the one made.</p>" + '<p class="pn-row">'
                + _btn("Review this game", "open", _attr("data-panel", "review") + _attr("id", "pn-hint-review")) + "</p>")
    if h is None:
        return ask if state.my_turn(s) else '<p class="pn-note">Hints are for your turn.</p>'
    if h.get("pending"):
        return '<p class="pn-note" role="status">Looking for the best plays\u2026</p>'
    if "error" in h:
        return '<p class="pn-note">' + esc(h["error"]) + "</p>"
    moves = h.get("moves") or []
    if not moves:
        return '<p class="pn-note">No play found: pass or exchange.</p>'
    rows = []
    placeable = state.can_place(s)
    for i, m in enumerate(moves):
        move = m.get("move", "")
        others = m.get("others", 0)
        also = (' <small class="pn-also">also ' + str(others) + " other place" + ("" if others == 1 else "s")
                + "</small>") if others else ""
        rows.append('<li data-move="' + esc(move) + '" data-score="' + str(m.get("score", 0)) + '"><span>'
                    + esc(move) + " (" + esc(", ".join(m.get("words") or [])) + ") <b>" + str(m.get("score", 0))
                    + "</b>" + also + "</span> "
                    + _btn("Show", "hint_show", _attr("data-i", i) + _attr("id", "pn-show-" + str(i)) + _attr("aria-label", "Show " + move + " on the board")
                           + ("" if placeable else " disabled"))
                    + _btn("Play", "hint_play", _attr("data-i", i) + _attr("id", "pn-play-" + str(i)) + _attr("aria-label", "Play " + move)
                           + ("" if state.my_turn(s) else " disabled"))
                    + "</li>")
    ms = h.get("ms", 0)
    if h.get("complete"):
        foot = "All plays searched in " + str(ms) + " ms."
    else:
        foot = "Best found in " + str(ms) + " ms (the search stopped at its time limit)."
    return ('<ol class="pn-hints">' + "".join(rows) + '</ol><p class="pn-note" data-ms="' + str(ms)
            + '" data-complete="' + ("1" if h.get("complete") else "0") + '">' + foot + "</p>")


# ----------------------------------------------------------------- tiles


def tiles_html(s):
    if s["handover"] >= 0:
        return '<p class="pn-note">Hidden until the next player is ready.</p>'
    u = pn(s)["unseen"]
    if u is None:
        return '<p class="pn-note">Counting\u2026</p>'
    if "error" in u:
        return '<p class="pn-note">' + esc(u["error"]) + "</p>"
    exact = u.get("exact", True)
    low = u.get("at_least") or {}
    items = []
    tiles = u.get("tiles") or {}
    for letter in sorted(tiles, key=lambda k: (k == "?", k)):   # A to Z, the blank last
        n = tiles[letter]
        label = "blank" if letter == "?" else letter
        if exact:
            count = str(n)
            name = label + ": " + str(n)
        else:
            least = low.get(letter, 0)
            count = "\u2264" + str(n) + (" (\u2265" + str(least) + ")" if least else "")
            name = label + ": at most " + str(n) + (", at least " + str(least) if least else "")
        items.append('<li data-letter="' + esc(letter) + '" data-count="' + str(n) + '"'
                     + (' class="none"' if n == 0 else "") + ' aria-label="' + esc(name) + '"><b>'
                     + esc("?" if letter == "?" else letter) + "</b> " + esc(count) + "</li>")
    totals = '<p data-total="' + str(u.get("total", 0)) + '">' + str(u.get("total", 0)) + " unseen: " + str(
        u.get("bag", 0)) + " in the bag, " + str(u.get("on_racks", 0)) + " on other racks."
    if exact:
        totals += (" Vowels " + str(u.get("vowels", 0)) + ", consonants " + str(u.get("consonants", 0))
                   + ", blanks " + str(u.get("blanks", 0)) + ".")
    totals += "</p>"
    note = ""
    if not exact:
        note = ('<p class="pn-note pn-scoop">Not known: which ' + str(u.get("in_play", 100)) + " of the "
                + str(u.get("set_size", 0)) + " tiles are in this game. " + esc(u.get("note", "")) + "</p>")
    shown = ""
    if u.get("revealed"):
        shown = "<h3>Racks shown</h3><ul>" + "".join(
            "<li>" + esc(r.get("name", "")) + ": " + esc(r.get("rack") or "(empty)") + "</li>" for r in u["revealed"]) + "</ul>"
    return totals + note + '<ul class="pn-tiles">' + "".join(items) + "</ul>" + shown


# ----------------------------------------------------------------- rules


def rules_html(s):
    rules = s["snap"].get("rules", "classic")
    try:
        pairs = rules_text.summary(rules)
        changed = rules_text.changed_knobs(rules)
    except ValueError as exc:
        return '<p class="pn-note">' + esc(exc) + "</p>"
    preset = rules.split(",")[0]
    try:
        title = rules_text.preset_title(preset)
    except (KeyError, ValueError):
        title = preset
    out = "<p><b>" + esc(title) + "</b></p>"
    if changed:
        out += ("<h3>Changed from the preset</h3><ul>" + "".join("<li>" + esc(text) + "</li>" for _, text in changed)
                + "</ul>")
    return out + '<dl class="pn-rules">' + "".join("<dt>" + esc(h) + "</dt><dd>" + esc(t) + "</dd>"
                                                   for h, t in pairs) + "</dl>"


# ----------------------------------------------------------------- past games


def date_text(ms):
    """An ISO date or epoch milliseconds -> 'YYYY-MM-DD HH:MM' (UTC), without the time module."""
    if isinstance(ms, str) and len(ms) >= 16 and ms[4:5] == "-":
        return ms[:10] + " " + ms[11:16]
    try:
        secs = int(ms) // 1000
    except (TypeError, ValueError):
        return str(ms)[:16]
    days, rest = secs // 86400, secs % 86400
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    y = yoe + era * 400 + (1 if m <= 2 else 0)
    return "%04d-%02d-%02d %02d:%02d" % (y, m, d, rest // 3600, rest % 3600 // 60)


def _title(preset):
    try:
        return rules_text.preset_title(preset)
    except (KeyError, ValueError):
        return preset


def bylink_html(s):
    """Games played by link on this device: opponent, whose turn, last move, last change."""
    games = pn(s).get("bylink") or []
    if not games:
        return ""
    rows = []
    for g in games:
        names = g.get("names") or []
        me = g.get("me", 0)
        others = ", ".join(n for i, n in enumerate(names) if i != me)
        who = g.get("to_move", 0)
        turn = ("over" if g.get("over") else "your turn" if who == me
                else (names[who] if who < len(names) else "?") + "'s turn")
        rows.append('<tr data-id="' + esc(g.get("id", "")) + '"><td>' + esc(others) + "</td><td>" + esc(turn)
                    + "</td><td>" + esc(g.get("last", "")) + "</td><td>" + esc(date_text(g.get("updated")))
                    + "</td><td>" + _btn("Open", "bylink_open", _attr("data-id", g.get("id", ""))
                                         + _attr("aria-label", "Open the game with " + others)) + "</td></tr>")
    return ('<h3 id="pn-bylink">Games by link</h3><table class="pn-past pn-bylink"><thead><tr>'
            '<th scope="col">Opponent</th><th scope="col">Turn</th><th scope="col">Last move</th>'
            '<th scope="col">Last change (UTC)</th><th scope="col">Actions</th></tr></thead><tbody>'
            + "".join(rows) + "</tbody></table>")


def tables_html(s):
    """Games scored at a table on this device (table.html keeps them): who, the
    scores, finished or not; they open in the table page, which lists them too."""
    games = pn(s).get("tables") or []
    if not games:
        return ""
    rows = []
    for g in games:
        names = [str(n) for n in g.get("names") or g.get("state", {}).get("names", [])]
        scores = g.get("scores") or []
        rows.append("<tr><td>" + esc(date_text(g.get("when"))) + "</td><td>" + esc(_title(str(g.get("rules", ""))))
                    + "</td><td>" + esc(", ".join(names)) + "</td><td>"
                    + esc(" \u2013 ".join(str(x) for x in scores)) + "</td><td>"
                    + ("over" if g.get("over") else "unfinished") + "</td></tr>")
    return ('<h3 id="pn-tables">Games at the table</h3><p class="pn-note">Scored on a real board; '
            '<a href="./table.html">the table page</a> opens, shares and continues them.</p>'
            '<table class="pn-past pn-tables"><thead><tr><th scope="col">Date (UTC)</th><th scope="col">Rules</th>'
            '<th scope="col">Players</th><th scope="col">Scores</th><th scope="col">State</th></tr></thead><tbody>'
            + "".join(rows) + "</tbody></table>")


def past_html(s):
    p = pn(s)
    if p["replay"] is not None:
        return replay_html(s)
    msg = '<p class="pn-note" role="status">' + esc(p["past_msg"]) + "</p>" if p["past_msg"] else ""
    msg += bylink_html(s) + tables_html(s)
    games = p["past"]
    if games is None:
        return msg + '<p class="pn-note">Reading your past games\u2026</p>'
    if not games:
        return msg + ('<p class="pn-note">No past games yet: a game is kept here when it ends, and an '
                      'unfinished one when you start another.</p>')
    rows = []
    for g in games:
        sm = g["summary"]
        names = sm.get("names") or [x.get("name", "") for x in g["seats"]]
        scores = sm.get("scores") or []
        ppt = sm.get("ppt") or []
        winners = [names[i] for i in sm.get("winner") or [] if i < len(names)]
        when = date_text(g.get("date"))
        later = past.unfinished(g)
        resume = (_btn("Resume", "resume", _attr("data-id", g["id"]) + _attr("id", "pn-resume-" + g["id"])
                       + _attr("aria-label", "Resume the unfinished game of " + when)) if later else "")
        rows.append('<tr data-id="' + esc(g["id"]) + '"' + (' data-unfinished="1"' if later else "") + "><td>"
                    + esc(when) + ('<br><em class="pn-unfinished">unfinished</em>' if later else "") + "</td><td>" + esc(_title(sm.get("preset") or g["rules"]))
                    + "</td><td>" + esc(", ".join(names)) + "</td><td>" + esc(" \u2013 ".join(str(x) for x in scores))
                    + "</td><td>" + esc(" / ".join(one_decimal(x) for x in ppt)) + "</td><td>" + esc(" and ".join(winners))
                    + '</td><td data-hints="' + str(sm.get("hints", 0)) + '">' + str(sm.get("hints", 0))
                    + "</td><td>" + resume + _btn("Replay", "replay", _attr("data-id", g["id"]) + _attr("id", "pn-replay-" + g["id"])
                                         + _attr("aria-label", "Replay the game of " + when))
                    + _btn("Delete", "delete", _attr("data-id", g["id"]) + _attr("aria-label", "Delete the game of " + when))
                    + "</td></tr>")
    table = ('<table class="pn-past"><thead><tr><th scope="col">Date (UTC)</th><th scope="col">Rules</th>'
             '<th scope="col">Players</th><th scope="col">Scores</th><th scope="col">Points per turn</th>'
             '<th scope="col">Winner</th><th scope="col">Hints used</th><th scope="col">Actions</th></tr></thead><tbody>'
             + "".join(rows)
             + "</tbody></table>")
    sums = []
    for row in past.by_preset(games):
        best = row["best"]
        best_text = (best.get("move", "") + " " + str(best.get("score", 0)) + " by " + best.get("name", "")) if best else ""
        sums.append('<tr data-preset="' + esc(row["preset"]) + '"><th scope="row">' + esc(_title(row["preset"]))
                    + "</th><td>" + str(row["games"]) + "</td><td>" + str(row["wins"]) + "</td><td>"
                    + str(row["average"]) + "</td><td>" + esc(best_text) + "</td></tr>")
    summary = ('<h3>By rules</h3><table class="pn-sum"><thead><tr><th scope="col">Rules</th><th scope="col">Games</th>'
               '<th scope="col">Wins</th><th scope="col">Average score</th><th scope="col">Best play</th></tr></thead>'
               "<tbody>" + "".join(sums) + "</tbody></table>")
    return msg + table + summary


def _mini_board(snap):
    size = snap.get("size", 15)
    at = {}
    for t in snap.get("tiles", []):
        at[t["sq"]] = t["letter"]
    cells = []
    cols = "ABCDEFGHIJKLMNOPQRSTU"
    for r in range(size):
        for c in range(size):
            letter = at.get(cols[c] + str(r + 1), "")
            cells.append('<span class="' + ("t" if letter else "") + ("" if letter.isupper() or not letter else " b")
                         + '">' + esc(letter.upper()) + "</span>")
    return ('<div class="pn-board" style="--n:' + str(size) + '" role="img" aria-label="Board with '
            + str(len(at)) + ' tiles">' + "".join(cells) + "</div>")


def replay_html(s):
    rp = pn(s)["replay"]
    nav = ('<p class="pn-row">' + _btn("Back to the list", "replay_close", _attr("id", "rp-close"))
           + _btn("Review this game", "rv_past", _attr("data-id", rp["id"]) + _attr("id", "rp-review")) + "</p>")
    if rp.get("error"):
        return nav + '<p class="pn-note">' + esc(rp["error"]) + "</p>"
    snap = rp.get("snap")
    if snap is None:
        return nav + '<p class="pn-note">Opening the game\u2026</p>'
    k, total = rp["k"], rp["total"]
    ctl = ('<p class="pn-row" role="group" aria-label="Replay controls">'
           + _btn("First", "step", _attr("data-to", "first") + _attr("id", "rp-first") + (" disabled" if k == 0 else ""))
           + _btn("Back", "step", _attr("data-to", "back") + _attr("id", "rp-back") + (" disabled" if k == 0 else ""))
           + _btn("Forward", "step", _attr("data-to", "forward") + _attr("id", "rp-forward") + (" disabled" if k >= total else ""))
           + _btn("Last", "step", _attr("data-to", "last") + _attr("id", "rp-last") + (" disabled" if k >= total else "")) + "</p>")
    events = snap.get("events") or []
    viewer = _past_viewer(pn(s).get("past") or [], rp["id"])
    said = " ".join(seat_name(snap, t.get("player", -1)) + ": " + move_text(viewer, t) + " " + str(t.get("score", 0))
                    for t in events)
    scores = ", ".join(seat_name(snap, i) + " " + str(x) for i, x in enumerate(snap.get("scores", [])))
    where = '<p class="pn-at" data-at="' + str(k) + '" role="status">Move ' + str(k) + " of " + str(total) + (
        ": " + esc(said) if said else "") + "</p>"
    return (nav + ctl + where + "<p>" + esc(scores) + "</p>" + _mini_board(snap)
            + '<p class="pn-note">Arrow keys step through the game; Home and End jump to the start and the end.</p>')


# ----------------------------------------------------------------- settings


def settings_html(s):
    st = pn(s)["settings"]
    radios = "".join('<label class="pn-radio"><input type="radio" name="set-theme" id="set-theme-' + t + '" value="' + t + '"'
                     + (" checked" if st.get("theme") == t else "") + "> " + t[0].upper() + t[1:] + "</label> "
                     for t in settings.THEMES)

    def box(name, label):
        return ('<label class="pn-check"><input type="checkbox" name="set-' + name + '" id="set-' + name + '"'
                + (" checked" if st.get(name) else "") + "> " + label + "</label>")

    return ('<fieldset><legend>Theme</legend>' + radios + "</fieldset>"
            + box("sound", "Tile sound when placing")
            + box("confirm", "Ask before each play")
            + '<label class="pn-check"><input type="checkbox" name="set-motion" id="set-motion" value="reduce"'
            + (" checked" if st.get("motion") == "reduce" else "") + "> Reduce motion (it is off anyway when "
            "your system asks for less motion)</label>")


# ----------------------------------------------------------------- regions

BODIES = {"history": history_html, "hint": hint_html, "tiles": tiles_html, "rules": rules_html,
          "past": past_html, "settings": settings_html}
# The review panel (ui/review/actions.py, ui/review/view.py).
TITLES["review"] = "Review"
BODIES["review"] = review_view.review_html
TOOLS = TOOLS + (("review", "Review"),)


def panel_html(s):
    name = pn(s)["open"]
    if not name:
        return ""
    return ('<div class="pn-head"><h2 id="pn-title" tabindex="-1">' + TITLES[name] + "</h2>"
            '<button type="button" id="pn-close" data-pact="close" aria-label="Close panel">Close</button></div>'
            '<div class="pn-body" data-panel="' + name + '">' + BODIES[name](s) + "</div>")
