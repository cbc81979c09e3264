"""Recall of ``tcgrules glossary lint`` on real inconsistencies, per edition and half.

The set (tests/queries/lint.yaml) lists, in ``tune:`` and ``held_out:`` halves, inconsistencies
read in the rule text: an ``edition``, the variant ``found`` as printed, the ``suggest``ed
rendering and the ``clauses`` printing it. A clause counts as found when the lint reports a
finding there whose printed variant holds ``found`` (or, two characters or more, lies inside it).
The baseline, run in the same process, is the lint's glossary-variant detector alone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..glossary.consistency import Inconsistency, _Edition, inconsistencies, style_list, term_variants
from ..kb import store
from ..kb.concepts import Glossary
from ..kb.model import KnowledgeBase

HALVES = ("tune", "held_out")


@dataclass
class Recall:
    """Clauses found of those expected, per edition; the misses as (edition, number, found)."""

    found: dict[str, int] = field(default_factory=dict)
    expected: dict[str, int] = field(default_factory=dict)
    misses: list[tuple[str, str, str]] = field(default_factory=list)

    def to_dict(self, half: str) -> dict:
        """The figures; the misses only of the tune half: a held-out half that names its misses
        invites tuning on them."""
        return {"by_edition": {e: {"found": self.found[e], "expected": n} for e, n in self.expected.items()},
                "found": sum(self.found.values()), "expected": sum(self.expected.values()),
                **({"misses": [list(m) for m in self.misses]} if half == "tune" else {})}


def load_halves(path: Path) -> dict[str, list[dict]]:
    """The two halves; a malformed entry is a ValueError naming its half and position."""
    data = store.read_yaml(Path(path))
    if not isinstance(data, dict):
        raise ValueError("expected the lists 'tune' and 'held_out'")
    for half in HALVES:
        entries = data.get(half)
        if not isinstance(entries, list) or not entries:
            raise ValueError(f"expected a non-empty list {half!r}")
        for i, d in enumerate(entries, start=1):
            if not (isinstance(d, dict) and all(isinstance(d.get(k), str) for k in ("edition", "found", "suggest"))
                    and isinstance(d.get("clauses"), list) and d["clauses"]):
                raise ValueError(f"{half} #{i}: needs 'edition', 'found', 'suggest' and 'clauses'")
    return {half: data[half] for half in HALVES}


def hit(finding: Inconsistency, found: str) -> bool:
    return found in finding.found or (len(finding.found) >= 2 and finding.found in found)


def recall(findings: list[Inconsistency], entries: list[dict]) -> Recall:
    at: dict[tuple[str, str], list[Inconsistency]] = {}
    for f in findings:
        at.setdefault((f.edition, f.number), []).append(f)
    r = Recall()
    for d in entries:
        for number in d["clauses"]:
            ok = any(hit(f, d["found"]) for f in at.get((d["edition"], str(number)), []))
            r.expected[d["edition"]] = r.expected.get(d["edition"], 0) + 1
            r.found[d["edition"]] = r.found.get(d["edition"], 0) + ok
            if not ok:
                r.misses.append((d["edition"], str(number), d["found"]))
    return r


def baseline(kb: KnowledgeBase, glossary: Glossary) -> list[Inconsistency]:
    """The glossary-variant detector alone, on every current edition."""
    return [f for e in kb.current_editions()
            for f in term_variants(_Edition(kb, glossary, e, kb.in_edition(e.key), style_list(kb.root, e.game, e.lang)))]


def run(kb: KnowledgeBase, halves: dict[str, list[dict]], kept: Path | None = None) -> dict[str, dict[str, Recall]]:
    """``{"lint" | "baseline": {half: Recall}}``; ``kept``: where the lint's findings are kept
    (as `glossary lint` and the site keep them: found once for all three)."""
    found = {"lint": inconsistencies(kb, kb.glossary, kept=kept), "baseline": baseline(kb, kb.glossary)}
    return {name: {half: recall(fs, entries) for half, entries in halves.items()} for name, fs in found.items()}


def format_report(results: dict[str, dict[str, Recall]]) -> str:
    lines = [f"{'edition':<34}" + "".join(f"{name + ' ' + half:>22}" for name in results for half in HALVES)]
    editions = sorted({e for by in results.values() for r in by.values() for e in r.expected})
    for e in editions + ["all"]:
        cells = []
        for by in results.values():
            for half in HALVES:
                r = by[half]
                f, n = (sum(r.found.values()), sum(r.expected.values())) if e == "all" else \
                    (r.found.get(e, 0), r.expected.get(e, 0))
                cells.append(f"{f}/{n} ({f / n:.0%})" if n else "-")
        lines.append(f"{e:<34}" + "".join(f"{c:>22}" for c in cells))
    return "\n".join(lines)
