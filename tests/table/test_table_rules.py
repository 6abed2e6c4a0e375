"""A table game's refusals (tiles beyond the set, swaps with no blank or no natural
tile left, pick-offs per RULES.md 6.3, more tiles than a rack holds, exchanges)
and its judgment of words under each rule (RULES.md 7): a refusal costs nothing,
a judgment is the dealt game's."""

from __future__ import annotations

import pytest

from engine.actionlog import GameError
from engine.moves import MoveError
from engine.notation import NotationError
from engine.rules import Rules
from engine.table import TableGame
from enginekit import lexicon

LEX = lexicon()


def table(rules: str, *moves: str, players: int = 2) -> TableGame:
    game = TableGame(Rules.from_string(rules), players, lexicon=LEX, names=["Ann", "Bob", "Cy", "Di"][:players])
    for move in moves:
        game.act(move)
    return game


def refused(game: TableGame, text: str, match: str, error=MoveError) -> None:
    """The entry is refused with the message, and nothing changes."""
    before = (game.actions, game.turns, game.scores, game.to_move, game.board, game.held)
    with pytest.raises(error, match=match):
        game.act(text)
    assert (game.actions, game.turns, game.scores, game.to_move, game.board, game.held) == before


# ------------------------------------------------------------------ the tile set
def test_a_tile_beyond_its_count():
    game = table("classic", "8D ZEBRAS")
    refused(game, "H7 ZA", "no Z tile left to play: the classic100 set's only Z tile is on the board")
    assert game.preview("H7 ZA").error.startswith("there is no Z tile left")


def test_a_play_needing_more_of_a_letter_than_the_set_has():
    refused(table("classic"), "8G XX",
            r"the play needs 2 X tiles, but only 1 is off the board \(the classic100 set has 1\)")


def test_no_third_blank_in_classic_but_a_third_in_o():
    game = table("classic", "8D zEbRAS")
    refused(game, "H7 zA", "no blank left to play: the classic100 set has 2 blanks and both are on the board")
    game = table("o", "8D zEbRAS", "H4 ZEbRA")                 # the natural Z, a third blank
    assert game.unseen().count("?") == 0 and game.scores[1] > 0
    refused(game, "I5 AcT", "no blank left to play: the o100 set has 3 blanks and all are on the board")


def test_no_more_tiles_than_the_rack_holds():
    game = table("classic,rack=2")
    assert game.held == (2, 2)
    refused(game, "8G CAT", "Ann holds 2 tiles; this play puts down 3")
    game.act("8G AT")
    assert game.held == (2, 2) and game.bag_count == 100 - 4 - 2


# ------------------------------------------------------------------ swaps
def test_a_swap_needs_a_blank_on_the_square():
    game = table("o", "8D ZEBRAS")
    refused(game, "swap H8; -", "there is no blank on H8 to swap for")
    refused(game, "swap H9; -", "there is no blank on H9 to swap for")


def test_a_swap_needs_a_natural_tile_left_off_the_board():
    game = table("o", "8D ZEBRAS", "H4 zEBRA")                # the set's only Z is on D8
    refused(game, "swap H4; -", "no natural Z is left to swap for the blank on H4: the o100 set's only Z tile "
                                "is on the board")


def test_a_swap_stands_before_a_pass_and_not_in_classic():
    game = table("o", "8D zEBRAS")
    game.act("swap D8; -")
    assert game.board.cells[7 * 15 + 3] == "Z" and game.turns[-1].text == "swap D8; -"
    assert game.unseen().count("?") == 3 and game.unseen().count("Z") == 0
    refused(table("classic", "8D zEBRAS"), "swap D8; -", "swapping for a blank is not allowed")


# ------------------------------------------------------------------ pick-offs
def test_pick_off_stretch_per_the_rules():
    game = table("iii", "11G DREAMY")
    ev = game.preview("pick L11; 11G DREAMILY")          # RULES.md 10, figure 10
    assert ev.legal and ev.tiles_played == 2 and ev.stretch == 30 and ev.score == 14 + 30
    refused(game, "pick J11; 11G DREAMILY", "at most 2 trailing tiles")
    refused(game, "pick L11; 11G DREAMY", "must contain DREAM and be longer than DREAMY")
    refused(game, "pick L11; -", "after a pick-off the turn must end with a placement", NotationError)
    t, = game.act("pick L11; 11G DREAMILY")
    assert t.score == 44 and t.rack == "ILY" and game.held == (8, 8)


def test_pick_off_only_where_the_rules_have_it():
    refused(table("o", "8D DREAMY"), "pick I8; 8D DREAMILY", "picking off tiles is not allowed")


# ------------------------------------------------------------------ exchanges and passes
def test_exchanges_are_counts_within_the_rack_and_the_bag():
    game = table("classic")
    refused(game, "-ABC", "give how many tiles were exchanged, like -3", NotationError)
    refused(game, "-8", "an exchange is of 1 to 7 tiles, not 8")
    refused(game, "-0", "an exchange is of 1 to 7 tiles, not 0")
    t, = game.act("-7")
    assert (t.kind, t.text, t.rack, game.to_move, game.bag_count) == ("exchange", "-7", "", 1, 86)
    assert game.legal_actions().exchange == 7
    small = table("classic,rack=10", players=4)                # 100 - 40 = 60 in the bag
    assert small.legal_actions().exchange == 10


def test_no_free_trades_to_enter():
    refused(table("richard"), "trade AB", "nothing to enter", GameError)


# ------------------------------------------------------------------ judgments
def test_double_challenge_phony_comes_off_and_a_wrong_challenge_loses_a_turn():
    game = table("classic", "8D ZEBRAX")
    assert game.scores[0] > 0 and game.turns[0].invalid == ("ZEBRAX",)
    t, = game.act("challenge")
    assert t.kind == "phony" and game.scores == (0, 0) and game.board.is_empty() and game.to_move == 1
    game.act("8D ZEBRAS")
    refused(game, "challenge 2", "cannot challenge their own play", GameError)
    t, = game.act("challenge")
    assert (t.kind, t.player, game.to_move, game.scores) == ("lost", 0, 1, (0, 54))


def test_good_words_only_invalid_scores_nothing_and_the_large_list():
    game = table("o", "8D ZEBRAX")
    t = game.turns[-1]
    assert (t.kind, t.score, t.invalid, game.to_move) == ("invalid", 0, ("ZEBRAX",), 1)
    assert game.board.is_empty() and game.held == (7, 7)
    t, = game.act("check")                                     # not in the large list either
    assert t.score == -t.value == -98 and game.scores == (-98, 0) and game.to_move == 1
    game = table("o", "8G QAID")                               # only in the large list
    assert game.turns[-1].kind == "invalid"
    assert game.act("check") == () and game.turns == () and game.to_move == 0
    refused(game, "check", "no failed play to check", GameError)


def test_good_words_only_is_not_told_before_the_play():
    game = table("o")
    ev = game.preview("8D ZEBRAX")
    assert ev.legal and not ev.judged and ev.invalid == []


def test_free_retry_withdraws_and_the_same_player_goes_again():
    game = table("richard", "8D ZEBRAX")
    assert game.turns[-1].kind == "retry" and game.to_move == 0 and game.board.is_empty()
    assert game.preview("8D ZEBRAX").invalid == ["ZEBRAX"]      # free retry: judged in the preview
    game.act("8D ZEBRAS")
    assert game.scores == (54, 0)


def test_an_invalid_play_with_a_swap_keeps_the_swap():
    game = table("o", "8D zEBRAS", "-")
    game.act("swap D8; 9D AXE")                                 # a natural Z for the blank, then a phony
    assert game.turns[-1].kind == "invalid"
    assert game.board.cells[7 * 15 + 3] == "Z" and game.unseen().count("?") == 3
