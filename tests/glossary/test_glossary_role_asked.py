"""An English question opening on "whose" or "who" asks for a player's role, which the rules define by whose
something it is (englishq): whose turn it is, the Turn player ("the player whose turn it is now"; Zero
Dimension's Active player); whose deck a card started in, the Owner; whose zone a card is in, the
Controller (kb.concepts.role_asked, of the concepts whose definition opens on "The player",
Glossary.roles). Another question, or one whose words no role's definition holds, names no role. The
worker reads them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import role_asked


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "role"), [
    ("whose turn is it now in sve", "shadowverse-evolve/turn-player"),
    ("whose turn is it zd", "zero-dimension/active-player"),
    ("whose deck did the card start in xlw", "xinglingwang/owner"),
    ("whose zone does the character sit in zd", "zero-dimension/controller"),
    # engdesc2: "who" asks for a role too, which the rules define by what its player does
    ("who takes the second turn in xinglingwang", "xinglingwang/second-player"),
    ("who starts with three evolution points sve", "shadowverse-evolve/second-player"),
    ("who is you on a bs card text", "battle-spirits/self"),
])
def test_a_question_opening_on_whose_names_the_role_it_asks_for(ruled, query: str, role: str) -> None:
    assert first(ruled, query) == role


def test_the_roles_are_the_concepts_defined_as_a_player(ruled) -> None:
    assert {"battle-spirits/turn-player", "shadowverse-evolve/owner", "xinglingwang/controller"} <= ruled.roles
    assert "battle-spirits/turn" not in ruled.roles and "battle-spirits/player" not in ruled.roles
    assert "battle-spirits/self" in ruled.roles  # "You, as card text names you: ..."
    assert "zero-dimension/priority" not in ruled.roles  # "The chance to act: the player holding priority ..."


def test_only_a_question_opening_on_whose_names_a_role(ruled) -> None:
    roles = ruled.roles
    assert role_asked("whose turn is it", ruled.descriptions, ruled.naming_words, roles) \
        == ["battle-spirits/turn-player"]
    assert role_asked("the turn", ruled.descriptions, ruled.naming_words, roles) == []        # no "whose"
    assert role_asked("turn of whose", ruled.descriptions, ruled.naming_words, roles) == []    # not opening on it
    assert role_asked("turn of who", ruled.descriptions, ruled.naming_words, roles) == []
    assert role_asked("whole turn", ruled.descriptions, ruled.naming_words, roles) == []       # no word who
