"""The engine tests a diff affects: those citing a clause that changed or went away.

Where a test's citations come from, in order of preference:

1. ``build/engine/<game>.coverage.json``, written by ``tcgrules engine coverage --game G``:
   ``{"clauses": {number: {"tested_by": [test ids]}}}``;
2. otherwise the test files themselves: ``@pytest.mark.clauses("game:number", …)`` on a
   test function or class, or ``pytestmark = pytest.mark.clauses(…)`` for a whole module,
   read with :mod:`ast` (nothing is imported or run).

A test is affected when it cites a clause that was changed, removed, renumbered or moved
(its citation now names other text, or nothing). Minor and added records affect no test.
"""
from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Iterable

from ..kb.model import parse_citation, UnknownClause
from .classify import Change

AFFECTING = ("changed", "removed", "renumbered", "moved")


def coverage_path(root: Path, game: str) -> Path:
    return root / "build" / "engine" / f"{game}.coverage.json"


def citing_tests(root: Path, game: str) -> dict[str, list[str]]:
    """Clause number → ids of the tests citing it, for one game."""
    path = coverage_path(root, game)
    if path.is_file():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return {str(n): list(v.get("tested_by") or []) for n, v in (data.get("clauses") or {}).items()}
        except (OSError, ValueError, AttributeError):
            pass  # a broken coverage file: fall back to reading the markers
    return scan_markers(root / "tests", game)


def scan_markers(tests: Path, game: str) -> dict[str, list[str]]:
    """Citations of ``game`` in ``@pytest.mark.clauses(…)`` markers under ``tests``."""
    out: dict[str, list[str]] = {}
    for path in sorted(tests.rglob("test*.py")) if tests.is_dir() else ():
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue  # a file being edited by someone else: it cites nothing we can read
        rel = path.relative_to(tests).as_posix()  # ids as the coverage index writes them
        for test_id, citations in _marked_tests(tree, rel):
            for citation in citations:
                try:
                    g, number = parse_citation(citation)
                except UnknownClause:
                    continue
                if g == game and test_id not in out.setdefault(number, []):
                    out[number].append(test_id)
    return out


def _marked_tests(tree: ast.Module, rel: str) -> Iterable[tuple[str, list[str]]]:
    """(test id, citations) for every test under a clauses marker (module, class or function)."""
    module_marks = [c for node in tree.body if isinstance(node, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)
                    for c in _citations_in(node.value)]

    def walk(body: list[ast.stmt], prefix: str, inherited: list[str]) -> Iterable[tuple[str, list[str]]]:
        for node in body:
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                own = [c for d in node.decorator_list for c in _citations_in(d)]
                yield from walk(node.body, f"{prefix}::{node.name}", inherited + own)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                cites = inherited + [c for d in node.decorator_list for c in _citations_in(d)]
                if cites:
                    yield f"{prefix}::{node.name}", cites

    yield from walk(tree.body, rel, module_marks)


def _citations_in(node: ast.expr) -> list[str]:
    """The string arguments of ``…mark.clauses(…)`` calls in a decorator or assignment."""
    calls = node.elts if isinstance(node, (ast.List, ast.Tuple)) else [node]
    out: list[str] = []
    for call in calls:
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "clauses"
                and isinstance(call.func.value, ast.Attribute) and call.func.value.attr == "mark"):
            out += [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return out


def affected_tests(root: Path, game: str, changes: list[Change]) -> list[dict]:
    """``[{"test", "citation", "kind", "old_number", "new_number"}]`` for each affected test."""
    cited = citing_tests(root, game)
    out: list[dict] = []
    for ch in changes:
        if ch.kind not in AFFECTING or ch.old is None:
            continue
        for test in cited.get(ch.old.number, []):
            out.append({"test": test, "citation": f"{game}:{ch.old.number}", "kind": ch.kind,
                        "old_number": ch.old_number, "new_number": ch.new_number})
    return sorted(out, key=lambda d: (d["test"], d["citation"]))
