"""The nearest written term (:func:`tcgrules.kb.concepts.nearest_written`) compares a query with a
key by difflib's ratio only when enough of their characters are shared for it to reach 0.75 (a
key sharing fewer is never near: its matcher, the most of a Chinese lookup's time, is not made)."""
from __future__ import annotations

import difflib

from tcgrules.kb import concepts
from tcgrules.kb.concepts import nearest_written

KEYS = {"灵魂之力": ["g/soul-power"], "灵魂卡": ["g/spirit"], "灵魂卡组": ["g/spirit-deck"], "卡牌": ["g/card"]}


def test_a_key_sharing_too_few_characters_gets_no_matcher(monkeypatch):
    compared: list[str] = []

    class Counted(difflib.SequenceMatcher):
        def __init__(self, isjunk=None, a="", b="", autojunk=True):
            compared.append(b)
            super().__init__(isjunk, a, b, autojunk)
    monkeypatch.setattr(concepts.difflib, "SequenceMatcher", Counted)
    found = nearest_written("灵魂卡牌", KEYS)
    assert found[:1] == ["g/spirit"] and "g/soul-power" not in found
    assert "灵魂之力" not in compared  # 灵魂 of 8 characters in all: 2 * 2 < 0.75 * 8, whatever the order
