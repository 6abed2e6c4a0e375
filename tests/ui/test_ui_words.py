"""ui/words/judge.py and ui/words/view.py: what the word judge may answer, and the HTML
of word buttons and meaning cards (CPython and MicroPython)."""

from ui.words import judge, view


def snap_with(tiles, phase="play", rules="classic"):
    return {"phase": phase, "rules": rules, "size": 15, "seats": [{"name": "You", "kind": "human"}],
            "tiles": [{"sq": sq, "letter": letter} for sq, letter in tiles], "turns": []}


# CAT across from H8, CAR... down from H8: C A T on row 8; C, O, W down column H.
BOARD = [("H8", "C"), ("I8", "A"), ("J8", "T"), ("H9", "O"), ("H10", "w"), ("L8", "S")]


def test_board_words_are_the_runs_of_two_or_more_tiles():
    assert judge.board_words(snap_with(BOARD)) == {"CAT", "COW"}
    assert judge.board_words(snap_with([("A1", "Q")])) == set()
    assert judge.board_words(snap_with([("O15", "I"), ("O14", "H")])) == {"HI"}


def test_during_a_game_only_board_words_and_the_72_two_letter_words():
    s = {"snap": snap_with(BOARD), "spec": {}}
    how, why = judge.mode(s)
    assert how == judge.BOARD and "on the board" in why and "72 two-letter" in why
    on_board = judge.board_words(s["snap"])
    assert judge.allowed("CAT", how, on_board) == ""
    assert judge.allowed("XI", how, on_board) == ""
    assert "not on the board" in judge.allowed("ZEBRA", how, on_board)
    assert "not on the board" in judge.allowed("QI", how, on_board)   # two letters, not one of the 72


def test_after_the_game_in_a_replay_of_it_or_a_past_review_any_word():
    over = {"snap": snap_with(BOARD, phase="over"), "spec": {}}
    assert judge.mode(over)[0] == judge.ANY
    assert judge.allowed("ZEBRA", judge.ANY, set()) == ""
    replay_of_finished = {"snap": snap_with([], phase="play"), "replay": {"live": over["snap"]}, "spec": {}}
    assert judge.mode(replay_of_finished)[0] == judge.ANY
    replay_of_live = {"snap": snap_with([]), "replay": {"live": snap_with(BOARD)}, "spec": {}}
    assert judge.mode(replay_of_live)[0] == judge.BOARD   # stepping back never opens the lists
    past_review = {"snap": snap_with(BOARD), "spec": {}, "pn": {"open": "review"}, "rv": {"past": "g1"}}
    assert judge.mode(past_review)[0] == judge.ANY
    live_review = {"snap": snap_with(BOARD), "spec": {}, "pn": {"open": "review"}, "rv": {"past": ""}}
    assert judge.mode(live_review)[0] == judge.BOARD


def test_the_72_two_letter_words():
    assert len(judge.TWO_LETTER_72) == 72 and "XI" in judge.TWO_LETTER_72 and "QI" not in judge.TWO_LETTER_72


def test_parse_words_keeps_order_once_and_names_bad_tokens():
    words, bad = judge.parse(" cat, Dog;cat\tx1 ")
    assert words == ["CAT", "DOG"]
    assert bad == [("x1", "is not a word of letters A-Z")]
    assert judge.parse("") == ([], [])
    words, bad = judge.parse(" ".join("W" + "A" * i for i in range(30)))
    assert len(words) == judge.MAX_WORDS and "at most" in bad[0][1]
    assert "longer than" in judge.parse("A" * 41)[1][0][1]


def test_word_button_is_a_keyboard_reachable_button_with_its_word():
    html = view.word_button("vext")
    assert html.startswith('<button type="button" class="wordlink" data-word="VEXT"') and ">vext</button>" in html
    assert view.word_button('A"B') .count('"A&quot;B"') == 1


def test_linkify_keeps_the_text_and_makes_only_the_game_words_buttons():
    html = view.linkify("Ann played CAT for 5. VEXT is not in the list <b>", ["CAT", "VEXT", "ANN"])
    assert 'data-word="CAT"' in html and 'data-word="VEXT"' in html
    assert 'data-word="ANN"' not in html      # a name in title case stays text
    assert "&lt;b&gt;" in html and html.endswith("&lt;b&gt;")
    assert view.linkify("CATS and CAT", ["CAT"]).count("data-word") == 1   # whole words only
    assert view.linkify("x < y", []) == "x &lt; y"


def test_turn_words_only_plays_once_each():
    turns = [{"kind": "play", "words": ["CAT", "AT"]}, {"kind": "exchange", "words": ["NO"]},
             {"kind": "phony", "words": ["VEXT", "CAT"]}]
    assert view.turn_words(turns) == ["CAT", "AT", "VEXT"]


def test_a_card_says_each_list_and_the_meanings_or_that_none_is_on_file():
    res = {"word": "RAN", "base": "RUN", "good": {"main": True, "large": True, "two": False, "formative": False,
                                                  "rules": True},
           "definitions": [{"pos": "verb", "text": "move fast by using one's feet", "lemma": "RUN"}]}
    html = view.entry_html(res)
    assert 'data-list="main" data-good="1"' in html and 'data-list="two" data-good="0"' in html
    assert 'data-list="rules" data-good="1"' in html and "A form of RUN" in html
    assert "<i class=\"wd-pos\">verb</i> (RUN) move fast" in html
    none = view.entry_html({"word": "XI", "base": None, "good": {"main": True, "two": True, "rules": None},
                            "definitions": []})
    assert "No meaning on file" in none and 'data-list="rules"' not in none and "wd-defs" not in none
    bad = view.entry_html({"word": "VEXT", "good": {}, "definitions": []})
    assert "VEXT is not in the lists." in bad
    refused = view.entry_html({"word": "ZEBRA", "refused": "ZEBRA is not on the board"})
    assert 'data-refused="1"' in refused and "wd-lists" not in refused


def test_results_show_an_error_plainly():
    assert "could not" in view.results_html({"error": "the meanings could not be fetched"})


def test_the_72_agree_with_the_engine():
    try:
        from engine.rules import TWO_LETTER_72
    except ImportError:   # MicroPython in Node has no engine: CPython checks it
        return
    assert judge.TWO_LETTER_72 == TWO_LETTER_72


def test_the_review_and_breakdowns_show_their_words_as_buttons():
    from ui.game.turns import breakdown_html
    from ui.review import view as review_view
    r = {"results": [], "plan": {"turns": []},
         "summary": {"players": [], "words_missed": [{"word": "QUEID", "score": 90, "move": "7H QUEID", "turn": 2}]}}
    assert 'class="wordlink" data-word="QUEID"' in review_view.summary_html(r)
    detail = review_view.detail_html({}, {"turn": 0}, {"best": "7H QUEID", "best_words": [
        {"word": "QUEID", "score": 90}, {"word": "AD", "score": 3}]})
    assert 'data-word="QUEID"' in detail and 'data-word="AD"' in detail and "90" in detail
    bd = breakdown_html({"breakdown": {"breakdown": [{"word": "ZEBRA", "letters": [], "score": 16}]}})
    assert '<th scope="row"><button type="button" class="wordlink" data-word="ZEBRA"' in bd


def test_a_play_open_to_a_challenge_or_a_check_is_not_judged_before_it():
    snap = snap_with(BOARD)
    snap["turns"] = [{"kind": "play", "words": ["COW"]}, {"kind": "play", "words": ["CAT"]}]
    snap["legal"] = {"challenge": True}
    s = {"snap": snap, "spec": {}}
    pending = judge.pending_words(s)
    assert pending == {"CAT"}
    assert "may still be challenged" in judge.allowed("CAT", judge.BOARD, {"CAT", "COW"}, pending)
    assert judge.allowed("COW", judge.BOARD, {"CAT", "COW"}, pending) == ""
    snap["legal"] = {"challenge": False}
    assert judge.pending_words(s) == set()
    s["check_seat"] = 0     # your play did not stand: the large list's answer is the check's
    assert judge.pending_words(s) == {"CAT"}
    over = {"snap": dict(snap, phase="over"), "spec": {}}
    assert judge.allowed("CAT", judge.mode(over)[0], set(), {"CAT"}) == ""
