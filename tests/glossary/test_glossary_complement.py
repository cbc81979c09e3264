"""A Chinese verb players type with its complement (竖起来, 推开: the deed and where or how far it goes)
names what the verb alone names (issue 33, twenty-second round): 竖 begins Shadowverse: Evolve's 竖置
(Upright), 推 星靈王's 推挤 (Push). Read only when nothing names the query whole, nor a term near it
(分开 stays Separate's own term; 破坏掉 is read as 破坏 by the fillers already); a complement after no
verb of a term names nothing. The worker reads them alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, complemented


def test_a_verb_and_its_complement_are_cut_at_the_complement() -> None:
    assert complemented("竖起来") == "竖" and complemented("推开") == "推" and complemented("召唤出来") == "召唤"
    assert complemented("开") == "" and complemented("灵魂卡") == ""  # no verb before it, no complement
    assert complemented("对手的回合开") == ""  # longer than a verb


@pytest.mark.parametrize(("query", "first"), [
    ("竖起来", "shadowverse-evolve/upright"),
    ("豎起來", "shadowverse-evolve/upright"),  # Traditional script
    ("推开", "xinglingwang/push"),
    ("分开", "xinglingwang/separate"),        # a term itself
    ("破坏掉", "battle-spirits/destroy"),
])
def test_a_verb_and_its_complement_name_the_verb_s_concept(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first


def test_a_complement_after_no_term_s_verb_names_nothing(glossary: Glossary) -> None:
    assert glossary.lookup("吃掉") == []
