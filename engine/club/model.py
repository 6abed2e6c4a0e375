"""A tournament as plain data: what the page stores, exports as JSON and reads back.

Why plain data: the page keeps the tournament in the browser and the engine
worker holds nothing between calls, so every operation (engine/club/director.py)
takes a tournament and returns a new one. ``Tournament.from_dict`` checks
everything it reads (an import may have been edited by hand) and raises
TournamentError with a message for a player; ``to_dict`` is its exact inverse.

JSON shape (``to_dict``)::

    {"format": "wlc-tournament", "version": 1, "name", "rules" (a rules string),
     "method": "ppt" | "roundrobin", "rounds" (planned), "seed",
     "players": [{"name", "joined" (first round paired), "left" (first round no
                  longer paired: withdrawn; null while playing)}],
     "paired": [{"round", "drawn" (round drawn by the seed), "bye" (name or null),
                 "games": [{"game" (number within the round, never reused),
                            "players": [first, second],
                            "result": null | {"source": "link" | "here" | "typed" | "forfeit",
                                "scores", "turns", "points" (PPT numerators);
                                a forfeit (a no-show) is 50-0 with no turns,
                                0-0 when neither came (both lose by 50),
                                "first" (0 or 1: who moved first, in "players" order),
                                "link" (the game's link data; link and here),
                                "key" (the game whatever its link's spelling:
                                       engine/club/replay.py identity; or absent),
                                "note" (why the result is flagged, or absent),
                                "invited" (true: played from its invitation; or absent),
                                "oath" (the oath, a digit a player in the pairing's order:
                                        0 none, 1 before the game, 2 before and after; or absent)},
                            "history" (absent when none): [the results it had before
                                each correction, oldest first, at most MAX_HISTORY]}]}]}

Scores, turns and points are in the pairing's order. A standings link carries the
same data less the game links (engine/club/share.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..actionlog import MAX_NAME
from ..rules import Rules

FORMAT = "wlc-tournament"
VERSION = 1
MAX_PLAYERS = 128
MAX_TITLE = 80
MAX_SEED = 40
MAX_SCORE = 100_000
MAX_TURNS = 1_000
METHODS = ("ppt", "roundrobin")
MAX_HISTORY = 20          # corrections kept a game (the oldest go first)
SOURCES = ("link", "here", "typed", "forfeit")
FORFEIT = 50             # a forfeit: the player who came wins 50-0, no turns (TSH's convention)


class TournamentError(ValueError):
    """A tournament or a change to it that cannot be accepted (for a player)."""


@dataclass
class Result:
    source: str
    scores: list[int]
    turns: list[int]
    points: list[int]
    first: int = 0
    link: str | None = None
    note: str | None = None
    key: str | None = None
    invited: bool = False
    oath: str | None = None


@dataclass
class Game:
    game: int
    players: list[str]
    result: Result | None = None
    history: list[Result] = field(default_factory=list)    # results corrected away, oldest first


@dataclass
class Round:
    round: int
    games: list[Game] = field(default_factory=list)
    bye: str | None = None
    drawn: bool = False


@dataclass
class Player:
    name: str
    joined: int = 1
    left: int | None = None

    def plays_in(self, r: int) -> bool:
        return self.joined <= r and (self.left is None or r < self.left)


@dataclass
class Tournament:
    name: str
    rules: str
    players: list[Player]
    rounds: int
    method: str = "ppt"
    seed: int | str = 1
    paired: list[Round] = field(default_factory=list)

    # ---------------------------------------------------------------- queries
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def player(self, name: str) -> Player:
        key = name_key(name)
        for p in self.players:
            if name_key(p.name) == key:
                return p
        raise TournamentError(f"there is no player {quote(name)} in this tournament")

    def round_of(self, r: int) -> Round:
        if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= len(self.paired):
            raise TournamentError(f"there is no round {r} (rounds paired: {len(self.paired)})")
        return self.paired[r - 1]

    def game_seed(self, r: int, game: Game) -> str:
        """The seed of a pairing's game ("Play this game", its start link)."""
        return f"{self.seed}~{r}.{game.game}"

    # ---------------------------------------------------------------- JSON
    def to_dict(self) -> dict:
        return {
            "format": FORMAT, "version": VERSION, "name": self.name, "rules": self.rules,
            "method": self.method, "rounds": self.rounds, "seed": self.seed,
            "players": [{"name": p.name, "joined": p.joined, "left": p.left} for p in self.players],
            "paired": [{"round": rd.round, "drawn": rd.drawn, "bye": rd.bye,
                        "games": [_game_dict(g) for g in rd.games]}
                       for rd in self.paired],
        }

    @classmethod
    def from_dict(cls, data) -> "Tournament":
        if not isinstance(data, dict):
            raise TournamentError("a tournament is a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise TournamentError("this is not a tournament (its format is not wlc-tournament)")
        version = data.get("version", VERSION)
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise TournamentError("the tournament's version is not a whole number")
        if version > VERSION:
            raise TournamentError("this tournament was saved by a newer version of the game")
        raw_players = data.get("players")
        if not isinstance(raw_players, list):
            raise TournamentError("the players must be a list")
        players = [_player(p) for p in raw_players]
        t = cls(name=check_title(data.get("name")), rules=check_rules(data.get("rules")),
                players=players, rounds=_int(data.get("rounds"), 1, MAX_PLAYERS, "the number of rounds"),
                method=check_method(data.get("method", "ppt")), seed=check_seed(data.get("seed", 1)))
        raw_rounds = data.get("paired", [])
        if not isinstance(raw_rounds, list):
            raise TournamentError("the paired rounds must be a list")
        t.paired = [_round(rd, i + 1) for i, rd in enumerate(raw_rounds)]
        validate(t)
        return t


# -------------------------------------------------------------------- checks

def validate(t: Tournament) -> None:
    """Everything that must hold between the parts of a tournament."""
    check_field([p.name for p in t.players])
    check_rounds(t.rounds, len(t.players))
    if len(t.paired) > t.rounds:
        raise TournamentError(f"{len(t.paired)} rounds are paired but the tournament has {t.rounds}")
    for p in t.players:
        if p.joined > len(t.paired) + 1:
            raise TournamentError(f"{quote(p.name)} joins at round {p.joined}, after the next round to pair")
        if p.joined > t.rounds:
            raise TournamentError(f"{quote(p.name)} joins at round {p.joined}; the tournament has {t.rounds}")
    links: dict[str, str] = {}
    for rd in t.paired:
        seen: set[str] = set()
        numbers: set[int] = set()
        for g in rd.games:
            if g.game in numbers:
                raise TournamentError(f"round {rd.round} numbers two games {g.game}")
            numbers.add(g.game)
            for name in g.players:
                _check_playing(t, rd.round, name, seen)
            if name_key(g.players[0]) == name_key(g.players[1]):
                raise TournamentError(f"round {rd.round} pairs {quote(g.players[0])} with themselves")
            if g.result is not None and g.result.link:
                where = f"round {rd.round} ({g.players[0]} v {g.players[1]})"
                for same in (g.result.link, g.result.key):
                    if same in links:
                        raise TournamentError(f"one game is the result of {links[same]} and of {where}")
                    if same:
                        links[same] = where
        if rd.bye is not None:
            _check_playing(t, rd.round, rd.bye, seen)


def _check_playing(t: Tournament, r: int, name: str, seen: set) -> None:
    player = t.player(name)
    if not player.plays_in(r):
        raise TournamentError(f"{quote(name)} is paired in round {r} but does not play in it")
    if player.name != name:
        raise TournamentError(f"round {r} spells {quote(name)} unlike the players' list")
    if name in seen:
        raise TournamentError(f"{quote(name)} is paired twice in round {r}")
    seen.add(name)


def max_rounds(players: int) -> int:
    """Rounds without anyone meeting twice: n - 1 for n even, n for n odd (a bye each)."""
    return players - 1 if players % 2 == 0 else players


def check_rounds(rounds: int, players: int) -> None:
    """Up to two round robins (a double round robin: each pair meets at most twice);
    past the first, every round's repeats are said (director.repeats)."""
    if rounds > 2 * max_rounds(players):
        raise TournamentError(f"{players} players can play at most {2 * max_rounds(players)} rounds (a double "
                              f"round robin: {max_rounds(players)} rounds without anyone meeting twice, then "
                              f"each pair once more); {rounds} is too many")


def rounds_note(rounds: int, players: int) -> str:
    """What a tournament of more rounds than one round robin means, for the director."""
    one = max_rounds(players)
    if rounds <= one:
        return ""
    return (f"{rounds} rounds for {players} players is more than one round robin ({one} rounds): from round "
            f"{one + 1} players meet a second time, and each round says who meets again.")


def check_field(names: list[str]) -> None:
    if len(names) < 2:
        raise TournamentError(f"a tournament needs at least 2 players ({len(names)} given)")
    if len(names) > MAX_PLAYERS:
        raise TournamentError(f"a tournament has at most {MAX_PLAYERS} players ({len(names)} given)")
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            raise TournamentError(f"two players are called {quote(name)}: each needs a name of "
                                  "their own (capitals and spaces do not count)")
        seen[key] = name


def check_name(name) -> str:
    """A player's name: 1 to MAX_NAME printable characters (the games' limit), kept
    as typed less surrounding spaces; markup is only text here."""
    if not isinstance(name, str) or not name.strip():
        raise TournamentError("a player's name cannot be empty")
    name = " ".join(name.split())
    if not name.isprintable():
        raise TournamentError(f"{quote(name)}: a name is printable characters only")
    if len(name) > MAX_NAME:
        raise TournamentError(f"{quote(name)}: a name has at most {MAX_NAME} characters")
    return name


def check_title(name) -> str:
    if not isinstance(name, str) or not name.strip():
        raise TournamentError("the tournament needs a name")
    name = " ".join(name.split())
    if not name.isprintable() or len(name) > MAX_TITLE:
        raise TournamentError(f"the tournament's name is at most {MAX_TITLE} printable characters")
    return name


def check_rules(rules) -> str:
    if not isinstance(rules, str):
        raise TournamentError("the rules must be a preset name or a rules string")
    try:
        return Rules.from_string(rules.strip()).to_string()
    except ValueError as exc:
        raise TournamentError(f"unknown rules: {exc}") from None


def check_method(method) -> str:
    if method not in METHODS:
        raise TournamentError(f"the pairing method is ppt (the average player) or roundrobin, "
                              f"not {quote(method)}")
    return method


def check_seed(seed):
    if isinstance(seed, bool) or not isinstance(seed, (int, str)) or len(str(seed)) > MAX_SEED \
            or not str(seed).isprintable() or "~" in str(seed):
        raise TournamentError(f"the seed is a number or a text of at most {MAX_SEED} characters "
                              "(no '~')")
    return seed


def name_key(name: str) -> str:
    """Names compare without case and extra spaces ("ann  lee" is "Ann Lee")."""
    return " ".join(str(name).casefold().split())


def quote(text, limit: int = 40) -> str:
    text = str(text)
    return repr(text if len(text) <= limit else text[:limit] + "...")


# -------------------------------------------------------------------- reading

def _int(value, lo: int, hi: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise TournamentError(f"{what} must be a whole number from {lo} to {hi}")
    return value


def _player(raw) -> Player:
    if isinstance(raw, str):
        return Player(check_name(raw))
    if not isinstance(raw, dict):
        raise TournamentError("each player is a name or {\"name\", \"joined\", \"left\"}")
    name = check_name(raw.get("name"))
    joined = _int(raw.get("joined", 1), 1, MAX_PLAYERS, f"{quote(name)}'s first round")
    left = raw.get("left")
    if left is not None:
        left = _int(left, joined, MAX_PLAYERS + 1, f"{quote(name)}'s round of withdrawal")
    return Player(name, joined, left)


def _round(raw, number: int) -> Round:
    if not isinstance(raw, dict) or raw.get("round", number) != number:
        raise TournamentError(f"paired round {number} is malformed")
    games = raw.get("games")
    if not isinstance(games, list) or len(games) > MAX_PLAYERS // 2:
        raise TournamentError(f"round {number}'s games must be a list")
    bye = raw.get("bye")
    if bye is not None and not isinstance(bye, str):
        raise TournamentError(f"round {number}'s bye must be a name or null")
    return Round(number, [_game(g, number) for g in games], bye, bool(raw.get("drawn", False)))


def _game(raw, r: int) -> Game:
    if not isinstance(raw, dict):
        raise TournamentError(f"a game of round {r} is malformed")
    players = raw.get("players")
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise TournamentError(f"a game of round {r} must name its two players")
    number = _int(raw.get("game"), 1, 10 ** 6, f"a game number of round {r}")
    result = raw.get("result")
    history = raw.get("history", [])
    if not isinstance(history, list) or len(history) > MAX_HISTORY:
        raise TournamentError(f"a game's corrections in round {r} must be a list of at most {MAX_HISTORY} results")
    return Game(number, list(players), None if result is None else read_result(result, r),
                [read_result(old, r) for old in history])


def read_result(raw, r: int) -> Result:
    where = f"a result of round {r}"
    if not isinstance(raw, dict):
        raise TournamentError(f"{where} is malformed")
    source = raw.get("source")
    if source not in SOURCES:
        raise TournamentError(f"{where} comes from a link, a game here or typed figures")
    figures = {}
    for key, lo, hi in (("scores", -MAX_SCORE, MAX_SCORE), ("turns", 0, MAX_TURNS),
                        ("points", -MAX_SCORE, MAX_SCORE)):
        pair = raw.get(key)
        if not isinstance(pair, list) or len(pair) != 2:
            raise TournamentError(f"{where} needs two {key}")
        figures[key] = [_int(x, lo, hi, f"{where}: {key}") for x in pair]
    first = _int(raw.get("first", 0), 0, 1, f"{where}: who moved first")
    if source == "forfeit" and (sorted(figures["scores"]) not in ([0, FORFEIT], [0, 0])
                                or figures["turns"] != [0, 0] or figures["points"] != [0, 0]):
        raise TournamentError(f"{where}: a forfeit is {FORFEIT}-0 (or 0-0: neither came) with no turns")
    link, note, key = raw.get("link"), raw.get("note"), raw.get("key")
    if link is not None and (not isinstance(link, str) or not link or len(link) > 30_000):
        raise TournamentError(f"{where}: the game link must be text")
    if key is not None and (not isinstance(key, str) or not (key.isascii() and key.isalnum()) or len(key) > 64 or link is None):
        raise TournamentError(f"{where}: the game's key must be a short text beside its link")
    if note is not None and (not isinstance(note, str) or len(note) > 300):
        raise TournamentError(f"{where}: the note must be short text")
    invited, oath = raw.get("invited", False), raw.get("oath")
    if not isinstance(invited, bool) or (invited and source != "link"):   # (a standings link drops the link)
        raise TournamentError(f"{where}: a game played from its invitation came in by its link")
    if oath is not None and (not isinstance(oath, str) or len(oath) != 2 or not all(c in "012" for c in oath)):
        raise TournamentError(f"{where}: the oath is two digits (0, 1 or 2)")
    return Result(source, figures["scores"], figures["turns"], figures["points"], first, link, note, key,
                  invited, oath)


def _game_dict(g: Game) -> dict:
    out = {"game": g.game, "players": list(g.players), "result": _result_dict(g.result)}
    if g.history:
        out["history"] = [_result_dict(old) for old in g.history]
    return out


def _result_dict(result: Result | None) -> dict | None:
    if result is None:
        return None
    out = {"source": result.source, "scores": list(result.scores), "turns": list(result.turns),
           "points": list(result.points), "first": result.first}
    if result.link is not None:
        out["link"] = result.link
    if result.key is not None:
        out["key"] = result.key
    if result.note is not None:
        out["note"] = result.note
    if result.invited:
        out["invited"] = True
    if result.oath is not None:
        out["oath"] = result.oath
    return out
