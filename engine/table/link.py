"""A table game as a share link: the container of engine/records/link.py (deflate,
a CRC-32 over tag and data, base64url, the same ``&t=`` and view options) with a
tag of its own, since a table game has no seed and its racks were never dealt::

    TAG  := "g4."
    TEXT := rules / "table" / seat count / SEATS / ACTIONS

SEATS are link.py's (a kind digit, always 0 = a person, then the name); ACTIONS
are the table game's log. A page that knows only g1-g3 refuses the link as "from
a newer version"; ``decode_any`` reads either kind.
"""

from __future__ import annotations

from ..records import link as _link
from ..records.link import DAMAGED, MAX_FRAGMENT, NOT_A_LINK, TABLE_TAG, LinkError

KIND_LINE = "table"


def encode_table(spec: dict) -> str:
    """The fragment (without '#') of a table game spec {"rules", "names",
    "actions", and optionally "turn" and "view"}; LinkError when it cannot be shared."""
    if not isinstance(spec, dict):
        raise LinkError("a game spec must be a dict")
    names = spec.get("names")
    if not isinstance(names, list):
        raise LinkError("a table game's spec lists its players' names")
    seats = [{"name": name, "kind": "human"} for name in names]
    rules, _, seats, actions = _link.check_spec({"rules": spec.get("rules"), "seed": 0, "seats": seats,
                                                  "actions": spec.get("actions")})
    lines = [rules, KIND_LINE, str(len(seats))] + ["0" + s["name"] for s in seats] + actions
    return _link.fit(_link.pack(TABLE_TAG, lines) + _link.options_text(spec))


def is_table_link(fragment) -> bool:
    return isinstance(fragment, str) and _data_part(fragment).startswith(TABLE_TAG)


def decode_table(fragment: str) -> dict:
    """The table game spec {"table": True, "rules", "names", "actions", and "turn",
    "view", "ignored" when the link has options}. Raises LinkError only."""
    if not isinstance(fragment, str) or len(fragment) > MAX_FRAGMENT + 2_000:
        raise LinkError(NOT_A_LINK)
    fragment = _data_part(fragment)
    if not fragment.startswith(TABLE_TAG):
        raise LinkError(NOT_A_LINK)
    data, _, options = fragment[len(TABLE_TAG):].partition("&")
    lines = _link.unpack(TABLE_TAG, data)
    if len(lines) < 3 or lines[1] != KIND_LINE or lines[2] not in ("1", "2", "3", "4"):
        raise LinkError(DAMAGED)
    n = int(lines[2])
    seats = lines[3:3 + n]
    if len(seats) < n or any(s[:1] != "0" for s in seats):
        raise LinkError(DAMAGED)
    spec = {"rules": lines[0], "seed": 0, "actions": lines[3 + n:],
            "seats": [{"name": s[1:1 + _link.MAX_NAME], "kind": "human"} for s in seats]}
    rules, _, seats, actions = _link.check_spec(spec)
    out = {"table": True, "rules": rules, "names": [s["name"] for s in seats], "actions": actions}
    out.update(_link.parse_options(options))
    return out


def decode_any(fragment: str) -> dict:
    """A table game's spec or a dealt game's (engine/records/link.py), as the link says."""
    return decode_table(fragment) if is_table_link(fragment) else _link.decode(fragment)


def _data_part(fragment: str) -> str:
    fragment = fragment.strip()
    return fragment.split("#", 1)[1] if "#" in fragment else fragment
