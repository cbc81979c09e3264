"""Ties among the terms a query covers, and the order its words are typed in (issue 33, fifteenth
round): which of several concepts whose terms stand in a query a player means, by rules of how
English and Chinese put their words, not by a list of queries; none of these is a query of a
query set's half."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, deed_first, heading, term_words


@pytest.mark.parametrize("query, first", [
    # an English phrase names its head last: the term ending on it, its words in the typed
    # order, before one reordered (trigger … effect) or ending on a word modifying the head
    ("effects that trigger on block", "battle-spirits/when-blocks"),
    ("abilities that trigger on destruction", "battle-spirits/when-destroyed"),
    ("effects that activate on attack", "battle-spirits/when-attacks"),
])
def test_an_english_phrase_names_the_term_ending_on_its_head(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first


def test_a_term_heads_a_query_when_it_ends_on_its_last_word_but_a_kind_in_the_typed_order() -> None:
    q = term_words("during your attack step")
    assert heading(term_words("attack step"), q) and not heading(term_words("during attack"), q)
    q = term_words("effects that trigger on attack")
    assert heading(term_words("on attack"), q) and not heading(term_words("triggered effect"), q)
    q = term_words("printed attack value")  # words between a term's words: print … value
    assert heading(term_words("printed value"), q) and heading(term_words("attack value"), q)
    q = term_words("hand area cards")  # a word naming a kind (card) is no head
    assert heading(term_words("hand area"), q) and not heading(term_words("hand card"), q)
    assert heading(term_words("hand"), q)  # one word: weighed by the other rules


@pytest.mark.parametrize("query, first", [
    # Chinese names the deed first, but a thing a coverb (用, 从, 把, 将) puts before the deed is
    # what it is done with or from, not the deed
    ("从预备区召唤", "battle-spirits/summon"),
    ("用进化点觉醒", "shadowverse-evolve/overflow"),
    ("从牌组抽两张", "battle-spirits/draw"),
    ("从手牌舍弃", "zero-dimension/discard"),
])
def test_a_thing_a_coverb_puts_before_the_deed_is_not_the_deed(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first


def test_the_deed_is_named_first_but_after_a_coverb_last() -> None:
    assert deed_first("使用一张魔法卡", ["使用", "魔法卡"], ["使用", "魔法卡"]) == ["使用", "魔法卡"]
    assert deed_first("用进化点进化", ["进化点", "进化"], ["进化点", "进化"]) == ["进化", "进化点"]
    assert deed_first("把一张卡从牌组抽", ["牌组", "抽"], ["牌组", "抽"]) == ["抽", "牌组"]  # a numeral between
    assert deed_first("魔抗效果", ["魔法抗性", "效果"], ["魔法抗性"]) == ["魔法抗性"]  # a short form: not as typed
