"""The words saying whose a thing is (my, our, their, his, her, its) are fillers of an English query
describing a notion, as your is (issue 33 part 2, english23; kb.concepts.FILLER_WORDS): they name no part
of it, so the description holding the rest names it (the last phase of their turn: Shadowverse: Evolve's
End phase, whose description is the last phase of a turn). A term holding one (Zero Dimension's During my
turn) is still read as typed. The worker reads the exported fillers alike (tests/search/test_term_parity.py)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import FILLER_WORDS, content_words


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


def test_a_word_saying_whose_is_a_filler() -> None:
    assert {"my", "their", "his", "her", "our", "your"} <= FILLER_WORDS
    assert content_words("the last phase of my turn") == content_words("the last phase of a turn")


@pytest.mark.parametrize(("query", "concept"), [
    ("the last phase of their turn in sve", "shadowverse-evolve/end-phase"),
    ("scrap a card from their battle zone", "zero-dimension/scrap"),
    ("player taking his turn", "battle-spirits/turn-player"),
    ("during my turn zd", "zero-dimension/during-my-turn"),   # a term holding my: as typed
])
def test_a_query_saying_whose_is_read_without_it(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept
