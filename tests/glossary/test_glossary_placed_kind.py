"""A player who describes a notion by where a card prints it finds the notion, not the card (issue 33,
a Chinese or Japanese description of a notion, twenty-eighth round).

灵魂卡下半部分的文字 (the text on the lower half of a spirit card) is nearest the Spirit, a kind of card
the query only places what it asks about on: the description of the kind's game that holds twice the
kind's own share of the query names it (Battle Spirits' 2-2: 卡牌的效果记载于卡牌的下半部, the Card text).
A kind ending the query is the thing asked about and stays.
"""
from __future__ import annotations

import pytest


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "concept"), [
    ("灵魂卡下半部分的文字", "battle-spirits/card-text"),
    ("随从卡上括号里的注释", "shadowverse-evolve/reminder-text"),  # 注释文本: 用括号括起来的注释
])
def test_a_kind_of_card_placing_the_notion_yields_to_its_description(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept


@pytest.mark.parametrize(("query", "concept"), [
    ("バトスピで代わりに〜する効果", "battle-spirits/replacement-effect"),  # 効果 heading what it does instead
    ("SVE一段时间内一直有效的效果", "shadowverse-evolve/continuous-effect"),
])
def test_a_generic_head_yields_to_the_notion_its_modifiers_describe(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept


@pytest.mark.parametrize(("query", "concept"), [
    ("灵魂卡上写的效果", "battle-spirits/effect"),  # a generic word beside kinds of card only is asked about
    ("打出一张角色牌", "zero-dimension/character-card"),  # the kind ends the query: it is the thing asked about
    ("随从", "shadowverse-evolve/follower"),
])
def test_a_kind_of_card_asked_about_stays(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept
