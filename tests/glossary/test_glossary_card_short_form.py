"""A part of a Chinese query that is no term but a kind of card's term without its card word (角色
for 角色牌) stands for that kind of card, not for another term it is a short form of (角色名, the
Character name) (issue 33 part 3, thirty-first round): players name a card by its kind without 卡
or 牌 (kb.concepts.pieces, short_form_of), and a kind of card among other pieces gives their game
only, so 代替物代替角色 is the Substitute. The worker reads it alike (tests/search/test_term_parity.py,
READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, pieces

KEYS = {"代替物": ["zd/substitute"], "角色名": ["zd/character-name"], "角色牌": ["zd/character-card"]}


def test_a_kind_of_card_typed_without_its_card_word_is_that_kind() -> None:
    assert pieces("代替物代替角色", KEYS, short=True) == ["代替物", "代替物", "角色牌"]
    assert pieces("代替角色名", KEYS, short=True) == ["代替物", "角色名"]  # a key typed whole, as it was


@pytest.mark.parametrize("query, first", [
    ("代替物代替角色", "zero-dimension/substitute"),       # not the Character name
    ("装备牌装备给角色", "zero-dimension/equipment-card"),
    ("用装备牌装备角色", "zero-dimension/equipment-card"),
])
def test_a_query_with_a_kind_of_card_typed_without_its_card_word_names_the_other_term(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
