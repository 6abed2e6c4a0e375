"""An on-line tournament in real Chromium (issue 43): a director with four players
pairs round 1 on club.html; each pairing's invitation is played by link between two
fresh browser contexts (one a 360x640 phone), each player taking the oath before
their first move and attesting it after the last, under the tournament's clock. Both
devices send the result to the director ("Send the result to the director"); the
club page records each game as started from the pairing, with both players' oath
(the standings link shows both marks too), and a game claiming another pairing is
refused with its reason. The scrutiny table
then shows each player's figures beside the field's."""

from __future__ import annotations

import json
from pathlib import Path

import browserkit as kit
from engine.records import link
from test_club_page import act, boot, pairings, settle
from test_play_by_link import by_link, fresh_page

T = kit.TIMEOUT_MS
RULES = "classic,clock=900,clockrule=timesup"
NAMES = ["Ann", "Bob", "Cy", "Dev"]
SHOTS = Path("/tmp/shots")


def oath(page, which: str) -> None:
    """Take the oath (before) or attest it (after): the game by link then carries it."""
    n = {"before": 1, "after": 2}[which]
    page.locator(f"#sharebox [data-share='oath_{which}']").click()
    page.wait_for_function(
        "n => { const g = JSON.parse(localStorage.getItem('wlc.bylink') || '{\"games\":[]}').games[0];"
        " return g && (g.spec.oath || '').split('').some(d => +d === n); }", arg=n, timeout=T)
    kit.wait_idle(page)


shared_url = kit.share_link


def open_link(page, url: str, actions: int) -> None:
    """The friend's link opened in this device's tab (a fresh tab the first time)."""
    page.goto(url)
    page.wait_for_function(
        "n => { const g = JSON.parse(localStorage.getItem('wlc.bylink') || '{\"games\":[]}').games[0];"
        " return g && g.spec.actions.length === n; }", arg=actions, timeout=T)
    kit.wait_idle(page)


def play_pairing(first_ctx, second_ctx, invitation: str) -> tuple[list[str], list]:
    """The invitation played to its end by six passes, each device on its own: (the two
    result links, the page errors)."""
    first, e1 = fresh_page(first_ctx, invitation)
    assert first.locator("#sharebox [data-share='oath_before']").is_visible()
    assert by_link(first)[0]["me"] == 0 and by_link(first)[0]["spec"]["event"]["round"] == 1
    oath(first, "before")
    first.reload(wait_until="domcontentloaded")     # a reload keeps the oath: the address bar carries it
    first.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
    kit.wait_idle(first)
    assert by_link(first)[0]["spec"]["oath"] == "10" and link.decode(first.url)["oath"] == "10"
    assert not first.locator("#sharebox [data-share='oath_before']").count()
    pages, url, second, e2 = [first, None], "", None, []
    for n in range(6):
        page = pages[n % 2]
        if page is None:
            second, e2 = fresh_page(second_ctx, url)
            pages[1] = page = second
            assert by_link(second)[0]["me"] == 1
            SHOTS.mkdir(exist_ok=True)
            second.screenshot(path=str(SHOTS / f"club-online-oath-{second.viewport_size['width']}.png"))
            oath(second, "before")
        elif n:
            open_link(page, url, n)
        page.get_by_role("button", name="Pass", exact=True).click()
        page.wait_for_function(
            "n => JSON.parse(localStorage.getItem('wlc.bylink')).games[0].spec.actions.length > n", arg=n, timeout=T)
        kit.wait_idle(page)
        if n < 5:
            url = shared_url(page, "send")
    assert by_link(second)[0]["over"]
    # the last mover attests, sends the final game to the friend and the result to the director
    oath(second, "after")
    assert "before and after the game" in second.inner_text("#sharebox .tour-oath")
    assert not second.locator("#sharebox [data-share='oath_after']").count()
    final = shared_url(second, "send_final")
    results = [shared_url(second, "to_director")]
    open_link(first, final, 6)
    assert by_link(first)[0]["over"]
    oath(first, "after")
    results.append(shared_url(first, "to_director"))
    # the friend's final link opened again: it was sent before this device's oath, which stays
    again, e3 = fresh_page(first_ctx, final)
    again.wait_for_function("f => location.href !== f", arg=final, timeout=T)   # opened again with both oaths
    kit.wait_idle(again)
    assert link.decode(again.url)["oath"] == "22" and by_link(again)[0]["spec"]["oath"] == "22"
    again.close()
    assert all("/club.html#g6." in r for r in results)
    return results, e1 + e2 + e3


def test_pairings_played_by_link_with_the_oath_come_back_as_results(browser, site_url):
    director = browser.new_context(viewport={"width": 1280, "height": 900})
    contexts = [browser.new_context(viewport=v) for v in ({"width": 1280, "height": 800}, {"width": 360, "height": 640},
                                                         {"width": 1024, "height": 768}, {"width": 1280, "height": 800})]
    for ctx in contexts:
        ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    errors = []
    try:
        page = director.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        boot(page, site_url + "club.html")
        page.fill("#cl-name", "Online night")
        page.fill("#cl-rules", RULES)
        page.fill("#cl-players", "\n".join(NAMES))
        act(page, "[data-act=new]")
        act(page, "[data-act=pair]")
        games = pairings(page, 1)
        assert len(games) == 2
        invites = {}
        for number, a, b in games:
            page.click(f"#cl-round-1 tr[data-game='{number}'] summary:has-text('Invitation')")
            invites[number] = page.input_value(f"#cl-1-{number}-invite")
            spec = link.decode(invites[number])
            assert spec["rules"] == RULES and [s["name"] for s in spec["seats"]] == [a, b]
            assert spec["event"]["round"] == 1 and spec["event"]["game"] == number
        round_link = page.input_value("#cl-round-1-link")

        # the round link, read-only, lists every pairing with its invitation
        reader = contexts[2].new_page()
        boot_round = reader.goto(round_link, wait_until="domcontentloaded")
        assert boot_round is not None
        reader.wait_for_selector("#cl-round-invites", timeout=T)
        hrefs = reader.eval_on_selector_all("#cl-round-invites a", "els => els.map(a => a.href)")
        assert sorted(hrefs) == sorted(invites.values())
        reader.close()

        sent = {}
        for i, (number, a, b) in enumerate(games):
            results, errs = play_pairing(contexts[2 * i], contexts[2 * i + 1], invites[number])
            errors += errs
            sent[number] = results

        # the director opens the first pairing's results (each device's link) ...
        (n1, a1, b1), (n2, a2, b2) = games
        for k, url in enumerate(sent[n1]):
            before = page.inner_text("#said")
            page.goto(url)       # the same page: its hash changes, and the result is recorded
            page.wait_for_function("t => document.querySelector('#cl-msg') && "
                                   "document.querySelector('#said').innerText !== t", arg=before, timeout=T)
            settle(page)
            said = page.inner_text("#cl-msg")
            assert ("Started from the pairing" in said) if k == 0 else ("already recorded" in said), said
        # ... and pastes the second's two links at once, with a game that claims the first pairing
        spec = link.decode(sent[n2][0])
        spec["event"] = dict(spec["event"], game=n1)
        wrong = site_url + "club.html#" + link.encode(spec)
        page.click("#cl-many-box summary")
        page.fill("#cl-many", "\n".join(sent[n2] + [wrong]))
        act(page, "[data-act=many]")
        said, refused = page.inner_text("#cl-msg"), page.inner_text("#cl-err")
        assert "Link 1: Recorded: round 1" in said and "Link 2: This game is already recorded" in said, said
        assert refused.startswith("Link 3 refused:") and "another pairing's game and is not recorded" in refused
        for number, a, b in games:
            row = page.inner_text(f"#cl-round-1 tr[data-game='{number}']")
            assert "Started from the pairing (its invitation)" in row and "Flagged" not in row
            assert f"{a}: before and after the game; {b}: before and after the game" in row
            assert not page.locator(f"#cl-round-1 tr[data-game='{number}'] .cl-flag").count()
        saved = json.loads(page.evaluate("localStorage.getItem('wlc.club')"))["t"]
        recorded = [g["result"] for g in saved["paired"][0]["games"]]
        assert all(r["invited"] and r["oath"] == "22" for r in recorded)

        # the standings link: a reader sees each game's marks as the director does
        act(page, "[data-act=link_out]")
        reader = contexts[1].new_page()
        boot(reader, page.input_value("#cl-out"))
        for number, a, b in games:
            row = reader.inner_text(f"#cl-round-1 tr[data-game='{number}']")
            assert "Started from the pairing (its invitation)" in row, row
            assert f"{a}: before and after the game; {b}: before and after the game" in row, row
        reader.close()

        # the wrong pairing's game alone: refused, and nothing changes
        page.click("#cl-many-box summary")
        page.fill("#cl-many", wrong)
        act(page, "[data-act=many]")
        assert "another pairing's game" in page.inner_text("#cl-err")
        assert json.loads(page.evaluate("localStorage.getItem('wlc.club')"))["t"] == saved

        page.screenshot(path=str(SHOTS / "club-online-results.png"), full_page=True)
        # the scrutiny: each player's figures beside the field's, worked out in the worker
        act(page, "[data-act=scrutiny]")
        page.wait_for_selector("#cl-scrutiny-table tfoot .cl-field", timeout=T)
        page.wait_for_function("!document.querySelector('#cl-scrutiny-progress')", timeout=T)
        table = page.locator("#cl-scrutiny-table tbody tr")
        assert sorted(table.nth(i).get_attribute("data-player") for i in range(table.count())) == sorted(NAMES)
        for i in range(table.count()):    # six passes each game: three turns each, no best play made
            assert table.nth(i).inner_text().split("\t")[1:3] == ["3", "0%"]
        assert "never a verdict" in page.inner_text("#cl-scrutiny")
        page.locator("#cl-scrutiny").screenshot(path=str(SHOTS / "club-online-scrutiny.png"))
        assert page.inner_text("#cl-scrutiny-table tfoot").split("\t")[1] == "12"
        assert not errors, errors
    finally:
        for ctx in contexts + [director]:
            ctx.close()
