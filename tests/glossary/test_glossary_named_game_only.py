"""A query naming a game is answered with that game's concepts only (issue 33, "in the command line and
in the browser alike"; parity36): `tcgrules term` lists none of another game's, and none at all when its
rules name none of the named game's (a keyword another game has typed with the game's name), as
`tcgrules search` reads a query's concepts and the site's worker scopes its entries to the game named
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary

GAME_NAMES = {"battle-spirits": "in battle spirits", "shadowverse-evolve": "sve", "zero-dimension": "in zd",
              "xinglingwang": "in xlw"}


@pytest.mark.parametrize("query", ["trample in shadowverse", "ward zd", "evolve xinglingwang", "overflow zd"])
def test_another_game_s_keyword_typed_with_a_game_s_name_names_nothing(ruled: Glossary, query: str) -> None:
    assert ruled.lookup(query) == []


@pytest.mark.parametrize("query, first", [
    ("ward sve", "shadowverse-evolve/ward"),                     # the game's own keyword, as it was
    ("cemetery in battle spirits", "battle-spirits/trash"),      # another game's word: the named game's counterpart
])
def test_the_named_game_s_own_concept_is_kept(ruled: Glossary, query: str, first: str) -> None:
    assert [c.id for c in ruled.lookup(query)][:1] == [first]


def test_no_concept_of_another_game_is_listed_for_a_query_naming_a_game(ruled: Glossary) -> None:
    """Every concept's first English term typed with each other game's name: the named game's concepts only."""
    english = {c.id: next((t for t in c.all_terms() if t.isascii()), c.slug) for c in ruled}
    other = [(f"{english[c.id]} {name}", game) for c in ruled for game, name in GAME_NAMES.items() if c.game != game]
    listed = {q: [c for c in ruled.lookup(q)] for q, _ in other}
    assert [(q, [c.id for c in listed[q]]) for q, game in other if any(c.game != game for c in listed[q])] == []
