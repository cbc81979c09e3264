"""Rendering ``site_src/``: every generated Markdown page, from the knowledge base."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from markupsafe import Markup


from ..glossary.consistency import inconsistencies
from ..glossary.stats import coverage as glossary_coverage
from ..kb import store
from ..kb.model import Edition, KnowledgeBase

from ..diff import load_forced
from .changes import pages as change_pages
from .html import (DEFAULT_SITE_URL, READER_DEFECTS, Context, aligned_rows, compare_pairs, edition_url, edition_urls,
                   environment, make_context, record_html, relative, section_extras, text_html, used_by)
from .page_keys import PageKeys, keep, sha
from .revisions import RevisionView
from .workers import forked, result

HAND_WRITTEN = ("about", "assets")
GENERATED_LIST = ".generated"  # the generated pages and their keys


def render(kb: KnowledgeBase, site_src: Path, coverage: dict[str, dict] | None = None,
           site_url: str = DEFAULT_SITE_URL, ctx: Context | None = None) -> list[Path]:
    """Write the generated Markdown pages (with ``ctx`` when the caller made it: it gets
    the revisions and the pages' keys); returns the files written. A page whose key
    (:mod:`tcgrules.site.page_keys`) is the one it was last written with is kept as it is."""
    rendering = render_first(kb, site_src, coverage, site_url, ctx)
    return rendering.written + rendering.finish()


@dataclass
class Rendering:
    """What :func:`render_first` wrote, and the page it left for ``finish()``: the glossary's
    findings page of a rebuild, written over while its worker finds them (the site build's
    MkDocs reads every other page meanwhile, and that one last). ``finish()`` writes it, then
    the list of the generated pages and their keys (a build stopped before lists the page's
    old key: the next one writes it again); it returns the page when it was written."""

    written: list[Path]
    later: str | None
    finish: Callable[[], list[Path]]


def render_first(kb: KnowledgeBase, site_src: Path, coverage: dict[str, dict] | None = None,
                 site_url: str = DEFAULT_SITE_URL, ctx: Context | None = None) -> Rendering:
    """:func:`render`, the findings page of a rebuild left for the rendering's ``finish()``."""
    ctx = ctx or make_context(kb, coverage)
    kept = _generated(site_src)
    findings = _findings_meanwhile(kb, ctx) if any(kept.values()) else None  # before the pages' keys
    ctx.revisions = RevisionView(kb, ctx.addresses, load_forced(kb.root))
    ctx.keys = PageKeys(kb, ctx, set(ctx.revisions.histories))
    site_src.mkdir(parents=True, exist_ok=True)
    later: dict[str, Callable[[], str]] = {}
    if findings is not None:  # a page or two again, most often
        listed, written = _render_pages(kb, site_src, site_url, ctx, kept, None, findings, later)
    else:  # every page (nothing kept): half of them in a forked worker, on another core
        other = forked(_render_pages, kb, site_src, site_url, ctx, kept, 1)
        listed, written = _render_pages(kb, site_src, site_url, ctx, kept, 0)
        written += result(other, lambda: _render_pages(kb, site_src, site_url, ctx, kept, 1))[1]
    _remove_generated(site_src, set(kept) - set(listed))

    def finish() -> list[Path]:
        done = [site_src / rel for rel, make in later.items() if _written(site_src / rel, make())]
        _write_generated(site_src, listed)
        return done
    return Rendering(written, next(iter(later), None), finish)


def _written(path: Path, text: str) -> bool:
    """Write the page ``path`` unless it holds ``text`` already; whether it was written."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


FINDINGS = "glossary/findings.md"


def _findings(kb: KnowledgeBase, ctx: Context) -> list:
    return inconsistencies(kb, ctx.glossary, kept=kb.root / store.PARSED)  # shared with glossary lint


def _findings_key(kb: KnowledgeBase, ctx: Context) -> str:
    return ctx.keys.of(FINDINGS, *(ctx.keys.edition[e.key] for e in sorted(kb.current_editions(), key=lambda e: e.key)))


def _findings_meanwhile(kb: KnowledgeBase, ctx: Context) -> Callable[[], list]:
    """The glossary's findings, found by a forked worker while this process makes the pages'
    keys and renders the other pages: a rebuild forks it before the keys say whether the
    findings page is written again (when a clause of a current edition changed, the findings
    take most of the rendering; when none did, the worker reads them kept, and nobody waits)."""
    if ctx.glossary is None:
        return lambda: _findings(kb, ctx)
    found = forked(_findings, kb, ctx)
    return lambda: result(found, lambda: _findings(kb, ctx))


def _render_pages(kb: KnowledgeBase, site_src: Path, site_url: str, ctx: Context, kept: dict[str, str],
                  half: int | None, findings: Callable[[], list] | None = None,
                  later: dict[str, Callable[[], str]] | None = None) -> tuple[dict[str, str], list[Path]]:
    """Every generated page and its key, and the pages written: those whose key is not the
    one ``kept`` lists (or, with ``half`` 0 or 1, those of them in that half: every other page);
    ``findings``: the glossary's findings, when asked (found here by default); ``later``: where
    the findings page, when there to be written over, is left unwritten (its path and what makes it)."""
    env = environment()
    view, keys = ctx.revisions, ctx.keys
    listed: dict[str, str] = {}
    written: list[Path] = []

    def write(rel: str, key: str, make: Callable[[], str]) -> None:
        listed[rel] = key
        p = site_src / rel
        if (kept.get(rel) == key and p.is_file()) or (half is not None and len(listed) % 2 != half):
            return
        if later is not None and rel == FINDINGS and p.is_file():
            later[rel] = make
        elif _written(p, make()):
            written.append(p)

    games: dict[str, list[Edition]] = {}
    for e in sorted(kb.editions.values(), key=lambda e: (e.game, e.lang, e.revision)):
        games.setdefault(e.game, []).append(e)
    pairs = compare_pairs(kb)
    depth = lambda c: len(kb.ancestors(c.id))  # noqa: E731
    for e, base in ((e, base) for eds in games.values() for e in eds for base in edition_urls(e)):
        chs = ctx.addresses.pages[e.key]
        pair = next(((l, r) for l, r in pairs if e in (l, r)), None)
        defects = {"typesetting": [d for d in e.defects if d.kind not in READER_DEFECTS],
                   "reader": [d for d in e.defects if d.kind in READER_DEFECTS]}
        whole = keys.family.get((e.game, e.lang), keys.edition[e.key])
        write(f"{base}index.md", keys.of(f"{base}index.md", whole), lambda: env.get_template("edition.md.j2").render(
            edition=e, chapters=chs, page=base, ctx=ctx, pair=pair, banner=view.banner(e, base, None), **defects))
        write(f"{base}defects.md", keys.of(f"{base}defects.md"), lambda: env.get_template("defects.md.j2").render(
            edition=e, page=f"{base}defects/", ctx=ctx, **defects))
        covered = {c.number for c in kb.in_edition(e.key)} & set(ctx.coverage.get(e.game, {}).get("clauses", {}))
        for ch in chs:
            page = f"{base}{ch.slug}/"
            write(f"{base}{ch.slug}.md", keys.of(f"{base}{ch.slug}.md", *keys.records(e.game, e.lang, ch.records)),
                  lambda: env.get_template("chapter.md.j2").render(
                      edition=e, chapter=ch, page=page, ctx=ctx, record_html=record_html, home=base,
                      banner=view.banner(e, page, ch.record),
                      section_extras=section_extras, depth=depth, pair=pair,
                      others=same_chapter_elsewhere(ctx, kb, e, ch.slug),
                      covered=any(c.number in covered for c in ch.records)))
    for game, index in ctx.coverage.items():
        page = f"{game}/engine/"
        write(f"{game}/engine.md", keys.of(f"{game}/engine.md", keys.game.get(game, "")),
              lambda: env.get_template("engine.md.j2").render(page=page, **engine_page(kb, ctx, game, index)))
    for left, right in pairs:
        base = f"{left.game}/compare/"
        views = compare_views(kb, ctx, left, right)
        # Each record's row, so that the references of the side-by-side view stay in it.
        within = {c.id: f"{base}{ch.slug}/#{row_anchor(ctx, row)}"
                  for ch, rows in views for row in rows for c in row.cells.values() if c is not None}
        for ch, rows in views:
            page = f"{base}{ch.slug}/"
            shown = [(c.lang, c) for row in rows for c in row.cells.values() if c is not None]
            made_from = [k for lang in (left.lang, right.lang)
                         for k in keys.records(left.game, lang, [c for x, c in shown if x == lang])]
            write(f"{base}{ch.slug}.md", keys.of(f"{base}{ch.slug}.md", *made_from),
                  lambda: env.get_template("compare.md.j2").render(
                      left=left, right=right, chapter=ch, rows=rows, page=page, ctx=ctx, depth=depth,
                      row_anchor=lambda row: row_anchor(ctx, row),
                      cell_html=lambda c, page=page: Markup(text_html(ctx, c, page, within))))
        write(f"{base}index.md", keys.of(f"{base}index.md", keys.game[left.game]),
              lambda: env.get_template("compare-index.md.j2").render(left=left, right=right, views=views, page=base))
    if ctx.glossary is not None:
        uses = used_by(kb)
        gloss_games = [g for g in kb.games() if ctx.glossary.for_game(g)]
        for game in gloss_games:
            write(f"glossary/{game}.md", keys.of(f"glossary/{game}.md", keys.defining.get(game, ""), keys.uses[game]),
                  lambda: env.get_template("glossary.md.j2").render(
                      game=game, editions=games.get(game, []), concepts=ctx.glossary.for_game(game),
                      uses=uses, page=f"glossary/{game}/", ctx=ctx))
        write("glossary/index.md", keys.of("glossary/index.md", keys.site), lambda: env.get_template("concepts.md.j2").render(
            groups=concept_groups(ctx.glossary), games=gloss_games, editions=games, page="glossary/", ctx=ctx,
            stats=glossary_coverage(ctx.glossary)))
        current = sorted(kb.current_editions(), key=lambda e: e.key)
        write(FINDINGS, _findings_key(kb, ctx), lambda: env.get_template("findings.md.j2").render(
            findings=(findings or (lambda: _findings(kb, ctx)))(), editions=current, page="glossary/findings/", ctx=ctx))
    for rel, text in change_pages(kb, site_url, view).items():  # changes, clause history, feeds, alignment
        write(rel, keys.of(rel, sha(text)), lambda: text)
    write("index.md", keys.of("index.md", keys.site), lambda: env.get_template("home.md.j2").render(
        games=games, kb=kb, pairs=pairs, glossary=ctx.glossary is not None, engines=set(ctx.coverage)))
    return listed, written


def engine_page(kb: KnowledgeBase, ctx, game: str, index: dict) -> dict:
    """The figures of a game's engine coverage and the clauses left, each with the address of
    the clause in the game's first current edition and why it is left; the engine's readings
    where the rulebook is unclear, each with the addresses of its clauses."""
    current = sorted(kb.current_editions(game=game), key=lambda e: e.lang)
    edition = current[0] if current else None
    ids = {c.number: c.id for c in kb.in_edition(edition.key)} if edition else {}
    page = f"{game}/engine/"
    clauses = index["clauses"]
    covered = sum(1 for n in index["relevant"] if clauses.get(n, {}).get("implemented_by")
                  and clauses[n].get("tested_by"))
    relevant = len(index["relevant"])
    left = [(n, relative(page, ctx.addresses.url[ids[n]]) if n in ids else "", why)
            for n, why in index.get("left", {}).items()]
    stale = [(n, relative(page, ctx.addresses.url[ids[n]]) if n in ids else "", note)
             for n, note in index.get("stale", {}).items()]
    readings = [(x, [(n, relative(page, ctx.addresses.url[ids[n]]) if n in ids else "") for n in x["clauses"]])
                for x in index.get("interpretations", [])]
    return {"title": edition.game_title if edition and edition.game_title else game, "edition": edition,
            "covered": covered, "relevant": relevant, "left": left, "stale": stale, "readings": readings,
            "percent": f"{100 * covered / relevant:.1f} %" if relevant else "—"}


def compare_views(kb: KnowledgeBase, ctx, left: Edition, right: Edition) -> list[tuple]:
    """The side-by-side pages of a pair of editions: (chapter of ``left``, its aligned rows),
    made once per build (the pages show them, the search index lists their rows)."""
    return ctx.once(("compare views", left.key, right.key), lambda: [
        (ch, aligned_rows(kb, left, right, ch.records)) for ch in ctx.addresses.pages[left.key] if ch.record is not None])


def row_anchor(ctx, row) -> str:
    """A side-by-side row's anchor: its left record's, or its right one's when it has no left."""
    return ctx.addresses.anchor(next(c for c in row.cells.values() if c is not None))


def same_chapter_elsewhere(ctx, kb: KnowledgeBase, e: Edition, slug: str) -> list[tuple[Edition, str]]:
    """The other current language editions of the game, each with the address of this
    chapter in it (or of its home when it has no such chapter): the language switch."""
    out = []
    for o in sorted(kb.current_editions(game=e.game), key=lambda o: o.lang):
        if o.key != e.key and o.lang != e.lang:
            has = any(ch.slug == slug for ch in ctx.addresses.pages[o.key])
            out.append((o, f"{edition_url(o)}{slug}/" if has else edition_url(o)))
    return out


def concept_groups(glossary) -> list[list]:
    """Concepts joined across games by their ``related`` links (connected groups), largest
    first; each group sorted by game."""
    parent: dict[str, str] = {cid: cid for cid in glossary.concepts}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for c in glossary:
        for r in c.related:
            if r in parent:
                parent[find(r)] = find(c.id)
    groups: dict[str, list] = {}
    for c in glossary:
        groups.setdefault(find(c.id), []).append(c)
    multi = [sorted(g, key=lambda c: c.id) for g in groups.values() if len({c.game for c in g}) > 1]
    return sorted(multi, key=lambda g: (-len(g), g[0].id))


def _generated(site_src: Path) -> dict[str, str]:
    """The pages the last rendering generated, each with its key ("" from a listing of names
    alone, as older builds wrote it: rendered again). A name leading outside ``site_src`` is
    refused before anything is written."""
    listing = site_src / GENERATED_LIST
    if not listing.exists():
        return {}
    text = listing.read_text(encoding="utf-8")
    try:
        kept = json.loads(text)
    except ValueError:
        kept = dict.fromkeys(text.split(), "")
    kept = {str(rel): str(key) for rel, key in kept.items()} if isinstance(kept, dict) else {}
    for rel in kept:
        store.inside(site_src, rel)
    return kept


def forget(site_src: Path) -> None:
    """Render every generated page again next time (a build from nothing, for the benchmark),
    still removing the pages no longer generated."""
    if kept := _generated(site_src):
        _write_generated(site_src, dict.fromkeys(kept, ""))


def _write_generated(site_src: Path, listed: dict[str, str]) -> None:
    keep(site_src / GENERATED_LIST, json.dumps(listed, indent=0, sort_keys=True))


def _remove_generated(site_src: Path, stale: set[str]) -> None:
    """Remove the pages generated before and not now (and the folders they leave empty)."""
    top = site_src.resolve()
    for rel in stale:
        p = store.inside(site_src, rel)  # a listing may not name a file outside
        # judged by where it really is: "./about/index.md" is the hand-written page too
        if p.is_file() and not p.is_symlink() and p.resolve().relative_to(top).parts[0] not in HAND_WRITTEN:
            p.unlink()
    for d in sorted((p for p in site_src.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        if d.name not in HAND_WRITTEN and not any(d.iterdir()):
            d.rmdir()
