"""The built wheel holds everything the package reads at run time: its package data covers
every file beside the modules, and an installed wheel judges a position of each game from
outside any checkout (the clause records it cites come with it)."""
from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tomllib
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ROOT / "tools"
SKIPPED = {"__pycache__", "_compiled"}


def packaged() -> set[Path]:
    """The files [tool.setuptools.package-data] puts in the wheel."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    out: set[Path] = set()
    for package, patterns in config["tool"]["setuptools"]["package-data"].items():
        folder = PACKAGES / package.replace(".", "/")
        for pattern in patterns:
            out |= {p.relative_to(PACKAGES) for p in folder.glob(pattern) if p.is_file()}
    return out


def test_package_data_covers_every_file_beside_the_modules():
    beside = {p.relative_to(PACKAGES) for p in (PACKAGES / "tcgrules").rglob("*")
              if p.is_file() and p.suffix != ".py" and not SKIPPED & {q.name.split("-")[0] for q in p.parents}
              and "data/rules" not in p.as_posix()}
    assert sorted(map(str, beside - packaged())) == []


def test_the_clause_records_are_packaged_for_an_installed_engine():
    records = {p.relative_to(ROOT) for p in (ROOT / "rules").glob("*/*/*/*.yaml")} | {Path("rules/editions.yaml")}
    carried = {Path(*p.parts[p.parts.index("rules"):]) for p in packaged() if "rules" in p.parts}
    assert records == carried


@pytest.mark.slow
def test_an_installed_wheel_judges_a_position_of_each_game_outside_the_checkout(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(wheels)],
                   check=True, capture_output=True)
    (wheel,) = wheels.glob("tcgrules-*.whl")
    env_dir = tmp_path / "venv"
    venv.create(env_dir)  # without a pip of its own (ensurepip takes longer than the rest): this one installs there
    python = env_dir / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index",
                    str(wheel)], check=True, capture_output=True)
    # The dependencies (not tcgrules) come from this test's environment: its site-packages
    # added as a plain path, so its editable install of the checkout is not read.
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    Path(site, "project-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    outside = tmp_path / "judge"
    outside.mkdir()
    for game, position, actions, says in (
            ("battle-spirits", "start-step-deck-out.yaml", [], "result: player 1 wins"),
            ("shadowverse-evolve", "attack-leader.yaml", ["attack unit=斗士 target=leader:1"],
             "damage_leader: 5.13.1 leader of player 1 takes 2 damage (life 18)")):
        (outside / position).write_bytes((ROOT / "positions" / game / position).read_bytes())
        run = subprocess.run([str(env_dir / "bin" / "tcgrules"), "engine", "judge", position, *actions],
                             cwd=outside, capture_output=True, text=True,
                             env={**os.environ, "TCGRULES_ENGINE": "python", "PYTHONPATH": ""})
        assert run.returncode == 0, run.stderr
        assert says in run.stdout, run.stdout
    where = subprocess.run([str(python), "-c", "import tcgrules; print(tcgrules.__file__)"], cwd=outside,
                           check=True, capture_output=True, text=True).stdout
    assert where.startswith(str(env_dir)), where
