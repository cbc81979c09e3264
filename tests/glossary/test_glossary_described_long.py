"""A player who describes a notion in a long phrase finds it by its definition, not by the
generic term a word of it is (issue 33, item 2, nineteenth round).

"character deals battle damage first" holds Damage's term, yet it describes First strike, whose
definition holds all its words: a query of five words or more whose best description (of the
covering concept's game) holds most of its weight, more of its words and more of its weight than
the covering concept's names that concept first. A short phrase keeps its term (storm keyword,
refreshing spirits), and a query naming a game reads that game's descriptions (look at the top
card and put it top or bottom zd: Scheme). Nonsense and off-topic phrases still name nothing.
"""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import described
from tcgrules.kb.definitions import Told


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize("query, expected", [
    ("character deals battle damage first", "zero-dimension/first-strike"),
    ("follower that cannot be chosen as an attack target", "shadowverse-evolve/intimidate"),
    ("send opponent's top cards to rest zone when attacking", "zero-dimension/rampage"),
    ("magic card declared from the hand at flash", "battle-spirits/declared-effect"),
])
def test_a_long_description_names_its_notion_before_a_generic_term_in_it(glossary, query: str, expected: str) -> None:
    assert first(glossary, query) == expected


@pytest.mark.parametrize("query, expected", [
    ("look at the top card and put it top or bottom zd", "zero-dimension/scheme"),
    ("card revealed in the deck triggers zd", "zero-dimension/hero-call"),
])
def test_a_query_naming_a_game_reads_that_games_descriptions(glossary, query: str, expected: str) -> None:
    assert first(glossary, query) == expected


@pytest.mark.parametrize("query, expected", [
    ("storm keyword", "shadowverse-evolve/storm"), ("refreshing spirits", "battle-spirits/refresh"),
    ("cores that go into the void", "battle-spirits/void"),
])
def test_a_short_phrase_keeps_the_term_it_holds(glossary, query: str, expected: str) -> None:
    assert first(glossary, query) == expected


@pytest.mark.parametrize("query", ["baking bread with flour and some water", "my cat sleeps on the warm sofa all day",
                                   "how to cook pasta with tomato sauce",
                                   "zzqx blorf wug plim snorf"])
def test_nonsense_and_off_topic_phrases_name_nothing(glossary, query: str) -> None:
    assert glossary.lookup(query) == []


def test_the_description_must_hold_more_than_the_covering_concepts() -> None:
    """Of five words, a description holding four of them and most of their weight names its concept
    first; holding as few words, or less than a tenth more of the weight, it does not (its BM25 score under
    kb.definitions.SCORED times the covering one's, which surpasses would name first)."""
    covering = Told(0.6, 5.0, 3, True)
    assert described(["g/term"], {"g/term": covering, "g/notion": Told(0.8, 7.0, 4, True)}, 5)[0] == "g/notion"
    assert described(["g/term"], {"g/term": covering, "g/notion": Told(0.8, 7.0, 4, True)}, 4)[0] == "g/term"
    assert described(["g/term"], {"g/term": covering, "g/notion": Told(0.8, 7.0, 3, True)}, 5)[0] == "g/term"
    assert described(["g/term"], {"g/term": covering, "g/notion": Told(0.65, 7.0, 4, True)}, 5)[0] == "g/term"
    assert described(["g/term"], {"g/term": covering, "h/notion": Told(0.8, 7.0, 4, True)}, 5)[0] == "g/term"
