"""Check every internal link of a built site: each relative ``href``/``src`` names a file of
the site, and each ``#anchor`` an ``id`` on the page it points to (``make docs``).

External links (``http(s)://``, ``mailto:``) are not fetched: CI has no internet. The
JupyterLite site under ``lite/`` is copied as built and is not checked page by page; a link
into it must still name one of its files. Exit status 1 and one line per broken link.
"""

from __future__ import annotations

import argparse
import sys
import urllib.parse
from html.parser import HTMLParser
from pathlib import Path

SKIP = ("http:", "https:", "mailto:", "data:", "javascript:", "//")


class Page(HTMLParser):
    """The links and the ids of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            if tag == "a" and name == "name" and value:
                self.ids.add(value)
            if name in ("href", "src") and value and tag != "link":
                self.links.append(value)


def read(path: Path, cache: dict[Path, Page]) -> Page:
    if path not in cache:
        page = Page()
        page.feed(path.read_text(encoding="utf-8", errors="replace"))
        cache[path] = page
    return cache[path]


def broken_links(site: Path) -> list[str]:
    """``page: link (why)`` for every internal link of ``site`` that leads nowhere."""
    site = site.resolve()
    cache: dict[Path, Page] = {}
    out = []
    for html in sorted(site.rglob("*.html")):
        rel = html.relative_to(site)
        if rel.parts[0] in ("lite", "_static", "_sources"):
            continue
        for link in read(html, cache).links:
            if link.startswith(SKIP):
                continue
            parts = urllib.parse.urlsplit(link)
            target = html if not parts.path else (html.parent / urllib.parse.unquote(parts.path))
            target = target.resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file() or site not in target.parents:
                out.append(f"{rel}: {link} (no such file)")
                continue
            anchor = urllib.parse.unquote(parts.fragment)
            if anchor and target.suffix == ".html" and anchor not in read(target, cache).ids:
                out.append(f"{rel}: {link} (no such anchor)")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built site, e.g. docs/_build/html")
    args = parser.parse_args(argv)
    bad = broken_links(args.site)
    pages = sum(1 for _ in args.site.rglob("*.html"))
    for line in bad:
        print(line)
    print(f"{len(bad)} broken internal links in {args.site} ({pages} pages)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
