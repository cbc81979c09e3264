"""The dot importer (Shadowverse: Evolve, zh-Hans): the real file, then one crafted input per
defect it reports."""
from __future__ import annotations

import re
import textwrap
from collections import Counter
from pathlib import Path

import pytest
import yaml

from importkit import crafted_edition, only, parse_checked
from tcgrules.ingest import reconstruct
from tcgrules.kb import store
from tcgrules.ingest import dot
from tcgrules.ingest.base import ImportResult, SourceError
from tcgrules.kb.model import Clause, Edition

ROOT = Path(__file__).resolve().parents[2]


def real_edition() -> Edition:
    data = yaml.safe_load((ROOT / "rules" / "editions.yaml").read_text(encoding="utf-8"))
    entry = next(e for e in data["editions"] if e["format"] == "dot")
    return Edition(**entry)


@pytest.fixture(scope="module")
def lines() -> list[str]:
    return (ROOT / "rules" / real_edition().source).read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def real(lines: list[str]) -> ImportResult:
    return dot.parse(lines, real_edition())


def rec(result: ImportResult, number: str, nth: int = 0) -> Clause:
    return [c for c in result.clauses if c.number == number][nth]


def short(clause_id: str | None) -> str | None:
    """``shadowverse-evolve/zh-Hans/r1/2.2`` → ``2.2``."""
    return clause_id.split("/", 3)[3] if clause_id else None


def lines_of(result: ImportResult, kind: str) -> list[int]:
    return [d.line for d in result.defects if d.kind == kind]


def records_of(result: ImportResult, kind: str) -> list[str | None]:
    return [short(d.record) for d in result.defects if d.kind == kind]


# ---------------------------------------------------------------- the real file


def test_reconstruction_is_clean(lines: list[str], real: ImportResult) -> None:
    assert reconstruct.check(lines, real.clauses, real.skips) == (None, [])


def test_parse_twice_gives_identical_results(lines: list[str], real: ImportResult) -> None:
    again = dot.parse(lines, real_edition())
    assert [c.to_dict() for c in again.clauses] == [c.to_dict() for c in real.clauses]
    assert [d.to_dict() for d in again.defects] == [d.to_dict() for d in real.defects]
    assert [s.to_dict() for s in again.skips] == [s.to_dict() for s in real.skips]


def test_counts_per_kind(real: ImportResult) -> None:
    assert Counter(c.kind for c in real.clauses) == {"chapter": 15, "section": 126, "clause": 539, "example": 1}
    synthesized = [c.number for c in real.clauses if not c.number_printed]
    assert synthesized == ["front.p1", "7.3.3.p1", "7.3.3.p2", "7.3.3.p3", "7.3.3.p4", "7.4.4.p1",
                           "7.4.4.p2", "7.4.4.p3", "13.3.2.2.p1", "13.3.2.2.p2", "13.3.2.2.p3"]
    assert len({c.id for c in real.clauses}) == len(real.clauses) == 681


def test_records_are_in_source_order(real: ImportResult) -> None:
    starts = [(c.source.first_line, c.source.first_col) for c in real.clauses]
    assert starts == sorted(starts)
    assert all(c.source.file == "sources/shadowverse-evolve.zh-Hans.txt" for c in real.clauses)


def test_chapters_and_front_matter(real: ImportResult) -> None:
    chapters = [(c.number, c.title, c.source.first_line) for c in real.clauses if c.kind == "chapter"]
    assert [n for n, _, _ in chapters] == [str(k) for k in range(1, 16)]
    assert chapters[0] == ("1", "游戏概要", 23)
    assert chapters[11] == ("12", "关键词和关键词能力", 892)  # printed after 12.2.3 … 12.7
    assert all(c.parent is None for c in real.clauses if c.kind == "chapter")
    front = rec(real, "front.p1")
    assert (front.kind, front.title, front.text, front.parent, front.label) == ("section", "综合规则文本", "", None, None)
    assert "toc-mismatch" not in {d.kind for d in real.defects}  # the ToC agrees with the chapters


def test_sections_and_subsections(real: ImportResult) -> None:
    s = rec(real, "2.4")  # written as a list item '  - 2.4 类型'
    assert (s.kind, s.label, s.title, s.text, short(s.parent)) == ("section", "2.4", "类型", "", "2")
    sub = rec(real, "13.2.1")  # '#### 13.2.1 特定记述：连击'
    assert (sub.kind, sub.title, short(sub.parent)) == ("section", "特定记述：连击", "13.2")
    assert short(rec(real, "13.2.1.1").parent) == "13.2.1"
    assert rec(real, "5.26").title == "+/-"


def test_clause_texts(real: ImportResult) -> None:
    assert rec(real, "1.1.1").text == "本游戏原则上由二名玩家进行对战。关于以不符合此人数进行游戏的情况，在当前综合规则并不适用。"
    c = rec(real, "3.1.2.4.1")  # broken after 特定玩, continued after a blank line
    assert c.text == "如果某个效果要指定玩家执行某些行动但没有指定特定玩家，则由该效果的控制者进行指定。"
    assert (c.source.first_line, c.source.last_line) == (148, 150)
    assert rec(real, "4.1.4").text == ("当卡牌从一个领域移动到另一个领域时，除非另有指示，否则会被视为新的卡牌。\n"
                                      "通常情况下，移动前所适用的效果不会被保留。")
    assert rec(real, "10.1.1.1.1").text == ("启动能力在卡牌上的表示为“（费用）：（效果）”。\n"
                                           "（费用）部分是使用时所需的费用，接下来的效果文字是指执行该能力时发生的效果。")
    assert rec(real, "2.2.2").text == "职业用图标进行表示。\n中立\t精灵\t皇家护卫\t巫师\n龙族\t梦魇\t主教"
    assert rec(real, "10.7.2.2").text == ("拥有“每回合（数值）次”的记述的自动能力在满足诱发条件时，最多可以进入待机状态的次数相当于"
                                         "“（数值）减去本回合此自动能力已进入待机状态的次数”。")
    c = rec(real, "13.5.1.3.2.1")  # '#### 13.5.1.3.2.1 如果抉择' continued after a blank line
    assert (c.kind, c.title, c.text) == ("clause", None, "如果抉择(5.17.3.1)要参照墓场中的卡牌数量来确定选项数量,则应参照该能力使用的开始时点的卡牌数量。")
    assert rec(real, "14.2.2.2").text == "是表示用餐能力的启动能力图标。"
    empty = rec(real, "13.3.1.4")
    assert (empty.kind, empty.label, empty.title, empty.text) == ("clause", "13.3.1.4", None, "")
    example = rec(real, "12.1.2.1")
    assert example.kind == "example" and example.text.startswith("例如:卡牌文本中写有")
    assert "例如：如要使用" in rec(real, "1.3.2.2.1").text  # an example inside a clause stays in it


def test_unnumbered_items(real: ImportResult) -> None:
    items = [c for c in real.clauses if short(c.parent) == "7.3.3" and not c.number_printed]
    assert [(c.number, c.kind, c.label, c.text) for c in items] == [
        ("7.3.3.p1", "clause", None, "使用手牌或是额外区的1张卡牌（8.2）。"),
        ("7.3.3.p2", "clause", None, "使用自己为控制者的卡牌的1个启动能力（8.3）。"),
        ("7.3.3.p3", "clause", None, "使自己为控制者的1个随从进行攻击（8.4）。"),
        ("7.3.3.p4", "clause", None, "结束主要阶段。"),
    ]
    assert rec(real, "13.3.2.2.p3").text == ":选择你的另一个具有【蓄积】能力的护符。将该卡牌的所有蓄积指示物全部移动到该护符上。"


def test_parents_by_number_not_position(real: ImportResult) -> None:
    parent = {c.number: short(c.parent) for c in real.clauses}
    assert parent["2.2.2"] == "2.2"  # line 70; 2.2 stands at line 95
    assert parent["2.3.2.3"] == "2.3.2"  # line 99, after 2.1 … 2.2.1
    assert parent["12.2.3"] == "12.2"  # line 850, right after 11.9.1
    assert parent["12.7.1"] == "12.7"  # line 914, after chapter 12's opening
    assert parent["12.7"] == "12"
    assert parent["8.4.7.1.1"] == "8.4.7"  # 8.4.7.1 is never printed
    assert parent["13.3.1.4.1"] == "13.3.1.4"
    assert parent["2.3.2.4"] == "2.3.2"  # indented as if a child of 2.3.2.3


def test_every_printed_parent_is_the_nearest_printed_prefix(real: ImportResult) -> None:
    printed = {c.number for c in real.clauses if c.number_printed}
    for c in real.clauses:
        if not c.number_printed:
            continue
        parts = c.number.split(".")
        prefixes = [".".join(parts[:k]) for k in range(len(parts) - 1, 0, -1)]
        assert short(c.parent) == next((p for p in prefixes if p in printed), None), c.number


def test_chapter_files_hold_out_of_order_records(real: ImportResult) -> None:
    files = {name: {c.number for c in recs} for name, recs in store.group_by_chapter(real.clauses).items()}
    assert {"2.2.2", "2.1", "2.3.2.3"} <= files["02.yaml"]
    assert {"12", "12.2.3", "12.7", "12.7.1"} <= files["12.yaml"]
    assert files["00-front.yaml"] == {"front.p1"}


def test_refs(real: ImportResult) -> None:
    def refs(number: str) -> list[tuple]:
        return [(r.span, r.number, r.number_end, r.title) for r in rec(real, number).refs]

    assert refs("1.2.3") == [("（10.5.1）", "10.5.1", None, None)]
    assert refs("5.13.3.2") == [("（8.4.5.1）", "8.4.5.1", None, None), ("根据 8.4.9", "8.4.9", None, None)]
    assert refs("7.1.2") == [("7.2至7.4", "7.2", "7.4", None)]
    assert refs("10.9.1.5") == [("10.9.1.2-10.9.1.4", "10.9.1.2", "10.9.1.4", None)]
    assert refs("10.5.1.1") == [("详见10.5.2", "10.5.2", None, None)]
    assert refs("13.3.1.4.1") == [("(参见5.17.3.1)", "5.17.3.1", None, None)]
    assert refs("11.7.1") == [("(13.3.2)", "13.3.2", None, None)]
    assert refs("5.9.3.3") == [("5.9.3.2", "5.9.3.2", None, None), ("5.9.3.1", "5.9.3.1", None, None)]
    assert refs("10.7.4.1.3") == [("10.7.4.1.2", "10.7.4.1.2", None, None)]  # printed '10.7.4.1.2.以外'
    assert refs("9.1.2.3") == [("参照附录", None, None, "附录")]  # the appendix is not in the file
    assert refs("1.3.2.2") == []  # '0次' and '0或是负数' are counts, not references
    all_refs = [r for c in real.clauses for r in c.refs]
    assert len(all_refs) == 79
    assert all(r.target is None and r.reason is None for r in all_refs)
    for c in real.clauses:
        for r in c.refs:
            assert c.text[r.start:r.end] == r.span


def test_every_dotted_number_in_a_text_is_a_reference(real: ImportResult) -> None:
    for c in real.clauses:
        written = re.findall(r"\d+(?:\.\d+)+", c.text)
        found = [n for r in c.refs for n in (r.number, r.number_end) if n]
        assert found == written, c.number


def test_skips_are_markup_and_toc_only(lines: list[str], real: ImportResult) -> None:
    assert {s.reason for s in real.skips} == {"markdown marker", "table of contents"}
    toc = [s for s in real.skips if s.reason == "table of contents"]
    assert [s.line for s in toc] == [3, *range(5, 20)]
    assert toc[1].text == "1\t游戏概要\t1"
    for s in real.skips:
        if s.reason == "markdown marker":
            assert set(s.text) <= set("#- ")


def test_defects_found(real: ImportResult) -> None:
    assert lines_of(real, "toc-line") == [3, *range(5, 20)]
    assert lines_of(real, "out-of-order") == [89, 91, 93, 95, 97, *range(892, 911, 2)]
    assert records_of(real, "out-of-order")[:5] == ["2.1", "2.1.1", "2.1.2", "2.2", "2.2.1"]
    assert records_of(real, "out-of-order")[5:] == ["12", "12.1", "12.1.1", "12.1.2", "12.1.2.1", "12.2",
                                                    "12.2.1", "12.2.1.1", "12.2.2", "12.2.2.1"]
    assert lines_of(real, "missing-parent") == [571, 572, 573]
    assert lines_of(real, "continued-after-blank") == [150, 282, 352, 595, 609, 669, 688, 734, 762, 796, 992, 1056]
    assert lines_of(real, "unnumbered-paragraph") == [174, 611]
    assert records_of(real, "unnumbered-paragraph") == ["4.1.4", "10.1.1.1.1"]
    assert lines_of(real, "unnumbered-item") == [519, 520, 521, 522, 532, 533, 534, 1018, 1019, 1020]
    assert lines_of(real, "table-row") == [73, 75]
    assert lines_of(real, "empty-item") == [1008]
    assert lines_of(real, "missing-symbol") == [1020, 1088, 1090]
    assert lines_of(real, "ascii-punctuation") == [93, 834, 992]
    assert lines_of(real, "indentation") == [100, 385]
    assert records_of(real, "indentation") == ["2.3.2.4", "5.15.1.3"]
    assert lines_of(real, "list-marker") == [140, 580, 581]
    heading = {d.line: short(d.record) for d in real.defects if d.kind == "heading-markup"}
    assert {line: heading[line] for line in (70, 1008, 1054)} == {70: "2.2.2", 1008: "13.3.1.4", 1054: "13.5.1.3.2.1"}
    assert [heading[line] for line in (23, 25, 29, 140, 324, 418, 683, 890, 970)] == [
        "1", "1.1", "1.2", "3", "5.10", "5.24", "10.5", "12.7", "12.15"]
    assert len(heading) == 37
    assert records_of(real, "unmarked-heading") == [
        *(f"2.{k}" for k in range(4, 15)), "3.1", *(f"4.{k}" for k in range(4, 14)),
        *(f"5.{k}" for k in range(16, 24)), "8.3", "8.4", "10.7", "10.8", "10.9"]
    for kind in ("duplicate-number", "skipped-number", "toc-mismatch", "unnumbered-heading", "example"):
        assert lines_of(real, kind) == [], kind
    assert len(real.defects) == 144


def test_defect_messages_quote_what_was_found(real: ImportResult) -> None:
    d = next(d for d in real.defects if d.kind == "continued-after-blank" and d.line == 150)
    assert "家，则由该效果的控制者进行指定。" in d.message and "特定玩" in d.message
    d = next(d for d in real.defects if d.kind == "missing-parent")
    assert "8.4.7.1" in d.message and d.action == "attached it to 8.4.7"
    d = next(d for d in real.defects if d.kind == "out-of-order")
    assert d.message == "'2.1' stands between 2.3.2.2 (line 87) and 2.3.2.3 (line 99), out of numeric order"


def test_every_defect_about_a_record_names_one(real: ImportResult) -> None:
    ids = {c.id for c in real.clauses}
    for d in real.defects:
        if d.kind == "toc-line":
            assert d.record is None
        else:
            assert d.record in ids, d


def test_the_file_prints_no_version_or_date(lines: list[str]) -> None:
    version = re.compile(r"[Vv]er\.?\s*\d|版本|第\s*\d+\s*版|\bv\d+(\.\d+)+")
    date = re.compile(r"\d{4}\s*[年/.-]\s*\d{1,2}|\d{1,2}\s*月\s*\d{1,2}\s*日")
    assert [line for line in lines if version.search(line) or date.search(line)] == []
    ed = real_edition()
    assert (ed.version, ed.date) == (None, None)


# ---------------------------------------------------------------- crafted inputs

CRAFTED = crafted_edition("shadowverse-evolve", "zh-Hans", "dot")


def run(text: str) -> ImportResult:
    """Parse a crafted source and check that it reconstructs."""
    return parse_checked(dot, textwrap.dedent(text).strip("\n").split("\n"), CRAFTED)


def test_crafted_toc_lines_and_mismatch() -> None:
    r = run("""
        ## 目录

        1\t游戏概要\t1
        2\t卡牌\t3

        ## 1 游戏概要

        ## 3 领域
        """)
    assert [c.number for c in r.clauses] == ["1", "3"]
    assert lines_of(r, "toc-line") == [1, 3, 4]
    mismatches = [(d.line, d.message) for d in r.defects if d.kind == "toc-mismatch"]
    assert mismatches == [(4, "entry '2 卡牌' names no chapter"),
                          (8, "chapter '3 领域' is missing from the table of contents")]


def test_crafted_toc_title_mismatch_names_the_chapter() -> None:
    r = run("""
        ## 目录

        1\t游戏概况\t1

        ## 1 游戏概要
        """)
    d = only(r, "toc-mismatch")
    assert (d.line, short(d.record)) == (3, "1")
    assert "'1 游戏概况'" in d.message and "'游戏概要'" in d.message


def test_crafted_heading_at_another_level() -> None:
    r = run("""
        ## 1 概要

        ### 1.1 人数

        ### 1.2 胜负

        ## 1.3 原则
        """)
    assert [(c.number, c.kind, c.title, short(c.parent)) for c in r.clauses][-1] == ("1.3", "section", "原则", "1")
    d = only(r, "heading-markup")
    assert (d.line, short(d.record)) == (7, "1.3")
    assert "level 3" in d.message


def test_crafted_clause_marked_as_heading() -> None:
    r = run("""
        ## 2 卡牌信息

        ### 2.2 职业

        ### 2.2.2 职业用图标进行表示。

        #### 2.2.3 如果抉择

        要参照墓场。
        """)
    c = rec(r, "2.2.2")
    assert (c.kind, c.title, c.text, short(c.parent)) == ("clause", None, "职业用图标进行表示。", "2.2")
    assert rec(r, "2.2.3").text == "如果抉择要参照墓场。"
    assert records_of(r, "heading-markup") == ["2.2.2", "2.2.3"]
    assert records_of(r, "continued-after-blank") == ["2.2.3"]


def test_crafted_section_written_as_list_item() -> None:
    r = run("""
        ## 4 领域

        ### 4.3 主战者区域

        - 4.4 战场
          - 4.4.1 每位玩家放置随从与护符的领域。
        """)
    s = rec(r, "4.4")
    assert (s.kind, s.title, short(s.parent)) == ("section", "战场", "4")
    assert short(rec(r, "4.4.1").parent) == "4.4"
    d = only(r, "unmarked-heading")
    assert (d.line, short(d.record)) == (5, "4.4") and "list item" in d.message


def test_crafted_list_marker_before_heading() -> None:
    r = run("""
        ## 2 卡牌

        - ## 3 玩家
        """)
    assert rec(r, "3").kind == "chapter"
    d = only(r, "list-marker")
    assert (d.line, short(d.record)) == (3, "3")
    assert [(s.line, s.text) for s in r.skips] == [(1, "##"), (3, "- ##")]


def test_crafted_continued_after_blank() -> None:
    r = run("""
        - 3.1.2.4.1 如果某个效果没有指定特定玩

        家，则由该效果的控制者进行指定。
        - 3.1.2.4.2 下一条。
        """)
    c = rec(r, "3.1.2.4.1")
    assert c.text == "如果某个效果没有指定特定玩家，则由该效果的控制者进行指定。"
    assert (c.source.first_line, c.source.last_line) == (1, 3)
    d = only(r, "continued-after-blank")
    assert (d.line, short(d.record)) == (3, "3.1.2.4.1")


def test_crafted_line_broken_without_blank_is_joined_silently() -> None:
    r = run("""
        1.1.1 本游戏原则上由二名
        玩家进行对战。
        """)
    assert rec(r, "1.1.1").text == "本游戏原则上由二名玩家进行对战。"
    assert [d.kind for d in r.defects] == ["missing-parent"]  # 1.1 is not in this snippet


def test_crafted_unnumbered_paragraph() -> None:
    r = run("""
        - 4.1.4 会被视为新的卡牌。

        通常情况下，效果不会被保留。
        """)
    assert rec(r, "4.1.4").text == "会被视为新的卡牌。\n通常情况下，效果不会被保留。"
    assert len(r.clauses) == 1
    d = only(r, "unnumbered-paragraph")
    assert (d.line, short(d.record)) == (3, "4.1.4")


def test_crafted_unnumbered_items() -> None:
    r = run("""
        ### 7.3 主要阶段

        - 7.3.3 回合玩家执行以下任意操作。

        - 使用卡牌（8.2）。
        - 结束主要阶段。

        - 7.3.4 下一条。
        """)
    items = [(c.number, c.number_printed, c.kind, c.text, short(c.parent)) for c in r.clauses if not c.number_printed]
    assert items == [("7.3.3.p1", False, "clause", "使用卡牌（8.2）。", "7.3.3"),
                     ("7.3.3.p2", False, "clause", "结束主要阶段。", "7.3.3")]
    assert rec(r, "7.3.3.p1").refs[0].number == "8.2"
    assert lines_of(r, "unnumbered-item") == [5, 6]
    assert records_of(r, "unnumbered-item") == ["7.3.3.p1", "7.3.3.p2"]
    assert short(rec(r, "7.3.4").parent) == "7.3"


def test_crafted_example_paragraph() -> None:
    r = run("""
        1.3.2.2.1 则将该值视为0来执行该行动。

        例如：将其作为费用为0的卡牌使用。

        例如：第二个例子。
        """)
    examples = [(c.number, c.kind, c.text, short(c.parent)) for c in r.clauses if c.kind == "example"]
    assert examples == [("1.3.2.2.1.ex1", "example", "例如：将其作为费用为0的卡牌使用。", "1.3.2.2.1"),
                        ("1.3.2.2.1.ex2", "example", "例如：第二个例子。", "1.3.2.2.1")]
    assert lines_of(r, "example") == [3, 5]


def test_crafted_table_rows() -> None:
    r = run("""
        2.2.2 职业用图标进行表示。

        \t\t\t
        中立\t精灵\t皇家护卫
        龙族\t梦魇\t
        """)
    assert rec(r, "2.2.2").text == "职业用图标进行表示。\n中立\t精灵\t皇家护卫\n龙族\t梦魇"
    assert lines_of(r, "table-row") == [4, 5]


def test_crafted_empty_item() -> None:
    r = run("""
        #### 13.3.1.4

        13.3.1.4.1 如果抉择要参照墓场中的法术卡牌数量。
        """)
    c = rec(r, "13.3.1.4")
    assert (c.kind, c.label, c.title, c.text) == ("clause", "13.3.1.4", None, "")
    assert short(rec(r, "13.3.1.4.1").parent) == "13.3.1.4"
    d = only(r, "empty-item")
    assert (d.line, short(d.record)) == (1, "13.3.1.4")


def test_crafted_duplicate_number() -> None:
    r = run("""
        ### 2.1 名称

        2.1.1 第一条。

        2.1.1 又一条。

        2.1.1.1 它的子条。
        """)
    assert [c.id.rsplit("/", 1)[1] for c in r.clauses] == ["2.1", "2.1.1", "2.1.1~2", "2.1.1.1"]
    assert short(rec(r, "2.1.1.1").parent) == "2.1.1~2"  # the occurrence above it
    d = only(r, "duplicate-number")
    assert (d.line, short(d.record)) == (5, "2.1.1~2") and "line 3" in d.message


def test_crafted_skipped_number() -> None:
    r = run("""
        ### 5.1 概要

        ### 5.4 放置
        """)
    d = only(r, "skipped-number")
    assert (d.line, short(d.record)) == (3, "5.4")
    assert "5.2, 5.3 never is" in d.message
    assert [c.number for c in r.clauses] == ["5.1", "5.4"]


def test_crafted_missing_parent() -> None:
    r = run("""
        - 8.4.7 非回合玩家执行以下任意一个操作。
        - 8.4.7.1.1 使用卡牌。
        - 8.4.7.1.2 什么都不做。
        """)
    assert [short(c.parent) for c in r.clauses][1:] == ["8.4.7", "8.4.7"]
    assert lines_of(r, "missing-parent") == [1, 2, 3]  # 8.4 is not in the snippet either
    assert records_of(r, "missing-parent")[1:] == ["8.4.7.1.1", "8.4.7.1.2"]


def test_crafted_out_of_order_block() -> None:
    r = run("""
        ## 2 卡牌

        2.3.1 种类。

        2.3.2 种类二。

        2.3.2.1 种类二之一。

        ### 2.1 名称

        2.1.1 名称一。

        2.3.3 种类三。

        ### 2.3 种类
        """)
    assert lines_of(r, "out-of-order") == [9, 11, 15]
    assert records_of(r, "out-of-order") == ["2.1", "2.1.1", "2.3"]
    assert short(rec(r, "2.3.1").parent) == "2.3"  # found by number, twelve lines below


def test_crafted_missing_symbol() -> None:
    r = run("""
        14.2.2.2  是表示用餐能力的启动能力图标。

        14.2.2.3 表示“ 进行用餐”。

        14.2.2.4 抽 1 张卡牌，Pretty Derby。

        - :选择你的另一个护符。
        """)
    assert lines_of(r, "missing-symbol") == [1, 3, 7]
    assert rec(r, "14.2.2.2").text == "是表示用餐能力的启动能力图标。"


def test_crafted_ascii_punctuation_runs() -> None:
    r = run("""
        11.6.1 如果进化领域的卡牌，则移动。

        11.6.2 如果战场上的1张卡牌与复数卡牌进行了关联,则该卡牌(13.3.2)失去关联。

        ## 11.7 蓄积处理

        11.7.1 如果卡牌具有蓄积能力(13.3.2),则移动。

        12.1.1 关键词是指用于简略表示的单词。

        12.1.2 如果一张卡牌（10.6），则可以。
        """)
    d = only(r, "ascii-punctuation")
    assert (d.line, short(d.record)) == (3, "11.6.2")
    assert d.message.startswith("lines 3–7 write ASCII '(),'")
    assert rec(r, "11.7.1").refs[0].span == "(13.3.2)"


def test_crafted_indentation_against_numbering() -> None:
    r = run("""
        2.3.2 种类可以是四种中的一种。
        - 2.3.2.3 护符在卡牌上标记为“护符”。
          - 2.3.2.4 法术在卡牌上标记为“法术”。
          - 2.3.3 一些卡牌具有特殊的种类。
            - 2.3.3.1 特殊种类。
        - 2.3.3.2 另一种。
        """)
    d = only(r, "indentation")
    assert (d.line, short(d.record)) == (3, "2.3.2.4")
    assert short(rec(r, "2.3.2.4").parent) == "2.3.2"


def test_crafted_unnumbered_heading_inside_a_chapter() -> None:
    r = run("""
        ## 综合规则文本

        ## 1 概要

        ### 附录
        """)
    front, chapter, stray = r.clauses
    assert (front.number, front.kind, front.parent, front.title) == ("front.p1", "section", None, "综合规则文本")
    assert (stray.number, stray.kind, short(stray.parent), stray.title) == ("1.p1", "section", "1", "附录")
    d = only(r, "unnumbered-heading")
    assert (d.line, short(d.record)) == (5, "1.p1")


def test_crafted_full_width_numbers_keep_their_label() -> None:
    r = run("""
        ## １ 游戏概要

        ### １．１ 游戏人数

        １．１．１ 参照（１．１）。
        """)
    c = rec(r, "1.1.1")
    assert (c.label, short(c.parent)) == ("１．１．１", "1.1")
    assert [(x.span, x.number) for x in c.refs] == [("（１．１）", "1.1")]


def test_crafted_sentence_starting_with_a_count_is_not_a_chapter() -> None:
    r = run("""
        5.9.1 如果有指示，则将顶部的

        1 张卡牌移动到手牌中。
        """)
    assert [c.number for c in r.clauses] == ["5.9.1"]
    assert rec(r, "5.9.1").text == "如果有指示，则将顶部的1 张卡牌移动到手牌中。"


def test_crafted_reference_forms() -> None:
    r = run("""
        1.1.1 详见10.5.2，根据 8.4.9，(参见5.17.3.1)，（10.9.1.2-10.9.1.4），7.2至7.4，请参照附录。
        """)
    assert [(x.span, x.number, x.number_end, x.title) for x in rec(r, "1.1.1").refs] == [
        ("详见10.5.2", "10.5.2", None, None), ("根据 8.4.9", "8.4.9", None, None),
        ("(参见5.17.3.1)", "5.17.3.1", None, None), ("（10.9.1.2-10.9.1.4）", "10.9.1.2", "10.9.1.4", None),
        ("7.2至7.4", "7.2", "7.4", None), ("参照附录", None, None, "附录")]


def test_not_a_dot_file_raises() -> None:
    with pytest.raises(SourceError, match="not a dot-numbered rulebook"):
        dot.parse(["# 标题", "", "没有编号的段落。"], CRAFTED)
