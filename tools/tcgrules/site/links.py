"""A link check over the built site: every internal link and anchor must reach something.

MkDocs validates the Markdown links of one build; the site's pages link to each other with
raw HTML, so this check reads the assembled HTML instead. A link is internal when it has no
scheme and no host; it must name an existing file (a folder means its index.html; a path
from / starts at the site's root) and, with a ``#fragment``, an element of that page with
that id or name.

The sidebar repeats the same links on every page of an edition: each distinct target
(file and fragment) is checked once, and a broken one is reported on every page that links it.
With ``kept`` (a file of the build's work folder), a page whose HTML is the one checked last
time is not parsed again: its links and ids are read from there, and only what they point to
is checked again (a changed page may have lost an anchor that an unchanged one links); what
is kept is written again only when it changed. The check's answer is kept too: a check of
pages whose HTML and folders are the ones checked last time, each target of their links
there or not as it was, gives that answer again (the site build checks the staged site while
it makes the search index, so that the check after the build finds it kept).
"""
from __future__ import annotations

import hashlib
import pickle
import posixpath
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

import lxml.html

from .page_keys import keep

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
    """The site's HTML pages, each parsed once when first needed (or read from what the last
    check kept of a page with the same HTML): its links and its ids."""

    def __init__(self, site: Path, kept: dict) -> None:
        self.site = site
        self.files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
        self.dirs = {posixpath.dirname(f) for f in self.files}
        self.folders = hashlib.sha256("\n".join(sorted(self.dirs)).encode("utf-8")).hexdigest()
        self.kept: dict[str, dict] = kept.get("pages", {})
        self.answer: dict = kept.get("answer", {})  # the last check's (:meth:`kept_answer`)
        self.parsed: dict[str, dict] = {}  # page -> {sha, links, ids}
        self.changed = False  # whether a page was parsed or resolved anew (what is kept changes)

    def _page(self, rel: str) -> dict:
        if rel not in self.parsed:
            data = (self.site / rel).read_bytes()
            sha = hashlib.sha256(data).hexdigest()
            page = self.kept.get(rel)
            if not (isinstance(page, dict) and page.get("sha") == sha):
                text = data.decode("utf-8")
                tree = lxml.html.document_fromstring(text) if text.strip() else None  # lxml refuses an empty page
                page = {"sha": sha, "links": [str(x) for x in tree.xpath(_LINKS)] if tree is not None else [],
                        "ids": {str(x) for x in tree.xpath(_IDS) if x} if tree is not None else set()}
                self.changed = True
            self.parsed[rel] = page
        return self.parsed[rel]

    def internal(self, rel: str) -> list[tuple[str, str, str, bool]]:
        """The page's internal links: (href, the file it names, fragment, whether it opens
        from file://), resolved again only when the page or the site's folders changed."""
        page = self._page(rel)
        if page.get("folders") != self.folders:
            page["folders"], page["internal"] = self.folders, []
            self.changed = True
            for href in page["links"]:
                parts = urlsplit(href)
                if not (parts.scheme or parts.netloc or href.startswith("//")):
                    target = _target(rel, parts.path, self)
                    page["internal"].append((href, target, parts.fragment, _opens_from_file(parts.path, target)))
        return page["internal"]

    def ids(self, rel: str) -> set[str]:
        return self._page(rel)["ids"]

    def html(self) -> list[str]:
        return sorted(f for f in self.files if f.endswith(".html"))

    def kept_answer(self, files_only: bool) -> tuple[int, list[BrokenLink]] | None:
        """The last check's answer, when it is this check's: the same HTML pages with the
        same bytes, the same folders, every target of their links there or not as it was."""
        a = self.answer
        if not a or (a["files_only"], a["folders"], a["html"]) != (files_only, self.folders, self.html()):
            return None
        if any(self._page(rel) is not self.kept.get(rel) for rel in a["html"]):
            return None
        if any((target in self.files) != there for target, there in a["targets"].items()):
            return None
        return a["checked"], a["broken"]

    def keep_answer(self, files_only: bool, checked: int, broken: list[BrokenLink], targets: set[str]) -> None:
        answer = {"files_only": files_only, "folders": self.folders, "html": self.html(), "checked": checked,
                  "broken": broken, "targets": {t: t in self.files for t in targets}}
        self.changed |= answer != self.answer
        self.answer = answer


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


def check_links(site: Path, files_only: bool = False, kept: Path | None = None) -> tuple[int, list[BrokenLink]]:
    """(internal links checked, broken ones) over every HTML page under ``site``; with
    ``files_only`` (a site opened with file://) a link to a folder or from / is broken too.
    ``kept``: where the links and ids of the pages are kept for the next check."""
    pages = _Pages(site.resolve(), _read(kept) if kept else {})
    if kept and (answer := pages.kept_answer(files_only)) is not None:
        return answer
    reasons: dict[tuple[str, str], str | None] = {}  # (target, fragment) -> why broken
    broken: list[BrokenLink] = []
    checked = 0
    for page_rel in sorted(f for f in pages.files if f.endswith(".html")):
        for href, target, fragment, from_file in pages.internal(page_rel):
            checked += 1
            if files_only and not from_file:
                broken.append(BrokenLink(page_rel, href, "a folder or a path from /: no page opened with file://"))
                continue
            key = (target, fragment)
            if key not in reasons:
                reasons[key] = _reason(target, fragment, pages)
            if reasons[key]:
                broken.append(BrokenLink(page_rel, href, reasons[key]))
    if kept:
        pages.keep_answer(files_only, checked, broken, {target for target, _ in reasons})
        if pages.changed or pages.parsed.keys() != pages.kept.keys():
            _write(kept, {"pages": pages.parsed, "answer": pages.answer})
    return checked, broken


def _read(path: Path) -> dict:
    try:
        with open(path, "rb") as f:
            kept = pickle.load(f)
        return kept if isinstance(kept, dict) and isinstance(kept.get("pages"), dict) else {}
    except Exception:  # noqa: BLE001  (none kept yet, or a torn or older file: every page is parsed)
        return {}


def _write(path: Path, kept: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    keep(path, pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL))
