"""Which engine the tests run, and a process told which to run: what the engine tests of
several modules share (the compiled build against the Python sources)."""
from __future__ import annotations

import os
import sysconfig
from pathlib import Path

import tcgrules
from tcgrules.engine import core

TOOLS_DIR = Path(tcgrules.__file__).resolve().parent.parent


def compiled_loaded() -> bool:
    """Whether this process runs the compiled engine (its modules are extension modules)."""
    return core.__file__.endswith(sysconfig.get_config_var("EXT_SUFFIX"))


def engine_env(python: bool) -> dict[str, str]:
    """This process's environment for a new one importing this checkout's package: on the
    Python sources (``TCGRULES_ENGINE=python``) with ``python``, else on the build if fresh."""
    env = {k: v for k, v in os.environ.items() if k != "TCGRULES_ENGINE"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(TOOLS_DIR), env.get("PYTHONPATH")]))
    if python:
        env["TCGRULES_ENGINE"] = "python"
    return env
