"""Phones (issue 15): at 360x640 and 375x667, in a fresh browser context, one screen
without scrolling shows the board (every square), the rack, Play, the live score line,
the last message and every player's score; the menu sits behind one button; a 21x21
board fits the width and zooms for placing; the end's result is on screen. Also the
replay buttons' pictures, the preset's name and the buttons that stay put when the
preview appears."""

from __future__ import annotations

import json

import pytest

import browserkit as kit

PHONES = [(360, 640), (375, 667)]
SIDEWAYS = [(640, 360), (667, 375)]   # the same phones held sideways: the board beside the rack
COMPUTERS_FIRST = [{"name": "Ann", "kind": "hard"}, {"name": "Bob", "kind": "easy"},
                   {"name": "Cy", "kind": "medium"}, {"name": "You", "kind": "human"}]
COMPUTER_FIRST = [{"name": "Computer", "kind": "hard"}, {"name": "You", "kind": "human"}]


def after_computers(rules: str, seats: list[dict], seed: str = "phone") -> dict:
    """A game spec where the computers have moved and the human (last seat) is to move."""
    s = kit.native()
    spec = {"rules": rules, "seed": seed, "seats": seats, "actions": []}
    snap = json.loads(s.open(json.dumps(spec)))
    while seats[snap["to_move"]]["kind"] != "human":
        snap = json.loads(s.computer(1500))
    spec["actions"] = snap["actions"]
    return spec


def storing(saved_text: str):
    """Context setup: the page finds ``saved_text`` stored at its first load."""
    script = "((t) => { if (!sessionStorage.getItem('seeded')) { localStorage.setItem('wlc.game', t);" \
             " sessionStorage.setItem('seeded', '1'); } })(" + json.dumps(saved_text) + ")"
    return lambda context: context.add_init_script(script)


def boot_page(page, site_url):
    page.goto(site_url + "index.html", wait_until="domcontentloaded")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=kit.TIMEOUT_MS)
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)


OFF_SCREEN_JS = """([w, h]) => {
  const inside = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= w + 0.5 && r.bottom <= h + 0.5; };
  const out = [];
  const check = (what, els) => { els = [...els]; if (!els.length) out.push(what + ': none');
    for (const el of els) if (!inside(el)) out.push(what + ' ' + (el.id || el.dataset.square || el.dataset.letter || ''))};
  check('square', document.querySelectorAll('#board [data-square]'));
  check('rack tile', document.querySelectorAll('#rack [data-letter]:not(.used)'));
  check('Play', [document.getElementById('btn-Play')]);
  check('preview', document.querySelectorAll('#preview p'));
  check('message', [document.getElementById('message')]);
  check('score', document.querySelectorAll('#scores .seat'));
  return out;
}"""


def off_screen(page, w, h) -> list[str]:
    """What of the game's state is not inside the screen (empty: all of it is)."""
    where = page.evaluate("[...document.querySelectorAll('.top, #board, .side > *')].filter((e) => e.offsetParent)"
                          ".map((e) => (e.id || e.className) + ' ' + Math.round(e.getBoundingClientRect().top)"
                          " + '-' + Math.round(e.getBoundingClientRect().bottom)).join(', ')")
    assert page.evaluate("[scrollX, scrollY]") == [0, 0], where
    assert page.evaluate("document.documentElement.scrollWidth") <= w
    return page.evaluate(OFF_SCREEN_JS, [w, h])


@pytest.mark.parametrize("w, h", PHONES + SIDEWAYS)
@pytest.mark.parametrize("rules, seats", [("classic", COMPUTERS_FIRST), ("iii", COMPUTER_FIRST)])
def test_one_screen_shows_the_game(browser, site_url, w, h, rules, seats):
    spec = after_computers(rules, seats)
    with kit.own_page(browser, storing(kit.saved_game(spec)), viewport=(w, h)) as (page, errors):
        boot_page(page, site_url)
        size = 21 if rules == "iii" else 15
        assert page.locator("#board [data-square]").count() == size * size
        cell = kit.square(page, "A1").bounding_box()
        assert cell["width"] >= 14 and page.evaluate(
            "(() => { const s = document.getElementById('board-scroll'); return s.scrollWidth <= s.clientWidth; })()")
        assert "played" in page.inner_text("#message")  # the computer's move, said
        assert len(page.locator("#scores .seat").all()) == len(seats)
        # the live score line of tiles put down (the best play, by taps on the small squares)
        _, tiles, score = kit.best_placement(spec)
        kit.place_by_taps(page, tiles)
        assert kit.preview_score(page) == score
        assert off_screen(page, w, h) == []
        # a refused play: the reason is on screen beside the board and Play
        page.get_by_role("button", name="Recall", exact=True).click()
        far = "A1" if not page.get_attribute("#board [data-square='A1']", "data-letter") else "O15"
        kit.rack_tile(page, kit.rack_letters(page)[0]).click()
        kit.square(page, far).click()
        if page.locator("#chooser:not([hidden])").count():
            page.locator("#chooser [data-letter]").first.click()
        page.wait_for_selector("#preview [data-legal='0']", timeout=kit.TIMEOUT_MS)
        # the preview already says why: Play waits (disabled) and the reason is on screen
        assert page.get_by_role("button", name="Play", exact=True).is_disabled()
        assert page.inner_text("#preview").strip()
        assert off_screen(page, w, h) == []
        assert errors == []


def test_menu_behind_one_button(browser, site_url):
    with kit.own_page(browser, viewport=(360, 640)) as (page, errors):
        boot_page(page, site_url)
        menu = page.locator("#btn-menu")
        assert page.locator(".top").bounding_box()["height"] <= 48
        assert menu.get_attribute("aria-expanded") == "false"
        assert not page.get_by_role("button", name="New game").first.is_visible()
        # a tile put down first: Escape in the menu closes the menu, it does not recall the tile
        letter = next(x for x in kit.rack_letters(page) if x != "?")
        kit.rack_tile(page, letter).click()
        kit.square(page, page.get_attribute("#board .start", "data-square")).click()
        page.wait_for_selector("#board .placed", timeout=kit.TIMEOUT_MS)
        # keyboard: Enter opens it and goes into it, Escape closes it and comes back
        menu.focus()
        page.keyboard.press("Enter")
        assert menu.get_attribute("aria-expanded") == "true"
        assert page.evaluate("document.activeElement.id") == "btn-new"
        for name in ("New game", "About", "Share", "Replay", "Import"):
            box = page.locator("#menu").get_by_role("button", name=name, exact=True).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["y"] + box["height"] <= 640
        page.keyboard.press("Escape")
        assert menu.get_attribute("aria-expanded") == "false"
        assert page.evaluate("document.activeElement.id") == "btn-menu"
        assert page.locator("#board .placed").count() == 1
        # a tap opens it; picking an item does the item and folds the menu
        menu.click()
        page.locator("#menu").get_by_role("button", name="About", exact=True).click()
        assert page.locator("#about").evaluate("d => d.open")
        assert menu.get_attribute("aria-expanded") == "false"
        page.keyboard.press("Escape")
        # a tap elsewhere (here the status line, outside the menu's box) folds it too
        menu.click()
        page.locator("#status").click()
        assert menu.get_attribute("aria-expanded") == "false"
        assert errors == []


def test_menu_is_plain_on_a_wide_screen(own_booted):
    page = own_booted.page
    assert not page.locator("#btn-menu").is_visible()
    assert page.get_by_role("button", name="New game").first.is_visible()


def test_zoom_a_big_board(browser, site_url):
    spec = after_computers("iii", COMPUTER_FIRST, seed="zoom")
    with kit.own_page(browser, storing(kit.saved_game(spec)), viewport=(360, 640)) as (page, errors):
        boot_page(page, site_url)
        zoom = page.get_by_role("button", name="Zoom")
        assert zoom.get_attribute("aria-pressed") == "false"
        small = kit.square(page, "K11").bounding_box()["width"]
        zoom.click()
        assert zoom.get_attribute("aria-pressed") == "true"
        assert kit.square(page, "K11").bounding_box()["width"] >= 27.5 > small
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        pans = page.evaluate("(() => { const s = document.getElementById('board-scroll');"
                             " return [s.scrollWidth > s.clientWidth, s.getBoundingClientRect().bottom]; })()")
        assert pans[0] and pans[1] <= 640  # the board pans inside a box that is on screen
        # placing works zoomed: the best play by taps (each square scrolled to, as a finger would)
        _, tiles, score = kit.best_placement(spec)
        kit.place_by_taps(page, tiles)
        assert kit.preview_score(page) == score
        # the computer's reply is brought into view in the zoomed board
        page.evaluate("document.getElementById('board-scroll').scrollTo(0, 0)")
        page.get_by_role("button", name="Play", exact=True).click()
        page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= "
                               + str(len(spec["actions"]) + 2), timeout=kit.TIMEOUT_MS)
        kit.wait_idle(page)
        last = page.evaluate("JSON.parse(localStorage.getItem('wlc.game')).snap.last_squares")
        if last:
            seen = page.evaluate("""(sqs) => { const b = document.getElementById('board-scroll').getBoundingClientRect();
                return sqs.some((sq) => { const r = document.getElementById('sq-' + sq).getBoundingClientRect();
                  return r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; }); }""",
                                 last)
            assert seen, last
        zoom.click()
        assert zoom.get_attribute("aria-pressed") == "false"
        assert abs(kit.square(page, "K11").bounding_box()["width"] - small) < 0.5
        assert errors == []


@pytest.mark.parametrize("w, h", PHONES)
def test_the_result_is_on_screen_at_the_end(browser, site_url, w, h):
    s = kit.native()
    spec = {"rules": "classic", "seed": "end", "seats": kit.YOU_VS_HARD, "actions": []}
    snap = json.loads(s.open(json.dumps(spec)))
    while snap["phase"] != "over":
        if snap["to_move"] == 0:
            moves = json.loads(s.hint(1, 500))["moves"]
            snap = json.loads(s.act(moves[0]["move"] if moves else "-"))
        else:
            snap = json.loads(s.computer(500))
    spec["actions"] = snap["actions"]
    with kit.own_page(browser, storing(kit.saved_game(spec)), viewport=(w, h)) as (page, errors):
        boot_page(page, site_url)
        head = page.locator("#end h2").bounding_box()
        assert head and head["y"] >= 0 and head["y"] + head["height"] <= h, off_screen(page, w, h)
        for seat in page.locator("#scores .seat").all():
            box = seat.bounding_box()
            assert box["y"] + box["height"] <= h and box["x"] + box["width"] <= w
        assert errors == []


def test_replay_buttons_draw_in_every_font(own_booted):
    page = own_booted.page
    kit.play_best(page, json.loads(page.evaluate("localStorage.getItem('wlc.game')"))["spec"], actions=2)
    page.locator("#menu").get_by_role("button", name="Replay", exact=True).click()
    # The bar is drawn at once and again when the engine's start position comes: wait for
    # that one, then measure each button's pictures in one step (no redraw in between).
    page.wait_for_selector("#replaybar .rp-pos[data-at='0']", timeout=kit.TIMEOUT_MS)
    try:
        for label in ("First move", "Back one move", "Forward one move", "Last move"):
            button = page.locator("#replaybar").get_by_role("button", name=label, exact=True)
            assert all(ord(ch) < 128 for ch in button.inner_text())  # no character a font may lack
            sizes = button.evaluate("b => [...b.querySelectorAll('.rp-ico')].map(i => {"
                                    " const r = i.getBoundingClientRect(); return [r.width, r.height]; })")
            assert sizes and all(w > 1 and h > 5 for w, h in sizes), (label, sizes)
    finally:
        page.locator("#replaybar").get_by_role("button", name="Back to the game").click()
        page.wait_for_selector("#replaybar", state="hidden")


def test_preset_name_on_the_main_screen(own_booted):
    page = own_booted.page
    name = page.locator("#preset-name")
    assert name.is_visible() and name.inner_text() == "Classic"


def test_buttons_stay_put_when_the_preview_appears(own_booted):
    page = own_booted.page
    spec = kit.stored(page)["spec"]
    play = page.locator("#btn-Play")
    before = play.bounding_box()
    _, tiles, score = kit.best_placement(spec)
    kit.place_by_taps(page, tiles)
    assert kit.preview_score(page) == score
    after = play.bounding_box()
    page.get_by_role("button", name="Recall", exact=True).click()
    assert abs(after["y"] - before["y"]) < 0.5


def test_preload_hints_name_files_the_page_takes_once(own_booted):
    """index.html's <link rel=preload/modulepreload>: each names a file of the site that the
    page then uses from the hint (requested once), so a runtime upgrade that renames a
    chunk cannot leave a stale hint behind."""
    import re
    from urllib.parse import urlsplit

    hrefs = re.findall(r'<link rel="(?:module)?preload" href="\./([^"]+)"', (kit.ROOT / "index.html").read_text())
    assert len(hrefs) >= 10
    paths = [urlsplit(u).path.lstrip("/") for u in own_booted.at_boot["requests"]]
    for href in hrefs:
        assert (kit.ROOT / href).is_file(), href
        # once (the engine worker has its config inline from ui/kit.js: it reads neither
        # pyscript.toml nor the TOML reader, which a worker could not take from a preload)
        assert paths.count(href) == 1, href


@pytest.mark.parametrize("w, h, rules", [(360, 640, "classic"), (375, 667, "iii")])
def test_a_link_just_opened_leaves_the_rack_and_play_on_screen(browser, site_url, w, h, rules):
    """The note on a link just opened (whose game it is, that a link is not secret)
    is short on a phone, above the board: the note, the rack and Play are all on
    screen (a longer note in the page's flow once pushed them below the fold)."""
    from test_link_presets import link_of, open_link
    frag, _, _ = link_of(rules, 2)
    with kit.own_page(browser, viewport=(w, h)) as (page, errors):
        open_link(page, site_url + "index.html#" + frag)
        note = page.locator("#sharebox")
        assert note.is_visible() and "not secret" in note.inner_text()
        for sel in ("#sharebox", "#rack", "#btn-Play"):
            box = page.locator(sel).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= h, sel
        assert page.evaluate("document.documentElement.scrollWidth") <= w
        note.get_by_role("button", name="Close").click()
        assert note.is_hidden()
        assert page.locator("#btn-Play").bounding_box()["y"] + 38 <= h
        assert errors == []


DIALOG_OVERFLOW_JS = """(w) => {
  const dialog = document.getElementById('newgame');
  const out = [];
  for (const el of dialog.querySelectorAll('input, select, button, summary, label, small, dd, legend')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > w + 0.5) out.push((el.name || el.id || el.tagName) + ' right ' + Math.round(r.right));
  }
  if (dialog.scrollWidth > dialog.clientWidth) out.push('dialog scrollWidth ' + dialog.scrollWidth + ' > ' + dialog.clientWidth);
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth) out.push('page scrollWidth ' + doc.scrollWidth + ' > ' + doc.clientWidth);
  return out;
}"""


@pytest.mark.parametrize("w, h", PHONES)
def test_the_new_game_dialog_fits_a_phone(browser, site_url, w, h):
    with kit.own_page(browser, viewport=(w, h)) as (page, errors):
        boot_page(page, site_url)
        page.locator("#btn-menu").click()
        page.get_by_role("button", name="New game").first.click()
        page.wait_for_selector("#newgame[open] #ng-form", timeout=kit.TIMEOUT_MS)
        page.locator("#ng-form input[name='seat2-on']").check()
        page.locator("#ng-form select[name='seat1-kind']").select_option("expert")
        page.locator("#ng-form summary").click()
        page.wait_for_selector("#ng-form details[open] select", timeout=kit.TIMEOUT_MS)
        assert page.evaluate(DIALOG_OVERFLOW_JS, w) == []
        assert errors == []
