"""A Chinese or Japanese query of terms and fillers names, of a term several games have, the one of
the game its other terms are of (issue 33 part 3, nineteenth round): 废弃 is Battle Spirits' Discard
and Zero Dimension's Scrap, 休息区 Zero Dimension's rest zone, so 废弃一张卡到休息区 is the Scrap, as a
kind of card names the game (突进随从). The worker reads it alike (tests/search/test_term_parity.py,
READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, composed

KEYS = {"废弃": ["bs/discard", "zd/scrap"], "休息区": ["zd/rest-zone"], "手牌": ["bs/hand", "zd/hand"],
        "稀有度": ["bs/rarity", "sve/rarity", "zd/rarity"], "罕贵度": ["zd/rarity"]}


def test_a_term_of_several_games_names_the_game_of_the_other_terms_first() -> None:
    assert composed("废弃一张卡到休息区", KEYS, (), []) == ["zd/scrap", "bs/discard", "zd/rest-zone"]
    assert composed("稀有度罕贵度", KEYS, (), [])[0] == "zd/rarity"


def test_terms_of_one_game_keep_the_order_typed() -> None:
    assert composed("废弃手牌", KEYS, (), []) == ["bs/discard", "zd/scrap", "bs/hand", "zd/hand"]


@pytest.mark.parametrize("query, first", [
    ("废弃两张卡到休息区", "zero-dimension/scrap"),  # not Battle Spirits' Discard
    ("稀有度的罕贵度", "zero-dimension/rarity"),
    ("废弃", "battle-spirits/discard"),  # the term alone, as before
])
def test_a_term_names_the_game_of_the_terms_beside_it(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
