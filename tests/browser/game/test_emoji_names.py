"""A name with an emoji reads as typed on the game page (the engine's answers carry every
character as itself: the page's MicroPython read an escaped emoji as broken halves), in
the scores, the message and after a reload; at 360x640, a fresh browser."""

import browserkit as kit
from test_phone import boot_page

NAME = "Zoe \U0001F98A"


def test_an_emoji_name_reads_as_typed(browser, site_url):
    with kit.own_page(browser, viewport=(360, 640)) as (page, errors):
        boot_page(page, site_url)
        kit.new_game(page, "classic", "emoji-1", [{"name": "Computer", "kind": "easy"}, {"name": NAME, "kind": "human"}])
        kit.wait_idle(page)
        assert NAME in page.inner_text("#scores")
        assert "\ufffd" not in page.inner_text("#scores")
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
        kit.wait_idle(page)
        assert NAME in page.inner_text("#scores")
        assert kit.stored(page)["spec"]["seats"][1]["name"] == NAME
        assert errors == []
