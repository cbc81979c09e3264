"""The test decks, shared by the engine tests (helpers are in bs_helpers.py)."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import default_decks


@pytest.fixture(scope="session")
def decks():
    return default_decks()
