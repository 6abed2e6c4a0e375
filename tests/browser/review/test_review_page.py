"""The review in real Chromium (issue 17): a finished game of classic and of III
reviewed turn by turn in the page's engine worker; each turn's best play is the
native engine's own best for that rack and board, the summary adds up, a turn
clicked draws the best play as a ghost, a past game's replay reviews it too; and
a game in progress never has its turn to come reviewed.

The games are short (four plays, then passes to the end), played natively."""

from __future__ import annotations

import json

import pytest

import browserkit as kit

T = kit.TIMEOUT_MS
COMPUTERS = [{"name": "A", "kind": "hard"}, {"name": "B", "kind": "hard"}]


@pytest.fixture()
def page(own_booted):
    yield own_booted.page
    assert own_booted.page_errors == [] and own_booted.console_of("error") == []


def short_game(rules: str, seed: str, plays: int = 4, finish: bool = True) -> dict:
    """A spec (You against the computer): ``plays`` computer-chosen plays natively,
    then (``finish``) passes until the game ends."""
    s = kit.native()
    snap = json.loads(s.open(json.dumps({"rules": rules, "seed": seed, "seats": COMPUTERS})))
    for _ in range(plays):
        snap = json.loads(s.computer(300))
    while finish and snap.get("phase") != "over":
        snap = json.loads(s.act("-"))
    return {"rules": rules, "seed": seed, "seats": kit.YOU_VS_HARD, "actions": snap["actions"]}


def native_review(spec: dict) -> tuple[dict, dict]:
    """(the plan, {turn: review}) of the native engine, exact (no time budget)."""
    from engine.session import review as session_review
    kit.native()
    plan = json.loads(session_review.review_plan(json.dumps(spec), ""))
    return plan, {t["turn"]: json.loads(session_review.review_turn(t["turn"], 0, "score")) for t in plan["turns"]}


def wait_reviewed(page) -> None:
    page.wait_for_selector("#pn-rv-status[data-running='0']", state="attached", timeout=3 * T)
    page.wait_for_selector("#pn-rv-summary", state="attached", timeout=T)


def shown_turns(page) -> list[dict]:
    return page.eval_on_selector_all(".rv-turns > li", "els => els.map(e => Object.assign({}, e.dataset))")


def shown_players(page) -> list[dict]:
    return page.eval_on_selector_all(".rv-sum tbody tr", "els => els.map(e => Object.assign({}, e.dataset))")


def check_against_native(page, spec: dict) -> list[dict]:
    """Every turn shown beside the native engine's best; the summary adds up."""
    plan, native = native_review(spec)
    rows = shown_turns(page)
    assert [int(r["turn"]) for r in rows] == [t["turn"] for t in plan["turns"]]
    assert all(t["player"] == 0 for t in plan["turns"])           # the person at this screen only
    for r in rows:
        mine = native[int(r["turn"])]
        assert "pending" not in r, r
        if r["cut"] == "1":   # the budget cut the page's search: what it found, never more than the best
            assert int(r["bestScore"]) <= mine["best_score"]
        else:
            assert (r["best"], int(r["bestScore"])) == (mine["best"], mine["best_score"]), (r, mine)
        assert int(r["score"]) == mine["score"]
        assert int(r["missed"]) == max(0, int(r["bestScore"]) - int(r["score"]))   # (a cut search may find less)
        assert (r["found"] == "1") == (int(r["missed"]) == 0)
    players = shown_players(page)
    assert len(players) == 1
    p = players[0]
    assert int(p["turns"]) == len(rows)
    assert int(p["found"]) == sum(r["found"] == "1" for r in rows)
    assert int(p["missed"]) == sum(int(r["missed"]) for r in rows)
    assert int(p["score"]) == sum(int(r["score"]) for r in rows)
    assert int(p["bestScore"]) == sum(int(r["bestScore"]) for r in rows)
    words = page.eval_on_selector_all(".rv-words li", "els => els.map(e => [e.dataset.word, +e.dataset.score])")
    assert [len(w) for w, _ in words] == sorted((len(w) for w, _ in words), reverse=True)
    best_scores = {int(r["bestScore"]) for r in rows if r["found"] == "0"}
    assert all(score in best_scores for _, score in words)
    assert page.get_attribute(".rv-ranking", "data-ranking") == "score"
    return rows


def check_ghost(page, spec: dict, rows: list[dict]) -> None:
    """A turn clicked: the board before it, its tiles, the best play's squares as a ghost."""
    _, native = native_review(spec)
    row = next((r for r in rows if r["found"] == "0" and r["cut"] == "0"), rows[0])
    turn = int(row["turn"])
    page.locator(f"#pn-rv-line-{turn}").click()
    page.wait_for_selector(f".rv-detail[data-turn='{turn}'] .rv-board", timeout=T)
    # a ghost's letter: the square's own, or (the play made covers it too) the one in its corner
    ghosts = page.eval_on_selector_all(".rv-board span.rv-g", "els => els.map(e => [e.dataset.sq,"
                                       " (e.querySelector('.rv-gl') || e).textContent])")
    want = sorted([t["sq"], t["letter"]] for t in native[turn]["best_tiles"])
    if row["cut"] == "0":
        assert sorted(g for g in ghosts if g[0] in {sq for sq, _ in want}) == want
        assert len(ghosts) == len(want)


@pytest.mark.parametrize("rules,seed", [("classic", "7"), ("iii", "7")])
def test_finished_game_is_reviewed_turn_by_turn(page, rules, seed):
    spec = short_game(rules, seed)
    kit.load(page, kit.saved_game(spec))
    page.wait_for_selector("#end:not([hidden]) #end-review", timeout=T)
    page.evaluate("""() => { window.longTasks = [];
        new PerformanceObserver(l => l.getEntries().forEach(e => window.longTasks.push(e.duration)))
          .observe({type: 'longtask'}); window.reviewT0 = performance.now(); }""")
    page.locator("#end-review").click()
    page.wait_for_selector("#panel [data-panel='review']", timeout=T)
    page.wait_for_selector("#pn-rv-progress", state="attached", timeout=T)
    wait_reviewed(page)
    waited = page.evaluate("performance.now() - window.reviewT0")
    assert "All " in page.text_content("#pn-rv-status")
    rows = check_against_native(page, spec)
    check_ghost(page, spec, rows)
    kept = json.loads(page.evaluate("localStorage.getItem('wlc.review')"))["results"]
    ms = sorted(r["ms"] for r in kept)
    print(f"review {rules}: {len(kept)} turns in {waited:.0f} ms from click to summary; engine ms per turn "
          f"median {ms[len(ms) // 2]}, slowest {ms[-1]}; cut {sum(r['cut'] for r in kept)}")
    times = json.loads(page.evaluate("window.wlcTimes()"))
    print("slowest events (event, step ms, render ms):", sorted(times, key=lambda x: -(x[1] + x[2]))[:4],
          "long tasks:", page.evaluate("window.longTasks"))
    # (the long tasks are printed, not asserted: a timed assertion fails on a loaded machine;
    # the review runs in the engine worker, one call per turn, so the main thread stays free)
    # a reload keeps the game and the review: reopened, it comes back without the engine's work
    kit.load(page, kit.saved_game(spec))
    assert kit.stored(page)["spec"]["actions"] == spec["actions"]
    kit.tool(page, "review")
    page.wait_for_selector("#pn-rv-status[data-running='0']", state="attached", timeout=T)
    assert shown_turns(page) == rows


def test_past_game_replay_offers_its_review(page):
    spec = short_game("classic", "11")
    kit.load(page, kit.saved_game(spec))      # a finished game is kept in Past games
    kit.tool(page, "past")
    page.wait_for_selector("#panel .pn-past tbody tr", timeout=T)
    page.locator("#panel .pn-past tbody tr [data-pact='replay']").first.click()
    page.wait_for_selector("#rp-review", timeout=T)
    page.locator("#rp-review").click()
    page.wait_for_selector("#panel [data-panel='review']", timeout=T)
    wait_reviewed(page)
    assert "Reviewing the game of" in page.text_content(".rv-what")
    rows = check_against_native(page, spec)
    check_ghost(page, spec, rows)
    page.locator("#pn-close").click()         # back: the game in progress is the engine's again
    kit.wait_idle(page)


def test_game_in_progress_never_reviews_the_turn_to_come(page):
    spec = short_game("classic", "5", plays=4, finish=False)   # four plays: the human to move
    kit.load(page, kit.saved_game(spec))
    snap = json.loads(kit.native().open(json.dumps(spec)))
    assert snap["phase"] == "play" and snap["to_move"] == 0
    kit.tool(page, "review")
    page.wait_for_selector("#panel [data-panel='review']", timeout=T)
    wait_reviewed(page)
    plan = native_review(spec)[0]
    # the page says why (classic: the computer's last play may still be challenged, so
    # it is held back too; the turn to come never is reviewed)
    assert plan["pending"] and page.text_content(".rv-pending") == plan["pending"]
    rows = shown_turns(page)
    current = len(snap["turns"])
    assert rows and all(int(r["turn"]) < current for r in rows)
    assert [int(r["turn"]) for r in rows] == [t["turn"] for t in plan["turns"]]
    # the game itself is untouched and still playable
    assert kit.stored(page)["spec"]["actions"] == spec["actions"]
    assert page.is_enabled("#btn-Pass")
