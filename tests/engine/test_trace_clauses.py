"""A trace cites the clause of the rule that acted: each kind of Battle Spirits event cites
clauses (``events.EVENTS``) that every rule function reporting it cites with ``@cites``, read
from the sources (nothing runs)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tcgrules.engine.battle_spirits import RULES
from tcgrules.engine.battle_spirits.events import EVENTS

PACKAGE = Path(__file__).resolve().parents[2] / "tools" / "tcgrules" / "engine" / "battle_spirits"
MODULE = "tcgrules.engine.battle_spirits"
# Kinds a function reports by a name it is given or makes, not written out in its report.
NAMED = {"recover": ["status.recover"], "recover_heavy": ["status.recover"], "exhaust": ["status.exhaust"], "heavily_exhaust": ["status.heavily_exhaust"],
         "summon": ["cost.begin"], "deploy": ["cost.begin"], "use": ["cost.begin"],
         "to_hand": ["effects.flush_standby"], "to_trash": ["effects.flush_standby"],
         "to_removed": ["effects.remove_from_standby"]}


def reporters() -> dict[str, set[str]]:
    """Each event kind, and the module-level functions reporting it (``events.append((kind, …))``)."""
    out: dict[str, set[str]] = {kind: {f"{MODULE}.{f}" for f in fs} for kind, fs in NAMED.items()}
    for path in sorted(PACKAGE.glob("*.py")):
        for fn in (n for n in ast.parse(path.read_text(encoding="utf-8")).body if isinstance(n, ast.FunctionDef)):
            for node in ast.walk(fn):
                if (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "append" and node.args
                        and isinstance(node.args[0], ast.Tuple) and node.args[0].elts
                        and isinstance(node.args[0].elts[0], ast.Constant) and node.args[0].elts[0].value in EVENTS):
                    out.setdefault(node.args[0].elts[0].value, set()).add(f"{MODULE}.{path.stem}.{fn.name}")
    return out


@pytest.mark.clauses("battle-spirits:9-3-1-3", "battle-spirits:7-1-1")
def test_9_3_1_3_and_7_1_1_each_event_kind_cites_clauses_its_rule_functions_cite():
    found = reporters()
    assert sorted(set(EVENTS) - set(found)) == []  # every kind is reported by some function
    cited = {(who, n) for n, whos in RULES.implemented.items() for who in whos}
    wrong = [f"{who}: {kind} cites {n}" for kind, whos in found.items() for who in sorted(whos)
             for n in EVENTS[kind][0] if (who, n) not in cited]
    assert wrong == []
