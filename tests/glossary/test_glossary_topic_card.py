"""A Chinese or Japanese query holding several terms names the one it is about (issue 33 part 3,
eighteenth round): a word naming a kind of card (护符, 随从) comes after the other terms only when
one of them is of its game, for then it says which game's term they are (有威压的随从: Intimidate);
beside terms of other games only it says what the query is about (护符放在场上: the Amulet, not
Star Spirit King's On the field). The worker reads it alike (tests/search/test_term_parity.py, READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, nearest_written

KEYS = {"护符": ["sve/amulet"], "场上": ["xlw/on-field"], "威压": ["sve/intimidate"], "随从": ["sve/follower"]}


def test_a_kind_of_card_beside_a_term_of_its_game_comes_last() -> None:
    assert nearest_written("有威压的随从", KEYS, kinds={"护符", "随从"}) == ["sve/intimidate", "sve/follower"]


def test_a_kind_of_card_beside_terms_of_other_games_only_is_the_topic() -> None:
    printed = {"护符": 18, "场上": 84}
    assert nearest_written("护符放在场上", KEYS, kinds={"护符", "随从"}, printed=printed)[0] == "sve/amulet"
    assert nearest_written("护符放在场上", KEYS, kinds={"随从"}, printed=printed)[0] == "sve/amulet"  # as any term


@pytest.mark.parametrize("query, first", [
    ("護符放在場上", "shadowverse-evolve/amulet"),     # not Star Spirit King's On the field
    ("有威压的随从", "shadowverse-evolve/intimidate"),  # the follower's game's keyword, as before
])
def test_a_kind_of_card_names_the_topic_when_it_says_no_game(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
