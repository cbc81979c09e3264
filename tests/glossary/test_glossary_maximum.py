"""A Chinese or Japanese query naming a term's maximum names the concept of that maximum (issue 33
part 3, nineteenth round): players say 最多 (at most), 最大 or, in Japanese, 最大値 where the rules
print 最大值 or 上限, so PP最多几点 and PPの最大値 are the Max play points (能量点最大值), not the
Play points, and 手牌最多几张 the hand limit (手牌上限). The worker reads the same forms (the
build's written keys; tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, chinese_forms


def test_a_maximum_is_typed_with_each_word_for_it() -> None:
    forms = chinese_forms("能量點最大值")
    assert {"能量点最多", "能量点最大", "能量点最大値", "pp最多", "pp最大値"} <= set(forms)
    assert {"手牌最多", "手牌最大"} <= set(chinese_forms("手牌上限"))


@pytest.mark.parametrize("query, first", [
    ("PP最多几点", "shadowverse-evolve/max-play-points"),  # not the Play points
    ("PPの最大値", "shadowverse-evolve/max-play-points"),
    ("手牌最多几张", "xinglingwang/hand-limit"),
    ("PP", "shadowverse-evolve/play-points"),  # the term alone, as before
    ("PP值", "shadowverse-evolve/play-points"),
])
def test_a_query_naming_a_maximum_names_its_concept(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
