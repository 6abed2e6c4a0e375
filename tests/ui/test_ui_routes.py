"""ui/boot/handlers.py: the page put together, each event's handlers in order; a handler
may hand the rest of the list another event, or end it (CPython and MicroPython)."""

import ui_fixtures as fx
from ui import state
from ui.boot import handlers
from ui.ear import hooks as ear
from ui.links import bylink, embed, replay, share
from ui.panels import actions as panels
from ui.review import actions as review


def _mark(name):
    def handler(s, ev):
        s["seen"] = s.get("seen", []) + [name + ":" + str(ev.get("n"))]
        return s
    return handler


def test_a_handler_may_hand_on_another_event_or_end_the_list():
    handlers.ROUTES["t_probe"] = [_mark("a"), lambda s, ev: (s, {"t": "t_probe", "n": 2}), _mark("b"),
                                  lambda s, ev: (s, None), _mark("c")]
    try:
        s = handlers.step(fx.new(), {"t": "t_probe", "n": 1})
    finally:
        del handlers.ROUTES["t_probe"]
    assert s["seen"] == ["a:1", "b:2"]
    same = fx.new()
    assert handlers.step(same, {"t": "no such event"}) == dict(same, fx=[])


def test_every_event_has_a_list_of_handlers_and_the_snapshot_s_order_is_the_page_s():
    for t in handlers.ROUTES:
        assert handlers.ROUTES[t] and all(callable(h) for h in handlers.ROUTES[t]), t
    assert handlers.ROUTES["snapshot"] == [ear.remember, replay.end_on_snapshot, state.on_snapshot, ear.tell_snapshot,
                                           panels.after_snapshot,
                                           review.after_snapshot, panels.keep_focus, share.after_snapshot, embed.tell_turn,
                                           bylink.after_snapshot]
    assert panels.OPEN_HOOKS.get("review") and [p for p, _ in panels.RUNNERS].count("p_rv_") == 1


def test_confirm_before_play_holds_the_play_and_a_replay_takes_the_keys():
    s = fx.new()
    s["pn"] = dict(panels.pn(s), settings=dict(panels.pn(s)["settings"], confirm=True))
    s = handlers.step(s, {"t": "tap_rack", "id": 0})
    s = handlers.step(s, {"t": "tap_square", "sq": "H8"})
    assert s["placed"]
    held = handlers.step(s, {"t": "play"})
    assert panels.pn(held)["confirm"] == "play" and held["busy"] == "" and not fx.effects(held, "play")
    s = fx.new(fx.snap(actions=["8D ZEBRAS", "-"]))
    s["replay"] = {"at": 2, "total": 2, "live": s["snap"], "only": False, "pending": False, "seat": 0}
    s["busy"] = "replay"
    stepped = handlers.step(s, {"t": "key", "key": "ArrowLeft"})
    assert fx.effects(stepped, "at") == [{"do": "at", "k": 1}] and stepped["cursor"] == s["cursor"]
