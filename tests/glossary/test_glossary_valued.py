"""A deed's term with a word for a value after it (issue 33, terms21): 攻击值 asks for the Attack a
card prints (攻击力), not the deed (攻击). The figure named is the one beginning with the term
(kb.concepts.valued), by a general rule, not by a list of queries; none of these is a query of a
query set."""
from __future__ import annotations

from tcgrules.kb.concepts import Glossary, valued


def test_a_value_after_a_deed_names_the_figure_it_begins(glossary: Glossary) -> None:
    assert glossary.lookup("防御数值")[0].id == "zero-dimension/defense-power"  # 防御 the deed, 防御力 the figure


def test_a_value_after_a_figure_or_a_term_no_figure_begins_is_read_as_before(glossary: Glossary) -> None:
    assert glossary.lookup("体力数值")[0].id == "shadowverse-evolve/defense"   # a figure itself
    assert glossary.lookup("召唤值")[0].id.endswith("/summon")                # no figure begins with 召唤


def test_the_figure_begins_with_the_term() -> None:
    keys = {"攻击": ["g/attack"], "攻击力": ["g/power"], "体力": ["g/life"]}
    assert valued("攻击值", keys, {"攻击力", "体力"}) == ["g/power"]
    assert valued("体力值", keys, {"攻击力", "体力"}) == []
    assert valued("攻击", keys, {"攻击力", "体力"}) == []     # no value word
