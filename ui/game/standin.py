"""When the computer cannot move: say so, and offer to try again or to let people
play the computer's seats (hot seat), so a game never hangs on a failed worker call.

Pure handlers, listed with the page's events in ui/boot/handlers.py (CPython and MicroPython).
The flag ``computer_failed`` lives in the state until the next snapshot, which
always clears it (a snapshot is a fresh answer from the engine).
"""

from html import escape

FAILED = "The computer could not move"


def on_computer_failed(s, ev):
    """The worker's computer call raised or timed out (ui/main.py)."""
    s["busy"] = ""
    s["computer_failed"] = True
    why = ev.get("why", "")
    s["message"] = FAILED + (" (" + why + ")" if why else "") + "."
    s["announce"] = s["message"]
    return s


def on_computer_retry(s, ev):
    if not s.get("computer_failed") or s["busy"] or s["engine"] != "ready":
        return s
    s["computer_failed"] = False
    s["message"] = ""
    s["busy"] = "computer"
    s["fx"] = s["fx"] + [{"do": "computer"}]
    return s


def people_spec(s):
    """The game in progress with every seat played by people on this device (the same
    rules, seed, position and moves), or None when there is nothing to change."""
    seats = s["spec"].get("seats", [])
    if all(seat.get("kind") == "human" for seat in seats):
        return None
    spec = dict(s["spec"])
    spec["seats"] = [{"name": seat.get("name", ""), "kind": "human"} for seat in seats]
    return spec


def offer_html(s):
    """The two ways on, shown under the message while the computer is stuck."""
    if not s.get("computer_failed"):
        return ""
    retry = ('<button type="button" data-act="computer_retry">Try again</button> '
             if s["engine"] == "ready" else "")
    return ("<p>" + escape(FAILED) + ". " + retry
            + '<button type="button" data-act="seats_human">Play its seat yourselves</button></p>')


HANDLERS = {"computer_failed": on_computer_failed, "computer_retry": on_computer_retry}

