"""A link of every preset opens on a fresh device, on that game's own board.

A fresh browser shows a classic 15x15 first game; a link to an I, II or III game
(21x21) used to be drawn on it and crash. Each test opens the link in a browser
context of its own (nothing saved), as a friend would, and checks the board's size,
its premium squares and start square, and every tile, against the engine's own
layout and snapshot; then the reverse: a classic link where a 21x21 game was shown.
"""

from __future__ import annotations

import json

import pytest

import browserkit as kit

PRESETS = ["classic", "o", "i", "ii", "iii", "richard"]
HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def link_of(rules: str, moves: int, seed: str = "preset-link") -> tuple[str, dict, dict]:
    """(fragment, snapshot, layout) of a two-person game after ``moves`` best plays."""
    s = kit.native()
    s.open(json.dumps({"rules": rules, "seed": seed, "seats": HUMANS, "actions": []}))
    for _ in range(moves):
        best = json.loads(s.hint(1, 2000))["moves"]
        s.act(best[0]["move"] if best else "-")
    snap = json.loads(s.snapshot())
    return s.link(-1), snap, json.loads(s.layout(rules))


def open_link(page, url: str) -> None:
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=kit.TIMEOUT_MS)
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)


def board_shown(page) -> dict:
    return page.evaluate("""() => {
        const b = document.getElementById('board');
        const cells = [...b.querySelectorAll('[data-square]')];
        return {size: Number(b.dataset.size), count: cells.length,
                premiums: Object.fromEntries(cells.filter(c => c.dataset.premium).map(c => [c.dataset.square, c.dataset.premium])),
                start: (b.querySelector('.start') || {}).dataset?.square || '',
                tiles: Object.fromEntries(cells.filter(c => c.classList.contains('tile')).map(c => [c.dataset.square, c.dataset.letter || c.textContent.trim()[0]]))};
    }""")


def expected_premiums(layout: dict) -> dict:
    cols = "ABCDEFGHIJKLMNOPQRSTU"
    out = {}
    for r, row in enumerate(layout["premiums"]):
        for c in range(layout["size"]):
            code = row[2 * c:2 * c + 2]
            if code != "..":
                out[cols[c] + str(r + 1)] = code
    return out


def check_board(page, snap: dict, layout: dict) -> None:
    shown = board_shown(page)
    assert shown["size"] == layout["size"] and shown["count"] == layout["size"] ** 2
    assert shown["premiums"] == expected_premiums(layout)
    assert shown["start"] == layout["start"]
    assert set(shown["tiles"]) == {t["sq"] for t in snap["tiles"]}
    for t in snap["tiles"]:
        assert shown["tiles"][t["sq"]].upper() == t["letter"].upper()
    assert kit.scores_shown(page) == snap["scores"]


@pytest.mark.parametrize("rules", PRESETS)
def test_a_link_of_every_preset_opens_on_a_fresh_device(browser, site_url, rules):
    frag, snap, layout = link_of(rules, 2)
    with kit.own_page(browser) as (page, errors):
        open_link(page, site_url + "index.html#" + frag)
        check_board(page, snap, layout)
        # the seat to move sees its own rack; the page is live (Play is a real button)
        assert sorted(kit.rack_letters(page)) == sorted(snap["racks"][snap["to_move"]].replace("?", "?"))
        assert page.locator("#btn-Recall").count() == 1
        assert "IndexError" not in page.inner_text("body")
        page.reload(wait_until="domcontentloaded")   # a reload shows the same game, same board
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
        kit.wait_idle(page)
        check_board(page, snap, layout)
        assert errors == []


def test_a_classic_link_after_a_21x21_game_is_drawn_15x15(browser, site_url):
    big, big_snap, big_layout = link_of("iii", 1, seed="big")
    small, small_snap, small_layout = link_of("classic", 2, seed="small")
    with kit.own_page(browser) as (page, errors):
        open_link(page, site_url + "index.html#" + big)
        check_board(page, big_snap, big_layout)
        open_link(page, site_url + "index.html#" + small)   # a new page load
        check_board(page, small_snap, small_layout)
        # pasted into the open tab: only the fragment changes, the page stays
        page.evaluate("f => { location.hash = f; }", big)
        page.wait_for_function("() => document.getElementById('board').dataset.size === '21'",
                               timeout=kit.TIMEOUT_MS)
        kit.wait_idle(page)
        check_board(page, big_snap, big_layout)
        assert errors == []
