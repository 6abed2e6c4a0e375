"""The table page's actions: each user action changes the entry (ui/table/entry.py),
presses the clock (ui/table/chessclock.py) or calls the engine worker, which
checks everything and says why it refuses; then the game is saved and drawn
(ui/table/draw.py). Starting, keeping and sharing games: ui/table/games.py.

Page state ``s``: "screen" ("loading", "start", "game"), "cur" (the game in
progress, as ui/store/tables.py stores it), "view" (the engine's view of the game
shown), "layout", "readonly" (a shared game opened from a link, not yet taken
on), "link" (its state), the entry ("placed", "pre", "cursor", "dir", "mode"),
"preview", "typed" (an entry typed that places nothing), "ask" (a question
asked: exchange, challenge, undo, new), "msg" / "err", "out" (a link or record
made), "kept" (the table games list).
"""

import asyncio
import json

from ui import store
from ui.board import phone
from ui.boot import kit
from ui.store import tables
from ui.table import chessclock, entry
from ui.table.draw import LIVE, Drawing
from ui.table.games import Games, sentence

TURN, NOT_TURN = "turn", "none"


class Page(kit.Guard, Drawing, Games):
    NAME = "table page"
    SAVED = "Your game is saved"

    def __init__(self, window, document, storage):
        kit.Guard.__init__(self, window, document)
        self.storage = storage
        self.prev = {}
        self.sk = {"layout": None, "keys": None, "seats": 0}
        self.board_memo = (None, {})
        self.sheet_memo = (None, "", "")   # (the view, its score sheet's HTML, its unseen tiles')
        self.known = None   # the game in progress as stored when this tab last wrote or read it
        self.s = {"screen": "loading", "cur": None, "view": None, "layout": None, "readonly": False, "link": None,
                  "placed": [], "pre": [], "cursor": "H8", "dir": "across", "mode": "", "preview": None,
                  "pseq": 0, "tapped": "", "typed": "", "ask": "", "msg": "", "err": "", "out": None, "kept": [],
                  "big": False}

    # ------------------------------------------------------------- helpers
    def now(self):
        """The wall clock in ms (the table's clock runs on through a reload)."""
        return int(str(self.window.wlcNow()))

    def when(self):
        return store.now_text(self.window)

    def say(self, msg="", err=""):
        self.s["msg"], self.s["err"] = msg, err

    def live(self):
        v = self.s["view"]
        return v is not None and not self.s["readonly"] and v.get("phase") in LIVE

    def clock_on(self):
        v = self.s["view"]
        return v is not None and v.get("clock") is not None

    async def call(self, name, *args):
        reply = json.loads(await getattr(self.eng, name)(*args))
        return reply if isinstance(reply, dict) else {"error": "the engine answered nothing"}

    def state_text(self):
        st = self.s["link"] if self.s["readonly"] else self.s["cur"]["state"]
        return json.dumps(st)

    # ------------------------------------------------------------- storage
    def read(self, key):
        try:
            return self.storage.getItem(key) or ""
        except Exception:  # storage blocked: nothing kept
            return ""

    def write(self, key, text):
        try:
            self.storage.setItem(key, text)
            if key == tables.KEY:
                self.known = text
            return True
        except Exception as exc:
            self.say(self.s["msg"], "This browser did not keep the table game (" + str(exc)[:80]
                     + "). You can play on; it is lost on a reload.")
            return False

    def save(self, mine=False):
        """Store the game in progress. False, writing nothing, when another tab
        stored a game here since this tab last wrote or read it (its storage event
        not yet handled): writing would take back that tab's entry. ``mine``: this
        tab takes the slot on purpose (a new game, one reopened; the one stored
        was kept in Table games first)."""
        if self.s["cur"] is None or self.s["readonly"]:
            return True
        if not mine and self.known is not None:
            now = self.read(tables.KEY)
            if now and now != self.known:
                return False
        self.write(tables.KEY, tables.dump(self.s["cur"]))
        return True

    async def show(self, reply):
        """Show an engine view; the board's layout follows its rules."""
        lay = self.s["layout"]
        if lay is None or lay.get("rules") != reply["rules"] or lay.get("size") != reply.get("size"):
            got = await self.call("layout", reply["rules"])
            if "error" not in got:
                self.s["layout"] = got
                self.s["cursor"] = got["start"]
        self.s["view"] = reply
        entry.blank_entry(self.s)
        self.s["preview"], self.s["typed"], self.s["ask"], self.s["out"] = None, "", "", None


    # ------------------------------------------------------------- the entry
    def changed(self, focus_board=False):
        """After the entry changed: draw it, then ask for its live score (in the
        background: taps never wait for the engine)."""
        self.s["typed"] = ""
        self.s["pseq"] += 1
        self.s["preview"] = {"pending": True} if self.s["placed"] else None
        self.render("sq-" + self.s["cursor"] if focus_board else None)
        if self.s["placed"]:
            asyncio.create_task(self.fetch_preview(self.s["pseq"]))

    async def fetch_preview(self, seq):
        reply = await self.call("table_preview_placement", self.state_text(), json.dumps(entry.placement(self.s)))
        if seq == self.s["pseq"] and self.s["placed"]:
            self.s["preview"] = reply
            self.render()

    def key(self, k, focus_board=False):
        s = self.s
        if not self.live() or not s["view"].get("legal", {}).get("place"):
            return
        msg = ""
        if len(k) == 1:
            s, msg = entry.letter(s, k)
        elif k in ("blank", "down"):
            s = entry.set_mode(s, k)
        elif k == "dir":
            s["dir"] = "down" if s["dir"] == "across" else "across"
        elif k == "back":
            s = entry.back(s)
        elif k == "swap":
            s, msg = entry.swap(s)
        elif k == "pick":
            s, msg = entry.pick(s)
        self.say(msg if msg else "", "")
        self.changed(focus_board)

    def tap(self, sq):
        if not self.live():
            return
        entry.tap_square(self.s, sq)
        self.say()
        self.changed()

    async def typed(self, text):
        text = " ".join(str(text).split())
        if not text:
            self.say("", "Type an entry, like 8D ZEBRAS, -3 (an exchange of 3 tiles) or - (a pass).")
            self.render()
            return
        reply = await self.call("table_placement", self.state_text(), text)
        if "error" in reply:
            self.say("", sentence(reply["error"]))
            self.render()
            return
        if "entry" in reply:
            entry.blank_entry(self.s)
            self.s["preview"] = None
            self.s["typed"] = reply["entry"]
            self.say("Press Confirm to enter \u201c" + reply["entry"] + "\u201d.")
            self.render("tb-confirm")
            return
        entry.from_placement(self.s, reply)
        self.say()
        self.s["pseq"] += 1
        self.s["preview"] = await self.call("table_preview_placement", self.state_text(),
                                            json.dumps(entry.placement(self.s)))
        self.render("tb-confirm" if self.s["preview"].get("legal") else None)

    async def confirm(self):
        s = self.s
        if s["typed"]:
            await self.enter(s["typed"])
            return
        if not s["placed"]:
            self.say("", "Tap a square and choose letters, or type the entry (like 8D ZEBRAS).")
            self.render()
            return
        reply = await self.call("table_preview_placement", self.state_text(), json.dumps(entry.placement(s)))
        if not reply.get("legal") or not reply.get("move"):
            s["preview"] = reply
            self.say("", sentence(reply.get("error") or "Not a legal play"))
            self.render()
            return
        await self.enter(reply["move"])

    # ------------------------------------------------------------- entries
    async def enter(self, text, by=TURN):
        """One entry to the engine; ``by``: TURN (the player to move's turn: their
        clock time is charged), a seat (a challenge: the challenger's thinking
        time) or NOT_TURN (no time charged)."""
        v, cur = self.s["view"], self.s["cur"]
        before = chessclock.copy(cur["clock"])
        now, c = self.now(), cur["clock"]
        ms = -1
        if v.get("clock") is not None:
            if by == TURN:
                nxt = chessclock.next_seat(v["to_move"], len(v["names"]), v.get("timed_out", []))
                ms = chessclock.charge(c, v["to_move"], now, nxt)
            elif by != NOT_TURN:
                ms = chessclock.charge_now(c, by, now)
        reply = await self.call("table_act", json.dumps(cur["state"]), text, ms)
        if "error" in reply:
            cur["clock"] = before
            self.say("", sentence(reply["error"]))
            self.render()
            return False
        await self.taken(reply, now)
        return True

    async def taken(self, reply, now):
        cur = self.s["cur"]
        cur["state"] = tables.state_of(reply)
        await self.show(reply)
        box = self.document.getElementById("tb-typed-text")
        if box is not None:
            box.value = ""      # the entry typed is in: the box is ready for the next
        chessclock.sync(cur["clock"], reply["to_move"], reply["phase"] in LIVE, now)
        if not self.save():
            await self.follow(True)
            return
        if reply.get("phase") == "over":
            self.keep_current()
        self.say(reply.get("message") or "")
        self.render()
        self.window.scrollTo(0, 0)   # the board and what the entry did, also after an entry typed below it

    async def timeout(self):
        """Time's up on the table's clock: the entry is charged the time that ran (the
        engine refuses a time-out while its clock shows time left)."""
        v = self.s["view"]
        if not self.live() or not chessclock.time_up(self.s["cur"]["clock"], v, self.now()):
            return
        await self.enter("timeout", TURN)

    def done(self, seat):
        cur, v = self.s["cur"], self.s["view"]
        if not self.live() or not self.clock_on() or cur["clock"]["run"] != seat:
            return
        nxt = chessclock.next_seat(seat, len(v["names"]), v.get("timed_out", []))
        chessclock.done(cur["clock"], self.now(), nxt)
        if not self.save():
            asyncio.create_task(self.follow(True))
        self.render()

    def space(self):
        cur = self.s["cur"]
        if self.s["screen"] == "game" and cur is not None and self.live() and self.clock_on():
            self.done(cur["clock"]["run"])

    # ------------------------------------------------------------- the rest
    async def act(self, act, el):
        s, v = self.s, self.s["view"]
        d = el.dataset if el is not None else None
        if act == "start":
            await self.new_game()
        elif act == "confirm":
            await self.confirm()
        elif act == "done":
            self.done(int(d.seat))
        elif act == "pass":
            await self.enter(entry.prefix(s) + "-")
        elif act == "exchange":
            s["ask"] = "exchange"
            self.render("tb-ask")
        elif act == "exchange_n":
            await self.enter(entry.prefix(s) + "-" + str(d.n))
        elif act == "challenge":
            if len(v["names"]) == 2:
                await self.enter("challenge", v["to_move"])
            else:
                s["ask"] = "challenge"
                self.render()
        elif act == "challenge_by":
            seat = int(d.seat)
            await self.enter("challenge " + str(seat + 1), seat)
        elif act == "check":
            await self.enter("check", NOT_TURN)
        elif act == "undo":
            s["ask"] = "undo"
            self.render("tb-yes")
        elif act == "undo_yes":
            await self.undo()
        elif act == "clear":
            entry.blank_entry(s)
            s["typed"], s["preview"] = "", None
            self.say()
            self.render()
        elif act == "pause":
            c = s["cur"]["clock"]
            (chessclock.resume if c["paused"] else chessclock.pause)(c, self.now())
            if not self.save():
                await self.follow(True)
                return
            self.render()
        elif act == "ask_cancel":
            s["ask"] = ""
            self.render()
        elif act == "big":
            self.big(not s["big"])
        elif act == "zoom":
            phone.set_zoom(self.document, not phone.zoomed(self.document))
        elif act in ("share", "gcg"):
            await self.export(act)
        elif act == "new":
            if self.live():
                s["ask"] = "new"
                self.render("tb-yes")
            else:
                self.leave()
        elif act == "new_yes":
            self.leave()
        elif act == "reopen":
            await self.reopen(str(d.id))
        elif act == "forget":
            s["kept"] = tables.drop(tables.games(self.read(tables.LIST_KEY)), str(d.id))
            self.write(tables.LIST_KEY, tables.dump_list(s["kept"]))
            self.render()
        elif act == "continue":
            await self.take_on(s["link"])
        elif act == "racks":
            await self.racks()

    def big(self, on):
        """The scoreboard, over the whole screen (Close, or Escape, goes back)."""
        self.s["big"] = bool(on) and self.s["view"] is not None
        self.render("tb-big-close" if self.s["big"] else "tb-big-open")

    async def undo(self):
        s, cur = self.s, self.s["cur"]
        s["ask"] = ""
        reply = await self.call("table_undo", json.dumps(cur["state"]))
        if "error" in reply:
            self.say("", sentence(reply["error"]))
            self.render()
            return
        await self.taken(reply, self.now())
        self.say("The last entry is taken back.")
        self.render()

    async def racks(self):
        v = self.s["view"]
        left = []
        for i in range(len(v["names"])):
            el = self.document.getElementById("tb-left" + str(i))
            left.append(" ".join(str(el.value if el is not None else "").split()).replace(" ", ""))
        reply = await self.call("table_end", json.dumps(self.s["cur"]["state"]), json.dumps(left))
        if "error" in reply:
            self.say("", sentence(reply["error"]))
            self.render()
            return
        await self.taken(reply, self.now())


async def clock_loop(page):
    """Four times a second: redraw the players' clocks, and say when time is up."""
    while True:
        await asyncio.sleep(0.25)
        if page.eng is None or page.s["view"] is None or not page.clock_on() or page.s["readonly"]:
            continue
        page.render_seats()
        if page.free() and page.live() and chessclock.time_up(page.s["cur"]["clock"], page.s["view"], page.now()):
            await page.guarded(page.timeout)
