"""The table page at 360x640 with touch, what players met in round 2 (issue 40): a
typed pass left unconfirmed, then a typed play, Confirm: the play is what goes in;
a name with an emoji kept whole (seat, sheet, record, link) with no false "Another
tab" refusal; a word spelled through a tile of the board; the final round, the word
judgment, duplicate names and the four-player limit on the start form."""

from __future__ import annotations

import json

import browserkit as kit
from engine.table import face
from test_table_page import PHONE, T, boot, native, racks_left, said, saved, scores, settle, start, type_entry, wait_entries


def touch_page(browser):
    """(page, page errors): a phone, 360x640 with touch, in a context of its own."""
    return kit.own_page(browser, viewport=PHONE, has_touch=True, is_mobile=True)


def tap(page, selector: str) -> None:
    page.tap(selector)
    settle(page)


def test_confirm_enters_what_the_page_shows_after_a_typed_pass(browser, site_url):
    with touch_page(browser) as (page, errors):
        boot(page, site_url + "table.html")
        start(page, ["Ann", "Bob"])
        type_entry(page, "-")
        assert "Press Confirm to enter" in said(page)
        type_entry(page, "8D ZEBRAS")                      # not confirmed: the pass goes
        assert page.input_value("#tb-typed-text") == "8D ZEBRAS"
        tap(page, "#tb-confirm")
        wait_entries(page, 1)
        assert saved(page)["state"]["actions"] == ["8D ZEBRAS"] and "Ann played ZEBRAS" in said(page)
        assert page.input_value("#tb-typed-text") == ""      # the box is ready for the next entry
        type_entry(page, "challenge")                      # a typed challenge left, then a play by taps
        page.tap("#sq-H7")
        for ch in "QI":
            page.tap(f"#pk-{ch}")
        page.wait_for_selector("#preview [data-legal]", timeout=T)
        assert page.locator("[data-typed]").count() == 0
        tap(page, "#tb-confirm")
        page.wait_for_function("document.body.dataset.busy !== '1'", timeout=T)
        assert not any(a.startswith("challenge") for a in saved(page)["state"]["actions"])
        assert errors == []


def test_a_name_with_an_emoji_is_kept_whole(browser, site_url):
    fox = "Zoe \U0001F98A"
    with touch_page(browser) as (page, errors):
        boot(page, site_url + "table.html")
        start(page, [fox, "Bob"])
        assert page.inner_text("#tb-seat-0 .tb-name") == fox
        type_entry(page, "8H ZEBRAS")
        tap(page, "#tb-confirm")
        wait_entries(page, 1)                              # kept: no "Another tab entered a turn first"
        assert "Another tab" not in said(page) and said(page).startswith(fox + " played ZEBRAS")
        assert fox in page.inner_text("#tb-sheet") and saved(page)["state"]["names"][0] == fox
        tap(page, "[data-act='gcg']")
        assert f"#player1 Zoe_\U0001F98A {fox}" in page.input_value("#tb-gcg")
        tap(page, "[data-act='share']")
        link = page.input_value("#tb-link")
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
        settle(page)
        assert page.inner_text("#tb-seat-0 .tb-name") == fox
        with touch_page(browser) as (other, other_errors):
            boot(other, link)
            assert other.inner_text("#tb-seat-0 .tb-name") == fox and other_errors == []
        assert errors == []


def test_a_word_spelled_through_a_covered_square(browser, site_url):
    """After 8D ZEBRAS: E7, down, then B, E, T is BET on E7-E9 (it was E7 BEET)."""
    with touch_page(browser) as (page, errors):
        boot(page, site_url + "table.html")
        start(page, ["Ann", "Bob"])
        type_entry(page, "8D ZEBRAS")
        tap(page, "#tb-confirm")
        wait_entries(page, 1)
        state = saved(page)["state"]
        page.tap("#sq-E7")
        page.tap("#sq-E7")                                  # twice: down
        for ch in "BET":
            page.tap(f"#pk-{ch}")
        page.wait_for_selector("#preview [data-legal='1']", timeout=T)
        placed = page.eval_on_selector_all("#board .cell.placed", "els => els.map(e => e.id)")
        assert sorted(placed) == ["sq-E7", "sq-E9"], placed
        want = native(face.table_preview, json.dumps(state), "E7 BET")["score"]
        assert int(page.get_attribute("#preview [data-legal='1']", "data-score")) == want
        tap(page, "#tb-confirm")
        wait_entries(page, 2)
        assert saved(page)["state"]["actions"][-1] == "E7 BET" and scores(page)[1] == want
        assert errors == []


def test_the_start_form_final_round_judgment_and_names(browser, site_url):
    with touch_page(browser) as (page, errors):
        boot(page, site_url + "table.html")
        page.wait_for_selector("#tb-new", timeout=T)
        assert "Four is the most" in page.inner_text("#tb-new")
        page.fill("#tb-name0", "Ann")
        page.fill("#tb-name1", " ann ")                    # the same name, case and spaces aside
        page.get_by_role("button", name="Start the game").tap()
        settle(page)
        assert "Two players are called Ann" in page.inner_text("#tb-notice")
        assert page.evaluate("document.body.dataset.screen") == "start"
        page.fill("#tb-name1", "Bob")
        page.fill("#tb-name2", "Cy")
        page.check("#tb-final")
        page.get_by_role("button", name="Start the game").tap()
        settle(page)
        assert "final round is for two players" in page.inner_text("#tb-notice")
        page.fill("#tb-name2", "")
        page.check("input[name='tb-preset'][value='iii']")
        page.select_option("#tb-judge", "free")
        page.get_by_role("button", name="Start the game").tap()
        page.wait_for_selector("#tb-game:not([hidden]) #board [data-square]", timeout=T)
        settle(page)
        rules = saved(page)["state"]["rules"]
        assert native(face.table_state, json.dumps(saved(page)["state"]))["rules"] == rules
        assert "final=1" in rules and "judge=free" in rules, rules
        # passes to the end, the racks, then the final round (Ann finds with Bob's tiles)
        n = 0
        while page.evaluate("document.body.dataset.phase") == "play":
            tap(page, "#tb-pass")
            n += 1
            wait_entries(page, n)
        for i, rack in enumerate(racks_left(saved(page)["state"])):
            page.fill(f"#tb-left{i}", rack)
        tap(page, "[data-act='racks']")
        page.wait_for_function("document.body.dataset.phase === 'final'", timeout=T)
        assert "final round" in page.inner_text("#tb-status")
        assert errors == []


def test_the_word_judge_and_the_72_on_the_table_page(browser, site_url):
    """The game page's judge (ui/words/): during a game it answers for the board's
    words and the 72 only; the 72 are listed, each opening its meaning."""
    with touch_page(browser) as (page, errors):
        boot(page, site_url + "table.html")
        start(page, ["Ann", "Bob"])
        type_entry(page, "8H ZEBRAS")
        tap(page, "#tb-confirm")
        wait_entries(page, 1)
        page.locator("#tb-72 summary").tap()
        words = page.eval_on_selector_all("#tb-72 .wordlink", "els => els.map(e => e.dataset.word)")
        assert len(words) == 72 and "QI" not in words and {"AA", "ZA"}.isdisjoint(words) and "XI" in words
        page.locator("#tb-72 .wordlink[data-word='XI']").tap()
        page.wait_for_selector("#words[open] .wd-entry[data-entry='XI']", timeout=T)
        page.wait_for_function("!document.getElementById('words').hasAttribute('data-busy')", timeout=T)
        entry = page.inner_text("#words .wd-entry[data-entry='XI']")
        assert "One of the 72 two-letter words: yes" in entry
        has_meanings = (kit.ROOT / "wordlists" / "meanings.bin").exists()
        assert (page.locator("#words .wd-defs li").count() > 0) == has_meanings
        page.tap("#wd-close")
        # the judge: ZEBRAS (on the board) and OX (one of the 72) answered; QUIZ refused during the game
        page.locator("#tb-judge").tap()
        page.wait_for_selector("#words[open] #wd-input", timeout=T)
        assert "during a game" in page.inner_text("#wd-mode").lower() or "game is in progress" in page.inner_text("#wd-mode")
        page.fill("#wd-input", "zebras ox quiz")
        page.tap("#wd-go")
        page.wait_for_selector("#words .wd-entry[data-entry='OX'] .wd-lists", timeout=T)
        assert "may still be challenged" in page.inner_text("#words .wd-entry[data-entry='ZEBRAS']")
        assert "not on the board" in page.inner_text("#words .wd-entry[data-entry='QUIZ']")
        page.tap("#wd-close")
        tap(page, "#tb-pass")                              # Bob passes: ZEBRAS is judged now
        wait_entries(page, 2)
        page.locator("#tb-judge").tap()
        page.fill("#wd-input", "zebras")
        page.tap("#wd-go")
        page.wait_for_selector("#words .wd-entry[data-entry='ZEBRAS'] .wd-lists", timeout=T)
        assert "Main list: yes" in page.inner_text("#words .wd-entry[data-entry='ZEBRAS']")
        page.tap("#wd-close")
        assert not page.evaluate("document.getElementById('words').open")
        assert errors == []


def boxes(page, ids) -> dict:
    return page.evaluate("ids => Object.fromEntries(ids.map(id => { const r = document.getElementById(id)"
                         ".getBoundingClientRect(); return [id, [r.left, r.top, r.right, r.bottom]]; }))", ids)


def test_the_first_screen_upright_and_sideways_and_the_scoreboard(browser, site_url):
    """At 360x640 the bar, the board, the pad, the players and Pass, Exchange and
    Challenge are on one screen, a long message whole; at 640x360 the board and the pad
    side by side. The scoreboard: scores large enough to read across a table, the far
    half turned to face the other player, a tap on a half hands that clock on."""
    with touch_page(browser) as (page, errors):
        boot(page, site_url + "table.html")
        start(page, ["Ann", "Bob"], minutes="10")
        type_entry(page, "8H ZEBRAS")
        tap(page, "#tb-confirm")
        wait_entries(page, 1)
        tap(page, "#tb-challenge")                          # a long message: the challenge and what it cost
        wait_entries(page, 2)
        page.evaluate("window.scrollTo(0, 0)")
        ids = ["tb-bar", "board", "tb-pad", "tb-seats", "tb-pass", "tb-exchange", "tb-challenge", "tb-said"]
        b = boxes(page, ids)
        assert all(0 <= b[i][1] and b[i][3] <= 640 and b[i][2] <= 360 for i in ids), b
        assert all(b[a][3] <= b[c][1] + 0.5 for a, c in zip(ids, ids[1:5])), b       # one under the other
        said_box = page.evaluate("(() => { const e = document.querySelector('.tb-bartext'); "
                                 "return [e.scrollHeight, e.clientHeight]; })()")
        assert "Challenge failed" in said(page) and said_box[0] <= said_box[1] + 1, said_box   # not cut off
        assert page.evaluate("document.scrollingElement.scrollHeight") > 640   # the sheet below, by scrolling
        page.set_viewport_size({"width": 640, "height": 360})
        page.wait_for_timeout(200)
        b = boxes(page, ["board", "tb-pad", "tb-seats", "tb-pass"])
        assert b["board"][2] <= b["tb-pad"][0] and all(0 <= b[i][1] and b[i][3] <= 360 for i in b), b
        page.set_viewport_size({"width": 360, "height": 640})
        page.wait_for_timeout(200)
        # the scoreboard
        tap(page, "#tb-big-open")
        page.wait_for_selector("#tb-big:not([hidden])", timeout=T)
        assert page.evaluate("document.activeElement.id") == "tb-big-close"
        near, far = page.inner_text("#tb-big-near"), page.inner_text("#tb-big-far")
        assert "Ann" in near and "Bob" in far
        size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#tb-big-0 .tb-big-score')).fontSize)")
        assert size >= 64, size                                  # the seat's score was 14.4 px
        turned = page.evaluate("getComputedStyle(document.getElementById('tb-big-far')).transform")
        assert turned.startswith("matrix(-1"), turned            # rotated 180 degrees
        assert page.get_attribute("#tb-big-0 .tb-big-score", "data-score") == str(scores(page)[0])
        run = saved(page)["clock"]["run"]
        page.tap(f"#tb-big-{run}")                               # start the clock of the player to move
        page.wait_for_timeout(300)
        page.tap(f"#tb-big-{run}")                               # and hand it on
        page.wait_for_function(f"JSON.parse(localStorage.getItem('wlc.table')).clock.run !== {run}", timeout=T)
        page.keyboard.press("Escape")
        page.wait_for_selector("#tb-big[hidden]", state="attached", timeout=T)
        assert page.evaluate("document.activeElement.id") == "tb-big-open"
        assert errors == []
