"""Importer for rulebooks numbered with dots: ``10.5.1`` (Shadowverse: Evolve, zh-Hans).

The format
----------
A markdown-flavoured text export of the PDF, one paragraph per line, most lines separated by
blank lines:

* ``## 目录``: a table of contents, one chapter a line, ``N<tab>title<tab>page``;
* ``## 综合规则文本`` ("rules text"): an unnumbered heading before chapter 1;
* numbered lines ``N title`` (chapter), ``N.N title`` (section), ``N.N.N …`` down to six
  parts (clauses), with or without ``#`` heading markers, ``- `` list bullets and indentation.

The rank of a record comes from its number, never from the markup: the file marks chapters,
sections and clauses at every heading level and as list items, and its indentation is flat in
some chapters and nested (or shifted) in others, so markers and indentation only feed the
defect report.

* Depth 1 → ``chapter`` and depth 2 → ``section``, the rest of the line being the ``title``.
* Deeper numbers are ``clause`` records whose rest is their ``text`` (``example`` when it
  begins with 例如), except a ``#`` heading whose rest reads as a title — no sentence end
  (。：!?) and not continued on the next line — which is a ``section``
  (``#### 13.2.1 特定记述：连击``).
* The ``label`` is the number as printed; ``number`` is the same in ASCII (``ascii_number``).
  A line that starts with a whole number and holds a sentence (。) is text, not a chapter.

Unnumbered lines
----------------
* after a record whose text stops mid-sentence: the PDF broke the paragraph; joined with
  ``join_text`` (``continued-after-blank`` when a blank line came between);
* a tab-separated table row: kept in the text of the record before it after ``\\n``
  (``table-row``);
* a list item (``- …``) after a record that ends a sentence: a ``clause`` record of its own
  under that record (``unnumbered-item``); ``例如：…`` standing as its own paragraph: an
  ``example`` record (``example``);
* any other paragraph: kept in the text of the record before it after ``\\n``
  (``unnumbered-paragraph``);
* an unnumbered heading: a ``section`` record (front matter before the first chapter, else
  under the chapter it stands in: ``unnumbered-heading``); a paragraph before any record: a
  front-matter ``note``.

Synthesized numbers (``number_printed`` False)
----------------------------------------------
``<n>.p<k>`` for the k-th unnumbered item under the record numbered ``<n>`` and ``<n>.ex<k>``
for its k-th example paragraph (k = 1, 2 … in source order, items after an item share its
parent); ``front.p<k>`` for the k-th unnumbered record before the first chapter. Printed
numbers are digits and dots only, so these never collide with them, and the same file always
yields the same numbers.

Parents and order
-----------------
A printed number's parent is the record numbered with its nearest printed prefix (of a number
printed twice, the last one above the child, else the first), wherever it stands in the file:
this source prints blocks out of order (2.1–2.2.1 after 2.3.2.2; chapter 12's opening after
12.7). The records out of order are those outside a longest run of numbers that increases in
source order (``out-of-order``).

Defects reported (:class:`~tcgrules.kb.model.Defect`)
--------------------------------------------------
``toc-line`` each table-of-contents line (skipped), ``toc-mismatch`` an entry that disagrees
with the chapters; ``heading-markup`` a heading marked at another level than the file's usual
one for its rank, or a clause marked as a heading; ``unmarked-heading`` a chapter or section
written as a list item or plain line; ``list-marker`` a bullet before a heading marker;
``continued-after-blank``, ``unnumbered-paragraph``, ``unnumbered-item``, ``example``,
``table-row`` (above); ``empty-item`` a number with nothing after it; ``duplicate-number``,
``skipped-number``, ``missing-parent``, ``out-of-order`` in the numbering; ``indentation`` a
list item indented as the child of the item above it when its number says otherwise (or the
reverse); ``unnumbered-heading`` (above);
``missing-symbol`` a gap (two spaces, a space between Chinese characters, a text that starts
with a colon) where the PDF printed an icon the export lost; ``ascii-punctuation`` a run of
lines writing ASCII ``,():;`` among Chinese text where the rest of the file uses full-width
forms. Only the table of contents and markdown markers are skipped.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass

from ..kb.model import Clause, Edition, Ref, SourceSpan, number_key
from .base import MARKDOWN_PREFIX, IdMinter, ImportResult, SourceError, ascii_number, join_text

_DIGIT = "[0-9０-９]"
_NUM = rf"{_DIGIT}+(?:[.．]{_DIGIT}+)*"
NUMBERED = re.compile(rf"^(?P<number>{_NUM})(?:[ \t　]+(?P<rest>.*)|$)")
"""A line that starts with a number followed by a blank (or nothing)."""

TOC_HEADING = re.compile(r"^(?:目录|目錄|目次)$")
TOC_ENTRY = re.compile(rf"^(?P<number>{_DIGIT}+)\s+(?P<title>\S.*?)\s+(?P<page>{_DIGIT}+)$")

EXAMPLE = re.compile(r"^例如\s*[：:]")
"""An example: ``例如：…`` (for example: …)."""

SENTENCE_END = "。！？!?：:"
"""What ends a sentence or introduces a list: text ending otherwise continues on the next line."""

_DOTTED = rf"{_DIGIT}+(?:[.．]{_DIGIT}+)+"
_RANGE = r"\s*(?:至|[-–—~～])\s*"
_CUE = r"参照|参见|详见|根据"
NUMBER_REF = re.compile(
    rf"(?:(?P<open>[（(])\s*)?(?:(?:{_CUE})\s*)?(?<![0-9０-９.．])(?P<number>{_DOTTED})"
    rf"(?:{_RANGE}(?P<end>{_DOTTED}))?(?![0-9０-９]|[.．][0-9０-９])(?(open)\s*[)）])")
"""``（10.5.1）``, ``(参见5.17.3.1)``, ``根据 8.4.9``, ``详见10.5.2``, ``7.2至7.4``,
``10.9.1.2-10.9.1.4``. A dotted number is always a reference in this rulebook: counts and
quantities are whole numbers. The parentheses or cue word belong to the span when present."""

TITLE_REF = re.compile(r"(?:(?<=请)参照|参见|详见)(?P<title>[^\s0-9０-９，。、；：,.;:（）()“”『』【】]+)")
"""A reference by title: ``请参照附录`` (please see the appendix), ``详见…``."""

_FULL_WIDTH_PUNCT = "，（）：；"
_ASCII_PUNCT = ",():;"
_ASCII_CLASS = f"[{re.escape(_ASCII_PUNCT)}]"
ASCII_PUNCT_IN_CJK = re.compile(rf"[^\x00-\x7f]{_ASCII_CLASS}|{_ASCII_CLASS}[^\x00-\x7f]")
LOST_SYMBOL = re.compile(r"\S[ 　]{2,}\S|[^\x00-\x7f][ 　]+[^\x00-\x7f]")
"""Where the export dropped an icon: a double space, or a space between two Chinese characters
(Chinese text has none; the rulebook's spaces stand beside digits and Latin words)."""


@dataclass(frozen=True)
class _Line:
    """A source line with its markdown markers taken apart."""

    no: int
    indent: int  # blanks before the first marker
    markup: str  # the markers as printed ("", "-", "###", "- ###")
    level: int  # heading level (number of #), 0 when not a heading
    bullet: bool  # a list marker precedes the content
    content: str  # what follows the markers, trailing blanks removed
    number: str | None  # the number as printed, when the content starts with one
    rest: str  # the content after the number and its blank


def read_line(no: int, raw: str) -> _Line:
    prefix = MARKDOWN_PREFIX.match(raw).group(1)
    markup = prefix.strip()
    content = raw[len(prefix):].rstrip()
    m = NUMBERED.match(content)
    if m and not re.search("[.．]", m["number"]) and "。" in (m["rest"] or ""):
        m = None  # a sentence that begins with a count ("1 张…"), not a chapter heading
    return _Line(no, len(raw) - len(raw.lstrip()), markup, markup.count("#"),
                 any(ch in "-*+" for ch in markup), content,
                 m["number"] if m else None, (m["rest"] or "").strip() if m else content)


@dataclass
class _Draft:
    """A record under construction."""

    number: str
    printed: bool
    kind: str
    first_line: int
    label: str | None = None
    title: str | None = None
    text: str = ""
    last_line: int = 0
    id: str = ""
    parent: str | None = None
    anchor: "_Draft | None" = None  # for an unnumbered record: the record it belongs to
    level: int = 0
    bullet: bool = False

    @property
    def depth(self) -> int:
        return self.number.count(".") + 1

    def complete(self) -> bool:
        """Does the record end where a new paragraph may start (a heading, or a sentence end)?"""
        if self.text:
            return self.text[-1] in SENTENCE_END
        return self.title is not None

    def name(self) -> str:
        return f"{self.kind} {self.number}"


def _quote(text: str, n: int = 24) -> str:
    return text if len(text) <= n else text[:n] + "…"


def ancestors(number: str) -> list[str]:
    """``8.4.7.1.1`` → ``["8.4.7.1", "8.4.7", "8.4", "8"]`` (nearest first)."""
    parts = number.split(".")
    return [".".join(parts[:k]) for k in range(len(parts) - 1, 0, -1)]


def longest_increasing(keys: list[tuple]) -> set[int]:
    """Indices of one longest strictly increasing subsequence of ``keys`` (patience sorting)."""
    tails: list[tuple] = []  # smallest tail key of an increasing run of each length
    tail_at: list[int] = []
    before = [-1] * len(keys)
    for i, key in enumerate(keys):
        k = bisect_left(tails, key)
        before[i] = tail_at[k - 1] if k else -1
        if k == len(tails):
            tails.append(key)
            tail_at.append(i)
        else:
            tails[k], tail_at[k] = key, i
    kept: set[int] = set()
    i = tail_at[-1] if tail_at else -1
    while i >= 0:
        kept.add(i)
        i = before[i]
    return kept


# ---------------------------------------------------------------- references


def find_refs(text: str) -> list[Ref]:
    """Every explicit cross-reference in ``text``, in order (module doc of the patterns)."""
    refs = [Ref(span=m.group(0), start=m.start(), end=m.end(), number=ascii_number(m["number"]),
                number_end=ascii_number(m["end"]) if m["end"] else None)
            for m in NUMBER_REF.finditer(text)]
    refs += [Ref(span=m.group(0), start=m.start(), end=m.end(), title=m["title"])
             for m in TITLE_REF.finditer(text)
             if not any(r.start <= m.start() < r.end for r in refs)]
    return sorted(refs, key=lambda r: r.start)


# ---------------------------------------------------------------- the parser


class _Parser:
    """Lines to records in one pass, then checks that need the whole file."""

    def __init__(self, lines: list[str], edition: Edition):
        self.lines = [read_line(no, raw) for no, raw in enumerate(lines, start=1)]
        self.edition = edition
        self.result = ImportResult(edition)
        self.minter = IdMinter(edition)
        self.drafts: list[_Draft] = []
        self.by_id: dict[str, _Draft] = {}
        self.printed: dict[str, list[_Draft]] = {}
        self.synthesized: Counter[str] = Counter()
        self.toc: list[tuple[int, str, str]] = []  # (line, chapter number, title)
        self.toc_lines: set[int] = set()
        self.in_toc = False

    def parse(self) -> ImportResult:
        blank = False
        for i, line in enumerate(self.lines):
            if not line.content and not line.markup:
                blank = True
                continue
            self.read(i, line, blank)
            blank = False
        if not self.printed:
            raise SourceError(f"{self.edition.source}: no numbered line such as '1.1 …': "
                              "not a dot-numbered rulebook")
        self.link_parents()
        self.check_gaps()
        self.check_order()
        self.check_headings()
        self.check_indentation()
        self.check_toc()
        self.check_lines()
        r = self.result
        r.clauses = [self.clause(d) for d in self.drafts]
        r.defects.sort(key=lambda d: d.line)
        return r

    # --- reading lines

    def read(self, i: int, line: _Line, blank: bool) -> None:
        if self.in_toc and not line.level:
            entry = TOC_ENTRY.match(line.content)
            if entry:
                self.read_toc_entry(line, entry)
                return
        self.in_toc = False
        self.result.skip(line.no, line.markup, "markdown marker")
        if not line.content:
            return
        if line.number is not None:
            self.open_numbered(i, line)
        elif line.level:
            self.open_heading(line)
        else:
            self.read_paragraph(line, blank)

    def read_toc_entry(self, line: _Line, entry: re.Match) -> None:
        self.result.skip(line.no, line.markup, "markdown marker")
        self.result.skip(line.no, line.content, "table of contents")
        self.result.defect("toc-line", line.no, f"table of contents entry '{line.content}'",
                           "skipped it (the chapters are read from the rules text)")
        self.toc.append((line.no, ascii_number(entry["number"]), entry["title"]))
        self.toc_lines.add(line.no)

    def open_heading(self, line: _Line) -> None:
        """An unnumbered heading: the table of contents, front matter or a stray heading."""
        if TOC_HEADING.match(line.content):
            self.in_toc = True
            self.toc_lines.add(line.no)
            self.result.skip(line.no, line.content, "table of contents")
            self.result.defect("toc-line", line.no, f"table of contents heading '{line.content}'",
                               "skipped it and the entries under it")
            return
        chapter = next((d for d in reversed(self.drafts) if d.kind == "chapter"), None)
        d = self.add_unnumbered(line, "section", chapter, "p", title=line.content)
        if chapter is not None:
            self.result.defect("unnumbered-heading", line.no,
                               f"heading '{line.markup} {line.content}' has no number",
                               f"kept it as section {d.number} under chapter {chapter.number}",
                               record=d.id)

    def open_numbered(self, i: int, line: _Line) -> None:
        number = ascii_number(line.number)
        depth = number.count(".") + 1
        rest = line.rest
        d = _Draft(number, True, "clause", line.no, label=line.number, level=line.level,
                   bullet=line.bullet)
        if depth <= 2:
            d.kind, d.title = ("chapter" if depth == 1 else "section"), rest or None
        elif line.level and rest and rest[-1] not in SENTENCE_END and not self.continued(i):
            d.kind, d.title = "section", rest
        else:
            d.kind, d.text = ("example" if EXAMPLE.match(rest) else "clause"), rest
        self.add(d)
        if not rest:
            shown = f"{line.markup} {line.number}".strip()
            self.result.defect("empty-item", line.no, f"'{shown}' has nothing after its number",
                               f"kept {d.name()} with no title or text", record=d.id)

    def continued(self, i: int) -> bool:
        """Does the paragraph of line ``i`` go on in the next non-blank line?"""
        for line in self.lines[i + 1:]:
            if line.content:
                return (line.number is None and not line.level and not line.bullet
                        and "\t" not in line.content)
        return False

    def read_paragraph(self, line: _Line, blank: bool) -> None:
        text = line.content
        cur = self.drafts[-1] if self.drafts else None
        if cur is None:
            self.add_unnumbered(line, "note", None, "p", text=text)
            return
        r = self.result
        if "\t" in text:
            self.extend(cur, line, "\n")
            r.defect("table-row", line.no, f"table row {text!r}",
                     f"kept it in the text of {cur.name()} after a line break", record=cur.id)
        elif EXAMPLE.match(text) and (blank or line.bullet):
            anchor = self.anchor_of(cur)
            d = self.add_unnumbered(line, "example", anchor, "ex", text=text)
            r.defect("example", line.no, f"example paragraph '{_quote(text)}'",
                     f"kept it as example {d.number} under {anchor.name()}", record=d.id)
        elif not cur.complete():
            tail = cur.text[-12:]
            self.extend(cur, line, None)
            if blank:
                r.defect("continued-after-blank", line.no,
                         f"'{_quote(text)}' continues '…{tail}' after a blank line"
                         + (" (with a list marker)" if line.bullet else ""),
                         f"joined it to {cur.name()}", record=cur.id)
        elif line.bullet:
            anchor = self.anchor_of(cur)
            d = self.add_unnumbered(line, "clause", anchor, "p", text=text)
            r.defect("unnumbered-item", line.no, f"list item '{_quote(text)}' has no number",
                     f"kept it as clause {d.number} under {anchor.name()}", record=d.id)
        else:
            self.extend(cur, line, "\n")
            r.defect("unnumbered-paragraph", line.no, f"paragraph '{_quote(text)}' has no number",
                     f"kept it in the text of {cur.name()} after a line break", record=cur.id)

    @staticmethod
    def anchor_of(cur: _Draft) -> _Draft:
        """The record an unnumbered item after ``cur`` belongs to (items after an item share its)."""
        is_item = not cur.printed and cur.kind in ("clause", "example") and cur.anchor is not None
        return cur.anchor if is_item else cur

    @staticmethod
    def extend(d: _Draft, line: _Line, separator: str | None) -> None:
        """Add a line to ``d``'s text: ``join_text`` for a broken paragraph, else the separator."""
        if separator is None or not d.text:
            d.text = join_text(d.text, line.content)
        else:
            d.text = d.text.rstrip() + separator + line.content.strip()
        d.last_line = line.no

    def add_unnumbered(self, line: _Line, kind: str, anchor: _Draft | None, prefix: str,
                       title: str | None = None, text: str = "") -> _Draft:
        base = anchor.number if anchor is not None else "front"
        self.synthesized[f"{base}.{prefix}"] += 1
        d = _Draft(f"{base}.{prefix}{self.synthesized[f'{base}.{prefix}']}", False, kind, line.no,
                   title=title, text=text, anchor=anchor, level=line.level, bullet=line.bullet)
        d.parent = anchor.id if anchor is not None else None
        return self.add(d)

    def add(self, d: _Draft) -> _Draft:
        d.id = self.minter.mint(d.number)
        d.last_line = d.first_line
        self.drafts.append(d)
        self.by_id[d.id] = d
        if d.printed:
            same = self.printed.setdefault(d.number, [])
            if same:
                self.result.defect("duplicate-number", d.first_line,
                                   f"'{d.label}' is printed again (first at line {same[0].first_line})",
                                   f"kept both; this one is {d.id}, and the records after it "
                                   "numbered under it attach to it", record=d.id)
            same.append(d)
        return d

    # --- checks of the whole file

    def link_parents(self) -> None:
        """Printed numbers find their parent by number (module doc); others keep their anchor."""
        for d in self.drafts:
            if not d.printed:
                continue
            up = ancestors(d.number)
            found = next((n for n in up if n in self.printed), None)
            if found is not None:
                same = self.printed[found]
                d.parent = next((p for p in reversed(same) if p.first_line < d.first_line), same[0]).id
            if up and found != up[0]:
                where = f"attached it to {found}" if found else "kept it at the top level"
                self.result.defect("missing-parent", d.first_line,
                                   f"'{d.number}' has no record {up[0]} above it: "
                                   "that number is never printed",
                                   where, record=d.id)

    def check_gaps(self) -> None:
        """A sibling number missing before a printed one (``5.3`` then ``5.5``)."""
        for d in self.drafts:
            if not d.printed:
                continue
            *head, last = d.number.split(".")
            missing = []
            k = int(last) - 1
            while k >= 1 and ".".join([*head, str(k)]) not in self.printed:
                missing.insert(0, ".".join([*head, str(k)]))
                k -= 1
            if missing:
                self.result.defect("skipped-number", d.first_line,
                                   f"'{d.number}' is printed but {', '.join(missing)} never is",
                                   "kept the numbers as printed", record=d.id)

    def check_order(self) -> None:
        """Records outside a longest increasing run of numbers are out of order (a number printed
        again is left out: it is reported as a duplicate)."""
        printed = [same[0] for same in self.printed.values()]
        printed.sort(key=lambda d: d.first_line)
        kept = longest_increasing([number_key(d.number) for d in printed])
        for i, d in enumerate(printed):
            if i in kept:
                continue
            before = next((printed[j] for j in range(i - 1, -1, -1) if j in kept), None)
            after = next((printed[j] for j in range(i + 1, len(printed)) if j in kept), None)
            where = " and ".join(f"{x.number} (line {x.first_line})" for x in (before, after) if x)
            parent = self.by_id.get(d.parent) if d.parent else None
            self.result.defect("out-of-order", d.first_line,
                               f"'{d.label}' stands between {where}, out of numeric order",
                               "kept it where it stands; "
                               + (f"its parent {parent.number} is found by number" if parent
                                  else "it has no parent"), record=d.id)

    def check_headings(self) -> None:
        """Heading markers that disagree with the rank the number gives (module doc)."""
        ranks: dict[int, Counter[int]] = {}
        for d in self.drafts:
            if d.printed and d.kind in ("chapter", "section") and d.level:
                ranks.setdefault(min(d.depth, 3), Counter())[d.level] += 1
        usual = {rank: max(c.items(), key=lambda kv: (kv[1], -kv[0]))[0] for rank, c in ranks.items()}
        r = self.result
        for d in self.drafts:
            if not d.printed:
                continue
            first_paragraph = d.text.partition("\n")[0]
            shown = f"{d.label} {d.title or _quote(first_paragraph)}".rstrip()
            if d.kind not in ("chapter", "section"):
                if d.level:
                    r.defect("heading-markup", d.first_line,
                             f"'{'#' * d.level} {shown}' is marked as a heading but is a {d.kind}",
                             f"read it as {d.name()}, not a heading", record=d.id)
                continue
            if not d.level:
                r.defect("unmarked-heading", d.first_line,
                         f"{d.kind} '{shown}' is written as a {'list item' if d.bullet else 'plain line'}, "
                         "not a heading", f"read it as {d.name()} by its number", record=d.id)
                continue
            want = usual[min(d.depth, 3)]
            if d.level != want:
                r.defect("heading-markup", d.first_line,
                         f"'{'#' * d.level} {shown}' is a level-{d.level} heading; this file marks a "
                         f"{'sub' if d.depth > 2 else ''}{d.kind} at level {want} ('{'#' * want}')",
                         f"read it as {d.name()} by its number", record=d.id)
            if d.bullet:
                r.defect("list-marker", d.first_line, f"heading '{shown}' is preceded by a list marker '- '",
                         "skipped the marker", record=d.id)

    def check_indentation(self) -> None:
        """A list item indented deeper than the item above it though its number is not that
        item's child, or less deep though it is. Flat lists (every item at the same
        indentation, as most chapters have) are the file's style, not a defect."""
        at_line = {d.first_line: d for d in self.drafts if d.printed}
        above: _Line | None = None
        for line in self.lines:
            if line.no not in at_line:
                continue
            items = above is not None and line.bullet and above.bullet
            if items and not line.level and not above.level and line.indent != above.indent:
                d, up = at_line[line.no], at_line[above.no]
                child = d.number.startswith(up.number + ".")
                if child != (line.indent > above.indent):
                    shape = "deeper" if line.indent > above.indent else "less deep"
                    self.result.defect("indentation", line.no,
                                       f"'{d.label}' is indented {shape} than '{up.label}' above it, but "
                                       f"its number makes it {'a child' if child else 'no child'} of it",
                                       "ranked it by its number", record=d.id)
            above = line

    def check_toc(self) -> None:
        """Each table-of-contents entry should name a chapter with the same title, and back."""
        if not self.toc:
            return
        chapters = {d.number: d for d in self.drafts if d.kind == "chapter"}
        listed = set()
        for no, number, title in self.toc:
            listed.add(number)
            ch = chapters.get(number)
            if ch is None:
                self.result.defect("toc-mismatch", no, f"entry '{number} {title}' names no chapter",
                                   "ignored the entry")
            elif ch.title != title:
                self.result.defect("toc-mismatch", no,
                                   f"entry '{number} {title}' but chapter {number} is titled '{ch.title}' "
                                   f"(line {ch.first_line})", "kept the chapter's title", record=ch.id)
        for number, ch in chapters.items():
            if number not in listed:
                self.result.defect("toc-mismatch", ch.first_line,
                                   f"chapter '{number} {ch.title}' is missing from the table of contents",
                                   "kept the chapter", record=ch.id)

    def check_lines(self) -> None:
        """Line-level defects of the rules text: lost icons and runs of ASCII punctuation."""
        owner: dict[int, _Draft] = {}
        for d in self.drafts:
            for no in range(d.first_line, d.last_line + 1):
                owner.setdefault(no, d)
        run: list[tuple[_Line, set[str]]] = []
        for line in self.lines:
            if not line.content or line.no in self.toc_lines or line.no not in owner:
                continue
            body = line.rest if line.number is not None else line.content
            lost = ("starts with a colon" if body[:1] in ("：", ":")
                    else "has a gap" if LOST_SYMBOL.search(line.content) else None)
            if lost:
                d = owner[line.no]
                self.result.defect("missing-symbol", line.no,
                                   f"'{_quote(line.content, 40)}' {lost} where an icon was printed",
                                   f"kept the text of {d.name()} as it stands", record=d.id)
            ascii_found = {ch for m in ASCII_PUNCT_IN_CJK.finditer(line.content)
                           for ch in m.group(0) if ch in _ASCII_PUNCT}
            if ascii_found:
                run.append((line, ascii_found))
            elif any(ch in line.content for ch in _FULL_WIDTH_PUNCT):
                self.report_ascii_run(run, owner)
                run = []
        self.report_ascii_run(run, owner)

    def report_ascii_run(self, run: list[tuple[_Line, set[str]]], owner: dict[int, _Draft]) -> None:
        if not run:
            return
        first, last = run[0][0].no, run[-1][0].no
        chars = "".join(sorted(set().union(*(found for _, found in run))))
        d = owner[first]
        where = f"lines {first}–{last} write" if last > first else f"line {first} writes"
        self.result.defect("ascii-punctuation", first,
                           f"{where} ASCII '{chars}' among Chinese text where the rest of the file "
                           f"writes '{_FULL_WIDTH_PUNCT}'",
                           "kept the text as printed; references in ASCII parentheses are read too",
                           record=d.id)

    # --- output

    def clause(self, d: _Draft) -> Clause:
        return Clause(id=d.id, number=d.number, number_printed=d.printed, kind=d.kind, text=d.text,
                      parent=d.parent, title=d.title, label=d.label, refs=find_refs(d.text),
                      source=SourceSpan(self.edition.source, d.first_line, d.last_line, 0))


def parse(lines: list[str], edition: Edition) -> ImportResult:
    """Read a dot-numbered rulebook (module doc) into records, skipped text and defects."""
    return _Parser(lines, edition).parse()
