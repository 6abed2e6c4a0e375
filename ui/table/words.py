"""The word judge, a word's meanings and the 72 two-letter words on the table page:
the game page's own (ui/words/), given the table game in the shape it reads. Players
may consult the 72 at any time; during a game the judge answers only for the words
on the board and the 72 (ui/words/judge.py), after it any word.
"""

from ui.words import judge, view as words_view
from ui.words.page import Words


class TableWords:
    """What ui/words/page.Words reads of a page, from the table page: its state as the
    game page's ("snap": the table game's view with its players as seats; "spec"),
    and the engine (the table's worker, which answers ``define``)."""

    def __init__(self, page):
        self.page = page
        self.proxies = []       # the dialog's handlers, kept as long as the page
        self.document = page.document
        self.window = page.window

    @property
    def engine(self):
        return self.page.eng

    @property
    def s(self):
        ps = self.page.s
        view = ps.get("view") or {}
        snap = {}
        for k, v in view.items():
            snap[k] = v
        snap["seats"] = [{"name": n} for n in view.get("names", [])]
        snap["readonly"] = bool(ps.get("readonly"))
        return {"snap": snap, "spec": {"rules": view.get("rules") or "classic"}}


def attach(page):
    words = Words(TableWords(page))
    words.attach()
    return words


def two_letter_html():
    """The 72 two-letter words, each a button that opens its card (its meaning)."""
    words = sorted(judge.TWO_LETTER_72)
    return ('<details class="tb-card tb-72" id="tb-72"><summary>The 72 two-letter words</summary>'
            '<p class="tb-note">Players may look at this list at any time. Tap a word for its meaning.</p>'
            '<p class="tb-72-words">' + words_view.word_buttons(words, " ") + "</p></details>")
