"""New game's word list: play with a word list file the player owns (one word a line).

Why: classic players expect QI and ZA, which the shipped lists lack, and the
tournament lists are licensed, not ours to ship. The file is checked here for what
can be told before reading it (empty, too large); the engine worker reads it (it is
handed the file as a blob: address, so megabytes of text never pass through
MicroPython), checks every line and builds the list (engine/lexicon/own.py), and
answers with its name, fingerprint and compiled graph, which ui/store/wordlists.py
keeps on this device. A game names its list in its spec ("wordlist": {"name", "fp"}),
and so in its link; :func:`to_engine` gives the worker every kept list as the page
starts, so a reload, a past game or a friend's link plays on with it.
"""

import json
from html import escape

from ui import store
from ui.store import wordlists

MAX_BYTES = 4_000_000   # engine/lexicon/own.py MAX_BYTES (tests/lexicon/test_own_lists_page.py holds them equal)
SHIPPED = "The game's own lists (as the rules say)"
LOAD = "Load a word list you own (a text file, one word a line)"
ABOUT = ("It replaces the rules' word lists for this game and is kept on this device. A friend "
         "playing by link is told its name and fingerprint, to load the same list.")
STARTING = "The game engine is still starting: try again in a moment."
READING = "Reading the word list\u2026"


def _count(n):
    """1234567 -> '1,234,567' (MicroPython has no format mini-language for thousands)."""
    text = str(int(n))
    out = ""
    while len(text) > 3:
        out = "," + text[-3:] + out
        text = text[:-3]
    return text + out


def option_text(item):
    return item["name"] + " (" + _count(item["words"]) + " words)"


def options_html(items, chosen=""):
    """The choice of lists: the rules' own, then those kept here (``chosen``: the
    fingerprint selected)."""
    opts = ['<option value="">' + escape(SHIPPED) + "</option>"]
    for item in items:
        opts.append('<option value="' + escape(item["fp"]) + '"' + (" selected" if item["fp"] == chosen else "")
                    + ">" + escape(option_text(item)) + "</option>")
    return "".join(opts)


def section_html(items, chosen=""):
    """The dialog's Word list section: the lists kept here and the file input."""
    return ('<fieldset id="ng-wl"><legend>Word list</legend>'
            '<div class="knob"><label for="ng-wordlist">Play with</label>'
            '<select id="ng-wordlist" name="wordlist">' + options_html(items, chosen) + "</select></div>"
            '<div class="knob"><label for="ng-wlfile">' + escape(LOAD) + "</label>"
            '<input type="file" id="ng-wlfile" accept=".txt,text/plain">'
            "<small>" + escape(ABOUT) + "</small>"
            '<small id="ng-wlsay" class="ng-wlsay" role="status" aria-live="polite"></small></div></fieldset>')


def size_problem(name, size):
    """Why a file of ``size`` bytes cannot be a word list ("" when it may be one)."""
    if size <= 0:
        return "'" + name + "' is empty: a word list is one word of letters A-Z a line."
    if size > MAX_BYTES:
        return ("'" + name + "' is " + str(round(size / 1e6, 1)) + " MB: a word list may be at most "
                + str(MAX_BYTES // 1_000_000) + " MB.")
    return ""


def loaded_text(answer, not_kept=""):
    """What the dialog says once a list is read (``not_kept``: why it was not kept)."""
    return ("Loaded '" + answer["name"] + "': " + _count(answer["words"]) + " words (fingerprint "
            + answer["fp"] + "). " + (not_kept or "It is kept on this device."))


def ref_of(fields, items):
    """The spec's "wordlist" for the dialog's choice ({"name", "fp"}), or None."""
    item = wordlists.find(items, fields.get("wordlist") or "")
    return {"name": item["name"], "fp": item["fp"]} if item else None


async def on_file(page, el):
    """A file chosen: checked, read and built by the engine, kept, and selected."""
    say = page.document.getElementById("ng-wlsay")
    files = el.files
    if files is None or not files.length:
        return
    f = files.item(0)
    name = str(f.name)
    problem = size_problem(name, int(f.size))
    if not problem and page.engine is None:
        problem = STARTING
    if problem:
        say.textContent = problem
        say.setAttribute("data-bad", "1")
        return
    say.removeAttribute("data-bad")
    say.textContent = READING
    fieldset = page.document.getElementById("ng-wl")
    fieldset.setAttribute("data-busy", "1")
    url = page.window.URL.createObjectURL(f)
    try:
        answer = json.loads(await page.engine.wordlist_load(url, name))
    except Exception as exc:  # the worker is gone: said in the dialog
        answer = {"error": "the engine did not answer (" + str(exc)[:80] + ")"}
    finally:
        page.window.URL.revokeObjectURL(url)
        fieldset.removeAttribute("data-busy")
    if answer.get("error"):
        say.textContent = "This file cannot be a word list: " + answer["error"]
        say.setAttribute("data-bad", "1")
        el.value = ""
        return
    items, _ = wordlists.read(page.storage)
    playing = (page.s["spec"].get("wordlist") or {}).get("fp", "")   # kept whatever comes: a reload needs it
    items = wordlists.keep(items, wordlists.entry(answer, store.now_text(page.window)), playing)
    not_kept = wordlists.save(page.storage, items)
    if not_kept:   # it still plays this game: offered in the list until the page reloads
        page.unkept_wordlist = items[0]
    page.document.getElementById("ng-wordlist").innerHTML = options_html(kept(page), answer["fp"])
    say.textContent = loaded_text(answer, not_kept)
    page.document.body.dataset.wordlistMs = str(answer.get("build_ms", "")) + "+" + str(answer.get("encode_ms", ""))


def kept(page):
    """The lists the dialog offers: those kept here (and one that could not be kept)."""
    items, _ = wordlists.read(page.storage)
    extra = getattr(page, "unkept_wordlist", None)
    if extra and not wordlists.find(items, extra["fp"]):
        items = items + [extra]
    return items


async def to_engine(eng, storage):
    """Give the engine worker every list kept here (a game may name one); never raises."""
    items, _ = wordlists.read(storage)
    for item in items:
        try:
            await eng.wordlist_add(item["name"], item["fp"], item["data"])
        except Exception:   # the page goes on; a game needing it says which list to load
            pass
