"""The outline importer (星靈王 遊戲規則): the real rulebook and one crafted input per defect."""
from __future__ import annotations

import re
from collections import Counter

import pytest
import yaml

from tcgrules.ingest import reconstruct
from tcgrules.ingest import outline
from tcgrules.ingest.base import ImportResult
from tcgrules.kb.model import Clause, Edition

PREFIX = "xinglingwang/zh-Hant/r1/"


def _edition(root) -> Edition:
    entries = yaml.safe_load((root / "rules" / "editions.yaml").read_text(encoding="utf-8"))["editions"]
    (entry,) = [e for e in entries if e["format"] == "outline"]
    return Edition(**entry)


@pytest.fixture(scope="module")
def edition(root) -> Edition:
    return _edition(root)


@pytest.fixture(scope="module")
def lines(root, edition) -> list[str]:
    return (root / "rules" / edition.source).read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def result(lines, edition) -> ImportResult:
    return outline.parse(lines, edition)


@pytest.fixture(scope="module")
def by_number(result) -> dict[str, Clause]:
    return {c.id[len(PREFIX):]: c for c in result.clauses}


# ---------------------------------------------------------------------- the real rulebook


def test_reconstruction_is_clean(result, lines):
    mismatch, problems = reconstruct.check(lines, result.clauses, result.skips)
    assert mismatch is None, str(mismatch)
    assert problems == []


def test_counts_per_kind(result):
    # 403 lines: 32 '–' separators, 2 lines joined to the line above, 369 records.
    assert Counter(c.kind for c in result.clauses) == {
        "chapter": 15,  # 一、 … 十五、
        "section": 81,  # 36 heading items, 7 categories, 38 keyword blocks
        "clause": 250,
        "note": 22,  # every ※ line
        "example": 1,  # 例如: on line 344
    }


def test_records_are_well_formed(result):
    ids = [c.id for c in result.clauses]
    assert len(ids) == len(set(ids))
    seen: set[str] = set()
    for c in result.clauses:
        assert not c.number_printed
        assert c.id == PREFIX + c.number or c.id == f"{PREFIX}{c.number}~2"
        assert c.parent is None or c.parent in seen, c.id  # parents come first
        assert c.source.file == "sources/xinglingwang.zh-Hant.txt" and c.source.first_col == 0
        assert c.terms == []
        seen.add(c.id)
    assert [c.source.first_line for c in result.clauses] == sorted(c.source.first_line for c in result.clauses)
    assert [c.id for c in result.clauses if c.parent is None] == [f"{PREFIX}{n}" for n in range(1, 16)]


def test_chapters_and_heading_items(by_number):
    ch = by_number["15"]
    assert (ch.kind, ch.label, ch.title, ch.text, ch.parent) == ("chapter", "十五、", "效果說明~", "", None)
    assert by_number["12"].title == "召喚階段、召喚與打出細則~"
    item = by_number["1.2"]
    assert (item.kind, item.label, item.title, item.text) == ("section", "2、", "組牌~", "")
    assert item.parent == PREFIX + "1"
    body = by_number["1.2.p1"]
    assert (body.kind, body.label, body.text, body.parent) == ("clause", None, "雙方玩家開始組牌,規則包含:", PREFIX + "1.2")
    sub = by_number["1.2.(1)"]
    assert (sub.label, sub.text, sub.parent) == ("(1)", "必須使用剛好二十張卡名不同的卡牌;", PREFIX + "1.2")
    assert by_number["4.10"].label == "10、" and by_number["4.10"].title == "場上~"


def test_item_with_inline_text_and_its_paragraphs(by_number):
    item = by_number["6.1"]
    assert (item.kind, item.label, item.title) == ("clause", "1、", None)
    assert item.text == ("發動效果須符合時機與條件,發動時機相同的效果依照場地、場上單位(戰線數字由小到大、"
                         "同戰線由前排到後排)、墓地到手牌之順序發動。")
    assert by_number["6.1.p1"].text.startswith("若雙方玩家有時機相同的效果可以發動")
    assert [by_number[f"6.1.n{i}"].source.first_line for i in (1, 2)] == [93, 94]


def test_sub_item_titles_and_what_follows_a_list(by_number):
    step = by_number["11.6.(1)"]
    assert (step.title, step.text[:8]) == ("戰鬥結算前~", "雙方玩家發動效果")
    assert by_number["11.6.(3)"].title is None
    # A note or paragraph after a list belongs to the item, not to the list's last step.
    note = by_number["11.6.n1"]
    assert note.parent == PREFIX + "11.6" and note.text.endswith("上述流程(2)~(7)")
    assert by_number["3.2.p2"].parent == PREFIX + "3.2"
    assert by_number["3.2.p2"].source.first_line == 43
    assert by_number["13.n1"].parent == PREFIX + "13"  # a note before the chapter's first item


def test_categories_and_keyword_blocks(by_number, result):
    cat = by_number["15.c6"]
    assert (cat.kind, cat.label, cat.title, cat.parent) == ("section", "6類", "累積/消耗類型效果", PREFIX + "15")
    block = by_number["15.c5.k6"]
    assert (block.kind, block.label, block.title, block.text) == ("section", None, "推擠&破圖~", "")
    assert block.parent == PREFIX + "15.c5"
    blocks = [c for c in result.clauses if re.search(r"\.k\d+$", c.number)]
    assert len(blocks) == 38 and all(c.title.endswith("~") for c in blocks)
    assert by_number["15.c3.k3.1.p1"].text == "(每個吞食合體單位可分別決定露出的部分)"
    ex = by_number["15.c5.k6.2.ex1"]
    assert (ex.kind, ex.label, ex.parent) == ("example", "例如:", PREFIX + "15.c5.k6.2")
    assert ex.text == "魔法卡發動的推擠,會使被推擠的單位將要傳遞推擠給具有魔法抗性的單位時破圖。"


def test_separators_are_skipped(result, lines):
    assert [s.line for s in result.skips] == [no for no, line in enumerate(lines, 1) if line == "–"]
    assert {s.text for s in result.skips} == {"–"} and len(result.skips) == 32


def test_broken_lines_are_joined(by_number):
    rec = by_number["15.c3.k1.2"]
    assert rec.text == "合體效果會使上方單位被賦予下方單位露出的攻擊力或分數,在賦予攻擊力時貫穿、劇毒與遠程效果也會被賦予。"
    assert (rec.source.first_line, rec.source.last_line) == (249, 250)
    assert by_number["15.c5.k5.4"].text.endswith("分數,該分數屬於玩家而非該綁架單位所有。")


def test_duplicate_number_keeps_both_and_their_children_apart(by_number):
    first, second = by_number["15.c5.k5.5"], by_number["15.c5.k5.5~2"]
    assert first.number == second.number == "15.c5.k5.5"
    assert second.text.startswith("因綁架效果所能置於單位下方的卡牌")
    assert by_number["15.c5.k5.5.p1"].text == "若僅有魔法卡則全數進入墓地。"
    assert by_number["15.c5.k5.5~2.p1"].text == "上限已滿時不得發動綁架效果。"
    assert by_number["15.c5.k5.5~2.p1"].parent == second.id
    assert by_number["15.c5.k5.6"].parent == PREFIX + "15.c5.k5"


def test_defects(result):
    found = [(d.kind, d.line, d.record and d.record[len(PREFIX):]) for d in result.defects]
    assert found == [
        ("broken-line", 250, "15.c3.k1.2"),
        ("broken-line", 330, "15.c5.k5.4"),
        ("duplicate-number", 333, "15.c5.k5.5~2"),
        ("missing-list", 384, "15.c6.k9.5"),
        ("stray-separator", 403, "15.c7.k4.1"),
    ]
    dup = result.defects[2]
    assert "'5、因綁架效果" in dup.message and "suggests 6" in dup.message
    assert "'輪轉結算詳細流程:'" in result.defects[3].message and "'7類其他類型效果'" in result.defects[3].message


def test_markers_are_ascii_throughout(result, lines):
    # The file writes every digit, parenthesis, colon and ~ of its markers in ASCII, so
    # nothing is inconsistent (the mixed-width check is exercised on crafted input below).
    assert not any(ch in "０１２３４５６７８９（）：～；，" for line in lines for ch in line)
    assert not [d for d in result.defects if d.kind == "mixed-width"]


def test_references(result):
    refs = [(c.number, r) for c in result.clauses for r in c.refs]
    assert [(n, r.span, r.number, r.number_end, r.title) for n, r in refs] == [
        ("11.6.n1", "上述流程(2)~(7)", "11.6.(2)", "11.6.(7)", None),
        ("13.n1", "見上方第十一段", "11", None, None),
    ]
    for c in result.clauses:
        for r in c.refs:
            assert c.text[r.start:r.end] == r.span and r.target is None and r.reason is None
    numbers = {c.number for c in result.clauses}
    assert {r.number for _, r in refs} | {r.number_end for _, r in refs if r.number_end} <= numbers


def test_no_reference_by_title(result):
    # The file quotes terms in 「…」 (「可」, 「戰鬥時」 …) but none names a heading.
    titles = {c.title.rstrip("~") for c in result.clauses if c.title}
    quoted = {q for c in result.clauses for q in re.findall(r"「(.+?)」", c.text)}
    assert len(quoted) >= 10 and not quoted & titles
    assert not re.search(r"詳見|參照|參見|請見", "\n".join(c.text for c in result.clauses))


def test_parse_twice_gives_identical_results(lines, edition, result):
    again = outline.parse(lines, edition)
    assert [c.to_dict() for c in again.clauses] == [c.to_dict() for c in result.clauses]
    assert again.defects == result.defects and again.skips == result.skips


# ---------------------------------------------------------------------- crafted inputs

CRAFTED = Edition(game="xinglingwang", lang="zh-Hant", revision="r1", title="test",
                  source="sources/crafted.txt", sha256="", format="outline")


def parse(text: str) -> tuple[dict[str, Clause], list]:
    """Parse crafted lines; the reconstruction must hold for every crafted input too."""
    lines = text.split("\n")
    res = outline.parse(lines, CRAFTED)
    mismatch, problems = reconstruct.check(lines, res.clauses, res.skips)
    assert mismatch is None and problems == [], (mismatch, problems)
    return {c.id[len(PREFIX):]: c for c in res.clauses}, [(d.kind, d.line, d.record and d.record[len(PREFIX):])
                                                          for d in res.defects]


def test_crafted_duplicate_number():
    recs, defects = parse("一、甲~\n1、A。\n1、B。\n補充。\n2、C。")
    assert recs["1.1~2"].text == "B。" and recs["1.1~2.p1"].parent == PREFIX + "1.1~2"
    assert defects == [("duplicate-number", 3, "1.1~2")]


def test_crafted_skipped_out_of_order_and_restart():
    recs, defects = parse("一、甲~\n1、A。\n3、C。\n2、B。\n(2)b;\n(1)a。\n三、丙~\n1、D。")
    assert recs["1.2"].text == "B。" and recs["1.2.(1)"].text == "a。"
    assert defects == [
        ("skipped-number", 3, "1.3"),
        ("out-of-order", 4, "1.2"),
        ("skipped-number", 5, "1.2.(2)"),
        ("restart", 6, "1.2.(1)"),
        ("skipped-number", 7, "3"),
    ]


def test_crafted_broken_line_and_continued_after_blank():
    recs, defects = parse("一、甲~\n1、效果發動時,\n須結算。\n2、包含\n\n卡牌。")
    assert recs["1.1"].text == "效果發動時,須結算。" and recs["1.1"].source.last_line == 3
    assert recs["1.2"].text == "包含卡牌。" and recs["1.2"].source.last_line == 6
    assert "1.1.p1" not in recs
    assert defects == [("broken-line", 3, "1.1"), ("continued-after-blank", 6, "1.2")]


def test_crafted_empty_items():
    recs, defects = parse("一、甲~\n1、\n2、標題~\n3、有內容~\n內容。")
    assert (recs["1.1"].label, recs["1.1"].title, recs["1.1"].text) == ("1、", None, "")
    assert defects == [("empty-item", 2, "1.1"), ("empty-item", 3, "1.2")]


def test_crafted_missing_list():
    recs, defects = parse("一、甲~\n1、流程:\n(1)a。\n2、流程:\n3、C。\n內容如下:")
    assert recs["1.2"].text == "流程:"
    assert defects == [("missing-list", 4, "1.2"), ("missing-list", 6, "1.3.p1")]


def test_crafted_separators():
    recs, defects = parse("一、效果說明~\n1類 甲\n貫穿~\n1、A。\n遠程~\n1、B。\n–\n2、C。\n–")
    assert recs["1.c1.k2"].title == "遠程~" and recs["1.c1.k2.2"].text == "C。"
    assert defects == [
        ("missing-separator", 5, "1.c1.k2"),
        ("stray-separator", 7, "1.c1.k2.1"),
        ("stray-separator", 9, "1.c1.k2.2"),
    ]


def test_crafted_mixed_width_markers():
    recs, defects = parse("一、甲~\n1、A:\n(1)a;\n(2)b;\n（３）c。\n２、標題～\n內容。")
    assert (recs["1.1.(3)"].label, recs["1.1.(3)"].text) == ("（３）", "c。")
    assert (recs["1.2"].label, recs["1.2"].title) == ("２、", "標題～")
    assert defects == [("mixed-width", 5, "1.1.(3)"), ("mixed-width", 6, "1.2")]


def test_crafted_front_matter_and_references():
    recs, defects = parse("星靈王 遊戲規則\n1、說明。\n一、甲~\n1、見第三章。\n2、步驟:\n(1)a;\n(2)b;\n(3)重複上述(1)至(2)。")
    front = recs["0.p1"]
    assert (front.kind, front.parent, front.text) == ("note", None, "星靈王 遊戲規則")
    assert (recs["0.1"].parent, recs["0.1"].text, recs["1"].title) == (None, "說明。", "甲~")
    (chapter,) = recs["1.1"].refs
    assert (chapter.span, chapter.number) == ("見第三章", "3")
    (steps,) = recs["1.2.(3)"].refs
    assert (steps.span, steps.number, steps.number_end) == ("上述(1)至(2)", "1.2.(1)", "1.2.(2)")
    assert defects == []


def test_crafted_title_mark_versus_range():
    recs, _ = parse("一、甲~\n1、步驟:\n(1)前~做A;\n(2)B在(1)~(2)之間。\n(3)抽1~3張。")
    assert (recs["1.1.(1)"].title, recs["1.1.(1)"].text) == ("前~", "做A;")
    assert recs["1.1.(2)"].title is None and recs["1.1.(3)"].title is None
