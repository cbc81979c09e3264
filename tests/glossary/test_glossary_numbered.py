"""A clause number typed as a term (termsrecall, issue 33 item 3): `tcgrules term` answers with the concepts its
clauses define, in any game's style of number (５．３．１, 5.3.1, 5-3-1), those of the clauses printing it as typed
first, of the game typed before it only (kb.concepts.numbered_concepts); a number whose clauses define nothing names
nothing, and the search still answers a number with its clauses. The worker reads them alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import numbered_concepts


def ids(glossary, query: str, game: str | None = None) -> list[str]:
    return [c.id for c in glossary.lookup(query, game)]


@pytest.mark.parametrize("query", ["5.3.1", "５．３．１", "5 . 3 . 1", "5.3.1."])
def test_a_number_typed_as_one_game_prints_it_names_that_games_definitions_first(ruled, query: str) -> None:
    assert ids(ruled, query) == ["shadowverse-evolve/tapped", "shadowverse-evolve/upright", "battle-spirits/player"]


def test_a_number_in_the_other_style_names_the_other_games_first(ruled) -> None:
    assert ids(ruled, "5-3-1") == ["battle-spirits/player", "shadowverse-evolve/tapped", "shadowverse-evolve/upright"]


def test_a_game_typed_before_the_number_or_asked_for_keeps_its_own(ruled) -> None:
    assert ids(ruled, "battle-spirits:5.3.1") == ["battle-spirits/player"]
    assert ids(ruled, "5-3-1", "shadowverse-evolve") == ["shadowverse-evolve/tapped", "shadowverse-evolve/upright"]


def test_a_number_defining_nothing_names_nothing(ruled) -> None:
    assert ids(ruled, "8-1-6") == []
    assert ids(ruled, "99-99-99") == []


def test_only_a_number_is_read_so() -> None:
    defined = {"g/a": ["1-2"], "g/b": ["1.2"], "h/c": ["1.2", "15.c3.k5"], "h/d": ["1.2"]}
    assert numbered_concepts("1.2", defined, ["h/d"]) == ["g/b", "h/c", "g/a"]
    assert numbered_concepts("1-2", defined, []) == ["g/a", "g/b", "h/c", "h/d"]
    assert numbered_concepts("h:1-2", defined, []) == ["h/c", "h/d"]
    assert numbered_concepts("15.3.5", defined, []) == []  # a synthesized number is none a player types
    assert numbered_concepts("rule 1.2", defined, []) is None
    assert numbered_concepts("draw", defined, []) is None
