"""The club's tournament kept in the browser (ui/store's CLUB_KEY): {"v": 1, "t": the
tournament (engine/club/model.py JSON) or null}, saved after every change. Pure and
MicroPython-safe."""

from ui import store

KEY = store.CLUB_KEY


def dump(t):
    return store.sealed({"t": t})


def load(text):
    """(tournament dict or None, problem or "")."""
    data, problem = store.opened(text)
    if problem:
        return None, store.said(problem, "the saved tournament")
    t = data.get("t") if data is not None else None
    return (t if isinstance(t, dict) else None), ""
