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
