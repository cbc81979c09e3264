"""A Chinese or Japanese query holding a word for a card (卡牌, カード, 卡片) and another term is about
the other term (issue 33 part 3, nineteenth round): every game has cards, so the word says what the
other term counts or holds, as 效果 says what a keyword gives (墓場のカード枚数: the Cemetery, not
Battle Spirits' Card). The worker reads it alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import GENERIC, Glossary, nearest_written

KEYS = {"カード": ["bs/card"], "墓场": ["sve/cemetery"]}


def test_a_word_for_a_card_comes_after_the_other_terms() -> None:
    printed = {"カード": 258, "墓场": 22}
    assert nearest_written("墓場のカード枚数", KEYS, printed=printed)[0] == "bs/card"  # the longer key, as any term
    assert nearest_written("墓場のカード枚数", KEYS, printed=printed, generic=(*GENERIC, "カード")) == ["sve/cemetery", "bs/card"]


def test_the_words_for_a_card_are_generic(ruled: Glossary) -> None:
    assert {"卡牌", "カード", "卡片"} <= set(ruled.lookup_tables()["generic"])
    assert set(GENERIC) <= set(ruled.lookup_tables()["generic"])


@pytest.mark.parametrize("query, first", [
    ("墓場のカード枚数", "shadowverse-evolve/cemetery"),  # not Battle Spirits' Card
    ("カード", "battle-spirits/card"),  # the word alone, as before
])
def test_a_word_for_a_card_names_the_other_term(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
