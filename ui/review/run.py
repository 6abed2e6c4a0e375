"""The review's engine effects and the results it keeps (the page side of
ui/review/actions.py): each effect asks the engine worker, or the browser's
storage, and comes back as an event. The engine, window and dispatch are passed
in, so tests drive these with stand-ins; ui/panels/run.py calls ``run``.

Kept results: localStorage KEY holds one review's (the last game's, one
ranking's) as {"key": cache key, "results": [...]}; a review of other seats of
the same game adds to them, so switching seats back finds them again.
"""

import json

from ui import store
from ui.store import past as pastgames
from ui.review.view import rv

KEY = store.REVIEW_KEY      # localStorage: {"key": cache key, "results": [...]}
STORE_MAX = 400000          # characters: a longer review is not kept (it restarts after a reload)



def read_kept(text, cache):
    """The results stored for ``cache`` (a list; [] when none or unreadable)."""
    if not cache or not text:
        return []
    try:
        data = json.loads(text)
    except ValueError:
        return []
    if not isinstance(data, dict) or data.get("key") != cache or not isinstance(data.get("results"), list):
        return []
    return data["results"]


def dump_kept(cache, results, kept=()):
    """The text stored for a review ("" when it is too long to keep): its results and
    those kept before for the same game and ranking (other seats' turns), by turn."""
    mine = {}
    for x in results:
        mine[x.get("turn")] = True
    others = [x for x in kept if isinstance(x, dict) and "turn" in x and x["turn"] not in mine]
    text = json.dumps({"key": cache, "results": others + list(results)})
    return text if len(text) <= STORE_MAX else ""


def played_tiles(after):
    """[{"sq", "letter"}] of the tiles the turn put down, from the snapshot after it."""
    squares = []
    for t in after.get("events") or []:
        if t.get("kind") in ("play", "invalid", "phony", "final"):
            squares += t.get("squares") or []
    letters = {}
    for t in after.get("tiles") or []:
        letters[t["sq"]] = t
    out = []
    for sq in squares:
        t = letters.get(sq)
        if t is not None:
            out.append({"sq": sq, "letter": t["letter"]})
    return out


async def run(f, eng, window, dispatch, get_state):
    """Engine work for the review; every answer comes back as an event."""
    from ui import store
    do = f["do"]
    storage = store.PageStorage(window)
    if do == "p_rv_plan":
        plan = json.loads(await eng.review_plan(f["source"], f.get("seats", "")))
        try:
            kept = read_kept(storage.getItem(KEY), f["cache"])
        except Exception:
            kept = []
        dispatch({"t": "p_rv_plan", "gen": f["gen"], "plan": plan, "cached": kept})
    elif do == "p_rv_turn":
        r = rv(get_state())
        if r is None or r["gen"] != f["gen"] or not r["running"]:
            dispatch({"t": "p_rv_result", "gen": f["gen"], "turn": f["turn"], "result": None})
            return
        res = json.loads(await eng.review_turn(f["turn"], f["budget_ms"], f["ranking"]))
        dispatch({"t": "p_rv_result", "gen": f["gen"], "turn": f["turn"], "result": res})
        r = rv(get_state())
        if f["cache"] and r is not None and r["gen"] == f["gen"] and "error" not in res:
            try:
                text = dump_kept(f["cache"], r["results"], read_kept(storage.getItem(KEY), f["cache"]))
                if text:
                    storage.setItem(KEY, text)
            except Exception:
                pass  # storage full or blocked: the review goes on, a reload restarts it
    elif do == "p_rv_summary":
        data = json.loads(await eng.review_summary(json.dumps(f["results"])))
        dispatch({"t": "p_rv_summary", "gen": f["gen"], "data": data})
    elif do == "p_rv_keep":
        entry = pastgames.view_entry(f["spec"], f["snap"], pastgames.now_text(window))
        games, msg = pastgames.keep(storage, entry)
        dispatch({"t": "p_data", "what": "past", "data": {"games": games, "msg": msg, "notice": bool(msg)}})
    elif do == "p_rv_board":
        before = json.loads(await eng.at(f["k"]))
        if "tiles" not in before:
            board = {"turn": f["turn"], "error": before.get("error", "The board cannot be shown.")}
        else:
            played = []
            if f["play"] and before.get("at", f["k"]) < before.get("total", 0):
                played = played_tiles(json.loads(await eng.at(f["k"] + 1)))
            board = {"turn": f["turn"], "tiles": before["tiles"], "size": before.get("size", 15), "played": played}
        dispatch({"t": "p_rv_board", "gen": f["gen"], "turn": f["turn"], "board": board})
