"""The table page open in two tabs of one browser at 360x640 (a phone and a laptop at
the same table, or a tab left open): each follows the other's entries; an entry made
in a tab that has not yet heard of the other's is refused with a message, never
written over it; a new game begun in one tab leaves the other's game in Table games.
Nothing entered in either tab is lost, and a reload shows the latest game."""

from __future__ import annotations

import json

import browserkit as kit
from engine.table import face
from test_table_page import PHONE, T, boot, entries, native, said, saved, settle, start, type_entry, wait_entries


def stored_text(page) -> str:
    return page.evaluate("localStorage.getItem('wlc.table')")


def wait_said(page, words: str) -> None:
    page.wait_for_function("w => (document.getElementById('tb-said').textContent || '').includes(w) && "
                           "document.body.dataset.busy !== '1'", arg=words, timeout=T)


def test_two_tabs_follow_each_other_and_never_write_over_an_entry(browser, site_url):
    with kit.own_page(browser, viewport=PHONE) as (a, errors_a):
        boot(a, site_url + "table.html")
        start(a, ["Ann", "Bob"])
        type_entry(a, "8H ZEBRAS")
        a.click("#tb-confirm")
        wait_entries(a, 1)
        b = a.context.new_page()
        errors_b = []
        b.on("pageerror", lambda e: errors_b.append(str(e)))
        b.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
        boot(b, site_url + "table.html")
        wait_entries(b, 1)                     # the game in progress, from the first tab
        # Bob passes in the first tab: the second follows
        a.click("#tb-pass")
        wait_entries(a, 2)
        wait_said(b, "Updated from another tab")
        wait_entries(b, 2)
        assert native(face.table_state, json.dumps(saved(b)["state"]))["to_move"] == 0

        # another tab's entry the second tab has not heard of yet (the browser tells every
        # tab but the writer, so writing it from the second tab itself stands for the race)
        game = saved(b)
        ahead = native(face.table_act, json.dumps(game["state"]), "-", -1)
        game["state"] = {"rules": ahead["rules"], "names": ahead["names"], "actions": ahead["actions"]}
        text = json.dumps({"v": 1, "id": game["id"], "when": game["when"], "state": game["state"],
                           "clock": game["clock"]})
        b.evaluate("t => localStorage.setItem('wlc.table', t)", text)
        wait_entries(a, 3)                     # the first tab heard it
        type_entry(b, "I7 HE")                 # Ann's play, entered on the game as it was
        b.click("#tb-confirm")
        wait_said(b, "Another tab entered a turn first")
        assert stored_text(b) == text          # not written over
        assert entries(b) == 3 and b.evaluate("document.body.dataset.actions") == "3"
        # entered again on the game as it stands, it is kept, and the first tab follows
        assert native(face.table_state, json.dumps(saved(b)["state"]))["to_move"] == 1
        type_entry(b, "I7 HE")
        b.click("#tb-confirm")
        wait_entries(b, 4)
        wait_entries(a, 4)
        assert saved(a)["state"]["actions"][-1].startswith("I7 HE")

        # a new game begun in the second tab: the first shows it, its own game kept in Table games
        played = saved(a)["state"]
        b.click("#tb-new-game")
        b.click("[data-act='new_yes']")
        start(b, ["Cy", "Di"])
        wait_said(a, "kept in Table games")
        assert [n for n in native(face.table_state, json.dumps(saved(a)["state"]))["names"]] == ["Cy", "Di"]
        kept = json.loads(a.evaluate("localStorage.getItem('wlc.tables')"))
        assert any(g["state"] == played for g in kept), kept
        # a reload of the first tab shows the latest game
        a.reload(wait_until="domcontentloaded")
        a.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
        settle(a)
        assert entries(a) == 0 and "Cy" in a.inner_text("#tb-seats")
        assert "Traceback" not in a.content() + b.content()
        assert errors_a == [] and errors_b == []
