"""``tcgrules bench judge``: what one ``tcgrules engine judge`` call on a small position costs,
as a judge runs it (a new process each time), against the start of a bare Python process timed
in the same run: the ratio holds across loads where the seconds do not.

The goal (issue 28): one call ≤ 0.3 s of wall clock. Then the cost of judging once the
engines are loaded, as ``engine judge --cases`` judges each further case.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Final

GOAL_S: Final = 0.3  # one judge call on a small position, wall clock
RUNS: Final = 7
# A small position of each game, with the actions judged, under the project's positions/.
POSITIONS: Final = {
    "battle-spirits": ("positions/battle-spirits/vanish-at-level-2.yaml",
                       ["use 吸魂術 effect=0", 'pay plan=[["reserve",2]]', "target 幽光蝶"]),
    "shadowverse-evolve": ("positions/shadowverse-evolve/attack-leader.yaml", ["attack unit=斗士 target=leader:1"]),
    "zero-dimension": ("positions/zero-dimension/level-normal.yaml", ["level_up unit=0"]),
}


def _timed(cmd: list[str], cwd: Path) -> tuple[float, float]:
    """Wall and CPU seconds (the child's user and system time) of one process. The child may
    write and read bytecode caches, as an installed package has them (PYTHONDONTWRITEBYTECODE
    would compile every module at every call)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = os.times()
    start = time.perf_counter()
    run = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    after = os.times()
    if run.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[3:])} exited {run.returncode}: {run.stderr.strip()[-500:]}")
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def bench(root: Path, runs: int = RUNS) -> dict:
    """Median wall and CPU seconds of a bare Python start and of one judge call per game, each
    run ``runs`` times (interleaved, so that a change of load touches both), their ratios,
    and the in-process seconds of a further judgement (the engines loaded)."""
    cli = [sys.executable, "-c", "import sys; from tcgrules.cli import main; sys.exit(main())"]
    bare = [sys.executable, "-c", "pass"]
    times: dict[str, list[tuple[float, float]]] = {"python": [], **{g: [] for g in POSITIONS}}
    for _ in range(runs):
        times["python"].append(_timed(bare, root))
        for game, (position, actions) in POSITIONS.items():
            times[game].append(_timed([*cli, "engine", "judge", position, *actions, "--json"], root))
    out: dict = {"runs": runs, "goal_s": GOAL_S, "load_average": [round(x, 2) for x in os.getloadavg()]}
    python = _medians(times["python"])
    out["python_start"] = python
    for game in POSITIONS:
        m = _medians(times[game])
        out[game] = {**m, "ratio_to_python_start": round(m["wall_s"] / python["wall_s"], 1),
                     "goal_ratio": round(GOAL_S / m["wall_s"], 2), "loaded_judge_s": _loaded(root, game)}
    return out


def _medians(samples: list[tuple[float, float]]) -> dict:
    return {"wall_s": round(statistics.median(w for w, _ in samples), 3),
            "cpu_s": round(statistics.median(c for _, c in samples), 3)}


def _loaded(root: Path, game: str) -> float:
    """Seconds of one more judgement in this process, the engine and its knowledge loaded."""
    from ..engine.api import game as find_game
    from ..engine.run import judge_position

    position, actions = POSITIONS[game]
    judge_position(find_game(game), root / position, actions)  # loads the engine and the pool
    start = time.perf_counter()
    judge_position(find_game(game), root / position, actions)
    return round(time.perf_counter() - start, 4)
