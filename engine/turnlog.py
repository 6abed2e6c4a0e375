"""The score sheet as a state holds it: a list of Turn records whose copy costs
nothing, so a game's per-action snapshot (Game._apply, Game._undo) does not copy
every line before it. Without it a game of N entries kept N lists of up to N
lines: 10,000 failed attempts under free retry took over a minute and 500 MB.

A ``TurnLog`` reads like a list. Copies share one underlying list and each knows
its own length; a log writes into the shared list only past every copy's end
(it appends at the end of the list, or replaces a line it added since the last
copy), else it first takes a private copy. Snapshots are never changed, so in a
game's usual flow (copy, then append) nothing is copied. It also keeps where the
last line that counts as a turn is (``last_turn``), which a run of failed
attempts (not turns) would otherwise hide behind every one of them.
"""

from __future__ import annotations

from itertools import islice

from .actionlog import is_turn


class TurnLog:
    __slots__ = ("_items", "_n", "_own", "_last")

    def __init__(self, items=()):
        self._items = list(items)
        self._n = len(self._items)
        self._own = 0          # lines from here on are this log's alone (none shared with a copy)
        self._find_last()

    def copy(self) -> "TurnLog":
        other = TurnLog.__new__(TurnLog)
        other._items, other._n, other._last = self._items, self._n, self._last
        other._own = self._own = self._n   # the lines so far are shared from now on
        return other

    def _find_last(self) -> None:
        self._last = next((i for i in range(self._n - 1, -1, -1) if is_turn(self._items[i])), -1)

    def last_turn(self):
        """The last line that counts as a turn (actionlog.is_turn), or None."""
        return self._items[self._last] if self._last >= 0 else None

    def _private(self) -> None:
        self._items = self._items[:self._n]
        self._own = 0

    def append(self, turn) -> None:
        if len(self._items) != self._n:
            self._private()
        self._items.append(turn)
        self._n += 1
        if is_turn(turn):
            self._last = self._n - 1

    def extend(self, turns) -> None:
        for t in turns:
            self.append(t)

    def __setitem__(self, i: int, turn) -> None:
        if not isinstance(i, int):
            raise TypeError("a score-sheet line is replaced one at a time")
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("score-sheet line out of range")
        if i < self._own or len(self._items) != self._n:
            self._private()
        self._items[i] = turn
        if is_turn(turn):
            self._last = max(self._last, i)
        elif i == self._last:
            self._find_last()

    def shares(self, other: "TurnLog") -> bool:
        """Whether this log is ``other`` with lines appended or replaced past its end
        (so the lines new here are those from ``len(other)`` on)."""
        return isinstance(other, TurnLog) and other._items is self._items and other._n <= self._n

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self._items[:self._n][i]
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("score-sheet line out of range")
        return self._items[i]

    def __iter__(self):
        return islice(self._items, self._n)

    def __reversed__(self):
        items = self._items
        for i in range(self._n - 1, -1, -1):
            yield items[i]

    def __eq__(self, other) -> bool:
        if isinstance(other, TurnLog):
            return list(self) == list(other)
        return isinstance(other, list) and list(self) == other

    __hash__ = None

    def __repr__(self) -> str:
        return f"TurnLog({list(self)!r})"
