"""Deriving zh-Hant ↔ ja pairs from aligned clauses, and the translation lint."""
from __future__ import annotations

from pathlib import Path

import pytest

import glossarykit as kit
from tcgrules.glossary import load_glossary
from tcgrules.glossary.derive import aligned, bracketed, derive_pairs
from tcgrules.glossary.lint import lint, missing_terms, near_spelling, renderings
from tcgrules.kb import load_knowledge_base


def pairs_by_method(kb) -> dict[tuple[str, str], set[str]]:
    return {(p.ja, p.zh): p.methods for p in derive_pairs(kb, kit.JA, kit.ZH, min_together=3)}


def test_aligned_pairs_clauses_by_number() -> None:
    kb = kit.aligned_kb()
    pairs = aligned(kb, kit.JA, kit.ZH)
    assert [(a.number, b.number) for a, b in pairs] == [(n, n) for n in kit.ALIGNED]
    assert all(a.lang == "ja" and b.lang == "zh-Hant" for a, b in pairs)


def test_titles_brackets_cognates_and_association() -> None:
    found = pairs_by_method(kit.aligned_kb())
    assert "title" in found[("トラッシュ", "廢棄區")]
    assert "bracket" in found[("コア", "能量")]
    assert "cognate" in found[("誘発型効果", "誘發型效果")]
    assert "association" in found[("スピリット", "靈魂卡")]  # the longest n-gram of equal score


def test_numbers_printed_twice_are_not_aligned() -> None:
    rows = dict(kit.ALIGNED)
    kb = kit.aligned_kb(rows=rows)
    dup = kb.clauses[f"{kit.ZH}/1-2"]
    kb.clauses[f"{kit.ZH}/1-2~2"] = type(dup)(**{**{f: getattr(dup, f) for f in dup.__slots__}, "id": f"{kit.ZH}/1-2~2"})
    kb._by_number[(kit.ZH, "1-2")].append(kb.clauses[f"{kit.ZH}/1-2~2"])
    assert "1-2" not in [a.number for a, _ in aligned(kb, kit.JA, kit.ZH)]


def test_bracketed_names() -> None:
    assert bracketed("『召喚時』と【激突】と[メイン]と《継召》") == ["召喚時", "激突", "メイン", "継召"]


def test_derivation_on_battle_spirits(root: Path) -> None:
    from tcgrules.kb import store

    eds = [e for e in store.read_manifest(root) if e.game == "battle-spirits"]
    kb = load_knowledge_base(root, eds)
    found = {(p.ja, p.zh) for p in derive_pairs(kb, "battle-spirits/ja/1.0", "battle-spirits/zh-Hant/1.0")}
    assert {("スピリット", "靈魂卡"), ("トラッシュ", "廢棄區"), ("リザーブ", "預備區"), ("ボイド", "空間"),
            ("誘発型効果", "誘發型效果"), ("コア", "能量")} <= found


# ---------------------------------------------------------------- lint


@pytest.fixture
def planted(tmp_path: Path):
    """The aligned KB renders 誘発型効果 as 誘發型效果 in 1-2 and as 觸發型效果 in 2-1."""
    return kit.aligned_kb(tmp_path), tmp_path


def test_planted_inconsistency_found_when_glossary_lists_both(planted) -> None:
    kb, root = planted
    records = [dict(c) for c in kit.TEST_CONCEPTS]
    records[4] = kit.concept("triggered-effect", ["誘発型効果"], ["誘發型效果", "觸發型效果"], "effect-type")
    kit.write_glossary(root, "testgame", records)
    report = lint(kb, load_glossary(root))
    (r,) = report.inconsistent
    assert (r.concept, r.ja) == ("testgame/triggered-effect", "誘発型効果")
    assert r.renderings == {"誘發型效果": ["1-2"], "觸發型效果": ["2-1"]}


def test_planted_inconsistency_found_before_the_variant_is_listed(planted) -> None:
    kb, root = planted
    kit.write_glossary(root, "testgame", kit.TEST_CONCEPTS)
    (r,) = [r for r in renderings(kb, load_glossary(root), kit.JA, kit.ZH) if r.inconsistent]
    assert r.renderings == {"誘發型效果": ["1-2"]}
    assert r.unlisted == {"觸發型效果": ["2-1"]}


def test_consistent_terms_are_not_reported(planted) -> None:
    kb, root = planted
    kit.write_glossary(root, "testgame", kit.TEST_CONCEPTS)
    found = {r.ja: r for r in renderings(kb, load_glossary(root), kit.JA, kit.ZH)}
    assert found["スピリット"].renderings == {"靈魂卡": ["1-3", "1-4", "1-5"]}
    assert not found["スピリット"].inconsistent


def test_near_spelling() -> None:
    assert near_spelling("不結算觸發型效果，遊戲結束", ["誘發型效果"]) == "觸發型效果"
    assert near_spelling("發揮誘發型效果", ["誘發型效果"]) is None  # the listed term itself
    assert near_spelling("攻擊", ["防禦"]) is None


def test_missing_bracketed_names_and_defined_words(tmp_path: Path) -> None:
    rows = {"1": (None, "「バースト」とは、特殊な効果です。【激突】を持つ。", None, "所謂爆發，是特殊效果。", ),
            "1-1": (None, "バーストを発揮する。【コア】", None, "發揮爆發。", )}
    kb = kit.aligned_kb(tmp_path, rows)
    kit.write_glossary(tmp_path, "testgame", kit.TEST_CONCEPTS)
    g = load_glossary(tmp_path)
    ja = {(m.term, m.kind): m.numbers for m in missing_terms(kb, g, kit.JA)}
    assert ja == {("激突", "bracket"): ["1"], ("バースト", "defined"): ["1", "1-1"]}  # 【コア】 is covered
    zh = {(m.term, m.kind): m.numbers for m in missing_terms(kb, g, kit.ZH)}
    assert zh == {("爆發", "defined"): ["1", "1-1"]}
