"""The clause index of an engine: which clauses govern play, which functions implement
them and which tests check them.

``implemented_by`` comes from the engine's :class:`~tcgrules.engine.core.RuleBook` (filled
at import by the ``cites`` decorator); ``tested_by`` from the ``@pytest.mark.clauses(...)``
marks of the tests in ``tests/engine/``, read with :mod:`ast` so that no test runs.
"""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

from ..kb.model import number_key, parse_citation
from .core import RuleBook, clause_numbers

# Engines by game: the module that defines RULES and ENGINE.
ENGINES = {"battle-spirits": "tcgrules.engine.battle_spirits",
           "shadowverse-evolve": "tcgrules.engine.shadowverse_evolve"}
def engine_module(game: str):
    try:
        return importlib.import_module(ENGINES[game])
    except KeyError:
        raise KeyError(f"no rules engine for game {game!r} (engines: {', '.join(sorted(ENGINES))})") from None


def relevant(game: str) -> list[str]:
    """Clause numbers (kind ``clause``) of the game's play chapters, less its ``NOT_PLAY``
    (both tables of the game's package)."""
    index = clause_numbers(game)
    module = engine_module(game)
    chapters, skip = module.PLAY_CHAPTERS, module.NOT_PLAY
    out = [n for n, kind in index.kinds if kind == "clause" and n.split("-", 1)[0] in chapters and n not in skip]
    return sorted(out, key=number_key)


def _mark_citations(decorators: list[ast.expr]) -> list[str]:
    """The string arguments of ``pytest.mark.clauses(...)`` decorators (or of an alias of
    it named ``clauses``)."""
    out = []
    for d in decorators:
        f = d.func if isinstance(d, ast.Call) else None
        if (isinstance(f, ast.Attribute) and f.attr == "clauses") or (isinstance(f, ast.Name) and f.id == "clauses"):
            out += [a.value for a in d.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return out


def tested_by(tests_dir: Path, game: str) -> dict[str, list[str]]:
    """For each clause number of ``game``, the test ids whose ``clauses`` marks cite it."""
    out: dict[str, list[str]] = {}
    root = tests_dir.parent
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        rel = path.relative_to(root).as_posix()
        for node in tree.body:
            tests: list[tuple[str, list[str]]] = []
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                tests.append((node.name, _mark_citations(node.decorator_list)))
            elif isinstance(node, ast.ClassDef):
                inherited = _mark_citations(node.decorator_list)
                tests += [(f"{node.name}::{f.name}", inherited + _mark_citations(f.decorator_list))
                          for f in node.body if isinstance(f, ast.FunctionDef) and f.name.startswith("test")]
            for name, citations in tests:
                for c in citations:
                    g, number = parse_citation(c)
                    if g == game:
                        out.setdefault(number, []).append(f"{rel}::{name}")
    return out


def coverage_index(root: Path, game: str) -> dict:
    """``{"game", "relevant", "clauses": {number: {"implemented_by", "tested_by"}}}``."""
    rules: RuleBook = engine_module(game).RULES
    tests = tested_by(root / "tests" / "engine", game)
    rel = relevant(game)
    numbers = sorted(set(rel) | set(rules.implemented) | set(tests), key=number_key)
    return {
        "game": game,
        "relevant": rel,
        "clauses": {n: {"implemented_by": sorted(rules.implemented.get(n, [])),
                        "tested_by": sorted(tests.get(n, []))} for n in numbers},
    }


def untested(index: dict) -> list[str]:
    """Implemented clauses that no test cites."""
    return [n for n, c in index["clauses"].items() if c["implemented_by"] and not c["tested_by"]]
