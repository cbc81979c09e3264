"""Importer for the outline format: 星靈王 遊戲規則 (``xinglingwang.zh-Hant.txt``).

The format
----------
The rulebook prints no clause numbers. It is an outline with one paragraph per line:

* ``一、開始遊戲前準備流程~``: a chapter, a CJK numeral, ``、`` and a title;
* ``1類 攻擊模式類型``: a category of keywords (only under ``十五、效果說明``);
* ``貫穿~``: a keyword block, a title with no marker, blocks separated by ``–`` lines;
* ``1、宣告種族~``: an item that is a heading (its body follows as paragraphs), or
  ``1、發動效果須符合…``: an item with its text on the same line;
* ``(1)必須使用…``: a sub-item of the item above; ``(1)戰鬥結算前~雙方…`` one with a title;
* ``※調度:…``: a note; ``例如:…``: an example; any other line is a plain paragraph.

The ``~`` after a heading is the outline's heading mark. It is printed as part of the
heading, so it stays at the end of ``title`` (``title="宣告種族~"``): strip it to get the
bare name. A title is the run before the first ``~`` when that run holds no sentence
punctuation and the ``~`` is not followed by a digit or ``(`` (so ``(2)~(7)`` is a range,
not a title).

Records and parents
-------------------
Chapters (kind ``chapter``) contain categories, keyword blocks and items; categories contain
blocks; blocks contain items; items contain sub-items. Categories, blocks and heading items
(title, no text) are ``section`` records with empty text; items with text, sub-items and
paragraphs are ``clause`` records, ``※`` lines ``note`` and ``例如:`` lines ``example``.
Sub-items are leaves: a note, example or paragraph after a list belongs to the item that
holds the list (``※…上述流程(2)~(7)`` comments on the whole procedure, not on its last step).
Lines before the first chapter would be front matter: ``note`` records with parent None.

Synthesized numbers
-------------------
Every number is synthesized (``number_printed=False``) from the printed numerals and the
position, relative to the parent's number:

* chapter ``一、``: the numeral's value: ``1``, ``15``;
* category ``N類``: parent + ``.cN``: ``15.c1``;
* keyword block: parent + ``.kK`` for the K-th block under the parent: ``15.c1.k1``;
* item ``N、``: parent + ``.N``: ``1.2``; sub-item ``(N)``: item + ``.(N)``: ``1.2.(1)``;
* note ``※``, example, plain paragraph: parent + ``.nK``, ``.exK``, ``.pK`` for the K-th
  of that kind under the parent: ``1.5.n1``, ``15.c5.k6.2.ex1``, ``1.2.p1``;
* front matter (before the first chapter) has parent number ``0``: ``0.p1``. No chapter
  is numbered 0, so nothing there collides with a chapter's records.

K counts the records of that kind under the same parent in source order, so the numbers
are the same on every import of the same file. The letters and parentheses keep the kinds
apart (``1.2`` is an item, ``1.2.(1)`` a sub-item, ``1.2.p1`` a paragraph), and "parent"
means the parent's id without the edition prefix: the children of a printed duplicate
``5、`` (id ``…/15.c5.k5.5~2``) are numbered ``15.c5.k5.5~2.p1``, never colliding with those
of the first ``5、``.

Defects reported
----------------
``duplicate-number``, ``skipped-number``, ``out-of-order``, ``restart`` (numerals of
chapters, categories, items and sub-items under one parent must run 1, 2, 3 …);
``broken-line`` and ``continued-after-blank`` (a line continuing a sentence that the line
above left open with ``,`` / ``、`` or no punctuation: joined to that record);
``empty-item`` (a label with no title and no text, or a heading with nothing under it);
``missing-list`` (text ending in ``:`` that announces a list which never comes);
``missing-separator`` and ``stray-separator`` (keyword blocks not separated by ``–``, or a
``–`` line followed by no block); ``mixed-width`` (a marker whose digits or punctuation are
full-width where the file's others are ASCII, or the reverse). Plain paragraphs are the
format's ordinary body and are not defects.

References
----------
``見上方第十一段`` (chapter 11, ``段`` or ``章``, with or without 詳見/參照/見 and 上方/下方)
and ``上述流程(2)~(7)`` (sub-items (2) to (7) of the item the text belongs to: numbers
``11.6.(2)`` and ``11.6.(7)``). The file quotes terms in 「…」 but names no section by title.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace

from ..kb.model import Clause, Edition, Ref, SourceSpan
from .base import IdMinter, ImportResult, ascii_number, cjk_numeral, join_text

_NUM = "[0-9０-９]+"
_CJK_NUM = "[一二三四五六七八九十]+"

# Line markers, tried in this order on the stripped line.
_MARKERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("separator", re.compile(r"()([-–—]+)")),
    ("chapter", re.compile(rf"({_CJK_NUM}、)(.*)")),
    ("category", re.compile(rf"({_NUM}類)\s*(.*)")),
    ("item", re.compile(rf"({_NUM}、)(.*)")),
    ("sub-item", re.compile(rf"([(（]{_NUM}[)）])(.*)")),
    ("note", re.compile(r"(※)(.*)")),
    ("example", re.compile(rf"((?:例如|範例|例)\s*(?:{_NUM})?\s*[:：])(.*)")),
    ("block", re.compile(r"()([^\s,，。:：;；「」()（）~～]+[~～])")),
)

# A heading title: a run free of sentence punctuation ending in the heading mark ``~``.
_TITLE = re.compile(r"[^,，。:：;；「」()（）~～]+?[~～](?![0-9０-９(（])")

# The level of each kind of line in the outline, outermost first.
_LEVELS = ("chapter", "category", "block", "item")

# A line ending in one of these (or in a letter) leaves its sentence open.
_OPEN_ENDINGS = ",，、"

_CHAPTER_REF = re.compile(rf"(?:詳見|參見|參照|請見|見)?(?:上方|下方|前述|後述)?第({_CJK_NUM})[段章]")
_SUB_ITEM_REF = re.compile(
    rf"上述(?:流程|步驟)?[(（]({_NUM})[)）](?:[~～至到–—-][(（]({_NUM})[)）])?")

_FULL_WIDTH_MARKS = set("０１２３４５６７８９（）：～")
_ASCII_MARKS = set("0123456789():~")


@dataclass(frozen=True, slots=True)
class _Line:
    """One non-blank source line, classified by its marker."""

    no: int
    level: str  # separator, chapter, category, item, sub-item, note, example, block, paragraph
    label: str | None
    body: str  # what follows the label

    @property
    def text(self) -> str:
        """The stripped line as printed."""
        return (self.label or "") + self.body

    @property
    def numeral(self) -> int:
        """The value of a numbered label: ``十五、`` → 15, ``(３)`` → 3, ``2類`` → 2."""
        assert self.label is not None
        if self.level == "chapter":
            return cjk_numeral(self.label.rstrip("、"))
        return int(ascii_number(re.sub(r"[^0-9０-９]", "", self.label)))


def local_id(record_id: str, prefix: str) -> str:
    """A record id without its edition prefix: ``…/r1/15.c5.k5.5~2`` → ``15.c5.k5.5~2``."""
    return record_id[len(prefix) + 1:]


def classify(no: int, raw: str) -> _Line | None:
    """The marker of one source line (None for a blank line)."""
    line = raw.strip()
    if not line:
        return None
    for level, pattern in _MARKERS:
        m = pattern.fullmatch(line)
        if m:
            return _Line(no, level, m[1] or None, m[2])
    return _Line(no, "paragraph", None, line)


def split_title(body: str) -> tuple[str | None, str]:
    """``戰鬥結算前~雙方…`` → (``戰鬥結算前~``, ``雙方…``); a body with no title → (None, body)."""
    m = _TITLE.match(body)
    if not m:
        return None, body
    return m[0], body[m.end():]


class _Outline:
    """Builds the records of one outline source, line by line."""

    def __init__(self, edition: Edition):
        self.edition = edition
        self.result = ImportResult(edition)
        self.minter = IdMinter(edition)
        self.open: dict[str, Clause] = {}  # the innermost open record of each level
        self.levels: dict[str, str] = {}  # record id → the level of its line
        self.ordinals: Counter[tuple[str | None, str]] = Counter()
        self.numerals: dict[tuple[str | None, str], tuple[int, int]] = {}  # → (numeral, line)
        self.last: Clause | None = None  # the record the previous line belongs to
        self.blank_before = False  # a blank line since the previous non-blank one
        self.previous: _Line | None = None
        self.separator: _Line | None = None  # a ``–`` line not yet followed by a block
        self.handlers = {"chapter": self._chapter, "category": self._category, "block": self._block,
                         "item": self._item, "sub-item": self._sub_item, "note": self._note,
                         "example": self._example, "paragraph": self._paragraph}

    # ------------------------------------------------------------------ lines

    def feed(self, line: _Line | None) -> None:
        """Take the next source line (None for a blank one)."""
        if line is None:
            self.blank_before = True
            return
        if self.separator and line.level != "block":
            self._stray_separator(self.separator, repr(line.text[:20]))
        if line.level == "separator":
            self.result.skip(line.no, line.body, "separator between keyword blocks")
            self.separator = line
            self.last = None
        elif line.level == "paragraph" and self._continues(line):
            self._join(line)
        else:
            self.handlers[line.level](line)
            self.separator = None
        self.previous = line
        self.blank_before = False

    def finish(self) -> None:
        """Report what the end of the file leaves open."""
        if self.separator:
            self._stray_separator(self.separator, "the end of the file")

    def _stray_separator(self, sep: _Line, what: str) -> None:
        before = self.result.clauses[-1].id if self.result.clauses else None
        self.result.defect("stray-separator", sep.no,
                           f"separator {sep.body!r} is followed by {what}, not by a keyword block",
                           "skipped the separator", record=before)
        self.separator = None

    def _chapter(self, line: _Line) -> None:
        title, text = split_title(line.body)
        if title is None:  # a chapter heading without the ``~`` mark is all title
            title, text = line.body or None, ""
        self._numbered(line, "chapter", None, str(line.numeral), title, text)

    def _category(self, line: _Line) -> None:
        parent = self._container("chapter")
        number = self._child_number(parent, f"c{line.numeral}")
        self._numbered(line, "section", parent, number, line.body or None, "")

    def _block(self, line: _Line) -> None:
        follows = self.previous
        rec = self._attached(line, "section", self._container("chapter", "category"), "k", line.body, "")
        if follows and follows.level not in ("separator", "category", "chapter"):
            self.result.defect("missing-separator", line.no,
                               f"keyword block {line.body!r} follows {follows.text[:20]!r} with no '–' line between",
                               "started a new keyword block", record=rec.id)

    def _item(self, line: _Line) -> None:
        parent = self._container("chapter", "category", "block")
        title, text = split_title(line.body)
        kind = "section" if title and not text else "clause"
        self._numbered(line, kind, parent, self._child_number(parent, str(line.numeral)), title, text)

    def _sub_item(self, line: _Line) -> None:
        parent = self._container(*_LEVELS)
        title, text = split_title(line.body)
        self._numbered(line, "clause", parent, self._child_number(parent, f"({line.numeral})"), title, text)

    def _note(self, line: _Line) -> None:
        self._attached(line, "note", self._container(*_LEVELS), "n", None, line.body)

    def _example(self, line: _Line) -> None:
        self._attached(line, "example", self._container(*_LEVELS), "ex", None, line.body)

    def _paragraph(self, line: _Line) -> None:
        parent = self._container(*_LEVELS)
        self._attached(line, "clause" if parent else "note", parent, "p", None, line.body)

    # ------------------------------------------------------------------ records

    def _container(self, *levels: str) -> Clause | None:
        """The innermost open record among ``levels`` (None outside any chapter)."""
        for level in reversed(_LEVELS):
            if level in levels and level in self.open:
                return self.open[level]
        return None

    def _child_number(self, parent: Clause | None, tail: str) -> str:
        """``tail`` under ``parent``'s id (so the children of a ``~2`` duplicate stay distinct)."""
        base = local_id(parent.id, self.minter.prefix) if parent else "0"  # 0: front matter
        return f"{base}.{tail}"

    def _attached(self, line: _Line, kind: str, parent: Clause | None, letter: str,
                  title: str | None, text: str) -> Clause:
        """A record with no numeral of its own: the K-th of its letter under its parent."""
        key = (parent.id if parent else None, letter)
        self.ordinals[key] += 1
        number = self._child_number(parent, f"{letter}{self.ordinals[key]}")
        return self._emit(line, kind, parent, number, title, text)

    def _numbered(self, line: _Line, kind: str, parent: Clause | None, number: str,
                  title: str | None, text: str) -> Clause:
        rec = self._emit(line, kind, parent, number, title, text)
        self._check_sequence(line, rec)
        return rec

    def _emit(self, line: _Line, kind: str, parent: Clause | None, number: str,
              title: str | None, text: str) -> Clause:
        rec = Clause(id=self.minter.mint(number), number=number, number_printed=False, kind=kind,
                     text=text, parent=parent.id if parent else None, label=line.label, title=title,
                     source=SourceSpan(self.edition.source, line.no, line.no))
        self.result.clauses.append(rec)
        self.levels[rec.id] = line.level
        if line.level in _LEVELS:  # opening a level closes every level inside it
            depth = _LEVELS.index(line.level)
            for inner in _LEVELS[depth:]:
                self.open.pop(inner, None)
            self.open[line.level] = rec
        self.last = rec
        return rec

    def _check_sequence(self, line: _Line, rec: Clause) -> None:
        """Numerals under one parent run 1, 2, 3 …; report what breaks the run."""
        key = (rec.parent, line.level)
        n = line.numeral
        last, last_line = self.numerals.get(key, (0, 0))
        self.numerals[key] = (n, line.no)
        if n == last + 1:
            return
        label = line.text[:24]
        if n == last:
            self.result.defect("duplicate-number", line.no,
                               f"{label!r} repeats number {n} of line {last_line}; its position suggests {n + 1}",
                               f"kept the printed number; the record's id is {rec.id}", record=rec.id)
        elif n > last:
            missing = ", ".join(str(i) for i in range(last + 1, n))
            self.result.defect("skipped-number", line.no,
                               f"{label!r} follows {last or 'no sibling'}: {missing} missing",
                               "kept the printed number", record=rec.id)
        elif n == 1:
            self.result.defect("restart", line.no, f"{label!r} starts again at 1 after {last} (line {last_line})",
                               f"kept it under the same parent; the record's id is {rec.id}", record=rec.id)
        else:
            self.result.defect("out-of-order", line.no, f"{label!r} comes after {last} (line {last_line})",
                               f"kept the printed number; the record's id is {rec.id}", record=rec.id)

    # ------------------------------------------------------------------ broken lines

    def _continues(self, line: _Line) -> bool:
        """Does this plain line continue the sentence the previous record left open?"""
        if self.last is None or not self.last.text:
            return False
        end = self.last.text[-1]
        return end in _OPEN_ENDINGS or end.isalnum()

    def _join(self, line: _Line) -> None:
        rec = self.last
        assert rec is not None
        before = rec.text
        rec.text = join_text(before, line.body)
        rec.source = replace(rec.source, last_line=line.no)
        kind = "continued-after-blank" if self.blank_before else "broken-line"
        gap = " after a blank line" if self.blank_before else ""
        self.result.defect(kind, line.no,
                           f"line {line.body[:20]!r} continues {before[-12:]!r}{gap}, which ends with {before[-1]!r}",
                           f"joined it to the text of {rec.id}", record=rec.id)


# ---------------------------------------------------------------------- whole-file checks


def _report_empty(result: ImportResult) -> None:
    """Labels with nothing after them, and headings with nothing under them."""
    parents = {c.parent for c in result.clauses}
    for c in result.clauses:
        if c.text or (c.title and c.id in parents):
            continue
        what = "has no title and no text" if not c.title else "has no text and nothing under it"
        result.defect("empty-item", c.source.first_line, f"{(c.label or '') + (c.title or '')!r} {what}",
                      "kept the record as printed", record=c.id)


def _starts_list(c: Clause, nxt: Clause, levels: dict[str, str]) -> bool:
    """Is ``nxt`` the first entry of the list ``c`` announces?

    The entries are the record's children, or, after a plain paragraph (``規則包含:``), the
    sub-items that follow it under the same item.
    """
    if nxt.parent == c.id:
        return True
    return levels[c.id] == "paragraph" and nxt.parent == c.parent and levels[nxt.id] == "sub-item"


def _report_missing_lists(result: ImportResult, levels: dict[str, str]) -> None:
    """Text ending in a colon announces a list, which must follow."""
    clauses = result.clauses
    for c, nxt in zip(clauses, clauses[1:] + [None]):
        if not c.text.endswith((":", "：")) or (nxt is not None and _starts_list(c, nxt, levels)):
            continue
        after = f"{(nxt.label or '') + (nxt.title or nxt.text)!r} follows" if nxt else "the file ends"
        result.defect("missing-list", c.source.last_line, f"{c.text[-16:]!r} announces a list but {after}",
                      "kept the text as printed; the list is missing from the source", record=c.id)


def _marker_width(c: Clause) -> str | None:
    """Whether a record's marker (label and heading mark) is written in ASCII or full-width forms."""
    marker = (c.label or "") + ((c.title or "")[-1:] if c.title else "")
    if any(ch in _FULL_WIDTH_MARKS for ch in marker):
        return "full-width"
    if any(ch in _ASCII_MARKS for ch in marker):
        return "ASCII"
    return None


def _report_mixed_width(result: ImportResult) -> None:
    """Markers written in the minority width: the same marker, read alike, but inconsistent."""
    widths = {c.id: _marker_width(c) for c in result.clauses}
    counts = Counter(w for w in widths.values() if w)
    if len(counts) < 2:
        return
    usual, n = counts.most_common(1)[0]
    for c in result.clauses:
        w = widths[c.id]
        if w and w != usual:
            result.defect("mixed-width", c.source.first_line,
                          f"marker {(c.label or '') + (c.title or '')!r} uses {w} forms where {n} others use {usual}",
                          "read it as the same marker; its number uses ASCII digits", record=c.id)


# ---------------------------------------------------------------------- references


def _item_base(c: Clause, levels: dict[str, str], prefix: str) -> str:
    """The number of the item whose sub-items ``上述(2)`` names: the record or its parent."""
    item = c.id if levels[c.id] == "item" else c.parent
    return (local_id(item, prefix) if item else "0") + "."


def find_refs(text: str, item_base: str) -> list[Ref]:
    """Explicit references in ``text``: chapters by numeral, sub-items of the current item."""
    refs = [Ref(m[0], m.start(), m.end(), number=str(cjk_numeral(m[1]))) for m in _CHAPTER_REF.finditer(text)]
    for m in _SUB_ITEM_REF.finditer(text):
        end = f"{item_base}({ascii_number(m[2])})" if m[2] else None
        refs.append(Ref(m[0], m.start(), m.end(), number=f"{item_base}({ascii_number(m[1])})", number_end=end))
    return sorted(refs, key=lambda r: r.start)


# ---------------------------------------------------------------------- entry point


def parse(lines: list[str], edition: Edition) -> ImportResult:
    """Records, skips and defects of an outline source (see the module docstring)."""
    outline = _Outline(edition)
    for no, raw in enumerate(lines, start=1):
        outline.feed(classify(no, raw))
    outline.finish()
    result = outline.result
    for c in result.clauses:
        c.refs = find_refs(c.text, _item_base(c, outline.levels, outline.minter.prefix))
    _report_empty(result)
    _report_missing_lists(result, outline.levels)
    _report_mixed_width(result)
    result.defects.sort(key=lambda d: d.line)
    return result
