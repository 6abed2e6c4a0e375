"""The fair deal prototype (engine/fairdeal.py) on this machine, natively and
(``--pyodide``) under Pyodide in Node: what a phone would have to compute and a
link to carry.

Prints, for a bag of 100 tiles, over RFC 3526's 2048-bit group and over the P-256
curve (``--groups`` to choose):
- setup: the first deck (100 encryptions and a shuffle), the second deck;
- a draw: the opponent's share (one modular power) and the drawer's reading
  (another), median and slowest over ``--draws`` draws;
- the director's verification of the whole deal from the two secrets;
- sizes: a share, a deck, a turn's link growth (7 draws at most), set against
  a link's limit (engine/records/link.py MAX_FRAGMENT), in base64url characters.

    .venv/bin/python bench/fairdeal.py               # natively
    .venv/bin/python bench/fairdeal.py --pyodide     # then the same under Pyodide
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from pathlib import Path

if sys.platform != "emscripten":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.fairdeal import GROUPS, Deal, Player, verify  # noqa: E402
from engine.records.link import MAX_FRAGMENT  # noqa: E402

TILES = 100


def b64(nbytes: int) -> int:
    """Characters of base64url without padding for nbytes."""
    return math.ceil(nbytes * 4 / 3)


def one(name: str, draws: int) -> None:
    """Time one whole setup, ``draws`` draws and the verification on group ``name``."""
    size = GROUPS[name].size
    print(f"## {name}: {size} bytes an element")
    a, b = Player(bytes(range(32)), name), Player(bytes(range(1, 33)), name)
    t0 = time.perf_counter()
    first = a.first_deck(TILES)
    t1 = time.perf_counter()
    deal = Deal(TILES, first, b.second_deck(first), group=name)
    t2 = time.perf_counter()
    print(f"setup: first deck {t1 - t0:.2f} s, second deck {t2 - t1:.2f} s")
    shares, reads = [], []
    for i in range(min(draws, TILES)):
        me, other, drawer = (a, b, 0) if i % 2 == 0 else (b, a, 1)
        s0 = time.perf_counter()
        share = other.share(deal.deck, i)
        s1 = time.perf_counter()
        tile = me.read(share, TILES)
        s2 = time.perf_counter()
        shares.append(s1 - s0)
        reads.append(s2 - s1)
        deal.draws.append((i, drawer, share, tile))
    per = [x + y for x, y in zip(shares, reads)]
    print(f"a draw ({len(per)}): share {statistics.median(shares) * 1000:.1f} ms + read "
          f"{statistics.median(reads) * 1000:.1f} ms = {statistics.median(per) * 1000:.1f} ms median "
          f"(slowest {max(per) * 1000:.1f} ms)")
    v0 = time.perf_counter()
    verify(deal, a.secret, b.secret)
    print(f"verification of the deal ({len(deal.draws)} draws): {time.perf_counter() - v0:.2f} s")
    share_chars, deck_chars = b64(size), TILES * b64(size)
    print(f"sizes (base64url): a share {size} bytes = {share_chars} characters; a turn's link grows by at most "
          f"{7 * share_chars:,}; a deck {TILES * size:,} bytes = {deck_chars:,} characters, "
          f"{deck_chars / MAX_FRAGMENT:.2f} times a whole link's limit ({MAX_FRAGMENT:,}); the result link: "
          f"two secrets and two deck fingerprints, {2 * b64(32) + 2 * b64(32)} characters")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--draws", type=int, default=30)
    ap.add_argument("--groups", default="modp2048,p256", help="of engine/fairdeal.py GROUPS, comma-separated")
    ap.add_argument("--pyodide", action="store_true", help="also run it under Pyodide in Node")
    args = ap.parse_args(argv)
    where = "Pyodide" if sys.platform == "emscripten" else f"CPython {sys.version.split()[0]}"
    load = "" if sys.platform == "emscripten" else " load average %.2f %.2f %.2f," % os.getloadavg()
    print(f"# {where},{load} {os.cpu_count()} cores; {TILES} tiles")
    for name in args.groups.split(","):
        one(name, args.draws)
    if args.pyodide and sys.platform != "emscripten":
        from in_pyodide import run
        return run("fairdeal.py", [x for x in (argv if argv is not None else sys.argv[1:]) if x != "--pyodide"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
