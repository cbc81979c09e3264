"""The reference site: Jinja2 templates render ``site_src/`` from the knowledge base, then
MkDocs (mkdocs-material) builds ``site/``.

Layout (directory URLs, every clause's printed number is its anchor)::

    /                                   home: games, editions, how to cite       (root area)
    /battle-spirits/zh-Hant/            an edition: chapters, source defects     (edition area)
    /battle-spirits/zh-Hant/8/#8-1-6-1  a chapter page and a clause on it (current revision)
    /battle-spirits/zh-Hant/1.0/8/      the same revision at its pinned URL (an edition area
                                        of its own; older revisions only have this one)
    /battle-spirits/compare/8/          zh-Hant | ja side by side  (an area in its first edition's language)
    /glossary/  /glossary/<game>/       concepts across games, per game          (root area)

One MkDocs build makes every page. Every edition, at each of its URLs, is an *area* of it
(:mod:`tcgrules.site.mkdocs_areas`) with its own sidebar, interface language (Material's
translations), title, sitemap and search base, as if it were a build of its own; the root
area holds the pages that span editions. MkDocs converts again only the pages whose Markdown
changed. The search is one index over every area (:func:`enrich_search`, at the root), which
the site's search worker of every page loads. Links between pages are raw HTML (MkDocs cannot
check them); :mod:`tcgrules.site.links` checks every link of the built site instead.

Generated pages live beside the hand-written ones (``site_src/about/``, ``site_src/assets/``);
:func:`render` writes only the pages whose inputs changed and removes only what it generated
before and no longer does (listed with their keys in ``site_src/.generated``).
"""
from __future__ import annotations

import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Callable

from . import offline as offline_site, printview, search_index, staging
from .scripts import THEME_DIR
from .html import (DEFAULT_SITE_URL, LANG_NAMES, Context, compare_pairs, edition_url, edition_urls, load_coverage,
                   make_context, relative, ui)
from .links import check_links
from .page_keys import keep
from .pages import HAND_WRITTEN, Rendering, compare_views, render_first, row_anchor
from .workers import forked, result
from ..errors import UsageError
from ..kb.files import control_problem
from ..kb import store
from ..kb.model import KnowledgeBase

BUILD_DIR = Path("build") / "site"  # generated MkDocs configs and staging (git-ignored)
PARSED = store.PARSED  # the parsed record files, for the next build and every command
OFFLINE_DIR = "site-offline"  # the offline site's folder (and .zip) under the project
THEME_LANGUAGE = {"zh-Hant": "zh-Hant", "zh-Hans": "zh-Hans", "ja": "ja", "en": "en"}
# The site's search worker indexes and queries on its own (tcgrules.site.search_index); Material
# still uses the separator to mark a search's words on the page a result opens: keep a
# clause number whole (Material's default splits on "-") and split on CJK punctuation.
SEARCH_SEPARATOR = r"[\s\u200b\u3000、。，．？！；：「」『』（）()【】《》〔〕]+"


# ---------------------------------------------------------------- building


PINNED_COPY = "--pinned"  # the name's ending of a current revision's area at its pinned URL


@dataclass
class Area:
    """A part of the site with its own sidebar, interface language, title and search base:
    the root pages, or one edition at one of its URLs (:mod:`tcgrules.site.mkdocs_areas`)."""

    name: str
    url: str  # site-relative URL prefix ('' for the root)
    lang: str | None = None  # edition language; None for the root
    title: str = "tcgrules"
    exclude: list[str] = field(default_factory=list)  # folders of other areas within this one, from url
    sections: dict[str, str] = field(default_factory=dict)  # folder -> title in the sidebar
    edition: str | None = None  # the edition key of an edition area


def areas(kb: KnowledgeBase) -> list[Area]:
    """The root area first, then every edition at each of its URLs."""
    eds = sorted(kb.editions.values(), key=lambda e: edition_url(e))
    sections = {"glossary": "Glossary", "changes": "Changes", "about": "About"}
    for left, right in compare_pairs(kb):
        sections[f"{left.game}/compare"] = f"{LANG_NAMES[left.lang]} | {LANG_NAMES[right.lang]}"
    for e in eds:
        title = e.game_title or e.game
        sections.update({e.game: title, f"changes/{e.game}": title, f"changes/{e.game}/{e.lang}": LANG_NAMES[e.lang]})
    sections = {folder: html.escape(title) for folder, title in sections.items()}  # MkDocs prints nav titles raw
    places = [(e, url) for e in eds for url in edition_urls(e)]
    # a side-by-side view is an area of its own too, in its first edition's language
    compares = [(left, f"{left.game}/compare/") for left, _ in compare_pairs(kb)]
    out = [Area("root", "", exclude=[f"/{url}" for _, url in places + compares], sections=sections)]
    out += [Area(f"{left.game}--compare", url, left.lang, f"{left.game_title or left.game}: {sections[url.rstrip('/')]}",
                 edition=left.key) for left, url in compares]
    for e, url in places:
        nested = [f"/{o[len(url):]}" for _, o in places if o != url and o.startswith(url)]
        name = e.key.replace("/", "--") + ("" if url == edition_url(e) else PINNED_COPY)
        out.append(Area(name, url, e.lang, e.title, nested, edition=e.key))
    return out


def natural_key(name: str) -> tuple:
    """Sort key putting 2 before 10 (chapter files are named by number)."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", name) if p)


def nav(docs: Path, b: Area, folder: str = "") -> list:
    """The sidebar of an area (paths from its folder ``docs``): its pages folder by folder,
    ``index.md`` first, then in natural order (the hand-written pages last); a folder is a
    section titled from ``b.sections``. The top ``index.md`` is "Home" (or an edition's
    "Contents"): the sidebar's title above it already names the site."""
    here = docs / folder if folder else docs
    entries = sorted((p for p in here.iterdir() if p.is_dir() or p.suffix == ".md"),
                     key=lambda p: (p.name != "index.md", p.name != "front.md",
                                    not folder and p.name in HAND_WRITTEN,  # About after the games
                                    natural_key(p.name)))
    out: list = []
    for p in entries:
        rel = f"{folder}/{p.name}" if folder else p.name
        if p.is_dir():
            if f"/{rel}/" in b.exclude or p.name.startswith("."):
                continue
            if children := nav(docs, b, rel):
                out.append({b.sections.get(rel, p.name.replace("-", " ").capitalize()): children})
        elif rel == "index.md" and not folder:
            out.append({ui("contents", b.lang) if b.lang else "Home": rel})
        else:
            out.append(rel)
    return out


def _within(prefix: str, entries: list) -> list:
    """A sidebar's paths from the site's docs folder rather than the area's."""
    return [{k: _within(prefix, v) if isinstance(v, list) else prefix + v for k, v in e.items()}
            if isinstance(e, dict) else prefix + e for e in entries]


def search_scopes(kb: KnowledgeBase, lang: str | None) -> list[dict]:
    """The choices of the search's filter: everything, a game, a language, an edition."""
    eds = sorted((e for e in kb.editions.values() if e.current), key=edition_url)
    out = [{"value": "", "label": ui("all_editions", lang)}]
    for game in sorted({e.game for e in eds}):
        out.append({"value": f"{game}/", "label": next(e.game_title or game for e in eds if e.game == game)})
    out += [{"value": f"lang:{x}", "label": LANG_NAMES[x]} for x in sorted({e.lang for e in eds})]
    out += [{"value": edition_url(e), "label": f"{e.title} ({LANG_NAMES[e.lang]})"} for e in eds]
    return out


def rulebooks_nav(kb: KnowledgeBase, lang: str | None) -> dict:
    """The sidebar's list of every game and its current editions (and side-by-side view),
    on every page: links from the site's root (MkDocs makes them relative to each page)."""
    games: dict[str, list] = {}
    for e in sorted(kb.current_editions(), key=edition_url):
        games.setdefault(e.game_title or e.game, []).append(
            {html.escape(f"{e.title} ({LANG_NAMES[e.lang]})"): edition_url(e)})
    for left, right in compare_pairs(kb):
        games[left.game_title or left.game].append(
            {html.escape(f"{LANG_NAMES[left.lang]} | {LANG_NAMES[right.lang]}"): f"{left.game}/compare/"})
    return {ui("rulebooks", lang): [{html.escape(game): links} for game, links in games.items()]}


def feeds(site_src: Path, b: Area) -> list[dict]:
    """The Atom feeds a page names (rel=alternate, from the site's root): the site's, and its
    edition's changes."""
    here = [f"changes/{b.url}feed.xml"] if b.lang else [str(p.relative_to(site_src)) for p in
                                                        sorted((site_src / "changes").glob("*/*/feed.xml"))]
    return [{"title": f"tcgrules: {rel.removesuffix('feed.xml').strip('/')}", "href": rel}
            for rel in ["changes/feed.xml", *here] if (site_src / rel).is_file()]


def language_links(kb: KnowledgeBase, b: Area) -> list[dict]:
    """Material's language selector of an edition area: the game's current editions (links
    from the site's root: Material makes them relative to each page)."""
    e = kb.editions[b.edition]  # type: ignore[index]  (an edition area names its edition)
    return [{"name": LANG_NAMES[o.lang], "lang": o.lang, "link": edition_url(o)}
            for o in sorted(kb.current_editions(game=e.game), key=lambda o: o.lang)]


def area_settings(kb: KnowledgeBase, root: Path, b: Area) -> dict:
    """What an edition area (or a side-by-side view's) changes of the site's config, and its sidebar."""
    return {"url": b.url, "language": THEME_LANGUAGE[b.lang], "site_name": html.escape(b.title),  # printed raw
            "searched": not b.name.endswith(PINNED_COPY),  # the site's search leaves a pinned copy out
            "permalink_title": ui("permalink", b.lang),
            "nav": _within(b.url, nav(root / "site_src" / b.url, b)) + [rulebooks_nav(kb, b.lang)],
            # the logo links the site's home ("./" from the site's root); the page script
            # finds it from the area's base
            "extra": {"tcg_page": _page_text(kb, b.lang), "tcg_feeds": feeds(root / "site_src", b),
                      "homepage": "./", "tcg_home": relative(b.url, ""),
                      "tcg_edition": b.url, "tcg_lang": b.lang, "alternate": language_links(kb, b)}}


def _page_text(kb: KnowledgeBase, lang: str | None) -> dict:
    return {"scopes": search_scopes(kb, lang), "copy": ui("copy_cite", lang), "copied": ui("copied", lang),
            "views": {"pinned": ui("pinned", lang)}}


def mkdocs_config(root: Path, kb: KnowledgeBase, work: Path, staged: Path, site_url: str,
                  offline: bool = False) -> tuple[Path, Path]:
    """Write the site's MkDocs config into ``work`` (the project's mkdocs.yml plus the root's
    sidebar, the folder ``staged`` it builds into, the site URL, the search filter's choices and the Worker polyfill of an
    offline site) and the settings of its edition areas; returns both paths."""
    bs = areas(kb)
    cfg: dict = {
        "INHERIT": str(root / "mkdocs.yml"),
        "site_url": site_url.rstrip("/") + "/",
        "docs_dir": str(root / "site_src"),
        "site_dir": str(staged),
        "plugins": [{"search": {"separator": SEARCH_SEPARATOR}}],
        "nav": nav(root / "site_src", bs[0]) + [rulebooks_nav(kb, None)],
        "theme": {"custom_dir": str(THEME_DIR)},  # absolute: relative paths would start at build/site/
        "extra": {"tcg_page": _page_text(kb, None), "tcg_feeds": feeds(root / "site_src", bs[0])},
    }
    if offline:
        offline_site.configure(cfg)
    path = work / "mkdocs-site.yml"
    path.write_text(store.dump_yaml(cfg), encoding="utf-8")
    settings = work / "areas.json"
    settings.write_text(json.dumps([{"url": "", "nav": []}] + [area_settings(kb, root, b) for b in bs[1:]],
                                   ensure_ascii=False), encoding="utf-8")
    return path, settings


@dataclass
class MkDocsRun:
    """The process of the site's one MkDocs build (:mod:`tcgrules.site.mkdocs_run`) and the
    pipe on which it tells its exit code before it keeps its page cache for the next build
    (this process goes on meanwhile: :func:`ended` waits for it)."""

    process: subprocess.Popen
    told: IO[str]


def start_mkdocs(strict: bool, work: Path) -> MkDocsRun:
    """The site's MkDocs build, started before the pages are rendered: it imports MkDocs and
    Material and reads the page cache kept in ``work`` meanwhile, on another core, then
    waits for its config (:func:`run_mkdocs`)."""
    told, tell = os.pipe()
    cmd = [sys.executable, "-m", "tcgrules.site.mkdocs_run", f"--told={tell}", f"--work={work}"]
    cmd += ["--strict"] if strict else []
    try:
        process = subprocess.Popen(cmd, stdin=subprocess.PIPE, text=True, pass_fds=(tell,))
    finally:
        os.close(tell)
    return MkDocsRun(process, os.fdopen(told, encoding="ascii"))


def run_mkdocs(mkdocs: MkDocsRun, config: Path, settings: Path, rendering: Rendering | None = None,
               meanwhile=None) -> int:
    """Run the build of the started MkDocs process with ``config``; the page ``rendering``
    left for later is written while MkDocs reads the others (it reads that one once told it
    is written: :mod:`tcgrules.site.mkdocs_run`), then ``meanwhile()`` runs here while MkDocs
    builds; its exit code."""
    later = rendering.later if rendering is not None else None
    _tell(mkdocs, f"{config}\n{settings}\n{later or ''}\n")
    if rendering is not None:
        rendering.finish()  # if it fails, the caller stops MkDocs
    _tell(mkdocs, "written\n" if later else None)
    _tell(mkdocs, None)
    if meanwhile is not None:
        meanwhile()  # if it fails, the caller stops MkDocs
    said = mkdocs.told.readline().strip()
    return int(said) if said.isdigit() else mkdocs.process.wait()


def _tell(mkdocs: MkDocsRun, lines: str | None) -> None:
    """Write ``lines`` to the MkDocs process's input, or end it (None)."""
    try:
        if lines is None:
            mkdocs.process.stdin.close()
        else:
            mkdocs.process.stdin.write(lines)
            mkdocs.process.stdin.flush()
    except BrokenPipeError:
        pass  # MkDocs ended already: its exit code says how


def ended(mkdocs: MkDocsRun) -> None:
    """Wait until the MkDocs process has kept its page cache; stop it if it never had its
    config (the build stopped before MkDocs' turn)."""
    if not mkdocs.process.stdin.closed:
        mkdocs.process.kill()
    mkdocs.process.wait()
    mkdocs.told.close()


def material_index(staged: Path, bs: list[Area]) -> dict:
    """Material's search index of the build, read before each area's ``search/`` keeps only
    its config: Material's UI reads its area's search_index.json (from the area's base) with
    every page, and the worker reads the site's index (:func:`enrich_search`) when a reader
    first goes to search."""
    built = json.loads((staged / "search" / "search_index.json").read_text(encoding="utf-8"))
    for b in bs:
        _write_json(staged / b.url / "search" / "search_index.json", {"config": built["config"], "docs": []})
    return built


def enrich_search(kb: KnowledgeBase, staged: Path, bs: list[Area], ctx: Context,
                  built: dict, strings: search_index.RecordStrings | None = None) -> dict:
    """Make the build's search index (``built``, :func:`material_index`) the site's one index
    (:func:`tcgrules.site.search_index.site_index`, with the worker's index made from it:
    :func:`~tcgrules.site.search_index.shipped`) in the root's ``search/``, with its clause
    numbers beside it (:func:`~tcgrules.site.search_index.clause_numbers`); ``ctx`` is the
    one the pages were rendered with, ``strings`` the records' search strings (kept for the
    next build). Returns the index's figures."""
    records: dict[str, list] = {}
    for c in kb:
        records.setdefault(ctx.addresses.url[c.id], []).append(c)
    for left, right in compare_pairs(kb):
        for ch, rows in compare_views(kb, ctx, left, right):
            for row in rows:
                records[f"{left.game}/compare/{ch.slug}/#{row_anchor(ctx, row)}"] = [
                    c for c in row.cells.values() if c is not None]
    deepest = sorted(bs, key=lambda b: -len(b.url))
    docs: dict[str, list] = {b.url: [] for b in bs}
    for d in built["docs"]:
        url = next(b.url for b in deepest if d["location"].startswith(b.url))
        docs[url].append(dict(d, location=d["location"][len(url):]))
    folders = {b.url: f"{b.title} ({LANG_NAMES[b.lang]})" for b in bs if b.lang}
    folders.update({f"{left.game}/compare/": f"{left.game_title or left.game}: {LANG_NAMES[left.lang]} | {LANG_NAMES[right.lang]}"
                    for left, right in compare_pairs(kb)})
    # the pinned copy of a current revision repeats its pages: the search lists each clause once
    listed = [(b.url, b.lang, {"config": built["config"], "docs": docs[b.url]})
              for b in bs if not b.name.endswith(PINNED_COPY)]
    strings = strings or search_index.RecordStrings(ctx)
    index = search_index.shipped(search_index.site_index(listed, records, ctx, folders, strings), strings)
    strings.save()
    for name, data in ((search_index.SITE_INDEX, index), (search_index.NUMBERS, search_index.clause_numbers(index))):
        _write_json(staged / "search" / name, data)
    return {"docs": len(index["docs"]), "enriched": sum(1 for d in index["docs"] if "head" in d)}


def _write_json(path: Path, data: dict) -> None:
    staging.write_text(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def engine_coverage(root: Path, kb: KnowledgeBase, work: Path) -> dict[str, dict]:
    """:func:`~tcgrules.site.html.load_coverage`, kept in ``work`` and used again while what it
    reads is the same: the engines' sources, the tests and the numbers and kinds of the
    clauses (not their text). Importing the engines takes seconds; a clause's new wording
    changes none of it."""
    return coverage_meanwhile(root, kb, work, fork=False)()


def coverage_meanwhile(root: Path, kb: KnowledgeBase, work: Path, fork: bool = True) -> Callable[[], dict[str, dict]]:
    """:func:`engine_coverage` when asked: the kept one, or the one a forked worker computes
    meanwhile (``fork``: a build from nothing makes its context on this core), then kept."""
    engines = Path(__file__).parent.parent / "engine"
    sources = [p for p in sorted(engines.rglob("*.py")) if not {"_compiled", "__pycache__"} & set(p.parts)]
    key = hashlib.sha256(json.dumps(sorted((c.id, c.number, c.kind) for c in kb)).encode("utf-8"))
    for p in sources + sorted((root / "tests").rglob("test*.py")):
        key.update(p.as_posix().encode("utf-8") + b"\0" + p.read_bytes() + b"\0")
    cache = work / "coverage.json"
    try:
        kept = json.loads(cache.read_text(encoding="utf-8"))
        if kept["key"] == key.hexdigest():
            return lambda: kept["coverage"]
    except (OSError, ValueError, KeyError, TypeError):
        pass  # none kept yet, or torn: computed afresh
    games = kb.games()
    found = forked(load_coverage, root, games) if fork else None

    def coverage() -> dict[str, dict]:
        made = result(found, lambda: load_coverage(root, games)) if found else load_coverage(root, games)
        keep(cache, json.dumps({"key": key.hexdigest(), "coverage": made}))
        return made
    return coverage


def build(root: Path, kb: KnowledgeBase, strict: bool = True, site_dir: Path | None = None,
          site_url: str = DEFAULT_SITE_URL, offline: bool = False, work: Path | None = None) -> int:
    """Render site_src/, run the site's MkDocs build, finish the staged site (search index,
    print views, the offline site's part) and switch ``site_dir`` to it (default site/, or
    site-offline/ and its zip for an offline site: :mod:`tcgrules.site.offline`). ``work``
    (default build/site/) holds the config, the staging folder and what later builds reuse.
    Returns 0, or the exit code of the failed MkDocs build (``site_dir`` unchanged)."""
    site_dir = site_dir or root / (OFFLINE_DIR if offline else "site")
    check_site_url(site_url)
    site_dir = store.writable_output(root, site_dir, "site build")
    work = store.writable_output(root, work or root / BUILD_DIR, "site build")
    work.mkdir(parents=True, exist_ok=True)
    # one build at a time in ``work``: its MkDocs config names the staging folder to write
    with store.folder_lock(work, f"{work} is used by another site build"):
        staged = staging.staging_folder(site_dir)  # built beside, switched in whole
        mkdocs = start_mkdocs(strict, work)
        rc = 1
        try:
            rc = _build(root, kb, mkdocs, site_dir, staged, work, site_url, offline)
            return rc
        finally:
            ended(mkdocs)
            if rc:  # the next build starts from nothing, not from what this one left half made
                shutil.rmtree(staged, ignore_errors=True)


def _build(root: Path, kb: KnowledgeBase, mkdocs: MkDocsRun, site_dir: Path, staged: Path, work: Path,
           site_url: str, offline: bool) -> int:
    coverage = coverage_meanwhile(root, kb, work)
    ctx = make_context(kb)
    ctx.coverage = coverage()
    rendering = render_first(kb, root / "site_src", site_url=site_url, ctx=ctx)
    strings = search_index.RecordStrings(ctx, work / "search-strings.pickle")
    # the records' search strings are made here while MkDocs builds (they need no page)
    rc = run_mkdocs(mkdocs, *mkdocs_config(root, kb, work, staged, site_url, offline), rendering,
                    meanwhile=lambda: strings.make(kb))
    if rc:
        return rc
    bs = areas(kb)
    printview.write(kb, staged)
    built = material_index(staged, bs)
    # every page and folder of the site is written now, but the search index, written below
    staging.pruned(staged, [staged / "search" / name for name in (search_index.SITE_INDEX, search_index.NUMBERS)])
    # the link check, by a worker while the index is made: the check after the build finds
    # its answer kept (its pages are these, by their bytes; the index adds two files no page
    # links); an offline site's pages are rewritten first (offline_site.finish)
    check = None if offline else forked(check_links, staged, False, links_kept(work))
    enrich_search(kb, staged, bs, ctx, built, strings)
    if check is not None:
        result(check, lambda: None)  # a killed worker: the check after the build does it all
    if offline:
        offline_site.finish(staged)
    staging.switch_in(staged, site_dir)
    if offline:
        offline_site.write_zip(site_dir, site_dir.with_suffix(".zip"))
    return 0


def links_kept(work: Path, offline: bool = False) -> Path:
    """Where the link check of a site built with ``work`` keeps its pages' links and ids."""
    return work / ("links-offline.pickle" if offline else "links.pickle")


def check_site_url(url: str) -> None:
    """``--site-url`` as an http(s) URL with a host and nothing that could leave an HTML
    attribute (it reaches every page's canonical link)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if (parts.scheme not in ("http", "https") or not parts.netloc
            or re.search(r"[\s\"'<>`\\{}|^]", url) or control_problem(url)):
        raise UsageError(f"--site-url {url[:80]!r}: not an http(s) URL such as https://rules.example.org/ "
                               "(no spaces, quotes or angle brackets)")


