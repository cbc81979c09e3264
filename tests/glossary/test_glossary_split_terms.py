"""A Chinese or Japanese query names the terms it types whole before a term its characters only
spell when read across them (issue 33 part 3, twenty-ninth round):

* a term the query holds only with other characters between (登场效果 in 登场时…效果) that is made
  of characters of the terms the query types whole, splitting one of them (登场 of 登场时, 效果),
  names less than those terms: 登场时的效果怎么发动 asks of When enters' effect, not of the Enter
  effect; 灵魂卡上的能量 is the core on a spirit card, not the Soul core (灵魂 of 灵魂卡, 能量);
* a term with a character of its own between or around them is read as before: 攻击力加成 is the
  Attack bonus (攻击 of 攻击力 and 加成, no term of the query);
* a timing's term, its words then 时 (攻击破坏时, When destroyed while attacking), is named by a query
  typing its 时 after its first word, closing that clause as Chinese does (攻击时被破坏, 防御时被破坏的
  触发), among terms and fillers (kb.concepts.retimed) as among terms near (kb.concepts.timed); a
  timing with a deed no timing's term is of stays the timing (攻击时抽牌: When attacks);
* a zone's term ending on 领域 or 区域 (参赛领域, the Entry zone, whose key ends on 区) is a piece of a longer
  query as it is a query alone (参赛领域的卡, kb.concepts.zoned);
* a Chinese question asking where something goes names the zone named after its thing, a term it holds
  and 区 (被除外的牌去哪里: 除外区, the Removed zone, not the deed Remove from game; 进化的卡去哪: the Evolution
  zone), as an English one does (kb.concepts.named_written, as named_zones);
* a Latin term several games list, typed beside Chinese words, names them in the order the term alone
  names them (an alias: the game whose English is proposed first, Glossary.named): DEF是几 is Zero
  Dimension's Defense power as DEF is, HP为0 Shadowverse: Evolve's Defense as HP is;
* a keyword a Chinese or Japanese query types in brackets beside other words, as cards print one, is what
  it asks of (【靈動】的魔法: a magic with Flash, Flash, not 靈動魔法, Soul magic; kb.concepts.bracketed).

The worker reads them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import bracketed, named_written, nearest_written, pieces, retimed, splits, timed, zoned

KEYS = {"登场时": ["zd/when-enters"], "登场效果": ["zd/enter-effect"], "效果": ["zd/effect"],
        "攻击力": ["zd/attack-power"], "攻击加成": ["zd/attack-bonus"]}


@pytest.mark.parametrize("key, query, whole, split", [
    ("登场效果", "登场时的效果怎么发动", ["登场时", "效果"], True),   # 登场 of 登场时, and 效果
    ("灵魂能量", "灵魂卡上的能量", ["灵魂卡", "能量"], True),
    ("攻击加成", "攻击力加成", ["攻击力"], False),                 # 加成 is its own
    ("登场效果", "登场的效果", ["效果"], False),                   # no typed term split
    ("登场时", "登场时的效果", ["登场时", "效果"], False),          # typed whole
    ("登场效果", "效果登场", ["效果"], False),                     # not in the query's order
])
def test_a_term_spelt_across_typed_terms_splits_one(key: str, query: str, whole: list[str], split: bool) -> None:
    assert splits(key, query, whole) is split


def test_the_typed_term_comes_before_the_one_spelt_across_it() -> None:
    assert nearest_written("登场时的效果怎么发动", KEYS, generic=["效果"])[0] == "zd/when-enters"


def test_a_term_with_a_word_of_its_own_is_read_as_before() -> None:
    assert nearest_written("攻击力加成", KEYS)[0] == "zd/attack-bonus"


@pytest.mark.parametrize("query, first", [
    ("登场时的效果怎么发动", "zero-dimension/when-enters"),
    ("登场时效果能不能不用", "zero-dimension/when-enters"),
    ("灵魂卡上的能量", "battle-spirits/core"),
    ("攻击力加成", "zero-dimension/attack-bonus"),               # as before
    ("防御力加成到回合结束", "zero-dimension/defense-bonus"),
])
def test_the_glossary_names_the_terms_typed_whole(ruled, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first


@pytest.mark.parametrize("term, query, named", [
    ("攻击破坏时", "角色攻击时被破坏", True), ("防御破坏时", "防御时被破坏的触发", True), ("攻击破坏时", "攻击时破坏", True),
    ("攻击破坏时", "攻击破坏时", False),        # typed as it is: no 时 moved (the term itself)
    ("攻击破坏时", "破坏时攻击", False),        # 时 after the last word
    ("攻击破坏时", "攻击被破坏", False),        # no 时
    ("登场效果", "登场时的效果", False),         # no timing's term
])
def test_a_timing_s_when_typed_after_its_first_word(term: str, query: str, named: bool) -> None:
    assert timed(term, query) is named


def test_the_pieces_with_the_when_moved_to_the_next() -> None:
    keys = {"攻击时", "攻击", "破坏", "破坏时", "抽牌"}
    assert retimed(["攻击时", "破坏"], keys) == ["攻击", "破坏时"]
    assert retimed(["攻击时", "抽牌"], keys) == []          # 抽牌时 is no key


@pytest.mark.parametrize("query, first", [
    ("攻击时被破坏", "zero-dimension/attack-destroyed"),
    ("攻击时被破坏的效果", "zero-dimension/attack-destroyed"),
    ("角色攻击时被破坏会怎样", "zero-dimension/attack-destroyed"),
    ("防御时被破坏", "zero-dimension/defense-destroyed"),
    ("攻击时抽牌", "battle-spirits/when-attacks"),            # as before: no timing of both
])
def test_the_glossary_names_a_timing_typed_with_its_when_first(ruled, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first


@pytest.mark.parametrize("part, key", [("参赛领域", "参赛区"), ("参赛区域", "参赛区"), ("参赛区", "参赛区"),
                                       ("领域", "领域"), ("参赛的卡", "参赛的卡"), ("某某领域", "某某领域")])
def test_a_part_ending_on_a_zone_s_word_is_the_zone_s_key(part: str, key: str) -> None:
    assert zoned(part, {"参赛区", "参赛", "领域"}) == key


def test_a_zone_s_term_is_one_piece_of_a_longer_query() -> None:
    assert pieces("参赛领域的卡", {"参赛区", "参赛", "领域", "进化区域外"}) == ["参赛区"]


@pytest.mark.parametrize("query, first", [("参赛领域的卡", "shadowverse-evolve/entry-zone"),
                                          ("参赛区域里有几张卡", "shadowverse-evolve/entry-zone"),
                                          ("进化区域的卡能用吗", "shadowverse-evolve/evolution-zone")])
def test_the_glossary_names_a_zone_typed_with_its_other_word(ruled, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first


ZONE_KEYS = {"除外": ["bs/remove", "zd/removed"], "除外区": ["bs/removed-zone", "xlw/removed-zone"], "事件": ["zd/event"],
             "事件牌": ["zd/event-card"], "事件区": ["zd/event-zone"], "主牌组": ["s/main-deck"], "牌组": ["b/deck", "s/main-deck"],
             "牌组区": ["b/deck-zone"], "牌组放置区": ["s/deck-area"]}


@pytest.mark.parametrize("query, zones", [
    ("被除外的牌去哪里", ["bs/removed-zone", "xlw/removed-zone"]), ("事件牌用完放哪", []),   # 事件牌区 is none
    ("事件用完放哪", ["zd/event-zone"]), ("除外区在哪里", []), ("除外的卡", []),              # no where-question
    ("牌组放在哪", ["b/deck-zone", "s/deck-area"]),      # its term and 区 or 放置区, where it is put
    ("主牌组放在哪", ["s/deck-area", "b/deck-zone"]),    # its head's (牌组: a main deck is a deck), its game's first
])
def test_a_where_question_names_the_zone_named_after_its_thing(query: str, zones: list[str]) -> None:
    zones_held = {"bs/removed-zone", "xlw/removed-zone", "zd/event-zone", "b/deck-zone", "s/deck-area"}
    assert named_written(query, ZONE_KEYS, zones_held) == zones


@pytest.mark.parametrize("query, first", [("被除外的牌去哪里", "battle-spirits/removed-zone"),
                                          ("星灵王被除外的卡去哪", "xinglingwang/removed-zone"),
                                          ("进化的卡去哪", "shadowverse-evolve/evolution-zone"),
                                          ("事件牌用完放哪", "zero-dimension/event-zone"),            # as before
                                          ("魔法卡用完去哪", "battle-spirits/magic")])               # as before
def test_the_glossary_names_the_zone_a_where_question_s_thing_names(ruled, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first


@pytest.mark.parametrize("term, query", [("DEF", "DEF是几"), ("ATK", "ATK是多少"), ("HP", "HP为0"), ("DEF", "DEF变成0")])
def test_a_latin_term_beside_chinese_words_names_what_it_names_alone(ruled, term: str, query: str) -> None:
    assert ruled.lookup(query)[0] == ruled.named(term)[0]


@pytest.mark.parametrize("query, keyword", [("【靈動】的魔法卡", "靈動"), ("[メイン]の効果を使う", "メイン"), ("「スピリット」とは", "スピリット"),
                                            ("【靈動】", ""), ("[Flash] magic", "[Flash]"), ("靈動魔法", ""),
                                            ("[Activate: Main]", "[Activate]"), ("[Flash]", ""), ('who is "you" here', "you"),
                                            ('"you"', "")])
def test_a_keyword_typed_in_brackets_beside_other_words(query: str, keyword: str) -> None:
    assert bracketed(query) == keyword


@pytest.mark.parametrize("query, first", [("【灵动】魔法", "battle-spirits/flash"), ("[メイン]を使うタイミング", "battle-spirits/main"),
                                          ("【激突】スピリット", "battle-spirits/clash"),
                                          ("灵动魔法", "battle-spirits/soul-magic"),            # no brackets: the term
                                          ("[Activate: Flash]", "battle-spirits/activation"),   # English: the mark, not the deed
                                          ("[Flash] timing of a magic", "battle-spirits/flash"),
                                          ('what "you" means on a card', "battle-spirits/self"),  # quoted: the term
                                          ("a name in 「」 on a card", "battle-spirits/card-name"),  # brackets typed empty
                                          ("『』 in sve text", "shadowverse-evolve/card-name")])
def test_the_glossary_names_the_keyword_in_brackets(ruled, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
