"""Importer for rulebooks numbered with hyphens: ``8-1-6-1`` (Battle Spirits, zh-Hant and ja).

The format
----------
A text export of the PDF, one paragraph per line with blank lines between paragraphs:

* front matter: the rulebook's title, ``Ver.1.0``, the date of the last update;
* a table of contents (``目錄`` / ``目次``) listing the chapters as ``- N title``;
* numbered lines ``N title`` (chapter, 章), ``N-N …`` and deeper, up to ``N-N-N-N-N``.
  A numbered line is a *heading* (record with a ``title`` and empty ``text``) when its text
  has no full stop (。) and either it is marked as a markdown heading, or the next line is
  numbered too (it introduces what follows), or it is short (at most 20 characters: a line
  the PDF broke mid-sentence is as long as the page is wide) and a blank line follows it
  (``5-1 遊戲``, whose body is an unnumbered paragraph). Otherwise it is a clause with
  ``text``. Kinds: depth 1 → ``chapter``; a heading deeper than 1 → ``section`` (so
  ``8-1-1 宣告攻擊`` and ``12-2-1-1 《真界放》`` are sections, their numbered children clauses);
  any other numbered line → ``clause`` (``3-1`` and ``8-1`` are clauses: they carry a rule).
* markdown markers (``#``…``####``, list ``-``) may precede any line; they are skipped and
  the rank always comes from the number, never from the marker.

Records and synthesized numbers
-------------------------------
* The title page is one ``note`` record numbered ``title`` (its first line is the title, the
  others its text, one ``\\n`` between paragraphs); parent None, outside any chapter.
* An example paragraph (``範例：``, ``例：``, ``例 1：`` …) is an ``example`` record under the
  last numbered record, numbered ``<that number>.ex<k>`` with k = 1, 2 … counted per number in
  source order. Printed numbers are digits and hyphens only, so ``title`` and ``….exk``
  never collide with them, and the same file always yields the same numbers.

Repairs (each reported as a :class:`~tcgrules.kb.model.Defect`)
------------------------------------------------------------
``toc-line`` the table of contents is skipped (``toc-mismatch`` when an entry's title is not
the chapter's); ``continued-after-blank`` a line the PDF broke, continued after a blank line,
is joined; ``unnumbered-paragraph`` a paragraph with no number is kept in the text of the
record before it, after ``\\n`` (or as the text of a heading that has none); ``merged-clauses``
a second number after a full stop on the same line starts its own record (``first_col``);
``glued-label`` / ``label-colon`` / ``empty-item`` a number glued to its text, followed by
``：``, or with nothing after it; ``duplicate-number`` a number printed twice keeps its number
(id ``~2``) but takes the place the sequence suggests, so its children find it as parent;
``skipped-number`` / ``out-of-order`` / ``missing-parent`` gaps and disorder in the numbering;
``heading-markup`` / ``unmarked-heading`` / ``list-marker`` markdown markers that disagree with
the numbering; ``example`` each example record.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ..kb.model import Clause, Edition, Ref, SourceSpan
from .base import MARKDOWN_PREFIX, IdMinter, ImportResult, SourceError, ascii_number, join_text

_DIGIT = "[0-9０-９]"
_NUM = rf"{_DIGIT}+(?:[-－]{_DIGIT}+)*"
NUMBERED = re.compile(rf"^(?P<number>{_NUM})(?P<rest>.*)$")
"""A line that starts with a clause number; ``rest`` tells how the label ends."""

EXAMPLE = re.compile(r"^(?P<label>(?:範例|范例|例)\s*[0-9０-９]*\s*[：:])\s*(?P<text>.*)$")
"""An example paragraph: ``範例：``, ``例：``, ``例 1：``."""

TOC_HEADING = re.compile(r"^(?:目錄|目录|目次|Contents)$", re.IGNORECASE)
TOC_ENTRY = re.compile(rf"^(?P<number>{_DIGIT}+)\s+(?P<title>\S.*)$")

MERGED = re.compile(rf"(?<=[。．！？])[ \t　]*(?P<number>{_DIGIT}+(?:[-－]{_DIGIT}+)+)(?=[\s：:]|[^\d\-－])")
"""A second clause number right after a full stop, on the line of the clause before it."""

FULL_STOPS = "。．！？!?"
CLOSERS = "」』）)】〕］]"
OPENERS = {"）": "（", ")": "(", "】": "【", "〕": "〔", "］": "［", "]": "[", "」": "「", "』": "『"}
SHORT_HEADING = 20  # a PDF-broken clause line runs to the page width, far longer than this
LONG_HEADING = 50  # longer than any title: such a line is a clause even when a number follows

_KEYWORD = r"(?:參照|参照|參閱|参阅|參見|参见|を参照)"
_RANGE = r"\s*[～〜~—–]\s*"
PAREN_REF = re.compile(
    rf"[（(]\s*(?:(?P<kw1>{_KEYWORD})\s*)?(?P<number>{_NUM})(?:{_RANGE}(?P<end>{_NUM}))?"
    rf"(?:\s*(?!{_KEYWORD})(?P<title>[^（()）\d\s][^（()）]*?))?\s*(?P<kw2>{_KEYWORD})?\s*[）)]")
"""``（參照 2-13）``, ``(2 カードの情報参照)``, ``(參照 12-1 關鍵字)``, ``(8-1-5)``."""
BARE_REF = re.compile(
    rf"(?:(?P<kw1>{_KEYWORD})\s*)?(?<![\d\-－０-９])(?P<number>{_DIGIT}+(?:[-－]{_DIGIT}+)+)"
    rf"(?:{_RANGE}(?P<end>{_NUM}))?(?![\d\-－０-９])(?:\s*(?P<kw2>{_KEYWORD}))?")
"""A hyphenated number in running text (``滿足 6-1 中指定的``), with 參照 beside it if any."""


@dataclass
class _Piece:
    """One paragraph start or continuation: a whole line, or the part of a line after a
    merged clause number."""

    line: int
    col: int  # 0-based column of the first character after the markup
    content: str
    level: int = 0  # markdown heading level (number of #), 0 when none
    bullet: bool = False  # a list marker preceded the content
    after_blank: bool = False
    merged_after: str | None = None  # the text before the number on a merged line


@dataclass
class _Label:
    """How a numbered piece begins: number, label as printed, text after it."""

    number: str
    label: str
    text: str
    glue: str  # "space", "colon", "glued" or "empty"


@dataclass
class _Draft:
    """A record under construction."""

    number: str
    kind: str
    first_line: int
    first_col: int
    label: str | None = None
    title: str | None = None
    text: str = ""
    printed: bool = True
    parent: str | None = None
    id: str = ""
    last_line: int = 0
    position: tuple[int, ...] = ()  # where the numbering puts it (differs for a duplicate)
    level: int = 0  # markdown heading level of its line


# ---------------------------------------------------------------- small readers


def parts(number: str) -> tuple[int, ...]:
    """``8-1-6-1`` → ``(8, 1, 6, 1)``."""
    return tuple(int(p) for p in ascii_number(number).split("-"))


def dashed(position: tuple[int, ...]) -> str:
    return "-".join(str(p) for p in position)


def read_label(content: str) -> _Label | None:
    """The number at the start of a line and what follows it, or None for a text line.

    A single number (``3``) counts only when a title follows it after a space: a chapter
    heading, not a continuation line that happens to begin with a count (``2 張…``).
    """
    m = NUMBERED.match(content)
    if not m:
        return None
    printed, rest = m["number"], m["rest"]
    number = ascii_number(printed)
    if "-" not in number:
        text = rest.strip()
        if not rest[:1].isspace() or not text or _has_full_stop(text):
            return None
        return _Label(number, printed, text, "space")
    if not rest.strip():
        return _Label(number, printed, "", "empty")
    if rest[0].isspace():
        return _Label(number, printed, rest.strip(), "space")
    if rest[0] in "：:":
        return _Label(number, printed + rest[0], rest[1:].strip(), "colon")
    return _Label(number, printed, rest.strip(), "glued")


def _has_full_stop(text: str) -> bool:
    return any(ch in "。．！？" for ch in text)


def ends_sentence(text: str) -> bool:
    """Does ``text`` end a sentence? A trailing bracket counts when a full stop precedes it:
    ``…は後述)`` after ``。`` ends, ``「結束階段」`` mid-sentence does not."""
    t = text.rstrip()
    while t and t[-1] in CLOSERS:
        opener = OPENERS.get(t[-1])
        start = t.rfind(opener) if opener else -1
        if start < 0 or t[-1] in "」』":
            t = t[:-1]  # a quotation ends the sentence only if what it closes does
            continue
        t = t[:start].rstrip()
    return bool(t) and t[-1] in FULL_STOPS


def is_heading(text: str, marked: bool, following: str) -> bool:
    """A numbered line is a heading when its text is a title, not a sentence (module doc).

    ``following`` is what comes next: ``numbered`` (a numbered line), ``paragraph`` (text
    after a blank line, or the end), or ``continuation`` (text on the very next line: a
    line break inside a paragraph, so not a heading unless marked as one).
    """
    if not text or _has_full_stop(text):
        return False
    if marked:
        return True
    if following == "numbered":
        return len(text) <= LONG_HEADING
    return following == "paragraph" and len(text) <= SHORT_HEADING


def successors(position: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The numbers that may follow ``position``: its first child or the next sibling of it
    or of one of its ancestors."""
    out = [position + (1,)]
    for k in range(len(position), 0, -1):
        out.append(position[:k - 1] + (position[k - 1] + 1,))
    return out


def suggested(previous: tuple[int, ...], depth: int) -> tuple[int, ...]:
    """Where a number of ``depth`` parts that follows ``previous`` belongs."""
    if depth > len(previous):
        return previous + (1,) * (depth - len(previous))
    return previous[:depth - 1] + (previous[depth - 1] + 1,)


def _quote(text: str, n: int = 24) -> str:
    return text if len(text) <= n else text[:n] + "…"


# ---------------------------------------------------------------- references


def find_refs(text: str) -> list[Ref]:
    """Every explicit cross-reference in ``text``, in order (spans never overlap).

    A parenthesised reference needs a hyphenated number or a 參照 / 参照 / 參閱 beside it
    (``(2)`` alone is a count); a hyphenated number in running text is always a reference.
    """
    refs: list[Ref] = []
    taken: list[tuple[int, int]] = []
    for m in PAREN_REF.finditer(text):
        if not (m["kw1"] or m["kw2"] or "-" in ascii_number(m["number"])):
            continue
        refs.append(_ref(m, (m["title"] or "").strip() or None))
        taken.append(m.span())
    for m in BARE_REF.finditer(text):
        if any(a <= m.start("number") < b for a, b in taken):
            continue
        refs.append(_ref(m, None))
    return sorted(refs, key=lambda r: r.start)


def _ref(m: re.Match, title: str | None) -> Ref:
    end = m["end"]
    return Ref(span=m.group(0), start=m.start(), end=m.end(), number=ascii_number(m["number"]),
               number_end=ascii_number(end) if end else None, title=title)


# ---------------------------------------------------------------- the parser


class _Parser:
    """One pass over a source: pieces first, then records, then checks of the whole."""

    def __init__(self, lines: list[str], edition: Edition):
        self.lines = lines
        self.edition = edition
        self.result = ImportResult(edition)
        self.minter = IdMinter(edition)
        self.drafts: list[_Draft] = []
        self.toc: dict[str, tuple[int, str]] = {}  # chapter number → (line, title)
        self.by_position: dict[tuple[int, ...], _Draft] = {}
        self.printed: dict[str, _Draft] = {}
        self.last_child: dict[tuple[int, ...], int] = {}
        self.missing: dict[tuple[int, ...], _Draft] = {}  # a skipped number → the one after
        self.numbered: _Draft | None = None  # the last numbered record
        self.examples: Counter[str] = Counter()

    # --- pieces

    def pieces(self) -> list[_Piece]:
        """Non-blank lines with their markup skipped and merged clauses split apart."""
        out: list[_Piece] = []
        blank = False
        previous: tuple[int, ...] | None = None
        toc_lines = self.find_toc()
        for no, raw in enumerate(self.lines, start=1):
            if not raw.strip():
                blank = True
                continue
            if no in toc_lines:
                self.result.skip(no, raw.strip(), "table of contents")
                blank = False
                continue
            prefix = MARKDOWN_PREFIX.match(raw).group(1)
            marker = prefix.strip()
            self.result.skip(no, marker, "markdown marker")
            level = len(marker) - len(marker.lstrip("#")) if marker.startswith("#") else 0
            piece = _Piece(no, len(prefix), raw[len(prefix):].rstrip(), level,
                           bool(marker) and marker[-1] in "-*+", blank)
            blank = False
            label = read_label(piece.content)
            split, previous = self.split_merged(piece, parts(label.number) if label else previous)
            out.extend(split)
        return out

    def find_toc(self) -> set[int]:
        """The lines of the table of contents: its heading and the ``N title`` entries under
        it, up to the first line that is none (the first chapter repeats entry 1)."""
        lines: set[int] = set()
        start = None
        for no, raw in enumerate(self.lines, start=1):
            content = raw[len(MARKDOWN_PREFIX.match(raw).group(1)):].strip()
            if start is None:
                if TOC_HEADING.match(content):
                    start = no
                    lines.add(no)
                elif read_label(content) is not None:
                    break  # numbered text before any table of contents: there is none
                continue
            if not content:
                continue
            m = TOC_ENTRY.match(content)
            if not m or ascii_number(m["number"]) in self.toc:
                break
            self.toc[ascii_number(m["number"])] = (no, m["title"].strip())
            lines.add(no)
        if start is not None:
            last = max(lines)
            self.result.defect(
                "toc-line", start, f"table of contents '{_quote(self.lines[start - 1].strip())}' "
                f"(lines {start}–{last}, {len(self.toc)} entries) repeats the chapter headings",
                "skipped its lines; entries are compared with the chapter headings")
        return lines

    def split_merged(self, piece: _Piece, current: tuple[int, ...] | None
                     ) -> tuple[list[_Piece], tuple[int, ...] | None]:
        """Split a line where a number that can follow the current one starts after a full
        stop (``…玩家。5-3-3 所謂…``); returns the pieces and the last number on the line."""
        out = [piece]
        while current is not None:
            last = out[-1]
            m = next((m for m in MERGED.finditer(last.content)
                      if parts(m["number"]) in successors(current)), None)
            if m is None:
                break
            start = m.start("number")
            out[-1] = _Piece(last.line, last.col, last.content[:start].rstrip(), last.level,
                             last.bullet, last.after_blank, last.merged_after)
            out.append(_Piece(last.line, last.col + start, last.content[start:], 0, False, False,
                              last.content[:start].rstrip()))
            current = parts(m["number"])
        return out, current

    # --- records

    def run(self) -> ImportResult:
        pieces = self.pieces()
        body = next((i for i, p in enumerate(pieces) if read_label(p.content)), None)
        if body is None:
            raise SourceError(f"{self.edition.source}: no numbered line (expected 1, 1-1, …)")
        self.front_matter(pieces[:body])
        for i in range(body, len(pieces)):
            following = pieces[i + 1] if i + 1 < len(pieces) else None
            self.take(pieces[i], following)
        self.check_sequence_gaps()
        self.check_markup()
        self.check_toc()
        return self.finish()

    def front_matter(self, pieces: list[_Piece]) -> None:
        """The title page: its first line is the title, the rest its text."""
        if not pieces:
            return
        first = pieces[0]
        d = _Draft("title", "note", first.line, 0, title=first.content.strip(), printed=False,
                   last_line=first.line)
        for p in pieces[1:]:
            paragraph = p.after_blank and d.text
            d.text = d.text + "\n" + p.content.strip() if paragraph else join_text(d.text, p.content)
            d.last_line = p.line
        self.add(d)

    def take(self, piece: _Piece, following: _Piece | None) -> None:
        label = read_label(piece.content)
        if label is not None:
            self.numbered_record(piece, label, _following(following))
            return
        m = EXAMPLE.match(piece.content)
        if m and self.numbered is not None:
            self.example(piece, m["label"], m["text"])
            return
        self.text_line(piece)

    def numbered_record(self, piece: _Piece, label: _Label, following: str) -> None:
        position = parts(label.number)
        heading = is_heading(label.text, piece.level > 0, following)
        kind = "chapter" if len(position) == 1 else "section" if heading else "clause"
        d = _Draft(label.number, kind, piece.line, piece.col if piece.merged_after else 0,
                   label=label.label, last_line=piece.line, level=piece.level)
        if heading or kind == "chapter":
            d.title = label.text
        else:
            d.text = label.text
        duplicate = self.printed.get(label.number)
        if duplicate is not None and self.numbered is not None:
            position = suggested(self.numbered.position, len(position))
        d.position = position
        self.add(d)
        d.parent = self.parent_of(d, piece.line)
        self.printed.setdefault(label.number, d)
        self.by_position[position] = d
        previous, self.numbered = self.numbered, d
        self.report_label(piece, label, d, duplicate)
        self.check_sequence(d, previous, piece.line)

    def parent_of(self, d: _Draft, line: int) -> str | None:
        """The enclosing record by the numbering: the nearest existing prefix."""
        if len(d.position) == 1:
            return None
        for k in range(len(d.position) - 1, 0, -1):
            parent = self.by_position.get(d.position[:k])
            if parent is not None:
                if k < len(d.position) - 1:
                    self.result.defect(
                        "missing-parent", line,
                        f"'{d.number}' has no record {dashed(d.position[:-1])} above it",
                        f"attached it to {parent.number}", record=d.id)
                return parent.id
        self.result.defect("missing-parent", line, f"'{d.number}' has no enclosing record",
                           "kept it at the top level", record=d.id)
        return None

    def report_label(self, piece: _Piece, label: _Label, d: _Draft, duplicate: _Draft | None) -> None:
        r = self.result
        if piece.merged_after is not None:
            r.defect("merged-clauses", piece.line,
                     f"'{_quote(label.label + ' ' + (d.title or d.text))}' starts mid-line after "
                     f"'…{piece.merged_after[-16:]}'",
                     f"split it off as its own record (column {piece.col})", record=d.id)
        if label.glue == "glued":
            r.defect("glued-label", piece.line,
                     f"no space between the number and the text: '{_quote(label.label + label.text, 16)}'",
                     f"read number {label.number}, text from '{label.text[:2]}'", record=d.id)
        elif label.glue == "colon":
            r.defect("label-colon", piece.line, f"'{label.label}' has a colon after the number",
                     "kept the colon in the label", record=d.id)
        elif label.glue == "empty":
            r.defect("empty-item", piece.line, f"'{label.label}' has no text after its number",
                     "kept an empty record", record=d.id)
        if piece.bullet:
            r.defect("list-marker", piece.line,
                     f"'{_quote(label.label + ' ' + label.text, 16)}' is written as a list item ('- ')",
                     "skipped the marker; ranked by the number", record=d.id)
        if duplicate is not None:
            r.defect("duplicate-number", piece.line,
                     f"'{label.number}' is printed again (first at line {duplicate.first_line}); "
                     f"its position suggests {dashed(d.position)}",
                     f"kept both: this one is {d.id} under {d.parent}, and numbers below "
                     f"{dashed(d.position)} attach to it", record=d.id)

    def check_sequence(self, d: _Draft, previous: _Draft | None, line: int) -> None:
        """Numbers rise in source order, each sibling one above the last: a gap is
        remembered (reported at the end unless the missing number turns up later, out of
        order), a number below the one before it is out of order."""
        position = d.position
        up, last = position[:-1], position[-1]
        expected = self.last_child.get(up, 0) + 1
        for k in range(expected, last):
            self.missing[up + (k,)] = d
        self.last_child[up] = max(last, self.last_child.get(up, 0))
        if position in self.missing:
            after = self.missing.pop(position)
            self.result.defect(
                "out-of-order", line, f"'{d.number}' comes after '{after.number}' "
                f"(line {after.first_line})",
                "kept it where it stands; parents follow the numbering", record=d.id)
        elif previous is not None and position < previous.position:
            self.result.defect("out-of-order", line, f"'{d.number}' follows '{previous.number}' "
                               f"(line {previous.first_line})",
                               "kept it where it stands; parents follow the numbering", record=d.id)

    def check_sequence_gaps(self) -> None:
        for position, after in self.missing.items():
            self.result.defect("skipped-number", after.first_line,
                               f"{dashed(position)} is missing before '{after.number}'",
                               "kept the numbers as printed", record=after.id)

    def example(self, piece: _Piece, label: str, text: str) -> None:
        owner = self.numbered
        self.examples[owner.number] += 1
        number = f"{owner.number}.ex{self.examples[owner.number]}"
        d = _Draft(number, "example", piece.line, 0, label=label, text=text.strip(),
                   printed=False, parent=owner.id, last_line=piece.line)
        self.add(d)
        self.result.defect("example", piece.line, f"unnumbered example '{_quote(label + text)}'",
                           f"kept as example {number} under {owner.number}", record=d.id)

    def text_line(self, piece: _Piece) -> None:
        """A line with no number: a PDF line break, a break across a blank line, or a
        paragraph of its own kept with the record before it."""
        d = self.drafts[-1]
        content = piece.content.strip()
        if not piece.after_blank:
            d.text = join_text(d.text, content)
        elif d.title is not None and not d.text:
            d.text = content
            self.result.defect("unnumbered-paragraph", piece.line,
                               f"paragraph without number '{_quote(content)}' under heading {d.number}",
                               f"kept as the text of {d.number}", record=d.id)
        elif not ends_sentence(d.text):
            self.result.defect("continued-after-blank", piece.line,
                               f"'…{d.text[-8:]}' (line {d.last_line}) continues after a blank line: "
                               f"'{_quote(content, 12)}'",
                               f"joined line {piece.line} to {d.number}", record=d.id)
            d.text = join_text(d.text, content)
        else:
            d.text = d.text + "\n" + content
            self.result.defect("unnumbered-paragraph", piece.line,
                               f"paragraph without number '{_quote(content)}' after {d.number}",
                               f"kept in the text of {d.number} after a line break", record=d.id)
        d.last_line = piece.line

    def add(self, d: _Draft) -> None:
        d.id = self.minter.mint(d.number)
        self.drafts.append(d)

    # --- checks of the whole

    def check_markup(self) -> None:
        """Markdown levels against the numbering: chapters at the file's usual chapter level,
        sections (N-N) at the usual section level, deeper headings below that; a plain
        heading in a file that marks its headings is reported too."""
        heads = [d for d in self.drafts if d.number != "title" and d.printed]
        marked = [d for d in heads if d.level]
        if not marked:
            return
        chapter = _mode(d.level for d in marked if d.kind == "chapter")
        section = _mode(d.level for d in marked if len(d.position) == 2 and d.title is not None
                        and (chapter is None or d.level > chapter))
        for d in heads:
            depth = len(d.position)
            if d.level == 0:
                if d.title is not None and chapter is not None:
                    self.result.defect("unmarked-heading", d.first_line,
                                       f"heading '{d.label} {d.title}' has no markdown marker",
                                       "recognised it as a heading by its shape", record=d.id)
                continue
            want = ("at level " + "#" * chapter if depth == 1 and chapter
                    else "at level " + "#" * section if depth == 2 and section
                    else "below level " + "#" * section if section else None)
            ok = (d.title is not None and want is not None and (
                  d.level == chapter if depth == 1 else d.level == section if depth == 2
                  else d.level > section))
            if not ok and want is not None:
                self.result.defect("heading-markup", d.first_line,
                                   f"'{'#' * d.level} {d.label} {d.title or _quote(d.text)}' is marked "
                                   f"as a level-{d.level} heading; a {d.kind} numbered {d.number} "
                                   f"belongs {want}",
                                   "ranked it by its number", record=d.id)

    def check_toc(self) -> None:
        for number, (line, title) in self.toc.items():
            chapter = self.printed.get(number)
            if chapter is None:
                self.result.defect("toc-mismatch", line, f"table of contents lists '{number} {title}' "
                                   "but no such chapter follows", "skipped the entry")
            elif chapter.title != title:
                self.result.defect("toc-mismatch", line,
                                   f"table of contents lists '{number} {title}' but chapter {number} "
                                   f"is headed '{chapter.title}' (line {chapter.first_line})",
                                   "kept the chapter heading's title", record=chapter.id)

    def finish(self) -> ImportResult:
        for d in self.drafts:
            self.result.clauses.append(Clause(
                id=d.id, number=d.number, number_printed=d.printed, kind=d.kind, text=d.text,
                parent=d.parent, title=d.title, label=d.label, refs=find_refs(d.text),
                source=SourceSpan(self.edition.source, d.first_line, d.last_line, d.first_col)))
        self.result.defects.sort(key=lambda x: x.line)
        return self.result


def _following(piece: _Piece | None) -> str:
    """What follows a numbered line, for :func:`is_heading`."""
    if piece is not None and read_label(piece.content) is not None:
        return "numbered"
    return "continuation" if piece is not None and not piece.after_blank else "paragraph"


def _mode(levels) -> int | None:
    counts = Counter(levels)
    return max(counts, key=lambda k: (counts[k], -k)) if counts else None


def parse(lines: list[str], edition: Edition) -> ImportResult:
    """Records, defects and skipped runs of a hyphen-numbered rulebook (module doc)."""
    return _Parser(lines, edition).run()
