"""The players' clocks in the page: which clock runs, how it reads, when time is up.

The engine keeps each seat's time left and charges every action the elapsed time
the page sends with it (engine/ending.py applies the rules). The page only
measures the turn in progress: ``TurnClock`` adds up the milliseconds while the
turn's clock runs, and pauses it while the device is handed over between two
people, while the engine judges a play, and in replays. The state holds the
milliseconds spent so far (``tick`` events) so the view can draw the clocks;
nothing here reads the time itself (ui/main.py passes ``now`` in).
Runs under CPython and MicroPython alike.
"""

# A clock reads as running low (red) under a minute, or under a tenth of the time each
# player had when that is less, but from 10 s at the latest (and never from its start):
# a 25-minute clock turns red at 1:00, a 5-minute one at 0:30, a 1-minute one at 0:10.
LOW_MS = 60000
LOW_SHARE = 10
LOW_LEAST_MS = 10000


def budget_ms(snap):
    """The time each player had (the rules string's clock=seconds), or None."""
    for part in str(snap.get("rules", "")).split(",")[1:]:
        key, _, value = part.partition("=")
        if key.strip() == "clock" and value.strip().isdigit():
            return int(value.strip()) * 1000
    return None


def low_ms(snap):
    """Under this many ms left a clock reads as running low."""
    budget = budget_ms(snap)
    if not budget:
        return LOW_MS
    return min(max(LOW_LEAST_MS, min(LOW_MS, budget // LOW_SHARE)), budget // 2)


def turn_key(s):
    """What identifies the turn in progress for the clock, or None when no clock runs."""
    snap = s["snap"]
    if snap.get("clock") is None or snap.get("phase") not in ("play", "final") or snap.get("readonly"):
        return None
    return (str(snap.get("seed", "")) + ":" + str(len(snap.get("actions", []))) + ":"
            + str(snap.get("to_move", 0)) + ":" + snap.get("phase", ""))


def running(s):
    """The turn's clock runs while its player can think: not before the engine is up
    (nothing can be played yet), not during a hand-over, a replay or a new game being
    opened, nor while the engine judges a play."""
    return (turn_key(s) is not None and s["engine"] == "ready" and s["handover"] < 0
            and s["busy"] in ("", "computer"))


class TurnClock:
    """Milliseconds spent on one turn, over any number of pauses."""

    def __init__(self):
        self.key = None
        self.spent = 0
        self.since = None

    def update(self, key, run, now):
        """Follow the page: a new turn starts at zero; pause or resume as ``run`` says."""
        if key != self.key:
            self.key, self.spent, self.since = key, 0, None
        if key is None:
            return
        if run and self.since is None:
            self.since = now
        elif not run and self.since is not None:
            self.spent += now - self.since
            self.since = None

    def ms(self, now):
        extra = now - self.since if self.since is not None else 0
        return int(self.spent + extra)

    def restore(self, key, ms):
        """Carry the time a turn had used over a reload."""
        if key is not None and key == self.key and self.since is None and self.spent == 0:
            self.spent = max(0, int(ms))


def left_ms(s, seat):
    """The time ``seat`` has left, counting the turn in progress."""
    clock = s["snap"].get("clock")
    if clock is None or seat >= len(clock):
        return None
    left = clock[seat]
    if seat == s["snap"].get("to_move") and turn_key(s) is not None and s.get("clock_key") == turn_key(s):
        left -= s.get("clock_spent", 0)
    return left


def fmt(ms):
    """4:59 while time is left (a started second counts, so 0:00 means none left);
    +1:05 for time over."""
    if ms > 0:
        sec = (ms + 999) // 1000
        sign = ""
    else:
        sec = (-ms) // 1000
        sign = "+" if ms < 0 else ""
    return sign + str(sec // 60) + ":" + ("0" if sec % 60 < 10 else "") + str(sec % 60)


def penalty(s, ms):
    """Points the overtime rule takes for a clock at ``ms`` (the engine's figures)."""
    snap = s["snap"]
    if snap.get("clock_rule") != "overtime" or ms >= 0:
        return 0
    points, step = snap.get("overtime", [10, 60000])
    return points * ((-ms + step - 1) // step)


def seat_html(s, seat):
    """The clock beside a seat's score, or "" without a clock."""
    ms = left_ms(s, seat)
    if ms is None:
        return ""
    snap = s["snap"]
    out = snap.get("timed_out", [])
    cls = "clock"
    if seat == snap.get("to_move") and running(s):
        cls += " running"
    if seat < len(out) and out[seat]:
        cls += " out"
        text, words = "time's up", "out of time"
    elif ms < 0:
        cls += " over"
        pen = penalty(s, ms)
        text = fmt(ms) + (" (-" + str(pen) + ")" if pen else "")
        words = fmt(ms)[1:] + " over" + (", " + str(pen) + " points off" if pen else "")
    else:
        if ms < low_ms(snap):
            cls += " low"
        text = fmt(ms)
        words = text + " left"
    return ('<span class="' + cls + '" data-ms="' + str(ms) + '" title="' + words + '" aria-label="clock: '
            + words + '">' + text + "</span>")


# ----------------------------------------------------------------- events


def on_tick(s, ev):
    """The page's timer: ``ms`` spent on the turn ``key`` so far."""
    if ev.get("key") != turn_key(s):
        return s
    s["clock_key"], s["clock_spent"] = ev["key"], int(ev.get("ms", 0))
    return s


def time_is_up(s):
    """The player to move on this device has no time left and the rules stop them."""
    snap = s["snap"]
    if not running(s) or s["busy"] or not snap.get("legal", {}).get("timeout"):
        return False
    seat = snap.get("to_move", 0)
    seats = snap.get("seats", [])
    if seat >= len(seats) or seats[seat].get("kind") != "human":
        return False
    ms = left_ms(s, seat)
    return ms is not None and ms <= 0


def on_time_up(s, ev):
    """Time ran out: the engine is told (``timeout``), tiles put down go back."""
    if not time_is_up(s):
        return s
    s["placed"], s["pre"], s["sel"], s["choose"], s["preview"] = [], [], None, None, None
    s["busy"] = "act"
    s["fx"] = [{"do": "act", "arg": "timeout"}]
    return s


HANDLERS = {"tick": on_tick, "time_up": on_time_up}

