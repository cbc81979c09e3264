"""`tcgrules glossary lint`: inconsistencies in every edition of every game, one finding per
clause with a severity and the rendering to use; its recall on the tune half of the real
inconsistencies (tests/queries/lint.yaml; the held-out half is only reported by
`tcgrules bench lint`), and the site's findings page."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tcgrules.bench import lint as bench
from tcgrules.cli import main
from tcgrules.glossary import consistency
from tcgrules.glossary.consistency import SEVERITIES, _followers, _near, _one_off, _short_form, inconsistencies
from tcgrules.glossary.link import Matcher
from tcgrules.kb import store
from tcgrules.kb.model import KnowledgeBase
from tcgrules.kb import load_knowledge_base
from tcgrules.site import html as site_html

BS, JA = "battle-spirits/zh-Hant/1.0", "battle-spirits/ja/1.0"
SVE, ZD, XLW = "shadowverse-evolve/zh-Hans/r1", "zero-dimension/zh-Hans/1.20", "xinglingwang/zh-Hant/r1"


@pytest.fixture(scope="module")
def kb(root: Path, real_kb_kept: Path) -> KnowledgeBase:
    return load_knowledge_base(root, kept=real_kb_kept)


@pytest.fixture(scope="module")
def findings(kb, real_kb_kept: Path):
    """Kept where the site build and ``glossary lint`` keep them (by what they are made of):
    found once for the suite, not once by the site's tests and again here."""
    return inconsistencies(kb, kb.glossary, kept=real_kb_kept)


def test_every_detector_reading_another_edition_is_kept_with_it() -> None:
    """A detector that reads the ja edition beside a zh-Hant one is listed in ALIGNED: the
    findings of the others are kept by their own edition's records alone, and would go stale
    when the ja edition changes."""
    import inspect
    from tcgrules.glossary.consistency import ALIGNED, DETECTORS

    reads_ja = ("current_editions(", "ed.aligned_ja", "ed.ja_kanji_words")
    reading_others = {d.__name__ for d in DETECTORS if any(r in inspect.getsource(d) for r in reads_ja)}
    assert reading_others and reading_others == {d.__name__ for d in ALIGNED}


def test_the_aligned_ja_words_and_the_printed_counts_are_made_once(kb, monkeypatch) -> None:
    """The detectors reading the aligned ja words (aligned_words, aligned_short_words,
    aligned_cut_words) share one alignment of the editions, made once per edition; an edition
    without a ja edition beside it has none; ``printed`` counts the clauses printing a word."""
    from tcgrules.glossary import consistency

    calls: list[tuple] = []
    real_aligned = consistency.aligned
    monkeypatch.setattr(consistency, "aligned", lambda *a, **k: calls.append(a[1:]) or real_aligned(*a, **k))
    ed = consistency._Edition(kb, kb.glossary, kb.edition(BS), kb.in_edition(BS))
    for detect in (consistency.aligned_words, consistency.aligned_short_words, consistency.aligned_cut_words):
        list(detect(ed))
    assert calls == [(JA, BS)]
    assert "時點" in ed.ja_kanji_words and ed.ja_kanji_words["存在"]
    assert consistency._Edition(kb, kb.glossary, kb.edition(SVE), kb.in_edition(SVE)).aligned_ja == []
    assert ed.printed("時間點") == sum("時間點" in consistency.clause_text(c) for c in kb.in_edition(BS)) >= 2
    assert ed.printed("不在任何條文中的詞") == 0


def test_findings_are_kept_by_what_they_are_made_of(tmp_path: Path, monkeypatch) -> None:
    """Kept findings are the ones found afresh: read back while nothing they are made of
    changed, found again for an edition whose record changed (here, in memory), and of a zh-Hant
    edition, only its detectors reading the ja edition beside it when a ja record changed."""
    import glossarykit as kit
    from tcgrules.glossary import consistency, load_glossary

    kb = kit.aligned_kb(tmp_path)
    kit.write_glossary(tmp_path, "testgame", kit.TEST_CONCEPTS)
    glossary, kept = load_glossary(tmp_path), tmp_path / "kept"
    kb.clauses[f"{kit.ZH}/1-4"].text = "破壞靈魂卡『能量』。"
    first = inconsistencies(kb, glossary, kept=kept)
    assert [f.found for f in first] == ["『能量』"] and first == inconsistencies(kb, glossary)
    found_again = consistency._detected
    with monkeypatch.context() as m:
        m.setattr(consistency, "_detected", lambda *a: pytest.fail("found again"))
        assert inconsistencies(kb, glossary, kept=kept) == first
    calls: list[tuple[str, bool]] = []
    monkeypatch.setattr(consistency, "_detected", lambda ed, detectors: calls.append(
        (ed.edition.key, consistency.aligned_words in detectors)) or found_again(ed, detectors))
    kb.clauses[f"{kit.ZH}/1-4"].text = "破壞靈魂牌。"
    changed = inconsistencies(kb, glossary, kept=kept)
    assert sorted(calls) == [(kit.ZH, False), (kit.ZH, True)]  # the ja edition's findings kept
    assert [f.kind for f in changed] == ["abbreviation"] and changed == inconsistencies(kb, glossary)
    calls.clear()
    kb.clauses[f"{kit.JA}/1-4"].text += "。"
    changed = inconsistencies(kb, glossary, kept=kept)
    # the ja edition's (all its detectors) and of the zh-Hant findings, those reading the ja edition
    assert sorted(calls) == [(kit.JA, True), (kit.ZH, True)]
    assert changed == inconsistencies(kb, glossary)


def at(findings, edition: str, number: str) -> dict[str, object]:
    return {f.found: f for f in findings if f.edition == edition and f.number == number}


def test_every_edition_of_every_game_has_findings(kb, findings) -> None:
    assert {e.key for e in kb.current_editions()} == {f.edition for f in findings}


def test_a_finding_names_its_clause_severity_and_rendering(kb, findings) -> None:
    for f in findings:
        assert f.severity in SEVERITIES and f.suggest and f.found != f.suggest
        assert kb.by_number(f.edition, f.number), f
        assert f.found in "\n".join((c.title or "") + "\n" + c.text for c in kb.by_number(f.edition, f.number)), f
    assert len({(f.edition, f.number, f.found) for f in findings}) == len(findings)


@pytest.mark.parametrize("edition, number, found, kind, suggest, severity", [
    (BS, "2-1-2-1", "戰魂", "alias", "靈魂卡", "error"),          # 戰魂 (Spirit)
    (BS, "5-15-2", "戰魂", "alias", "靈魂卡", "error"),           # … and where it is not glossed
    (BS, "9-1-7-1-1", "宣告型效果", "term", "宣言型效果", "error"),
    (BS, "7-2-1", "『開始階段』", "quote", "「開始階段」", "minor"),
    (BS, "7-6-1-2-1", "結束主要階段", "rendering", "主要階段結束", "warning"),
    (BS, "10-2-2-6", "誘發效果", "near", "誘發型效果", "warning"),
    (JA, "1-3-5", "投下", "term", "投了", "error"),
    (SVE, "5.8.1", "牌组放置场", "near", "牌组放置区", "warning"),
    (SVE, "1.2.4", "检查时机", "near", "检查时点", "warning"),
    (ZD, "305.p2.ex1", "(攻)", "width", "（攻）", "minor"),
    (ZD, "105.p3", "回合玩家", "foreign", "主动玩家", "warning"),
    (XLW, "12.1", "提前結束", "near", "提早結束", "warning"),
])
def test_detectors_on_the_printed_rules(findings, edition, number, found, kind, suggest, severity) -> None:
    f = at(findings, edition, number)[found]
    assert (f.kind, f.suggest, f.severity) == (kind, suggest, severity)


@pytest.mark.parametrize("edition, number, found, kind, suggest", [
    (JA, "4-1-6", "ほかの", "variant", "他の"),                 # glossary/style/orthography.yaml
    (JA, "12-2-1-1-2", "Lv2に", "spacing", "Lv2 に"),
    (JA, "7-4-2", "ドローステップしま", "meaning", "ドローしま"),   # a step's name as a verb
    (BS, "5-10-1", "靈魂", "abbreviation", "靈魂卡"),            # ja スピリット in the counterpart
    (XLW, "15.c6.k8.1", "正面朝上", "foreign", "面朝上"),         # Shadowverse: Evolve's term, one character more
    (XLW, "4.12.p2", "轉盤區域", "near", "轉盤"),
    (ZD, "900.k33", "XXX", "variant", r"\*\*\*"),
])
def test_translator_checks_on_the_printed_rules(findings, edition, number, found, kind, suggest) -> None:
    f = at(findings, edition, number)[found]
    assert (f.kind, f.suggest) == (kind, suggest)


@pytest.mark.parametrize("edition, number, found, kind, suggest", [
    (ZD, "319.p11", "其它", "wording", "其他"),                  # glossary/style/wording.yaml
    (SVE, "10.9.2", "以后", "wording", "之后"),                  # … after: 之后 in 10 clauses
    (XLW, "15.c6.k9.1", "正面朝下", "wording", "面朝下"),          # … the glossary's preferred term wins
    (SVE, "10.6.2.7.1", "自已", "wording", "自己"),
    (ZD, "702.p8", "（参照704. 反击特效)", "width", "（参照704. 反击特效）"),  # closed in the other width
    (ZD, "900.k24", r"[\*\*\*]", "bracket", r"『\*\*\*』"),     # a placeholder's brackets, in the mark it is printed in most
    (SVE, "11.3.2", "战斗", "foreign", "交战"),                   # another game's word, printed once
    (ZD, "313.p2", "の", "variant", "的"),                        # a Japanese particle left in
    (SVE, "5.17.2", "数字", "wording", "数值"),                    # a parameter renamed in its clause
    (ZD, "900.k25.p3", "计算", "rendering", "清算"),               # a fixed phrase: 分别进行清算
    (ZD, "810.p2", "攻击成功", "term", "攻击成立"),
    (JA, "6-2-1-5", "ドロース", "variant", "ドロー"),               # ドロースます for ドローします
])
def test_wording_checks_on_the_printed_rules(findings, edition, number, found, kind, suggest) -> None:
    f = at(findings, edition, number)[found]
    assert (f.kind, f.suggest) == (kind, suggest)


def test_a_form_inside_a_longer_one_a_definition_or_the_glossary_term_is_no_wording_finding(findings) -> None:
    assert "手卡" not in at(findings, BS, "9-4-1")                  # 對手|卡牌
    assert "面朝上" not in at(findings, SVE, "4.2.3.2")             # 背面朝上
    # resolve is 解決 (its defining clause 9-3-1-4, 21 clauses against 16): 結算 only as the term's variant,
    # never in the step 戰鬥結算, another concept's term
    assert {(f.kind, f.suggest) for f in findings if f.edition == BS and f.found == "結算"} == {("term", "解決")}
    assert "結算" not in at(findings, BS, "8-1-5")
    assert "橫放" not in at(findings, BS, "5-5-1-2")                # 疲勞狀態's definition: 將卡牌橫放的狀態
    assert not any(f.found == "单位" for f in findings)             # a unit of a quantity, twice


def test_a_gloss_and_a_word_cut_in_two_are_no_findings(findings) -> None:
    assert "レベル" not in at(findings, JA, "2-8")                    # Lv(レベル)
    assert not any(f.found == "回合结束阶" for f in findings)         # 回合结束阶|段
    assert not any(f.found == "自分" for f in findings)              # 自分 and 自身 are two words


@pytest.mark.parametrize("sample", ["lint-precision-33.yaml", "lint-precision-terms.yaml", "lint-precision-round7.yaml",
                                    "lint-precision-round8.yaml", "lint-precision-round9.yaml",
                                    "lint-precision-round10.yaml", "lint-precision-round11.yaml",
                                    "lint-precision-round12.yaml", "lint-precision-round13.yaml",
                                    "lint-precision-round14.yaml", "lint-precision-round15.yaml",
                                    "lint-precision-sample36.yaml", "lint-precision-sample37.yaml"])
def test_hand_checked_precision(root: Path, findings, sample: str) -> None:
    """The findings checked by hand (random samples, tests/queries/lint-precision-*.yaml)
    that the lint still reports are real at 90 % or more."""
    checked = store.read_yaml(root / "tests" / "queries" / sample)["findings"]
    reported = {(f.edition, f.number, f.found) for f in findings}
    still = [d for d in checked if (d["edition"], str(d["number"]), d["found"]) in reported]
    assert len(still) >= 30
    assert sum(d["real"] for d in still) >= 0.9 * len(still)


def test_parallel_clauses_rendered_otherwise_and_a_term_shortened_beside_itself(findings) -> None:
    """Issue 33: ja words that parallel clauses print alike, rendered otherwise by one zh-Hant
    clause (ja 「MAGIC」と書かれています: 記載有 where 3-2-1 and 3-3-1 say 標示有); a term
    printed whole and shortened in one clause (一號星星戰線 … 一號戰線)."""
    assert at(findings, BS, "3-4-1")["記載"].suggest == "標示"
    assert at(findings, BS, "3-3-1")["其中一種"].kind == "rendering"
    assert at(findings, XLW, "15.c2.k5.2")["號戰線"].suggest == "號星星戰線"
    assert not any(f.kind == "rendering" and "○" in f.found + f.suggest for f in findings)  # terms differ by design


def test_the_new_detectors_findings_checked_by_hand_are_real(root: Path, findings) -> None:
    checked = store.read_yaml(root / "tests" / "queries" / "lint-precision-parallel.yaml")["findings"]
    reported = {(f.edition, f.number, f.found) for f in findings if f.kind in ("rendering", "abbreviation")}
    assert all(d["real"] for d in checked)
    assert {(d["edition"], d["number"], d["found"]) for d in checked} <= reported


def test_a_modifier_the_other_word_for_zone_and_a_card_type_cut_short(findings) -> None:
    """Issue 33, fifth round: 回合结束阶段 where the phase is 结束阶段; 区域 in an edition whose
    word for zone is 领域; 中立魔法 where the card type is 魔法卡 (no ja source to align)."""
    assert at(findings, ZD, "105.p4")["回合结束阶段"].suggest == "结束阶段"
    assert at(findings, SVE, "13.2.1.3")["区域"].suggest == "领域"
    assert at(findings, XLW, "1.2.(2)")["魔法"].kind == "abbreviation"
    assert "紫色" not in at(findings, ZD, "103.p2")  # a colour of the list, not 紫色卡牌 cut short
    assert not any(f.found in ("エリア", "置き場") for f in findings)  # ja: a part of a place
    assert at(findings, BS, "9-1-5-7")["發動"].suggest == "誘發"  # ja 誘発 rendered 發動
    assert "時發" not in at(findings, BS, "9-1-5-7")  # only ever inside 同時發動: no word


def test_punctuation_in_the_rarer_width_and_a_zone_cut_to_its_last_character(findings) -> None:
    """Issue 33, sixth round: a half-width colon or comma in Chinese text of an edition that
    prints them full-width (特定记述:魔力连锁 beside 特定记述：连击), never in 10:00 or a web
    address nor in an edition printing them half-width throughout (星靈王); 场上 where the zone
    is 战场 (战场上 in 40 clauses)."""
    assert at(findings, SVE, "13.3.1")[":"].suggest == "："
    assert at(findings, SVE, "11.6.2")[","].suggest == "，"
    assert at(findings, ZD, "317.p3")[":"].kind == "width"
    assert ":" not in at(findings, ZD, "preface.p2")  # http://
    assert not any(f.edition == XLW and f.kind == "width" and f.found in ",，" for f in findings)
    assert at(findings, SVE, "8.4.9")["场上"].suggest == "战场上"
    assert "场上" not in at(findings, SVE, "4.4.4")  # 战场上: the whole name
    assert at(findings, BS, "5-17-1")["／"].suggest == "/"  # 5-18 prints the slash half width
    assert not any(f.kind == "width" and "/" in f.found for f in findings)  # no edition prints ／ more


@pytest.mark.parametrize("sample", ["lint-precision-round5.yaml", "lint-precision-round6.yaml"])
def test_a_rounds_findings_checked_by_hand_are_real(root: Path, findings, sample: str) -> None:
    checked = store.read_yaml(root / "tests" / "queries" / sample)["findings"]
    reported = {(f.edition, f.number, f.found) for f in findings}
    assert all(d["real"] for d in checked)
    assert {(d["edition"], d["number"], d["found"]) for d in checked} <= reported


def test_a_source_word_a_parallel_phrase_a_short_card_a_reference_a_case_and_a_number_spacing(findings) -> None:
    """Issue 33, seventh round: a ja word rendered two ways in zh-Hant, in or outside the glossary
    (提示: 展示 ×3, 出示 once); a phrase worded otherwise in one parallel sentence (ja 特に指定の
    ない限り beside が ×5); 卡 for 卡牌 (该卡牌 ×93); a clause reference in the rarer bracket width;
    a Latin abbreviation in two cases (lv2 / LV2); a number printed against Chinese where the
    edition spaces them (3種)."""
    assert at(findings, BS, "6-2-1-1")["出示"].suggest == "展示"
    assert at(findings, BS, "9-1-5-4.ex1")["記述"].suggest == "記載"  # an example, aligned by its number
    assert at(findings, BS, "9-1-5-6-1")["標註"].suggest == "標示"  # ja 表記: no character shared
    assert at(findings, BS, "9-1-8-1-1")["記載"].suggest == "標示"  # ja 表記 rendered as ja 記され is
    assert at(findings, JA, "1-4-7")["定の"].suggest == "定が"
    assert at(findings, SVE, "2.4.2")["规则上"].suggest == "游戏中"
    assert at(findings, SVE, "12.13.3")["该卡"].suggest == "该卡牌"
    assert not any(f.edition == XLW and f.found.endswith("卡") and f.kind == "abbreviation" for f in findings)  # 該卡 / 該卡牌 mixed
    assert at(findings, SVE, "11.7.1")["(13.3.2)"].suggest == "（13.3.2）"
    assert at(findings, ZD, "106.p5")["lv"].suggest == "LV"
    assert at(findings, BS, "3-1")["3種"].suggest == "3 種"
    assert not any(f.kind == "spacing" and f.edition == JA and f.found[:1].isdigit() and "after a number" not in f.why
                   for f in findings)  # ja mixes both: only a counter's own usual spacing is read (1回 / 1 回)


def test_a_near_spelling_cuts_no_word_and_holds_no_other_word(findings) -> None:
    """然後|依戰線 and 違規|進化處理 start inside a word; 構成牌組, 效果原本 and 攻防加成 hold another
    common word of the edition (構成, 原本, 攻防) where the term has its own: no spellings."""
    assert "後依戰線" not in at(findings, XLW, "12.3")
    assert "规进化处理" not in at(findings, SVE, "11.6")
    assert "構成牌組" not in at(findings, BS, "3-2-2")
    assert "效果原本" not in at(findings, SVE, "10.3.2")
    assert "攻防加成" not in at(findings, ZD, "319.p7")
    assert at(findings, ZD, "105.p4")["清除步骤"].suggest == "清算步骤"  # a rare word in its place


def test_a_near_spelling_ends_opening_no_word_and_holds_no_common_phrase(findings) -> None:
    """Issue 33, twelfth round (two false findings of the precision round): 同一套牌|组 ends with
    牌, which opens the edition's word 牌组 with the next character (the deck, not 同一张牌 misspelt);
    洗入牌组 holds 入牌组, printed in five clauses of the edition (shuffled into the deck, not
    洗切牌组 misspelt). The spellings beside them are still found."""
    assert "同一套牌" not in at(findings, ZD, "100.p2")
    assert "洗入牌组" not in at(findings, ZD, "100.p3")
    assert at(findings, ZD, "900.k30.p1")["自然果实"].suggest == "自然系果实"
    assert at(findings, ZD, "105.p4")["宣告攻击"].suggest == "宣布攻击"


@pytest.mark.parametrize("sample", ["lint-precision-round7.yaml", "lint-precision-round8.yaml", "lint-precision-round9.yaml",
                                    "lint-precision-round10.yaml", "lint-precision-round11.yaml",
                                    "lint-precision-round13.yaml", "lint-precision-round15.yaml",
                                    "lint-precision-round16.yaml"])
def test_a_rounds_new_findings_checked_by_hand_are_real(root: Path, findings, sample: str) -> None:
    """Every finding a round added, checked by hand: 90 % or more real (rounds 7 to 10 all), and
    the real ones still reported."""
    checked = store.read_yaml(root / "tests" / "queries" / sample)["added"]
    reported = {(f.edition, f.number, f.found) for f in findings}
    assert sum(d["real"] for d in checked) >= 0.9 * len(checked)
    assert {(d["edition"], d["number"], d["found"]) for d in checked if d["real"]} <= reported


def test_sixth_set_tune_half(root: Path, findings) -> None:
    """tests/queries/lint-translator-5.yaml, written and split before the seventh round: its tune
    half (the held-out half is only reported by `tcgrules bench lint`)."""
    tune = bench.recall(findings, bench.load_halves(root / "tests" / "queries" / "lint-translator-5.yaml")["tune"])
    assert sum(tune.found.values()) >= 0.6 * sum(tune.expected.values()), tune.misses


def test_translator_set_tune_half_every_game(root: Path, findings) -> None:
    halves = bench.load_halves(root / "tests" / "queries" / "lint-translator.yaml")
    tune = bench.recall(findings, halves["tune"])  # what bench.run measures, on the module's one lint
    assert sum(tune.found.values()) >= 0.8 * sum(tune.expected.values()), tune.misses
    assert all(tune.found[e] for e in (BS, JA, SVE, ZD, XLW)), tune.found


def test_short_forms_are_no_variants() -> None:
    assert _short_form("靈魂卡", "靈魂卡牌") and _short_form("先攻", "先攻玩家") and _short_form("相手", "対戦相手")
    assert not _short_form("牌組區", "牌組區域") and not _short_form("常駐效果", "常在型效果")
    assert _short_form("靈魂卡牌", "靈魂卡")  # a head noun added
    assert not _short_form("回合结束阶段", "结束阶段")  # a leading modifier added: another name


def test_near_spellings_skip_a_term_followed_by_a_word() -> None:
    matcher = Matcher({"灵魂卡": ("g/spirit", "灵魂卡"), "灵魂卡牌": ("g/spirit", "灵魂卡牌")})
    assert _one_off(matcher, "将靈魂卡時放置", ["靈魂卡牌"]) is None        # 靈魂卡 + 時
    assert _one_off(Matcher({}), "无须等待检查时机（10.5.1）", ["检查时点"]) == "检查时机"
    assert _one_off(Matcher({}), "进入回合结束阶段中", ["回合结束时"]) is None   # 回合结束阶|段: a word cut
    assert _near(Matcher({}), "在誘發效果發揮之前", ["誘發型效果"]) == "誘發效果"
    assert _near(Matcher({}), "其他的誘發型效果", ["誘發型效果"]) is None
    # the window's last character opens a word of the edition with the next one: 同一套牌|组
    assert _one_off(Matcher({}), "放入到同一套牌组之中", ["同一张牌"], {"牌组"}) is None
    assert _one_off(Matcher({}), "放入到同一套牌之中", ["同一张牌"], {"牌组"}) == "同一套牌"


def test_tune_half_recall(root: Path, kb, findings) -> None:
    halves = bench.load_halves(root / "tests" / "queries" / "lint.yaml")
    tune = bench.recall(findings, halves["tune"])
    base = bench.recall(bench.baseline(kb, kb.glossary), halves["tune"])
    assert sum(tune.found.values()) >= 0.9 * sum(tune.expected.values()), tune.misses
    assert sum(tune.found.values()) > sum(base.found.values())
    assert set(tune.expected) == {BS, JA, SVE, ZD, XLW}


def test_halves_are_checked(tmp_path: Path) -> None:
    p = tmp_path / "lint.yaml"
    p.write_text("tune:\n- edition: x/ja/1\n  found: a\n  suggest: b\n  clauses: [1]\nheld_out:\n- {found: a}\n",
                 encoding="utf-8")
    with pytest.raises(ValueError, match=r"held_out #1: needs"):
        bench.load_halves(p)


def test_lint_cli_json_and_severity(root: Path, findings, capsys, monkeypatch) -> None:
    """``glossary lint`` reads the findings kept by a site build or an earlier lint (here, the
    module's) while nothing they are made of changed."""
    from tcgrules.glossary import consistency

    monkeypatch.setattr(consistency, "_edition_findings", lambda *a: pytest.fail("found again"))
    assert main(["--root", str(root), "glossary", "lint", "--game", "xinglingwang", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["stats"]["findings"] == len(data["findings"]) > 0
    assert data["findings"] == [f.to_dict() for f in findings if f.edition == XLW]
    assert main(["--root", str(root), "glossary", "lint", "--game", "battle-spirits", "--severity", "error", "--json"]) == 0
    assert {f["severity"] for f in json.loads(capsys.readouterr().out)["findings"]} == {"error"}


def test_site_findings_page_links_each_clause(kb, findings) -> None:
    ctx = site_html.make_context(kb)
    page = site_html.environment().get_template("findings.md.j2").render(
        findings=findings, editions=sorted(kb.current_editions(), key=lambda e: e.key), page="glossary/findings/", ctx=ctx)
    for e in kb.current_editions():
        n = sum(f.edition == e.key for f in findings)
        assert f"({e.lang}) — {n}" in page
    assert f'<a href="{ctx.link("glossary/findings/", BS + "/2-1-2-1")}">2-1-2-1</a>' in page
    assert "<td lang=\"zh-Hant\">戰魂</td>" in page
    assert "参照 802.【破坏时】" in page and "【攻击时】、【被攻击时】" in page  # the tenth round's kinds listed
    assert '<td lang="zh-Hant">玩家場地</td><td lang="zh-Hant">玩家的場地</td>' in page  # the 22nd round's
    assert '<td lang="zh-Hant">合體階段</td><td lang="zh-Hant">機械合體階段</td>' in page  # the 25th round's


def test_the_lint_bench_names_the_misses_of_the_tune_half_only(root: Path, tmp_path: Path, capsys, findings,
                                                               monkeypatch) -> None:
    """… from the findings `glossary lint` and the site keep (found by :func:`findings`): no
    detector runs again."""
    monkeypatch.setattr(consistency, "_detected", lambda *args: pytest.fail("the lint bench found the findings again"))
    split = tmp_path / "split.yaml"
    entry = "- {{edition: {e}, found: 無此詞{n}, suggest: x, clauses: ['1-1-1']}}\n"
    split.write_text("tune:\n" + entry.format(e=BS, n=1) + "held_out:\n" + entry.format(e=BS, n=2), encoding="utf-8")
    assert main(["--root", str(root), "bench", "lint", "--queries", str(split), "--json"]) == 0
    out = capsys.readouterr().out
    assert "無此詞1" in out and "無此詞2" not in out
    assert json.loads(out)["lint"]["held_out"]["expected"] == 1


def test_one_adverb_printed_two_ways_is_a_wording_finding(findings) -> None:
    assert at(findings, SVE, "1.2.3")["立即"].suggest == "立刻"  # 立刻 in 12.9.1, 12.10.1


def test_parallel_parts_where_the_translation_put_them_and_a_source_word_shortened(findings) -> None:
    """Issue 33, eighth round: parallel ja clauses (11-1-1-4-1, 11-2-1-4-1, 11-3-1-4-1) whose zh
    parts come in another order in one of them; a ja word (時点) rendered character for character
    in two clauses and with a character added (時間點) in two others."""
    assert at(findings, BS, "11-2-1-4-1")["數字"].suggest == "數量"
    assert at(findings, BS, "11-1-1-1")["欲召喚"].suggest == "要召喚"  # a one-character word with the word after it
    assert at(findings, BS, "6-2-1-1")["時點"].suggest == "時間點"
    assert at(findings, BS, "9-3-3")["時點"].suggest == "時間點"
    assert "時間點" not in at(findings, BS, "1-3-1")  # the long form is the one to use


def test_a_bracket_tie_a_keyword_opening_quoted_card_text_and_an_aside_in_the_rarer_width(findings) -> None:
    assert at(findings, ZD, "305.p2.ex1")["“天神”"].suggest == "『天神』"  # 『天神』 and “天神” in one clause
    assert at(findings, ZD, "709.p3.ex1")["回合结束时"].suggest == "【回合结束时】"
    assert at(findings, JA, "1-1-1")["（2-13 参照）"].suggest == "(2-13 参照)"
    assert "生命值" not in at(findings, ZD, "324.p1")  # another game's term, in the definition of 生命牌
    # Battle Spirits zh-Hant prints （…） and (…) alike often: no width finding for an aside there
    assert not any(f.edition == BS and f.kind == "width" and len(f.found) > 8 for f in findings)


def test_a_change_is_widened_to_a_word_and_a_part_compared_with_the_likest() -> None:
    from tcgrules.glossary.consistency import _likest, _widened

    assert _widened("○後的數字即為○", "字", "量") == ("數字", "數量")
    assert _widened("字數", "字", "量") == ("字數", "量數")  # nothing before: the character after
    assert _widened("○字○", "字", "量") == ("字", "量")
    assert _likest("○後的數量即為○", ["在○的數量上限內", "○後的數字即為○"]) == "○後的數字即為○"


def test_seventh_set_tune_half(root: Path, findings) -> None:
    """tests/queries/lint-translator-6.yaml, written and split before the eighth round: its tune
    half (the held-out half is only reported by `tcgrules bench lint`)."""
    tune = bench.recall(findings, bench.load_halves(root / "tests" / "queries" / "lint-translator-6.yaml")["tune"])
    assert sum(tune.found.values()) >= 0.5 * sum(tune.expected.values()), tune.misses


def test_a_long_ja_part_compared_wherever_the_clauses_print_it(findings) -> None:
    """Issue 33, ninth round: ja 解決待ちの効果があれば, printed in 7-2-2 … 7-5-2 after other
    sentences, rendered 若有待解決 in three and 若有等待解決 in 7-5-2: the added character shown with
    the word it is printed in; a one-character word shown with the word after it (要減輕)."""
    assert at(findings, BS, "7-5-2")["等待"].suggest == "待"
    assert at(findings, BS, "7-5-2")["一個"].suggest == "一"  # 下一個階段 where four say 下一階段
    assert at(findings, BS, "11-2-1-3")["要減輕"].suggest == "欲減輕"
    assert at(findings, JA, "1-4-7")["定の"].suggest == "定が"
    assert "待" not in at(findings, BS, "7-2-2") and "等待" not in at(findings, BS, "7-2-2")  # the usual rendering


def test_a_ja_part_rendered_two_ways_as_often_is_read_within_its_chapter(findings) -> None:
    """lint23: ja 特に指定がない限り opens clauses of chapters 1 and 4, rendered 除非有特別指定 in four and
    除非另有指定 in four: no usage edition-wide, but chapter 4 says 除非另有指定 in 4-1-1-1, 4-1-4, 4-1-5
    and 4-1-6, and 4-3-3 (lint-translator-8's tune half) otherwise; chapter 1 renders it one way (1-4-5,
    1-4-6, 1-4-7), so none of those is its chapter's odd one (lintgen: 1-4-5, whose ja shares its run with the
    five clauses, is reported as the rarer rendering of that run, not as its chapter's odd one)."""
    assert at(findings, BS, "4-3-3")["有特別"].suggest == "另有"
    assert not any(f.why.startswith("the parallel clauses of chapter")
                   for n in ("1-4-5", "1-4-6", "1-4-7") for f in at(findings, BS, n).values())
    assert not any("另有" in at(findings, BS, n) for n in ("4-1-1-1", "4-1-4", "4-1-5", "4-1-6"))


def test_a_word_printed_once_where_the_same_frame_prints_a_word_like_it(findings) -> None:
    """lint23, lint-translator-13's tune half: Zero Dimension 900.k17.p1, 900.k21.p1 and 900.k40.p1 (one
    paragraph of three keywords) say 但（其）之后获得的效果可以是任何种类的效果, 900.k40.p1 类型 where the two
    others print 种类; Shadowverse: Evolve prints 如果由于某种原因 in five clauses, 某些 in 1.3.2 and 10.6.2.5.3.
    Not Battle Spirits zh-Hant, whose ja beside it is parallel_renderings' to read."""
    assert at(findings, ZD, "900.k40.p1")["类型"].suggest == "种类"
    assert at(findings, SVE, "1.3.2")["某些"].suggest == "某种"
    assert at(findings, SVE, "10.6.2.5.3")["某些"].suggest == "某种"
    assert not any(f.why.startswith("the same frame prints") for f in findings if f.edition == BS)


def test_a_framed_word_and_what_is_none(tmp_path: Path) -> None:
    """Our own zh-Hans edition: 3-1-1 and 3-2-1 say 放置到任何种类的区域中, 3-3-1 类型 (reported); not
    4-3-1, whose 手牌 shares no character with the others' 区域 (another notion by design), nor 5-x-1,
    whose three words (种类, 类别, 类型) are printed once each: no usage to hold."""
    import glossarykit as kit
    from tcgrules.glossary import load_glossary

    kit.write_glossary(tmp_path, "testgame", kit.TEST_CONCEPTS)
    kb = kit.chinese_kb(tmp_path, {
        "3-1-1": "将卡牌放置到任何种类的区域中。", "3-2-1": "将能量放置到任何种类的区域中。",
        "3-3-1": "将核心放置到任何类型的区域中。", "4-1-1": "将卡牌放置到对手的区域中。",
        "4-2-1": "将能量放置到对手的区域中。", "4-3-1": "将核心放置到对手的手牌中。",
        "5-1-1": "可以选择任何种类的卡牌。", "5-2-1": "可以选择任何类别的卡牌。", "5-3-1": "可以选择任何类型的卡牌。",
        "6": "卡牌的类型，卡牌的类别。"})
    found = {(f.number, f.kind, f.found, f.suggest) for f in inconsistencies(kb, load_glossary(tmp_path))
             if f.why.startswith("the same frame prints")}
    assert found == {("3-3-1", "wording", "类型", "种类")}


def test_widened_by_the_words_and_the_pairs_of_the_edition() -> None:
    from collections import Counter

    from tcgrules.glossary.consistency import _widened

    assert _widened("確認要減輕的費用", "要", "欲", {"減輕"}) == ("要減輕", "欲減輕")  # a word of its own
    assert _widened("減輕後的數字即為", "字", "量", {"數量"}) == ("數字", "數量")
    assert _widened("若有等待解決", "等", "", set(), 2, Counter({"等待": 3, "有等": 1})) == ("等待", "待")
    assert _widened("下一個階段", "個", "", set(), 2, Counter({"一個": 9, "個階": 0})) == ("一個", "一")


def test_a_term_padded_between_its_words_and_what_is_no_padding(findings) -> None:
    """A term of two words with a character put between them (防御力加成 for 防御加成, the bonus
    317.p4 calls 攻击加成); not a particle or an auxiliary (特定的记述, 效果会变更), nor a
    character that goes on into a word (能量点点数, 唤灵充能能力)."""
    assert at(findings, ZD, "317.p6")["防御力加成"].suggest == "防御加成"
    assert "特定的记述" not in at(findings, SVE, "13.1.1")
    assert "效果会变更" not in at(findings, ZD, "306.p4")
    assert "能量点点" not in at(findings, SVE, "10.4.4.1")
    assert "唤灵充能能" not in at(findings, SVE, "13.5.1.3")


def test_an_aside_opener_in_the_rarer_width_and_a_ja_spelling(findings) -> None:
    """(例 where Zero Dimension opens asides （例 16 times; an opener printed one way only is
    no finding; ja かぎり beside 限り ×14."""
    assert at(findings, ZD, "706.p3")["(例"].suggest == "（例"
    assert at(findings, ZD, "623.p4.1")["(例"].suggest == "（例"  # (例如 opens with 例 too
    assert not any(f.edition == XLW and f.kind == "width" and f.found.startswith("(每") for f in findings)
    assert at(findings, JA, "1-4-6")["かぎり"].suggest == "限り"


def test_eighth_set_tune_half(root: Path, findings) -> None:
    """tests/queries/lint-translator-7.yaml, written and split before the ninth round: its tune
    half (the held-out half is only reported by `tcgrules bench lint`)."""
    tune = bench.recall(findings, bench.load_halves(root / "tests" / "queries" / "lint-translator-7.yaml")["tune"])
    assert sum(tune.found.values()) >= 0.5 * sum(tune.expected.values()), tune.misses


def test_synonyms_as_rare_as_each_other_give_way_to_the_one_listed_first(findings) -> None:
    """wording.yaml's 立即 / 立刻 / 马上, each printed once in Zero Dimension: the two the list
    names after 立即; 你 / 您, three clauses each there, are no tie of rare words: no finding."""
    assert at(findings, ZD, "101.p3")["马上"].suggest == "立即"
    assert at(findings, ZD, "607.p4")["立刻"].suggest == "立即"
    assert "立即" not in at(findings, ZD, "309.p4")
    assert at(findings, XLW, "15.c1.k1.2")["只須"].suggest == "只需"
    assert "您" not in {f.suggest for f in findings if f.edition == ZD and f.found == "你"}


def test_ninth_set_tune_half(root: Path, findings) -> None:
    """tests/queries/lint-translator-8.yaml, written and split before the tenth round (tune 0 of
    23 before it): its tune half (the held-out half is only reported by `tcgrules bench lint`)."""
    tune = bench.recall(findings, bench.load_halves(root / "tests" / "queries" / "lint-translator-8.yaml")["tune"])
    assert sum(tune.found.values()) >= 0.3 * sum(tune.expected.values()), tune.misses


def test_a_reference_naming_its_clause_otherwise_than_its_heading(findings) -> None:
    """参照 802.破坏 where 802 is headed 【破坏时】: the heading as printed; 参照 705.反击特效, 705
    being 对象: the number of the clause the name heads (704); 参照 7.效果, the name inside the
    heading 效果及效果变更 (and 307's whole heading): the heading, not 307. A reference naming
    its clause as headed (参照 320.战术牌, 參閱 2 卡牌資訊) is no finding."""
    assert at(findings, ZD, "803.p3")["参照 802.破坏"].suggest == "参照 802.【破坏时】"
    assert at(findings, ZD, "312.n1")["参照 705.反击特效"].suggest == "参照 704.反击特效"
    assert at(findings, ZD, "307.p1")["参照 7.效果"].suggest == "参照 7.效果及效果变更"
    assert at(findings, JA, "3-4-4")["(12-1 キーワード参照)"].kind == "reference"
    assert not any(f.kind == "reference" for f in [*at(findings, ZD, "311.n1").values(), *at(findings, BS, "3-1").values()])


def test_names_listed_without_the_editions_separator(findings) -> None:
    """【攻击时】【被攻击时】 where Zero Dimension puts 、 between bracketed names 44 times; not
    『A』『B』 (306.p5: both attributes, never listed with 、) nor ja 「スピリット」「ネクサス」,
    listed without 、 by design."""
    assert at(findings, ZD, "501.p1")["【攻击时】【被攻击时】"].suggest == "【攻击时】、【被攻击时】"
    assert at(findings, ZD, "402.p1")["【回合开始时】【我方回合开始时】【对方回合开始时】"].kind == "bracket"
    assert not any("』『" in f.found for f in at(findings, ZD, "306.p5").values())
    assert not any("」「" in f.found and f.kind == "bracket" for f in findings if f.edition == JA)


def test_a_particle_printed_twice_and_what_is_no_misprint(findings) -> None:
    """视为为该, コストとと, 没有有横置: printed once; not 可以以特殊方式 (可以 and 以), 对对手 (对 and
    对手), 充能能量 or 无效效果 (two words), nor いいます."""
    assert at(findings, SVE, "4.1.4.1")["视为为"].suggest == "视为"
    assert at(findings, JA, "3-2-5-2")["トとと"].suggest == "トと"
    assert at(findings, ZD, "104.p4")["没有有"].suggest == "没有"
    doubled = {(f.edition, f.number) for f in findings if f.kind == "variant" and "printed twice" in f.why}
    assert not doubled & {(ZD, "623.p4.2.p1"), (SVE, "8.4.1"), (SVE, "10.9.1.2"), (XLW, "15.c6.k1.1"), (JA, "9-1-1-1")}


def test_a_term_cut_under_the_clause_that_prints_it_whole(findings) -> None:
    """在文本中 in 5.2.1.2.1 and 5.2.1.2.2, under 5.2.1.2's 在效果文本中 (文本 printed bare in 11
    clauses, 效果文本 in 31); not 为条件的 under 为诱发条件的 (10.7.4.3: 条件 is a word of its own,
    bare in 23 clauses, 诱发条件 in 14)."""
    assert at(findings, SVE, "5.2.1.2.1")["在文本中"].suggest == "在效果文本中"
    assert "在文本中" in at(findings, SVE, "5.2.1.2.2")
    assert "为条件的" not in at(findings, SVE, "10.7.4.3")


def test_the_tenth_rounds_detectors_on_examples_of_our_own(tmp_path: Path) -> None:
    """Our own clauses: a reference naming its clause otherwise than its heading, names listed
    side by side where the edition separates them with 、, a particle printed twice, and a
    term's last word under the clause printing it whole; and what none of them flags."""
    import glossarykit as kit
    from tcgrules.kb.model import Ref

    rows = dict(kit.ALIGNED)
    rows["2"] = ("", "", "效果", "在誘發型效果中發揮。")
    rows["2-1"] = (None, "", None, "在型效果中不發揮。")  # 型效果: the term cut under 2, between 在 and 中
    rows.update({f"3-{i}": (None, "「コア」「スピリット」を置く。", None, "【攻擊時】、【防禦時】的效果。") for i in range(1, 6)})
    rows["3-6"] = (None, "", None, "【攻擊時】【防禦時】的效果。（參照 1 能量）")
    rows["3-7"] = (None, "", None, "將能量視為為靈魂卡。靈魂卡對對手攻擊。")
    kb = kit.aligned_kb(tmp_path, rows)
    ref = "（參照 1 能量）"
    start = rows["3-6"][3].index(ref)
    kb.clauses[f"{kit.ZH}/3-6"].refs = [Ref(ref, start, start + len(ref), f"{kit.ZH}/1", number="1", title="能量")]
    found = _own_findings(tmp_path, kb)
    assert ("3-6", "reference", ref, "（參照 1 廢棄區）") in found
    assert ("3-6", "bracket", "【攻擊時】【防禦時】", "【攻擊時】、【防禦時】") in found
    assert ("3-7", "variant", "視為為", "視為") in found
    assert ("2-1", "abbreviation", "在型效果中", "在誘發型效果中") in found
    assert not any(n.startswith("3-") and k == "bracket" and "」「" in f for n, k, f, _ in found)  # ja: no separator
    assert not any("對對" in f for _, _, f, _ in found)


def _own_findings(root: Path, kb: KnowledgeBase, concepts: list[dict] | None = None) -> set[tuple[str, str, str, str]]:
    """Every finding on our own clauses (glossarykit's editions and its concepts, or ``concepts``), as
    (number, kind, found, suggest)."""
    import glossarykit as kit
    from tcgrules.glossary import load_glossary

    kit.write_glossary(root, "testgame", concepts or kit.TEST_CONCEPTS)
    return {(f.number, f.kind, f.found, f.suggest) for f in inconsistencies(kb, load_glossary(root))}


def test_a_stock_phrase_worded_otherwise_in_one_clause(findings) -> None:
    """除非有特殊规定 in 4.1.1 beside 除非另有指定 (4 clauses), lint-translator-8's tune half; not
    在游戏结束时 beside 在游戏开始时 (3.1.1: 结束 and 开始 both common, two notions)."""
    assert at(findings, SVE, "4.1.1")["除非有特殊规定"].suggest == "除非另有指定"
    assert "在游戏结束时" not in at(findings, SVE, "3.1.1")


def test_a_pronoun_for_persons_said_of_cards(findings) -> None:
    """他们 of 一张装备牌与角色牌 in 900.k16.p3 (lint-translator-8's tune half) and of 多个灵压效果
    in 900.k35.p2; not 他 of a player (102.p3: 主动玩家选择他将要废弃的角色牌) nor 其他."""
    assert at(findings, ZD, "900.k16.p3")["他们"].suggest == "它们"
    assert at(findings, ZD, "900.k35.p2")["他们"].kind == "variant"
    assert "他" not in at(findings, ZD, "102.p3")
    assert not any(f.found.startswith("他") for f in findings if f.edition == SVE)  # SVE says 它们 only


def test_one_of_a_thing_counted_without_the_editions_measure_word(findings) -> None:
    """一單位 in 5.5.p1 where 星靈王 says 一個單位 in 14 clauses (lint-translator-7's tune half); not 某一
    效果 (一 in a word), nor 当一触发条件一时 (一 a pair of dashes)."""
    assert at(findings, XLW, "5.5.p1")["一單位"].suggest == "一個單位"
    assert "一效果" not in at(findings, ZD, "208.p2")
    assert "一触发" not in at(findings, ZD, "702.p1")


def test_in_a_zone_said_with_another_locative_than_the_editions(findings) -> None:
    """任何区域内 in 900.k16.p1 where Zero Dimension says 区域中 in 15 clauses (lint-translator-8's
    tune half), 领域内 beside 领域中 ×24 in Shadowverse: Evolve 5.18.1; not 卡牌中 (no zone's word)."""
    assert at(findings, ZD, "900.k16.p1")["区域内"].suggest == "区域中"
    assert at(findings, SVE, "5.18.1")["领域内"].suggest == "领域中"
    assert "卡牌中" not in at(findings, SVE, "13.1.1")


def test_a_ja_word_cut_to_its_first_character_in_one_clause(findings) -> None:
    """ja 存在できなく: 將無法存在於場地上 in 3-2-5-4, 無法存於 in 3-3-3-3 (lint-translator-7's tune
    half); not 移至 for 移動 (11-1-1-5, 11-2-1-5, 11-3-1-5: 移至 in three clauses, a word of the edition)."""
    assert at(findings, BS, "3-3-3-3")["存於"].suggest == "存在於"
    assert "移至" not in at(findings, BS, "11-2-1-5")


def test_the_characters_following_a_ja_word_as_a_pattern_search_finds_them() -> None:
    """The Han characters printed right after a two-kanji word, each match going on after the
    last (a word doubled, 存存存在, is followed by 存 once and by 在 not at all): what the search
    for the word and one Han character, ``re.finditer``, finds, without one pattern per word."""
    import re

    texts = ["存在於場上，存在者", "存存存在", "無法存在。存在", "存在", "存存在存在於"]
    for word in ("存在", "存存"):
        expected = {m[1] for z in texts for m in re.finditer(re.escape(word) + "([一-鿿])", z)}
        assert _followers(word, texts) == expected
    assert _followers("存存", ["存存存在"]) == {"存"}


def test_a_players_role_padded_before_player(findings) -> None:
    """防御方玩家 in 505.p1 where Zero Dimension says 防御玩家 in 7 clauses, 如果回合的玩家 in 7.4.6
    (lint-translator-7's tune half); not 回合的玩家 in Battle Spirits 5-3-2 and 5-3-3, definitions
    in plain words, nor 成為先攻的玩家 (6-2-1-6: 的 opening no phrase)."""
    assert at(findings, ZD, "505.p1")["防御方玩家"].suggest == "防御玩家"
    assert at(findings, SVE, "7.4.6")["回合的玩家"].suggest == "回合玩家"
    assert "回合的玩家" not in at(findings, BS, "5-3-2") and "回合的玩家" not in at(findings, BS, "5-3-3")
    assert "先攻的玩家" not in at(findings, BS, "6-2-1-6")


def test_the_eleventh_rounds_detectors_on_examples_of_our_own(tmp_path: Path) -> None:
    """Our own clauses: a stock phrase worded otherwise once, 他 said of a card where the
    edition prints 它, 一 without the measure word the edition counts with, 區域內 where it says
    區域中, 防禦方玩家 for 防禦玩家, a ja word (存在) cut to its first character; and what none of
    them flags (他 of a player, 一 inside 某一, a phrase differing in a common word)."""
    import glossarykit as kit

    rows = dict(kit.ALIGNED)
    rows.update({f"3-{i}": (None, "", None, f"除非另有指定，將一個能量放置到{i}號區域中。它可以移動。")
                 for i in range(1, 6)})
    rows["3-8"] = (None, "", None, "除非有特殊規定，將一能量放置到區域內。")
    rows["3-6"] = (None, "", None, "當靈魂卡被破壞時，他會移動。")
    rows["3-7"] = (None, "", None, "當玩家抽牌時，他會移動某一能量。")
    rows.update({f"4-{i}": (None, "", None, "在遊戲開始時，結束。開始。") for i in range(1, 4)})
    rows.update({f"5-{i}": (None, "コアは存在できない。", None, "防禦玩家的能量無法存在於場地。") for i in range(1, 4)})
    rows["5-4"] = (None, "コアは存在できない。", None, "防禦方玩家的能量無法存於場地。")
    rows["4-4"] = (None, "", None, "在遊戲結束時，放置。")
    found = _own_findings(tmp_path, kit.aligned_kb(tmp_path, rows))
    assert ("3-8", "wording", "除非有特殊規定", "除非另有指定") in found
    assert ("3-6", "variant", "他", "它") in found
    assert ("3-8", "variant", "一能量", "一個能量") in found
    assert ("3-8", "wording", "區域內", "區域中") in found
    assert ("5-4", "variant", "防禦方玩家", "防禦玩家") in found
    assert ("5-4", "abbreviation", "存於", "存在於") in found
    assert not any(n in ("3-7", "4-4") for n, *_ in found), found


def test_tenth_set_tune_half(root: Path, findings) -> None:
    """tests/queries/lint-translator-9.yaml, written and split before the thirteenth round (tune 2
    of 21 before it): its tune half (the held-out half is only reported by `tcgrules bench lint`)."""
    tune = bench.recall(findings, bench.load_halves(root / "tests" / "queries" / "lint-translator-9.yaml")["tune"])
    assert sum(tune.found.values()) >= 6, tune.misses


def test_eleventh_set_is_new_and_every_variant_is_printed_where_it_says(root: Path, kb) -> None:
    """tests/queries/lint-translator-10.yaml, written and split before the fourteenth round:
    eight inconsistencies or more per game, in both halves, each variant printed in every clause
    it names, none an (edition, clause, variant) of an earlier set."""
    queries = root / "tests" / "queries"
    halves = bench.load_halves(queries / "lint-translator-10.yaml")
    entries = halves["tune"] + halves["held_out"]
    games = [d["edition"].split("/")[0] for d in entries]
    assert set(games) == {e.split("/")[0] for e in (BS, SVE, ZD, XLW)} and min(map(games.count, games)) >= 8
    assert all({d["edition"].split("/")[0] for d in halves[h]} == set(games) for h in bench.HALVES)
    for d in entries:
        for number in d["clauses"]:
            printed = "\n".join((c.title or "") + "\n" + c.text for c in kb.by_number(d["edition"], str(number)))
            assert d["found"] in printed, (d["edition"], number, d["found"])
    earlier = {(d["edition"], str(n), d["found"]) for p in queries.glob("lint*.yaml")
               if not p.name.startswith("lint-precision") and p.name != "lint-translator-10.yaml"
               and p.name != "lint-translator-15.yaml"  # representative: lists what its passages print
               for h in bench.load_halves(p).values() for d in h for n in d["clauses"]}
    assert not {(d["edition"], str(n), d["found"]) for d in entries for n in d["clauses"]} & earlier


def test_a_sentence_closed_twice_and_a_clause_left_open(findings) -> None:
    """。 before an aside and again after it (Shadowverse: Evolve 8.3.1 并进行使用。（10.6）。, Zero
    Dimension 615.p2 的牌。）。: lint-translator-9's tune half), and a clause ending on a word where
    every other clause under its parent ends with a mark (Zero Dimension 622.p4, ja 9-1-3); not an
    aside closed inside (615.p2's （例：…。）), a list's items (8.4.2.1.2: one sibling), a table."""
    assert at(findings, SVE, "8.3.1")["。（10.6）。"].suggest == "（10.6）。"
    assert at(findings, ZD, "615.p2")["。）。"].suggest == "）。"
    assert at(findings, ZD, "622.p4")["者的相应区域"].suggest == "者的相应区域。"
    assert at(findings, JA, "9-1-3")["分類されます"].suggest == "分類されます。"
    closed = [f for f in findings if "closed twice" in f.why or "left open" in f.why]
    assert not any(f.number in ("8.4.2.1.2", "2.2.2") for f in closed if f.edition == SVE)
    assert sum(f.edition == ZD and f.number == "615.p2" for f in closed) == 1


def test_a_long_aside_closed_in_the_other_width(findings) -> None:
    """Zero Dimension 705.p2: an aside of some sixty characters opened （例： and closed ), as the
    short ones are (（参照704. 反击特效) in 702.p8)."""
    closed = [f for f in at(findings, ZD, "705.p2").values() if f.kind == "width" and f.found.startswith("（例：")]
    assert closed and closed[0].found.endswith(")") and closed[0].suggest.endswith("）")
    assert at(findings, ZD, "702.p8")["（参照704. 反击特效)"].suggest == "（参照704. 反击特效）"


def test_a_number_spaced_from_its_counter_unlike_the_edition(findings) -> None:
    """ja 1回 in 9-1-5-4 and 9-1-5-4.ex1 where Battle Spirits ja prints 1 回 (a number, a space, 回)
    17 times and 1回 3 times (lint-translator-9's tune half), in an edition spacing numbers in
    general neither way ten times as often; ja 1つ (19 unspaced) not flagged, nor Zero Dimension,
    whose numbers the edition-wide rule reads."""
    assert at(findings, JA, "9-1-5-4")["1回"].suggest == "1 回"
    assert "1回" in at(findings, JA, "9-1-5-4.ex1")
    assert "1つ" not in at(findings, JA, "4-2-2")
    counted = [f for f in findings if f.kind == "spacing" and "after a number" in f.why]
    assert counted and not any(f.edition == ZD for f in counted)


def test_the_thirteenth_rounds_detectors_on_examples_of_our_own(tmp_path: Path) -> None:
    """Our own clauses: a sentence closed before its aside and after it, a clause left open among
    closed siblings, a number spaced from its counter unlike the edition; and what none of them
    flags (an aside closed inside, a clause whose siblings are left open too)."""
    import glossarykit as kit

    rows = dict(kit.ALIGNED)
    rows.update({f"3-{i}": (None, "", None, f"將 {i} 個能量放置到廢棄區。") for i in range(1, 6)})
    rows["3-6"] = (None, "", None, "將 2 個能量放置到廢棄區（參照 1）。將2個能量放置到廢棄區")
    rows["3-7"] = (None, "", None, "發揮效果。（參照 1）。")
    rows["3-8"] = (None, "", None, "發揮效果（例：放置能量。）")
    rows.update({"4-1": (None, "", None, "能量"), "4-2": (None, "", None, "靈魂卡")})
    found = _own_findings(tmp_path, kit.aligned_kb(tmp_path, rows))
    assert ("3-7", "punctuation", "。（參照 1）。", "（參照 1）。") in found
    assert ("3-6", "punctuation", "放置到廢棄區", "放置到廢棄區。") in found
    assert ("3-6", "spacing", "2個", "2 個") in found
    assert not any(n in ("3-8", "4-1", "4-2") for n, *_ in found), found


def test_a_misprint_of_the_proofreaders_list_wherever_it_is_printed(findings) -> None:
    """glossary/style/misprints.yaml in Zero Dimension (lint16): a homophone in a collocation that
    takes the other character (收到多次伤害, 于其他效果一样, 如 1 所属), 被 twice in one passive
    verb phrase, 一张 left without the card it counts; not 被破坏被称为 (a second verb, 605.p3),
    50 张的牌组 (a number of cards, 100.p2), 0 張的當下 (Battle Spirits 1-3-8)."""
    assert at(findings, ZD, "900.k30.p3")["收到多次伤害"].suggest == "受到多次伤害"
    assert at(findings, ZD, "800.p3")["于其他效果一样"].suggest == "与其他效果一样"
    assert at(findings, ZD, "623.p4.3.p2")["如 1 所属"].suggest == "如 1 所述"
    assert at(findings, ZD, "105.p4")["被优先被"].suggest == "被优先"
    assert at(findings, ZD, "700.p1")["一张的"].suggest == "一张牌的"
    assert at(findings, ZD, "507.p3")["如果一张角色牌对 X 张角色牌进行攻击。防御玩家"].suggest.endswith("攻击，防御玩家")
    # a condition with its consequence (则), 若干 (some), a katakana word before ます in a quote: none
    assert not any(f.why.startswith("a condition closed") for f in [*at(findings, ZD, "804.p5").values(),
                                                                     *at(findings, XLW, "15.c5.k5.5.p1").values()])
    flagged = {(f.edition, f.number) for f in findings if f.why.startswith(("one passive", "a measure word counts"))}
    assert not flagged & {(ZD, "605.p3"), (ZD, "100.p2"), (ZD, "201.p1"), (BS, "1-3-8")}


def _own_misprints(root: Path, clauses: dict[str, str]) -> set[tuple[str, str, str, str]]:
    """Every finding on glossarykit's aligned editions with ``clauses`` (number: zh-Hant text) in the
    zh-Hant one, the proofreader's list (glossary/style/misprints.yaml) copied in, as :func:`_own_findings`."""
    import shutil

    import glossarykit as kit

    (root / "glossary" / "style").mkdir(parents=True)
    shutil.copy(Path(__file__).parents[2] / "glossary" / "style" / "misprints.yaml", root / "glossary" / "style")
    rows = {**kit.ALIGNED, **{number: (None, "", None, zh) for number, zh in clauses.items()}}
    return _own_findings(root, kit.aligned_kb(root, rows))


def test_a_misprint_in_a_traditional_edition_and_what_is_none(tmp_path: Path) -> None:
    """Our own zh-Hant clauses: the list, written in Simplified, read through OpenCC (收到傷害,
    於…一樣, 既使, a condition closed before its consequence); not 受到傷害, 與其他效果一樣,
    被破壞被稱為, 現象, 若干 (some), a condition closed after its consequence (則)."""
    found = _own_misprints(tmp_path, {"3-1": "靈魂卡收到 1 次傷害。既使如此，將於其他效果一樣處理。",
                                      "3-2": "靈魂卡受到傷害，與其他效果一樣處理。被破壞被稱為破壞。現象。好像。若干張卡牌。若攻擊，則發揮。",
                                      "3-3": "若靈魂卡被破壞。發揮效果。"})
    assert {("3-1", "variant", "收到 1 次傷害", "受到 1 次傷害"), ("3-1", "variant", "既使", "即使"),
            ("3-1", "variant", "於其他效果一樣", "與其他效果一樣"), ("3-3", "variant", "若靈魂卡被破壞。發揮效果", "若靈魂卡被破壞，發揮效果")} <= found
    assert not any(n == "3-2" for n, *_ in found), found


def test_a_numeral_two_before_a_measure_word_is_liang(findings) -> None:
    """Shadowverse: Evolve 1.1.1 由二名玩家 (lint-translator-12's tune half): a count of two before a
    measure word is 两 (两名, 两张), never 二; the edition prints 两张 and 两个."""
    assert at(findings, SVE, "1.1.1")["二名"].suggest == "两名"


def test_a_numeral_two_in_a_traditional_edition_and_what_is_none(tmp_path: Path) -> None:
    """Our own zh-Hant clauses: 二張卡牌 and 二個能量 count two (兩張, 兩個); not an ordinal (第二張),
    a number of more digits (十二張, 二十張), 二次 (a second time: no measure word of a count)."""
    found = _own_misprints(tmp_path, {"3-1": "將二張卡牌放置到廢棄區，並將二個能量放置到預備區。",
                                      "3-2": "將第二張卡牌、十二張卡牌與二十張卡牌放置到廢棄區。二次元。"})
    assert {("3-1", "variant", "二張", "兩張"), ("3-1", "variant", "二個", "兩個")} <= found
    assert not any(n == "3-2" for n, *_ in found), found


def test_a_proofreaders_rule_of_grammar_in_zero_dimension(findings) -> None:
    """Zero Dimension (lint23): 便 (then) before the verb it introduces, printed 变 (change: 变为,
    变成) in 901.p1 and 305.p7; 称 (to call) without the 为 that names (900.k14.p3 的状态称聚气状态,
    beside 称为 in its first sentence); the adverb 尽可能 joined to its verb by 的 for 地 (102.p5);
    a conjunction opening a clause with a subject of its own, a bracketed keyword, without the comma
    before it (803.p2, 804.p2: 所触发的效果而【防御胜利时】为…, ，而 ×26 in the edition)."""
    assert at(findings, ZD, "901.p1")["变进入"].suggest == "便进入"
    assert at(findings, ZD, "305.p7")["变视为"].suggest == "便视为"
    assert at(findings, ZD, "900.k14.p3")["称聚气"].suggest == "称为聚气"
    assert at(findings, ZD, "102.p5")["尽可能的"].suggest == "尽可能地"
    comma = at(findings, ZD, "804.p2")["果而【"]
    assert (comma.kind, comma.suggest) == ("punctuation", "果，而【")
    assert at(findings, ZD, "803.p2")["果而【"].suggest == "果，而【"


def test_a_proofreaders_rule_of_grammar_in_a_traditional_edition_and_what_is_none(tmp_path: Path) -> None:
    """Our own zh-Hant clauses, the rules read through OpenCC: 變視為, 稱聚氣, 儘可能的, 效果而【;
    not 改變可以 (變 closing the word 改變), 名稱, 簡稱, 稱為, 稱之為, 又稱, 儘可能地, 由於抉擇而產生 (a
    conjunction inside one clause, no subject of its own), 效果，而【, 因而【 (因而 a word of its own)."""
    found = _own_misprints(tmp_path, {"3-1": "兩張卡牌名稱相同，變視為同一張卡牌。此狀態稱聚氣狀態。儘可能的處理。發揮的效果而【破壞時】為效果。",
                                      "3-2": "改變可以發揮。卡牌名稱與簡稱稱為名稱，稱之為名，又稱卡名。儘可能地處理。由於抉擇而產生。效果，而【破壞時】為效果。因而【破壞時】發揮。"})
    assert {("3-1", "variant", "變視為", "便視為"), ("3-1", "variant", "稱聚氣", "稱為聚氣"),
            ("3-1", "variant", "儘可能的", "儘可能地"), ("3-1", "punctuation", "果而【", "果，而【")} <= found
    assert not any(n == "3-2" for n, *_ in found), found


def test_precision_round_18_what_is_kept_and_what_was_judged_false(root: Path, findings) -> None:
    """Precision round 18 (tests/queries/lint-precision-round18.yaml): the ja renderings learnt by
    association (`aligned`) and the word-order swaps (`swaps`), 40 of each drawn at random, were
    judged nearly all false and are not kept: the lint reports none of their false findings; what
    the round keeps (`kept`) it reports, all real."""
    judged = store.read_yaml(root / "tests" / "queries" / "lint-precision-round18.yaml")
    assert [len(judged[k]) for k in ("aligned", "swaps")] == [40, 40]
    made = {(f.edition, f.number, f.found) for f in findings}
    false = {(d["edition"], d["number"], d["found"]) for k in ("aligned", "swaps") for d in judged[k] if not d["real"]}
    assert not false & made
    assert judged["kept"] and all(d["real"] for d in judged["kept"])
    assert {(d["edition"], d["number"], d["found"]) for d in judged["kept"]} <= made


@pytest.mark.parametrize("entry, field", [('{lang: zh, misprint: "收到(", right: 受到}', "misprint"),
                                          ("{lang: zh, misprint: 既使}", "right"),
                                          ("{lang: zh, misprint: 既使, right: 即使, kind: wording}", "kind")])
def test_a_misprint_entry_that_is_no_pattern_is_an_error_naming_it(tmp_path: Path, entry: str, field: str) -> None:
    """A pattern that is no regular expression, or an entry without ``right``: a UsageError naming
    the file, the entry and the field (the CLI prints it, exit 2), not a traceback."""
    from tcgrules.errors import UsageError
    from tcgrules.glossary.consistency import orthography_list

    (tmp_path / "glossary" / "style").mkdir(parents=True)
    (tmp_path / "glossary" / "style" / "misprints.yaml").write_text(
        "- {lang: zh, misprint: 那怕, right: 哪怕}\n- " + entry + "\n", encoding="utf-8")
    with pytest.raises(UsageError, match=rf"misprints\.yaml: entry 2: {field}: "):
        orthography_list(tmp_path, "zh-Hant")


def test_a_token_bracketed_in_two_widths_as_often_takes_the_editions_width_for_words(findings) -> None:
    """Shadowverse: Evolve (名称) in 2.1.2 and （名称） in 15.1.2.1, one clause each: the edition
    brackets words full width (（数量）, （衍生物名称）): (名称) is the finding (lint-translator-11's tune
    half); Battle Spirits zh-Hant brackets its clause references half width, (8-1-5) beside
    （8-1-5）: the full-width one stays the finding."""
    assert at(findings, SVE, "2.1.2")["(名称)"].suggest == "（名称）"
    assert "（名称）" not in at(findings, SVE, "15.1.2.1")
    assert at(findings, BS, "8-1-6-1")["（8-1-5）"].suggest == "(8-1-5)"


def test_a_particle_after_a_quoted_name_otherwise_than_the_editions_and_an_ampersand(findings) -> None:
    """Battle Spirits ja 「ブロックした時」で表記 (8-1-3-2, lint.yaml's tune half) where 」と表記 is
    printed 8 times: と; 」と表記 itself (8-1-1-2) is no finding. 星靈王 推擠&破圖 (15.c5.k6): a
    Latin & between Chinese words, 與."""
    assert at(findings, JA, "8-1-3-2")["」で表記"].suggest == "」と表記"
    assert not any("表記" in f.found for f in at(findings, JA, "8-1-1-2").values())
    assert at(findings, XLW, "15.c5.k6")["擠&破"].suggest == "擠與破"


def test_the_sixteenth_rounds_whole_pool_checked_by_hand(root: Path, findings) -> None:
    """Round 16 judged every finding no earlier round had (14, fewer than the 30 a sample of
    test_hand_checked_precision needs): those still reported are real at 90 % or more."""
    checked = store.read_yaml(root / "tests" / "queries" / "lint-precision-round16.yaml")["findings"]
    reported = {(f.edition, f.number, f.found) for f in findings}
    still = [d for d in checked if (d["edition"], str(d["number"]), d["found"]) in reported]
    assert len(still) >= 12 and sum(d["real"] for d in still) >= 0.9 * len(still)


def test_a_bracket_closed_with_none_open_or_never_closed(findings, tmp_path: Path) -> None:
    """Zero Dimension 702.p4.ex1 ends 则不能抽牌。） with no （ open; 702.p8's （参照704. 反击特效) is
    a bracket closed in the other width (mismatched_brackets), not an unpaired one. Our own
    clauses: a 「 never closed; nested and balanced marks are none."""
    import glossarykit as kit

    assert at(findings, ZD, "702.p4.ex1")["则不能抽牌。）"].suggest == "则不能抽牌。"
    assert not any(f.kind == "punctuation" and "closes no" in f.why for f in at(findings, ZD, "702.p8").values())
    rows = dict(kit.ALIGNED)
    rows["3-1"] = (None, "", None, "將「能量放置到廢棄區。")
    rows["3-2"] = (None, "", None, "將「『能量』」（參照（1-1））放置到廢棄區。")
    found = _own_findings(tmp_path, kit.aligned_kb(tmp_path, rows))
    assert ("3-1", "punctuation", "「能量放置到廢", "能量放置到廢") in found
    assert not any(n == "3-2" for n, *_ in found), found


def test_a_clause_left_open_on_a_placeholder_and_a_number_spaced_unlike_its_phrase(findings) -> None:
    """Zero Dimension 306.p5 ends 表示同时具有属性 A 与属性 B with no mark where the five other
    clauses under 306 close with one (lint-translator-12's tune half): a clause may end on a Latin
    placeholder or a number after its words. Battle Spirits ja 7-3-3 先攻の第 1 ターン where 7-7-2 and
    7-8-2 print 第1ターン (lint-translator-10's tune half): a number spaced unlike the same number
    between the same two characters is in twice as many clauses and two or more, in an edition spacing
    numbers neither way ten times as often; Zero Dimension, whose numbers the edition-wide rule reads,
    has none; where the counter's usage tells the place (1回 in ja 9-1-5-2-1), its finding stands."""
    assert at(findings, ZD, "306.p5")["与属性 B"].suggest == "与属性 B。"
    assert at(findings, JA, "7-3-3")["第 1 ターン"].suggest == "第1ターン"
    assert at(findings, JA, "2-6-3")["カード 1 枚"].suggest == "カード1枚"
    phrased = [f for f in findings if f.kind == "spacing" and "clauses, as here in" in f.why]
    assert phrased and not any(f.edition == ZD for f in phrased)
    assert "1回" in at(findings, JA, "9-1-5-2-1") and "ン1回" not in at(findings, JA, "9-1-5-2-1")


def test_the_nineteenth_rounds_detectors_on_examples_of_our_own(tmp_path: Path) -> None:
    """Our own clauses: 第 1 ターン once where 第1ターン is printed twice, ja and zh alike; a clause of
    one line ending 屬性 B among closed ones; and what neither flags: a spacing printed as often as
    the other (が 2 に, が2に), a clause ending on a number inside a list of open items."""
    import glossarykit as kit

    rows = dict(kit.ALIGNED)
    rows.update({f"3-{i}": (None, "第1ターンに置く。", None, "在第1回合放置。") for i in (1, 2)})
    rows["3-3"] = (None, "第 1 ターンに置く。", None, "在第 1 回合放置。")
    rows["3-4"] = (None, "コアが 2 になる。", None, "能量為 2 個。")
    rows["3-5"] = (None, "コアが2になる。", None, "能量為2個。")
    rows["3-6"] = (None, "コアを置く。", None, "同時具有屬性 A 與屬性 B")
    rows.update({f"4-{i}": (None, f"コア {i}", None, f"能量 {i}") for i in (1, 2, 3)})
    found = _own_findings(tmp_path, kit.aligned_kb(tmp_path, rows))
    assert ("3-3", "spacing", "第 1 ターン", "第1ターン") in found
    assert ("3-3", "spacing", "第 1 回", "第1回") in found
    assert ("3-6", "punctuation", "與屬性 B", "與屬性 B。") in found
    assert not any(n in ("3-4", "3-5") or n.startswith("4-") for n, *_ in found), found


def test_precision_round_19_every_finding_the_round_adds_is_judged(root: Path, findings) -> None:
    """Precision round 19 (tests/queries/lint-precision-round19.yaml): every finding no earlier
    round judged (the 7 the round adds) is judged there, and those still reported are real at 90 %
    or more."""
    checked = store.read_yaml(root / "tests" / "queries" / "lint-precision-round19.yaml")["findings"]
    reported = {(f.edition, f.number, f.found) for f in findings}
    still = [d for d in checked if (d["edition"], str(d["number"]), d["found"]) in reported]
    assert len(still) >= 7 and sum(d["real"] for d in still) >= 0.9 * len(still)


def test_a_ja_sentence_printed_twice_rendered_two_ways(findings) -> None:
    """Battle Spirits ja prints one sentence twice (in one clause: 10-2-2-5's また、置かれていたコアは
    すべてリザーブに置きます; or in two: 7-6-1-2 and 7-7-3-2's ターンプレイヤーに行動する機会が与えられます,
    4-4-2 and 4-9-2's カードの順番は…), and the aligned zh-Hant renders it two ways, once each: the
    rendering whose changed words the edition prints less is reported, the other suggested
    (lint-translator-7 and -12's tune halves)."""
    def rendered(number: str, word: str):
        return [f for f in at(findings, BS, number).values() if f.kind == "rendering" and word in f.found]
    assert any("放置到預備區" in f.suggest for f in rendered("10-2-2-5", "全部移至預備區"))
    assert any("回合玩家獲得行動的機會" in f.suggest for f in rendered("7-7-3-2", "給予回合玩家行動的機會"))
    assert rendered("4-4-2", "其持有者玩家") and not rendered("4-9-2", "持有者")
    assert not rendered("7-6-1-2", "回合玩家獲得")


def test_a_bracketed_keyword_cut_short_and_a_reference_closed_with_a_dot_on_examples_of_our_own(tmp_path: Path) -> None:
    """Our own clauses: a ja sentence printed twice in one clause rendered two ways (移至 where the
    edition prints 放置到 more), a bracketed keyword cut short where the edition brackets it whole
    three times as often (【開始時】 beside 【回合開始時】 ×3), a clause reference closed with a dot where
    the edition's references end without one ten times as often; and what none of them flags: a
    sentence rendered alike twice, a determiner left out of a bracketed name (【戰鬥中】 beside
    【此戰鬥中】, a duration), a bracketed keyword lengthened (【被攻擊時】 beside 【攻擊時】, two keywords)."""
    import glossarykit as kit

    rows = dict(kit.ALIGNED)
    twice = "また、置かれていたコアはすべてリザーブに置きます。"
    rows["5-1"] = (None, twice + "コアを置く。" + twice, None, "此外，能量將全部移至預備區。放置能量。此外，能量將全部放置到預備區。")
    rows.update({f"5-{i}": (None, "スピリットを回復します。", None, "回復靈魂卡。") for i in (2, 3)})
    rows.update({f"6-{i}": (None, "", None, "【回合開始時】與【此戰鬥中】與【攻擊時】的效果。") for i in (1, 2, 3)})
    rows["6-4"] = (None, "", None, "【開始時】的效果。")
    rows["6-5"] = (None, "", None, "【戰鬥中】與【被攻擊時】的效果。")
    rows.update({f"7-{i}": (None, "", None, f"依照 1-{i % 3 + 1} 結算。") for i in range(1, 11)})
    rows["7-11"] = (None, "", None, "依照上述 1-2.以外結算。")
    found = _own_findings(tmp_path, kit.aligned_kb(tmp_path, rows))
    assert ("5-1", "rendering", "能量將全部移至預備區", "能量將全部放置到預備區") in found
    assert ("6-4", "bracket", "【開始時】", "【回合開始時】") in found
    assert ("7-11", "punctuation", "1-2.", "1-2") in found
    assert not any(n in ("5-2", "5-3", "6-5") for n, *_ in found), found


def test_precision_round_20_every_finding_the_round_adds_is_judged(root: Path, findings) -> None:
    """Precision round 20 (tests/queries/lint-precision-round20.yaml): every finding of the round's
    detectors (a ja sentence rendered two ways, a bracketed name cut short, a reference closed with a
    dot) is judged there, and those still reported are real at 90 % or more."""
    checked = store.read_yaml(root / "tests" / "queries" / "lint-precision-round20.yaml")["findings"]
    reported = {(f.edition, f.number, f.found) for f in findings}
    still = [d for d in checked if (d["edition"], str(d["number"]), d["found"]) in reported]
    assert len(still) >= 8 and sum(d["real"] for d in still) >= 0.9 * len(still)


def test_a_glossary_ja_term_rendered_by_another_word_than_the_glossarys(findings) -> None:
    """Battle Spirits ja prints テキスト (the glossary's カードテキスト without its leading カード),
    rendered 卡牌說明 (the glossary's zh-Hant term, defined in 2-7-1) in eight aligned clauses; the
    zh-Hant clauses that render it 文本 (5-19-1 … 5-19-5, ja テキスト中に → 文本中) or 卡牌敘述 (1-4-1,
    2-12-4, 9-3-2-3), words the edition prints only where the ja prints the term, are reported with
    the glossary's term; not the words around them (前段敘述 renders ja 前文, 仍可解決 is printed once)."""
    def rendered(number: str) -> dict[str, object]:
        return {f.found: f for f in at(findings, BS, number).values() if f.kind == "rendering"}
    for number, word in [*((f"5-19-{i}", "文本") for i in range(1, 6)), ("1-4-1", "卡牌敘述"),
                         ("2-12-4", "卡牌敘述"), ("9-3-2-3", "卡牌敘述")]:
        f = rendered(number).get(word)
        assert f is not None and f.suggest == "卡牌說明" and f.severity == "error", (number, word)
        assert f.concept == "battle-spirits/card-text" and "テキスト" in f.why and "2-7-1" in f.why, f.why
    assert not any(w in f for n in ("5-19-1", "5-19-2") for f in rendered(n) for w in ("前段", "仍可", "敘述"))


def test_a_glossary_ja_term_rendered_otherwise_on_examples_of_our_own(tmp_path: Path) -> None:
    """Our own clauses: ja テキスト (the glossary's カードテキスト cut of its leading カード) is 卡牌說明 in
    three clauses, 文本 in three (two where the ja's next kanji, 中, follows it: 文本中; one with no
    such anchor, 閱讀文本, reported as the word found elsewhere); and what is no finding: a word
    printed once beside the term (敘述中), a word printed where the ja has no テキスト too (說明文),
    the rendering of a ja term holding it (フレーバーテキスト: 背景描述, twice)."""
    import glossarykit as kit
    from tcgrules.glossary import load_glossary

    rows = dict(kit.ALIGNED)
    rows.update({f"5-{i}": (None, "テキストの内容を優先する。", None, "以卡牌說明的內容為優先。") for i in (1, 2, 3)})
    rows["5-4"] = (None, "テキスト中に書かれている。", None, "文本中所記載。")
    rows["5-5"] = (None, "テキスト中の効果。", None, "文本中的效果。")
    rows["5-6"] = (None, "テキストを読む。", None, "閱讀文本。")
    rows["5-7"] = (None, "テキスト中で選ぶ。", None, "敘述中選擇。")
    rows["6-1"] = (None, "テキストの下に置く。", None, "放置於說明文下方。")
    rows["6-2"] = (None, "コアを置く。", None, "說明文下方放置能量。")
    rows.update({f"6-{i}": (None, "フレーバーテキスト中の言葉。", None, "背景描述中的文字。") for i in (3, 4)})
    concepts = [*kit.TEST_CONCEPTS, kit.concept("card-text", ["カードテキスト"], ["卡牌說明"], "card-info"),
                kit.concept("flavor-text", ["フレーバーテキスト"], ["背景敘述"], "card-info")]
    kit.write_glossary(tmp_path, "testgame", concepts)
    found = {(f.number, f.kind, f.found, f.suggest) for f in inconsistencies(kit.aligned_kb(tmp_path, rows),
                                                                              load_glossary(tmp_path))}
    assert {("5-4", "rendering", "文本", "卡牌說明"), ("5-5", "rendering", "文本", "卡牌說明"),
            ("5-6", "rendering", "文本", "卡牌說明")} <= found, found
    assert not any(n in ("5-7", "6-1", "6-2", "6-3", "6-4") and k == "rendering" for n, k, *_ in found), found


def test_precision_round_21_every_finding_the_round_adds_is_judged(root: Path, findings) -> None:
    """Precision round 21 (tests/queries/lint-precision-round21.yaml): every finding the round's
    detector (a glossary ja term rendered by another word than the glossary's) adds is judged there,
    and those still reported are real at 90 % or more."""
    checked = store.read_yaml(root / "tests" / "queries" / "lint-precision-round21.yaml")["findings"]
    reported = {(f.edition, f.number, f.found) for f in findings}
    still = [d for d in checked if (d["edition"], str(d["number"]), d["found"]) in reported]
    assert len(still) >= 8 and sum(d["real"] for d in still) >= 0.9 * len(still)


def test_a_players_thing_without_the_de_the_edition_puts_after_the_player(findings) -> None:
    """A player and what is theirs printed without the 的 the edition puts between them three times as
    often, in every Chinese edition: Battle Spirits 11-1-1-5 召喚方玩家場地 (玩家的場地 in 4 clauses),
    Shadowverse: Evolve 1.2.1.1 主战者生命值 (主战者的生命 in 6), Zero Dimension 704.p9 非主动玩家生命牌
    (玩家的生命 in 4); not the other way round (5.9.1 指定玩家的手牌, 玩家手牌 in 3: the 的 is no slip)."""
    assert at(findings, BS, "11-1-1-5")["玩家場地"].suggest == "玩家的場地"
    assert "11-1-1-6" in at(findings, BS, "11-1-1-5")["玩家場地"].why  # where the edition writes it so
    assert at(findings, SVE, "1.2.1.1")["主战者生命"].suggest == "主战者的生命"
    assert at(findings, ZD, "704.p9")["玩家生命"].suggest == "玩家的生命"
    assert "玩家的手牌" not in at(findings, SVE, "5.9.1")


def test_precision_round_22_every_finding_the_round_adds_is_judged(root: Path, findings) -> None:
    """Precision round 22 (tests/queries/lint-precision-round22.yaml): every finding of the round's
    detector (a player and what is theirs without the edition's 的) is judged there, and real at 90 % or more."""
    checked = store.read_yaml(root / "tests" / "queries" / "lint-precision-round22.yaml")["findings"]
    judged = {(d["edition"], str(d["number"]), d["found"]) for d in checked}
    made = {(f.edition, f.number, f.found) for f in findings  # the printed form is the suggestion without its 的
            if f.kind == "wording" and "的" in f.suggest and f.suggest.replace("的", "", 1) == f.found}
    assert made and made <= judged and sum(d["real"] for d in checked) >= 0.9 * len(checked)


def test_precision_round_23_every_finding_the_round_adds_is_judged(root: Path, findings) -> None:
    """Precision round 23 (tests/queries/lint-precision-round23.yaml): every finding of the proofreader's rules
    of grammar the round adds to glossary/style/misprints.yaml, of parallel renderings read within a chapter
    and of framed words, is judged there, and real at 90 % or more."""
    checked = store.read_yaml(root / "tests" / "queries" / "lint-precision-round23.yaml")["findings"]
    judged = {(d["edition"], str(d["number"]), d["found"]) for d in checked}
    rules = ("便 (then)", "称 (to call)", "尽可能, 尽量", "a conjunction opening", "the parallel clauses of chapter",
             "the same frame prints")
    made = {(f.edition, f.number, f.found) for f in findings if f.why.startswith(rules)}
    assert made and made <= judged and sum(d["real"] for d in checked) >= 0.9 * len(checked)


def test_a_ja_run_rendered_the_rarer_way_a_reference_in_the_sources_width_and_a_heading_ending_otherwise(
        findings) -> None:
    """Issue 33, twenty-fourth round. Battle Spirits zh-Hant: clauses whose ja shares a run of eight
    characters, one rendering it otherwise than three of the others and two thirds of them (4-6-2 and 4-7-2
    都可以自由查看 where 4-4-2, 4-5-5, 4-9-2 say 皆可自由查看; 1-4-5 除非有特別指定 beside 除非另有指定 ×4), not
    where the clause's own ja says otherwise (2-4-2 ルール上 where the others say ゲーム上); a clause reference
    bracketed full width where the ja and most of the edition's references are half width (8-1-5-1). 星靈王:
    headings ending otherwise than the headings beside them (14 細項 beside 細則 ×4; 15.c1 類型 beside
    類型效果 ×6)."""
    assert at(findings, BS, "4-6-2")["都可以"].suggest == "皆可"
    assert "4-9-2" in at(findings, BS, "4-7-2")["都可以"].why
    assert at(findings, BS, "1-4-5")["有特別"].suggest == "另有"
    assert "規則上" not in at(findings, BS, "2-4-2")
    assert at(findings, BS, "8-1-5-1")["（8-1-7）"].suggest == "(8-1-7)"
    assert at(findings, XLW, "14")["結束階段細項"].suggest == "結束階段細則"
    assert at(findings, XLW, "15.c1")["攻擊模式類型"].suggest == "攻擊模式類型效果"
    assert not [f for f in findings if f.why.startswith(("headings beside it", "the ja clause brackets"))
                and f.edition not in (BS, XLW)]


def test_a_ja_part_saying_what_no_agreeing_clause_says_is_no_rendering_of_theirs() -> None:
    from tcgrules.glossary.consistency import _ja_words_shared

    assert not _ja_words_shared("○はルール上特に意味を持ちません。", "特に意味を持ちま",
                                ["○は、ゲーム上は特に意味を持ちません。"] * 3)
    assert _ja_words_shared("○は公開領域です。○に置かれている○はいずれの○も自由に見ることができます。", "○はいずれの○も",
                            ["○は公開領域です。この領域の○や○に置かれている○はいずれの○も自由に見ることができます。"])


def test_precision_round_24_every_finding_the_round_adds_is_judged(root: Path, findings) -> None:
    """Precision round 24 (tests/queries/lint-precision-round24.yaml): every finding of the parallel renderings
    read by a shared ja run, of the references in the source's width and of the headings beside each other
    is judged there, and real at 90 % or more."""
    checked = store.read_yaml(root / "tests" / "queries" / "lint-precision-round24.yaml")["findings"]
    judged = {(d["edition"], str(d["number"]), d["found"]) for d in checked}
    rules = ("headings beside it end", "the ja clause brackets it")
    made = {(f.edition, f.number, f.found) for f in findings
            if f.why.startswith(rules) or " other clauses whose ja prints " in f.why}
    assert made and made <= judged and sum(d["real"] for d in checked) >= 0.9 * len(checked)


def _every_finding_judged(root: Path, findings, number: int, made_by) -> None:
    """Every finding a precision round's rules make (``made_by``) is judged in
    tests/queries/lint-precision-round{number}.yaml, and the round is real at 90 % or more."""
    checked = store.read_yaml(root / "tests" / "queries" / f"lint-precision-round{number}.yaml")["findings"]
    judged = {(d["edition"], str(d["number"]), d["found"]) for d in checked}
    made = {(f.edition, f.number, f.found) for f in findings if made_by(f)}
    assert made and made <= judged and sum(d["real"] for d in checked) >= 0.9 * len(checked)


def test_precision_round_25_every_finding_the_round_adds_is_judged(root: Path, findings) -> None:
    """Precision round 25 (tests/queries/lint-precision-round25.yaml): every finding of the round's rules (a
    ja word's rarer rendering where the usual one stands, a term's phrase cut, a term cut before a locative, a parameter padded, 我 for 其, a
    definition's comma) is judged there, and real at 90 % or more; the kinds of lint-translator-15's and
    -16's tune halves they were fitted on are found."""
    _every_finding_judged(root, findings, 25, lambda f: re.search(r" clauses, \S+ only here$", f.why)
                          or f.why.endswith("beside this one too") or f.why.startswith("the edition's definitions print")
                          or (f.kind == "variant" and f.found.startswith("我") and f.why.startswith("其"))
                          or (f.kind == "abbreviation" and re.fullmatch(r"\S\S[中内內里裡上] is printed in \d+ clauses", f.why)))
    assert at(findings, BS, "9-1-5-8")["結算"].suggest == "解決"
    assert at(findings, BS, "2-3-3")["過度"].suggest == "超額"
    assert at(findings, SVE, "5.5.1")["我所有者"].suggest == "其所有者"
    assert at(findings, XLW, "15.c3.k2.4")["合體階段"].suggest == "機械合體階段"
    assert at(findings, ZD, "900.k39.p2")["手中"].suggest == "手牌中"


def test_the_25th_rounds_detectors_on_examples_of_our_own(tmp_path: Path) -> None:
    """Our own clauses: 我 before a term the edition puts 其 before twice as often, and a definition
    opening on its term, then a comma, where the edition's definitions put the comma only after 所謂."""
    import glossarykit as kit

    rows = dict(kit.ALIGNED)
    rows["1-1"] = (None, "", None, "廢棄區，是指放置卡牌的區域。")
    rows.update({f"3-{i}": (None, "", None, f"所謂卡牌{i}，是指一張卡牌。") for i in range(1, 4)})
    rows.update({f"4-{i}": (None, "", None, f"能量{i}是指一個能量。") for i in range(1, 4)})
    rows.update({f"5-{i}": (None, "", None, "將卡牌放置到其廢棄區。") for i in range(1, 3)})
    rows["5-3"] = (None, "", None, "將卡牌放置到我廢棄區。")
    concepts = [dict(c, defined_in={kit.ZH: ["1-1"]}) if c["id"].endswith("/trash") else c for c in kit.TEST_CONCEPTS]
    found = _own_findings(tmp_path, kit.aligned_kb(tmp_path, rows), concepts)
    assert ("5-3", "variant", "我廢棄區", "其廢棄區") in found
    assert ("1-1", "punctuation", "廢棄區，是指", "廢棄區是指") in found
    assert not any(n.startswith("3-") and k == "punctuation" for n, k, _, _ in found)  # 所謂 takes the comma


def test_precision_round_26_every_finding_the_round_adds_is_judged(root: Path, findings) -> None:
    """Precision round 26 (tests/queries/lint-precision-round26.yaml): every finding of the round's rules (我方
    where the edition says 自己, a keyword defined as an ability printed as an effect, 牌 for 卡牌 after a
    determiner, 效应 for 效果, a qualifier the ja does not say, an adverb without its 上, a ja
    verb after a quotation rendered otherwise) is judged there, and real at 90 % or more; the kinds of lint-translator-15's,
    -17's and -18's tune halves they were fitted on are found."""
    _every_finding_judged(root, findings, 26, lambda f: f.why.startswith(("自己 is printed in ", "the edition defines ",
                                                                             "the ja clause says no ")) or f.found == "效应"
                          or re.fullmatch(r"\S\S上 is printed in \d+ clauses", f.why) or f.why.startswith("ja 「…」と")
                          or (f.kind == "abbreviation" and re.fullmatch(r"\S牌", f.found) and f.suggest.endswith("卡牌")))
    assert at(findings, SVE, "13.5.2.1")["我方"].suggest == "自己的"
    assert at(findings, SVE, "14.2.3.1")["【突进】效果"].suggest == "【突进】能力"
    assert at(findings, SVE, "5.15.1.2")["该牌"].suggest == "该卡牌"
    assert at(findings, ZD, "326.p7")["效应"].suggest == "效果"
    assert at(findings, BS, "4-8-2")["一般能量"].suggest == "能量"
    assert at(findings, SVE, "10.1.1.2.1")["原则表示"].suggest == "原则上表示"
    assert "原則" not in at(findings, BS, "1-4-1")  # 為原則。: the noun
    assert at(findings, BS, "12-1-2")["書寫為"].suggest == "記載為"
    assert not any(f.found.startswith("我方") for f in findings if f.edition in (ZD, XLW))  # 我方 their own word


def test_the_26th_rounds_detectors_on_examples_of_our_own(tmp_path: Path) -> None:
    """Our own clauses: 我方 once where the edition says 自己 in four clauses, a keyword defined as an
    ability and once printed as an effect, 該牌 once beside 該卡牌 in five clauses, and 一般 before a
    term where the ja clause says no 通常 (but not where it does), and 原則 once before a verb where
    the edition prints 原則上 in three clauses (but not the noun), and a ja 「…」と書かれた rendered 書寫為
    once where three clauses say 記載為."""
    import glossarykit as kit

    rows = dict(kit.ALIGNED)
    rows.update({f"3-{i}": (None, "", None, f"抽{i}張自己的手牌。") for i in range(1, 5)})
    rows["3-5"] = (None, "", None, "選擇我方場上的一張卡牌。")
    rows["4-1"] = (None, "", None, "守護是一種永續能力。")
    rows["4-2"] = (None, "", None, "持有【守護】效果的卡牌無法被選擇。")
    rows.update({f"5-{i}": (None, "", None, f"將該卡牌放置到第{i}個位置。") for i in range(1, 6)})
    rows["5-6"] = (None, "", None, "將該牌移除。")
    rows["6-1"] = (None, "コアを置く。", None, "放置一般能量。")
    rows["6-2"] = (None, "通常のコアを置く。", None, "放置一般能量。")
    rows.update({f"7-{i}": (None, "", None, f"原則上放置{i}個能量。") for i in range(1, 4)})
    rows["7-4"] = (None, "", None, "卡牌原則分為兩種。")
    rows["7-5"] = (None, "", None, "以此為原則。")
    rows.update({f"8-{i}": (None, f"「A{i}」と書かれたカード。", None, f"記載為「A{i}」的卡牌。") for i in range(1, 4)})
    rows["8-4"] = (None, "【B】と書かれたカード。", None, "書寫為【B】的卡牌。")
    found = _own_findings(tmp_path, kit.aligned_kb(tmp_path, rows), kit.TEST_CONCEPTS)
    assert ("3-5", "wording", "我方", "自己的") in found
    assert ("4-2", "wording", "【守護】效果", "【守護】能力") in found
    assert ("5-6", "abbreviation", "該牌", "該卡牌") in found
    assert ("6-1", "rendering", "一般能量", "能量") in found and not any(n == "6-2" for n, *_ in found)
    assert ("7-4", "wording", "原則分為", "原則上分為") in found and not any(n == "7-5" for n, *_ in found)
    assert ("8-4", "rendering", "書寫為", "記載為") in found
