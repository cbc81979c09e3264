"""What the pytest-xdist workers of one test run share: a folder of the run, a file lock
between them, the things the first worker to need them makes for every worker, and the
reader of the tests' own YAML files."""
from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from typing import Callable, Iterator

import pytest
import yaml


@contextlib.contextmanager
def held(lock: Path) -> Iterator[None]:
    """An exclusive lock on the file ``lock`` (created) between the test workers."""
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        yield


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of this test run shared by its workers (the parent of each worker's own
    temporary folder), or this process's own when it runs alone."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def made_once(folder: Path, make: Callable[[Path], None]) -> Path:
    """``folder``, filled by ``make(folder)`` once for the whole run: the first worker that
    needs it makes it while the others wait, then each reads the same files. A ``make`` that
    failed is tried again by the next worker."""
    done = folder.with_name(folder.name + ".done")
    with held(folder.with_name(folder.name + ".lock")):
        if not done.exists():
            make(folder)
            done.touch()
    return folder


def read_yaml(path: Path):
    """A test's own YAML file (its cases or scenarios), read safely; by libyaml where it is
    installed, as the project's loader (every worker reads the case files as it collects)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
