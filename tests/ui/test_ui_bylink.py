"""Play by link (ui/links/bylink.py): a device plays its own seat only, never sees another's
rack, offers "Send to ..." after its move, and keeps its games by link in a list that
a newer link updates, an older one never rolls back and a differing one never merges."""

import ui_fixtures as fx
from ui.boot import handlers
from ui_fixtures import new
from ui import state, view
from ui.links import bylink
from ui.links import share, share_view

HUMANS = ("human", "human")
step = handlers.step   # the page's events, each to its handlers (ui/boot/handlers.py)


def fresh():
    s = new(fx.snap(kinds=HUMANS))
    return share.boot(s, "", False, True)


def linked(actions, to_move):
    turns = [{"player": i % 2, "kind": "play", "text": a, "score": 10} for i, a in enumerate(actions)]
    return fx.snap(kinds=HUMANS, actions=list(actions), to_move=to_move, racks=("AEINRST", "EGGLOOS"),
                   turns=turns)


def test_the_dialog_makes_a_friend_a_person_to_the_engine():
    spec = {"rules": "classic", "seed": "1", "actions": [],
            "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "friend"}]}
    plain, me = bylink.plain_spec(spec)
    assert me == 0 and [x["kind"] for x in plain["seats"]] == ["human", "human"]
    assert bylink.dialog_problem([("Ann", "human"), ("Bob", "friend")]) == ""
    assert bylink.dialog_problem([("Ann", "human"), ("Bob", "friend"), ("C", "hard")])
    assert bylink.dialog_problem([("Ann", "friend"), ("Bob", "friend")])
    assert bylink.dialog_problem([("Ann", "human"), ("Bob", "hard")]) == ""


def test_a_new_game_by_link_shows_only_my_rack_and_offers_to_send():
    s = fresh()
    spec = {"rules": "classic", "seed": "1", "actions": [],
            "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "friend"}]}
    s = step(s, {"t": "new_game", "spec": spec})
    assert s["bylink"]["me"] == 0 and not share.saving(s)       # carried by its link, not the saved game
    opened = [f for f in s["fx"] if f["do"] == "open"][0]["spec"]
    assert [x["kind"] for x in opened["seats"]] == ["human", "human"]
    # after Ann's move, Bob is to move: Ann keeps her own rack, no hand-over, a Send button
    s = step(s, {"t": "snapshot", "snap": linked(["8D ZEBRAS"], 1)})
    assert s["rack_seat"] == 0 and s["handover"] < 0 and not state.my_turn(s)
    assert "".join(e["tile"] for e in s["rack"]) == "AEINRST"
    assert "Send to Player 2" in share_view.box_html(s) and "not secret" in share_view.box_html(s)
    assert "Waiting for Player 2" in view.status_text(s)
    assert [f for f in s["fx"] if f["do"] == "bylink_save"]


def test_a_friend_opening_the_link_plays_the_seat_to_move():
    s = fresh()
    s["link"] = {"status": "pending", "fragment": "g1.x", "own": False, "turn": None, "view": {}}
    s = step(s, {"t": "link_opened", "snap": linked(["8D ZEBRAS"], 1), "bylink_games": []})
    assert s["bylink"]["me"] == 1 and state.my_turn(s)
    assert "".join(sorted(e["tile"] for e in s["rack"])) == "EGGLOOS"
    assert [f for f in s["fx"] if f["do"] == "bylink_save"]
    entry = bylink.entry_of(s, "2026-11-25T01:00:00Z")
    assert entry["me"] == 1 and entry["spec"]["actions"] == ["8D ZEBRAS"] and entry["last"]


def kept(actions, me=0):
    spec = {"rules": "classic", "seed": "t1", "seats": fx.snap(kinds=HUMANS)["seats"], "actions": list(actions)}
    return {"id": bylink.game_key(spec), "me": me, "spec": spec}


def test_a_newer_link_updates_an_older_one_shows_ours_a_differing_one_is_not_merged():
    for theirs, mine, rel in ((["A", "B"], ["A"], "newer"), (["A"], ["A", "B"], "older"),
                              (["A", "C"], ["A", "B"], "differs"), (["A"], ["A"], "same")):
        assert bylink.relation(mine, theirs) == rel
    s = fresh()
    s["link"] = {"status": "pending", "fragment": "g1.x", "own": False, "turn": None, "view": {}}
    newer = step(s, {"t": "link_opened", "snap": linked(["8D ZEBRAS", "-"], 0), "bylink_games": [kept(["8D ZEBRAS"])]})
    assert newer["bylink"]["me"] == 0 and newer["spec"]["actions"] == ["8D ZEBRAS", "-"]
    older = step(s, {"t": "link_opened", "snap": linked(["8D ZEBRAS"], 1), "bylink_games": [kept(["8D ZEBRAS", "-"])]})
    assert "older" in older["box"]["text"]
    assert [f for f in older["fx"] if f["do"] == "open"][0]["spec"]["actions"] == ["8D ZEBRAS", "-"]
    differs = step(s, {"t": "link_opened", "snap": linked(["8D ZEBRAS", "-QI"], 0),
                       "bylink_games": [kept(["8D ZEBRAS", "-"])]})
    note = bylink.fork_note(differs)   # shown read-only (a replay: no rack, no move), ours one press away
    assert differs["bylink"] is None and "differs" in note["text"] and differs["replay"]["only"]
    assert differs["rack"] == [] and not state.my_turn(differs) and differs["handover"] < 0
    back = step(differs, {"t": "bylink_back"})
    assert back["bylink"]["me"] == 0 and back["replay"] is None
    assert [f for f in back["fx"] if f["do"] == "open"][0]["spec"]["actions"] == ["8D ZEBRAS", "-"]
    assert not [f for f in differs["fx"] if f["do"] == "bylink_save"]


def test_a_link_of_a_game_against_the_computer_is_not_a_game_by_link():
    s = fresh()
    s["link"] = {"status": "pending", "fragment": "g1.x", "own": False, "turn": None, "view": {}}
    s = step(s, {"t": "link_opened", "snap": fx.snap(actions=["-"]), "bylink_games": []})
    assert s["bylink"] is None


def test_a_friends_name_is_text_everywhere_the_send_flow_shows_it():
    evil = "<img src=x onerror=alert(1)>"
    s = fresh()
    s["bylink"] = {"id": "L1", "me": 0}
    s["snap"] = dict(s["snap"], to_move=1, seats=[{"name": "Ann", "kind": "human"}, {"name": evil, "kind": "human"}])
    assert "<img" not in share_view.box_html(s)
    s = share.on_share_done(s, {"kind": "share", "url": "http://x/#g1.a", "copied": True, "to": evil})
    assert "<img" not in share_view.box_html(s)


def _spec(seed=1, seats=(("Ann", "human"), ("Bob", "human")), rules="classic", start=None):
    out = {"rules": rules, "seed": seed, "actions": [], "seats": [{"name": n, "kind": k} for n, k in seats]}
    if start is not None:
        out["start"] = start
    return out


def test_the_games_key_tells_apart_every_identity_and_ignores_the_rules_order():
    key = bylink.game_key
    assert key(_spec(seed=42)) != key(_spec(seed="42"))
    assert key(_spec(seats=(("a:human,b", "human"), ("c", "human")))) != key(_spec(seats=(("a", "human"), ("b:human,c", "human"))))
    assert key(_spec(seats=(("a|b", "human"), ("c", "human")))) != key(_spec(seats=(("a", "human"), ("b|c", "human"))))
    assert key(_spec(rules="o,clock=60,final=1")) == key(_spec(rules="o, final=1,clock=60"))
    assert key(_spec(rules="o,clock=60")) != key(_spec(rules="o,clock=90"))
    assert key(_spec(start="")) == key(_spec()) != key(_spec(start="15/15 A/B 0/0 0"))
    assert key(_spec(seed="x")) == key(dict(_spec(seed="x"), actions=["8D ZEBRAS"]))   # the moves are not the identity


def _old_key(spec):
    """The key an earlier page stored: FNV-1a of the fields joined with separators."""
    names = ",".join(str(x.get("name", "")) + ":" + str(x.get("kind", "")) for x in spec.get("seats", []))
    text = str(spec.get("rules", "")) + "|" + str(spec.get("seed", "")) + "|" + names + "|" + str(spec.get("start") or "")
    h = 2166136261
    for ch in text:
        h = ((h ^ ord(ch)) * 16777619) & 0xFFFFFFFF
    return "L" + hex(h)[2:]


def test_games_stored_under_the_old_key_are_still_found_and_kept_once():
    spec = dict(kept(["8D ZEBRAS"])["spec"], rules="o,final=1,clock=60")
    again = dict(spec, rules="o,clock=60,final=1", actions=["8D ZEBRAS", "-"])
    stored = bylink.dumps([{"id": _old_key(again), "me": 1, "spec": again},
                           {"id": _old_key(spec), "me": 1, "spec": spec}])
    games = bylink.parse(stored)
    assert len(games) == 1 and games[0]["spec"]["actions"] == ["8D ZEBRAS", "-"]   # the newest of the two
    snap = linked(["8D ZEBRAS", "-", "-"], 1)
    snap["rules"] = "o,clock=60,final=1"
    s = fresh()
    s["link"] = {"status": "pending", "fragment": "g1.x", "own": False, "turn": None, "view": {}}
    s = step(s, {"t": "link_opened", "snap": snap, "bylink_games": games})
    assert s["bylink"] == {"id": games[0]["id"], "me": 1} and s["spec"]["actions"] == ["8D ZEBRAS", "-", "-"]
