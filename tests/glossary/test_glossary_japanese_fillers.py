"""Japanese particles and verb endings that name no concept, between terms (issue 33 part 3,
twentieth round; kb.concepts.FILLERS): だけ (only: ブロックはアタックステップだけ is Block, the
topic before は) and a verb's te-form joining the next deed (して, させて: 召喚してアタック is
Summon, the deed typed first). The worker reads them alike (tests/search/test_term_parity.py,
READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, pieces


@pytest.mark.parametrize("key, keys", [
    ("ブロックハアタックステップダケ", ["ブロック", "アタックステップ"]),
    ("召唤シテアタック", ["召唤", "アタック"]),
])
def test_the_filler_is_no_piece_of_a_term(key: str, keys: list[str]) -> None:
    assert pieces(key, set(keys)) == keys


@pytest.mark.parametrize("query, first", [
    ("ブロックはアタックステップだけ", "battle-spirits/block"),  # not the Attack step
    ("召喚はメインステップだけ", "battle-spirits/summon"),
    ("召喚してアタック", "battle-spirits/summon"),  # not the Attack
    ("スピリットを召喚させてブロック", "battle-spirits/summon"),
    ("アタックステップ", "battle-spirits/attack-step"),  # the term alone, as before
])
def test_the_term_the_filler_follows_is_first(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first
