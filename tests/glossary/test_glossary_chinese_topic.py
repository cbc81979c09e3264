"""A Chinese query's topic is the term it puts before the modal verb or the copula its comment opens on
(能, 会, 要, 可以, 是, with 不 or without: issue 33 part 3, thirty-second round), as a Japanese query's is
the term before は or が (tests/glossary/test_glossary_roles.py): 远程单位会被战斗破坏吗 asks of Ranged,
not of Battle destruction; 真界放要放灵魂能量吗 of True release, not of the Soul core. Only a topic of terms
and fillers is one (远程的单位能被战斗破坏吗), not a condition (能量不够能耗能吗: 不够 is no term), nor the
verb inside a term (能 of 能量, 要 of 主要) or 是 of 还是 (or). A subject stands so before its predicate too
(没有, 不受, 用完, 去: 护符没有攻击力 asks of the Amulet, not of Attack; 法术用完就去墓场 of the Spell, not the
Cemetery), and a term typed whole as the query's first word, a space and more words after it, is the
topic they gloss (贯穿 攻击整条星星战线: Pierce, not the Star front; :func:`typed_first`). A term an ordinal
counts in the topic says when (先攻第三回合要…: 第三回合, the First player's third turn; ORDINAL_MARK). A kind
of card there is the thing asked about when a term after it is of its game (衍生物会进墓场吗: the Token;
commented), else it says the game only, as elsewhere (单位不会被破坏).

The worker reads them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, chinese_topic, commented, nearest_written, term_key, typed_first

KEYS = {"远程": ["x/ranged"], "单位": ["x/unit"], "战斗破坏": ["z/battle-destroy"], "能量": ["b/core"],
        "耗能": ["x/consume"], "先攻": ["b/first-player"], "抽牌": ["b/draw"], "回合": ["b/turn"]}


@pytest.mark.parametrize("query, whole, topic", [
    ("远程单位会被战斗破坏吗", ["远程", "单位", "战斗破坏"], "远程单位"),
    ("远程单位不会被战斗破坏", ["远程", "单位", "战斗破坏"], "远程单位"),   # 不 goes with the modal
    ("远程的单位能被战斗破坏吗", ["远程", "单位", "战斗破坏"], "远程的单位"),  # terms and fillers
    ("能量不够能耗能吗", ["能量", "耗能"], ""),                            # a condition: 不够 is no term
    ("能量可以移动吗", ["能量"], ""),                                      # no term after it; 能 of 能量 is none
    ("远程还是战斗破坏", ["远程", "战斗破坏"], ""),                         # 是 of 还是 is none
    ("远程单位没有战斗破坏", ["远程", "单位", "战斗破坏"], "远程单位"),      # a subject before its predicate
    ("远程单位不受战斗破坏", ["远程", "单位", "战斗破坏"], "远程单位"),
    ("抽牌用完去回合", ["抽牌", "回合"], "抽牌"),
    ("远程单位没有能量时的回合", ["远程", "单位", "能量", "回合"], ""),    # a clause of time, a condition
    ("先攻第三回合要抽牌吗", ["先攻", "回合", "抽牌"], "先攻第三回合"),      # an ordinal's 第 says when (ORDINAL_MARK)
])
def test_a_chinese_topic_stands_before_the_modal_verb(query: str, whole: list[str], topic: str) -> None:
    assert chinese_topic(query, whole, KEYS) == topic


def test_the_topic_comes_first() -> None:
    assert nearest_written("远程单位会被战斗破坏吗", KEYS, kinds=frozenset({"单位"}))[0] == "x/ranged"
    assert nearest_written("战斗破坏远程单位", KEYS, kinds=frozenset({"单位"}))[0] == "z/battle-destroy"  # no topic: as before
    assert nearest_written("突袭能攻击", {"突袭": ["z/rush"], "攻击": ["b/attack"]})[0] == "z/rush"  # before the term ending later


@pytest.mark.parametrize("query, first", [
    ("远程 单位战斗破坏", "远程"),     # a term typed whole, then a space and its gloss
    (" 远程  单位", "远程"),
    ("远程单位 战斗破坏", ""),         # the first word is no term
    ("远程", ""),                     # nothing after it
    ("ranged 单位", ""),              # an English word is read as English
])
def test_a_term_typed_first_then_a_space_is_the_topic(query: str, first: str) -> None:
    assert typed_first(query, KEYS) == first


@pytest.mark.parametrize("query, told", [("衍生物会进墓场吗", True),   # 墓场 is the token's game's
                                         ("衍生物会进森林吗", False),   # 森林 another game's: 衍生物 says the game
                                         ("墓场会进衍生物吗", False)])  # no kind in the topic
def test_a_kind_of_card_is_the_topic_its_comment_tells_of(query: str, told: bool) -> None:
    keys = {"衍生物": ["sve/token"], "墓场": ["sve/cemetery"], "森林": ["xlw/forest"]}
    q = term_key(query)
    topic, whole = q[:3], [k for k in keys if k in q]
    assert commented(topic, q, whole, keys, frozenset({"衍生物"})) is told


def test_the_term_typed_first_comes_first() -> None:
    assert nearest_written("战斗破坏 远程单位", KEYS, kinds=frozenset({"单位"}))[0] == "z/battle-destroy"
    assert nearest_written("远程 单位会被战斗破坏吗", KEYS, kinds=frozenset({"单位"}))[0] == "x/ranged"


@pytest.mark.parametrize("query, first", [
    ("護符沒有攻擊力", "shadowverse-evolve/amulet"),            # the subject, not Attack
    ("影之诗法术用完就去墓场", "shadowverse-evolve/spell"),        # not the Cemetery
    ("坚韧 防御时不受战斗伤害", "zero-dimension/tenacity"),      # a keyword and its gloss: not When defends
    ("貫穿 攻擊整條星星戰線", "xinglingwang/pierce"),            # not the Star front
    ("单位不会被破坏", "xinglingwang/destruction-resistance"),   # a term made of the subject and its comment: as before
    ("衍生物会进墓场吗", "shadowverse-evolve/token"),           # a kind its comment's term is of the game of (commented)
    ("衍生物可以进化吗", "shadowverse-evolve/token"),           # not Evolve
    ("灵魂卡没有核心时的规则处理", "battle-spirits/rule-processing"),  # a condition, no topic: as before

    ("远程单位会被战斗破坏吗", "xinglingwang/ranged"),          # not Battle destruction
    ("远程单位是不会被战斗破坏的吗", "xinglingwang/ranged"),
    ("真界放是要放灵魂能量吗", "battle-spirits/true-release"),   # not the Soul core
    ("战斗是攻击宣告开始的吗", "battle-spirits/battle"),         # not Declare
    ("能量不够能耗能吗", "xinglingwang/consume"),               # a condition, no topic: as before
])
def test_a_chinese_query_names_its_topic(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
