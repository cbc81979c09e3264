"""The citations a new revision leaves stale: rule functions and tests that cite a clause
number whose text the revision changes, or that it removes. ``revision add`` refuses such a
revision with this list, or records the numbers with ``--allow-stale`` (the edition's
``stale`` in rules/editions.yaml), which the engine's coverage and the site then show.

Citations are by number, so a clause renumbered away leaves its old number naming another
clause (or none): that counts as a change, and the list says where the old text went.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..errors import UsageError
from ..kb.model import Clause, Edition, KnowledgeBase, number_key


@dataclass(frozen=True)
class StaleCitation:
    number: str
    kind: str  # changed | removed
    old: str  # the text the citations were written against
    new: str | None  # the text the number names in the new revision (None: no such clause)
    moved_to: str | None  # where the old text is in the new revision, when renumbered
    cited_by: tuple[str, ...]  # rule functions and test ids

    def lines(self, previous: str, revision: str) -> list[str]:
        """The entry as ``revision add`` prints it."""
        moved = f" (its {previous} text is {self.moved_to} in {revision})" if self.moved_to else ""
        return ([f"{self.number} {self.kind}{moved}", f"  {previous}: {self.old}",
                 f"  {revision}: {self.new if self.new is not None else '(no such clause)'}"]
                + [f"  cited by {who}" for who in self.cited_by])

    def to_dict(self) -> dict:
        return {"number": self.number, "kind": self.kind, "old": self.old, "new": self.new,
                "moved_to": self.moved_to, "cited_by": list(self.cited_by)}


class StaleCitations(UsageError):
    """A revision that would leave citations stale, refused: the list is in ``stale``."""

    def __init__(self, edition: Edition, previous: Edition, stale: list[StaleCitation]):
        self.edition, self.previous, self.stale = edition, previous, stale
        super().__init__(f"{edition.revision} of {edition.game}/{edition.lang} removes or changes {len(stale)} "
                         f"cited clauses, nothing written: update the citations first, or add it with "
                         f"--allow-stale to mark them stale ({', '.join(s.number for s in stale)})")


def _wording(c: Clause) -> str:
    return " ".join(x for x in (c.title, c.text) if x)


def stale_citations(old: list[Clause], new: list[Clause],
                    citations: Mapping[str, Sequence[str]]) -> list[StaleCitation]:
    """The cited numbers (``citations``: number → who cites it) whose clause in ``old`` (the
    revision they were written against) is gone from ``new`` or worded otherwise there."""
    before = {c.number: c for c in old}
    after = {c.number: c for c in new}
    at = {_wording(c): c.number for c in new}
    out = []
    for number in sorted(set(citations) & set(before), key=number_key):
        was, now = _wording(before[number]), after.get(number)
        if now is not None and _wording(now) == was:
            continue
        moved = at.get(was)
        out.append(StaleCitation(number, "removed" if now is None else "changed", was,
                                 None if now is None else _wording(now), moved if moved != number else None,
                                 tuple(citations[number])))
    return out


def unresolved(kb: KnowledgeBase, game: str, citations: Mapping[str, Sequence[str]]) -> list[str]:
    """What the engine's import and the site would stop on: each citation of ``game`` that
    names no clause of its current editions and is not marked stale, as one line."""
    editions = kb.current_editions(game)
    known = {c.number for e in editions for c in kb.in_edition(e.key)} | {n for e in editions for n in e.stale}
    return [f"{', '.join(who)} cites {game}:{n}, which names no clause of its current revisions"
            for n, who in sorted(citations.items(), key=lambda x: number_key(x[0])) if n not in known]
