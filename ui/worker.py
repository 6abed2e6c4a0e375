"""The computer player, in a Web Worker: its search never blocks the page.

Runs in its own Pyodide interpreter (started by ui/main.py once the page is ready)
and touches neither ``window`` nor ``document``, so it needs no cross-origin
isolation headers: any static server will do. Everything crossing the boundary is
text (rules string, CGP, move text), as ``engine.api`` expects.
"""

import js

from engine import api
from engine.lexicon import Lexicon

_LEXICON = None


async def load_lexicon(url: str) -> int:
    """Fetch and load the word list (an absolute URL); returns its word count."""
    global _LEXICON
    response = await js.fetch(url)
    if not response.ok:
        raise ValueError(f"word list not found at {url} ({response.status})")
    data = (await response.arrayBuffer()).to_bytes()
    _LEXICON = Lexicon.from_bytes(data)
    return len(_LEXICON)


def computer_move(rules: str, cgp: str, level: str, bag: int) -> str:
    """Move text chosen by a computer player of ``level`` for the CGP's first rack."""
    if _LEXICON is None:
        raise ValueError("the word list is not loaded yet")
    return api.computer_move(rules, cgp, level, int(bag), _LEXICON)


__export__ = ["load_lexicon", "computer_move"]
