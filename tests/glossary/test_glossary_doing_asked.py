"""An English question asking what a thing does asks for the thing's effect, where a term names it by the
thing and an effect (engdesc2): what a spell does once cast, Shadowverse: Evolve's Spell ability ("the effect
that happens when the spell is played"), not the Spell (kb.concepts.doing_asked). Without such a term it names
what it named before. The worker reads them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import doing_asked


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize("query", ["what does a spell do in sve", "what a spell does once it resolves",
                                   "What does the spell do?"])
def test_what_a_thing_does_names_its_effect(ruled, query: str) -> None:
    assert first(ruled, query) == "shadowverse-evolve/spell-ability"


def test_only_what_a_thing_does_asks_for_its_effect(ruled) -> None:
    english = ruled._latin_keys
    assert doing_asked("what does a spell do", english, "shadowverse-evolve") == ["shadowverse-evolve/spell-ability"]
    assert doing_asked("a spell does damage", english) == []     # no question
    assert doing_asked("what does do", english) == []            # no thing
    assert doing_asked("what the core step does", english) == []  # no term of its effect
    assert doing_asked("what does the storm keyword do", english) == []  # the thing whole: no Keyword effect
