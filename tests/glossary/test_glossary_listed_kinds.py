"""A player who names several kinds of one class finds the class (issue 33, a Chinese or Japanese
description of a notion, twenty-eighth round).

Two kinds or more of one category, joined as a list (和, 与, 及, 、, a space) or named with their class
(四种卡, 合称), name the concept whose defining clauses name them all: Zero Dimension's 311 战术类型分为
普通战术和瞬间战术两种, 星靈王's 召唤阶段与战术阶段统称为主要阶段; else the game's concept named after their
category (Shadowverse: Evolve's card types: its Card type). A list that says something else of the
kinds (their difference) is no class.
"""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import listed


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "concept"), [
    ("普通战术和瞬间战术", "zero-dimension/tactic-type"),  # 311: 战术类型分为普通战术和瞬间战术两种
    ("召喚階段和戰術階段合稱", "xinglingwang/main-phase"),  # 2.4: 召唤阶段与战术阶段统称为主要阶段
    ("召唤阶段与战术阶段", "xinglingwang/main-phase"),
    ("灵魂卡、核心卡、魔法卡三种", "battle-spirits/card-type"),  # 2-5-2: 卡牌种类共有3种
    ("主战者随从护符法术四种卡", "shadowverse-evolve/card-type"),  # the category card-type's own concept
    ("隨從 護符 法術 主戰者", "shadowverse-evolve/card-type"),
])
def test_kinds_listed_name_their_class(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept


@pytest.mark.parametrize(("query", "concept"), [
    ("种族", "xinglingwang/race"),  # 种 of a term is no word of a list
    ("突进随从", "shadowverse-evolve/rush"),  # no list: terms and fillers as before
])
def test_no_list_names_no_class(ruled, query: str, concept: str) -> None:
    assert first(ruled, query) == concept


def test_a_list_saying_something_else_of_the_kinds_names_no_class(ruled) -> None:
    """区别 is no filler: the query asks of the kinds, not of their class."""
    assert first(ruled, "随从和护符的区别") != "shadowverse-evolve/card-type"


def test_a_list_of_kinds_of_several_classes_names_none(ruled) -> None:
    """随从 is a card type, 进化 a deed: no class holds both."""
    tables = ruled.lookup_tables()
    assert listed("随从和进化", tables["written"], tables["classes"]) == []
    assert listed("普通战术和瞬间战术", tables["written"], tables["classes"])[0] == "zero-dimension/tactic-type"


def test_kinds_with_something_said_of_them_are_no_list(ruled) -> None:
    """手牌和牌组区是非公开区域: 是 stands between the kinds and a third zone, which it says they are."""
    tables = ruled.lookup_tables()
    assert listed("手牌和牌组区是非公开区域", tables["written"], tables["classes"]) == []
