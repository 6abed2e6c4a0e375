"""Helpers of ui/state.py about tiles put down this turn and the rack (pure data).

A rack entry is {"id": n, "tile": "A"} ("?" = blank; "pre": True when it came off
the board this turn by a swap or pick-off). A placed tile is {"sq", "id", "tile",
"letter"}: the rack entry it came from and the letter it stands for.
"""

import json

from ui.board import geom

WILD_PRESETS = ("iii",)


def rules_knob(rules, knob, preset_default):
    """A knob's value from a rules string such as 'iii,wild=0' (str), else the default."""
    parts = (rules or "").split(",")
    for part in parts[1:]:
        key, _, value = part.partition("=")
        if key.strip() == knob:
            return value.strip()
    return preset_default


def wild_jqxz(rules):
    preset = (rules or "classic").split(",")[0].strip().lower()
    return rules_knob(rules, "wild", "1" if preset in WILD_PRESETS else "0") == "1"


def reconcile_rack(old, letters, next_id):
    """Entries for ``letters`` keeping the player's order of ``old`` where tiles remain.
    Returns (entries, next_id)."""
    pool = list(letters)
    out = []
    for e in old:
        if e["tile"] in pool:
            pool.remove(e["tile"])
            out.append({"id": e["id"], "tile": e["tile"]})
    for tile in pool:
        out.append({"id": next_id, "tile": tile})
        next_id += 1
    return out, next_id


def rack_entry(s, entry_id):
    for e in s["rack"]:
        if e["id"] == entry_id:
            return e
    return None


def unplaced(s):
    used = [p["id"] for p in s["placed"]]
    return [e for e in s["rack"] if e["id"] not in used]


def board_letter(s, sq):
    """The letter standing on ``sq`` in the snapshot (not counting picked-off tiles)."""
    for p in s["pre"]:
        if p["kind"] == "pick" and p["sq"] == sq:
            return ""
    for t in s["snap"].get("tiles", []):
        if t["sq"] == sq:
            return t["letter"]
    return ""


def occupied(s, sq):
    if board_letter(s, sq):
        return True
    return any(p["sq"] == sq for p in s["placed"])


def empty_at(s, sq):
    return sq is not None and geom.parse(sq) is not None and not occupied(s, sq)


def next_empty(s, sq, direction):
    """The first empty square after ``sq`` going across or down; None at the edge."""
    d_row, d_col = (0, 1) if direction == "across" else (1, 0)
    cur = geom.step(s["layout"], sq, d_row, d_col)
    while cur is not None and occupied(s, cur):
        cur = geom.step(s["layout"], cur, d_row, d_col)
    return cur


def add_placed(placed, sq, entry_id, tile, letter):
    rest = [p for p in placed if p["sq"] != sq and p["id"] != entry_id]
    return rest + [{"sq": sq, "id": entry_id, "tile": tile, "letter": letter}]


def remove_placed(placed, sq):
    return [p for p in placed if p["sq"] != sq]


def placement(s):
    """The placement JSON that engine.session.preview reads."""
    tiles = [{"sq": p["sq"], "tile": p["tile"], "letter": p["letter"]} for p in s["placed"]]
    pre = [p["kind"] + " " + p["sq"] for p in s["pre"]]
    data = {"tiles": tiles, "pre": pre}
    if len(tiles) == 1:
        data["across"] = s["dir"] == "across"
    return json.dumps(data)


def remembered_order(s, snap, seat, letters, old):
    """The rack entries to keep the order of: the player's own order of this very rack
    when the game comes back to it (an undo), else ``old``. Keeps the last orders in
    ``s["orders"]`` (by action count and seat)."""
    orders = dict(s.get("orders") or {})
    if s["rack"] and s["rack_seat"] >= 0:
        key = str(s.get("snap_actions", -1)) + ":" + str(s["rack_seat"])
        orders[key] = "".join(e["tile"] for e in s["rack"] if not e.get("pre"))
    back = orders.get(str(len(snap.get("actions", []))) + ":" + str(seat))
    if back and sorted(back) == sorted(letters):
        old = [{"id": -1 - i, "tile": c} for i, c in enumerate(back)]
    if len(orders) > 24:
        for key in sorted(orders, key=lambda k: int(k.split(":")[0]))[:len(orders) - 24]:
            del orders[key]
    s["orders"] = orders
    s["snap_actions"] = len(snap.get("actions", []))
    return old


def with_order(s, order):
    """The rack in the player's own order (kept in the saved game: a reload keeps it)."""
    letters = "".join(e["tile"] for e in s["rack"])
    if not order or sorted(order) != sorted(letters):
        return s
    s["rack"], s["next_id"] = reconcile_rack([{"id": -1 - i, "tile": c} for i, c in enumerate(order)],
                                             letters, s["next_id"])
    return s
