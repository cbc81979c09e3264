"""Chinese and Japanese as players type them round a term (issue 33 part 3): a deed and the card
it is done to, a numeral and its measure word, a particle, a term's words in another order.
The concept named is the term's, read by general rules (kb.concepts.composed), not by a list of
queries; none of these is a query of a held-out half."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, pieces


@pytest.mark.parametrize("query, first", [
    ("突进随从", "shadowverse-evolve/rush"),            # a kind of card names the game, the other word the concept
    ("威压随从", "shadowverse-evolve/intimidate"),
    ("禁锢两个单位", "xinglingwang/imprison"),           # and a numeral and its measure word say nothing
    ("随从被破坏", "shadowverse-evolve/destroy"),        # the passive: Shadowverse: Evolve's Destroy, not Battle Spirits'
    ("灵魂卡被消灭", "battle-spirits/depletion"),
    ("配置一张核心卡", "battle-spirits/deploy"),          # the deed before the thing it is done to
    ("找两张卡", "zero-dimension/search"),               # the cards counted say nothing either
    ("疲労状態のスピリット", "battle-spirits/exhausted"),  # a Japanese の and the card it qualifies
    ("复制效果", "zero-dimension/copy"),                 # a word saying what a term gives
    ("结算战斗", "battle-spirits/battle-resolution"),    # a term's words in another order
])
def test_a_term_among_other_words_names_its_concept(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first


def test_a_query_is_cut_into_the_fewest_terms_with_fillers_between() -> None:
    keys = {"疲劳", "灵魂", "灵魂卡", "战斗", "结算", "战斗结算"}
    assert pieces("被疲劳的灵魂卡", keys) == ["疲劳", "灵魂卡"]
    assert pieces("战斗结算", keys) == ["战斗结算"]
    assert pieces("战斗结算", keys, whole=False) == ["战斗", "结算"]  # a term's own pieces
    assert pieces("抽一张", keys) is None  # 抽 is no term: nothing is made up


def test_fillers_alone_or_a_word_no_term_covers_name_nothing(glossary: Glossary) -> None:
    assert glossary._composed("一个的了") == [] and glossary._composed("吃一张") == []
    assert glossary._composed("抽一张")[0].endswith("/draw")  # 抽 alone is draw's verb (verb_alone)
    assert glossary._composed("移动能量") == []  # a term itself is named, not composed
    assert glossary.lookup("測驗一个") == []


def test_search_reads_terms_among_fillers_as_the_term_lookup_does(searched_root, glossary: Glossary) -> None:
    from tcgrules.search.index import open_searcher
    with open_searcher(searched_root) as s:
        for query in ("突进随从", "随从被破坏", "找两张卡", "结算战斗"):
            assert s.concepts(query)[:1] == s.plan(query).concepts[:1] == [glossary.lookup(query)[0].id]
        assert s.concepts("一个的了") == []


@pytest.mark.parametrize("query, first", [("魔抗能力", "xinglingwang/magic-resistance"),
                                          ("破抗效果", "xinglingwang/destruction-resistance")])
def test_a_short_form_beside_a_generic_word_names_its_term(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first


def test_a_short_form_beside_another_term_is_left_to_the_nearest_term(glossary: Glossary) -> None:
    """战术 in 战术类别 is no 战术牌 (a kind of card), 指示 in 指示牌 stands beside no kind:
    the nearest term names them (战术类型, 等级指示牌)."""
    assert glossary._composed("战术类别") == [] and glossary._composed("指示牌") == []


@pytest.mark.parametrize("query, first", [("种族牌", "xinglingwang/race-declaration-card"),
                                          ("一张种族卡", "xinglingwang/race-declaration-card"),
                                          ("职业牌", "shadowverse-evolve/class")])
def test_a_card_named_by_a_word_is_the_kind_of_card_that_word_begins(glossary: Glossary, query: str, first: str) -> None:
    """种族 and 卡: the race declaration card (种族宣言卡), not the race; 职业 begins no kind of card."""
    assert glossary.lookup(query)[0].id == first


@pytest.mark.parametrize("query, first", [
    ("有必杀的随从", "shadowverse-evolve/bane"),         # a kind of card gives the game, not the concept
    ("有守护的随从", "shadowverse-evolve/ward"),
    ("主要阶段能打单位吗", "xinglingwang/main-phase"),    # the game most of the query's terms are
    ("对手发动的连锁", "zero-dimension/chain"),           # Chinese names the thing last: the later term
])
def test_the_nearest_term_of_a_longer_query_is_no_kind_of_card(glossary: Glossary, query: str, first: str) -> None:
    """No term or terms-and-fillers make up these queries (有, 发动, 召唤 between): of the terms
    within them, a kind of card (随从, 单位) comes last, the game most of them name first, then the
    one ending later (kb.concepts.nearest_written)."""
    assert glossary._composed(query) == []
    assert glossary.lookup(query)[0].id == first
