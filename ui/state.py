"""The page's state as plain data, changed only by ``step(state, event) -> state``.

Pure: no DOM, no engine, no clock, no randomness (a shuffle event carries its
order). Runs under CPython and MicroPython alike (no dataclasses, typing or enum;
dict order never relied upon). Work for the outside world is asked for in
``state["fx"]``, a list of effects that ui/main.py carries out and then clears:

    {"do": "preview", "arg": placement JSON, "seq": n}   score the tiles put down
    {"do": "play", "arg": placement JSON}                 preview, then act(move)
    {"do": "act", "arg": "-ABC" | "-" | "challenge" | ...}
    {"do": "computer"}                                    the seat to move is a computer
    {"do": "open", "spec": {...}}                         start / rebuild a game
    {"do": "save"}                                        store the game in the browser
    {"do": "focus", "sq": "H8"}                           move keyboard focus
"""

from ui.game import judging
from ui.game.turns import turn_text
from ui.game.flow import after_placing, can_place, human_seats, is_human, my_turn, with_fx  # noqa: F401 (read here by the views)
from ui.board.intents import (
    on_choose, on_drop, on_drop_placed, on_drop_rack, on_key, on_play, on_recall, on_shuffle,
    on_tap_rack, on_tap_square,
)
from ui.board.placing import reconcile_rack, remembered_order, with_order  # noqa: F401 (with_order: read here at boot)

# The computer's time budget per level (ms): the expert simulates for all of it.
COMPUTER_MS = {"easy": 2000, "medium": 2000, "hard": 2000, "expert": 3000}


def initial(layout, spec, snap, engine="loading"):
    """The state showing ``snap`` (a snapshot dict) before any event."""
    s = {
        "layout": layout, "spec": spec, "snap": snap, "engine": engine, "busy": "",
        "rack": [], "rack_seat": -1, "next_id": 0, "placed": [], "pre": [],
        "sel": None, "cursor": layout.get("start", "H8"), "dir": "across",
        "choose": None, "preview": None, "seq": 0, "mode": "play", "xsel": [],
        "dialog": "", "handover": -1, "last_human": -1, "message": "", "notice": "",
        "announce": "", "fx": [], "check_seat": -1, "checked_by": -1, "handover_next": -1, "snap_turns": 0,
        "computer_failed": False, "typing_warned": False, "bylink": None, "outcome": "",
        "shown": 0,
    }
    return _take_snapshot(s, snap, announce=False)


# ----------------------------------------------------------------- helpers


def _shown_seat(s, snap):
    """Whose rack the page shows: the player to move if human, else the only human."""
    seat = snap.get("rack_player", snap.get("to_move", 0))
    if s.get("bylink"):   # play by link: only this device's seat, whoever is to move
        me = s["bylink"]["me"]
        mine = snap.get("to_move", -1) == me and snap.get("phase") not in ("over", "view")
        return seat if mine else me   # (in the final round the mover plays another's rack)
    if is_human(s, snap.get("to_move", -1)) and snap.get("phase") != "over":
        return seat
    humans = human_seats(s)
    if len(humans) == 1:
        return humans[0]
    return s["last_human"] if s["last_human"] >= 0 else -1


def _turns_text(snap, before):
    turns = snap.get("turns", [])
    new = turns[before:] if before < len(turns) else turns[-1:]
    return " ".join(turn_text(snap, t) for t in new)


RECAP_MAX = 4   # sentences: a four-player round


def _recap(s, snap, announce):
    """What was said since the player at this screen last acted: "You played DEFT for 23.
    Computer played PASTORED for 76." Your own score stays said under the computer's
    reply until your next action; a game loaded, undone or replayed starts afresh."""
    said = snap.get("message") or ""
    if not announce or not said:
        return []
    mine = any(e.get("player") == s.get("rack_seat", -1) for e in snap.get("events", []))
    before = [] if mine else s.get("recap", [])
    return (before + [said])[-RECAP_MAX:]


def _take_snapshot(s, snap, announce=True):
    old = s.get("spec") or {}
    s["snap"] = snap
    s["spec"] = {"rules": snap.get("rules", "classic"), "seed": snap.get("seed", ""),
                 "seats": snap.get("seats", []), "actions": snap.get("actions", []),
                 "hints": snap.get("hints", [])}
    if snap.get("start"):  # a game started from a position (an imported record or CGP)
        s["spec"]["start"] = snap["start"]
    if snap.get("wordlist"):  # the player's own word list (ui/newgame/wordlist.py)
        s["spec"]["wordlist"] = snap["wordlist"]
    s["spec"].update({k: snap[k] for k in ("event", "oath") if snap.get(k)})   # a tournament's game (ui/links/event.py)
    if old.get("record") and str(snap.get("seed", "")).startswith("import-") and old.get("seed") == snap.get("seed"):
        s["spec"]["record"] = old["record"]   # the imported record's turns before it (the review's)
    s["placed"], s["pre"], s["sel"], s["choose"] = [], [], None, None
    s["preview"], s["mode"], s["xsel"], s["busy"] = None, "play", [], ""
    s["typing_warned"] = False
    s["computer_failed"] = False  # a fresh answer from the engine (ui/game/standin.py)
    seat = _shown_seat(s, snap)
    racks = snap.get("racks", [])
    letters = racks[seat] if 0 <= seat < len(racks) else ""
    old = s["rack"] if seat == s["rack_seat"] else []
    old = remembered_order(s, snap, seat, letters, old)   # the player's own order (an undo)
    s["rack"], s["next_id"] = reconcile_rack(old, letters, s["next_id"])
    s["rack_seat"] = seat
    s["recap"] = _recap(s, snap, announce)
    if announce:
        s["announce"] = snap.get("message") or _turns_text(snap, s["snap_turns"])
    s["snap_turns"] = len(snap.get("turns", []))
    s["message"] = snap.get("error", "") or ""
    to_move = snap.get("to_move", 0)
    s["handover"], s["handover_next"] = -1, -1
    outcome = ""
    if s["checked_by"] >= 0:  # the answer to "check": found (same player again) or not
        checker, s["checked_by"] = s["checked_by"], -1
        s["message"] = (judging.CHECK_FOUND if to_move == checker and snap.get("phase") != "over"
                        else judging.check_failed_text(snap, checker))
        s["announce"] = s["message"]
        outcome = s["message"]
    s["outcome"] = judging.outcome(s, snap, outcome, is_human)
    s["check_seat"] = judging.check_seat(s, snap, is_human)
    if snap.get("phase") != "over":
        if is_human(s, to_move):
            if (len(human_seats(s)) > 1 and s["last_human"] >= 0 and to_move != s["last_human"]
                    and not s.get("bylink")):
                s["handover"] = to_move
            s["last_human"] = to_move
        elif s["check_seat"] < 0:
            s["busy"] = "computer"
            s["fx"] = s["fx"] + [{"do": "computer"}]
        if s["check_seat"] >= 0:  # the failed player decides about the check first
            s["handover_next"], s["handover"] = s["handover"], -1
    return s


# ----------------------------------------------------------------- handlers


def on_snapshot(s, ev):
    snap = ev["snap"]
    if "racks" not in snap:  # {"error": ...}: the action was refused, nothing changed
        s["busy"] = ""
        s["message"] = _unless_previewed(s, snap.get("error", "The engine refused that."))
        return s
    if ev.get("layout"):
        s["layout"] = ev["layout"]
    if ev.get("layout") or not snap.get("actions"):  # a new game: the cursor on its start square
        s["cursor"] = s["layout"].get("start", "H8")
    same = ev.get("keep") and snap.get("actions") == s["snap"].get("actions")
    kept = (s["placed"], s["pre"], s["rack"], s["sel"], s["cursor"]) if same else None
    s = _take_snapshot(s, snap)
    if kept is not None and s["rack_seat"] >= 0:
        # the engine came up and rebuilt the game shown: tiles already put down stay
        s["placed"], s["pre"], s["rack"], s["sel"], s["cursor"] = kept
        s = after_placing(s)
    if s["busy"] == "computer" and s["engine"] != "ready":
        s["fx"] = [f for f in s["fx"] if f["do"] != "computer"]
        s["busy"] = ""
    return with_fx(s, {"do": "save"})


def on_engine(s, ev):
    status = ev.get("status", "ready")
    s["engine"] = status
    if status == "ready":
        return with_fx(s, {"do": "open", "spec": s["spec"]})
    s["busy"] = ""
    s["notice"] = ev.get("msg") or "The game engine could not start."
    return s


def on_error(s, ev):
    s["busy"] = ""
    s["message"] = ev.get("msg", "Something went wrong.")
    return s


def on_preview(s, ev):
    if ev.get("seq") != s["seq"]:
        return s  # an answer for tiles that have moved since
    s["preview"] = ev["result"]
    s["message"] = _unless_previewed(s, s["message"])
    return s


def _unless_previewed(s, message):
    """The message, or "" when the live preview already says it (Play pressed while
    the preview was pending: the refusal and the preview both name the reason)."""
    p = s["preview"]
    if p and p.get("legal") is False and message and message == p.get("error"):
        return ""
    return message



def _simple_act(text, legal_key):
    def handler(s, ev):
        if not my_turn(s) or not s["snap"].get("legal", {}).get(legal_key):
            return s
        s["busy"] = "act"
        return with_fx(s, {"do": "act", "arg": text})
    return handler


def on_exchange(s, ev):
    """First press: choose tiles; the confirm button then exchanges them."""
    mode = ev.get("mode", "exchange")
    key = "trade" if mode == "trade" else "exchange"
    if not my_turn(s) or not s["snap"].get("legal", {}).get(key):
        return s
    if s["mode"] != mode:
        s = on_recall(s, ev)
        s["mode"], s["xsel"] = mode, []
        s["message"] = ("Choose the tiles to exchange, then confirm." if mode == "exchange"
                        else "Choose the tiles to trade, then confirm.")
        return s
    return on_exchange_confirm(s, ev)


def on_exchange_confirm(s, ev):
    letters = "".join(e["tile"] for e in s["rack"] if e["id"] in s["xsel"])
    if not letters:
        s["message"] = "Choose at least one tile (tap it), or Cancel."
        return s
    text = ("-" + letters) if s["mode"] == "exchange" else ("trade " + letters)
    s["busy"] = "act"
    s["mode"], s["xsel"] = "play", []
    return with_fx(s, {"do": "act", "arg": text})


def on_cancel(s, ev):
    if s["choose"]:
        s["choose"] = None
        return s
    if s["dialog"]:
        s["dialog"] = ""
        return s
    s["mode"], s["xsel"], s["message"] = "play", [], ""
    return s


def on_check(s, ev):
    if s["check_seat"] < 0 or s["busy"]:
        return s
    s["checked_by"], s["check_seat"] = s["check_seat"], -1
    s["busy"] = "act"
    return with_fx(s, {"do": "act", "arg": "check"})


def on_skip_check(s, ev):
    """Play on without checking: the next player (or the computer) moves."""
    if s["check_seat"] < 0:
        return s
    s["check_seat"] = -1
    s["handover"], s["handover_next"] = s["handover_next"], -1
    if not is_human(s, s["snap"].get("to_move", -1)) and s["snap"].get("phase") != "over":
        s["busy"] = "computer"
        return with_fx(s, {"do": "computer"})
    return s


def on_handover_done(s, ev):
    s["handover"] = -1
    return s


def on_dialog(s, ev):
    s["dialog"] = ev.get("name", "")
    return s


def on_new_game(s, ev):
    """Start the game of ``ev["spec"]`` (from the New game dialog or Rematch)."""
    spec = ev["spec"]
    s["dialog"] = ""
    s["last_human"] = -1
    s["handover"] = -1
    s["busy"] = "open"
    s["message"] = "" if s["engine"] == "ready" else "The engine is loading: the new game starts in a moment."
    s["spec"] = spec
    return with_fx(s, {"do": "open", "spec": spec, "new": True})


def on_notice(s, ev):
    s["notice"] = ev.get("msg", "")
    return s


# The game's own events (ui/boot/handlers.py adds the other features' handlers to some).
HANDLERS = {
    "snapshot": on_snapshot, "engine": on_engine, "error": on_error, "preview": on_preview,
    "tap_square": on_tap_square, "tap_rack": on_tap_rack, "drop": on_drop,
    "drop_rack": on_drop_rack, "drop_placed": on_drop_placed, "choose": on_choose,
    "key": on_key, "recall": on_recall, "shuffle": on_shuffle, "play": on_play,
    "pass": _simple_act("-", "pass"), "challenge": _simple_act("challenge", "challenge"),
    "check": on_check, "skip_check": on_skip_check, "exchange": on_exchange,
    "exchange_confirm": on_exchange_confirm, "cancel": on_cancel,
    "handover_done": on_handover_done, "dialog": on_dialog, "new_game": on_new_game,
    "notice": on_notice,
}

__all__ = ["initial", "HANDLERS", "COMPUTER_MS", "my_turn", "can_place", "is_human", "human_seats", "with_order"]
