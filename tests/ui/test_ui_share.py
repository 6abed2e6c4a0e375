"""ui/links/share.py and ui/links/replay.py: link options, snippets, the embed's messages, and the
link / share / replay / import handlers (runs under CPython and MicroPython)."""

import json

import ui_fixtures as fx
from ui.boot import handlers
from ui_fixtures import effects
from ui import state
from ui.links import replay
from ui.links import share, share_view

EVIL = "<img src=x onerror=alert(1)>"
step = handlers.step   # the page's events, each to its handlers (ui/boot/handlers.py)


def go(s, *events):
    for ev in events:
        s = step(s, ev)
    return s


def new(snap=None, engine="loading", hash_text="", has_saved=True, embed=False):
    s = state.initial(fx.layout(), {"rules": "classic", "seed": "t1", "seats": (snap or fx.snap())["seats"],
                                    "actions": []}, snap or fx.snap(), engine)
    return share.boot(s, hash_text, embed, has_saved)


def played(n, names=("Ann", "Bob"), kinds=("human", "human")):
    """A snapshot after ``n`` plays of two humans (turn lines with breakdowns)."""
    turns = []
    for i in range(n):
        turns.append({"player": i % 2, "kind": "play", "text": "8D WORD" + str(i), "score": 10 + i,
                      "words": ["WORD"], "invalid": [], "squares": [],
                      "breakdown": {"breakdown": [{"word": "WORD", "score": 10 + i, "multiplier": 2}],
                                    "bonus": {"big_play": 0}}})
    snap = fx.snap(kinds=kinds, to_move=n % 2, actions=["a" + str(i) for i in range(n)],
                   turns=turns, racks=("AEINRST", "EGGLOOS", "ABCDEFG")[:len(kinds)])
    for i, name in enumerate(names):
        snap["seats"][i]["name"] = name
    return snap


# ------------------------------------------------------------------ fragments


def test_options_are_read_like_the_engine_reads_them():
    opts = share.parse_options("#g1.AbC_-9&t=12&mode=replay&theme=dark&controls=0&moves=1")
    assert opts["turn"] == 12
    assert opts["view"] == {"mode": "replay", "theme": "dark", "controls": False, "moves": True}
    assert share.parse_options("g1.x&t=abc&theme=pink&zzz=1&scores")["view"] == {}
    assert share.parse_options("g1.x&t=abc")["turn"] is None
    assert share.parse_options("")["turn"] is None


def test_only_game_tags_count_as_links():
    assert share.looks_like_link("#g1.abc") and share.looks_like_link("g2.zz&t=1")
    assert share.looks_like_link("#g1")   # cut off: still a link, which the engine refuses
    for text in ("", "#", "#top", "#gx", "g", "#game-rules", "#gallery"):
        assert not share.looks_like_link(text), text
    for text in ("#G1.abc", "#gg1.abc", "#g.abc", "#g-1.abc", "#gx.abc"):  # look-alikes: the engine says why
        assert share.looks_like_link(text), text


def test_ignored_link_options_are_named():
    text = share.ignored_text(["theme=DARK", "utm_source=chat"])
    assert "theme=DARK" in text and "utm_source=chat" in text


def test_options_text_round_trips():
    view = {"theme": "light", "mode": "replay", "scores": False}
    frag = share.with_options("g1.DATA&t=3&theme=dark", 7, view)
    assert frag == "g1.DATA&t=7&mode=replay&theme=light&scores=0"
    back = share.parse_options(frag)
    assert back["turn"] == 7 and back["view"] == view
    assert share.with_options("#g1.DATA&t=3") == "g1.DATA"


def test_page_urls_and_snippet_are_escaped():
    url = share.page_url("https://x.org/games/index.html?a=1#g1.old", share.EMBED_PAGE, "g1.NEW&t=2")
    assert url == "https://x.org/games/index.html?embed=1#g1.NEW&t=2"
    snip = share.embed_snippet(url + '"><script>', "A " + EVIL)
    assert snip.startswith('<iframe src="https://x.org/games/index.html?embed=1#g1.NEW&amp;t=2&quot;&gt;&lt;script&gt;"')
    assert "<img" not in snip and "<script>" not in snip and snip.endswith("</iframe>")


def test_requests_from_the_parent_are_checked():
    ok = {"protocol": share.PROTOCOL, "v": 1}

    def req(**kw):
        d = dict(ok)
        d.update(kw)
        return share.parse_request(json.dumps(d))
    assert req(type="turn", turn=4) == ("turn", 4)
    assert req(type="turn", turn="last") == ("turn", "last")
    assert req(type="theme", theme="dark") == ("theme", "dark")
    for bad in (req(type="turn", turn=-1), req(type="turn", turn="4"), req(type="turn", turn=True),
                req(type="theme", theme="url(x)"), req(type="navigate", url="https://evil"),
                req(type="turn", turn=1, v=2), share.parse_request('{"type": "turn", "turn": 1}'),
                share.parse_request("not json"), share.parse_request(""), share.parse_request(None),
                share.parse_request("[" * 3000)):
        assert bad is None
    msg = share.message("height", height=640)
    assert msg == {"protocol": "wlc-embed", "v": 1, "type": "height", "height": 640}


# ------------------------------------------------------------------ opening a link


def test_a_link_waits_for_the_engine_then_wins_over_the_saved_game():
    s = new(hash_text="#g1.ABCD&t=2")
    assert s["link"]["status"] == "pending" and s["link"]["turn"] == 2 and s["notice"]
    s = go(s, {"t": "engine", "status": "ready"})
    assert effects(s, "open") == [] and effects(s, "open_link") == [{"do": "open_link", "fragment": "g1.ABCD&t=2"}]
    plain = go(new(), {"t": "engine", "status": "ready"})
    assert effects(plain, "open") and not effects(plain, "open_link")


def test_a_damaged_link_says_so_and_keeps_the_game_shown():
    s = go(new(hash_text="#g1.AB", engine="ready"), {"t": "engine", "status": "ready"})
    s = step(s, {"t": "link_opened", "snap": {"error": "this link is damaged (it may have been cut off)"}})
    assert s["link"]["status"] == "failed" and s["notice"] == ""
    html = share_view.box_html(s)
    assert "damaged" in html and "New game" in html and "Back to your saved game" in html
    assert effects(s, "open")[0]["spec"]["seed"] == "t1"   # the game shown goes on
    assert share.saving(s)
    first_visit = go(new(hash_text="#g1.AB", engine="ready", has_saved=False), {"t": "engine", "status": "ready"},
                     {"t": "link_opened", "snap": {"error": "this link is from a newer version of the game"}})
    html = share_view.box_html(first_visit)
    assert "newer version" in html and "New game" in html and "Back to your saved game" not in html


def test_someone_elses_link_is_not_saved_over_the_saved_game():
    s = go(new(hash_text="#g1.X", engine="ready"), {"t": "engine", "status": "ready"})
    theirs = played(3, names=(EVIL, "Bob"))
    theirs["seed"] = "other"
    theirs["link"] = {"turn": None, "view": {}}
    s = step(s, {"t": "link_opened", "snap": theirs})
    assert s["snap"] is theirs and not s["link"]["own"] and not share.saving(s)
    assert "Back to your saved game" in share_view.box_html(s)
    # play by link: the seat to move (Bob) sees his rack, with no hand-over screen
    assert s["rack_seat"] == 1 and s["handover"] == -1
    back = step(s, {"t": "back_saved"})
    assert effects(back, "back_saved") and back["box"] is None
    fresh = step(s, {"t": "new_game", "spec": {"rules": "classic"}})
    assert fresh["link"] is None and share.saving(fresh)


def test_your_own_link_is_your_saved_game():
    s = go(new(hash_text="#g1.X", engine="ready"), {"t": "engine", "status": "ready"})
    mine = fx.snap(actions=["-"])
    mine["link"] = {"turn": None, "view": {}}
    s = step(s, {"t": "link_opened", "snap": mine})
    assert s["link"]["own"] and share.saving(s) and s["box"] is None


def test_a_link_opened_where_storage_is_refused_still_says_so():
    """A framed page on another site, or storage blocked: the notice that the game
    will not be saved is not replaced by "Opening the shared game" (and then
    cleared with it); a plain link's "Opening" notice goes once the game is open."""
    from ui import store
    s = state.initial(fx.layout(), {"rules": "classic", "seed": "t1", "seats": fx.snap()["seats"],
                                    "actions": []}, fx.snap(), "ready")
    s["notice"] = store.NO_STORAGE
    s = share.boot(s, "#g1.X", False, False)
    assert s["notice"] == store.NO_STORAGE
    theirs = played(2)
    theirs["link"] = {"turn": None, "view": {}}
    assert step(s, {"t": "link_opened", "snap": theirs})["notice"] == store.NO_STORAGE
    plain = new(hash_text="#g1.X", engine="ready")
    assert plain["notice"] == share.OPENING
    assert step(plain, {"t": "link_opened", "snap": theirs})["notice"] == ""


def test_a_bad_move_in_a_link_is_named():
    s = go(new(hash_text="#g1.X", engine="ready"), {"t": "engine", "status": "ready"})
    snap = played(2)
    snap["error"] = "move 3 ('8D QXZ') is not legal here: QXZ is not a word"
    snap["link"] = {"turn": None, "view": {}}
    s = step(s, {"t": "link_opened", "snap": snap})
    assert "move 3 ('8D QXZ')" in s["message"] and "up to there" in s["message"]
    assert "8D QXZ" in share_view.box_html(s)


def test_a_link_with_a_turn_opens_the_replay_there():
    s = go(new(hash_text="#g1.X&t=1", engine="ready"), {"t": "engine", "status": "ready"})
    snap = played(3)
    snap["link"] = {"turn": 1, "view": {"mode": "replay"}}
    s = step(s, {"t": "link_opened", "snap": snap})
    assert effects(s, "at") == [{"do": "at", "k": 1}] and s["replay"]["only"]
    assert "Back to the game" not in replay.bar_html(s)


def test_the_address_bar_follows_a_shared_or_linked_game():
    s = new(engine="ready")
    s = step(s, {"t": "snapshot", "snap": played(1)})
    assert effects(s, "save") and not effects(s, "link_sync")   # never shared: a plain address
    s = step(s, {"t": "share_done", "kind": "share", "url": "u", "copied": True})
    s = step(s, {"t": "snapshot", "snap": played(2)})
    assert effects(s, "link_sync") and effects(s, "save")
    s = step(s, {"t": "new_game", "spec": {"rules": "classic"}})
    assert effects(step(s, {"t": "snapshot", "snap": played(0)}), "link_sync")   # the new game is followed too
    view = fx.snap(readonly=True)
    assert not effects(step(s, {"t": "snapshot", "snap": view}), "link_sync")
    linked = go(new(hash_text="#g1.X", engine="ready"), {"t": "engine", "status": "ready"},
                {"t": "link_opened", "snap": dict(played(1), link={"turn": None, "view": {}})})
    assert effects(step(linked, {"t": "snapshot", "snap": played(2)}), "link_sync")


# ------------------------------------------------------------------ replay


def test_replay_steps_and_clamps():
    live = played(3)
    s = new(live, engine="ready")
    s = step(s, {"t": "replay"})
    assert effects(s, "at") == [{"do": "at", "k": 0}] and s["busy"] == "replay"
    assert not state.my_turn(s)
    at0 = fx.snap(kinds=("human", "human"), at=0, total=3)
    s = step(s, {"t": "replay_snap", "snap": at0})
    assert s["snap"] is at0 and s["replay"]["at"] == 0 and s["rack"] == []
    assert effects(step(s, {"t": "replay_step", "to": "back"}), "at") == []   # already at the start
    assert effects(step(s, {"t": "replay_step", "to": "forward"}), "at") == [{"do": "at", "k": 1}]
    assert effects(step(s, {"t": "replay_step", "to": "last"}), "at") == [{"do": "at", "k": 3}]
    assert effects(step(s, {"t": "replay_step", "to": 99}), "at") == [{"do": "at", "k": 3}]
    assert effects(step(s, {"t": "key", "key": "ArrowRight"}), "at") == [{"do": "at", "k": 1}]
    assert effects(step(s, {"t": "key", "key": "End"}), "at") == [{"do": "at", "k": 3}]
    at2 = played(2)
    at2.update(at=2, total=3, events=[at2["turns"][1]])
    s = step(s, {"t": "replay_snap", "snap": at2})
    bar = replay.bar_html(s)
    assert 'data-at="2"' in bar and "8D WORD1" in bar and 'data-score="11"' in bar and '<div class="rp-words"><table class="pn-words">' in bar
    assert '<tr data-word="WORD" data-score="11">' in bar and "\u00d72</td>" in bar   # the history's breakdown
    back = step(s, {"t": "key", "key": "Escape"})
    assert back["replay"] is None and back["snap"] is live and back["busy"] == ""
    assert "".join(e["tile"] for e in back["rack"]) == live["racks"][live["to_move"]]


def test_replay_shows_names_as_text():
    live = played(1, names=(EVIL, "Bob"))
    s = step(new(live, engine="ready"), {"t": "replay"})
    at1 = dict(live)
    at1.update(at=1, total=1, events=live["turns"])
    s = step(s, {"t": "replay_snap", "snap": at1})
    bar = replay.bar_html(s)
    assert "<img" not in bar and "&lt;img src=x onerror=alert(1)&gt;" in bar
    assert EVIL in replay.step_text(s)   # announced as text (the renderer sets textContent)


def test_a_finished_game_replays_with_the_movers_racks():
    live = played(2)
    live["phase"] = "over"
    s = step(new(live, engine="ready"), {"t": "replay"})
    at1 = played(1)
    at1.update(at=1, total=2, events=at1["turns"], racks=["ABC", "XYZ"], to_move=1, rack_player=1)
    s = step(s, {"t": "replay_snap", "snap": at1})
    assert "".join(e["tile"] for e in s["rack"]) == "XYZ" and s["rack_seat"] == 1


# ------------------------------------------------------------------ share and import


def test_share_asks_for_the_link_and_shows_it_as_text():
    s = new(played(2), engine="ready")
    assert effects(step(s, {"t": "share"}), "share") == [{"do": "share", "kind": "share", "turn": -1}]
    assert effects(step(s, {"t": "embed_code"}), "share")[0]["kind"] == "embed"
    url = 'https://x.org/index.html#g1.A"><b>'
    s = step(s, {"t": "share_done", "kind": "share", "url": url, "copied": True})
    html = share_view.box_html(s)
    assert 'value="https://x.org/index.html#g1.A&quot;&gt;&lt;b&gt;"' in html and "not secret" in html
    s = step(s, {"t": "share_done", "kind": "embed", "url": url, "snippet": share.embed_snippet(url),
                 "snippet_new": "<iframe></iframe>"})
    html = share_view.box_html(s)
    assert "&lt;iframe src=" in html and "<iframe" not in html
    assert step(s, {"t": "box", "kind": ""})["box"] is None


def test_import_opens_a_game_or_a_read_only_view():
    s = new(engine="ready")
    s = step(s, {"t": "import_open"})
    assert 'id="import-text"' in share_view.box_html(s)
    assert effects(step(s, {"t": "import", "text": "  "}), "import") == []
    s = step(s, {"t": "import", "text": "#player1 a A"})
    assert effects(s, "import") == [{"do": "import", "text": "#player1 a A"}]
    bad = step(s, {"t": "imported", "snap": {"error": "line 2: not a GCG line"}})
    assert "line 2" in share_view.box_html(bad)
    view = fx.snap(readonly=True, record_turns=[{"player": EVIL, "move": "8H ZA", "score": 22}],
                   **{"import": {"kind": "record", "differences": ["line 4: 20 vs 22"]}})
    s = step(s, {"t": "imported", "snap": view})
    assert not share.saving(s) and not effects(s, "link_sync")
    html = share_view.box_html(s)
    assert "8H ZA" in html and "line 4: 20 vs 22" in html and "<img" not in html
    game = played(2)
    game["import"] = {"kind": "game"}
    s = step(s, {"t": "imported", "snap": game})
    assert share.saving(s) and effects(s, "save")


def test_an_imported_game_plays_on_against_the_computer_at_a_chosen_level():
    game = played(2)
    game["import"] = {"kind": "game"}
    s = step(step(new(engine="ready"), {"t": "import_open"}), {"t": "imported", "snap": game})
    html = share_view.box_html(s)
    assert 'data-share="vs_computer"' in html and 'id="vs-level"' in html
    assert '<option value="hard" selected>' in html
    for asked, kind in (("medium", "medium"), ("easy", "easy"), ("genius", "hard"), (None, "hard")):
        ev = {"t": "vs_computer"} if asked is None else {"t": "vs_computer", "level": asked}
        opened = effects(step(s, ev), "open")
        assert [seat["kind"] for seat in opened[0]["spec"]["seats"]] == ["human", kind], asked
        assert opened[0]["spec"]["seats"][0]["name"] == "Ann"
    view = dict(game, readonly=True)
    s = step(step(new(engine="ready"), {"t": "import_open"}), {"t": "imported", "snap": view})
    assert 'vs_computer' not in share_view.box_html(s) and not effects(step(s, {"t": "vs_computer"}), "open")


def test_a_link_pasted_into_the_open_page_opens():
    s = step(new(played(2), engine="ready"), {"t": "replay"})
    s = step(s, {"t": "hash", "hash": "#g1.NEW&t=0"})
    assert s["replay"] is None and s["busy"] == "open" and s["link"]["turn"] == 0
    assert effects(s, "open_link") == [{"do": "open_link", "fragment": "g1.NEW&t=0"}]
    assert step(new(engine="ready"), {"t": "hash", "hash": "#section"})["link"] is None
    waiting = step(new(), {"t": "hash", "hash": "#g1.NEW"})
    assert not effects(waiting, "open_link") and waiting["link"]["status"] == "pending"
    assert effects(step(waiting, {"t": "engine", "status": "ready"}), "open_link")


def test_play_by_link_offers_to_share_instead_of_passing_the_device():
    # two people and the computer: a shared link's game, not a game by link (ui/links/bylink.py)
    trio = ("human", "human", "hard")
    s = go(new(hash_text="#g1.X", engine="ready"), {"t": "engine", "status": "ready"})
    s = step(s, {"t": "link_opened", "snap": dict(played(1, (EVIL, "Bob"), trio), link={"turn": None, "view": {}})})
    assert s["rack_seat"] == 1 and s["handover"] == -1 and s["bylink"] is None
    s = step(s, {"t": "snapshot", "snap": played(2, (EVIL, "Bob"), trio)})
    assert s["handover"] == 0 and share.passing(s)
    nodes = share_view.nodes(s)
    assert nodes["sharebox"]["data-pass"] == "1" and nodes["sharebox"]["hidden"] is None
    html = nodes["sharebox"]["_html"]
    assert "send the link to &lt;img src=x" in html and 'data-share="share"' in html
    hot = step(new(played(1), engine="ready"), {"t": "snapshot", "snap": played(2)})   # hot seat, no link
    assert hot["handover"] == 0 and hot["box"] is None and share_view.nodes(hot)["sharebox"]["hidden"] == ""
    assert "<img" not in html
    shared = step(s, {"t": "share_done", "kind": "share", "url": "u", "copied": True})
    assert share_view.nodes(shared)["sharebox"]["data-pass"] == "1" and "Back to your saved game" in share_view.box_html(shared)
    closed = step(shared, {"t": "box", "kind": ""})
    assert "send the link to" in share_view.box_html(closed)   # the prompt stays until the seat is played


def test_the_status_says_replay_and_imported_view():
    from ui import view
    s = step(new(played(2), engine="ready"), {"t": "replay"})
    at1 = played(1)
    at1.update(at=1, total=2, events=at1["turns"])
    s = step(s, {"t": "replay_snap", "snap": at1})
    assert view.status_text(s) == "Replay: the game as it was after move 1."
    s = step(s, {"t": "imported", "snap": fx.snap(readonly=True, phase="view")})
    assert view.status_text(s) == "An imported record, shown as it ends."


def test_a_pasted_link_never_makes_a_friends_game_the_saved_one():
    s = go(new(hash_text="#g1.X", engine="ready"), {"t": "engine", "status": "ready"})
    theirs = dict(played(2), seed="friend", link={"turn": None, "view": {}})
    s = step(s, {"t": "link_opened", "snap": theirs})
    assert not share.saving(s)
    damaged = go(s, {"t": "hash", "hash": "#g1.BAD"}, {"t": "link_opened", "snap": {"error": "damaged"}})
    assert not share.saving(damaged) and "damaged" in share_view.box_html(damaged)
    newer = go(s, {"t": "hash", "hash": "#g1.NEWER"},
               {"t": "link_opened", "snap": dict(played(3), seed="friend", link={"turn": None, "view": {}})})
    assert not newer["link"]["own"] and not share.saving(newer)   # the same friend's game, later on


def test_embed_theme_comes_from_the_embed_options_and_the_parent():
    """Embedded, the link's theme option and the parent's requests set the theme
    (settings.page_theme applies it); the full page ignores both."""
    s = new(hash_text="#g1.AbC&theme=dark", embed=True)
    assert s["embed_theme"] == "dark"
    assert go(s, {"t": "embed_theme", "theme": "light"})["embed_theme"] == "light"
    assert go(s, {"t": "embed_theme", "theme": "url(x)"})["embed_theme"] == "dark"
    assert new(hash_text="#g1.AbC", embed=True)["embed_theme"] == ""
    full = new(hash_text="#g1.AbC&theme=dark")
    assert full["embed_theme"] == "" and go(full, {"t": "embed_theme", "theme": "dark"})["embed_theme"] == ""
