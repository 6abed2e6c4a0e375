"""The game survives a reload; a stored game that cannot be read is set aside with a
message; between two human seats a hand-over screen hides the racks."""

from __future__ import annotations

import json

import pytest

import browserkit as kit

HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


@pytest.fixture()
def page(booted):
    yield booted.page
    assert booted.page_errors == [] and booted.console_of("error") == []


def test_reload_resumes_exactly(page):
    spec = {"rules": "classic", "seed": "11", "seats": kit.YOU_VS_HARD, "actions": []}
    move, tiles, _ = kit.best_placement(spec)
    spec["actions"] = [move]
    native = kit.native()
    reply = json.loads(native.open(json.dumps(spec)))
    native.computer(2000)
    spec["actions"] = json.loads(native.snapshot())["actions"]
    kit.load(page, kit.saved_game(spec))
    after = json.loads(native.open(json.dumps(spec)))
    assert kit.scores_shown(page) == after["scores"]
    assert sorted(kit.rack_letters(page)) == sorted(after["racks"][0])
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("body[data-ready='1']", state="attached")
    # on screen from the saved game before the engine is up, then the same once it is
    assert kit.scores_shown(page) == after["scores"]
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
    kit.wait_idle(page)
    assert kit.scores_shown(page) == after["scores"]
    assert kit.stored(page)["spec"]["actions"] == spec["actions"]
    assert reply["to_move"] == 1


def test_corrupted_save_is_set_aside(page, booted):
    kit.load(page, '{"v": 1, "spec": {"rules": "classic"}, "snap": {"racks": 5}')
    notice = page.locator("#notice")
    assert notice.is_visible() and "could not be read" in notice.inner_text()
    assert page.evaluate("localStorage.getItem('wlc.game.unreadable')").startswith('{"v": 1')
    assert page.locator("#board [data-square]").count() == 225
    assert len(kit.rack_letters(page)) == 7
    assert booted.page_errors == []


def test_hot_seat_hands_over(page):
    spec = {"rules": "classic", "seed": "5", "seats": HUMANS, "actions": []}
    kit.load(page, kit.saved_game(spec))
    assert page.locator("#handover").is_hidden()
    ann_rack = kit.rack_letters(page)
    page.get_by_role("button", name="Pass", exact=True).click()
    page.wait_for_selector("#handover:not([hidden])", timeout=kit.TIMEOUT_MS)
    assert "Pass the device to Bob" in page.inner_text("#handover")
    assert kit.rack_letters(page) == []  # racks hidden until Bob is ready
    page.get_by_role("button", name="I am Bob: show my rack").click()
    assert page.locator("#handover").is_hidden()
    bob = json.loads(kit.native().open(json.dumps(dict(spec, actions=["-"]))))["racks"][1]
    assert sorted(kit.rack_letters(page)) == sorted(bob)
    assert sorted(ann_rack) != sorted(bob) or True
    assert "Bob" in page.inner_text("#status")


def test_engine_failure_is_said_and_the_board_stays(browser, site_url):
    """No word list for the worker: the page says the engine could not start, keeps the
    game on screen and answers a play with a message instead of hanging. (Without the
    memory snapshot, whose engine holds the list loaded: a plain start reads the file.)"""
    def no_word_list(context):
        context.route("**/wordlists/lexicon.bin", lambda route: route.fulfill(status=404, body="gone"))
        context.route("**/vendor/pyodide/python_snapshot.bin", lambda route: route.fulfill(status=404, body="gone"))
    with kit.own_page(browser, no_word_list) as (page, errors):
        page.goto(site_url + "index.html")
        page.wait_for_selector("body[data-engine='failed']", state="attached", timeout=kit.TIMEOUT_MS)
        assert "could not start" in page.inner_text("#notice")
        assert page.locator("#board [data-square]").count() == 225
        letters = kit.rack_letters(page)
        kit.rack_tile(page, letters[0]).click()
        kit.square(page, "H8").click()
        if page.locator("#chooser:not([hidden])").count():
            kit.choose_letter(page, "E")
        page.get_by_role("button", name="Play", exact=True).click()
        page.wait_for_function("document.getElementById('message').textContent.includes('not available')",
                               timeout=10_000)
        assert not page.evaluate("document.body.dataset.busy")
        assert errors == []


def _engine_zip_with_a_broken_computer(root) -> bytes:
    """vendor/engine.zip, with engine/computer.py (the source, in place of the bytecode
    the zip ships) ending in a computer_action that raises."""
    import io
    import zipfile
    source = (root / "engine" / "computer.py").read_bytes()
    source += b"\n\ndef computer_action(*args, **kwargs):\n    raise RuntimeError('broken for a test')\n"
    out = io.BytesIO()
    with zipfile.ZipFile(root / "vendor" / "engine.zip") as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename in ("engine/computer.pyc", "engine/computer.py") \
                    or info.filename.startswith("engine/__pycache__/computer."):
                continue
            dst.writestr(info, src.read(info))
        dst.writestr("engine/computer.py", source)
    return out.getvalue()


def test_a_failed_computer_turn_offers_to_try_again_or_play_its_seat(browser, site_url):
    """The engine answers everything but the computer's turn: the page says so and
    never hangs; 'Play its seat yourselves' goes on as hot seat with the moves kept."""
    from pathlib import Path
    body = _engine_zip_with_a_broken_computer(Path(__file__).resolve().parents[3])

    def broken_computer(context):   # (without engine_rest.zip, start.mjs takes the whole engine.zip)
        context.route("**/vendor/pyodide/engine_rest.zip", lambda route: route.fulfill(status=404, body="gone"))
        context.route("**/vendor/engine.zip", lambda route: route.fulfill(
            status=200, body=body, headers={"content-type": "application/zip"}))
    with kit.own_page(browser, broken_computer) as (page, errors):
        page.goto(site_url + "index.html")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
        kit.wait_idle(page)
        page.get_by_role("button", name="Pass", exact=True).click()
        page.wait_for_function("document.getElementById('message').textContent.includes('could not move')",
                               timeout=kit.TIMEOUT_MS)
        assert "broken for a test" in page.inner_text("#message")
        assert not page.evaluate("document.body.dataset.busy || document.body.dataset.thinking")
        page.get_by_role("button", name="Try again").click()          # fails the same way, says so again
        page.wait_for_function("document.getElementById('message').textContent.includes('could not move')"
                               " && !document.body.dataset.busy", timeout=kit.TIMEOUT_MS)
        page.get_by_role("button", name="Play its seat yourselves").click()
        page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.seats[1].kind === 'human'",
                               timeout=kit.TIMEOUT_MS)
        kit.wait_idle(page)
        spec = kit.stored(page)["spec"]
        assert spec["actions"] == ["-"] and spec["seats"][1]["name"] == "Computer"
        native = json.loads(kit.native().open(json.dumps(spec)))
        assert sorted(kit.rack_letters(page)) == sorted(native["racks"][1])   # the seat is now played here
        assert page.get_by_role("button", name="Pass", exact=True).is_enabled()
        assert errors == []


def test_a_save_the_engine_cannot_rebuild_is_set_aside(page):
    saved = json.loads(kit.saved_game({"rules": "classic", "seed": "8", "seats": kit.YOU_VS_HARD, "actions": []}))
    saved["spec"]["rules"] = saved["snap"]["rules"] = "no-such-rules"
    kit.load(page, json.dumps(saved))
    # set aside (nothing stored a moment), then the new game is saved
    page.wait_for_function("() => (JSON.parse(localStorage.getItem('wlc.game') || '{}').spec || {}).rules === 'classic'",
                           timeout=kit.TIMEOUT_MS)
    assert "could not be rebuilt" in page.inner_text("#notice")
    assert "no-such-rules" in page.evaluate("localStorage.getItem('wlc.game.unreadable')")
    assert len(kit.rack_letters(page)) == 7


BLOCKED_STORAGE_JS = """(() => {
  // As in a browser that blocks this page's storage: every touch of localStorage throws.
  const deny = () => { throw new DOMException("The operation is insecure.", "SecurityError"); };
  Object.defineProperty(window, "localStorage", { configurable: true, get: deny });
})();"""


def test_blocked_storage_still_boots_plays_and_says_it_cannot_save(browser, site_url):
    """localStorage throws on every use (private mode, blocked cookies): the page boots
    the first game, says the game cannot be saved, plays on, and no error escapes."""
    with kit.own_page(browser, lambda context: context.add_init_script(BLOCKED_STORAGE_JS)) as (page, errors):
        page.goto(site_url + "index.html")
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=kit.TIMEOUT_MS)
        assert page.evaluate("(() => { try { localStorage; return 'open'; } catch (e) { return e.name; } })()") \
            == "SecurityError"
        assert page.locator("#board [data-square]").count() == 225
        assert len(kit.rack_letters(page)) == 7
        assert "does not let the page store data" in page.inner_text("#notice")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
        kit.wait_idle(page)
        pass_button = page.get_by_role("button", name="Pass", exact=True)
        pass_button.click()   # a move: its save fails quietly, the game goes on
        kit.wait_idle(page)
        kit.tool(page, "history")
        page.wait_for_selector("#panel .pn-hist li[data-kind='pass']", timeout=kit.TIMEOUT_MS)
        kit.tool(page, "history")
        kit.wait_idle(page)
        assert "does not let the page store data" in page.inner_text("#notice")
        kit.open_past(page)   # past games read the same storage
        assert "cannot be kept" in page.inner_text("#panel")
        assert errors == []
