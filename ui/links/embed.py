"""The browser side of links, sharing, replay and embedding (MicroPython, main thread).

ui/main.py calls three things here: ``boot`` (read ``location.hash`` before the first
paint), ``attach`` (listeners of the share panel, the replay bar, keys and the
embed's postMessage) and ``run`` (the effects the handlers ask for); ``tell_turn``
is a step of the page's events (ui/boot/handlers.py). Everything that decides is in
the pure modules; this file only talks to the browser.

postMessage (docs/embedding.md): on the embed page only, to ``window.parent`` with
target origin "*" (the messages carry nothing secret: a turn number, a height, a
move text); requests are taken only from ``window.parent`` and can only ask for a
turn or a theme. No message ever navigates the page.
"""

import json

from ui import store
from ui.links import bylink
from ui.links import share
from ui.game.turns import move_text

W = {}           # window, document, dispatch, state getter (set by boot / attach)
PROXIES = []     # callbacks handed to the browser live as long as the page
LAST_POST = {}   # the last message of each kind, not repeated


def tell_turn(s, ev):
    """After the live game shown changed (a snapshot, back from a replay): the embed tells
    its parent about every action as it happens. The message is made from the state this
    event produced (an effect that read the state later would see the computer's reply
    already, and the player's own move went unsaid), and goes first, before the computer
    starts thinking."""
    msg = turn_message(s)
    if msg is not None:
        s["fx"] = [{"do": "embed_turn", "msg": msg}] + s["fx"]
    return s


def boot(s, window, document):
    """``s`` with the link the page was opened with (if any) and the embed options."""
    W["window"], W["document"] = window, document
    embed = document.documentElement.getAttribute("data-embed") == "1"   # index.html?embed=1
    has_saved = bool(store.read(store.PageStorage(window), store.KEY)[0])
    hash_text = str(window.location.hash or "")
    s = share.boot(s, hash_text, embed, has_saved)
    view = share.parse_options(hash_text)["view"]
    apply_view(view)
    if embed and store.read(store.PageStorage(window), store.KEY)[1]:
        s = unsaved(s)
    return s


UNSAVED = 'Not saved (storage refused): "Open full game" keeps it.'


def unsaved(s):
    """Storage refused (a frame on another site): the game plays on unsaved, and the
    frame says so in one quiet line instead of the page's alert."""
    if s.get("notice") == store.NO_STORAGE:
        s["notice"] = ""
    doc = W["document"]
    side = doc.querySelector(".side")
    if side is not None and doc.getElementById("embed-unsaved") is None:
        line = doc.createElement("p")
        line.id = "embed-unsaved"
        line.className = "pn-note"
        line.textContent = UNSAVED
        side.appendChild(line)
    return s


def apply_view(view):
    """What an embed shows, as attributes the CSS reads (its theme is in the state:
    ui/settings.page_theme)."""
    doc = W["document"]
    for key in share.FLAGS:
        if key in view:
            doc.body.setAttribute("data-" + key, "1" if view[key] else "0")


def may_save(s):
    return share.saving(s)


# ------------------------------------------------------------------ effects


async def run(f, eng, dispatch, get_state):
    """Carry out one of this feature's effects; False if ``f`` is not one of them."""
    do = f["do"]
    if do == "open_link":
        snap = json.loads(await eng.open_link(f["fragment"]))
        ev = {"t": "link_opened", "snap": snap, "bylink_games": bylink_games()}
        if "racks" not in snap:   # the bad link leaves the address bar (a reload is then normal)
            clear_hash()
        else:
            full_game_link(share.split_hash(f["fragment"])[0])
            ev["layout"] = await layout_for(eng, snap, get_state())
        dispatch(ev)
        post_turn(get_state())
    elif do == "at":
        snap = json.loads(await eng.at(int(f["k"])))
        dispatch({"t": "replay_snap", "snap": snap})
        post_turn(get_state())
    elif do == "link_sync":
        s = get_state()
        if s["snap"].get("readonly"):
            return True
        frag = await eng.link(-1)
        if frag.startswith("g"):
            set_hash(frag, s)
    elif do == "embed_turn":   # the parent hears of the action (tell_turn)
        post_ready(f["msg"])
        post(f["msg"])
    elif do == "link_turn":   # the replay shows turn k: the address bar says so (&t=k)
        shown = str(W["window"].location.hash or "").lstrip("#")
        if "hash" in W and share.split_hash(shown)[0] != share.split_hash(W["hash"])[0]:
            return True   # another game's link was put in the address bar since: the player's, kept
        data = share.split_hash(W.get("hash") or shown)[0]
        if data:
            link = get_state().get("link") or {}
            replace_hash(share.with_options(data, int(f["k"]), link.get("view") or {}))
    elif do == "share":
        await share_link(f, eng, dispatch, get_state())
    elif do == "import":
        snap = json.loads(await eng.import_record(f["text"]))
        ev = {"t": "imported", "snap": snap}
        if "racks" in snap:  # the record's rules may need another board
            ev["layout"] = await layout_for(eng, snap, get_state())
        dispatch(ev)
    elif do == "back_saved":
        back_saved(dispatch)
    else:
        return False
    return True


def bylink_games():
    """The games this device plays by link (ui/links/bylink.py), [] when storage is refused."""
    return bylink.parse(store.read(store.PageStorage(W["window"]), bylink.KEY)[0])


async def layout_for(eng, snap, s):
    """The board layout of ``snap``'s rules: the one shown if the rules are the same,
    else the engine's (a link of a 21x21 game opened where a 15x15 one was shown)."""
    rules = snap.get("rules", "classic")
    if s["layout"].get("rules") == rules:
        return s["layout"]
    lay = json.loads(await eng.layout(rules))
    return lay if "size" in lay else None


def set_hash(frag, s):
    """The address bar shows the game as it stands (no new history entry)."""
    link = s.get("link") or {}
    view = link.get("view") or {}
    frag = share.with_options(frag, None, view) if view else frag
    replace_hash(frag)


def replace_hash(frag):
    """Show ``frag`` in the address bar without a new history entry or a reload."""
    W["hash"] = frag
    try:
        W["window"].history.replaceState(None, "", "#" + frag)
    except Exception:
        pass
    full_game_link(share.split_hash(frag)[0])


def full_game_link(data):
    """The embed's "Open full game" link: this game in index.html (a new tab)."""
    full = W["document"].getElementById("open-full")
    if full is not None:
        full.setAttribute("href", share.page_url(str(W["window"].location.href), "index.html", data))


async def share_link(f, eng, dispatch, s):
    window = W["window"]
    kind = f.get("kind", "share")
    frag = await eng.link(int(f.get("turn", -1)))
    if not frag.startswith("g"):
        dispatch({"t": "share_done", "error": json.loads(frag).get("error", "unknown error")})
        return
    href = str(window.location.href)
    if kind == "embed":
        spec = {"rules": s["spec"].get("rules", "classic"), "seed": str(int(window.Math.random() * 1e9)),
                "seats": s["spec"].get("seats", []), "actions": []}
        fresh = await eng.link_for(json.dumps(spec), -1, "")
        url = share.page_url(href, share.EMBED_PAGE, frag)
        dispatch({"t": "share_done", "kind": "embed", "url": url, "snippet": share.embed_snippet(url),
                  "snippet_new": share.embed_snippet(share.page_url(href, share.EMBED_PAGE, fresh))
                  if fresh.startswith("g") else ""})
        return
    url = share.page_url(href, "club.html" if kind == "director" else "index.html", frag)
    shared = copied = False
    nav = window.navigator
    try:
        await nav.clipboard.writeText(url)
        copied = True
    except Exception:
        copied = False
    try:
        if getattr(nav, "share", None):
            await nav.share(js_object({"title": "Word Lovers' Crossword", "url": url}))
            shared = True
    except Exception:   # no share sheet, or the player closed it
        shared = False
    dispatch({"t": "share_done", "kind": "share", "url": url, "copied": copied, "shared": shared,
              "to": share.waiting_for(s) if kind == "send" else f.get("to", ""),
              "sent": kind if kind in ("director", "final") else ""})


def js_object(d):
    return W["window"].JSON.parse(json.dumps(d))


def clear_hash():
    window = W["window"]
    try:
        window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
    except Exception:
        pass


def back_saved(dispatch):
    saved, problem = store.load(store.read(store.PageStorage(W["window"]), store.KEY)[0])
    if saved is None:
        dispatch({"t": "notice", "msg": "There is no saved game to go back to."})
        return
    clear_hash()
    dispatch({"t": "new_game", "spec": saved["spec"]})


# ------------------------------------------------------------------ listeners


def attach(on, dispatch, get_state):
    W["dispatch"], W["get"] = dispatch, get_state
    on("sharebox", "click", on_box_click)
    on("sharebox", "change", on_box_change)
    on("replaybar", "click", on_bar_click)
    on("document", "keydown", on_key)
    W["window"].onhashchange = _proxy(on_hashchange)
    bridge = getattr(W["window"], "wlcEmbed", None)
    if get_state().get("embed") and bridge:
        bridge.listen(_proxy(on_request))
        observe_height()
        if not get_state().get("link"):   # no link to wait for: ready now
            post_turn(get_state())


def _proxy(fn):
    from pyscript.ffi import create_proxy
    p = create_proxy(fn)
    PROXIES.append(p)
    return p


def on_box_click(e):
    btn = e.target.closest("button")
    if btn is None:
        return
    act = btn.getAttribute("data-share")
    dispatch = W["dispatch"]
    if act == "close":
        dispatch({"t": "box", "kind": ""})
    elif act == "new":
        dispatch({"t": "box", "kind": ""})
        W["document"].getElementById("btn-new").click()
    elif act == "back_saved":
        dispatch({"t": "back_saved"})
    elif act == "share":
        dispatch({"t": "share"})
    elif act == "send":   # play by link: the game to the friend whose turn it is
        dispatch({"t": "share", "kind": "send"})
    elif act in ("oath_before", "oath_after"):   # a tournament's game by link (ui/links/event.py)
        dispatch({"t": "oath", "which": act[5:]})
    elif act in ("to_director", "send_final"):
        dispatch({"t": act})
    elif act == "here":
        dispatch({"t": "box", "kind": ""})
        dispatch({"t": "handover_done"})
    elif act == "vs_computer":
        level = W["document"].getElementById("vs-level")
        dispatch({"t": "vs_computer", "level": str(level.value) if level is not None else "hard"})
    elif act == "import_go":
        area = W["document"].getElementById("import-text")
        dispatch({"t": "import", "text": str(area.value) if area is not None else ""})


def on_box_change(e):
    """A record file chosen: it opens at once (its text also shows in the paste box)."""
    if e.target.id != "import-file" or not e.target.files or not e.target.files.length:
        return
    import asyncio
    asyncio.create_task(_read_file(e.target.files.item(0)))


async def _read_file(file):
    area = W["document"].getElementById("import-text")
    if file.size > 200000:
        W["dispatch"]({"t": "box", "kind": "import"})
        W["dispatch"]({"t": "notice", "msg": "That file is over 200 kB: a game record or a position is far smaller."})
        return
    data = W["window"].Uint8Array.new(await file.arrayBuffer())
    text = decode_record(data)
    if area is not None:
        area.value = text
    W["dispatch"]({"t": "import", "text": text})


ENCODINGS = {"utf-8": "utf-8", "utf8": "utf-8", "iso-8859-1": "iso-8859-1",
             "iso 8859-1": "iso-8859-1", "latin-1": "iso-8859-1"}


def decode_record(data):
    """A record file's text as the engine reads it (engine/records/gcg.py decode_record):
    its ``#character-encoding`` line names UTF-8 or ISO-8859-1; without one, UTF-8 when
    it decodes, else ISO-8859-1. An unknown name is left in the text for the engine to refuse."""
    window = W["window"]
    if data.length >= 3 and data[0] == 0xEF and data[1] == 0xBB and data[2] == 0xBF:
        data = data.subarray(3)
    head = str(window.TextDecoder.new("iso-8859-1").decode(data.subarray(0, 120)))
    first = head.split("\n", 1)[0].strip()
    label = None
    if first.lower().startswith("#character-encoding"):
        label = ENCODINGS.get(first[len("#character-encoding"):].strip().lower())
    if label is not None:
        return str(window.TextDecoder.new(label).decode(data))
    try:
        return str(window.TextDecoder.new("utf-8", js_object({"fatal": True})).decode(data))
    except Exception:
        return str(window.TextDecoder.new("iso-8859-1").decode(data))


def on_bar_click(e):
    btn = e.target.closest("button")
    if btn is None or btn.disabled:
        return
    act = btn.getAttribute("data-rp")
    if act == "close":
        W["dispatch"]({"t": "replay_close"})
    elif act:
        W["dispatch"]({"t": "replay_step", "to": act})


def on_hashchange(e):
    """A link pasted into this tab's address bar (the page's own replaceState is not an event)."""
    hash_text = str(W["window"].location.hash or "")
    if hash_text.lstrip("#") != W.get("hash", ""):
        W["dispatch"]({"t": "hash", "hash": hash_text})


def on_key(e):
    """Replay keys anywhere but the board (whose own handler sends them) and forms."""
    s = W["get"]()
    if not s.get("replay") or e.ctrlKey or e.metaKey or e.altKey:
        return
    target = e.target
    if target.closest("#board") is not None or target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
        return
    if e.key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"):
        e.preventDefault()
        W["dispatch"]({"t": "key", "key": e.key})


# ------------------------------------------------------------------ postMessage


def on_request(text):
    """A message from the parent page (index.html's bridge checked that it is the
    parent and turned it into JSON text)."""
    req = share.parse_request(str(text) if text else "")
    if req is None:
        return
    kind, value = req
    if kind == "theme":
        W["dispatch"]({"t": "embed_theme", "theme": value})
        post(share.message("theme", theme=value))
    elif kind == "turn":
        W["dispatch"]({"t": "replay_step", "to": value})


def post(msg):
    """To the parent page, through index.html's bridge (nothing when not framed)."""
    bridge = getattr(W["window"], "wlcEmbed", None)
    if not bridge or LAST_POST.get(msg["type"]) == msg:
        return
    LAST_POST[msg["type"]] = msg
    bridge.post(json.dumps(msg))


def post_turn(s):
    msg = turn_message(s)
    if msg is not None:
        post_ready(msg)
        post(msg)


def post_ready(turn_msg):
    """"ready" goes once, before the first "turn"."""
    if "ready" not in LAST_POST:
        post(share.message("ready", turn=turn_msg["turn"], total=turn_msg["total"]))


def turn_message(s):
    """The "turn" message for the game shown in ``s`` (None: not an embed, or a replay
    step still on its way, said when it is shown). Pure."""
    if not s or not s.get("embed"):
        return None
    snap = s["snap"]
    r = s.get("replay")
    if r and r.get("pending"):
        return None
    total = r["total"] if r else len(snap.get("actions", []))
    turn = r["at"] if r else total
    turns = snap.get("turns", [])
    last = turns[-1] if turns else {}
    return share.message("turn", turn=turn, total=total, move=move_text(s, last) if last else "",
                         score=last.get("score", 0), scores=snap.get("scores", []),
                         to_move=snap.get("to_move", 0), phase=snap.get("phase", "play"))


def observe_height():
    """"height" is the content's own height (the root element's box, never less than
    the frame as scrollHeight is), so the parent can shrink the frame as well as grow it."""
    window = W["window"]
    root = W["document"].documentElement

    def report(*args):
        post(share.message("height", height=int(window.Math.ceil(root.getBoundingClientRect().height))))
    report()
    try:
        observer = window.ResizeObserver.new(_proxy(report))
        observer.observe(root)
        PROXIES.append(observer)
    except Exception:
        pass
