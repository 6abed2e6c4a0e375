"""Every knob of RULES.md as one immutable value, the presets as data, and the
compact text form that share links carry (``iii`` or ``iii,cap=0,min=3``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace

from .lexicon.house_words import HouseWordsError, check_words, format_words, parse_words

# The 72 "respectable" two-letter words (RULES.md section 3, canonical list).
TWO_LETTER_72 = frozenset("""
AB AD AG AH AI AM AN AR AS AT AW AX AY BE BI BY DO ED EF EH EL EM EN ER EX FA GO HA HE
HI HO ID IF IN IS IT LA LI LO MA ME MI MU MY NO NU OF OH ON OR OS OW OX PA PI RE SH SI
SO TA TI TO UH UM UP US UT WE WO XI YE YO""".split())
assert len(TWO_LETTER_72) == 72

STRETCH_FOURS = ((1, 0), (2, 20), (3, 40), (4, 60), (5, 80))
STRETCH_FIVES = ((1, 0), (2, 30), (3, 50), (4, 70), (5, 90), (6, 100))


class RulesError(ValueError):
    """A rules string or knob value that cannot be understood."""


QUOTE_LIMIT = 60


def quoted(text) -> str:
    """``repr`` of bad input for an error message, cut to QUOTE_LIMIT characters
    (input can be a megabyte; a message should stay readable)."""
    text = str(text)
    if len(text) <= QUOTE_LIMIT:
        return repr(text)
    return repr(text[:QUOTE_LIMIT]) + f"... ({len(text)} characters)"


# An integer as players write it: ASCII digits only (str.isdigit and int() also take
# other scripts' digits and superscripts), short enough to be a real value (int()
# refuses more than 4,300 digits with its own error).
_INT = re.compile(r"[+-]?[0-9]{1,9}")


def parse_int(text: str):
    """The int ``text`` spells in ASCII digits, or None."""
    return int(text) if _INT.fullmatch(text) else None


# Scores in records (CGP, GCG totals): up to SCORE_DIGITS digits, one limit for the
# writers and the readers. A start position's scores are at most START_SCORE_MAX
# (engine/startpos.py); plays, end adjustments and the overtime penalty (a clock
# never shows more than MAX_SECONDS over) add less than 10**10 to that, so every
# score a game writes is one its records read back.
SCORE_DIGITS = 12
START_SCORE_MAX = 10 ** 9 - 1
_SCORE = re.compile(r"[+-]?[0-9]{1,%d}" % SCORE_DIGITS)


def parse_score(text: str):
    """The score ``text`` spells in ASCII digits (at most SCORE_DIGITS), or None."""
    return int(text) if _SCORE.fullmatch(text) else None


# Every rules string to_string writes is shorter than this (the house-word lists
# make most of it: two lists of 200 words of 21 letters and a named list). Links
# and records that carry rules strings must allow this many characters.
RULES_TEXT_MAX = 10_000

# The word judgments where a play stands unless challenged (RULES.md section 7).
CHALLENGE_JUDGMENTS = ("challenge", "free")

CLOCK_MAX = 1_000_000     # seconds per player (11.5 days): a bound, not a limit in play
BONUS_TILES_MAX = 21      # a bonus row names 1..21 tiles played (the longest line)
BONUS_POINTS_MAX = 1000


@dataclass(frozen=True)
class Rules:
    """All knobs of one game. Change any knob with ``dataclasses.replace``."""

    preset: str = "classic"
    board: str = "classic15"              # classic15 | extended21
    tiles: str = "classic100"             # classic100 | o100 | nice300 | wild298
    rack_size: int = 7                    # also the bag count an exchange needs
    lexicon: str = "large"                # main | large
    formatives: bool = False              # with main: large words formed on a main word are good
    two_letter: str = "lexicon"           # lexicon | 72
    min_main: int = 2                     # main-word minimum length
    judgment: str = "challenge"           # challenge | good | retry | free (challenge, no penalty)
    large_check: bool = False             # "check the large list" (rule 10.3a)
    premiums: str = "multiply"            # multiply | add (word premiums)
    small_cap: bool = False               # small-word point cap
    big_play: tuple = ((7, 50),)          # (tiles played, points)
    stretch_min: int = 0                  # 0 = off, else the word length threshold
    stretch_table: tuple = ()             # (tiles played, points); the last row covers more
    pick_off: int = 0                     # trailing tiles that may be picked off (0..2)
    wild_jqxz: bool = False
    blank_swap: bool = False
    end: str = "scoreless"                # scoreless | cycle
    end_adjust: str = "classic"           # classic | transfer | none
    final_round: bool = False             # swap final racks round
    clock: int = 0                        # seconds per player; 0 = no clock
    clock_rule: str = "overtime"          # overtime (-10 a started minute) | timesup
    revealed_racks: bool = False          # Richard's extras (section 9)
    split_blanks: bool = False
    free_trades: bool = False
    derived_forms: bool = False
    house_add: tuple = ()                 # house words the players add (sorted, uppercase)
    house_taboo: tuple = ()               # house words the players forbid

    def __post_init__(self) -> None:
        for name in _HOUSE:   # any case and order in, one canonical value kept
            try:
                words = check_words(getattr(self, name), f"rules knob {_SHORT[name]}")
                object.__setattr__(self, name, words)
            except HouseWordsError as exc:
                raise RulesError(str(exc)) from None
        _check(self)

    def big_play_bonus(self, tiles_played: int) -> int:
        best = 0
        for n, pts in self.big_play:
            if tiles_played == n:
                return pts
            if tiles_played > n and n == self.big_play[-1][0]:
                best = pts
        return best

    @property
    def challenges(self) -> bool:
        """Plays are judged by challenge: double challenge or free challenge (where a
        challenge of a valid play costs the challenger nothing)."""
        return self.judgment in CHALLENGE_JUDGMENTS

    def stretch_bonus(self, tiles_played: int) -> int:
        pts = 0
        for n, p in self.stretch_table:
            if tiles_played >= n:
                pts = p
        return pts

    def to_string(self) -> str:
        """Preset name plus the knobs that differ from it: ``ii,cap=0``."""
        base = PRESETS[self.preset]
        parts = [self.preset]
        for f in fields(self):
            if f.name == "preset":
                continue
            value = getattr(self, f.name)
            if value != getattr(base, f.name):
                parts.append(f"{_SHORT[f.name]}={_format(value)}")
        return ",".join(parts)

    @classmethod
    def from_string(cls, text: str) -> "Rules":
        """Inverse of to_string; raises RulesError naming the bad part. Only printable
        ASCII is read (no letter or digit of another script is folded into one)."""
        if not isinstance(text, str) or not (text.isascii() and text.isprintable()):
            raise RulesError(f"rules {quoted(text)} must be printable ASCII on one line")
        parts = [p.strip() for p in text.strip().split(",")]
        name = parts[0].lower()
        if name not in PRESETS:
            raise RulesError(f"unknown preset {quoted(parts[0])} (known: {', '.join(PRESETS)})")
        changes = {}
        for part in parts[1:]:
            key, sep, raw = part.partition("=")
            if not sep:
                raise RulesError(f"rules option {quoted(part)} should look like knob=value")
            field_name = _LONG.get(key.strip())
            if field_name is None:
                raise RulesError(f"unknown rules knob {quoted(key)} (known: {', '.join(sorted(_LONG))})")
            if field_name in changes:
                raise RulesError(f"rules knob {key.strip()} is given twice")
            changes[field_name] = _parse(field_name, raw.strip())
        try:
            return replace(PRESETS[name], **changes)
        except RulesError:
            raise
        except (TypeError, ValueError) as exc:
            raise RulesError(str(exc)) from None


_CHOICES = {
    "board": ("classic15", "extended21"),
    "tiles": ("classic100", "o100", "nice300", "wild298"),
    "lexicon": ("main", "large"),
    "two_letter": ("lexicon", "72"),
    "judgment": ("challenge", "good", "retry", "free"),
    "premiums": ("multiply", "add"),
    "end": ("scoreless", "cycle"),
    "end_adjust": ("classic", "transfer", "none"),
    "clock_rule": ("overtime", "timesup"),
}


def _check(r: Rules) -> None:
    for name, choices in _CHOICES.items():
        if getattr(r, name) not in choices:
            raise RulesError(f"{name} must be one of {', '.join(choices)}, "
                           f"not {quoted(getattr(r, name))}")
    if not 1 <= r.rack_size <= 10:
        raise RulesError(f"rack size must be 1..10, not {r.rack_size}")
    if not 2 <= r.min_main <= 15:
        raise RulesError(f"main-word minimum must be 2..15, not {r.min_main}")
    if not 0 <= r.pick_off <= 2:
        raise RulesError(f"pick-off must be 0, 1 or 2 tiles, not {r.pick_off}")
    if r.stretch_min and not 2 <= r.stretch_min <= 15:
        raise RulesError(f"stretch threshold must be 0 (off) or 2..15, not {r.stretch_min}")
    if not 0 <= r.clock <= CLOCK_MAX:
        raise RulesError(f"clock must be 0 (off) or a number of seconds up to {CLOCK_MAX}, "
                         f"not {r.clock}")
    for name in ("big_play", "stretch_table"):
        table = getattr(r, name)
        if not isinstance(table, tuple) or any(
                not isinstance(row, tuple) or len(row) != 2 for row in table):
            raise RulesError(f"{name} must be rows of (tiles, points)")
        if [n for n, _ in table] != sorted({n for n, _ in table}):
            raise RulesError(f"{name} rows must have increasing tile counts")
        for n, pts in table:
            if not 1 <= n <= BONUS_TILES_MAX or not 0 <= pts <= BONUS_POINTS_MAX:
                raise RulesError(
                    f"{name} row {n}:{pts}: a row pays 0..{BONUS_POINTS_MAX} points for "
                    f"1..{BONUS_TILES_MAX} tiles played")
    both = sorted(set(r.house_add) & set(r.house_taboo))
    if both:
        more = f" (and {len(both) - 1} more)" if len(both) > 1 else ""
        raise RulesError(f"house word {both[0]}{more} is both added and forbidden")


_SHORT = {
    "board": "board", "tiles": "tiles", "rack_size": "rack", "lexicon": "lex",
    "two_letter": "two", "min_main": "min", "judgment": "judge", "large_check": "largecheck",
    "premiums": "prem", "small_cap": "cap", "big_play": "big", "stretch_min": "stretch",
    "stretch_table": "stable", "pick_off": "pick", "wild_jqxz": "wild", "blank_swap": "swap",
    "end": "end", "end_adjust": "adjust", "final_round": "final", "clock": "clock",
    "clock_rule": "clockrule", "revealed_racks": "reveal", "split_blanks": "split",
    "free_trades": "trades", "derived_forms": "derived", "formatives": "form",
    "house_add": "add", "house_taboo": "taboo",
}
_LONG = {v: k for k, v in _SHORT.items()}
_BOOLS = {f.name for f in fields(Rules) if f.type in ("bool", bool)}
_INTS = {f.name for f in fields(Rules) if f.type in ("int", int)}
_TABLES = {"big_play", "stretch_table"}
_HOUSE = ("house_add", "house_taboo")


def _format(value) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, tuple):
        if value and isinstance(value[0], str):
            return format_words(value)
        return "+".join(f"{n}:{p}" for n, p in value) or "none"
    return str(value)


def _int(text: str) -> int:
    value = parse_int(text)
    if value is None:
        raise ValueError(text)
    return value


def _parse(name: str, raw: str):
    if name in _HOUSE:
        try:
            return parse_words(raw, f"rules knob {_SHORT[name]}")
        except HouseWordsError as exc:
            raise RulesError(str(exc)) from None
    try:
        if name in _BOOLS:
            if raw not in ("0", "1"):
                raise ValueError
            return raw == "1"
        if name in _INTS:
            return _int(raw)
        if name in _TABLES:
            if raw == "none":
                return ()
            rows = []
            for item in raw.split("+"):
                n, _, p = item.partition(":")
                rows.append((_int(n), _int(p)))
            return tuple(rows)
    except ValueError:
        raise RulesError(f"bad value {quoted(raw)} for rules knob {_SHORT[name]}") from None
    return raw


_CLASSIC = Rules()
_O = replace(
    _CLASSIC, preset="o", tiles="o100", lexicon="main", formatives=True, two_letter="72",
    min_main=3, judgment="good", large_check=True, premiums="add", big_play=((5, 10), (6, 30), (7, 50)),
    stretch_min=4, stretch_table=STRETCH_FOURS, blank_swap=True, end="cycle", clock_rule="timesup",
)
_I = replace(_O, preset="i", board="extended21", tiles="nice300")
_II = replace(
    _I, preset="ii", rack_size=8, small_cap=True, big_play=((6, 20), (7, 50), (8, 80)),
    stretch_min=5, stretch_table=STRETCH_FIVES,
)
_III = replace(_II, preset="iii", tiles="wild298", min_main=6, stretch_min=6, pick_off=2, wild_jqxz=True)
_RICHARD = replace(
    _CLASSIC, preset="richard", judgment="retry", revealed_racks=True, split_blanks=True,
    free_trades=True, derived_forms=True,
)

PRESETS: dict[str, Rules] = {
    "classic": _CLASSIC, "o": _O, "i": _I, "ii": _II, "iii": _III, "richard": _RICHARD,
}


def preset(name: str) -> Rules:
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise RulesError(f"unknown preset {quoted(name)} (known: {', '.join(PRESETS)})") from None
