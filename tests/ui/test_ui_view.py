"""ui/view.py and ui/render.py: names, data attributes, buttons, and patches of what changed only."""

import json

import ui_fixtures as fx
from ui_fixtures import new
from ui import render, state, view
from ui.boot import handlers


def test_square_names_and_premiums():
    cells = view.board_cells(new())
    assert len(cells) == 225
    assert cells["A1"]["label"] == "A1, triple word, empty"
    assert cells["H8"]["label"] == "H8, start square, double word, empty"
    assert "p-tw" in cells["A1"]["cls"] and "start" in cells["H8"]["cls"]
    assert cells["B1"]["label"] == "B1, empty" and cells["B1"]["html"] == ""
    assert cells["H8"]["tab"] == "0" and cells["A1"]["tab"] == "-1"


def test_tiles_carry_letters_lowercase_for_blanks():
    snap = fx.snap(tiles=[fx.tile("H8", "Q"), fx.tile("I8", "i", 0, blank=True)])
    cells = view.board_cells(new(snap))
    assert cells["H8"]["letter"] == "Q" and cells["H8"]["label"] == "H8, Q, 10 points"
    assert cells["I8"]["letter"] == "i" and "blank" in cells["I8"]["cls"]
    assert cells["A1"]["letter"] == ""


def test_rack_names_and_blank_marker():
    s = new(fx.snap(racks=("Q?", "AB")))
    slots = view.rack_slots(s)
    assert [t["letter"] for t in slots] == ["Q", "?"]
    assert slots[0]["label"] == "rack tile Q, 10 points"
    assert slots[1]["label"] == "rack tile blank, 0 points"


def test_rack_hidden_during_hand_over():
    s = new(fx.snap(kinds=("human", "human")))
    s = handlers.step(s, {"t": "snapshot", "snap": fx.snap(kinds=("human", "human"), to_move=1)})
    assert view.rack_slots(s) == [] and "Pass the device" in view.handover_html(s)


def test_buttons_follow_legal_and_turn():
    s = new()
    b = view.buttons(s)
    assert b["Pass"] and b["Exchange"] and not b["Play"] and not b["Challenge"]
    s = handlers.step(s, {"t": "key", "key": "a"})
    assert view.buttons(s)["Play"]
    thinking = new(fx.snap(to_move=1))
    assert not any(view.buttons(thinking)[k] for k in ("Play", "Pass", "Exchange", "Challenge"))
    assert view.body_attrs(thinking)["data-thinking"] == "1"
    assert view.body_attrs(new())["data-thinking"] is None


def test_preview_shows_score_or_reason():
    s = handlers.step(new(), {"t": "key", "key": "a"})
    s = handlers.step(s, {"t": "preview", "seq": s["seq"], "result": {
        "legal": True, "move": "8H AT", "score": 4, "breakdown": [{"word": "AT", "score": 4, "multiplier": 2}],
        "bonus": {"big_play": 0}}})
    html = view.preview_html(s)
    assert 'data-score="4"' in html and "AT 4" in html
    s = handlers.step(s, {"t": "preview", "seq": s["seq"], "result": {"legal": False, "error": "not connected"}})
    assert "not connected" in view.preview_html(s)


def test_end_of_game_panel():
    snap = fx.snap(phase="over", winner=[1], scores=[120, 150], ppt=[12.0, 15.0],
                   turns=[{"player": 0, "kind": "end", "text": "(AE)", "score": -2}])
    html = view.end_html(new(snap))
    assert "Winner: Player 2" in html and "Rematch" in html and "New game" in html and "-2" in html


def test_render_patches_only_what_changed():
    class FakeWindow:
        sent = []

        def wlcPatch(self, text):
            self.sent.append(json.loads(text))

    win = FakeWindow()
    r = render.Renderer(win)
    s = new()
    r.apply(s)
    first = win.sent[-1]
    assert first[0][0] == "board" and 'data-square="H8"' in first[0][2]
    # a new board is drawn empty; only the squares with more on them (the cursor) are patched
    assert [p[0] for p in first if p[0].startswith("sq-")] == ["sq-H8"]
    s = handlers.step(s, {"t": "key", "key": "a"})
    r.apply(s, "I8")
    second = win.sent[-1]
    squares = sorted(p[0] for p in second if p[0].startswith("sq-"))
    assert squares == ["sq-H8", "sq-I8"]  # the tile, and the cursor moving on
    assert second[-1] == ["!focus", {}, None, "sq-I8"]
    assert r.apply(s) == 0  # nothing changed, nothing sent


def test_incremental_frames_equal_full_frames():
    """Patching only the squares that may have changed ends where a full render would."""
    class Sink:
        def wlcPatch(self, text):
            pass

    r = render.Renderer(Sink())
    snap2 = fx.snap(racks=("EINRSTU", "EGGLOOS"), to_move=1, tiles=[fx.tile("H8", "A"), fx.tile("I8", "T")],
                    last_squares=["H8", "I8"])
    snap3 = fx.snap(racks=("EINRSTU", "EGLOOSX"), tiles=[fx.tile("H8", "A"), fx.tile("I8", "T"),
                                                          fx.tile("H9", "G"), fx.tile("H10", "O")],
                    last_squares=["H9", "H10"], pickable=["I8"])
    events = [{"t": "key", "key": "a"}, {"t": "key", "key": "ArrowDown"}, {"t": "key", "key": " "},
              {"t": "key", "key": "t"}, {"t": "tap_square", "sq": "H8"}, {"t": "key", "key": "Escape"},
              {"t": "snapshot", "snap": snap2}, {"t": "snapshot", "snap": snap3},
              {"t": "tap_square", "sq": "I8"}, {"t": "recall"}, {"t": "tap_square", "sq": "C3"}]
    s = new()
    r.apply(s)
    dom = BoardModel()
    dom.feed(render.board_html(s["layout"]))
    for ev in [None] + events:
        if ev is not None:
            s = handlers.step(s, ev)
            r.apply(s)
        dom.patch(r.prev)
        full = render.frame(s)
        want = {k: v for k, v in full.items() if k.startswith("sq-")}
        assert dom.squares == want, ev


def test_a_new_layout_of_the_same_size_clears_the_old_tiles():
    """A new game (another layout object, the same board size) keeps the board's skeleton,
    so every square is drawn again: none of the old game's tiles stays (a free retry)."""
    class Sink:
        def wlcPatch(self, text):
            pass

    r = render.Renderer(Sink())
    s = new()
    dom = BoardModel()
    dom.feed(render.board_html(s["layout"]))
    s = handlers.step(s, {"t": "snapshot", "snap": fx.snap(tiles=[fx.tile("H8", "A"), fx.tile("I8", "T")])})
    r.apply(s)
    dom.patch(r.prev)
    assert dom.squares["sq-H8"]["data-letter"] == "A"
    fresh = new()
    fresh["layout"] = dict(fresh["layout"])   # another object, the same size and start
    r.apply(fresh)
    dom.patch(r.prev)
    assert [k for k, v in dom.squares.items() if v["data-letter"]] == []


def test_the_board_drawn_alone_first_then_the_rest():
    """The page's first frame in two tasks (ui/boot/game.py): the empty board, then the
    tiles and the rest; the board ends as one frame would draw it."""
    class Sink:
        sent = []

        def wlcPatch(self, text):
            self.sent.append(json.loads(text))

    r = render.Renderer(Sink())
    s = handlers.step(new(), {"t": "snapshot", "snap": fx.snap(tiles=[fx.tile("H8", "A"), fx.tile("I8", "T")])})
    r.draw_board(s)
    assert [p[0] for p in Sink.sent[-1]] == ["board"]
    dom = BoardModel()
    dom.feed(Sink.sent[-1][0][2])
    r.apply(s)
    assert [p for p in Sink.sent[-1] if p[0] == "board" and p[2] is not None] == []   # not drawn again
    dom.patch(r.prev)
    full = render.frame(s)
    assert dom.squares == {k: v for k, v in full.items() if k.startswith("sq-")}
    r.draw_board(s)   # drawn already: nothing sent
    assert len(Sink.sent) == 2


class BoardModel:
    """The board's squares as the browser holds them: the skeleton's attributes, then
    every patch the renderer sent (its last frame per node, ``Renderer.prev``). No
    html.parser: these tests run under MicroPython too."""

    def __init__(self):
        self.squares = {}

    def feed(self, html):
        for tag in html.split("<div ")[1:]:
            tag = tag.split(">")[0]
            sq = _attr(tag, "id")
            if sq and sq.startswith("sq-"):
                self.squares[sq] = {"class": _attr(tag, "class"), "aria-label": _attr(tag, "aria-label"),
                                    "tabindex": _attr(tag, "tabindex"), "data-letter": None, "_html": ""}

    def patch(self, sent):
        for key, node in sent.items():
            if key.startswith("sq-"):
                self.squares[key].update(node)


def _attr(tag, name):
    at = tag.find(" " + name + '="')
    if at < 0 and tag.startswith(name + '="'):
        at = -1
    elif at < 0:
        return None
    start = at + len(name) + 3
    return tag[start:tag.index('"', start)]
