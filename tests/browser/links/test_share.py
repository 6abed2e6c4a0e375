"""Game links in the page: a link opens its game (and wins over the saved game, which
is kept), damaged links say so, a bad move stops the game there, replay steps, and
Share copies the link. Names from a link are shown as text."""

from __future__ import annotations

import json

import pytest

import browserkit as kit

EVIL = "<img src=x onerror=alert(1)>"
HUMANS = [{"name": EVIL, "kind": "human"}, {"name": "Bob", "kind": "human"}]


@pytest.fixture(scope="module")
def shared_page(booted, site_url):
    """The session's page; at the end it is left as the other tests expect it: no link
    in the address bar and nothing saved."""
    booted.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    yield booted.page
    store(booted.page, None)
    goto(booted.page, site_url + "index.html")
    kit.wait_idle(booted.page)


@pytest.fixture()
def page(shared_page, booted):
    yield shared_page
    assert booted.page_errors == [] and booted.console_of("error") == []


def linked_game(n_moves: int, seed: str = "link-1") -> tuple[dict, dict]:
    """(spec, snapshot) of a two-human game after ``n_moves`` best plays, made natively."""
    s = kit.native()
    spec = {"rules": "classic", "seed": seed, "seats": HUMANS, "actions": []}
    s.open(json.dumps(spec))
    for _ in range(n_moves):
        s.act(json.loads(s.hint(1, 1000))["moves"][0]["move"])
    snap = json.loads(s.snapshot())
    spec["actions"] = snap["actions"]
    return spec, snap


def store(page, saved: str | None) -> None:
    if saved is None:
        page.evaluate("localStorage.removeItem('wlc.game')")
    else:
        page.evaluate("t => localStorage.setItem('wlc.game', t)", saved)


def goto(page, url: str) -> None:
    """Navigate for real (a change of hash alone would not reload the page)."""
    page.goto("about:blank")
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=kit.TIMEOUT_MS)
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)


def open_url(page, url: str, saved: str | None) -> None:
    store(page, saved)
    goto(page, url)
    kit.wait_idle(page)


def test_a_link_opens_its_game_and_the_saved_game_is_kept(page, site_url):
    saved_spec = {"rules": "classic", "seed": "11", "seats": kit.YOU_VS_HARD, "actions": []}
    saved = kit.saved_game(saved_spec)
    spec, snap = linked_game(3)
    frag = kit.native().link(-1)
    open_url(page, site_url + "index.html#" + frag, saved)
    assert kit.scores_shown(page) == snap["scores"]
    # play by link: the seat to move (Bob) sees his own rack only
    assert sorted(kit.rack_letters(page)) == sorted(snap["racks"][snap["to_move"]])
    assert page.locator("#handover").is_hidden()
    names = page.eval_on_selector_all("#scores .name", "els => els.map(e => e.firstChild.textContent)")
    assert names == [EVIL, "Bob"] and page.locator("img").count() == 0
    assert "not secret" in page.inner_text("#sharebox")
    assert kit.stored(page)["spec"] == saved_spec           # the saved game is untouched
    # the game goes on, and the address bar follows it
    page.get_by_role("button", name="Pass", exact=True).click()
    page.wait_for_function("s => location.hash.length > 10 && location.hash !== s", arg="#" + frag,
                           timeout=kit.TIMEOUT_MS)
    after = json.loads(kit.native().open_link(page.evaluate("location.hash")))
    assert after["actions"] == spec["actions"] + ["-"]
    assert kit.stored(page)["spec"] == saved_spec
    # play by link: the next seat is asked for by link; this screen keeps its own rack (Bob's)
    prompt = page.locator("#sharebox")
    prompt.get_by_text("Send the game to " + EVIL).wait_for(timeout=kit.TIMEOUT_MS)
    assert page.locator("#handover").is_hidden()
    assert sorted(kit.rack_letters(page)) == sorted(after["racks"][snap["to_move"]])
    assert page.locator("img").count() == 0
    prompt.get_by_role("button", name="Send to " + EVIL).click()
    page.locator("#share-url").wait_for(timeout=kit.TIMEOUT_MS)
    assert page.locator("#share-url").input_value().endswith(page.evaluate("location.hash"))
    page.locator("#sharebox").get_by_role("button", name="Back to your saved game").click()
    page.wait_for_function("() => !document.body.dataset.busy && [...document.querySelectorAll('#scores .name')]"
                           ".map(e => e.firstChild.textContent).join() === 'You,Computer'", timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    assert kit.scores_shown(page) == [0, 0]
    # shared once, the address bar now follows the saved game
    page.wait_for_function("() => location.hash.startsWith('#g1.')", timeout=kit.TIMEOUT_MS)
    assert json.loads(kit.native().open_link(page.evaluate("location.hash")))["seed"] == "11"
    assert sorted(kit.rack_letters(page)) == sorted(json.loads(saved)["snap"]["racks"][0])


def test_share_copies_the_link(page, site_url):
    """Right after the first test: the page shows the saved game (seed 11)."""
    page.get_by_role("button", name="Share", exact=True).click()
    url = page.locator("#share-url")
    url.wait_for(state="visible", timeout=kit.TIMEOUT_MS)
    link = url.input_value()
    assert link.startswith(site_url + "index.html#g1.")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert "not secret" in page.inner_text("#sharebox")
    again = json.loads(kit.native().open_link(link))
    assert again["seed"] == "11" and again["actions"] == []


def test_embed_code_and_import_in_the_page(page, site_url):
    page.get_by_role("button", name="Embed", exact=True).click()
    code = page.locator("#embed-code")
    code.wait_for(state="visible", timeout=kit.TIMEOUT_MS)
    snippet = code.input_value()
    assert snippet.startswith('<iframe src="' + site_url + "index.html?embed=1#g1.") and snippet.endswith("</iframe>")
    assert "index.html?embed=1#g1." in page.locator("#embed-code-new").input_value()
    # our own record: replayed exactly, and it goes on as a game
    spec, snap = linked_game(2, seed="record")
    gcg = json.loads(kit.native().export_gcg())["gcg"]
    page.get_by_role("button", name="Import", exact=True).click()
    page.locator("#import-text").fill(gcg)
    page.locator("#sharebox").get_by_role("button", name="Open the record").click()
    page.wait_for_function("() => document.getElementById('sharebox').textContent.includes('Record opened')",
                           timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    assert kit.scores_shown(page) == snap["scores"]
    assert sorted(kit.rack_letters(page)) == sorted(snap["racks"][snap["to_move"]])
    assert kit.stored(page)["spec"]["actions"] == snap["actions"]
    # another program's record: shown as it ends, with the record's scores
    page.get_by_role("button", name="Import", exact=True).click()
    page.locator("#import-file").set_input_files(str(kit.ROOT / "tests" / "data" / "gcg" / "woogles_csw21.gcg"))
    page.wait_for_function("() => document.getElementById('sharebox').textContent.includes('cannot be played on')",
                           timeout=kit.TIMEOUT_MS)
    assert kit.scores_shown(page) == [367, 394]
    assert kit.stored(page)["spec"]["actions"] == snap["actions"]   # a view is not saved
    page.get_by_role("button", name="Import", exact=True).click()
    page.locator("#import-text").fill("#player1 a " + EVIL + "\nnonsense")
    page.locator("#sharebox").get_by_role("button", name="Open the record").click()
    page.wait_for_function("() => document.getElementById('sharebox').textContent.includes('could not be read')",
                           timeout=kit.TIMEOUT_MS)
    assert page.locator("img").count() == 0


def mutations(frag: str) -> dict[str, str]:
    data, _, _ = frag.partition("&")
    flip = data[:20] + ("A" if data[20] != "A" else "B") + data[21:]
    return {"cut off": data[:len(data) // 2], "tampered": flip, "newer": "g9." + data[3:],
            "not base64": data[:10] + "!!*" + data[13:], "tag only": "g1", "look-alike": "G1." + data[3:]}


def set_hash(page, fragment: str) -> None:
    """Paste a link into the open page's address bar (no reload: a hashchange)."""
    page.evaluate("h => { location.hash = h; }", fragment)


def test_damaged_links_say_so_and_offer_a_way_on(page, site_url):
    linked_game(2)
    frag = kit.native().link(-1)
    saved = kit.saved_game({"rules": "classic", "seed": "12", "seats": kit.YOU_VS_HARD, "actions": []})
    for i, (what, bad) in enumerate(mutations(frag).items()):
        if i == 0:   # at boot
            open_url(page, site_url + "index.html#" + bad, saved)
        else:        # pasted into the open page
            set_hash(page, bad)
            page.wait_for_function("() => !location.hash && !document.body.dataset.busy", timeout=kit.TIMEOUT_MS)
        box = page.locator("#sharebox")
        box.wait_for(state="visible", timeout=kit.TIMEOUT_MS)
        text = box.inner_text()
        assert "could not be opened" in text, what
        if what == "newer":
            assert "newer version" in text
        assert box.get_by_role("button", name="New game").is_visible(), what
        assert box.get_by_role("button", name="Back to your saved game").is_visible(), what
        assert page.locator("#board [data-square]").count() == 225, what
        assert len(kit.rack_letters(page)) == 7, what
        assert page.evaluate("location.hash") == "", what   # a reload is then a normal start
    assert kit.stored(page)["spec"]["seed"] == "12"


def test_unknown_or_bad_link_options_are_ignored_with_a_note(page, site_url):
    spec, snap = linked_game(2, seed="lenient")
    frag = kit.native().link(-1)
    set_hash(page, frag + "&zoom=3&theme=DARK&utm_source=chat ")
    page.wait_for_function("() => document.getElementById('notice').textContent.includes('Ignored in this link')",
                           timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    notice = page.inner_text("#notice")
    assert "zoom=3" in notice and "theme=DARK" in notice and "utm_source=chat" in notice
    assert kit.scores_shown(page) == snap["scores"]      # the intact game opened


@pytest.mark.parametrize("bad, said", [("- @-5ms", "-5ms"), ("- @99999999999999ms", "99999999999999ms"),
                                       ("8D ZEBRA\u0943", "ZEBRA")])
def test_a_link_with_an_unreadable_move_opens_up_to_there(page, site_url, bad, said):
    """Never "The engine failed", never a traceback: the game up to the move, and why."""
    from engine.records.link import encode
    spec, snap = linked_game(1, seed="unreadable")
    set_hash(page, encode(dict(spec, actions=spec["actions"] + [bad, "-"])))
    page.wait_for_function("s => document.getElementById('message').textContent.includes(s)", arg=said,
                           timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    text = page.inner_text("#message")
    assert "cannot be read" in text and "engine failed" not in text.lower()
    assert kit.scores_shown(page) == snap["scores"]


def test_a_link_with_an_illegal_move_stops_there(page, site_url):
    from engine.records.link import encode
    spec, snap = linked_game(1, seed="stop")
    spec = dict(spec, actions=spec["actions"] + ["8A QQQQQQ", "-"])
    set_hash(page, encode(spec))
    page.wait_for_function("() => document.getElementById('message').textContent.includes('8A QQQQQQ')",
                           timeout=kit.TIMEOUT_MS)
    assert "move 2 ('8A QQQQQQ')" in page.inner_text("#message")
    assert kit.scores_shown(page) == snap["scores"]


def test_replay_steps_through_a_link(page, site_url):
    spec, snap = linked_game(3, seed="replay")
    native = kit.native()
    frag = native.link(1)
    assert frag.endswith("&t=1")
    set_hash(page, frag)
    bar = page.locator("#replaybar .rp-pos")
    bar.wait_for(state="visible", timeout=kit.TIMEOUT_MS)
    page.wait_for_selector("#replaybar .rp-pos[data-at='1']", timeout=kit.TIMEOUT_MS)

    def shown(k):
        page.wait_for_selector(f"#replaybar .rp-pos[data-at='{k}']", timeout=kit.TIMEOUT_MS)
        want = json.loads(native.at(k))
        assert kit.scores_shown(page) == want["scores"], k
        letters = page.eval_on_selector_all("#board .cell.tile", "els => els.length")
        assert letters == len(want["tiles"]), k
        if k:
            turn = want["events"][0]
            assert turn["text"] in page.inner_text("#replaybar .rp-move"), k
            assert int(page.get_attribute("#replaybar .rp-score", "data-score")) == turn["score"]
    shown(1)
    page.get_by_role("button", name="Forward one move").click()
    shown(2)
    page.keyboard.press("ArrowRight")
    shown(3)
    page.keyboard.press("Home")
    shown(0)
    page.get_by_role("button", name="Last move").click()
    shown(3)
    page.keyboard.press("ArrowLeft")
    shown(2)
    page.locator("#replaybar").get_by_role("button", name="Back to the game").click()
    page.wait_for_selector("#replaybar", state="hidden")
    kit.wait_idle(page)
    assert kit.scores_shown(page) == snap["scores"]

