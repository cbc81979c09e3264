"""The reference site: Jinja2 templates render ``site_src/`` from the knowledge base, then
MkDocs (mkdocs-material) builds ``site/``.

Layout (directory URLs, every clause's printed number is its anchor)::

    /                                   home: games, editions, how to cite       (root build)
    /battle-spirits/zh-Hant/            an edition: chapters, source defects     (edition build)
    /battle-spirits/zh-Hant/8/#8-1-6-1  a chapter page and a clause on it (current revision)
    /battle-spirits/zh-Hant/1.0/8/      the same revision at its pinned URL (edition build of
                                        its own; older revisions only have this one)
    /battle-spirits/compare/8/          zh-Hant | ja side by side  (a build in its first edition's language)
    /glossary/  /glossary/<game>/       concepts across games, per game          (root build)

Every edition is a MkDocs build of its own, in its language (Material's interface and
translations); the root build holds the pages that span editions. The search is one index
over every build (:func:`enrich_search`, at the root), which the site's search worker of
every page loads. Links that cross builds are raw HTML (MkDocs cannot check them);
:mod:`tcgrules.site.links` checks every link of the assembled site instead.

Generated pages live beside the hand-written ones (``site_src/about/``, ``site_src/assets/``);
:func:`render` removes only what it generated before (listed in ``site_src/.generated``).
"""
from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path


from . import offline as offline_site, printview, search_index
from .html import (DEFAULT_SITE_URL, LANG_NAMES, compare_pairs, edition_url, edition_urls, load_coverage,
                   make_context, relative, ui)
from .pages import HAND_WRITTEN, compare_views, render, row_anchor
from ..errors import UsageError
from ..kb import store
from ..kb.model import KnowledgeBase

BUILD_DIR = Path("build") / "site"  # generated MkDocs configs and staging (git-ignored)
OFFLINE_DIR = "site-offline"  # the offline site's folder (and .zip) under the project
THEME_DIR = Path(__file__).parent / "templates" / "theme"  # Material overrides (theme.custom_dir)
THEME_LANGUAGE = {"zh-Hant": "zh-Hant", "zh-Hans": "zh-Hans", "ja": "ja", "en": "en"}
# The site's search worker indexes and queries on its own (tcgrules.site.search_index); Material
# still uses the separator to mark a search's words on the page a result opens: keep a
# clause number whole (Material's default splits on "-") and split on CJK punctuation.
SEARCH_SEPARATOR = r"[\s\u200b\u3000、。，．？！；：「」『』（）()【】《》〔〕]+"


# ---------------------------------------------------------------- building


PINNED_COPY = "--pinned"  # the name's ending of a current revision's build at its pinned URL


@dataclass
class Build:
    """One MkDocs build: the root pages, or one edition (its own search index)."""

    name: str
    url: str  # site-relative URL prefix ('' for the root)
    lang: str | None = None  # edition language; None for the root build
    title: str = "tcgrules"
    exclude: list[str] = field(default_factory=list)  # folders of other builds, from url
    sections: dict[str, str] = field(default_factory=dict)  # folder -> title in the sidebar
    edition: str | None = None  # the edition key of an edition build


def builds(kb: KnowledgeBase) -> list[Build]:
    eds = sorted(kb.editions.values(), key=lambda e: edition_url(e))
    sections = {"glossary": "Glossary", "changes": "Changes", "about": "About"}
    for left, right in compare_pairs(kb):
        sections[f"{left.game}/compare"] = f"{LANG_NAMES[left.lang]} | {LANG_NAMES[right.lang]}"
    for e in eds:
        title = e.game_title or e.game
        sections.update({e.game: title, f"changes/{e.game}": title, f"changes/{e.game}/{e.lang}": LANG_NAMES[e.lang]})
    sections = {folder: html.escape(title) for folder, title in sections.items()}  # MkDocs prints nav titles raw
    places = [(e, url) for e in eds for url in edition_urls(e)]
    # a side-by-side view is a build of its own too, in its first edition's language
    compares = [(left, f"{left.game}/compare/") for left, _ in compare_pairs(kb)]
    out = [Build("root", "", exclude=[f"/{url}" for _, url in places + compares], sections=sections)]
    out += [Build(f"{left.game}--compare", url, left.lang, f"{left.game_title or left.game}: {sections[url.rstrip('/')]}",
                  edition=left.key) for left, url in compares]
    for e, url in places:
        nested = [f"/{o[len(url):]}" for _, o in places if o != url and o.startswith(url)]
        name = e.key.replace("/", "--") + ("" if url == edition_url(e) else PINNED_COPY)
        out.append(Build(name, url, e.lang, e.title, nested, edition=e.key))
    return out


def natural_key(name: str) -> tuple:
    """Sort key putting 2 before 10 (chapter files are named by number)."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", name) if p)


def nav(docs: Path, b: Build, folder: str = "") -> list:
    """The sidebar of a build: its pages folder by folder, ``index.md`` first, then in natural
    order (the hand-written pages last); a folder is a section titled from ``b.sections``. The top ``index.md`` is "Home"
    (or an edition's "Contents"): the sidebar's title above it already names the site."""
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


def search_scopes(kb: KnowledgeBase, lang: str | None) -> list[dict]:
    """The choices of the search's filter: everything, a game, a language, an edition."""
    eds = sorted((e for e in kb.editions.values() if e.current), key=edition_url)
    out = [{"value": "", "label": ui("all_editions", lang)}]
    for game in sorted({e.game for e in eds}):
        out.append({"value": f"{game}/", "label": next(e.game_title or game for e in eds if e.game == game)})
    out += [{"value": f"lang:{x}", "label": LANG_NAMES[x]} for x in sorted({e.lang for e in eds})]
    out += [{"value": edition_url(e), "label": f"{e.title} ({LANG_NAMES[e.lang]})"} for e in eds]
    return out


def rulebooks_nav(kb: KnowledgeBase, b: Build) -> dict:
    """The sidebar's list of every game and its current editions (and side-by-side view),
    on every page: links out of the build, relative to it."""
    games: dict[str, list] = {}
    for e in sorted(kb.current_editions(), key=edition_url):
        games.setdefault(e.game_title or e.game, []).append(
            {html.escape(f"{e.title} ({LANG_NAMES[e.lang]})"): relative(b.url, edition_url(e))})
    for left, right in compare_pairs(kb):
        games[left.game_title or left.game].append(
            {html.escape(f"{LANG_NAMES[left.lang]} | {LANG_NAMES[right.lang]}"): relative(b.url, f"{left.game}/compare/")})
    return {ui("rulebooks", b.lang): [{html.escape(game): links} for game, links in games.items()]}


def feeds(site_src: Path, b: Build) -> list[dict]:
    """The Atom feeds a page names (rel=alternate): the site's, and its edition's changes."""
    here = [f"changes/{b.url}feed.xml"] if b.lang else [str(p.relative_to(site_src)) for p in
                                                        sorted((site_src / "changes").glob("*/*/feed.xml"))]
    return [{"title": f"tcgrules: {rel.removesuffix('feed.xml').strip('/')}", "href": rel}
            for rel in ["changes/feed.xml", *here] if (site_src / rel).is_file()]


def language_links(kb: KnowledgeBase, b: Build) -> list[dict]:
    """Material's language selector of an edition build: the game's current editions."""
    e = kb.editions[b.edition]  # type: ignore[index]  (an edition build names its edition)
    return [{"name": LANG_NAMES[o.lang], "lang": o.lang, "link": relative(b.url, edition_url(o))}
            for o in sorted(kb.current_editions(game=e.game), key=lambda o: o.lang)]


def mkdocs_config(root: Path, b: Build, work: Path, site_url: str, kb: KnowledgeBase | None = None,
                  offline: bool = False) -> Path:
    """Write the MkDocs config of one build: the project's mkdocs.yml plus this build's docs
    folder, staging folder, site URL, interface language and the search filter's choices
    (and the Worker polyfill of an offline site)."""
    shared = store.read_yaml(root / "mkdocs.yml")
    cfg: dict = {
        "INHERIT": str(root / "mkdocs.yml"),
        "site_url": site_url.rstrip("/") + "/" + b.url,
        "docs_dir": str(root / "site_src" / b.url) if b.url else str(root / "site_src"),
        "site_dir": str(work / "staging" / b.name),
        "plugins": [{"search": {"separator": SEARCH_SEPARATOR}}],
        "nav": nav(root / "site_src" / b.url if b.url else root / "site_src", b) + ([rulebooks_nav(kb, b)] if kb else []),
    }
    theme = {"custom_dir": str(THEME_DIR)}  # absolute: relative paths would start at build/site/
    cfg["theme"] = theme
    cfg["extra"] = {"tcg_page": {"scopes": search_scopes(kb, b.lang) if kb else [], "copy": ui("copy_cite", b.lang),
                                 "copied": ui("copied", b.lang), "views": {"pinned": ui("pinned", b.lang)}},
                    "tcg_feeds": feeds(root / "site_src", b)}
    if b.lang:
        home = relative(b.url, "")
        cfg["markdown_extensions"] = [{**x, "toc": {**x["toc"], "permalink_title": ui("permalink", b.lang)}}
                                      if isinstance(x, dict) and "toc" in x else x for x in shared["markdown_extensions"]]
        theme["language"] = THEME_LANGUAGE[b.lang]
        cfg["extra"].update({"homepage": home, "tcg_home": home, "tcg_edition": b.url, "tcg_lang": b.lang,
                             "alternate": language_links(kb, b) if kb else []})
        cfg.update({"site_name": html.escape(b.title),  # Material prints it raw in places
                    "extra_css": [relative(b.url, "assets/tcgrules.css")],
                    "exclude_docs": "\n".join(b.exclude) + "\n"})
    if offline:
        offline_site.configure(cfg)
    path = work / f"mkdocs-{b.name}.yml"
    path.write_text(store.dump_yaml(cfg), encoding="utf-8")
    return path


def run_builds(configs: list[Path], work: Path, strict: bool, jobs: int | None = None) -> int:
    """Run the MkDocs builds, ``jobs`` at a time (default: one per core); the worst exit code."""
    jobs = jobs or os.cpu_count() or 1
    pending = list(configs)
    running: list[subprocess.Popen] = []
    rc = 0
    while pending or running:
        while pending and len(running) < jobs:
            cmd = [sys.executable, "-m", "tcgrules.site.mkdocs_run", str(pending.pop(0))]
            running.append(subprocess.Popen(cmd + (["--strict"] if strict else [])))
        done = running.pop(0)
        rc = max(rc, done.wait())
    return rc


def enrich_search(kb: KnowledgeBase, work: Path, bs: list[Build], coverage: dict[str, dict]) -> dict:
    """Merge the staged search indexes into the site's one index
    (:func:`tcgrules.site.search_index.site_index`) in the root build's ``search/``, with its
    clause numbers beside it (:func:`~tcgrules.site.search_index.clause_numbers`); each
    build's own index keeps only its config. Returns the index's figures."""
    ctx = make_context(kb, coverage)
    records: dict[str, list] = {}
    for c in kb:
        records.setdefault(ctx.addresses.url[c.id], []).append(c)
    for left, right in compare_pairs(kb):
        for ch, rows in compare_views(kb, ctx, left, right):
            for row in rows:
                records[f"{left.game}/compare/{ch.slug}/#{row_anchor(ctx, row)}"] = [
                    c for c in row.cells.values() if c is not None]
    paths = [work / "staging" / b.name / "search" / "search_index.json" for b in bs]
    indexes = [json.loads(p.read_text(encoding="utf-8")) for p in paths]
    folders = {b.url: f"{b.title} ({LANG_NAMES[b.lang]})" for b in bs if b.lang}
    folders.update({f"{left.game}/compare/": f"{left.game_title or left.game}: {LANG_NAMES[left.lang]} | {LANG_NAMES[right.lang]}"
                    for left, right in compare_pairs(kb)})
    # the pinned copy of a current revision repeats its pages: the search lists each clause once
    listed = [(b.url, b.lang, i) for b, i in zip(bs, indexes) if not b.name.endswith(PINNED_COPY)]
    index = search_index.site_index(listed, records, ctx, folders)
    # Material's UI reads its build's search_index.json with every page: each keeps only its
    # config, and the worker reads the site's index when a reader first goes to search.
    for b, p, i in zip(bs, paths, indexes):
        p.write_text(json.dumps({"config": i["config"], "docs": []}, separators=(",", ":")), encoding="utf-8")
    for name, data in ((search_index.SITE_INDEX, index), (search_index.NUMBERS, search_index.clause_numbers(index))):
        (paths[0].parent / name).write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return {"docs": len(index["docs"]), "enriched": sum(1 for d in index["docs"] if "head" in d)}


def assemble(work: Path, site_dir: Path, bs: list[Build]) -> None:
    """Move the staged builds into one site: the root build, then each edition in its folder."""
    shutil.rmtree(site_dir, ignore_errors=True)
    shutil.move(str(work / "staging" / "root"), str(site_dir))
    for b in sorted(bs[1:], key=lambda b: len(b.url)):
        target = site_dir / b.url
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists():  # an edition folder that already holds a nested revision's build
            for p in (work / "staging" / b.name).iterdir():
                shutil.move(str(p), str(target / p.name))
        else:
            shutil.move(str(work / "staging" / b.name), str(target))


def build(root: Path, kb: KnowledgeBase, strict: bool = True, site_dir: Path | None = None,
          site_url: str = DEFAULT_SITE_URL, jobs: int | None = None, offline: bool = False) -> int:
    """Render site_src/, run every MkDocs build and assemble ``site_dir`` (default site/, or
    site-offline/ and its zip for an offline site: :mod:`tcgrules.site.offline`).
    Returns 0, or the exit code of the failed MkDocs build."""
    site_dir = site_dir or root / (OFFLINE_DIR if offline else "site")
    check_site_url(site_url)
    site_dir = store.writable_output(root, site_dir, "site build")
    work = store.writable_output(root, root / BUILD_DIR, "site build")
    shutil.rmtree(work / "staging", ignore_errors=True)
    work.mkdir(parents=True, exist_ok=True)
    coverage = load_coverage(root, kb.games())
    render(kb, root / "site_src", coverage, site_url)
    bs = builds(kb)
    configs = [mkdocs_config(root, b, work, site_url, kb, offline) for b in bs]
    rc = run_builds(configs, work, strict, jobs)
    if rc:
        return rc
    enrich_search(kb, work, bs, coverage)
    staged = site_dir.with_name(f".{site_dir.name}.new")  # built beside, switched in whole
    assemble(work, staged, bs)
    printview.write(kb, staged)
    if offline:
        offline_site.finish(staged)
    switch_in(staged, site_dir)
    if offline:
        offline_site.write_zip(site_dir, site_dir.with_suffix(".zip"))
    return 0


def switch_in(staged: Path, site_dir: Path) -> None:
    """Put the finished ``staged`` folder at ``site_dir`` in one step, so that a kill leaves
    the old site or the new one, never half of one: the two are exchanged by one
    renameat2(RENAME_EXCHANGE) where the system has it, else renamed one after the other."""
    old = site_dir.with_name(f".{site_dir.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if site_dir.exists() and _exchange(staged, site_dir):
        shutil.rmtree(staged)
        return
    if site_dir.exists():
        os.rename(site_dir, old)
    os.rename(staged, site_dir)
    shutil.rmtree(old, ignore_errors=True)


def _exchange(a: Path, b: Path) -> bool:
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    rename2 = getattr(libc, "renameat2", None)
    at_fdcwd, rename_exchange = -100, 2
    return rename2 is not None and rename2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0


def check_site_url(url: str) -> None:
    """``--site-url`` as an http(s) URL with a host and nothing that could leave an HTML
    attribute (it reaches every page's canonical link)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if (parts.scheme not in ("http", "https") or not parts.netloc
            or re.search(r"[\s\"'<>`\\{}|^]", url) or store.control_problem(url)):
        raise UsageError(f"--site-url {url[:80]!r}: not an http(s) URL such as https://rules.example.org/ "
                               "(no spaces, quotes or angle brackets)")


