"""Resolving cross-references, the same way for every source format.

An importer records what a reference says (``number``, ``number_end`` for a range,
``title`` for a reference by title or a title written beside the number); this module
finds the target in the same edition:

* by number: the first record printed with that number (a duplicate ``~2`` only when it is
  the only one);
* a title beside a number (``(2 卡牌資訊參照)``, ``参照 901.死循环``) must match the target's
  title, otherwise the reference stays unresolved with the reason;
* by title alone (``（详见角色名）``): the record whose title is that title; when several
  records have it, a chapter or section wins over a clause; when none, it stays unresolved.

Unresolved references are never dropped: they keep ``target: null`` and a ``reason``, and
the importer's report lists them as ``unresolved-ref`` defects.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Callable

from ..kb.model import Clause, Ref

_STRIP = re.compile(r"[\s\u3000「」『』【】《》〈〉()（）\[\]<>〔〕\"'“”‘’:：.．、,，。~～\-—–]")


def title_key(title: str) -> str:
    """A title reduced for comparison: NFKC, no brackets, punctuation or spaces."""
    return _STRIP.sub("", unicodedata.normalize("NFKC", title)).lower()


def titles_match(written: str, actual: str | None) -> bool:
    """Does the title written in a reference name a record titled ``actual``?

    References often shorten or extend the title (``7.效果`` for ``效果``, ``12-1 關鍵字`` for
    ``關鍵字效果``), so either containing the other counts as a match.
    """
    if not actual:
        return False
    a, b = title_key(written), title_key(actual)
    return bool(a) and bool(b) and (a in b or b in a)


class Resolver:
    """Looks targets up among one edition's records."""

    def __init__(self, clauses: list[Clause]):
        self.by_number: dict[str, list[Clause]] = {}
        self.by_title: dict[str, list[Clause]] = {}
        for c in clauses:
            self.by_number.setdefault(c.number, []).append(c)
            if c.title:
                self.by_title.setdefault(title_key(c.title), []).append(c)

    def number(self, number: str) -> Clause | None:
        found = self.by_number.get(number)
        return found[0] if found else None

    def title(self, title: str) -> list[Clause]:
        key = title_key(title)
        exact = self.by_title.get(key, [])
        if exact:
            return exact
        # A title written with a qualifier (角色名 for a section titled 角色名称) still counts
        # when exactly one record's title starts with it.
        starts = [c for k, cs in self.by_title.items() if k.startswith(key) for c in cs]
        return starts

    def resolve(self, ref: Ref) -> None:
        """Set ``ref.target`` (and ``target_end``) or ``ref.reason``."""
        ref.target = ref.target_end = ref.reason = None
        if ref.number is not None:
            target = self.number(ref.number)
            if target is None:
                ref.reason = f"no clause numbered {ref.number} in this edition"
                return
            if ref.title and not titles_match(ref.title, target.title) and not titles_match(ref.title, target.text[:40]):
                ref.reason = (f"{ref.number} is titled {target.title or '(no title)'!r}, "
                              f"but the reference names {ref.title!r}")
                return
            if ref.number_end is not None:
                end = self.number(ref.number_end)
                if end is None:
                    ref.reason = f"range end: no clause numbered {ref.number_end} in this edition"
                    return
                ref.target_end = end.id
            ref.target = target.id
            return
        if ref.title:
            found = self.title(ref.title)
            if len(found) > 1:
                headings = [c for c in found if c.kind in ("chapter", "section")]
                found = headings if len(headings) == 1 else found
            if len(found) == 1:
                ref.target = found[0].id
            elif not found:
                ref.reason = f"no record titled {ref.title!r} in this edition"
            else:
                ref.reason = (f"title {ref.title!r} names {len(found)} records: "
                              + ", ".join(c.number for c in found[:5]))
            return
        ref.reason = "reference names neither a number nor a title"


def resolve_all(clauses: list[Clause],
                report: Callable[[Clause, Ref], None] | None = None) -> tuple[int, int]:
    """Resolve every reference of one edition; returns (resolved, unresolved) counts."""
    resolver = Resolver(clauses)
    ok = bad = 0
    for c in clauses:
        for r in c.refs:
            resolver.resolve(r)
            if r.target:
                ok += 1
            else:
                bad += 1
                if report:
                    report(c, r)
    return ok, bad
