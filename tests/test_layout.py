"""The package layout: data flows one way through the packages (see pyproject.toml's
import-linter contract), and every package of tcgrules is placed in that flow."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tools" / "tcgrules"


def _layers() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = config["tool"]["importlinter"]["contracts"]
    return [m.strip() for layer in contract["layers"] for m in layer.split("|")]


def test_every_package_and_top_module_has_a_place_in_the_flow() -> None:
    placed = set(_layers())
    found = {f"tcgrules.{p.name}" for p in PACKAGE.iterdir()
             if (p / "__init__.py").is_file() or (p.suffix == ".py" and p.name != "__init__.py")}
    found = {m.removesuffix(".py") for m in found}
    assert found == placed, f"not in the contract: {sorted(found - placed)}; gone: {sorted(placed - found)}"


def test_imports_follow_the_flow_with_no_cycle_between_packages() -> None:
    run = subprocess.run([str(Path(sys.executable).parent / "lint-imports"), "--config", str(ROOT / "pyproject.toml")],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout
