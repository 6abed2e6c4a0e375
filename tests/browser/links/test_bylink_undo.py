"""Undo in a game by link: a device takes back only its own seat's move, never the
other seat's (the other device would call the result older and the two fall out of step)."""

from __future__ import annotations

import json

import browserkit as kit
from test_play_by_link import by_link, fresh_page, native_snap, start_by_link

SEED = "by-link-1"   # Ann moves first


def test_undo_by_link_never_takes_back_the_other_seats_move(browser, site_url):
    ann_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    bob_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        ann, ann_errors = fresh_page(ann_ctx, site_url + "index.html")
        start_by_link(ann, SEED)
        assert native_snap(by_link(ann)[0]["spec"])["to_move"] == 0
        ann.get_by_role("button", name="Pass", exact=True).click()
        ann.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.bylink')).games[0].spec.actions.length == 1",
                              timeout=kit.TIMEOUT_MS)
        kit.wait_idle(ann)
        assert ann.locator("#pb-undo").is_enabled()        # Ann's own move, not yet sent
        link = kit.share_link(ann, "send")
        bob, bob_errors = fresh_page(bob_ctx, link)
        assert by_link(bob)[0]["me"] == 1 and len(by_link(bob)[0]["spec"]["actions"]) == 1
        assert bob.locator("#pb-undo").is_disabled()       # Ann's move is not Bob's to take back
        bob.locator("#pb-undo").click(force=True)
        kit.wait_idle(bob)
        assert bob.locator("#pc-yes").count() == 0
        assert len(by_link(bob)[0]["spec"]["actions"]) == 1
        assert ann_errors == [] and bob_errors == []
    finally:
        ann_ctx.close()
        bob_ctx.close()
