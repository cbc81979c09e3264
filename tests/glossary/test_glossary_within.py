"""A Chinese query naming a place or a time with 里 (in) after it, then a term, is about that term
(issue 33 part 3, nineteenth round): 一回合里复数战斗 is Multiple battles in a turn, not the Turn, as
a thing a coverb puts before the deed goes last (kb.concepts.deed_first). The worker reads it alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, deed_first


def test_a_place_or_time_before_within_goes_last() -> None:
    assert deed_first("一回合里复数战斗", ["回合", "复数战斗"], ["回合", "复数战斗"]) == ["复数战斗", "回合"]
    assert deed_first("手牌里的魔法卡", ["手牌", "魔法卡"], ["手牌", "魔法卡"]) == ["魔法卡", "手牌"]


def test_without_within_the_order_typed_stays() -> None:
    assert deed_first("回合复数战斗", ["回合", "复数战斗"], ["回合", "复数战斗"]) == ["回合", "复数战斗"]


@pytest.mark.parametrize("query, first", [
    ("回合里的复数战斗", "zero-dimension/multiple-battles"),  # not the Turn
    ("复数战斗", "zero-dimension/multiple-battles"),  # the term alone, as before
])
def test_the_term_after_within_is_the_topic(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
