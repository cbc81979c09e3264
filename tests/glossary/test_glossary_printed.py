"""A Chinese or Japanese query holding several terms names the one it is about (issue 33 part 3,
seventeenth round): of terms alike near, the one the rules print least often, a keyword or a game's
own notion before the generic words saying what it does (攻击, 回合, 破坏, 能量, 伤害), wherever it
stands in the query (kb.concepts.nearest_written, ``printed``). The worker reads it alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb import load_knowledge_base
from tcgrules.kb.concepts import Glossary, nearest_written
from tcgrules.kb.model import KnowledgeBase


def test_of_terms_alike_near_the_one_printed_least_often_comes_first() -> None:
    keys = {"突袭": ["zd/rush"], "攻击": ["bs/attack"]}  # no modal verb: 突袭能攻击's 突袭 is its topic (chinese_topic)
    assert nearest_written("突袭攻击", keys)[0] == "bs/attack"  # no counts: the term ending later
    assert nearest_written("突袭攻击", keys, printed={"突袭": 7, "攻击": 313}) == ["zd/rush", "bs/attack"]
    assert nearest_written("突袭攻击", keys, printed={"攻击": 313}) == ["zd/rush", "bs/attack"]  # never printed: rarest


def test_a_longer_term_stays_nearer_than_a_rarer_one() -> None:
    keys = {"突袭": ["zd/rush"], "攻击力": ["zd/attack-power"]}
    assert nearest_written("突袭攻击力", keys, printed={"突袭": 7, "攻击力": 90})[0] == "zd/attack-power"


def test_the_rules_say_how_often_a_term_is_printed(ruled: Glossary) -> None:
    printed = ruled.lookup_tables()["printed"]
    assert printed["攻击"] > 10 * printed["突袭"] and printed["回合"] > 10 * printed["突袭"]


def test_the_lookup_reads_of_the_rules_only_its_rules_tables(ruled: Glossary, glossary: Glossary) -> None:
    """The tables of the term lookup that differ between the glossary read with the rules and
    without are those :meth:`Glossary.rules_tables` names, as it has them (the site keeps the
    others while the glossary is the same)."""
    with_rules, alone = ruled.lookup_tables(), glossary.lookup_tables()
    assert with_rules.keys() == alone.keys()
    assert {name for name in with_rules if with_rules[name] != alone[name]} <= ruled.rules_tables().keys()
    assert ruled.rules_tables() == {name: with_rules[name] for name in ruled.rules_tables()}
    assert all(with_rules[name] for name in ruled.rules_tables())


def test_the_rules_text_is_folded_only_when_a_lookup_asks_how_often_a_term_is_printed(root, real_kb_kept,
                                                                                      monkeypatch) -> None:
    """A command that reads the glossary but never ranks terms by their counts (`tcgrules show`,
    the lint) does not fold every Chinese and Japanese clause for them; the first lookup does, once."""
    folded: list[KnowledgeBase] = []
    printed_text = KnowledgeBase.printed_text
    monkeypatch.setattr(KnowledgeBase, "printed_text", lambda kb: folded.append(kb) or printed_text(kb))
    glossary = load_knowledge_base(root, kept=real_kb_kept).glossary
    assert glossary.find("突袭") and folded == []
    assert glossary.lookup("突袭的角色当回合就能攻击")[0].id == "zero-dimension/rush"
    assert glossary.lookup("有必杀的随从打到就破坏")[0].id == "shadowverse-evolve/bane"
    assert len(folded) == 1


@pytest.mark.parametrize("query, first", [
    ("突袭的角色当回合就能攻击", "zero-dimension/rush"),      # not Attack nor Turn
    ("有必杀的随从打到就破坏", "shadowverse-evolve/bane"),   # not Destroy
    ("耗能需要几个能量", "xinglingwang/consume"),           # not Core
    ("贯通的伤害溢出", "zero-dimension/penetrate"),         # not Damage
    ("献上祭品才能召唤", "xinglingwang/sacrifice"),         # not Summon
])
def test_a_query_of_several_terms_names_its_particular_one(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
