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
# The chapters whose clauses govern play: 1 and 3 to 12 (2 describes the card face, 13 is misc).
PLAY_CHAPTERS = {"battle-spirits": {"1", *map(str, range(3, 13))},
                 "shadowverse-evolve": set(map(str, range(1, 16)))}  # less shadowverse_evolve/scope.py's NOT_PLAY
# Clauses of those chapters that do not govern play (tournament, table and visibility matters).
NOT_PLAY = {"battle-spirits": {
    "1-1-1",  # formats (Standard / Eternal): deck building, not play
    "4-1-2", "4-1-3", "4-2-2", "4-3-2", "4-3-3", "4-4-2", "4-5-2", "4-5-5", "4-6-2", "4-7-2", "4-9-2",  # who may look
    "4-8-2",  # marbles may stand in for cores
    "5-3-5",  # each player takes back their cards after the game
    "5-7-2",  # official tokens may be used as cores
    "6-1-1-2-2",  # tournament ban and restriction lists
    "6-2-1-1-1",  # preparing the void on the table
}, "shadowverse-evolve": set()}


def engine_module(game: str):
    try:
        return importlib.import_module(ENGINES[game])
    except KeyError:
        raise KeyError(f"no rules engine for game {game!r} (engines: {', '.join(sorted(ENGINES))})") from None


def relevant(game: str) -> list[str]:
    """Clause numbers (kind ``clause``) of the play chapters, less :data:`NOT_PLAY`."""
    index = clause_numbers(game)
    chapters, skip = PLAY_CHAPTERS[game], NOT_PLAY[game]
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
