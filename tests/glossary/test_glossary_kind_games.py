"""A Chinese query naming a kind of card without its 卡 or 牌 (角色 of Zero Dimension's 角色牌) beside terms several
games share names that game's first, though more of its terms are another game's too (issue 33 part 3, terms
order; kb.concepts.kind_games). The worker reads it alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, kind_games


def test_the_games_of_kinds_named_bare() -> None:
    assert kind_games({"角色": {"zero-dimension"}}, ["攻击时", "效果"]) == {"zero-dimension"}


def test_a_kind_word_within_a_term_says_no_game() -> None:
    assert kind_games({"角色": {"zero-dimension"}}, ["角色名"]) == set()


@pytest.mark.parametrize("query, first", [
    ("角色在攻击时的效果发挥", "zero-dimension/when-attacks"),  # not Battle Spirits' When attacks
    ("攻击时", "battle-spirits/when-attacks"),  # no kind named: as before
])
def test_the_kind_named_gives_the_game(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
