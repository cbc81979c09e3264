"""The shared CJK helpers: script folding and clause-number parsing."""
from __future__ import annotations

import doctest

import pytest

from tcgrules.kb import text


def test_doctests() -> None:
    assert doctest.testmod(text).failed == 0


@pytest.mark.parametrize("forms", [("疲労", "疲勞", "疲劳"), ("靈魂卡", "灵魂卡"), ("誘発", "誘發", "诱发"),
                                   ("Spirit", "SPIRIT", "ｓｐｉｒｉｔ")])
def test_fold_merges_scripts(forms) -> None:
    assert len({text.fold(f) for f in forms}) == 1


def test_fold_keeps_kana_and_distinct_words() -> None:
    assert text.fold("スピリット") == "スピリット"
    assert text.fold("疲勞") != text.fold("回復")


@pytest.mark.parametrize("query,expected", [
    ("8-1-6-1", (None, ["8", "1", "6", "1"])),
    ("8.1.6.1", (None, ["8", "1", "6", "1"])),
    ("８－１－６－１", (None, ["8", "1", "6", "1"])),
    ("battle-spirits:8-1-6-1", ("battle-spirits", ["8", "1", "6", "1"])),
    ("101.", (None, ["101"])),
    ("灵魂卡", None), ("8-1-6-1 BP", None), ("", None),
])
def test_parse_number(query, expected) -> None:
    assert text.parse_number(query) == expected


def test_script_conversion() -> None:
    assert text.to_hant("灵魂卡") == "靈魂卡"
    assert text.to_hans("橫置") == "横置"
    assert text.jp_to_hant("疲労") == "疲勞"
