"""What a player follows beside the board: the unseen tiles and the score sheet.

Tile tracking: the tiles one player has not seen (the bag plus the other racks).

A player sees the board and their own rack, so for a 100-tile set the unseen
tiles are exactly the set less those. The big sets (nice300, wild298) give a game
a random scoop of 100 tiles (RULES.md 2) and nobody knows which: then only bounds
are known (RULES.md 8, "Unseen tiles"): at most the set's count less what is seen,
and at least what the player has seen in play earlier (a tile exchanged back,
picked off, or shown in a play that came off) and does not see now.

The score sheet (``history``) is every line of the game with its move, words,
breakdown, swaps, pick-offs and judgment outcome, and the running totals.
"""

from __future__ import annotations

from collections import Counter

from .game import DECLINE, END, EXCHANGE, FINAL, FREE, INVALID, LOST, PASS, PHONY, PLAY, RETRY, TIME, TRADE
from .moves import Play
from .notation import parse_move
from .scoring import apply_pre
from .tiles import BAG_SIZE, BLANK, TILE_SETS, VOWELS


class TrackingError(ValueError):
    """A tracking request that makes no sense (the message is for a player)."""


def unseen(game, seat: int) -> dict:
    """What the player in ``seat`` has not seen, as a plain dict:

    ``tiles`` {letter: count} in set order ('?' last; every letter of the set, 0
    included): exact counts, or with ``exact`` False the most that can be left;
    ``at_least`` (scoop only) the fewest; ``total`` the number of unseen tiles
    (always exact: ``bag`` + ``on_racks``); ``vowels``/``consonants``/``blanks``
    (exact sets only); ``note`` a sentence for the page; ``revealed`` the other
    racks when the rules show them ([{"seat", "name", "rack"}]), else None."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise TrackingError(f"there is no seat {seat!r} (0 to {game.players - 1})")
    full = TILE_SETS[game.rules.tiles]
    set_size = sum(full.values())
    scoop = set_size > BAG_SIZE
    seen = _visible(game.board, game.rack(seat))
    others = [p for p in range(game.players) if p != seat]
    on_racks = sum(len(game.rack(p)) for p in others)
    total = game.bag_count + on_racks
    order = sorted(full, key=lambda t: (t == BLANK, t))
    tiles = {t: full[t] - seen[t] for t in order}
    out = {
        "seat": seat, "tiles": tiles, "total": total, "bag": game.bag_count,
        "on_racks": on_racks, "exact": not scoop, "set": game.rules.tiles,
        "set_size": set_size, "in_play": min(set_size, BAG_SIZE),
        "at_least": None, "vowels": None, "consonants": None, "blanks": None,
        "revealed": _revealed(game, others),
    }
    if scoop:
        low = _scoop_floor(game, seat, seen)
        ups = sum(tiles.values())
        # Whatever the other letters hold at most, the total must still be reached.
        out["at_least"] = {t: max(low[t], total - (ups - tiles[t]), 0) for t in order}
        out["note"] = (f"{BAG_SIZE} of {set_size} tiles are in play and nobody knows which: "
                       f"{_tiles(total)} unseen; each count is the most that can be left "
                       "(and 'at least' the fewest).")
    else:
        out["vowels"] = sum(n for t, n in tiles.items() if t in VOWELS)
        out["blanks"] = tiles.get(BLANK, 0)
        out["consonants"] = total - out["vowels"] - out["blanks"]
        out["note"] = (f"{_tiles(total)} unseen: {game.bag_count} in the bag, "
                       f"{on_racks} on the other rack{'' if len(others) == 1 else 's'}.")
    if out["revealed"]:
        out["note"] += " The other racks are shown: " + ", ".join(
            f"{r['name']} {r['rack'] or '(empty)'}" for r in out["revealed"]) + "."
    return out


def _tiles(n: int) -> str:
    return f"{n} tile{'' if n == 1 else 's'}"


def _visible(board, rack) -> Counter:
    """Physical tiles on the board (a blank is '?', a face-down J/Q/X/Z its own
    letter) plus the rack."""
    counts = Counter(board.tile_at(sq) for sq, cell in enumerate(board.cells) if cell)
    counts.update(rack)
    return counts


def _revealed(game, others) -> list[dict] | None:
    """Other racks shown to everyone: revealed racks once the bag is empty, and
    the final round (each finder plays from the other's rack)."""
    if not others:
        return None
    shown = (game.rules.revealed_racks and game.bag_count == 0) or game.phase == "final"
    if not shown:
        return None
    return [{"seat": p, "name": game.names[p], "rack": game.rack(p)} for p in others]


def _scoop_floor(game, seat: int, seen_now: Counter) -> Counter:
    """Per letter, the fewest unseen tiles: the scoop holds at least as many of a
    letter as the player ever saw at one moment (board, own rack, a play of
    another seat that came off), and those not seen now are unseen."""
    most = Counter(seen_now)
    turns_by_action: dict[int, list] = {}
    for t in game.turns:
        if t.player != seat and t.kind in (INVALID, RETRY) and t.action >= 0:
            turns_by_action.setdefault(t.action, []).append(t)
    for k in range(len(game.actions) + 1):
        before = game.at(k)
        moments = [_visible(before.board, before.rack(seat))]
        for t in turns_by_action.get(k, ()):
            shown = _shown_play(before, t, seat)
            if shown is not None:
                moments.append(shown)
        for counts in moments:
            for letter, n in counts.items():
                if n > most[letter]:
                    most[letter] = n
    return Counter({t: max(0, most[t] - seen_now[t]) for t in most})


def _shown_play(game, turn, seat: int) -> Counter | None:
    """Board (after the play's swaps and pick-off), the play's tiles and the
    seat's rack at the moment another player's play that came off was shown."""
    try:
        move = parse_move(turn.text, game.board, game.rules, turn.rack)
        if not isinstance(move, Play):
            return None
        board = game.board
        apply_pre(board, None, move.pre, None, move.across)
    except ValueError:
        return None
    counts = _visible(board, game.rack(seat))
    counts.update(tile for _, _, tile in move.tiles)
    return counts


# ---------------------------------------------------------------- score sheet

def history(game) -> list[dict]:
    """Every score-sheet line in order, as plain dicts: ``n`` (line index),
    ``action`` (index in the action log; ``game.at(action + 1)`` is the position
    after it), ``player``, ``name``, ``kind``, ``counts`` (a turn for PPT and the
    end rules), ``text`` (as logged), ``move`` (the placement or exchange without
    its swaps and pick-off), ``swaps``/``picks`` (squares), ``words``,
    ``invalid``, ``score``, ``total`` (the player's running total), ``totals``
    (every seat's), ``squares`` (placed), ``breakdown`` (placements) and
    ``outcome`` (what the judgment or the line did, in a player's words; None for
    a plain play, exchange or pass)."""
    totals = list(game.start_scores)  # a game begun from a position starts at its scores
    out = []
    for n, t in enumerate(game.turns):
        totals[t.player] += t.score
        swaps, picks, move = _pre_parts(t)
        out.append({
            "n": n, "action": t.action, "player": t.player, "name": game.names[t.player],
            "kind": t.kind, "counts": t.counts, "text": t.text, "move": move,
            "swaps": swaps, "picks": picks, "words": list(t.words), "invalid": list(t.invalid),
            "score": t.score, "total": totals[t.player], "totals": list(totals),
            "squares": list(t.squares), "breakdown": t.breakdown, "outcome": _outcome(t),
        })
    return out


_WITH_PRE = frozenset({PLAY, INVALID, PHONY, RETRY, FINAL, EXCHANGE, PASS})


def _pre_parts(t) -> tuple[list[str], list[str], str]:
    """(swap squares, pick squares, the move without them) of a line's text."""
    if t.kind not in _WITH_PRE:
        return [], [], t.text
    text = t.text[6:] if t.kind == FINAL and t.text.startswith("final ") else t.text
    parts = [p.strip() for p in text.split(";")]
    swaps, picks = [], []
    for part in parts[:-1]:
        kind, _, square = part.partition(" ")
        (swaps if kind.lower() == "swap" else picks).append(square.strip().upper())
    return swaps, picks, parts[-1]


_SAID = {   # the outcomes that read the same every time
    LOST: "the challenge failed: a turn lost",
    FREE: "the challenge failed: the play is good; no penalty in a free challenge",
    DECLINE: "final round: declined",
    TIME: "time ran out",
    TRADE: "a free trade before the turn",
}


def _outcome(t) -> str | None:
    if t.kind in _SAID:
        return _SAID[t.kind]
    words = ", ".join(t.invalid)
    not_in = f"{words} {'is' if len(t.invalid) == 1 else 'are'} not in the word list"
    if t.kind == INVALID:
        if t.score < 0:
            return (f"{not_in}, nor in the large list: the play's value, {-t.score}, is deducted "
                    "(a turn worth 0 in points per turn)")
        return f"{not_in}: the play comes off and scores nothing"
    if t.kind == PHONY:
        return f"challenged: {not_in}; the play comes off"
    if t.kind == RETRY:
        return f"{not_in}: withdrawn at no cost, the same player plays again"
    if t.kind == FINAL:
        if t.invalid:
            return f"final round: {not_in}; {t.score} points (a turn worth 0 in points per turn)"
        return f"final round: found a play with the other rack (+{t.score}, with the bonus)"
    if t.kind == END:
        left = t.text.strip("()")
        return f"end of the game: {t.score:+d}" + (f" (tiles left: {left})" if left else "")
    return None


def best_play(game) -> dict | None:
    """The highest-scoring play that stood (the first such, on a tie)."""
    best = None
    for t in game.turns:
        if t.kind == PLAY and (best is None or t.score > best.score):
            best = t
    if best is None:
        return None
    return {"move": best.text, "score": best.score, "player": best.player,
            "name": game.names[best.player], "words": list(best.words)}
