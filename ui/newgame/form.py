"""The New game dialog in the page: open it, redraw it when the preset changes, and
start the game it describes (the HTML and the spec are ui/newgame/dialog.py's)."""

import asyncio
from html import escape

from ui.links import bylink, embed
from ui.newgame import dialog as newgame
from ui.newgame import wordlist


def random_seed(window):
    return str(int(window.Math.random() * 1e9))


def form_fields(page):
    out = {}
    for el in page.document.querySelectorAll("#ng-form [name]"):
        if el.type in ("checkbox", "radio") and not el.checked:
            continue
        out[el.name] = el.value
    return out


def open_dialog(page):
    preset = page.s["spec"].get("rules", "classic").split(",")[0]
    seats = [(x.get("name", ""), x.get("kind", "human")) for x in page.s["spec"].get("seats", [])]
    dlg = page.document.getElementById("newgame")
    chosen = (page.s["spec"].get("wordlist") or {}).get("fp", "")   # the game shown's list, if any
    dlg.innerHTML = newgame.dialog_html(preset, seats, in_progress(page.s),
                                        wordlist.section_html(wordlist.kept(page), chosen))
    dlg.showModal()


def in_progress(s):
    """The game shown is the player's own, unfinished: a new game keeps it in Past games."""
    snap = s["snap"]
    return bool(snap.get("actions")) and snap.get("phase") != "over" and embed.may_save(s)


def close_dialog(page):
    dlg = page.document.getElementById("newgame")
    if dlg.open:
        dlg.close()


def on_dialog_change(page, e):
    if e.target.name == "preset":
        fields = form_fields(page)
        seats = []
        for i in range(4):
            if i < 2 or fields.get("seat" + str(i) + "-on") == "1":
                seats.append((fields.get("seat" + str(i) + "-name", ""), fields.get("seat" + str(i) + "-kind", "human")))
        dlg = page.document.getElementById("newgame")
        dlg.innerHTML = newgame.dialog_html(e.target.value, seats, in_progress(page.s),
                                            wordlist.section_html(wordlist.kept(page), fields.get("wordlist", "")))
        page.document.querySelector('#ng-form input[value="' + e.target.value + '"]').focus()
    elif e.target.id == "ng-wlfile":   # a word list file chosen: read by the engine (ui/newgame/wordlist.py)
        asyncio.create_task(wordlist.on_file(page, e.target))
    elif e.target.name and e.target.name.startswith("knob-"):
        fields = form_fields(page)
        page.document.getElementById("ng-summary").innerHTML = newgame.fields_summary_html(fields)
        for fid, text in newgame.words_counts(fields):
            page.document.getElementById(fid).textContent = text


def on_dialog_click(page, e):
    btn = e.target.closest("button")
    if btn is None:
        return
    act = btn.getAttribute("data-act")
    if act == "cancel":
        e.preventDefault()
        close_dialog(page)
    elif act == "start":
        e.preventDefault()
        form = page.document.getElementById("ng-form")
        if not form.checkValidity():  # a number out of its field's range: the browser says so at the field
            form.reportValidity()
            return
        fields = form_fields(page)
        summary = page.document.getElementById("ng-summary")
        try:
            spec = newgame.spec_of(fields, random_seed(page.window))
        except ValueError:  # a knob the dialog cannot read: say so where the summary is
            summary.innerHTML = newgame.fields_summary_html(fields)
            summary.scrollIntoView()
            return
        problem = bylink.dialog_problem([(x["name"], x["kind"]) for x in spec["seats"]])
        if problem:  # seats that cannot play by link: said where the summary is
            summary.innerHTML = '<p class="pv-bad" role="alert">' + escape(problem) + "</p>"
            summary.scrollIntoView()
            return
        own = wordlist.ref_of(fields, wordlist.kept(page))
        if own:
            spec["wordlist"] = own
        close_dialog(page)
        page.dispatch({"t": "new_game", "spec": spec})
