"""A phrase opening on a verb and its object names the deed before a longer term of the object (issue 33
part 2, english26): a query's first word naming an action or a keyword by a term of one word, followed by
an article, a possessive or a particle of motion (kb.concepts.verb_deeds), weighs in kb.concepts.covering
before the words a term covers (scrap a character to the rest zone: Scrap, not the Rest zone, whose term
has two words). A noun opening a phrase (cores in the trash) or a verb qualifying a longer term holding it
(declare a block with a spirit: Block declaration) stays as it was; a longer term the words after the verb hold
alone, the verb's stem typed again in it (evolve a follower with evolution points), leaves the verb its deed
(english28). The worker reads them alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import verb_deeds


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "deed"), [
    ("scrap a character to the rest zone", "zero-dimension/scrap"),
    ("revive a unit from the graveyard", "xinglingwang/revive"),
    ("summon a little traveler to the star front", "xinglingwang/summon"),
    ("crit to the life cards", "zero-dimension/critical-hit"),
    ("evolve a follower with evolution points", "shadowverse-evolve/evolve"),
])
def test_a_verb_and_its_object_name_the_deed(ruled, query: str, deed: str) -> None:
    assert first(ruled, query) == deed


@pytest.mark.parametrize(("query", "thing"), [
    ("cores in the trash", "battle-spirits/trash"),
    ("declare a block with a spirit", "battle-spirits/block-declaration"),
])
def test_a_noun_or_a_verb_of_a_longer_term_keeps_the_term(ruled, query: str, thing: str) -> None:
    assert first(ruled, query) == thing


def test_a_longer_term_after_the_verb_leaves_it_its_deed() -> None:
    table = {"evolv": ["sve/evolve"], "evolv point": ["sve/evolution-points"], "follow": ["sve/follower"],
             "declar": ["bs/declare"], "block declar": ["bs/block-declaration"], "block": ["bs/block"]}
    verbs = {"sve/evolve", "bs/declare"}
    assert verb_deeds("evolve a follower with evolution points", table, verbs) == ["sve/evolve"]
    assert verb_deeds("declare a block with a spirit", table, verbs) == []  # the verb is the longer term's
