"""A fork in a game by link, and the seat notice of a friend's first link.

Three people play by link, each on a device of their own (a browser context each).
A fourth device opens Ann's link to Bob and plays Bob's seat too, so two different
"Bob" links reach Cat. Cat's device shows the second one read-only: no rack, no move,
never a hand-over; it goes back to Cat's own game, which plays on, is kept in Games
by link (a reload loses nothing) and is continued by the next proper link.

A friend opening a game by link for the first time is told which seat they play,
and on a phone the notice never covers the board (nor pushes Play off the screen)."""

from __future__ import annotations

import json

import pytest

import browserkit as kit
from test_play_by_link import by_link, fresh_page, native_snap

RULES = "classic"
SEATS = [{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cat")]
HANDOVER_WORDS = ("Pass the device", "show their rack", "I am Ann")
SHOTS = "/tmp/shots/"


def start_game(page, seed: str) -> dict:
    """Ann's New game: Bob and Cat are friends by link."""
    page.get_by_role("button", name="New game").first.click()
    form = page.locator("#ng-form")
    form.locator(f"input[name='preset'][value='{RULES}']").check()
    form.locator("input[name='seat2-on']").check()
    for i, (name, kind) in enumerate((("Ann", "human"), ("Bob", "friend"), ("Cat", "friend"))):
        form.locator(f"input[name='seat{i}-name']").fill(name)
        form.locator(f"select[name='seat{i}-kind']").select_option(kind)
    form.locator("#ng-seed").fill(seed)
    form.get_by_role("button", name="Start the game").click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.bylink') || '{\"games\":[]}').games.length",
                           timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    return by_link(page)[0]["spec"]


def wait_actions(page, n: int) -> dict:
    """Until this device's game by link holds ``n`` actions: its entry."""
    page.wait_for_function(
        "n => { const g = JSON.parse(localStorage.getItem('wlc.bylink') || '{\"games\":[]}').games[0];"
        " return g && g.spec.actions.length == n; }", arg=n, timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    return by_link(page)[0]


def move(page, spec: dict, play: bool) -> dict:
    """The best play (or a pass) on this device's turn: the entry kept after it."""
    if play:
        _, tiles, _ = kit.best_placement(spec)
        kit.place_by_taps(page, tiles)
        page.get_by_role("button", name="Play", exact=True).click()
    else:
        page.get_by_role("button", name="Pass", exact=True).click()
    return wait_actions(page, len(spec["actions"]) + 1)


def send(page) -> str:
    return kit.share_link(page, "send")


def no_handover(page) -> None:
    text = page.inner_text("body")
    assert not [w for w in HANDOVER_WORDS if w in text], text
    assert page.locator("#handover:not([hidden])").count() == 0


def own_rack(page, spec: dict, seat: int) -> None:
    """The rack shown is ``seat``'s own (as the engine deals it), never another's."""
    assert sorted(kit.rack_letters(page)) == sorted(native_snap(spec)["racks"][seat])


def test_a_forked_link_is_shown_read_only_and_the_own_game_plays_on(browser, site_url):
    seed, _ = kit.seed_with(RULES, SEATS, lambda snap: snap["to_move"] == 0)
    ctxs = {name: browser.new_context(viewport=size) for name, size in (
        ("ann", {"width": 1280, "height": 800}), ("bob", {"width": 1280, "height": 800}),
        ("dan", {"width": 1280, "height": 800}), ("cat", {"width": 375, "height": 667}))}
    for ctx in ctxs.values():
        ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    errors = []

    def open_on(name, url):
        page, e = fresh_page(ctxs[name], url)
        errors.append(e)
        return page

    def open_read_only(name, url):
        """A link shown read-only is a replay ("busy" replaying for as long as it is shown)."""
        page = ctxs[name].new_page()
        e = []
        page.on("pageerror", lambda x: e.append(str(x)))
        errors.append(e)
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_selector("body[data-busy='replay'] #replaybar [data-fork]", timeout=kit.TIMEOUT_MS)
        page.wait_for_function("() => !document.body.dataset.saving && document.querySelector('.rp-pos')",
                               timeout=kit.TIMEOUT_MS)
        return page

    try:
        ann = open_on("ann", site_url + "index.html")
        spec = start_game(ann, seed)
        assert [x["name"] for x in spec["seats"]] == ["Ann", "Bob", "Cat"]
        spec = move(ann, spec, play=True)["spec"]
        to_bob = send(ann)
        ann.close()
        # the fourth device plays Bob's seat from Ann's link (its own move), and so does Bob
        dan = open_on("dan", to_bob)
        dan_spec = move(dan, spec, play=True)["spec"]
        dan_link = send(dan)
        dan.close()
        bob = open_on("bob", to_bob)
        bob_spec = move(bob, spec, play=False)["spec"]
        bob_link = send(bob)
        bob.close()
        assert dan_spec["actions"][:1] == bob_spec["actions"][:1] and dan_spec["actions"] != bob_spec["actions"]

        # Cat, on a phone, opens Bob's link first: told the seat, Cat's own rack
        cat = open_on("cat", bob_link)
        assert "You play Cat's seat" in cat.inner_text("#sharebox")
        own_rack(cat, bob_spec, 2)
        assert by_link(cat)[0]["spec"]["actions"] == bob_spec["actions"]
        cat.close()

        # ... then the other "Bob" link: read-only, nothing of anyone's rack, no move
        cat = open_read_only("cat", dan_link)
        fork = cat.locator("#replaybar [data-fork]")
        note = fork.inner_text().lower()
        assert "read-only" in note and "from move 2" in note and "games by link" in note
        assert kit.rack_letters(cat) == []
        assert cat.locator("#rp-review-link").count() == 0   # a review would show the other racks
        for name in ("Play", "Pass", "Exchange"):
            assert cat.locator("#btn-" + name).is_disabled()
        no_handover(cat)
        cat.screenshot(path=SHOTS + "fork-readonly.png", full_page=True)
        cat.locator("#btn-Pass").click(force=True)
        cat.wait_for_timeout(300)
        no_handover(cat)
        games = by_link(cat)
        assert len(games) == 1 and games[0]["spec"]["actions"] == bob_spec["actions"]   # kept unchanged
        cat.reload(wait_until="domcontentloaded")   # a reload shows the link read-only again
        cat.wait_for_selector("body[data-busy='replay'] #replaybar [data-fork]", timeout=kit.TIMEOUT_MS)
        assert kit.rack_letters(cat) == [] and cat.locator("#btn-Pass").is_disabled()
        no_handover(cat)

        # back to Cat's own game: Cat's rack, Cat plays, no hand-over, the move kept
        fork.get_by_role("button", name="Back to your game").click()
        cat.wait_for_function("() => !document.querySelector('#replaybar [data-fork]')", timeout=kit.TIMEOUT_MS)
        kit.wait_idle(cat)
        own_rack(cat, bob_spec, 2)
        assert not cat.locator("#btn-Pass").is_disabled()
        cat_spec = move(cat, bob_spec, play=True)["spec"]
        assert cat_spec["actions"][:2] == bob_spec["actions"]
        no_handover(cat)
        own_rack(cat, cat_spec, 2)
        assert "Send to Ann" in cat.inner_text("#sharebox")
        cat.screenshot(path=SHOTS + "fork-own-game.png", full_page=True)
        to_ann = send(cat)
        cat.reload(wait_until="domcontentloaded")
        cat.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
        kit.wait_idle(cat)
        games = by_link(cat)
        assert len(games) == 1 and games[0]["spec"]["actions"] == cat_spec["actions"] and games[0]["me"] == 2
        own_rack(cat, cat_spec, 2)
        no_handover(cat)
        kit.open_past(cat)
        assert "Games by link" in cat.inner_text("#panel")
        cat.close()

        # the regular next links continue Cat's game: Ann, Bob, then Cat plays again
        ann = open_on("ann", to_ann)
        assert by_link(ann)[0]["spec"]["actions"] == cat_spec["actions"]
        spec = move(ann, cat_spec, play=False)["spec"]
        to_bob = send(ann)
        ann.close()
        bob = open_on("bob", to_bob)
        assert by_link(bob)[0]["spec"]["actions"] == spec["actions"]
        spec = move(bob, spec, play=False)["spec"]
        to_cat = send(bob)
        bob.close()
        cat = open_on("cat", to_cat)
        assert not cat.locator("#replaybar [data-fork]").count()
        assert "you play Cat's seat" in cat.inner_text("#sharebox")
        assert by_link(cat)[0]["spec"]["actions"] == spec["actions"]
        own_rack(cat, spec, 2)
        no_handover(cat)
        spec = move(cat, spec, play=True)["spec"]
        assert len(spec["actions"]) == 6 and len(by_link(cat)) == 1
        no_handover(cat)
        sent = cat.inner_text("#sharebox")
        assert "Send to Ann" in sent and sent.count("not secret") == 1   # the note from opening is gone
        cat.screenshot(path=SHOTS + "fork-continued.png", full_page=True)
        assert all(not e for e in errors), errors
    finally:
        for ctx in ctxs.values():
            ctx.close()


def _overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


@pytest.mark.parametrize("rules,width,height,saved", [("classic", 360, 640, False), ("iii", 360, 640, False),
                                                      ("classic", 375, 667, False), ("iii", 375, 667, False),
                                                      ("classic", 360, 640, True)])
def test_a_friend_is_told_their_seat_and_the_notice_never_covers_the_board(browser, site_url, rules, width, height,
                                                                           saved):
    """``saved``: the friend has a game of their own saved on this phone (the note then
    offers to go back to it too)."""
    s = kit.native()
    s.open(json.dumps({"rules": rules, "seed": "seat-1", "seats": SEATS, "actions": []}))
    snap = json.loads(s.act("-"))
    seat = snap["to_move"]
    name = SEATS[seat]["name"]
    link = s.link(-1)
    context = browser.new_context(viewport={"width": width, "height": height})
    if saved:
        own = kit.saved_game({"rules": "classic", "seed": "12", "seats": kit.YOU_VS_HARD, "actions": []})
        context.add_init_script("if (!localStorage.getItem('wlc.game')) localStorage.setItem('wlc.game', "
                                + json.dumps(own) + ");")
    try:
        page, errors = fresh_page(context, site_url + "index.html#" + link)
        box = page.locator("#sharebox")
        assert box.is_visible()
        assert "You play " + name + "'s seat in this game by link" in box.inner_text()
        assert "not secret" in box.inner_text()
        assert box.get_by_role("button", name="Back to your saved game").is_visible() == saved
        assert sorted(kit.rack_letters(page)) == sorted(snap["racks"][seat])
        notice, board = box.bounding_box(), page.locator("#board").bounding_box()
        assert not _overlap(notice, board), (notice, board)
        top_row = page.locator("#board [data-square='A1']").bounding_box()
        assert top_row["y"] >= notice["y"] + notice["height"]
        # what the friend needs to play stays on the screen, without scrolling
        for sel in ("#rack", "#btn-Play"):
            b = page.locator(sel).bounding_box()
            assert b["y"] + b["height"] <= height, (sel, b)
        size = 21 if rules == "iii" else 15
        page.screenshot(path=SHOTS + "seat-notice-%dx%d-%d%s.png" % (size, size, width, "-saved" if saved else ""))
        box.get_by_role("button", name="Close").click()
        assert box.is_hidden()
        assert errors == []
    finally:
        context.close()
