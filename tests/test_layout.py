"""The package layout: data flows one way through the packages (see pyproject.toml's
import-linter contract), and every package of tcgrules is placed in that flow."""
from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tools" / "tcgrules"


def _layers() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = [c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers"]
    return [m.strip() for layer in contract["layers"] for m in layer.split("|")]


def test_every_package_and_top_module_has_a_place_in_the_flow() -> None:
    placed = set(_layers())
    found = {f"tcgrules.{p.name}" for p in PACKAGE.iterdir()
             if (p / "__init__.py").is_file() or (p.suffix == ".py" and p.name != "__init__.py")}
    found = {m.removesuffix(".py") for m in found}
    assert found == placed, f"not in the contract: {sorted(found - placed)}; gone: {sorted(placed - found)}"


def test_imports_follow_the_flow_with_no_cycle_between_packages_and_no_test_tool_in_product_code() -> None:
    run = subprocess.run([str(Path(sys.executable).parent / "lint-imports"), "--config", str(ROOT / "pyproject.toml")],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout


# PyYAML's ways of turning text into data: only kb/store.py may use them, and it reads every
# file through its one safe reader (no aliases, no duplicate keys, core tags only, bounded).
YAML_LOADERS = {"load", "safe_load", "full_load", "unsafe_load", "load_all", "safe_load_all", "full_load_all",
                "unsafe_load_all", "compose", "compose_all"}
SAFE_READER = PACKAGE / "kb" / "store.py"


def yaml_loader_uses(path: Path) -> list[str]:
    """``file:line name`` of each PyYAML loader the module calls or names (``yaml.safe_load``,
    ``from yaml import load``, a ``yaml.…Loader`` class, a ``Loader=`` argument)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found = []
    for node in ast.walk(tree):
        name = None
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "yaml" and (
                node.attr in YAML_LOADERS or node.attr.endswith("Loader")):
            name = f"yaml.{node.attr}"
        elif isinstance(node, ast.ImportFrom) and node.module == "yaml":
            names = [a.name for a in node.names if a.name in YAML_LOADERS or a.name.endswith("Loader")]
            name = ", ".join(names) or None
        elif isinstance(node, ast.keyword) and node.arg == "Loader":
            name = "Loader="
        if name:
            found.append(f"{rel}:{node.lineno} {name}")
    return found


def test_only_the_safe_reader_calls_a_pyyaml_loader() -> None:
    modules = [p for p in sorted(PACKAGE.rglob("*.py")) if p != SAFE_READER  # not the engines' build folders:
               and not any(part.startswith("_compiled") for part in p.relative_to(PACKAGE).parts)]
    assert len(modules) > 50
    uses = [u for p in modules for u in yaml_loader_uses(p)]
    assert not uses, f"read YAML with tcgrules.kb.store (read_yaml, load_yaml, parse_yaml), not: {uses}"


def test_the_loader_scan_finds_each_way_of_calling_pyyaml(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    module.write_text("import yaml\nfrom yaml import safe_load\nyaml.safe_load('a')\nyaml.load('a', Loader=yaml.CSafeLoader)\n"
                      "yaml.compose('a')\nyaml.dump({})\nyaml.safe_dump({})\n", encoding="utf-8")
    assert sorted(yaml_loader_uses(module)) == [
        "probe.py:2 safe_load", "probe.py:3 yaml.safe_load", "probe.py:4 Loader=", "probe.py:4 yaml.CSafeLoader",
        "probe.py:4 yaml.load", "probe.py:5 yaml.compose"]


def imported_test_modules(path: Path) -> list[str]:
    """The test modules ``path`` imports (a top-level name starting with ``test_``), each as
    ``file:line name``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        found += [f"{path.relative_to(ROOT)}:{node.lineno} {n}" for n in names if n.split(".")[0].startswith("test_")]
    return found


def test_no_test_module_imports_another() -> None:
    """Helpers two test modules share live in a kit (conftest.py, tests/*kit.py, *_helpers.py),
    never in a test module: importing one runs its module-level code and collects nothing."""
    modules = sorted((ROOT / "tests").rglob("test_*.py"))
    assert len(modules) > 100
    assert [i for p in modules for i in imported_test_modules(p)] == []
