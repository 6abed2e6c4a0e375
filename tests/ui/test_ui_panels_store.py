"""ui/store/past.py and ui/panels/settings.py: stored past games and settings (CPython and MicroPython)."""

import json

from ui import store
from ui.panels import settings
from ui.store import past


class Storage:
    """localStorage's shape: a quota in characters, or no storage at all."""

    def __init__(self, quota=10 ** 7, broken=False):
        self.data, self.quota, self.broken = {}, quota, broken

    def getItem(self, key):
        if self.broken:
            raise ValueError("SecurityError: access is denied")
        return self.data.get(key)

    def setItem(self, key, value):
        if self.broken:
            raise ValueError("SecurityError: access is denied")
        used = sum(len(v) for k, v in self.data.items() if k != key)
        if used + len(value) > self.quota:
            raise ValueError("QuotaExceededError: the quota has been exceeded")
        self.data[key] = value

    def removeItem(self, key):
        if self.broken:
            raise ValueError("SecurityError: access is denied")
        self.data.pop(key, None)


def summary(preset="classic", scores=(300, 250), winner=(0,), best=None, kinds=("human", "hard")):
    return {"preset": preset, "rules": preset, "seed": "1", "names": ["You", "Computer"], "kinds": list(kinds),
            "scores": list(scores), "winner": list(winner), "ppt": [20.0, 16.7],
            "best": best or {"move": "8D ZEBRAS", "score": 84, "player": 0, "name": "You", "words": ["ZEBRAS"]},
            "hints": 1, "turns": 20, "actions": 21, "over": True, "end_reason": "went out"}


def spec(seed="1", actions=("8D ZEBRAS", "-")):
    return {"rules": "classic", "seed": seed, "seats": [{"name": "You", "kind": "human"},
                                                       {"name": "Computer", "kind": "hard"}],
            "actions": list(actions)}


def test_record_keeps_what_replays_the_game_and_the_list_columns():
    e = past.record(spec(), summary(), 1763900000000)
    assert past.spec_of(e) == spec()
    assert e["summary"]["scores"] == [300, 250] and e["summary"]["winner"] == [0]
    assert "rules" not in e["summary"] and e["date"] == "1763900000000"
    assert len(past.dumps([e])) < 1200


def test_game_id_is_stable_and_tells_games_apart():
    assert past.game_id(spec()) == past.game_id(spec())
    assert past.game_id(spec()) != past.game_id(spec(seed="2"))
    assert past.game_id(spec()) != past.game_id(spec(actions=("8D ZEBRAS",)))


def test_keep_adds_newest_first_without_doubles_and_survives_reading_back():
    st = Storage()
    a = past.record(spec("1"), summary(), 1)
    b = past.record(spec("2"), summary(), 2)
    assert past.keep(st, a) == ([a], "")
    games, msg = past.keep(st, b)
    assert msg == "" and [g["id"] for g in games] == [b["id"], a["id"]]
    games, msg = past.keep(st, a)
    assert [g["id"] for g in games] == [a["id"], b["id"]]
    assert past.load(st) == (games, "")
    assert past.delete(games, a["id"]) == [b]


def test_full_storage_says_so_and_keeps_what_was_there():
    st = Storage(quota=900)
    a = past.record(spec("1"), summary(), 1)
    assert past.keep(st, a)[1] == ""
    before = st.data[past.KEY]
    games, msg = past.keep(st, past.record(spec("2"), summary(), 2))
    assert msg == past.FULL and "full" in msg
    assert st.data[past.KEY] == before


def test_unavailable_storage_says_so():
    st = Storage(broken=True)
    games, msg = past.keep(st, past.record(spec(), summary(), 1))
    assert msg == past.UNAVAILABLE and "private" in msg
    assert past.load(st) == ([], past.UNAVAILABLE)


def test_unreadable_list_is_never_overwritten():
    st = Storage()
    st.data[past.KEY] = "{not json"
    games, msg = past.keep(st, past.record(spec(), summary(), 1))
    assert msg == past.UNREADABLE and st.data[past.KEY] == "{not json"
    st.data[past.KEY] = json.dumps({"v": 1, "games": [{"id": 3}, "x"]})
    assert past.load(st) == ([], "")


def test_by_preset_counts_wins_average_and_best_play():
    big = {"move": "H1 QUIZ", "score": 120, "player": 1, "name": "Computer", "words": ["QUIZ"]}
    games = [past.record(spec("1"), summary(scores=(300, 250), winner=(0,)), 1),
             past.record(spec("2"), summary(scores=(200, 260), winner=(1,), best=big), 2),
             past.record(spec("3"), summary(preset="iii", scores=(400, 100)), 3)]
    rows = past.by_preset(games)
    assert [r["preset"] for r in rows] == ["classic", "iii"]
    classic = rows[0]
    assert classic["games"] == 2 and classic["wins"] == 1 and classic["average"] == 250
    assert classic["best"]["score"] == 120
    assert rows[1]["wins"] == 1 and rows[1]["average"] == 400


def test_settings_defaults_sound_off_and_bad_values_ignored():
    d = settings.load(None)
    assert d == {"theme": "system", "sound": False, "confirm": False, "motion": "system"}
    assert settings.load("{oops") == d
    s = settings.load(json.dumps({"theme": "purple", "sound": True, "confirm": "1"}))
    assert s["theme"] == "system" and s["sound"] is True and s["confirm"] is True
    assert settings.load(settings.dump(s)) == s


def test_settings_change_and_body_attributes():
    s = settings.change(settings.defaults(), "theme", "dark")
    assert settings.page_theme(s) == "dark" and "data-theme" not in settings.body_attrs(s)
    assert settings.page_theme(settings.defaults()) is None
    assert settings.page_theme(s, "light") == "light" and settings.page_theme(s, "auto") is None
    assert settings.page_theme(settings.defaults(), "dark") == "dark"
    assert settings.change(s, "theme", "neon") == s
    assert settings.change(s, "nope", 1) == s
    m = settings.change(s, "motion", "reduce")
    assert settings.body_attrs(m)["data-motion"] == "reduce"
    assert settings.change(m, "sound", False)["sound"] is False


class Window:
    """The pages' wlcGet/wlcSet (ui/kit.js): failures come back as text, never thrown."""

    def __init__(self, storage):
        self.storage = storage

    def wlcGet(self, key):
        try:
            return self.storage.getItem(key) or ""
        except ValueError as exc:
            return "\u0001" + str(exc).split(":")[0]

    def wlcSet(self, key, value):
        try:
            self.storage.setItem(key, value)
        except ValueError as exc:
            return str(exc)
        return ""

    def wlcDel(self, key):
        try:
            self.storage.removeItem(key)
        except ValueError as exc:
            return str(exc)
        return ""


def test_page_storage_turns_failures_back_into_messages():
    ok = store.PageStorage(Window(Storage()))
    entry = past.record(spec(), summary(), "2026-11-23T08:30:00.000Z")
    assert past.keep(ok, entry) == ([entry], "")
    assert past.load(ok) == ([entry], "")
    full = store.PageStorage(Window(Storage(quota=100)))
    assert past.keep(full, entry)[1] == past.FULL
    private = store.PageStorage(Window(Storage(broken=True)))
    assert past.load(private) == ([], past.UNAVAILABLE)
    assert past.keep(private, entry)[1] == past.UNAVAILABLE


def test_page_storage_removes_and_reads_without_raising():
    """ui/main.py and ui/links/embed.py read and clear the saved game through store.PageStorage."""
    page = store.PageStorage(Window(Storage()))
    page.setItem(store.KEY, "x")
    assert store.read(page, store.KEY) == ("x", "")
    page.removeItem(store.KEY)
    assert store.read(page, store.KEY) == (None, "")
    blocked = store.PageStorage(Window(Storage(broken=True)))
    text, problem = store.read(blocked, store.KEY)
    assert text is None and problem.startswith("SecurityError")
    try:
        blocked.removeItem(store.KEY)
        raised = False
    except ValueError:
        raised = True
    assert raised
    assert store.why_not_saved(problem) == store.NO_STORAGE
    assert store.why_not_saved("QuotaExceededError: the quota has been exceeded") == store.FULL
