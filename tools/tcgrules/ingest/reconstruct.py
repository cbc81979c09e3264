"""Reconstruction: do the records account for every non-blank character of their source?

For one source, the characters of the records (``label + title + text`` of each record,
records in source order) must equal the source's non-blank characters once the skipped
runs (table of contents, markdown markers, separators: each a :class:`~tcgrules.kb.model.Skip`)
are taken out. White space counts too, exactly: inside a record's part (label, title, text)
the white space between two characters is the source's, but where the source breaks a line
or a skipped run stands, which the importer joins with nothing, a space or a newline; no part
begins or ends with white space.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..kb.model import Clause, Skip


@dataclass
class Mismatch:
    """The first place where records and source part ways."""

    line: int  # source line of the first unmatched source character (0: past the end)
    record: str | None  # the record whose character differs (None: records ran out)
    expected: str  # the source's next characters
    found: str  # the records' next characters

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line else "end of source"
        rec = f"record {self.record}" if self.record else "no more records"
        return (f"{where}: source has {self.expected!r} but {rec} has {self.found!r}")


JOINS = ("", " ", "\n")  # what the importers put where a line breaks


def _source_chars(lines: Sequence[str], skips: Iterable[Skip]) -> tuple[list[str], list[int], list[str | None], list[str]]:
    """Non-blank source characters with their line numbers and the white space before each
    (None where a line break or a skipped run comes between), skipped runs removed."""
    by_line: dict[int, list[Skip]] = {}
    for s in skips:
        by_line.setdefault(s.line, []).append(s)
    chars: list[str] = []
    where: list[int] = []
    gaps: list[str | None] = []
    problems: list[str] = []
    for no, line in enumerate(lines, start=1):
        rest = line
        kept = []
        pos = 0
        for s in by_line.get(no, ()):
            i = rest.find(s.text, pos)
            if i < 0:
                problems.append(f"line {no}: skipped text {s.text!r} ({s.reason}) is not on that line")
                continue
            kept.append(rest[pos:i])
            pos = i + len(s.text)
        kept.append(rest[pos:])
        for piece in kept:
            gap: str | None = None
            for ch in piece:
                if ch.isspace():
                    gap = None if gap is None else gap + ch
                    continue
                chars.append(ch)
                where.append(no)
                gaps.append(gap)
                gap = ""
    return chars, where, gaps, problems


def record_order(clauses: Iterable[Clause]) -> list[Clause]:
    """Records in source order (stable for records that start at the same place)."""
    return sorted(clauses, key=lambda c: (c.source.first_line, c.source.first_col))


def check(lines: Sequence[str], clauses: Iterable[Clause], skips: Iterable[Skip]) -> tuple[Mismatch | None, list[str]]:
    """Compare a source with its records; returns the first mismatch (or None) and problems
    with the skip list itself."""
    src, where, gaps, problems = _source_chars(lines, skips)
    i = 0
    for c in record_order(clauses):
        for part in (c.label or "", c.title or "", c.text):
            if part != part.strip():  # the importers keep no white space at either end
                line = where[i] if i < len(src) else 0
                return Mismatch(line, c.id, "no white space at either end", f"{part[:12]!r} … {part[-12:]!r}"), problems
            gap: str | None = None  # the part's white space before this character (None: its start)
            for at, ch in enumerate(part):
                if ch.isspace():
                    gap = None if gap is None else gap + ch
                    continue
                if i >= len(src) or src[i] != ch:
                    line = where[i] if i < len(src) else 0
                    exp = "".join(src[i:i + 12])
                    found = "".join(x for x in (c.label or "") + (c.title or "") + c.text if not x.isspace())
                    return Mismatch(line, c.id, exp, found[:40]), problems
                if gap is not None and gap != gaps[i] and not (gaps[i] is None and gap in JOINS):
                    source_gap = "a line break" if gaps[i] is None else repr(gaps[i])
                    return Mismatch(where[i], c.id, f"{source_gap} before {ch!r}",
                                    f"{gap!r} before {ch!r}: {part[max(0, at - 12):at + 8]!r}"), problems
                gap = ""
                i += 1
    if i < len(src):
        return Mismatch(where[i], None, "".join(src[i:i + 12]), ""), problems
    return None, problems
