"""Drawing the table page: each frame is a map of node id -> {attribute: value,
"_html", "_text"}, compared with the last one (ui/render.py ``diff``) so that only
what changed is patched, in one crossing to the page (``wlcPatch``, ui/kit.js).
The board's squares are the main page's (ui/view.py ``board_cells``); the letter
pad and the players' buttons are built once (``skeleton``) and then patched
attribute by attribute, so a key keeps the keyboard focus.
"""

import json

from ui import render, view as game_view
from ui.table import chessclock, entry, view, words

LIVE = ("play", "final")


class Drawing:
    def board_nodes(self):
        s = self.s
        key = json.dumps([len(s["view"].get("actions", [])), s["view"].get("phase"), s["placed"], s["pre"],
                          s["cursor"], s["dir"], s["readonly"], s["layout"]["size"]])
        if self.board_memo[0] == key:
            return self.board_memo[1]
        adapter = {"layout": s["layout"], "snap": s["view"], "pre": s["pre"], "placed": s["placed"],
                   "cursor": s["cursor"] if self.live() else "", "dir": s["dir"], "busy": "" if self.live() else "done",
                   "handover": -1, "bylink": None}
        nodes = {}
        for sq, cell in game_view.board_cells(adapter).items():
            nodes["sq-" + sq] = {"class": cell["cls"], "aria-label": cell["label"], "tabindex": cell["tab"],
                                 "data-letter": cell["letter"] or None, "_html": cell["html"]}
        self.board_memo = (key, nodes)
        return nodes

    def skeleton(self):
        """Patches that rebuild the board, the pad or the players' buttons."""
        out, s, v = [], self.s, self.s["view"]
        lay = s["layout"]
        if lay is not None and lay is not self.sk["layout"]:
            out.append(["board", {"data-size": str(lay["size"]), "style": "--n:" + str(lay["size"])},
                        render.board_html(lay), None])
            self.sk["layout"] = lay
            self.prev = {k: x for k, x in self.prev.items() if not k.startswith("sq-")}
            self.board_memo = (None, {})
        keys = view.pad_keys(v["rules"]) if v is not None else []
        if keys != self.sk["keys"]:
            out.append(["tb-pad", {}, view.pad_html(keys), None])
            self.sk["keys"] = keys
            self.prev = {k: x for k, x in self.prev.items() if not k.startswith("pk-")}
        n = len(v.get("names", [])) if v is not None else 0
        if n != self.sk["seats"]:
            out.append(["tb-seats", {"data-n": str(n)}, view.seats_html(n), None])
            self.sk["seats"] = n
            self.prev = {k: x for k, x in self.prev.items() if not k.startswith("tb-seat-")}
        return out

    def seat_nodes(self):
        v, cur = self.s["view"], self.s["cur"]
        c = cur["clock"] if cur is not None and not self.s["readonly"] else chessclock.new(-1)
        now = self.now()
        out = {"tb-seat-" + str(i): view.seat_node(v, c, i, now, self.live())
               for i in range(len(v.get("names", [])))}
        if self.s.get("big"):   # the scoreboard's clocks run too
            near, far = view.big_halves(v, c, now, self.live())
            out["tb-big-near"], out["tb-big-far"] = {"_html": near}, {"_html": far}
        return out

    def frame(self):
        s, v = self.s, self.s["view"]
        start = s["screen"] == "start"
        nodes = {"tb-loading": {"hidden": "" if s["screen"] != "loading" else None},
                 "tb-start": {"hidden": None if start else ""},
                 "tb-notice": {"_html": view.said_html(s) if start else ""},
                 "tb-start-form": {"_html": view.start_html() if start else ""},
                 "tb-start-games": {"_html": view.games_html(s["kept"]) if start else ""},
                 "tb-game": {"hidden": None if s["screen"] == "game" else ""},
                 "tb-games-box": {"_html": ""},
                 "tb-said": {"_html": view.said_html(s)},
                 "body": {"data-screen": s["screen"]}}
        if s["screen"] != "game" or v is None or s["layout"] is None:
            return nodes
        live = self.live()
        legal = v.get("legal", {}) if live else {}
        nodes.update(self.board_nodes())
        nodes.update(view.pad_nodes(self.sk["keys"] or [], s, live and legal.get("place", False)))
        nodes.update(self.seat_nodes())
        nodes["tb-status"] = {"_text": view.status_text(s)}
        if s["typed"]:
            pv = view.typed_html(s)
        else:
            pv = game_view.preview_html({"preview": s["preview"], "engine": "ready"})
        nodes["preview"] = {"_html": pv}
        nodes["tb-bar"] = {"data-quiet": "1" if pv and not s["mode"] else "0"}   # phones: the score, not the turn
        can_confirm = live and not s["readonly"] and (bool(s["typed"]) or bool(s["placed"])) and not (
            s["preview"] and s["preview"].get("legal") is False and not s["typed"])
        nodes["tb-confirm"] = {"disabled": None if can_confirm else "", "hidden": None if live else ""}
        nodes["tb-pad"] = {"hidden": None if live and legal.get("place") else ""}
        over = v.get("phase") == "over"
        end = view.end_form_html(v) if v.get("awaiting_racks") and not s["readonly"] else (
            view.end_box_html(v) if over else "")
        nodes["tb-endarea"] = {"_html": end, "hidden": None if end else ""}
        nodes["tb-clockline"] = {"_text": view.CLOCK_LINE, "hidden": None if self.clock_on() and live else ""}
        cur = s["cur"]
        buttons = {"tb-pass": live and legal.get("pass"), "tb-exchange": live and bool(legal.get("exchange")),
                   "tb-challenge": live and legal.get("challenge"), "tb-check": live and legal.get("check"),
                   "tb-clear": live and (entry.has_entry(s) or bool(s["typed"]) or bool(s["mode"])),
                   "tb-undo": not s["readonly"] and v is not None and bool(v.get("actions")),
                   "tb-pause": live and self.clock_on()}
        for bid, on in buttons.items():
            shown = live or (bid == "tb-undo" and not s["readonly"])
            nodes[bid] = {"disabled": None if on else "", "hidden": None if shown else ""}
        nodes["tb-check"]["hidden"] = None if buttons["tb-check"] else ""
        if v.get("judgment") not in ("challenge", "free"):   # the judgments with challenges
            nodes["tb-challenge"]["hidden"] = ""
        if not self.clock_on():
            nodes["tb-pause"]["hidden"] = ""
        paused = cur is not None and cur["clock"]["paused"]
        nodes["tb-pause"]["_text"] = "Resume clock" if paused else "Pause clock"
        nodes["tb-typed"] = {"hidden": None if live else ""}
        nodes["tb-big"] = {"hidden": None if s.get("big") else ""}
        nodes["tb-big-open"] = {"aria-pressed": "true" if s.get("big") else "false", "disabled": None, "hidden": None}
        ask = view.ask_html(s)
        nodes["tb-ask"] = {"_html": ask, "hidden": None if ask else ""}
        nodes["tb-72box"] = {"_html": words.two_letter_html()}
        if self.sheet_memo[0] is not v:   # the sheet and the unseen tiles change with the view only
            self.sheet_memo = (v, view.sheet_html(v), view.unseen_html(v))
        nodes["tb-sheet"] = {"_html": self.sheet_memo[1]}
        nodes["tb-unseen-box"] = {"_html": self.sheet_memo[2]}
        nodes["tb-out"] = {"_html": view.out_html(s["out"])}
        nodes["tb-games-box"] = {"_html": view.games_html(s["kept"])}
        ro = ""
        if s["readonly"]:
            ro = ('<p>A shared table game, read-only here. <button type="button" class="primary" data-act="continue">'
                  "Continue here</button> (keeps score of it on this device)</p>")
        nodes["tb-readonly"] = {"_html": ro, "hidden": None if ro else ""}
        nodes["body"] = {"data-phase": v.get("phase", ""), "data-screen": "game", "data-size": str(s["layout"]["size"]),
                         "data-readonly": "1" if s["readonly"] else "0",
                         "data-actions": str(len(v.get("actions", [])))}
        return nodes

    def render(self, focus=None):
        out = self.skeleton() if self.s["screen"] == "game" and self.s["view"] is not None else []
        cur = self.frame()
        was, now = self.prev.get("body", {}), cur["body"]
        if was and (was.get("data-screen"), was.get("data-phase")) != (
                now.get("data-screen"), now.get("data-phase", was.get("data-phase"))):
            self.window.scrollTo(0, 0)   # a new screen, or the game's end: from the top
        out += render.diff(self.prev, cur)
        self.prev.update(cur)
        if focus:
            out.append(["!focus", {}, None, focus])
        if out:
            self.window.wlcPatch(json.dumps(out))

    def render_seats(self):
        if self.s["screen"] != "game" or self.s["view"] is None:
            return
        cur = self.seat_nodes()
        out = render.diff(self.prev, cur)
        self.prev.update(cur)
        if out:
            self.window.wlcPatch(json.dumps(out))

