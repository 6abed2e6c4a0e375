"""The words' dialog on the page: a shown word's card, and the word judge from the menu.

One click handler, on the document in the capture phase, catches every word button
(``.wordlink[data-word]``, ui/words/view.py) wherever a view put one, and the menu's
``data-wact="judge"``. The engine worker answers (its ``define``: the meanings file is
fetched on the first request, never while the page starts). Each answer's round trip is
kept on the dialog (``data-ms``; the first one also as ``data-first-ms``) for the tests
and the note on load times.
"""

import asyncio
import json

from pyscript.ffi import create_proxy

from ui.words import judge, view

MEANINGS_FILE = "./wordlists/meanings.bin"


class Words:
    def __init__(self, page):
        self.page = page
        self.dialog = None
        self.seq = 0            # the answer shown is the latest question's
        self.judging = False

    def attach(self):
        doc = self.page.document
        self.dialog = doc.getElementById("words")
        click = create_proxy(self.on_click)
        submit = create_proxy(self.on_submit)
        self.page.proxies.extend([click, submit])
        doc.addEventListener("click", click, True)
        self.dialog.addEventListener("submit", submit)

    def on_click(self, e):
        target = e.target
        if target is None:
            return
        if target.closest("#wd-close") is not None:
            self.dialog.close()
            return
        btn = target.closest(".wordlink[data-word]")
        if btn is not None:
            e.preventDefault()
            e.stopPropagation()   # a word inside a row that has a click of its own opens only its card
            self.open_card(str(btn.getAttribute("data-word")))
            return
        if target.closest("[data-wact='judge']") is not None:
            e.preventDefault()
            self.open_judge()

    def _show(self, title, judging, mode_text=""):
        self.judging = judging
        self.dialog.innerHTML = view.dialog_html(title, judging, mode_text)
        self.dialog.setAttribute("data-kind", "judge" if judging else "card")
        if not self.dialog.open:
            self.dialog.showModal()

    def open_card(self, word):
        """Any word shown may be looked up, but a play still open to judgment stays unjudged."""
        self._show(word, False)
        how = judge.mode(self.page.s)[0]
        why_not = judge.allowed(word, how, {word}, judge.pending_words(self.page.s))
        if why_not:
            self.ask([], [{"word": word, "refused": why_not}], [])
        else:
            self.ask([word], [], [])

    def open_judge(self):
        how, why = judge.mode(self.page.s)
        self._show("Word judge", True, why)
        self.dialog.setAttribute("data-mode", how)
        self.page.document.getElementById("wd-input").focus()

    def on_submit(self, e):
        e.preventDefault()
        if not self.judging:
            return
        text = str(self.page.document.getElementById("wd-input").value)
        words, bad = judge.parse(text)
        how, why = judge.mode(self.page.s)
        self.dialog.setAttribute("data-mode", how)
        self.page.document.getElementById("wd-mode").textContent = why
        on_board = judge.board_words(judge.live_snap(self.page.s)) if how == judge.BOARD else set()
        pending = judge.pending_words(self.page.s)
        asked, refused = [], []
        for w in words:
            why_not = judge.allowed(w, how, on_board, pending)
            if why_not:
                refused.append({"word": w, "refused": why_not})
            else:
                asked.append(w)
        self.ask(asked, refused, bad, words)

    def ask(self, words, refused, bad, order=None):
        self.seq += 1
        out = self.page.document.getElementById("wd-out")
        if not words:
            self._answer(self.seq, {"results": []}, refused, bad, order)
            return
        out.innerHTML = '<p class="wd-wait">Looking up\u2026</p>'
        self.dialog.setAttribute("data-busy", "1")
        asyncio.create_task(self._lookup(self.seq, words, refused, bad, order))

    async def _lookup(self, seq, words, refused, bad, order):
        page = self.page
        t0 = page.window.performance.now()
        if page.engine is None:
            answer = {"error": "The game engine is still starting: try again in a moment."}
        else:
            snap = judge.live_snap(page.s)
            rules = snap.get("rules") or page.s["spec"].get("rules") or "classic"
            url = str(page.window.URL.new(MEANINGS_FILE, page.document.baseURI).href)
            try:
                answer = json.loads(await page.engine.define(json.dumps({"words": words, "rules": rules}), url))
            except Exception as exc:  # the worker is gone: said in the card, the game goes on
                answer = {"error": "The meanings could not be looked up (" + str(exc)[:80] + ")."}
        ms = int(page.window.performance.now() - t0)
        if not self.dialog.hasAttribute("data-first-ms") and not answer.get("error"):
            self.dialog.setAttribute("data-first-ms", str(ms))
            self.dialog.setAttribute("data-first-worker-ms", str(answer.get("ms", "")))
        self.dialog.setAttribute("data-ms", str(ms))
        if seq == self.seq:
            self._answer(seq, answer, refused, bad, order)

    def _answer(self, seq, answer, refused, bad, order):
        results = list(answer.get("results") or []) + refused
        if order:
            rank = {}
            for i, w in enumerate(order):
                rank[w] = i
            results.sort(key=lambda r: rank.get(r.get("word"), len(rank)))
        html = view.bad_html(bad)
        if answer.get("error"):
            html += view.results_html(answer)
            html += "".join(view.entry_html(r) for r in refused)
        else:
            html += view.results_html({"results": results})
        self.page.document.getElementById("wd-out").innerHTML = html
        self.dialog.removeAttribute("data-busy")
