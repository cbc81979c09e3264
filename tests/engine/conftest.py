"""The test decks, shared by the engine tests (helpers are in bs_helpers.py)."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import Deck, default_decks, load_pool


@pytest.fixture(scope="session")
def decks():
    return default_decks()


# Cards added after the default decks were fixed: the decks (and the benchmark and logs that
# depend on them) stay as they are, so the tests that need these play with a copy of each deck
# holding two of each besides (41 cards and more are legal: 6-1-1).
ADDED_CARDS = ("TP-39", "TP-40", "TP-41", "TP-42", "TP-43", "TP-44", "TP-45", "TP-46", "TP-50", "TP-51",
               "TP-52", "TP-53", "TP-54", "TP-55", "TP-56", "TP-57", "TP-65", "TP-66", "TP-67", "TP-68",
               "TP-70", "TP-71", "TP-72", "TP-73")


@pytest.fixture(scope="session")
def added_decks(decks):
    pool = load_pool()
    extra = tuple(pool[n] for n in ADDED_CARDS for _ in range(2))  # two of each
    return [Deck(d.name, d.cards + extra) for d in decks]
