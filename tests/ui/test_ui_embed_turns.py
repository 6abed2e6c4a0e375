"""ui/links/embed.py's pure part: the embed tells its parent about every action, made from
the state that action produced (CPython and MicroPython). The browser side is
tests/browser/links/test_embed.py."""

import ui_fixtures as fx
from ui.boot import handlers
from ui import state
from ui.links import embed
from ui.links import share

step = handlers.step   # the page's events, each to its handlers (ui/boot/handlers.py)


def opened(embed_page=True):
    """A link's game (you against the computer) open in an embed, engine up."""
    snap = fx.snap()
    s = state.initial(fx.layout(), {"rules": "classic", "seed": "t1", "seats": snap["seats"], "actions": []},
                      snap, "ready")
    s = share.boot(s, "#g1.AbC", embed_page, False)
    return step(s, {"t": "link_opened", "snap": dict(snap, link={"turn": None, "view": {}})})


def after_move(n, to_move):
    turns = [{"player": i % 2, "kind": "play", "text": "8D WORD" + str(i), "score": 10 + i} for i in range(n)]
    return fx.snap(to_move=to_move, actions=["8D WORD" + str(i) for i in range(n)], turns=turns,
                   scores=[sum(10 + i for i in range(n) if i % 2 == p) for p in (0, 1)])


def test_the_player_s_move_is_told_before_the_computer_thinks():
    s = step(opened(), {"t": "snapshot", "snap": after_move(1, 1)})
    kinds = [f["do"] for f in s["fx"]]
    assert kinds[0] == "embed_turn" and "computer" in kinds   # told first, from this very state
    msg = s["fx"][0]["msg"]
    assert msg == share.message("turn", turn=1, total=1, move="8D WORD0", score=10, scores=[10, 0],
                                to_move=1, phase="play")
    s = step(s, {"t": "snapshot", "snap": after_move(2, 0)})   # the computer's reply: told too
    assert s["fx"][0]["do"] == "embed_turn" and s["fx"][0]["msg"]["turn"] == 2
    assert s["fx"][0]["msg"]["to_move"] == 0


def test_the_way_back_from_a_replay_is_told_and_a_full_page_tells_nothing():
    s = step(opened(), {"t": "snapshot", "snap": after_move(3, 1)})
    s = step(s, {"t": "replay", "at": 1})
    assert not [f for f in s["fx"] if f["do"] == "embed_turn"]   # the step is said when it is shown
    s = step(s, {"t": "replay_snap", "snap": dict(after_move(1, 1), at=1, total=3)})
    s = step(s, {"t": "replay_close"})
    assert [f["msg"]["turn"] for f in s["fx"] if f["do"] == "embed_turn"] == [3]
    full = step(opened(embed_page=False), {"t": "snapshot", "snap": after_move(1, 1)})
    assert not [f for f in full["fx"] if f["do"] == "embed_turn"]
    assert embed.turn_message(full) is None


class _Location:
    def __init__(self, hash_text):
        self.hash, self.href = hash_text, "http://host/index.html" + hash_text


class _History:
    def __init__(self, location):
        self.location = location

    def replaceState(self, state_, title, url):   # noqa: N802 (the DOM's name)
        self.location.hash = url


class _Window:
    def __init__(self, hash_text):
        self.location = _Location(hash_text)
        self.history = _History(self.location)


class _Document:
    def getElementById(self, name):   # noqa: N802
        return None


def test_a_late_replay_step_leaves_a_link_put_in_the_address_bar_since():
    """The replay's step says its turn in the address bar (&t=); a step that comes in after
    the player put another game's link there must not put the old game back (a reload
    would then open it instead of theirs)."""
    window = _Window("#g1.OLD&mode=replay")
    saved = dict(embed.W)
    try:
        embed.W.clear()
        embed.W.update({"window": window, "document": _Document()})
        get = lambda: {"link": {"view": {"mode": "replay"}}}   # noqa: E731
        fx.run(embed.run({"do": "link_turn", "k": 2}, None, None, get))
        assert window.location.hash.startswith("#g1.OLD&t=2")
        window.location.hash = "#g1.NEW&mode=replay"          # pasted by the player
        fx.run(embed.run({"do": "link_turn", "k": 3}, None, None, get))
        assert window.location.hash == "#g1.NEW&mode=replay"
        embed.W["hash"] = "g1.NEW&mode=replay"                # once the page shows the new game
        fx.run(embed.run({"do": "link_turn", "k": 1}, None, None, get))
        assert window.location.hash.startswith("#g1.NEW&t=1")
    finally:
        embed.W.clear()
        embed.W.update(saved)
