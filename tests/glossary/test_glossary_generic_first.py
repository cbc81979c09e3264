"""An English query that names a concept only by a word every game has (a zone, a card, a turn) while its words spell
out another concept's description names the described one first (issue 33, item 2; kb.concepts.generic_first), in
`tcgrules term`, the search and the site's worker alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

import tcgrules.kb.concepts as concepts
from tcgrules.kb.concepts import Glossary, generic_first
from tcgrules.kb.definitions import Told


def first(glossary: Glossary, query: str) -> str:
    return glossary.lookup(query)[0].id


def test_a_description_beats_a_generic_word(ruled: Glossary) -> None:
    assert first(ruled, "the zone where your spirits and nexuses are") == "battle-spirits/field"


def test_without_the_rule_the_generic_word_would_win(ruled: Glossary, monkeypatch) -> None:
    """The test above fails without generic_first: the Zone, named by its one word, came first."""
    monkeypatch.setattr(concepts, "generic_first", lambda found, *args, **kwargs: found)
    assert first(ruled, "the zone where your spirits and nexuses are") == "battle-spirits/zone"


@pytest.mark.parametrize("query, expected", [
    ("zone", "battle-spirits/zone"),               # the word alone names its concept
    ("the steps making up a turn", None),          # the whole asked of by its parts stays as it was
])
def test_a_generic_word_alone_or_a_whole_keeps_its_answer(ruled: Glossary, monkeypatch, query: str, expected) -> None:
    with_rule = first(ruled, query)
    monkeypatch.setattr(concepts, "generic_first", lambda found, *args, **kwargs: found)
    assert with_rule == first(ruled, query) and expected in (None, with_rule)


def test_only_a_first_standing_by_one_generic_word_gives_way() -> None:
    # the description scores of two concepts of one game
    scores = {"g/zone": Told(share=0.1, bm25=1.0, held=1, names=True), "g/field": Told(share=0.8, bm25=5.0, held=4, names=True)}
    assert generic_first(["g/zone", "g/field"], lambda: scores, lambda c: ("zone",)) == ["g/field", "g/zone"]
    assert generic_first(["g/zone", "g/field"], lambda: scores, lambda c: ("spirit",)) == ["g/zone", "g/field"]
