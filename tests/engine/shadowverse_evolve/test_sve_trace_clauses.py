"""A trace cites the clause of the rule that acted: every event a rule function of the
Shadowverse: Evolve engine reports (``ev.append((kind, "clauses", text))``) cites clauses that
function cites with ``@cites``, read from the sources (nothing runs)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tcgrules.engine.shadowverse_evolve import RULES

PACKAGE = Path(__file__).resolve().parents[3] / "tools" / "tcgrules" / "engine" / "shadowverse_evolve"


def reported_clauses() -> list[tuple[str, str, str]]:
    """(function, event kind, clause) of every event a module-level function reports with
    its clauses written out."""
    out = []
    for path in sorted(PACKAGE.glob("*.py")):
        for fn in (n for n in ast.parse(path.read_text(encoding="utf-8")).body if isinstance(n, ast.FunctionDef)):
            for node in ast.walk(fn):
                if not (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "append" and node.args
                        and isinstance(node.args[0], ast.Tuple) and len(node.args[0].elts) >= 2):
                    continue
                kind, clauses = node.args[0].elts[:2]
                if isinstance(clauses, ast.Constant) and isinstance(clauses.value, str) and clauses.value[:1].isdigit():
                    who = f"tcgrules.engine.shadowverse_evolve.{path.stem}.{fn.name}"
                    out += [(who, getattr(kind, "value", "?"), n) for n in clauses.value.split()]
    return out


@pytest.mark.clauses("shadowverse-evolve:10.9.1.2", "shadowverse-evolve:14.2.2.4")
def test_10_9_1_2_and_14_2_2_4_every_event_cites_a_clause_its_rule_function_cites():
    found = reported_clauses()
    assert len(found) > 80  # the scan reads the engine's events
    cited = {(who, n) for n, whos in RULES.implemented.items() for who in whos}
    assert [f"{who}: {kind} cites {n}" for who, kind, n in found if (who, n) not in cited] == []
