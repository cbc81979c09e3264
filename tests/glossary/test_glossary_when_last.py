"""A Chinese query of terms naming a span of time (回合) beside other terms asks about those, the span saying
when (issue 33 part 3, terms order): 对手回合横置 is Tapped, not the Opponent nor the Turn (kb.concepts.when_last).
The worker reads it alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, when_last


def test_a_span_of_time_and_whose_it_is_go_last() -> None:
    assert when_last("对手回合横置", ["对手", "回合", "横置"], {"回合"}) == ["横置", "对手", "回合"]
    assert when_last("回合召唤", ["回合", "召唤"], {"回合"}) == ["召唤", "回合"]


def test_a_span_of_time_alone_stays() -> None:
    assert when_last("对手回合", ["对手", "回合"], {"回合"}) == ["对手", "回合"]
    assert when_last("使用魔法卡", ["使用", "魔法卡"], {"回合"}) == ["使用", "魔法卡"]


@pytest.mark.parametrize("query, first", [
    ("对手回合横置", "shadowverse-evolve/tapped"),  # not the Opponent nor the Turn
    ("回合", "battle-spirits/turn"),  # the term alone, as before
])
def test_the_deed_a_span_of_time_says_when_of_is_the_topic(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
