"""Longer Chinese and Japanese queries as players type them (issue 33 part 3, sixteenth round):
a term and a question about it, a kind of card named without its 卡 or 牌 saying which game's
term the other words are, and a term several games share through a form, read by general rules
(kb.concepts.asked_term, nearest_written), not by a list of queries. The worker reads them alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, asked_split


def test_a_question_after_a_term_is_split_off_at_its_question_word() -> None:
    assert asked_split("额外回合怎么算") == 4
    assert asked_split("开始步骤会做什么") == 6
    assert asked_split("公开领域トハ") == 4
    assert asked_split("额外回合") is None and asked_split("怎么算") is None  # no question, or no term before it


@pytest.mark.parametrize("query, first", [
    ("额外回合怎么算", "shadowverse-evolve/extra-turn"),   # a part of a term (进行额外回合), then how it counts
    ("额外回合是什么", "shadowverse-evolve/extra-turn"),
    ("开始步骤会做什么", "zero-dimension/start-step"),       # the term's own concept, not a form's (开始阶段)
    ("公開領域とは", "battle-spirits/public-zone"),          # Japanese: とは after the term
    ("连锁怎么结算", "zero-dimension/chain"),                # terms and fillers still read first (composed)
    ("主要阶段能打单位吗", "xinglingwang/main-phase"),        # another term in the question: the nearest term
])
def test_a_term_and_a_question_about_it_name_the_term_s_concept(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first


@pytest.mark.parametrize("query, first", [
    ("横置一个角色", "zero-dimension/tapped"),      # 角色: Zero Dimension's 角色牌, so its 横置
    ("角色横置", "zero-dimension/tapped"),
    ("横置的角色能防御吗", "zero-dimension/tapped"),
])
def test_a_kind_of_card_named_without_its_card_word_says_which_game(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first


@pytest.mark.parametrize("query, first", [
    ("结束步骤时", "zero-dimension/end-step"),   # 结束步骤 is Zero Dimension's term, Battle Spirits' only as a form of 结束阶段
    ("开始步骤时", "zero-dimension/start-step"),
])
def test_among_equally_near_the_concept_whose_own_term_it_is_comes_first(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first
