"""Installable and previewed: the web app manifest (name, start, standalone, colours,
icons of 192 and 512 px and a maskable one) linked from the three pages, and the
description, Open Graph and Twitter card tags with a 1200x630 picture of a board, all
drawn by scripts/draw_images.py and shipped by the build."""

from __future__ import annotations

import json
import re
import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import dist  # noqa: E402
import draw_images  # noqa: E402

PAGES = ("index.html", "club.html", "table.html")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def _meta(html: str, key: str) -> str | None:
    m = re.search(rf'<meta (?:name|property)="{re.escape(key)}" content="([^"]*)">', html)
    return m[1] if m else None


def test_the_manifest_names_the_game_and_its_icons():
    data = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert data["name"] == "Word Lovers' Crossword" and 0 < len(data["short_name"]) <= 12
    assert data["start_url"] == "./" and data["scope"] == "./" and data["display"] == "standalone"
    for key in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-f]{6}", data[key]), key
    sizes = {}
    for icon in data["icons"]:
        assert icon["type"] == "image/png" and not icon["src"].startswith(("/", "http"))
        w, h = png_size((ROOT / icon["src"]).read_bytes())
        assert icon["sizes"] == f"{w}x{h}", icon
        sizes.setdefault(icon.get("purpose", "any"), set()).add(w)
    assert sizes["any"] >= {192, 512} and 512 in sizes["maskable"]


@pytest.mark.parametrize("page", PAGES)
def test_every_page_links_the_manifest_and_has_a_preview(page):
    html = (ROOT / page).read_text()
    head = html[:html.index("</head>")]
    assert '<link rel="manifest" href="./manifest.webmanifest">' in head
    theme = json.loads((ROOT / "manifest.webmanifest").read_text())["theme_color"]
    assert _meta(head, "theme-color") == theme
    title = re.search(r"<title>(.*?)</title>", head)[1]
    for key in ("description", "og:title", "og:description", "twitter:title", "twitter:description"):
        assert len(_meta(head, key) or "") >= 20, key
    assert _meta(head, "og:title") == _meta(head, "twitter:title") == title.replace("At the table: keep score of a game on a real board", "At the table")
    assert _meta(head, "twitter:card") == "summary_large_image" and _meta(head, "og:type") == "website"
    image = _meta(head, "og:image")
    assert image == _meta(head, "twitter:image") == "./icons/preview.png"
    assert png_size((ROOT / image).read_bytes()) == (1200, 630)
    assert (_meta(head, "og:image:width"), _meta(head, "og:image:height")) == ("1200", "630")
    assert "#" not in image   # the game's moves stay in the fragment: the preview is the game's


def test_the_pictures_are_what_the_script_draws():
    drawn = draw_images.images()
    assert {p: png_size(d) for p, d in drawn.items()} == {
        "icons/icon-192.png": (192, 192), "icons/icon-512.png": (512, 512),
        "icons/icon-maskable-512.png": (512, 512), "icons/preview.png": (1200, 630)}
    for path, data in drawn.items():
        assert (ROOT / path).read_bytes() == data, f"{path} is stale: run python3 scripts/draw_images.py"
    assert draw_images.main(["--check"]) == 0


def test_the_build_ships_them_and_can_name_the_preview_absolutely():
    files = dist.collect(dist.ROOT)
    drawn = draw_images.images()
    for path in ("manifest.webmanifest", *drawn):
        assert path in files, path
    assert all(files[p] == d for p, d in drawn.items())
    pages = dist.absolute_previews(files, "https://example.org/games/wlc/")
    for page in PAGES:
        head = pages[page].decode()
        assert _meta(head, "og:image") == _meta(head, "twitter:image") == "https://example.org/games/wlc/icons/preview.png"
        assert '<link rel="manifest" href="./manifest.webmanifest">' in head   # the rest stays relative
    with pytest.raises(dist.DistError, match="site-url"):
        dist.absolute_previews(files, "example.org")
