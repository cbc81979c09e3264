"""A player who describes a notion in English finds it among the concepts `tcgrules term` lists, though a
word of the description names another concept first (issue 33, item 2: the concept not found at all).

The term lookup lists, after the concepts an English query names by its terms, those whose English
description (the words of their terms and ``en_definition``) the query describes, then those holding two
of its words or more, the best BM25 first, up to ten in all, as it does for a Chinese or Japanese query
with what the rules print. The first answer stays the one the terms name (the site's worker names that
one too), and the search, which reads only the concepts a query names, is as it was.
"""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import LISTED


def ids(glossary, query: str, described: bool = True) -> list[str]:
    return [c.id for c in glossary.lookup(query, described=described)]


@pytest.mark.parametrize(("query", "first", "listed"), [
    ("a follower hitting the leader on the turn it arrives", "shadowverse-evolve/defense", "shadowverse-evolve/storm"),
    ("the turn player's rival, bs", "battle-spirits/turn-player", "battle-spirits/non-turn-player"),
])
def test_the_concept_an_english_description_describes_follows_the_ones_its_terms_name(ruled, query: str, first: str,
                                                                                           listed: str) -> None:
    found = ids(ruled, query)
    assert found[0] == first and listed in found[1:LISTED]


def test_the_search_reads_only_the_concepts_a_query_names(ruled) -> None:
    query = "a follower hitting the leader on the turn it arrives"
    assert "shadowverse-evolve/storm" not in ids(ruled, query, described=False)
    assert ids(ruled, query)[:1] == ids(ruled, query, described=False)[:1]


@pytest.mark.parametrize("query", ["xyzzy plugh frobnicate", "cards"])
def test_words_no_description_holds_add_nothing(ruled, query: str) -> None:
    assert ids(ruled, query) == ids(ruled, query, described=False)


def test_no_more_than_a_page_is_listed(ruled) -> None:
    assert len(ids(ruled, "a spirit leaving when the cores on it fall too low")) <= LISTED


def test_a_full_page_keeps_its_last_places_for_what_the_words_describe(ruled) -> None:
    """A description whose words name many terms (more than a page of concepts) still shows the notion it spells out,
    in the page's last DESCRIBED_PLACES places."""
    from tcgrules.kb.concepts import DESCRIBED_PLACES

    query = "a card put sideways once it has attacked"
    named = ids(ruled, query, described=False)
    assert len(named) > LISTED and "battle-spirits/exhaust" not in named[:LISTED]
    found = ids(ruled, query)
    assert found[:LISTED - DESCRIBED_PLACES] == named[:LISTED - DESCRIBED_PLACES]
    assert "battle-spirits/exhaust" in found[LISTED - DESCRIBED_PLACES:LISTED]
