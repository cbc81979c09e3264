"""An English query asking how much of a resource is paid names the cost (issue 33 part 2, english23), as
a Chinese or Japanese one does (kb.concepts.priced: Lv3要几个能量, the Level cost).

A query asking a price (how many, how much, paid, needed, spent) of a resource (cores, pp) names the cost
whose term is its first other word that has one and cost: how many cores to summon a spirit is the Summon
cost, cores needed for level 3 the Level cost; asked how much is paid with no such term, the game's Cost
(how many cores do i pay for a magic card). A query counting a resource without a price, or a price without a
resource, keeps its answer (kb.concepts.priced_english). The worker reads them alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import priced_english


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "cost"), [
    ("how many cores to summon a spirit", "battle-spirits/summon-cost"),
    ("cores needed for level 3", "battle-spirits/level-cost"),
    ("paying cores for lv3 in battle spirits", "battle-spirits/level-cost"),   # Lv cost, its term
    ("how many cores do i pay for a magic card", "battle-spirits/cost"),       # no Magic cost: the game's Cost
    ("how many cores do i need to summon in bs", "battle-spirits/summon-cost"),
    ("how many play points does a spell need", "shadowverse-evolve/cost"),     # a resource of two words, needed
])
def test_a_price_asked_of_a_resource_names_the_cost(ruled, query: str, cost: str) -> None:
    assert first(ruled, query) == cost


def test_a_resource_counted_without_a_price_names_no_cost() -> None:
    english = {"core": ["battle-spirits/core"], "summoncost": ["battle-spirits/summon-cost"],
               "cost": ["battle-spirits/cost", "shadowverse-evolve/cost"]}
    assert priced_english("how many cores to summon", english, {"core"}) == ["battle-spirits/summon-cost"]
    assert priced_english("how many cores do i pay", english, {"core"}) == ["battle-spirits/cost"]  # the resource's game's
    assert priced_english("how many cores in the reserve", english, {"core"}) == []   # no cost of the reserve, nothing paid
    assert priced_english("cores to summon", english, {"core"}) == []                 # no price asked
    assert priced_english("how many cards to summon", english, {"core"}) == []        # no resource
    assert priced_english("paying a nexus with cores", english, {"core"}) == []       # paid, but how much not asked
