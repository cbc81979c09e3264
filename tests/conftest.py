"""Shared fixtures: the project root and its sources."""
from __future__ import annotations

import contextlib
import fcntl
import os
import sys
from pathlib import Path

# Bytecode kept (__pycache__, git-ignored) even under PYTHONDONTWRITEBYTECODE: each worker,
# CLI and MkDocs process the run starts reads what the first compiled, and pytest its test
# modules with their asserts rewritten, instead of doing both again (10 s of each worker's
# collection). Set before the project and the test modules are imported; the environment
# passes it on to the workers and subprocesses.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def sources() -> Path:
    return ROOT / "rules" / "sources"


@pytest.fixture(scope="session")
def real_kb_kept() -> Path:
    """Where `tcgrules site build` keeps the parsed record files of the project (by their
    content): the tests that read the real rules parse each file once, not once per module."""
    from tcgrules.site.build import PARSED

    return ROOT / PARSED

@pytest.fixture(scope="session")
def searched_root() -> Path:
    """The checkout with the search index of its rules/ and glossary/ built (.cache/search,
    by their fingerprint): built by the first test worker that needs it while the others
    wait for it under a file lock, then opened by each, not built by each at once."""
    from tcgrules.search.index import ensure_index

    with held(ROOT / ".cache" / "search.lock"):
        ensure_index(ROOT)
    return ROOT


@contextlib.contextmanager
def held(lock: Path):
    """An exclusive lock on the file ``lock`` (created) between the test workers."""
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        yield


import sys

sys.path.insert(0, str(Path(__file__).resolve().parent))  # test helpers such as minikb

pytest_plugins = ["tcgrules.testing.citations"]


@pytest.fixture(scope="session")
def chromium():
    """Debian's chromium (tests/browserkit.py), one for the whole session: Playwright's sync
    API runs one instance at a time."""
    import browserkit

    with browserkit.chromium() as b:
        yield b


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules that hold slow tests first (in CI's run of every test), the rest in their
    order: the longest tests start while short ones fill the other cores, instead of one of
    them ending the run on one core. Each module's tests stay together (its fixtures built once)."""
    slow = {item.module for item in items if item.get_closest_marker("slow")}
    order = {id(item): n for n, item in enumerate(items)}
    items.sort(key=lambda item: (item.module not in slow, order[id(item)]))
