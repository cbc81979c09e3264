"""Recall of ``tcgrules term`` and ``tcgrules search`` on a query set split into two halves.

The file (tests/queries/terms.yaml) has two lists, ``tune`` and ``held_out``; each entry a
``query``, its ``expected`` answers (concept ids or citations such as
``battle-spirits:8-1-6-1``), a ``kind`` and the ``script`` it is typed in. Both rankers are
scored by :func:`.search.quality`, each on the expected answers turned into what it returns:

* ``term`` returns concepts: a citation counts as the concepts defined in that clause;
* ``search`` returns clauses: a concept counts as the clauses that define it (or, when
  none does, those that use it).
"""
from __future__ import annotations

from pathlib import Path

from ..kb import store
from ..kb.model import KnowledgeBase, UnknownClause
from ..search.query import Searcher
from .search import Case, Quality, quality

HALVES = ("tune", "held_out")


def load_halves(path: Path) -> dict[str, list[dict]] | None:
    """The two halves, or None when the file is not split (a plain ``queries`` list).

    A malformed entry is a ValueError naming its half and position.
    """
    data = store.read_yaml(Path(path))
    if not isinstance(data, dict) or not any(h in data for h in HALVES):
        return None
    halves = {}
    for half in HALVES:
        entries = data.get(half)
        if not isinstance(entries, list) or not entries:
            raise ValueError(f"expected a non-empty list {half!r}")
        for i, d in enumerate(entries, start=1):
            if not (isinstance(d, dict) and isinstance(d.get("query"), str) and isinstance(d.get("expected"), list)
                    and d["expected"] and all(isinstance(x, str) for x in d["expected"])):
                raise ValueError(f"{half} #{i}: needs 'query' (text) and 'expected' (concept ids or citations)")
        halves[half] = entries
    return halves


def clauses_of(kb: KnowledgeBase, answer: str) -> set[str]:
    """The clause ids an expected answer names: a citation's clauses, a concept's definitions
    (a concept no clause defines, 星靈王's unit: the clauses that use it)."""
    if ":" in answer:
        return {c.id for c in kb.resolve_citation(answer)}
    return set(kb.glossary.defining(kb.glossary.concept(answer).id))


def concepts_of(kb: KnowledgeBase, answer: str) -> set[str]:
    """The concept ids an expected answer names: itself, or those a cited clause defines."""
    if ":" not in answer:
        return {kb.glossary.concept(answer).id}
    ids = clauses_of(kb, answer)
    return {c.id for c in kb.glossary if any(cid in ids for v in c.defined_in.values() for cid in v)}


def cases(kb: KnowledgeBase, entries: list[dict], resolve) -> list[Case]:
    """The entries as bench cases whose expected ids are ``resolve``'s answers (unfiltered)."""
    out = []
    for d in entries:
        expected: set[str] = set()
        for answer in d["expected"]:
            try:
                expected |= resolve(kb, answer)
            except (KeyError, UnknownClause) as e:
                raise ValueError(f"{d['query']!r}: {e}") from None
        out.append(Case(d["query"], tuple(sorted(expected)), d.get("kind", "other")))
    return out


def run(kb: KnowledgeBase, searcher: Searcher, halves: dict[str, list[dict]]) -> dict[str, dict[str, Quality]]:
    """``{ranker: {half: Quality}}`` for the rankers ``term`` and ``search``."""
    rankers = {
        "term": (concepts_of, lambda c: [x.id for x in kb.glossary.lookup(c.query)]),
        "search": (clauses_of, lambda c: [h.id for h in searcher.search(c.query, limit=10)]),
    }
    return {name: {half: quality(cases(kb, entries, resolve), rank) for half, entries in halves.items()}
            for name, (resolve, rank) in rankers.items()}


def format_report(results: dict[str, dict[str, Quality]], sizes: dict[str, int]) -> str:
    lines = [f"query set halves: {', '.join(f'{h} {n}' for h, n in sizes.items())} queries",
             f"  {'':<8}{'half':<10}{'recall@1':>10}{'recall@10':>11}{'MRR':>8}{'P@1':>8}   by kind (recall@10)"]
    for name, by_half in results.items():
        for half, q in by_half.items():
            kinds = ", ".join(f"{k} {f['recall_10']:.2f} ({f['queries']})" for k, f in q.by_kind.items())
            lines.append(f"  {name:<8}{half:<10}{q.recall_1:>10.3f}{q.recall_10:>11.3f}{q.mrr:>8.3f}"
                         f"{q.precision_1:>8.3f}   {kinds}")
    return "\n".join(lines)
