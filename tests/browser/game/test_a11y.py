"""An accessibility scan with axe-core (pinned in package.json, injected by the test):
no serious or critical violations, in the light and the dark theme, mid-game, with the
players' clocks showing (one running low), then the New game dialog and an opened
position's box."""

from __future__ import annotations

import pytest

import browserkit as kit

AXE = kit.ROOT / "node_modules" / "axe-core" / "axe.min.js"


def violations(page, within="document") -> list[dict]:
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async (within) => {
        const where = within === 'document' ? document : document.querySelector(within);
        const r = await axe.run(where, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }""", within)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_violations(booted, scheme):
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `bash scripts/setup.sh`")
    page = booted.page
    page.emulate_media(color_scheme=scheme)
    try:
        spec = {"rules": "classic,clock=45", "seed": "4", "seats": kit.YOU_VS_HARD, "actions": []}
        kit.load(page, kit.saved_game(spec))
        page.wait_for_selector("#scores .clock.low", timeout=kit.TIMEOUT_MS)
        letters = kit.rack_letters(page)
        kit.rack_tile(page, letters[0]).click()
        kit.square(page, "H8").click()
        if page.locator("#chooser:not([hidden])").count():
            kit.choose_letter(page, "E")
        kit.wait_idle(page)
        result = violations(page)
        # the boxes with a main action: the New game dialog and an opened position
        page.get_by_role("button", name="New game").first.click()
        result += violations(page, "#newgame")
        page.locator("#ng-form [data-act='cancel']").click()
        page.get_by_role("button", name="Import", exact=True).click()
        page.locator("#import-text").fill("/".join(["15"] * 7 + ["3ZEbRAS6"] + ["15"] * 7) + " AEINRST/ 120/84 0")
        page.locator("#sharebox").get_by_role("button", name="Open the record").click()
        page.locator("#sharebox").get_by_role("button", name="Play on against the computer").wait_for(
            timeout=kit.TIMEOUT_MS)
        result += violations(page, "#sharebox")
    finally:
        page.emulate_media(color_scheme="light")
        kit.load(page, None)  # the shared page goes on without the clocked game
    bad = [v for v in result if v["impact"] in ("serious", "critical")]
    assert bad == [], bad
