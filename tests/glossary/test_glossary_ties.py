"""Ties among the terms a query covers, and the order its words are typed in (issue 33, fifteenth
round): which of several concepts whose terms stand in a query a player means, by rules of how
English and Chinese put their words, not by a list of queries; none of these is a query of a
query set's half."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, heading, term_words


@pytest.mark.parametrize("query, first", [
    # an English phrase names its head last: the term ending on it, its words in the typed
    # order, before one reordered (trigger … effect) or ending on a word modifying the head
    ("effects that trigger on block", "battle-spirits/when-blocks"),
    ("abilities that trigger on destruction", "battle-spirits/when-destroyed"),
    ("effects that activate on attack", "battle-spirits/when-attacks"),
])
def test_an_english_phrase_names_the_term_ending_on_its_head(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first


def test_a_term_heads_a_query_when_it_ends_on_its_last_word_but_a_kind_in_the_typed_order() -> None:
    q = term_words("during your attack step")
    assert heading(term_words("attack step"), q) and not heading(term_words("during attack"), q)
    q = term_words("effects that trigger on attack")
    assert heading(term_words("on attack"), q) and not heading(term_words("triggered effect"), q)
    q = term_words("printed attack value")  # words between a term's words: print … value
    assert heading(term_words("printed value"), q) and heading(term_words("attack value"), q)
    q = term_words("hand area cards")  # a word naming a kind (card) is no head
    assert heading(term_words("hand area"), q) and not heading(term_words("hand card"), q)
    assert heading(term_words("hand"), q)  # one word: weighed by the other rules
