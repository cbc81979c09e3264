"""Japanese terms as players type them unconverted: their hiragana readings (issue 33 part 3)."""
from __future__ import annotations

from tcgrules.kb.readings import kana_forms, romaji_readings


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


def test_a_coined_word_reads_as_its_romaji_alias_in_every_term_holding_it() -> None:
    """真界放, which the dictionary reads まことかいほう, is しんかいほう as its alias shinkaihou
    spells it, also inside 真界放状態; an English alias made of romaji syllables is no reading."""
    assert romaji_readings("真界放", ["True Release", "shinkaihou"]) == ["しんかいほう"]
    assert romaji_readings("引き分け", ["Draw (tie)", "tie", "tied game"]) == []
    assert romaji_readings("スピリット", ["Spirit", "spirit"]) == []  # っぴりっ reads back as xtsupirixtsu
    forms = kana_forms(["真界放", "真界放状態"], {"真界放": ["True Release", "shinkaihou"]})
    assert forms["真界放"] == ["しんかいほう"]
    assert forms["真界放状態"][0] == "しんかいほうじょうたい" and "真界放じょうたい" in forms["真界放状態"]


def test_the_everyday_word_for_giving_up_names_concede_typed_or_read(ruled) -> None:
    """降参, the everyday Japanese for giving up a game, is a player word for Battle Spirits' Concede
    (1-3-4, whose rules print 投了): typed, or unconverted as its reading (こうさんする)."""
    assert [ruled.lookup(q)[0].id for q in ("降参", "こうさんする")] == ["battle-spirits/surrender"] * 2
