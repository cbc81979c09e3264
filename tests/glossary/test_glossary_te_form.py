"""A Japanese query joining two deeds by the verb's te-form (して, させて: do this, then that) names
its terms and that ending (issue 33 part 3, twentieth round): 召喚してアタック is Summon, the deed
typed first, as 召喚する is (kb.concepts.FILLERS). The worker reads it alike
(tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.kb import load_knowledge_base
from tcgrules.kb.concepts import Glossary, pieces


def test_the_te_form_is_no_piece_of_a_term() -> None:
    assert pieces("召唤シテアタック", {"召唤", "アタック"}) == ["召唤", "アタック"]


@pytest.fixture(scope="module")
def ruled(root: Path) -> Glossary:
    """The glossary as `tcgrules term` reads it."""
    return load_knowledge_base(root).glossary


@pytest.mark.parametrize("query, first", [
    ("召喚してアタック", "battle-spirits/summon"),  # not the Attack
    ("スピリットを召喚させてブロック", "battle-spirits/summon"),
    ("ブロック", "battle-spirits/block"),  # the term alone, as before
])
def test_the_deed_before_the_te_form_is_first(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
