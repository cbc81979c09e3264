"""Words Chinese and Japanese players say for a concept that no rulebook prints (issue 33, a query
describing a notion without its printed term; glossary/README.md, "Chinese players' words"): the
short word for a line of 星靈王's positions (前排 for 前排战线, 后排 for 后排战线), adjacent for its
Left and right (相邻 for 左右边), a format's name as events call it (永恒赛制, as 标准赛制 is
Standard's), the turn itself for Shadowverse: Evolve's Take an extra turn (额外回合), 牌库 for a
deck's 牌组 (主牌库, 进化牌库), several battles in everyday words (多场战斗 for 复数战斗), and the
Japanese everyday word for giving up (降参, read こうさん). Each is the concept's word in general,
listed among its terms; the worker reads the terms the build exports alike
(tests/search/test_term_parity.py)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary


@pytest.mark.parametrize(("query", "first"), [
    ("相邻单位", "xinglingwang/left-and-right"),  # the unit is the kind the positions are of
    ("相鄰的單位", "xinglingwang/left-and-right"),
    ("单位站在后排", "xinglingwang/back-line"),
    ("永恆賽制", "battle-spirits/eternal"),
    ("永恒赛制能用哪些卡", "battle-spirits/eternal"),
    ("额外的一个回合", "shadowverse-evolve/extra-turn"),  # not the Turn it is one of
    ("主牌库剩几张", "shadowverse-evolve/main-deck"),
    ("進化牌庫", "shadowverse-evolve/evolve-deck"),
    ("多場戰鬥", "zero-dimension/multiple-battles"),
    ("降参", "battle-spirits/surrender"),
    ("こうさんする", "battle-spirits/surrender"),  # its reading, in kana
])
def test_a_player_s_word_for_a_concept_names_it(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first
