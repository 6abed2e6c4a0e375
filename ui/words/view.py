"""The HTML of words and meanings: a shown word as a button, the card, the judge.

Pure and MicroPython-safe. A word button carries ``data-word`` and the class
``wordlink``; one delegated click handler (ui/words/page.py) opens its card. All text
from a game or the engine goes through html.escape.
"""

from html import escape

LISTS = (("main", "Main list"), ("large", "Large list"), ("formative", "A formative of a main word"),
         ("two", "One of the 72 two-letter words"))
PLAY_KINDS = ("play", "final", "invalid", "phony", "retry")


def _e(value):
    return escape(str(value))


def word_button(word):
    w = _e(str(word).upper())
    return ('<button type="button" class="wordlink" data-word="' + w + '" title="What ' + w
            + ' means">' + _e(word) + "</button>")


def word_buttons(words, sep=", "):
    return sep.join(word_button(w) for w in words if w)


def turn_words(turns):
    """The words of the plays among ``turns`` (dicts of a snapshot), in order, once each."""
    out = []
    for t in turns or []:
        if t.get("kind") in PLAY_KINDS:
            for w in t.get("words") or []:
                if w and w.upper() not in out:
                    out.append(w.upper())
    return out


def _is_letter(ch):
    return ("A" <= ch <= "Z") or ("a" <= ch <= "z")


def linkify(text, words):
    """``text`` as HTML with each whole word of ``words`` (capitals) made a word button.
    A capitalised run ("At", a name) is left alone: the game writes its words in capitals."""
    words = set(w.upper() for w in words or [])
    if not words:
        return _e(text)
    out, run = [], ""
    for ch in (text or "") + " ":
        if _is_letter(ch):
            run += ch
            continue
        if run:
            titled = run[0].isupper() and len(run) > 1 and run[1:].islower()
            out.append(word_button(run) if run.upper() in words and len(run) > 1 and not titled else _e(run))
            run = ""
        out.append(_e(ch))
    return "".join(out)[:-1]


def _lists_html(good):
    items = []
    for key, label in LISTS:
        items.append("<li data-list=\"" + key + "\" data-good=\"" + ("1" if good.get(key) else "0") + "\">"
                     + label + ": " + ("yes" if good.get(key) else "no") + "</li>")
    if good.get("rules") is not None:
        items.append('<li data-list="rules" data-good="' + ("1" if good["rules"] else "0") + '">'
                     + "Good under this game's rules: " + ("yes" if good["rules"] else "no") + "</li>")
    return '<ul class="wd-lists">' + "".join(items) + "</ul>"


def entry_html(res):
    """One word's answer: its lists, the word it is a form of, its meanings (or none)."""
    word = res.get("word", "")
    if res.get("refused"):
        return ('<section class="wd-entry" data-entry="' + _e(word) + '" data-refused="1"><h3>' + _e(word)
                + '</h3><p class="wd-refused">' + _e(res["refused"]) + "</p></section>")
    good = res.get("good") or {}
    head = '<section class="wd-entry" data-entry="' + _e(word) + '"><h3>' + _e(word) + "</h3>"
    if not (good.get("main") or good.get("large") or good.get("two") or good.get("formative")):
        head += '<p class="wd-verdict" data-good="0">' + _e(word) + " is not in the lists.</p>"
    out = [head, _lists_html(good)]
    base = res.get("base")
    if base and base != word:
        out.append('<p class="wd-base">A form of ' + _e(base) + ".</p>")
    defs = res.get("definitions") or []
    if defs:
        items, sources = [], []
        for d in defs:
            lemma = d.get("lemma", word)
            source = d.get("source") or "WordNet"
            if source not in sources:
                sources.append(source)
            items.append('<li data-source="' + _e(source) + '"><i class="wd-pos">' + _e(d.get("pos", "")) + "</i> "
                         + (("(" + _e(lemma) + ") ") if lemma and lemma != word else "") + _e(d.get("text", "")) + "</li>")
        out.append('<ol class="wd-defs">' + "".join(items) + "</ol>")
        out.append('<p class="wd-source">Source: ' + _e("; ".join(sources)) + ".</p>")
    else:
        out.append('<p class="wd-none">No meaning on file: WordNet has no entry for this word.</p>')
    return "".join(out) + "</section>"


def results_html(answer):
    """The engine's answer ({"results"} or {"error"}) and the judge's refusals, in order."""
    if answer.get("error"):
        return '<p class="wd-error" role="alert">' + _e(answer["error"]) + "</p>"
    return "".join(entry_html(r) for r in answer.get("results") or [])


def bad_html(bad):
    return "".join('<p class="wd-bad">' + _e(tok) + " " + _e(why) + ".</p>" for tok, why in bad)


def dialog_html(title, judge, mode_text):
    """The dialog's frame: a title, the judge's form (when ``judge``), the answers' place."""
    form = ""
    if judge:
        form = ('<p class="wd-mode" id="wd-mode">' + _e(mode_text) + "</p>"
                '<form id="wd-form" class="wd-form"><label for="wd-input">Words</label> '
                '<input id="wd-input" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false"> '
                '<button type="submit" id="wd-go" class="primary">Judge</button></form>')
    return ('<h2 id="wd-title">' + _e(title) + "</h2>" + form
            + '<div id="wd-out" class="wd-out" aria-live="polite"></div>'
            '<p><button type="button" id="wd-close">Close</button></p>')
