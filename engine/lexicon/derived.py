"""Richard's derived forms (RULES.md section 9): words the lexicon lacks but that
are good because they are regular derivations of a verb or noun it has.

Part of speech is inferred from the lexicon's own inflections, since the word lists
carry no tags:
- V is a **verb** when one of its -ED or -ING forms is a word: V+ED, V+D (V ends in
  E), V with its last consonant doubled +ED, V with final Y -> IED; likewise V+ING,
  V less a final E +ING, doubled consonant +ING. Forms of "be" are excluded, both
  as verbs and as evidence (BEING must not make BEE a verb, or REBEING would pass).
- N is a **noun** when its plural is a word: N+S, N+ES, or final Y -> IES.
This over-generates a little (a word like "bored" makes BORE a verb, which it is),
and never rejects a word the lexicon has: derived forms only add words.
"""

from __future__ import annotations

# Every form of "be", archaic ones included (RULES.md section 9 excludes them all).
_BE = frozenset({"BE", "AM", "IS", "ARE", "WAS", "WERE", "BEEN", "BEING",
                 "ART", "WAST", "WERT", "BEEST"})
_NOMINAL = ("ER", "ING", "ION")  # suffixes that derive a noun from a verb (N+LIKE)


class DerivedForms:
    def __init__(self, is_word):
        self.is_word = is_word  # callable(str) -> bool on the game's lexicon

    # -- part-of-speech inference -------------------------------------------------
    def _ed_forms(self, v: str):
        yield v + "ED"
        if v.endswith("E"):
            yield v + "D"
        if len(v) >= 2 and v[-1] not in "AEIOUWXY":
            yield v + v[-1] + "ED"
        if v.endswith("Y"):
            yield v[:-1] + "IED"

    def ing_forms(self, v: str):
        yield v + "ING"
        if v.endswith("E") and len(v) > 2:
            yield v[:-1] + "ING"
        if len(v) >= 2 and v[-1] not in "AEIOUWXY":
            yield v + v[-1] + "ING"

    def is_verb(self, v: str) -> bool:
        if v in _BE or len(v) < 2 or not self.is_word(v):
            return False
        return any(f not in _BE and self.is_word(f)
                   for forms in (self._ed_forms(v), self.ing_forms(v)) for f in forms)

    def is_noun(self, n: str) -> bool:
        if not self.is_word(n):
            return False
        plurals = [n + "S", n + "ES"]
        if n.endswith("Y"):
            plurals.append(n[:-1] + "IES")
        return any(self.is_word(p) for p in plurals)

    def is_verb_form(self, w: str) -> bool:
        """W is a verb or one of its inflections (-S, -ED, -ING) found in the lexicon."""
        if w in _BE or not self.is_word(w):
            return False
        if self.is_verb(w):
            return True
        for v in self._bases(w):
            if self.is_verb(v):
                return True
        return False

    def _bases(self, w: str):
        for suffix in ("S", "ES", "ED", "D", "ING"):
            if w.endswith(suffix) and len(w) > len(suffix) + 1:
                stem = w[: -len(suffix)]
                yield stem
                if suffix in ("ED", "ING"):
                    yield stem + "E"
                    if len(stem) >= 3 and stem[-1] == stem[-2]:
                        yield stem[:-1]
        if w.endswith("IES") or w.endswith("IED"):
            yield w[:-3] + "Y"

    # -- the derivations ----------------------------------------------------------
    def agent(self, w: str) -> bool:
        """V+ER or V+R (R only after a final E), unless the -OR spelling is a word."""
        if not w.endswith("R") or len(w) < 4:
            return False
        if w.endswith("ER"):
            v = w[:-2]  # literal V+ER with V not ending in E
            if not v.endswith("E") and self.is_verb(v) and not self.is_word(v + "OR"):
                return True
        v = w[:-1]  # V+R with V ending in E
        return v.endswith("E") and self.is_verb(v) and not self.is_word(v[:-1] + "OR")

    def _simple(self, w: str) -> bool:
        """One derivation without RE-: agent nouns, their plurals, -INGS."""
        if self.agent(w):
            return True
        if w.endswith("S") and self.agent(w[:-1]):
            return True
        if w.endswith("INGS") and w[:-1] not in _BE:
            ing = w[:-1]
            stem = ing[:-3]
            for v in (stem, stem + "E", stem[:-1] if len(stem) >= 3 and stem[-1] == stem[-2] else None):
                if v and self.is_word(ing) and self.is_verb(v) and ing in set(self.ing_forms(v)):
                    return True
        return False

    def like(self, w: str) -> bool:
        """N+LIKE where N is a noun not itself derived from a shorter word (RULES.md
        section 9): not a plural, and not -ER, -ING or -ION added to a verb."""
        if not w.endswith("LIKE") or len(w) < 6:
            return False
        n = w[:-4]
        return self.is_noun(n) and not self._is_plural(n) and not self._is_nominal(n)

    def _is_plural(self, n: str) -> bool:
        """N is M+ES, M+S with M not itself ending in S, or M with Y -> IES, for a
        word M (RULES.md section 9: BRASS and BOSS are not plurals, GLASSES is)."""
        stems = [n[:-1]] if n.endswith("S") and not n.endswith("SS") else []
        if n.endswith("ES"):
            stems.append(n[:-2])
        if n.endswith("IES"):
            stems.append(n[:-3] + "Y")
        return any(len(s) >= 2 and self.is_word(s) for s in stems)

    def _is_nominal(self, n: str) -> bool:
        """N is a verb V + ER, ING or ION, also with V's final E dropped (BAKER,
        CREATION) or its last consonant doubled (RUNNER). BEING is BE + ING: the
        "not a form of be" exception limits what is built on V, it does not make
        BEING underived (RULES.md section 9)."""
        if n == "BEING":
            return True
        for suffix in _NOMINAL:
            if not n.endswith(suffix):
                continue
            stem = n[: -len(suffix)]
            verbs = [stem, stem + "E"]
            if len(stem) >= 3 and stem[-1] == stem[-2]:
                verbs.append(stem[:-1])
            if any(self.is_verb(v) for v in verbs):
                return True
        return False

    def is_derived(self, w: str) -> bool:
        w = w.upper()
        if self._simple(w) or self.like(w):
            return True
        if w.startswith("RE") and len(w) > 4:
            rest = w[2:]
            # RE + a verb or any inflection of it, once; or RE + a simple derivation.
            if self.is_verb_form(rest) or self._simple(rest):
                return True
        return False
