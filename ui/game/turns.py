"""How one turn reads, for every view of it: the sentence the page says after a turn
(ui/view.message_text, ui/state's announcements), and its score breakdown (the
history panel, ui/panels_view, and the replay bar, ui/replay).

Pure and MicroPython-safe; imports nothing of the UI but the word buttons (a leaf,
ui/words/view.py), so every view module and ui/state can use it. Every text from a game record goes through html.escape.
"""

from html import escape

from ui.words.view import word_button


def _e(value):
    return escape(str(value))


def seat_name(snap, seat):
    seats = snap.get("seats", [])
    return seats[seat].get("name", "") if 0 <= seat < len(seats) else ""


def sees(s, seat):
    """Whether the person at this screen may know ``seat``'s hidden tiles (an exchange's
    letters): everyone once the game is over, else only the seat whose rack the screen
    shows (against the computer, the human; in hot seat, the player to move)."""
    r = s.get("replay")
    live = r["live"] if r else s["snap"]
    if live.get("phase") == "over" or live.get("readonly"):
        return True
    shown = r.get("seat", -1) if r else s.get("rack_seat", -1)
    return seat >= 0 and seat == shown


def move_text(s, t):
    """A turn's move as the person at this screen may read it: an exchange by someone
    else is "exchanged 6", never its letters."""
    text = t.get("move") or t.get("text", "")
    if t.get("kind") == "exchange" and not sees(s, t.get("player", -1)):
        return "exchanged " + str(len(text.lstrip("-").split(" @")[0].strip()))
    if t.get("kind") == "pass":
        return "pass"
    return text


def whose(name):
    """The possessive a player reads: "Your" for the seat named You, else "Ann's"."""
    return "Your" if name == "You" else name + "'s"


def one_decimal(x):
    """Points per turn as people read them: 96.6, 30.0 (never 96.59999999999999)."""
    try:
        return "%.1f" % float(x)
    except (TypeError, ValueError):
        return ""


def play_words(text):
    """A play's move text as a player reads it: "pick K11; 11G MUTATIoNAL" -> "picked off
    tiles and played MUTATIONAL", "8D ZEbRAS" -> "played ZEBRAS", "Wi[Q]GWAM" -> "played
    WIGWAM" (engine/records/snapshot.play_in_words also names the tiles picked off)."""
    parts = [p.strip() for p in str(text).split(";")]
    written = parts[-1].split(" ", 1)[-1]
    word, skip = "", False
    for c in written:
        if c == "[":
            skip = True
        elif c == "]":
            skip = False
        elif not skip and c.isalpha():
            word += c.upper()
    said = []
    for p in parts[:-1]:
        if p.lower().startswith("pick") and "picked off tiles" not in said:
            said.append("picked off tiles")
        elif p.lower().startswith("swap"):
            said.append("swapped a blank")
    return " and ".join(said + ["played " + (word or written)])


def turn_text(snap, t):
    """One turn in a player's words (when the engine's message is empty)."""
    who = seat_name(snap, t.get("player", -1))
    kind, text, score = t.get("kind", ""), t.get("text", ""), t.get("score", 0)
    bad = ", ".join(t.get("invalid", []))
    if kind == "play":
        return who + " " + play_words(text) + " for " + str(score) + "."
    if kind == "pass":
        return who + " passed."
    if kind == "exchange":
        return who + " exchanged tiles."
    if kind == "retry":
        return (whose(who) + " play " + text + " did not stand (" + bad + " not in the word list): "
                "the tiles are back; play again.")
    if kind == "invalid":
        return whose(who) + " play " + text + " did not stand: " + bad + " not in the word list."
    if kind == "phony":
        owner = "your" if who == "You" else whose(who)
        return "Challenge upheld: " + bad + " not in the word list; " + owner + " play " + text + " comes off."
    if kind == "lost":
        return "Challenge failed: " + ("you lose" if who == "You" else who + " loses") + " the next turn."
    if kind == "free":
        return "Challenge failed: the play is good; no penalty in a free challenge."
    if kind == "trade":
        return who + " made a free trade."
    return ""


def breakdown_html(t):
    """One line's breakdown: words with their letters and premiums, bonuses, swaps,
    pick-offs and what a judgment did."""
    parts = []
    bd = t.get("breakdown") or {}
    if not isinstance(bd, dict):
        bd = {}
    rows = []
    for w in bd.get("breakdown") or []:
        word = w.get("word", "")
        letters = []
        for i, letter in enumerate(w.get("letters") or []):
            ch = word[i] if i < len(word) else "?"
            prem = letter.get("premium") or ""
            letters.append(_e(letter.get("square", "")) + " " + _e(ch) + " " + str(letter.get("value", 0))
                           + (" " + _e(prem) if prem and letter.get("new") else "")
                           + ("" if letter.get("new") else " (on the board)"))
        mult = w.get("multiplier", 1)
        rows.append('<tr data-word="' + _e(word) + '" data-score="' + str(w.get("score", 0)) + '"><th scope="row">'
                    + word_button(word) + "</th><td>" + "; ".join(letters) + "</td><td>"
                    + ("\u00d7" + str(mult) if mult and mult != 1 else "") + "</td><td>" + str(w.get("score", 0))
                    + "</td></tr>")
    if rows:
        parts.append('<table class="pn-words"><thead><tr><th scope="col">Word</th><th scope="col">Letters '
                     '(square, letter, value, premium)</th><th scope="col">Word \u00d7</th><th scope="col">'
                     "Score</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
    bonus = bd.get("bonus") or {}
    for key in sorted(bonus):
        if bonus[key]:
            parts.append('<p data-bonus="' + _e(key) + '">' + _e(key.replace("_", " ")) + " bonus +"
                         + str(bonus[key]) + "</p>")
    if bd.get("tiles_played"):
        parts.append("<p>Tiles played: " + str(bd["tiles_played"]) + "</p>")
    if t.get("swaps"):
        parts.append("<p>Swapped a blank or flipped tile on " + _e(", ".join(t["swaps"])) + "</p>")
    if t.get("picks"):
        parts.append("<p>Picked off " + _e(", ".join(t["picks"])) + "</p>")
    if t.get("invalid"):
        parts.append("<p>Not in the word list: " + _e(", ".join(t["invalid"])) + "</p>")
    if t.get("kind") == "exchange":
        n = max(0, len(t.get("text", "")) - 1)
        parts.append("<p>Exchanged " + str(n) + (" tile" if n == 1 else " tiles") + ".</p>")
    if t.get("outcome"):
        parts.append('<p class="pn-outcome">' + _e(t["outcome"]) + "</p>")
    if t.get("hinted"):
        parts.append("<p>A hint was used for this turn.</p>")
    if "total" in t:
        parts.append('<p class="pn-total" data-score="' + str(t.get("score", 0)) + '">Score '
                     + str(t.get("score", 0)) + ", total " + str(t["total"]) + "</p>")
    return "".join(parts)
