"""The site's shared pieces: addresses of editions, chapters and clauses, escaping, the HTML
of one record (text, references, term tooltips, previews), the side-by-side rows, and the
Jinja2 environment. Every page module renders through these."""
from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from markupsafe import Markup

from ..kb.model import Clause, Edition, KnowledgeBase



DEFAULT_SITE_URL = "http://127.0.0.1:8000/"
LANG_NAMES = {"zh-Hant": "繁體中文", "zh-Hans": "简体中文", "ja": "日本語", "en": "English"}
# Material's UI language for an edition's language.

# Defect kinds a reader needs beside the clause (numbering and structure); the others are
# typesetting repairs, listed on the edition page only.
READER_DEFECTS = {"duplicate-number", "merged-clauses", "toc-mismatch", "missing-list",
                  "unnumbered-paragraph", "example"}


# ---------------------------------------------------------------- addresses


def anchor(c: Clause) -> str:
    """The permalink anchor of a clause: its number (``8-1-6-1``), ``~2`` as ``_2``."""
    return c.id.rsplit("/", 1)[1].replace("~", "_").replace(".", "-").replace("(", "").replace(")", "")


def edition_url(e: Edition) -> str:
    """Site-relative URL of an edition's home: the current revision at the plain URL, older
    revisions at their pinned one (under the current)."""
    return f"{e.game}/{e.lang}/" if e.current else pinned_url(e)


def pinned_url(e: Edition) -> str:
    """The URL that shows this revision for good, current or not: ``<game>/<lang>/<revision>/``."""
    return f"{e.game}/{e.lang}/{e.revision}/"


def edition_urls(e: Edition) -> list[str]:
    """Everywhere an edition is rendered: the current revision at its plain and pinned URLs."""
    return [edition_url(e), pinned_url(e)] if e.current else [edition_url(e)]


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

    def pinned(self, c: Clause) -> str:
        """The clause at its revision's pinned URL."""
        e = self.kb.editions[c.edition]
        return pinned_url(e) + self.url[c.id][len(edition_url(e)):]

    def seen_from(self, page: str, clause_id: str) -> str:
        """The clause's address as a page links to it: a page at a pinned URL keeps its links
        to the same revision pinned."""
        c = self.kb.clauses[clause_id]
        e = self.kb.editions[c.edition]
        return self.pinned(c) if e.current and page.startswith(pinned_url(e)) else self.url[clause_id]

    def page(self, c: Clause) -> str:
        return self.url[c.id].partition("#")[0]


# ---------------------------------------------------------------- escaping and record HTML


# One pass over the text (replacing in turn would escape the '#' of earlier entities).
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                          **{ch: f"&#{ord(ch)};" for ch in "{}*_`[]#|\\"}})


def escape_html(s: str | None) -> Markup:
    """Rule text as inert HTML/Markdown: no tags, no template syntax, no Markdown markup."""
    return Markup(s.translate(_ESCAPES) if s else "")


def _attr(s: str) -> Markup:
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
    revisions: object | None = None  # tcgrules.site.revisions.RevisionView: marks beside changed records

    def link(self, from_page: str, clause_id: str) -> str:
        return relative(from_page, self.addresses.seen_from(from_page, clause_id))

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
    parts.extend(_extras(ctx, c, page))
    parts.append("</div>")
    return Markup("".join(parts))


def section_extras(ctx: Context, c: Clause, page: str) -> Markup:
    """What follows a section heading: its text, defect notes, coverage and search aliases."""
    parts = []
    if c.text:
        parts.append(f'<p class="tcg-text">{text_html(ctx, c, page)}</p>')
    parts.extend(_extras(ctx, c, page))
    return Markup(f'<div class="tcg-sec">{"".join(parts)}</div>' if parts else "")


def _extras(ctx: Context, c: Clause, page: str) -> list[str]:
    parts = [f'<p class="tcg-defect">{escape_html(n)}</p>' for n in defect_notes(ctx, c)]
    if cov := coverage_html(ctx, c):
        parts.append(cov)
    if ctx.revisions is not None:
        parts.append(ctx.revisions.marks(c, page))  # type: ignore[attr-defined]
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


def load_coverage(root: Path, games: list[str]) -> dict[str, dict]:
    """Each game's engine clause index (:func:`tcgrules.engine.coverage.coverage_index`),
    for the games that have an engine: computed afresh, so the site never shows a stale one."""
    from ..engine.coverage import ENGINES, coverage_index

    return {game: coverage_index(root, game) for game in games if game in ENGINES}


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
        autoescape=True,  # whatever no filter marks safe; the `html` filter also escapes Markdown
        keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["html"] = escape_html
    env.filters["attr"] = _attr
    env.filters["shorten"] = _shorten
    env.globals["lang_name"] = lambda tag: LANG_NAMES.get(tag, tag)
    env.globals["relative"] = relative
    env.globals["edition_url"] = edition_url
    env.globals["pinned_url"] = pinned_url
    return env


def make_context(kb: KnowledgeBase, coverage: dict[str, dict] | None = None) -> Context:
    ctx = Context(kb, Addresses(kb), load_glossary(kb), coverage or {})
    for e in kb.editions.values():
        for d in e.defects:
            if d.record and d.kind in READER_DEFECTS:
                ctx.defects.setdefault(d.record, []).append(d)
    return ctx


