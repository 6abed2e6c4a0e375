"""Turn the players' and hosts' docs into pages in the game's style.

    .venv/bin/python scripts/rules_page.py            write docs/*.html from docs/*.md
    .venv/bin/python scripts/rules_page.py --check    exit 1 if a page is not what this writes now

The game's Rules link opens a formatted page, not raw markdown, with a way back to the
game; the markdown stays the source (readable on a code host, tested against the
engine by tests/site/test_rules_text.py). markdown-it-py (CommonMark with pipe tables,
pinned in requirements-build.txt, installed into .venv by setup) does the parsing;
raw HTML in the markdown is shown as text, never passed through. Here: heading ids
as a code host makes them (so links to anchors work on both), tables in a labelled
scrolling box with row and column headers, links between the converted files
pointing at their pages, and the page around them. Each page embeds its own small
stylesheet (the game's palette and fonts from ui/style.css, light and dark), so it
works on its own from the repository, the development server and dist/ alike.
Same input, same bytes. scripts/dist.py ships the committed pages (it runs under the
system python3, which may not have markdown-it-py), and ``--check`` in the tests
keeps them current.
"""

from __future__ import annotations

import argparse
import re
import sys
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# source -> page, both relative to the repository
PAGES = {"docs/rules.md": "docs/rules.html", "docs/how-to-play.md": "docs/how-to-play.html",
         "docs/notation.md": "docs/notation.html", "docs/embedding.md": "docs/embedding.html",
         "docs/hosting.md": "docs/hosting.html"}
GAME = "../index.html"  # the game, from docs/
TOC_MIN_SECTIONS = 4  # a page with fewer sections needs no table of contents

def _parser():
    """CommonMark with pipe tables; raw HTML in the markdown is shown as text, never passed on."""
    from markdown_it import MarkdownIt  # noqa: PLC0415 (a build tool in .venv: dist.py imports PAGES only)
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    rules = md.renderer.rules
    rules["table_open"] = _table_open
    rules["table_close"] = lambda tokens, idx, options, env: "</table>\n</div>\n"
    rules["th_open"] = lambda tokens, idx, options, env: "<td>" if _empty(tokens[idx + 1]) else '<th scope="col">'
    rules["th_close"] = lambda tokens, idx, options, env: "</td>\n" if _empty(tokens[idx - 1]) else "</th>\n"
    rules["td_open"] = _cell_open
    rules["td_close"] = _cell_close
    return md


def _table_open(tokens, idx, options, env):
    """A table in a scrolling box, a region named by its columns (unique on the page)."""
    head = []
    for tok in tokens[idx:]:
        if tok.type == "thead_close":
            break
        if tok.type == "inline" and tok.content:
            head.append(_plain_inline(tok))
    label = "Table: " + ", ".join(head)
    return f'<div class="table-wrap" role="region" tabindex="0" aria-label="{escape(label)}">\n<table>\n'


def _empty(tok) -> bool:
    """An empty header cell (the corner of a table) is no header: a plain cell."""
    return tok.type == "inline" and not tok.content.strip()


def _first_in_row(tokens, idx):
    return tokens[idx - 1].type == "tr_open" if tokens[idx].type == "td_open" else tokens[idx - 3].type == "tr_open"


def _cell_open(tokens, idx, options, env):
    return '<th scope="row">' if _first_in_row(tokens, idx) else "<td>"


def _cell_close(tokens, idx, options, env):
    return "</th>\n" if _first_in_row(tokens, idx) else "</td>\n"


def _plain_inline(tok) -> str:
    """An inline token's text without markup (for ids, the contents and labels)."""
    return "".join(child.content for child in tok.children or [] if child.type in ("text", "code_inline"))


class Markdown:
    """One markdown document as HTML: ``body`` (the blocks) and its ``headings``
    [(level, id, html, plain text)], ids as a code host makes them."""

    def __init__(self, text: str):
        md = _parser()
        tokens = md.parse(text.replace("\r\n", "\n"))
        self.headings: list[tuple[int, str, str, str]] = []
        ids: dict[str, int] = {}
        for i, tok in enumerate(tokens):
            if tok.type == "inline":
                for child in tok.children or []:
                    if child.type == "link_open":
                        child.attrSet("href", page_href(child.attrGet("href") or ""))
            if tok.type != "heading_open":
                continue
            plain = _plain_inline(tokens[i + 1])
            slug = re.sub(r"[^\w\- ]", "", plain.lower()).strip().replace(" ", "-") or "section"
            n = ids.get(slug, 0)
            ids[slug] = n + 1
            ident = slug if n == 0 else f"{slug}-{n}"
            tok.attrSet("id", ident)
            html = md.renderer.renderInline(tokens[i + 1].children, md.options, {})
            self.headings.append((int(tok.tag[1]), ident, html, plain))
        self.body = md.renderer.render(tokens, md.options, {}).strip()


def page_href(href: str) -> str:
    """A link's target on the pages: a converted markdown file becomes its page."""
    path, sep, anchor = href.partition("#")
    for source, page in PAGES.items():
        if path == Path(source).name:
            path = Path(page).name
    return path + sep + anchor


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
