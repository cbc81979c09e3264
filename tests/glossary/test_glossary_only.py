"""A Japanese query saying a term is done only at a time (だけ, only) names its terms and that
particle (issue 33 part 3, twentieth round): ブロックはアタックステップだけ is Block, the topic
before は, as 召喚はメインステップだけ is Summon, not the Attack or the Main step
(kb.concepts.FILLERS). The worker reads it alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.kb import load_knowledge_base
from tcgrules.kb.concepts import Glossary, pieces


def test_dake_is_no_piece_of_a_term() -> None:
    assert pieces("ブロックハアタックステップダケ", {"ブロック", "アタックステップ"}) == ["ブロック", "アタックステップ"]


@pytest.fixture(scope="module")
def ruled(root: Path) -> Glossary:
    """The glossary as `tcgrules term` reads it."""
    return load_knowledge_base(root).glossary


@pytest.mark.parametrize("query, first", [
    ("ブロックはアタックステップだけ", "battle-spirits/block"),
    ("召喚はメインステップだけ", "battle-spirits/summon"),
    ("アタックステップ", "battle-spirits/attack-step"),  # the term alone, as before
])
def test_the_term_before_dake_is_asked_about(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
