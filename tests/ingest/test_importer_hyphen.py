"""The hyphen importer (Battle Spirits zh-Hant and ja): real files, then one crafted input
per defect it repairs."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from importkit import crafted_edition, only, parse_checked
from tcgrules.ingest import reconstruct
from tcgrules.ingest import hyphen
from tcgrules.ingest.base import ImportResult, SourceError
from tcgrules.kb.model import Edition

ROOT = Path(__file__).resolve().parents[2]


def edition(lang: str) -> Edition:
    data = yaml.safe_load((ROOT / "rules" / "editions.yaml").read_text(encoding="utf-8"))
    entry = next(e for e in data["editions"] if e["game"] == "battle-spirits" and e["lang"] == lang)
    return Edition(**entry)


def source_lines(ed: Edition) -> list[str]:
    return (ROOT / "rules" / ed.source).read_text(encoding="utf-8").split("\n")


@pytest.fixture(scope="module", params=["zh-Hant", "ja"])
def real(request) -> tuple[list[str], ImportResult]:
    ed = edition(request.param)
    lines = source_lines(ed)
    return lines, hyphen.parse(lines, ed)


@pytest.fixture(scope="module")
def zh() -> ImportResult:
    ed = edition("zh-Hant")
    return hyphen.parse(source_lines(ed), ed)


@pytest.fixture(scope="module")
def ja() -> ImportResult:
    ed = edition("ja")
    return hyphen.parse(source_lines(ed), ed)


def by_number(result: ImportResult, number: str, nth: int = 0):
    return [c for c in result.clauses if c.number == number][nth]


def short(clause_id: str | None) -> str | None:
    """``battle-spirits/ja/1.0/8-1`` → ``8-1``."""
    return clause_id.split("/", 3)[3] if clause_id else None


def lines_of(result: ImportResult, kind: str) -> list[int]:
    return [d.line for d in result.defects if d.kind == kind]


# ---------------------------------------------------------------- both real files


def test_reconstruction_is_clean(real):
    lines, result = real
    assert reconstruct.check(lines, result.clauses, result.skips) == (None, [])


def test_counts_per_kind(real):
    _, result = real
    assert Counter(c.kind for c in result.clauses) == {
        "clause": 355, "section": 104, "chapter": 13, "example": 4, "note": 1}


def test_parse_twice_is_identical(real):
    lines, result = real
    again = hyphen.parse(lines, result.edition)
    assert [c.to_dict() for c in again.clauses] == [c.to_dict() for c in result.clauses]
    assert again.defects == result.defects and again.skips == result.skips


def test_ids_unique_and_parents_exist(real):
    _, result = real
    ids = [c.id for c in result.clauses]
    assert len(ids) == len(set(ids))
    known = set(ids)
    for c in result.clauses:
        assert (c.parent is None) == (c.kind in ("chapter", "note")), c.id
        assert c.parent is None or c.parent in known
        assert c.number_printed == (c.kind not in ("example", "note"))


def test_parents_follow_the_numbering(real):
    _, result = real
    ids = {c.id: c for c in result.clauses}
    for c in result.clauses:
        if c.number_printed and c.parent and "~" not in c.id and "~" not in c.parent:
            assert c.number.rsplit("-", 1)[0] == ids[c.parent].number, c.id


def test_refs_point_into_the_text(real):
    _, result = real
    for c in result.clauses:
        for r in c.refs:
            assert c.text[r.start:r.end] == r.span
            assert r.target is None and r.reason is None


def test_defects_name_existing_records(real):
    _, result = real
    ids = {c.id for c in result.clauses}
    for d in result.defects:
        if d.kind != "toc-line":
            assert d.record in ids, d
        assert d.message and d.action


def test_languages_share_numbers_but_one(zh, ja):
    zh_numbers = {c.number for c in zh.clauses}
    ja_numbers = {c.number for c in ja.clauses}
    # ja prints 11-3-1-4 as a second 11-2-1-4 (line 856); nothing else differs.
    assert zh_numbers - ja_numbers == {"11-3-1-4"}
    assert ja_numbers - zh_numbers == set()
    zh_kinds = {c.number: c.kind for c in zh.clauses}
    assert all(zh_kinds[c.number] == c.kind for c in ja.clauses if c.number in zh_kinds)


# ---------------------------------------------------------------- zh-Hant


def test_zh_front_matter_and_chapters(zh):
    title = zh.clauses[0]
    assert (title.number, title.kind, title.parent) == ("title", "note", None)
    assert title.title == "Battle Spirits Standard 綜合規則"
    assert title.text == "Ver.1.0\n最後更新日期：2026/04/01"
    three = by_number(zh, "3")
    assert (three.kind, three.label, three.title, three.text) == ("chapter", "3", "卡牌種類", "")
    assert by_number(zh, "12").title == "關鍵字效果與效果敘述"


def test_zh_clause_joined_across_blank(zh):
    c = by_number(zh, "1-3-6")
    assert c.text == ("有時會因某些卡牌的效果，使任一玩家勝利或敗北。在這種情況下，無須等待規則處理，"
                      "在該處理中該玩家即勝利或敗北，並結束遊戲。")
    assert (c.source.first_line, c.source.last_line) == (51, 53)
    assert short(c.parent) == "1-3"


def test_zh_sections_and_clauses_by_shape(zh):
    assert (by_number(zh, "3-1").kind, short(by_number(zh, "3-1").parent)) == ("clause", "3")
    assert by_number(zh, "8-1").kind == "clause"
    s = by_number(zh, "8-1-1")
    assert (s.kind, s.title, s.text, short(s.parent)) == ("section", "宣告攻擊", "", "8-1")
    assert short(by_number(zh, "8-1-1-1").parent) == "8-1-1"
    assert by_number(zh, "8-1-5-2").title == "比較 BP 的處理（BP 比對）"
    assert by_number(zh, "12-2-1-1").title == "《真界放》"
    assert by_number(zh, "12-2-1-12").kind == "clause"
    five_one = by_number(zh, "5-1")
    assert (five_one.kind, five_one.title, five_one.text) == ("section", "遊戲", "所謂遊戲，是指對戰本身。")


def test_zh_merged_clauses_split(zh):
    first, second = by_number(zh, "5-3-2"), by_number(zh, "5-3-3")
    assert first.text == "所謂回合玩家，是指正在進行當前回合的玩家。"
    assert second.text == "所謂非回合玩家，是指並非正在進行當前回合的玩家。"
    assert (second.source.first_line, second.source.first_col) == (385, 27)
    assert short(second.parent) == "5-3"


def test_zh_labels(zh):
    c = by_number(zh, "9-1-5-6-1")
    assert c.label == "9-1-5-6-1：" and c.text.startswith("標註有「此回合中」")
    glued = by_number(zh, "12-3-1-1")
    assert (glued.label, glued.text) == ("12-3-1-1", "〔每回合 1 次〕是指在該回合中，該效果僅能發揮 1 次的限制效果。")
    assert by_number(zh, "12-3-1").title == "〔每回合 1 次〕"


def test_zh_unnumbered_paragraph_and_examples(zh):
    c = by_number(zh, "10-2-2-5")
    assert c.text.endswith("此外，其上放置的能量將全部移至預備區。\n因返回手牌或牌組的效果而進入待機狀態時，"
                           "即使在該待機狀態中消滅，只要未受到新的移動效果影響，仍會返回手牌或牌組。"
                           "此外，其上放置的能量將全部放置到預備區。")
    ex = by_number(zh, "1-4-2-1.ex1")
    assert (ex.kind, ex.label, short(ex.parent), ex.number_printed) == ("example", "範例：", "1-4-2-1", False)
    assert ex.text.startswith("若有效果指示要疲勞") and ex.text.endswith("因此不視為因該效果而疲勞。")
    assert by_number(zh, "12-3-2-1.ex1").label == "例："


def test_zh_refs(zh):
    def refs(number):
        return [(r.span, r.number, r.number_end, r.title) for r in by_number(zh, number).refs]
    assert refs("1-1-1") == [("（參照 2-13）", "2-13", None, None)]
    assert refs("3-1") == [("(參閱 2 卡牌資訊)", "2", None, "卡牌資訊")]
    assert refs("3-4-4") == [("(參照 12-1 關鍵字)", "12-1", None, "關鍵字")]
    assert refs("11-1-1-4") == [("(12-2-1-3)", "12-2-1-3", None, None)]
    assert refs("8-1-5-1") == [("（8-1-7）", "8-1-7", None, None)]
    assert refs("6-2-1-1") == [("6-1", "6-1", None, None)]
    assert sum(len(c.refs) for c in zh.clauses) == 10


def test_zh_defects(zh):
    assert lines_of(zh, "toc-line") == [9]
    assert lines_of(zh, "toc-mismatch") == [22]
    assert lines_of(zh, "continued-after-blank") == [53, 97, 321, 437, 495, 543, 783, 827, 931]
    assert lines_of(zh, "merged-clauses") == [385]
    assert lines_of(zh, "unnumbered-paragraph") == [373, 473, 813]
    assert lines_of(zh, "example") == [67, 483, 701, 979]
    assert lines_of(zh, "label-colon") == [707, 995, 997]
    assert lines_of(zh, "glued-label") == [967, 969, 971, 973, 975, 977, 981, 983, 985, 987, 989]
    assert lines_of(zh, "heading-markup") == [
        59, 101, 107, 115, 121, 127, 135, 143, 155, 225, 229, 251, 267,
        547, 553, 561, 567, 573, 589, 689, 715, 723, 733, 743, 751, 775, 801]
    unmarked = lines_of(zh, "unmarked-heading")
    assert len(unmarked) == 36 and unmarked[:3] == [161, 169, 177] and 645 in unmarked
    assert Counter(d.kind for d in zh.defects).keys() == {
        "toc-line", "toc-mismatch", "continued-after-blank", "merged-clauses",
        "unnumbered-paragraph", "example", "label-colon", "glued-label", "heading-markup",
        "unmarked-heading"}
    toc = next(d for d in zh.defects if d.kind == "toc-mismatch")
    assert "關鍵字效果、共通效果與限制效果" in toc.message and "關鍵字效果與效果敘述" in toc.message


# ---------------------------------------------------------------- ja


def test_ja_duplicate_number_placed_by_position(ja):
    first, second = by_number(ja, "11-2-1-4"), by_number(ja, "11-2-1-4", 1)
    assert short(first.parent) == "11-2-1" and first.source.first_line == 838
    assert short(second.id) == "11-2-1-4~2" and short(second.parent) == "11-3-1"
    assert second.text == "《継召》(12-2-1-3)を発揮する場合は、このタイミングで発揮し、軽減シンボルを満たします。"
    assert short(by_number(ja, "11-3-1-4-1").parent) == "11-2-1-4~2"
    assert short(by_number(ja, "11-3-1-5").parent) == "11-3-1"
    d = next(d for d in ja.defects if d.kind == "duplicate-number")
    assert (d.line, short(d.record)) == (856, "11-2-1-4~2")
    assert "suggests 11-3-1-4" in d.message
    assert not lines_of(ja, "skipped-number") and not lines_of(ja, "out-of-order")


def test_ja_merged_heading_and_clause(ja):
    lines = source_lines(ja.edition)
    seven_eight = by_number(ja, "7-8")
    assert (seven_eight.kind, seven_eight.title, short(seven_eight.parent)) == ("section", "第2メインステップ", "7")
    assert seven_eight.source.first_line == 574
    assert lines[573][seven_eight.source.first_col:].startswith("7-8 第2")
    assert by_number(ja, "7-7-3-2").text.endswith("アタックした場合、バトルが発生します。")
    assert short(by_number(ja, "7-8-1").parent) == "7-8"
    ten = by_number(ja, "10-2-2-8")
    assert ten.source.first_line == 798 and ten.text.startswith("効果によって")
    assert lines_of(ja, "merged-clauses") == [574, 798]


def test_ja_glued_label_and_refs(ja):
    c = by_number(ja, "8-1-6-1")
    assert c.label == "8-1-6-1" and c.text.startswith("BP 比べ (8-1-5) にて")
    assert [(r.span, r.number) for r in c.refs] == [("(8-1-5)", "8-1-5")]
    assert [(r.span, r.number, r.title) for r in by_number(ja, "1-1-1").refs] == [("（2-13 参照）", "2-13", None)]
    assert [(r.span, r.number, r.title) for r in by_number(ja, "3-1").refs] == [
        ("(2 カードの情報参照)", "2", "カードの情報")]
    # a reference on the next line of the source, joined without a space
    c = by_number(ja, "3-4-4")
    assert c.text.endswith("で表されています。(12-1 キーワード参照)")
    assert [(r.number, r.title) for r in c.refs] == [("12-1", "キーワード")]
    assert [(r.span, r.number) for r in by_number(ja, "11-1-1-4").refs] == [("(12-2-1-3)", "12-2-1-3")]


def test_ja_continuations_and_paragraphs(ja):
    c = by_number(ja, "9-1-6-3")
    assert c.text == ("起動型効果は、特に【起動】の表記がなく起動する条件が表記されていない場合、"
                      "起動することを宣言することで発揮できます。\n"
                      "起動型効果で「▶」の後に表記された効果が解決できない場合でも、「▶」より前に表記された行動を解決することができます。")
    assert (c.source.first_line, c.source.last_line) == (696, 700)
    assert by_number(ja, "3-1").source.last_line == 205


def test_ja_defects(ja):
    assert lines_of(ja, "toc-line") == [9]
    assert lines_of(ja, "continued-after-blank") == [81, 205, 556, 652, 698, 804, 894, 936, 976]
    assert lines_of(ja, "unnumbered-paragraph") == [350, 450, 700, 790]
    assert lines_of(ja, "example") == [65, 460, 676, 956]
    assert lines_of(ja, "glued-label") == [624]
    assert lines_of(ja, "list-marker") == list(range(177, 200)) + [203]
    assert not lines_of(ja, "heading-markup") and not lines_of(ja, "unmarked-heading")


# ---------------------------------------------------------------- crafted inputs

TEST_EDITION = crafted_edition("battle-spirits", "ja", "hyphen")


def run(text: str) -> ImportResult:
    return parse_checked(hyphen, text.split("\n"), TEST_EDITION)


def where(result: ImportResult, kind: str) -> tuple[int, str | None]:
    """The line and record (short id) of the one defect of ``kind``."""
    d = only(result, kind)
    return d.line, short(d.record)


def record(result: ImportResult, number: str, nth: int = 0):
    return by_number(result, number, nth)


def test_toc_skipped_and_compared():
    r = run("ルール\n\n目次\n\n- 1 概要\n- 2 準備\n\n1 概要\n\n1-1 本文です。\n\n2 準備する\n\n2-1 本文。")
    assert [c.number for c in r.clauses] == ["title", "1", "1-1", "2", "2-1"]
    assert only(r, "toc-line").line == 3
    assert where(r, "toc-mismatch") == (6, "2")
    assert "'2 準備'" in only(r, "toc-mismatch").message
    assert {s.line for s in r.skips if s.reason == "table of contents"} == {3, 5, 6}


def test_continued_after_blank():
    # a line the PDF broke runs to the page width: longer than any short heading
    r = run("1 章\n\n1-1 この規則の文はとても長いので、ページの右端でここで切\n\nれています。\n\n1-2 次。")
    assert record(r, "1-1").text == "この規則の文はとても長いので、ページの右端でここで切れています。"
    assert where(r, "continued-after-blank") == (5, "1-1")


def test_line_break_without_blank_is_joined_silently():
    r = run("1 Chapter\n\n1-1 words broken\nacross lines.")
    assert record(r, "1-1").text == "words broken across lines."
    assert r.defects == []


def test_merged_clauses():
    r = run("1 章\n\n1-1 一つ目。1-2 二つ目。\n\n1-3 三つ目。")
    assert [record(r, n).text for n in ("1-1", "1-2", "1-3")] == ["一つ目。", "二つ目。", "三つ目。"]
    assert record(r, "1-2").source.first_col == 8
    assert where(r, "merged-clauses") == (3, "1-2")


def test_reference_after_full_stop_is_not_a_merge():
    r = run("1 章\n\n1-1 本文。2-13 を見る。")
    assert record(r, "1-1").text == "本文。2-13 を見る。"
    assert [x.number for x in record(r, "1-1").refs] == ["2-13"]


def test_glued_label():
    r = run("1 章\n\n1-1BP が高い。")
    c = record(r, "1-1")
    assert (c.label, c.text) == ("1-1", "BP が高い。")
    assert short(only(r, "glued-label").record) == "1-1"


def test_label_colon():
    r = run("1 章\n\n1-1：本文。")
    c = record(r, "1-1")
    assert (c.label, c.number, c.text) == ("1-1：", "1-1", "本文。")
    assert only(r, "label-colon").line == 3


def test_fullwidth_number():
    r = run("1 章\n\n１－１ 本文。")
    c = record(r, "1-1")
    assert (c.label, c.number, short(c.parent)) == ("１－１", "1-1", "1")


def test_duplicate_number():
    r = run("1 章\n\n1-1 節\n\n1-1-1 a。\n\n1-2 節\n\n1-2-1 b。\n\n1-1-1 c。\n\n1-2-2-1 d。\n\n1-2-3 e。")
    dup = record(r, "1-1-1", 1)
    assert short(dup.id) == "1-1-1~2" and short(dup.parent) == "1-2" and dup.text == "c。"
    assert short(record(r, "1-2-2-1").parent) == "1-1-1~2"
    assert where(r, "duplicate-number") == (11, "1-1-1~2")
    assert "suggests 1-2-2" in only(r, "duplicate-number").message
    assert not lines_of(r, "skipped-number") and not lines_of(r, "out-of-order")


def test_skipped_number():
    r = run("1 章\n\n1-1 a。\n\n1-3 c。")
    assert where(r, "skipped-number") == (5, "1-3")
    assert "1-2 is missing" in only(r, "skipped-number").message


def test_block_out_of_order():
    r = run("1 章\n\n1-1 a。\n\n1-3 c。\n\n1-3-1 c1。\n\n1-2 b。\n\n1-2-1 b1。")
    assert where(r, "out-of-order") == (9, "1-2")
    assert "after '1-3'" in only(r, "out-of-order").message
    assert not lines_of(r, "skipped-number")
    assert short(record(r, "1-2-1").parent) == "1-2"


def test_number_going_backwards():
    r = run("1 章\n\n1-1 a。\n\n1-2 b。\n\n1-1-1 c。")
    assert where(r, "out-of-order") == (7, "1-1-1")
    assert short(record(r, "1-1-1").parent) == "1-1"


def test_missing_parent():
    r = run("1 章\n\n1-1-1 a。")
    assert where(r, "missing-parent") == (3, "1-1-1")
    assert short(record(r, "1-1-1").parent) == "1"


def test_unnumbered_paragraph():
    r = run("1 章\n\n1-1 一文目。\n\n別の段落。\n\n1-2 見出し\n\n1-2-1 x。")
    assert record(r, "1-1").text == "一文目。\n別の段落。"
    assert where(r, "unnumbered-paragraph") == (5, "1-1")


def test_unnumbered_paragraph_under_heading_becomes_its_text():
    r = run("1 章\n\n1-1 用語\n\n用語とは何かを指します。")
    c = record(r, "1-1")
    assert (c.kind, c.title, c.text) == ("section", "用語", "用語とは何かを指します。")
    assert only(r, "unnumbered-paragraph").line == 5


def test_examples_numbered_per_clause():
    r = run("1 章\n\n1-1 規則。\n\n例 1：一つ。\n\n例 2：二つ。\n\n1-2 規則。\n\n範例：三つ。")
    ex = [c for c in r.clauses if c.kind == "example"]
    assert [(c.number, c.label, c.text, short(c.parent)) for c in ex] == [
        ("1-1.ex1", "例 1：", "一つ。", "1-1"), ("1-1.ex2", "例 2：", "二つ。", "1-1"),
        ("1-2.ex1", "範例：", "三つ。", "1-2")]
    assert lines_of(r, "example") == [5, 7, 11]


def test_empty_item():
    r = run("1 章\n\n1-1\n\n1-2 b。")
    c = record(r, "1-1")
    assert (c.kind, c.label, c.text, c.title) == ("clause", "1-1", "", None)
    assert short(only(r, "empty-item").record) == "1-1"


def test_heading_markup_against_numbering():
    r = run("## 1 章\n\n### 1-1 節\n\n1-1-1 a。\n\n## 1-2 節\n\n1-2-1 b。\n\n### 2 章\n\n### 2-1 節\n\n## 2-1-1 小\n\n2-1-1-1 c。")
    assert [(d.line, short(d.record)) for d in r.defects if d.kind == "heading-markup"] == [
        (7, "1-2"), (11, "2"), (15, "2-1-1")]
    assert record(r, "1-2").kind == "section" and short(record(r, "1-2").parent) == "1"
    assert short(record(r, "2-1-1-1").parent) == "2-1-1"


def test_unmarked_heading_in_a_marked_file():
    r = run("## 1 章\n\n### 1-1 節\n\n1-1-1 a。\n\n1-2 節\n\n1-2-1 b。")
    assert where(r, "unmarked-heading") == (7, "1-2")
    assert record(r, "1-2").title == "節"


def test_list_marker():
    r = run("1 章\n\n- 1-1 a。\n- 1-2 b。")
    assert lines_of(r, "list-marker") == [3, 4]
    assert [record(r, n).text for n in ("1-1", "1-2")] == ["a。", "b。"]
    assert [s.text for s in r.skips] == ["-", "-"]


def test_heading_shape():
    assert hyphen.is_heading("宣告攻擊", marked=False, following="numbered")
    assert hyphen.is_heading("遊戲", marked=False, following="paragraph")
    assert not hyphen.is_heading("遊戲", marked=False, following="continuation")
    assert not hyphen.is_heading("在這種情況下，無須等待規則處理。", marked=True, following="numbered")
    assert not hyphen.is_heading("x" * 30, marked=False, following="paragraph")


def test_ends_sentence():
    assert hyphen.ends_sentence("發生。(關於戰鬥將於後述)")
    assert hyphen.ends_sentence("「我」。」")
    assert not hyphen.ends_sentence("及「結束階段」")
    assert not hyphen.ends_sentence("規則處")


def test_refs_forms():
    def refs(text):
        return [(r.span, r.number, r.number_end, r.title) for r in hyphen.find_refs(text)]
    assert refs("見る（参照 2-1～2-3）。") == [("（参照 2-1～2-3）", "2-1", "2-3", None)]
    assert refs("(2 枚)と(A)") == []
    assert refs("(參照 ３－１)") == [("(參照 ３－１)", "3-1", None, None)]
    assert refs("2-13 参照のこと") == [("2-13 参照", "2-13", None, None)]


def test_not_this_format():
    with pytest.raises(SourceError):
        hyphen.parse(["一、總則", "", "本文。"], TEST_EDITION)
