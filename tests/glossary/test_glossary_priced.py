"""A Chinese or Japanese question asking how much of a resource a deed or a thing takes (issue 33,
terms21): players ask for a cost by the amount they pay (Lv3要几个能量, 召喚にコアはいくつ), not by
its name (Lv费用, 召喚コスト). The cost named is the term made of the query's other term and a cost
(kb.concepts.priced), by a general rule, not by a list of queries; none of these is a query of a
query set."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, priced


@pytest.mark.parametrize("query, first", [
    ("Lv3要几个能量", "battle-spirits/level-cost"),          # a level and cores counted: the Level cost
    ("升到Lv3要多少能量", "battle-spirits/level-cost"),
    ("召唤要付几个能量", "battle-spirits/summon-cost"),       # a deed and cores counted: its cost
    ("召喚要幾個能量", "battle-spirits/summon-cost"),          # typed in Traditional characters
    ("召喚にコアはいくつ", "battle-spirits/summon-cost"),      # Japanese asks with いくつ
])
def test_an_amount_of_a_resource_asked_for_a_term_names_its_cost(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first


@pytest.mark.parametrize("query, first", [
    ("召唤几次", "battle-spirits/summon"),                   # an amount, but of no resource: how often
    ("能量阶段放几个能量", "battle-spirits/core-step"),        # cores counted in a step, which has no cost
    ("召唤费用", "battle-spirits/summon-cost"),               # the cost named: as before
])
def test_an_amount_of_no_resource_or_for_no_cost_is_read_as_before(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first


def test_a_cost_is_the_term_of_the_other_term_and_a_cost() -> None:
    keys = {"召唤": ["g/summon"], "能量": ["g/core"], "几": []}
    bags = [([["g/summon"], ["g/cost"]], ["g/summon-cost"]), ([["g/core"], ["g/step"]], ["g/core-step"])]
    assert priced("召唤要几个能量", keys, bags, {"g/cost"}, {"能量"}) == ["g/summon-cost"]
    assert priced("召唤要能量", keys, bags, {"g/cost"}, {"能量"}) == []      # no amount asked
    assert priced("召唤几次", keys, bags, {"g/cost"}, {"能量"}) == []        # no resource counted
