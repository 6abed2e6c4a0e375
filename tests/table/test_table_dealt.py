"""Whole games the engine dealt and played itself, entered move for move into a
table game (racks unknown, exchanges as counts, the racks left entered at the
end): every turn's score sheet line, the final scores and PPT agree."""

from __future__ import annotations

from itertools import permutations

import pytest

from engine.computer import computer_action
from engine.game import Game
from engine.lexicon import Lexicon
from engine.rules import Rules
from engine.table import TableGame

LEX = Lexicon.default()

# Games the engine dealt and played (hard against greedy, an exchange and a pass
# scripted in), kept as their logs: a preset iii game takes 15-30 s to play, and
# its log replays the same game in milliseconds. Swaps, face-down J/Q/X/Z and a
# pick-off are in them.
III_WENT_OUT = ("tab-1", [
    "11E f[Q]OXTROT", "K11 TITANATE", "-DHN", "15J UNBRACED", "P11 SUNDERS", "-", "H8 MORTARi[Z]NG",
    "L5 ADAGIOs", "G3 CHUGg[Z]ED", "swap G7; swap L11; swap H14; 4B hUZZAHED", "swap B4; swap E11; F10 POPuLATE",
    "swap F13; 5J SPACeMAN", "O5 MONOc[Q]LINE", "M13 PURBLINd", "swap N5; swap O9; Q2 WRo[Q]NGFUL",
    "swap Q4; swap M20; 13C LIQUoR", "13C LIQUoRs"])
III_CYCLE = ("tab-3", [
    "-BGIIOPT", "11D BALKIEs[Q]T", "-DIJ", "swap J11; H6 OPAQUING", "E5 MONAURAL", "-", "J5 GRIMIEST",
    "6J RELIGIOn[J]", "Q4 BEnTWOo[Z]D", "P10 SELENITE", "swap Q10; 17J PRi[Z]VATER", "D2 PELAGE", "K13 ABHORS",
    "pick Q17; 17J PRiVATEER", "-CDDDSTV", "-AOOOOOTW", "swap L17; O1 FARAd[Z]IZE", "swap O5; R13 VIZIRS",
    "15F COOTCH", "17J PRIVATEERS", "-", "-", "-"])


def table_text(action: str) -> str:
    """A dealt game's action as the table enters it: an exchange by count."""
    text = action.split(" @")[0]
    head, sep, last = text.rpartition(";")
    last = last.strip()
    if last.startswith("-") and len(last) > 1:
        last = f"-{len(last) - 1}"
    return f"{head}; {last}" if sep else last


def line(turn, dealt: bool = False) -> tuple:
    text = table_text(turn.text) if dealt and turn.kind == "exchange" else turn.text
    return (turn.player, turn.kind, text, turn.score, turn.words, turn.invalid)


def follow(dealt: Game, table: TableGame, action: str) -> None:
    """One action in both games; the racks left are entered when the dealt game ends."""
    expected = dealt.act(action)
    got = table.act(table_text(action))
    if table.awaiting_racks and dealt.phase != "play":
        got += table.act("end " + "/".join(dealt.racks))
    assert [line(t) for t in got] == [line(t, True) for t in expected], action
    assert table.scores == dealt.scores and table.to_move == dealt.to_move and table.phase == dealt.phase
    assert table.bag_count == dealt.bag_count
    assert table.held == tuple(len(r) for r in dealt.racks)


def agree(dealt: Game, table: TableGame) -> None:
    assert [line(t) for t in table.turns] == [line(t, True) for t in dealt.turns]
    assert table.scores == dealt.scores and table.over and dealt.over
    assert table.end_reason == dealt.end_reason
    assert [table.ppt(p) for p in range(dealt.players)] == [dealt.ppt(p) for p in range(dealt.players)]


def phony(game: Game) -> str:
    """A first play from the rack that is legal but forms no word."""
    rack = game.rack().replace("?", "")
    for n in (3, 4, 2):
        for tiles in permutations(rack, n):
            text = "8H " + "".join(tiles)
            ev = game.preview(text)
            if ev.legal and game.judge.invalid([w.word for w in ev.words]):
                return text
    raise AssertionError(f"no phony found in {rack}")


def deal(rules: str, seed: str, levels, script=None):
    """The engine deals and plays a game (computer players, some actions scripted
    by the action's index), each action entered at a table game as it is made."""
    script = script or {}
    r = Rules.from_string(rules)
    dealt = Game(r, seed, len(levels), lexicon=LEX, names=list(levels))
    table = TableGame(r, len(levels), lexicon=LEX, names=list(levels))
    while not dealt.over and len(dealt.actions) < 300:
        k = len(dealt.actions)
        follow(dealt, table, script[k](dealt) if k in script else computer_action(dealt, levels[dealt.to_move]))
    agree(dealt, table)
    return dealt, table


def exchange(n):
    return lambda game: "-" + game.rack()[:n]


def kinds(game) -> set:
    return {t.kind for t in game.turns}


def test_classic_with_a_phony_challenged_a_wrong_challenge_and_an_exchange():
    dealt, table = deal("classic", "tab-c", ["easy", "medium"],
                        {0: phony, 2: exchange(2), 4: lambda g: "challenge", 5: exchange(7)})
    assert {"phony", "lost", "exchange", "play", "end"} <= kinds(dealt)
    assert any(t.text == "-7" for t in table.turns)


def by_the_seat_after_next(game: Game) -> str:
    """A challenge by the player two seats after the one who played (1-based)."""
    return f"challenge {(game.last_turn.player + 2) % game.players + 1}"


def test_classic_three_players_the_challenger_named():
    dealt, table = deal("classic", "tab-3p", ["greedy", "easy", "greedy"],
                        {0: phony, 1: by_the_seat_after_next, 4: by_the_seat_after_next})
    assert [t.kind for t in dealt.turns[:2]] == ["phony", "play"]
    lost = next(t for t in table.turns if t.kind == "lost")
    assert lost.player == (table.turns[table.turns.index(lost) - 1].player + 2) % 3


def test_o_good_words_only_a_failed_check_exchanges_and_a_pass():
    dealt, table = deal("o", "tab-o", ["hard", "greedy"],
                        {0: phony, 1: lambda g: "check", 3: exchange(4), 6: lambda g: "-"})
    invalid = next(t for t in table.turns if t.kind == "invalid")
    assert invalid.score < 0 and invalid.score == -invalid.value
    assert {"exchange", "pass"} <= kinds(table)
    assert any("swap" in a for a in dealt.actions)          # o's hard player swaps for blanks


def test_o_final_round_after_a_run_of_passes():
    script = {k: (lambda g: "-") for k in range(6, 14)}
    dealt, table = deal("o,final=1", "tab-of", ["hard", "greedy"], script)
    assert "final" in kinds(table) or "decline" in kinds(table)
    assert table.rack(0) and table.rack(1)                  # the racks the players entered


def test_richard_free_retry():
    dealt, table = deal("richard", "tab-r", ["easy", "greedy"], {0: phony})
    assert table.turns[0].kind == "retry" and table.turns[1].player == table.turns[0].player


@pytest.mark.parametrize("seed, actions", [III_WENT_OUT, III_CYCLE], ids=["went-out", "cycle"])
def test_iii_games(seed, actions):
    rules = Rules.from_string("iii")
    dealt = Game(rules, seed, lexicon=LEX, names=["hard", "greedy"])
    table = TableGame(rules, lexicon=LEX, names=["hard", "greedy"])
    for action in actions:
        follow(dealt, table, action)
    agree(dealt, table)
    assert any(t.kind == "exchange" for t in table.turns)


def test_iii_final_round_with_the_racks_entered():
    seed, actions = III_CYCLE
    rules = Rules.from_string("iii,final=1")
    dealt = Game(rules, seed, lexicon=LEX, names=["hard", "greedy"])
    table = TableGame(rules, lexicon=LEX, names=["hard", "greedy"])
    for action in actions:
        follow(dealt, table, action)
    assert dealt.phase == table.phase == "final"
    while not dealt.over:
        follow(dealt, table, computer_action(dealt, "greedy"))
    agree(dealt, table)
    assert [t.kind for t in table.turns if t.kind in ("final", "decline")]
