"""Every record Import opens is reviewable in the page, for all its seats: another
program's (finished: its end box, kept in Past games and reviewable from there; not
finished: played on, its record's turns and the new ones), ours (replayed exactly,
finished or not), and a shared link opened as a replay. A position (CGP) has no
turns, and the page says so. Fresh contexts; one at 360x640 (the review's board
readable on a phone).

Each turn's best play is checked against the native engine (engine.search.review)
where the page's one-second search was not cut."""

from __future__ import annotations

import json
from pathlib import Path

import browserkit as kit
from test_phone import boot_page

from engine.session import review as session_review
from engine.board import square_name
from engine.records.gcg import decode_record, import_record
from engine.records.gcg_write import write_gcg
from engine.search.review import Reviewer, played_squares, record_turns
from test_review_page import short_game

T = kit.TIMEOUT_MS
GCG = Path(__file__).resolve().parents[2] / "data" / "gcg"
SHOTS = Path("/tmp/shots")
HARD = [{"name": "Ann", "kind": "hard"}, {"name": "Bob", "kind": "hard"}]


def quackle(lines: int | None = None) -> str:
    """quackle_annotated.gcg (Bert van Dijk beats Ann Tremblay; it ends the game), or its
    first ``lines`` lines: a game not over (played on from its last position)."""
    text = decode_record((GCG / "quackle_annotated.gcg").read_bytes())
    return text if lines is None else "\n".join(text.splitlines()[:lines]) + "\n"


def our_record(seed: str, plays: int, finish: bool) -> str:
    """One of our records: ``plays`` plays by the hard computer, then (``finish``) passes to the end."""
    s = kit.native()
    snap = json.loads(s.open(json.dumps({"rules": "classic", "seed": seed, "seats": HARD})))
    for _ in range(plays):
        snap = json.loads(s.computer(300))
    while finish and snap.get("phase") != "over":
        snap = json.loads(s.act("-"))
    return write_gcg(s._need_game())


def import_text(page, text: str) -> None:
    toggle = page.locator("#btn-menu")   # a phone has the menu behind one button
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    page.get_by_role("button", name="Import", exact=True).click()
    page.locator("#import-text").fill(text)
    page.locator("#sharebox").get_by_role("button", name="Open the record").click()
    page.wait_for_function("() => document.getElementById('sharebox').textContent.includes('opened')", timeout=T)
    kit.wait_idle(page)


def open_review(page) -> None:
    kit.tool(page, "review")
    page.wait_for_selector("#panel [data-panel='review']", timeout=T)


def wait_reviewed(page) -> None:
    try:
        page.wait_for_selector("#pn-rv-status[data-running='0']", state="attached", timeout=4 * T)
    except Exception:   # say where it stood: a review that never ends is a bug to find
        raise AssertionError("the review did not end: " + page.evaluate(
            "JSON.stringify(document.body.dataset)") + " " + page.inner_text("#panel")[:800]) from None
    page.wait_for_selector("#pn-rv-summary", state="attached", timeout=T)


def rows(page) -> list[dict]:
    return page.eval_on_selector_all(".rv-turns > li", "els => els.map(e => Object.assign({}, e.dataset,"
                                     " {who: e.querySelector('.rv-who').textContent}))")


def seat_buttons(page) -> dict:
    return dict(page.eval_on_selector_all(".rv-seats button", "els => els.map(e => [e.textContent,"
                                          " e.getAttribute('aria-pressed') === 'true'])"))


def summary_names(page) -> list[str]:
    return page.eval_on_selector_all(".rv-sum tbody th", "els => els.map(e => e.textContent)")


def check_best(shown: list[dict], native_of) -> int:
    """Each row whose search was not cut has the native best play and score; the number compared."""
    compared = 0
    for r in shown:
        assert "pending" not in r, r
        assert int(r["missed"]) == max(0, int(r["bestScore"]) - int(r["score"]))   # a cut search may find less
        if r["cut"] == "1" or compared >= 3:
            continue
        mine = native_of(int(r["turn"]))
        assert (r["best"], int(r["bestScore"]), int(r["score"])) == (mine["best"], mine["best_score"], mine["score"])
        compared += 1
    return compared


def test_another_programs_finished_record_ends_is_reviewed_and_kept(browser, site_url):
    text = quackle()
    rec = import_record(text, kit.native().loaded_lexicon())
    native = {tp.index: tp for tp in record_turns(rec)}
    reviewer = Reviewer(rec.rules, kit.native().loaded_lexicon())
    with kit.own_page(browser) as (page, errors):
        boot_page(page, site_url)
        import_text(page, text)
        end = page.locator("#end:not([hidden])")
        end.wait_for(timeout=T)
        assert "Winner: Bert van Dijk" in end.inner_text() and "the record ends the game" in end.inner_text()
        page.locator("#end-review").click()
        page.wait_for_selector("#panel [data-panel='review']", timeout=T)
        wait_reviewed(page)
        shown = rows(page)
        assert [int(r["turn"]) for r in shown] == sorted(native)                   # every seat's turns
        assert {r["who"] for r in shown} == {"Ann Tremblay", "Bert van Dijk"}
        assert all(r["who"] == rec.names[native[int(r["turn"])].player] for r in shown)
        assert sorted(summary_names(page)) == ["Ann Tremblay", "Bert van Dijk"]
        assert check_best(shown, lambda turn: reviewer.review(native[turn])) >= 2
        assert seat_buttons(page) == {"Bert van Dijk": True, "Ann Tremblay": True}
        assert page.text_content("#pn-rv-status") == f"All {len(native)} turns reviewed."
        # a turn opened: the board before it (the record's) with the best play as a ghost
        first = shown[0]
        page.locator(f"#pn-rv-line-{first['turn']}").click()
        page.wait_for_selector(f".rv-detail[data-turn='{first['turn']}'] .rv-board", timeout=T)
        best = reviewer.review_move(native[int(first["turn"])])[1]
        assert page.locator(".rv-board span.rv-g").count() == len(best.tiles)
        # one seat only: Ann's turns leave the review (their results stay kept)
        page.locator(".rv-seats button", has_text="Ann Tremblay").click()
        wait_reviewed(page)
        assert {r["who"] for r in rows(page)} == {"Bert van Dijk"}
        assert summary_names(page) == ["Bert van Dijk"]
        # kept in Past games at once; looking at it there leaves the record shown as it was
        page.locator("#pn-close").click()
        kit.open_past(page)
        page.locator("#panel .pn-past tbody tr [data-pact='replay']").first.click()
        page.wait_for_selector("#rp-review", timeout=T)
        page.locator("#rp-close").click()
        page.locator("#pn-close").click()
        kit.wait_idle(page)
        assert kit.scores_shown(page) == [496, 423] and "Winner: Bert van Dijk" in end.inner_text()
        # after a reload too, and reviewable from there
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
        kit.wait_idle(page)
        kit.open_past(page)
        row = page.locator("#panel .pn-past tbody tr").first
        assert "Bert van Dijk, Ann Tremblay" in row.inner_text() and "496" in row.inner_text()
        row.locator("[data-pact='replay']").click()
        page.locator("#rp-review").click()
        page.wait_for_selector("#panel [data-panel='review']", timeout=T)
        wait_reviewed(page)
        assert "Reviewing the game of" in page.text_content(".rv-what")
        assert [int(r["turn"]) for r in rows(page)] == sorted(native)
        assert errors == []


def test_our_own_records_finished_or_not_are_reviewed_for_every_seat(browser, site_url):
    finished, unfinished = our_record("28", 4, True), our_record("31", 5, False)
    with kit.own_page(browser) as (page, errors):
        boot_page(page, site_url)
        import_text(page, finished)
        page.locator("#end:not([hidden])").wait_for(timeout=T)
        assert "the game is over" in page.inner_text("#sharebox")     # nothing to play on
        assert page.locator("#sharebox [data-share='vs_computer']").count() == 0
        kit.open_past(page)     # kept in Past games at once, as a game that ends here is
        assert "Ann, Bob" in page.locator("#panel .pn-past tbody tr").first.inner_text()
        page.locator("#pn-close").click()
        spec = kit.stored(page)["spec"]
        plan = json.loads(session_review.review_plan(json.dumps(spec), ""))
        assert plan["seats"] == [0, 1] and plan["over"]
        page.locator("#end-review").click()
        wait_reviewed(page)
        shown = rows(page)
        assert [int(r["turn"]) for r in shown] == [t["turn"] for t in plan["turns"]]
        assert {r["who"] for r in shown} == {"Ann", "Bob"}
        assert check_best(shown, lambda turn: json.loads(session_review.review_turn(turn, 0, "score"))) >= 2
        # kept in Past games (reviewable there after a reload)
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
        kit.wait_idle(page)
        kit.open_past(page)
        page.locator("#panel .pn-past tbody tr [data-pact='replay']").first.click()
        page.locator("#rp-review").click()
        wait_reviewed(page)
        assert [int(r["turn"]) for r in rows(page)] == [t["turn"] for t in plan["turns"]]
        page.locator("#pn-close").click()
        kit.wait_idle(page)
        # ours, not finished: a game going on here again, so only the settled turns of the
        # player at the screen (the others' racks are secret until the end), never the turn to come
        import_text(page, unfinished)
        spec = kit.stored(page)["spec"]
        snap = json.loads(kit.native().open(json.dumps(spec)))
        me = snap["seats"][snap["to_move"]]["name"]
        plan = json.loads(session_review.review_plan(json.dumps(spec), json.dumps([snap["to_move"]])))
        open_review(page)
        wait_reviewed(page)
        assert [int(r["turn"]) for r in rows(page)] == [t["turn"] for t in plan["turns"]]
        assert {r["who"] for r in rows(page)} == {me} and plan["pending"]
        assert page.text_content(".rv-pending") == plan["pending"]
        assert errors == []


def test_a_record_played_on_is_reviewed_with_its_turns_on_a_phone(browser, site_url):
    text = quackle(18)   # ten turns, Ann to move
    rec = import_record(text, kit.native().loaded_lexicon())
    assert not rec.over
    native = {tp.index: tp for tp in record_turns(rec)}
    reviewer = Reviewer(rec.rules, kit.native().loaded_lexicon())
    with kit.own_page(browser, viewport=(360, 640)) as (page, errors):
        boot_page(page, site_url)
        import_text(page, text)
        page.locator("#sharebox").get_by_role("button", name="Close").click()
        page.get_by_role("button", name="Pass", exact=True).click()
        page.wait_for_function("() => JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length === 1",
                               timeout=T)
        kit.wait_idle(page)
        stored = kit.stored(page)["spec"]
        assert stored["record"] == text.strip()    # kept with the game: a reload keeps its review
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
        kit.wait_idle(page)
        open_review(page)
        wait_reviewed(page)
        shown = rows(page)
        # the record's turns (its line numbers), then the pass played on from there
        assert [int(r["turn"]) for r in shown] == sorted(native) + [len(rec.turns)]
        assert shown[-1]["who"] == "Ann Tremblay" and shown[-1]["score"] == "0"
        assert {r["who"] for r in shown} == {"Ann Tremblay", "Bert van Dijk"}
        assert check_best(shown[:-1], lambda turn: reviewer.review(native[turn])) >= 2
        assert "turn to come" in page.text_content(".rv-pending")
        # the board of a turn: the play made (solid) and the best (dashed), or one of them
        turn = next(r for r in shown if r["found"] == "0" and r["cut"] == "0")["turn"]
        page.locator(f"#pn-rv-line-{turn}").click()
        board = page.locator(f".rv-detail[data-turn='{turn}'] .rv-board")
        board.wait_for(timeout=T)
        made = sorted([square_name(*divmod(sq, 15)), cell.upper()] for sq, cell in
                      played_squares(native[int(turn)], rec.rules))
        best = reviewer.review_move(native[int(turn)])[1]
        page.locator("#pn-rv-layer-best").click()
        page.wait_for_selector("#pn-rv-layer-best[aria-pressed='true']", timeout=T)
        assert page.locator(".rv-board span.rv-p").count() == 0
        assert page.locator(".rv-board span.rv-g").count() == len(best.tiles)
        page.locator("#pn-rv-layer-made").click()
        page.wait_for_selector("#pn-rv-layer-made[aria-pressed='true']", timeout=T)
        assert page.locator(".rv-board span.rv-g").count() == 0 and made
        assert sorted(page.eval_on_selector_all(".rv-board span.rv-p", "els => els.map(e => [e.dataset.sq,"
                                                " e.textContent])")) == made
        page.locator("#pn-rv-layer-both").click()
        check_readable(page, page.locator(f".rv-detail[data-turn='{turn}'] .rv-board"), "review-board-360")
        assert errors == []


def check_readable(page, board, shot: str) -> None:
    """At 360 px: squares of 20 px at least, the page no wider than the screen (a wide
    board scrolls inside the panel); a screenshot."""
    board.wait_for(timeout=T)
    board.scroll_into_view_if_needed()
    cell = board.locator("span").first.bounding_box()
    assert cell["width"] >= 20 and cell["x"] >= 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    font = page.evaluate("e => parseFloat(getComputedStyle(e).fontSize)", board.locator("span").first.element_handle())
    assert font >= 12
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{shot}.png"))


def test_a_21x21_reviews_board_is_readable_on_a_phone(browser, site_url):
    spec = short_game("iii", "7")
    from test_phone import storing
    with kit.own_page(browser, storing(kit.saved_game(spec)), viewport=(360, 640)) as (page, errors):
        boot_page(page, site_url)
        page.locator("#end-review").click()
        wait_reviewed(page)
        turn = rows(page)[0]["turn"]
        page.locator(f"#pn-rv-line-{turn}").click()
        check_readable(page, page.locator(f".rv-detail[data-turn='{turn}'] .rv-board"), "review-board-21-360")
        assert errors == []


def test_a_shared_links_replay_is_reviewed_and_a_position_says_it_has_no_turns(browser, site_url):
    s = kit.native()
    snap = json.loads(s.open(json.dumps({"rules": "classic", "seed": "44", "seats": [
        {"name": "You", "kind": "human"}, {"name": "Computer", "kind": "hard"}]})))
    for _ in range(4):
        snap = json.loads(s.act(json.loads(s.hint(1, 1000))["moves"][0]["move"]))
    still_played = s.link(-1)
    while snap["phase"] != "over":   # six scoreless turns end it
        snap = json.loads(s.act("-"))
    fragment = s.link(-1)
    spec = {"rules": "classic", "seed": "44", "seats": snap["seats"], "actions": snap["actions"]}
    plan = json.loads(session_review.review_plan(json.dumps(spec), "[0, 1]"))
    with kit.own_page(browser) as (page, errors):
        # still being played: no seat is this screen's, so nothing is reviewed before the end
        page.goto(site_url + "index.html#" + still_played + "&mode=replay", wait_until="domcontentloaded")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
        page.locator("#rp-review-link").click()
        page.wait_for_selector("#panel [data-panel='review']", timeout=T)
        assert "still being played" in page.inner_text("#panel") and rows(page) == []
        page.goto(site_url + "index.html#" + fragment + "&mode=replay", wait_until="domcontentloaded")
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
        page.locator("#rp-review-link").click()
        page.wait_for_selector("#panel [data-panel='review']", timeout=T)
        wait_reviewed(page)
        shown = rows(page)
        assert [int(r["turn"]) for r in shown] == [t["turn"] for t in plan["turns"]]
        assert {r["who"] for r in shown} == {"You", "Computer"}
        assert seat_buttons(page) == {"You": True, "Computer": True}
        # a position: nothing before it is known, and the page says so
        rec = import_record(quackle(18), s.loaded_lexicon())
        page.goto(site_url + "index.html", wait_until="domcontentloaded")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
        kit.wait_idle(page)
        import_text(page, rec.cgp)
        open_review(page)
        page.wait_for_selector(".rv-from-position", timeout=T)
        assert "began from a position" in page.text_content(".rv-from-position")
        assert page.locator(".rv-none").count() == 1
        page.locator("#pn-close").click()
        over = import_record(quackle(), s.loaded_lexicon()).cgp    # a position where someone went out
        import_text(page, over)
        open_review(page)
        page.wait_for_selector(".rv-position", timeout=T)
        assert "no turns" in page.text_content(".rv-position")
        assert errors == []


def test_a_finished_record_shown_copies_itself_not_the_game_being_played(browser, site_url):
    """A finished game imported is only shown: the engine still holds the game being
    played, so the History's Copy buttons give the record and its last position, and
    Past games looks at the record without an error."""
    text = quackle()
    rec = import_record(text, kit.native().loaded_lexicon())
    with kit.own_page(browser) as (page, errors):
        boot_page(page, site_url)
        import_text(page, text)
        page.locator("#end:not([hidden])").wait_for(timeout=T)
        kit.tool(page, "history")
        page.locator("#pn-copy-gcg").click()
        page.wait_for_selector("#pn-export", timeout=T)
        assert page.input_value("#pn-export") == text.strip()
        page.locator("#pn-copy-cgp").click()
        page.wait_for_function("c => document.getElementById('pn-export').value === c", arg=rec.cgp, timeout=T)
        page.locator("#pn-close").click()
        kit.open_past(page)
        page.locator("#panel .pn-past tbody tr [data-pact='replay']").first.click()
        page.wait_for_selector("#rp-review", timeout=T)
        panel = page.locator("#panel").inner_text()
        assert "error" not in panel.lower() and "could not" not in panel.lower(), panel
        assert errors == []
