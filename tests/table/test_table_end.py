"""The end of a table game: it ends by the rules on its own, then waits for the
tiles left on each rack (checked against the counts and the set), makes the end
adjustment and runs the final round with the racks entered; time's up; undo,
``at`` and replay."""

from __future__ import annotations

import pytest

from engine.actionlog import GameError
from engine.lexicon import Lexicon
from engine.moves import MoveError
from engine.rules import Rules
from engine.selfplay import play_game
from engine.table import TableGame
from engine.tiles import rack_value
from enginekit import lexicon

LEX = lexicon()


def table(rules: str, *moves: str) -> TableGame:
    game = TableGame(Rules.from_string(rules), lexicon=LEX, names=["Ann", "Bob"])
    for move in moves:
        game.act(move)
    return game


def test_scoreless_turns_end_the_game_then_the_racks_are_entered():
    game = table("classic", "8D ZEBRAS", *["-"] * 5)
    assert game.phase == "play"
    refused = "the game has not ended"
    with pytest.raises(GameError, match=refused):
        game.act("end AEIOU/BCD")
    game.act("-")
    assert game.awaiting_racks and not game.over and game.end_reason == "6 turns in a row without a play"
    assert not game.legal_actions().place and not game.legal_actions().pass_
    for text in ("-", "H6 BRAND", "timeout"):
        with pytest.raises(GameError, match="enter the tiles left on each rack"):
            game.act(text)
    for racks, why in (("AEIOUST", "each of the 2 racks"), ("AEIOU/BCDFGHJ", "Ann holds 7 tiles, not 5"),
                       ("AEIOUST/ZZBCDFG", "the racks hold 2 Z tiles, but only 0 are off the board"),
                       ("AEI1UST/BCDFGHJ", "a rack is letters")):
        with pytest.raises(GameError, match=why):
            game.act(f"end {racks}")
    ends = game.act("end aeiou?t/BCDFGHJ")
    assert [(t.player, t.kind, t.text, t.score) for t in ends] == [
        (0, "end", "(AEIOTU?)", -6), (1, "end", "(BCDFGHJ)", -rack_value("BCDFGHJ"))]
    assert game.over and game.scores == (54 - 6, -rack_value("BCDFGHJ")) and game.racks == ("AEIOTU?", "BCDFGHJ")
    with pytest.raises(GameError, match="the game is over"):
        game.act("end AEIOU?T/BCDFGHJ")


def test_final_round_with_the_racks_the_players_hold():
    game = table("o,final=1", *["-"] * 8)
    assert game.awaiting_racks and game.end_reason == "8 turns in a row without a play"
    game.act("end ZEBRASQ/DREAMYT")
    adjusted = (-rack_value("ZEBRASQ"), -rack_value("DREAMYT"))   # the end adjustment comes first
    assert game.phase == "final" and game.to_move == 0 and game.scores == adjusted
    with pytest.raises(MoveError, match="in the final round you place tiles or decline"):
        game.act("-3")
    with pytest.raises(MoveError, match="do not have"):
        game.act("8D ZEBRAS")                       # Ann finds with Bob's rack, DREAMYT
    ann, = game.act("8D DREAMY")
    assert (ann.kind, ann.rack, ann.score) == ("final", "ADEMRTY", table("o").preview("8D DREAMY").score + 50)
    bob, = game.act("8D ZEBRAQ")                    # with Ann's ZEBRASQ: not a word
    assert (bob.kind, bob.invalid, bob.score) == ("final", ("ZEBRAQ",), -table("o").preview("8D ZEBRAQ").score)
    assert game.over and game.scores == (adjusted[0] + ann.score, adjusted[1] + bob.score)
    assert game.board.is_empty()
    # Ann's trailing passes do not count (Bob found nothing with her tiles); Bob's do.
    assert game.ppt(0) == ann.score and game.ppt(1) == 0.0


def test_went_out_with_a_wrong_challenge_while_the_racks_are_awaited():
    real = Lexicon.default()
    dealt = play_game(Rules.from_string("classic"), "end-1", ["greedy", "greedy"], real)
    assert dealt.end_reason.endswith("went out")
    goer = dealt.turns[-1].player if dealt.turns[-1].kind == "play" else next(
        t.player for t in dealt.turns if t.kind == "end" and t.score > 0)
    game = TableGame(dealt.rules, lexicon=real, names=list(dealt.names))
    for action in dealt.actions:     # an exchange, if any, as the table enters it: by count
        head, sep, last = action.rpartition("; ")
        game.act(head + sep + (f"-{len(last) - 1}" if last.startswith("-") and len(last) > 1 else last))
    assert game.awaiting_racks and game.end_reason == dealt.end_reason and game.held[goer] == 0
    racks = list(dealt.racks)
    wrong = list(racks)
    wrong[goer] = "E"
    with pytest.raises(GameError, match=f"{dealt.names[goer]} holds 0 tiles, not 1"):
        game.act("end " + "/".join(wrong))
    lost, = game.act("challenge")
    assert lost.kind == "lost" and game.awaiting_racks
    game.act("end " + "/".join(racks))
    dealt.act("challenge")
    assert game.over and game.scores == dealt.scores
    assert sorted((t.player, t.kind, t.score) for t in game.turns) == \
        sorted((t.player, t.kind, t.score) for t in dealt.turns)


def test_times_up_ends_on_time_without_an_adjustment():
    game = table("o,clock=60")
    time_line, = game.act("8D ZEBRAS", 61)          # too late: the play does not count
    assert time_line.kind == "time" and game.board.is_empty() and game.to_move == 1
    game.act("8D ZEBRAS", 5)
    assert game.awaiting_racks and "ran out of time" in game.end_reason
    assert game.act("end AEIOUST/BCDFGHJ") == () and game.over and game.scores == (0, 84)


def test_undo_at_and_replay():
    game = table("o", "8D ZEBRAS", "-4", "H4 zEBRA", *["-"] * 8)
    assert game.awaiting_racks
    again = TableGame.replay(game.rules, game.actions, lexicon=LEX, names=list(game.names))
    assert again.turns == game.turns and again.held == game.held and again.awaiting_racks
    early = game.at(2)
    assert isinstance(early, TableGame) and early.unseen().count("Z") == 0 and early.to_move == 0
    assert early.act("H4 zEBRA")[0].score == game.turns[2].score
    game.undo()
    assert game.phase == "play" and not game.awaiting_racks and len(game.actions) == 10


def test_the_record_of_a_game_gone_out_keeps_the_rack_left():
    """GCG's end line for the one who went out holds the other's tiles, ``(V) +8``,
    in the dealt game's record and the table game's (one writer, gcg_write.turn_lines);
    both read back to the same scores."""
    from engine.records.gcg import import_record, read_gcg
    from engine.records.gcg_write import nicknames, write_gcg
    from engine.table.record import read_table_gcg, write_table_gcg

    real = Lexicon.default()
    dealt = play_game(Rules.from_string("classic"), "end-1", ["greedy", "greedy"], real)
    goer = next(t.player for t in dealt.turns if t.kind == "end" and t.score > 0)
    left = "".join(sorted("".join(dealt.racks)))
    nick = nicknames(dealt.names)[goer]
    text = write_gcg(dealt)
    assert text.splitlines()[-1] == f">{nick}: ({left}) +{2 * rack_value(left)} {dealt.scores[goer]}"
    assert read_gcg(text, real).scores == dealt.scores and import_record(text, real).scores == dealt.scores
    game = TableGame(dealt.rules, lexicon=real, names=list(dealt.names))
    for action in dealt.actions:
        head, sep, last = action.rpartition("; ")
        game.act(head + sep + (f"-{len(last) - 1}" if last.startswith("-") and len(last) > 1 else last))
    game.act("end " + "/".join(dealt.racks))
    table_text = write_table_gcg(game)
    assert table_text.splitlines()[-1] == text.splitlines()[-1]
    assert read_table_gcg(table_text, real).scores == dealt.scores
