"""Secrets kept in the review (issue 36): while a game goes on, Review shows only the
turns of the seat whose rack this screen shows, never another seat's rack (hot seat: the
player at the screen; by link: this device's seat); once the game is over, everyone's.
Each test starts in a fresh browser context (no saved game but the one it stores)."""

from __future__ import annotations

import json

import browserkit as kit
from test_play_by_link import by_link, fresh_page, start_by_link
from test_review_page import short_game, wait_reviewed

T = kit.TIMEOUT_MS
ANN_BOB = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def review_rows(page) -> list[int]:
    """The turns the open review lists (settled ones and any waiting)."""
    kit.tool(page, "review")
    page.wait_for_selector("#panel [data-panel='review']", timeout=T)
    page.wait_for_selector("#pn-rv-status[data-running='0'], #panel .rv-none", state="attached", timeout=3 * T)
    if page.locator("#panel .rv-none").count() == 0:
        wait_reviewed(page)
    return [int(t) for t in page.eval_on_selector_all(".rv-turns > li", "els => els.map(e => e.dataset.turn)")]


def players_of(spec: dict) -> dict[int, int]:
    """{score-sheet line: seat} of the game, from the native engine."""
    snap = json.loads(kit.native().open(json.dumps(spec)))
    return {i: t["player"] for i, t in enumerate(snap["turns"])}


def test_hot_seat_review_mid_game_shows_only_the_player_at_the_screen_then_everyone(browser, site_url):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page, errors = fresh_page(ctx, site_url + "index.html")
        hot_seat(page)
        assert errors == []
    finally:
        ctx.close()


def hot_seat(page):
    mid = dict(short_game("classic", "secret-1", plays=4, finish=False), seats=ANN_BOB)
    snap = json.loads(kit.native().open(json.dumps(mid)))
    me, racks = snap["to_move"], snap["racks"]
    kit.load(page, kit.saved_game(mid))
    turns = review_rows(page)
    who = players_of(mid)
    assert turns and {who[t] for t in turns} == {me}                   # only the player at the screen
    panel = page.inner_text("#panel")
    assert page.locator("#panel .rv-secret").count() == 1 and page.locator("#panel .rv-seats").count() == 0
    other = [t for t in snap["turns"] if t["player"] != me]
    assert other and not any(("rack " + t.get("rack", "")) in panel for t in other if t.get("rack"))
    assert racks[1 - me] not in panel
    # the finished game: everyone's turns, and the seat buttons
    done = dict(short_game("classic", "secret-1", plays=4, finish=True), seats=ANN_BOB)
    kit.load(page, kit.saved_game(done))
    turns = review_rows(page)
    assert {players_of(done)[t] for t in turns} == {0, 1}
    assert page.locator("#panel .rv-seats").count() == 1 and page.locator("#panel .rv-secret").count() == 0


def test_by_link_review_on_the_friends_device_never_shows_the_first_players_rack(browser, site_url):
    seed, opening = kit.seed_with("classic", ANN_BOB,
                                  lambda snap: snap["to_move"] == 0)
    ann_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    bob_ctx = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        ann, errors = fresh_page(ann_ctx, site_url + "index.html")
        start_by_link(ann, seed)
        spec = by_link(ann)[0]["spec"]
        _, tiles, _ = kit.best_placement(spec)
        kit.place_by_taps(ann, tiles)
        ann.get_by_role("button", name="Play", exact=True).click()
        ann.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.bylink')).games[0].spec.actions.length",
                              timeout=T)
        kit.wait_idle(ann)
        assert {players_of(by_link(ann)[0]["spec"])[t] for t in review_rows(ann)} <= {0}
        kit.tool(ann, "review")        # (closes the panel)
        link = kit.share_link(ann, "send")
        bob, bob_errors = fresh_page(bob_ctx, link)
        spec = by_link(bob)[0]["spec"]
        if len(spec["actions"]) < 2:             # Bob plays too, then looks back
            _, tiles, _ = kit.best_placement(spec)
            kit.place_by_taps(bob, tiles)
            bob.get_by_role("button", name="Play", exact=True).click()
            bob.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.bylink')).games[0].spec.actions.length > 1",
                                  timeout=T)
            kit.wait_idle(bob)
        turns = review_rows(bob)
        who = players_of(by_link(bob)[0]["spec"])
        assert all(who[t] == 1 for t in turns)                  # Ann's turn 1 (and her rack) is not listed
        panel = bob.inner_text("#panel")
        assert opening["racks"][0] not in panel and bob.locator("#panel .rv-secret").count() == 1
        assert errors == [] and bob_errors == []
    finally:
        ann_ctx.close()
        bob_ctx.close()
