"""Shared fixtures: the project root and its sources."""
from __future__ import annotations

from pathlib import Path

import pytest

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
