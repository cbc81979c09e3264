"""Words Chinese players type for the glossary's inside a term (issue 33, twenty-second round:
kb.concepts._CHINESE_SWAPS): immunity for resistance (魔法免疫, Magic resistance), scoring for the
score (得分), then for after that (然后, Battle Spirits' 之后), this turn said as players say it
(结束这个回合, End the turn), a tie for a drawn game (打平), ordinary as players say it (一般战术 for
普通战术, Zero Dimension's Normal tactic). Each is a pair of everyday words for one
notion, swapped wherever a term holds it, not a query's answer; the worker reads the forms the build
exports alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, chinese_forms


def test_a_term_s_word_is_typed_as_its_everyday_synonym() -> None:
    assert "魔法免疫" in chinese_forms("魔法抗性") and "破坏免疫" in chinese_forms("破壞抗性")
    assert "得分" in chinese_forms("分数") and "然后" in chinese_forms("之後")
    assert "结束这个回合" in chinese_forms("結束本回合") and "打平" in chinese_forms("平手")
    assert "一般战术" in chinese_forms("普通戰術")


@pytest.mark.parametrize(("query", "first"), [
    ("魔法免疫", "xinglingwang/magic-resistance"),
    ("破壞免疫", "xinglingwang/destruction-resistance"),
    ("得分", "xinglingwang/score"),
    ("然后", "battle-spirits/then"),
    ("結束這個回合", "zero-dimension/end-the-turn"),
    ("一般戰術", "zero-dimension/normal-tactic"),
])
def test_a_player_s_word_names_the_term_s_concept(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first


def test_a_tie_names_every_game_s_drawn_game(glossary: Glossary) -> None:
    assert {c.id.split("/")[0] for c in glossary.lookup("打平")} == {"battle-spirits", "shadowverse-evolve", "xinglingwang", "zero-dimension"}
