"""A Japanese query asking what a term is, its question word last (ネクサスカードとは, …って), names
that term (issue 33 part 3, eighteenth round): the question word is no piece of a term, nor the end
of a short form of one (カードと… is no カードテキスト), so the query is read as the term and its
question (kb.concepts.composed, Glossary._asked). The worker reads it alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, composed

KEYS = {"ネクサス": ["bs/nexus"], "ネクサスカード": ["bs/nexus"], "カードテキスト": ["bs/card-text"], "コア": ["bs/core"]}


def test_a_question_word_last_is_no_piece_of_a_term() -> None:
    assert composed("ネクサスカードとは", KEYS, (), []) == []  # the term itself, asked about
    assert composed("ネクサスのコアって", KEYS, (), [])[:1] == ["bs/nexus"]


@pytest.mark.parametrize("query, first", [
    ("ネクサスカードとは", "battle-spirits/nexus"),  # not Card text
    ("公開領域とは", "battle-spirits/public-zone"),   # as before
])
def test_a_term_asked_about_is_named(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
