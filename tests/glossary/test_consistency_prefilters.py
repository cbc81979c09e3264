"""The cheap tests the glossary's detectors make before difflib: they turn away only pairs of
phrases difflib would find no one rewording in (a site rebuild's findings worker compares
thousands of phrase pairs of the edition whose clause changed)."""
from __future__ import annotations

import itertools

from tcgrules.glossary.consistency import _changes, _rewording, _short_middle

PHRASES = ["在游戏中没有实际意义", "在规则上没有实际意义", "特に指定のない限り", "特に指定がない限り",
           "类型在规则上没有实际意义", "卡牌種類的其中一種", "卡牌的種類之一", "ああいああいああ", "ああいいああいああ",
           "将此卡放置到场上", "将此卡放置于场上", "将该卡放置到场上", "abcabc", "abcbc", "", "在游戏中没有意义"]


def test_a_pair_turned_away_has_no_one_rewording():
    for a, b in itertools.permutations(PHRASES, 2):
        change = _changes(a, b)
        if len(change) == 1 and _rewording(*change[0]):
            assert _short_middle(a, b), (a, b, change)


def test_a_pair_with_a_long_middle_is_turned_away():
    assert _short_middle("将此卡放置到场上", "将此卡放置于场上")
    assert not _short_middle("在游戏中没有实际意义", "在规则上对手实际意义")  # five characters apart
