"""What a player by ear hears, as plain sentences: a move told in full (where, which way,
the word spelled with its blanks, the cross-words, the score), a rack spelled (or in
NATO words), the scores, the end. Pure and MicroPython-safe; the live region's text is
chosen by ui/ear/hooks.py and ui/render.py."""

from ui.game.turns import move_text, one_decimal, play_words, seat_name, turn_text

NATO = {"A": "Alfa", "B": "Bravo", "C": "Charlie", "D": "Delta", "E": "Echo", "F": "Foxtrot", "G": "Golf",
        "H": "Hotel", "I": "India", "J": "Juliett", "K": "Kilo", "L": "Lima", "M": "Mike", "N": "November",
        "O": "Oscar", "P": "Papa", "Q": "Quebec", "R": "Romeo", "S": "Sierra", "T": "Tango", "U": "Uniform",
        "V": "Victor", "W": "Whiskey", "X": "X-ray", "Y": "Yankee", "Z": "Zulu"}


def spell(written):
    """A word as written in a move ("FOcUSERS", "ZEBRAs[Z]") spelled letter by letter:
    "F O blank-C U S E R S", "Z E B R A S-as-a-face-down-Z"."""
    out = []
    i = 0
    while i < len(written):
        c = written[i]
        flipped = ""
        if i + 1 < len(written) and written[i + 1] == "[":
            end = written.find("]", i)
            flipped = written[i + 2:end] if end > 0 else ""
            i = end if end > 0 else i
        if flipped:
            out.append(c.upper() + "-as-a-face-down-" + flipped)
        elif c.isalpha() and c.islower():
            out.append("blank-" + c.upper())
        elif c.isalpha():
            out.append(c)
        i += 1
    return " ".join(out)


def rack_letters(letters, nato=False):
    """A rack spelled, "D E I S S T U" ("blank" for ?), or in NATO words."""
    if not letters:
        return "empty"
    names = []
    for c in sorted(letters, key=lambda x: (x == "?", x)) if nato else letters:
        if c == "?":
            names.append("blank")
        else:
            names.append(NATO.get(c, c) if nato else c)
    return (", " if nato else " ").join(names)


def coordinate_words(coord):
    """ "8D" -> "8D, across"; "D8" -> "D8, down"."""
    if not coord:
        return ""
    return coord + (", across" if coord[0].isdigit() else ", down")


def _placement(text):
    """(coordinate, word as written) of a move's last part: "pick K11; 11G MUTATIoNAL"."""
    last = str(text).split(";")[-1].strip()
    if " " not in last:
        return "", ""
    coord, word = last.split(" ", 1)
    return coord, word.strip()


def turn_words(s, t):
    """One turn told in full for the ear: a play with where, which way, the word spelled
    with its blanks, the other words it made and its score; else the turn's own sentence."""
    snap = s["snap"]
    if t.get("kind") not in ("play", "final"):
        return turn_text(snap, t) or (seat_name(snap, t.get("player", -1)) + " " + move_text(s, t) + ".")
    who = seat_name(snap, t.get("player", -1))
    coord, written = _placement(t.get("text", ""))
    main = play_words(t.get("text", ""))
    out = who + " " + main + " at " + coordinate_words(coord) + ", spelled " + spell(written)
    words = list(t.get("words") or [])
    plain = "".join(c for c in written.split("[")[0] if c.isalpha()).upper() if "[" not in written else ""
    if plain and plain in words:
        words.remove(plain)
    elif words:
        words = words[1:]
    if words:
        out += "; also " + ", ".join(words)
    return out + "; " + str(t.get("score", 0)) + (" point." if t.get("score", 0) == 1 else " points.")


def scores(snap):
    """ "You 120, Computer 84: you lead by 36." """
    seats = snap.get("seats", [])
    pts = snap.get("scores", [])
    parts = [seats[i].get("name", "") + " " + str(pts[i]) for i in range(min(len(seats), len(pts)))]
    out = ", ".join(parts)
    if len(pts) == 2 and len(seats) == 2:
        gap = pts[0] - pts[1]
        if gap == 0:
            out += ": level"
        else:
            lead = seats[0 if gap > 0 else 1].get("name", "")
            out += ": " + ("you lead" if lead == "You" else lead + " leads") + " by " + str(abs(gap))
    return out + "."


def bag(snap):
    n = snap.get("bag", 0)
    return str(n) + (" tile" if n == 1 else " tiles") + " in the bag."


def your_rack(s):
    """ "Your rack: D E I S S T U." for the rack this screen shows, "" when none."""
    racks = s["snap"].get("racks", [])
    seat = s.get("rack_seat", -1)
    if seat < 0 or seat >= len(racks) or s.get("handover", -1) >= 0:
        return ""
    name = seat_name(s["snap"], seat)
    head = "Your rack" if name == "You" or len([1 for x in s["snap"].get("seats", []) if x.get("kind") == "human"]) == 1 \
        else name + "'s rack"
    return head + ": " + rack_letters(racks[seat]) + "."


def the_end(snap):
    """Who won, the scores, the points per turn, and why the game ended."""
    seats = snap.get("seats", [])
    names = [seats[i].get("name", "") for i in snap.get("winner", []) if i < len(seats)]
    head = ("Game over. Winner: " + names[0] + ".") if len(names) == 1 else (
        "Game over. A tie: " + " and ".join(names) + ".")
    ppt = snap.get("ppt", [])
    per = ", ".join(seats[i].get("name", "") + " " + one_decimal(ppt[i]) for i in range(min(len(seats), len(ppt))))
    reason = snap.get("end_reason", "")
    return (head + " Final scores: " + scores(snap) + (" Points per turn: " + per + "." if per else "")
            + (" The game ended: " + reason + "." if reason else ""))


def preview(s):
    """The live score in a few words: "8D CAT, 10 points" or why it is not allowed."""
    p = s.get("preview")
    if not p or p.get("pending") or s.get("engine") != "ready":
        return ""
    if not p.get("legal"):
        return p.get("error") or "Not a legal play."
    bad = p.get("invalid_words") or []
    return ((p.get("move") or "") + ", " + str(p.get("score", 0)) + " points"
            + ("; not in the word list: " + ", ".join(bad) if bad else "") + ".")


def position(tiles, size, cols="ABCDEFGHIJKLMNOPQRSTU"):
    """A board in words, row by row, only the rows with tiles: "Row 8: D W, E A, F I."
    ``tiles`` maps a square ("D8") to its letter (lower case: a blank)."""
    rows = []
    for r in range(size):
        parts = []
        for c in range(size):
            letter = tiles.get(cols[c] + str(r + 1))
            if letter:
                parts.append(cols[c] + " " + (("blank " + letter.upper()) if letter.islower() else letter))
        if parts:
            rows.append("Row " + str(r + 1) + ": " + ", ".join(parts) + ".")
    return " ".join(rows) if rows else "The board is empty."
