"""The replay viewer: step through any game (a link's, or the one being played).

Pure state handlers in the style of ui/state.py (``handler(s, ev) -> s`` with
effects in ``s["fx"]``) and the replay bar's HTML. While replaying, ``s["snap"]``
is the engine's snapshot after the first ``at`` actions (``{"do": "at", "k": k}``
asks for it) and the live game waits in ``s["replay"]["live"]``; ``busy`` is
"replay", so nothing can be played on an old position. MicroPython-safe.
"""

from html import escape

from ui.board.placing import reconcile_rack
from ui.game.turns import breakdown_html, move_text, seat_name

STEPS = ("first", "back", "forward", "last")
KEY_STEPS = {"ArrowLeft": "back", "ArrowRight": "forward", "ArrowUp": "back", "ArrowDown": "forward",
             "Home": "first", "End": "last", "PageUp": "first", "PageDown": "last"}


def active(s):
    return bool(s.get("replay"))


def total_of(s):
    r = s.get("replay")
    if r:
        return r["total"]
    return len(s["snap"].get("actions", []))


def target(s, to):
    """The action count a step asks for (clamped to the game)."""
    total = total_of(s)
    at = s["replay"]["at"] if active(s) else total
    if to == "first":
        k = 0
    elif to == "last":
        k = total
    elif to == "back":
        k = at - 1
    elif to == "forward":
        k = at + 1
    elif isinstance(to, int) and not isinstance(to, bool):
        k = to
    else:
        k = at
    return max(0, min(total, k))


def on_replay(s, ev):
    """Open the replay viewer at ``ev["at"]`` (default: the start)."""
    if s["snap"].get("readonly"):
        s["message"] = "An imported record is shown as it ends; it cannot be stepped through."
        return s
    if active(s):
        return on_replay_step(s, {"to": ev.get("at", "first")})
    if s["busy"] or s["engine"] != "ready":
        s["message"] = "Replay opens when the engine is ready and no move is being made."
        return s
    total = len(s["snap"].get("actions", []))
    only = bool(ev.get("only"))
    s["replay"] = {"at": total, "total": total, "live": s["snap"], "only": only, "pending": True,
                   "seat": s.get("rack_seat", -1)}   # whose hidden tiles this screen may show
    s["busy"] = "replay"
    s["placed"], s["pre"], s["sel"], s["choose"], s["mode"], s["xsel"] = [], [], None, None, "play", []
    s["preview"] = None
    k = target(s, ev.get("at", "first"))
    s["fx"] = s["fx"] + [{"do": "at", "k": k}]
    return s


def on_replay_step(s, ev):
    if not active(s):
        return on_replay(s, {"at": ev.get("to", "first")})
    k = target(s, ev.get("to"))
    if k == s["replay"]["at"] and not s["replay"].get("pending"):
        return s
    s["fx"] = s["fx"] + [{"do": "at", "k": k}]
    return s


def on_replay_snap(s, ev):
    """The engine's snapshot after ``at`` actions."""
    snap = ev.get("snap") or {}
    if not active(s):
        return s
    if "racks" not in snap:
        s["message"] = snap.get("error", "That move cannot be shown.")
        return s
    r = dict(s["replay"])
    r["at"], r["total"], r["pending"] = snap.get("at", 0), snap.get("total", r["total"]), False
    s["replay"] = r
    s["snap"] = snap
    s["message"] = ""
    s["announce"] = step_text(s)
    seat = -1
    if r["live"].get("phase") == "over":   # a finished game: each mover's rack is shown
        seat = snap.get("rack_player", snap.get("to_move", -1))
    racks = snap.get("racks", [])
    letters = racks[seat] if 0 <= seat < len(racks) else ""
    s["rack"], s["next_id"] = reconcile_rack([], letters, s["next_id"])
    s["rack_seat"] = seat if letters else -1
    if _address_follows(s):   # the address bar says which turn is shown (&t=)
        s["fx"] = s["fx"] + [{"do": "link_turn", "k": r["at"]}]
    return s


def _address_follows(s):
    link = s.get("link") or {}
    return bool(s.get("shared")) or link.get("status") == "open"


def on_replay_close(s, ev):
    """Back to the game as it stands (not offered when the page is a replay only)."""
    if not active(s) or s["replay"].get("only"):
        return s
    from ui import state  # the live game comes back exactly as a fresh snapshot would
    live = s["replay"]["live"]
    s["replay"] = None
    s["busy"] = ""
    s["handover"] = -1
    out = state._take_snapshot(s, live, announce=False)
    out["message"] = ""
    if _address_follows(out):   # back to the game: the address bar drops its &t=
        out["fx"] = out["fx"] + [{"do": "link_sync"}]
    return out


def keys_in_replay(s, ev):
    """While replaying, the keys are the replay's (ahead of the game's own handling):
    arrow keys, Home and End step it, Escape closes it, any other does nothing."""
    if not active(s):
        return s
    key = ev.get("key", "")
    if key in KEY_STEPS:
        return on_replay_step(s, {"to": KEY_STEPS[key]}), None
    if key == "Escape":
        return on_replay_close(s, ev), None
    return s, None


def end_on_snapshot(s, ev):
    """Before a live snapshot while replaying (the engine restarted, a computer move came
    in) is taken: the replay ends and the game is shown as it stands."""
    if active(s) and "racks" in (ev.get("snap") or {}):
        s["replay"] = None
        s["busy"] = ""
    return s


HANDLERS = {"replay": on_replay, "replay_step": on_replay_step, "replay_snap": on_replay_snap,
            "replay_close": on_replay_close}


# ------------------------------------------------------------------ view


def step_text(s):
    """What the shown step did, in words (the turn lines action ``at`` wrote)."""
    r = s.get("replay")
    if not r:
        return ""
    snap = s["snap"]
    if r["at"] == 0:
        return "The start of the game."
    parts = []
    for t in snap.get("events", []):
        who = seat_name(snap, t.get("player", -1))
        kind = t.get("kind", "")
        text = t.get("text", "")
        if kind == "pass":
            text = "pass"
        elif kind == "exchange":
            n = max(0, len(text) - 1)
            text = "exchange " + str(n) + (" tile" if n == 1 else " tiles")
        parts.append(who + ": " + text + " (" + kind + ") " + ("+" if t.get("score", 0) >= 0 else "")
                     + str(t.get("score", 0)))
    return "; ".join(parts) or "No score-sheet line for this move."


def _breakdown(t):
    html = breakdown_html(t)
    return '<div class="rp-words">' + html + "</div>" if html else ""


# The step buttons' pictures, drawn by ui/style.css (.rp-ico): a bar and triangles made of
# borders, so they show in every font (the media-control characters U+23EE/U+23ED were
# empty boxes in Debian's Chromium). The buttons' names are their aria-labels.
_BAR = '<i class="rp-ico rp-bar"></i>'
ICONS = {
    "first": '<span class="rp-icons" aria-hidden="true">' + _BAR + '<i class="rp-ico rp-left"></i></span>',
    "back": '<span class="rp-icons" aria-hidden="true"><i class="rp-ico rp-left"></i></span>',
    "forward": '<span class="rp-icons" aria-hidden="true"><i class="rp-ico rp-right"></i></span>',
    "last": '<span class="rp-icons" aria-hidden="true"><i class="rp-ico rp-right"></i>' + _BAR + "</span>",
}


def bar_html(s):
    """The replay bar: position, the step's move with its score and breakdown, buttons."""
    r = s.get("replay")
    if not r:
        return ""
    at, total = r["at"], r["total"]
    snap = s["snap"]
    lines = []
    for t in snap.get("events", []):
        who = seat_name(snap, t.get("player", -1))
        text = move_text(s, t)
        score = t.get("score", 0)
        lines.append('<li class="rp-turn k-' + escape(t.get("kind", "")) + '"><span class="rp-who">'
                     + escape(who) + '</span> <span class="rp-move">' + escape(text)
                     + '</span> <b class="rp-score" data-score="' + str(score) + '">'
                     + ("+" if score > 0 else "") + str(score) + "</b>" + _breakdown(t) + "</li>")
    if at == 0:
        lines.append('<li class="rp-turn">The start of the game.</li>')
    dis_back = " disabled" if at <= 0 else ""
    dis_fwd = " disabled" if at >= total else ""
    close = "" if r.get("only") else '<button type="button" data-rp="close">Back to the game</button>'
    # A shared game to look at: its review is a click away. Not for a fork of this
    # device's own game by link: that review would show the other seats' racks.
    if r.get("only") and not s.get("embed") and total and not r.get("fork"):
        close = '<button type="button" id="rp-review-link" data-act="review">Review this game</button>'
    return ('<p class="rp-pos" data-at="' + str(at) + '" data-total="' + str(total) + '">Replay: move '
            + str(at) + " of " + str(total) + "</p>"
            '<ol class="rp-turns">' + "".join(lines) + "</ol>"
            '<div class="rp-buttons" role="group" aria-label="Replay">'
            '<button type="button" data-rp="first" aria-label="First move"' + dis_back + ">" + ICONS["first"] + "</button>"
            '<button type="button" data-rp="back" aria-label="Back one move"' + dis_back + ">" + ICONS["back"] + "</button>"
            '<button type="button" data-rp="forward" aria-label="Forward one move"' + dis_fwd + ">"
            + ICONS["forward"] + "</button>"
            '<button type="button" data-rp="last" aria-label="Last move"' + dis_fwd + ">" + ICONS["last"] + "</button>"
            + close + "</div>")
