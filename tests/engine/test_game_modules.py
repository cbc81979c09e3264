"""The engine's module layout: each game's modules import each other without a cycle, so
that each can be read (and compiled) knowing only the modules below it."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "tools" / "tcgrules" / "engine"


def sibling_imports(path: Path) -> set[str]:
    """The modules of the same package that ``path`` imports, anywhere in it."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out |= {node.module} if node.module else {a.name for a in node.names}
    return out


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph``, or None."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return path[path.index(name):] + [name]
        if name in done or name not in graph:
            return None
        for dep in sorted(graph[name]):
            found = visit(dep, path + [name])
            if found:
                return found
        done.add(name)
        return None

    return next((c for n in sorted(graph) if (c := visit(n, []))), None)


@pytest.mark.parametrize("package", sorted(p.name for p in ENGINE.iterdir()
                                            if (p / "__init__.py").is_file() and not p.name.startswith("_")))
def test_a_games_modules_import_each_other_without_a_cycle(package):
    folder = ENGINE / package
    graph = {p.stem: sibling_imports(p) for p in folder.glob("*.py") if p.stem != "__init__"}
    assert cycle(graph) is None


def test_a_cycle_is_found():
    assert cycle({"state": {"cost"}, "cost": {"cards", "state"}, "cards": set()}) == ["cost", "state", "cost"]
