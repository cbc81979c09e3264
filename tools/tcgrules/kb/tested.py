"""The tests that cite each clause: the one scanner of ``@pytest.mark.clauses(...)`` marks.

It reads the test files with :mod:`ast` (nothing is imported or run, and pytest is not
needed): the engine's coverage index, the engine tests a diff affects and the site all take
their "tested by" from it, so they agree, and none needs a build step. The pytest plugin
(:mod:`tcgrules.testing.citations`) checks the same marks at collection.
"""
from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterable

from .model import UnknownClause, parse_citation


def tests_citing(root: Path, game: str) -> dict[str, list[str]]:
    """Clause number of ``game`` → ids of the tests under ``root/tests`` whose marks cite it.

    Ids are pytest's node ids (``tests/engine/test_turn.py::test_7_3_3_…``). A file that
    does not parse (being edited) cites nothing; a malformed citation is skipped here and
    reported by the plugin at collection.
    """
    out: dict[str, list[str]] = {}
    tests = root / "tests"
    for path in sorted(tests.rglob("test*.py")) if tests.is_dir() else ():
        for test_id, citations in _marked_in(path, path.relative_to(root).as_posix()):
            for citation in citations:
                try:
                    g, number = parse_citation(citation)
                except UnknownClause:
                    continue
                if g == game and test_id not in out.setdefault(number, []):
                    out[number].append(test_id)
    return out


# path -> (its text, its marked tests): every game's index reads the same files, and a
# file is parsed again only when its text changed (a long `site serve`)
_PARSED: dict[tuple[Path, str], tuple[str, list[tuple[str, list[str]]]]] = {}


def _marked_in(path: Path, rel: str) -> list[tuple[str, list[str]]]:
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    kept = _PARSED.get((path, rel))
    if kept is not None and kept[0] == source:
        return kept[1]
    marked: list[tuple[str, list[str]]] = []
    if "clauses" in source:  # else no mark can cite a clause
        try:
            marked = list(marked_tests(ast.parse(source, str(path)), rel))
        except (SyntaxError, ValueError):
            pass
    _PARSED[path, rel] = (source, marked)
    return marked


def marked_tests(tree: ast.Module, rel: str) -> Iterable[tuple[str, list[str]]]:
    """(test id, citations) for every test under a clauses mark (module, class or function)."""
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
    """The string arguments of ``pytest.mark.clauses(…)`` calls (or of an alias named
    ``clauses``) in a decorator or a ``pytestmark`` value."""
    calls = node.elts if isinstance(node, (ast.List, ast.Tuple)) else [node]
    out: list[str] = []
    for call in calls:
        f = call.func if isinstance(call, ast.Call) else None
        if (isinstance(f, ast.Attribute) and f.attr == "clauses") or (isinstance(f, ast.Name) and f.id == "clauses"):
            out += [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]  # type: ignore[union-attr]
    return out
