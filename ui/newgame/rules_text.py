"""The words players read about the rules: preset names, one-screen summaries,
the custom-rules knobs and the About panel.

Runs under CPython and MicroPython (the page's UI thread cannot import the
engine), so: no dataclasses/typing/enum, no regex, and every ordered thing is a
tuple or list (MicroPython dicts do not keep order; dicts here are lookups only).
The preset values below mirror engine/rules.py PRESETS so a summary can be shown
before the engine has loaded; tests/site/test_rules_text.py checks them knob by knob.
Values are kept as rules-string text ("7", "1", "5:10+6:30+7:50", "none").
"""

# (key, title, one-line tagline), in display order.
PRESETS = (
    ("classic", "Classic",
     "The classic rules: 15x15 board, 7-tile rack, 2-letter words, double challenge."),
    ("o", "Word Lovers O",
     "Regular dictionary, 3-letter minimum, good words only, stepped and stretch bonuses."),
    ("i", "Word Lovers I",
     "O on the big 21x21 board, with a fresh scoop of 100 tiles every game."),
    ("ii", "Word Lovers II",
     "I with an 8-tile rack, bigger bonuses and the small-word point cap."),
    ("iii", "Word Lovers III",
     "For BIG word lovers: 6-letter minimum, JQXZ wild, pick off tiles to stretch words."),
    ("richard", "Richard's house rules",
     "Classic with free retries, free trades, split blanks and derived word forms."),
)

# Every knob of the classic preset, in the engine's order (rules-string text).
_CLASSIC = (
    ("board", "classic15"), ("tiles", "classic100"), ("rack", "7"), ("lex", "large"),
    ("form", "0"), ("two", "lexicon"), ("min", "2"), ("judge", "challenge"), ("largecheck", "0"),
    ("prem", "multiply"), ("cap", "0"), ("big", "7:50"), ("stretch", "0"),
    ("stable", "none"), ("pick", "0"), ("wild", "0"), ("swap", "0"), ("end", "scoreless"),
    ("adjust", "classic"), ("final", "0"), ("clock", "0"), ("clockrule", "overtime"),
    ("reveal", "0"), ("split", "0"), ("trades", "0"), ("derived", "0"),
    ("add", "none"), ("taboo", "none"),
)
_FOURS = "1:0+2:20+3:40+4:60+5:80"
_FIVES = "1:0+2:30+3:50+4:70+5:90+6:100"
# (preset, the preset it starts from, the knobs it changes)
_DERIVED = (
    ("o", "classic", (
        ("tiles", "o100"), ("lex", "main"), ("form", "1"), ("two", "72"), ("min", "3"), ("judge", "good"),
        ("largecheck", "1"), ("prem", "add"), ("big", "5:10+6:30+7:50"), ("stretch", "4"),
        ("stable", _FOURS), ("swap", "1"), ("end", "cycle"), ("clockrule", "timesup"))),
    ("i", "o", (("board", "extended21"), ("tiles", "nice300"))),
    ("ii", "i", (
        ("rack", "8"), ("cap", "1"), ("big", "6:20+7:50+8:80"), ("stretch", "5"),
        ("stable", _FIVES))),
    ("iii", "ii", (
        ("tiles", "wild298"), ("min", "6"), ("stretch", "6"), ("pick", "2"), ("wild", "1"))),
    ("richard", "classic", (
        ("judge", "retry"), ("reveal", "1"), ("split", "1"), ("trades", "1"),
        ("derived", "1"))),
)

_B = ("0", "1")
# House words (engine/lexicon/house_words.py): a rules string's list is lowercase words
# joined by '+', or 'none'; 'sauter' stands for Sauter's list for on-line play.
NONE = "none"
SAUTER = "sauter"
SAUTER_TEXT = "Sauter's list for on-line play"
SAUTER_ABOUT = "Q-without-U words such as QI, QAT, SUQ; Hebrew letters such as FE, PE, VAV"
_SEPARATORS = (",", "+", ";", "\t", "\n", "\r")
# (short name, label, kind, choices or (min, max), help), in the engine's order.
KNOBS = (
    ("board", "Board", "choice", ("classic15", "extended21"),
     "15x15, or 21x21: the classic board with 3 plain rows around it."),
    ("tiles", "Tile set", "choice", ("classic100", "o100", "nice300", "wild298"),
     "Which tiles go in the bag."),
    ("rack", "Rack size", "int", (5, 10),
     "Tiles on a rack; an exchange needs this many tiles in the bag."),
    ("lex", "Word list", "choice", ("main", "large"),
     "Main: a regular dictionary. Large: a bigger list for word-game players."),
    ("form", "Formatives", "bool", _B,
     "With the main list: a large-list word made of a main word and a prefix or ending "
     "(RE-, UN-, -S, -ED, -ING, -NESS...) is good too."),
    ("two", "Two-letter words", "choice", ("lexicon", "72"),
     "Every two-letter word of the word list, or only the 72 respectable ones."),
    ("min", "Minimum main word", "int", (2, 10),
     "The word holding all your new tiles must be at least this long."),
    ("judge", "Word judgment", "choice", ("challenge", "good", "retry", "free"),
     "What happens to a play with a word that is not in the list."),
    ("largecheck", "Check the large list", "bool", _B,
     "After a failed play, ask the large list: found, play again; not found, lose the play's value."),
    ("prem", "Word squares", "choice", ("multiply", "add"),
     "Two word squares in one word multiply (x4, x9) or add up (x4, x5, x6)."),
    ("cap", "Small-word point cap", "bool", _B,
     "In words of 2-4 letters a letter is worth at most the word's length."),
    ("big", "Big-play bonus", "table", ("7:50", "5:10+6:30+7:50", "6:20+7:50+8:80", "none"),
     "Bonus points by tiles played in one turn (tiles:points)."),
    ("stretch", "Stretch bonus from", "choice", ("0", "3", "4", "5", "6", "7", "8"),
     "Lengthening a word at least this long earns the stretch table (0: no stretch bonus)."),
    ("stable", "Stretch bonus table", "table", ("none", _FOURS, _FIVES),
     "Stretch bonus points by tiles played (tiles:points; the last row covers more)."),
    ("pick", "Pick off trailing tiles", "int", (0, 2),
     "Tiles you may pick off the end of a word to stretch it."),
    ("wild", "JQXZ wild", "bool", _B,
     "J, Q, X and Z may be flipped and played as blanks, or face up for a bonus."),
    ("swap", "Swap for the blank", "bool", _B,
     "Put the letter a blank stands for in its place and take the blank."),
    ("end", "Game end", "choice", ("scoreless", "cycle"),
     "When a game ends if nobody uses up their tiles."),
    ("adjust", "End adjustment", "choice", ("classic", "transfer", "none"),
     "What the tiles left on the racks cost or earn at the end."),
    ("final", "Swap final racks round", "bool", _B,
     "Two players: after the end, each tries a play with the other's last tiles."),
    ("clock", "Clock per player", "minutes", (0, 180),
     "Minutes of thinking time for each player (1.5 is a minute and a half); 0 plays without a clock."),
    ("clockrule", "When time runs out", "choice", ("overtime", "timesup"),
     "Play on and lose 10 points a started minute, or stop playing."),
    ("reveal", "Revealed racks", "bool", _B,
     "Once the bag is empty, every rack is shown."),
    ("split", "Split blanks", "bool", _B,
     "Blanks are shared out between the players as far as possible."),
    ("trades", "Free trades", "bool", _B,
     "A rack with two pairs, three alike, six vowels or six consonants may trade tiles free."),
    ("derived", "Derived word forms", "bool", _B,
     "RE-, -ER and -LIKE forms of listed words are good too (Richard's rule)."),
    ("add", "Words you add", "words", (NONE,),
     "Words the players agree are good, whatever the list says."),
    ("taboo", "Words you forbid", "words", (NONE, SAUTER),
     "Words the players agree are not played, even if the list has them."),
)

# Words for the choice values.
_CHOICE_TEXT = {
    ("board", "classic15"): "15x15", ("board", "extended21"): "21x21 (15x15 inside)",
    ("tiles", "classic100"): "classic 100 tiles", ("tiles", "o100"): "100 tiles, one I made a blank",
    ("tiles", "nice300"): "100 scooped from the nice 300",
    ("tiles", "wild298"): "100 scooped from the JQXZ-wild 298",
    ("lex", "main"): "main (regular dictionary)", ("lex", "large"): "large",
    ("two", "lexicon"): "all in the word list", ("two", "72"): "the 72 respectable ones",
    ("judge", "challenge"): "double challenge", ("judge", "good"): "good words only",
    ("judge", "retry"): "free retry", ("judge", "free"): "free challenge (no penalty)",
    ("prem", "multiply"): "multiply", ("prem", "add"): "add up",
    ("end", "scoreless"): "after turns without a play",
    ("end", "cycle"): "after a round adds no tile",
    ("adjust", "classic"): "classic", ("adjust", "transfer"): "transfer", ("adjust", "none"): "none",
    ("clockrule", "overtime"): "overtime, -10 a started minute",
    ("clockrule", "timesup"): "time's up when time's up",
}


def house_words(text):
    """A house list as typed ('logophile, pangram') or as a rules string has it
    ('logophile+pangram'): its words in lowercase, once each, in order; 'none': []."""
    text = str(text).lower()
    for sep in _SEPARATORS:
        text = text.replace(sep, " ")
    out, seen = [], set()
    for word in text.split():
        if word not in seen:
            seen.add(word)
            out.append(word)
    return [] if out == [NONE] else out


def _words_shown(words, most=12):
    """'Sauter's list for on-line play (...) and LOGOPHILE, PANGRAM', for a summary."""
    own = [w.upper() for w in words if w != SAUTER]
    own = own[:most] + (["%d more" % (len(own) - most)] if len(own) > most else [])
    parts = [SAUTER_TEXT + " (" + SAUTER_ABOUT + ")"] if SAUTER in words else []
    return " and ".join(parts + ([", ".join(own)] if own else []))


def _text(value):
    """Any knob value (engine type or rules-string text) as rules-string text."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (tuple, list)) and value and isinstance(value[0], str):
        return "+".join(value).lower()  # house words
    if isinstance(value, (tuple, list)):
        return "+".join("%d:%d" % (n, p) for n, p in value) or "none"
    return str(value).strip()


def _table(text):
    """'5:10+6:30' -> [(5, 10), (6, 30)]; 'none' -> []."""
    if text in ("", "none"):
        return []
    rows = []
    for item in text.split("+"):
        n, _, p = item.partition(":")
        rows.append((int(n), int(p)))
    return rows


def _knob(short):
    for knob in KNOBS:
        if knob[0] == short:
            return knob
    raise ValueError("unknown rules knob %r" % short)


def preset_title(key):
    for k, title, _ in PRESETS:
        if k == key:
            return title
    raise ValueError("unknown preset %r" % key)


def preset_values(key):
    """The knobs of a preset as {short name: rules-string text} (a lookup)."""
    if key == "classic":
        return dict(_CLASSIC)
    for name, base, changes in _DERIVED:
        if name == key:
            values = preset_values(base)
            for short, text in changes:
                values[short] = text
            return values
    raise ValueError("unknown preset %r" % key)


def rules_values(rules):
    """(preset key, values) for a preset key or a rules string such as 'ii,cap=0'."""
    parts = [p.strip() for p in rules.strip().split(",")]
    key = parts[0].lower()
    values = preset_values(key)
    for part in parts[1:]:
        short, sep, raw = part.partition("=")
        short = short.strip()
        if not sep or short not in values:
            raise ValueError("rules option %r is not knob=value with a known knob" % part)
        values[short] = raw.strip()
    return key, values


def _tiles_n(n):
    return "1 tile" if n == 1 else "%d tiles" % n


def knob_value_text(short, value):
    """'Minimum main word: 6 letters', for showing a changed knob."""
    label = _knob(short)[1]
    text = _text(value)
    if (short, text) in _CHOICE_TEXT:
        shown = _CHOICE_TEXT[(short, text)]
    elif _knob(short)[2] == "bool":
        shown = "on" if text == "1" else "off"
    elif short == "min":
        shown = "%s letters" % text
    elif short == "rack":
        shown = _tiles_n(int(text))
    elif short == "pick":
        shown = "off" if text == "0" else "up to " + _tiles_n(int(text))
    elif short == "stretch":
        shown = "off" if text == "0" else "words of %s+ letters" % text
    elif _knob(short)[2] == "words":
        words = house_words(text)
        shown = _words_shown(words, 5) if words else "none"
    elif short == "clock":
        secs = int(text)
        shown = "off" if secs == 0 else _duration(secs)
    elif _knob(short)[2] == "table":
        rows = _table(text)
        # the stretch table's last row covers longer stretches too
        shown = _bonus_rows(rows, 99 if short == "stable" else 0) if rows else "none"
    else:
        shown = text
    return "%s: %s" % (label, shown)


def _duration(secs):
    minutes, rest = divmod(secs, 60)
    if rest == 0:
        return "1 minute" if minutes == 1 else "%d minutes" % minutes
    return "%d min %d s" % (minutes, rest)


def _bonus_rows(rows, rack):
    """'5 tiles +10, 6 tiles +30, 7 tiles +50'; the last row says '+' when it covers more."""
    out = []
    for i, (n, p) in enumerate(rows):
        last = i == len(rows) - 1
        count = ("%d+ tiles" % n) if (last and n < rack) else _tiles_n(n)
        out.append("%s %s" % (count, ("+%d" % p) if p else "0"))
    return ", ".join(out)


def _board_text(v):
    rack = int(v["rack"])
    if v["board"] == "extended21":
        board = ("Big 21x21 board: the classic 15x15 board in the middle with 3 plain rows "
                 "on every side. The main word of every play must cover a square of the "
                 "inner 15x15.")
    else:
        board = "Classic 15x15 board; the first play covers the centre star."
    tiles = {
        "classic100": "The classic 100 tiles, with 2 blanks.",
        "o100": "100 tiles: the classic set with one I made a blank (3 blanks).",
        "nice300": ("A fresh random scoop of 100 tiles from a 300-tile set with a more "
                    "natural mix of letters (about 3 blanks a game)."),
        "wild298": ("A fresh random scoop of 100 tiles from a 298-tile set with more J, Q, "
                    "X and Z and fewer blanks (about 1 blank a game)."),
    }[v["tiles"]]
    return "%s %s Racks hold %d tiles." % (board, tiles, rack)


def _min_text(v):
    n = int(v["min"])
    if n == 2:
        return ("The main word (the one holding all your new tiles) must be at least 2 "
                "letters long, as in the classic game.")
    return ("The main word (the one holding all your new tiles) must be at least %d "
            "letters long. Cross-words may be shorter, but hooking a short word onto a "
            "long one does not count: the main word is still the short one." % n)


def _words_text(v):
    if v["lex"] == "main":
        text = "A regular dictionary (the main list, about 114,000 words)."
    else:
        text = "The large list (about 183,000 words, for word-game players)."
    if v["two"] == "72":
        text += " Two-letter words: only the 72 respectable ones, shown in the rules."
    if v["form"] == "1" and v["lex"] == "main":
        text += (" Formatives are good too: a word of the large list made of a main word "
                 "and a prefix (RE-, UN-, OVER-...) and/or an ending (-S, -ED, -ING, "
                 "-NESS...), such as NIGHTTIMES or REATTACKED.")
    if v["derived"] == "1":
        text += (" Also good: RE- and -ER forms of listed verbs, their plurals, -INGS, "
                 "and -LIKE on plain nouns (Richard's derived forms).")
    add, taboo = house_words(v["add"]), house_words(v["taboo"])
    if add:
        text += " House words added: %s." % _words_shown(add)
    if taboo:
        text += " House words forbidden: %s." % _words_shown(taboo)
    return text



def _scoring_text(v):
    rack = int(v["rack"])
    parts = []
    if v["prem"] == "add":
        parts.append("Word squares add up: two doubles x4, double and triple x5, two "
                     "triples x6.")
    else:
        parts.append("Word squares multiply: two doubles x4, two triples x9.")
    big = _table(v["big"])
    if len(big) == 1:
        n, p = big[0]
        more = " or more" if n < rack else ""
        parts.append("Play %s%s at once: +%d." % (_tiles_n(n), more, p))
    elif big:
        parts.append("Big plays: %s." % _bonus_rows(big, rack))
    stretch, stable = int(v["stretch"]), _table(v["stable"])
    if stretch and stable:
        parts.append("Stretch a word of %d+ letters already on the board into a longer one, "
                     "by tiles played: %s, on top of the big-play bonus."
                     % (stretch, _bonus_rows(stable, 99)))
    if v["wild"] == "1":
        parts.append("Each J, Q, X or Z played face up in a word of 6+ letters: +10 (6 "
                     "letters), +20 (7), +30 (8 or more).")
    if v["cap"] == "1":
        parts.append("Small-word cap: in a word of 2-4 letters a letter is worth at most the "
                     "word's length (Q is 2 in QI, 4 in QAID).")
    return " ".join(parts)


def _moves_text(v):
    parts = []
    if v["swap"] == "1":
        parts.append("Swap for the blank: put the letter a blank stands for in its place "
                     "and take the blank.")
    if v["wild"] == "1":
        parts.append("JQXZ wild: play a J, Q, X or Z face up, or flip it to use as a blank.")
    pick = int(v["pick"])
    if pick:
        parts.append("Pick off up to %s from the free end of a word to stretch it into "
                     "a longer word." % _tiles_n(pick))
    if v["trades"] == "1":
        parts.append("Free trade at the start of your turn if your rack has two pairs, three "
                     "alike, six vowels or six consonants.")
    if not parts:
        parts.append("None: place tiles, exchange or pass.")
    parts.append("Exchanging needs at least %s in the bag." % _tiles_n(int(v["rack"])))
    return " ".join(parts)


def _judgment_text(v):
    judge = v["judge"]
    if judge in ("challenge", "free"):
        text = (("Double" if judge == "challenge" else "Free") + " challenge: a play stands unless someone "
                "challenges it. A challenged play with a bad word comes off and scores 0; challenging a good "
                "play " + ("costs the challenger their next turn." if judge == "challenge" else
                           "costs nothing: the game goes on as if nobody had challenged."))
    elif judge == "retry":
        text = ("Free retry: a play with a word not in the list is taken back and you "
                "play again, at no cost.")
    else:
        text = ("Good words only: every word is checked after you play. A play with a bad "
                "word scores 0, comes off, and your turn ends.")
    if v["largecheck"] == "1":
        text += (" When a play fails you may check the large list: if every failed word is "
                 "there, take the play back and play again; if not, the play's full value "
                 "is taken off your score (it can go below zero).")
    return text


def _end_text(v):
    if v["end"] == "cycle":
        text = ("The game ends when someone uses their last tile with the bag empty, when a "
                "whole round of turns adds no tile while the bag is too low to exchange, or "
                "after 4 turns per player in a row without a play.")
    else:
        text = ("The game ends when someone uses their last tile with the bag empty, or "
                "after 3 turns per player in a row without a play (6 for two players).")
    adjust = v["adjust"]
    if adjust == "classic":
        text += (" Going out earns twice the value of the tiles left on the other racks; "
                 "otherwise everyone loses the value of their own tiles.")
    elif adjust == "transfer":
        text += (" Going out earns the value of the tiles left on the other racks, and "
                 "each other player loses their own.")
    else:
        text += " Tiles left on racks do not count."
    if v["final"] == "1":
        text += (" Swap final racks (two players): then each may try one play with the "
                 "other's tiles: found, its score + 50; a bad word, its value is lost.")
    clock = int(v["clock"])
    if clock:
        if v["clockrule"] == "timesup":
            text += (" Clock: %s each; time's up when time's up: a player out of time "
                     "stops playing." % _duration(clock))
        else:
            text += (" Clock: %s each; after that, 10 points off per started minute."
                     % _duration(clock))
    return text


def _extras_text(v):
    parts = []
    if v["reveal"] == "1":
        parts.append("Once the bag is empty, every rack is shown.")
    if v["split"] == "1":
        parts.append("Blanks are shared out: you cannot draw a blank while you have drawn "
                     "more blanks than another player, unless only blanks remain.")
    return " ".join(parts)


def summary(rules):
    """One screen of (heading, text) for a preset key or a rules string ('ii,cap=0')."""
    _, v = rules_values(rules)
    pairs = [
        ("Board", _board_text(v)),
        ("Minimum word", _min_text(v)),
        ("Word list", _words_text(v)),
        ("Scoring and bonuses", _scoring_text(v)),
        ("Special moves", _moves_text(v)),
        ("Judgment", _judgment_text(v)),
        ("End of game", _end_text(v)),
    ]
    extras = _extras_text(v)
    if extras:
        pairs.append(("House extras", extras))
    return pairs


def changed_knobs(rules):
    """[(short, 'Label: value'), ...] for the knobs a rules string changes, in KNOBS order."""
    key, v = rules_values(rules)
    base = preset_values(key)
    return [(k[0], knob_value_text(k[0], v[k[0]])) for k in KNOBS if _text(v[k[0]]) != base[k[0]]]


ABOUT = [
    ("Word Lovers' Crossword",
     "A crossword game with letter tiles for people who love words, for 2 to 4 players "
     "on one device, against the computer or each other. Everything runs in your "
     "browser; nothing is sent anywhere."),
    ("The rules",
     "The Word Lovers rule sets O, I, II and III are Donald Sauter's \"Scrabble For Word "
     "Lovers\" games, played here by his rules and named as he names them. Richard's "
     "house rules are Richard Pavlicek's. Classic means the classic rules of Scrabble; "
     "Scrabble is a trademark of its owners, and this game is not connected with them. "
     "The full rule book opens from the Rules link at the top of the page, and How to "
     "play, beside it, tells the controls on one screen."),
    ("Word lists",
     "The main list is built from SCOWL (Spell Checker Oriented Word Lists) by Kevin "
     "Atkinson, used under its licence (wordlists/SCOWL-COPYRIGHT). The large list adds "
     "ENABLE, which its authors placed in the public domain "
     "(wordlists/ENABLE-NOTICE.md)."),
    ("Runtime",
     "The page runs Python in the browser with PyScript (Apache-2.0), Pyodide (MPL-2.0) "
     "and MicroPython (MIT)."),
    ("Share links",
     "A share link holds the rules, the seed and the moves of a game. It is not secret: "
     "anyone who has it can see the whole game, including the racks."),
]

HOW_TO_PLAY = (
    "Drag tiles from your rack onto the board, or tap a tile then a square, or select a "
    "square and type.",
    "Your tiles go in one line and join the tiles already down; the preview shows the "
    "score or what is wrong.",
    "Press Play. When the game ends, the highest score wins.",
)
