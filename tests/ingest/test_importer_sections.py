"""The sections importer (零次元 游戏完整规则书 1.20): the real source, then one crafted input per
defect it repairs."""
from __future__ import annotations

import re
import textwrap
from collections import Counter

import pytest
import yaml

from tcgrules.ingest import reconstruct
from tcgrules.ingest import sections
from tcgrules.ingest.base import ImportResult
from tcgrules.kb.model import Clause, Edition

SOURCE = "sources/zero-dimension-1.20.zh-Hans.txt"
CRAFTED = Edition("zero-dimension", "zh-Hans", "1.20", "crafted", "sources/crafted.txt", "0", "sections")


@pytest.fixture(scope="module")
def edition(root) -> Edition:
    entries = yaml.safe_load((root / "rules" / "editions.yaml").read_text(encoding="utf-8"))["editions"]
    entry = next(e for e in entries if e["source"] == SOURCE)
    fields = ("game", "lang", "revision", "title", "source", "sha256", "format")
    return Edition(*(entry[f] for f in fields))


@pytest.fixture(scope="module")
def lines(root) -> list[str]:
    return (root / "rules" / SOURCE).read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def real(lines, edition) -> ImportResult:
    return sections.parse(lines, edition)


@pytest.fixture(scope="module")
def records(real) -> dict[str, Clause]:
    return {c.number: c for c in real.clauses}


def key(record_id: str | None) -> str | None:
    """An id without its edition prefix: ``zero-dimension/zh-Hans/1.20/101.p7`` → ``101.p7``."""
    return record_id.split("/", 3)[3] if record_id else None


def crafted(text: str) -> tuple[ImportResult, dict[str, Clause]]:
    """Parse a crafted source; its reconstruction must be clean like the real one's."""
    src = textwrap.dedent(text).strip("\n").splitlines()
    result = sections.parse(src, CRAFTED)
    assert reconstruct.check(src, result.clauses, result.skips) == (None, [])
    return result, {key(c.id): c for c in result.clauses}


def found(result: ImportResult, kind: str) -> list[tuple[int, str | None]]:
    return [(d.line, key(d.record)) for d in result.defects if d.kind == kind]


# ---------------------------------------------------------------- the real source


def test_reconstruction_is_clean(lines, real) -> None:
    assert reconstruct.check(lines, real.clauses, real.skips) == (None, [])


def test_parsing_twice_gives_identical_results(lines, edition, real) -> None:
    again = sections.parse(lines, edition)
    assert again.clauses == real.clauses
    assert again.defects == real.defects
    assert again.skips == real.skips


def test_counts_per_kind(real) -> None:
    assert Counter(c.kind for c in real.clauses) == {
        "chapter": 9, "section": 116, "clause": 661, "example": 17, "note": 10}
    assert sum(1 for c in real.clauses if re.fullmatch(r"900\.k\d+", c.number)) == 41


def test_ids_unique_and_synthesized_numbers_never_look_printed(real) -> None:
    assert len({c.id for c in real.clauses}) == len(real.clauses)
    for c in real.clauses:
        assert c.id.endswith("/" + c.number)
        assert c.number_printed == bool(re.fullmatch(r"\d+(\.\d+)*", c.number)), c.number


def test_records_are_in_source_order_with_parents_before_children(real) -> None:
    seen: set[str] = set()
    order = [(c.source.first_line, c.source.first_col) for c in real.clauses]
    assert order == sorted(order)
    for c in real.clauses:
        assert c.parent is None or c.parent in seen
        seen.add(c.id)


def test_front_matter(records) -> None:
    title, preface = records["title"], records["preface"]
    assert (title.kind, title.title, title.text, title.parent) == ("note", "零次元集换式卡牌 游戏完整规则书 1.20", "", None)
    assert (records["title.p1"].text, key(records["title.p1"].parent)) == ("卡游网官方发布", "title")
    assert (preface.kind, preface.title, preface.parent) == ("section", "前言", None)
    assert records["preface.p6"].text == "本版本规则书的更新日期为：2015-6-12"
    assert records["preface.p6"].kind == "note" and key(records["preface.p6"].parent) == "preface"


def test_headings_take_rank_and_parent_from_their_numbers(records) -> None:
    one = records["1"]
    assert (one.kind, one.label, one.title, one.text, one.parent) == ("chapter", "1.", "开始游戏", "", None)
    assert (records["8"].label, records["8"].title) == ("8", "特殊的发动时机")
    # 600 is a '##' heading like its chapter, 405.1 a '#####' one: the number decides
    assert (records["600"].kind, key(records["600"].parent)) == ("section", "6")
    sub = records["405.1"]
    assert (sub.kind, sub.label, sub.title, key(sub.parent)) == ("section", "405.1", "宣布攻击", "405")
    assert (records["613"].label, records["613"].title) == ("613.", "X 以上或 X 以下")
    assert records["704"].source.first_line == 1268  # not the false heading at 1252


def test_paragraphs_and_joined_lines(records) -> None:
    p = records["101.p7"]
    assert p.text == "如果游戏中出现了无法阻止的死循环（参照 901.死循环），则本局游戏视为平局。"
    assert (p.kind, key(p.parent), p.number_printed, p.source.first_line) == ("clause", "101", False, 249)
    joined = records["202.p6"]
    assert joined.text == "如果某个效果或者伤害要使得一张或多张牌离开生命区，则从生命区的最上方开始逐一将牌移出生命区。"
    assert (joined.source.first_line, joined.source.last_line) == (347, 349)
    rejoined = records["702.p8"]
    assert rejoined.text.endswith("但是连锁和清算方式与普通的触发效果不同。（参照704. 反击特效)")
    assert (rejoined.source.first_line, rejoined.source.last_line) == (1250, 1252)
    assert records["317.p1"].text == "等级 2：表示等级 2 以上时，激活  之后的内容。"
    assert records["311.n1"].kind == "note" and records["311.n1"].text == "（具体请参照 320.战术牌）"


def test_examples(records) -> None:
    ex = records["301.p5.ex2"]
    assert (ex.kind, ex.label, key(ex.parent)) == ("example", "例 2：", "301.p5")
    assert ex.text.startswith("BP09-057 食人鱼玫瑰。")
    assert records["702.p4.ex1"].label == "（例："
    assert [records[f"709.p2.ex{i}"].label for i in (1, 2)] == ["原：", "现："]
    merged = records["326.p6.ex1"]
    assert (merged.label, merged.source.first_line, merged.source.first_col) == ("例：", 755, 56)
    assert merged.text == "当我方战斗区中的一张角色牌移动到对方战斗区时，在其之上的指示物并不会被移除。"
    assert records["326.p6"].text.endswith("但一张牌在同类型区域中的移动并不会移除其上的指示物。")


def test_lists_belong_to_their_intro_and_interleaved_paragraphs_to_items(records) -> None:
    assert [records[f"405.p4.{i}"].label for i in range(1, 5)] == ["1)", "2)", "3)", "4)"]
    assert records["405.p4.2"].text == "发动卡牌的效果。"
    assert key(records["405.p4.1"].parent) == "405.p4"
    assert (records["600.p2.A"].label, key(records["600.p2.A"].parent)) == ("A.", "600.p2")
    assert key(records["600.p3"].parent) == "600"  # A. B. stand together: the list ends at B.
    assert (records["701.p4.2"].label, key(records["701.p5"].parent)) == ("2", "701")
    # 623: each item is followed by its explanation, so the last item keeps what follows it
    assert key(records["623.p4.1.p1"].parent) == "623.p4.1"
    assert key(records["623.p4.3.p2"].parent) == "623.p4.3"


def test_keyword_entries(records) -> None:
    first = records["900.k1"]
    assert (first.kind, first.label, first.title, first.text) == ("clause", None, "突袭：", "登场回合就可以攻击。")
    assert key(records["900.k1.p1"].parent) == "900.k1"
    assert records["900.k19"].title == "(X) 变身：\\*\\*\\*："
    assert records["900.k27"].title == "(X) 高速换装 [\\*\\*\\*]："
    assert records["900.k28"].text == "【我方回合结束时】舍弃一张手牌：重置此牌。"
    split = records["900.k13.p1"]
    assert (split.text, split.source.first_line, split.source.first_col) == ("战斗连协为永续效果。", 1582, 56)
    assert records["900.k13"].text == "如果我方战斗区中有其他【\\*\\*\\*】，此牌（攻）+1000（防）+1000。"
    assert key(records["901"].parent) == "9"


REFS = [  # (record, span, number, number_end, title)
    ("101.p7", "参照 901.死循环", "901", None, "死循环"),
    ("105.p1", "参照“4.回合流程”", "4", None, "回合流程"),
    ("105.p1", "“5.战斗”", "5", None, "战斗"),
    ("302.p2", "参照 318—321", "318", "321", None),
    ("307.p1", "参照 7.效果", "7", None, "效果"),
    ("307.p2", "详见特殊符号", None, None, "特殊符号"),
    ("311.n1", "参照 320.战术牌", "320", None, "战术牌"),
    ("312.n1", "参照 705.反击特效", "705", None, "反击特效"),
    ("318.p7", "详见角色名", None, None, "角色名"),
    ("318.p8", "详见升级", None, None, "升级"),
    ("320.p4", "详见对象", None, None, "对象"),
    ("320.p6", "详见对象", None, None, "对象"),
    ("405.p3", "参照 5.战斗", "5", None, "战斗"),
    ("405.p4.3", "参照 600.升级", "600", None, "升级"),
    ("623.p4.2.p1", "如 1 所属", "623.p4.1", None, None),
    ("623.p4.3.p2", "如 1 所属", "623.p4.1", None, None),
    ("702.p8", "参照704. 反击特效", "704", None, "反击特效"),
    ("800.p2", "参照 702.触发效果", "702", None, "触发效果"),
    ("803.p3", "参照【破坏时】", None, None, "【破坏时】"),
    ("803.p3", "参照 802.破坏", "802", None, "破坏"),
    ("900.k17.p2", "参照上条", "900.k16", None, None),
    ("900.k38.p2", "参照刀剑解放", None, None, "刀剑解放"),
]


def test_every_reference_of_the_file(real) -> None:
    refs = [(c.number, r.span, r.number, r.number_end, r.title) for c in real.clauses for r in c.refs]
    assert refs == REFS
    for c in real.clauses:
        for r in c.refs:
            assert c.text[r.start:r.end] == r.span
            assert r.target is None and r.reason is None


def test_relative_references_point_at_real_records(records) -> None:
    assert records["900.k16"].title == "专用\\*\\*\\*："  # 上条 of the entry 专用：
    assert records["623.p4.1"].label == "1."


DEFECTS = [  # (kind, line, record) for every defect but heading-level
    ("toc-line", 23, None), ("toc-markup", 77, None), ("toc-mismatch", 81, "311"),
    ("toc-mismatch", 93, "323"), ("toc-mismatch", 94, "324"), ("toc-markup", 100, None),
    ("toc-markup", 123, None), ("toc-markup", 125, None), ("toc-mismatch", 131, "603"),
    ("toc-mismatch", 133, "604"), ("toc-mismatch", 135, "605"), ("toc-mismatch", 149, "612"),
    ("toc-mismatch", 195, "708"), ("toc-mismatch", 199, "8"), ("toc-markup", 207, None),
    ("toc-mismatch", 215, "811"), ("toc-markup", 219, None), ("toc-mismatch", 219, "900"),
    ("toc-markup", 221, None), ("toc-mismatch", 221, "901"),
    ("continued-after-blank", 349, "202.p6"), ("continued-after-blank", 495, "306.p2.ex1"),
    ("missing-period", 501, "306.p5"), ("lost-image", 589, "317.p1"),
    ("continued-after-blank", 591, "317.p1"), ("lost-image", 593, "317.p2"),
    ("continued-after-blank", 595, "317.p2"), ("lost-image", 597, "317.p3"), ("lost-image", 601, "317.p5"),
    ("lost-image", 605, "317.p7"), ("lost-image", 611, "317.p9"), ("lost-image", 613, "317.p10"),
    ("lost-image", 617, "317.p11"), ("lost-image", 619, "317.p12"),
    ("continued-after-blank", 707, "323.p2"), ("example", 755, "326.p6.ex1"),
    ("continued-after-blank", 759, "326.p7"), ("continued-after-blank", 1064, "612.p7"),
    ("missing-period", 1148, "622.p4"), ("continued-after-blank", 1214, "700.p10"),
    ("false-heading", 1252, "702.p8"), ("continued-after-blank", 1294, "705.p2"),
    ("continued-after-blank", 1338, "708.p2"), ("example", 1356, "709.p3.ex1"),
    ("label-separator", 1358, "8"), ("continued-after-blank", 1396, "803.p2"),
    ("continued-after-blank", 1574, "900.k11.p2"), ("merged-clauses", 1582, "900.k13.p1"),
    ("heading-markup", 1706, "900.k27"), ("continued-after-blank", 1708, "900.k27"),
    ("continued-after-blank", 1850, "901.p3"),
]


def test_defects_of_the_file(real) -> None:
    assert [(d.kind, d.line, key(d.record)) for d in real.defects if d.kind != "heading-level"] == DEFECTS


def test_headings_at_odd_levels(real) -> None:
    odd = {key(d.record) for d in real.defects if d.kind == "heading-level"}
    chapters = {"3", "4", "7", "8", "9"}  # chapter 1 is '##'; these are '###' or '####'
    sections = ({str(n) for n in range(304, 327)} | {"505", "506", "507"} | {str(n) for n in range(600, 626)}
                | {str(n) for n in range(800, 812)} | {"901", "902", "903"})
    assert odd == chapters | sections


def test_defect_messages_quote_what_was_found(real) -> None:
    by_kind = {d.kind: d for d in real.defects}
    assert "'#### 704. 反击特效)'" in by_kind["false-heading"].message
    assert "'战术时机'" in next(d.message for d in real.defects if d.kind == "toc-mismatch")
    assert "'8'" in by_kind["label-separator"].message
    ids = {c.id for c in real.clauses}
    assert all(d.record in ids for d in real.defects if d.record)


def test_the_table_of_contents_is_skipped(lines, real) -> None:
    toc = {s.line for s in real.skips if s.reason == "table of contents"}
    assert toc == {no for no in range(23, 224) if lines[no - 1].strip()}
    assert not any(23 <= c.source.first_line <= 223 for c in real.clauses)


# ---------------------------------------------------------------- crafted inputs, one per defect


def test_duplicate_number_keeps_both_and_numbers_children_from_the_second() -> None:
    result, rec = crafted("""
        ## 1.开始

        ### 100.甲

        ### 101.乙

        文二。

        ### 101.丙

        文三。
    """)
    assert found(result, "duplicate-number") == [(9, "101~2")]
    assert (rec["101~2"].title, rec["101~2"].number, key(rec["101~2"].parent)) == ("丙", "101", "1")
    assert (rec["101~2.p1"].text, key(rec["101~2.p1"].parent)) == ("文三。", "101~2")


def test_skipped_and_out_of_order_numbers() -> None:
    result, rec = crafted("""
        ## 1.开始

        ### 100.甲

        ### 102.丙

        ### 101.乙
    """)
    assert found(result, "skipped-number") == [(5, "102")]
    assert "101 is missing" in result.defects[0].message
    assert found(result, "out-of-order") == [(7, "101")]
    assert key(rec["101"].parent) == "1"


def test_a_section_in_another_chapter_stays_under_its_own() -> None:
    result, rec = crafted("""
        ## 1.开始

        ### 100.甲

        ## 2.区域

        ### 101.乙
    """)
    assert found(result, "out-of-order") == [(7, "101")]
    assert key(rec["101"].parent) == "1"


def test_missing_parent() -> None:
    result, rec = crafted("""
        ## 1.开始

        ### 200.甲
    """)
    assert found(result, "missing-parent") == [(3, "200")]
    assert key(rec["200"].parent) == "1"
    assert not found(result, "skipped-number")


def test_heading_level_and_label_separator() -> None:
    result, rec = crafted("""
        ## 1.开始

        #### 100.甲

        ## 2 区域

        ## 3.卡牌
    """)
    assert found(result, "heading-level") == [(3, "100")]
    assert found(result, "label-separator") == [(5, "2")]
    assert (rec["2"].label, rec["2"].title) == ("2", "区域")


def test_continued_after_blank() -> None:
    result, rec = crafted("""
        ## 2.区域

        ### 202.生命区

        如果某个效果要使得牌离开生命区，则从最上方开始逐一


        将牌移出生命区。

        下一条。
    """)
    assert found(result, "continued-after-blank") == [(8, "202.p1")]
    p = rec["202.p1"]
    assert (p.text, p.source.first_line, p.source.last_line) == (
        "如果某个效果要使得牌离开生命区，则从最上方开始逐一将牌移出生命区。", 5, 8)
    assert rec["202.p2"].text == "下一条。"


def test_false_heading_is_joined_and_its_reference_read() -> None:
    result, rec = crafted("""
        ## 7.效果

        ### 702.触发效果

        反击特效也属于触发效果的一种。（参照

        #### 704. 反击特效)

        ### 703.启动效果
    """)
    assert found(result, "false-heading") == [(7, "702.p1")]
    p = rec["702.p1"]
    assert p.text == "反击特效也属于触发效果的一种。（参照704. 反击特效)"
    assert [(r.span, r.number, r.title) for r in p.refs] == [("参照704. 反击特效", "704", "反击特效")]
    assert "704" not in rec and not found(result, "out-of-order")  # 703 follows 702


def test_missing_period_keeps_parallel_rules_apart() -> None:
    result, rec = crafted("""
        ## 3.卡牌

        ### 306.属性

        某些效果中提到的『A』『B』表示同时具有属性 A 与属性 B

        某些效果中提到的『A』或『B』表示属性 A 或属性 B 有其一。
    """)
    assert found(result, "missing-period") == [(5, "306.p1")]
    assert not found(result, "continued-after-blank")
    assert rec["306.p2"].text.startswith("某些效果中提到的『A』或『B』")


def test_a_line_starting_with_a_bracket_does_not_continue_the_one_before() -> None:
    result, rec = crafted("""
        ## 3.卡牌

        ### 317.特殊图标

        :攻击力或攻击加成

        （攻）+1000 会影响攻击力或攻击加成。
    """)
    assert not found(result, "continued-after-blank")
    assert found(result, "lost-image") == [(5, "317.p1")]
    assert rec["317.p2"].text == "（攻）+1000 会影响攻击力或攻击加成。"


def test_lost_image() -> None:
    result, _ = crafted("""
        ## 3.卡牌

        ### 317.特殊图标

        ：使用此牌时需要支付的费用。

        图中为总共横置八张资源牌。

        激活  之后的内容。
    """)
    assert found(result, "lost-image") == [(5, "317.p1"), (7, "317.p2"), (9, "317.p3")]


def test_merged_keyword_explanation_is_split() -> None:
    result, rec = crafted("""
        ## 9.其他

        ### 900.特殊效果

        **战斗连协【\\*\\*\\*】：**如果有其他【\\*\\*\\*】，此牌（攻）+1000。战斗连协为永续效果。

        若有多个战斗连协，则分别清算。
    """)
    assert found(result, "merged-clauses") == [(5, "900.k1.p1")]
    entry, split = rec["900.k1"], rec["900.k1.p1"]
    assert (entry.title, entry.text) == ("战斗连协【\\*\\*\\*】：", "如果有其他【\\*\\*\\*】，此牌（攻）+1000。")
    assert (split.text, split.source.first_line, split.source.first_col) == ("战斗连协为永续效果。", 5, 42)
    assert key(rec["900.k1.p2"].parent) == "900.k1"


def test_example_merged_into_a_paragraph_is_split() -> None:
    result, rec = crafted("""
        ## 3.卡牌

        ### 326.指示物

        一张牌移动时会移除指示物。例：移动到对方战斗区时不会移除。
    """)
    assert found(result, "example") == [(5, "326.p1.ex1")]
    ex = rec["326.p1.ex1"]
    assert (ex.kind, ex.label, ex.text, ex.source.first_col) == ("example", "例：", "移动到对方战斗区时不会移除。", 13)
    assert rec["326.p1"].text == "一张牌移动时会移除指示物。"


def test_heading_markup() -> None:
    result, rec = crafted("""
        ## 9.其他

        ### 900.特殊效果

        ## 附录

        (X) **高速换装 [\\*\\*\\*]：**(X) 展示手牌中的此牌。
    """)
    assert found(result, "heading-markup") == [(5, "900.p1"), (7, "900.k1")]
    assert (rec["900.p1"].text, rec["900.p1"].title) == ("附录", None)
    assert (rec["900.k1"].title, rec["900.k1"].text) == ("(X) 高速换装 [\\*\\*\\*]：", "(X) 展示手牌中的此牌。")


def test_empty_item() -> None:
    result, rec = crafted("""
        ## 6.用语

        ### 600.升级

        升级的方法如下：

        A.

        B.次元升级。
    """)
    assert found(result, "empty-item") == [(7, "600.p1.A")]
    assert (rec["600.p1.A"].label, rec["600.p1.A"].text) == ("A.", "")
    assert rec["600.p1.B"].text == "次元升级。"


def test_table_of_contents_markup_and_mismatch() -> None:
    result, rec = crafted("""
        # 规则书

        ## 规则目录：

        ### 1.开始

        #### 100.准备

        - 101.胜负

        102.结束

        ## 1.开始

        ### 100.准备

        ### 101.胜负条件

        ## 2.区域
    """)
    assert found(result, "toc-line") == [(3, None)]
    assert found(result, "toc-markup") == [(9, None), (11, None)]
    bullets, plain = (d.message for d in result.defects if d.kind == "toc-markup")
    assert "101 (line 9) as '- ' bullets" in bullets and "102 (line 11) as plain lines" in plain
    assert found(result, "toc-mismatch") == [(9, "101"), (11, None), (19, "2")]
    assert {s.line for s in result.skips if s.reason == "table of contents"} == {3, 5, 7, 9, 11}
    assert list(rec) == ["title", "1", "100", "101", "2"]


# ---------------------------------------------------------------- structure on crafted inputs


def test_a_list_with_no_intro_hangs_under_its_heading_apart_from_printed_numbers() -> None:
    _, rec = crafted("""
        ## 4.回合

        ### 405.行动阶段

        1.甲

        2.乙

        ##### 405.1 宣布攻击
    """)
    assert [key(rec[n].parent) for n in ("405.i1", "405.i2", "405.1")] == ["405", "405", "405"]


def test_a_paragraph_beginning_with_a_count_is_no_list() -> None:
    _, rec = crafted("""
        ## 2.区域

        ### 201.牌组区

        3 张以上的牌需洗切。

        1 张牌不需洗切。
    """)
    assert [c.kind for c in rec.values()] == ["chapter", "section", "clause", "clause"]
    assert rec["201.p1"].label is None and rec["201.p2"].label is None


def test_references_to_the_previous_entry_and_to_a_list_item() -> None:
    _, rec = crafted("""
        ## 6.用语

        ### 623.使用

        分为以下几种情况：

        1.特殊的使用方式。

        说明一。

        2.因效果使用。

        不能加以如 1 所属的使用方式。

        ### 900.特殊效果

        **专用\\*\\*\\*：**此牌与\\*\\*\\*视为专用成立。

        **专用：**获得以下效果。

        专用成立请参照上条。
    """)
    assert key(rec["623.p1.1.p1"].parent) == "623.p1.1"
    assert [(r.span, r.number) for r in rec["623.p1.2.p1"].refs] == [("如 1 所属", "623.p1.1")]
    assert [(r.span, r.number) for r in rec["900.k2.p1"].refs] == [("参照上条", "900.k1")]


def test_find_refs_forms() -> None:
    refs = sections.find_refs("参照“4.回合流程”及“5.战斗”，请参照 318—321 的详解（详见角色名），可参照【破坏时】的处理方法")
    assert [(r.span, r.number, r.number_end, r.title) for r in refs] == [
        ("参照“4.回合流程”", "4", None, "回合流程"), ("“5.战斗”", "5", None, "战斗"),
        ("参照 318—321", "318", "321", None), ("详见角色名", None, None, "角色名"),
        ("参照【破坏时】", None, None, "【破坏时】")]
    assert sections.find_refs("具体请参照官网卡牌信息。不在同一张牌参照的内容之中。") == []
