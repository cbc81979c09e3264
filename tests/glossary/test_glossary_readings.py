"""Japanese terms as players type them unconverted: their hiragana readings (issue 33 part 3)."""
from __future__ import annotations

from tcgrules.kb.readings import kana_forms


def test_a_term_is_read_whole_then_part_by_part() -> None:
    forms = kana_forms(["コアの移動", "誘発型効果", "スピリット"])
    assert forms["コアの移動"] == ["こあのいどう", "コアのいどう"]
    assert forms["誘発型効果"][0] == "ゆうはつがたこうか"  # 型 naming a kind of effect: がた
    assert {"ゆうはつ型効果", "誘発がたこうか"} <= set(forms["誘発型効果"])
    assert "スピリット" not in forms  # katakana: hiragana is folded to it already


def test_a_timing_reads_ji_after_a_word_not_alone() -> None:
    forms = kana_forms(["ブロック時", "時"])
    assert forms["ブロック時"][0] == "ぶろっくじ"
    assert forms["時"][0] == "とき"
