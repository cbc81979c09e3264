"""CI's list of the slowest tests covers every pytest run of the job: ``bash tools/dev.sh test``
runs the tests in two runs (those that need no compiled engine while it compiles, then the
engine's), each adding its tests' times to one file (``--timings``); the last lists the
slowest of them all (``--slowest``)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def run_pytest(where: Path, *args: str) -> str:
    """The output of a plain pytest run (no project configuration) with tests/timingkit.py."""
    env = {**os.environ, "PYTHONPATH": str(TESTS), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}  # a plain pytest: none of the venv's plugins
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "timingkit", *args],
                          cwd=where, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_last_run_lists_the_slowest_tests_of_every_run_that_added_to_the_file(tmp_path):
    (tmp_path / "test_first.py").write_text(
        "import time, pytest\n\n@pytest.fixture\ndef slow_setup():\n    time.sleep(0.4)\n\n"
        "def test_setup_counts(slow_setup):\n    time.sleep(0.4)\n\ndef test_quick():\n    pass\n")
    (tmp_path / "test_second.py").write_text("import time\n\ndef test_middling():\n    time.sleep(0.5)\n")
    timings = tmp_path / "timings.jsonl"
    first = run_pytest(tmp_path, "test_first.py", "--timings", str(timings))
    assert "slowest" not in first
    out = run_pytest(tmp_path, "test_second.py", "--timings", str(timings), "--slowest", "2").splitlines()
    head = next(i for i, line in enumerate(out) if "2 slowest tests" in line)
    listed = [line.split()[1] for line in out[head + 1:head + 3]]
    # setup and call together (0.8 s) before the second run's 0.5 s; the quick one left out
    assert listed == ["test_first.py::test_setup_counts", "test_second.py::test_middling"]
    assert float(out[head + 1].split()[0].rstrip("s")) >= 0.8
