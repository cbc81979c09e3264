"""The test run's collector (tests/gckit.py, loaded by tests/conftest.py): when a module's last
test is done, the unreachable objects are collected and what survives is frozen, so that the
collections of the next modules' tests do not walk it all again."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent

FIRST = '''import gc, sys, weakref

class Node:
    pass

def test_leaves_a_cycle_and_a_survivor():
    cycle = Node()
    cycle.me = cycle
    sys.modules[__name__].dead = weakref.ref(cycle)  # unreachable once the test returns
    survivor = Node()
    survivor.me = survivor
    sys.modules[__name__].survivor = survivor
    assert gc.get_freeze_count() == 0
'''

SECOND = '''import gc, sys

def test_the_first_modules_garbage_is_collected_and_its_survivors_frozen():
    first = sys.modules["test_first"]
    assert first.dead() is None  # collected before the freeze: frozen garbage would never be
    assert gc.get_freeze_count() > 0
    assert not any(o is first.survivor for o in gc.get_objects())  # frozen: no collection walks it
'''


def test_a_modules_garbage_is_collected_and_its_survivors_frozen_before_the_next(tmp_path):
    (tmp_path / "test_first.py").write_text(FIRST)
    (tmp_path / "test_second.py").write_text(SECOND)
    env = {**os.environ, "PYTHONPATH": str(TESTS), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}  # a plain pytest: none of the venv's plugins
    for plugin in (["-p", "gckit"], []):  # with the plugin, and without it (the check fails)
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *plugin,
                               "test_first.py", "test_second.py"], cwd=tmp_path, env=env, capture_output=True, text=True)
        assert (done.returncode == 0) == bool(plugin), done.stdout + done.stderr
