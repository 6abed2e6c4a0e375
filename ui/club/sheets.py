"""The club's printed sheets (MicroPython-safe HTML from plain data): the latest
round's pairings with board numbers (by board, and by name so each player finds
their board), a scorecard for each table, and the crosstable. Each sheet is
stamped with the tournament, the date and the round, so a sheet on the wall is
never taken for another round's. A game's number is its board number."""

from ui.club.view import esc, pct, num, signed

KINDS = (("pairings", "Pairings sheet"), ("scorecards", "Scorecards"), ("crosstable", "Crosstable"))


def stamp(t, date, what):
    """The line every sheet carries: tournament, date, round."""
    return ('<p class="cl-stamp">' + esc(t["name"]) + " &middot; " + esc(date or "") + " &middot; "
            + esc(what) + "</p>")


def sheet(t, reply, kind, date):
    """The chosen sheet, with a close button (the page shows it before printing)."""
    rounds = reply.get("rounds", [])
    latest = rounds[-1] if rounds else None
    if kind == "crosstable":
        body = crosstable(t, reply, date)
    elif latest is None:
        body = '<p class="cl-note">No round is paired yet.</p>'
    elif kind == "scorecards":
        body = scorecards(t, latest, date)
    else:
        body = pairings(t, latest, date)
    return ('<section class="cl-card cl-sheet" id="cl-sheet" data-sheet="' + esc(kind) + '" aria-label="'
            + esc(dict(KINDS).get(kind, kind)) + '"><div class="cl-row no-print">'
            '<button type="button" class="primary" data-act="print">Print this sheet</button>'
            ' <button type="button" data-act="sheet" data-kind="">Close</button></div>' + body + "</section>")


def pairings(t, rd, date):
    r = rd["round"]
    rows = "".join("<tr><td>" + str(g["game"]) + "</td><td>" + esc(g["players"][0]) + "</td><td>"
                   + esc(g["players"][1]) + "</td></tr>" for g in rd["games"])
    mine = []
    for g in rd["games"]:
        a, b = g["players"]
        mine.append((a, str(g["game"]), b, "first"))
        mine.append((b, str(g["game"]), a, "second"))
    if rd.get("bye"):
        mine.append((rd["bye"], "&ndash;", "bye (a win by 50)", ""))
    mine.sort(key=lambda x: x[0].lower())
    alpha = "".join("<tr><td>" + esc(n) + "</td><td>" + board + "</td><td>" + (esc(o) if board != "&ndash;" else o)
                    + "</td><td>" + side + "</td></tr>" for n, board, o, side in mine)
    bye = ('<p class="cl-bye">Bye: <b>' + esc(rd["bye"]) + "</b></p>") if rd.get("bye") else ""
    return (stamp(t, date, "Round " + str(r) + " pairings") + '<h2>Round ' + str(r) + ": boards</h2>"
            '<table class="cl-table" id="cl-sheet-boards"><thead><tr><th>Board</th><th>Moves first</th>'
            "<th>Second</th></tr></thead><tbody>" + rows + "</tbody></table>" + bye
            + '<h2>Find your board</h2><table class="cl-table" id="cl-sheet-alpha"><thead><tr><th>Player</th>'
            "<th>Board</th><th>Opponent</th><th>Moves</th></tr></thead><tbody>" + alpha + "</tbody></table>")


def scorecards(t, rd, date):
    """One card a game: both players, the board, who moves first, boxes to fill."""
    r = rd["round"]
    cards = ""
    for g in rd["games"]:
        a, b = g["players"]
        line = ("<tr><th>" + "{}</th><td></td><td></td><td></td><td></td></tr>")
        cards += ('<article class="cl-scorecard">' + stamp(t, date, "Round " + str(r) + ", board " + str(g["game"]))
                  + "<h3>Board " + str(g["game"]) + ": " + esc(a) + " (moves first) v " + esc(b) + "</h3>"
                  '<table class="cl-table"><thead><tr><th>Player</th><th>Final score</th><th>Turns</th>'
                  "<th>End adjustment</th><th>Signature</th></tr></thead><tbody>"
                  + line.format(esc(a)) + line.format(esc(b)) + "</tbody></table></article>")
    return stamp(t, date, "Round " + str(r) + " scorecards") + '<div class="cl-cards">' + cards + "</div>"


def crosstable(t, reply, date):
    """Players in standings order; each round's cell: result, score and the opponent's
    place (W 402-377 #3), B for a bye, F for a forfeit."""
    rows = reply.get("standings", [])
    place = {r["player"]: i + 1 for i, r in enumerate(rows)}
    rounds = reply.get("rounds", [])
    cells = {}
    for rd in rounds:
        if rd.get("bye"):
            cells[(rd["bye"], rd["round"])] = "B +50"
        for g in rd["games"]:
            res = g.get("result")
            for side in (0, 1):
                me, other = g["players"][side], g["players"][1 - side]
                if res is None:
                    cell = "v #" + str(place.get(other, "?"))
                elif res["source"] == "forfeit":
                    cell = ("F +50" if res["scores"][side] else "F -50") + " #" + str(place.get(other, "?"))
                else:
                    mine, theirs = res["scores"][side], res["scores"][1 - side]
                    cell = (("W " if mine > theirs else ("T " if mine == theirs else "L ")) + str(mine) + "-"
                            + str(theirs) + " #" + str(place.get(other, "?")))
                cells[(me, rd["round"])] = cell
    head = "<tr><th>#</th><th>Player</th>" + "".join("<th>R" + str(rd["round"]) + "</th>" for rd in rounds) + (
        "<th>Wins</th><th>Win %</th><th>PPT</th><th>Spread</th></tr>")
    body = ""
    for i, r in enumerate(rows):
        body += ("<tr><td>" + str(i + 1) + "</td><td>" + esc(r["player"]) + "</td>"
                 + "".join("<td>" + esc(cells.get((r["player"], rd["round"]), "")) + "</td>" for rd in rounds)
                 + "<td>" + num(r["wins"]) + "</td><td>" + pct(r["win_pct"]) + "</td><td>" + ("%.2f" % r["ppt"])
                 + "</td><td>" + signed(r["spread"]) + "</td></tr>")
    last = "after round " + str(len(rounds)) if rounds else "before round 1"
    return (stamp(t, date, "Crosstable " + last) + '<div class="cl-scroll"><table class="cl-table" '
            'id="cl-crosstable"><thead>' + head + "</thead><tbody>" + body + "</tbody></table></div>"
            '<p class="cl-note">W win, L loss, T tie, B bye, F forfeit; #: the opponent\'s place above.</p>')
