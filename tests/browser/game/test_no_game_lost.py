"""No game is ever lost, in real Chromium: two tabs on one game each see the other's
moves (never a silent overwrite), and New game in the middle of a game keeps it in
Past games as unfinished, from where it resumes exactly."""

from __future__ import annotations

import browserkit as kit

SPEC = {"rules": "classic", "seed": "tabs-1", "seats": kit.YOU_VS_HARD, "actions": []}


def open_page(context, url):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    return page, errors


def open_at_start(page, site_url) -> None:
    """The page on SPEC's game, saved before it opened, idle."""
    page.goto(site_url + "index.html", wait_until="domcontentloaded")
    kit.load(page, kit.saved_game(SPEC))
    kit.wait_idle(page)


def writer_tab(context, site_url):
    """Another page of the site, to write the saved game as another tab of the game
    would (the browser tells the other pages, never the writer): it lists, in
    window.heard, the number of actions of every game the others store."""
    writer = context.new_page()
    writer.goto(site_url + "pyscript.toml")
    writer.evaluate("() => { window.heard = []; addEventListener('storage', e => e.key === 'wlc.game' &&"
                    " window.heard.push(JSON.parse(e.newValue).spec.actions.length)); }")
    return writer


def wait_actions(page, n: int) -> None:
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= {n}",
                           timeout=kit.TIMEOUT_MS)


def test_two_tabs_see_each_others_moves_and_never_overwrite(browser, site_url):
    with kit.own_page(browser) as (a, errors_a):
        a.goto(site_url + "index.html", wait_until="domcontentloaded")
        kit.load(a, kit.saved_game(SPEC))
        b, errors_b = open_page(a.context, site_url + "index.html")
        assert kit.scores_shown(b) == [0, 0]
        # what the second tab writes, as the first hears it (the browser tells the others only)
        a.evaluate("() => { window.heard = []; addEventListener('storage', e => e.key === 'wlc.game' &&"
                   " window.heard.push(JSON.parse(e.newValue).spec.actions.length)); }")
        _, _, score, saved = kit.play_best(a, SPEC, actions=2)       # you, then the computer
        # the other tab is told and shows the game as it stands
        b.wait_for_function("() => (document.getElementById('notice').textContent || '').includes('another tab')",
                            timeout=kit.TIMEOUT_MS)
        kit.wait_idle(b)
        assert kit.scores_shown(b) == kit.scores_shown(a) and kit.scores_shown(b)[0] == score
        # play on in the second tab: the first follows
        assert len(saved["spec"]["actions"]) == 2
        # following, the second tab never wrote an older game (an engine answer for the game
        # one write earlier, shown and saved, would take the first tab back a move); it may
        # have stored the computer's reply itself, when it answered first (both follow the game)
        heard = a.evaluate("window.heard")
        assert all(n >= 2 for n in heard), heard
        assert kit.stored(a)["spec"]["actions"] == saved["spec"]["actions"]
        move, tiles, _ = kit.best_placement(saved["spec"])
        kit.place_by_taps(b, tiles)
        b.get_by_role("button", name="Play", exact=True).click()
        wait_actions(b, 4)
        kit.wait_idle(b)
        assert kit.stored(b)["spec"]["actions"][2] == move
        a.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= 4",
                            timeout=kit.TIMEOUT_MS)
        a.wait_for_function("n => document.querySelectorAll('#board .tile').length >= n",
                            arg=b.locator("#board .tile").count(), timeout=kit.TIMEOUT_MS)
        kit.wait_idle(a)
        assert kit.scores_shown(a) == kit.scores_shown(b)
        assert kit.stored(a)["spec"]["actions"] == kit.stored(b)["spec"]["actions"]
        assert len(kit.stored(a)["spec"]["actions"]) == 4
        # the first tab heard the second's move, never the older game (the computer's
        # reply is stored by whichever tab answers it first: both follow the game)
        heard = a.evaluate("window.heard")[len(heard):]
        assert heard and all(n >= 3 for n in heard), heard
        assert errors_a == [] and errors_b == []


def test_two_quick_writes_elsewhere_never_bring_the_older_game_back(browser, site_url):
    """Another tab stores a move and the computer's reply at once: the tab following it
    opens the first while the second arrives. The first's answer is dropped, not shown
    and saved (that would take the other tab back a move, and the computer would move twice)."""
    # as a page stores them (its spec lists the hints taken, none here)
    first = dict(SPEC, actions=["8D BaRON"], hints=[])
    second = dict(SPEC, actions=["8D BaRON", "7G HIVE"], hints=[])
    with kit.own_page(browser) as (page, errors):
        open_at_start(page, site_url)
        page.evaluate("() => { const seen = window.seenScores = []; new MutationObserver(() => seen.push("
                      "[...document.querySelectorAll('#scores .score')].map(e => e.dataset.score).join(' ')))"
                      ".observe(document.getElementById('scores'), {subtree: true, childList: true,"
                      " attributes: true, characterData: true}); }")
        writer = writer_tab(page.context, site_url)
        writer.evaluate("([one, two]) => { localStorage.setItem('wlc.game', one);"
                        " localStorage.setItem('wlc.game', two); }",
                        [kit.saved_game(first), kit.saved_game(second)])
        page.wait_for_function("() => (document.getElementById('notice').textContent || '').includes('another tab')",
                               timeout=kit.TIMEOUT_MS)
        kit.wait_idle(page)
        page.wait_for_timeout(500)        # any late answer would have been saved by now
        kit.wait_idle(page)
        assert writer.evaluate("window.heard") == []
        assert kit.stored(page)["spec"]["actions"] == second["actions"]
        assert kit.scores_shown(page) == [18, 29]
        seen = page.evaluate("window.seenScores")
        assert "18 29" in seen and "18 0" not in seen[seen.index("18 29"):], seen   # never taken back
        assert errors == []


def test_a_move_stored_elsewhere_with_the_computer_to_move_is_answered_here(browser, site_url):
    """The tab that moved was closed before the computer replied: the tab following
    plays the computer's turn once its engine holds the new game (asked before, the
    engine answered "You is not a computer player" and the page said the computer
    could not move)."""
    first = dict(SPEC, actions=["8D BaRON"], hints=[])
    with kit.own_page(browser) as (page, errors):
        open_at_start(page, site_url)
        page.evaluate("() => { const said = window.said = []; new MutationObserver(() =>"
                      " said.push(document.getElementById('message').textContent))"
                      ".observe(document.body, {subtree: true, childList: true, characterData: true}); }")
        writer = writer_tab(page.context, site_url)
        writer.evaluate("(one) => localStorage.setItem('wlc.game', one)", kit.saved_game(first))
        writer.close()
        wait_actions(page, 2)
        kit.wait_idle(page)
        assert kit.stored(page)["spec"]["actions"][0] == "8D BaRON"
        assert kit.scores_shown(page)[0] == 18 and kit.scores_shown(page)[1] > 0
        said = " ".join(page.evaluate("window.said"))
        assert "Computer played" in said and "could not" not in said, said
        assert errors == []


def test_new_game_mid_game_keeps_it_unfinished_and_it_resumes(browser, site_url):
    with kit.own_page(browser) as (page, errors):
        page.goto(site_url + "index.html", wait_until="domcontentloaded")
        kit.load(page, kit.saved_game(SPEC))
        _, _, _, saved = kit.play_best(page, SPEC, actions=2)
        before = saved["spec"]["actions"]
        scores = kit.scores_shown(page)
        page.get_by_role("button", name="New game").first.click()
        assert "kept in Past games" in page.inner_text("#newgame")
        page.keyboard.press("Escape")
        kit.new_game(page, "iii", "after", kit.YOU_VS_HARD)
        kit.tool(page, "past")
        row = page.locator("#panel tr[data-unfinished='1']")
        row.wait_for(timeout=kit.TIMEOUT_MS)
        assert "unfinished" in row.inner_text()
        row.get_by_role("button", name="Resume").click()
        page.wait_for_function("n => JSON.parse(localStorage.getItem('wlc.game')).spec.seed === 'tabs-1'",
                               arg=len(before), timeout=kit.TIMEOUT_MS)
        kit.wait_idle(page)
        assert kit.stored(page)["spec"]["actions"] == before
        assert kit.scores_shown(page) == scores
        # the iii game just left, unfinished? it had no move: nothing to keep, nothing lost
        kit.open_past(page)
        assert page.locator("#panel tr[data-unfinished='1']").count() == 0
        assert errors == []
