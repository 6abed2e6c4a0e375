"""scripts/rules_page.py: the rule book and How to play as pages (docs/*.html) that are
up to date, keep every heading and table of their markdown, leave no markdown syntax
showing, link only to what exists, and promise only keys the game really handles."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "ui"))
import rules_page  # noqa: E402
import ui_fixtures as fx  # noqa: E402

RULES, HOW = ROOT / "docs/rules.md", ROOT / "docs/how-to-play.md"
PAGES = [ROOT / page for page in rules_page.PAGES.values()]


class Page(HTMLParser):
    """What a test reads in a page: ids, headings, links, tables, and the visible text."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.ids, self.headings, self.links, self.text = set(), [], [], []
        self.prose = []  # the text outside headings, the contents (which repeat heading numbers) and code
        self._pre = 0
        self.tables = 0
        self._heading, self._skip, self._nav = None, 0, 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag in ("script", "style"):
            self._skip += 1
        if tag == "nav":
            self._nav += 1
        if tag == "pre":
            self._pre += 1
        if re.fullmatch(r"h[1-6]", tag):
            self._heading = [int(tag[1]), a.get("id"), ""]
        if tag == "table":
            self.tables += 1
        for name in ("href", "src"):
            if name in a:
                self.links.append((tag, a[name], a.get("class", "")))

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1
        if tag == "nav":
            self._nav -= 1
        if tag == "pre":
            self._pre -= 1
        if self._heading and tag == f"h{self._heading[0]}":
            self.headings.append(tuple(self._heading))
            self._heading = None

    def handle_data(self, data):
        if self._skip:
            return
        self.text.append(data)
        if self._heading:
            self._heading[2] += data
        elif not self._nav and not self._pre:
            self.prose.append(data)


def read(path: Path) -> Page:
    return Page(path.read_text(encoding="utf-8"))


def md_headings(text: str) -> list[tuple[int, str]]:
    out = []
    for line in text.splitlines():
        m = re.match(r"^(#{1,6})\s+(.+?)\s*$", line)
        if m:
            plain = re.sub(r"[*`]", "", m.group(2))
            out.append((len(m.group(1)), plain))
    return out


# --------------------------------------------------------------------------- up to date


def test_the_pages_are_up_to_date():
    proc = subprocess.run([sys.executable, str(ROOT / "scripts/rules_page.py"), "--check"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr


def test_check_fails_on_a_stale_page_and_writing_fixes_it(tmp_path, monkeypatch, capsys):
    for source, page in rules_page.PAGES.items():
        (tmp_path / source).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / source).write_bytes((ROOT / source).read_bytes())
        (tmp_path / page).write_bytes((ROOT / page).read_bytes())
    monkeypatch.setattr(rules_page, "ROOT", tmp_path)
    assert rules_page.main(["--check"]) == 0
    with open(tmp_path / "docs/rules.md", "a") as f:
        f.write("\nOne more paragraph.\n")
    assert rules_page.main(["--check"]) == 1
    assert "docs/rules.html" in capsys.readouterr().err
    assert b"One more paragraph." not in (tmp_path / "docs/rules.html").read_bytes()  # --check writes nothing
    assert rules_page.main([]) == 0
    assert b"<p>One more paragraph.</p>" in (tmp_path / "docs/rules.html").read_bytes()
    assert rules_page.main(["--check"]) == 0


# --------------------------------------------------------------------------- what the pages hold


@pytest.mark.parametrize("source", [RULES, HOW], ids=["rules", "how-to-play"])
def test_every_heading_is_in_the_page_with_an_id(source):
    page = read(ROOT / rules_page.PAGES[source.relative_to(ROOT).as_posix()])
    shown = [(level, text) for level, ident, text in page.headings if ident != "toc-title"]
    assert shown == md_headings(source.read_text())
    ids = [ident for _, ident, _ in page.headings]
    assert all(ids) and len(ids) == len(set(ids))


def test_rules_has_a_table_of_contents_of_every_section():
    page = read(ROOT / "docs/rules.html")
    sections = ["#" + ident for level, ident, _ in page.headings if level == 2 and ident != "toc-title"]
    toc = [href for tag, href, _ in page.links if tag == "a" and href.startswith("#")]
    assert toc == sections and len(sections) >= 10
    assert "Contents" in "".join(page.text)


def test_tables_became_tables():
    md = RULES.read_text()
    rules = sum(1 for line in md.splitlines() if re.match(r"^\s*\|(\s*:?-+:?\s*\|)+\s*$", line))
    assert rules >= 5
    html = (ROOT / "docs/rules.html").read_text()
    assert read(ROOT / "docs/rules.html").tables == rules
    assert html.count('<div class="table-wrap"') == rules  # each in its own scrolling box
    assert "<td>15x15</td>" in html and '<th scope="row">minimum main word</th>' in html


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_no_markdown_syntax_is_left(path):
    html = path.read_text()
    text = "".join(read(path).text)
    for mark in ("|---", "**", "](", "`"):
        assert mark not in text, mark
    assert not re.search(r"(?m)^\s*(#{1,6} |- |\d+\. )", "".join(read(path).prose))
    assert not re.search(r"(?<![\w*])\*[^\s*][^*]*\*", text)  # no *italic* left as text
    # and what the markdown marked is marked up
    assert "<strong>" in html and "<li>" in html


def test_inline_markup_and_escaping():
    html = rules_page.render("# T & U\n\nA <b>x</b> & **bold *in* it**, *em*, `a<b>` and "
                             "[rules](rules.md#1-the-board); 2 * 3 * 4 stays.\n")
    assert '<h1 id="t--u">T &amp; U</h1>' in html  # ids as a code host makes them (notation.md#rules-strings)
    assert ("<p>A &lt;b&gt;x&lt;/b&gt; &amp; <strong>bold <em>in</em> it</strong>, <em>em</em>, "
            '<code>a&lt;b&gt;</code> and <a href="rules.html#1-the-board">rules</a>; 2 * 3 * 4 stays.</p>') in html
    assert "<title>T &amp; U" in html


def test_lists_hold_indented_paragraphs_and_tables():
    md = ("- one\n  more\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n\n  after\n- two\n\n"
          "3. three\n   still three\n4. four\n")
    body = re.sub(r">\s+<", "><", rules_page.Markdown(md).body.replace("\n", " "))  # CommonMark's line breaks aside
    assert body.count("<ul>") == 1 and body.count("<li>") == 4 and body.count("<table>") == 1
    assert "<li><p>one more</p>" in body and "<p>after</p></li>" in body
    assert '<ol start="3"><li>three still three</li><li>four</li></ol>' in body


def test_every_internal_link_resolves():
    for path in PAGES:
        page = read(path)
        for tag, href, _ in page.links:
            if href.startswith("data:"):
                continue
            assert "://" not in href and not href.startswith("/"), (path.name, href)
            target, _, anchor = href.partition("#")
            file = (path.parent / target).resolve() if target else path
            assert file.is_file(), (path.name, href)
            if anchor:
                if file.suffix == ".html":
                    ids = read(file).ids
                else:  # a markdown file: its headings' ids, as the converter makes them
                    ids = {h[1] for h in rules_page.Markdown(file.read_text()).headings}
                assert anchor in ids, (path.name, href)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_back_to_the_game_at_the_top_and_the_bottom(path):
    html = path.read_text()
    backs = [m.start() for m in re.finditer(r'<a class="back" href="\.\./index\.html">Back to the game</a>', html)]
    assert len(backs) == 2
    assert backs[0] < html.index("<main>") and backs[1] > html.index("</h1>")
    assert (path.parent / "../index.html").resolve().is_file()
    assert 'name="viewport"' in html and "prefers-color-scheme: dark" in html


def test_how_to_play_links_the_full_rules():
    links = [href for tag, href, _ in read(ROOT / "docs/how-to-play.html").links]
    assert "rules.html" in links


# --------------------------------------------------------------------------- true to the game


def _rack_id(s, tile):
    return next(e["id"] for e in s["rack"] if e["tile"] == tile)


def _space(s):
    turned = fx.go(s, {"t": "key", "key": " "})
    return turned["dir"] == "down"


def _arrows(s):
    moved = fx.go(s, {"t": "key", "key": "ArrowDown"}, {"t": "key", "key": "ArrowRight"})
    return moved["cursor"] == "I9"


def _shift_letter(s):
    s = fx.go(s, {"t": "key", "key": "E", "shift": True})
    return [(p["tile"], p["letter"]) for p in s["placed"]] == [("?", "E")]  # E is on the rack, yet a blank


def _backspace(s):
    s = fx.go(s, {"t": "key", "key": "a"}, {"t": "key", "key": "b"}, {"t": "key", "key": "Backspace"})
    return [p["letter"] for p in s["placed"]] == ["A"]


def _esc(s):
    s = fx.go(s, {"t": "key", "key": "a"}, {"t": "key", "key": "b"}, {"t": "key", "key": "Escape"})
    return s["placed"] == []


def _enter(s):
    s = fx.go(s, {"t": "key", "key": "a"}, {"t": "key", "key": "b"}, {"t": "key", "key": "Enter"})
    return len(fx.effects(s, "play")) == 1


def _type(s):
    s = fx.go(s, {"t": "key", "key": "a"}, {"t": "key", "key": "b"})
    return [(p["sq"], p["letter"]) for p in s["placed"]] == [("H8", "A"), ("I8", "B")]


def _typed_blank(s):
    s = fx.go(s, {"t": "key", "key": "z"})
    return [(p["tile"], p["letter"]) for p in s["placed"]] == [("?", "Z")] and "blank" in s["message"]


def _tap(s):
    a = _rack_id(s, "A")
    s = fx.go(s, {"t": "tap_rack", "id": a}, {"t": "tap_square", "sq": "H8"})
    return [p["sq"] for p in s["placed"]] == ["H8"]


# What How to play says (in bold) -> the state's own handling of it, on a rack of A B E ?
CLAIMS = {
    "Space": _space, "Shift+letter": _shift_letter, "Backspace": _backspace, "Esc": _esc,
    "Enter": _enter, "Type": _type, "Tap": _tap,
}
KEY_NAMES = {"Space": " ", "Backspace": "Backspace", "Esc": "Escape", "Enter": "Enter"}


def _state():
    return fx.new(fx.snap(racks=("ABE?", "XYZ")))


def test_how_to_play_names_each_control_the_issue_asks_for():
    text = HOW.read_text()
    bold = {" ".join(b.split()) for b in re.findall(r"\*\*([^*]+)\*\*", text)}
    for needed in ("Tap", "drag", "Type", "Space", "Shift+letter", "Backspace", "Esc", "Play", "Pass",
                   "Exchange", "live score", "Share", "play by link", "Games by link", "Past games",
                   "Undo", "Hint", "History"):
        assert needed in bold, needed
    assert "arrow keys" in text and "[the full rules](rules.md)" in text


@pytest.mark.parametrize("claim", sorted(CLAIMS))
def test_each_key_how_to_play_claims_does_what_it_says(claim):
    assert claim in HOW.read_text()
    assert CLAIMS[claim](_state()), claim


def test_arrows_and_a_typed_missing_letter_do_what_it_says():
    text = HOW.read_text()
    assert "the arrow keys move" in text and _arrows(_state())
    assert "Typing a letter you do not hold uses your blank, and says so" in " ".join(text.split())
    assert _typed_blank(_state())


def test_the_page_forwards_every_key_how_to_play_names():
    """ui/boot/events.py passes these keys from the board to ui/board/intents.on_key, which handles each."""
    main = (ROOT / "ui/boot/events.py").read_text()
    keys = re.search(r"^KEYS = \((.*?)\)$", main, re.M).group(1)
    on_key = re.search(r"^def on_key\(s, ev\):\n(.*?)^def ", (ROOT / "ui/board/intents.py").read_text(), re.M | re.S).group(1)
    for name, key in KEY_NAMES.items():
        assert f'"{key}"' in keys, name
        assert f'"{key}"' in on_key, name
    for arrow in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
        assert f'"{arrow}"' in keys and f'"{arrow}"' in on_key
    assert '"shift": bool(e.shiftKey)' in main and 'ev.get("shift"' in on_key
