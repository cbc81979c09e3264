"""A clause through every revision: where it stood, under which number, what changed.

For each language edition of the citation's game, the revisions in ``rules/`` are taken in
the order the manifest lists them (the order they were added) and each consecutive pair is
diffed (:class:`EditionHistory`, which the site also uses for its clause history pages). A clause's history
is the chain of records the diffs pair with one another, followed backwards and forwards
from every record that carries the cited number in any revision, so a clause renumbered
in 1.1 is found from its old number and from its new one.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..kb.model import Clause, Edition, KnowledgeBase, UnknownClause, parse_citation
from . import EditionDiff, Revision, diff_revisions
from .classify import Change
from .forced import ForcedEntry
from .report import inline


class HistoryError(Exception):
    """A citation that cannot be followed (malformed, unknown game or language)."""


@dataclass
class Step:
    """The clause in one revision: its record (None when absent) and the change from the
    revision before (None for the first revision)."""

    edition: Edition
    clause: Clause | None
    change: Change | None


@dataclass
class History:
    citation: str
    chains: dict[str, list[list[Step]]]  # language → one chain per distinct clause


def revisions(kb: KnowledgeBase, game: str, lang: str) -> list[Edition]:
    """The revisions of one language edition, oldest first (manifest order)."""
    return [e for e in kb.editions.values() if e.game == game and e.lang == lang]


class EditionHistory:
    """Every revision of one language edition and the diffs between consecutive ones."""

    def __init__(self, kb: KnowledgeBase, game: str, lang: str, forced: list[ForcedEntry] | None = None):
        self.editions = revisions(kb, game, lang)
        sides = [Revision(e, kb.in_edition(e.key), e.key) for e in self.editions]
        self.diffs: list[EditionDiff] = [diff_revisions(a, b, forced) for a, b in zip(sides, sides[1:])]
        self.forward: dict[str, Change] = {}  # old record id → its change in the next revision
        self.backward: dict[str, Change] = {}  # new record id → its change from the previous one
        for d in self.diffs:
            for ch in d.changes:
                if ch.old:
                    self.forward[ch.old.id] = ch
                if ch.new:
                    self.backward[ch.new.id] = ch
        self._at = {e.key: i for i, e in enumerate(self.editions)}

    def chain(self, clause: Clause) -> list[Step]:
        """The clause's record in every revision, found through the diffs on either side."""
        records: list[Clause | None] = [None] * len(self.editions)
        at = self._at[clause.edition]
        records[at] = clause
        for i in range(at, 0, -1):
            ch = self.backward.get(records[i].id) if records[i] else None
            records[i - 1] = ch.old if ch else None
        for i in range(at, len(self.editions) - 1):
            ch = self.forward.get(records[i].id) if records[i] else None
            records[i + 1] = ch.new if ch else None
        steps = []
        for i, (e, c) in enumerate(zip(self.editions, records)):
            change = None
            if i:
                prev = records[i - 1]
                change = self.backward.get(c.id) if c else self.forward.get(prev.id) if prev else None
            steps.append(Step(e, c, change))
        return steps

    def chains(self, seeds: Iterable[Clause]) -> list[list[Step]]:
        """One chain per distinct clause among ``seeds`` (records of these revisions)."""
        out: list[list[Step]] = []
        seen: set[str] = set()
        for seed in seeds:
            if seed.id not in seen:
                chain = self.chain(seed)
                seen.update(s.clause.id for s in chain if s.clause)
                out.append(chain)
        return out


def history(kb: KnowledgeBase, citation: str, lang: str | None = None,
            forced: list[ForcedEntry] | None = None) -> History:
    try:
        game, number = parse_citation(citation)
    except UnknownClause as e:
        raise HistoryError(str(e)) from None
    if game not in kb.games():
        raise HistoryError(f"unknown game {game!r} (known: {', '.join(kb.games())})")
    langs = sorted({e.lang for e in kb.editions.values() if e.game == game})
    if lang is not None and lang not in langs:
        raise HistoryError(f"{game} has no {lang} edition (known: {', '.join(langs)})")
    chains = {}
    for x in langs:
        if lang in (None, x):
            h = EditionHistory(kb, game, x, forced)
            chains[x] = h.chains(c for e in h.editions for c in kb.by_number(e.key, number))
    chains = {x: c for x, c in chains.items() if c}
    if not chains:
        raise UnknownClause(f"{citation}: no revision of {game} has a clause numbered {number!r}")
    return History(citation, chains)


def to_json(h: History) -> dict:
    return {"citation": h.citation, "languages": {
        lang: [[{"edition": s.edition.key, "revision": s.edition.revision, "present": s.clause is not None,
                 "id": s.clause.id if s.clause else None, "number": s.clause.number if s.clause else None,
                 "text": " ".join(x for x in (s.clause.title, s.clause.text) if x) if s.clause else None,
                 "change": s.change.kind if s.change else None,
                 "diff": [[op, t] for op, t in s.change.segments] if s.change and s.change.kind in ("changed", "minor")
                 else []} for s in chain] for chain in chains]
        for lang, chains in h.chains.items()}}


def text(h: History) -> str:
    out = [h.citation]
    for lang, chains in h.chains.items():
        for chain in chains:
            out.append(f"  {lang}:")
            for s in chain:
                out.append(f"    {s.edition.revision}  " + _describe(s))
    return "\n".join(out) + "\n"


def _describe(s: Step) -> str:
    if s.clause is None:
        return "removed" if s.change and s.change.kind == "removed" else "not present"
    head = s.clause.id.rsplit("/", 1)[1]
    ch = s.change
    if ch is None:
        return f"{head}  {' '.join(x for x in (s.clause.title, s.clause.text) if x)}"
    if ch.kind in ("renumbered", "moved") or (ch.old and ch.old.number != s.clause.number):
        head += f"  {ch.kind} (was {ch.old.id.rsplit('/', 1)[1] if ch.old else '—'})"
    else:
        head += f"  {ch.kind}"
    if ch.kind in ("changed", "minor"):
        return f"{head}: {inline(ch.segments, color=False)}"
    return head
