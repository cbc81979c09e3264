"""English players' words in the glossary's English terms (issue 33 item 2, english29): each game's
concepts, taken in order, carry the words an English-speaking player of that game or of card games
generally types for the notion (Magic's, Yu-Gi-Oh!'s, Hearthstone's), where no other concept of the
game has them. A lookup of such a word names the concept."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary


@pytest.mark.parametrize(("query", "first"), [
    ("core supply", "battle-spirits/void"),
    ("forced block", "battle-spirits/clash"),
    ("mind control", "shadowverse-evolve/take-control"),
    ("stealth", "shadowverse-evolve/intimidate"),
    ("field spell", "zero-dimension/event-card"),
    ("mana zone", "zero-dimension/resource-zone"),
    ("spell immunity", "xinglingwang/magic-resistance"),
    ("unbreakable", "xinglingwang/destruction-resistance"),
])
def test_an_english_player_s_word_names_its_concept(glossary: Glossary, query: str, first: str) -> None:
    assert glossary.lookup(query)[0].id == first
