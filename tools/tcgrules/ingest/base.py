"""What every importer shares: its result type, id minting and line joining.

An importer is a module in this package with one function::

    def parse(lines: list[str], edition: Edition) -> ImportResult

``lines`` are the source's lines without their line endings (``lines[0]`` is line 1).
It returns the records in source order with their ``refs`` carrying what was written
(``number`` / ``number_end`` / ``title``) but not yet resolved; ``tcgrules.ingest.refs`` resolves
them for every format alike. It never raises on a defect: it repairs what it can and
records a :class:`~tcgrules.kb.model.Defect` saying what it found and what it did.
It raises :class:`SourceError` only for a file it cannot read as that format at all.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from ..kb.model import Clause, Defect, Edition, Skip


class SourceError(Exception):
    """A source that is not of the importer's format; the message names file and line."""


@dataclass
class ImportResult:
    edition: Edition
    clauses: list[Clause] = field(default_factory=list)
    defects: list[Defect] = field(default_factory=list)
    skips: list[Skip] = field(default_factory=list)

    def defect(self, kind: str, line: int, message: str, action: str, record: str | None = None) -> Defect:
        d = Defect(kind, line, message, action, record)
        self.defects.append(d)
        return d

    def skip(self, line: int, text: str, reason: str) -> None:
        if text.strip():
            self.skips.append(Skip(line, text, reason))


class IdMinter:
    """Mints clause ids ``<edition>/<number>``; a number seen again gets ``~2``, ``~3`` …"""

    def __init__(self, edition: Edition):
        self.prefix = edition.key
        self.seen: dict[str, int] = {}

    def mint(self, number: str) -> str:
        n = self.seen.get(number, 0) + 1
        self.seen[number] = n
        return f"{self.prefix}/{number}" if n == 1 else f"{self.prefix}/{number}~{n}"

    def first(self, number: str) -> str | None:
        """The id of the first record minted with ``number``, if any."""
        return f"{self.prefix}/{number}" if number in self.seen else None


def _is_wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def join_text(before: str, after: str) -> str:
    """Join two pieces of one paragraph broken by the PDF conversion.

    CJK text has no spaces between words, so a break next to a wide character is joined
    with nothing; between two Latin words a single space stands for the break.
    """
    before, after = before.rstrip(), after.lstrip()
    if not before:
        return after
    if not after:
        return before
    if _is_wide(before[-1]) or _is_wide(after[0]):
        return before + after
    return before + " " + after


_FULLWIDTH_DIGITS = str.maketrans("０１２３４５６７８９－．", "0123456789-.")


def ascii_number(s: str) -> str:
    """Full-width digits and separators to ASCII (for resolving, never for stored text)."""
    return s.translate(_FULLWIDTH_DIGITS)


CJK_NUMERALS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


def cjk_numeral(s: str) -> int:
    """一 → 1, 十五 → 15, 二十三 → 23 (the outline numerals our sources use)."""
    if not s or any(ch not in CJK_NUMERALS for ch in s):
        raise ValueError(f"not a CJK numeral: {s!r}")
    if "十" not in s:
        return CJK_NUMERALS[s] if len(s) == 1 else int("".join(str(CJK_NUMERALS[c]) for c in s))
    tens, _, ones = s.partition("十")
    return (CJK_NUMERALS[tens] if tens else 1) * 10 + (CJK_NUMERALS[ones] if ones else 0)


MARKDOWN_PREFIX = re.compile(r"^(\s*(?:#{1,6}\s+|[-*+]\s+|>\s*)*)")

# The separators of each format's clause numbers (8-1-6-1, 10.5.1); other formats number otherwise.
SEPARATORS = {"hyphen": "[-－]", "dot": "[.．]"}
_LINE_NUMBERS = {fmt: re.compile(rf"{MARKDOWN_PREFIX.pattern}(?P<number>[0-9０-９]+(?:{sep}[0-9０-９]+)+)")
                 for fmt, sep in SEPARATORS.items()}


def numbering_problem(lines: list[str], fmt: str) -> tuple[int, str] | None:
    """``(line, message)`` when more lines begin with a clause number of another format than
    with one of ``fmt``'s: the source is not of the format its edition declares (a dotted
    line or two among hyphen-numbered clauses is text, a version or a quoted number)."""
    if fmt not in SEPARATORS:
        return None
    found = {f: [(i, m["number"]) for i, line in enumerate(lines, start=1) if (m := rx.match(line))]
             for f, rx in _LINE_NUMBERS.items()}
    other = max((f for f in found if f != fmt), key=lambda f: len(found[f]))
    if len(found[other]) <= len(found[fmt]):
        return None
    line, number = found[other][0]
    return line, (f"clause number '{number}' is {other}-numbered, but the edition's format is '{fmt}': "
                  f"{len(found[other])} lines begin with a {other}-numbered clause, {len(found[fmt])} with a "
                  f"{fmt}-numbered one (set format: {other} in rules/editions.yaml, or fix the source)")
