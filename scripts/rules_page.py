"""Turn the rule book and How to play into pages in the game's style.

    python3 scripts/rules_page.py            write docs/rules.html and docs/how-to-play.html
    python3 scripts/rules_page.py --check    exit 1 if either page is not what this writes now

The game's Rules link opens a formatted page, not raw markdown, with a way back to the
game; the markdown stays the source (readable on a code host, tested against the
engine by tests/test_rules_text.py). The converter knows exactly the markdown those
files use: ATX headings (given ids for anchors), paragraphs, bullet and numbered
lists (items may hold indented paragraphs and tables), pipe tables, **bold**,
*italic*, `code` and [links](target). Anything else is shown as escaped text, never
passed through as HTML. Each page embeds its own small stylesheet (the game's
palette and fonts from ui/style.css, light and dark), so it works on its own from
the repository, the development server and dist/ alike. Links between the converted
files (rules.md, how-to-play.md) point at their pages. Same input, same bytes.

Standard library only (the system ``python3`` can run it, like scripts/dist.py).
"""

from __future__ import annotations

import argparse
import re
import sys
from html import escape, unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# source -> page, both relative to the repository
PAGES = {"docs/rules.md": "docs/rules.html", "docs/how-to-play.md": "docs/how-to-play.html"}
GAME = "../index.html"  # the game, from docs/
TOC_MIN_SECTIONS = 4  # a page with fewer sections needs no table of contents

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_BULLET = re.compile(r"^(-)\s+")
_NUMBER = re.compile(r"^(\d{1,9})\.\s+")
_TABLE_RULE = re.compile(r"^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
# Inline spans, tried left to right: `code`, [text](target), **bold**, *italic*.
_INLINE = re.compile(
    r"(?P<code>`+)(?P<code_text>.+?)(?P=code)"
    r"|\[(?P<link_text>[^\]]+)\]\((?P<href>[^)\s]+)\)"
    r"|\*\*(?P<bold>\S(?:.*?\S)??)\*\*"
    r"|\*(?P<em>[^*\s](?:[^*]*?[^*\s])?)\*"
)


class Markdown:
    """One markdown document as HTML: ``body`` (the blocks) and its ``headings``."""

    def __init__(self, text: str):
        self.headings: list[tuple[int, str, str, str]] = []  # (level, id, html, plain text)
        self._ids: dict[str, int] = {}
        self.body = self._blocks(text.replace("\r\n", "\n").expandtabs(4).split("\n"))

    # ------------------------------------------------------------------ blocks

    def _blocks(self, lines: list[str]) -> str:
        out, i = [], 0
        while i < len(lines):
            line = lines[i]
            if not line.strip():
                i += 1
            elif m := _HEADING.match(line):
                out.append(self._heading(len(m.group(1)), m.group(2)))
                i += 1
            elif _is_table(lines, i):
                i = self._table(lines, i, out)
            elif _BULLET.match(line) or _NUMBER.match(line):
                i = self._list(lines, i, out)
            else:
                i = self._paragraph(lines, i, out)
        return "\n".join(out)

    def _heading(self, level: int, text: str) -> str:
        plain = _plain(text)
        slug = re.sub(r"[^\w\- ]", "", plain.lower()).strip().replace(" ", "-") or "section"
        n = self._ids.get(slug, 0)
        self._ids[slug] = n + 1
        ident = slug if n == 0 else f"{slug}-{n}"
        html = inline(text)
        self.headings.append((level, ident, html, plain))
        return f'<h{level} id="{ident}">{html}</h{level}>'

    def _paragraph(self, lines: list[str], i: int, out: list[str]) -> int:
        start = i
        while i < len(lines) and lines[i].strip() and (i == start or not _starts_block(lines, i)):
            i += 1
        out.append("<p>" + inline(" ".join(line.strip() for line in lines[start:i])) + "</p>")
        return i

    def _table(self, lines: list[str], i: int, out: list[str]) -> int:
        head = _cells(lines[i])
        i += 2  # the header and the |---| rule
        rows = []
        while i < len(lines) and lines[i].strip().startswith("|"):
            rows.append(_cells(lines[i]))
            i += 1
        # a scrolling box is a named region, named by its columns (unique on the page)
        label = "Table: " + ", ".join(_plain(c) for c in head if c)
        html = [f'<div class="table-wrap" role="region" tabindex="0" aria-label="{escape(label)}">',
                "<table>", "<thead><tr>" + "".join(f'<th scope="col">{inline(c)}</th>' if c else "<td></td>"
                                                   for c in head) + "</tr></thead>",
                "<tbody>"]
        for row in rows:
            row = (row + [""] * len(head))[: len(head)]
            first, rest = row[0], row[1:]
            html.append(f'<tr><th scope="row">{inline(first)}</th>' + "".join(f"<td>{inline(c)}</td>" for c in rest)
                        + "</tr>")
        html += ["</tbody>", "</table>", "</div>"]
        out.append("\n".join(html))
        return i

    def _list(self, lines: list[str], i: int, out: list[str]) -> int:
        numbered = bool(_NUMBER.match(lines[i]))
        marker = _NUMBER if numbered else _BULLET
        first_number = int(_NUMBER.match(lines[i]).group(1)) if numbered else 1
        items: list[list[str]] = []
        while i < len(lines):
            m = marker.match(lines[i])
            if m is None:
                break
            width = m.end()
            item = [lines[i][width:]]
            i += 1
            while i < len(lines):
                line = lines[i]
                if not line.strip():
                    # a blank line continues the item only if indented text follows it
                    j = i
                    while j < len(lines) and not lines[j].strip():
                        j += 1
                    if j < len(lines) and lines[j].startswith(" "):
                        item += [""] * (j - i)
                        i = j
                        continue
                    break
                if line.startswith(" "):
                    item.append(line[min(width, len(line) - len(line.lstrip(" "))):])
                elif item[-1].strip() and not marker.match(line) and not _starts_block(lines, i):
                    item.append(line)  # a lazy continuation of the item's paragraph
                else:
                    break
                i += 1
            items.append(item)
            # the list goes on across blank lines while the next item has the same marker
            j = i
            while j < len(lines) and not lines[j].strip():
                j += 1
            if j < len(lines) and marker.match(lines[j]):
                i = j
            else:
                break
        tag = "ol" if numbered else "ul"
        start = f' start="{first_number}"' if numbered and first_number != 1 else ""
        html = [f"<{tag}{start}>"]
        for item in items:
            inner = self._blocks(item)
            if inner.startswith("<p>") and inner.count("<p>") == 1 and inner.endswith("</p>"):
                inner = inner[3:-4]  # a one-paragraph item reads as plain text
            html.append(f"<li>{inner}</li>")
        html.append(f"</{tag}>")
        out.append("\n".join(html))
        return i


def _is_table(lines: list[str], i: int) -> bool:
    return (lines[i].strip().startswith("|") and i + 1 < len(lines)
            and bool(_TABLE_RULE.match(lines[i + 1].strip())) and "-" in lines[i + 1])


def _starts_block(lines: list[str], i: int) -> bool:
    """Whether line i interrupts a paragraph: a heading, a table, or a list."""
    line = lines[i]
    return bool(_HEADING.match(line) or _is_table(lines, i) or _BULLET.match(line)
                or (_NUMBER.match(line) and _NUMBER.match(line).group(1) == "1"))


def _cells(line: str) -> list[str]:
    text = line.strip()
    text = text[1:] if text.startswith("|") else text
    text = text[:-1] if text.endswith("|") else text
    return [c.strip() for c in text.split("|")]


# ---------------------------------------------------------------------- inline


def page_href(href: str) -> str:
    """A link's target on the pages: a converted markdown file becomes its page."""
    path, sep, anchor = href.partition("#")
    for source, page in PAGES.items():
        if path == Path(source).name:
            path = Path(page).name
    return path + sep + anchor


def inline(text: str) -> str:
    """Markdown spans as HTML; every other character escaped."""
    out, pos = [], 0
    for m in _INLINE.finditer(text):
        out.append(escape(text[pos:m.start()], quote=False))
        if m.group("code"):
            out.append(f"<code>{escape(m.group('code_text').strip(), quote=False)}</code>")
        elif m.group("href"):
            out.append(f'<a href="{escape(page_href(m.group("href")))}">{inline(m.group("link_text"))}</a>')
        elif m.group("bold") is not None:
            out.append(f"<strong>{inline(m.group('bold'))}</strong>")
        else:
            out.append(f"<em>{inline(m.group('em'))}</em>")
        pos = m.end()
    out.append(escape(text[pos:], quote=False))
    return "".join(out)


def _plain(text: str) -> str:
    """A heading's text without markup (for its id, the contents and labels)."""
    return unescape(re.sub(r"<[^>]+>", "", inline(text)))


# ---------------------------------------------------------------------- page

# The game's palette and fonts (ui/style.css), light and dark by the system's choice.
STYLE = """
:root {
  color-scheme: light dark;
  --bg: #f5f1e8; --panel: #fffdf8; --ink: #1f1d1a; --muted: #5d574d; --line: #d8cfbf;
  --accent: #1d6b52; --accent-ink: #fff; --focus: #1a5fd0; --tile: #f3d58f; --tile-edge: #b98f3c;
  --tile-ink: #2a2012;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #16181b; --panel: #202327; --ink: #ece8df; --muted: #a9a396; --line: #3a3e44;
    --accent: #3fa37f; --accent-ink: #0c1a14; --focus: #7fb0ff; --tile: #e7c97e; --tile-edge: #9c7a31;
    --tile-ink: #1e170b;
  }
}
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--bg); color: var(--ink); }
body { line-height: 1.45; overflow-wrap: break-word; }
a { color: var(--accent); }
a:focus-visible, .table-wrap:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.top { display: flex; align-items: center; justify-content: space-between; gap: .6rem;
  padding: .4rem .8rem; border-bottom: 1px solid var(--line); background: var(--panel); }
.top .site { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 700;
  color: var(--muted); }
.back { display: inline-block; flex: none; border: 1px solid var(--accent); background: var(--accent);
  color: var(--accent-ink); border-radius: .4rem; padding: .35rem .8rem; text-decoration: none; font-weight: 600;
  white-space: nowrap; }
.back::before { content: ""; display: inline-block; width: .45em; height: .45em; margin: 0 .45em .1em .1em;
  border-left: 2px solid currentColor; border-bottom: 2px solid currentColor; transform: rotate(45deg); }
.back:hover { filter: brightness(1.08); }
main { max-width: 48rem; margin: 0 auto; padding: .6rem 1rem 1rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: .7rem 0 .5rem; }
h2 { font-size: 1.25rem; margin: 1.4rem 0 .4rem; padding-bottom: .15rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.05rem; margin: 1.2rem 0 .4rem; }
h2, h3 { scroll-margin-top: .5rem; }
p { margin: .5rem 0; }
ul, ol { padding-left: 1.4rem; margin: .5rem 0; }
li { margin: .25rem 0; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .9em;
  background: var(--panel); border: 1px solid var(--line); border-radius: .25rem; padding: 0 .25em; }
.toc { background: var(--panel); border: 1px solid var(--line); border-radius: .5rem; padding: .5rem 1rem;
  margin: 1rem 0; }
.toc h2 { font-size: 1rem; margin: .2rem 0; border: 0; padding: 0; }
.toc ol { list-style: none; padding-left: 0; columns: 2 16rem; margin: .3rem 0; }
.toc li { margin: 0; padding: .1rem 0; break-inside: avoid; }
/* A table scrolls inside its own box; one wider than the text may use the screen's width
   (centred on the text), and its first column stays in view while it scrolls. */
.table-wrap { overflow-x: auto; width: max-content; max-width: min(100%, 100vw - 1.5rem); margin: .6rem 0;
  border: 1px solid var(--line); border-radius: .4rem; background: var(--panel); }
@media (min-width: 50rem) {
  main > .table-wrap { max-width: min(100vw - 3rem, 76rem); position: relative; left: 50%; transform: translateX(-50%); }
}
table { border-collapse: separate; border-spacing: 0; font-size: .9rem; }
th, td { padding: .3rem .55rem; text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); }
thead > tr > * { background: var(--tile); color: var(--tile-ink); border-bottom: 2px solid var(--tile-edge);
  white-space: nowrap; }
tbody th { font-weight: 600; position: sticky; left: 0; background: var(--panel); border-right: 1px solid var(--line); }
thead > tr > :first-child { position: sticky; left: 0; border-right: 1px solid var(--tile-edge); }
tbody tr:last-child > * { border-bottom: 0; }
td { min-width: 5.5rem; }
.bottom { border-top: 1px solid var(--line); margin-top: 1.5rem; padding-top: .8rem; }
@media (max-width: 30rem) {
  main { padding: .4rem .75rem 1rem; }
  h1 { font-size: 1.35rem; }
  td { min-width: 4.5rem; }
  tbody th { max-width: 7.5rem; }
}
""".strip("\n")

# "Back to the game" goes back in history when the game page is the previous page (its
# placed tiles and scroll come back as they were); otherwise the link opens the game.
BACK_SCRIPT = """
for (const a of document.querySelectorAll("a.back")) a.addEventListener("click", (e) => {
  let from = null;
  try { from = new URL(document.referrer); } catch (_) { return; }
  const game = new URL(a.getAttribute("href"), location.href);
  const page = (url) => url.origin + url.pathname.replace(/index\\.html$/, "");
  if (page(from) === page(game) && history.length > 1) {
    e.preventDefault();
    history.back();
  }
});
""".strip("\n")

SITE = "Word Lovers' Crossword"


def render(text: str) -> str:
    """The whole page for one markdown document."""
    doc = Markdown(text)
    title = next((plain for level, _, _, plain in doc.headings if level == 1), SITE)
    sections = [(ident, html) for level, ident, html, _ in doc.headings if level == 2]
    body = doc.body
    if len(sections) >= TOC_MIN_SECTIONS:
        toc = ['<nav class="toc" aria-labelledby="toc-title">', '<h2 id="toc-title">Contents</h2>', "<ol>"]
        toc += [f'<li><a href="#{ident}">{html}</a></li>' for ident, html in sections]
        toc += ["</ol>", "</nav>"]
        first_h2 = body.find("<h2 ")
        body = body[:first_h2] + "\n".join(toc) + "\n" + body[first_h2:] if first_h2 >= 0 else body
    back = f'<a class="back" href="{GAME}">Back to the game</a>'
    page_title = title if title.startswith(SITE) else f"{title} \u2013 {SITE}"
    return "\n".join([
        "<!doctype html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="color-scheme" content="light dark">',
        '<link rel="icon" href="data:,">',
        f"<title>{escape(page_title, quote=False)}</title>",
        "<!-- Generated by scripts/rules_page.py from the markdown beside this file: edit that, then run the script. -->",
        f"<style>\n{STYLE}\n</style>",
        "</head>",
        "<body>",
        '<header class="top">',
        back,
        f'<span class="site">{escape(SITE, quote=False)}</span>',
        "</header>",
        "<main>",
        body,
        '<p class="bottom">' + back + "</p>",
        "</main>",
        f"<script>\n{BACK_SCRIPT}\n</script>",
        "</body>",
        "</html>",
        "",
    ])


def build(root: Path = ROOT) -> dict[str, bytes]:
    """Every page, by path relative to ``root``."""
    return {page: render((root / source).read_text(encoding="utf-8")).encode("utf-8")
            for source, page in PAGES.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if a page is out of date")
    args = ap.parse_args(argv)
    stale = []
    for page, data in build(ROOT).items():
        target = ROOT / page
        if target.is_file() and target.read_bytes() == data:
            continue
        if args.check:
            stale.append(page)
        else:
            target.write_bytes(data)
            print(f"rules_page: wrote {page}")
    if stale:
        print("rules_page: out of date (run `python3 scripts/rules_page.py`): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
