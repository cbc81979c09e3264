"""tcgrules align: the zh-Hant and ja editions of Battle Spirits compared by number."""
from __future__ import annotations

import json

import pytest

import diffkit as kit
from tcgrules import cli
from tcgrules.diff.align import AlignError, align, quantities
from tcgrules.kb.model import Clause, SourceSpan
from tcgrules.kb import load_knowledge_base


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return kit.make_project(tmp_path_factory.mktemp("align"))


@pytest.fixture(scope="module")
def alignment(project):
    (a,) = align(load_knowledge_base(project), "battle-spirits")
    return a


def test_ja_has_no_11_3_1_4_because_it_prints_11_2_1_4_twice(alignment):
    assert (alignment.a.lang, alignment.b.lang) == ("zh-Hant", "ja")
    assert [o.clause.number for o in alignment.only_a] == ["11-3-1-4"]
    (dup,) = alignment.only_b
    assert dup.clause.id.endswith("ja/1.0/11-2-1-4~2")
    assert dup.counterpart.id.endswith("zh-Hant/1.0/11-3-1-4")
    assert "ja has no 11-3-1-4: it prints 11-2-1-4 a second time" in alignment.text()


def test_quantity_and_listed_item_slips_are_reported(alignment):
    found = {(m.a.number, m.what) for m in alignment.mismatches}
    # ja: パスが 2 度続いた場合; zh-Hant: 連續選擇跳過 (no count)
    assert ("8-1-2-1", "quantities") in found
    # ja lists four wordings (「～指定し」「～指定する」「～までを」「～を」), zh-Hant three
    assert ("9-3-2", "listed terms") in found
    # counted numerals agree with digits: 三種 = 3つ, 兩種 = 2種類, 第二 = 第 2
    assert not {"5-5-1", "5-7-1", "7-1-1", "12-2-1-8-2"} & {n for n, _ in found}


def test_quantities_read_digits_and_counted_chinese_numerals_but_not_references():
    c = Clause("g/zh-Hant/1/1", "1", True, "clause", "抽兩張牌，第三回合（參照 12-2-1-3）Lv2 共 ５ 點。", None,
               SourceSpan("x", 1, 1))
    assert quantities(c) == {2, 3, 5}


def test_align_cli_json_and_errors(project, capsys):
    assert cli.main(["--root", str(project), "align", "battle-spirits", "--json"]) == 0
    (data,) = json.loads(capsys.readouterr().out)
    assert [o["key"] for o in data["only_in"]["ja"]] == ["11-2-1-4~2"]
    assert [o["number"] for o in data["only_in"]["zh-Hant"]] == ["11-3-1-4"]
    assert cli.main(["--root", str(project), "align", "xinglingwang"]) == 2
    assert "only one language edition" in capsys.readouterr().err
    with pytest.raises(AlignError, match="unknown game"):
        align(load_knowledge_base(project), "pokemon")
