"""House words in the New game dialog: the fields' lists read, counted and checked
with the engine's limits (engine/lexicon/house_words.py), so a long or odd list is told in a
player's words where the summary is, before the engine sees the rules.

Pure and MicroPython-friendly (no regex, no typing): the page's UI thread runs it.
"""

from ui.newgame.rules_text import NONE, SAUTER, SAUTER_TEXT, house_words

MAX_WORDS = 200               # engine/lexicon/house_words.py MAX_WORDS
MIN_LETTERS, MAX_LETTERS = 2, 21
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
# engine/lexicon/house_words.py SAUTER_TABOO (tests/site/test_rules_text.py holds them equal), so a
# word both added and forbidden is caught here too.
SAUTER_WORDS = tuple("""
AIN AINS ALEF ALEFS ALEPH ALEPHS AYIN AYINS BETH BETHS BUQSHA BUQSHAS CAPH CAPHS
CHETH CHETHS DALEDH DALEDHS DALETH DALETHS FAQIR FAQIRS FE FEH FEHS GIMEL GIMELS HEH
HEHS HET HETH HETHS HETS KAF KAFS KAPH KAPHS KHAF KHAFS KHETH KHETHS KOPH KOPHS
LAMED LAMEDH LAMEDHS LAMEDS MEM MEMS PE PEH PEHS PES QADI QAID QAIDS QANAT QANATS
QAT QATS QI QIBLA QINDAR QINDARKA QINDARKAS QINDARS QINTAR QINTARS QIVIUT QIVIUTS
QOPH QOPHS QWERTY QWERTYS RESH RESHES SADE SADES SADHE SADHES SADI SADIS SAMECH
SAMECHS SAMEK SAMEKH SAMEKHS SAMEKS SHEQALIM SHEQEL SUQ SUQS TAV TAVS TET TETH TETHS
TETS TRANQ TRANQS TSADE TSADES TSADI TSADIS UMIAQ UMIAQS VAV VAVS VAW VAWS WAW WAWS
YOD YODH YODHS YODS ZAYIN ZAYINS""".lower().split())


def own_words(words):
    """The words of a list other than the named list ('sauter')."""
    return [w for w in words if w != SAUTER]


def field_text(value):
    """A rules-string list ('sauter+zin') as the dialog's text field shows it ('zin')."""
    return ", ".join(own_words(house_words(value)))


def words_problem(label, words):
    """Why a list (from house_words) cannot be used, in a player's words, or None."""
    own = own_words(words)
    for word in own:
        shown = word if len(word) <= 30 else word[:30] + "..."
        for letter in word:
            if letter not in _LETTERS:  # shown as typed: MicroPython upper-cases ASCII only
                return '%s: "%s" is not a word of letters A-Z' % (label, shown)
        shown = shown.upper()
        if not MIN_LETTERS <= len(word) <= MAX_LETTERS:
            return ("%s: %s has %d letter%s; a house word has %d to %d letters"
                    % (label, shown, len(word), "" if len(word) == 1 else "s",
                       MIN_LETTERS, MAX_LETTERS))
    if len(own) > MAX_WORDS:
        return "%s: %d words; a list holds at most %d" % (label, len(own), MAX_WORDS)
    return None


def clash_problem(add, taboo):
    """A word both added and forbidden, in a player's words, or None."""
    forbidden = set(own_words(taboo))
    if SAUTER in taboo:
        forbidden.update(SAUTER_WORDS)
    both = [w for w in own_words(add) if w in forbidden]
    if not both:
        return None
    more = " (and %d more)" % (len(both) - 1) if len(both) > 1 else ""
    return "%s%s is both added and forbidden" % (both[0].upper(), more)


def words_value(words):
    """A list's rules-string text: 'sauter+zin', 'logophile', or 'none'."""
    named = [SAUTER] if SAUTER in words else []
    return "+".join(named + own_words(words)) or NONE


def count_text(words):
    """'3 words of at most 200', and '+ Sauter's list for on-line play' when it is on."""
    n = len(own_words(words))
    text = "%d word%s of at most %d" % (n, "" if n == 1 else "s", MAX_WORDS)
    return text + (" + " + SAUTER_TEXT if SAUTER in words else "")


def lists_of(fields, labels):
    """(add, taboo) rules-string texts from the dialog's fields; raises ValueError in a
    player's words for a list the engine would refuse. ``labels``: the two knobs' labels."""
    add = house_words(fields.get("knob-add", ""))
    taboo = house_words(fields.get("knob-taboo", ""))
    if fields.get("knob-taboo-sauter") == "1" and SAUTER not in taboo:
        taboo.append(SAUTER)
    problem = (words_problem(labels[0], add) or words_problem(labels[1], taboo)
               or clash_problem(add, taboo))
    if problem:
        raise ValueError(problem)
    return words_value(add), words_value(taboo)
