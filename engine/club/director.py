"""What a tournament director does, as pure functions: each takes a Tournament and
returns a new one (the argument is never changed), or raises TournamentError and
the tournament stays as it was.

Rounds are paired one at a time, each once the one before is finished, from the
standings as they stand, with the planned rounds still to come in view (RULES.md
11). Late entries join at the next round to be paired; a withdrawal takes effect
at once (an unplayed game of theirs in the latest round is dropped, and their
opponent waits for ``repair_round``). A posted pairing is a promise: a re-pair
moves only the players a change left without a game (and the bye, when they can
play each other), and a correction of an earlier round changes no posted game.
A result comes from a finished game's link (replayed: engine/club/replay.py), from
a game played here (its link too) or from typed figures (marked as typed). A game
played from its invitation (engine/club/invite.py) names its pairing: one of another
tournament, round or pairing is refused, and its players' oath is recorded with it.
"""

from __future__ import annotations

import copy

from .model import (FORFEIT, MAX_HISTORY, MAX_PLAYERS, Game, Player, Result, Round, Tournament, TournamentError, check_field,
                    check_method, check_name, check_rounds, check_rules, check_seed, check_title,
                    name_key, quote, validate, MAX_SCORE, MAX_TURNS)
from .invite import pairing_of
from .pairing import pair_by_ppt, pair_round_robin
from .replay import ResultError, replay_link
from .standings import GameResult, entrants, standings


def new_tournament(name, rules, players, rounds, method="ppt", seed=1) -> Tournament:
    """A tournament with no round paired yet; every argument checked."""
    if not isinstance(players, (list, tuple)):
        raise TournamentError("the players must be a list of names")
    if len(players) > MAX_PLAYERS:
        raise TournamentError(f"a tournament has at most {MAX_PLAYERS} players ({len(players)} given)")
    names = [check_name(p) for p in players]
    check_field(names)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise TournamentError("the number of rounds must be a whole number, at least 1")
    check_rounds(rounds, len(names))
    return Tournament(check_title(name), check_rules(rules), [Player(n) for n in names], rounds,
                      check_method(method), check_seed(seed))


# -------------------------------------------------------------------- rounds

def pair_next_round(t: Tournament) -> Tournament:
    """The next round paired; refused while the latest round has games to play."""
    why = why_not_pair(t)
    if why:
        raise TournamentError(why)
    t = copy.deepcopy(t)
    t.paired.append(Round(len(t.paired) + 1))
    _pair(t, len(t.paired), [])
    return t


def why_not_pair(t: Tournament) -> str:
    """Why the next round cannot be paired now ("" when it can)."""
    r = len(t.paired) + 1
    if r > t.rounds:
        return f"all {t.rounds} rounds are paired"
    if t.paired:
        missing = [g for g in t.paired[-1].games if g.result is None]
        waiting = unpaired(t)
        if waiting:
            return (f"round {r - 1} is not finished: {_names(waiting)} {'has' if len(waiting) == 1 else 'have'} "
                    "no game and no bye (pair the latest round again)")
        if missing:
            names = ", ".join(f"{g.players[0]} v {g.players[1]}" for g in missing[:4])
            more = f" and {len(missing) - 4} more" if len(missing) > 4 else ""
            return f"round {r - 1} is not finished: no result yet for {names}{more}"
    playing = sum(1 for p in t.players if p.plays_in(r))
    if playing < 2:
        return f"round {r} needs at least 2 players ({playing} playing)"
    return ""


def unplayed_pairs(rd: Round) -> list:
    """The round's posted pairings still to play, and its bye as (name, None)."""
    return [tuple(g.players) for g in rd.games if g.result is None] + ([(rd.bye, None)] if rd.bye else [])


def unpaired(t: Tournament) -> list[str]:
    """The players of the latest round with neither a game nor the bye (their
    opponent withdrew): what ``repair_round`` pairs."""
    if not t.paired:
        return []
    rd = t.paired[-1]
    busy = {n for g in rd.games for n in g.players} | {rd.bye}
    return [p.name for p in t.players if p.plays_in(rd.round) and p.name not in busy]


def repair_round(t: Tournament) -> Tournament:
    """The latest round paired again around what is posted: the players left
    without a game (a withdrawal) are paired, among themselves and the bye; a
    posted game gives way only when keeping it would force a repeat. Played games
    stay, and the posted games keep their numbers and their order."""
    t = copy.deepcopy(t)
    if not t.paired:
        raise TournamentError("no round is paired yet")
    r = len(t.paired)
    rd = t.paired[-1]
    _pair(t, r, [g for g in rd.games if g.result is not None], unplayed_pairs(rd))
    return t


def repair_note(old: Tournament, new: Tournament) -> str:
    """What a re-pair changed in the latest round, for the director."""
    a, b = old.paired[-1], new.paired[-1]
    r = b.round
    before = {frozenset(g.players) for g in a.games}
    after_ = {frozenset(g.players) for g in b.games}
    added = [g for g in b.games if frozenset(g.players) not in before]
    dropped = [g for g in a.games if frozenset(g.players) not in after_]
    if not added and not dropped and a.bye == b.bye:
        return (f"Round {r}: every player has a game or the bye, so nothing was paired again; "
                "the posted pairings stand.")
    moved = [n for g in added for n in g.players] + ([b.bye] if b.bye and b.bye != a.bye else [])
    parts = [f"Round {r} paired again; only {_names(list(dict.fromkeys(moved)))} moved:"]
    said = [f"{g.players[0]} v {g.players[1]} (game {g.game})" for g in added]
    if b.bye != a.bye:
        if b.bye:
            said.append(f"{b.bye} has the bye")
        if a.bye and a.bye in new.names() and new.player(a.bye).plays_in(r):
            said.append(f"{a.bye} no longer has the bye")
    parts.append("; ".join(said) + ".")
    if dropped:
        parts.append(f"{_names([f'{g.players[0]} v {g.players[1]}' for g in dropped])} gave way: the "
                     "players left without a game could not be paired otherwise without a repeat or a "
                     "second bye.")
    stand = sum(1 for g in b.games if frozenset(g.players) in before)
    if stand:
        parts.append(f"The other {stand} games stand as posted." if stand > 1 else
                     "The other game stands as posted.")
    return " ".join(parts)


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _pair(t: Tournament, r: int, kept: list[Game], posted=()) -> None:
    """Pair round r around its ``kept`` games, from the results before round r;
    ``posted``: the pairs already posted for it (kept when they can be)."""
    rd = t.paired[r - 1]
    busy = {n for g in kept for n in g.players}
    playing = [p.name for p in t.players if p.plays_in(r)]
    if len(playing) < 2:
        raise TournamentError(f"round {r} needs at least 2 players ({len(playing)} playing)")
    old = {tuple(g.players): g for g in rd.games if g.result is None}
    number = max([g.game for g in rd.games], default=0)
    games, bye = [], None
    free = [n for n in playing if n not in busy]
    if len(free) == 1:
        bye = free[0]
    elif free:
        before = _games(t, r)
        byes = [rd_.bye for rd_ in t.paired[:r - 1] if rd_.bye]
        totals = entrants(before, byes, t.names())
        active = [totals[n] for n in playing]
        seed = f"{t.seed}/{r}"
        left = t.rounds - r + 1
        played = [tuple(g.players) for g in kept]     # stay, and their players play on after this round
        if t.method == "roundrobin":
            found = pair_round_robin(active, r - 1, seed, left, posted, played)
        else:
            found = pair_by_ppt(active, seed, list(totals.values()), left, posted, played)
        rd.drawn = rd.drawn if posted else found.drawn and not kept
        for pair in found.pairs:
            if busy.intersection(pair):
                continue
            same = old.get(pair) or old.get(pair[::-1])
            if same is None:
                number += 1
                same = Game(number, list(pair))
            games.append(same)
        bye = found.bye
    # the posted games (played or kept) in their places, then the new ones
    place = {id(g): i for i, g in enumerate(rd.games)}
    games = sorted(kept + games, key=lambda g: place.get(id(g), len(place) + g.game))
    rd.games, rd.bye = games, bye


def repeats(t: Tournament, r: int) -> list[list[str]]:
    """The games of round r between players who had met before it."""
    met = {frozenset(g.players) for g in _games_of(t.paired[:r - 1])}
    return [list(g.players) for g in t.round_of(r).games if frozenset(g.players) in met]


# -------------------------------------------------------------------- players

def add_player(t: Tournament, name) -> Tournament:
    """A late entry, paired from the next round on; refused once every planned
    round is paired (they would play none)."""
    t = copy.deepcopy(t)
    name = check_name(name)
    check_field(t.names() + [name])
    if len(t.paired) >= t.rounds:
        raise TournamentError(f"{quote(name)} cannot join: all {t.rounds} rounds are paired, so there is "
                              "no round left to play")
    t.players.append(Player(name, len(t.paired) + 1))
    return t


def rename_player(t: Tournament, name, new_name) -> Tournament:
    """A player's name corrected everywhere (the list, every pairing, every bye).
    Results already recorded stay as they are; a game link still to come carries
    the new name (a game begun under the old one can be typed in)."""
    t = copy.deepcopy(t)
    player = t.player(str(name))
    new_name = check_name(new_name)
    check_field([new_name if p is player else p.name for p in t.players])
    old = player.name
    player.name = new_name
    for rd in t.paired:
        for g in rd.games:
            g.players = [new_name if n == old else n for n in g.players]
        if rd.bye == old:
            rd.bye = new_name
    validate(t)
    return t


def withdraw_player(t: Tournament, name) -> Tournament:
    """The player is paired no more; an unplayed game of theirs in the latest round
    is dropped (the opponent may be paired again: ``repair_round``)."""
    t = copy.deepcopy(t)
    player = t.player(str(name))
    if player.left is not None:
        raise TournamentError(f"{quote(player.name)} has already withdrawn")
    r = len(t.paired)
    left = r + 1
    if t.paired:
        rd = t.paired[-1]
        mine = [g for g in rd.games if player.name in g.players]
        if rd.bye == player.name or (mine and mine[0].result is None):
            left = r
            rd.games = [g for g in rd.games if g not in mine]
            if rd.bye == player.name:
                rd.bye = None
    player.left = max(left, player.joined)
    return t


# -------------------------------------------------------------------- results

def find_game(t: Tournament, r: int, a: str, b: str) -> tuple[Round, Game]:
    """The game of a and b in round r (0: the latest round in which they are paired)."""
    want = {name_key(a), name_key(b)}
    rounds = [t.round_of(r)] if r else list(reversed(t.paired))
    for rd in rounds:
        for g in rd.games:
            if {name_key(n) for n in g.players} == want:
                return rd, g
    where = f"round {r}" if r else "any round"
    raise TournamentError(f"{a} and {b} are not paired in {where}")


def add_link(t: Tournament, r: int, text: str, lexicon, source: str = "link",
             replace: bool = False) -> tuple[Tournament, str]:
    """Record a finished game's link as the result of its pairing (found by its
    players in round r; 0: the latest round pairing them). Returns the tournament
    and a message (a flag: the game was not started from the pairing, or the
    other player moved first; or that this link is already recorded)."""
    if source not in ("link", "here"):
        raise TournamentError("a game's result comes from a link or a game played here")
    try:
        game = replay_link(text, lexicon)
    except ResultError as exc:
        raise TournamentError(str(exc)) from None
    if game.rules != check_rules(t.rules):
        raise TournamentError(f"this game was played under the rules {game.rules}; the tournament's "
                              f"are {check_rules(t.rules)}")
    for name in game.names:
        if not any(name_key(name) == name_key(p) for p in t.names()):
            raise TournamentError(f"{quote(name)}, a player of this game, is not in this tournament: "
                                  "the game is not one of its pairings")
    t = copy.deepcopy(t)
    rd, g = pairing_of(t, game.event, game.names, r) if game.event else find_game(t, r, *game.names)
    flip = name_key(game.names[0]) != name_key(g.players[0])
    oath = (game.oath[::-1] if flip else game.oath) or None
    for other_rd in t.paired:
        for other in other_rd.games:
            if other is not g and other.result is not None and _key(other.result, lexicon) == game.identity:
                raise TournamentError(f"this game is already the result of round {other_rd.round} "
                                      f"({other.players[0]} v {other.players[1]})")
    if g.result is not None:
        if _key(g.result, lexicon) == game.identity:
            merged = _oaths(g.result.oath, oath)
            if merged == g.result.oath:
                return t, "this game is already recorded"
            g.result.oath = merged
            validate(t)
            return t, f"This game is already recorded; its oath now reads: {oath_text(g.players, merged)}."
        if not replace:
            kind = "another game's link" if g.result.link else "typed figures"
            raise TournamentError(f"round {rd.round}, {g.players[0]} v {g.players[1]} already has a "
                                  f"result ({kind}); correct it to replace it")
    order = (lambda pair: [pair[1], pair[0]]) if flip else list
    notes = []
    if game.seed is None:
        notes.append("It was scored at a table (played on a real board).")
    elif game.seed != t.game_seed(rd.round, g):
        notes.append("It was not started from the pairing (its seed differs).")
    if flip:
        notes.append(f"{g.players[1]} moved first; the pairing had {g.players[0]} first.")
    note = " ".join(notes) or None
    invited = bool(game.event) and game.seed == t.game_seed(rd.round, g)   # its invitation, as dealt
    result = Result(source, order(game.scores), order(game.turns), order(game.points), int(flip),
                    game.fragment, note, game.identity, invited, oath)
    _set_result(t, rd, g, result)
    said = f"Recorded: round {rd.round}, {score_line(g)}."
    if invited:
        said += " Started from the pairing (its invitation)."
    if oath:
        said += f" Oath: {oath_text(g.players, oath)}."
    return t, (f"{said} Flagged: {note}" if note else said)


def _oaths(a: str | None, b: str | None) -> str | None:
    """Two devices' word of one game's oath: each player's furthest."""
    if not a or not b:
        return a or b
    return "".join(max(x, y) for x, y in zip(a, b))


OATH_WORDS = ("no oath", "the oath before the game", "the oath before and after the game")


def oath_text(players, oath: str) -> str:
    """'Ann took the oath before and after the game; Bob the oath before the game'."""
    return "; ".join(f"{p} {'took ' if w else ''}{OATH_WORDS[int(w)]}" for p, w in zip(players, oath))


def score_line(g: Game) -> str:
    """'Ann 402 - 377 Bob': a game's result in the pairing's order."""
    s = g.result.scores
    return f"{g.players[0]} {s[0]} - {s[1]} {g.players[1]}"


def _key(result: Result, lexicon) -> str | None:
    """The result's game as replay.identity knows it (the same game however its link
    is spelled); a result recorded before keys were kept is replayed once for it."""
    if result.key is None and result.link:
        try:
            result.key = replay_link(result.link, lexicon).identity
        except ResultError:
            return None
    return result.key


def add_typed(t: Tournament, r: int, first: str, second: str, scores, turns,
              replace: bool = False, adjust=(0, 0)) -> Tournament:
    """Figures typed from a board game's score sheet: both final scores, both turn
    counts and both end adjustments (what the end of the game added to or took
    from each score), in the order of the names given. PPT leaves the end
    adjustment out (RULES.md 8): its points are each score less its adjustment."""
    scores, turns = _pair_of(scores, -MAX_SCORE, MAX_SCORE, "scores"), _pair_of(turns, 1, MAX_TURNS, "turns")
    adjust = _pair_of(list(adjust) if isinstance(adjust, tuple) else adjust, -MAX_SCORE, MAX_SCORE,
                      "end adjustments")
    points = [s - a for s, a in zip(scores, adjust)]
    if not all(-MAX_SCORE <= p <= MAX_SCORE for p in points):
        raise TournamentError("a score less its end adjustment is out of range")
    t = copy.deepcopy(t)
    rd, g = find_game(t, r, str(first), str(second))
    if g.result is not None and not replace:
        raise TournamentError(f"round {rd.round}, {g.players[0]} v {g.players[1]} already has a "
                              "result; correct it to replace it")
    if name_key(first) != name_key(g.players[0]):
        scores, turns, points = scores[::-1], turns[::-1], points[::-1]
    _set_result(t, rd, g, Result("typed", scores, turns, points, 0))
    return t


def add_forfeit(t: Tournament, r: int, first: str, second: str, absent: str | None,
                replace: bool = False) -> Tournament:
    """A no-show: ``absent`` did not come, so the other player wins by forfeit,
    FORFEIT-0 with no turns (no effect on PPT), as TSH writes it: a win and +50
    spread, a loss and -50. ``absent`` None: neither came, both lose by 50 (0-0),
    and as they did not meet they may be paired again."""
    t = copy.deepcopy(t)
    rd, g = find_game(t, r, str(first), str(second))
    keys = [name_key(n) for n in g.players]
    if absent is not None and name_key(str(absent)) not in keys:
        raise TournamentError(f"{quote(absent)} is not in the game {g.players[0]} v {g.players[1]}")
    if g.result is not None and not replace:
        raise TournamentError(f"round {rd.round}, {g.players[0]} v {g.players[1]} already has a "
                              "result; correct it to replace it")
    scores = [0, 0]
    if absent is not None:
        scores[1 - keys.index(name_key(str(absent)))] = FORFEIT
    _set_result(t, rd, g, Result("forfeit", scores, [0, 0], [0, 0], 0))
    return t


def clear_result(t: Tournament, r: int, first: str, second: str) -> Tournament:
    """Take a result back (a correction); the game is to be played again."""
    t = copy.deepcopy(t)
    rd, g = find_game(t, r, str(first), str(second))
    if g.result is None:
        raise TournamentError(f"round {rd.round}, {g.players[0]} v {g.players[1]} has no result")
    _set_result(t, rd, g, None)
    return t


def _set_result(t: Tournament, rd: Round, g: Game, result: Result | None) -> None:
    """A result set or taken back; no posted pairing changes (a promise), even when
    the correction would have paired the latest round otherwise. A result replaced
    or taken back goes to the game's history of corrections."""
    if g.result is not None:
        g.history = (g.history + [g.result])[-MAX_HISTORY:]
    g.result = result
    validate(t)


def correction_note(t: Tournament, r: int) -> str:
    """After a result of round r changed: that the latest round's pairings stand."""
    if r < len(t.paired) and any(g.result is None for g in t.paired[-1].games):
        return (f"Round {len(t.paired)}'s pairings stand as posted (they were made from the "
                "results as they were).")
    return ""


def _pair_of(values, lo: int, hi: int, what: str) -> list[int]:
    if not isinstance(values, (list, tuple)) or len(values) != 2 or not all(
            isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi for v in values):
        raise TournamentError(f"the {what} are two whole numbers from {lo} to {hi}")
    return list(values)


# -------------------------------------------------------------------- standings

def tournament_games(t: Tournament) -> list[GameResult]:
    return _games_of(t.paired)


def _games(t: Tournament, before: int) -> list[GameResult]:
    return _games_of(t.paired[:before - 1])


def _games_of(rounds) -> list[GameResult]:
    """The games played (a double forfeit is none: neither came)."""
    out = []
    for rd in rounds:
        for g in rd.games:
            res = g.result
            if res is None or _neither_came(res):
                continue
            k = res.first
            out.append(GameResult((g.players[k], g.players[1 - k]), (res.scores[k], res.scores[1 - k]),
                                  (res.turns[k], res.turns[1 - k]), (res.points[k], res.points[1 - k]),
                                  res.source == "typed"))
    return out


def _neither_came(res: Result) -> bool:
    return res.source == "forfeit" and res.scores == [0, 0]


def table(t: Tournament) -> list[dict]:
    """The standings (engine/club/standings.py), each row also saying "withdrawn" and
    "forfeits" (games of theirs decided by a no-show, won or lost)."""
    absent = [n for rd in t.paired for g in rd.games if g.result is not None and _neither_came(g.result)
              for n in g.players]
    rows = standings(tournament_games(t), [rd.bye for rd in t.paired if rd.bye], t.names(), absent)
    gone = {p.name for p in t.players if p.left is not None}
    forfeits = [n for rd in t.paired for g in rd.games if g.result is not None and g.result.source == "forfeit"
                for n in g.players]
    for row in rows:
        row["withdrawn"] = row["player"] in gone
        row["forfeits"] = forfeits.count(row["player"])
    return rows


def game_spec(t: Tournament, r: int, a: str, b: str) -> dict:
    """The spec of a pairing's game (engine.session ``open``): its rules, its
    seed and its players in order, both people (the page may seat a computer)."""
    rd, g = find_game(t, r, a, b)
    return {"rules": t.rules, "seed": t.game_seed(rd.round, g),
            "seats": [{"name": n, "kind": "human"} for n in g.players], "actions": []}
