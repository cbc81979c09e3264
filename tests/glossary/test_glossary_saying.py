"""A term only of words that say no notion covers none of a phrase (issue 33 part 2, english24): this
card, keyword effect, if you do are words of any phrase (fillers, kinds of concept: kb.concepts.saying),
so a term standing in a phrase by a word of its own names it first, though the other term has more
words (what class is this card: the Class, not Zero Dimension's This card; combo keyword counts cards
played this turn: Combo). Typed alone, such a term still names its concept. The worker reads them
alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import saying, term_words


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "concept"), [
    ("what class is this card", "shadowverse-evolve/class"),
    ("which family does this card have", "battle-spirits/family"),
    ("combo keyword counts cards played this turn", "shadowverse-evolve/combo"),
    ("this card", "zero-dimension/this-card"),           # typed alone: its term
    ("if you do effects", "battle-spirits/if-you-do"),
])
def test_a_term_saying_no_notion_yields_to_one_that_does(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept


def test_only_a_term_of_fillers_and_kinds_says_nothing() -> None:
    assert saying(term_words("this card")) == saying(term_words("keyword effect")) == 0
    assert saying(term_words("magic card")) == 2 and saying(term_words("class")) == 1
