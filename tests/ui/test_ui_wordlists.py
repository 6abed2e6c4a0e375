"""A player's own word list in the page's pure parts: ui/store/wordlists.py (kept on the
device, read back safely) and ui/newgame/wordlist.py (the dialog's section, the checks
made before reading a file, the spec's "wordlist")."""

import json

from ui import store
from ui.newgame import dialog as newgame
from ui.newgame import wordlist
from ui.store import wordlists

ANSWER = {"name": "my <words>.txt", "fp": "0123456789abcdef", "words": 1234567, "data": "AAAA"}


class Storage:
    def __init__(self, full=False):
        self.items, self.full = {}, full

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        if self.full:
            raise ValueError("QuotaExceededError: full")
        self.items[key] = value


def test_kept_lists_round_trip_newest_first_at_most_three():
    items = []
    for i in range(5):
        items = wordlists.keep(items, wordlists.entry(dict(ANSWER, fp="%016x" % i, name="l%d" % i), "t"))
    assert [e["name"] for e in items] == ["l4", "l3", "l2"]
    again = wordlists.keep(items, wordlists.entry(dict(ANSWER, fp="%016x" % 2, name="renamed"), "t"))
    assert [e["name"] for e in again] == ["renamed", "l4", "l3"]
    playing = "%016x" % 3   # the game in progress plays l3: it stays, the next oldest goes
    assert [e["name"] for e in wordlists.keep(again, dict(ANSWER, fp="%016x" % 9), playing)][1:] == ["renamed", "l3"]
    st = Storage()
    assert wordlists.save(st, again) == ""
    assert st.items[store.WORDLISTS_KEY].startswith("{") and wordlists.read(st) == (again, "")
    assert wordlists.find(again, "%016x" % 4)["name"] == "l4" and wordlists.find(again, "x") is None


def test_unreadable_kept_lists_are_said_never_trusted():
    assert wordlists.lists(None) == ([], "")
    assert wordlists.lists("{nope")[1] == "the store of your word lists could not be read"
    assert wordlists.lists(json.dumps({"v": 9, "lists": []}))[1] == "the store of your word lists is from another version"
    assert wordlists.lists(json.dumps({"v": 1, "lists": 3}))[1] == "the store of your word lists is damaged"
    good = wordlists.entry(ANSWER, "t")
    text = json.dumps({"v": 1, "lists": [good, {"name": "x"}, dict(good, words="many")]})
    assert wordlists.lists(text) == ([good], "")


def test_a_full_storage_is_said_and_the_list_still_offered():
    assert wordlists.save(Storage(full=True), []) == wordlists.NOT_KEPT
    assert "load it again" in wordlists.NOT_KEPT


def test_what_is_told_before_a_file_is_read():
    assert wordlist.size_problem("a.txt", 0) == "'a.txt' is empty: a word list is one word of letters A-Z a line."
    assert wordlist.size_problem("b.txt", 5_200_000) == "'b.txt' is 5.2 MB: a word list may be at most 4 MB."
    assert wordlist.size_problem("c.txt", 4_000_000) == ""


def test_the_section_offers_the_kept_lists_and_escapes_their_names():
    items = [wordlists.entry(ANSWER, "t")]
    html = wordlist.section_html(items, ANSWER["fp"])
    assert 'id="ng-wlfile"' in html and 'name="wordlist"' in html
    assert "my &lt;words&gt;.txt (1,234,567 words)" in html
    assert 'value="0123456789abcdef" selected' in html
    assert " selected" not in wordlist.section_html(items, "")
    assert wordlist.loaded_text(ANSWER) == ("Loaded 'my <words>.txt': 1,234,567 words (fingerprint "
                                            "0123456789abcdef). It is kept on this device.")


def test_the_spec_names_the_chosen_list():
    items = [wordlists.entry(ANSWER, "t")]
    assert wordlist.ref_of({"wordlist": ANSWER["fp"]}, items) == {"name": ANSWER["name"], "fp": ANSWER["fp"]}
    assert wordlist.ref_of({"wordlist": ""}, items) is None and wordlist.ref_of({}, items) is None
    assert wordlist.ref_of({"wordlist": "ffffffffffffffff"}, items) is None
    html = newgame.dialog_html("classic", None, False, wordlist.section_html(items))
    assert html.index("<legend>Players") < html.index("id=\"ng-wl\"") < html.index("ng-seed")


def test_a_past_game_keeps_its_word_list():
    from ui.store import past
    spec = {"rules": "classic", "seed": "1", "seats": [{"name": "Ann", "kind": "human"}], "actions": ["8G QI"],
            "wordlist": {"name": "mine.txt", "fp": "0123456789abcdef"}}
    entry = past.record(spec, {"over": False}, "d")
    assert past.spec_of(entry)["wordlist"] == spec["wordlist"]
    plain = dict(spec)
    plain.pop("wordlist")
    assert past.game_id(plain) != entry["id"] and "wordlist" not in past.spec_of(past.record(plain, {}, "d"))
