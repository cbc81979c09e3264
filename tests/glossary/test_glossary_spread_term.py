"""A Chinese query that is a term with fillers typed within it (限制的效果 for 限制效果) names that term whole, not
its pieces (issue 33 part 3, terms order: the longer term over its parts; kb.concepts.spread_term). The worker reads
it alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, spread_term


def test_a_term_with_fillers_within() -> None:
    assert spread_term("限制的效果", ["限制", "效果", "限制效果"]) == "限制效果"


def test_none_typed_whole_or_with_other_words_within() -> None:
    assert spread_term("限制效果吗", ["限制", "效果", "限制效果"]) == ""  # typed whole: no spread term
    assert spread_term("限制灵魂效果", ["限制", "效果", "限制效果"]) == ""  # 灵魂 is no filler
    assert spread_term("限的的的制效果", ["限制效果"]) == ""  # more than ADDED characters added


@pytest.mark.parametrize("query, first", [
    ("限制的效果", "battle-spirits/restriction-effect"),  # not the Limited card
    ("限制效果", "battle-spirits/restriction-effect"),  # the term, as before
])
def test_the_term_spread_is_named_whole(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
