"""A question round two notions names the one it asks about (issue 33 part 3, thirty-fourth session).

- A yes/no question whether a thing is a kind (X是Y吗, X都算Y吗, X是不是Y; XはYですか) asks about the kind, Y:
  SVE墓场是公开领域吗 asks whether the Cemetery is a Public zone, so its answer is the Public zone (of
  the game the thing is of), not the Cemetery. Only a kind typed as a term is one: 重疲劳是倒过来放吗 or
  真界放是要放灵魂能量吗 ask how the thing is, of the thing; nor a word every game has asked of one thing
  (衍生物算卡牌吗 asks of the Token, not of the Card).
- A question asking the difference between two notions (A和B的区别, A与B有什么不同, A和B不一样吗,
  AとBの違い, difference between A and B, A versus B) asks about the one typed first, A: 消失和破坏的区别
  is Banish, not the Banish zone 消失 and 区 would make.

The worker reads them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, difference_split, predicated

KEYS = {"墓场": ["s/cemetery"], "公开区": ["b/public-zone", "s/public-zone"], "卡牌": ["b/card", "s/card"],
        "灵魂卡": ["b/spirit"], "魔法卡": ["b/magic", "x/magic-card"], "结算": ["b/resolve"], "重疲劳": ["b/heavily-exhausted"]}


@pytest.mark.parametrize("query, kind", [
    ("墓场是公开领域吗", ["s/public-zone", "b/public-zone"]),   # the kind, of the thing's game first
    ("墓场是不是公开领域", ["s/public-zone", "b/public-zone"]),
    ("灵魂卡 魔法卡 都算卡牌吗", ["b/card", "s/card"]),
    ("重疲劳是倒过来放吗", []),                                  # no kind typed as a term
    ("墓场是公开领域", []),                                      # no question
    ("结算墓场", []),                                            # 算 of 结算 is no copula
    ("公开领域吗", []),                                          # no thing
    ("墓场算卡牌吗", []),                                        # a generic kind of one thing: the thing
    ("墓場は公開領域ですか", ["s/public-zone", "b/public-zone"]),  # Japanese: XはYですか, XはYか
    ("墓場は公開領域か", ["s/public-zone", "b/public-zone"]),
    ("重疲労は倒れるか", []),
])
def test_a_yes_no_question_asks_about_the_kind(query: str, kind: list[str]) -> None:
    assert predicated(query, KEYS, ["卡牌"]) == kind


@pytest.mark.parametrize("query, pair", [
    ("消失和破坏的区别", ("消失", "破坏")),
    ("控制者和所有者不一樣嗎", ("控制者", "所有者")),
    ("控制者与所有者有什么不同", ("控制者", "所有者")),
    ("公開領域と非公開領域の違い", ("公開領域", "非公開領域")),
    ("difference between the trash and the void", ("the trash", "the void")),
    ("what is the difference between controller and owner?", ("controller", "owner")),
    ("controller of a card versus its owner", ("controller of a card", "its owner")),
    ("trash vs void", ("trash", "void")),
    ("消失和破坏", ("", "")),            # no difference asked
    ("BP一样", ("", "")),                # one figure compared (kb.concepts.compared), no two notions
])
def test_a_difference_names_two_notions_the_first_asked_about(query: str, pair: tuple[str, str]) -> None:
    assert difference_split(query) == pair


@pytest.mark.parametrize("query, first", [
    ("SVE墓场是公开领域吗", "shadowverse-evolve/public-zone"),            # not the Cemetery
    ("真界放 灵魂魔法 继召 都是共通效果吗", "battle-spirits/common-effect"),  # not Soul magic
    ("灵魂卡 核心卡 魔法卡 都算卡牌吗", "battle-spirits/card"),
    ("真界放是要放灵魂能量吗", "battle-spirits/true-release"),            # no kind: the topic, as before
    ("衍生物算卡牌吗", "shadowverse-evolve/token"),                       # is a token a card: of the Token
    ("墓場は公開領域ですか", "shadowverse-evolve/public-zone"),
    ("消失和破坏的区别 SVE", "shadowverse-evolve/banish"),                # not the Banish zone
    ("影之詩控制者和所有者不一樣嗎", "shadowverse-evolve/controller"),     # not the Owner
    ("破坏和消失有什么区别 SVE", "shadowverse-evolve/destroy"),
    ("difference between the trash and the void", "battle-spirits/trash"),
    ("controller of a card versus its owner", "shadowverse-evolve/controller"),
])
def test_a_question_names_the_notion_it_asks_about(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
