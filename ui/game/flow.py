"""Small steps every state handler shares: whose turn it is, who is a person, and
asking for effects (a fresh preview after the tiles changed). Pure, MicroPython-safe."""

from ui.board.placing import placement


def human_seats(s):
    return [i for i, seat in enumerate(s["snap"]["seats"]) if seat.get("kind") == "human"]


def is_human(s, seat):
    seats = s["snap"]["seats"]
    return 0 <= seat < len(seats) and seats[seat].get("kind") == "human"


def my_turn(s):
    """A human may act now on this device (not while the engine works or a hand-over)."""
    snap = s["snap"]
    bylink = s.get("bylink")   # play by link (ui/links/bylink.py): this device plays its own seat only
    return (snap.get("phase") != "over" and is_human(s, snap.get("to_move", -1))
            and not s["busy"] and s["handover"] < 0
            and (not bylink or snap.get("to_move", -1) == bylink["me"]))


def can_place(s):
    return my_turn(s) and s["snap"].get("legal", {}).get("place", False) and s["mode"] == "play"




def with_fx(s, *effects):
    s["fx"] = s["fx"] + list(effects)
    return s


def after_placing(s):
    """Ask for a fresh preview (or drop the old one) after the tiles changed."""
    s["seq"] = s["seq"] + 1
    if not s["placed"]:
        s["preview"] = None
        return s
    s["preview"] = {"pending": True}
    if s["engine"] == "ready":
        return with_fx(s, {"do": "preview", "arg": placement(s), "seq": s["seq"]})
    return s

