"""Rebuild the small test word lists from ENABLE (public domain).

    python3 tests/data/make_wordlists.py /work/shared/wordlists/enable1.txt

main.txt: the 72 two-letter words of RULES.md section 3, plus a deterministic
sample (ordered by SHA-256 of the word) of "regular" ENABLE words of 3 to 6
letters (words with at least two of their -S/-ED/-ING/-ER forms in ENABLE, which
are mostly everyday nouns and verbs), those forms up to 8 letters (so stretches
and pick-offs happen), and a few words with J, Q, X or Z.
large.txt: the words that only the large list has: every ENABLE two-letter word
outside the 72 and another sample of 3-6 letter words.
phony.txt: more ENABLE words in neither list, for tests that need words the game
must reject (they play them as phonies).
"""

import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from engine.rules import TWO_LETTER_72  # noqa: E402

HERE = Path(__file__).resolve().parent
BASES = {3: 45, 4: 55, 5: 45, 6: 40}
JQXZ = 24
LARGE_EXTRA = 80
PHONY = 80


def key(w):
    return hashlib.sha256(w.encode()).hexdigest()


def forms(w):
    out = [w + "S", w + "ED", w + "ING", w + "ER", w + "ERS"]
    if w.endswith("E"):
        out += [w + "D", w[:-1] + "ING", w + "R", w + "RS"]
    return out


def main(path):
    enable = {w.strip().upper() for w in open(path) if w.strip()}
    regular = sorted((w for w in enable if 3 <= len(w) <= 6
                      and sum(f in enable for f in forms(w)) >= 2), key=key)
    chosen = set(TWO_LETTER_72)
    for n, count in BASES.items():
        bases = [w for w in regular if len(w) == n][:count]
        for b in bases:
            chosen.add(b)
            chosen.update(f for f in forms(b) if f in enable and len(f) <= 8)
    rare = sorted((w for w in enable if 3 <= len(w) <= 6 and set(w) & set("JQXZ")), key=key)
    chosen.update(rare[:JQXZ])
    others = sorted((w for w in enable if 3 <= len(w) <= 6 and w not in chosen), key=key)
    large = {w for w in enable if len(w) == 2} - TWO_LETTER_72
    large.update(others[-LARGE_EXTRA:])
    phony = set(others[:PHONY])
    (HERE / "main.txt").write_text("\n".join(sorted(chosen)) + "\n")
    (HERE / "large.txt").write_text("\n".join(sorted(large)) + "\n")
    (HERE / "phony.txt").write_text("\n".join(sorted(phony)) + "\n")
    print(len(chosen), len(large), len(phony))


if __name__ == "__main__":
    main(sys.argv[1])
