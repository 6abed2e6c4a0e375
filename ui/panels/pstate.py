"""The panels' slice of the page state (``s["pn"]``) and the small steps every panel
handler shares: read it, change it, ask for an effect. Pure, MicroPython-safe."""

from ui import state
from ui.panels import settings


BLANK = {"open": "", "opener": "", "sel": -1, "hist": None, "export": None, "hint": None,
         "hint_at": None, "unseen": None, "redo": [], "redo_base": None, "confirm": "",
         "past": None, "past_msg": "", "bylink": [], "tables": [], "replay": None, "settings": settings.DEFAULTS, "stored": "",
         "hl": -1, "summary": None}


def pn(s):
    return s.get("pn") or BLANK


def set_pn(s, **changes):
    """The state with the panels' slice changed (a new dict: states are never shared)."""
    p = dict(pn(s))
    for key in changes:
        p[key] = changes[key]
    s["pn"] = p
    return s


def add_fx(s, *effects):
    s["fx"] = s["fx"] + list(effects)
    return s


def actions_of(s):
    return s["snap"].get("actions", [])


def humans(s):
    return state.human_seats(s)


def vs_computer(s):
    """A game with a computer seat: undo takes back the human's turn and the replies."""
    return len(humans(s)) < len(s["snap"].get("seats", []))
