"""An English query asking for the most of a thing there may be (how many ... can, maximum, most) asks for the
thing's limit, where a term names it by the thing and limit (engdesc2): how many cards can a player keep in
their hand, 星靈王's Hand limit (kb.concepts.limit_asked); of a game naming none, what it named before (the
maximum hand size of Shadowverse: Evolve is said by its Hand). The worker reads them alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import limit_asked


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize("query", ["how many cards can a player keep in their hand",
                                   "most cards a hand may hold in xinglingwang", "the maximum of cards in a hand"])
def test_the_most_of_a_thing_names_its_limit(ruled, query: str) -> None:
    assert first(ruled, query) == "xinglingwang/hand-limit"


def test_only_the_most_asked_names_a_limit(ruled) -> None:
    english = ruled._latin_keys
    assert limit_asked("how many cards can my hand hold", english)[:1] == ["xinglingwang/hand-limit"]
    assert limit_asked("cards in hand", english) == []                              # no most asked
    assert limit_asked("how many cards in hand", english) == []                     # a count, no can
    assert limit_asked("biggest hand allowed", english, "shadowverse-evolve") == []        # no limit of that game
