"""A term counted by an ordinal says when, not what a Chinese or Japanese query asks of (issue 33 part 3,
thirtieth round): ターン in 先攻の2ターン目 or 回合 in 后攻第二回合 (第 and a numeral before the term, or a
numeral before it and 目 after) is named after the query's other terms, as a generic word is
(kb.concepts.counted, read by nearest_written): 後攻2ターン目 is the Second player, not the Turn. A term
alone keeps its concept (第一回合: the Turn). None of these queries is a query of a query set; the worker
reads them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import counted


@pytest.mark.parametrize("key, query, ordinal", [
    ("ターン", "先攻の2ターン目", True), ("回合", "后攻第二回合", True), ("回合", "第1回合", True),
    ("ターン", "2ターン", False),            # a number, no ordinal: two turns
    ("回合", "回合开始", False), ("ターン", "ターン目", False),
])
def test_a_term_counted_by_an_ordinal(key: str, query: str, ordinal: bool) -> None:
    assert counted(key, query) is ordinal


@pytest.mark.parametrize("query, first", [
    ("先攻の2ターン目", "battle-spirits/first-player"),
    ("後攻2ターン目", "battle-spirits/second-player"),
    ("第一回合", "battle-spirits/turn"),            # as before: no other term
])
def test_the_glossary_names_the_other_term_first(ruled, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
