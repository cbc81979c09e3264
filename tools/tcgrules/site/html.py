"""The site's shared pieces: addresses of editions, chapters and clauses, escaping, the HTML
of one record (text, references, term tooltips, previews), the side-by-side rows, and the
Jinja2 environment. Every page module renders through these."""
from __future__ import annotations

import functools
import posixpath
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from markupsafe import Markup

from ..kb.model import Clause, Edition, KnowledgeBase
from ..kb.citations import UnknownCitation
from ..errors import UsageError



DEFAULT_SITE_URL = "http://127.0.0.1:8000/"
LANG_NAMES = {"zh-Hant": "繁體中文", "zh-Hans": "简体中文", "ja": "日本語", "en": "English"}

# The interface text of the generated pages, in each page's language (Material translates its
# own; rule text and importer reports stay as they are). ``{x}`` fields are filled by ui().
UI: dict[str, dict[str, str]] = {
    "contents": {"en": "Contents", "zh-Hant": "目錄", "zh-Hans": "目录", "ja": "目次"},
    "front": {"en": "Front matter", "zh-Hant": "卷首", "zh-Hans": "卷首", "ja": "前付け"},
    "chapter": {"en": "Chapter", "zh-Hant": "章", "zh-Hans": "章", "ja": "章"},
    "title": {"en": "Title", "zh-Hant": "標題", "zh-Hans": "标题", "ja": "見出し"},
    "records": {"en": "Records", "zh-Hant": "條目數", "zh-Hans": "条目数", "ja": "項目数"},
    "version": {"en": "version {x}", "zh-Hant": "版本 {x}", "zh-Hans": "版本 {x}", "ja": "版 {x}"},
    "date": {"en": "date {x}", "zh-Hant": "日期 {x}", "zh-Hans": "日期 {x}", "ja": "日付 {x}"},
    "source": {"en": "source {x}", "zh-Hant": "原文 {x}", "zh-Hans": "原文 {x}", "ja": "原文 {x}"},
    "not_printed": {"en": "not printed", "zh-Hant": "未標示", "zh-Hans": "未标示", "ja": "記載なし"},
    "earlier": {"en": "an earlier revision", "zh-Hant": "舊版", "zh-Hans": "旧版", "ja": "旧版"},
    "cite": {"en": "Cite a clause of this edition as {x}; its address is its chapter page with its number as the anchor, e.g. {y}.",
             "zh-Hant": "引用本版條文的格式為 {x}；條文的網址是所在章節頁面加上條號錨點，例如 {y}。",
             "zh-Hans": "引用本版条文的格式为 {x}；条文的网址是所在章节页面加上条号锚点，例如 {y}。",
             "ja": "この版の条項は {x} の形で引用します。条項のアドレスは章のページに番号のアンカーを付けたものです（例：{y}）。"},
    "print": {"en": "print view", "zh-Hant": "列印版", "zh-Hans": "打印版", "ja": "印刷用"},
    "defects": {"en": "Source defects", "zh-Hant": "原文瑕疵報告", "zh-Hans": "原文瑕疵报告", "ja": "原文の不備の報告"},
    "defects_intro": {"en": "What the importer found in the source and did about it: {x} that touch numbering or structure, {y} typesetting repairs.",
                      "zh-Hant": "匯入時在原文中發現的問題及處理方式：{x} 項涉及編號或結構，{y} 項排版修復。",
                      "zh-Hans": "导入时在原文中发现的问题及处理方式：{x} 项涉及编号或结构，{y} 项排版修复。",
                      "ja": "取り込み時に原文で見つかった問題とその処置：番号・構成に関わるもの {x} 件、組版の修復 {y} 件。"},
    "numbering": {"en": "Numbering and structure", "zh-Hant": "編號與結構", "zh-Hans": "编号与结构", "ja": "番号と構成"},
    "typesetting": {"en": "Typesetting repairs", "zh-Hant": "排版修復", "zh-Hans": "排版修复", "ja": "組版の修復"},
    "none": {"en": "None.", "zh-Hant": "無。", "zh-Hans": "无。", "ja": "なし。"},
    "line": {"en": "Line", "zh-Hant": "行", "zh-Hans": "行", "ja": "行"},
    "kind": {"en": "Kind", "zh-Hant": "類別", "zh-Hans": "类别", "ja": "種類"},
    "found": {"en": "What the source has", "zh-Hant": "原文情況", "zh-Hans": "原文情况", "ja": "原文の状態"},
    "action": {"en": "What the importer did", "zh-Hant": "處理方式", "zh-Hans": "处理方式", "ja": "処置"},
    "glossary": {"en": "glossary", "zh-Hant": "術語表", "zh-Hans": "术语表", "ja": "用語集"},
    "coverage": {"en": "Show engine coverage", "zh-Hant": "顯示引擎對應", "zh-Hans": "显示引擎对应", "ja": "エンジン対応を表示"},
    "copy_cite": {"en": "Copy citation", "zh-Hant": "複製引用", "zh-Hans": "复制引用", "ja": "引用をコピー"},
    "copied": {"en": "Copied", "zh-Hant": "已複製", "zh-Hans": "已复制", "ja": "コピーしました"},
    "all_editions": {"en": "All games and editions", "zh-Hant": "所有遊戲與版本", "zh-Hans": "所有游戏与版本",
                     "ja": "すべてのゲームと版"},
    "superseded": {"en": " — revision {x}, superseded", "zh-Hant": "：{x} 版（已被取代）", "zh-Hans": "：{x} 版（已被取代）",
                   "ja": "：{x} 版（改訂済み）"},
    "rulebooks": {"en": "Rulebooks", "zh-Hant": "規則書", "zh-Hans": "规则书", "ja": "ルールブック"},
    "pinned": {"en": "pinned revision", "zh-Hant": "固定版本", "zh-Hans": "固定版本", "ja": "固定版"},
    "latest": {"en": "always the latest revision", "zh-Hant": "永遠指向最新版", "zh-Hans": "永远指向最新版",
               "ja": "常に最新版"},
    "pinned_address": {"en": "pinned address of this revision", "zh-Hant": "本版的固定網址", "zh-Hans": "本版的固定网址",
                       "ja": "この版の固定アドレス"},
    "current": {"en": "the current revision", "zh-Hant": "現行版", "zh-Hans": "现行版", "ja": "現行版"},
    "date_not_printed": {"en": "date not printed", "zh-Hant": "未標示日期", "zh-Hans": "未标示日期", "ja": "日付記載なし"},
    "permalink": {"en": "Permanent link", "zh-Hant": "永久連結", "zh-Hans": "永久链接", "ja": "パーマリンク"},
    "history": {"en": "history", "zh-Hant": "修訂歷程", "zh-Hans": "修订历程", "ja": "改訂履歴"},
    "print_hint": {"en": "print or save as PDF with your browser (Ctrl-P)", "zh-Hant": "用瀏覽器列印或存成 PDF（Ctrl-P）",
                   "zh-Hans": "用浏览器打印或存为 PDF（Ctrl-P）", "ja": "ブラウザーで印刷または PDF 保存（Ctrl-P）"},
    "print_line": {"en": "version {x} · date {y} · {z} records", "zh-Hant": "版本 {x} · 日期 {y} · {z} 條",
                   "zh-Hans": "版本 {x} · 日期 {y} · {z} 条", "ja": "版 {x} · 日付 {y} · {z} 項目"},
    "earlier_title": {"en": "An earlier revision: {x}", "zh-Hant": "舊版：{x}", "zh-Hans": "旧版：{x}", "ja": "旧版：{x}"},
    "earlier_text": {"en": "This page shows {x} of {y}. The current revision is {z}:",
                     "zh-Hant": "本頁是{y}的 {x}。現行版為 {z}：", "zh-Hans": "本页是{y}的 {x}。现行版为 {z}：",
                     "ja": "このページは{y}の {x} です。現行版は {z}："},
    "read_in": {"en": "read this in {x}", "zh-Hant": "閱讀 {x} 版", "zh-Hans": "阅读 {x} 版", "ja": "{x} 版で読む"},
    "what_changed": {"en": "what changed in {x}", "zh-Hant": "{x} 版的變更", "zh-Hans": "{x} 版的变更", "ja": "{x} 版の変更点"},
    "compare_intro": {"en": "The two editions side by side, aligned by clause number. A number printed in one edition only has a row of its own, flagged.",
                      "zh-Hant": "兩個版本並排對照，依條號對齊。只在一個版本出現的條號自成一列，並加標示。",
                      "zh-Hans": "两个版本并排对照，依条号对齐。只在一个版本出现的条号自成一行，并加标示。",
                      "ja": "二つの版を条項番号で揃えて並べます。一方の版にしかない番号は独立した行にし、印を付けます。"},
    "rows": {"en": "Rows", "zh-Hant": "列數", "zh-Hans": "行数", "ja": "行数"},
    "one_only": {"en": "In one edition only", "zh-Hant": "僅見於一版", "zh-Hans": "仅见于一版", "ja": "一方の版のみ"},
    "engine": {"en": "engine: {x}", "zh-Hant": "引擎：{x}", "zh-Hans": "引擎：{x}", "ja": "エンジン：{x}"},
    "function": {"en": "{x} function", "zh-Hant": "{x} 個函式", "zh-Hans": "{x} 个函数", "ja": "関数 {x} 個"},
    "functions": {"en": "{x} functions", "zh-Hant": "{x} 個函式", "zh-Hans": "{x} 个函数", "ja": "関数 {x} 個"},
    "test": {"en": "{x} test", "zh-Hant": "{x} 項測試", "zh-Hans": "{x} 项测试", "ja": "テスト {x} 件"},
    "tests": {"en": "{x} tests", "zh-Hant": "{x} 項測試", "zh-Hans": "{x} 项测试", "ja": "テスト {x} 件"},
    "implemented_by": {"en": "implemented by", "zh-Hant": "實作：", "zh-Hans": "实现：", "ja": "実装："},
    "tested_by": {"en": "tested by", "zh-Hant": "測試：", "zh-Hans": "测试：", "ja": "テスト："},
    "stale": {"en": "stale: {x}", "zh-Hant": "引用已過時：{x}", "zh-Hans": "引用已过时：{x}", "ja": "引用が古い：{x}"},
    "only_in": {"en": "only in the {x} edition", "zh-Hant": "僅見於{x}版", "zh-Hans": "仅见于{x}版", "ja": "{x}版のみ"},
    "missing": {"en": "{x}: not in the {y} edition", "zh-Hant": "{x}：{y}版無此條", "zh-Hans": "{x}：{y}版无此条",
                "ja": "{x}：{y}版にはない"},
}


def ui(key: str, lang: str | None, **fields: str) -> Markup:
    """The interface text ``key`` in ``lang`` (English for the pages that span languages); the
    fields escaped unless marked safe."""
    texts = UI[key]
    return Markup(texts.get(lang or "en", texts["en"])).format(**fields)


# Defect kinds a reader needs beside the clause (numbering and structure); the others are
# typesetting repairs, listed on the edition page only.
READER_DEFECTS = {"duplicate-number", "merged-clauses", "toc-mismatch", "missing-list",
                  "unnumbered-paragraph", "example"}


# ---------------------------------------------------------------- addresses


def anchor(c: Clause) -> str:
    """The permalink anchor of a clause: its number exactly as printed (``8-1-6-1``,
    ``10.1.1.2``) or synthesized (``101.p7``); a number printed again keeps its id's ``~2``.
    Parentheses, which links in chat and Markdown cut at, are left out (``1.2.(1)`` → ``1.2.1``);
    rules/README.md lists this and the page script forwards the other spellings."""
    return c.id.rsplit("/", 1)[1].replace("(", "").replace(")", "")


def citation(c: Clause) -> str:
    """How a clause is cited: ``battle-spirits:8-1-6-1``."""
    return f"{c.game}:{c.id.rsplit('/', 1)[1]}"


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


@functools.lru_cache(maxsize=1 << 16)  # every page links the same few targets many times
def relative(from_url: str, to_url: str) -> str:
    """The relative link from page ``from_url`` to ``to_url`` (both site-relative, '/'-ended dirs)."""
    path, _, frag = to_url.partition("#")
    rel = _relative_path(from_url, path)
    if not rel and not frag:
        rel = "./"
    return rel + (f"#{frag}" if frag else "")


@functools.lru_cache(maxsize=65536)
def _relative_path(from_url: str, path: str) -> str:
    """The relative path from page ``from_url`` to the page ``path`` ('' for itself): the
    pages of a build link a few thousand pages, anchor after anchor."""
    rel = posixpath.relpath("/" + path, "/" + from_url) if path != from_url else ""
    if rel == ".":
        rel = ""
    if rel and (not path or path.endswith("/")) and not rel.endswith("/"):
        rel += "/"
    return rel


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
    keys: object | None = None  # tcgrules.site.page_keys.PageKeys: what the rendered pages are made from
    # what a record's pages share (its terms, tooltips, coverage line), made once per build:
    # a current revision's pages are rendered at two URLs, and its records again side by side
    made: dict[tuple, object] = field(default_factory=dict)

    def once(self, key: tuple, make):
        if key not in self.made:
            self.made[key] = make()
        return self.made[key]

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
        return self.once(("hits", c.id, s), lambda: self._term_hits(c, s))

    def _term_hits(self, c: Clause, s: str) -> list[tuple[int, int, str]]:
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

    def term_for(self, concept) -> str:
        """A concept's name as its game's rules print it: the term in the language (and so the
        Chinese script) of the game's first edition, else any."""
        langs = sorted({e.lang for e in self.kb.editions.values() if e.game == concept.game},
                       key=lambda x: (not x.startswith("zh"), x))
        return next((concept.preferred(x) for x in langs + ["zh-Hant", "zh-Hans", "ja"] if concept.preferred(x)),
                    concept.all_terms()[0])

    def concept_tooltip(self, concept_id: str, lang: str, edition: str | None = None) -> str:
        """A glossary term's hover text in the page's language: its terms (that language
        first) and the clause defining it in this edition, else in an edition of this language."""
        return self.once(("tooltip", concept_id, lang, edition), lambda: self._concept_tooltip(concept_id, lang, edition))

    def _concept_tooltip(self, concept_id: str, lang: str, edition: str | None) -> str:
        concept = self.glossary.concepts.get(concept_id)
        if concept is None:
            return concept_id
        order = [lang] + [x for x in ("en", "zh-Hant", "zh-Hans", "ja") if x != lang]
        parts = [" · ".join(t for x in order for t in concept.terms.get(x, [])[:1])]
        defs = [self.kb.clauses[cid] for ids in concept.defined_in.values() for cid in ids[:1]
                if cid in self.kb.clauses]
        defs.sort(key=lambda d: (d.edition != edition, d.lang != lang))
        if defs and (defs[0].edition == edition or defs[0].lang == lang):
            parts.append(clause_summary(defs[0]))
        return " — ".join(parts)


def clause_summary(c: Clause) -> str:
    """A clause in one line, for a tooltip: number, title and the start of its text."""
    return " ".join(p for p in (c.number, heading_title(c.title), _shorten(c.text)) if p)


def text_html(ctx: Context, c: Clause, page: str, within: dict[str, str] | None = None) -> str:
    """A record's text as HTML: escaped, references as links, glossary terms as tooltips.
    ``within`` maps clause ids to addresses of the page's own view (the side-by-side rows),
    which references then link to, with previews."""
    s = c.text
    marks: list[tuple[int, int, str]] = []
    for r in c.refs:
        span = escape_html(r.span)
        if within is not None and r.target in within:
            html = f'<a class="tcg-ref" href="{relative(page, within[r.target])}" data-preview>{span}</a>'
        elif r.target and r.target in ctx.addresses.url:
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
        marks.append((a, b, f'<a class="tcg-term" href="{href}" title="{_attr(ctx.concept_tooltip(cid, c.lang, c.edition))}">'
                            f'{escape_html(s[a:b])}</a>'))
        taken.append((a, b))
    out, pos = [], 0
    for a, b, html in sorted(marks):
        out.append(escape_html(s[pos:a]))
        out.append(html)
        pos = b
    out.append(escape_html(s[pos:]))
    return "".join(out).replace("\n", "<br>")


# Defects that concern every record of a source that prints no numbers: listed on the
# edition's defect page only (a note beside each paragraph would drown the rules).
QUIET_DEFECTS = {"example", "unnumbered-paragraph"}


def defect_notes(ctx: Context, c: Clause) -> list[str]:
    """Short notes on source defects that concern this record alone, for the reader. A
    synthesized number needs none: it is shown in a quieter style than a printed one."""
    notes = []
    if "~" in c.id:
        notes.append(f"numbered {c.number} in the source, a number printed more than once")
    for d in ctx.defects.get(c.id, []):
        if d.kind not in QUIET_DEFECTS:
            notes.append(f"source, line {d.line}: {d.message}")
    return notes


def heading_title(title: str | None) -> str:
    """A title as a heading shows it: without the trailing ``~`` some sources print after
    every heading (星靈王); the record keeps it."""
    return (title or "").rstrip("~～ ")


def number_html(c: Clause, a: str) -> str:
    """A record's number as the link to its anchor: the printed label, or the synthesized
    number in a quiet style."""
    if c.label or c.number_printed:
        return f'<a class="tcg-num" href="#{a}">{escape_html(c.label or c.number)}</a>'
    return f'<a class="tcg-num tcg-synth" href="#{a}">{escape_html(c.number)}</a>'


def coverage_html(ctx: Context, c: Clause) -> str:
    """The engine functions implementing a clause and the tests citing it, if any: one quiet
    line ("engine: 2 functions · 3 tests") that opens to the names; on a current revision
    that changed the clause under them, that they are stale ("cites the r1 text; changed in r2")."""
    return ctx.once(("coverage", c.id), lambda: _coverage_html(ctx, c))


def _coverage_html(ctx: Context, c: Clause) -> str:
    index = ctx.coverage.get(c.game, {})
    entry = index.get("clauses", {}).get(c.number)
    impl = (entry or {}).get("implemented_by") or []
    tests = (entry or {}).get("tested_by") or []
    if not impl and not tests:
        return ""
    lang = c.lang
    counts = " · ".join(ui(noun if len(xs) == 1 else f"{noun}s", lang, x=str(len(xs)))
                        for xs, noun in ((impl, "function"), (tests, "test")) if xs)
    stale = index.get("stale", {}).get(c.number) if ctx.kb.editions[c.edition].current else None
    if stale:
        counts += Markup(' · <span class="tcg-stale">{}</span>').format(ui("stale", lang, x=stale))
    names = "".join(f'<li>{ui(kind, lang)} <code>{escape_html(x)}</code></li>'
                    for xs, kind in ((impl, "implemented_by"), (tests, "tested_by")) for x in xs)
    return (f'<details class="tcg-coverage" data-search-exclude><summary>{ui("engine", lang, x=counts)}</summary>'
            f'<ul>{names}</ul></details>')


def record_html(ctx: Context, c: Clause, page: str, level: int = 6) -> Markup:
    """A clause, example or note as one HTML block; its number is an h6 so that Material's
    search indexes it as a section of its own (found by number, linked to its anchor), read
    out at ``level``, one below the heading above it (the outline skips no level)."""
    a = ctx.addresses.anchor(c)
    head = number_html(c, a)
    if c.title:
        head += f' <strong>{escape_html(heading_title(c.title))}</strong>'
    parts = [f'<div class="tcg-rec tcg-{c.kind}">',
             f'<h6 class="tcg-head" aria-level="{min(level, 6)}" id="{a}" data-cite="{_attr(citation(c))}" '
             f'data-pinned="{relative(page, ctx.addresses.pinned(c))}">{head}</h6>']
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
    for the games that have an engine: computed afresh, so the site never shows a stale one.
    A citation of no clause (rules/ changed by hand under the engine) is a one-line error."""
    try:
        from ..engine.api import has_engine
        from ..engine.coverage import coverage_index

        return {game: coverage_index(root, game) for game in games if has_engine(game)}
    except UnknownCitation as e:
        raise UsageError(f"{e}: update the citation, or mark it stale in the current revision's `stale` "
                         "in rules/editions.yaml (as `tcgrules revision add --allow-stale` does)") from None


def used_by(kb: KnowledgeBase) -> dict[str, list[Clause]]:
    """For each concept id, the clauses whose text uses it."""
    out: dict[str, list[Clause]] = {}
    for c in kb:
        for cid in c.terms:
            out.setdefault(cid, []).append(c)
    return out


# ---------------------------------------------------------------- rendering


# Compiling the templates took a second of every build: their compiled code is kept in the
# user's own temporary folder (Jinja's FileSystemBytecodeCache), keyed by each template's text.
TEMPLATE_CACHE = jinja2.FileSystemBytecodeCache()


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("tcgrules.site", "templates/site"), bytecode_cache=TEMPLATE_CACHE,
        autoescape=True,  # whatever no filter marks safe; the `html` filter also escapes Markdown
        keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["html"] = escape_html
    env.filters["attr"] = _attr
    env.filters["shorten"] = _shorten
    env.globals["lang_name"] = lambda tag: LANG_NAMES.get(tag, tag)
    env.globals["ui"] = ui
    env.globals["citation"] = citation
    env.filters["heading"] = heading_title
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


