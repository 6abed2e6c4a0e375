"""Low vision (issue 37): at 200% zoom (a 640x400 screen) the live score, the rack and
the scores stay in view while a word is typed on the board, and Zoom makes the squares
bigger; in forced colours the squares, the tiles and the last move keep their outlines."""

from __future__ import annotations

import browserkit as kit
import earkit as ear

IN_VIEW = """s => { const r = document.querySelector(s).getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""


def test_at_200_percent_the_live_score_and_rack_stay_in_view_while_typing(browser, site_url):
    with kit.own_page(browser, viewport=(640, 400)) as (page, errors):
        page.goto(site_url + "index.html")
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=kit.TIMEOUT_MS)
        ear.load(page)    # rack DEISSTU
        page.locator("#board [tabindex='0']").focus()
        page.keyboard.type("8hdust")
        page.wait_for_selector("#preview [data-legal='1']", timeout=kit.TIMEOUT_MS)
        for sel in ("#preview [data-legal='1']", "#rack", "#scores", "#sq-L8", "#btn-Play"):
            assert page.evaluate(IN_VIEW, sel), sel
        assert ear.focused(page)["id"] == "sq-L8"
        before = page.evaluate("document.getElementById('sq-L8').getBoundingClientRect().width")
        page.locator("#btn-zoom").click()
        page.locator("#sq-L8").focus()
        after = page.evaluate("document.getElementById('sq-L8').getBoundingClientRect().width")
        assert after > before
        for sel in ("#preview [data-legal='1']", "#rack", "#sq-L8"):
            assert page.evaluate(IN_VIEW, sel), sel
        assert errors == []


def test_forced_colours_keep_squares_tiles_and_the_last_move_outlined(booted):
    page = booted.page
    ear.load(page, actions=["8D DUTIES"])
    kit.wait_idle(page)
    last = page.evaluate("[...document.querySelectorAll('#board .cell.last:not(.cursor)')].map(e => e.id)")
    assert last
    page.emulate_media(forced_colors="active")
    try:
        style = page.evaluate("""ids => { const cs = (sel, p) => getComputedStyle(document.querySelector(sel))[p];
            return {square: cs('#sq-A1', 'borderTopStyle'), tile: cs('#board .cell.tile', 'borderTopWidth'),
                    rack: cs('#rack button', 'borderTopStyle'),
                    last: cs('#' + ids[0], 'outlineStyle')}; }""", last)
    finally:
        page.emulate_media(forced_colors="none")
    assert style == {"square": "solid", "tile": "2px", "rack": "solid", "last": "double"}, style
