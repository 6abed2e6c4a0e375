"""The table's chess clock (pure, MicroPython-safe; the page passes ``now``, a
wall-clock time in ms, so the clock keeps running through a reload as a real
clock on the table would).

One clock runs: the player's who is thinking. "Done" (or the space bar) stops it
and starts the next player's, like hitting a chess clock; the play is entered
whenever convenient, and its entry is charged the time its player had stopped
at. An entry made before its player pressed Done stops that clock at once. So
the clock stays ahead of the entries by at most a few turns: ``pending`` lists
[seat, ms] of the players who pressed Done and whose entry is still to come.

The clock dict (saved with the game): {"run": the seat whose clock runs (-1:
none), "since": when its current stretch began, "used": ms it ran before that
stretch (pauses), "paused": bool, "pending": [[seat, ms], ...]}. The engine
keeps each seat's time left (the view's "clock") and applies the rules.
"""


def new(first=0):
    """A clock waiting for its first player's start."""
    return {"run": first, "since": 0, "used": 0, "paused": True, "pending": []}


def copy(c):
    out = dict(c)
    out["pending"] = [list(p) for p in c["pending"]]
    return out


def running_ms(c, now):
    """The time the running clock has used on this turn."""
    if c["run"] < 0:
        return 0
    return c["used"] + (0 if c["paused"] else max(0, now - c["since"]))


def pause(c, now):
    if not c["paused"]:
        c["used"] = running_ms(c, now)
        c["paused"] = True
    return c


def resume(c, now):
    if c["paused"]:
        c["since"], c["paused"] = now, False
    return c


def _hand_on(c, seat, now):
    c["run"], c["used"], c["since"] = seat, 0, now
    return c


def done(c, now, nxt):
    """The running player's Done: their time so far waits for their entry and
    ``nxt``'s clock starts. A paused clock starts instead."""
    if c["run"] < 0:
        return c
    if c["paused"]:
        return resume(c, now)
    c["pending"] = c["pending"] + [[c["run"], running_ms(c, now)]]
    return _hand_on(c, nxt, now)


def charge(c, seat, now, nxt):
    """The ms to charge an entry by ``seat`` (the player to move): the time they
    stopped at with Done, else their running time (their clock stops and
    ``nxt``'s starts, also from a pause: an entry means play goes on); -1 when
    no clock of theirs ran."""
    if c["pending"] and c["pending"][0][0] == seat:
        ms = c["pending"][0][1]
        c["pending"] = c["pending"][1:]
        return ms
    if c["run"] == seat and not c["pending"]:
        ms = running_ms(c, now)
        _hand_on(c, nxt, now)
        c["paused"] = False
        return ms
    return -1


def charge_now(c, seat, now):
    """An entry that is not a turn (a challenge): the time ``seat`` thought so far,
    and their clock starts again from zero for what comes next."""
    if c["run"] == seat and not c["pending"]:
        ms = running_ms(c, now)
        c["used"], c["since"] = 0, now
        return ms
    return -1


def head(c):
    """Whose entry the clock expects next."""
    return c["pending"][0][0] if c["pending"] else c["run"]


def sync(c, to_move, live, now):
    """After the engine's answer: no clock runs once play has stopped; when the
    engine's player to move is not the one the clock expects (a free retry, a
    rescued play, a lost challenge, an undo, time's up), that player's clock runs
    from now and the Done presses waiting are dropped."""
    if not live:
        c["run"], c["pending"], c["used"] = -1, [], 0
        return c
    if head(c) != to_move:
        c["pending"] = []
        _hand_on(c, to_move, now)
    return c


def next_seat(seat, n, out):
    """The seat after ``seat`` still in the game (``out``: timed out, by seat)."""
    for k in range(1, n + 1):
        q = (seat + k) % n
        if not (q < len(out) and out[q]):
            return q
    return seat


def left_ms(c, clocks, seat, now):
    """Time ``seat`` has left: the engine's figure less what is pending and running."""
    if clocks is None or seat >= len(clocks):
        return None
    left = clocks[seat]
    for p in c["pending"]:
        if p[0] == seat:
            left -= p[1]
    if c["run"] == seat:
        left -= running_ms(c, now)
    return left


def time_up(c, view, now):
    """The player to move has run out and the rules stop them ("timeout")."""
    if not view or not view.get("legal", {}).get("timeout") or c["pending"]:
        return False
    seat = view.get("to_move", 0)
    if c["run"] != seat or c["paused"]:
        return False
    left = left_ms(c, view.get("clock"), seat, now)
    return left is not None and left <= 0
