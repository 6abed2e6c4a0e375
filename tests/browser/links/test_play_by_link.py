"""Play by link between two devices: two browser contexts (two people, nothing shared
but the links they send each other) play a whole game. Ann starts it with Bob as "a
friend, by link"; each sends the link after their move and the other opens it,
closing and reopening their tab in between. No move is lost, each screen shows only
its own player's rack, and both keep the game in "Games by link"."""

from __future__ import annotations

import json

import browserkit as kit

SEED = "by-link-1"


def fresh_page(context, url: str):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=kit.TIMEOUT_MS)
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    return page, errors


def start_by_link(page, seed: str) -> None:
    """Ann (here) against Bob ("A friend, by link"), classic, through New game; until the
    game is kept in Games by link."""
    page.get_by_role("button", name="New game").first.click()
    form = page.locator("#ng-form")
    form.locator("input[name='preset'][value='classic']").check()
    form.locator("input[name='seat0-name']").fill("Ann")
    form.locator("select[name='seat0-kind']").select_option("human")
    form.locator("input[name='seat1-name']").fill("Bob")
    form.locator("select[name='seat1-kind']").select_option("friend")
    form.locator("#ng-seed").fill(seed)
    form.get_by_role("button", name="Start the game").click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.bylink') || '{\"games\":[]}').games.length",
                           timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)


def by_link(page) -> list[dict]:
    return json.loads(page.evaluate("localStorage.getItem('wlc.bylink') || '{\"games\": []}'"))["games"]


def native_snap(spec: dict) -> dict:
    return json.loads(kit.native().open(json.dumps(spec)))


def check_only_own_rack(page, spec: dict, me: int) -> None:
    snap = native_snap(spec)
    assert sorted(kit.rack_letters(page)) == sorted(snap["racks"][me])
    assert page.locator("#handover:not([hidden])").count() == 0


def move_and_send(page, spec: dict, me: int) -> tuple[str, dict]:
    """The best play (or a pass once the game should end), then Send: (link, new spec)."""
    before = len(spec["actions"])
    if before < 4:
        _, tiles, _ = kit.best_placement(spec)
        kit.place_by_taps(page, tiles)
        page.get_by_role("button", name="Play", exact=True).click()
    else:
        page.get_by_role("button", name="Pass", exact=True).click()
    page.wait_for_function(
        "n => { const g = JSON.parse(localStorage.getItem('wlc.bylink') || '{\"games\":[]}').games[0];"
        " return g && g.spec.actions.length > n; }", arg=before, timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    entry = by_link(page)[0]
    assert entry["me"] == me
    spec = entry["spec"]
    if entry["over"]:
        return "", spec
    check_only_own_rack(page, spec, me)
    return kit.share_link(page, "send"), spec


def test_two_devices_play_a_whole_game_by_link(browser, site_url):
    ann_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    bob_ctx = browser.new_context(viewport={"width": 375, "height": 667})
    for ctx in (ann_ctx, bob_ctx):
        ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    errors = []
    try:
        ann, e = fresh_page(ann_ctx, site_url + "index.html")
        errors.append(e)
        start_by_link(ann, SEED)
        spec = by_link(ann)[0]["spec"]
        assert spec["seed"] == SEED and [x["kind"] for x in spec["seats"]] == ["human", "human"]
        first = native_snap(spec)["to_move"]
        seats = {first: (ann, ann_ctx), 1 - first: (None, bob_ctx)}
        mover = first
        link = ""
        for _ in range(20):
            page, ctx = seats[mover]
            if page is None:   # open the friend's link in a tab of one's own (the first time: Bob's first visit)
                page, e = fresh_page(ctx, link)
                errors.append(e)
            me = mover if mover == first else 1 - first
            assert by_link(page) and by_link(page)[0]["spec"]["actions"] == spec["actions"]   # no move lost
            link, spec = move_and_send(page, spec, me)
            if not link:
                break
            page.close()                  # each closes the tab after sending
            seats[mover] = (None, ctx)
            mover = native_snap(spec)["to_move"]
        final = native_snap(spec)
        assert final["phase"] == "over"
        # both devices keep the game, finished, with every move
        for ctx in (ann_ctx, bob_ctx):
            page, e = fresh_page(ctx, site_url + "index.html")
            errors.append(e)
            entries = by_link(page)
            if not entries[0]["over"]:   # the other side opens the last link to see the end
                page.goto(site_url + "index.html#" + kit.native().link(-1))
            kit.tool(page, "past")
            page.wait_for_selector("#pn-bylink", timeout=kit.TIMEOUT_MS)
            assert "Games by link" in page.inner_text("#panel")
            page.close()
        assert all(not e for e in errors)
    finally:
        ann_ctx.close()
        bob_ctx.close()
