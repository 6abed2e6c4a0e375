"""What the word judge may answer: any word, or during a game only the words on the
board and the 72 two-letter words (which players may consult at any time, RULES.md 3).

Pure and MicroPython-safe: it reads the page's state (ui/state.py) and never the DOM.
"""

# The 72 two-letter words (engine/rules.py TWO_LETTER_72; tests/ui checks they agree).
TWO_LETTER_72 = frozenset("""
AB AD AG AH AI AM AN AR AS AT AW AX AY BE BI BY DO ED EF EH EL EM EN ER EX FA GO HA HE
HI HO ID IF IN IS IT LA LI LO MA ME MI MU MY NO NU OF OH ON OR OS OW OX PA PI RE SH SI
SO TA TI TO UH UM UP US UT WE WO XI YE YO""".split())

MAX_WORDS = 20       # one request of the judge; more is no longer "a few words to check"
MAX_LETTERS = 40     # the engine's own bound (engine/meanings/define.py)
COLS = "ABCDEFGHIJKLMNOPQRSTU"

ANY = "any"
BOARD = "board"


def live_snap(s):
    """The game being played: a replay keeps it aside while an old position is shown."""
    replay = s.get("replay")
    if replay and replay.get("live"):
        return replay["live"]
    return s["snap"]


def mode(s):
    """(ANY or BOARD, the sentence that says why) for the page's state ``s``."""
    p = s.get("pn") or {}
    rv = s.get("rv") or {}
    if p.get("open") == "review" and rv.get("past"):
        return ANY, "Any word: this is the review of a past game."
    if p.get("open") == "past" and p.get("replay"):
        return ANY, "Any word: this is a past game's replay."
    snap = live_snap(s)
    if snap.get("phase") in ("over", "view") or snap.get("readonly"):
        return ANY, "Any word: no game is in progress."
    seats = snap.get("seats") or []
    if not seats:
        return ANY, "Any word: no game is in progress."
    return BOARD, ("A game is in progress, so the judge answers only for the words on the board "
                   "and the 72 two-letter words (which players may consult at any time). "
                   "After the game, any word.")


def pending_words(s):
    """The words of a play whose judgment is still open (it may be challenged, or checked
    in the large list): telling whether they are good would decide it for the players."""
    snap = live_snap(s)
    legal = snap.get("legal") or {}
    if not (legal.get("challenge") or legal.get("check") or s.get("check_seat", -1) >= 0):
        return set()
    for t in reversed(snap.get("turns") or []):
        if t.get("kind") in ("play", "invalid"):
            return set(w.upper() for w in t.get("words") or [])
    return set()


def _square(sq):
    if not isinstance(sq, str) or len(sq) < 2 or sq[0] not in COLS or not sq[1:].isdigit():
        return None
    return int(sq[1:]) - 1, COLS.index(sq[0])


def board_words(snap):
    """Every word on the board: each run of two or more tiles, across and down."""
    size = snap.get("size") or 15
    grid = {}
    for t in snap.get("tiles") or []:
        rc = _square(t.get("sq"))
        if rc is not None and t.get("letter"):
            grid[rc] = t["letter"].upper()
    words = set()
    for line in range(size):
        for across in (True, False):
            run = ""
            for i in range(size + 1):
                letter = grid.get((line, i) if across else (i, line)) if i < size else None
                if letter:
                    run += letter
                else:
                    if len(run) >= 2:
                        words.add(run)
                    run = ""
    return words


def parse(text):
    """(words in capitals, in order and once each; [(token, why it is no word)])."""
    words, bad = [], []
    token = ""
    for ch in (text or "") + " ":
        if ch in " \t\r\n,;":
            if token:
                if len(token) > MAX_LETTERS:
                    bad.append((token[:12] + "\u2026", "is longer than " + str(MAX_LETTERS) + " letters"))
                elif not all("A" <= c <= "Z" for c in token.upper()):
                    bad.append((token, "is not a word of letters A-Z"))
                elif token.upper() not in words:
                    words.append(token.upper())
                token = ""
        else:
            token += ch
    if len(words) > MAX_WORDS:
        bad.append((words[MAX_WORDS] + "\u2026", "and the rest: at most " + str(MAX_WORDS) + " words at a time"))
        words = words[:MAX_WORDS]
    return words, bad


def allowed(word, how, on_board, pending=()):
    """"" when the judge may answer for ``word``, else why not (``pending``: see pending_words)."""
    if how == ANY:
        return ""
    if word in pending:
        return (word + " was just played and may still be challenged or checked: "
                "its verdict comes with the judgment, not before.")
    if word in on_board or word in TWO_LETTER_72:
        return ""
    return word + " is not on the board: during a game the judge answers only for the board's words and the 72 two-letter words."
