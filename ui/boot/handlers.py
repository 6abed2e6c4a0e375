"""The game page put together: for each event, its handlers in the order they run
(as lichess's analyse ctrl puts its parts together). ``step`` runs ``ROUTES``.

A handler takes the state and the event and answers one of:

    s              the next handler goes on from this state
    (s, ev)        the same, and the handlers after this one see ``ev`` instead
                   (play by link gives the engine its spec; "Play on against the
                   computer" goes on as a new game)
    (s, None)      the event is handled: the handlers after this one do not run
                   ("confirm before play" holds the play; a replay takes the keys)

A feature adds its handler to the list of each event it takes part in; none wraps
another's. Most events belong to one feature (its own table of handlers, merged
first); every event of the panels and the review ends with ``panels.keep_focus``
(a panel redrawn asks for its focused control back). Importing this module also
registers the review with the panels (its start when it opens, its effects).
Pure and MicroPython-safe.
"""

from ui import state
from ui.ear import commands as ear_keys, hooks as ear
from ui.game import clock, standin
from ui.links import bylink, embed, replay, share, tabs
from ui.panels import actions as panels
from ui.review import actions as review


def _own(tables, then=()):
    """Each event of the features' own ``tables``: its handler, then ``then``."""
    out = {}
    for table in tables:
        for t in table:
            out[t] = [table[t]] + list(then)
    return out


ROUTES = _own((state.HANDLERS, clock.HANDLERS, standin.HANDLERS, tabs.HANDLERS, share.HANDLERS,
               replay.HANDLERS, bylink.HANDLERS))
ROUTES.update(_own((panels.HANDLERS, review.HANDLERS), then=[panels.keep_focus]))

# The events several features take part in (each list replaces its feature's own).
ROUTES.update({
    "snapshot": [
        ear.remember,              # the game before, to tell what changed
        replay.end_on_snapshot,    # a live game's snapshot ends a replay
        state.on_snapshot,         # the game as the engine answered
        ear.tell_snapshot,         # the live region tells it in full, once
        panels.after_snapshot,     # the open panel refetched, stale hints gone, a finished game kept
        review.after_snapshot,     # an open review of the game: only the seats whose racks may be seen
        panels.keep_focus,
        share.after_snapshot,      # the address bar follows the game
        embed.tell_turn,           # an embed's parent hears of the move (its message first)
        bylink.after_snapshot,     # a game by link is kept in the list
    ],
    "engine": [state.on_engine, share.after_engine],   # a pending link opens instead
    "new_game": [
        bylink.before_new_game,    # a friend's seat: the engine's spec, this device's seat
        panels.keep_unfinished_first,   # the player's own unfinished game to Past games (a
                                        # friend's link shown: the saved game behind it)
        share.leave_link,          # then the link's game, its panel and replay go
        state.on_new_game,
        bylink.after_new_game,     # a game by link is carried by its link
    ],
    # the same seats with the computer, as a new game; play by link takes no part
    "vs_computer": [share.vs_computer, panels.keep_unfinished_first, share.leave_link, state.on_new_game],
    # ("import" is share.on_import alone: no copy of the game shown is kept first)
    "link_opened": [bylink.before_link_opened, share.on_link_opened, bylink.after_link_opened],
    "imported": [share.on_imported, review.keep_finished_import],
    "replay_close": [replay.on_replay_close, embed.tell_turn],
    "play": [panels.confirm_first, state.on_play],    # "confirm before play" may hold it
    # the tile sound: count the tiles down before, click after if there are more
    "key": [replay.keys_in_replay, ear_keys.on_key, panels.count_tiles, panels.confirm_first, state.on_key, panels.tile_sound],
    "tap_square": [panels.count_tiles, state.on_tap_square, panels.tile_sound],
    "tap_rack": [panels.count_tiles, state.on_tap_rack, panels.tile_sound],
    "drop": [panels.count_tiles, state.on_drop, panels.tile_sound],
    "choose": [panels.count_tiles, state.on_choose, panels.tile_sound],
    "p_open": [panels.on_open],   # it asks for the focus itself
})

ROUTES["import_open"] = ROUTES["import_open"] + [ear.focus_import]   # focus into the Import dialog
ROUTES["shuffle"] = ROUTES["shuffle"] + [ear.tell_shuffle]            # the new order, said
ROUTES["p_data"] = ROUTES["p_data"][:1] + [ear_keys.tell_unseen] + ROUTES["p_data"][1:]   # said when asked by ear

panels.OPEN_HOOKS["review"] = review.open_live   # the review starts when its panel opens
panels.RUNNERS.append(("p_rv_", review.run))      # and runs its engine effects


def step(state, event):
    """The state after ``event`` (a dict with "t"); ``state`` itself is not changed. An
    engine answer stamped with an older ``shown`` was asked for a game another tab has
    since replaced (ui/links/tabs.py): showing (and saving) it would undo that tab's moves."""
    s = dict(state)
    s["fx"] = []
    if event.get("shown", s.get("shown", 0)) != s.get("shown", 0):
        return s
    return run(s, event)


def run(s, ev):
    """``s`` after the handlers of ``ev["t"]`` (none: ``s`` unchanged)."""
    for handler in ROUTES.get(ev.get("t"), ()):
        out = handler(s, ev)
        if isinstance(out, tuple):
            s, ev = out
            if ev is None:
                break
        else:
            s = out
    return s
