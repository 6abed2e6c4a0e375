"""The club page's actions: each user action calls the engine worker (the engine
checks everything and says why it refuses), then the tournament is saved and the
page drawn again. A refused change leaves the tournament as it was.

Page state ``s``: "view" ("director" or "players"), "t" (the tournament, or None),
"reply" (the engine's standings and rounds), "readonly" (opened from a standings
link), "msg" / "err" (the last action's word), "at" (the row an action came from:
its refusal is said there), "out" (a link, JSON or TSH made),
"family", "chosen", "games" (the players' replayed games), "skipped", "sheet" (the
printed sheet shown: ui/club/sheets.py) and its "date", "round" (a round link opened: its
invitations, engine/club/invite.py), "kept" (the tournaments kept on
this device besides this one: ui/club/kept.py).
"""

import asyncio
import json

from ui import store
from ui.boot import kit
from ui.club import kept, sheets, state, view
from ui.store import club, past

PLAYERS_HASH = "#players"
ROW_ACTS = ("link", "typed", "forfeit", "clear", "play")


class Page(kit.Guard):
    NAME = "club page"
    SAVED = "Your tournament is saved"

    def __init__(self, window, document, storage):
        kit.Guard.__init__(self, window, document)
        self.storage = storage
        self.body = ""
        self.at_row = None     # the id of the row's error shown, if any
        self.s = {"view": "director", "t": None, "reply": {}, "readonly": False, "msg": "", "err": "", "at": "",
                  "out": None, "family": "all", "chosen": None, "games": None, "skipped": 0, "sheet": None, "date": "", "kept": [], "round": None,
                  "scrutiny": None}

    # ------------------------------------------------------------- drawing
    def render(self):
        s, doc = self.s, self.document
        if s["view"] == "players":
            if s["games"] is None:
                body = '<p class="cl-note">' + ("Replaying the games kept on this device&hellip;" if self.eng
                                                 else "Loading the engine&hellip;") + "</p>"
            else:
                rows = state.ranking(s["games"], s["family"])
                chosen = s["chosen"]
                label = next((r["player"] for r in rows if r["key"] == chosen), None) if chosen else None
                body = view.players(rows, s["family"], label, state.games_of(s["games"], chosen) if label else [],
                                    s["skipped"])
        elif s.get("round"):
            body = view.round_invites(s["round"], self.base())
        elif s["t"] is not None:
            sheet = sheets.sheet(s["t"], s["reply"], s["sheet"], s["date"]) if s["sheet"] else ""
            body = view.tournament(s["t"], s["reply"], s["readonly"], s["out"], sheet)
        else:
            body = (view.new_form() + view.kept_list(s["kept"])) if self.eng else (
                '<p class="cl-note">Loading the engine&hellip;</p>')
        slot = doc.getElementById(s["at"] + "-said") if s["at"] and s["err"] else None
        doc.getElementById("said").innerHTML = view.message(s["msg"], "" if slot else s["err"])
        if body != self.body:   # unchanged (a refused change): what was typed stays in the form
            self.body = body
            doc.getElementById("app").innerHTML = body
            slot = doc.getElementById(s["at"] + "-said") if slot else None
        self.row_said(slot, s["err"])
        for el in doc.querySelectorAll("#club-nav [data-view]"):
            el.setAttribute("aria-current", "page" if str(el.dataset.view) == s["view"] else "false")
        doc.body.dataset.view = s["view"]
        doc.body.dataset.sheet = s["sheet"] or ""     # printing prints the sheet alone (ui/club/club.css)

    def row_said(self, slot, err):
        """A row's refusal beside its row (a pasted link at game 12 of 24 is answered
        there, not a screen above), with the focus on it; the last one is cleared."""
        now = str(slot.id) if slot is not None else None
        old = self.document.getElementById(self.at_row) if self.at_row and self.at_row != now else None
        if old is not None:
            old.textContent = ""
            old.setAttribute("hidden", "")
        self.at_row = None
        if slot is not None:
            slot.textContent = err
            slot.removeAttribute("hidden")
            slot.focus()
            self.at_row = str(slot.id)

    def base(self):
        """The folder of this page's address (invitations open the game page beside it)."""
        href = str(self.window.location.href).split("#")[0].split("?")[0]
        return href[:href.rindex("/") + 1] if "/" in href else ""

    def say(self, msg="", err=""):
        self.s["msg"], self.s["err"] = msg, err

    # ------------------------------------------------------------- storage
    def read(self, key):
        text, _ = store.read(self.storage, key)
        return text

    def save(self):
        if self.s["readonly"]:
            return
        try:
            self.storage.setItem(club.KEY, club.dump(self.s["t"]))
        except Exception as exc:
            self.say(self.s["msg"], "The tournament could not be saved in this browser (" + str(exc)[:80] + ").")

    def save_kept(self, items):
        """The kept tournaments stored; False (and said) when the browser refuses."""
        try:
            self.storage.setItem(kept.KEY, kept.dump(items))
        except Exception as exc:
            self.say("", "The kept tournaments could not be saved in this browser (" + str(exc)[:80] + ").")
            return False
        self.s["kept"] = items
        return True

    def stored(self):
        return state.stored_games(self.read(store.PAST_KEY), self.read(store.KEY), self.read(store.BYLINK_KEY))

    # ------------------------------------------------------------- start
    async def start(self):
        await self.hash_changed()

    async def hash_changed(self):
        h = str(self.window.location.hash or "")
        self.s["out"] = None
        if h.startswith("#r"):     # a round link: its pairings and invitations, read-only
            reply = json.loads(await self.eng.tournament_open_link(h))
            self.s["t"], self.s["readonly"], self.s["view"] = None, True, "director"
            self.s["round"] = reply.get("round")
            self.say("", "" if "round" in reply else "This round link cannot be opened: " + reply["error"] + ".")
            self.render()
            return
        self.s["round"] = None
        if h.startswith("#t"):
            reply = json.loads(await self.eng.tournament_open_link(h))
            if "error" in reply:
                self.say("", "This standings link cannot be opened: " + reply["error"] + ".")
                self.s["t"], self.s["readonly"] = None, False
            else:
                self.s["t"], self.s["readonly"], self.s["view"] = reply["tournament"], True, "director"
                self.say()
        elif h.startswith("#g") and len(h) > 3 and h[2].isdigit():
            # a finished game's link opened with the tournament open: its result
            self.s["view"], self.s["readonly"] = "director", False
            self.s["t"], problem = club.load(self.read(club.KEY))
            self.window.history.replaceState(None, "", str(self.window.location.pathname))
            if self.s["t"] is None:
                self.say("", problem or "Open a game link here while a tournament is under way: it is "
                         "recorded as the result of its pairing.")
            elif await self.change(self.eng.tournament_add_result_link, h, 0, "link", 0):
                self.say(self.s["msg"] or "The game's result is recorded.", "")
                self.render()
            return
        elif h == PLAYERS_HASH:
            self.s["view"], self.s["readonly"] = "players", False
            self.say()              # what the tournament's last action said stays with it
            await self.load_players()
            return
        else:
            if self.s["view"] != "director":
                self.say()          # coming back from Players: nothing said there stays
            self.s["view"], self.s["readonly"] = "director", False
            t, problem = club.load(self.read(club.KEY))
            self.s["t"] = t
            self.s["kept"], unreadable = kept.load(self.read(kept.KEY))
            if problem or unreadable:
                self.say("", problem or unreadable)
        await self.refresh()

    async def refresh(self, record=True):
        """The standings and rounds from the engine, then games played here recorded."""
        t = self.s["t"]
        if t is not None:
            reply = json.loads(await self.eng.tournament_standings(json.dumps(t)))
            if "error" in reply:
                self.say("", reply["error"])
                reply = {}
            reply["base"] = self.base()
            self.s["reply"] = reply
            if record and not self.s["readonly"]:
                await self.record_here()
        self.render()

    async def record_here(self):
        """Finished games on this device started from an unplayed pairing ("Play this
        game"): each recorded as played here, checked by the engine like a link."""
        for rnd, first, second, spec in state.played_here(self.stored(), self.s["reply"]):
            made = json.loads(await self.eng.link_of(json.dumps(spec)))
            if "link" not in made:
                continue
            reply = json.loads(await self.eng.tournament_add_result_link(json.dumps(self.s["t"]), made["link"], rnd,
                                                                         "here", 0))
            if "tournament" in reply:
                self.s["t"] = reply["tournament"]
                self.save()
                self.say("Recorded the game played here: round " + str(rnd) + ", " + first + " v " + second + ". "
                         + reply.get("message", ""), "")
                self.s["reply"] = json.loads(await self.eng.tournament_standings(json.dumps(self.s["t"])))

    async def storage_changed(self, key):
        if self.eng is None:
            return
        if key == kept.KEY:
            self.s["kept"], _ = kept.load(self.read(kept.KEY))
            self.render()
        elif key == club.KEY and not self.s["readonly"]:
            t, _ = club.load(self.read(club.KEY))
            if t is not None or self.s["t"] is not None:
                self.s["t"] = t
                await self.refresh()
        elif self.s["view"] == "players":
            await self.load_players()
        elif self.s["t"] is not None and not self.s["readonly"]:
            await self.refresh()

    async def load_players(self):
        self.render()
        games = [g for g in self.stored() if g["over"]]
        reply = json.loads(await self.eng.players(json.dumps(games)))
        if "error" in reply:
            self.say("", reply["error"])
            reply = {"games": [], "skipped": len(games)}
        self.s["games"], self.s["skipped"] = reply["games"], reply["skipped"]
        self.render()

    # ------------------------------------------------------------- actions
    def value(self, el_id):
        el = self.document.getElementById(el_id)
        return str(el.value) if el is not None else ""

    async def act(self, el):
        """One user action (run under the busy guard: ui/club/page.py). A row's action
        (a result recorded, corrected or played) is answered beside its row."""
        act = str(el.dataset.act)
        self.s["at"] = str(el.dataset.base) if act in ROW_ACTS and el.dataset.base else ""
        await self._act(act, el)

    async def change(self, call, *args):
        """A change through the engine: kept when accepted, refused with its reason."""
        reply = json.loads(await call(json.dumps(self.s["t"]), *args))
        if "error" in reply:
            self.say("", reply["error"][:1].upper() + reply["error"][1:] + ".")
            self.render()
            return False
        self.s["t"] = reply["tournament"]
        self.s["out"] = None
        self.say(reply.get("message", ""))
        self.save()
        await self.refresh()
        return True

    async def _act(self, act, el):
        eng, s, d = self.eng, self.s, el.dataset
        if act == "view":
            self.window.location.hash = PLAYERS_HASH if str(d.view) == "players" else ""
            if str(d.view) != "players" and s["view"] == "players":
                await self.hash_changed()
        elif act == "new":
            rules = self.value("cl-rules").strip() or self.value("cl-preset")
            rounds = state.int_or_none(self.value("cl-rounds"))
            seed = self.value("cl-seed").strip()
            spec = {"name": self.value("cl-name"), "rules": rules, "players": state.parse_players(self.value("cl-players")),
                    "rounds": rounds if rounds is not None else self.value("cl-rounds"), "method": self.value("cl-method"),
                    "seed": int(seed) if seed.isdigit() and len(seed) < 10 else seed}
            reply = json.loads(await eng.tournament_new(json.dumps(spec)))
            if "error" not in reply:
                reply["message"] = state.comma_note(spec["players"])
            await self._took(reply)
        elif act == "import":
            await self._took(json.loads(await eng.tournament_import(self.value("cl-import"))))
        elif act == "pair":
            await self.change(eng.tournament_pair_round)
        elif act == "repair":
            await self.change(eng.tournament_repair_round)
        elif act == "add":
            if await self.change(eng.tournament_add_player, self.value("cl-add")):
                note = state.comma_note([self.value("cl-add")])
                if note:
                    self.say(s["msg"] + " " + note)
                    self.render()
        elif act == "rename":
            await self.change(eng.tournament_rename, self.value("cl-rename-from"), self.value("cl-rename-to"))
        elif act == "withdraw":
            await self.change(eng.tournament_withdraw, self.value("cl-withdraw"))
        elif act == "link":
            base = str(d.base)
            await self.change(eng.tournament_add_result_link, self.value(base + "-link"), int(d.round), "link", 0)
        elif act == "scrutiny":
            self.start_scrutiny()
        elif act == "scrutiny_stop":
            if s.get("scrutiny"):
                s["scrutiny"]["stop"] = True
        elif act == "scrutiny_close":
            s["scrutiny"] = None
            self.render_scrutiny()
        elif act == "many":
            await self.record_many(self.value("cl-many"))
        elif act == "typed":
            base = str(d.base)
            req, why = state.typed_request(int(d.round), str(d.first), str(d.second), *[
                self.value(base + x) for x in ("-s0", "-s1", "-t0", "-t1", "-e0", "-e1")])
            if req is None:
                self.say("", why)
                self.render()
            else:
                await self.change(eng.tournament_add_typed, json.dumps(req))
        elif act == "forfeit":
            await self.change(eng.tournament_add_forfeit, int(d.round), str(d.first), str(d.second),
                              self.value(str(d.base) + "-absent"))
        elif act == "clear":
            if self.window.confirm("Take back this result? The game is to be recorded again."):
                await self.change(eng.tournament_clear_result, int(d.round), str(d.first), str(d.second))
        elif act == "play":
            await self.play(el)
        elif act in ("link_out", "json_out", "tsh_out"):
            await self.export(act)
        elif act == "sheet":
            s["sheet"], s["date"] = str(d.kind or "") or None, store.now_text(self.window)[:10]
            self.render()
            if s["sheet"]:
                self.document.getElementById("cl-sheet").scrollIntoView()
        elif act == "print":
            self.window.print()
        elif act == "discard":
            if self.window.confirm("Start a new tournament? This one is kept on this device, under Kept "
                                   "tournaments, to open again."):
                items, dropped = kept.keep(s["kept"], s["t"], store.now_text(self.window))
                if self.save_kept(items):
                    s["t"], s["reply"], s["out"], s["sheet"] = None, {}, None, None
                    self.say("Kept " + items[0]["t"]["name"] + " on this device." + (
                        " The oldest kept tournament, " + dropped + ", made room for it." if dropped else ""))
                    self.save()
                self.render()
                self.window.scrollTo(0, 0)     # the new form and what was said, from the top
        elif act == "reopen":
            t, rest = kept.take(s["kept"], int(d.i))
            if t is not None and self.save_kept(rest):
                await self._took({"tournament": t, "message": "Opened " + str(t.get("name", "")) + " again."})
        elif act == "forget":
            t, rest = kept.take(s["kept"], int(d.i))
            if t is not None and self.window.confirm("Delete " + str(t.get("name", "")) + " from this device? "
                                                     "Export it first if you want a copy."):
                if self.save_kept(rest):
                    self.say("Deleted " + str(t.get("name", "")) + " from this device.")
                self.render()
        elif act == "family":
            s["family"], s["chosen"] = str(d.family), None
            self.render()
        elif act == "player":
            s["chosen"] = str(d.key)
            self.render()

    def start_scrutiny(self):
        """The scrutiny of the tournament as it stands, in steps of the engine worker
        (engine/club/scrutiny.py) in a task of its own: the page stays free meanwhile,
        a progress bar shows how far it is, and Stop ends it."""
        if self.s["t"] is None or (self.s.get("scrutiny") or {}).get("running"):
            return
        mine = {"running": True, "stop": False, "game": 0, "games": 0, "rows": None}
        self.s["scrutiny"] = mine
        self.render_scrutiny()
        asyncio.create_task(self.scrutinize(mine, json.dumps(self.s["t"])))

    async def scrutinize(self, mine, t):
        cursor = "null"
        while True:
            try:
                reply = json.loads(await self.eng.tournament_scrutiny(t, cursor))
            except Exception as exc:     # the worker failed: said, never a dead page
                reply = {"error": str(exc)[:200]}
            if self.s.get("scrutiny") is not mine:     # closed, or started again
                return
            if "error" in reply:
                mine.update(running=False, stopped=True, error=reply["error"])
            else:
                mine.update(game=reply["game"], games=reply["games"], rows=reply["rows"])
                if reply["done"] or mine["stop"]:
                    mine.update(running=False, stopped=not reply["done"])
            self.render_scrutiny()
            if not mine["running"]:
                return
            cursor = json.dumps(reply["cursor"])

    def render_scrutiny(self):
        el = self.document.getElementById("scrutiny")
        if el is None:
            return
        html = view.scrutiny(self.s.get("scrutiny"))
        el.innerHTML = html
        if html:
            el.removeAttribute("hidden")
        else:
            el.setAttribute("hidden", "")

    async def record_many(self, text):
        """Result links pasted at once (players' "Send the result to the director"): each
        recorded as its pairing's result or refused with its reason, all said together."""
        links = [w for w in text.split() if "#" in w or w[:1] == "g"][:200]
        if not links:
            self.say("", "Paste the result links first (one or many).")
            self.render()
            return
        said = []
        for i, one in enumerate(links):
            reply = json.loads(await self.eng.tournament_add_result_link(json.dumps(self.s["t"]), one, 0, "link", 0))
            if "error" in reply:
                said.append("Link " + str(i + 1) + " refused: " + reply["error"][:1].upper() + reply["error"][1:] + ".")
            else:
                self.s["t"] = reply["tournament"]
                said.append("Link " + str(i + 1) + ": " + reply.get("message", "recorded"))
        self.save()
        self.s["out"] = None
        bad = [x for x in said if " refused: " in x]
        self.say(" ".join(x for x in said if x not in bad), " ".join(bad))
        await self.refresh()

    async def _took(self, reply):
        if "error" in reply:
            self.say("", reply["error"][:1].upper() + reply["error"][1:] + ".")
            self.render()
            return
        self.s["t"], self.s["readonly"], self.s["out"] = reply["tournament"], False, None
        self.say(reply.get("message", ""))
        self.save()
        await self.refresh()

    async def export(self, act):
        t = json.dumps(self.s["t"])
        if act == "json_out":
            self.s["out"] = {"kind": "json", "text": json.dumps(self.s["t"], separators=(",", ":"))}
        elif act == "link_out":
            reply = json.loads(await self.eng.tournament_link(t))
            if "error" in reply:
                self.say("", reply["error"])
            else:
                base = str(self.window.location.href).split("#")[0]
                self.s["out"] = {"kind": "link", "text": base + "#" + reply["link"]}
        else:
            reply = json.loads(await self.eng.tournament_tsh(t, self.value("cl-tsh-enc") or "latin-1"))
            if "error" in reply:
                self.say("", reply["error"])
            else:
                renamed = reply.get("renamed") or {}
                notes = list(reply.get("notes") or [])
                if renamed:
                    notes.insert(0, "Names TSH cannot read were respelled: "
                                 + ", ".join(k + " as " + v for k, v in renamed.items()) + ".")
                if reply["encoding"] == "utf-8":
                    notes.append("This file is UTF-8: tell TSH to read its files as UTF-8, or it shows accented "
                                 "names garbled.")
                self.s["out"] = {"kind": "tsh", "text": reply["tsh"], "note": " ".join(notes),
                                 "href": reply["href"], "encoding": reply["encoding"]}
        self.render()

    async def play(self, el):
        """The pairing's game becomes the saved game of the game page (an unfinished
        saved game is kept in Past games first), which opens in a new tab; the game,
        once finished, is recorded here as played here."""
        d = el.dataset
        base = str(d.base)
        reply = json.loads(await self.eng.tournament_game(json.dumps(self.s["t"]), int(d.round), str(d.first),
                                                          str(d.second)))
        if "error" in reply:
            self.say("", reply["error"])
            self.render()
            return
        spec = state.seats_for(reply["spec"], [self.value(base + "-k0"), self.value(base + "-k1")])
        opened = json.loads(await self.eng.opened_game(json.dumps(spec)))
        if "snap" not in opened:
            self.say("", opened.get("error", "The game could not be opened."))
            self.render()
            return
        saved, _ = store.load(self.read(store.KEY))
        entry = past.saved_entry(saved, store.now_text(self.window)) if saved else None
        if entry is not None:
            past.keep(self.storage, entry)
        try:
            self.storage.setItem(store.KEY, store.dump_game(spec, opened["snap"], opened["layout"]))
        except Exception as exc:
            self.say("", "The game could not be stored for the game page (" + str(exc)[:80] + ").")
            self.render()
            return
        self.say("The game of " + str(d.first) + " and " + str(d.second) + " is open in the game page. When it "
                 "ends it is recorded here (keep this page open, or come back to it).")
        self.render()
        self.window.open("index.html", "_blank")
