"""What a player does with tiles: tap, drag and type to put them down, take them back,
shuffle, choose a blank's letter, and Play. Each is ``handler(state, event) -> state``
for ui/boot/handlers.step (pure, MicroPython-safe); the board's keys are read here too."""

from ui.board import geom
from ui.board.placing import (
    add_placed, board_letter, empty_at, next_empty, placement, rack_entry, reconcile_rack,
    remove_placed, unplaced, wild_jqxz,
)
from ui.game.flow import after_placing, can_place, my_turn, with_fx

JQXZ = "JQXZ"


def _place(s, entry_id, sq, letter=""):
    """Put rack entry ``entry_id`` on ``sq``; a blank or a wild J/Q/X/Z asks its letter first."""
    entry = rack_entry(s, entry_id)
    if entry is None or not empty_at(s, sq):
        return s
    tile = entry["tile"]
    wild = wild_jqxz(s["snap"].get("rules", ""))
    if not letter and (tile == "?" or (tile in JQXZ and wild)):
        s["choose"] = {"sq": sq, "id": entry_id, "tile": tile}
        s["sel"] = None
        return s
    s["placed"] = add_placed(s["placed"], sq, entry_id, tile, letter or tile)
    s["sel"] = None
    s["message"] = ""
    return after_placing(s)



def on_tap_square(s, ev):
    sq = ev["sq"]
    if s["choose"] or not my_turn(s):
        return s
    sel = s["sel"]
    placed_here = [p for p in s["placed"] if p["sq"] == sq]
    if sel and sel[0] == "rack":
        if empty_at(s, sq) and can_place(s):
            s["cursor"] = sq
            return _place(s, sel[1], sq)
        if sq in s["snap"].get("swappable", []) and not placed_here:
            return pre_swap(s, sel[1], sq)
    if placed_here:
        s["placed"] = remove_placed(s["placed"], sq)
        s["cursor"] = sq
        return after_placing(s)
    if sq in s["snap"].get("pickable", []) and not s["placed"] and board_letter(s, sq):
        return pre_pick(s, sq)
    if s["cursor"] == sq and sel and sel[0] == "sq":
        s = _turn(s)
    s["cursor"] = sq
    s["sel"] = ["sq", sq] if empty_at(s, sq) else None
    return s


def pre_swap(s, entry_id, sq):
    entry = rack_entry(s, entry_id)
    tile = board_letter(s, sq)
    if entry is None or not tile:
        return s
    back = "?"
    for t in s["snap"].get("tiles", []):
        if t["sq"] == sq and t.get("flipped"):
            back = t["flipped"]
    s["pre"] = s["pre"] + [{"kind": "swap", "sq": sq, "id": entry_id, "letter": entry["tile"]}]
    s["rack"] = [e for e in s["rack"] if e["id"] != entry_id] + [{"id": s["next_id"], "tile": back, "pre": True}]
    s["next_id"] = s["next_id"] + 1
    s["sel"] = None
    s["message"] = "Swapped: the tile from " + sq + " is on your rack. Recall undoes it."
    return after_placing(s)


def pre_pick(s, sq):
    """A tile that can be picked off, tapped (or Delete on it): it and every tile after
    it to its word's end (the engine's ``pick_runs``) go to the rack; tiles already
    lifted stay so (K11 after L11 adds only K11). One pick a tile is sent: the engine
    reads adjacent picks as one pick-off (engine/moves.merged_picks)."""
    snap = s["snap"]
    squares = (snap.get("pick_runs") or {}).get(sq) or [sq]
    lifted = [p["sq"] for p in s["pre"] if p["kind"] == "pick"]
    tiles = {}
    for t in snap.get("tiles", []):
        tiles[t["sq"]] = t.get("flipped") or ("?" if t.get("blank") else t["letter"].upper())
    new = [q for q in squares if q not in lifted and q in tiles]
    if not new:
        return s
    for q in new:
        s["pre"] = s["pre"] + [{"kind": "pick", "sq": q, "letter": tiles[q]}]
        s["rack"] = s["rack"] + [{"id": s["next_id"], "tile": tiles[q], "pre": True}]
        s["next_id"] = s["next_id"] + 1
    names = [("a blank" if tiles[q] == "?" else tiles[q]) + " (" + q + ")" for q in new]
    s["message"] = ("Picked off " + " and ".join(names) + ": " + ("they are" if len(new) > 1 else "it is")
                    + " on your rack. Recall puts " + ("them" if len(new) > 1 else "it") + " back.")
    return after_placing(s)


def on_tap_rack(s, ev):
    entry_id = ev["id"]
    if s["choose"] or s["handover"] >= 0:
        return s
    if s["mode"] in ("exchange", "trade"):
        return _toggle_chosen(s, entry_id)
    if any(p["id"] == entry_id for p in s["placed"]):
        return s
    sel = s["sel"]
    if sel and sel[0] == "sq" and can_place(s) and empty_at(s, sel[1]):
        sq = sel[1]
        s = _place(s, entry_id, sq)
        if s["choose"] is None:
            nxt = next_empty(s, sq, s["dir"])
            s["cursor"] = nxt or sq
            s["sel"] = ["sq", nxt] if nxt else None
        return s
    if sel and sel[0] == "rack" and sel[1] == entry_id:
        s["sel"] = None
    else:
        s["sel"] = ["rack", entry_id]
    return s


def _toggle_chosen(s, entry_id):
    """Choose a tile to exchange (or trade), or choose it no more; said aloud with the
    count, since the tile's look is all that changes."""
    entry = rack_entry(s, entry_id)
    if entry is None:
        return s
    xsel = list(s["xsel"])
    if entry_id in xsel:
        xsel.remove(entry_id)
        said = _tile_name(entry["tile"]) + " not chosen. "
    else:
        xsel.append(entry_id)
        said = _tile_name(entry["tile"]) + " chosen. "
    s["xsel"] = xsel
    letters = [_tile_name(e["tile"]) for e in s["rack"] if e["id"] in xsel]
    s["announce"] = said + str(len(xsel)) + " chosen" + (": " + ", ".join(letters) if letters else "") + "."
    return s


def _tile_name(tile):
    return "blank" if tile == "?" else tile


def _choose_typed(s, key):
    """In the exchange bar, a typed letter (? for a blank) chooses a tile of it not yet
    chosen, or, when all are chosen, takes the last of them back."""
    tile = "?" if key == "?" else key.upper()
    same = [e for e in s["rack"] if e["tile"] == tile]
    free = [e for e in same if e["id"] not in s["xsel"]]
    if free:
        return _toggle_chosen(s, free[0]["id"])
    if same:
        return _toggle_chosen(s, same[-1]["id"])
    s["announce"] = "No " + _tile_name(tile) + " on your rack."
    return s


def on_drop(s, ev):
    """A rack tile dropped on a square (drag and drop)."""
    if not my_turn(s):
        return s
    s["sel"] = ["rack", ev["id"]]
    return on_tap_square(s, {"sq": ev["sq"]})


def on_drop_rack(s, ev):
    """A rack tile dropped on another rack slot: rearrange."""
    rack = list(s["rack"])
    ids = [e["id"] for e in rack]
    if ev["id"] not in ids:
        return s
    entry = rack.pop(ids.index(ev["id"]))
    to = max(0, min(int(ev["slot"]), len(rack)))
    rack.insert(to, entry)
    s["rack"] = rack
    s["sel"] = None
    return s


def on_drop_placed(s, ev):
    """A tile put down this turn dragged elsewhere on the board (or off it: back to the rack)."""
    moving = [p for p in s["placed"] if p["sq"] == ev["from"]]
    if not moving:
        return s
    p = moving[0]
    s["placed"] = remove_placed(s["placed"], ev["from"])
    to = ev.get("sq")
    if to and empty_at(s, to):
        s["placed"] = add_placed(s["placed"], to, p["id"], p["tile"], p["letter"])
    return after_placing(s)


def on_choose(s, ev):
    pending = s["choose"]
    if not pending:
        return s
    s["choose"] = None
    letter = ev.get("letter", "")
    if not letter:
        return s
    if letter == "=":  # the J/Q/X/Z face up
        letter = pending["tile"]
    s = _place(s, pending["id"], pending["sq"], letter.upper())
    nxt = next_empty(s, pending["sq"], s["dir"])
    s["cursor"] = nxt or pending["sq"]
    return with_fx(s, {"do": "focus", "sq": s["cursor"]})


def on_key(s, ev):
    key = ev.get("key", "")
    if s["choose"]:
        if key == "Escape":
            s["choose"] = None
            return s
        if len(key) == 1 and key.isalpha():
            return on_choose(s, {"letter": key.upper()})
        return s
    if s["mode"] in ("exchange", "trade") and (key == "?" or (len(key) == 1 and key.isalpha())):
        return _choose_typed(s, key)
    moves = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}
    if key in moves:
        d = moves[key]
        nxt = geom.step(s["layout"], s["cursor"], d[0], d[1])
        if nxt:
            s["cursor"] = nxt
            s["sel"] = ["sq", nxt]
        return with_fx(s, {"do": "focus", "sq": s["cursor"]})
    if key in (" ", "Spacebar"):
        return _turn(s)
    if key == "Escape":
        return on_recall(s, ev)
    if key == "Delete":   # pick off the tile under the cursor (and the tiles after it)
        sq = s["cursor"]
        if sq and sq in s["snap"].get("pickable", []) and not s["placed"] and board_letter(s, sq):
            return with_fx(pre_pick(s, sq), {"do": "focus", "sq": sq})
        return s
    if key in ("=", "Insert"):   # swap your tile of its letter for the blank under the cursor
        return _swap_by_key(s, s["cursor"])
    if key == "Enter":
        return on_play(s, ev)
    if key == "Backspace":
        s["typing_warned"] = False
        if not s["placed"]:
            return s
        last = s["placed"][-1]
        s["placed"] = s["placed"][:-1]
        s["cursor"] = last["sq"]
        s = after_placing(s)
        return with_fx(s, {"do": "focus", "sq": s["cursor"]})
    if len(key) == 1 and key.isalpha() and can_place(s):
        return _type_letter(s, key.upper(), ev.get("shift", False))
    return s


def _swap_by_key(s, sq):
    """'=' (or Insert) on a blank that can be swapped: your tile of the letter it stands
    for takes its place, as a tap of that tile then the blank does; again on another
    blank for as many swaps as the rules allow."""
    if not sq or sq not in s["snap"].get("swappable", []) or any(p["sq"] == sq for p in s["placed"]):
        s["message"] = "No blank to swap here: '=' swaps the blank under the cursor."
        return s
    letter = board_letter(s, sq).upper()
    entry = None
    for e in unplaced(s):
        if e["tile"] == letter:
            entry = e
            break
    if entry is None:
        s["message"] = "No " + letter + " on your rack to swap for the blank on " + sq + "."
        return s
    return with_fx(pre_swap(s, entry["id"], sq), {"do": "focus", "sq": sq})


def _turn(s):
    """Space (or a second tap on the cursor's square) turns the typing direction; said."""
    s["dir"] = "down" if s["dir"] == "across" else "across"
    s["announce"] = "Typing " + s["dir"] + "."
    return s


def _covered(s, sq):
    """The letter on ``sq`` (a board tile or one put down this turn), upper case; "" if empty."""
    for p in s["placed"]:
        if p["sq"] == sq:
            return p["letter"].upper()
    return board_letter(s, sq).upper()


def _type_letter(s, letter, as_blank):
    """Typing puts the letter on the cursor's square (or the next empty one): the tile
    itself if held, else a blank, else (where J/Q/X/Z are wild) one of those face
    down, and says which stood in. A letter that cannot be placed leaves a warning
    that stays while typing goes on (EGOTIST without an S must not read EGOTIT).
    The cursor stops on a covered square: typing its letter passes over it (EDICT
    typed down through a board I), any other letter goes on the next empty square."""
    here = s["cursor"]
    if not as_blank and here and not empty_at(s, here) and _covered(s, here) == letter:
        d = (0, 1) if s["dir"] == "across" else (1, 0)
        nxt = geom.step(s["layout"], here, d[0], d[1])
        s["cursor"] = nxt or here
        s["sel"] = ["sq", s["cursor"]] if empty_at(s, s["cursor"]) else None
        s["announce"] = letter + " is on the board: passed over."
        return with_fx(s, {"do": "focus", "sq": s["cursor"]})
    sq = here if empty_at(s, here) else next_empty(s, here, s["dir"])
    if sq is None:
        s["message"] = "No empty square that way."
        s["typing_warned"] = True
        return s
    free = unplaced(s)
    pick = [] if as_blank else [e for e in free if e["tile"] == letter]
    said = ""
    if not pick:
        pick = [e for e in free if e["tile"] == "?"]
        said = letter + ": your blank stands for it." if pick else ""
    if not pick and not as_blank and wild_jqxz(s["snap"].get("rules", "")):
        pick = [e for e in free if e["tile"] in JQXZ]
        said = (letter + ": your " + pick[0]["tile"] + " played face down.") if pick else ""
    if not pick:
        s["message"] = ("No blank on your rack." if as_blank else
                        "No " + letter + " or blank on your rack: " + letter + " was not placed.")
        s["typing_warned"] = True
        return s
    entry = pick[0]
    s["placed"] = add_placed(s["placed"], sq, entry["id"], entry["tile"], letter)
    if said:
        s["message"] = said
        s["typing_warned"] = True
    elif not s.get("typing_warned"):
        s["message"] = ""
    d = (0, 1) if s["dir"] == "across" else (1, 0)
    s["cursor"] = geom.step(s["layout"], sq, d[0], d[1]) or sq   # a covered square next: the cursor stops on it
    s["sel"] = ["sq", s["cursor"]]
    s = after_placing(s)
    return with_fx(s, {"do": "focus", "sq": s["cursor"]})


def on_recall(s, ev):
    s["placed"], s["sel"], s["choose"] = [], None, None
    s["typing_warned"] = False
    if s["pre"]:
        s["rack"] = [e for e in s["rack"] if not e.get("pre")]
        restored = [p["id"] for p in s["pre"] if p["kind"] == "swap"]
        s["pre"] = []
        if restored:  # swapped-away rack tiles come back where they were: order is re-derived
            s["rack"], s["next_id"] = reconcile_rack(
                s["rack"], _rack_letters(s), s["next_id"])
    if s["mode"] != "play":
        s["mode"], s["xsel"] = "play", []
    s["message"] = ""
    return after_placing(s)


def _rack_letters(s):
    racks = s["snap"].get("racks", [])
    seat = s["rack_seat"]
    return racks[seat] if 0 <= seat < len(racks) else ""


def on_shuffle(s, ev):
    order = ev.get("order") or []
    rack = s["rack"]
    if sorted(order) != list(range(len(rack))):
        return s
    s["rack"] = [rack[i] for i in order]
    s["sel"] = None
    return s


def on_play(s, ev):
    if not my_turn(s):
        return s
    if not s["placed"]:
        s["message"] = "Put tiles on the board first (or Pass / Exchange)."
        return s
    if s["engine"] != "ready":
        s["message"] = "The engine is still loading: your play will be checked in a moment."
    s["busy"] = "play"
    return with_fx(s, {"do": "play", "arg": placement(s)})

