"""Draw the game's pictures: the home-screen icons (192 and 512 px, and a maskable 512 px
one) and the preview a chat app shows when a link is shared (1200x630: a board with
words on it). Standard library only (zlib and struct make the PNGs), so the build
(scripts/dist.py) draws them afresh with the system ``python3``; the copies in icons/
serve the development pages.

    python3 scripts/draw_images.py            # write icons/
    python3 scripts/draw_images.py --check    # exit 1 if icons/ is not what this draws

The colours are the page's own (ui/style.css, the light theme); the board is the
classic layout, its premium squares taken from the engine.
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = "icons"
ICON_SIZES = {"icon-192.png": 192, "icon-512.png": 512}
MASKABLE = "icon-maskable-512.png"
PREVIEW = "preview.png"
PREVIEW_SIZE = (1200, 630)  # what Open Graph and Twitter's large card show


def _rgb(hex_colour: str) -> bytes:
    return bytes.fromhex(hex_colour.lstrip("#"))


BG, ACCENT, INK = _rgb("#f5f1e8"), _rgb("#1d6b52"), _rgb("#1f1d1a")
CELL, LINE = _rgb("#e9e2d2"), _rgb("#d8cfbf")
TILE, TILE_EDGE, TILE_INK = _rgb("#f3d58f"), _rgb("#b98f3c"), _rgb("#2a2012")
PREMIUM = {"TW": _rgb("#c8453b"), "DW": _rgb("#e9a39b"), "TL": _rgb("#2f6fa8"), "DL": _rgb("#a9cbe6")}

# 5x7 letters: only those the pictures spell.
GLYPHS = {
    "W": "10001 10001 10001 10101 10101 11011 10001", "O": "01110 10001 10001 10001 10001 10001 01110",
    "R": "11110 10001 10001 11110 10100 10010 10001", "D": "11110 10001 10001 10001 10001 10001 11110",
    "L": "10000 10000 10000 10000 10000 10000 11111", "V": "10001 10001 10001 10001 10001 01010 00100",
    "E": "11111 10000 10000 11110 10000 10000 11111", "S": "01111 10000 10000 01110 00001 00001 11110",
    "C": "01111 10000 10000 10000 10000 10000 01111", "'": "00100 00100 01000 00000 00000 00000 00000",
    " ": "00000 00000 00000 00000 00000 00000 00000",
    "1": "00100 01100 00100 00100 00100 00100 01110", "2": "01110 10001 00001 00010 00100 01000 11111",
    "3": "11110 00001 00001 01110 00001 00001 11110", "4": "00010 00110 01010 10010 11111 00010 00010",
}
# The preview's words: (row, column, across?, word) on the classic board.
WORDS = ((7, 3, True, "CROSSWORD"), (6, 5, False, "LOVERS"), (7, 8, False, "WORD"))


class Canvas:
    """An RGB picture made of filled rectangles."""

    def __init__(self, width: int, height: int, colour: bytes):
        self.width, self.height = width, height
        self.pixels = bytearray(colour * (width * height))

    def rect(self, x0: int, y0: int, x1: int, y1: int, colour: bytes) -> None:
        x0, x1 = max(0, x0), min(self.width, x1)
        if x1 <= x0:
            return
        row = colour * (x1 - x0)
        for y in range(max(0, y0), min(self.height, y1)):
            start = (y * self.width + x0) * 3
            self.pixels[start:start + len(row)] = row

    def text(self, x: int, y: int, text: str, scale: int, colour: bytes) -> None:
        """Block letters of 5x7 cells of ``scale`` px, a cell apart."""
        for i, ch in enumerate(text):
            for r, bits in enumerate(GLYPHS[ch].split()):
                for c, bit in enumerate(bits):
                    if bit == "1":
                        left, top = x + (i * 6 + c) * scale, y + r * scale
                        self.rect(left, top, left + scale, top + scale, colour)

    def tile(self, x: int, y: int, size: int, letter: str, value: int | None) -> None:
        """A tile as the page draws one: its edge, its face, the letter and its value."""
        edge = max(1, size // 16)
        self.rect(x, y, x + size, y + size, TILE_EDGE)
        self.rect(x, y, x + size - edge, y + size - edge, TILE)
        scale = max(1, size * 5 // 9 // 7)
        self.text(x + (size - 5 * scale) // 2 - edge, y + (size - 7 * scale) // 2 - edge, letter, scale, TILE_INK)
        if value is not None and size >= 24:
            small = max(1, size // 40)
            self.text(x + size - edge - 6 * small, y + size - edge - 8 * small, str(value), small, TILE_INK)

    def png(self) -> bytes:
        """The picture as a PNG (8-bit RGB, no filter, deflated at level 9)."""
        stride = self.width * 3
        raw = b"".join(b"\0" + bytes(self.pixels[y * stride:(y + 1) * stride]) for y in range(self.height))

        def chunk(kind: bytes, data: bytes) -> bytes:
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def icon(size: int, maskable: bool = False) -> bytes:
    """A tile W on the game's green: the tile fills 62% (a maskable icon keeps it within
    the middle 48%, inside the circle every launcher's mask leaves)."""
    canvas = Canvas(size, size, ACCENT)
    tile = size * (48 if maskable else 62) // 100
    canvas.tile((size - tile) // 2, (size - tile) // 2, tile, "W", 4)
    return canvas.png()


def _layout() -> tuple[list[list[str]], dict[str, int]]:
    sys.path.insert(0, str(ROOT))
    from engine import session  # noqa: PLC0415 (standard library only, like this script)

    data = json.loads(session.layout("classic"))
    rows = [[row[i:i + 2] for i in range(0, len(row), 2)] for row in data["premiums"]]
    return rows, data["values"]


def preview() -> bytes:
    """The board with CROSSWORD, LOVERS and WORD on it, and the game's name beside it."""
    width, height = PREVIEW_SIZE
    canvas = Canvas(width, height, BG)
    premiums, values = _layout()
    n, cell, gap = len(premiums), 38, 2
    board = n * cell + (n + 1) * gap
    left, top = 40, (height - board) // 2
    canvas.rect(left, top, left + board, top + board, LINE)
    letters = {}
    for row, col, across, word in WORDS:
        for i, ch in enumerate(word):
            letters[(row, col + i) if across else (row + i, col)] = ch
    for r in range(n):
        for c in range(n):
            x, y = left + gap + c * (cell + gap), top + gap + r * (cell + gap)
            if (r, c) in letters:
                canvas.tile(x, y, cell, letters[(r, c)], values[letters[(r, c)]])
            else:
                canvas.rect(x, y, x + cell, y + cell, PREMIUM.get(premiums[r][c], CELL))
    x = left + board + 48
    for i, line in enumerate(("WORD", "LOVERS'", "CROSSWORD")):
        canvas.text(x, 170 + i * 100, line, 8, ACCENT if i < 2 else INK)
    return canvas.png()


def images() -> dict[str, bytes]:
    """{path in the site: PNG bytes} of every picture."""
    out = {f"{FOLDER}/{name}": icon(size) for name, size in ICON_SIZES.items()}
    out[f"{FOLDER}/{MASKABLE}"] = icon(512, maskable=True)
    out[f"{FOLDER}/{PREVIEW}"] = preview()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="exit 1 if the committed pictures are not these")
    args = ap.parse_args(argv)
    stale = []
    for path, data in images().items():
        target = ROOT / path
        if target.is_file() and target.read_bytes() == data:
            continue
        stale.append(path)
        if not args.check:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    if args.check and stale:
        print("not current (run python3 scripts/draw_images.py): " + ", ".join(stale), file=sys.stderr)
        return 1
    print(("stale: " if args.check else "written: " if stale else "up to date") + ", ".join(stale))
    return 0


if __name__ == "__main__":
    sys.exit(main())
