"""A phrase opening on a verb and its object names the deed before a longer term of the object (issue 33
part 2, english26): a query's first word naming an action or a keyword by a term of one word, followed by
an article, a possessive or a particle of motion (kb.concepts.verb_deeds), weighs in kb.concepts.covering
before the words a term covers (scrap a character to the rest zone: Scrap, not the Rest zone, whose term
has two words). A noun opening a phrase (cores in the trash) or a verb qualifying a longer term holding it
(declare a block with a spirit: Block declaration) stays as it was. The worker reads them alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "deed"), [
    ("scrap a character to the rest zone", "zero-dimension/scrap"),
    ("revive a unit from the graveyard", "xinglingwang/revive"),
    ("summon a little traveler to the star front", "xinglingwang/summon"),
    ("crit to the life cards", "zero-dimension/critical-hit"),
])
def test_a_verb_and_its_object_name_the_deed(ruled, query: str, deed: str) -> None:
    assert first(ruled, query) == deed


@pytest.mark.parametrize(("query", "thing"), [
    ("cores in the trash", "battle-spirits/trash"),
    ("declare a block with a spirit", "battle-spirits/block-declaration"),
])
def test_a_noun_or_a_verb_of_a_longer_term_keeps_the_term(ruled, query: str, thing: str) -> None:
    assert first(ruled, query) == thing
