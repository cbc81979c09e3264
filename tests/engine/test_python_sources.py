"""The engine tests that check a rule, run again on the Python sources of the engines.

A module of its own (the longest test of CI's second run, half a minute): pytest-xdist's
``--dist loadscope`` gives each module to one worker, so it runs beside test_build.py's tests
instead of after them on the same worker.
"""
from __future__ import annotations

import subprocess
import sys

import pytest

from enginekit import compiled_loaded, engine_env


@pytest.mark.slow
def test_the_engine_tests_pass_with_the_python_sources_too(root):
    """Every engine test that checks a rule (cites its clauses) passes on the Python sources
    as on the compiled build: the two run the same rule functions. The rest (the build, the
    coverage index, the commands, random games, which test_build.py plays on both) do not
    depend on which engine runs them."""
    if not compiled_loaded():
        pytest.skip("this run already tests the Python sources")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
                          "-m", "clauses and not slow", str(root / "tests" / "engine")], cwd=root, env=engine_env(python=True),
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
