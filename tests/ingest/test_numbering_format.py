"""A source whose clause numbering is not its declared format's (a dot-numbered rulebook
declared ``hyphen``, or the reverse) is refused before its importer runs, naming the file
and the first line numbered the other way; the real sources all pass."""
from __future__ import annotations

from pathlib import Path

import pytest

from importkit import crafted_edition
from tcgrules.ingest.base import numbering_problem
from tcgrules.ingest.transaction import ImportFailed, parse_source
from tcgrules.kb import store

ROOT = Path(__file__).resolve().parents[2]

HYPHENED = ["Battle Spirits 総合ルール", "", "1 ゲームの概要", "", "1-1 対戦フォーマット", "",
            "1-1-1 このゲームは2名で遊ぶ。", "", "1-1-2 勝敗は8-1で決まる。"]
DOTTED = ["Shadowverse 综合规则", "", "## 1 游戏概要", "", "#### 1.1 游戏人数", "",
          "- 1.1.1 本游戏由二名玩家进行对战。", "", "- 1.1.2 参见10.5.1。"]


@pytest.mark.parametrize("edition", store.read_manifest(ROOT), ids=lambda e: e.key)
def test_every_real_source_is_numbered_as_its_format(edition) -> None:
    lines = store.source_lines((ROOT / "rules" / edition.source).read_bytes(), edition.source)
    assert numbering_problem(lines, edition.format) is None


@pytest.mark.parametrize("fmt, lines, line, number, other", [
    ("hyphen", DOTTED, 5, "1.1", "dot"),
    ("dot", HYPHENED, 5, "1-1", "hyphen"),
])
def test_a_source_numbered_the_other_way_is_refused_naming_file_and_line(fmt, lines, line, number, other) -> None:
    edition = crafted_edition("battle-spirits", "ja", fmt)
    with pytest.raises(ImportFailed) as e:
        parse_source(lines, edition, "rules/sources/x.txt")
    message = str(e.value)
    assert message.startswith(f"rules/sources/x.txt:{line}: "), message
    assert f"'{number}'" in message and f"'{fmt}'" in message and f"format: {other}" in message, message
    assert "\n" not in message


def test_a_stray_number_of_the_other_style_is_not_a_mismatch() -> None:
    """One dotted line (a version, a quoted number) among hyphen-numbered clauses is text."""
    lines = HYPHENED + ["", "1.5 倍のBP。"]
    assert numbering_problem(lines, "hyphen") is None


@pytest.mark.parametrize("fmt", ["sections", "outline"])
def test_formats_without_dashes_or_dots_are_not_checked(fmt) -> None:
    assert numbering_problem(DOTTED, fmt) is None
    assert numbering_problem(HYPHENED, fmt) is None
