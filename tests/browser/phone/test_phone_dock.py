"""The phone as word-game apps are (a fresh browser, no saved game, upright and sideways):
the rack and the actions stay at the bottom with the tools folded behind one button;
a tool's panel is a sheet with its Close on screen; Hint's sheet leaves the board in
view; nothing jumps while the computer thinks; your own score stays said under the
computer's reply."""

from __future__ import annotations

import pytest

import browserkit as kit
from test_phone import boot_page

SIZES = [(360, 640), (375, 667), (640, 360)]

INSIDE_JS = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5
         && r.bottom <= innerHeight + 0.5; }"""


def inside(page, selector: str) -> bool:
    return page.evaluate(INSIDE_JS, selector)


def top_of(page, selector: str) -> int:
    """Where ``selector`` starts, to the pixel (the spinner beside the status may move a line
    by a fraction of one)."""
    return round(page.evaluate("(sel) => document.querySelector(sel).getBoundingClientRect().top", selector))


@pytest.mark.parametrize("w, h", SIZES)
def test_tools_fold_behind_one_button_and_panels_are_sheets(browser, site_url, w, h):
    with kit.own_page(browser, viewport=(w, h)) as (page, errors):
        boot_page(page, site_url)
        tools = page.locator("#btn-tools")
        assert tools.is_visible() and tools.get_attribute("aria-expanded") == "false"
        assert not page.locator("#pb-history").is_visible()
        assert inside(page, "#btn-Play") and inside(page, "#btn-tools") and inside(page, "#rack")
        tools.click()
        assert tools.get_attribute("aria-expanded") == "true"
        for name in ("history", "hint", "tiles", "undo", "rules", "past", "settings", "review"):
            assert inside(page, "#pb-" + name), name
        page.locator("#pb-tiles").click()
        page.wait_for_selector("#panel:not([hidden]) #pn-close", timeout=kit.TIMEOUT_MS)
        assert tools.get_attribute("aria-expanded") == "false"   # a tool picked folds the sheet
        assert inside(page, "#pn-close") and inside(page, "#pn-title")
        page.locator("#pn-close").click()
        page.wait_for_selector("#panel", state="hidden", timeout=kit.TIMEOUT_MS)
        # keyboard: Enter on Tools goes into the sheet, Escape folds it and comes back
        tools.focus()
        page.keyboard.press("Enter")
        kit.wait_focus(page, "pb-history")
        page.keyboard.press("Escape")
        kit.wait_focus(page, "btn-tools")
        assert tools.get_attribute("aria-expanded") == "false"
        # Hint's sheet leaves every square of the board in view (Show puts the tiles there)
        kit.tool(page, "hint")
        page.wait_for_selector("#panel:not([hidden])", timeout=kit.TIMEOUT_MS)
        covered = page.evaluate("""() => { const p = document.getElementById('panel').getBoundingClientRect();
            return [...document.querySelectorAll('#board [data-square]')].filter((c) => {
              const r = c.getBoundingClientRect();
              return r.bottom > p.top + 1 && r.right > p.left + 1 && r.top < p.bottom - 1 && r.left < p.right - 1; }).length; }""")
        assert covered == 0
        assert page.evaluate("[scrollX, scrollY]") == [0, 0]
        assert errors == []


@pytest.mark.parametrize("w, h", [(360, 640), (640, 360)])
def test_nothing_jumps_while_the_computer_thinks_and_your_score_stays_said(browser, site_url, w, h):
    with kit.own_page(browser, viewport=(w, h)) as (page, errors):
        boot_page(page, site_url)
        spec = kit.stored(page)["spec"]
        assert [seat["kind"] for seat in spec["seats"]] != ["human"] * len(spec["seats"])
        move, tiles, score = kit.best_placement(spec)
        kit.place_by_taps(page, tiles)
        assert kit.preview_score(page) == score
        before = [top_of(page, "#dock"), top_of(page, "#rack"), top_of(page, "#status")]
        # every frame from Play until the reply is said: where the dock, rack and status stand,
        # and whether the status fits its one line (the computer may answer within a frame or two)
        page.evaluate("""() => { window.__frames = []; const top = (id) => Math.round(
              document.getElementById(id).getBoundingClientRect().top);
            const tick = () => { const st = document.getElementById('status');
              window.__frames.push([top('dock'), top('rack'), top('status'), st.scrollHeight <= st.clientHeight + 1,
                                    !!document.body.dataset.thinking]);
              if (!window.__stop) requestAnimationFrame(tick); };
            requestAnimationFrame(tick); }""")
        page.get_by_role("button", name="Play", exact=True).click()
        page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= 2",
                               timeout=kit.TIMEOUT_MS)
        kit.wait_idle(page)
        frames = page.evaluate("window.__stop = true; window.__frames")
        assert frames and all(f[:3] == before and f[3] for f in frames), [f for f in frames if f[:3] != before][:3]
        message = page.inner_text("#message")
        assert message.startswith("You played") and f"for {score}." in message
        assert message.count(" played ") + message.count(" exchanged ") + message.count(" passed") >= 2
        assert inside(page, "#message") and inside(page, "#btn-Play")
        assert top_of(page, "#dock") == before[0]
        assert errors == []


def test_a_zoomed_board_follows_the_square_being_placed_on(browser, site_url):
    with kit.own_page(browser, viewport=(360, 640)) as (page, errors):
        boot_page(page, site_url)
        kit.new_game(page, "iii", "zoom-follow", [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "easy"}])
        page.get_by_role("button", name="Zoom").click()
        page.evaluate("document.getElementById('board-scroll').scrollTo(0, 0)")
        kit.square(page, "A11").click()
        seen = """() => { const b = document.getElementById('board-scroll').getBoundingClientRect();
            const c = document.querySelector('#board .cell.cursor').getBoundingClientRect();
            return c.left >= b.left - 1 && c.right <= b.right + 1 && c.top >= b.top - 1 && c.bottom <= b.bottom + 1; }"""
        for _ in range(20):   # across the board and past the box's edge
            page.keyboard.press("ArrowRight")
            assert page.evaluate(seen)
        assert page.evaluate("document.getElementById('board-scroll').scrollLeft") > 0
        assert errors == []


def test_closing_a_panel_on_a_phone_gives_focus_to_tools(browser, site_url):
    with kit.own_page(browser, viewport=(360, 640)) as (page, errors):
        boot_page(page, site_url)
        kit.tool(page, "tiles")
        page.wait_for_selector("#panel:not([hidden]) #pn-close", timeout=kit.TIMEOUT_MS)
        page.locator("#pn-close").focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("#panel", state="hidden", timeout=kit.TIMEOUT_MS)
        kit.wait_focus(page, "btn-tools")   # its tool is folded away: focus never falls to the page
        assert errors == []
