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
