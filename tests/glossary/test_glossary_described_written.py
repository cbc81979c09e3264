"""A player who describes a notion in Chinese or Japanese finds it: the term lookup reads what the
rules print of each concept (issue 33, items 2 and 3, sixteenth round).

A concept's Chinese and Japanese description is its terms in those languages and the clauses its
glossary entry cites as defining it, with their paragraphs, as printed, folded so that zh-Hans and
zh-Hant meet. A Chinese or Japanese query no term names, contains or nears is read against them
(BM25 over characters and pairs of characters, as the English tier reads words): the concept whose
description holds enough of it. A nonsense or off-topic question still names nothing.
"""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import told_written
from tcgrules.kb.definitions import WRITTEN_SHARE, of_written
from tcgrules.kb.text import written_text, written_words


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize(("query", "concept"), [
    ("装备在角色身上", "zero-dimension/equipment-card"),  # 装备牌: 装备在角色身上 …
    ("扔骰子", "shadowverse-evolve/roll-a-die"),
    ("卡上的版权信息", "zero-dimension/copyright-text"),
    ("恶魔果实自然系", "zero-dimension/logia-fruit"),
    ("衍生的卡", "shadowverse-evolve/token"),
    ("等級升到3", "zero-dimension/level-up"),
])
def test_what_the_rules_print_names_what_a_player_describes_that_no_term_names(ruled, query: str, concept: str) -> None:
    """No term is the query, holds it or is near it: its concept is the one whose defining
    clauses hold it."""
    assert first(ruled, query) == concept


def test_a_description_in_either_script_is_found_alike(ruled) -> None:
    """The clauses of an edition in Simplified characters describe a query in Traditional ones."""
    assert first(ruled, "裝備在角色身上") == first(ruled, "装备在角色身上") == "zero-dimension/equipment-card"


@pytest.mark.parametrize("query", ["今天天气很好", "我想吃饭", "股票怎么买", "明天下雨吗", "今日はいい天気ですね",
                                   "火车站在哪里", "我的猫在哪里", "zzqx blorf wug", "what is the capital of france"])
def test_nonsense_or_an_off_topic_question_names_nothing(ruled, query: str) -> None:
    """Read with every description, English and Chinese or Japanese: where is my cat holds 在哪里
    as a rule does (where to put equipment), a question's frame, not a notion."""
    assert ruled.lookup(query) == []


def test_a_term_named_stays_before_any_description(ruled) -> None:
    """事件区 is a term: its concept, whatever the clauses describing other concepts hold."""
    assert first(ruled, "事件区") == "zero-dimension/event-zone"
    assert first(ruled, "倒數階段") == "xinglingwang/countdown-phase"


def test_every_concept_with_a_defining_clause_in_chinese_or_japanese_has_a_description(ruled) -> None:
    """Zero Dimension's 206 事件区 defines the Event zone: its paragraphs are its description."""
    assert "玩家放置事件牌的区域称为事件区" in ruled.written["zero-dimension/event-zone"]
    assert "胜负条件" in ruled.written["zero-dimension/win-loss-conditions"]  # zh-Hant 勝負條件 folded
    assert len(ruled.written) > 0.9 * len(ruled.concepts)


def test_written_words_are_characters_and_their_pairs_folded() -> None:
    """As the site's worker indexes a text (indexTokens): each character and pair of a run, a
    katakana word of three or more whole, Latin words and numbers whole."""
    assert written_words(written_text("勝負條件")) == ["胜", "胜负", "负", "负条", "条", "条件", "件"]
    assert written_words(written_text("SC放")) == ["sc", "放"]
    assert "フォロワー" in written_words(written_text("フォロワー"))


def test_a_third_of_a_questions_weight_names_a_concept() -> None:
    """A description holding a third of the query's weight, in two words or more, names it; one
    holding less does not."""
    d = of_written({"g/zone": "玩家放置事件牌的区域称为事件区", "g/other": "玩家可以随时认输"})
    assert d.share == WRITTEN_SHARE
    told = d.scores(written_words(written_text("事件牌放哪")))
    assert told["g/zone"].names and "g/other" not in told
    assert not d.scores(written_words(written_text("今天的事件很好吃吗")))["g/zone"].names


def test_an_english_query_is_not_read_as_chinese(ruled) -> None:
    assert told_written("spirit dies from losing its cores", ruled.written_descriptions) == {}
