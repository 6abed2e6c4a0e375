"""The club page (club.html) in real Chromium: a 6-player, 3-round tournament run
through the page. Results come as finished games' links (games the engine played
to the end, as another device would send them: pasted, or opened as club.html#g1...),
one as a game played on this device (found in its Past games) and one typed; a link
of another game and other bad input are refused and the tournament stays as it was. The standings agree with the engine's own
table of the exported tournament; the standings link opened in a fresh context
shows the same standings, read-only; a reload keeps everything. Screenshots of
pairings and standings go to /tmp/shots/club-*.png. The Players page ranks the
people and computer levels of the games kept on the device by PPT."""

from __future__ import annotations

import json
from contextlib import contextmanager
from pathlib import Path

import pytest

import browserkit as kit
from engine.club import director
from engine.club.model import Tournament
from engine.computer import computer_action
from engine.game import Game
from engine.lexicon import Lexicon
from engine.records.link import encode
from engine.rules import Rules

T = kit.TIMEOUT_MS
SHOTS = Path("/tmp/shots")
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "<b>Flo</b>"]


def finished_spec(a: str, b: str, seed, plays: int = 6, kinds=("human", "human")) -> dict:
    """A real game the engine plays to the end: greedy plays, then passes."""
    game = Game(Rules.from_string("classic"), seed, 2, lexicon=Lexicon.default(), names=[a, b])
    for _ in range(plays):
        if game.over:
            break
        game.act(computer_action(game, "greedy"))
    while not game.over:
        game.act("-")
    return {"rules": "classic", "seed": seed, "actions": list(game.actions),
            "seats": [{"name": a, "kind": kinds[0]}, {"name": b, "kind": kinds[1]}]}


def boot(page, url: str) -> None:
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
    page.wait_for_selector("#app :is(#cl-new, #cl-standings, #cl-players)", timeout=T)


@contextmanager
def club_page(browser, site_url: str, height: int = 900):
    """The director's page in a fresh browser context (no tournament kept), booted; the
    page's errors gather in ``page.errors``."""
    context = browser.new_context(viewport={"width": 1280, "height": height})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    try:
        boot(page, site_url + "club.html")
        yield page
    finally:
        context.close()


def settle(page) -> None:
    page.wait_for_function("document.body.dataset.busy !== '1'", timeout=T)


def pairings(page, r: int) -> list[tuple[int, str, str]]:
    rows = page.locator(f"#cl-round-{r} tbody tr")
    out = []
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        out.append((int(cells.nth(0).inner_text()), cells.nth(1).inner_text().strip(), cells.nth(2).inner_text().strip()))
    return out


def standings(page) -> list[list[str]]:
    rows = page.locator("#cl-standings tbody tr")
    return [[c.strip() for c in rows.nth(i).inner_text().split("\t")] for i in range(rows.count())]


def act(page, selector: str) -> None:
    page.click(selector)
    settle(page)


def record_link(page, r: int, game: int, text: str) -> None:
    page.fill(f"#cl-{r}-{game}-link", text)
    act(page, f"[data-act=link][data-base='cl-{r}-{game}']")


def exported(page) -> dict:
    act(page, "[data-act=json_out]")
    return json.loads(page.input_value("#cl-out"))


@pytest.fixture(scope="module")
def club(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    boot(page, site_url + "club.html")
    yield {"page": page, "context": context, "errors": errors, "url": site_url + "club.html"}
    context.close()


def test_a_whole_tournament_through_the_page(club, browser, site_url):
    page = club["page"]
    SHOTS.mkdir(exist_ok=True)
    # bad input first: one player, duplicate names
    page.fill("#cl-players", "Ann")
    act(page, "[data-act=new]")
    assert "at least 2 players" in page.inner_text("#cl-err")
    page.fill("#cl-players", "Ann\nann")
    act(page, "[data-act=new]")
    assert "two players are called" in page.inner_text("#cl-err").lower()
    assert page.input_value("#cl-players") == "Ann\nann"     # what was typed stays to be corrected
    page.fill("#cl-players", "\n".join(NAMES))
    page.fill("#cl-rounds", "11")
    act(page, "[data-act=new]")
    assert "6 players can play at most 10 rounds" in page.inner_text("#cl-err")
    page.fill("#cl-rounds", "3")
    page.fill("#cl-seed", "club")
    act(page, "[data-act=new]")
    assert page.inner_text("#cl-title") == "Club night"
    assert [row[1] for row in standings(page)] == NAMES        # markup shown as text
    assert page.locator("#cl-standings b").count() == 0

    for r in (1, 2, 3):
        act(page, "[data-act=pair]")
        games = pairings(page, r)
        assert len(games) == 3 and sorted(n for g in games for n in g[1:]) == sorted(NAMES)
        if r == 1:
            page.screenshot(path=str(SHOTS / "club-pairings-1280.png"), full_page=True)
            page.set_viewport_size({"width": 375, "height": 667})
            page.screenshot(path=str(SHOTS / "club-pairings-375.png"), full_page=True)
            page.set_viewport_size({"width": 1280, "height": 800})
            # a link of a game that is not this pairing's: refused, nothing recorded
            number, a, b = games[0]
            other = games[1][1]
            record_link(page, r, number, "#" + encode(finished_spec(a, other, "x", plays=2)))
            assert "not paired in round 1" in page.inner_text(f"#cl-1-{number}-said")   # beside its row
            assert page.locator(f"#cl-round-1 tbody tr").nth(0).inner_text().count("to play") == 1
        for k, (number, a, b) in enumerate(games):
            seed = f"club~{r}.{number}"
            if r == 2 and k == 0:
                # played on this device: the game page keeps it in Past games; the club
                # page finds it (started from the pairing) and records it as played here
                spec = finished_spec(a, b, seed, kinds=("human", "hard"))
                entry = {"id": "g-here", "date": "2026-01-01T00:00:00Z", "rules": "classic", "seed": seed,
                         "seats": spec["seats"], "actions": spec["actions"], "summary": {"over": True}}
                page.evaluate("(t) => localStorage.setItem('wlc.past', t)", json.dumps({"v": 1, "games": [entry]}))
                page.reload()
                boot(page, club["url"])
                settle(page)
                page.wait_for_function("document.getElementById('cl-msg') !== null", timeout=T)
                assert "played here" in page.inner_text("#cl-msg")
            elif r == 3 and k == 0:
                base = f"cl-{r}-{number}"
                page.click(f"#cl-round-{r} tbody tr >> nth=0 >> summary:has-text('Typed result')")
                for field, value in (("s0", "412"), ("s1", "377"), ("t0", "13"), ("t1", "12"), ("e0", "+8"),
                                     ("e1", "-4")):
                    page.fill(f"#{base}-{field}", value)
                act(page, f"[data-act=typed][data-base='{base}']")
            elif r == 3 and k == 1:
                # a game link opened with the tournament open is recorded as its result
                page.goto(club["url"] + "#" + encode(finished_spec(a, b, seed, plays=5)))
                page.wait_for_selector("#cl-msg:has-text('Recorded: round')", timeout=T)
                assert "#g" not in page.url
            else:
                link = "http://example.org/index.html#" + encode(finished_spec(a, b, seed, plays=4 + k + r))
                record_link(page, r, number, link)
                assert not page.locator("#cl-err").count(), page.inner_text("#cl-err")
        assert f"Round {r} (finished)" in page.inner_text(f"#cl-round-{r} h2")

    data = exported(page)
    t = Tournament.from_dict(data)
    sources = [g.result.source for rd in t.paired for g in rd.games]
    assert sources.count("typed") == 1 and sources.count("here") == 1 and sources.count("link") == 7
    met = [frozenset(g.players) for rd in t.paired for g in rd.games]
    assert len(set(met)) == 9                                        # nobody met twice
    shown = standings(page)
    table = director.table(t)
    assert [row[1].split(" (")[0] for row in shown] == [r["player"] for r in table]
    assert [row[5] for row in shown] == ["%.2f" % r["ppt"] for r in table]
    assert [int(row[6]) for row in shown] == [r["spread"] for r in table]
    assert any("1 typed" in row[1] for row in shown)
    assert "all 3 rounds are paired" in page.inner_text("#cl-why")
    page.screenshot(path=str(SHOTS / "club-standings-1280.png"), full_page=True)
    page.emulate_media(media="print")              # the print stylesheet: no forms, no buttons
    assert not page.locator("[data-act=pair], [data-act=json_out], .cl-entry").first.is_visible()
    page.screenshot(path=str(SHOTS / "club-print-1280.png"), full_page=True)
    page.emulate_media(media="screen")

    # the standings link, opened read-only in a fresh context
    act(page, "[data-act=link_out]")
    link = page.input_value("#cl-out")
    assert "club.html#t1." in link
    fresh = browser.new_context(viewport={"width": 375, "height": 667})
    phone = fresh.new_page()
    boot(phone, link)
    assert standings(phone) == shown
    assert "Read-only" in phone.inner_text(".cl-head")
    assert phone.locator("[data-act=pair], [data-act=link], [data-act=clear]").count() == 0
    phone.screenshot(path=str(SHOTS / "club-standings-375.png"), full_page=True)
    phone.locator("#cl-round-1").screenshot(path=str(SHOTS / "club-pairings-readonly-375.png"))
    # the exported JSON imported on another device: the same standings, to direct from there
    other = fresh.new_page()
    boot(other, club["url"])
    other.click("summary:has-text('Import a tournament')")
    other.fill("#cl-import", "{not json")
    act(other, "[data-act=import]")
    assert "not readable" in other.inner_text("#cl-err")
    other.fill("#cl-import", json.dumps(data))           # the form kept its place after the refusal
    act(other, "[data-act=import]")
    assert standings(other) == shown and other.locator("[data-act=json_out]").count() == 1
    # a damaged link says so
    boot(phone, link[:-6] + "AAAAAA")
    assert "damaged" in phone.inner_text("#cl-err")
    fresh.close()

    # a reload keeps everything
    page.reload()
    boot(page, club["url"])
    assert standings(page) == shown
    assert exported(page) == data
    # TSH export: one line per player, a rating of 0
    act(page, "[data-act=tsh_out]")
    tsh = page.input_value("#cl-out").splitlines()
    assert len(tsh) == 6 and all(" 0 " in line for line in tsh)
    assert not club["errors"]


def test_players_ranked_by_ppt(club):
    page = club["page"]
    a = finished_spec("Ann", "Bob", "p1", plays=6)
    b = finished_spec("ann", "Zed", "p2", plays=4, kinds=("human", "hard"))
    games = [{"id": f"g{i}", "date": "2026-01-0%dT00:00:00Z" % (i + 1), "rules": "classic", "seed": s["seed"],
              "seats": s["seats"], "actions": s["actions"], "summary": {"over": True}} for i, s in enumerate((a, b))]
    page.evaluate("(t) => localStorage.setItem('wlc.past', t)", json.dumps({"v": 1, "games": games}))
    page.goto(club["url"] + "#players")
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=T)
    page.wait_for_selector("#cl-players", timeout=T)
    rows = page.locator("#cl-players tbody tr")
    got = {rows.nth(i).locator("td").nth(1).inner_text(): rows.nth(i).inner_text().split("\t") for i in range(rows.count())}
    assert set(got) == {"Ann", "Bob", "Computer (hard)"}      # "ann" is Ann; a level is a player
    from engine.club.replay import ppt_parts
    lex = Lexicon.default()
    ann = [(ppt_parts(Game.replay(Rules.from_string("classic"), s["seed"], s["actions"], 2, lexicon=lex,
                                  names=[x["name"] for x in s["seats"]]), 0)) for s in (a, b)]
    assert got["Ann"][2] == "2" and got["Ann"][5] == "%.2f" % (sum(p for p, _ in ann) / sum(t for _, t in ann))
    ppts = [float(rows.nth(i).inner_text().split("\t")[5]) for i in range(rows.count())]
    assert ppts == sorted(ppts, reverse=True)
    page.click("[data-act=player][data-key='name:ann']")
    page.wait_for_selector("#cl-player-games li", timeout=T)
    assert page.locator("#cl-player-games li").count() == 2
    assert page.inner_text("#cl-pg-h") == "Games of Ann"
    page.screenshot(path=str(SHOTS / "club-players-1280.png"), full_page=True)


def test_play_this_game_opens_the_pairings_game_in_the_game_page(browser, site_url):
    """"Play this game": the pairing's game (its seed, its players in order, a seat
    given to a computer level) becomes the game page's saved game, opened in a new tab;
    an unfinished saved game is kept in Past games first."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        unfinished = kit.saved_game({"rules": "classic", "seed": "mine", "actions": ["-"],
                                     "seats": [{"name": "Me", "kind": "human"}, {"name": "Comp", "kind": "hard"}]})
        boot(page, site_url + "club.html")
        page.evaluate("(t) => localStorage.setItem('wlc.game', t)", unfinished)
        page.fill("#cl-players", "Ann\nBob")
        page.fill("#cl-rounds", "1")
        page.fill("#cl-seed", "7")
        act(page, "[data-act=new]")
        act(page, "[data-act=pair]")
        number, first, second = pairings(page, 1)[0]
        base = f"cl-1-{number}"
        page.click(f"#cl-round-1 summary:has-text('Play this game here')")
        page.select_option(f"#{base}-k1", "hard")
        with context.expect_page() as opened:
            page.click(f"[data-act=play][data-base='{base}']")
        game = opened.value
        game.wait_for_selector("body[data-ready='1']", state="attached", timeout=T)
        saved = json.loads(game.evaluate("localStorage.getItem('wlc.game')"))
        assert saved["spec"]["seed"] == f"7~1.{number}"
        assert [s["name"] for s in saved["spec"]["seats"]] == [first, second]
        assert [s["kind"] for s in saved["spec"]["seats"]] == ["human", "hard"]
        scores = game.inner_text("#scores")
        assert first in scores and second in scores
        assert "played here" not in page.inner_text("#app")      # not finished: nothing recorded
        past = json.loads(page.evaluate("localStorage.getItem('wlc.past')"))
        assert [g["seed"] for g in past["games"]] == ["mine"]    # the unfinished game, kept
    finally:
        context.close()


def test_a_second_tab_follows_and_players_join_and_withdraw(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        first, second = context.new_page(), context.new_page()
        boot(first, site_url + "club.html")
        first.fill("#cl-players", "Ann\nBob\nCy\nDi")
        act(first, "[data-act=new]")
        boot(second, site_url + "club.html")
        assert second.inner_text("#cl-title") == "Club night"
        act(first, "[data-act=pair]")
        second.wait_for_selector("#cl-round-1", timeout=T)           # the other tab follows
        second.fill("#cl-add", "ann")
        act(second, "[data-act=add]")
        assert "Two players are called 'ann'" in second.inner_text("#cl-err")
        second.fill("#cl-add", "Ed")
        act(second, "[data-act=add]")
        assert "Ed plays from round 2" in second.inner_text("#cl-msg")
        first.wait_for_selector("#cl-standings tr[data-player='Ed']", timeout=T)
        first.select_option("#cl-withdraw", "Di")
        act(first, "[data-act=withdraw]")
        assert "Di is paired no more" in first.inner_text("#cl-msg")
        assert "withdrawn" in first.inner_text("#cl-standings tr[data-player='Di']")
        second.wait_for_selector("#cl-standings tr[data-player='Di'] >> text=withdrawn", timeout=T)
    finally:
        context.close()
