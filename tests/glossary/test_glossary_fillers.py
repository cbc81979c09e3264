"""Words Chinese and Japanese players put between terms that name no concept (issue 33 part 3,
twentieth round; kb.concepts.FILLERS): Japanese だけ (only: ブロックはアタックステップだけ is Block,
the topic before は), a Japanese verb's te-form joining the next deed (して, させて: 召喚してアタック
is Summon, the deed typed first) and a Chinese modal verb (能, 会, 要: can, will, must:
战斗阶段能用普通战术 is the Battle phase, the term typed first). The worker reads them alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, pieces


@pytest.mark.parametrize("key, keys", [
    ("ブロックハアタックステップダケ", ["ブロック", "アタックステップ"]),
    ("召唤シテアタック", ["召唤", "アタック"]),
    ("战斗阶段能用普通战术", ["战斗阶段", "普通战术"]),
])
def test_the_filler_is_no_piece_of_a_term(key: str, keys: list[str]) -> None:
    assert pieces(key, set(keys)) == keys


@pytest.mark.parametrize("query, first", [
    ("ブロックはアタックステップだけ", "battle-spirits/block"),  # not the Attack step
    ("召喚はメインステップだけ", "battle-spirits/summon"),
    ("召喚してアタック", "battle-spirits/summon"),  # not the Attack
    ("スピリットを召喚させてブロック", "battle-spirits/summon"),
    ("战斗阶段能用普通战术", "zero-dimension/battle-phase"),  # not the Normal tactic
    ("アタックステップ", "battle-spirits/attack-step"),  # the term alone, as before
])
def test_the_term_the_filler_follows_is_first(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first
