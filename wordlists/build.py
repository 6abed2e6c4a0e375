#!/usr/bin/env python3
"""Build the game's word sets into wordlists/lexicon.bin + wordlists/manifest.json.

Maintainer tool (see wordlists/README.md); the game only reads the outputs.

    python3 wordlists/build.py --fetch                 # apt-get download scowl itself
    python3 wordlists/build.py --scowl scowl_2020.12.07-2_all.deb
    python3 wordlists/build.py --scowl DIR             # an extracted package (dpkg-deb -x)
                                                       # or its usr/share/dict/scowl
    python3 wordlists/build.py --fetch --check         # rebuild in a temp dir, compare

main  = SCOWL english + american + variant_1 + variant_2 words of sizes up to 70,
        accents folded to ASCII (NFKD), only ^[a-z]+$, 3..21 letters, minus
        denylist.txt, plus exactly the 72 two-letter words of RULES.md section 3.
large = ENABLE (enable1.txt) + main.
formatives = the words of large, not in main, that are forms of a main word
        (engine/lexicon/formatives.py, RULES.md section 3), flagged in the same graph.

Same inputs give the same bytes (no timestamps or paths in the outputs).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from engine.lexicon.formatives import (AFTER_E, ENDINGS, PREFIXES, Y_TO_I,  # noqa: E402
                                       find_formatives)
from engine.lexicon import Lexicon  # noqa: E402
from engine.lexicon.format import VERSION as FORMAT_VERSION  # noqa: E402
from engine.rules import TWO_LETTER_72 as _TWO_LETTER_72  # noqa: E402

SCOWL_VERSION = "2020.12.07"
CATEGORIES = ("english", "american", "variant_1", "variant_2")
MAX_SIZE = 70
MIN_LEN, MAX_LEN = 3, 21
ENABLE_SHA256 = "3f16130220645692ed49c7134e24a18504c2ca55b3c012f7290e3e77c63b1a89"

# RULES.md section 3: the canonical 72 two-letter words (main has exactly these),
# defined once in engine/rules.py; sorted here so the manifest lists them in order.
TWO_LETTER_72 = tuple(sorted(_TWO_LETTER_72))

OUT_BIN = "lexicon.bin"
OUT_MANIFEST = "manifest.json"
OUT_COPYRIGHT = "SCOWL-COPYRIGHT"
WORD_RE = re.compile(r"[a-z]+\Z")


class BuildError(Exception):
    pass


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    return sha256_bytes(Path(path).read_bytes())


def word_list_sha256(words) -> str:
    """The manifest's word-list hash: uppercase words, sorted, each + newline."""
    return sha256_bytes("".join(w + "\n" for w in sorted(words)).encode("ascii"))


# ----------------------------------------------------------------------- SCOWL


class ScowlSource:
    """A SCOWL word-list directory, with its copyright file and package version."""

    def __init__(self, dict_dir: Path, copyright: Path | None, version: str | None,
                 deb_sha256: str | None = None):
        self.dict_dir = dict_dir
        self.copyright = copyright
        self.version = version
        self.deb_sha256 = deb_sha256


def _version_from_changelog(doc_dir: Path) -> str | None:
    log = doc_dir / "changelog.Debian.gz"
    if not log.is_file():
        return None
    with gzip.open(log, "rt", encoding="utf-8", errors="replace") as f:
        m = re.match(r"scowl \(([^)]+)\)", f.readline())
    return m.group(1) if m else None


def locate_scowl(path: Path, workdir: Path) -> ScowlSource:
    """``path``: a scowl .deb, an extracted package root, or the word-list dir."""
    path = Path(path)
    deb_sha = None
    if path.is_file():
        if path.suffix != ".deb":
            raise BuildError(f"{path}: expected a .deb or a directory")
        deb_sha = sha256_file(path)
        version = subprocess.run(["dpkg-deb", "-f", str(path), "Version"], check=True,
                                 capture_output=True, text=True).stdout.strip()
        root = workdir / "scowl-deb"
        subprocess.run(["dpkg-deb", "-x", str(path), str(root)], check=True)
        src = locate_scowl(root, workdir)
        src.version = version or src.version
        src.deb_sha256 = deb_sha
        return src
    if not path.is_dir():
        raise BuildError(f"{path}: no such file or directory")
    for dict_dir in (path / "usr" / "share" / "dict" / "scowl", path):
        if (dict_dir / "english-words.10").is_file():
            break
    else:
        raise BuildError(f"{path}: no SCOWL word lists (english-words.10) found")
    doc_dir = dict_dir.parent.parent / "doc" / "scowl"
    copyright = doc_dir / "copyright"
    return ScowlSource(dict_dir, copyright if copyright.is_file() else None,
                       _version_from_changelog(doc_dir))


def fetch_scowl(workdir: Path) -> Path:
    """``apt-get download scowl`` into ``workdir``; returns the .deb."""
    print("build: apt-get download scowl", file=sys.stderr)
    subprocess.run(["apt-get", "download", "scowl"], cwd=workdir, check=True)
    debs = sorted(workdir.glob("scowl_*.deb"))
    if not debs:
        raise BuildError("apt-get download scowl produced no .deb")
    return debs[-1]


def scowl_files(dict_dir: Path):
    """The source files, in a fixed order: category, then size."""
    out = []
    for cat in CATEGORIES:
        for f in dict_dir.glob(f"{cat}-words.*"):
            suffix = f.name.rsplit(".", 1)[1]
            if suffix.isdigit() and int(suffix) <= MAX_SIZE:
                out.append((cat, int(suffix), f))
    out.sort(key=lambda t: (CATEGORIES.index(t[0]), t[1]))
    return [f for _, _, f in out]


def fold(word: str) -> str | None:
    """Accents folded to ASCII (NFKD, combining marks dropped); None if anything
    non-ASCII is left (e.g. a ligature), so no word is silently mangled."""
    s = "".join(ch for ch in unicodedata.normalize("NFKD", word)
                if not unicodedata.combining(ch))
    return s if s.isascii() else None


def read_lines(path: Path):
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text.splitlines()


def read_denylist(path: Path):
    out = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        w = line.split("#", 1)[0].strip()
        if not w:
            continue
        if not WORD_RE.match(w):
            raise BuildError(f"{path}:{lineno}: {w!r} is not a lowercase word")
        out.append(w)
    return out


def build_main(files, denylist):
    words = set()
    for f in files:
        for line in read_lines(f):
            w = fold(line.strip())
            if w and WORD_RE.match(w) and MIN_LEN <= len(w) <= MAX_LEN:
                words.add(w)
    deny = set(denylist)
    removed = sorted(words & deny)
    words -= deny
    words.update(w.lower() for w in TWO_LETTER_72)
    return {w.upper() for w in words}, removed


def read_enable(path: Path):
    words = set()
    for lineno, line in enumerate(read_lines(path), 1):
        w = line.strip()
        if not w:
            continue
        if not WORD_RE.match(w):
            raise BuildError(f"{path}:{lineno}: {w!r} is not a lowercase word")
        words.add(w.upper())
    return words


# ----------------------------------------------------------------------- build


def build(scowl: ScowlSource, enable_path: Path, denylist_path: Path, out_dir: Path,
          *, check_enable_hash: bool = True, any_version: bool = False) -> dict:
    if not any_version and not (scowl.version or "").startswith(SCOWL_VERSION):
        raise BuildError(f"SCOWL version {scowl.version or 'unknown'}, expected "
                         f"{SCOWL_VERSION} (--any-version to accept it)")
    enable_sha = sha256_file(enable_path)
    if check_enable_hash and enable_sha != ENABLE_SHA256:
        raise BuildError(f"{enable_path}: sha256 {enable_sha}, expected {ENABLE_SHA256}")
    files = scowl_files(scowl.dict_dir)
    if not files:
        raise BuildError(f"{scowl.dict_dir}: no word lists")
    denylist = read_denylist(denylist_path)
    main, removed = build_main(files, denylist)
    enable = read_enable(enable_path)
    large = enable | main
    formatives = find_formatives(main, large)

    lex = Lexicon.from_words(main, large, formatives)
    blob = lex.to_bytes()
    # round trip: the binary must hold exactly these lists
    back = Lexicon.from_bytes(blob)
    main_sorted, large_sorted = sorted(main), sorted(large)
    with_formatives = sorted(main | formatives)
    if (list(back.words()) != main_sorted or list(back.words(large=True)) != large_sorted
            or list(back.words(formatives=True)) != with_formatives):
        raise BuildError("round trip failed: lexicon.bin does not hold the built lists")
    if back.to_bytes() != blob:
        raise BuildError("round trip failed: re-encoding gives other bytes")

    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / OUT_BIN).write_bytes(blob)
    outputs = {OUT_BIN: {"bytes": len(blob), "sha256": sha256_bytes(blob)}}
    if scowl.copyright is not None:
        if scowl.copyright.resolve() != (out_dir / OUT_COPYRIGHT).resolve():
            shutil.copyfile(scowl.copyright, out_dir / OUT_COPYRIGHT)
        outputs[OUT_COPYRIGHT] = {"sha256": sha256_file(out_dir / OUT_COPYRIGHT)}

    two_main = sorted(w for w in main if len(w) == 2)
    manifest = {
        "about": "Built by wordlists/build.py; see wordlists/README.md.",
        "format": f"engine/lexicon binary, SWLX version {FORMAT_VERSION}",
        "sources": {
            "scowl": {
                "package": "scowl",
                "version": scowl.version,
                "deb_sha256": scowl.deb_sha256,
                "categories": list(CATEGORIES),
                "max_size": MAX_SIZE,
                "files": {f.name: sha256_file(f) for f in files},
            },
            "enable": {"file": enable_path.name, "sha256": enable_sha,
                       "words": len(enable)},
            "denylist": {"file": denylist_path.name, "sha256": sha256_file(denylist_path),
                         "entries": denylist, "removed_from_main": removed},
            "two_letter_words": list(TWO_LETTER_72),
            "formatives": {"prefixes": list(PREFIXES), "endings": list(ENDINGS),
                           "only_after_e": [e for e in ENDINGS if e in AFTER_E],
                           "y_to_i_before": [e for e in ENDINGS if e in Y_TO_I]},
        },
        "filters": {"main": f"NFKD-folded, ^[a-z]+$, {MIN_LEN}..{MAX_LEN} letters, "
                            "minus denylist, plus the 72 two-letter words",
                    "large": "ENABLE + main",
                    "formatives": "large words not in main that are a main word of 3+ "
                                  "letters with a prefix and/or an ending, with only "
                                  "the usual spelling changes (D, R, RS, ST only after "
                                  "a final E; Y to I only before E, L or NESS endings; "
                                  "a doubled consonant or dropped E only before a "
                                  "vowel) (engine/lexicon/formatives.py)"},
        "counts": {
            "main": len(main),
            "large": len(large),
            "large_only": len(large) - len(main),
            "formatives": len(formatives),
            "main_with_formatives": len(with_formatives),
            "main_not_in_enable": len(main - enable),
            "main_two_letter": len(two_main),
            "distinct_words": len(large),
            "graph_nodes": lex.node_count,
            "graph_edges": lex.edge_count,
            "longest_word": lex.max_length,
        },
        "word_lists": {
            "hash_of": "the uppercase words in alphabetical order, each followed by \\n",
            "main_sha256": word_list_sha256(main_sorted),
            "large_sha256": word_list_sha256(large_sorted),
            "main_with_formatives_sha256": word_list_sha256(with_formatives),
        },
        "outputs": outputs,
        "bytes_per_word": round(len(blob) / len(large), 4),
    }
    text = json.dumps(manifest, indent=2, sort_keys=True) + "\n"
    (out_dir / OUT_MANIFEST).write_text(text, encoding="utf-8")
    return manifest


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--scowl", type=Path, metavar="PATH",
                     help="scowl .deb, extracted package dir, or its usr/share/dict/scowl")
    src.add_argument("--fetch", action="store_true",
                     help="get the scowl .deb with 'apt-get download scowl'")
    ap.add_argument("--enable", type=Path, default=HERE / "enable1.txt",
                    help="ENABLE word list (default: wordlists/enable1.txt)")
    ap.add_argument("--denylist", type=Path, default=HERE / "denylist.txt")
    ap.add_argument("--out", type=Path, default=HERE, help="output dir (default: wordlists/)")
    ap.add_argument("--any-version", action="store_true",
                    help=f"accept a SCOWL other than {SCOWL_VERSION} (and any ENABLE)")
    ap.add_argument("--check", action="store_true",
                    help="build into a temp dir and compare with the files in --out")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="wordlists-") as tmp:
        tmp = Path(tmp)
        try:
            path = fetch_scowl(tmp) if args.fetch else args.scowl
            scowl = locate_scowl(path, tmp)
            out = tmp / "out" if args.check else args.out
            m = build(scowl, args.enable, args.denylist, out,
                      check_enable_hash=not args.any_version,
                      any_version=args.any_version)
        except (BuildError, subprocess.CalledProcessError, OSError) as exc:
            print(f"build: error: {exc}", file=sys.stderr)
            return 1
        c = m["counts"]
        print(f"build: main {c['main']} words, large {c['large']} words, "
              f"{c['formatives']} formatives, "
              f"{c['graph_nodes']} nodes, {c['graph_edges']} edges; {OUT_BIN} "
              f"{m['outputs'][OUT_BIN]['bytes']} bytes ({m['bytes_per_word']} bytes/word)")
        if args.check:
            bad = [name for name in (OUT_BIN, OUT_MANIFEST, OUT_COPYRIGHT)
                   if (out / name).exists()
                   and (not (args.out / name).exists()
                        or (out / name).read_bytes() != (args.out / name).read_bytes())]
            if bad:
                print(f"build: check FAILED, differs from {args.out}: {', '.join(bad)}",
                      file=sys.stderr)
                return 1
            print(f"build: check OK, {args.out} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
