"""A phrase opening on a deed typed bare names the deed before the thing it is done to (issue 33 part 2,
english24): the action a word it opens on names (kb.concepts.Glossary._opening) weighs in
kb.concepts.covering as a verb in -ing opening a phrase does (forfeit the match: Concede, not the
Game, though the match is the phrase's last word). Typed in -ed, the word says the state a thing is
in, no deed done (refreshed spirits can block: the state Refreshed). The worker reads them alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

CONCEDE = {"battle-spirits/surrender", "shadowverse-evolve/concede", "zero-dimension/concede"}


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize("query", ["forfeit the match", "concede the game early"])
def test_a_deed_typed_first_names_the_deed(ruled, query: str) -> None:
    assert first(ruled, query) in CONCEDE


def test_a_word_typed_in_ed_is_the_state_not_the_deed(ruled) -> None:
    assert first(ruled, "refreshed spirits can block") == "battle-spirits/refreshed"
