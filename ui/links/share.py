"""Game links on the page side: the fragment's options, link and embed text, and the
embed's postMessage protocol. Pure and MicroPython-safe (no DOM, no engine).

The engine (engine/records/link.py, in the worker) is the authority on a link: it checks
the checksum, decodes the game and parses the options after it. This module reads
the same option grammar (``&t=N&mode=replay&theme=dark&controls=0``...) so the page
can lay itself out (theme, embed, replay) before the engine is up; what it reads is
only a first guess that the engine's answer ("link": {"turn", "view"}) replaces.
"""

import json

TAG_CHARS = "0123456789"
CHOICES = {"mode": ("play", "replay"), "theme": ("auto", "light", "dark")}
FLAGS = ("controls", "moves", "scores")
MAX_TURN = 100000

OPENING = "Opening the shared game\u2026"
NOT_SECRET = ("A game link is not secret: anyone who decodes it can learn every rack and "
              "the order of the bag. Share it only with the people you play.")
NOT_SECRET_BRIEF = "A game link is not secret."   # a phone's note above the board says it in brief
OPENED = "You opened a shared game. " + NOT_SECRET
SHARE_DONE = "Link copied. " + NOT_SECRET
SHARE_FALLBACK = "Copy the link below. " + NOT_SECRET

# The embed is the page itself in its compact layout (embed.html redirects here).
EMBED_PAGE = "index.html?embed=1"

# The embed's messages (docs/embedding.md): {"protocol": PROTOCOL, "v": VERSION, "type": ...}.
PROTOCOL = "wlc-embed"
VERSION = 1
MAX_MESSAGE = 2000


def split_hash(hash_text):
    """'#g1.DATA&t=3' -> ('g1.DATA', 't=3'); no fragment -> ('', '')."""
    text = (hash_text or "").strip()
    if text.startswith("#"):
        text = text[1:]
    data, _, options = text.partition("&")
    return data, options


def looks_like_link(hash_text):
    """Whether the page was opened with something meant as a game link (then the link
    wins over the saved game, even if it turns out to be damaged)."""
    data, _ = split_hash(hash_text)
    if len(data) > 1 and data[0] == "g" and data[1] in TAG_CHARS:
        return True
    # a look-alike ("G1.", "gg1.", "g.", "g-1."): the engine says it is not a game
    # link, rather than the saved game being shown as if nothing had been asked
    return data[:1] in ("g", "G") and "." in data[1:6]


def parse_options(hash_text):
    """{"turn": int | None, "view": {...}} from the options after the data; unknown
    or malformed options are dropped here (the engine reports them)."""
    _, options = split_hash(hash_text)
    out = {"turn": None, "view": {}}
    if not options:
        return out
    for part in options.split("&"):
        key, sep, value = part.partition("=")
        if not sep:
            continue
        if key == "t" and value.isdigit() and len(value) <= 6 and int(value) <= MAX_TURN:
            out["turn"] = int(value)
        elif key in CHOICES and value in CHOICES[key]:
            out["view"][key] = value
        elif key in FLAGS and value in ("0", "1"):
            out["view"][key] = value == "1"
    return out


def options_text(turn=None, view=None):
    """The options part ('&t=3&mode=replay') in the engine's order and spelling."""
    parts = []
    if turn is not None and turn >= 0:
        parts.append("t=" + str(int(turn)))
    view = view or {}
    for key in ("mode", "theme"):
        if view.get(key) in CHOICES[key]:
            parts.append(key + "=" + view[key])
    for key in FLAGS:
        if key in view:
            parts.append(key + "=" + ("1" if view[key] else "0"))
    return "".join("&" + p for p in parts)


def with_options(fragment, turn=None, view=None):
    """The link fragment with its options replaced (the data is kept as it is)."""
    data, _ = split_hash(fragment)
    return data + options_text(turn, view)


def page_url(location_href, page, fragment):
    """The URL of ``page`` ("index.html" or EMBED_PAGE) beside the current page,
    opening ``fragment``."""
    base = (location_href or "").split("#", 1)[0].split("?", 1)[0]
    if "/" in base:
        base = base[:base.rindex("/") + 1]
    return base + page + ("#" + fragment if fragment else "")


def attr(text):
    """Text made safe inside a double-quoted HTML attribute."""
    return (str(text).replace("&", "&amp;").replace('"', "&quot;")
            .replace("<", "&lt;").replace(">", "&gt;"))


def embed_snippet(url, title="Word Lovers' Crossword", height=640):
    """A ready <iframe> for a host page: sized by the host, no special permissions."""
    return ('<iframe src="' + attr(url) + '" title="' + attr(title) + '" width="100%" height="'
            + str(int(height)) + '" style="border:0;max-width:760px" loading="lazy"></iframe>')


def link_problem(message):
    """What the page says when a link cannot be opened (never a traceback)."""
    msg = (message or "").strip() or "this link cannot be opened"
    if msg.startswith("This game uses the word list"):   # engine/lexicon/own.py NEEDED: said as it is
        return msg[:300]
    return ("This game link could not be opened: " + msg[:200].rstrip(".")
            + ". You can start a new game or go back to your saved game.")


def ignored_text(options):
    """The quiet note for link options this version does not use (the game opened)."""
    return ("Ignored in this link: " + ", ".join(str(o) for o in options[:5])
            + " (an option this version does not know, or a bad value).")


def bad_move_text(error):
    """The message for a link whose moves stop being legal (the game is shown up to there)."""
    return "This link's game stops early: " + (error or "a move is not legal") + " The game is shown up to there."


# ------------------------------------------------------------------ postMessage


def message(kind, **fields):
    """A message from the embed to its parent (a JSON-ready dict)."""
    out = {"protocol": PROTOCOL, "v": VERSION, "type": kind}
    for key in fields:
        out[key] = fields[key]
    return out


def parse_request(text):
    """A parent's request (its JSON text) -> ("turn", n) | ("theme", name) | None.
    Anything else (another protocol, a newer version, a bad value) is ignored: a
    message can only ask for a turn or a theme, never navigate or run anything."""
    if not isinstance(text, str) or not text or len(text) > MAX_MESSAGE:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("protocol") != PROTOCOL or data.get("v") != VERSION:
        return None
    kind = data.get("type")
    if kind == "turn":
        turn = data.get("turn")
        if isinstance(turn, int) and not isinstance(turn, bool) and 0 <= turn <= MAX_TURN:
            return ("turn", turn)
        if turn in ("first", "last"):
            return ("turn", turn)
    elif kind == "theme" and data.get("theme") in CHOICES["theme"]:
        return ("theme", data["theme"])
    return None


# ------------------------------------------------------------------ page state
# Handlers in the style of ui/state.py. Keys this adds to the page's state:
#   s["link"]  None, or {"status": "pending" | "open" | "failed", "fragment", "own": bool,
#              "turn", "view"}: a game opened from a link; own=False means it is not the
#              saved game, so it is not saved over it (the URL carries it instead).
#   s["box"]   None, or {"kind": "share" | "embed" | "import" | "link", ...}: the share panel.
#   s["embed"] True on the embed page (index.html?embed=1).


def boot(s, hash_text, embed=False, has_saved=False):
    """The state at boot when the page was opened with ``hash_text``."""
    s["embed"] = bool(embed)
    s["embed_theme"] = parse_options(hash_text)["view"].get("theme", "") if embed else ""
    s["box"] = None
    s["replay"] = None
    s["has_saved"] = bool(has_saved)
    s["link"] = None
    if looks_like_link(hash_text):
        opts = parse_options(hash_text)
        s["link"] = {"status": "pending", "fragment": hash_text.lstrip("#"), "own": False,
                     "turn": opts["turn"], "view": opts["view"]}
        if not s.get("notice"):   # a notice already there (storage refused, say) stays said
            s["notice"] = OPENING
    return s


def saving(s):
    """Whether the page's save effect may write the saved game now."""
    link = s.get("link")
    if s["snap"].get("readonly"):
        return False
    return not link or link.get("own") or link.get("status") == "failed"


def same_game(spec, snap):
    """The link's game is the saved game (the player's own link, e.g. after a reload)."""
    if not spec or not snap:
        return False
    if spec.get("rules") != snap.get("rules") or spec.get("seed") != snap.get("seed"):
        return False
    if [x.get("name") for x in spec.get("seats", [])] != [x.get("name") for x in snap.get("seats", [])]:
        return False
    if (spec.get("start") or "") != (snap.get("start") or ""):
        return False
    mine, theirs = spec.get("actions", []), snap.get("actions", [])
    return theirs[:len(mine)] == mine


def after_engine(s, ev):
    """Engine up: open the link (if any) instead of rebuilding the game shown."""
    link = s.get("link")
    if link and link["status"] == "pending" and ev.get("status", "ready") == "ready":
        s["fx"] = [f for f in s["fx"] if f["do"] != "open"] + [
            {"do": "open_link", "fragment": link["fragment"]}]
        s["busy"] = "open"
    return s


def on_hash(s, ev):
    """A link pasted into the address bar of the open page (only the fragment changed,
    so the browser did not reload): open it as at boot."""
    hash_text = ev.get("hash", "")
    if not looks_like_link(hash_text):
        return s
    if s["busy"] == "replay":
        s["busy"] = ""
    shown_is_saved = saving(s)
    prev = s.get("link")
    s["replay"], s["box"] = None, None
    opts = parse_options(hash_text)
    s["link"] = {"status": "pending", "fragment": hash_text.lstrip("#"), "own": False,
                 "turn": opts["turn"], "view": opts["view"], "base_own": shown_is_saved,
                 "prev": prev if prev and prev.get("status") in ("open", "view") else None}
    if s["engine"] != "ready":
        s["notice"] = OPENING
        return s
    s["busy"] = "open"
    s["fx"] = s["fx"] + [{"do": "open_link", "fragment": s["link"]["fragment"]}]
    return s


def on_link_opened(s, ev):
    """The engine's answer to open_link: the game, or why the link cannot be opened."""
    from ui import state
    from ui.links import replay
    snap = ev.get("snap") or {}
    link = dict(s.get("link") or {})
    if s.get("notice") == OPENING:
        s["notice"] = ""
    s["busy"] = ""
    if "racks" not in snap:
        link["status"] = "failed"
        s["link"] = link.get("prev") or link   # the game shown keeps its standing (saved or not)
        s["box"] = {"kind": "link", "text": link_problem(snap.get("error", ""))}
        s["fx"] = s["fx"] + [{"do": "open", "spec": s["spec"]}]   # the game shown goes on
        return s
    if ev.get("layout") and "size" in ev["layout"]:   # the link's board, whatever was shown
        s["layout"] = ev["layout"]
        s["cursor"] = ev["layout"].get("start", "H8")
    info = snap.get("link") or {}
    link["status"] = "open"
    link["turn"], link["view"] = info.get("turn"), info.get("view") or {}
    link["own"] = bool(s.get("has_saved")) and link.get("base_own", True) and same_game(s["spec"], snap)
    link["prev"] = None
    s["link"] = link
    s["last_human"] = -1    # play by link: the seat to move sees its own rack, no hand-over
    s = state._take_snapshot(s, snap)
    if info.get("ignored"):
        s["notice"] = ignored_text(info["ignored"])
    if snap.get("error"):
        s["message"] = bad_move_text(snap["error"])
        s["box"] = {"kind": "link", "text": s["message"]}
    s["fx"] = s["fx"] + [{"do": "save"}]
    only = link["view"].get("mode") == "replay"
    if (only or link["turn"] is not None) and not s["busy"]:
        at = link["turn"] if link["turn"] is not None else "last"
        s = replay.on_replay(s, {"at": at, "only": only})
    elif not link["own"] and not s.get("embed"):
        s["box"] = s["box"] or {"kind": "link", "text": OPENED}
    return s


def follows(s):
    """Whether the address bar carries the game: once it came from a link or was
    shared (a game never shared keeps a plain address, so a reload reads the save)."""
    link = s.get("link") or {}
    if s["snap"].get("readonly"):
        return False
    return bool(s.get("shared")) or link.get("status") == "open"


def after_snapshot(s, ev):
    """After every change of the live game: keep the address bar current."""
    snap = ev.get("snap") or {}
    if "racks" in snap and follows(s):
        s["fx"] = s["fx"] + [{"do": "link_sync"}]
    return s


def leave_link(s, ev):
    """Before a new game: it replaces whatever link was open, it is the player's own game."""
    s["link"], s["box"], s["replay"] = None, None, None
    if s["busy"] == "replay":
        s["busy"] = ""
    return s


LEVELS = ("easy", "medium", "hard", "expert")


def vs_computer(s, ev):
    """An imported game is opened for people on this device; the first seat may play
    the others as the computer instead (the same position and moves, new seats), at the
    level chosen beside the button (hard unless said): the handlers after this one see
    the new game's event (None: nothing to change)."""
    if s["snap"].get("readonly") or s["busy"]:
        return s, None
    spec = dict(s["spec"])
    seats = list(spec.get("seats", []))
    if len(seats) < 2:
        return s, None
    level = ev.get("level") if ev.get("level") in LEVELS else "hard"
    mine = dict(seats[0])
    if mine.get("name") == "Player 1":   # a position's seat: you, as in a new game
        mine["name"] = "You"
    spec["seats"] = [mine] + [{"name": "Computer" if len(seats) == 2 else "Computer " + str(i),
                               "kind": level} for i in range(1, len(seats))]
    return s, {"t": "new_game", "spec": spec}


def on_share(s, ev):
    kind = ev.get("kind", "share")
    if s["snap"].get("readonly"):
        s["message"] = "An imported record cannot be shared as a link."
        return s
    turn = s["replay"]["at"] if s.get("replay") else -1
    s["fx"] = s["fx"] + [{"do": "share", "kind": kind, "turn": turn}]
    return s


def on_share_done(s, ev):
    """The link (and snippet) the page made; the panel shows them as text."""
    if ev.get("error"):
        s["box"] = {"kind": "link", "text": "This game cannot be shared: " + ev["error"]}
        return s
    from ui.links import event
    box = {"kind": ev.get("kind", "share"), "url": ev.get("url", ""), "copied": bool(ev.get("copied")),
           "shared": bool(ev.get("shared")), "to": ev.get("to", ""), "sent_text": event.done_text(ev)}
    if box["kind"] == "embed":
        box["snippet"] = ev.get("snippet", "")
        box["snippet_new"] = ev.get("snippet_new", "")
    s["box"] = box
    s["shared"] = True
    s["announce"] = SHARE_DONE if box["copied"] else ""
    return s


def on_box(s, ev):
    """Open the import panel, or close the panel."""
    kind = ev.get("kind", "")
    s["box"] = {"kind": kind, "text": ""} if kind == "import" else None
    return s


def on_import(s, ev):
    text = ev.get("text", "")
    if not text.strip():
        s["box"] = {"kind": "import", "text": "Paste a GCG record or a CGP position first."}
        return s
    if s["engine"] != "ready" or s["busy"]:
        s["box"] = {"kind": "import", "text": "Wait for the engine, then try again."}
        return s
    s["busy"] = "open"
    s["fx"] = s["fx"] + [{"do": "import", "text": text}]
    return s


def on_imported(s, ev):
    from ui import state
    snap = ev.get("snap") or {}
    s["busy"] = ""
    table = (snap.get("import") or {}) if "racks" not in snap else {}
    if table.get("kind") == "table":   # a game scored at a table: racks unknown, so the table page keeps it
        s["box"] = {"kind": "import", "table_link": table.get("link", ""),
                    "text": "This is the record of a game scored at a table (" + ", ".join(table.get("names", []))
                    + "): its racks were never known, so it opens in the table page."}
        from ui.store import past as pastgames
        s["fx"] = s["fx"] + [{"do": "p_past_drop", "id": pastgames.game_id(s["spec"])}]
        return s
    if "racks" not in snap:
        s["box"] = {"kind": "import", "text": "This record could not be read: " + snap.get("error", "")}
        # the game shown goes on: the copy kept before the import (ui/panels.keep_unfinished) goes
        from ui.store import past as pastgames
        s["fx"] = s["fx"] + [{"do": "p_past_drop", "id": pastgames.game_id(s["spec"])}]
        return s
    info = snap.get("import") or {}
    if ev.get("layout") and "size" in ev["layout"]:
        s["layout"] = ev["layout"]
    s["replay"] = None
    s["last_human"] = -1
    if snap.get("readonly"):
        s["link"] = {"status": "view", "own": False, "turn": None, "view": {}, "fragment": ""}
    else:
        s["link"] = None
    s = state._take_snapshot(s, snap)
    if info.get("record"):   # another program's record: its turns before the start, for the review
        s["spec"]["record"] = info["record"]
    s["box"] = {"kind": "imported", "info": info, "turns": snap.get("record_turns", []),
                "playable": not snap.get("readonly") and info.get("playable", True)}
    if not snap.get("readonly"):
        s["fx"] = s["fx"] + [{"do": "save"}]
    return s   # a finished game then goes to Past games, reviewable there (ui/review/actions.py)


def on_back_saved(s, ev):
    """Leave the link's game for the saved one (read back from storage by ui/links/embed.py)."""
    s["box"] = None
    s["fx"] = s["fx"] + [{"do": "back_saved"}]
    return s


def on_embed_theme(s, ev):
    """The embedding page asked for a theme (applied while embedded: settings.page_theme)."""
    if s.get("embed") and ev.get("theme") in CHOICES["theme"]:
        s["embed_theme"] = ev["theme"]
    return s


HANDLERS = {"link_opened": on_link_opened, "hash": on_hash, "share": on_share, "share_done": on_share_done,
            "box": on_box, "import": on_import, "import_open": lambda s, ev: on_box(s, {"kind": "import"}),
            "embed_code": lambda s, ev: on_share(s, {"kind": "embed"}), "imported": on_imported,
            "back_saved": on_back_saved, "embed_theme": on_embed_theme}


# ------------------------------------------------------------------ view


def passing(s):
    """Play by link, after a move: the next seat is another person's, who plays it from
    the link, so the page asks to share it (their rack stays hidden, no hand-over)."""
    link = s.get("link") or {}
    return s["handover"] >= 0 and link.get("status") == "open" and not link.get("own")


def waiting_for(s):
    """Play by link (ui/links/bylink.py): the friend this device waits for (their name), or ""
    (not a game by link, or this device's turn)."""
    bl = s.get("bylink")
    snap = s["snap"]
    if not bl or snap.get("phase") in ("over", "view") or s.get("replay"):
        return ""
    who = snap.get("to_move", 0)
    if who == bl["me"]:
        return ""
    seats = snap.get("seats", [])
    return seats[who].get("name", "") if who < len(seats) else ""
