#!/usr/bin/env python3
"""How many words get a meaning: the main and large lists, the 72 two-letter words,
and the words formed in self-play (the games ``python3 -m engine selfplay --rules P
--games N`` plays: hard against greedy, seats alternating, seeds 1-0, 1-1, ...).

    python3 wordlists/meanings_coverage.py               # lists, then 6 games of each preset
    python3 wordlists/meanings_coverage.py --games 0     # the lists only

One JSON line per measure. A word "gets a meaning" when it has senses of its own or
is a form of a word that has (engine/meanings/bases.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.lexicon import Lexicon  # noqa: E402
from engine.meanings import Meanings, find_bases  # noqa: E402
from engine.rules import PRESETS, TWO_LETTER_72, Rules  # noqa: E402
from engine.selfplay import play_game  # noqa: E402


def share(counts: Counter, meanings: Meanings) -> dict:
    """Distinct words and word tokens (a word formed twice counts twice) with a meaning."""
    own = {w for w in counts if meanings.has(w)}
    any_ = {w for w in counts if w in own or find_bases(w, meanings)}
    tokens = sum(counts.values())
    return {"words": len(counts), "own_pct": round(100 * len(own) / len(counts), 1),
            "meaning_pct": round(100 * len(any_) / len(counts), 1), "tokens": tokens,
            "tokens_meaning_pct": round(100 * sum(counts[w] for w in any_) / tokens, 1)}


def played_words(preset: str, games: int, lexicon) -> Counter:
    rules = Rules.from_string(preset)
    levels = ["hard", "greedy"]
    words: Counter = Counter()
    for i in range(games):
        seats = levels if i % 2 == 0 else levels[1:] + levels[:1]
        game = play_game(rules, f"1-{i}", seats, lexicon)
        words.update(w.upper() for t in game.turns if t.kind == "play" for w in t.words)
    return words


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=6, help="self-play games per preset (default 6)")
    args = ap.parse_args(argv)
    lexicon = Lexicon.default()
    meanings = Meanings.default()
    for name, words in (("main", lexicon.words()), ("large", lexicon.words(large=True)),
                        ("two_letter_72", TWO_LETTER_72)):
        print(json.dumps({"list": name, **share(Counter(words), meanings)}), flush=True)
    everything: Counter = Counter()
    for preset in PRESETS if args.games > 0 else ():
        t0 = time.perf_counter()
        words = played_words(preset, args.games, lexicon)
        everything.update(words)
        longer = Counter({w: n for w, n in words.items() if len(w) > 2})
        print(json.dumps({"preset": preset, "games": args.games, **share(words, meanings),
                          "three_plus": share(longer, meanings),
                          "seconds": round(time.perf_counter() - t0)}), flush=True)
    if everything:
        longer = Counter({w: n for w, n in everything.items() if len(w) > 2})
        print(json.dumps({"preset": "all", **share(everything, meanings),
                          "three_plus": share(longer, meanings)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
