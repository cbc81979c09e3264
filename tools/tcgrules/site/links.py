"""A link check over the built site: every internal link and anchor must reach something.

MkDocs validates the Markdown links of one build; the site is several builds whose pages
link to each other with raw HTML, so this check reads the assembled HTML instead. A link is
internal when it has no scheme and no host; it must name an existing file (a folder means
its index.html; a path from / starts at the site's root) and, with a ``#fragment``, an element of that page with that id or name.
"""
from __future__ import annotations

import posixpath
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

LINK_ATTRS = {"a": "href", "link": "href", "script": "src", "img": "src", "iframe": "src"}


@dataclass(frozen=True)
class BrokenLink:
    page: str  # site-relative path of the HTML file
    href: str
    reason: str

    def __str__(self) -> str:
        return f"{self.page}: {self.href}: {self.reason}"


class _PageParser(HTMLParser):
    """Collects a page's ids and the links it makes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for key in ("id", "name"):
            if a.get(key):
                self.ids.add(a[key])
        target = a.get(LINK_ATTRS.get(tag, ""))
        if target is not None:
            self.links.append(target)


def _parse(path: Path) -> _PageParser:
    p = _PageParser()
    p.feed(path.read_text(encoding="utf-8"))
    p.close()
    return p


def _target_file(site: Path, page_rel: str, href_path: str) -> Path:
    """The file a link's path names, resolved from the page that makes it."""
    base = "" if href_path.startswith("/") else posixpath.dirname(page_rel)  # the site is served at /
    rel = posixpath.normpath(posixpath.join(base, unquote(href_path).lstrip("/"))) if href_path else page_rel
    p = site / rel
    if href_path.endswith("/") or p.is_dir():
        p = p / "index.html"
    return p


def _opens_from_file(href_path: str, target: Path) -> bool:
    """Whether the link names its page's file itself, as a browser needs under file://."""
    return not href_path.startswith("/") and (not href_path or target.name == posixpath.basename(unquote(href_path)))


def check_links(site: Path, files_only: bool = False) -> tuple[int, list[BrokenLink]]:
    """(internal links checked, broken ones) over every HTML page under ``site``; with
    ``files_only`` (a site opened with file://) a link to a folder or from / is broken too."""
    site = site.resolve()
    pages = {p: _parse(p) for p in sorted(site.rglob("*.html"))}
    broken: list[BrokenLink] = []
    checked = 0
    for path, parsed in pages.items():
        page_rel = path.relative_to(site).as_posix()
        for href in parsed.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith("//"):
                continue
            checked += 1
            target = _target_file(site, page_rel, parts.path)
            if files_only and not _opens_from_file(parts.path, target):
                broken.append(BrokenLink(page_rel, href, "a folder or a path from /: no page opened with file://"))
                continue
            try:
                target.relative_to(site)
            except ValueError:
                broken.append(BrokenLink(page_rel, href, "points outside the site"))
                continue
            if not target.is_file():
                broken.append(BrokenLink(page_rel, href, "no such file"))
                continue
            if parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(BrokenLink(page_rel, href, f"no anchor #{unquote(parts.fragment)}"))
    return checked, broken
