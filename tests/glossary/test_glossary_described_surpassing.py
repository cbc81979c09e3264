"""A player spelling a notion out in words of other terms finds the notion, not a term it passes through
(issue 33, English descriptions: tcgrules.kb.definitions.surpasses).

A query of four words or more that describes a notion often holds a term of one of its parts (unit, deck,
effect): that term covers one word, while the described concept's definition holds more of the query's
words and scores far higher, though below half the query's weight (players' words the definition does not
use: swapped, allows, fired). The best description of the covering term's game then names the query first.
"""
from __future__ import annotations

import pytest

from tcgrules.kb.definitions import SCORED, SPELT, Told, surpasses


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "concept"), [
    # Overload's definition: may be put in a deck up to three times; the query's term: Deck
    ("which keyword allows three of one card in a xinglingwang deck", "xinglingwang/overload"),
    # Become's: a unit replaced by another card in the same state; the query's term: Unit
    ("unit swapped for another card that keeps its state xlw", "xinglingwang/become"),
    # Trigger's: an effect's condition met; the query's term: Effect
    ("when is an effect fired because its condition was met bs", "battle-spirits/trigger"),
])
def test_the_notion_a_long_query_describes_comes_before_the_term_of_a_part(glossary, query: str, concept: str) -> None:
    assert first(glossary, query) == concept


def test_a_term_the_query_is_about_keeps_its_place(glossary) -> None:
    """A short query, or one whose term's own description holds it as well, stays with the term."""
    assert first(glossary, "what does the storm keyword do") == "shadowverse-evolve/storm"
    assert first(glossary, "a unit leaving play in xinglingwang") == "xinglingwang/leave"


def test_a_concept_no_term_of_which_stands_in_the_query_is_not_surpassed(glossary) -> None:
    """The step a deed done each turn names (kb.concepts.turn_steps) stands by no term: a description
    holding more of the query (Turn end's: turn, place) does not take its place."""
    assert first(glossary, "placing a resource each turn in zd") == "zero-dimension/resource-step"


def test_surpassing_asks_a_spelt_out_query_more_words_and_a_far_higher_score() -> None:
    covering = Told(share=0.2, bm25=2.0, held=1, names=False)
    assert surpasses(Told(0.45, 2.0 * SCORED + 0.1, 2, False), covering, SPELT)
    assert not surpasses(Told(0.45, 2.0 * SCORED + 0.1, 2, False), covering, SPELT - 1)  # too short a query
    assert not surpasses(Told(0.45, 2.0 * SCORED, 2, False), covering, SPELT)  # not far enough ahead
    assert not surpasses(Told(0.45, 9.0, 1, False), covering, SPELT)  # no word more
    assert surpasses(Told(0.3, 1.0, 1, False), None, SPELT)  # the covering term's description holds none of it


def test_described_names_the_surpassing_description_of_the_covering_game_first() -> None:
    """kb.concepts.described: the best description of the covering concept's game, not naming the query
    (under half its weight), first in a spelt-out query; another game's, or in a shorter query, not."""
    from tcgrules.kb.concepts import described

    covering = Told(0.2, 2.0, 1, False)
    assert described(["g/term"], {"g/term": covering, "g/notion": Told(0.45, 4.0, 3, False)}, SPELT)[0] == "g/notion"
    assert described(["g/term"], {"g/term": covering, "g/notion": Told(0.45, 4.0, 3, False)}, SPELT - 1)[0] == "g/term"
    assert described(["g/term"], {"g/term": covering, "h/notion": Told(0.45, 4.0, 3, False)}, SPELT)[0] == "g/term"
