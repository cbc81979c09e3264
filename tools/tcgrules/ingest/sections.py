"""Importer for rulebooks in numbered sections: 零次元 游戏完整规则书 (``zero-dimension-1.20.zh-Hans.txt``).

The format
----------
A markdown export of the PDF, one paragraph per line, blank lines between paragraphs:

* front matter: the title ``# 零次元集换式卡牌 游戏完整规则书 1.20`` (a ``note`` with a title), a
  line under it, and ``## 前言`` (a ``section``) with its paragraphs (``note`` records). The two
  headings have parent None, outside any chapter;
* a table of contents ``## 规则目录：`` listing chapters ``1.开始游戏`` and sections
  ``100.游戏准备`` as headings of any level, ``- `` bullets or plain lines. It ends where the
  numbering starts again (the body's ``## 1.开始游戏``);
* the body. Its headings carry numbers: below 100 a chapter (``## 1.开始游戏``, ``#### 8 特殊…``),
  100 or more a section of chapter ``number // 100`` (``### 101.胜负条件``), a dotted number a
  sub-section (``##### 405.1 宣布攻击``). The markdown level varies from chapter to chapter,
  so rank and parent come from the number, never from the ``#`` count. ``label`` is the number
  with its ``.`` (``101.``), ``title`` the rest; headings have empty text.
* under a heading, unnumbered lines:

  - paragraphs (kind ``clause``); one wholly in brackets, ``（具体请参照 320.战术牌）``, is a ``note``;
  - examples (``example``): ``例：``, ``例 1：``, ``例如：``, ``（例：`` and the before/after pair
    ``原：`` / ``现：``; a ``例：`` after the full stop of a paragraph is split off as its own record;
  - list items (``clause``): ``A.``, ``1.``, ``1)`` (after an optional ``- ``) and ``1 `` (a digit and
    a space); a list starts at 1 or A and goes on with the next marker of the same style, so
    a paragraph that merely begins with a count is no item;
  - keyword entries (``clause``, section 900): a bold name ending in ``：`` and its definition,
    ``**突袭：**登场回合就可以攻击。``. The bold name is the ``title`` (``突袭：``, separator
    kept as printed), the rest of the line the text; the ``**`` markers are skipped as markup.

Parents
-------
Paragraphs, notes and keyword entries belong to the heading; the paragraphs after a keyword
entry belong to the entry, up to the next entry or heading. A list belongs to the paragraph
that introduces it (the paragraph before its first item; the heading when there is none).
A paragraph between two items belongs to the item before it; when a list has such
paragraphs, each item carries its own explanation (623: ``1.牌具有…`` then how to use it), so
the paragraphs after the last item belong to the last item too. A list whose items stand
together ends with its last item, and the paragraphs after it go back to the heading (600:
``A.`` ``B.`` then general rules). An example belongs to the record before it that is not an
example.

Synthesized numbers
-------------------
Only the body's headings print numbers. Every other record gets ``number_printed=False`` and a number
built from its parent's id (without the edition prefix) and a letter for its kind, counted
per parent in source order, so the same file always yields the same numbers:

=====================  ==============================  ========================
record                 number                          example
=====================  ==============================  ========================
paragraph              parent + ``.pK``                ``101.p7``, ``405.1.p2``
note                   parent + ``.nK``                ``311.n1``
keyword entry          heading + ``.kK``               ``900.k1`` (突袭)
list item              intro paragraph + ``.marker``   ``600.p2.A``, ``405.p4.1``
list item, no intro    heading + ``.i`` + marker       ``405.i1``
example                parent + ``.exK``               ``301.p5.ex2``
title page ``#``       ``title``, its lines ``.pK``    ``title.p1``
preface ``## 前言``      ``preface``, its lines ``.pK``  ``preface.p6``
other front heading    ``front.K``                     ``front.1``
=====================  ==============================  ========================

The marker is the item's label without its ``.`` or ``)`` (``1)`` → ``1``). Printed numbers are
digits and dots only, so a number holding a letter never collides with one; the ``i`` keeps
``405.i1`` apart from the printed ``405.1``. A printed duplicate gets the id ``…/704~2`` and its
children are numbered from it (``704~2.p1``), never colliding with those of the first.

Repairs and defects
-------------------
``toc-line`` the table of contents (one defect for the block, every line skipped);
``toc-markup`` runs of entries whose markup differs from the first entry of their rank;
``toc-mismatch`` an entry whose title differs from the body's heading, or that has no heading
(or the reverse); ``heading-level`` a heading whose ``#`` count does not fit its rank (chapters
at the level of the first chapter, a section one below its chapter, a sub-section one below
its section); ``label-separator`` a heading number without the ``.`` its rank prints elsewhere;
``duplicate-number`` / ``skipped-number`` / ``out-of-order`` in the heading numbers (also a
section standing in another chapter than its number's); ``missing-parent`` a heading whose
parent number has no heading before it (placed under the open chapter or section);
``heading-markup`` a heading without a number in the body (kept as a paragraph), or a keyword
entry whose cost stands outside the bold markers; ``continued-after-blank`` a paragraph the
PDF broke across a blank line: it ends with no closing punctuation and the next line goes on
with neither a bracket nor the same words (joined into one record); ``false-heading`` a
continuation exported as a heading: ``#### 704. 反击特效)`` closes the ``（参照`` that the line
before left open (joined, ``#`` skipped); ``missing-period`` a paragraph ending with no full
stop whose successor begins with the same four characters: a parallel rule, not a
continuation (kept apart); ``merged-clauses`` a keyword entry's explanation
(``战斗连协为永续效果。``) printed on the entry's line (split, ``first_col``); ``example`` an
example printed inside a paragraph (split); ``lost-image`` text whose icon or figure the export
dropped (a line starting with ``：``, a double space where an inline icon stood, ``图中``);
``empty-item`` a list item with nothing after its label.

References
----------
``span`` is the reference as written from its cue word on (the quotes of ``“5.战斗”`` are part
of it, the brackets around ``（详见角色名）`` are not):
``参照 901.死循环`` (number 901, title 死循环), ``参照 318—321`` (number 318, number_end 321),
``参照“4.回合流程”`` and the ``“5.战斗”`` after ``及``, ``参照704. 反击特效`` (the false heading,
rejoined), ``详见角色名`` inside brackets (title), ``参照【破坏时】`` / ``参照刀剑解放`` before
``的规则`` / ``的处理方法`` (title), ``参照上条`` (the entry before the one holding the text:
its number) and ``如 1 所属`` (item 1 of the list the text belongs to: its number).
``参照官网卡牌信息`` names the publisher's website, not a clause, and is no reference.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from collections import Counter
from itertools import groupby

from ..kb.model import Clause, Edition, Ref, SourceSpan
from .base import MARKDOWN_PREFIX, IdMinter, ImportResult, ascii_number, join_text

_DIGITS = "[0-9０-９]"
_NUM = rf"{_DIGITS}+(?:[.．]{_DIGITS}+)*"

HEADING = re.compile(rf"^(?P<label>(?P<number>{_NUM})(?P<sep>[.．](?!{_DIGITS}))?)\s*(?P<title>.*)$")
"""A numbered heading's content: ``101.胜负条件``, ``405.1 宣布攻击``, ``8 特殊的发动时机``."""

TOC_HEADING = re.compile(r"^(?:规则|規則)?(?:目录|目錄|目次)[：:]?$")
TOC_ENTRY = re.compile(rf"^(?P<number>{_DIGITS}+)(?:[.．]\s*|\s+)(?P<title>\S.*)$")

ITEM = re.compile(rf"^(?P<label>(?P<marker>[A-Z]|{_DIGITS}{{1,2}})"
                  rf"(?P<style>[.．](?!{_DIGITS})|[)）]|\s+(?=\D)))\s*(?P<text>.*)$")
"""A list item: ``A.普通升级``, ``1.牌具有…``, ``1) 使用…``, ``1 从主动玩家开始…``."""

EXAMPLE = re.compile(r"^(?P<label>[（(]?(?:例如|例\s*[0-9０-９]*|原|现)\s*[：:])\s*(?P<text>.*)$")
"""An example paragraph: ``例：``, ``例 1：``, ``例如：``, ``（例：``, ``原：`` / ``现：``."""

MERGED_EXAMPLE = re.compile(r"(?<=[。！？])\s*(?=例\s*[0-9０-９]*[：:])")
"""An example that starts after the full stop of a paragraph, on the same line."""

KEYWORD = re.compile(
    r"^(?P<pre>[(（][^)）]*[)）]\s*)?(?P<open>\*\*)"
    r"(?P<name>(?:\\\*|[^*：:。，])+?(?:[：:](?:\\\*)+)?)\s*(?P<sep>[：:])")
"""The start of a keyword entry: ``**突袭：**``, ``**(X) 变身：\\*\\*\\*：**`` (a placeholder after the
name is part of it), ``(X) **高速换装 […]：**`` (a cost before the bold markers)."""

BOLD_CLOSE = re.compile(r"(?<!\\)\*\*")
KEYWORD_NAME = re.compile(r"^(?:[(（][^)）]*[)）]\s*)?(?P<name>[^\s\[【「(（\\：:]+)")

SENTENCE_END = set("。！？!?；;：:…）)」』”】")
OPENERS = set("（(「『“【《[")
CLOSING, OPENING = "）)", "（("
PARALLEL = 4  # characters two parallel rules share at their start

RANGE_REF = re.compile(rf"参照\s*(?P<number>{_NUM})\s*[—–~～-]\s*(?P<end>{_NUM})")
_TITLE = r"[^\s”\"）)，。、；：]+"  # a title written after a number, up to punctuation
NUMBER_REF = re.compile(rf"参照\s*(?P<q>[“\"])?(?P<number>{_NUM})(?:[.．]\s*(?P<title>{_TITLE}))?(?(q)[”\"])")
NEXT_NUMBER_REF = re.compile(rf"\s*(?:及|和|与|、)\s*(?P<q>[“\"])(?P<number>{_NUM})[.．]\s*(?P<title>{_TITLE})[”\"]")
SEE_REF = re.compile(r"(?<=[（(])(?:具体)?(?:请)?(?P<span>(?:详见|参见)(?P<title>[^）)]+))(?=[）)])")
RULES_OF_REF = re.compile(r"参照(?P<title>【[^】]+】|[^\s\d“\"【（(，。、]+?)的(?:规则|处理方法)")
PREVIOUS_REF = re.compile(r"参照上条")
ITEM_REF = re.compile(rf"如\s*(?P<marker>{_DIGITS}+)\s*所(?:属|述)")


# ---------------------------------------------------------------- pieces of text


@dataclass
class _Line:
    """One non-blank source line: its markdown markup and what follows it."""

    no: int
    markup: str  # e.g. "#### " or "- ", "" when none
    content: str  # the rest of the line, stripped
    col: int  # 0-based column where ``content`` starts

    @property
    def level(self) -> int:
        return self.markup.count("#")


@dataclass
class _Span:
    """Text joined from pieces of lines; remembers where each piece stands in the source."""

    text: str = ""
    marks: list[tuple[int, int, int]] = field(default_factory=list)  # (offset, line, col)

    def add(self, piece: str, line: int, col: int) -> "_Span":
        stripped = piece.strip()
        if stripped:
            col += len(piece) - len(piece.lstrip())
            self.text = join_text(self.text, stripped)
            self.marks.append((len(self.text) - len(stripped), line, col))
        return self

    def extend(self, other: "_Span") -> None:
        for i, (offset, line, col) in enumerate(other.marks):
            end = other.marks[i + 1][0] if i + 1 < len(other.marks) else len(other.text)
            self.add(other.text[offset:end], line, col)

    def where(self, offset: int) -> tuple[int, int]:
        """The source line and column of the character at ``offset``."""
        mark = max((m for m in self.marks if m[0] <= offset), default=self.marks[0])
        return mark[1], mark[2] + offset - mark[0]

    def split(self, offset: int) -> tuple["_Span", "_Span"]:
        """The text before ``offset`` and the text from it (leading blanks dropped)."""
        skip = len(self.text[offset:]) - len(self.text[offset:].lstrip())
        offset += skip
        line, col = self.where(offset)
        head = _Span(self.text[:offset].rstrip(), [m for m in self.marks if m[0] < offset])
        tail = _Span(self.text[offset:], [(0, line, col)])
        tail.marks += [(o - offset, ln, c) for o, ln, c in self.marks if o > offset]
        return head, tail

    @property
    def first_line(self) -> int:
        return self.marks[0][1]

    @property
    def last_line(self) -> int:
        return self.marks[-1][1]


@dataclass
class _List:
    """A list being read: its style, its last marker, and whether paragraphs stand between items."""

    style: str
    value: int
    items: list["_Piece"] = field(default_factory=list)
    interleaved: bool = False


@dataclass
class _Piece:
    """A record-to-be as read from the lines, before it finds its parent."""

    role: str  # heading, keyword, item, example, note, paragraph
    line: _Line
    body: _Span
    label: str | None = None
    title: str | None = None
    number: str | None = None  # printed number (headings)
    marker: str | None = None  # list marker (items)
    style: str | None = None
    value: int = 0
    first_col: int = 0
    in_list: _List | None = None
    defects: list[tuple[str, int, str, str]] = field(default_factory=list)

    @property
    def first_line(self) -> int:
        return self.body.first_line if self.body.marks else self.line.no

    @property
    def last_line(self) -> int:
        return self.body.last_line if self.body.marks else self.line.no

    def report(self, kind: str, line: int, message: str, action: str) -> None:
        self.defects.append((kind, line, message, action))


@dataclass
class _Draft:
    """A record placed in the tree; its number is final once its parent has an id."""

    piece: _Piece
    kind: str
    parent: "_Draft | None"
    suffix: str  # synthesized: appended to the parent's key; printed: the number itself
    printed: bool
    children: list["_Draft"] = field(default_factory=list)
    id: str = ""
    number: str = ""


def _quote(text: str, n: int = 16) -> str:
    return text if len(text) <= n else text[:n] + "…"


def _tail(text: str, n: int = 12) -> str:
    return text if len(text) <= n else "…" + text[-n:]


def _read_line(no: int, raw: str) -> _Line:
    markup = MARKDOWN_PREFIX.match(raw)[1]
    rest = raw[len(markup):]
    col = len(markup) + len(rest) - len(rest.lstrip())
    return _Line(no, markup.lstrip() if markup.strip() else "", rest.strip(), col)


def _item_value(marker: str) -> int:
    marker = ascii_number(marker)
    return int(marker) if marker.isdigit() else ord(marker) - ord("A") + 1


def _item_style(marker: str, sep: str) -> str:
    """``digit.``, ``digit)``, ``digit`` (a bare number) or ``letter.``: items of one list share it."""
    kind = "digit" if ascii_number(marker).isdigit() else "letter"
    return kind + ascii_number(sep.strip()).replace("）", ")")


def ends_open(text: str) -> bool:
    """Does ``text`` stop mid-sentence (no closing punctuation after bold markers)?"""
    t = text.rstrip().rstrip("*").rstrip()
    return bool(t) and t[-1] not in SENTENCE_END


def _wholly_bracketed(text: str) -> bool:
    """Is ``text`` one bracketed aside, ``（具体请参照 320.战术牌）``, not ``（攻）+1000 …（防）``?"""
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch in OPENING) - (ch in CLOSING)
        if depth <= 0:
            return i == len(text) - 1 and i > 0
    return False


def _unbalanced(text: str) -> int:
    """Opening brackets left open in ``text`` (negative: more closing than opening)."""
    return sum(text.count(c) for c in OPENING) - sum(text.count(c) for c in CLOSING)


# ---------------------------------------------------------------- the parser


class _Parser:
    """Lines → pieces → joined and split pieces → tree → records, then checks of the whole."""

    def __init__(self, lines: list[str], edition: Edition):
        self.edition = edition
        self.result = ImportResult(edition)
        self.lines = [_read_line(no, raw) for no, raw in enumerate(lines, start=1) if raw.strip()]
        self.toc: list[tuple[_Line, str, str]] = []  # (line, number, title)
        self.drafts: list[_Draft] = []

    def run(self) -> ImportResult:
        lines = self._skip_toc(self.lines)
        pieces = [self._classify(line) for line in lines]
        pieces = self._find_lists(pieces)
        pieces = self._join(pieces)
        pieces = self._split(pieces)
        self._mark_interleaved(pieces)
        self._build(pieces)
        self._check_headings()
        self._check_toc()
        self._emit()
        self.result.skips.sort(key=lambda s: s.line)
        self.result.defects.sort(key=lambda d: d.line)
        return self.result

    # --- the table of contents

    def _skip_toc(self, lines: list[_Line]) -> list[_Line]:
        """Remove the table of contents (skipped, reported) and return the other lines."""
        start = next((i for i, ln in enumerate(lines) if ln.level and TOC_HEADING.match(ln.content)), None)
        if start is None:
            return lines
        end, last = start + 1, (0, -1)
        while end < len(lines):
            m = TOC_ENTRY.match(lines[end].content)
            if not m:
                break
            n = int(ascii_number(m["number"]))
            key = (n // 100, n) if n >= 100 else (n, -1)
            if key <= last:  # the numbering starts again: the body
                break
            last = key
            self.toc.append((lines[end], ascii_number(m["number"]), m["title"].strip()))
            end += 1
        for ln in lines[start:end]:
            self.result.skip(ln.no, ln.markup + ln.content if ln.markup else ln.content, "table of contents")
        heading = lines[start]
        chapters = sum(1 for _, n, _ in self.toc if int(n) < 100)
        self.result.defect(
            "toc-line", heading.no,
            f"table of contents {heading.content!r} on lines {heading.no}–{lines[end - 1].no}: "
            f"{chapters} chapters and {len(self.toc) - chapters} sections",
            "skipped every line of it; the body's headings are the records")
        self._check_toc_markup()
        return lines[:start] + lines[end:]

    def _check_toc_markup(self) -> None:
        """Report runs of entries whose markup differs from the first entry of their rank."""
        for rank, entries in (("chapter", [e for e in self.toc if int(e[1]) < 100]),
                              ("section", [e for e in self.toc if int(e[1]) >= 100])):
            usual = _markup_name(entries[0][0]) if entries else None
            for name, run in groupby(entries, key=lambda e: _markup_name(e[0])):
                run = list(run)
                if name == usual:
                    continue
                first, last = run[0], run[-1]
                numbers, where = (first[1], f"line {first[0].no}") if len(run) == 1 else (
                    f"{first[1]}–{last[1]}", f"lines {first[0].no}–{last[0].no}")
                self.result.defect(
                    "toc-markup", first[0].no,
                    f"table of contents lists {rank} {numbers} ({where}) "
                    f"as {name}, where {rank} {entries[0][1]} is {usual}",
                    "skipped with the rest of the table of contents")

    # --- classifying lines

    def _classify(self, line: _Line) -> _Piece:
        """What a body or front-matter line is, from its content and markup."""
        if line.markup:
            reason = "markdown heading marker" if line.level else "markdown list marker"
            self.result.skip(line.no, line.markup.strip(), reason)
        if line.level:
            m = HEADING.match(line.content)
            if m:
                return _Piece("heading", line, _Span(), label=m["label"], title=m["title"] or None,
                              number=ascii_number(m["number"]))
            return _Piece("heading", line, _Span(), title=line.content)
        m = KEYWORD.match(line.content)
        if m:
            piece = self._keyword(line, m)
            if piece:
                return piece
        m = EXAMPLE.match(line.content)
        if m:
            return self._labelled("example", line, m["label"], m.start("text"))
        m = ITEM.match(line.content)
        if m:
            piece = self._labelled("item", line, m["label"], m.start("text"))
            piece.marker = ascii_number(m["marker"])
            piece.style, piece.value = _item_style(m["marker"], m["style"]), _item_value(m["marker"])
            return piece
        role = "note" if _wholly_bracketed(line.content) else "paragraph"
        return _Piece(role, line, _Span().add(line.content, line.no, line.col))

    def _labelled(self, role: str, line: _Line, label: str, text_at: int) -> _Piece:
        text = line.content[text_at:]
        return _Piece(role, line, _Span().add(text, line.no, line.col + text_at), label=label.strip())

    def _keyword(self, line: _Line, m: re.Match) -> _Piece | None:
        """A keyword entry ``**name：**definition``: title, skipped bold markers, text."""
        after_sep = m.end("sep")
        close = BOLD_CLOSE.search(line.content, after_sep)
        if not close:
            return None
        pre = m["pre"] or ""
        title = pre + m["name"] + m["sep"]
        body = _Span().add(line.content[after_sep:close.start()], line.no, line.col + after_sep)
        body.add(line.content[close.end():], line.no, line.col + close.end())
        self.result.skip(line.no, "**", "bold markers of a keyword entry")
        self.result.skip(line.no, "**", "bold markers of a keyword entry")
        piece = _Piece("keyword", line, body, title=title)
        if pre:
            piece.report("heading-markup", line.no,
                         f"keyword entry {_quote(line.content, 20)!r} has its cost {pre.strip()!r} "
                         "outside the bold markers",
                         f"took {title!r} as its title")
        return piece

    # --- lists

    def _find_lists(self, pieces: list[_Piece]) -> list[_Piece]:
        """Tie items into lists; an item that neither starts nor continues a list is a paragraph."""
        out: list[_Piece] = []
        current: _List | None = None
        for p in pieces:
            if p.role in ("heading", "keyword"):
                current = None
            if p.role == "item":
                if current and p.style == current.style and p.value == current.value + 1:
                    current.value = p.value
                elif p.value == 1:
                    current = _List(p.style, 1)
                else:
                    p = self._unlisted(p)
                if p.role == "item":
                    p.in_list = current
                    current.items.append(p)
                    if not p.body.text:
                        p.report("empty-item", p.line.no, f"list item {p.label!r} has no text",
                                 "kept it as a record with empty text")
            out.append(p)
        # A bare number and a space (``1 从…``) makes a list only when a second item follows.
        return [self._unlisted(p) if p.in_list and p.style == "digit" and len(p.in_list.items) == 1 else p
                for p in out]

    @staticmethod
    def _unlisted(p: _Piece) -> _Piece:
        return _Piece("paragraph", p.line, _Span().add(p.line.content, p.line.no, p.line.col))

    def _mark_interleaved(self, pieces: list[_Piece]) -> None:
        """A list is interleaved when paragraphs or notes stand between its items."""
        position = {id(p): i for i, p in enumerate(pieces)}
        lists = {id(p.in_list): p.in_list for p in pieces if p.in_list}
        for lst in lists.values():
            first, last = position[id(lst.items[0])], position[id(lst.items[-1])]
            lst.interleaved = any(p.role in ("paragraph", "note") for p in pieces[first:last])

    # --- repairs: joining broken lines, splitting merged ones

    def _join(self, pieces: list[_Piece]) -> list[_Piece]:
        """Join paragraphs the PDF broke across a blank line (or into a false heading)."""
        out: list[_Piece] = []
        for p in pieces:
            before = out[-1] if out else None
            if before is None or before.role == "heading" or not before.body.text or not ends_open(before.body.text):
                out.append(p)
                continue
            text = before.body.text
            if p.role == "heading" and _unbalanced(text) > 0 and _unbalanced(p.line.content) < 0:
                before.report("false-heading", p.line.no,
                              f"line {p.line.no} {p.line.markup + p.line.content!r} is no heading: it closes "
                              f"the bracket that line {before.last_line} left open ({_tail(text)!r})",
                              "joined it to that paragraph and skipped its markup")
                before.body.add(p.line.content, p.line.no, p.line.col)
                continue
            if p.role != "paragraph" or p.line.content[0] in OPENERS:
                out.append(p)
                continue
            if p.line.content[:PARALLEL] == before.line.content[:PARALLEL]:
                before.report("missing-period", before.last_line,
                              f"{_tail(text)!r} ends without a full stop, but the next paragraph begins "
                              f"the same way ({p.line.content[:PARALLEL]!r}…): a rule of its own",
                              "kept the two paragraphs apart")
                out.append(p)
                continue
            before.report("continued-after-blank", p.line.no,
                          f"line {before.last_line} stops mid-sentence ({_tail(text)!r}) and line "
                          f"{p.line.no} goes on ({_quote(p.line.content, 12)!r})",
                          "joined the two lines into one record")
            before.body.extend(p.body)
        return out

    def _split(self, pieces: list[_Piece]) -> list[_Piece]:
        """Split examples and keyword explanations printed on the line of the record before."""
        out: list[_Piece] = []
        for p in pieces:
            while True:
                out.append(p)
                p = self._split_one(p)
                if p is None:
                    break
        return out

    def _split_one(self, p: _Piece) -> _Piece | None:
        """The record merged into the end of ``p``'s text, cut from it; None when there is none."""
        if p.role not in ("paragraph", "item", "keyword"):
            return None
        m = MERGED_EXAMPLE.search(p.body.text)
        explanation = None
        if p.role == "keyword":
            name = KEYWORD_NAME.match(p.title)["name"]
            explanation = re.search(rf"(?<=[。！？])\s*(?={re.escape(name)}(?:为|是|本身))", p.body.text)
        if explanation and (not m or explanation.start() < m.start()):
            head, tail = p.body.split(explanation.end())
            p.body = head
            merged = _Piece("paragraph", p.line, tail, first_col=tail.marks[0][2])
            merged.report("merged-clauses", tail.first_line,
                          f"the explanation {_quote(tail.text, 12)!r} stands on the line of keyword entry "
                          f"{p.title!r}, after its definition", "split it into a paragraph of the entry")
            return merged
        if not m:
            return None
        head, tail = p.body.split(m.end())
        label = EXAMPLE.match(tail.text)["label"]
        col = tail.marks[0][2]
        _, text = tail.split(len(label))
        p.body = head
        example = _Piece("example", p.line, text, label=label, first_col=col)
        example.report("example", tail.first_line,
                       f"example {_quote(tail.text, 12)!r} printed after the last sentence of a paragraph",
                       "made it an example record of that paragraph")
        return example

    # --- the tree

    def _build(self, pieces: list[_Piece]) -> None:
        """Place each piece under its parent (see the module docstring) and fix its kind."""
        tree = _Tree()
        for p in pieces:
            self._check_lost_image(p)
            if p.role == "heading":
                draft = self._heading(tree, p)
            elif p.role == "keyword":
                draft = tree.add(p, "clause", tree.container, "k")
                tree.scope, tree.last, tree.items = draft, draft, None
            elif p.role == "item":
                draft = self._item(tree, p)
            elif p.role == "example":
                draft = tree.add(p, "example", tree.last or tree.scope, "ex")
            else:
                draft = self._paragraph(tree, p)
            self.drafts.append(draft)

    def _heading(self, tree: "_Tree", p: _Piece) -> _Draft:
        if p.number is None and tree.body:
            p.role = "paragraph"
            p.body = _Span().add(p.line.content, p.line.no, p.line.col)
            p.title = None
            p.report("heading-markup", p.line.no, f"heading {p.line.content!r} has no number",
                     "kept it as a paragraph and skipped its markup")
            return self._paragraph(tree, p)
        if p.number is None:
            if not tree.front_headings and p.line.level == 1:
                draft = tree.add(p, "note", None, "title", counted=False)
            else:
                suffix = "preface" if p.title in ("前言", "序言") else f"front.{len(tree.front_headings) + 1}"
                draft = tree.add(p, "section", None, suffix, counted=False)
            tree.front_headings.append(draft)
        else:
            tree.body = True
            draft = self._numbered(tree, p)
        tree.container = tree.scope = draft
        tree.last, tree.items = None, None
        return draft

    def _numbered(self, tree: "_Tree", p: _Piece) -> _Draft:
        """A numbered heading: its rank and parent from the number (module docstring)."""
        number = p.number
        if "." in number:
            kind, parent_number, fallback = "section", number.rsplit(".", 1)[0], tree.section
        elif int(number) >= 100:
            kind, parent_number, fallback = "section", str(int(number) // 100), tree.chapter
        else:
            kind, parent_number, fallback = "chapter", None, None
        parent = tree.printed.get(parent_number) if parent_number else None
        orphan = parent_number is not None and parent is None
        if orphan:
            parent = fallback
            p.report("missing-parent", p.line.no, f"heading {p.line.content!r}: no heading {parent_number} before it",
                     f"placed it under {fallback.piece.number if fallback else 'nothing (top level)'}")
        draft = tree.add(p, kind, parent, number, printed=True)
        if kind == "chapter":
            tree.chapter, tree.section = draft, None
        elif "." not in number:
            if tree.chapter is not None and parent is not tree.chapter:
                p.report("out-of-order", p.line.no,
                         f"heading {p.line.content!r} stands in chapter {tree.chapter.piece.number}",
                         f"placed it under chapter {parent_number}, as its number says")
            tree.section = draft
        if not orphan:  # under a stand-in parent the sequence says nothing
            self._check_sequence(tree, draft)
        tree.printed.setdefault(number, draft)
        return draft

    def _item(self, tree: "_Tree", p: _Piece) -> _Draft:
        lst = p.in_list
        if tree.items is lst and tree.list_parent is not None:
            parent = tree.list_parent
        else:
            intro = tree.last if tree.last and tree.last.parent is tree.scope and tree.last.kind in ("clause", "note") \
                and tree.last.piece.role in ("paragraph", "note") else None
            parent = intro or tree.scope
            tree.items, tree.list_parent = lst, parent
        prefix = "" if parent is not tree.scope or not parent.printed else "i"
        draft = tree.add(p, "clause", parent, prefix + p.marker, counted=False)
        tree.last = tree.item = draft
        return draft

    def _paragraph(self, tree: "_Tree", p: _Piece) -> _Draft:
        kind = "note" if (p.role == "note" or not tree.body) else "clause"
        letter = "n" if p.role == "note" else "p"
        parent = tree.scope
        if tree.items is not None:
            if tree.items.interleaved:
                parent = tree.item
            else:
                tree.items = None
        draft = tree.add(p, kind, parent, letter)
        tree.last = draft
        return draft

    # --- checks

    def _check_sequence(self, tree: "_Tree", draft: _Draft) -> None:
        """Headings of one rank under one parent run 1, 2, 3 … (sections from chapter × 100)."""
        number, p = draft.piece.number, draft.piece
        siblings = [d for d in (draft.parent.children if draft.parent else tree.top)
                    if d.printed and d is not draft and _rank(d) == _rank(draft)]
        before = [_last_part(d.piece.number) for d in siblings]
        if before:
            expected = before[-1] + 1
        elif _rank(draft) == "section" and draft.parent:
            expected = int(draft.parent.piece.number) * 100
        else:
            expected = int(number) // 100 * 100 if _rank(draft) == "section" else 1
        value, where = _last_part(number), f"heading {p.line.content!r}"
        if value in before:
            first = next(d for d in siblings if _last_part(d.piece.number) == value)
            p.report("duplicate-number", p.line.no,
                     f"{where}: {number} was printed before, at line {first.piece.line.no}",
                     "kept it as a record of its own (id …~2, ~3 …); its children are numbered from it")
        elif value > expected:
            missing = str(expected) if value - 1 == expected else f"{expected}–{value - 1}"
            p.report("skipped-number", p.line.no,
                     f"{where}: {number} follows {siblings[-1].piece.number if siblings else 'no sibling'}, "
                     f"so {missing} is missing", "kept the number as printed")
        elif value < expected:
            p.report("out-of-order", p.line.no, f"{where}: {number} comes after {siblings[-1].piece.number}",
                     "kept it where it stands")

    def _check_headings(self) -> None:
        """Markdown levels and number separators that do not fit a heading's rank."""
        numbered = [d for d in self.drafts if d.printed]
        chapters = [d for d in numbered if d.kind == "chapter"]
        for d in numbered:
            line = d.piece.line
            if d.kind == "chapter":
                expected, why = chapters[0].piece.line.level, f"chapter {chapters[0].piece.number}'s level"
            elif d.parent is not None and d.parent.printed:
                expected, why = d.parent.piece.line.level + 1, f"one below {d.parent.piece.number}"
            else:
                continue
            if line.level != expected:
                d.piece.report("heading-level", line.no,
                               f"{_rank(d)} {d.piece.number} is a level-{line.level} heading "
                               f"({line.markup.strip()}), expected level {expected} ({why})",
                               "ranked it by its number")
        for rank in ("chapter", "section", "sub-section"):
            same = [d for d in numbered if _rank(d) == rank]
            seps = [_separator(d) for d in same]
            usual = Counter(seps).most_common(1)[0][0] if seps else None
            for d, sep in zip(same, seps):
                if sep != usual:
                    d.piece.report("label-separator", d.piece.line.no,
                                   f"{rank} heading {d.piece.line.content!r} prints {d.piece.label!r}, "
                                   f"where its other {rank}s print {usual or 'no separator'!r} after the number",
                                   f"took {d.piece.label!r} as the label and {d.piece.title!r} as the title")

    def _check_toc(self) -> None:
        """Entries of the table of contents against the body's headings."""
        if not self.toc:
            return
        headings = {d.piece.number: d for d in reversed(self.drafts) if d.printed and "." not in d.piece.number}
        listed = set()
        for line, number, title in self.toc:
            listed.add(number)
            d = headings.get(number)
            if d is None:
                self.result.defect("toc-mismatch", line.no, f"table of contents lists {number} {title!r}, "
                                   "which has no heading in the body", "no record for it")
            elif re.sub(r"\s+", "", title) != re.sub(r"\s+", "", d.piece.title or ""):
                d.piece.report("toc-mismatch", line.no,
                               f"table of contents calls {number} {title!r}, the heading at line "
                               f"{d.piece.line.no} {d.piece.title!r}", "kept the heading's title")
        for number, d in headings.items():
            if number not in listed:
                d.piece.report("toc-mismatch", d.piece.line.no,
                               f"heading {d.piece.line.content!r} is not in the table of contents",
                               "kept the heading")

    def _check_lost_image(self, p: _Piece) -> None:
        text = p.body.text
        if not text:
            return
        found = None
        if text[0] in "：:":
            found = f"{_quote(text, 12)!r} starts with a colon: the icon it explains is missing"
        elif re.search(r"[^\x00-\x7f] {2,}[^\x00-\x7f]", text):
            found = f"{_quote(text, 24)!r} has a double space where an inline icon stood"
        elif "图中" in text:
            found = f"{_quote(text, 12)!r} describes a figure the text does not have"
        if found:
            p.report("lost-image", p.first_line, found, "kept the text as printed")

    # --- records

    def _emit(self) -> None:
        minter = IdMinter(self.edition)
        for d in self.drafts:
            if d.printed:
                d.number = d.suffix
            else:
                d.number = f"{_key(d.parent, self.edition)}.{d.suffix}" if d.parent else d.suffix
            d.id = minter.mint(d.number)
        for d in self.drafts:
            p = d.piece
            clause = Clause(
                id=d.id, number=d.number, number_printed=d.printed, kind=d.kind, text=p.body.text,
                parent=d.parent.id if d.parent else None, title=p.title, label=p.label,
                refs=self._refs(d),
                source=SourceSpan(self.edition.source, p.first_line, p.last_line, p.first_col))
            self.result.clauses.append(clause)
            for kind, line, message, action in p.defects:
                self.result.defect(kind, line, message, action, record=d.id)

    def _refs(self, d: _Draft) -> list[Ref]:
        text = d.piece.body.text
        refs = find_refs(text)
        for m in PREVIOUS_REF.finditer(text):
            before = _previous_entry(d)
            refs.append(Ref(m[0], m.start(), m.end(), number=before.number if before else None))
        for m in ITEM_REF.finditer(text):
            item = _item_named(d, ascii_number(m["marker"]))
            refs.append(Ref(m[0], m.start(), m.end(), number=item.number if item else None))
        return sorted(refs, key=lambda r: r.start)


@dataclass
class _Tree:
    """Where the next piece goes: the open heading, keyword entry, list and last record."""

    body: bool = False  # a numbered heading has been seen
    chapter: _Draft | None = None
    section: _Draft | None = None
    container: _Draft | None = None  # the innermost heading
    scope: _Draft | None = None  # the heading or keyword entry paragraphs go under
    last: _Draft | None = None  # the last record that is not an example
    items: _List | None = None  # the open list
    list_parent: _Draft | None = None
    item: _Draft | None = None  # its last item
    printed: dict[str, _Draft] = field(default_factory=dict)
    top: list[_Draft] = field(default_factory=list)  # the records with no parent
    front_headings: list[_Draft] = field(default_factory=list)
    counters: dict[tuple[int, str], int] = field(default_factory=dict)

    def add(self, piece: _Piece, kind: str, parent: _Draft | None, suffix: str,
            printed: bool = False, counted: bool = True) -> _Draft:
        """A new record under ``parent``; ``counted`` suffixes get the next count (``p3``)."""
        if counted and not printed:
            key = (id(parent), suffix)
            self.counters[key] = self.counters.get(key, 0) + 1
            suffix = f"{suffix}{self.counters[key]}"
        draft = _Draft(piece, kind, parent, suffix, printed)
        (parent.children if parent else self.top).append(draft)
        return draft


def _key(d: _Draft, edition: Edition) -> str:
    return d.id[len(edition.key) + 1:]


def _rank(d: _Draft) -> str:
    if d.kind == "chapter":
        return "chapter"
    return "sub-section" if "." in d.piece.number else "section"


def _last_part(number: str) -> int:
    """``405.1`` → 1, ``405`` → 405: what runs 1, 2, 3 … among siblings."""
    return int(number.rsplit(".", 1)[-1])


def _separator(d: _Draft) -> str:
    return d.piece.label[len(d.piece.number):] if d.piece.label else ""


def _markup_name(line: _Line) -> str:
    if line.level:
        return repr("#" * line.level)
    return "'- ' bullets" if line.markup else "plain lines"


def _previous_entry(d: _Draft) -> _Draft | None:
    """The entry before the nearest record holding ``d`` that has one (``上条``)."""
    node = d.parent
    while node is not None and node.parent is not None:
        siblings = [s for s in node.parent.children if s.piece.role == node.piece.role]
        i = siblings.index(node)
        if i > 0:
            return siblings[i - 1]
        node = node.parent
    return None


def _item_named(d: _Draft, marker: str) -> _Draft | None:
    """The item ``marker`` of the nearest list that ``d`` belongs to (``如 1 所属``)."""
    node: _Draft | None = d
    while node is not None:
        if node.piece.role == "item":
            return next((s for s in node.parent.children if s.piece.in_list is node.piece.in_list
                         and s.piece.marker == marker), None)
        node = node.parent
    return None


def find_refs(text: str) -> list[Ref]:
    """The references of ``text`` that name a number or a title (module docstring)."""
    refs: list[Ref] = []
    taken: list[tuple[int, int]] = []

    def free(m: re.Match) -> bool:
        return not any(a < m.end() and m.start() < b for a, b in taken)

    for m in RANGE_REF.finditer(text):
        refs.append(Ref(m[0], m.start(), m.end(), number=ascii_number(m["number"]), number_end=ascii_number(m["end"])))
        taken.append(m.span())
    for m in NUMBER_REF.finditer(text):
        if not free(m):
            continue
        refs.append(Ref(m[0], m.start(), m.end(), number=ascii_number(m["number"]), title=m["title"]))
        taken.append(m.span())
        follow = NEXT_NUMBER_REF.match(text, m.end())
        while follow:  # 参照“4.回合流程”及“5.战斗”: one cue, two references
            start, stop = follow.start("q"), follow.end()
            refs.append(Ref(text[start:stop], start, stop, number=ascii_number(follow["number"]),
                            title=follow["title"]))
            taken.append(follow.span())
            follow = NEXT_NUMBER_REF.match(text, stop)
    for m in SEE_REF.finditer(text):
        refs.append(Ref(m["span"], m.start("span"), m.end("span"), title=m["title"].strip()))
    for m in RULES_OF_REF.finditer(text):
        if free(m):
            refs.append(Ref(text[m.start():m.end("title")], m.start(), m.end("title"), title=m["title"]))
    return sorted(refs, key=lambda r: r.start)


def parse(lines: list[str], edition: Edition) -> ImportResult:
    """Records, skips and defects of a rulebook in numbered sections (module docstring)."""
    return _Parser(lines, edition).run()
