"""Reconstruction: do the records account for every non-blank character of their source?

For one source, the characters of the records (``label + title + text`` of each record,
records in source order) must equal the source's non-blank characters once the skipped
runs (table of contents, markdown markers, separators: each a :class:`~tcgrules.kb.model.Skip`)
are taken out. White space is ignored on both sides: the importer joins broken lines.
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


def _source_chars(lines: Sequence[str], skips: Iterable[Skip]) -> tuple[list[str], list[int], list[str]]:
    """Non-blank source characters with their line numbers, skipped runs removed."""
    by_line: dict[int, list[Skip]] = {}
    for s in skips:
        by_line.setdefault(s.line, []).append(s)
    chars: list[str] = []
    where: list[int] = []
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
            for ch in piece:
                if not ch.isspace():
                    chars.append(ch)
                    where.append(no)
    return chars, where, problems


def record_order(clauses: Iterable[Clause]) -> list[Clause]:
    """Records in source order (stable for records that start at the same place)."""
    return sorted(clauses, key=lambda c: (c.source.first_line, c.source.first_col))


def check(lines: Sequence[str], clauses: Iterable[Clause], skips: Iterable[Skip]) -> tuple[Mismatch | None, list[str]]:
    """Compare a source with its records; returns the first mismatch (or None) and problems
    with the skip list itself."""
    src, where, problems = _source_chars(lines, skips)
    i = 0
    for c in record_order(clauses):
        for part in (c.label or "", c.title or "", c.text):
            for ch in part:
                if ch.isspace():
                    continue
                if i >= len(src) or src[i] != ch:
                    line = where[i] if i < len(src) else 0
                    exp = "".join(src[i:i + 12])
                    found = "".join(x for x in (c.label or "") + (c.title or "") + c.text if not x.isspace())
                    return Mismatch(line, c.id, exp, found[:40]), problems
                i += 1
    if i < len(src):
        return Mismatch(where[i], None, "".join(src[i:i + 12]), ""), problems
    return None, problems
