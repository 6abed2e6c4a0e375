"""The club page's HTML, made from plain data (MicroPython-safe). Every name and
every message is escaped: a player called "<b>" is shown as that text."""

from html import escape

from ui.club.state import FAMILIES, LEVELS

PRESETS = ("classic", "o", "i", "ii", "iii", "richard")


def esc(x):
    return escape(str(x), True)


def pct(x):
    return ("%.3f" % x).lstrip("0") if x < 1 else "1.000"


def num(x):
    """Wins: whole, or a half win as 0.5 (a tie is half a win)."""
    return ("%.1f" % x) if isinstance(x, float) else str(x)


def sentence(text):
    """A note as a sentence: a capital first, a full stop last (notes kept before
    they were written as sentences read well too)."""
    text = str(text).strip()
    if not text:
        return ""
    return text[:1].upper() + text[1:] + ("" if text[-1:] in ".!?" else ".")


def signed(x):
    return ("+" + str(x)) if x > 0 else str(x)


def message(msg, err):
    out = ""
    if err:
        out += '<p class="cl-err" role="alert" id="cl-err">' + esc(err) + "</p>"
    if msg:
        out += '<p class="cl-msg" role="status" id="cl-msg">' + esc(msg) + "</p>"
    return out


def new_form():
    opts = "".join('<option value="' + p + '">' + p + "</option>" for p in PRESETS)
    return ('<section class="cl-card no-print" aria-labelledby="cl-new-h"><h2 id="cl-new-h">New tournament</h2>'
            '<form id="cl-new" class="cl-form">'
            '<label>Name <input id="cl-name" name="name" maxlength="80" value="Club night"></label>'
            '<label>Rules <select id="cl-preset">' + opts + '</select></label>'
            '<label>or a rules string <input id="cl-rules" placeholder="ii,cap=0"></label>'
            '<label>Players (one a line) <textarea id="cl-players" rows="6"></textarea></label>'
            '<label>Rounds (planned) <input id="cl-rounds" type="number" min="1" value="3"></label>'
            '<p class="cl-note">Each round is paired so that all the planned rounds can be played '
            'without anyone meeting twice; more rounds than that (up to a double round robin) meet '
            'players again, and each round says who.</p>'
            '<label>Pairing <select id="cl-method"><option value="ppt">the average player, by PPT</option>'
            '<option value="roundrobin">round robin</option></select></label>'
            '<label>Seed for round 1 <input id="cl-seed" value="1" maxlength="40"></label>'
            '<button type="button" class="primary" data-act="new">Start the tournament</button></form>'
            '<details><summary>Import a tournament (JSON)</summary>'
            '<textarea id="cl-import" rows="4" aria-label="Tournament JSON"></textarea>'
            '<button type="button" data-act="import">Import</button></details></section>')


def kept_list(items):
    """The tournaments kept on this device (ui/club/kept.py), to open again or delete."""
    if not items:
        return ""
    rows = ""
    for i, e in enumerate(items):
        t = e["t"]
        rows += ("<li><b>" + esc(t.get("name", "?")) + '</b> <span class="cl-note">' + str(len(t.get("paired", [])))
                 + " of " + esc(t.get("rounds", "?")) + " rounds paired, " + str(len(t.get("players", [])))
                 + " players; kept " + esc(str(e.get("kept", ""))[:10]) + '</span> <button type="button" '
                 'data-act="reopen" data-i="' + str(i) + '">Open</button> <button type="button" data-act="forget" '
                 'data-i="' + str(i) + '">Delete</button></li>')
    return ('<section class="cl-card no-print" aria-labelledby="cl-kept-h"><h2 id="cl-kept-h">Kept tournaments</h2>'
            '<ul id="cl-kept">' + rows + "</ul></section>")


def standings(rows):
    head = ("<tr><th>#</th><th>Player</th><th>Games</th><th>Wins</th><th>Win %</th><th>PPT</th>"
            "<th>Spread</th></tr>")
    body = ""
    for r in rows:
        notes = []
        if r.get("byes"):
            notes.append(str(r["byes"]) + " bye" + ("s" if r["byes"] > 1 else ""))
        if r.get("typed"):
            notes.append(str(r["typed"]) + " typed")
        if r.get("forfeits"):
            notes.append(str(r["forfeits"]) + " forfeit" + ("s" if r["forfeits"] > 1 else ""))
        if r.get("withdrawn"):
            notes.append("withdrawn")
        note = (' <small class="cl-note">(' + esc(", ".join(notes)) + ")</small>") if notes else ""
        body += ('<tr data-player="' + esc(r["player"]) + '"><td>' + str(r["rank"]) + "</td><td>"
                 + esc(r["player"]) + note + "</td><td>" + str(r["games"]) + "</td><td>" + num(r["wins"])
                 + "</td><td>" + pct(r["win_pct"]) + "</td><td>" + ("%.2f" % r["ppt"]) + "</td><td>"
                 + signed(r["spread"]) + "</td></tr>")
    return ('<section class="cl-card cl-standings" aria-labelledby="cl-st-h"><h2 id="cl-st-h">Standings</h2>'
            '<p class="cl-note">By win percentage (a tie is half a win, a bye or a forfeit a win by 50), then PPT, then spread.</p>'
            '<div class="cl-scroll"><table id="cl-standings" class="cl-table"><thead>' + head
            + "</thead><tbody>" + body + "</tbody></table></div></section>")


def _result(res, players, readonly, rnd, base=""):
    if res["source"] == "forfeit":
        return _forfeit(res, players) + _correct(readonly, rnd, players, base)
    first = res.get("first", 0)
    mover = players[first]
    typed = res["source"] == "typed"
    text = (esc(players[0]) + " " + str(res["scores"][0]) + " &ndash; " + str(res["scores"][1]) + " "
            + esc(players[1]) + ' <small class="cl-note">(turns ' + str(res["turns"][0]) + "/"
            + str(res["turns"][1]) + "; " + ("typed" if typed else ("played here" if res["source"] == "here"
                                                                      else "by link"))
            + ("" if first == 0 or typed else "; " + esc(mover) + " moved first") + _adjusted(res) + ")</small>")
    if res.get("invited"):
        text += ' <small class="cl-note cl-invited">Started from the pairing (its invitation).</small>'
    if res.get("oath"):
        text += ('<br><small class="cl-note cl-oath">Oath: ' + esc("; ".join(
            p + ": " + OATH_WORDS[int(d)] for p, d in zip(players, res["oath"]))) + ".</small>")
    if res.get("note"):
        text += '<br><small class="cl-flag">Flagged: ' + esc(sentence(res["note"])) + "</small>"
    return text + _correct(readonly, rnd, players, base)


OATH_WORDS = ("none", "before the game", "before and after the game")
INVITE_NOTE = ("Send it to both players: the first named opens it and moves first, then sends the game to the "
               "other, each on their own device. When it ends, each sends the result back to you. Whoever "
               "decodes a game link learns its seed, and so the bag: play by link among friends.")


def invite_html(base, g, rnd):
    """An unplayed pairing's invitation: a game link for the players' own devices."""
    url = base + "index.html#" + g["invite"]
    ident = "cl-" + str(rnd) + "-" + str(g["game"]) + "-invite"
    return ('<details class="cl-invite no-print"><summary>Invitation (play by link)</summary>'
            '<input id="' + ident + '" class="cl-grow" readonly aria-label="Invitation link" value="' + esc(url)
            + '"> <a href="' + esc(url) + '" target="_blank" rel="noopener">Open</a>'
            '<p class="cl-note">' + INVITE_NOTE + "</p></details>")


def round_link_html(base, rd):
    if not rd.get("round_link") or rd.get("finished"):
        return ""
    r = str(rd["round"])
    url = base + "club.html#" + rd["round_link"]
    return ('<p class="cl-note no-print"><label>Round link (every pairing with its invitation, read-only, to post '
            'once) <input id="cl-round-' + r + '-link" readonly value="' + esc(url) + '"></label></p>')


def round_invites(data, base):
    """A round link opened: every pairing of the round with its invitation."""
    rows = ""
    for g in data.get("games", []):
        url = base + "index.html#" + g["link"]
        rows += ('<tr data-game="' + str(g["game"]) + '"><td>' + str(g["game"]) + "</td><td>" + esc(g["players"][0])
                 + "</td><td>" + esc(g["players"][1]) + '</td><td><a href="' + esc(url) + '">' + esc(g["players"][0])
                 + ": start this game</a> (" + esc(g["players"][1]) + " plays from " + esc(g["players"][0])
                 + "'s link)</td></tr>")
    return ('<section class="cl-card" id="cl-round-invites"><h2>' + esc(data.get("name", "")) + ": round "
            + str(data.get("round", "")) + '</h2><p class="cl-note">Rules ' + esc(data.get("rules", "")) + ". "
            + INVITE_NOTE + '</p><div class="cl-scroll"><table class="cl-table"><thead><tr><th>Game</th>'
            "<th>Moves first</th><th>Second</th><th>Invitation</th></tr></thead><tbody>" + rows
            + "</tbody></table></div></section>")


def _forfeit(res, players):
    if res["scores"] == [0, 0]:
        return ('Both lose by forfeit <small class="cl-note">(neither came; &minus;50 each, no turns)</small>')
    came = 0 if res["scores"][0] else 1
    return (esc(players[came]) + ' wins by forfeit <small class="cl-note">(' + esc(players[1 - came])
            + " did not come; 50&ndash;0, no turns)</small>")


def _history(old, players):
    """The results a game had before its corrections, oldest first."""
    if not old:
        return ""
    items = ""
    for res in old:
        if res["source"] == "forfeit":
            said = "neither came" if res["scores"] == [0, 0] else esc(players[0 if res["scores"][0] else 1]) + " by forfeit"
        else:
            said = (esc(players[0]) + " " + str(res["scores"][0]) + "&ndash;" + str(res["scores"][1]) + " "
                    + esc(players[1]))
        items += "<li>" + said + " (" + esc({"link": "by link", "here": "played here", "typed": "typed",
                                              "forfeit": "forfeit"}.get(res["source"], res["source"])) + ")</li>"
    n = len(old)
    return ('<details class="cl-history"><summary>Corrected ' + str(n) + (" time" if n == 1 else " times")
            + ": what it was</summary><ol>" + items + "</ol></details>")


def _correct(readonly, rnd, players, base):
    if readonly:
        return ""
    return (' <button type="button" class="no-print cl-small" data-act="clear" data-base="' + base + '" '
            + _ids(rnd, players) + ">Correct</button>")


def _adjusted(res):
    """A typed result's end adjustments, when there were any (PPT leaves them out)."""
    if res["source"] != "typed" or res["points"] == res["scores"]:
        return ""
    return "; end adjustment " + "/".join(signed(s - p) for s, p in zip(res["scores"], res["points"]))


def _ids(rnd, players):
    return ('data-round="' + str(rnd) + '" data-first="' + esc(players[0]) + '" data-second="'
            + esc(players[1]) + '"')


def _entry(rnd, g, players):
    base = "cl-" + str(rnd) + "-" + str(g["game"])
    ids = _ids(rnd, players)
    kinds = '<option value="human">a person</option>' + "".join(
        '<option value="' + k + '">computer, ' + k + "</option>" for k in LEVELS if k != "greedy")
    return ('<div class="cl-entry no-print"><div class="cl-row">'
            '<label class="cl-grow">Game link <input id="' + base + '-link" placeholder="paste the finished game\'s link">'
            '</label> <button type="button" data-act="link" data-base="' + base + '" ' + ids + '>Record link</button></div>'
            '<details><summary>Typed result</summary>'
            '<label>' + esc(players[0]) + ' score <input id="' + base + '-s0" inputmode="numeric" size="5"></label>'
            '<label>' + esc(players[1]) + ' score <input id="' + base + '-s1" inputmode="numeric" size="5"></label>'
            '<label>' + esc(players[0]) + ' turns <input id="' + base + '-t0" inputmode="numeric" size="4"></label>'
            '<label>' + esc(players[1]) + ' turns <input id="' + base + '-t1" inputmode="numeric" size="4"></label>'
            '<label>' + esc(players[0]) + ' end adjustment <input id="' + base + '-e0" inputmode="numeric" size="4" '
            'placeholder="+/-"></label>'
            '<label>' + esc(players[1]) + ' end adjustment <input id="' + base + '-e1" inputmode="numeric" size="4" '
            'placeholder="+/-"></label>'
            '<p class="cl-note">The end adjustment is the score sheet\'s last line (+ for going out, - for tiles '
            'left; 0 if none): PPT leaves it out.</p>'
            ' <button type="button" data-act="typed" data-base="' + base + '" ' + ids + '>Record typed</button>'
            '</details><details><summary>No-show (forfeit)</summary>'
            '<label>Did not come <select id="' + base + '-absent"><option value="' + esc(players[0]) + '">'
            + esc(players[0]) + '</option><option value="' + esc(players[1]) + '">' + esc(players[1])
            + '</option><option value="">neither of them</option></select></label>'
            '<p class="cl-note">The other player wins 50&ndash;0 with no turns (no effect on PPT), as TSH records '
            'a forfeit; if neither came, both lose by 50.</p>'
            ' <button type="button" data-act="forfeit" data-base="' + base + '" ' + ids + '>Record forfeit</button>'
            '</details><details><summary>Play this game here</summary>'
            '<label>' + esc(players[0]) + ' <select id="' + base + '-k0">' + kinds + '</select></label>'
            '<label>' + esc(players[1]) + ' <select id="' + base + '-k1">' + kinds + '</select></label>'
            ' <button type="button" data-act="play" data-base="' + base + '" ' + ids + '>Play this game</button>'
            '</details></div>')


def rounds(reply, readonly, which):
    """The rounds, latest first (``which``: "latest", "earlier" or "all")."""
    out = ""
    shown = list(reversed(reply.get("rounds", [])))
    shown = shown[:1] if which == "latest" else (shown[1:] if which == "earlier" else shown)
    for rd in shown:
        r = rd["round"]
        rows = ""
        for g in rd["games"]:
            players = g["players"]
            res = g.get("result")
            base = "cl-" + str(r) + "-" + str(g["game"])
            cell = _result(res, players, readonly, r, base) if res else (
                "<em>to play</em>" + ("" if readonly or not g.get("invite") else
                                      invite_html(reply.get("base", ""), g, r))
                + ("" if readonly else _entry(r, g, players)))
            cell += _history(g.get("history") or [], players)
            if not readonly:   # where this row's refusal is said (ui/club/actions.py Page.render)
                cell += '<p class="cl-err cl-row-err" id="' + base + '-said" role="alert" tabindex="-1" hidden></p>'

            rows += ('<tr data-game="' + str(g["game"]) + '"><td>' + str(g["game"]) + '</td><td class="cl-first">'
                     + esc(players[0]) + '</td><td>' + esc(players[1]) + "</td><td>" + cell + "</td></tr>")
        notes = ""
        if rd.get("drawn"):
            notes += '<p class="cl-note">Drawn by the seed (nobody had a PPT yet).</p>'
        if rd.get("repeats"):
            notes += ('<p class="cl-flag">No pairing without repeats existed: '
                      + esc(", ".join(a + " and " + b for a, b in rd["repeats"])) + " meet again.</p>")
        bye = ('<p class="cl-bye">Bye: <b>' + esc(rd["bye"]) + "</b> (a win by 50)</p>") if rd.get("bye") else ""
        out += ('<section class="cl-card cl-round" id="cl-round-' + str(r) + '" aria-labelledby="cl-rh-' + str(r)
                + '"><h2 id="cl-rh-' + str(r) + '">Round ' + str(r) + ("" if not rd["finished"] else " (finished)")
                + "</h2>" + notes + '<div class="cl-scroll"><table class="cl-table cl-pairings"><thead><tr><th>Game</th>'
                '<th>Moves first</th><th>Second</th><th>Result</th></tr></thead><tbody>' + rows
                + "</tbody></table></div>" + bye + ("" if readonly else round_link_html(reply.get("base", ""), rd))
                + "</section>")
    return out


def tools(t, reply):
    nxt = reply.get("next", {})
    pair = ('<button type="button" class="primary" data-act="pair">Pair round ' + str(len(t.get("paired", [])) + 1)
            + "</button>") if nxt.get("can_pair") else '<p class="cl-note" id="cl-why">' + esc(
                "Next round: " + nxt.get("why", "")) + "</p>"
    names = [p["name"] for p in t.get("players", []) if p.get("left") is None]
    opts = "".join('<option value="' + esc(n) + '">' + esc(n) + "</option>" for n in names)
    every = "".join('<option value="' + esc(p["name"]) + '">' + esc(p["name"]) + "</option>"
                    for p in t.get("players", []))
    waiting = nxt.get("unpaired") or []
    repair = ""
    if waiting and t.get("paired"):   # a withdrawal left someone without a game: only they move
        repair = (' <button type="button" data-act="repair">Pair the latest round again</button>'
                  '<p class="cl-note" id="cl-unpaired">' + esc(", ".join(waiting)) + (" has" if len(waiting) == 1
                                                                                   else " have")
                  + " no game in round " + str(len(t["paired"])) + ": pairing the round again moves only "
                  + ("them" if len(waiting) > 1 else "this player") + " (and the bye); the posted games stand.</p>")
    return ('<section class="cl-card no-print cl-tools" aria-label="Director"><div class="cl-row">' + pair + repair
            + '</div><div class="cl-row" role="group" aria-label="Players">'
            '<label>Late entry <input id="cl-add" maxlength="40"></label>'
            ' <button type="button" data-act="add">Add player</button>'
            ' <label>Withdraw <select id="cl-withdraw">' + opts + '</select></label>'
            ' <button type="button" data-act="withdraw">Withdraw</button></div>'
            '<details class="cl-more"><summary>Rename a player</summary><div class="cl-row">'
            '<label>Player <select id="cl-rename-from">' + every + '</select></label>'
            ' <label>New name <input id="cl-rename-to" maxlength="32"></label>'
            ' <button type="button" data-act="rename">Rename</button></div></details>'
            '<div class="cl-row"><button type="button" data-act="scrutiny">Scrutiny: play beside the engine\'s best'
            '</button></div>'
            '<details class="cl-more" id="cl-many-box"><summary>Results by link (paste one or many)</summary>'
            '<textarea id="cl-many" rows="4" aria-label="Result links, one or many" placeholder="the links players '
            'sent with Send the result to the director"></textarea>'
            ' <button type="button" data-act="many">Record these results</button></details>'
            '<div class="cl-row" role="group" aria-label="Share"><span class="cl-rowhead">Share</span>'
            '<button type="button" data-act="link_out">Standings link</button>'
            ' <button type="button" data-act="json_out">Export JSON</button>'
            ' <button type="button" data-act="tsh_out">Export TSH .t</button>'
            ' <label class="cl-inline">as <select id="cl-tsh-enc" aria-label="TSH file encoding">'
            '<option value="latin-1">Latin-1 (TSH reads it as is)</option>'
            '<option value="utf-8">UTF-8 (set TSH to read UTF-8)</option></select></label></div>'
            '<div class="cl-row" role="group" aria-label="Print"><span class="cl-rowhead">Print</span>'
            '<button type="button" data-act="print">This page</button>'
            ' <button type="button" data-act="sheet" data-kind="pairings">Pairings sheet</button>'
            ' <button type="button" data-act="sheet" data-kind="scorecards">Scorecards</button>'
            ' <button type="button" data-act="sheet" data-kind="crosstable">Crosstable</button></div>'
            '<div class="cl-row"><button type="button" data-act="discard">New tournament</button>'
            '<span class="cl-note">(this one is kept on this device)</span></div></section>')


def output(out):
    """The standings link, JSON or TSH text just made, to copy or download."""
    if not out:
        return ""
    kind, text = out["kind"], out["text"]
    label = {"link": "Standings link (opens read-only)", "json": "The tournament as JSON",
             "tsh": "TSH .t file"}[kind]
    extra = ""
    if kind == "json":
        extra = (' <a id="cl-download" download="tournament.json" href="data:application/json;charset=utf-8,'
                 + esc(_url_quote(text)) + '">Download tournament.json</a>')
    elif kind == "tsh":      # the engine's bytes in the encoding chosen (MicroPython has no Latin-1 codec)
        extra = (' <a id="cl-download" download="tournament.t" href="' + esc(out["href"]) + '">Download '
                 "tournament.t (" + esc("Latin-1" if out.get("encoding") == "latin-1" else "UTF-8") + ")</a>")
    if out.get("note"):
        extra += '<p class="cl-note">' + esc(out["note"]) + "</p>"
    return ('<section class="cl-card no-print" aria-label="' + esc(label) + '"><h2>' + esc(label) + "</h2>"
            '<textarea id="cl-out" data-kind="' + kind + '" rows="4" readonly>' + esc(text) + "</textarea>"
            + extra + "</section>")


def _url_quote(text):
    out = []
    for ch in text:
        if ch.isalpha() and ord(ch) < 128 or ch.isdigit() or ch in "-_.~":
            out.append(ch)
        else:
            out.append("".join("%%%02X" % b for b in ch.encode("utf-8")))
    return "".join(out)


def tournament(t, reply, readonly, out, sheet=""):
    head = ('<section class="cl-head"><h2 id="cl-title">' + esc(t["name"]) + '</h2><p class="cl-note">Rules '
            + esc(t["rules"]) + "; " + ("pairing: the average player, by PPT" if t["method"] == "ppt"
                                         else "round robin") + "; " + str(len(t.get("paired", []))) + " of "
            + str(t["rounds"]) + (" round" if t["rounds"] == 1 else " rounds") + " paired; " + str(len(t.get("players", []))) + " players."
            + (" <b>Read-only</b> (from a standings link)." if readonly else "") + "</p></section>")
    return (head + sheet + ("" if readonly else tools(t, reply)) + output(out) + rounds(reply, readonly, "latest")
            + standings(reply.get("standings", [])) + rounds(reply, readonly, "earlier"))


# ----------------------------------------------------------------- scrutiny

SCRUTINY_NOTE = ("For each player, over their tournament games recorded from a game link: the share of their turns "
                 "on which they played the engine's best play (by score) and the points they left a turn against it, "
                 "beside the whole field's. Strong players match the best play often too: this is a signal to look "
                 "further (RULES.md 15.3), never a verdict.")


def scrutiny(sc):
    """The scrutiny's table, with its progress while the engine reviews the games."""
    if not sc:
        return ""
    games, done = sc.get("games", 0), sc.get("game", 0)
    if sc.get("running"):
        state = ('<p class="cl-note" role="status">Reviewing the games: ' + str(done) + " of " + (str(games) if games
                 else "?") + ' done. <progress id="cl-scrutiny-progress" max="' + str(max(games, 1)) + '" value="'
                 + str(done) + '"></progress> <button type="button" data-act="scrutiny_stop">Stop</button></p>')
    else:
        state = ('<p class="cl-note" role="status">' + ("Stopped after " + str(done) + " of " + str(games) + " games."
                                                        if sc.get("stopped") else "All " + str(games) + " games reviewed.")
                 + ' <button type="button" data-act="scrutiny_close">Close</button></p>')
    if sc.get("error"):
        state += '<p class="cl-err" role="alert">' + esc(sentence(sc["error"])) + "</p>"
    rows = sc.get("rows") or {"players": [], "field": None}

    def cells(r):
        return ("<td>" + str(r["turns"]) + "</td><td>" + str(int(round(r["best_share"] * 100))) + "%</td><td>"
                + ("%.1f" % r["mean_lost"]) + "</td>")
    body = "".join('<tr data-player="' + esc(r["player"]) + '"><td>' + esc(r["player"]) + "</td>" + cells(r) + "</tr>"
                   for r in rows["players"])
    field = rows.get("field")
    foot = ('<tfoot><tr class="cl-field"><th scope="row">The field</th>' + cells(field) + "</tr></tfoot>") if field else ""
    return ('<section class="cl-card no-print" id="cl-scrutiny" aria-labelledby="cl-scr-h"><h2 id="cl-scr-h">Scrutiny'
            '</h2><p class="cl-note">' + SCRUTINY_NOTE + "</p>" + state + '<div class="cl-scroll"><table '
            'class="cl-table" id="cl-scrutiny-table"><thead><tr><th>Player</th><th>Turns</th><th>Best play</th>'
            "<th>Points lost a turn</th></tr></thead><tbody>" + body + "</tbody>" + foot + "</table></div></section>")


# ----------------------------------------------------------------- players

def players(rows, family, chosen, games, skipped):
    tabs = "".join('<button type="button" data-act="family" data-family="' + k + '" aria-pressed="'
                   + ("true" if k == family else "false") + '">' + esc(v) + "</button>" for k, v in FAMILIES)
    body = ""
    for i, r in enumerate(rows):
        body += ('<tr><td>' + str(i + 1) + '</td><td><button type="button" class="cl-link" data-act="player" '
                 'data-key="' + esc(r["key"]) + '">' + esc(r["player"]) + "</button></td><td>" + str(r["games"])
                 + "</td><td>" + num(r["wins"]) + "</td><td>" + pct(r["win_pct"]) + "</td><td>" + ("%.2f" % r["ppt"])
                 + "</td><td>" + (esc(r["best_move"]) + " " + str(r["best"]) if r["best_move"] else "&ndash;")
                 + "</td></tr>")
    if not rows:
        body = '<tr><td colspan="7">No finished games on this device' + ("" if family == "all" else " under these rules") + ".</td></tr>"
    table = ('<div class="cl-scroll"><table id="cl-players" class="cl-table"><thead><tr><th>#</th><th>Player</th>'
             "<th>Games</th><th>Wins</th><th>Win %</th><th>PPT</th><th>Best play</th></tr></thead><tbody>"
             + body + "</tbody></table></div>")
    note = ('<p class="cl-note">Everyone who finished a game on this device, ranked by PPT (points per turn over all '
            "their games). Computer levels are players too." + (" " + str(skipped) + " kept games are unfinished or "
                                                                  "did not replay." if skipped else "") + "</p>")
    detail = ""
    if chosen:
        items = ""
        for g in games:
            seats = ", ".join(esc(s["name"] if s["kind"] == "human" else s["name"] + " (" + s["kind"] + ")")
                              + " " + str(s["score"]) for s in g["seats"])
            items += "<li>" + esc(g.get("date", "")[:10]) + " " + esc(g["rules"]) + ": " + seats + "</li>"
        detail = ('<section class="cl-card" aria-labelledby="cl-pg-h"><h2 id="cl-pg-h">Games of '
                  + esc(chosen) + '</h2><ul id="cl-player-games">' + items + "</ul></section>")
    return ('<section class="cl-card"><h2>Players</h2><div class="cl-row" role="group" aria-label="Rules">' + tabs
            + "</div>" + note + table + "</section>" + detail)
