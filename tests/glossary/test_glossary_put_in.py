"""A Chinese query telling a deed that puts a card in a place (放置到战场上, 把角色移动到另一个战斗区: the deed's term,
then 到, 进, 入 or 至 and the zone) asks about the deed, not the zone: the term lookup names the zone after
the deed (kb.concepts.put_in, nearest_written; issue 33 part 3). A verb no term names leaves the zone the
thing asked about (放到战场上的随从: the Field). The worker reads it alike (tests/search/test_term_parity.py,
READ_ALIKE)."""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import Glossary, nearest_written, put_in, term_key

KEYS = {"放置": ["sve/place"], "移动": ["zd/move"], "战场": ["sve/field"], "场上": ["xlw/on-field"],
        "战斗区": ["zd/battle-zone"], "随从": ["sve/follower"]}
ZONES, DEEDS = frozenset({"战场", "场上", "战斗区"}), frozenset({"放置", "移动"})


@pytest.mark.parametrize("query, zone, put", [
    ("把护符放置到战场上", "战场", True),
    ("把护符放置到战场上", "场上", True),        # a zone overlapping the one after 到 is there too
    ("移动至另一个战斗区", "战斗区", True),      # words between, no term among them
    ("放到战场上的随从", "战场", False),         # 放 is no deed's term: the zone is asked about
    ("战场上放置随从", "战场", False),           # the zone typed before the deed
    ("移动到随从的战场", "战场", False),         # another term between: its place, not the deed's
])
def test_a_zone_after_a_deed_and_a_word_saying_into_is_where_it_puts(query: str, zone: str, put: bool) -> None:
    q = term_key(query)
    whole = [k for k in KEYS if k in q]
    assert put_in(zone, q, whole, DEEDS) is put


@pytest.mark.parametrize("query, first", [("把护符放置到战场上", "sve/place"), ("移动至另一个战斗区", "zd/move")])
def test_the_deed_putting_a_card_in_a_zone_comes_before_the_zone(query: str, first: str) -> None:
    assert nearest_written(query, KEYS, zones=ZONES, deeds=DEEDS)[0] == first


@pytest.mark.parametrize("query, first", [("把角色移动到战斗区", "zero-dimension/move"),
                                          ("把护符放置到战场上", "shadowverse-evolve/place")])
def test_the_glossary_names_the_deed_before_the_zone_it_puts_in(ruled: Glossary, query: str, first: str) -> None:
    assert ruled.lookup(query)[0].id == first
