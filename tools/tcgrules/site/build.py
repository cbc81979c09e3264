"""The reference site: Jinja2 templates render ``site_src/`` from the knowledge base, then
MkDocs (mkdocs-material) builds ``site/``.

Layout (directory URLs, every clause's printed number is its anchor)::

    /                                   home: games, editions, how to cite       (root build)
    /battle-spirits/zh-Hant/            an edition: chapters, source defects     (edition build)
    /battle-spirits/zh-Hant/8/#8-1-6-1  a chapter page and a clause on it
    /battle-spirits/compare/8/          zh-Hant | ja side by side                (root build)
    /glossary/  /glossary/<game>/       concepts across games, per game          (root build)

Material's search keeps one index per MkDocs build, and CJK search only works when the
index is segmented for one language (see NOTES.md), so every edition is a MkDocs build of
its own with its language's search settings; the root build holds the pages that span
editions. Links that cross builds are raw HTML (MkDocs cannot check them);
:mod:`tcgrules.site.links` checks every link of the assembled site instead.

Generated pages live beside the hand-written ones (``site_src/about/``, ``site_src/assets/``);
:func:`render` removes only what it generated before (listed in ``site_src/.generated``).
"""
from __future__ import annotations

import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from markupsafe import Markup

from . import search_index
from ..kb import store
from ..kb.model import Clause, Edition, KnowledgeBase

HAND_WRITTEN = ("about", "assets")
GENERATED_LIST = ".generated"
BUILD_DIR = Path("build") / "site"  # generated MkDocs configs and staging (git-ignored)
DEFAULT_SITE_URL = "http://127.0.0.1:8000/"
THEME_DIR = Path(__file__).parent / "templates" / "theme"  # Material overrides (theme.custom_dir)

LANG_NAMES = {"zh-Hant": "繁體中文", "zh-Hans": "简体中文", "ja": "日本語", "en": "English"}
# Material's UI language for an edition's language.
THEME_LANGUAGE = {"zh-Hant": "zh-Hant", "zh-Hans": "zh", "ja": "ja", "en": "en"}
# The site's search worker indexes and queries on its own (tcgrules.site.search_index); Material
# still uses the separator to mark a search's words on the page a result opens: keep a
# clause number whole (Material's default splits on "-") and split on CJK punctuation.
SEARCH_SEPARATOR = r"[\s\u200b\u3000、。，．？！；：「」『』（）()【】《》〔〕]+"

# Defect kinds a reader needs beside the clause (numbering and structure); the others are
# typesetting repairs, listed on the edition page only.
READER_DEFECTS = {"duplicate-number", "merged-clauses", "toc-mismatch", "missing-list",
                  "unnumbered-paragraph", "example"}


# ---------------------------------------------------------------- addresses


def anchor(c: Clause) -> str:
    """The permalink anchor of a clause: its number (``8-1-6-1``), ``~2`` as ``_2``."""
    return c.id.rsplit("/", 1)[1].replace("~", "_").replace(".", "-").replace("(", "").replace(")", "")


def edition_url(e: Edition) -> str:
    """Site-relative URL of an edition's home; non-current revisions sit under the current one."""
    return f"{e.game}/{e.lang}/" if e.current else f"{e.game}/{e.lang}/{e.revision}/"


def chapter_slug(chapter: Clause | None) -> str:
    """A chapter page's name: the chapter number as printed (``8``), ``front`` for front matter."""
    return anchor(chapter) if chapter else "front"


def relative(from_url: str, to_url: str) -> str:
    """The relative link from page ``from_url`` to ``to_url`` (both site-relative, '/'-ended dirs)."""
    path, _, frag = to_url.partition("#")
    rel = posixpath.relpath("/" + path, "/" + from_url) if path != from_url else ""
    if rel == ".":
        rel = ""
    if rel and (not path or path.endswith("/")) and not rel.endswith("/"):
        rel += "/"
    if not rel and not frag:
        rel = "./"
    return rel + (f"#{frag}" if frag else "")


@dataclass
class Chapter:
    """One page of an edition: a chapter (or the front matter) and its records in source order."""

    slug: str
    record: Clause | None
    records: list[Clause]


def chapters(kb: KnowledgeBase, e: Edition) -> list[Chapter]:
    """An edition's pages in file order."""
    by_file: dict[str, list[Clause]] = {}
    for c in kb.in_edition(e.key):
        by_file.setdefault(Path(c.chapter_file).stem, []).append(c)
    out = []
    for stem in sorted(by_file, key=_file_order):
        recs = by_file[stem]
        ch = next((c for c in recs if c.kind == "chapter"), None)
        out.append(Chapter(chapter_slug(ch), ch, recs))
    return out


def _file_order(stem: str) -> tuple:
    head = stem.split("-", 1)[0]
    return (int(head), stem) if head.isdigit() else (-1, stem)


class Addresses:
    """Where every record of the knowledge base is shown: its page URL and anchor."""

    def __init__(self, kb: KnowledgeBase):
        self.kb = kb
        self.pages: dict[str, list[Chapter]] = {}
        self.url: dict[str, str] = {}
        for e in kb.editions.values():
            chs = chapters(kb, e)
            self.pages[e.key] = chs
            for ch in chs:
                page = f"{edition_url(e)}{ch.slug}/"
                seen: set[str] = set()
                for c in ch.records:
                    a = anchor(c)
                    while a in seen:  # two numbers that spell the same anchor
                        a += "_"
                    seen.add(a)
                    self.url[c.id] = f"{page}#{a}"

    def anchor(self, c: Clause) -> str:
        return self.url[c.id].partition("#")[2]

    def page(self, c: Clause) -> str:
        return self.url[c.id].partition("#")[0]


# ---------------------------------------------------------------- escaping and record HTML


# One pass over the text (replacing in turn would escape the '#' of earlier entities).
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                          **{ch: f"&#{ord(ch)};" for ch in "{}*_`[]#|\\"}})


def escape_html(s: str | None) -> str:
    """Rule text as inert HTML/Markdown: no tags, no template syntax, no Markdown markup."""
    return s.translate(_ESCAPES) if s else ""


def _attr(s: str) -> str:
    """A value for a double-quoted HTML attribute (tooltips): escaped, one line."""
    return escape_html(s).replace("\n", " ")


def _shorten(s: str, n: int = 160) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


@dataclass
class Context:
    """What rendering a record needs beyond the record: addresses, glossary, coverage."""

    kb: KnowledgeBase
    addresses: Addresses
    glossary: object | None = None  # tcgrules.glossary.Glossary when glossary/ has concepts
    coverage: dict[str, dict] = field(default_factory=dict)  # game -> coverage index
    defects: dict[str, list] = field(default_factory=dict)  # clause id -> reader-relevant defects
    matchers: dict[tuple[str, str], object] = field(default_factory=dict)

    def link(self, from_page: str, clause_id: str) -> str:
        return relative(from_page, self.addresses.url[clause_id])

    def same_build(self, from_page: str, clause_id: str) -> bool:
        """Whether the target is in the same MkDocs build (so Material can preview it)."""
        c = self.kb.clauses[clause_id]
        return from_page.startswith(edition_url(self.kb.editions[c.edition]))

    def concept_url(self, concept_id: str) -> str:
        game, slug = concept_id.split("/", 1)
        return f"glossary/{game}/#{slug}"

    def term_hits(self, c: Clause, s: str) -> list[tuple[int, int, str]]:
        """(start, end, concept id) of the first occurrence of each concept in ``s``."""
        if self.glossary is None or not c.terms:
            return []
        key = (c.game, c.lang)
        if key not in self.matchers:
            from ..glossary.link import Matcher

            self.matchers[key] = Matcher.for_edition(self.glossary, c.game, c.lang)
        from ..kb.text import fold

        if len(fold(s)) != len(s):  # folding changed the length: spans would not line up
            return []
        seen: set[str] = set()
        out = []
        for h in self.matchers[key].hits(s):
            if h.concept not in seen:
                seen.add(h.concept)
                out.append((h.start, h.end, h.concept))
        return out

    def concept_tooltip(self, concept_id: str) -> str:
        """A glossary term's hover text: its terms in every language and its definition."""
        concept = self.glossary.concepts.get(concept_id)
        if concept is None:
            return concept_id
        parts = [" · ".join(f"{t}" for lang in ("en", "zh-Hant", "zh-Hans", "ja")
                            for t in concept.terms.get(lang, [])[:1])]
        for ids in concept.defined_in.values():
            for cid in ids[:1]:
                d = self.kb.clauses.get(cid)
                if d is not None:
                    parts.append(clause_summary(d))
            break
        return " — ".join(parts)


def clause_summary(c: Clause) -> str:
    """A clause in one line, for a tooltip: number, title and the start of its text."""
    return " ".join(p for p in (c.number, c.title or "", _shorten(c.text)) if p)


def text_html(ctx: Context, c: Clause, page: str) -> str:
    """A record's text as HTML: escaped, references as links, glossary terms as tooltips."""
    s = c.text
    marks: list[tuple[int, int, str]] = []
    for r in c.refs:
        span = escape_html(r.span)
        if r.target and r.target in ctx.addresses.url:
            target = ctx.kb.clauses[r.target]
            if ctx.same_build(page, r.target):
                attrs = "data-preview"
            else:
                attrs = f'title="{_attr(clause_summary(target))}"'
            html = f'<a class="tcg-ref" href="{ctx.link(page, r.target)}" {attrs}>{span}</a>'
        else:
            html = f'<span class="tcg-ref-unresolved" title="{_attr(r.reason or "unresolved reference")}">{span}</span>'
        marks.append((r.start, r.end, html))
    taken = [(a, b) for a, b, _ in marks]
    for a, b, cid in ctx.term_hits(c, s):
        if any(a < y and x < b for x, y in taken):
            continue
        href = relative(page, ctx.concept_url(cid))
        marks.append((a, b, f'<a class="tcg-term" href="{href}" title="{_attr(ctx.concept_tooltip(cid))}">'
                            f'{escape_html(s[a:b])}</a>'))
        taken.append((a, b))
    out, pos = [], 0
    for a, b, html in sorted(marks):
        out.append(escape_html(s[pos:a]))
        out.append(html)
        pos = b
    out.append(escape_html(s[pos:]))
    return "".join(out).replace("\n", "<br>")


def defect_notes(ctx: Context, c: Clause) -> list[str]:
    """Short notes on source defects that concern this record, for the reader."""
    notes = []
    if "~" in c.id:
        notes.append(f"numbered {c.number} in the source, a number printed more than once")
    elif not c.number_printed and c.kind not in ("chapter", "section"):
        notes.append("no number printed in the source; this anchor is synthesized")
    for d in ctx.defects.get(c.id, []):
        if d.kind != "example":
            notes.append(f"source, line {d.line}: {d.message}")
    return notes


def coverage_html(ctx: Context, c: Clause) -> str:
    """The engine functions implementing a clause and the tests citing it, if any: one quiet
    line ("engine: 2 functions · 3 tests") that opens to the names."""
    entry = ctx.coverage.get(c.game, {}).get("clauses", {}).get(c.number)
    impl = (entry or {}).get("implemented_by") or []
    tests = (entry or {}).get("tested_by") or []
    if not impl and not tests:
        return ""
    counts = " · ".join(f"{len(xs)} {noun}{'s' if len(xs) != 1 else ''}"
                        for xs, noun in ((impl, "function"), (tests, "test")) if xs)
    names = "".join(f'<li>{kind} <code>{escape_html(x)}</code></li>'
                    for xs, kind in ((impl, "implemented by"), (tests, "tested by")) for x in xs)
    return (f'<details class="tcg-coverage" data-search-exclude><summary>engine: {counts}</summary>'
            f'<ul>{names}</ul></details>')


def record_html(ctx: Context, c: Clause, page: str) -> Markup:
    """A clause, example or note as one HTML block; its number is an h6 so that Material's
    search indexes it as a section of its own (found by number, linked to its anchor)."""
    a = ctx.addresses.anchor(c)
    label = c.label or (c.number if c.number_printed else "")
    head = f'<a class="tcg-num" href="#{a}">{escape_html(label) or "¶"}</a>'
    if c.title:
        head += f' <strong>{escape_html(c.title)}</strong>'
    parts = [f'<div class="tcg-rec tcg-{c.kind}">',
             f'<h6 class="tcg-head" id="{a}">{head}</h6>']
    if c.text:
        parts.append(f'<p class="tcg-text">{text_html(ctx, c, page)}</p>')
    parts.extend(_extras(ctx, c))
    parts.append("</div>")
    return Markup("".join(parts))


def section_extras(ctx: Context, c: Clause, page: str) -> Markup:
    """What follows a section heading: its text, defect notes, coverage and search aliases."""
    parts = []
    if c.text:
        parts.append(f'<p class="tcg-text">{text_html(ctx, c, page)}</p>')
    parts.extend(_extras(ctx, c))
    return Markup(f'<div class="tcg-sec">{"".join(parts)}</div>' if parts else "")


def _extras(ctx: Context, c: Clause) -> list[str]:
    parts = [f'<p class="tcg-defect">{escape_html(n)}</p>' for n in defect_notes(ctx, c)]
    if cov := coverage_html(ctx, c):
        parts.append(cov)
    return parts


# ---------------------------------------------------------------- side-by-side view


@dataclass
class Row:
    """One row of the side-by-side view: the same number in each language (None if absent)."""

    number: str
    cells: dict[str, Clause | None]

    @property
    def only_in(self) -> str | None:
        present = [lang for lang, c in self.cells.items() if c is not None]
        return present[0] if len(present) == 1 else None


def aligned_rows(kb: KnowledgeBase, left: Edition, right: Edition, records: list[Clause]) -> list[Row]:
    """Rows for the records of one chapter of ``left`` plus the ``right`` records of the same
    chapter, aligned by number; a number printed in one language only gets a row of its own,
    placed after the row of the record it follows in its own edition."""
    rows: list[Row] = []
    index: dict[str, Row] = {}
    for c in records:
        if c.number not in index:
            row = Row(c.number, {left.lang: c, right.lang: None})
            index[c.number] = row
            rows.append(row)
    chapter = next((c for c in records if c.kind == "chapter"), None)
    rights = [c for c in kb.in_edition(right.key)
              if chapter is not None and _chapter_number(kb, c) == chapter.number]
    prev: Row | None = None
    for c in rights:
        row = index.get(c.number)
        if row is None:
            row = Row(c.number, {left.lang: None, right.lang: c})
            index[c.number] = row
            rows.insert(rows.index(prev) + 1 if prev else len(rows), row)
        elif row.cells[right.lang] is None:
            row.cells[right.lang] = c
        prev = row
    return rows


def _chapter_number(kb: KnowledgeBase, c: Clause) -> str | None:
    chain = kb.ancestors(c.id)
    top = chain[0] if chain else c
    return top.number if top.kind == "chapter" else None


def compare_pairs(kb: KnowledgeBase) -> list[tuple[Edition, Edition]]:
    """Games with two current language editions: (zh edition, other edition) pairs."""
    out = []
    for game in kb.games():
        eds = sorted(kb.current_editions(game=game), key=lambda e: (not e.lang.startswith("zh"), e.lang))
        if len(eds) >= 2:
            out.append((eds[0], eds[1]))
    return out


# ---------------------------------------------------------------- glossary and coverage


def load_glossary(kb: KnowledgeBase):
    """The glossary when glossary/*.yaml holds concepts, else None (the site then has no
    glossary pages and no aliases)."""
    if not any((kb.root / "glossary").glob("*.yaml")):
        return None
    return kb.glossary if len(kb.glossary) else None


def coverage_path(root: Path, game: str) -> Path:
    return root / "build" / "engine" / f"{game}.coverage.json"


def load_coverage(root: Path, games: list[str], produce: bool = True) -> dict[str, dict]:
    """Each game's engine clause index: build/engine/<game>.coverage.json, or (when missing
    and ``produce``) computed by the engine's library function and written there."""
    out: dict[str, dict] = {}
    for game in games:
        path = coverage_path(root, game)
        if not path.exists() and produce:
            try:
                from ..engine.coverage import ENGINES, coverage_index
            except ImportError:
                continue
            if game not in ENGINES:
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(coverage_index(root, game), ensure_ascii=False, indent=2), encoding="utf-8")
        if path.exists():
            out[game] = json.loads(path.read_text(encoding="utf-8"))
    return out


def used_by(kb: KnowledgeBase) -> dict[str, list[Clause]]:
    """For each concept id, the clauses whose text uses it."""
    out: dict[str, list[Clause]] = {}
    for c in kb:
        for cid in c.terms:
            out.setdefault(cid, []).append(c)
    return out


# ---------------------------------------------------------------- rendering


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("tcgrules.site", "templates/site"),
        autoescape=False,  # Markdown output: rule text is escaped by the `html` filter instead
        keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["html"] = escape_html
    env.filters["attr"] = _attr
    env.filters["shorten"] = _shorten
    env.globals["lang_name"] = lambda tag: LANG_NAMES.get(tag, tag)
    env.globals["relative"] = relative
    env.globals["edition_url"] = edition_url
    return env


def make_context(kb: KnowledgeBase, coverage: dict[str, dict] | None = None) -> Context:
    ctx = Context(kb, Addresses(kb), load_glossary(kb), coverage or {})
    for e in kb.editions.values():
        for d in e.defects:
            if d.record and d.kind in READER_DEFECTS:
                ctx.defects.setdefault(d.record, []).append(d)
    return ctx


def render(kb: KnowledgeBase, site_src: Path, coverage: dict[str, dict] | None = None) -> list[Path]:
    """Write the generated Markdown pages; returns the files written."""
    env = environment()
    ctx = make_context(kb, coverage)
    site_src.mkdir(parents=True, exist_ok=True)
    _remove_generated(site_src)
    written: list[Path] = []

    def write(rel: str, text: str) -> None:
        p = site_src / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
        written.append(p)

    games: dict[str, list[Edition]] = {}
    for e in sorted(kb.editions.values(), key=lambda e: (e.game, e.lang, e.revision)):
        games.setdefault(e.game, []).append(e)
    pairs = compare_pairs(kb)
    for e in (e for eds in games.values() for e in eds):
        base = edition_url(e)
        chs = ctx.addresses.pages[e.key]
        pair = next(((l, r) for l, r in pairs if e in (l, r)), None)
        write(f"{base}index.md", env.get_template("edition.md.j2").render(
            edition=e, chapters=chs, page=base, ctx=ctx, pair=pair,
            typesetting=[d for d in e.defects if d.kind not in READER_DEFECTS],
            reader=[d for d in e.defects if d.kind in READER_DEFECTS]))
        for i, ch in enumerate(chs):
            page = f"{base}{ch.slug}/"
            write(f"{base}{ch.slug}.md", env.get_template("chapter.md.j2").render(
                edition=e, chapter=ch, page=page, ctx=ctx, record_html=record_html,
                section_extras=section_extras, depth=lambda c: len(kb.ancestors(c.id)),
                pair=pair, prev=chs[i - 1] if i else None, next=chs[i + 1] if i + 1 < len(chs) else None))
    for left, right in pairs:
        base = f"{left.game}/compare/"
        views = []
        for ch in ctx.addresses.pages[left.key]:
            if ch.record is None:
                continue
            rows = aligned_rows(kb, left, right, ch.records)
            views.append((ch, rows))
            write(f"{base}{ch.slug}.md", env.get_template("compare.md.j2").render(
                left=left, right=right, chapter=ch, rows=rows, page=f"{base}{ch.slug}/", ctx=ctx))
        write(f"{base}index.md", env.get_template("compare-index.md.j2").render(
            left=left, right=right, views=views, page=base))
    if ctx.glossary is not None:
        uses = used_by(kb)
        gloss_games = [g for g in kb.games() if ctx.glossary.for_game(g)]
        for game in gloss_games:
            write(f"glossary/{game}.md", env.get_template("glossary.md.j2").render(
                game=game, editions=games.get(game, []), concepts=ctx.glossary.for_game(game),
                uses=uses, page=f"glossary/{game}/", ctx=ctx))
        write("glossary/index.md", env.get_template("concepts.md.j2").render(
            groups=concept_groups(ctx.glossary), games=gloss_games, editions=games, page="glossary/", ctx=ctx))
    from .. import diff  # pages of changes between revisions, Atom feeds, alignment pages

    for rel, text in diff.site_pages(kb).items():
        write(rel, text)
    write("index.md", env.get_template("home.md.j2").render(
        games=games, kb=kb, pairs=pairs, glossary=ctx.glossary is not None))
    (site_src / GENERATED_LIST).write_text(
        "\n".join(str(p.relative_to(site_src)) for p in written) + "\n", encoding="utf-8")
    return written


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


def _remove_generated(site_src: Path) -> None:
    listing = site_src / GENERATED_LIST
    if not listing.exists():
        return
    for rel in listing.read_text(encoding="utf-8").split():
        p = site_src / rel
        if p.is_file() and rel.split("/", 1)[0] not in HAND_WRITTEN:
            p.unlink()
    for d in sorted((p for p in site_src.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        if d.name not in HAND_WRITTEN and not any(d.iterdir()):
            d.rmdir()
    listing.unlink()


# ---------------------------------------------------------------- building


@dataclass
class Build:
    """One MkDocs build: the root pages, or one edition (its own search index)."""

    name: str
    url: str  # site-relative URL prefix ('' for the root)
    lang: str | None = None  # edition language; None for the root build
    title: str = "tcgrules"
    exclude: list[str] = field(default_factory=list)  # folders of other builds, from url
    sections: dict[str, str] = field(default_factory=dict)  # folder -> title in the sidebar


def builds(kb: KnowledgeBase) -> list[Build]:
    eds = sorted(kb.editions.values(), key=lambda e: edition_url(e))
    sections = {"glossary": "Glossary", "changes": "Changes", "about": "About"}
    for left, right in compare_pairs(kb):
        sections[f"{left.game}/compare"] = f"{LANG_NAMES[left.lang]} | {LANG_NAMES[right.lang]}"
    for e in eds:
        title = e.game_title or e.game
        sections.update({e.game: title, f"changes/{e.game}": title, f"changes/{e.game}/{e.lang}": LANG_NAMES[e.lang]})
    out = [Build("root", "", exclude=[f"/{edition_url(e)}" for e in eds], sections=sections)]
    for e in eds:
        url = edition_url(e)
        nested = [f"/{edition_url(o)[len(url):]}" for o in eds if o is not e and edition_url(o).startswith(url)]
        out.append(Build(e.key.replace("/", "--"), url, e.lang, e.title, nested))
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
            out.append({"Contents" if b.lang else "Home": rel})
        else:
            out.append(rel)
    return out


def mkdocs_config(root: Path, b: Build, work: Path, site_url: str) -> Path:
    """Write the MkDocs config of one build: the project's mkdocs.yml plus this build's docs
    folder, staging folder and site URL."""
    cfg: dict = {
        "INHERIT": str(root / "mkdocs.yml"),
        "site_url": site_url.rstrip("/") + "/" + b.url,
        "docs_dir": str(root / "site_src" / b.url) if b.url else str(root / "site_src"),
        "site_dir": str(work / "staging" / b.name),
        "plugins": [{"search": {"separator": SEARCH_SEPARATOR}}],
        "nav": nav(root / "site_src" / b.url if b.url else root / "site_src", b),
    }
    theme = {"custom_dir": str(THEME_DIR)}  # absolute: relative paths would start at build/site/
    cfg["theme"] = theme
    if b.lang:
        home = relative(b.url, "")
        theme["language"] = THEME_LANGUAGE[b.lang]
        cfg.update({"site_name": b.title,
                    "extra": {"homepage": home, "tcg_home": home},
                    "extra_css": [relative(b.url, "assets/tcgrules.css")],
                    "exclude_docs": "\n".join(b.exclude) + "\n"})
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


def enrich_search(kb: KnowledgeBase, work: Path, bs: list[Build], coverage: dict[str, dict]) -> None:
    """Give every staged search index the data of the site's search worker
    (:mod:`tcgrules.site.search_index`): each clause section's names and aliases, the fold table."""
    ctx = make_context(kb, coverage)
    for b in bs:
        records = {url[len(b.url):]: c for c in kb if b.lang and edition_url(kb.editions[c.edition]) == b.url
                   for url in [ctx.addresses.url[c.id]]}
        search_index.enrich_index(work / "staging" / b.name / "search" / "search_index.json", records, ctx)


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
          site_url: str = DEFAULT_SITE_URL, jobs: int | None = None) -> int:
    """Render site_src/, run every MkDocs build and assemble ``site_dir`` (default site/).
    Returns 0, or the exit code of the failed MkDocs build."""
    site_dir = site_dir or root / "site"
    work = root / BUILD_DIR
    shutil.rmtree(work / "staging", ignore_errors=True)
    work.mkdir(parents=True, exist_ok=True)
    coverage = load_coverage(root, kb.games())
    render(kb, root / "site_src", coverage)
    bs = builds(kb)
    configs = [mkdocs_config(root, b, work, site_url) for b in bs]
    rc = run_builds(configs, work, strict, jobs)
    if rc:
        return rc
    enrich_search(kb, work, bs, coverage)
    assemble(work, site_dir, bs)
    return 0


def mkdocs(root: Path, *args: str) -> int:
    """Run MkDocs from this interpreter's environment with the project's mkdocs.yml."""
    cmd = [sys.executable, "-m", "mkdocs", *args, "-f", str(root / "mkdocs.yml")]
    return subprocess.call(cmd, cwd=root)


def clean(root: Path) -> None:
    shutil.rmtree(root / "site", ignore_errors=True)
