"""``tcgrules bench diff``: a full-edition diff against a no-change diff of the same edition.

Only one revision of each edition exists, so the workload is crafted in memory from the real
records: one chapter renumbered (every record under it), every 10th record edited, every
29th deleted, a new record inserted after every 31st. The baseline, run in the same
process, diffs the edition against an unchanged copy: the cost of the cheap round alone
(same number, same text). The goal is a full-edition diff in at most 1 s.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Callable

from .records import _best  # best-of-n wall time, shared with bench records
from ..kb.model import Clause, KnowledgeBase
from ..diff import Revision, diff_revisions
from ..diff.match import key

GOAL_S = 1.0


def perturb(clauses: list[Clause]) -> list[Clause]:
    """A crafted next revision of ``clauses`` (see the module docstring)."""
    chapters = [c.number for c in clauses if c.kind == "chapter"]
    moved = chapters[len(chapters) // 2] if chapters else None
    renumber = _renumberer(moved, f"{moved}9") if moved else (lambda s: s)
    out: list[Clause] = []
    for i, c in enumerate(clauses):
        if i % 29 == 28:
            continue
        prefix = c.id[: -len(key(c))]
        text = c.text
        if i % 10 == 9 and text:
            mid = len(text) // 2
            text = text[:mid] + "＊" + text[mid + 1:]
        new = dataclasses.replace(c, id=prefix + renumber(key(c)), number=renumber(c.number), text=text,
                                  parent=_renumber_id(c.parent, renumber), refs=[])
        out.append(new)
        if i % 31 == 30:
            out.append(dataclasses.replace(new, id=f"{new.id}-999", number=f"{new.number}-999",
                                           text=new.text[::-1], parent=new.id, refs=[]))
    return out


def _renumberer(old: str, new: str) -> Callable[[str], str]:
    pattern = re.compile(rf"^{re.escape(old)}(?=$|[-.~])")
    return lambda s: pattern.sub(new, s)


def _renumber_id(clause_id: str | None, renumber: Callable[[str], str]) -> str | None:
    if clause_id is None:
        return None
    prefix, _, k = clause_id.rpartition("/")
    return f"{prefix}/{renumber(k)}"


def run(kb: KnowledgeBase, repeat: int = 5) -> dict:
    """Figures per current edition, and the slowest full diff against the goal."""
    rows = []
    for e in kb.current_editions():
        records = kb.in_edition(e.key)
        old = Revision(e, records, e.key)
        same = Revision(e, [dataclasses.replace(c) for c in records], e.key)
        crafted = Revision(e, perturb(records), e.key)
        base = _best(lambda: diff_revisions(old, same), repeat)
        full = _best(lambda: diff_revisions(old, crafted), repeat)
        summary = diff_revisions(old, crafted).summary
        rows.append({"edition": e.key, "records": len(records), "baseline_s": round(base, 4),
                     "diff_s": round(full, 4), "ratio": round(full / base, 2) if base else None,
                     "summary": summary})
    slowest = max((r["diff_s"] for r in rows), default=0.0)
    return {"editions": rows, "slowest_diff_s": slowest, "goal_s": GOAL_S, "within_goal": slowest <= GOAL_S}


def text(figures: dict) -> str:
    out = []
    for r in figures["editions"]:
        s = r["summary"]
        out.append(f"{r['edition']}: {r['records']} records; diff {r['diff_s']:.3f} s = {r['ratio']}× the "
                   f"no-change diff ({r['baseline_s']:.3f} s); {s['changed']} changed, {s['added']} added, "
                   f"{s['removed']} removed, {s['renumbered']} renumbered")
    verdict = "within" if figures["within_goal"] else "OVER"
    out.append(f"slowest full-edition diff {figures['slowest_diff_s']:.3f} s: {verdict} the goal of "
               f"{figures['goal_s']:.0f} s")
    return "\n".join(out) + "\n"
