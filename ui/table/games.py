"""The table page's games: starting one, the game kept in the browser, the
Table games list, a shared link opened read-only and taken on, another tab's
changes followed, and the record and link made for sharing."""

import json

from ui.newgame import dialog as newgame_dialog
from ui.newgame import rules_text
from ui.store import tables
from ui.table import chessclock

LIVE = ("play", "final")


def sentence(text):
    """An engine's reason as the page says it: a capital and a full stop."""
    text = str(text).strip()
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def with_knob(rules, knob, value):
    """The rules string with ``knob=value`` (the same knob already in it gives way)."""
    parts = [p for p in str(rules).split(",") if p.strip()]
    parts = [p for i, p in enumerate(parts) if i == 0 or p.strip().split("=")[0].strip() != knob]
    return ",".join(parts + [knob + "=" + value])


def rules_with_clock(rules, minutes_seconds):
    """The rules string with the clock the start form gives (seconds as text,
    "0": none): a clock knob already in the string gives way to it."""
    if minutes_seconds in ("", "0"):
        return ",".join(p for p in str(rules).split(",") if p.strip())
    return with_knob(rules, "clock", minutes_seconds)


def form_rules(rules, judge, final, minutes_seconds):
    """The rules of the start form: the preset or rules string, then the word
    judgment chosen ("" : the rules' own), the final round when ticked, the clock."""
    if judge:
        rules = with_knob(rules, "judge", judge)
    if final:
        rules = with_knob(rules, "final", "1")
    return rules_with_clock(rules, minutes_seconds)


def names_of(fields):
    """The players' names from the start form's four fields (the first two always
    play; a third or fourth plays when named)."""
    out = []
    for i, text in enumerate(fields):
        name = " ".join(str(text).split())
        if i < 2 or name:
            out.append(name or "Player " + str(i + 1))
    return out


def names_problem(names, final):
    """Why the start form's players cannot start a game ("" : they can): two players
    of one name (case and spaces aside, as the club counts names) cannot be told
    apart on the sheet; the final round is for two players."""
    seen = {}
    for name in names:
        key = "".join(name.lower().split())
        if key in seen:
            return "Two players are called " + seen[key] + ": give each a different name."
        seen[key] = name
    if final and len(names) != 2:
        return "The final round is for two players; leave it off for " + str(len(names)) + "."
    return ""


class Games:
    def keep_current(self):
        """The game shown goes into the Table games list (finished or left)."""
        cur, v = self.s["cur"], self.s["view"]
        if cur is None or v is None or not cur["state"]["actions"]:
            return
        kept = tables.keep(tables.games(self.read(tables.LIST_KEY)), tables.entry(cur, v, self.when()))
        if self.write(tables.LIST_KEY, tables.dump_list(kept)):
            self.s["kept"] = kept

    async def start(self):
        self.s["kept"] = tables.games(self.read(tables.LIST_KEY))
        h = str(self.window.location.hash or "")
        if h.startswith("#g4."):
            await self.open_link(h[1:])
            return
        text = self.read(tables.KEY)
        cur, problem = tables.load(text)
        if cur is not None:
            self.known = text
            reply = await self.call("table_state", json.dumps(cur["state"]))
            if "error" in reply:
                problem = "the table game saved here cannot be replayed: " + reply["error"]
                self.write(tables.ASIDE_KEY, self.read(tables.KEY))
                cur = None
            else:
                self.s["cur"] = cur
                await self.show(reply)
                chessclock.sync(cur["clock"], reply["to_move"], reply["phase"] in LIVE, self.now())
        if problem:
            self.say("", sentence(problem) + " It was set aside; start a new game.")
        self.s["screen"] = "game" if self.s["cur"] is not None else "start"
        self.render()

    async def open_link(self, fragment):
        reply = await self.call("table_open_link", fragment)
        if "error" in reply:
            self.say("", "This table game's link cannot be opened: " + sentence(reply["error"]))
            self.s["screen"] = "start"
            self.render()
            return
        self.s["readonly"], self.s["link"] = True, tables.state_of(reply)
        await self.show(reply)
        self.s["screen"] = "game"
        self.say()   # the banner says what it is and how to go on with it
        self.render()

    async def new_game(self):
        doc = self.document
        checked = doc.querySelector("input[name='tb-preset']:checked")
        rules = str(doc.getElementById("tb-rules").value).strip() or (str(checked.value) if checked else "classic")
        names = names_of([str(doc.getElementById("tb-name" + str(i)).value) for i in range(4)])
        final = bool(doc.getElementById("tb-final").checked)
        knob = [k for k in rules_text.KNOBS if k[0] == "clock"][0]
        try:
            secs = newgame_dialog.seconds_text("Clock", knob[3], str(doc.getElementById("tb-minutes").value))
        except ValueError as exc:
            self.say("", sentence(str(exc)))
            self.render()
            return
        problem = names_problem(names, final)
        if problem:
            self.say("", problem)
            self.render()
            return
        rules = form_rules(rules, str(doc.getElementById("tb-judge").value), final, secs)
        reply = await self.call("table_new", json.dumps({"rules": rules, "names": names}))
        if "error" in reply:
            self.say("", sentence(reply["error"]))
            self.render()
            return
        await self.take_on(tables.state_of(reply), reply)

    async def follow(self, refused=False):
        """Another tab of this page stored a game in progress: show it as it is now
        (this tab's own game, when another took its place, goes into Table games).
        ``refused``: this tab's last entry or clock press came after that tab's and
        was not kept."""
        if self.s["readonly"] or self.s["cur"] is None:
            return
        text = self.read(tables.KEY)
        stored, _ = tables.load(text)
        if stored is None or stored == self.s["cur"]:
            if text:
                self.known = text
            if refused:          # unreadable, or the same after all: this tab's entry stands
                self.save(True)
                self.render()
            return
        reply = await self.call("table_state", json.dumps(stored["state"]))
        if "error" in reply:
            return
        other = stored["id"] != self.s["cur"]["id"]
        if other:
            self.keep_current()
        self.known = text
        self.s["cur"] = stored
        await self.show(reply)
        chessclock.sync(stored["clock"], reply["to_move"], reply["phase"] in LIVE, self.now())
        if other:
            self.say("Another tab opened a game; yours is kept in Table games.")
        elif refused:
            self.say("", "Another tab entered a turn first; yours was not kept.")
        else:
            self.say("Updated from another tab.")
        self.render()

    async def keep_stored(self):
        """The game in progress saved here (shown or not: a link may be on screen)
        goes into Table games before another takes its place."""
        stored, _ = tables.load(self.read(tables.KEY))
        if stored is None or not stored["state"]["actions"]:
            return
        reply = await self.call("table_state", json.dumps(stored["state"]))
        if "error" not in reply:
            kept = tables.keep(tables.games(self.read(tables.LIST_KEY)), tables.entry(stored, reply, self.when()))
            if self.write(tables.LIST_KEY, tables.dump_list(kept)):
                self.s["kept"] = kept

    async def take_on(self, state, reply=None):
        """``state`` becomes the game in progress here (the one saved before is kept)."""
        await self.keep_stored()
        if reply is None:
            reply = await self.call("table_state", json.dumps(state))
            if "error" in reply:
                self.say("", sentence(reply["error"]))
                self.render()
                return
        stamp = self.now()
        self.s["cur"] = {"id": "t" + str(stamp) + "-" + str(int(self.window.Math.random() * 1e6)),
                         "when": self.when(), "state": state, "clock": chessclock.new(reply["to_move"])}
        self.s["readonly"], self.s["link"] = False, None
        if str(self.window.location.hash or ""):
            self.window.history.replaceState(None, "", str(self.window.location.pathname))
        await self.show(reply)
        chessclock.sync(self.s["cur"]["clock"], reply["to_move"], reply["phase"] in LIVE, stamp)
        self.save(True)
        self.s["screen"] = "game"
        self.say("Keep score here: tap a square, choose letters, Confirm." + (
            " Press " + reply["names"][reply["to_move"]] + "'s clock to start it." if reply.get("clock") else ""))
        self.render()

    async def reopen(self, gid):
        g = tables.find(tables.games(self.read(tables.LIST_KEY)), gid)
        if g is None:
            self.say("", "That table game is no longer kept here.")
            self.render()
            return
        await self.keep_stored()
        reply = await self.call("table_state", json.dumps(g["state"]))
        if "error" in reply:
            self.say("", "That table game cannot be replayed: " + sentence(reply["error"]))
            self.render()
            return
        self.s["cur"] = {"id": gid, "when": str(g.get("when", "")), "state": g["state"],
                         "clock": chessclock.new(reply["to_move"])}
        self.s["readonly"], self.s["link"] = False, None
        await self.show(reply)
        chessclock.sync(self.s["cur"]["clock"], reply["to_move"], reply["phase"] in LIVE, self.now())
        self.save(True)
        self.s["screen"] = "game"
        self.say("Opened: " + ", ".join(reply["names"]) + ".")
        self.render()

    def leave(self):
        """Back to the start form; the game shown is kept in Table games."""
        if not self.s["readonly"]:
            self.keep_current()
            try:
                self.storage.removeItem(tables.KEY)
                self.known = None
            except Exception:  # storage blocked: nothing was kept anyway
                pass
        self.s.update({"cur": None, "view": None, "readonly": False, "link": None, "screen": "start", "ask": ""})
        if str(self.window.location.hash or ""):
            self.window.history.replaceState(None, "", str(self.window.location.pathname))
        self.say()
        self.render()

    async def export(self, act):
        reply = await self.call("table_record", self.state_text())
        if "error" in reply:
            self.say("", sentence(reply["error"]))
        elif act == "share":
            base = str(self.window.location.href).split("#")[0]
            self.s["out"] = {"kind": "link", "text": base + "#" + reply["link"]}
        else:
            self.s["out"] = {"kind": "gcg", "text": reply["gcg"],
                             "href": "data:text/plain;charset=utf-8," + str(self.window.encodeURIComponent(reply["gcg"]))}
        self.render("tb-link" if act == "share" else "tb-gcg")


