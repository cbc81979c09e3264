"""A Chinese or Japanese query made of a term's pieces names that term (issue 33 part 3, nineteenth
round), a term mixing Latin letters and characters too: Lvコスト is made of Lv (the Level, レベル in
kana) and コスト, so スピリットのレベルコスト and レベルコストとは name the Level cost, not the Level nor
the Cost each alone. The worker reads it alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, composed, piece_bags

KEYS = {"lvコスト": ["bs/level-cost"], "レベル": ["bs/level"], "コスト": ["bs/cost"], "スピリット": ["bs/spirit"]}
WRITTEN = {**KEYS, "lv": ["bs/level"], "bp": ["bs/bp"]}


def test_a_latin_piece_of_a_term_is_one_of_its_pieces() -> None:
    assert piece_bags(KEYS, WRITTEN) == [([["bs/level"], ["bs/cost"]], ["bs/level-cost"])]


def test_a_term_mixing_scripts_is_named_by_its_pieces_in_the_other_script() -> None:
    bags = piece_bags(KEYS, WRITTEN)
    assert composed("レベルコスト", KEYS, {"スピリット"}, bags) == ["bs/level-cost"]
    assert composed("スピリットのレベルコスト", KEYS, {"スピリット"}, bags) == ["bs/level-cost"]


def test_without_the_latin_keys_the_pieces_are_named_each() -> None:
    assert composed("レベルコスト", KEYS, {"スピリット"}, piece_bags(KEYS)) == ["bs/level", "bs/cost"]


@pytest.mark.parametrize("query, first", [
    ("スピリットのレベルコスト", "battle-spirits/level-cost"),  # not the Level
    ("レベルコストとは", "battle-spirits/level-cost"),
    ("レベル", "battle-spirits/level"),  # a term alone, as before
])
def test_a_query_of_a_mixed_terms_pieces_names_it(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
