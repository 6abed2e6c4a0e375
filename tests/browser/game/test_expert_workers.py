"""The expert with helper workers (ui/engine_worker.py, engine/search/deal.py): a game
against it starts helpers once the engine is ready, its replies are legal moves the
native engine accepts and the game goes on; where the page's workers cannot start
helpers (the Worker constructor refused) or the helpers fail, it still plays."""

from __future__ import annotations

import json
import time

import pytest

import browserkit as kit

YOU_VS_EXPERT = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "expert"}]


def in_workers(body: str) -> str:
    """An init script that runs ``body`` first in every worker the page starts from a
    JavaScript blob (PyScript builds the engine's worker so; index.html prefixes the
    same way)."""
    return """(() => {
  const prelude = "typeof WorkerGlobalScope !== 'undefined' && (() => { %s })();\\n";
  const make = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (obj) => make(obj instanceof Blob && obj.type === "text/javascript"
    ? new Blob([prelude, obj], { type: obj.type }) : obj);
})();""" % body.replace('"', '\\"')


CORES_3 = in_workers("Object.defineProperty(self.navigator, 'hardwareConcurrency', { get: () => 3 });")
REFUSED = in_workers("self.Worker = function () { throw new Error('workers refused'); };")
BROKEN = in_workers("const W = self.Worker; self.Worker = function (url, options) { return new W("
                    "URL.createObjectURL(new Blob(['throw new Error(1)'], { type: 'text/javascript' })), options); };")


def published(page) -> dict:
    """What the engine's worker says of its helpers and its last simulation (self.wlcExpert)."""
    for worker in page.workers:
        text = worker.evaluate("self.wlcExpert || null")
        if text:
            return json.loads(text)
    return {}


def wait_published(page, done) -> dict:
    t0 = time.monotonic()
    while time.monotonic() - t0 < kit.TIMEOUT_MS / 1000:
        info = published(page)
        if info and done(info):
            return info
        time.sleep(0.2)
    raise AssertionError(f"the engine did not report its helpers as expected: {published(page)}")


def rack_play(spec: dict) -> list[tuple[str, str, str]]:
    """The best play made of rack tiles only (no pick-off or swap), as kit.place_by_taps takes it."""
    s = kit.native()
    before = json.loads(s.open(json.dumps(spec)))
    for move in json.loads(s.hint(10, 3000))["moves"]:
        after = json.loads(s.open(json.dumps(dict(spec, actions=spec["actions"] + [move["move"]]))))
        old = {t["sq"]: t["letter"] for t in before["tiles"]}
        if "warning" in after or any(old[t["sq"]] != t["letter"] for t in after["tiles"] if t["sq"] in old):
            continue
        tiles = [(t["sq"], t["letter"].upper(), "?" if t["blank"] else (t["flipped"] or t["letter"].upper()))
                 for t in after["tiles"] if t["sq"] not in old]
        if len(tiles) == len(after["tiles"]) - len(before["tiles"]):
            return tiles
    raise AssertionError("no play of rack tiles alone in the top ten")


def play_against(browser, site_url, rules: str, setup: str | None, replies: int = 2,
                 routes=None) -> tuple[dict, list[dict], list]:
    """A fresh page with a stored game against the expert (you first); ``replies``
    moves of yours by taps, each answered by the expert (``routes``: a function given the
    browser context, before the page opens). Returns what the engine published at the
    start, after each reply, and the page's errors."""
    seed, _ = kit.seed_with(rules, YOU_VS_EXPERT, lambda snap: snap["to_move"] == 0)
    spec = {"rules": rules, "seed": seed, "seats": YOU_VS_EXPERT, "actions": []}
    saved = kit.saved_game(spec)

    def prepare(context):
        context.add_init_script("t => localStorage.setItem('wlc.game', t)".replace("t => ", "((t) => ")
                                + ")(" + json.dumps(saved) + ")")
        if setup:
            context.add_init_script(setup)
        if routes:
            routes(context)

    with kit.own_page(browser, prepare) as (page, errors):
        page.goto(site_url + "index.html")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
        start = wait_published(page, lambda info: "starting" not in info["helpers"] or info["why"])
        after = []
        for n in range(replies):
            spec = kit.stored(page)["spec"]
            kit.place_by_taps(page, rack_play(spec))
            page.get_by_role("button", name="Play", exact=True).click()
            want = len(spec["actions"]) + 2
            page.wait_for_function(f"JSON.parse(localStorage.getItem('wlc.game')).spec.actions.length >= {want}",
                                   timeout=kit.TIMEOUT_MS)
            kit.wait_idle(page)
            after.append(published(page))
            saved_now = kit.stored(page)
            native = json.loads(kit.native().open(json.dumps(saved_now["spec"])))
            assert "warning" not in native and "error" not in native, native   # every move legal, natively
            assert native["scores"] == saved_now["snap"]["scores"]
            last = native["turns"][-1]
            assert last["player"] == 1 and last.get("kind") not in ("invalid", "phony"), last
        assert kit.stored(page)["snap"]["phase"] == "play"   # the game goes on
        return start, after, list(errors)


@pytest.mark.parametrize("rules", ["iii", "classic"])
def test_an_expert_game_with_helpers_plays_legal_moves(browser, site_url, rules):
    start, after, errors = play_against(browser, site_url, rules, CORES_3)
    assert errors == []
    assert start["helpers"] == ["ready"] * 2 and start["why"] == "", start   # 3 cores: 2 helpers
    assert all(i["heap"] and i["ms"] > 0 for i in start["info"])
    assert all(i["held"] is True for i in start["info"])   # the word list loaded in the snapshot: not fetched
    thought = [a["last"] for a in after if a["last"]]   # an endgame or a single candidate does not simulate
    assert thought and all(last["workers"] == 3 for last in thought), after   # dealt to both helpers
    if rules == "classic":   # quick rounds: the helpers' answers are in, whatever the machine's load
        assert any(e[1] >= 0 for last in thought for e in last["timeline"]), thought


def test_helpers_load_the_word_list_themselves_when_the_snapshots_engine_is_refused(browser, site_url):
    """A host serving another build's engine (engine.zip with a file more, no engine_rest.zip):
    the snapshot's engine, and the word list it holds loaded, are refused in the engine's
    worker and in each helper; both fetch lexicon.bin and load it, and the expert still
    deals its rounds to the helpers."""
    start, after, errors = play_against(browser, site_url, "classic", CORES_3, replies=1, routes=kit.another_build)
    assert errors == []
    assert start["helpers"] == ["ready"] * 2 and start["why"] == "", start
    assert all(i["held"] is False for i in start["info"])   # each loaded the file itself
    thought = [a["last"] for a in after if a["last"]]
    assert all(last["workers"] == 3 for last in thought), after


@pytest.mark.parametrize("setup,why", [(REFUSED, "refused"), (BROKEN, "")])
def test_a_page_without_helpers_still_plays(browser, site_url, setup, why):
    start, after, errors = play_against(browser, site_url, "iii", setup + CORES_3, replies=1)
    assert errors == []
    if why:
        assert start["helpers"] == [] and why in start["why"], start
    else:                                               # they started and failed
        assert start["helpers"] and set(start["helpers"]) == {"lost"}, start
    assert all(a["last"] == {} or a["last"]["workers"] == 1 for a in after), after


def test_helpers_are_let_go_when_a_game_without_an_expert_opens(browser, site_url):
    """Each helper holds a whole interpreter: a new game without an expert seat ends
    them, and a later game against the expert starts new ones."""
    seed, _ = kit.seed_with("classic", YOU_VS_EXPERT, lambda snap: snap["to_move"] == 0)
    saved = kit.saved_game({"rules": "classic", "seed": seed, "seats": YOU_VS_EXPERT, "actions": []})

    def prepare(context):
        context.add_init_script("((t) => localStorage.setItem('wlc.game', t))(" + json.dumps(saved) + ")")
        context.add_init_script(CORES_3)

    with kit.own_page(browser, prepare) as (page, errors):
        page.goto(site_url + "index.html")
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=kit.TIMEOUT_MS)
        assert wait_published(page, lambda info: info["helpers"] == ["ready"] * 2)
        kit.new_game(page, "classic", "letgo", [{"name": "You", "kind": "human"}, {"name": "Bot", "kind": "hard"}])
        assert wait_published(page, lambda info: info["helpers"] == ["stopped"] * 2)
        kit.new_game(page, "o", "again", YOU_VS_EXPERT)
        info = wait_published(page, lambda info: info["helpers"][2:] == ["ready"] * 2)
        assert info["helpers"] == ["stopped"] * 2 + ["ready"] * 2, info
        assert errors == []
