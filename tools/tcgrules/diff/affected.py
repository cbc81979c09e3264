"""The engine tests a diff affects: those citing a clause that changed or went away.

A test's citations are its ``@pytest.mark.clauses("game:number", …)`` marks, read from the
test files by :func:`tcgrules.kb.tested.tests_citing` (no build step needed).

A test is affected when it cites a clause that was changed, removed, renumbered or moved
(its citation now names other text, or nothing). Minor and added records affect no test.
"""
from __future__ import annotations

from pathlib import Path

from ..kb.tested import tests_citing
from .classify import Change

AFFECTING = ("changed", "removed", "renumbered", "moved")


def affected_tests(root: Path, game: str, changes: list[Change]) -> list[dict]:
    """``[{"test", "citation", "kind", "old_number", "new_number"}]`` for each affected test."""
    cited = tests_citing(root, game)
    out: list[dict] = []
    for ch in changes:
        if ch.kind not in AFFECTING or ch.old is None:
            continue
        for test in cited.get(ch.old.number, []):
            out.append({"test": test, "citation": f"{game}:{ch.old.number}", "kind": ch.kind,
                        "old_number": ch.old_number, "new_number": ch.new_number})
    return sorted(out, key=lambda d: (d["test"], d["citation"]))
