"""HTML of the review panel (ui/review/actions.py's state -> the panel's body).

Pure and MicroPython-safe; every text from a game or a record (names, moves,
words, racks) goes through html.escape. Each turn is one button line (its detail,
with the board before the turn, opens under it); the summary sits above the turns
once the review stops or ends. The board is drawn here, small, from the engine's
snapshot before the turn: the tiles then on it, the tiles the turn put down
(solid outline) and the best play as a ghost (dashed outline), so a past game
needs nothing of the main board.
"""

from html import escape

from ui.words import view as words_view
from ui.ear import say

BUDGET_MS = 1000            # each turn's time in the engine (exact search, then the hard one)
RANKINGS = ("score", "equity")
LAYERS = ("both", "made", "best")   # what a turn's board shows: both plays, or one of them
LAYER_NAMES = {"both": "Both", "made": "Play made", "best": "Best play"}


def rv(s):
    """The review's state (ui/review/actions.py keeps it in s["rv"])."""
    return s.get("rv")


COLS = "ABCDEFGHIJKLMNOPQRSTU"
RANK_TEXT = {
    "score": "Judged by score: the best play is the highest-scoring one.",
    "equity": ("Judged by equity (leave-aware): the score plus the value of the tiles kept, "
               "as the hard computer player weighs them."),
}
RANK_NAMES = {"score": "By score", "equity": "Leave-aware (equity)"}
MARK_WORDS = {"stretch": "stretch bonus", "pick_off": "pick-off", "jqxz": "JQXZ bonus"}
_BOARD_MEMO = [None, ""]   # (key, html) of the last board drawn: a redraw of the panel reuses it


def _e(value):
    return escape(str(value))


def _btn(label, pact, extra=""):
    return '<button type="button" data-pact="' + pact + '"' + extra + ">" + _e(label) + "</button>"


def _attr(name, value):
    return " " + name + '="' + _e(value) + '"'


def turns_text(n):
    """"1 turn", "3 turns"."""
    return str(n) + (" turn" if n == 1 else " turns")


def num(x):
    """Points as shown: whole numbers plain, equity to one decimal."""
    if isinstance(x, float):
        text = "%.1f" % x
        return text[:-2] if text.endswith(".0") else text
    return str(x)


def big_play_word(rules):
    return "bingo" if str(rules or "").split(",")[0] in ("classic", "richard") else "big-play bonus"


def mark_words(marks, rules):
    out = []
    for m in marks or []:
        out.append(big_play_word(rules) if m == "big_play" else MARK_WORDS.get(m, m))
    return out


def move_words(text, kind=""):
    """A move text in words: "-" a pass, "-ABC" an exchange, "-" as the best: no play."""
    text = str(text or "")
    if text == "-":
        return "pass"
    if text.startswith("-"):
        return "exchange " + text[1:]
    if kind == "phony":
        return text + " (came off)"
    if kind == "invalid":
        return text + " (did not stand)"
    return text


def budget_text(ms):
    ms = int(ms or 0)
    return (str(ms // 1000) + " s") if ms and ms % 1000 == 0 else (str(ms) + " ms")


def search_note(res):
    """How the best was found: every play searched, or the budget cut the search."""
    if res.get("cut"):
        return ("best found in " + budget_text(res.get("budget_ms", BUDGET_MS))
                + " (the search stopped at its time limit)")
    return "every play searched (" + str(res.get("ms", 0)) + " ms)"


# ----------------------------------------------------------------- the board


def board_html(board, res, layer="both"):
    """The board before the turn: tiles then on it, the turn's own tiles (class
    rv-p) and the best play's ghost (rv-g), or (``layer``) one of the two; ``data-sq``
    names each square. It scrolls sideways inside the panel rather than shrink its
    squares below a readable size (a 21x21 board on a phone)."""
    key = (res.get("turn"), res.get("best"), res.get("ranking"), board.get("turn"), len(board.get("tiles") or []),
           len(board.get("played") or []), layer)
    if _BOARD_MEMO[0] == key:
        return _BOARD_MEMO[1]
    size = board.get("size", 15)
    on = {}
    for t in board.get("tiles") or []:
        on[t["sq"]] = t
    played = {}
    for t in (board.get("played") or []) if layer != "best" else []:
        played[t["sq"]] = t["letter"]
    ghost = {}
    for t in (res.get("best_tiles") or []) if layer != "made" else []:
        ghost[t["sq"]] = t["letter"]
    cells = []
    for r in range(size):
        for c in range(size):
            sq = COLS[c] + str(r + 1)
            cls = []
            letter = ""
            t = on.get(sq)
            if t is not None:
                letter = t["letter"]
                cls.append("t")
                if t.get("blank") or letter.islower():
                    cls.append("b")
            if sq in played:
                cls.append("rv-p")
                letter = played[sq]
            corner = ""
            if sq in ghost:
                cls.append("rv-g")
                if sq not in played:
                    letter = ghost[sq]
                elif played[sq].upper() != ghost[sq]:   # both on one square: the best's letter in the corner
                    corner = '<i class="rv-gl">' + _e(ghost[sq]) + "</i>"
            attrs = ' data-sq="' + sq + '"' + (' class="' + " ".join(cls) + '"' if cls else "")
            cells.append("<span" + attrs + ">" + _e(letter.upper()) + corner + "</span>")
    label = "Board before the turn, " + str(len(on)) + " tiles"
    label += {"both": "; the play made outlined solid, the best play as a dashed ghost",
              "made": "; the play made outlined solid", "best": "; the best play as a dashed ghost"}[layer]
    legend = ('<span class="rv-key rv-p">A</span> the play made ' if layer != "best" else "") + (
        '<span class="rv-key rv-g">A</span> the best play' if layer != "made" else "")
    html = ('<div class="rv-boardwrap"><div class="pn-board rv-board" style="--n:' + str(size) + '" role="img" aria-label="'
            + label + '">' + "".join(cells) + '</div></div><p class="rv-legend">' + legend + "</p>"
            + '<p class="sr-only rv-words">' + _e(_board_words(on, played, ghost, size, layer)) + "</p>")
    _BOARD_MEMO[0], _BOARD_MEMO[1] = key, html
    return html


def _board_words(on, played, ghost, size, layer):
    """The board as a screen reader reads it: the position row by row, then the play
    made and the best play, square by square."""
    letters = {}
    for sq in on:
        t = on[sq]
        letters[sq] = t["letter"].lower() if t.get("blank") else t["letter"]
    out = "The position before the turn: " + say.position(letters, size)
    if played and layer != "best":
        out += " The play made: " + ", ".join(sq + " " + played[sq] for sq in played) + "."
    if ghost and layer != "made":
        out += " The best play: " + ", ".join(sq + " " + ghost[sq] for sq in ghost) + "."
    return out


# ----------------------------------------------------------------- one turn


def _words_of(res):
    words = res.get("best_words") or []
    return ", ".join(w.get("word", "") + " " + str(w.get("score", 0)) for w in words)


def _bonus_text(res, rules):
    bonus = res.get("best_bonus") or {}
    parts = []
    if bonus.get("big_play"):
        parts.append(big_play_word(rules) + " +" + str(bonus["big_play"]))
    if bonus.get("stretch"):
        parts.append("stretch +" + str(bonus["stretch"]))
    if bonus.get("jqxz"):
        parts.append("JQXZ +" + str(bonus["jqxz"]))
    if bonus.get("pick_off"):
        parts.append("with a pick-off")
    return ", ".join(parts)


def detail_html(r, row, res):
    """Under a selected turn: the best play's words and bonuses, how it was found, the board."""
    if res is None:
        return '<div class="rv-detail"><p class="pn-note">Not reviewed yet.</p></div>'
    rules = (r.get("plan") or {}).get("rules", "")
    out = []
    words = _words_of(res)
    if res.get("best", "-") == "-":
        out.append("<p>No play could be made with this rack.</p>")
    elif words:
        out.append('<p class="rv-bw">Best play\u2019s words: '   # each word opens its meanings
                   + words_view.linkify(words, [w.get("word", "") for w in res.get("best_words") or []]) + "</p>")
    bonus = _bonus_text(res, rules)
    if bonus:
        out.append("<p>Bonuses of the best play: " + _e(bonus) + "</p>")
    if res.get("best_pre"):
        out.append("<p>First: " + _e(", ".join(res["best_pre"])) + "</p>")
    if res.get("ranking") == "equity":
        out.append("<p>Equity: the play made " + num(res.get("equity", 0)) + ", the best "
                   + num(res.get("best_equity", 0)) + ".</p>")
    out.append('<p class="pn-note rv-search" data-cut="' + ("1" if res.get("cut") else "0") + '">'
               + _e(search_note(res)[:1].upper() + search_note(res)[1:]) + ".</p>")
    board = r.get("board")
    if board is None:
        out.append('<p class="pn-note">Drawing the board\u2026</p>')
    elif board.get("error"):
        out.append('<p class="pn-note">' + _e(board["error"]) + "</p>")
    else:
        layer = r.get("layer", "both")
        out.append('<p class="pn-row rv-layers" role="group" aria-label="Show on the board">' + "".join(
            _btn(LAYER_NAMES[k], "rv_layer", _attr("data-what", k) + _attr("id", "pn-rv-layer-" + k)
                 + ' aria-pressed="' + ("true" if layer == k else "false") + '"') for k in LAYERS) + "</p>")
        out.append(board_html(board, res, layer))
    return '<div class="rv-detail" data-turn="' + str(row["turn"]) + '">' + "".join(out) + "</div>"


def turn_html(r, row, res, rules):
    """One turn's line: who, rack, the play made and its score, the best, the difference, marks."""
    n = row["turn"]
    open_ = r["sel"] == n
    head = ('<span class="rv-n">Turn ' + str(n + 1) + '</span> <span class="rv-who">' + _e(row.get("name", ""))
            + '</span> <span class="rv-rack"><span aria-hidden="true">' + _e(row.get("rack", ""))
            + '</span><span class="sr-only">rack ' + _e(say.rack_letters(row.get("rack", ""))) + "</span></span>")
    made = ('<span class="rv-made">Played <b>' + _e(move_words(row.get("played"), row.get("kind")))
            + "</b> " + str(row.get("score", 0)) + "</span>")
    if res is None:
        attrs = ' data-turn="' + str(n) + '" data-pending="1"'
        body = head + made + '<span class="rv-wait">' + ("reviewing\u2026" if r.get("asked") == n else "not reviewed yet") + "</span>"
    else:
        found = bool(res.get("found"))
        marks = mark_words(res.get("marks"), rules)
        attrs = (' data-turn="' + str(n) + '" data-found="' + ("1" if found else "0") + '"'
                 + _attr("data-best", res.get("best", "")) + ' data-best-score="' + str(res.get("best_score", 0))
                 + '" data-score="' + str(res.get("score", 0)) + '" data-missed="' + num(res.get("missed", 0))
                 + '" data-cut="' + ("1" if res.get("cut") else "0") + '"')
        if found:
            verdict = '<span class="rv-found">\u2713 the best play</span>'
            best = ""
        else:
            best = ('<span class="rv-bestplay">Best <b>' + _e(move_words(res.get("best"))) + "</b> "
                    + str(res.get("best_score", 0)) + "</span>")
            verdict = '<span class="rv-diff">\u2212' + num(res.get("missed", 0)) + "</span>"
        badges = "".join('<span class="rv-mark">missed ' + _e(m) + "</span>" for m in marks)
        cut = '<span class="rv-cut">best found in ' + budget_text(res.get("budget_ms", BUDGET_MS)) + "</span>" if res.get("cut") else ""
        body = head + made + best + verdict + badges + cut
    line = ('<button type="button" class="rv-line" id="pn-rv-line-' + str(n) + '" data-pact="rv_sel" data-n="' + str(n)
            + '" aria-expanded="' + ("true" if open_ else "false") + '">' + body + "</button>")
    return ("<li" + attrs + (' class="rv-open"' if open_ else "") + ">" + line
            + (detail_html(r, row, res) if open_ else "") + "</li>")


# ----------------------------------------------------------------- summary


def summary_html(r):
    sm = r.get("summary")
    if not sm:
        return ""
    if "error" in sm:
        return '<p class="pn-note">' + _e(sm["error"]) + "</p>"
    rows = []
    for p in sm.get("players") or []:
        share = int(round(100 * p.get("found_share", 0)))
        rows.append('<tr data-seat="' + str(p.get("seat", 0)) + '" data-turns="' + str(p.get("turns", 0))
                    + '" data-found="' + str(p.get("found", 0)) + '" data-missed="' + num(p.get("missed", 0))
                    + '" data-score="' + str(p.get("score", 0)) + '" data-best-score="' + str(p.get("best_score", 0))
                    + '"><th scope="row">' + _e(p.get("name", "")) + "</th><td>" + str(p.get("turns", 0))
                    + "</td><td>" + str(p.get("found", 0)) + " (" + str(share) + "%)</td><td>" + num(p.get("missed", 0))
                    + "</td><td>" + str(p.get("score", 0)) + " / " + str(p.get("best_score", 0)) + "</td></tr>")
    done = len(r["results"])
    total = len((r.get("plan") or {}).get("turns") or [])
    of = "" if done >= total else " (" + str(done) + " of " + turns_text(total) + " reviewed)"
    table = ('<h3 id="pn-rv-summary">Summary' + _e(of) + '</h3><table class="pn-sum rv-sum"><thead><tr>'
             '<th scope="col">Player</th><th scope="col">Turns</th><th scope="col">Best play found</th>'
             '<th scope="col">Points missed</th><th scope="col">Scored / best</th></tr></thead><tbody>'
             + "".join(rows) + "</tbody></table>")
    cut = sm.get("cut", 0)
    if cut:
        table += ('<p class="pn-note">On ' + str(cut) + " of " + turns_text(sm.get("turns", 0))
                  + " the search stopped at its time limit: the best shown is the best found.</p>")
    words = sm.get("words_missed") or []
    several = len(sm.get("players") or []) > 1
    heading = "<h3>Words missed</h3>" if several else "<h3>Words you missed</h3>"
    names = {}
    for p in sm.get("players") or []:
        names[p.get("seat")] = p.get("name", "")
    if words:
        items = "".join('<li data-word="' + _e(w.get("word", "")) + '" data-score="' + str(w.get("score", 0))
                        + '"><b>' + words_view.word_button(w.get("word", "")) + "</b> " + str(w.get("score", 0)) + ' <span class="rv-wm">('
                        + _e(move_words(w.get("move"))) + ", turn " + str(w.get("turn", 0) + 1)
                        + (", " + _e(names.get(w.get("player"), "")) if several else "") + ")</span></li>"
                        for w in words)
        table += heading + '<ol class="rv-words">' + items + "</ol>"
    else:
        table += heading + '<p class="pn-note rv-words-none">None: every best play was found.</p>'
    return table


# ----------------------------------------------------------------- the panel


def _progress_html(r, total):
    done = len(r["results"])
    if r["running"]:
        said = "Reviewing: " + str(done) + " of " + turns_text(total) + " done."
        button = _btn("Stop", "rv_stop", _attr("id", "pn-rv-stop"))
    elif done < total:
        said = "Stopped: " + str(done) + " of " + turns_text(total) + " done."
        button = _btn("Continue", "rv_go", _attr("id", "pn-rv-go"))
    else:
        said = "1 turn reviewed." if total == 1 else "All " + str(total) + " turns reviewed."
        button = ""
    return ('<div class="rv-progress"><progress id="pn-rv-progress" max="' + str(max(total, 1)) + '" value="'
            + str(done) + '" aria-label="Review progress"></progress> <span id="pn-rv-status" role="status" data-done="'
            + str(done) + '" data-total="' + str(total) + '" data-running="' + ("1" if r["running"] else "0") + '">'
            + _e(said) + "</span> " + button + "</div>")


def _ranking_html(r):
    buttons = "".join(_btn(RANK_NAMES[k], "rv_rank", _attr("data-what", k) + _attr("id", "pn-rv-rank-" + k)
                           + ' aria-pressed="' + ("true" if r["ranking"] == k else "false") + '"')
                      for k in RANKINGS)
    return ('<p class="pn-row rv-ranks" role="group" aria-label="Ranking">' + buttons + "</p>"
            '<p class="rv-ranking" data-ranking="' + _e(r["ranking"]) + '">' + _e(RANK_TEXT[r["ranking"]]) + "</p>")


POSITION_TEXT = ("This is a position (CGP), not a record of a game: it has no turns, so there is "
                 "nothing to review.")
FROM_POSITION_TEXT = ("This game began from a position (CGP): the turns before it are not known. "
                      "The turns played from it are reviewed.")


SECRET_TEXT = ("The other players' turns are reviewed when the game is over: until then "
               "their racks are secret.")


def _seats_html(plan):
    """The seat buttons: whose turns are reviewed (each toggles; one stays on)."""
    names = plan.get("names") or []
    chosen = plan.get("seats") or []
    if len(names) < 2:
        return ""
    buttons = "".join(_btn(name, "rv_seat", _attr("data-n", i) + _attr("id", "pn-rv-seat-" + str(i))
                           + ' aria-pressed="' + ("true" if i in chosen else "false") + '"')
                      for i, name in enumerate(names))
    return ('<p class="pn-row rv-seats" role="group" aria-label="Whose turns are reviewed">'
            '<span class="rv-seats-label">Whose turns:</span> ' + buttons + "</p>")


def review_html(s):
    r = rv(s)
    if r is None:
        return '<p class="pn-note">Preparing the review\u2026</p>'
    plan = r.get("plan")
    if plan and plan.get("position"):
        return ('<p class="rv-what">Reviewing ' + _e(r.get("label", "this game")) + ".</p>"
                '<p class="pn-note rv-none rv-position" data-position="1">' + _e(POSITION_TEXT) + "</p>")
    head = '<p class="rv-what">Reviewing ' + _e(r.get("label", "this game"))
    if plan and plan.get("names") is not None and plan.get("seats") is not None:
        who = [plan["names"][i] for i in plan["seats"] if 0 <= i < len(plan["names"])]
        head += " (" + _e(", ".join(who)) + "): each turn beside the best play it could have been"
    head += ".</p>"
    if r.get("only") is not None:   # the game goes on: the others' racks are secret
        head += '<p class="pn-note rv-secret">' + _e(SECRET_TEXT) + "</p>"
    elif plan:
        head += _seats_html(plan)
    head += _ranking_html(r)
    if r.get("error") and not plan:
        return head + '<p class="pn-note" role="alert">' + _e(r["error"]) + "</p>"
    if plan is None:
        return head + '<p class="pn-note" role="status">Preparing the review\u2026</p>'
    rows = plan.get("turns") or []
    pending = plan.get("pending") or ""
    out = head
    if plan.get("from_position"):
        out += '<p class="pn-note rv-from-position" data-position="1">' + _e(FROM_POSITION_TEXT) + "</p>"
    if pending:
        out += '<p class="pn-note rv-pending" data-pending="1">' + _e(pending) + "</p>"
    if not rows:
        return out + '<p class="pn-note rv-none">No turns to review yet.</p>'
    out += _progress_html(r, len(rows))
    if r.get("error"):
        out += '<p class="pn-note" role="alert">' + _e(r["error"]) + "</p>"
    out += summary_html(r)
    results = {}
    for x in r["results"]:
        results[x["turn"]] = x
    rules = plan.get("rules", "")
    out += ('<h3>Turns</h3><ol class="rv-turns">' + "".join(turn_html(r, row, results.get(row["turn"]), rules)
                                                             for row in rows) + "</ol>")
    return out
