"""An English query typed as a verb in -ing of a kind of thing (banishing cards, looking at a card,
resolving an effect) asks about the deed, not about a longer term holding the same words (issue 33
part 2, twenty-first round): the concept the verb names comes first (Banish, not the Banish zone
whose term is "banished cards"; Look, not Look at the top). The worker reads it alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, typed_deed


@pytest.mark.parametrize("query, deed", [
    ("banishing cards", "banishing"), ("looking at a card", "looking at"), ("resolving an effect", "resolving"),
    ("what is drawing cards", "drawing"),
    ("banished cards", ""),  # a word in -ed: the thing done to, not the deed
    ("summoning a spirit", ""),  # no kind of thing: the spirit is what is summoned
    ("drawing", ""), ("card effects", ""),
])
def test_the_deed_is_the_verb_in_ing_without_the_kinds_after_it(query: str, deed: str) -> None:
    assert typed_deed(query) == deed


@pytest.mark.parametrize("query, first", [
    ("banishing cards", "shadowverse-evolve/banish"),  # not the Banish zone ("banished cards")
    ("resolving an effect", "battle-spirits/resolve"),  # not After this effect (resolves)
    ("looking at a card", "zero-dimension/look"),  # not Look at the top (cards)
    ("drawing cards", "battle-spirits/draw"),  # not Zero Dimension's Draw step
    ("banishing a card in sve", "shadowverse-evolve/banish"),
    # what no verb in -ing says keeps its term
    ("banished cards", "shadowverse-evolve/banish-zone"), ("lasting effects", "shadowverse-evolve/continuous-effect"),
])
def test_a_deed_typed_in_ing_names_the_verbs_concept(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first


@pytest.mark.parametrize("query, first", [
    ("spirit turned sideways", "battle-spirits/exhausted"),  # -ed: the state its description tells alike
    ("a spirit turned sideways", "battle-spirits/exhausted"),
    ("turning spirits sideways", "battle-spirits/exhaust"),  # -ing: the deed
])
def test_of_descriptions_told_alike_the_verb_form_says_state_or_deed(glossary: Glossary, query: str, first: str) -> None:
    """Exhaust and Exhausted are described alike (turn sideways): a word typed in -ed names the
    card state, one in -ing the deed (kb.concepts.form_fits), as a term covering the words does."""
    assert glossary.lookup(query)[0].id == first
