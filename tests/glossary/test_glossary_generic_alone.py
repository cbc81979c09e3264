"""A generic word (效果, 能力: what a term gives; kb.concepts.GENERIC) comes after the other terms of a
Chinese or Japanese query only when one of them is a term it may say what it gives of (issue 33 part 3,
thirty-second round): beside kinds of card only (灵魂卡, 角色牌, スピリット), which say the game only, it is
the thing asked about, the effect of that game (灵魂卡上写的效果: Battle Spirits' Effect, not Spirit),
while a keyword's effect is still the keyword's (激突的效果是什么意思: Clash).

The worker reads them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, nearest_written

KEYS = {"灵魂卡": ["bs/spirit"], "效果": ["bs/effect"], "激突": ["bs/clash"]}
KINDS = frozenset({"灵魂卡"})


@pytest.mark.parametrize("query, first", [
    ("灵魂卡上写的效果", "bs/effect"),          # a kind of card says the game only
    ("灵魂卡的效果是什么意思", "bs/effect"),
    ("激突的效果是什么意思", "bs/clash"),        # a keyword's effect: the keyword, as before
    ("灵魂卡激突的效果说明", "bs/clash"),
])
def test_a_generic_word_is_last_only_beside_a_term_it_says_what_it_gives(query: str, first: str) -> None:
    assert nearest_written(query, KEYS, kinds=KINDS, generic=("效果",))[0] == first


@pytest.mark.parametrize("query, first", [
    ("灵魂卡上写的效果", "battle-spirits/effect"),          # not Spirit
    ("スピリットの効果の意味", "battle-spirits/effect"),
    ("灵魂卡的能力是什么意思", "battle-spirits/effect"),
    ("角色卡上的效果文字", "zero-dimension/effect"),         # the game the kind of card is of
    ("激突的效果是什么意思", "battle-spirits/clash"),        # a keyword's effect, as before
    ("随从的突进能力是什么意思", "shadowverse-evolve/rush"),
])
def test_the_effect_of_a_kind_of_card_is_the_game_s_effect(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
