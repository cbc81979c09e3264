"""A link check over the built site: every internal link and anchor must reach something.

MkDocs validates the Markdown links of one build; the site's pages link to each other with
raw HTML, so this check reads the assembled HTML instead. A link is internal when it has no
scheme and no host; it must name an existing file (a folder means its index.html; a path
from / starts at the site's root) and, with a ``#fragment``, an element of that page with
that id or name.

The sidebar repeats the same links on every page of an edition: each distinct target
(file and fragment) is checked once, and a broken one is reported on every page that links it.
"""
from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

import lxml.html

_LINKS = "//a/@href | //link/@href | //script/@src | //img/@src | //iframe/@src"
_IDS = "//@id | //@name"


@dataclass(frozen=True)
class BrokenLink:
    page: str  # site-relative path of the HTML file
    href: str
    reason: str

    def __str__(self) -> str:
        return f"{self.page}: {self.href}: {self.reason}"


class _Pages:
    """The site's HTML pages, each parsed once when first needed: its links and its ids."""

    def __init__(self, site: Path) -> None:
        self.site = site
        self.files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
        self.dirs = {posixpath.dirname(f) for f in self.files}
        self._ids: dict[str, set[str]] = {}

    def parse(self, rel: str) -> list[str]:
        """The page's links (keeping its ids for later)."""
        text = (self.site / rel).read_text(encoding="utf-8")
        tree = lxml.html.document_fromstring(text) if text.strip() else None  # lxml refuses an empty page
        self._ids[rel] = {str(x) for x in tree.xpath(_IDS) if x} if tree is not None else set()
        return [str(x) for x in tree.xpath(_LINKS)] if tree is not None else []

    def ids(self, rel: str) -> set[str]:
        if rel not in self._ids:
            self.parse(rel)
        return self._ids[rel]


def _target(page_rel: str, href_path: str, pages: _Pages) -> str:
    """The site-relative file a link's path names, resolved from the page that makes it
    ('..' above the site's root stays above it)."""
    base = "" if href_path.startswith("/") else posixpath.dirname(page_rel)  # the site is served at /
    rel = posixpath.normpath(posixpath.join(base, unquote(href_path).lstrip("/"))) if href_path else page_rel
    if href_path.endswith("/") or rel == "." or rel in pages.dirs:
        rel = posixpath.join(rel, "index.html") if rel != "." else "index.html"
    return rel


def _opens_from_file(href_path: str, target: str) -> bool:
    """Whether the link names its page's file itself, as a browser needs under file://."""
    return not href_path.startswith("/") and (
        not href_path or posixpath.basename(target) == posixpath.basename(unquote(href_path)))


def _reason(target: str, fragment: str, pages: _Pages) -> str | None:
    """Why a link to ``target#fragment`` is broken, or None."""
    if target == ".." or target.startswith("../"):
        return "points outside the site"
    if target not in pages.files:
        return "no such file"
    if fragment and target.endswith(".html") and unquote(fragment) not in pages.ids(target):
        return f"no anchor #{unquote(fragment)}"
    return None


def check_links(site: Path, files_only: bool = False) -> tuple[int, list[BrokenLink]]:
    """(internal links checked, broken ones) over every HTML page under ``site``; with
    ``files_only`` (a site opened with file://) a link to a folder or from / is broken too."""
    pages = _Pages(site.resolve())
    reasons: dict[tuple[str, str], str | None] = {}  # (target, fragment) -> why broken
    broken: list[BrokenLink] = []
    checked = 0
    for page_rel in sorted(f for f in pages.files if f.endswith(".html")):
        for href in pages.parse(page_rel):
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith("//"):
                continue
            checked += 1
            target = _target(page_rel, parts.path, pages)
            if files_only and not _opens_from_file(parts.path, target):
                broken.append(BrokenLink(page_rel, href, "a folder or a path from /: no page opened with file://"))
                continue
            key = (target, parts.fragment)
            if key not in reasons:
                reasons[key] = _reason(target, parts.fragment, pages)
            if reasons[key]:
                broken.append(BrokenLink(page_rel, href, reasons[key]))
    return checked, broken
