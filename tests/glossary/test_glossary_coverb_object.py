"""A Chinese coverb (把, 将, 用, 从) with a card (卡, 牌) after it takes the card as its object, so the term after is
the deed done with it, not a thing the coverb puts first (issue 33 part 3, terms order): 把卡移动到休息区 is Move,
not the Rest zone (kb.concepts.coverb_object). The worker reads it alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, coverb_object, deed_first


def test_a_card_after_the_coverb_is_its_object() -> None:
    assert not coverb_object("把卡")
    assert not coverb_object("把一张牌")
    assert coverb_object("用")
    assert coverb_object("从")
    assert not coverb_object("")


def test_the_deed_stays_first() -> None:
    assert deed_first("把卡移动到休息区", ["移动", "休息区"], ["移动", "休息区"]) == ["移动", "休息区"]
    assert deed_first("用进化点进化", ["进化点", "进化"], ["进化点", "进化"]) == ["进化", "进化点"]


@pytest.mark.parametrize("query, first", [
    ("把卡移动到休息区", "zero-dimension/move"),  # not the Rest zone
])
def test_the_deed_done_with_the_card_is_the_topic(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
